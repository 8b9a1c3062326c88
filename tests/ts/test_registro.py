"""The TypeScript front end's registrations: each form of tests/fixtures/typescript/registro/ read to
the exact rows it writes, the near misses left alone, and what it cannot read named, never dropped."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from oracle_lint.linter.ts.evidencia import extraer_ts
from oracle_lint.linter.ts.valores import Lector, Ref, exportado_de, nombres_exportados

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "typescript" / "registro"
ARCHIVOS = ["servidor.ts", "herramientas.ts", "otro.ts", "bajo_nivel.ts", "dinamico.ts", "fast.ts", "roto.ts"]
V7 = "http://json-schema.org/draft-07/schema#"
SEGURO = 9007199254740991


@pytest.fixture(scope="module")
def filas():
    return extraer_ts([FIXTURE / a for a in ARCHIVOS], FIXTURE)


def test_every_registration_form_is_a_tool_and_nothing_else_is(filas):
    columnas = ("archivo", "linea", "columna", "herramienta", "registro", "esquema_entrada", "esquema_salida",
                "solo_lectura", "destructiva")
    assert [tuple(h[c] for c in columnas) for h in filas["herramienta"]] == [
        ("bajo_nivel.ts", 5, 3, "listar", "lowlevel", "literal", "literal", "verdadero", "ausente"),
        ("bajo_nivel.ts", 19, 28, "crear", "lowlevel", "literal", "ninguno", "ausente", "ausente"),
        ("fast.ts", 5, 1, "sumar", "fastmcp", "no_resuelto", "ninguno", "ausente", "ausente"),
        ("herramientas.ts", 5, 3, "ping", "typescript", "modelo", "ninguno", "ausente", "ausente"),
        ("herramientas.ts", 6, 3, "eco", "typescript", "modelo", "ninguno", "ausente", "ausente"),
        ("herramientas.ts", 7, 3, "leer", "typescript", "modelo", "ninguno", "verdadero", "ausente"),
        ("herramientas.ts", 8, 3, "estado", "typescript", "modelo", "ninguno", "verdadero", "falso"),
        # read from the tree the parser recovered around the error
        ("roto.ts", 4, 1, "mal", "typescript", "no_resuelto", "ninguno", "ausente", "ausente"),
        ("servidor.ts", 8, 1, "buscar", "typescript", "modelo", "modelo", "verdadero", "falso"),
        ("servidor.ts", 26, 1, "borrar", "typescript", "modelo", "modelo", "ausente", "verdadero"),
        ("servidor.ts", 29, 1, "contar", "typescript", "modelo", "modelo", "ausente", "ausente"),
        ("servidor.ts", 33, 3, '{prefijo + "_ver"}', "typescript", "modelo", "ninguno", "ausente", "ausente"),
        ("servidor.ts", 34, 3, "otra", "typescript", "no_resuelto", "no_resuelto", "no_resuelto", "no_resuelto"),
        ("servidor.ts", 38, 1, "fecha", "typescript", "no_resuelto", "ninguno", "ausente", "ausente"),
    ]
    # otro.ts's `router.tool(...)` (no SDK import), `registerTool("sola")` and `registerPrompt` are no tools
    assert all(h["herramienta"] not in ("no_es_herramienta", "sola", "saludo") for h in filas["herramienta"])


def test_what_cannot_be_read_is_named_where_it_is(filas):
    propios = [(n["archivo"], n["linea"], n["columna"], n["herramienta"], n["motivo"]) for n in filas["no_resuelto"]
               if not n["motivo"].startswith("the responses of TypeScript tool")]
    assert propios == [
        ("dinamico.ts", 7, 19, None, "the tools this `ListToolsRequestSchema` handler lists cannot be enumerated: "
                                     "`cargar()` calls what is not a project function the analyzer reads: what it "
                                     "returns is not known; its tools are not judged (judge the server live with "
                                     "`oracle-lint probe`)"),
        # fastmcp's zod 4 schemas depend on the zod release, which a `^4.0.0` range does not tell
        ("fast.ts", 5, 45, "sumar", "the input schema of tool `sumar` cannot be read: zod 4 publishes fastmcp's schemas "
                                    "differently before 4.2.0, and which zod 4 release the project installs cannot be "
                                    "told (package.json gives a range only): install the dependencies or commit "
                                    "the lock file: package-lock.json, pnpm-lock.yaml or bun.lock"),
        ("roto.ts", 4, 48, "mal", "the input schema of tool `mal` cannot be read: `z.string` is not a zod schema the "
                                  "analyzer can read"),
        ("roto.ts", 4, 56, None, "the file does not fully parse as TypeScript (unexpected text at line 4, column 56): "
                                 "the rest of it is read, but a tool registered where the grammar could not read is "
                                 "not judged"),
        ("servidor.ts", 34, 31, "otra", "the config of tool `otra` cannot be read: `opciones` is not an object literal "
                                        "the analyzer can read"),
        ("servidor.ts", 38, 55, "fecha", "the input schema of tool `fecha` cannot be read: `.cuid()` on a zod "
                                         "string is a method the analyzer does not read yet"),
    ]


def test_responses_are_read_from_the_handler_or_the_low_level_branch(filas):
    """Each McpServer tool's handler, and a low-level tool's branch of the CallToolRequestSchema
    handler (`case "listar":`, its arguments `request.params.arguments`), are read: buscar and listar
    return own roots; borrar's and contar's handlers return content only, so they have no emission site."""
    assert [(r["herramienta"], r["procedencia"], r["archivo"], r["linea"]) for r in filas["raiz"]] == [
        ("listar", "own", "bajo_nivel.ts", 27), ("buscar", "own", "servidor.ts", 16)]
    assert [(v["herramienta"], v["ruta"], v["origen"], v["argumento"], v["literal"]) for v in filas["valor_emitido"]
            if v["herramienta"] == "listar"] == [
        ("listar", "items", "otro", None, None), ("listar", "pagina", "argumento", "arguments.pagina", None),
        ("listar", "message", "literal", None, "listed")]
    assert not any(n["motivo"].startswith("the responses of") for n in filas["no_resuelto"])


def test_published_schemas_are_the_sdks(filas):
    esquemas = {(e["herramienta"], e["lado"]): json.loads(e["contenido"]) for e in filas["esquema"]}
    nota = {"type": "object", "properties": {"id": {"description": "note id", "type": "string"},
                                             "texto": {"type": "string"}},
            "required": ["id", "texto"], "additionalProperties": False}
    assert esquemas == {
        ("listar", "entrada"): {"type": "object", "properties": {"pagina": {"type": "integer"}}},
        ("listar", "salida"): {"type": "object", "properties": {"items": {"type": "array", "items": {"type": "string"}},
                                                                 "message": {"type": "string"}}},
        ("crear", "entrada"): {"type": "object", "properties": {}},
        # no schema: what the SDK lists for a tool without one
        ("ping", "entrada"): {"type": "object", "properties": {}},
        ("estado", "entrada"): {"type": "object", "properties": {}},
        ("contar", "entrada"): {"type": "object", "properties": {}},
        ("eco", "entrada"): {"$schema": V7, "type": "object", "properties": {"texto": {"type": "string"}},
                             "required": ["texto"]},
        ("leer", "entrada"): {"$schema": V7, "type": "object", "properties": {"ruta": {"type": "string"}},
                              "required": ["ruta"]},
        # zod 4 on input: a plain object is open, a defaulted key is optional, an int has the safe bounds
        ("buscar", "entrada"): {"$schema": V7, "type": "object", "properties": {
            "q": {"type": "string", "minLength": 1},
            "limite": {"default": 10, "type": "integer", "minimum": -SEGURO, "maximum": SEGURO}}, "required": ["q"]},
        # ... on output every plain object is closed; an imported schema is read where it is written
        ("buscar", "salida"): {"$schema": V7, "type": "object", "additionalProperties": False, "properties": {
            "notas": {"type": "array", "items": nota}, "total": {"type": "number"}}, "required": ["notas", "total"]},
        ("borrar", "entrada"): {"$schema": V7, "type": "object", "properties": {"id": {"description": "note id",
                                                                                       "type": "string"}},
                                "required": ["id"]},
        ("borrar", "salida"): {"$schema": V7, "type": "object", "additionalProperties": False, "properties": {
            "borrada": {"type": "boolean"}, "message": {"type": "string"}}, "required": ["borrada", "message"]},
        # an export renamed (`export { Base as Conteo }`), extended, and let loose
        ("contar", "salida"): {"$schema": V7, "type": "object", "additionalProperties": {}, "properties": {
            "total": {"type": "integer", "minimum": -SEGURO, "maximum": SEGURO}, "extra": {"type": "string"}},
            "required": ["total"]},
        ('{prefijo + "_ver"}', "entrada"): {"$schema": V7, "type": "object", "properties": {}},
    }


def test_no_published_root_row_where_every_response_is_read(filas):
    assert "raiz_publicada" not in filas


SERVIDOR = '''import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "ZOD";

const server = new McpServer({ name: "s", version: "1" });
server.registerTool("t", { inputSchema: { a: z.string() } }, async () => ({ content: [] }));
'''


def _entrada(tmp_path: Path, especificador: str = "zod", **archivos: str) -> object:
    """The published input schema of tool `t` (or the reason it is not read), zod imported from `especificador`."""
    (tmp_path / "s.ts").write_text(SERVIDOR.replace("ZOD", especificador), encoding="utf-8")
    for nombre, texto in archivos.items():
        destino = tmp_path / nombre.replace("__", "/")
        destino.parent.mkdir(parents=True, exist_ok=True)
        destino.write_text(texto, encoding="utf-8")
    filas = extraer_ts([tmp_path / "s.ts"], tmp_path)
    esquema = [json.loads(e["contenido"]) for e in filas["esquema"] if e["lado"] == "entrada"]
    if esquema:
        return esquema[0]
    return [n["motivo"] for n in filas["no_resuelto"] if "input schema" in n["motivo"]][0]


ABIERTO = {"$schema": V7, "type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]}
CERRADO = {**ABIERTO, "additionalProperties": False}


def test_the_zod_major_is_read_from_the_project(tmp_path):
    assert _entrada(tmp_path, **{"package.json": '{"dependencies": {"zod": "^4.1.0"}}'}) == ABIERTO
    assert _entrada(tmp_path, **{"package.json": '{"devDependencies": {"zod": "~3.23.8"}}'}) == CERRADO
    # the lock file pins what the range leaves open; what is installed wins over both
    assert _entrada(tmp_path, **{"package-lock.json": '{"packages": {"node_modules/zod": {"version": "4.0.5"}}}'}) == ABIERTO
    assert _entrada(tmp_path, **{"node_modules__zod__package.json": '{"version": "3.25.76"}'}) == CERRADO
    # the import names the major whatever is installed
    assert _entrada(tmp_path, "zod/v4") == ABIERTO


PNPM_LOCK = """lockfileVersion: '9.0'

settings:
  autoInstallPeers: true

importers:

  .:
    dependencies:
      zod:
        specifier: ^3.25.0
        version: 3.25.76

  packages/srv:
    devDependencies:
      zod:
        specifier: ^4.0.0
        version: 4.3.6(typescript@5.6.0)
      other:
        specifier: workspace:*
        version: link:../other

packages:

  zod@4.3.6:
    resolution: {integrity: sha512-x, [unclosed
"""


def test_the_zod_release_a_pnpm_lock_pins_for_the_declaring_package(tmp_path):
    """pnpm's lock is keyed by the folder whose package.json declares the range; only its importers
    are parsed (the `packages` block above is not valid YAML)."""
    from oracle_lint.linter.ts.paquetes import version_de
    archivos = {"pnpm-lock.yaml": PNPM_LOCK, "package.json": '{"dependencies": {"zod": "^3.25.0"}}',
                "packages/srv/package.json": '{"devDependencies": {"zod": "^4.0.0"}}',
                "packages/other/package.json": '{"dependencies": {"zod": "^4.1.0"}}'}
    for nombre, texto in archivos.items():
        (tmp_path / nombre).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / nombre).write_text(texto, encoding="utf-8")
    (tmp_path / "packages" / "srv" / "src").mkdir()
    assert version_de(tmp_path / "packages" / "srv" / "src", "zod") == "4.3.6"
    assert version_de(tmp_path, "zod") == "3.25.76"
    assert version_de(tmp_path / "packages" / "other", "zod") == "^4.1.0"  # no importer of its own: the range
    # a lock of pnpm 5 (a single project's top-level dependencies); what is installed still wins
    (tmp_path / "pnpm-lock.yaml").write_text("lockfileVersion: 5.4\nspecifiers:\n  zod: ^3.25.0\ndependencies:\n"
                                             "  zod: 3.22.4_typescript@5.6.0\n", encoding="utf-8")
    assert version_de(tmp_path, "zod") == "3.22.4"
    (tmp_path / "node_modules" / "zod").mkdir(parents=True)
    (tmp_path / "node_modules" / "zod" / "package.json").write_text('{"version": "3.25.1"}', encoding="utf-8")
    assert version_de(tmp_path, "zod") == "3.25.1"


def test_a_schema_that_differs_by_zod_4_release_is_read_with_the_pnpm_lock(tmp_path):
    srv = tmp_path / "packages" / "srv"
    srv.mkdir(parents=True)
    (srv / "package.json").write_text('{"devDependencies": {"zod": "^4.0.0"}}', encoding="utf-8")
    (srv / "s.ts").write_text(SERVIDOR.replace("ZOD", "zod").replace("z.string()", "z.union([z.string(), z.number()])"),
                              encoding="utf-8")
    filas = extraer_ts([srv / "s.ts"], tmp_path)
    assert [n["motivo"][:109] for n in filas["no_resuelto"]] == [
        "the input schema of tool `t` cannot be read: zod 4 publishes a union of plain types differently before 4.5.0,"]
    (tmp_path / "pnpm-lock.yaml").write_text(PNPM_LOCK, encoding="utf-8")
    filas = extraer_ts([srv / "s.ts"], tmp_path)
    assert filas["no_resuelto"] == []
    assert json.loads(filas["esquema"][0]["contenido"])["properties"]["a"] == {
        "anyOf": [{"type": "string"}, {"type": "number"}]}


AYUDANTES = '''import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod/v4";

const MIN = 0.1;
const MAX = 3.0;
function texto(max: number) { return z.string().max(max); }
const server = new McpServer({ name: "s", version: "1" });
server.tool("t", ["Reads.", "Twice."].join("\\n"),
  { a: texto(8).describe(`between ${MIN} and ${MAX}`) }, async () => ({ content: [] }));
'''


def test_a_shape_of_helper_schemas_and_strings_computed_as_javascript_does(tmp_path):
    """`.tool(name, desc, shape, cb)` whose shape's values are project helpers' zod schemas is a shape
    (not annotations); `[...].join(sep)` is a string; a template writes numbers as JavaScript does."""
    (tmp_path / "s.ts").write_text(AYUDANTES, encoding="utf-8")
    filas = extraer_ts([tmp_path / "s.ts"], tmp_path)
    assert filas["no_resuelto"] == []
    esquema = json.loads(filas["esquema"][0]["contenido"])
    assert esquema["properties"] == {"a": {"type": "string", "maxLength": 8, "description": "between 0.1 and 3"}}
    # the near misses: a join of something not a string, and a number JavaScript writes in exponent form
    (tmp_path / "s.ts").write_text(AYUDANTES.replace('["Reads.", "Twice."]', '["Reads.", other]'), encoding="utf-8")
    filas = extraer_ts([tmp_path / "s.ts"], tmp_path)
    assert [n["motivo"] for n in filas["no_resuelto"]] == [
        "tool `t`: `[\"Reads.\", other].join(\"\\n\")` may be its schema or its annotations, and the analyzer cannot "
        "tell which"]
    (tmp_path / "s.ts").write_text(AYUDANTES.replace("const MIN = 0.1;", "const MIN = 0.00001;"), encoding="utf-8")
    filas = extraer_ts([tmp_path / "s.ts"], tmp_path)
    assert [n["motivo"] for n in filas["no_resuelto"]] == [
        "the input schema of tool `t` cannot be read: ``between ${MIN} and ${MAX}`` is not a JSON literal the analyzer "
        "can read"]


REGISTRO_DIFERIDO = '''import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const endpoints: { route: { name: string } }[] = [];
export const define = (prefix: string) => (args: { route: { name: string } }) => {
  const { route } = args;
  const endpoint = { route, mount() { endpoints.push(endpoint); } };
  return endpoint;
};
const server = new McpServer({ name: "s", version: "1" });
for (const e of endpoints.map(({ route }) => ({ name: route.name }))) {
  server.registerTool(e.name, {}, async () => ({ content: [] }));
}
'''


def test_a_tool_named_by_a_parameter_whose_calls_are_not_followed_says_its_count_is_unknown(tmp_path):
    """A registry filled by an object a curried factory builds: the one tool written stands for one per
    call of the factory, which the analyzer does not follow; a row says so (read as one, never silently)."""
    (tmp_path / "s.ts").write_text(REGISTRO_DIFERIDO, encoding="utf-8")
    filas = extraer_ts([tmp_path / "s.ts"], tmp_path)
    assert [(h["herramienta"], h["linea"]) for h in filas["herramienta"]] == [("{e.name}", 9)]
    assert [(n["linea"], n["motivo"]) for n in filas["no_resuelto"]] == [(10, (
        "tool `{e.name}` takes its name from `args`, a parameter of the function at s.ts:3 whose calls the analyzer "
        "does not follow: the registration stands for one tool per call, how many is not known (read as one)"))]
    # the near miss: a registry filled with literals where it is built lists each tool, no row
    (tmp_path / "s.ts").write_text(REGISTRO_DIFERIDO.replace(
        "const endpoints: { route: { name: string } }[] = [];",
        'const endpoints = [{ route: { name: "uno" } }, { route: { name: "dos" } }];').replace(
        "mount() { endpoints.push(endpoint); }", "mount() {}"), encoding="utf-8")
    filas = extraer_ts([tmp_path / "s.ts"], tmp_path)
    assert sorted(h["herramienta"] for h in filas["herramienta"]) == ["dos", "uno"] and filas["no_resuelto"] == []


CALCULADAS = '''import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod/v4";

const leer = { name: "read_doc", description: "Reads", inputSchema: { id: z.string() } };
const borrar = { name: "delete_doc", description: "Deletes", inputSchema: { id: z.string() } };
const ESCRITURAS = new Set([borrar.name]);
const CORTAS: Record<string, string> = { read_doc: "Read" };
const server = new McpServer({ name: "s", version: "1" });
function registrar(name: string, config: { description: string; inputSchema: object; annotations?: object }) {
  const corta = CORTAS[name];
  server.registerTool(name, corta ? { ...config, description: corta } : config, async () => ({ content: [] }));
}
for (const tool of [leer, borrar]) {
  const escribe = ESCRITURAS.has(tool.name);
  server.registerTool(tool.name, { description: tool.description, inputSchema: tool.inputSchema,
    annotations: { readOnlyHint: !escribe, destructiveHint: escribe, idempotentHint: tool.name.length > 8 } },
    async () => ({ content: [] }));
}
registrar("list_docs", { description: "Lists", inputSchema: { q: z.string() }, annotations: { readOnlyHint: true } });
'''


def test_annotations_computed_from_known_values_and_a_config_chosen_by_a_condition(tmp_path):
    """`readOnlyHint: !isWrite` where `isWrite = WRITE.has(tool.name)` of a `new Set([...])`, a
    comparison of known numbers, and a config passed as `short ? { ...config, description } : config`
    (both sides give the same schema and annotations) are read per tool."""
    (tmp_path / "s.ts").write_text(CALCULADAS, encoding="utf-8")
    filas = extraer_ts([tmp_path / "s.ts"], tmp_path)
    assert filas["no_resuelto"] == []
    assert sorted((h["herramienta"], h["solo_lectura"], h["destructiva"], h["esquema_entrada"])
                  for h in filas["herramienta"]) == [
        ("delete_doc", "falso", "verdadero", "modelo"), ("list_docs", "verdadero", "ausente", "modelo"),
        ("read_doc", "verdadero", "falso", "modelo")]
    # the near misses: a set of what it cannot read is no answer, and a config whose sides differ is a row
    (tmp_path / "s.ts").write_text(CALCULADAS.replace("new Set([borrar.name])", "new Set(cargar())")
                                   .replace("{ ...config, description: corta }", "{ ...config, inputSchema: {} }"),
                                   encoding="utf-8")
    filas = extraer_ts([tmp_path / "s.ts"], tmp_path)
    assert sorted(n["motivo"] for n in filas["no_resuelto"]) == [
        "the annotations of tool `delete_doc` cannot be read: `!escribe` is not a JSON literal the analyzer can read",
        "the annotations of tool `read_doc` cannot be read: `!escribe` is not a JSON literal the analyzer can read",
        "the config of tool `list_docs` cannot be read: `corta ? { ...config, inputSchema: {} } : config` gives "
        "`inputSchema` a different value on each side"]


def test_a_schema_a_helper_returns_from_a_condition_on_its_parameters(tmp_path):
    """`required.length > 0 ? {..., required} : {...}` with `required` a parameter (its default `[]`
    when the call leaves it out): the side the call takes."""
    (tmp_path / "s.ts").write_text(
        'import { Server } from "@modelcontextprotocol/sdk/server/index.js";\n'
        'import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";\n'
        'function forma(properties: Record<string, object>, required: string[] = []) {\n'
        '  return required.length > 0 ? { type: "object", properties, required } : { type: "object", properties };\n'
        '}\n'
        'const server = new Server({ name: "s", version: "1" }, { capabilities: { tools: {} } });\n'
        'server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [\n'
        '  { name: "uno", inputSchema: forma({ id: { type: "string" } }, ["id"]) },\n'
        '  { name: "otro", inputSchema: forma({ n: { type: "number" } }) },\n'
        '  { name: "tercero", inputSchema: forma({ n: { type: "number" } }, elegidos()) },\n'
        '] }));\n', encoding="utf-8")
    filas = extraer_ts([tmp_path / "s.ts"], tmp_path)
    assert {e["herramienta"]: json.loads(e["contenido"]) for e in filas["esquema"]} == {
        "uno": {"type": "object", "properties": {"id": {"type": "string"}}, "required": ["id"]},
        "otro": {"type": "object", "properties": {"n": {"type": "number"}}}}
    assert [n["motivo"] for n in filas["no_resuelto"]] == [
        "the input schema of tool `tercero` cannot be read: `forma({ n: { type: \"number\" } }, elegidos())` is a call "
        "the analyzer does not read as a JSON Schema"]


LISTA_CONDICIONAL = '''import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { zodToJsonSchema } from "zod-to-json-schema";
import { z } from "zod/v3";
const Salida = z.object({ ok: z.boolean() });
const definiciones = [
  { id: "con", input: { type: "object" }, output: Salida },
  { id: "sin", input: { type: "object" } },
];
const extra = [{ name: "extra", inputSchema: { type: "object" } }];
const server = new Server({ name: "s", version: "1" }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => {
  if (process.env.OFF) return { tools: [] };
  return apagado() ? { tools: extra } : { tools: definiciones.map((d) => ({ name: d.id, inputSchema: d.input,
    outputSchema: d.output ? zodToJsonSchema(d.output) : undefined })) };
});
server.setRequestHandler(CallToolRequestSchema, async (req) => {
  if (req.params.name === "con") return { content: [], structuredContent: { ok: true } };
  return { content: [] };
});
'''


def test_a_list_handler_with_several_returns_lists_what_any_of_them_may(tmp_path):
    """Each return and both sides of a conditional are what the handler may list; an output schema
    chosen by a condition it can tell (`d.output ? zodToJsonSchema(d.output) : undefined`) is the side
    taken, `undefined` none."""
    (tmp_path / "s.ts").write_text(LISTA_CONDICIONAL, encoding="utf-8")
    filas = extraer_ts([tmp_path / "s.ts"], tmp_path)
    assert filas["no_resuelto"] == []
    assert sorted((h["herramienta"], h["esquema_salida"]) for h in filas["herramienta"]) == [
        ("con", "modelo"), ("extra", "ninguno"), ("sin", "ninguno")]
    # the near miss: a return the analyzer cannot read keeps the whole list a row
    (tmp_path / "s.ts").write_text(LISTA_CONDICIONAL.replace("return { tools: [] };", "return cargar();"),
                                   encoding="utf-8")
    filas = extraer_ts([tmp_path / "s.ts"], tmp_path)
    assert filas["herramienta"] == [] and [n["motivo"][:111] for n in filas["no_resuelto"]] == [
        "the tools this `ListToolsRequestSchema` handler lists cannot be enumerated: `cargar()` is not an object literal"]


def test_commonjs_modules_are_read_as_project_modules(tmp_path):
    """`const { f } = require("./m")` and `const m = require("./m")` with `module.exports = { f }`,
    `module.exports.g = ...` and `exports.h = ...`: what the module exports."""
    (tmp_path / "lista.js").write_text(
        "const { z } = require('zod');\n"
        "async function listTools() {\n"
        "  return [{ name: 'get_time', config: { inputSchema: { tz: z.string() } }, cb: async () => ({ content: [] }) }];\n"
        "}\n"
        "module.exports = { listTools };\n"
        "module.exports.otra = { name: 'say_hi', config: { inputSchema: {} }, cb: async () => ({ content: [] }) };\n"
        "exports.tercera = { name: 'bye', config: {}, cb: async () => ({ content: [] }) };\n", encoding="utf-8")
    (tmp_path / "package.json").write_text('{"dependencies": {"zod": "^3.25.0"}}', encoding="utf-8")
    (tmp_path / "s.js").write_text(
        "const { McpServer } = require('@modelcontextprotocol/sdk/server/mcp.js');\n"
        "const { listTools } = require('./lista');\n"
        "const lista = require('./lista.js');\n"
        "async function start() {\n"
        "  const server = new McpServer({ name: 's', version: '1' });\n"
        "  (await listTools()).map(({ name, config, cb }) => server.registerTool(name, config, cb));\n"
        "  for (const t of [lista.otra, lista.tercera]) server.registerTool(t.name, t.config, t.cb);\n"
        "}\n", encoding="utf-8")
    filas = extraer_ts([tmp_path / "s.js"], tmp_path, resto=[tmp_path / "lista.js"])
    assert [(h["archivo"], h["herramienta"], h["esquema_entrada"]) for h in filas["herramienta"]] == [
        ("lista.js", "get_time", "modelo"), ("lista.js", "say_hi", "modelo"), ("lista.js", "bye", "modelo")]
    assert filas["no_resuelto"] == []
    # the near miss: a name the module does not export is not found there
    (tmp_path / "s.js").write_text((tmp_path / "s.js").read_text(encoding="utf-8").replace(
        "const { listTools } = require('./lista');", "const { listTools } = require('./otra');"), encoding="utf-8")
    filas = extraer_ts([tmp_path / "s.js"], tmp_path, resto=[tmp_path / "lista.js"])
    assert [n["motivo"] for n in filas["no_resuelto"]] == [
        "a tool is registered per element of `(await listTools())`, which cannot be enumerated: `listTools()` calls "
        "what is not a project function the analyzer reads: what it returns is not known",
        "the config of tool `{name}` cannot be read: `config` is not an object literal the analyzer can read"]


def test_the_shape_of_a_zod_object_spread_into_a_raw_shape(tmp_path):
    (tmp_path / "s.ts").write_text(
        'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nimport { z } from "zod/v4";\n'
        'const Entrada = z.object({ q: z.string() });\nconst Pagina = { limit: z.number().optional() };\n'
        'const Extendida = Entrada.extend({ r: z.string() });\n'
        'const server = new McpServer({ name: "s", version: "1" });\n'
        'server.registerTool("t", { inputSchema: { ...Entrada.shape, ...Pagina } }, async () => ({ content: [] }));\n'
        'server.registerTool("u", { inputSchema: { ...Extendida.shape } }, async () => ({ content: [] }));\n',
        encoding="utf-8")
    filas = extraer_ts([tmp_path / "s.ts"], tmp_path)
    esquemas = {e["herramienta"]: json.loads(e["contenido"]) for e in filas["esquema"]}
    assert esquemas["t"]["properties"] == {"q": {"type": "string"}, "limit": {"type": "number"}}
    assert esquemas["t"]["required"] == ["q"]
    # the near miss: the shape of an object a method extends is not the literal, and is a row
    assert [n["motivo"] for n in filas["no_resuelto"]] == [
        "the input schema of tool `u` cannot be read: `Extendida.shape` is not an object literal the analyzer can read"]


def test_number_arithmetic_is_computed_as_javascript_does(tmp_path):
    def maximo(expresion: str) -> object:
        (tmp_path / "s.ts").write_text(
            "import { McpServer } from \"@modelcontextprotocol/sdk/server/mcp.js\";\nimport { z } from \"zod/v4\";\n"
            "const MB = 1024 * 1024;\nconst server = new McpServer({ name: \"s\", version: \"1\" });\n"
            f"server.registerTool(\"t\", {{ inputSchema: {{ n: z.number().max({expresion}) }} }}, async () => ({{ content: [] }}));\n",
            encoding="utf-8")
        filas = extraer_ts([tmp_path / "s.ts"], tmp_path)
        if filas["esquema"]:
            return json.loads(filas["esquema"][0]["contenido"])["properties"]["n"]["maximum"]
        return [n["motivo"] for n in filas["no_resuelto"]][0]

    assert maximo("10 * 1024 * 1024") == 10485760
    assert maximo("10 * MB - 1") == 10485759
    assert maximo("7 / 2") == 3.5 and maximo("8 / 2") == 4 and maximo("2 ** 10") == 1024 and maximo("-7 % 3") == -1
    # the near misses: a side that is no number, a result that is no finite number
    assert maximo("MB * Number(process.env.N)") == (
        "the input schema of tool `t` cannot be read: `Number(process.env.N)` is not a JSON literal the analyzer can read")
    assert maximo("1 / 0") == "the input schema of tool `t` cannot be read: `1 / 0` is not a JSON literal the analyzer can read"


def test_a_property_of_a_property_of_a_literal_is_read(tmp_path):
    fuente = '''import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod/v4";

const startTool = { schema: { topic: z.string() } };
const chatTools = { start: startTool, stop: OTRO };
const server = new McpServer({ name: "s", version: "1" });
server.tool("start_chat", "Starts", chatTools.start.schema, async () => ({ content: [] }));
server.tool("stop_chat", "Stops", chatTools.stop.schema, async () => ({ content: [] }));
'''
    (tmp_path / "s.ts").write_text(fuente.replace("OTRO", "makeStop()"), encoding="utf-8")
    filas = extraer_ts([tmp_path / "s.ts"], tmp_path)
    assert {e["herramienta"]: json.loads(e["contenido"])["properties"] for e in filas["esquema"]} == {
        "start_chat": {"topic": {"type": "string"}}}
    # the near miss: a property of what the analyzer cannot read is named, not guessed
    assert [n["motivo"] for n in filas["no_resuelto"]] == [
        "tool `stop_chat`: `chatTools.stop.schema` may be its schema or its annotations, and the analyzer cannot tell which"]


DINAMICO_SERVIDOR = '''import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";

export function startServer(defs: { name: string; inputSchema: object }[]) {
  const server = new Server({ name: "s", version: "1" }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: defs.map((d) => ({ name: d.name, inputSchema: d.inputSchema })) }));
}
'''
DINAMICO_ENTRADA = '''const TOOLS = [{ name: "ping", inputSchema: { type: "object", properties: {} } }];

async function main() {
  PATRON = await IMPORTAR;
  LLAMADA(TOOLS);
}
main();
'''


@pytest.mark.parametrize("patron, importar, llamada", [
    ("const { startServer }", "import(\"./servidor.js\")", "startServer"),
    ("const servidor", "import(\"./servidor.js\")", "servidor.startServer"),
    ("const [{ startServer }, otro]", "Promise.all([import(\"./servidor.js\"), import(\"./otro.js\")])", "startServer"),
])
def test_a_function_taken_out_of_a_module_imported_at_run_time_is_followed(tmp_path, patron, importar, llamada):
    (tmp_path / "servidor.ts").write_text(DINAMICO_SERVIDOR, encoding="utf-8")
    (tmp_path / "index.ts").write_text(DINAMICO_ENTRADA.replace("PATRON", patron).replace("IMPORTAR", importar)
                                       .replace("LLAMADA", llamada), encoding="utf-8")
    filas = extraer_ts([tmp_path / "servidor.ts"], tmp_path, resto=[tmp_path / "index.ts"])
    assert [(h["archivo"], h["herramienta"]) for h in filas["herramienta"]] == [("index.ts", "ping")]
    assert filas["no_resuelto"] == []


@pytest.mark.parametrize("patron, importar, llamada", [
    ("const { startServer }", "import(`./${\"servidor\"}.js`)", "startServer"),  # a computed module name
    ("const { startServer: start }", "import(\"./servidor.js\")", "start"),  # calls are searched by the function's name
])
def test_what_a_run_time_import_does_not_tell_is_a_row(tmp_path, patron, importar, llamada):
    (tmp_path / "servidor.ts").write_text(DINAMICO_SERVIDOR, encoding="utf-8")
    (tmp_path / "index.ts").write_text(DINAMICO_ENTRADA.replace("PATRON", patron).replace("IMPORTAR", importar)
                                       .replace("LLAMADA", llamada), encoding="utf-8")
    filas = extraer_ts([tmp_path / "servidor.ts"], tmp_path, resto=[tmp_path / "index.ts"])
    assert filas["herramienta"] == [] and [n["motivo"] for n in filas["no_resuelto"]] == [
        "the tools this `ListToolsRequestSchema` handler lists cannot be enumerated: no call of `startServer` is found "
        "in the project; its tools are not judged (judge the server live with `oracle-lint probe`)"]


FABRICA_BAJO_NIVEL = '''import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";

const pingMeta = { name: "ping", description: "Ping", inputSchema: { type: "object", properties: {} } };
function withCategory(meta: object, category: string) {
  CUERPO
}
const server = new Server({ name: "s", version: "1" }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, () => Promise.resolve({ tools: [withCategory(pingMeta, "core")] }));
'''


def test_a_low_level_tool_a_project_factory_returns_is_read_with_its_arguments(tmp_path):
    def leer(cuerpo: str) -> dict:
        (tmp_path / "s.ts").write_text(FABRICA_BAJO_NIVEL.replace("CUERPO", cuerpo), encoding="utf-8")
        return extraer_ts([tmp_path / "s.ts"], tmp_path)

    filas = leer("return { ...meta, category };")
    assert [(h["linea"], h["columna"], h["herramienta"]) for h in filas["herramienta"]] == [(9, 82, "ping")]  # the call
    assert [json.loads(e["contenido"]) for e in filas["esquema"]] == [{"type": "object", "properties": {}}]
    # the near miss: a factory with two returns is not one object, and says so
    filas = leer("if (category) { return { ...meta, category }; }\n  return meta;")
    assert filas["herramienta"] == [] and [n["motivo"] for n in filas["no_resuelto"]] == [
        "a tool of a `ListToolsRequestSchema` list cannot be read: `withCategory(pingMeta, \"core\")` is not an object "
        "literal the analyzer can read"]


ENTRADAS = '''import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod/v4";

const LOW = OBJETO;
const server = new Server({ name: "s", version: "1" }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: Object.entries(LOW).map(([name, t]) => ({ name, inputSchema: t.schema })),
}));
const DEFS = { "get-note": { input: { id: z.string() } }, list_notes: { input: {} } };
const mcp = new McpServer({ name: "m", version: "1" });
for (const [name, def] of Object.entries(DEFS)) {
  mcp.registerTool(name, { inputSchema: def.input }, async () => ({ content: [] }));
}
'''


def test_object_entries_give_each_key_and_value_to_an_array_pattern(tmp_path):
    def leer(objeto: str) -> dict:
        (tmp_path / "s.ts").write_text(ENTRADAS.replace("OBJETO", objeto), encoding="utf-8")
        return extraer_ts([tmp_path / "s.ts"], tmp_path)

    filas = leer('{ ping: { schema: { type: "object", properties: {} } }, ...{ "echo-text": { schema: { type: "object" } } } }')
    assert [(h["linea"], h["herramienta"]) for h in filas["herramienta"]] == [
        (6, "ping"), (6, "echo-text"), (11, "get-note"), (11, "list_notes")]
    assert {e["herramienta"]: json.loads(e["contenido"]) for e in filas["esquema"]}["echo-text"] == {"type": "object"}
    assert filas["no_resuelto"] == []
    # the near misses: an array's entries (index keys), a shorthand entry and a computed key are not taken apart
    for objeto, donde in (('[{ schema: {} }]', "`[{ schema: {} }]` is not an object the analyzer reads (its entries are wanted)"),
                          ("{ ping }", "`ping`: an entry whose key or value the analyzer does not take apart"),
                          ("{ [k]: { schema: {} } }", "`[k]: { schema: {} }`: an entry whose key or value the analyzer does "
                                                      "not take apart")):
        filas = leer(objeto)
        assert [h["herramienta"] for h in filas["herramienta"]] == ["get-note", "list_notes"]
        assert [n["motivo"] for n in filas["no_resuelto"]] == [
            f"the tools this `ListToolsRequestSchema` handler lists cannot be enumerated: {donde}; its tools are not "
            "judged (judge the server live with `oracle-lint probe`)"]


REGISTRO_PROPIO = '''import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod/v4";

class MyServer {
  private server = new McpServer({ name: "s", version: "1" });
  registerTool(name: string, config: any, handler: any) {
    this.server.registerTool(name, config, handler);
  }
}

class Catalog {
  private byCategory = new Map<string, object[]>();
  registerTool(category: string, tool: object): void {
    this.byCategory.set(category, [tool]);
  }
  load(tools: { name: string }[]) {
    for (const tool of tools) this.registerTool("general", tool);
  }
}

const my = new MyServer();
my.registerTool("ping", { inputSchema: { a: z.string() } }, async () => ({ content: [] }));
new Catalog().load([{ name: "x" }]);
'''


def test_a_project_classs_own_registry_method_is_no_registration(tmp_path):
    (tmp_path / "s.ts").write_text(REGISTRO_PROPIO, encoding="utf-8")
    filas = extraer_ts([tmp_path / "s.ts"], tmp_path)
    # Catalog.registerTool(category, tool) stores into a Map: `this.registerTool("general", tool)` is
    # no tool. MyServer.registerTool passes on to the SDK: each call on an instance (`my.registerTool`)
    # is a tool of the registration inside it, read with the call's arguments, once.
    assert [(h["linea"], h["herramienta"], h["esquema_entrada"]) for h in filas["herramienta"]] == [(22, "ping", "modelo")]
    assert filas["no_resuelto"] == []


ESPARCIDO = '''import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod/v4";

const server = new McpServer({ name: "s", version: "1" });
const registerTool = ((name: string, ...rest: never[]) => {
  return (server as any).tool(name, ...rest);
}) as typeof server.tool;
const tool = registerTool;
tool("content-list", "Lists content", { page: z.number() }, async () => ({ content: [] }));
server.tool("direct", "Registered directly", { q: z.string() }, async () => ({ content: [] }));
'''


def test_a_wrapper_that_spreads_its_rest_parameter_is_a_tool_per_call(tmp_path):
    (tmp_path / "s.ts").write_text(ESPARCIDO, encoding="utf-8")
    filas = extraer_ts([tmp_path / "s.ts"], tmp_path)
    # `tool(...)` (an alias of the wrapper) passes what `...rest` spreads into server.tool: its tool, at
    # the call, read with the call's arguments; beside it a direct call is its own tool
    assert [(h["linea"], h["herramienta"]) for h in filas["herramienta"]] == [(9, "content-list"), (10, "direct")]
    assert {e["herramienta"]: json.loads(e["contenido"])["properties"] for e in filas["esquema"]} == {
        "content-list": {"page": {"type": "number"}}, "direct": {"q": {"type": "string"}}}
    assert filas["no_resuelto"] == []


def test_a_tool_call_whose_arguments_a_spread_hides_is_a_row_not_silence(tmp_path):
    (tmp_path / "s.ts").write_text(ESPARCIDO.replace("return (server as any).tool(name, ...rest);",
                                                     "const opts = build(rest);\n  return (server as any).tool(name, ...opts);"),
                                   encoding="utf-8")
    filas = extraer_ts([tmp_path / "s.ts"], tmp_path)
    assert [(h["linea"], h["herramienta"]) for h in filas["herramienta"]] == [(11, "direct")]
    assert [(n["linea"], n["motivo"]) for n in filas["no_resuelto"]] == [(7, (
        "`(server as any).tool(name, ...opts)` passes its arguments through a spread: the tools it registers are not "
        "known; its tools are not judged (judge the server live with `oracle-lint probe`)"))]


def test_a_tool_whose_callback_a_call_builds_is_a_tool(tmp_path):
    (tmp_path / "s.ts").write_text(
        'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nimport { z } from "zod/v4";\n'
        'const server = new McpServer({ name: "s", version: "1" });\n'
        'const handlers = { b: async () => ({ content: [] }) };\n'
        'server.tool("a", "Wrapped", { q: z.string() }, withErrors(async () => ({ content: [] })));\n'
        'server.tool("b", "A member", { q: z.string() }, handlers.b);\n'
        '// the near miss: a last argument that is no callback is no tool() overload, and is named\n'
        'server.tool("c", { q: z.string() });\n', encoding="utf-8")
    filas = extraer_ts([tmp_path / "s.ts"], tmp_path)
    assert [(h["linea"], h["herramienta"], h["esquema_entrada"]) for h in filas["herramienta"]] == [
        (5, "a", "modelo"), (6, "b", "modelo")]
    assert [(n["linea"], n["motivo"]) for n in filas["no_resuelto"]] == [(8, (
        "`server.tool(\"c\", { q: z.string() })` is a `.tool(...)` call the analyzer does not read as one of the "
        "SDK's overloads (a name, then an optional description, schema and annotations, then the callback): its "
        "tools are not judged"))]


def test_object_values_of_a_module_namespace_are_its_exported_values(tmp_path):
    herramientas = tmp_path / "tools"
    herramientas.mkdir()
    (herramientas / "index.ts").write_text(
        'export const ping = { name: "ping", inputSchema: { type: "object", properties: {} } };\n'
        'export { echo } from "./echo.js";\n'
        'export type Tool = { name: string };\n'
        'export * from "./more.js";\n', encoding="utf-8")
    (herramientas / "echo.ts").write_text('export const echo = { name: "echo", inputSchema: { type: "object" } };\n',
                                           encoding="utf-8")
    (herramientas / "more.ts").write_text('export const stats = { name: "stats", inputSchema: { type: "object" } };\n',
                                           encoding="utf-8")
    (tmp_path / "s.ts").write_text(
        'import { Server } from "@modelcontextprotocol/sdk/server/index.js";\n'
        'import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";\n'
        'import * as tools from "./tools/index.js";\n'
        'const server = new Server({ name: "s", version: "1" }, { capabilities: { tools: {} } });\n'
        'server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: Object.values(tools) }));\n',
        encoding="utf-8")
    filas = extraer_ts([tmp_path / "s.ts"], tmp_path)
    assert [(h["archivo"], h["herramienta"]) for h in filas["herramienta"]] == [
        ("tools/echo.ts", "echo"), ("tools/index.ts", "ping"), ("tools/more.ts", "stats")]
    assert filas["no_resuelto"] == []
    # the near miss: an export that is no tool object is a row, not a guess
    (herramientas / "more.ts").write_text('export function helper() { return 1; }\n', encoding="utf-8")
    filas = extraer_ts([tmp_path / "s.ts"], tmp_path)
    assert [h["herramienta"] for h in filas["herramienta"]] == ["echo", "ping"]
    assert [n["motivo"][:70] for n in filas["no_resuelto"]] == [
        "a tool of a `ListToolsRequestSchema` list cannot be read: `function he"]


def test_a_barrel_parses_only_the_modules_that_may_export_the_name(tmp_path):
    """A name read through `export * from` of many modules: a module whose bytes neither name it nor
    may re-export all of another is not parsed; one that re-exports (blanks or a comment before the
    `*`) is followed, and one that names the name only in a comment is parsed and passed over."""
    (tmp_path / "a.ts").write_text('export const otro = 1;\n', encoding="utf-8")
    (tmp_path / "b.ts").write_text('// esquema is not here\nexport const tercero = 2;\n', encoding="utf-8")
    (tmp_path / "c.ts").write_text('export /* all */ * from "./d.js";\n', encoding="utf-8")
    (tmp_path / "d.ts").write_text('export const esquema = { z: 1 };\n', encoding="utf-8")
    (tmp_path / "indice.ts").write_text('export * from "./a.js";\nexport * from "./b.js";\nexport *\n  from "./c.js";\n',
                                        encoding="utf-8")
    lector = Lector(tmp_path)
    assert lector.puede_exportar("a.ts", "esquema") is False
    assert lector.puede_exportar("b.ts", "esquema") is True and lector.puede_exportar("c.ts", "esquema") is True
    hallado = exportado_de(lector, lector.fuente("indice.ts"), "esquema")
    assert hallado is not None and hallado.fuente.rel == "d.ts"
    assert sorted(lector._fuentes) == ["b.ts", "c.ts", "d.ts", "indice.ts"]  # a.ts was never parsed
    assert exportado_de(lector, lector.fuente("indice.ts"), "tercero").fuente.rel == "b.ts"
    assert exportado_de(lector, lector.fuente("indice.ts"), "nada") is None
    # the near miss: without the re-export, d.ts is out of reach and the name is not exported
    (tmp_path / "c.ts").write_text('export const cuarto = 3; // export\n', encoding="utf-8")
    lector = Lector(tmp_path)
    assert lector.puede_exportar("c.ts", "esquema") is False
    assert exportado_de(lector, lector.fuente("indice.ts"), "esquema") is None


def test_a_declaration_above_the_file_counts_and_none_is_no_guess(tmp_path):
    assert _entrada(tmp_path) == (
        "the input schema of tool `t` cannot be read: which zod major `s.ts` imports cannot be told: no installed "
        "zod and no package.json at or above it declares `zod` (declare it, or import from \"zod/v4\" or \"zod/v3\")")
    interior = tmp_path / "paquete"
    interior.mkdir()
    (tmp_path / "package.json").write_text('{"dependencies": {"zod": "^3.25.0"}}', encoding="utf-8")
    assert _entrada(interior) == CERRADO


SDK_2 = '''import { McpServer } from "SDK";
import * as z from "zod/v4";

const server = new McpServer({ name: "s", version: "1" });
server.registerTool("t", { inputSchema: ENTRADA, outputSchema: SALIDA }, async () => ({ content: [] }));
'''
V2020 = "https://json-schema.org/draft/2020-12/schema"


def _sdk(tmp_path: Path, sdk: str, entrada: str = "z.object({ city: z.string() })",
         salida: str = "z.object({ celsius: z.number() })", **archivos: str) -> dict[str, object]:
    """The published schemas of tool `t` by side (or the reasons they are not read), the file importing `sdk`."""
    fuente = SDK_2.replace("SDK", sdk).replace("ENTRADA", entrada).replace("SALIDA", salida)
    (tmp_path / "s.ts").write_text(fuente, encoding="utf-8")
    for nombre, texto in archivos.items():
        destino = tmp_path / nombre.replace("__", "/")
        destino.parent.mkdir(parents=True, exist_ok=True)
        destino.write_text(texto, encoding="utf-8")
    filas = extraer_ts([tmp_path / "s.ts"], tmp_path)
    salida_: dict[str, object] = {e["lado"]: json.loads(e["contenido"]) for e in filas["esquema"]}
    salida_.update({n["motivo"].split(" schema")[0]: n["motivo"] for n in filas["no_resuelto"] if "schema of" in n["motivo"]})
    return salida_


def test_the_sdk_2_publishes_zod_4_as_draft_2020_12(tmp_path):
    # as the SDK 2.x examples list live (examples/schema-validators at 3924de9): the input side open,
    # the output side closed, an array output root published as it is (SEP-2106)
    ciudad = {"$schema": V2020, "type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}
    grados = {"$schema": V2020, "type": "object", "properties": {"celsius": {"type": "number"}}, "required": ["celsius"],
              "additionalProperties": False}
    assert _sdk(tmp_path, "@modelcontextprotocol/server") == {"entrada": ciudad, "salida": grados}
    assert _sdk(tmp_path, "@modelcontextprotocol/server", salida="z.array(z.object({ celsius: z.number() }))") == {
        "entrada": ciudad, "salida": {"$schema": V2020, "type": "array", "items": {k: v for k, v in grados.items() if k != "$schema"}}}
    # the same file on the SDK 1.x: draft-07, a non-object output root published as no output schema
    assert _sdk(tmp_path, "@modelcontextprotocol/sdk/server/mcp.js", salida="z.array(z.string())") == {
        "entrada": {**ciudad, "$schema": V7}}
    # no SDK import in the file: the package that resolves from its folder (2.x only when 1.x does not)
    relativo = "./mcp.js"
    assert _sdk(tmp_path, relativo, **{"package.json": '{"dependencies": {"@modelcontextprotocol/server": "^2.0.0"}}'})[
        "entrada"] == ciudad
    assert _sdk(tmp_path, relativo, **{"package.json": '{"dependencies": {"@modelcontextprotocol/server": "^2.0.0", '
                                                      '"@modelcontextprotocol/sdk": "^1.30.0"}}'})["entrada"] == {**ciudad, "$schema": V7}


def test_what_the_sdk_2_cannot_publish_is_named(tmp_path):
    sdk = "@modelcontextprotocol/server"
    assert _sdk(tmp_path, sdk, entrada="z.string()") == {
        "salida": {"$schema": V2020, "type": "object", "properties": {"celsius": {"type": "number"}},
                   "required": ["celsius"], "additionalProperties": False},
        "the input": "the input schema of tool `t` cannot be read: the SDK 2.x publishes a root that is not an object "
                     "in its own way here, which the analyzer does not read"}
    assert _sdk(tmp_path, sdk, salida="z.tuple([z.string()])", **{"node_modules__zod__package.json": '{"version": "4.6.7"}'}
                )["the output"] == (
        "the output schema of tool `t` cannot be read: a tuple in draft 2020-12 (`prefixItems`) is not read")
    (tmp_path / "s.ts").write_text(SDK_2.replace("SDK", sdk).replace('"zod/v4"', '"zod/v3"')
                                   .replace("ENTRADA", "z.object({ a: z.string() })").replace("SALIDA", "undefined"),
                                   encoding="utf-8")
    filas = extraer_ts([tmp_path / "s.ts"], tmp_path)
    assert [n["motivo"] for n in filas["no_resuelto"] if "schema of" in n["motivo"]] == [
        "the input schema of tool `t` cannot be read: the SDK 2.x cannot convert a zod 3 schema (its tools/list fails "
        "on it): use zod 4"]


def test_a_file_that_is_not_utf8_is_named(tmp_path):
    (tmp_path / "s.ts").write_bytes(b'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\n"\xff";\n')
    filas = extraer_ts([tmp_path / "s.ts"], tmp_path)
    assert [(n["archivo"], n["linea"], n["motivo"]) for n in filas["no_resuelto"]] == [
        ("s.ts", 2, "the file is not UTF-8 text (byte offset 70): it cannot be read")]
    assert filas["herramienta"] == []


NUL = (b'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\n'
       b'const server = new McpServer({ name: "s", version: "1" });\n'
       b'const sep = "a\x00b"; // the byte itself, as a hash separator is written\n'
       b'server.registerTool("hash", { description: "h" }, async () => ({ content: [] }));\n')


def test_a_nul_byte_inside_a_string_is_read_and_one_outside_is_named(tmp_path):
    """The grammar's lexer takes NUL for the end of the input: inside a string or comment it is text."""
    (tmp_path / "s.ts").write_bytes(NUL)
    filas = extraer_ts([tmp_path / "s.ts"], tmp_path)
    assert [(h["herramienta"], h["linea"]) for h in filas["herramienta"]] == [("hash", 4)]
    assert filas["no_resuelto"] == []
    (tmp_path / "s.ts").write_bytes(NUL.replace(b'const sep', b'\x00const sep'))
    filas = extraer_ts([tmp_path / "s.ts"], tmp_path)
    assert [(h["herramienta"], h["linea"]) for h in filas["herramienta"]] == [("hash", 4)]
    assert [(n["archivo"], n["linea"], n["motivo"]) for n in filas["no_resuelto"]] == [
        ("s.ts", 3, "the file does not fully parse as TypeScript (a NUL byte outside a string or comment at line 3, "
                    "column 1): the rest of it is read, but a tool registered where the grammar could not read is not "
                    "judged")]


def test_a_type_only_re_export_the_grammar_release_does_not_know_is_no_parse_error(tmp_path):
    """`export type * from "m"` (TypeScript 5.0) exports no value: the file is read whole, and the
    names of "m" are not taken for values of it; anything else unexpected is still named."""
    (tmp_path / "tipos.ts").write_text('export const esquema = { z: 1 };\n', encoding="utf-8")
    (tmp_path / "indice.ts").write_text('export type * from "./tipos";\nexport type * as T from "./tipos";\n',
                                        encoding="utf-8")
    (tmp_path / "s.ts").write_text(IDENTIDAD, encoding="utf-8")
    filas = extraer_ts([tmp_path / "s.ts", tmp_path / "indice.ts"], tmp_path, resto=[tmp_path / "tipos.ts"])
    assert [(h["herramienta"], h["linea"]) for h in filas["herramienta"]] == [("clonar", 10)]
    assert filas["no_resuelto"] == []
    lector = Lector(tmp_path)
    assert nombres_exportados(lector, lector.fuente("indice.ts")) == []
    assert exportado_de(lector, lector.fuente("indice.ts"), "esquema") is None
    (tmp_path / "indice.ts").write_text('export type * from "./tipos";\nexport type = 1;\n', encoding="utf-8")
    filas = extraer_ts([tmp_path / "s.ts", tmp_path / "indice.ts"], tmp_path, resto=[tmp_path / "tipos.ts"])
    assert [(n["archivo"], n["linea"], n["motivo"][:70]) for n in filas["no_resuelto"]] == [
        ("indice.ts", 2, "the file does not fully parse as TypeScript (unexpected text at line 2")]


def test_a_server_whose_tools_are_not_found_is_not_a_silent_pass(tmp_path):
    (tmp_path / "s.ts").write_text('import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\n'
                                   'const server = new McpServer({ name: "s", version: "1" });\n'
                                   'for (const t of tabla) server[metodo](t.nombre, t.config, t.fn);\n', encoding="utf-8")
    filas = extraer_ts([tmp_path / "s.ts"], tmp_path)
    assert [(n["archivo"], n["linea"], n["columna"], n["herramienta"], n["motivo"][:50]) for n in filas["no_resuelto"]] == [
        ("s.ts", 2, 16, None, "an MCP server is built here, and the project's Typ")]
    # the near miss: a transport file beside a file that registers tools says nothing
    shutil.copy(FIXTURE / "herramientas.ts", tmp_path / "h.ts")
    (tmp_path / "package.json").write_text('{"dependencies": {"zod": "^4.0.0"}}', encoding="utf-8")
    filas = extraer_ts([tmp_path / "s.ts", tmp_path / "h.ts"], tmp_path)
    assert filas["no_resuelto"] == [] and len(filas["herramienta"]) == 4


BAJO_NIVEL = '''import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { zodToJsonSchema } from "zod-to-json-schema";
import { z } from "zod";

const Entrada = z.object({ a: z.string().optional() });
const server = new Server({ name: "s", version: "1" }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [{ name: "t", inputSchema: CONVERTIR }],
}));
'''


def _bajo_nivel(tmp_path: Path, convertir: str, zod_instalado: str) -> object:
    (tmp_path / "s.ts").write_text(BAJO_NIVEL.replace("CONVERTIR", convertir), encoding="utf-8")
    (tmp_path / "node_modules" / "zod").mkdir(parents=True, exist_ok=True)
    (tmp_path / "node_modules" / "zod" / "package.json").write_text(json.dumps({"version": zod_instalado}), encoding="utf-8")
    filas = extraer_ts([tmp_path / "s.ts"], tmp_path)
    esquemas = [json.loads(e["contenido"]) for e in filas["esquema"]]
    return esquemas[0] if esquemas else [n["motivo"] for n in filas["no_resuelto"] if "input schema" in n["motivo"]][0]


def test_a_low_level_list_converts_zod_as_its_converter_does(tmp_path):
    # zod-to-json-schema over zod 3: draft-07, every object closed
    assert _bajo_nivel(tmp_path, "zodToJsonSchema(Entrada)", "3.25.76") == {
        "$schema": V7, "type": "object", "properties": {"a": {"type": "string"}}, "additionalProperties": False}
    # zod 4's own converter: draft 2020-12, the output side
    assert _bajo_nivel(tmp_path, "z.toJSONSchema(Entrada)", "4.6.7") == {
        "$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object",
        "properties": {"a": {"type": "string"}}, "additionalProperties": False}
    # the other pairings are not guessed
    assert _bajo_nivel(tmp_path, "zodToJsonSchema(Entrada)", "4.6.7") == (
        "the input schema of tool `t` cannot be read: `zodToJsonSchema(Entrada)`: zod-to-json-schema over a zod 4 "
        "schema is not read")
    assert _bajo_nivel(tmp_path, "someOtherConverter(Entrada)", "4.6.7") == (
        "the input schema of tool `t` cannot be read: `someOtherConverter(Entrada)` is a call the analyzer does not "
        "read as a JSON Schema")


CONVERTIDORES = '''
function sinVersion(schema: z.ZodType) {
  const json = z.toJSONSchema(schema);
  delete json.$schema;
  delete json["additionalProperties"];
  return json;
}
function conExtra(schema: z.ZodType) {
  const json = z.toJSONSchema(schema);
  json.properties.extra = { type: "number" };
  return json;
}
const ListadoEnCrudo = Entrada;
'''


def _convertido(tmp_path: Path, convertir: str) -> object:
    (tmp_path / "s.ts").write_text(BAJO_NIVEL.replace("CONVERTIR", convertir) + CONVERTIDORES, encoding="utf-8")
    (tmp_path / "node_modules" / "zod").mkdir(parents=True, exist_ok=True)
    (tmp_path / "node_modules" / "zod" / "package.json").write_text(json.dumps({"version": "4.6.7"}), encoding="utf-8")
    filas = extraer_ts([tmp_path / "s.ts"], tmp_path)
    esquemas = [json.loads(e["contenido"]) for e in filas["esquema"]]
    return esquemas[0] if esquemas else [n["motivo"] for n in filas["no_resuelto"] if "input schema" in n["motivo"]][0]


def test_a_project_converter_is_read_with_the_keys_it_deletes(tmp_path):
    """`convertToSchema(S)`: a project function returning `z.toJSONSchema(S)`, keys `delete`d from it
    taken out; any other write into the result is a row, never the unwritten schema."""
    assert _convertido(tmp_path, "sinVersion(Entrada)") == {"type": "object", "properties": {"a": {"type": "string"}}}
    assert _convertido(tmp_path, "conExtra(Entrada)") == (
        "the input schema of tool `t` cannot be read: `json` is filled after it is written "
        "(`json.properties.extra = { type: \"number\" }`): what it holds is not known")
    # a zod schema listed where a JSON Schema goes is named as what it is, the converter missing
    assert _convertido(tmp_path, "ListadoEnCrudo") == (
        "the input schema of tool `t` cannot be read: `ListadoEnCrudo` is a zod schema listed where a JSON Schema "
        "goes: what is published is the zod object serialized, not its JSON Schema; convert it (`z.toJSONSchema`, "
        "`zodToJsonSchema`)")
    # a call reached through a name is named with it
    texto_fuente = BAJO_NIVEL.replace("CONVERTIR", "Convertido") + "const Convertido = ajeno(Entrada);\n" \
        "function ajeno(x: unknown) { if (x) { return 1; } return 2; }\n"
    (tmp_path / "s.ts").write_text(texto_fuente, encoding="utf-8")
    filas = extraer_ts([tmp_path / "s.ts"], tmp_path)
    assert [n["motivo"] for n in filas["no_resuelto"]] == [
        "the input schema of tool `t` cannot be read: `Convertido` (`ajeno(Entrada)`) is a call the analyzer does not "
        "read as a JSON Schema"]


def test_a_schema_from_a_package_names_the_package(tmp_path):
    (tmp_path / "s.ts").write_text(BAJO_NIVEL.replace("CONVERTIR", "Publicado").replace(
        'import { z } from "zod";', 'import { z } from "zod";\nimport { Publicado } from "@acme/esquemas";'),
        encoding="utf-8")
    filas = extraer_ts([tmp_path / "s.ts"], tmp_path)
    assert [n["motivo"] for n in filas["no_resuelto"]] == [
        "the input schema of tool `t` cannot be read: `Publicado`: `Publicado` comes from the package `@acme/esquemas`, "
        "whose sources are not among the project's"]
    (tmp_path / "s.ts").write_text(
        'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nimport { z } from "zod/v4";\n'
        'import * as esquemas from "@acme/esquemas";\n'
        'function comoEsquema<T>(s: T) { return s as unknown as z.ZodObject; }\n'
        'const server = new McpServer({ name: "s", version: "1" });\n'
        'server.registerTool("t", { inputSchema: comoEsquema(esquemas.Entrada) }, async () => ({ content: [] }));\n'
        'server.registerTool("u", { inputSchema: comoEsquema(z.object({ a: z.string() })) }, async () => ({ content: [] }));\n',
        encoding="utf-8")
    filas = extraer_ts([tmp_path / "s.ts"], tmp_path)
    assert [h["herramienta"] for h in filas["herramienta"]] == ["t", "u"]
    assert [n["motivo"] for n in filas["no_resuelto"]] == [
        "the input schema of tool `t` cannot be read: `comoEsquema(esquemas.Entrada)`: `esquemas` comes from the "
        "package `@acme/esquemas`, whose sources are not among the project's"]
    # the near miss: zod's own namespace is no package a schema comes from
    (tmp_path / "s.ts").write_text(
        'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nimport { z } from "zod/v4";\n'
        'const server = new McpServer({ name: "s", version: "1" });\n'
        'server.registerTool("t", { inputSchema: { d: z.iso.duration() } }, async () => ({ content: [] }));\n',
        encoding="utf-8")
    filas = extraer_ts([tmp_path / "s.ts"], tmp_path)
    assert [n["motivo"] for n in filas["no_resuelto"]] == [
        "the input schema of tool `t` cannot be read: `z.iso` is not a zod schema the analyzer can read"]


def test_a_schema_built_by_a_function_called_where_it_is_written_is_its_return(tmp_path):
    v7 = {"$schema": V7, "type": "object", "properties": {"a": {"type": "string"}}, "additionalProperties": False}
    assert _bajo_nivel(tmp_path, "(() => { const s = zodToJsonSchema(Entrada) as any; return s; })()", "3.25.76") == v7
    assert _bajo_nivel(tmp_path, "(function () { return zodToJsonSchema(Entrada); })()", "3.25.76") == v7
    assert _bajo_nivel(tmp_path, "(() => zodToJsonSchema(Entrada, { target: \"jsonSchema7\" }))()", "3.25.76") == v7
    # every schema written where it is used, as the analyzer writes it
    assert _bajo_nivel(tmp_path, "zodToJsonSchema(Entrada, { $refStrategy: \"none\" })", "3.25.76") == v7
    assert _bajo_nivel(tmp_path, "zodToJsonSchema(Entrada, { $refStrategy: \"root\" })", "3.25.76") == (
        "the input schema of tool `t` cannot be read: `zodToJsonSchema(Entrada, { $refStrategy: \"root\" })`: "
        "zod-to-json-schema's options `{ $refStrategy: \"root\" }` are not read")
    # the near misses: an argument, a parameter, two returns, a promise, an option that changes the output
    for llamada in ("((e) => zodToJsonSchema(e))(Entrada)", "(() => { if (x) return {}; return zodToJsonSchema(E); })()",
                    "(async () => zodToJsonSchema(Entrada))()"):
        assert _bajo_nivel(tmp_path, llamada, "3.25.76") == (
            f"the input schema of tool `t` cannot be read: `{llamada}` is a call the analyzer does not read as a JSON Schema")
    assert _bajo_nivel(tmp_path, "(() => zodToJsonSchema(Entrada, { target: \"openApi3\" }))()", "3.25.76") == (
        "the input schema of tool `t` cannot be read: `(() => zodToJsonSchema(Entrada, { target: \"openApi3\" }))()`: "
        "zod-to-json-schema's options `{ target: \"openApi3\" }` are not read")
    assert _bajo_nivel(tmp_path, "zodToJsonSchema(Entrada, \"Entrada\")", "3.25.76") == (
        "the input schema of tool `t` cannot be read: `zodToJsonSchema(Entrada, \"Entrada\")`: "
        "zod-to-json-schema's options `\"Entrada\"` are not read")


PROMESA = '''import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod/v4";

const server = new Server({ name: "s", version: "1" }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, () => LISTA);
const mcp = new McpServer({ name: "m", version: "1" });
mcp.registerTool("u", { outputSchema: { ok: z.boolean() } }, () => Promise.resolve({ content: [], structuredContent: { ok: true } }));
'''


def test_a_handler_that_returns_a_resolved_promise_is_read_through_it(tmp_path):
    def leer(lista: str) -> dict:
        (tmp_path / "s.ts").write_text(PROMESA.replace("LISTA", lista), encoding="utf-8")
        return extraer_ts([tmp_path / "s.ts"], tmp_path)

    herramienta = '{ name: "t", inputSchema: { type: "object", properties: {} } }'
    filas = leer(f"Promise.resolve({{ tools: [{herramienta}] }})")
    assert [h["herramienta"] for h in filas["herramienta"]] == ["t", "u"] and filas["no_resuelto"] == []
    assert [(c["herramienta"], c["clave"]) for c in filas["clave_emitida"]] == [("u", "ok")]
    # the near miss: a promise built another way is no value the analyzer reads, and says so
    filas = leer(f"new Promise((r) => r({{ tools: [{herramienta}] }}))")
    assert [h["herramienta"] for h in filas["herramienta"]] == ["u"]
    assert [n["motivo"].split(": `")[0] + ": `" + n["motivo"].split(": `")[1][:11] for n in filas["no_resuelto"]] == [
        "the tools this `ListToolsRequestSchema` handler lists cannot be enumerated: `new Promise"]


ENVOLTURA = '''import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod/v4";

const server = new McpServer({ name: "s", version: "1" });

function agregar(nombre: string, config: any, fn: any) {
  server.registerTool(nombre, config, fn);
}
const corto = (nombre: string, forma: any, fn: any) => server.tool(nombre, forma, fn);

agregar("uno", { inputSchema: { a: z.string() }, outputSchema: { b: z.string() } },
  async ({ a }) => ({ content: [], structuredContent: { b: a } }));
agregar("dos", {}, async () => ({ content: [] }));
corto("tres", { c: z.number() }, async () => ({ content: [] }));
'''


def test_a_registration_wrapper_is_a_tool_per_call(tmp_path):
    (tmp_path / "s.ts").write_text(ENVOLTURA, encoding="utf-8")
    filas = extraer_ts([tmp_path / "s.ts"], tmp_path)
    assert [(h["herramienta"], h["registro"], h["linea"], h["esquema_entrada"], h["esquema_salida"])
            for h in filas["herramienta"]] == [
        ("uno", "typescript", 11, "modelo", "modelo"), ("dos", "typescript", 13, "modelo", "ninguno"),
        ("tres", "typescript", 14, "modelo", "ninguno")]
    assert [(v["herramienta"], v["ruta"], v["origen"], v["argumento"]) for v in filas["valor_emitido"]] == [
        ("uno", "b", "argumento", "a")]
    assert filas["no_resuelto"] == []


def test_a_wrapper_nobody_calls_stays_one_registration_that_says_what_it_cannot_read(tmp_path):
    """The near miss: without a call, the wrapper's registration is read as it is written."""
    (tmp_path / "s.ts").write_text(ENVOLTURA.split("\nagregar(")[0].replace("const corto", "export const corto"),
                                   encoding="utf-8")
    filas = extraer_ts([tmp_path / "s.ts"], tmp_path)
    assert [(h["herramienta"], h["linea"], h["esquema_entrada"]) for h in filas["herramienta"]] == [
        ("{nombre} (s.ts:7)", 7, "no_resuelto"), ("{nombre} (s.ts:9)", 9, "no_resuelto")]
    por_llamar = ("tool `{nombre}` takes its name from `nombre`, a parameter of `%s` (s.ts:%d) whose calls the analyzer "
                  "does not follow: the registration stands for one tool per call, how many is not known (read as one)")
    assert [n["motivo"] for n in filas["no_resuelto"]] == [
        por_llamar % ("agregar", 6),
        "the config of tool `{nombre}` cannot be read: `config` is not an object literal the analyzer can read",
        por_llamar % ("corto", 9),
        "tool `{nombre}`: `forma` may be its schema or its annotations, and the analyzer cannot tell which"]


AYUDANTE = '''import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod/v4";

function registrarHerramientas(server: McpServer, comun: Record<string, z.ZodTypeAny>, cliente: any): void {
  server.registerTool("estado", { inputSchema: { ...comun, hondo: z.boolean().optional() } },
    async (entrada) => ({ content: [], structuredContent: await cliente.estado(entrada) }));
}

const server = new McpServer({ name: "s", version: "1" });
const comun = { sitio: z.string() };
registrarHerramientas(server, comun, {});
'''


def test_a_helper_whose_parameters_a_registration_reads_inside_its_config_binds_its_one_call(tmp_path):
    """`registerXTools(server, common)` called once: the schema's spread of `common` is what the call
    passes, and the tool stays at the registration; a test's call of the helper registers into the
    test's own server and does not count."""
    (tmp_path / "s.ts").write_text(AYUDANTE, encoding="utf-8")
    (tmp_path / "s.test.ts").write_text('import { comun } from "./s";\nregistrarHerramientas(new McpServer(), { x: z.number() }, {});\n',
                                        encoding="utf-8")
    filas = extraer_ts([tmp_path / "s.ts"], tmp_path, resto=[tmp_path / "s.test.ts"])
    assert [(h["herramienta"], h["linea"], h["esquema_entrada"]) for h in filas["herramienta"]] == [("estado", 5, "modelo")]
    assert [json.loads(e["contenido"]) for e in filas["esquema"] if e["lado"] == "entrada"] == [{
        "$schema": V7, "type": "object", "properties": {"sitio": {"type": "string"}, "hondo": {"type": "boolean"}},
        "required": ["sitio"]}]
    assert filas["no_resuelto"] == []


def test_a_helper_called_with_two_configs_is_a_tool_per_call_and_one_never_called_stays_a_row(tmp_path):
    dos = AYUDANTE + 'registrarHerramientas(server, { otro: z.number() }, {});\n'
    (tmp_path / "s.ts").write_text(dos, encoding="utf-8")
    filas = extraer_ts([tmp_path / "s.ts"], tmp_path)
    assert [(h["herramienta"], h["linea"]) for h in filas["herramienta"]] == [
        ("estado (s.ts:11)", 11), ("estado (s.ts:12)", 12)]
    assert sorted(json.loads(e["contenido"])["required"] for e in filas["esquema"] if e["lado"] == "entrada") == [
        ["otro"], ["sitio"]]
    (tmp_path / "s.ts").write_text(AYUDANTE.replace("registrarHerramientas(server, comun, {});\n", ""), encoding="utf-8")
    filas = extraer_ts([tmp_path / "s.ts"], tmp_path)
    assert [(h["herramienta"], h["linea"], h["esquema_entrada"]) for h in filas["herramienta"]] == [
        ("estado", 5, "no_resuelto")]
    assert [n["motivo"] for n in filas["no_resuelto"]] == [
        "the input schema of tool `estado` cannot be read: `comun` is not an object literal the analyzer can read"]


IDENTIDAD = '''import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod/v4";

type AnySchema = unknown;
export function aEsquema<T extends object>(esquema: T): AnySchema {
  return esquema as unknown as AnySchema;
}
const Salida = z.object({ ok: z.boolean() });
const server = new McpServer({ name: "s", version: "1" });
server.registerTool("clonar", { inputSchema: aEsquema({ repo: z.string() }), outputSchema: aEsquema(Salida.shape) },
  async () => ({ content: [], structuredContent: { ok: true } }));
'''


def test_a_project_function_that_returns_its_parameter_is_what_the_call_passes(tmp_path):
    (tmp_path / "s.ts").write_text(IDENTIDAD, encoding="utf-8")
    filas = extraer_ts([tmp_path / "s.ts"], tmp_path)
    assert sorted((e["lado"], json.loads(e["contenido"])["required"]) for e in filas["esquema"]) == [
        ("entrada", ["repo"]), ("salida", ["ok"])]
    assert filas["no_resuelto"] == []


FUNCIONES_DE_FORMA = '''import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod/v4";
function pingSchema() {
  return { message: z.string() };
}
function conPrefijo(p: string) {
  return { [p + "_id"]: z.string(), nota: z.string().describe(p) };
}
const server = new McpServer({ name: "x", version: "1" });
server.registerTool("ping", { inputSchema: pingSchema() }, async () => ({ content: [] }));
server.registerTool("envuelto", { inputSchema: z.object(pingSchema()) }, async () => ({ content: [] }));
server.registerTool("pref", { inputSchema: conPrefijo("doc") }, async () => ({ content: [] }));
server.tool("viejo", "d", pingSchema(), async () => ({ content: [] }));
'''


def test_a_shape_or_schema_a_project_function_returns_is_read_with_the_calls_arguments(tmp_path):
    (tmp_path / "s.ts").write_text(FUNCIONES_DE_FORMA, encoding="utf-8")
    filas = extraer_ts([tmp_path / "s.ts"], tmp_path)
    assert [(h["herramienta"], h["esquema_entrada"]) for h in filas["herramienta"]] == [
        ("ping", "modelo"), ("envuelto", "modelo"), ("pref", "modelo"), ("viejo", "modelo")]
    entradas = {e["herramienta"]: json.loads(e["contenido"]) for e in filas["esquema"] if e["lado"] == "entrada"}
    assert entradas["pref"]["properties"] == {"doc_id": {"type": "string"}, "nota": {"type": "string", "description": "doc"}}
    assert entradas["ping"]["required"] == entradas["viejo"]["required"] == ["message"]
    assert filas["no_resuelto"] == []
    # an async function returns a promise, not the shape: still a row
    (tmp_path / "s.ts").write_text(FUNCIONES_DE_FORMA.replace("function pingSchema()", "async function pingSchema()"),
                                   encoding="utf-8")
    filas = extraer_ts([tmp_path / "s.ts"], tmp_path)
    assert [h["herramienta"] for h in filas["herramienta"] if h["esquema_entrada"] == "no_resuelto"] == [
        "ping", "envuelto", "viejo"]


LLENADA = FUNCIONES_DE_FORMA.replace("""function pingSchema() {
  return { message: z.string() };
}""", """function pingSchema(campos = ["message"]) {
  const shape: Record<string, z.ZodTypeAny> = {};
  for (const c of campos) shape[c] = z.string();
  return shape;
}""")


def test_a_shape_filled_after_it_is_written_is_a_row_not_its_empty_literal(tmp_path):
    """`const shape = {}; for (...) shape[c] = ...; return shape;`: the literal is not what it holds (it
    was read as an empty shape)."""
    (tmp_path / "s.ts").write_text(LLENADA, encoding="utf-8")
    filas = extraer_ts([tmp_path / "s.ts"], tmp_path)
    assert [(h["herramienta"], h["esquema_entrada"]) for h in filas["herramienta"]] == [
        ("ping", "no_resuelto"), ("envuelto", "no_resuelto"), ("pref", "modelo"), ("viejo", "no_resuelto")]
    assert [(n["linea"], n["motivo"]) for n in filas["no_resuelto"]] == [
        (5, f"the input schema of tool `{nombre}` cannot be read: `shape` is filled after it is written "
            "(`shape[c] = z.string()`): its keys are not known") for nombre in ("envuelto", "ping", "viejo")]


ESQUEMA_LLENADO = """import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
const entrada = { type: "object", properties: { q: { type: "string" } } };
const fija = { type: "object", properties: {} };
if (process.env.EXTRA) entrada.properties.extra = { type: "number" };
const server = new Server({ name: "x", version: "1" }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [{ name: "buscar", inputSchema: entrada }, { name: "fijo", inputSchema: fija }] }));
"""


def test_a_json_schema_constant_written_into_later_is_a_row_and_one_never_written_is_read(tmp_path):
    (tmp_path / "s.ts").write_text(ESQUEMA_LLENADO, encoding="utf-8")
    filas = extraer_ts([tmp_path / "s.ts"], tmp_path)
    assert [(h["herramienta"], h["esquema_entrada"]) for h in filas["herramienta"]] == [
        ("buscar", "no_resuelto"), ("fijo", "literal")]
    assert [(n["linea"], n["motivo"]) for n in filas["no_resuelto"]] == [
        (5, "the input schema of tool `buscar` cannot be read: `entrada` is filled after it is written "
            "(`entrada.properties.extra = { type: \"number\" }`): what it holds is not known")]


ATADO = """import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod/v4";
const mcp = new McpServer({ name: "x", version: "1.0.0" });
const registerTool = mcp.registerTool.bind(mcp);
const conectar = mcp.connect.bind(mcp);
registerTool("preguntar", { inputSchema: { pregunta: z.string() } }, async () => ({ content: [] }));
conectar("no", { inputSchema: {} }, async () => ({ content: [] }));
"""


def test_a_registration_method_bound_to_a_name_is_a_registration_and_another_method_is_not(tmp_path):
    (tmp_path / "s.ts").write_text(ATADO, encoding="utf-8")
    filas = extraer_ts([tmp_path / "s.ts"], tmp_path)
    assert [(h["herramienta"], h["linea"], h["esquema_entrada"]) for h in filas["herramienta"]] == [
        ("preguntar", 6, "modelo")]
    assert filas["no_resuelto"] == []


def test_a_bound_method_called_by_the_function_that_replaces_it_is_no_registration_of_its_own(tmp_path):
    """`const original = mcp.tool.bind(mcp); mcp.tool = (...a) => original(...a)`: the calls it intercepts
    are the registrations (read where written), not the spread inside it."""
    interceptor = ATADO + """const original = mcp.tool.bind(mcp) as (...a: unknown[]) => unknown;
(mcp as any).tool = (...args: unknown[]) => {
  return original(...args);
};
mcp.tool("eco", "Eco", async () => ({ content: [] }));
"""
    (tmp_path / "s.ts").write_text(interceptor, encoding="utf-8")
    filas = extraer_ts([tmp_path / "s.ts"], tmp_path)
    assert [(h["herramienta"], h["linea"]) for h in filas["herramienta"]] == [("preguntar", 6), ("eco", 12)]
    assert filas["no_resuelto"] == []


def test_a_project_function_that_returns_anything_else_stays_a_row(tmp_path):
    (tmp_path / "s.ts").write_text(IDENTIDAD.replace("return esquema as unknown", "return envolver(esquema) as unknown"),
                                   encoding="utf-8")
    filas = extraer_ts([tmp_path / "s.ts"], tmp_path)
    assert filas["esquema"] == []
    # the row names what is not read, inside the function (line 6), not the call
    assert [(n["linea"], n["motivo"]) for n in filas["no_resuelto"]] == [
        (6, "the input schema of tool `clonar` cannot be read: `envolver(esquema) as unknown as AnySchema` is not a zod "
            "schema the analyzer can read"),
        (6, "the output schema of tool `clonar` cannot be read: `envolver(esquema) as unknown as AnySchema` is not a zod "
            "schema the analyzer can read")]


FABRICA_HERRAMIENTAS = '''import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod/v4";

type Definicion = { name: string; description: string; args?: Record<string, z.ZodTypeAny>; tool: (...a: any[]) => any };

export function crearRegistrador(server: McpServer, sdk: object) {
  return (tool: Definicion): void => {
    if (tool.args) {
      server.tool(tool.name, tool.description, tool.args, async (args, ctx) => tool.tool(sdk, args, ctx));
    } else {
      server.tool(tool.name, tool.description, async (ctx) => tool.tool(sdk, ctx));
    }
  };
}

const listar: Definicion = { name: "listar", description: "Lista", tool: async () => ({ content: [] }) };
const argsCrear = { nombre: z.string() };
const crear: Definicion = { name: "crear", description: "Crea", args: argsCrear, tool: async () => ({ content: [] }) };
const server = new McpServer({ name: "s", version: "1" });
const tool = crearRegistrador(server, {});
const registro = { tool };
void registro; // generated code silences the unused name
tool(listar);
tool(crear);
'''


def test_a_registration_closure_a_factory_returns_is_a_tool_per_call_of_what_the_factory_built(tmp_path):
    """`const tool = crearRegistrador(server, sdk); tool(def)`: each call is a tool, read with `def`, in
    the branch its `if (tool.args)` takes; `tool.tool(sdk, ctx)` on a value typed as the project's own
    data shape is no registration."""
    (tmp_path / "s.ts").write_text(FABRICA_HERRAMIENTAS, encoding="utf-8")
    filas = extraer_ts([tmp_path / "s.ts"], tmp_path)
    assert [(h["herramienta"], h["linea"], h["esquema_entrada"]) for h in filas["herramienta"]] == [
        ("listar", 23, "modelo"), ("crear", 24, "modelo")]
    assert sorted((e["herramienta"], json.loads(e["contenido"]).get("required")) for e in filas["esquema"]
                  if e["lado"] == "entrada") == [("crear", ["nombre"]), ("listar", None)]
    assert filas["no_resuelto"] == []


def test_a_factory_nobody_binds_and_a_receiver_that_is_no_data_shape_stay_as_written(tmp_path):
    sin_llamar = FABRICA_HERRAMIENTAS.split("const tool = ")[0]
    (tmp_path / "s.ts").write_text(sin_llamar.replace("type Definicion =", "class Otra {}\ntype Definicion ="),
                                   encoding="utf-8")
    filas = extraer_ts([tmp_path / "s.ts"], tmp_path)
    assert [(h["herramienta"], h["linea"], h["esquema_entrada"]) for h in filas["herramienta"]] == [
        ("{tool.name} (s.ts:10)", 10, "no_resuelto"), ("{tool.name} (s.ts:12)", 12, "no_resuelto")]
    por_llamar = ("tool `{tool.name}` takes its name from `tool`, a parameter of the function at s.ts:8 whose calls "
                  "the analyzer does not follow: the registration stands for one tool per call, how many is not known "
                  "(read as one)")
    ambigua = "tool `{tool.name}`: `tool.description` may be its schema or its annotations, and the analyzer cannot tell which"
    assert [n["motivo"] for n in filas["no_resuelto"]] == [por_llamar, ambigua, por_llamar, ambigua]
    # the function the factory returns handed on as a value (`registrarTodo({ tool })`): its calls are not
    # followed, and a test's calls of it register into the test's own server
    (tmp_path / "s.ts").write_text(FABRICA_HERRAMIENTAS.replace("tool(listar);\ntool(crear);\n", "registrarTodo({ tool });\n"),
                                   encoding="utf-8")
    (tmp_path / "s.test.ts").write_text('const tool = crearRegistrador(server, {});\ntool(listar);\n', encoding="utf-8")
    filas = extraer_ts([tmp_path / "s.ts"], tmp_path, resto=[tmp_path / "s.test.ts"])
    assert [(h["herramienta"], h["linea"]) for h in filas["herramienta"]] == [
        ("{tool.name} (s.ts:9)", 9), ("{tool.name} (s.ts:11)", 11)]
    assert len(filas["no_resuelto"]) == 4 and sum("how many is not known" in n["motivo"] for n in filas["no_resuelto"]) == 2
    # typed otherwise (an intersection with a class, not a type alias or interface), `x.tool(a, b)` is still read
    (tmp_path / "s.ts").write_text(sin_llamar.replace("(tool: Definicion)", "(tool: Otra & Definicion)").replace(
        "type Definicion =", "class Otra {}\ntype Definicion =").replace("(sdk, ctx))", "(sdk, async () => ({ content: [] })))"),
        encoding="utf-8")
    assert sorted(h["herramienta"] for h in extraer_ts([tmp_path / "s.ts"], tmp_path)["herramienta"]
                  if h["herramienta"].startswith("{sdk}")) == ["{sdk} (s.ts:10)", "{sdk} (s.ts:12)"]


SIN_IMPORTAR = {
    "servidor.js": '''import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { registrarHerramientas } from "./herramientas.js";
const server = new McpServer({ name: "x", version: "1.0.0" });
registrarHerramientas(server);
''',
    "herramientas.js": '''import { z } from "zod/v4";
/** @param {McpServer} server */
export function registrarHerramientas(server) {
  server.tool("listar", "Lista", { nombre: z.string() }, async () => ({ content: [] }));
  server.tool("info", "Info", async () => ({ content: [] }));
}
'''}


def test_a_tool_call_on_a_parameter_that_is_passed_a_built_mcp_server_is_read_in_a_file_without_the_import(tmp_path):
    """JavaScript that takes the server as an untyped parameter: the call in another file that passes a
    `new McpServer(...)` says what it is; passed anything else, `.tool(...)` is another object's method."""
    for nombre, texto_ in SIN_IMPORTAR.items():
        (tmp_path / nombre).write_text(texto_, encoding="utf-8")
    rutas = [tmp_path / "servidor.js", tmp_path / "herramientas.js"]
    filas = extraer_ts(rutas, tmp_path)
    assert [(h["archivo"], h["herramienta"], h["linea"], h["esquema_entrada"]) for h in filas["herramienta"]] == [
        ("herramientas.js", "listar", 4, "modelo"), ("herramientas.js", "info", 5, "modelo")]
    assert filas["no_resuelto"] == []
    (tmp_path / "servidor.js").write_text(SIN_IMPORTAR["servidor.js"].replace("registrarHerramientas(server)",
                                                                              "registrarHerramientas(new Agenda())"),
                                          encoding="utf-8")
    filas = extraer_ts(rutas, tmp_path)
    assert filas["herramienta"] == []
    assert [n["motivo"] for n in filas["no_resuelto"]] == [
        "an MCP server is built here, and the project's TypeScript/JavaScript sources hold no tool registration the "
        "analyzer can read: its tools are not judged; judge the server live with `oracle-lint probe`"]


METODOS_MANEJADORES = '''import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ListToolsRequestSchema, CallToolRequestSchema } from "@modelcontextprotocol/sdk/types.js";

export class Servidor {
  server = new Server({ name: "x", version: "1" }, { capabilities: { tools: {} } });
  constructor() {
    this.server.setRequestHandler(ListToolsRequestSchema, this.listar.bind(this));
    this.server.setRequestHandler(CallToolRequestSchema, this.llamar);
  }
  async listar() {
    return { tools: [{ name: "uno", inputSchema: { type: "object", properties: {} },
                       outputSchema: { type: "object", properties: { n: { type: "number" } } } }] };
  }
  async llamar(request: any) {
    switch (request.params.name) {
      case "uno":
        return { content: [], structuredContent: { n: 1, extra: true } };
    }
    throw new Error("x");
  }
}
'''


def test_low_level_handlers_given_as_methods_of_the_class_are_read(tmp_path):
    """`setRequestHandler(ListToolsRequestSchema, this.listar.bind(this))` and `(CallToolRequestSchema,
    this.llamar)`: the class's methods list the tools and answer them; a method the class does not
    have is a row."""
    (tmp_path / "s.ts").write_text(METODOS_MANEJADORES, encoding="utf-8")
    filas = extraer_ts([tmp_path / "s.ts"], tmp_path)
    assert [(h["herramienta"], h["linea"]) for h in filas["herramienta"]] == [("uno", 11)]
    assert [(c["herramienta"], c["clave"]) for c in filas["clave_emitida"]] == [("uno", "n"), ("uno", "extra")]
    assert filas["no_resuelto"] == []
    (tmp_path / "s.ts").write_text(METODOS_MANEJADORES.replace("this.listar.bind(this)", "this.otro.bind(this)"),
                                   encoding="utf-8")
    filas = extraer_ts([tmp_path / "s.ts"], tmp_path)
    assert filas["herramienta"] == []
    assert [n["motivo"] for n in filas["no_resuelto"]] == [
        "the tools this `ListToolsRequestSchema` handler lists cannot be enumerated: `this.otro` is not a function the "
        "analyzer can read; its tools are not judged (judge the server live with `oracle-lint probe`)"]


FASTMCP = '''import { FastMCP } from "fastmcp";
import { z } from "zod";

const server = new FastMCP({ name: "f", version: "1.0.0" });
server.addTool({
  name: "sumar",
  parameters: z.object({ a: z.number(), b: z.object({ c: z.string() }), d: z.number().default(1) }),
  outputSchema: z.object({ total: z.number() }),
  annotations: { readOnlyHint: true },
  execute: async ({ a }) => ({ total: a }),
});
server.addTool({ name: "saludo", execute: async () => "hola" });
'''


@pytest.mark.parametrize("zod_instalado,entrada,salida", [
    # zod 4.2 and later: its standard JSON Schema (input side) for both; fastmcp closes the input
    ("4.6.7", {"$schema": V7, "type": "object", "additionalProperties": False, "properties": {
        "a": {"type": "number"}, "b": {"type": "object", "additionalProperties": False, "properties": {"c": {"type": "string"}},
                                       "required": ["c"]}, "d": {"default": 1, "type": "number"}}, "required": ["a", "b"]},
     {"$schema": V7, "type": "object", "properties": {"total": {"type": "number"}}, "required": ["total"]}),
    # earlier zod 4: toJSONSchema's default side, the output: a defaulted key is required, objects closed
    ("4.1.13", {"$schema": V7, "type": "object", "additionalProperties": False, "properties": {
        "a": {"type": "number"}, "b": {"type": "object", "additionalProperties": False, "properties": {"c": {"type": "string"}},
                                       "required": ["c"]}, "d": {"default": 1, "type": "number"}}, "required": ["a", "b", "d"]},
     {"$schema": V7, "type": "object", "additionalProperties": False, "properties": {"total": {"type": "number"}},
      "required": ["total"]}),
])
def test_fastmcp_publishes_through_its_converter(tmp_path, zod_instalado, entrada, salida):
    (tmp_path / "s.ts").write_text(FASTMCP, encoding="utf-8")
    for paquete, version in (("zod", zod_instalado), ("fastmcp", "4.20.16")):
        (tmp_path / "node_modules" / paquete).mkdir(parents=True)
        (tmp_path / "node_modules" / paquete / "package.json").write_text(json.dumps({"version": version}), encoding="utf-8")
    filas = extraer_ts([tmp_path / "s.ts"], tmp_path)
    esquemas = {(e["herramienta"], e["lado"]): json.loads(e["contenido"]) for e in filas["esquema"]}
    assert esquemas == {("sumar", "entrada"): entrada, ("sumar", "salida"): salida,
                        ("saludo", "entrada"): {"additionalProperties": False, "properties": {}, "type": "object"}}
    # what execute returns, when it is no tool result, is the structured content; a string is text
    assert [(r["herramienta"], r["procedencia"]) for r in filas["raiz"]] == [("sumar", "own")]
    assert [(v["ruta"], v["origen"], v["argumento"]) for v in filas["valor_emitido"]] == [("total", "argumento", "a")]
    assert [(h["herramienta"], h["registro"], h["solo_lectura"]) for h in filas["herramienta"]] == [
        ("sumar", "fastmcp", "verdadero"), ("saludo", "fastmcp", "ausente")]


def test_fastmcp_and_zod_releases_from_a_bun_lock_and_an_older_fastmcp_declined(tmp_path):
    (tmp_path / "s.ts").write_text(FASTMCP, encoding="utf-8")
    bun = '''{
  "lockfileVersion": 1,
  "packages": {
    "fastmcp": ["fastmcp@FASTMCP", "", {}, "sha512-x"],
    "zod": ["zod@4.6.7", "", {}, "sha512-y"],
  },
}
'''
    (tmp_path / "bun.lock").write_text(bun.replace("FASTMCP", "4.20.16"), encoding="utf-8")
    filas = extraer_ts([tmp_path / "s.ts"], tmp_path)
    assert [e["herramienta"] for e in filas["esquema"]] == ["sumar", "sumar", "saludo"] and filas["no_resuelto"] == []
    # fastmcp 2 converted schemas otherwise: not guessed
    (tmp_path / "bun.lock").write_text(bun.replace("FASTMCP", "2.1.4"), encoding="utf-8")
    filas = extraer_ts([tmp_path / "s.ts"], tmp_path)
    assert [n["motivo"] for n in filas["no_resuelto"]] == [
        "the input schema of tool `sumar` cannot be read: fastmcp 2.1.4: only the schema conversion of fastmcp 3.x "
        "and 4.x is read (declare or install one)",
        "the output schema of tool `sumar` cannot be read: fastmcp 2.1.4: only the schema conversion of fastmcp 3.x "
        "and 4.x is read (declare or install one)"]


def test_an_internal_error_is_a_row_never_a_crash(tmp_path, monkeypatch):
    from oracle_lint.linter.ts import evidencia

    def roto(*_args, **_kwargs):
        raise AttributeError("'NoneType' object has no attribute 'type'")

    monkeypatch.setattr(evidencia, "_herramienta", roto)
    shutil.copy(FIXTURE / "herramientas.ts", tmp_path / "h.ts")
    filas = extraer_ts([tmp_path / "h.ts"], tmp_path)
    assert [(n["archivo"], n["linea"], n["motivo"]) for n in filas["no_resuelto"]] == [
        ("h.ts", 1, "analyzer internal error in the TypeScript front end (AttributeError: 'NoneType' object has no "
                    "attribute 'type'): the rest of this file's tools are not judged")]


def test_an_internal_error_reading_the_call_handlers_is_a_row_never_a_crash(tmp_path, monkeypatch):
    """The dispatchers are read before any tool (a workspace listing `- .` crashed here, exit 70)."""
    from oracle_lint.linter.ts import evidencia

    def roto(*_args, **_kwargs):
        raise IndexError("tuple index out of range")

    monkeypatch.setattr(evidencia, "despachadores", roto)
    shutil.copy(FIXTURE / "herramientas.ts", tmp_path / "h.ts")
    filas = extraer_ts([tmp_path / "h.ts"], tmp_path)
    assert [(n["archivo"], n["linea"], n["motivo"]) for n in filas["no_resuelto"] if "internal error" in n["motivo"]] == [
        ("h.ts", 1, "analyzer internal error in the TypeScript front end (IndexError: tuple index out of range): this "
                    "file's CallToolRequestSchema handlers are not read, and the responses of the tools they dispatch "
                    "are not judged")]
    assert filas["herramienta"] != []


def test_the_tool_overloads_with_mcpserver_imported_relatively(tmp_path):
    """`server.tool(...)` in a file that imports `McpServer` from a relative module (the SDK's own
    examples, a project module re-exporting it) is read as the SDK's; without that import it is not
    (otro.ts's `router.tool(...)`)."""
    (tmp_path / "package.json").write_text('{"dependencies": {"zod": "^3.25.0"}}', encoding="utf-8")
    (tmp_path / "e.ts").write_text('import { McpServer } from "../server/mcp.js";\nimport { z } from "zod";\n'
                                   'const server = new McpServer({ name: "e", version: "1" });\n'
                                   'server.tool("echo", { text: z.string() }, async ({ text }) => ({ content: [] }));\n',
                                   encoding="utf-8")
    filas = extraer_ts([tmp_path / "e.ts"], tmp_path)
    assert [(h["herramienta"], h["registro"], h["esquema_entrada"]) for h in filas["herramienta"]] == [
        ("echo", "typescript", "modelo")]
    assert [json.loads(e["contenido"]) for e in filas["esquema"]] == [
        {"$schema": V7, "type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"],
         "additionalProperties": False}]


def test_a_register_tool_of_another_api_is_no_tool(tmp_path):
    """The near miss: a test harness's `registerTool(name, handler)` (a function where the SDK takes
    the config) in a file that names registerTool is neither a tool nor an unread row."""
    (tmp_path / "h.test.ts").write_text('const harness = createTestHarness();\n'
                                        'harness.registerTool("new_tool", async () => ({ content: [] }));\n'
                                        '// a framework\'s registerTool(name, description, schema): a string second\n'
                                        'context.registerTool("other", "A description", { type: "object" });\n'
                                        '// a plugin API: registerTool(tool, options), the tool built by a factory\n'
                                        'const crear = (c) => ({ name: "x", execute: async () => c });\n'
                                        'api.registerTool((ctx) => crear(ctx), { optional: true });\n'
                                        'api.registerTool(crear(1), { name: "wiki_status" });\n',
                                        encoding="utf-8")
    filas = extraer_ts([tmp_path / "h.test.ts"], tmp_path)
    assert filas["herramienta"] == [] and filas["no_resuelto"] == []
    # a name a project function computes is still a name: `registerTool(nombre(1), { ... }, handler)`
    (tmp_path / "n.ts").write_text('const nombre = (i) => `tool_${i}`;\n'
                                   'server.registerTool(nombre(1), { description: "d" }, async () => ({ content: [] }));\n',
                                   encoding="utf-8")
    assert [h["herramienta"] for h in extraer_ts([tmp_path / "n.ts"], tmp_path)["herramienta"]] == ["{nombre(1)}"]
    # the polarity: the same project with a source that imports the SDK and registers nothing says so
    (tmp_path / "s.ts").write_text('import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\n',
                                   encoding="utf-8")
    filas = extraer_ts([tmp_path / "h.test.ts", tmp_path / "s.ts"], tmp_path)
    assert [(n["archivo"], n["linea"], n["motivo"][:40]) for n in filas["no_resuelto"]] == [
        ("s.ts", 1, "an MCP server is built here, and the pro")]
    # an error class of the SDK's server auth module builds no server: no row (a client's test imports it)
    (tmp_path / "s.ts").write_text('import { InvalidScopeError } from "@modelcontextprotocol/sdk/server/auth/errors.js";\n'
                                   'import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";\n'
                                   'export const e = new InvalidScopeError("scope");\n', encoding="utf-8")
    filas = extraer_ts([tmp_path / "h.test.ts", tmp_path / "s.ts"], tmp_path)
    assert filas["herramienta"] == [] and filas["no_resuelto"] == []
    for modulo in ("@modelcontextprotocol/sdk/server/index.js", "@modelcontextprotocol/sdk/server/mcp",
                   "@modelcontextprotocol/server", "fastmcp"):
        (tmp_path / "s.ts").write_text(f'import {{ Server }} from "{modulo}";\n', encoding="utf-8")
        filas = extraer_ts([tmp_path / "h.test.ts", tmp_path / "s.ts"], tmp_path)
        assert [(n["archivo"], n["motivo"][:29]) for n in filas["no_resuelto"]] == [("s.ts", "an MCP server is built here, ")]


def test_known_values_are_computed_as_javascript_computes_them(tmp_path):
    """`json_literal` of tests and lengths: UTF-16 lengths, strict and loose equality, short-circuits,
    and what stays unknown (a loose comparison across types, a value it cannot read)."""
    from oracle_lint.linter.ts.valores import json_literal, Irresoluble as NoSe

    casos = {"a": '"\U0001F600".length', "b": '[1, 2].length > 1', "c": '"1" === 1', "d": '!(2 <= 1)',
             "e": 'false && desconocido()', "f": 'new Set(["x", "y"]).has("y")', "g": '["x"].includes(1)',
             "h": '"1" == 1', "i": 'desconocido() || true', "j": 'undefined || "por defecto"', "k": '"x" && 3',
             "l": 'undefined ?? "otro"', "m": '0 || desconocido()',
             # `typeof`, `in` of a literal's keys, `some`/`every` over an array literal, a mapped literal
             "n": 'typeof { x: 1 } === "object"', "o": 'typeof "s"', "p": '"anyOf" in { type: "object", anyOf: [] }',
             "q": '"anyOf" in { type: "object" }', "r": '["a", "b"].some((k) => k in { b: 1 })',
             "s": '["a", "b"].every((k) => k in { b: 1 })', "t": '[{ n: "x" }, { n: "y" }].map((t) => t.n).join(", ")',
             "u": 'structuredClone({ a: [1] })', "v": 'typeof desconocido', "w": '"a" in desconocido',
             "x": '["a"].some((k) => desconocido(k))'}
    (tmp_path / "v.ts").write_text("".join(f"const {k} = {v};\n" for k, v in casos.items()), encoding="utf-8")
    lector = Lector(tmp_path)
    fuente = lector.fuente("v.ts")
    valores = {}
    for d in fuente.de_tipo(("variable_declarator",)):
        nombre = fuente.datos[d.child_by_field_name("name").start_byte:d.child_by_field_name("name").end_byte].decode()
        try:
            valores[nombre] = json_literal(lector, Ref(fuente, d.child_by_field_name("value")))
        except NoSe:
            valores[nombre] = "?"
    assert valores == {"a": 2, "b": True, "c": False, "d": True, "e": False, "f": True, "g": False, "h": "?", "i": "?",
                       "j": "por defecto", "k": 3, "l": "otro", "m": "?", "n": True, "o": "string", "p": True,
                       "q": False, "r": True, "s": False, "t": "x, y", "u": {"a": [1]}, "v": "?", "w": "?", "x": "?"}


def test_a_deep_copy_is_what_it_copies_without_the_keys_deleted_from_it(tmp_path):
    """`structuredClone(x)` / `JSON.parse(JSON.stringify(x))` read as `x`, less what is `delete`d from the
    copy afterwards; any other write into the copy leaves it unknown (never the original's value)."""
    from oracle_lint.linter.ts.valores import json_literal, Irresoluble as NoSe

    (tmp_path / "v.ts").write_text(
        'const base = { type: "object", anyOf: [{ required: ["a"] }], title: "t" };\n'
        'const a = structuredClone(base);\ndelete a.anyOf;\n'
        'const b = JSON.parse(JSON.stringify(base));\nfor (const k of ["anyOf", "title"]) delete b[k];\n'
        'const c = structuredClone(base);\nc.title = "other";\n'
        'export const usos = [a, b, c];\n', encoding="utf-8")
    lector = Lector(tmp_path)
    fuente = lector.fuente("v.ts")
    arreglo = next(d for d in fuente.de_tipo(("variable_declarator",))
                   if fuente.datos[d.start_byte:d.start_byte + 4] == b"usos").child_by_field_name("value")
    a, b, c = [Ref(fuente, e) for e in arreglo.named_children]
    assert json_literal(lector, a) == {"type": "object", "title": "t"}
    assert json_literal(lector, b) == {"type": "object"}
    with pytest.raises(NoSe, match="a copy, is written into after it is made"):
        json_literal(lector, c)


ENVOLTURAS_ANIDADAS = '''import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod/v4";

const server = new McpServer({ name: "s", version: "1" });
const tool = ((name: string, ...rest: unknown[]) => (server as any).tool(name, ...rest)) as typeof server.tool;
function agregar(nombre: string, config: any) {
  server.registerTool(nombre, config, async () => ({ content: [] }));
}
export function registrar() {
  const corto = (nombre: string, desc: string, forma: any) => tool(nombre, desc, forma, async () => ({ content: [] }));
  const medio = (nombre: string) => agregar(nombre, { inputSchema: { q: z.string() } });
  corto("uno", "Uno", { a: z.string() });
  corto("dos", "Dos", { b: z.number() });
  medio("tres");
}
'''


def test_a_wrapper_of_a_wrapper_is_a_tool_per_call_of_the_outer_one(tmp_path):
    """`corto(...)` calls `tool(...)`, itself a spread wrapper of `server.tool`; `medio(...)` calls
    `agregar(...)`, a wrapper of `server.registerTool`: a tool per call of the outer function."""
    (tmp_path / "s.ts").write_text(ENVOLTURAS_ANIDADAS, encoding="utf-8")
    filas = extraer_ts([tmp_path / "s.ts"], tmp_path)
    assert [(h["herramienta"], h["linea"], h["esquema_entrada"]) for h in filas["herramienta"]] == [
        ("uno", 12, "modelo"), ("dos", 13, "modelo"), ("tres", 14, "modelo")]
    assert filas["no_resuelto"] == []
    esquemas = {e["herramienta"]: json.loads(e["contenido"])["properties"] for e in filas["esquema"]}
    assert esquemas == {"uno": {"a": {"type": "string"}}, "dos": {"b": {"type": "number"}}, "tres": {"q": {"type": "string"}}}
    # the near miss: an outer function nobody calls keeps one registration, and says its count is unknown
    (tmp_path / "s.ts").write_text(ENVOLTURAS_ANIDADAS.replace('  corto("uno", "Uno", { a: z.string() });\n', "")
                                   .replace('  corto("dos", "Dos", { b: z.number() });\n', ""), encoding="utf-8")
    filas = extraer_ts([tmp_path / "s.ts"], tmp_path)
    assert [(h["herramienta"], h["linea"]) for h in filas["herramienta"]] == [("{nombre}", 10), ("tres", 12)]
    assert [n["motivo"] for n in filas["no_resuelto"]] == [
        "tool `{nombre}` takes its name from `nombre`, a parameter of `corto` (s.ts:10) whose calls the analyzer does not "
        "follow: the registration stands for one tool per call, how many is not known (read as one)",
        "tool `{nombre}`: `desc` may be its schema or its annotations, and the analyzer cannot tell which"]
