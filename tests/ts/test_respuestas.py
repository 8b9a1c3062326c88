"""What a TypeScript tool's handler returns: emission sites, root provenance (own, echoed, opaque, map),
emitted keys, where each value comes from, spreads and `complete`, as the Python front end writes
them (tests/fixtures/typescript/respuestas/, and one-tool servers for each polarity)."""

from __future__ import annotations

from pathlib import Path

import pytest

from oracle_lint.linter.ts.evidencia import extraer_ts

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "typescript" / "respuestas"


@pytest.fixture(scope="module")
def filas():
    return extraer_ts([FIXTURE / "servidor.ts"], FIXTURE)


def test_each_emission_site_and_its_provenance(filas):
    assert [(r["herramienta"], r["procedencia"], r["mapa"], r["archivo"], r["linea"], r["primera"], r["motivo"])
            for r in filas["raiz"]] == [
        ("renombrar", "own", False, "servidor.ts", 18, True, "an object literal the server writes key by key"),
        ("buscar", "opaque", True, "servidor.ts", 26, True,
         "`porId` is changed after it is built (`porId.k = ...`, `porId[k] = ...`)"),
        ("buscar", "echoed", False, "servidor.ts", 29, True,
         "`cliente.buscar(...)` is a method of an object the project does not define: a foreign answer"),
        # through a project helper whose parameter is what the call passes, and an annotated `let` of a project class
        ("listar", "own", False, "servidor.ts", 34, True, "an object literal the server writes key by key"),
        # `new C().m()`, `this.m()`, spreads of own roots
        ("guardar", "own", False, "servidor.ts", 42, True, "an object literal the server writes key by key"),
        # a `let` given two literals that agree; the `isError` arm has no structuredContent
        ("estado", "own", False, "servidor.ts", 51, True, "an object literal the server writes key by key"),
    ]


def test_the_keys_written_where_they_are_written(filas):
    assert [(r["herramienta"], r["clave"], r["archivo"], r["linea"], r["primera"]) for r in filas["clave_emitida"]] == [
        ("guardar", "nombre", "api.ts", 7, True), ("guardar", "creada", "api.ts", 7, True),
        ("listar", "items", "api.ts", 14, True), ("listar", "total", "api.ts", 14, True),
        ("guardar", "texto", "api.ts", 22, True), ("guardar", "guardado", "api.ts", 22, True),
        ("renombrar", "id", "servidor.ts", 18, True), ("renombrar", "nombre", "servidor.ts", 18, True),
        ("renombrar", "estado", "servidor.ts", 18, True), ("renombrar", "ok", "servidor.ts", 18, True),
        ("guardar", "complete", "servidor.ts", 42, True),
        ("estado", "modo", "servidor.ts", 47, True), ("estado", "modo", "servidor.ts", 49, False),
    ]
    assert {h["herramienta"]: h["claves_emitidas"] for h in filas["herramienta"]} == {
        "renombrar": "estado, id, nombre, ok", "buscar": None, "listar": "items, total",
        "guardar": "complete, creada, guardado, nombre, texto", "estado": "modo", "externo": None, "opaco": None,
        "sin_salida": None}


def test_where_each_value_comes_from(filas):
    assert [(r["herramienta"], r["ruta"], r["origen"], r["argumento"], r["literal"], r["constante"], r["objeto"],
             r["solo_lectura"]) for r in filas["valor_emitido"]] == [
        ("guardar", "nombre", "literal", None, "x", None, "api.ts:7:10", "ausente"),
        ("guardar", "creada", "otro", None, None, "True", "api.ts:7:10", "ausente"),
        ("listar", "items", "otro", None, None, None, "api.ts:14:12", "ausente"),
        ("listar", "total", "otro", None, None, None, "api.ts:14:12", "ausente"),
        # `String(texto)` passed to a method, into an object literal, read back as `x.texto` in a helper
        ("guardar", "texto", "argumento", "texto", None, None, "api.ts:22:12", "ausente"),
        ("guardar", "guardado", "otro", None, None, "True", "api.ts:22:12", "ausente"),
        ("renombrar", "id", "argumento", "id", None, None, "servidor.ts:18:44", "falso"),
        ("renombrar", "nombre", "argumento", "nombre", None, None, "servidor.ts:18:44", "falso"),
        ("renombrar", "estado", "literal", None, "updated", None, "servidor.ts:18:44", "falso"),
        ("renombrar", "ok", "otro", None, None, "True", "servidor.ts:18:44", "falso"),
        ("guardar", "complete", "otro", None, None, "True", "servidor.ts:42:44", "ausente"),
        ("estado", "modo", "literal", None, "lectura", None, "servidor.ts:47:11", "ausente"),
        ("estado", "modo", "literal", None, "escritura", None, "servidor.ts:49:9", "ausente"),
    ]


def test_spreads_complete_and_what_cannot_be_read(filas):
    assert [(r["herramienta"], r["clave_propia_antes"], r["procedencia"], r["procedencia_spread"], r["linea"], r["columna"])
            for r in filas["spread"]] == [("guardar", True, "own", "own", 42, 62), ("guardar", True, "own", "own", 42, 72)]
    assert [(r["herramienta"], r["evidencia"], r["linea"]) for r in filas["complete"]] == [
        ("guardar", "ninguna", 42), ("sin_salida", "desconocida", 58)]
    assert [(r["herramienta"], r["linea"], r["motivo"]) for r in filas["no_resuelto"]] == [
        ("externo", 56, "the responses of tool `externo` cannot be read: the handler `manejador` is not a function the "
                        "analyzer can follow"),
        ("opaco", 57, "the responses of tool `opaco` cannot be read: the handler returns `cliente.resultado()`, which the "
                      "analyzer cannot read as a tool result"),
        ("sin_salida", 58, "value of `complete` in tool `sin_salida` could not be classified"),
    ]
    # a tool whose responses are not read is judged from its published root alone
    assert [r["herramienta"] for r in filas["raiz_publicada"]] == ["externo", "opaco"]


CABEZA = '''import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod/v4";
import { api } from "api-client";
const server = new McpServer({ name: "s", version: "1" });
'''


def _una(tmp_path: Path, entrada: str, cuerpo: str) -> dict:
    """The rows of one tool `t` whose handler is `cuerpo` (its input schema `entrada`, or none)."""
    esquema = f"inputSchema: {entrada}, " if entrada else ""
    (tmp_path / "s.ts").write_text(
        CABEZA + f'server.registerTool("t", {{ {esquema}outputSchema: z.looseObject({{}}) }}, {cuerpo});\n',
        encoding="utf-8")
    return extraer_ts([tmp_path / "s.ts"], tmp_path)


@pytest.mark.parametrize("cuerpo,procedencia,mapa", [
    ("async () => ({ content: [], structuredContent: { a: 1 } })", "own", False),
    # a spread of a foreign answer makes the root echoed; after an own key the spread may overwrite it
    ("async () => ({ content: [], structuredContent: { a: 1, ...(await api.get()) } })", "echoed", False),
    ("async () => ({ content: [], structuredContent: JSON.parse('{}') })", "echoed", False),
    ("async () => ({ content: [], structuredContent: (await api.get()).data })", "echoed", False),
    # computed keys: a map; a mutated const: opaque
    ("async () => { const k = 'a'; return { content: [], structuredContent: { [k + 'b']: 1 } }; }", "opaque", True),
    ("async () => { const o = { a: 1 }; o.b = 2; return { content: [], structuredContent: o }; }", "opaque", False),
    ("async () => { const o = { a: 1 }; return { content: [], structuredContent: o }; }", "own", False),
    # sides that disagree
    ("async () => ({ content: [], structuredContent: Date.now() ? { a: 1 } : await api.get() })", "opaque", False),
    ("async () => ({ content: [], structuredContent: (await api.get()) ?? {} })", "echoed", False),
])
def test_provenance_of_one_root(tmp_path, cuerpo, procedencia, mapa):
    filas = _una(tmp_path, "", cuerpo)
    assert [(r["procedencia"], r["mapa"]) for r in filas["raiz"]] == [(procedencia, mapa)]


@pytest.mark.parametrize("entrada,cuerpo,origenes", [
    ("{ q: z.string() }", "async (args) => ({ content: [], structuredContent: { q: args.q, n: { q: args['q'] } } })",
     [("n.q", "argumento", "args.q", None), ("q", "argumento", "args.q", None)]),
    ("{ q: z.string() }", "async ({ q: consulta }) => ({ content: [], structuredContent: { q: consulta.toLowerCase() } })",
     [("q", "argumento", "q", None)]),
    # a conditional: argument over literal; literals give one row each
    ("{ q: z.string() }", "async ({ q }) => ({ content: [], structuredContent: { a: q ? q : 'none', b: q ? 'on' : 'off' } })",
     [("a", "argumento", "q", None), ("b", "literal", None, "on"), ("b", "literal", None, "off")]),
    # no input schema: the SDK passes the handler no arguments (its first parameter is the request's extra)
    ("", "async (extra) => ({ content: [], structuredContent: { s: extra.sessionId } })",
     [("s", "otro", None, None)]),
    # a nested function's own parameter is not the tool's argument
    ("{ q: z.string() }", "async ({ q }) => ({ content: [], structuredContent: { r: [q].map((q) => q)[0] } })",
     [("r", "otro", None, None)]),
])
def test_where_a_value_comes_from(tmp_path, entrada, cuerpo, origenes):
    filas = _una(tmp_path, entrada, cuerpo)
    assert sorted((r["ruta"], r["origen"], r["argumento"], r["literal"]) for r in filas["valor_emitido"]) == \
        sorted(origenes)


def test_a_content_only_result_is_no_emission_site(tmp_path):
    filas = _una(tmp_path, "", "async () => ({ content: [{ type: 'text', text: 'hi' }] })")
    assert filas["raiz"] == [] and filas["no_resuelto"] == [] and "raiz_publicada" not in filas


@pytest.mark.parametrize("cuerpo,raices,motivos", [
    # written after the result is built: that value is emitted, beside what the literal writes
    ("async () => { const res: any = { content: [] }; res.structuredContent = { a: 1 }; return res; }",
     [("own", 1)], []),
    ("async () => { const res: any = { content: [] }; res['structuredContent'] = await api.get(); return res; }",
     [("echoed", 1)], []),
    ("async () => { const res: any = { content: [], structuredContent: { a: 1 } };\n"
     "if (Date.now()) { res.structuredContent = { b: 2 }; } return res; }", [("own", 2)], []),
    # the near misses: another key written is no emission; a key it cannot read may be one, and is a row
    ("async () => { const res: any = { content: [] }; res.isError = true; return res; }", [], []),
    ("async () => { const res: any = { content: [] }; const k = pick(); res[k] = { a: 1 }; return res; }", [],
     ["the responses of tool `t` cannot be read: `res` is written into under a key the analyzer cannot read "
      "(`res[k] = { a: 1 }`), which may be its structuredContent"]),
    ("async () => { const res: any = { content: [] }; Object.assign(res, extra()); return res; }", [],
     ["the responses of tool `t` cannot be read: `res` is written into by `Object.assign(res, extra())`, which may "
      "set its structuredContent"]),
])
def test_a_structured_content_written_after_the_result_is_built(tmp_path, cuerpo, raices, motivos):
    filas = _una(tmp_path, "", cuerpo)
    assert [(r["procedencia"], r["linea"] - 4) for r in filas["raiz"]] == raices
    assert [n["motivo"] for n in filas["no_resuelto"]] == motivos
    if "b: 2" in cuerpo:  # both values are emitted at the one return: the literal's and the one written later
        assert sorted(c["clave"] for c in filas["clave_emitida"]) == ["a", "b"]


AYUDANTES = '''
async function guarded(body: () => Promise<any>): Promise<any> {
  try {
    return await body();
  } catch {
    return { content: [{ type: "text", text: "failed" }], isError: true };
  }
}
async function timed<T>(run: () => Promise<T>): Promise<T> {
  const result = await run();
  console.log("done");
  return result;
}
function block<T>(data: T) {
  return { content: [{ type: "text", text: "" }], structuredContent: data };
}
function jsonResult(data: unknown) {
  return {
    content: [{ type: "text", text: JSON.stringify(data) }],
    ...(data !== null && typeof data === "object" ? { structuredContent: data as Record<string, unknown> } : {}),
  };
}
'''


@pytest.mark.parametrize("cuerpo,raices,motivos", [
    # the tool's body handed to a helper that runs it: what the body returns, read where it is written
    ("async ({ q }) => guarded(async () => ({ content: [], structuredContent: { q, n: 1 } }))", [("own", 27)], []),
    ("async () => guarded(async () => ({ content: [], structuredContent: await api.get() }))", [("echoed", 27)], []),
    # a structuredContent one side of a conditional spread adds; `c && {...}` too
    ("async () => jsonResult({ a: 1 })", [("own", 27)], []),
    ("async () => guarded(async () => jsonResult(await api.get()))", [("echoed", 27)], []),
    ("async () => ({ content: [], ...(Date.now() > 0 && { structuredContent: { a: 1 } }) })", [("own", 27)], []),
    # a body a helper awaits into a constant it returns; a spread of a project function's result
    ("async () => timed(async () => ({ content: [], structuredContent: { a: 1 } }))", [("own", 27)], []),
    ("async () => ({ ...block(await api.get()), isError: false })", [("echoed", 27)], []),
    ("async () => ({ ...block({ a: 1 }), isError: false })", [("own", 27)], []),
    # the near misses: a body that is no function the analyzer reads; a spread it cannot read
    ("async () => guarded(api.runner)", [],
     ["the responses of tool `t` cannot be read: the handler returns `await body()`, which the analyzer cannot read "
      "as a tool result"]),
    ("async () => ({ content: [], ...(Date.now() > 0 ? api.extra : {}) })", [],
     ["the responses of tool `t` cannot be read: `api.extra` is not an object literal the analyzer can read"]),
])
def test_a_result_built_by_helpers_the_handler_passes_its_body_or_data_to(tmp_path, cuerpo, raices, motivos):
    (tmp_path / "s.ts").write_text(
        CABEZA + AYUDANTES + f'server.registerTool("t", {{ outputSchema: z.looseObject({{}}) }}, {cuerpo});\n',
        encoding="utf-8")
    filas = extraer_ts([tmp_path / "s.ts"], tmp_path)
    assert [(r["procedencia"], r["linea"]) for r in filas["raiz"]] == raices
    assert [n["motivo"] for n in filas["no_resuelto"]] == motivos


BAJO_NIVEL = '''import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
const server = new Server({ name: "s", version: "1" }, { capabilities: { tools: {} } });
const salida = { type: "object", properties: { q: { type: "string" } } };
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [
  { name: "a", inputSchema: { type: "object" }, outputSchema: salida },
  { name: "b", inputSchema: { type: "object" }, outputSchema: salida },
] }));
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  if (request.params.name === "a") {
    return { content: [], structuredContent: { q: String(request.params.arguments?.q), complete: true } };
  }
  return { content: [], isError: true };
});
'''


def test_a_low_level_tool_is_read_in_its_branch_and_one_without_a_branch_is_named(tmp_path):
    (tmp_path / "s.ts").write_text(BAJO_NIVEL, encoding="utf-8")
    filas = extraer_ts([tmp_path / "s.ts"], tmp_path)
    assert [(r["herramienta"], r["procedencia"], r["linea"]) for r in filas["raiz"]] == [("a", "own", 11)]
    assert [(v["herramienta"], v["ruta"], v["origen"], v["argumento"]) for v in filas["valor_emitido"]] == [
        ("a", "q", "argumento", "arguments.q"), ("a", "complete", "otro", None)]
    assert [(c["herramienta"], c["evidencia"]) for c in filas["complete"]] == [("a", "ninguna")]
    assert [(n["herramienta"], n["linea"], n["motivo"]) for n in filas["no_resuelto"]] == [
        ("b", 9, "the responses of tool `b` cannot be read: no branch of the `CallToolRequestSchema` handler "
                 "dispatches tool `b` (`case \"x\":`, `if (name === \"x\")`)")]
    # b's root is then judged from its published schema alone; a's from what it writes
    assert [r["herramienta"] for r in filas["raiz_publicada"]] == ["b"]


RESULTADO_COMUN = '''import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
const server = new Server({ name: "s", version: "1" }, { capabilities: { tools: {} } });
const salida = { type: "object" };
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: ["count", "ping", "own", "none"].map(
  (name) => ({ name, inputSchema: { type: "object" }, outputSchema: salida })) }));
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  let result: unknown = null;
  switch (request.params.name) {
    case "count":
      result = { total: 3, message: "three" };
      break;
    case "ping":
      result = await fetch("https://example.org").then((r) => r.json());
      break;
    case "own":
      return { content: [], structuredContent: { q: "x" } };
    default:
      return { content: [], structuredContent: { unknown: request.params.name } };
  }
  return { content: [], structuredContent: result };
});
'''


def test_a_branch_that_assigns_the_result_is_read_at_the_return_after_it(tmp_path):
    """`case "x": result = ...; break;` then one `return` after the switch: each tool is read there with
    the value its own branch assigns; a branch with its own return keeps it, `default:` is no tool's."""
    (tmp_path / "s.ts").write_text(RESULTADO_COMUN, encoding="utf-8")
    filas = extraer_ts([tmp_path / "s.ts"], tmp_path)
    assert sorted((r["herramienta"], r["procedencia"], r["linea"]) for r in filas["raiz"]) == [
        ("count", "own", 21), ("own", "own", 17), ("ping", "echoed", 21)]
    assert sorted((c["herramienta"], c["clave"], c["linea"]) for c in filas["clave_emitida"]) == [
        ("count", "message", 11), ("count", "total", 11), ("own", "q", 17)]
    assert [(n["herramienta"], n["motivo"][:93]) for n in filas["no_resuelto"]] == [
        ("none", "the responses of tool `none` cannot be read: no branch of the `CallToolRequestSchema` handler")]
    # the near miss: without the switch's assignments the return after it is every tool's, and `result` only null
    (tmp_path / "s.ts").write_text(RESULTADO_COMUN.replace('result = { total: 3, message: "three" };', "")
                                   .replace('result = await fetch("https://example.org").then((r) => r.json());', ""),
                                   encoding="utf-8")
    filas = extraer_ts([tmp_path / "s.ts"], tmp_path)
    assert sorted((r["herramienta"], r["procedencia"]) for r in filas["raiz"]) == [
        ("count", "opaque"), ("own", "own"), ("ping", "opaque")]


SUBCLASE = '''import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod/v4";

class Saludos extends McpServer {
  constructor() {
    super({ name: "s", version: "1" });
    this.registerTool("saludar", { inputSchema: { nombre: z.string() }, outputSchema: { texto: z.string() } },
      this.saludar.bind(this));
  }

  private async saludar({ nombre }: { nombre: string }) {
    return { content: [], structuredContent: { texto: nombre } };
  }
}
'''


def test_a_method_bound_as_the_handler_is_read(tmp_path):
    (tmp_path / "s.ts").write_text(SUBCLASE, encoding="utf-8")
    filas = extraer_ts([tmp_path / "s.ts"], tmp_path)
    assert [(v["herramienta"], v["ruta"], v["origen"], v["argumento"], v["linea"]) for v in filas["valor_emitido"]] == [
        ("saludar", "texto", "argumento", "nombre", 12)]
    assert filas["no_resuelto"] == []


@pytest.mark.parametrize("cuerpo,elige", [
    # compared with named options, tested, logged: it only chooses what the call does
    ("async ({ modo }) => { if (!modo) throw new Error(`no ${modo}`); console.log(modo); "
     "const r = modo === 'rapido' ? 1 : 2; return { content: [], structuredContent: { modo, r } }; }", True),
    ("async ({ modo }) => { switch (modo) { case 'a': break; case 'b': break; } "
     "return { content: [], structuredContent: { modo } }; }", True),
    ("async ({ modo }) => { const m = modo.toLowerCase(); if (['x', 'y'].includes(m)) {} "
     "return { content: [], structuredContent: { modo } }; }", True),
    # sent to an API, never compared, or compared with another value: it is a value the write may persist
    ("async ({ modo }) => { await api.set(modo); if (modo === 'a') {} return { content: [], structuredContent: { modo } }; }", False),
    ("async ({ modo }) => ({ content: [], structuredContent: { modo } })", False),
    ("async ({ modo }) => { if (modo === api.actual) {} return { content: [], structuredContent: { modo } }; }", False),
])
def test_an_option_the_handler_only_chooses_with(tmp_path, cuerpo, elige):
    filas = _una(tmp_path, "{ modo: z.string() }", cuerpo)
    assert [(v["ruta"], v["origen"], v["solo_elige"]) for v in filas["valor_emitido"] if v["ruta"] == "modo"] == [
        ("modo", "argumento", elige)]


@pytest.mark.parametrize("cuerpo,estados", [
    # the word the call just compared a value of its own with (an elicitation's answer): observed
    ("async (args, extra) => { const r = await api.elicit(); if (r.action === 'cancel') "
     "{ return { content: [], structuredContent: { status: 'cancelled' } }; } "
     "await api.clear(); return { content: [], structuredContent: { status: 'deleted' } }; }",
     [("cancelled", True), ("deleted", False)]),
    # an `else if`'s own branch, one operand of `&&`, either side of `==`
    ("async (args) => { const r = await api.elicit(); if (r.action === 'accept') { await api.clear(); } "
     "else if (r.ok && 'reject' == r.action) { return { content: [], structuredContent: { status: 'rejected' } }; } "
     "return { content: [], structuredContent: { status: 'kept' } }; }",
     [("rejected", True), ("kept", False)]),
    # a conditional expression's arms: the one taken when equal is observed, the other is not
    ("async (args) => { const r = await api.elicit(); "
     "return { content: [], structuredContent: { status: r.action === 'cancel' ? 'canceled' : 'deleted' } }; }",
     [("canceled", True), ("deleted", False)]),
    # compared with the tool's own argument, with another word, with `!==`, or on the else side: judged
    ("async ({ q }) => { if (q === 'delete') { return { content: [], structuredContent: { status: 'deleted' } }; } "
     "return { content: [], structuredContent: { status: 'kept' } }; }",
     [("deleted", False), ("kept", False)]),
    ("async (args) => { const r = await api.elicit(); if (r.action === 'accept') "
     "{ return { content: [], structuredContent: { status: 'removed' } }; } "
     "if (r.action !== 'cancel') { return { content: [], structuredContent: { status: 'cancelled' } }; } "
     "if (r.action === 'stop') {} else { return { content: [], structuredContent: { status: 'stopped' } }; } "
     "return { content: [], structuredContent: { status: 'kept' } }; }",
     [("removed", False), ("cancelled", False), ("stopped", False), ("kept", False)]),
])
def test_an_outcome_word_the_call_just_observed(tmp_path, cuerpo, estados):
    filas = _una(tmp_path, "{ q: z.string() }", cuerpo)
    assert [(v["literal"], v["observado"]) for v in filas["valor_emitido"] if v["ruta"] == "status"] == estados
