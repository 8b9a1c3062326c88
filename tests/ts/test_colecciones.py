"""Tools registered in a loop over a collection (`for (const t of TOOLS)`, `TOOLS.forEach((t) => ...)`,
`({ def }) => ...`, a low-level list built by `TOOLS.map((t) => ({ ... }))`): a tool per element, the
loop's variable bound to it while it is read; tool objects a project factory builds; the SDK's request
schema under an alias. A collection that cannot be enumerated is one registration that says so, and
a handler whose schema may be ListTools' is a row."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from oracle_lint.linter.ts.evidencia import extraer_ts

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "typescript" / "colecciones"
V7 = "http://json-schema.org/draft-07/schema#"


@pytest.fixture(scope="module")
def filas():
    return extraer_ts([FIXTURE / a for a in ("bajo_nivel.ts", "bajo_nivel2.ts", "server.ts", "server2.ts")], FIXTURE,
                      resto=[FIXTURE / a for a in ("defs.ts", "esquemas_sdk.ts", "fabricas.ts")])


def test_a_tool_per_element_placed_where_the_element_is_written(filas):
    columnas = ("archivo", "linea", "herramienta", "registro", "esquema_entrada", "esquema_salida", "solo_lectura",
                "claves_emitidas")
    assert [tuple(h[c] for c in columnas) for h in filas["herramienta"]] == [
        # `readOnlyHint: t.readOnly` of an element without `readOnly` is undefined: no annotation
        ("bajo_nivel.ts", 7, "first", "lowlevel", "modelo", "ninguno", "ausente", None),
        ("bajo_nivel.ts", 8, "second", "lowlevel", "modelo", "ninguno", "verdadero", None),
        # the SDK's ListToolsRequestSchema imported under an alias and re-exported by a project module
        ("bajo_nivel2.ts", 6, "aliased", "lowlevel", "literal", "ninguno", "ausente", None),
        ("defs.ts", 5, "search", "typescript", "modelo", "modelo", "verdadero", "hits"),
        ("defs.ts", 14, "echo", "typescript", "modelo", "modelo", "ausente", "text"),
        # an instance of a project class, at its class
        ("defs.ts", 21, "clock", "typescript", "modelo", "ninguno", "ausente", None),
        # instances whose constructor's arguments name them: each at its `new`
        ("defs.ts", 36, "alpha", "typescript", "modelo", "ninguno", "ausente", None),
        ("defs.ts", 36, "beta", "typescript", "modelo", "ninguno", "ausente", None),
        # the near miss: a loop whose variable the registration does not read is the call itself
        ("server.ts", 19, "once", "typescript", "modelo", "ninguno", "ausente", None),
        ("server.ts", 23, "{t.name}", "typescript", "no_resuelto", "no_resuelto", "no_resuelto", None),
        # `status.name` of a constant a project factory builds; a destructured loop variable
        ("server2.ts", 8, "status", "typescript", "modelo", "ninguno", "ausente", None),
        ("server2.ts", 11, "version", "typescript", "modelo", "ninguno", "ausente", None),
        # a factory's parameter bound to each call's argument; a template literal read as the description
        ("server2.ts", 16, "lookup", "typescript", "modelo", "ninguno", "ausente", None),
        ("server2.ts", 18, "fetch_one", "typescript", "modelo", "ninguno", "ausente", None),
    ]


def test_each_element_publishes_its_own_schemas(filas):
    esquemas = {(e["herramienta"], e["lado"]): json.loads(e["contenido"]) for e in filas["esquema"]}
    assert esquemas[("search", "entrada")] == {"$schema": V7, "type": "object", "properties": {"q": {"type": "string"}},
                                               "required": ["q"], "additionalProperties": False}
    assert esquemas[("echo", "salida")] == {"$schema": V7, "type": "object", "properties": {"text": {"type": "string"}},
                                            "required": ["text"], "additionalProperties": False}
    assert esquemas[("first", "entrada")] == {"$schema": V7, "type": "object", "properties": {"x": {"type": "string"}},
                                              "required": ["x"], "additionalProperties": False}
    # a constructor's argument is the instance's parameter property
    assert esquemas[("alpha", "entrada")] == {"$schema": V7, "type": "object", "properties": {"a": {"type": "string"}},
                                              "required": ["a"], "additionalProperties": False}
    assert esquemas[("beta", "entrada")] == {"$schema": V7, "type": "object", "properties": {}}
    assert esquemas[("status", "entrada")] == {"$schema": V7, "type": "object", "properties": {"verbose": {"type": "boolean"}},
                                               "additionalProperties": False}
    assert esquemas[("lookup", "entrada")] == esquemas[("fetch_one", "entrada")] == {
        "$schema": V7, "type": "object", "properties": {"id": {"type": "string"}}, "required": ["id"],
        "additionalProperties": False}
    assert ("echo", "entrada") in esquemas and ("clock", "salida") not in esquemas


def test_each_elements_handler_is_read(filas):
    """`t.handler` is the element's own function: echo writes its argument back, search a foreign answer."""
    assert [(r["herramienta"], r["procedencia"], r["archivo"], r["linea"]) for r in filas["raiz"]] == [
        ("search", "own", "defs.ts", 11), ("echo", "own", "defs.ts", 18)]
    assert [(v["herramienta"], v["ruta"], v["origen"], v["argumento"]) for v in filas["valor_emitido"]] == [
        ("search", "hits", "otro", None), ("echo", "text", "argumento", "text")]


def test_a_collection_that_cannot_be_enumerated_says_so(filas):
    assert [(n["archivo"], n["linea"], n["herramienta"], n["motivo"]) for n in filas["no_resuelto"]] == [
        ("bajo_nivel2.ts", 11, None, "`schemas.ListToolsRequest` may be the SDK's ListToolsRequestSchema, and the "
                                     "analyzer cannot tell: the tools this handler lists are not judged (judge the "
                                     "server live with `oracle-lint probe`)"),
        ("server.ts", 23, "{t.name}", "a tool is registered per element of `loaded`, which cannot be enumerated: "
                                      "`loaded` is bound to no value the analyzer can follow (a `declare`, a global, "
                                      "a package's)"),
        ("server.ts", 23, "{t.name}", "the config of tool `{t.name}` cannot be read: `t.config` is not an object "
                                      "literal the analyzer can read"),
    ]


CICLO = '''import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "s", version: "1" });
const a: any = b.x;
const b: any = { x: a.y };
const f = (): any => g().k;
const g = (): any => ({ k: f().k });
server.registerTool(a.z, { description: f().q }, async () => ({ content: [] }));
'''


def test_properties_that_lead_back_to_themselves_end_in_a_computed_name(tmp_path):
    """Constants and factories whose properties read each other are followed a bounded depth: the
    tool keeps its computed name, and no internal error takes the file."""
    (tmp_path / "s.ts").write_text(CICLO, encoding="utf-8")
    filas = extraer_ts([tmp_path / "s.ts"], tmp_path)
    assert [(h["herramienta"], h["linea"], h["esquema_entrada"]) for h in filas["herramienta"]] == [("{a.z}", 7, "modelo")]
    assert filas["no_resuelto"] == []


DERIVADA = '''import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";

const COMBINATORS = ["anyOf", "oneOf", "allOf"] as const;
const CATALOG = [
  { name: "plain", inputSchema: { type: "object" as const, properties: { a: { type: "string" } } } },
  { name: "either", inputSchema: { type: "object" as const, properties: { b: { type: "string" } },
                                   anyOf: [{ required: ["b"] }] } },
];

// a copy without the top-level combinators (the tool itself when it has none)
export function advertise<T extends { inputSchema?: unknown }>(tool: T): T {
  const schema = tool.inputSchema as Record<string, unknown> | undefined;
  if (!schema || typeof schema !== "object") return tool;
  const hasTop = COMBINATORS.some((k) => k in schema);
  if (!hasTop) return tool;
  const copy = structuredClone(schema);
  for (const k of COMBINATORS) delete copy[k];
  return { ...tool, inputSchema: copy };
}

function withAuth(tool: { name: string }) {
  return { ...tool, _meta: { auth: "oauth" } };
}

function filterDisabled<T extends { name: string }>(tools: T[], disabled: Set<string>): T[] {
  if (disabled.size === 0) return tools;
  return tools.filter((t) => !disabled.has(t.name));
}

const LISTED = CATALOG.map(advertise).map(withAuth);
const server = new Server({ name: "s", version: "1" }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: filterDisabled(LISTED, new Set()) }));
'''


def test_a_list_mapped_through_project_functions_lists_each_tool_as_its_path_builds_it(tmp_path):
    """`CATALOG.map(advertise).map(withAuth)` through a filtering function with two returns: each element
    read through the return its known tests take (`plain` the element itself, `either` a copy whose
    top-level `anyOf` a loop deletes), placed where the element is written."""
    (tmp_path / "s.ts").write_text(DERIVADA, encoding="utf-8")
    filas = extraer_ts([tmp_path / "s.ts"], tmp_path)
    assert [(h["herramienta"], h["linea"], h["esquema_entrada"]) for h in filas["herramienta"]] == [
        ("plain", 6, "literal"), ("either", 7, "literal")]
    assert filas["no_resuelto"] == []
    esquemas = {e["herramienta"]: json.loads(e["contenido"]) for e in filas["esquema"] if e["lado"] == "entrada"}
    assert esquemas == {"plain": {"type": "object", "properties": {"a": {"type": "string"}}},
                        "either": {"type": "object", "properties": {"b": {"type": "string"}}}}


def test_a_mapped_function_whose_path_is_not_known_is_a_row(tmp_path):
    """The polarity: a test the analyzer cannot tell on the way to a return (an environment variable)
    leaves which object is listed open: the handler's row says so, and no tool is guessed."""
    (tmp_path / "s.ts").write_text(DERIVADA.replace("if (!hasTop) return tool;",
                                                    "if (!hasTop || process.env.RAW) return tool;"), encoding="utf-8")
    filas = extraer_ts([tmp_path / "s.ts"], tmp_path)
    assert filas["herramienta"] == []
    assert [(n["linea"], n["motivo"]) for n in filas["no_resuelto"]] == [
        (12, "the tools this `ListToolsRequestSchema` handler lists cannot be enumerated: the function `function "
             "advertise<T extends { inputSch…` a list is mapped with has 3 return statements, and which one runs for "
             "`{ name: \"either\", inputSchema: { type: …` is not known; its tools are not judged (judge the server "
             "live with `oracle-lint probe`)")]


FLUJO = '''import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";

type Registration = { name: string; inputSchema: Record<string, unknown> };
const textGroup = (): Registration[] => [{ name: "echo_text", inputSchema: { type: "object" } }];

export const serveFlow = async ({ registrations }: { registrations: Registration[] }) => {
  const server = new Server({ name: "s", version: "1" }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: registrations.map((reg) => ({ name: reg.name, inputSchema: reg.inputSchema })),
  }));
};

export const start = () => serveFlow({ registrations: [...textGroup(), { name: "add", inputSchema: { type: "object" } }] });
'''


def test_a_destructured_parameter_is_the_property_of_each_calls_argument(tmp_path):
    """`serveFlow({ registrations: [...] })` with `({ registrations }) => ...`: the list is that property
    of the argument of each call; a destructured name with a default is not read (the polarity)."""
    (tmp_path / "s.ts").write_text(FLUJO, encoding="utf-8")
    filas = extraer_ts([tmp_path / "s.ts"], tmp_path)
    assert [(h["herramienta"], h["linea"]) for h in filas["herramienta"]] == [("echo_text", 5), ("add", 14)]
    assert filas["no_resuelto"] == []
    (tmp_path / "s.ts").write_text(FLUJO.replace("async ({ registrations }:", "async ({ registrations = [] }:"),
                                   encoding="utf-8")
    filas = extraer_ts([tmp_path / "s.ts"], tmp_path)
    assert filas["herramienta"] == []
    assert [n["motivo"][:130] for n in filas["no_resuelto"]] == [
        "the tools this `ListToolsRequestSchema` handler lists cannot be enumerated: `registrations` is a parameter "
        "the analyzer does not r"]


NUCLEO = '''import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";

const TOOLS = [{ name: "echo_text", inputSchema: { type: "object" as const } }];
export const createCore = () => {
  const listTools = () => [...TOOLS];
  return { listTools, version: "1" };
};
const core = createCore();
const server = new Server({ name: "s", version: "1" }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: core.listTools() }));
'''


def test_a_method_of_the_object_a_project_factory_returns_lists_its_tools(tmp_path):
    """`core.listTools()` where `core = createCore()` returns `{ listTools }`: that function's list; an
    object whose property is no function the analyzer reads stays a row (the polarity)."""
    (tmp_path / "s.ts").write_text(NUCLEO, encoding="utf-8")
    filas = extraer_ts([tmp_path / "s.ts"], tmp_path)
    assert [(h["herramienta"], h["linea"]) for h in filas["herramienta"]] == [("echo_text", 4)]
    assert filas["no_resuelto"] == []
    (tmp_path / "s.ts").write_text(NUCLEO.replace("return { listTools, version", "return { listTools: loadTools(), version"),
                                   encoding="utf-8")
    filas = extraer_ts([tmp_path / "s.ts"], tmp_path)
    assert filas["herramienta"] == []
    assert [n["motivo"][:148] for n in filas["no_resuelto"]] == [
        "the tools this `ListToolsRequestSchema` handler lists cannot be enumerated: `core.listTools()` calls what is "
        "not a project function the analyzer rea"]


COPIA = '''import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";

const TOOLS = [{ name: "a", inputSchema: { type: "object" as const }, outputSchema: { type: "object" as const } }];
const server = new Server({ name: "s", version: "1" }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: TOOLS.map((t) => {
    try {
      const copy = JSON.parse(JSON.stringify(t)) as Record<string, unknown>;
      delete copy.outputSchema;
      return copy;
    } catch {
      return t;
    }
  }),
}));
'''


def test_a_tool_copied_in_a_try_without_a_deleted_key_is_listed_without_it(tmp_path):
    """The `try` block is what runs when nothing throws: a deep copy of the element (`JSON.parse(JSON.
    stringify(t))`, `structuredClone(t)`) with `outputSchema` deleted publishes no output schema; a
    copy written into otherwise cannot be read (the polarity)."""
    (tmp_path / "s.ts").write_text(COPIA, encoding="utf-8")
    filas = extraer_ts([tmp_path / "s.ts"], tmp_path)
    assert [(h["herramienta"], h["linea"], h["esquema_entrada"], h["esquema_salida"]) for h in filas["herramienta"]] == [
        ("a", 4, "literal", "ninguno")]
    assert filas["no_resuelto"] == []
    (tmp_path / "s.ts").write_text(COPIA.replace("JSON.parse(JSON.stringify(t))", "structuredClone(t)").replace(
        "delete copy.outputSchema;", "copy.extra = 1;"), encoding="utf-8")
    filas = extraer_ts([tmp_path / "s.ts"], tmp_path)
    assert filas["herramienta"] == []
    assert [n["motivo"] for n in filas["no_resuelto"]] == [
        "a tool of a `ListToolsRequestSchema` list cannot be read: `copy`, a copy, is written into after it is made "
        "(`copy.extra = 1`): what it holds is not known"]
