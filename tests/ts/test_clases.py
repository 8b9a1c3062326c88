"""Class-based tools (seed 000's `ToolBase`): a base class whose method registers `this.name` with
`this`'s schemas is a tool per concrete class of its hierarchy, read as that class's instance; the
classes are found in the project's sources that do not import the SDK; a hierarchy with no concrete
class is one registration that says so, never silence."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from oracle_lint.linter.ts.evidencia import extraer_ts

from .corridas import relaciones_de_la_cli

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "typescript" / "clases"
SERVIDORES = ["aplicacion.ts", "base.ts", "huerfana.ts", "server.ts", "simple.ts"]  # the files that import the SDK
V7 = "http://json-schema.org/draft-07/schema#"
HUERFANA = ("class `Orphan` registers a tool per instance (through `this`), and no class of its hierarchy that is not "
            "abstract is found among the project's sources: the tools it registers are not known")


@pytest.fixture(scope="module")
def filas():
    return extraer_ts([FIXTURE / a for a in SERVIDORES], FIXTURE, resto=[FIXTURE / "tools.ts"])


def test_each_concrete_class_is_a_tool_placed_at_the_class(filas):
    columnas = ("archivo", "linea", "columna", "herramienta", "registro", "esquema_entrada", "esquema_salida",
                "solo_lectura", "destructiva", "claves_emitidas")
    assert [tuple(h[c] for c in columnas) for h in filas["herramienta"]] == [
        # the near miss: a literal name is one tool at its call, whatever classes extend its class
        ("aplicacion.ts", 9, 5, "status", "typescript", "modelo", "ninguno", "ausente", "ausente", None),
        ("huerfana.ts", 7, 5, "{this.name}", "typescript", "modelo", "ninguno", "ausente", "ausente", None),
        # instances named by their constructor's arguments: a tool per `new`, at the `new`
        ("simple.ts", 14, 1, "first_simple", "typescript", "modelo", "ninguno", "ausente", "ausente", None),
        ("simple.ts", 15, 1, "second_simple", "typescript", "modelo", "ninguno", "ausente", "ausente", None),
        # a field, a getter, and super(...) into the base's parameter properties give the names; the
        # annotations are the base's field unless the class overrides it
        ("tools.ts", 7, 14, "entries-list", "typescript", "modelo", "modelo", "verdadero", "ausente", "data, state"),
        ("tools.ts", 22, 14, "entries-delete", "typescript", "modelo", "modelo", "ausente", "verdadero", "data, state"),
        ("tools.ts", 40, 14, "ping", "typescript", "modelo", "modelo", "verdadero", "ausente", "data, state"),
    ]
    # the abstract Draft and the Helper outside the hierarchy are no tools
    assert not {"draft", "helper"} & {h["herramienta"] for h in filas["herramienta"]}


def test_the_schemas_are_the_instances(filas):
    esquemas = {(e["herramienta"], e["lado"]): json.loads(e["contenido"]) for e in filas["esquema"]}
    estado = {"type": "object", "properties": {"complete": {"type": "boolean"}}, "required": ["complete"],
              "additionalProperties": False}
    assert esquemas[("entries-list", "entrada")] == {
        "$schema": V7, "type": "object", "properties": {"space": {"type": "string"}}, "required": ["space"],
        "additionalProperties": False}
    # the class's getOutputSchema() inside the base's envelope (`this.envelope().shape`)
    assert esquemas[("entries-list", "salida")] == {
        "$schema": V7, "type": "object", "additionalProperties": False, "required": ["data", "state"], "properties": {
            "data": {"type": "object", "properties": {"entries": {"type": "array", "items": {"type": "string"}}},
                     "required": ["entries"], "additionalProperties": False},
            "state": estado}}
    assert esquemas[("entries-delete", "salida")]["properties"]["data"] == {
        "type": "object", "properties": {"gone": {"type": "boolean"}}, "required": ["gone"], "additionalProperties": False}
    # Ping does not override getOutputSchema(): the base's z.object({}); its input is the empty shape super() passes
    assert esquemas[("ping", "salida")]["properties"]["data"] == {
        "type": "object", "properties": {}, "additionalProperties": False}
    assert esquemas[("ping", "entrada")] == {"$schema": V7, "type": "object", "properties": {}}
    # each `new`'s own arguments
    assert esquemas[("first_simple", "entrada")] == {"$schema": V7, "type": "object", "properties": {"a": {"type": "string"}},
                                                     "required": ["a"], "additionalProperties": False}
    assert esquemas[("second_simple", "entrada")] == {"$schema": V7, "type": "object", "properties": {}}


def test_the_responses_are_the_classes_execute_through_the_bases_helper(filas):
    """`async (args) => this.execute(args)` runs the concrete class's execute, whose `this.structured(...)`
    is the base's method: its `structuredContent` is the root each tool emits."""
    assert [(r["herramienta"], r["procedencia"], r["archivo"], r["linea"]) for r in filas["raiz"]] == [
        ("entries-delete", "own", "base.ts", 21), ("entries-list", "own", "base.ts", 21), ("ping", "own", "base.ts", 21)]
    # the helper's `data` parameter is the object each class passes: its keys are written values
    assert sorted((v["herramienta"], v["ruta"], v["origen"], v["constante"], v["archivo"], v["linea"])
                  for v in filas["valor_emitido"]) == [
        ("entries-delete", "data.gone", "otro", None, "tools.ts", 35),
        ("entries-delete", "state.complete", "otro", "True", "tools.ts", 35),
        ("entries-list", "data.entries", "otro", None, "tools.ts", 17),
        ("entries-list", "state.complete", "otro", "True", "tools.ts", 17),
        ("ping", "state.complete", "otro", "True", "tools.ts", 45)]


def test_a_hierarchy_without_a_concrete_class_says_so(filas):
    assert [(n["archivo"], n["linea"], n["herramienta"], n["motivo"]) for n in filas["no_resuelto"]] == [
        ("huerfana.ts", 7, "{this.name}", HUERFANA)]


def test_without_the_other_sources_the_base_says_what_it_cannot_know():
    """The near miss: the subclasses live in a file that does not import the SDK; without it the base is
    one registration that names what it could not find, not three guesses and not silence."""
    filas = extraer_ts([FIXTURE / a for a in SERVIDORES], FIXTURE)
    # two tools of one computed name stay two, told apart by where they are registered
    assert [(h["archivo"], h["linea"], h["herramienta"]) for h in filas["herramienta"]] == [
        ("aplicacion.ts", 9, "status"), ("base.ts", 20, "{this.name} (base.ts:20)"),
        ("huerfana.ts", 7, "{this.name} (huerfana.ts:7)"), ("simple.ts", 14, "first_simple"),
        ("simple.ts", 15, "second_simple")]
    assert [n["motivo"] for n in filas["no_resuelto"] if n["archivo"] == "base.ts"][0] == HUERFANA.replace(
        "Orphan", "ToolBase")


def test_a_whole_run_reads_the_sources_that_do_not_import_the_sdk(tmp_path):
    """The CLI passes the project's other TypeScript sources to the front end (archivos.fuentes_typescript)."""
    relaciones = relaciones_de_la_cli(FIXTURE, tmp_path)
    assert [(h["archivo"], h["herramienta"]) for h in relaciones["herramienta"]] == [
        ("aplicacion.ts", "status"), ("huerfana.ts", "{this.name}"), ("simple.ts", "first_simple"),
        ("simple.ts", "second_simple"), ("tools.ts", "entries-list"), ("tools.ts", "entries-delete"), ("tools.ts", "ping")]


AYUDANTE = '''import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";

export abstract class BaseServer {
  protected server = new McpServer({ name: "b", version: "1" });
  protected registerToolHelper(name: string, config: { inputSchema: z.ZodRawShape }, handler: () => Promise<object>) {
    this.server.registerTool(name, config, handler);
  }
}
'''

AYUDADO = '''import { z } from "zod";
import { BaseServer } from "./base.js";

export class Weather extends BaseServer {
  setup() {
    this.registerToolHelper("forecast", { inputSchema: { city: z.string() } }, async () => ({ content: [] }));
  }
}
'''


def test_a_base_class_helper_is_a_tool_per_call_a_subclass_makes(tmp_path):
    """A method of a base class that passes its own parameters to registerTool is a tool per
    `this.registerToolHelper(...)` of its subclasses, found in sources that import no SDK; without
    those sources it stays one registration that says what it cannot read."""
    (tmp_path / "package.json").write_text('{"dependencies": {"zod": "^3.25.0"}}', encoding="utf-8")
    (tmp_path / "base.ts").write_text(AYUDANTE, encoding="utf-8")
    (tmp_path / "weather.ts").write_text(AYUDADO, encoding="utf-8")
    filas = extraer_ts([tmp_path / "base.ts"], tmp_path, resto=[tmp_path / "weather.ts"])
    assert [(h["archivo"], h["linea"], h["herramienta"], h["esquema_entrada"]) for h in filas["herramienta"]] == [
        ("weather.ts", 6, "forecast", "modelo")]
    assert filas["no_resuelto"] == []
    solo = extraer_ts([tmp_path / "base.ts"], tmp_path)
    assert [(h["archivo"], h["linea"], h["herramienta"]) for h in solo["herramienta"]] == [("base.ts", 7, "{name}")]
    assert [n["motivo"] for n in solo["no_resuelto"]] == [
        "tool `{name}` takes its name from `name`, a parameter of `registerToolHelper` (base.ts:6) whose calls the "
        "analyzer does not follow: the registration stands for one tool per call, how many is not known (read as one)",
        "the config of tool `{name}` cannot be read: `config` is not an object literal the analyzer can read"]


PROTOTIPO = {
    "lista.js": "export async function listTools() {\n"
                "  return [{ name: 'get_time', config: { inputSchema: {} }, cb: async () => ({ content: [] }) }];\n}\n",
    "start.js": "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\n"
                "export async function start() {\n"
                "  this.server = new McpServer({ name: 's', version: '1' });\n"
                "  (await this.listTools()).map(({ name, config, cb }) => this.server.registerTool(name, config, cb));\n}\n",
    "index.js": "const { start } = require('./start.js');\nconst { listTools } = require('./lista.js');\n"
                "const Handler = function Handler(options) { this.options = options; };\n"
                "Handler.prototype.start = start;\nHandler.prototype.listTools = listTools;\nmodule.exports = Handler;\n",
}


def test_a_method_of_an_es5_constructor_prototype_is_what_this_calls(tmp_path):
    """`this.listTools()` in a function set on `Handler.prototype` (in a source that names it) is the
    function `Handler.prototype.listTools` is set to; without that assignment it is a row."""
    for nombre, texto in PROTOTIPO.items():
        (tmp_path / nombre).write_text(texto, encoding="utf-8")
    filas = extraer_ts([tmp_path / "start.js"], tmp_path, resto=[tmp_path / "lista.js", tmp_path / "index.js"])
    assert [(h["archivo"], h["herramienta"]) for h in filas["herramienta"]] == [("lista.js", "get_time")]
    assert filas["no_resuelto"] == []
    (tmp_path / "index.js").write_text(PROTOTIPO["index.js"].replace("Handler.prototype.listTools = listTools;\n", ""),
                                       encoding="utf-8")
    filas = extraer_ts([tmp_path / "start.js"], tmp_path, resto=[tmp_path / "lista.js", tmp_path / "index.js"])
    assert filas["no_resuelto"][0]["motivo"].startswith(
        "a tool is registered per element of `(await this.listTools())`, which cannot be enumerated: `this.listTools()` "
        "calls what is not a project function the analyzer reads")


REENVIO = {
    "catalogo.ts": 'import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\n'
                   "export interface Registrador { registerTool(name: string, config: any, cb: any): unknown }\n"
                   "export class Catalogo implements Registrador {\n"
                   "  private readonly nombres: string[] = [];\n"
                   "  constructor(private readonly mcp: McpServer) {}\n"
                   "  registerTool(name: string, config: any, cb: any): unknown {\n"
                   "    this.nombres.push(name);\n"
                   "    return this.mcp.registerTool(name, config, cb);\n  }\n}\n",
    "herramientas.ts": 'import { z } from "zod/v4";\nimport type { Registrador } from "./catalogo.js";\n'
                       "export function registrarEco(server: Registrador): void {\n"
                       '  server.registerTool("eco", { inputSchema: { texto: z.string() } }, async () => ({ content: [] }));\n}\n',
}


def test_a_class_method_that_forwards_registerTool_adds_no_tool_of_its_own(tmp_path):
    """`registerTool(name, config, cb) { return this.mcp.registerTool(name, config, cb) }` of a project
    class, called through a receiver typed as an interface it implements: the calls are the tools, the
    forwarding call none (it was a `{name}` placeholder beside them)."""
    for nombre, texto in REENVIO.items():
        (tmp_path / nombre).write_text(texto, encoding="utf-8")
    filas = extraer_ts([tmp_path / "catalogo.ts", tmp_path / "herramientas.ts"], tmp_path)
    assert [(h["archivo"], h["herramienta"]) for h in filas["herramienta"]] == [("herramientas.ts", "eco")]
    assert filas["no_resuelto"] == []
    # the near misses: with no call of it among the files read, the forwarding call stays, and says its count
    # is unknown; a method of another name that forwards its parameters stays one registration that says so
    filas = extraer_ts([tmp_path / "catalogo.ts"], tmp_path)
    assert [h["herramienta"] for h in filas["herramienta"]] == ["{name}"]
    assert filas["no_resuelto"][0]["motivo"].startswith("tool `{name}` takes its name from `name`, a parameter of `registerTool`")
    (tmp_path / "catalogo.ts").write_text(REENVIO["catalogo.ts"].replace("  registerTool(name: string", "  agregar(name: string"),
                                          encoding="utf-8")
    filas = extraer_ts([tmp_path / "catalogo.ts", tmp_path / "herramientas.ts"], tmp_path)
    assert sorted(h["herramienta"] for h in filas["herramienta"]) == ["eco", "{name}"]
