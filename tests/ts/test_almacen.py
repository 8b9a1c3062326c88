"""Tools a low-level server lists from a registry it fills as it runs (linter/ts/almacen.py): a class
whose `register` stores each tool in a Map field, `registerMany` calling it per element, the lists
project functions return (both branches of an environment switch), a `push`ed array field, a rest
parameter, a `let` behind a cache of itself, a destructured `const`, a parameter's property, a field
holding the registry. `.register(...)` on another kind of object is not the registry's. A test's registration is not the server's. A registry
the analyzer cannot enumerate (its field handed away, a method nobody calls or passed as a value, a
receiver whose class cannot be told where the class is named) is one row that says why; a `filter`
may keep each element, so each is listed. A local array filled by `push` (in a loop over
`Object.values` of a map chosen by a condition) is what is pushed; a constant array added to after it
is built is more than its literal."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from oracle_lint.linter.ts.llamadas import de_prueba
from oracle_lint.linter.ts.evidencia import extraer_ts

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "typescript" / "almacen"
RESTO = ("registro.ts", "herramientas.ts", "arranque.ts", "otro.ts", "tests/registro.test.ts")
QUERY = {"type": "object", "properties": {"q": {"type": "string"}}, "required": ["q"]}
NO_JUZGADAS = "; its tools are not judged (judge the server live with `oracle-lint probe`)"


@pytest.fixture(scope="module")
def filas():
    return extraer_ts([FIXTURE / a for a in ("server.ts", "cerrados.ts", "opaco.ts")], FIXTURE,
                      resto=[FIXTURE / a for a in RESTO])


def test_every_tool_a_registry_is_filled_with_is_listed_where_it_is_written(filas):
    assert [(h["archivo"], h["linea"], h["herramienta"], h["registro"], h["esquema_entrada"])
            for h in filas["herramienta"]] == [
        ("arranque.ts", 11, "ping", "lowlevel", "literal"),     # registry.register({...}) directly
        ("arranque.ts", 15, "gamma", "lowlevel", "literal"),    # a pushed array field, through `...defs`
        ("arranque.ts", 18, "kit_tool", "lowlevel", "literal"),  # `kit.tools` of what listKit(...) is passed
        ("arranque.ts", 26, "from_setup", "lowlevel", "literal"),  # `this.reg.register(...)`, `reg: Registry`
        # `.filter(...)` keeps some of a registry's elements: each may be kept, each is listed
        ("cerrados.ts", 55, "maybe", "lowlevel", "ninguno"),
        ("herramientas.ts", 8, "search", "lowlevel", "literal"),  # registerMany -> forEach -> register
        ("herramientas.ts", 9, "count", "lowlevel", "literal"),
        ("herramientas.ts", 18, "crud_read", "lowlevel", "literal"),  # both sides of the MODE switch
        ("herramientas.ts", 22, "unified", "lowlevel", "literal"),
        ("herramientas.ts", 27, "heavy", "lowlevel", "literal"),  # `await`, both sides of `?:`
        # one factory's object, built by two calls: two tools, each named by its call's argument
        ("herramientas.ts", 32, "made_a", "lowlevel", "literal"),
        ("herramientas.ts", 32, "made_b", "lowlevel", "literal"),
        ("server.ts", 26, "from_payload", "lowlevel", "literal"),  # `const { tools } = payload()`
    ]


def test_the_schemas_are_the_stored_literals(filas):
    esquemas = {(e["herramienta"], e["lado"]): json.loads(e["contenido"]) for e in filas["esquema"]}
    assert esquemas == {
        ("search", "entrada"): QUERY, ("crud_read", "entrada"): QUERY, ("unified", "entrada"): QUERY,
        ("heavy", "entrada"): QUERY,
        ("kit_tool", "entrada"): {"type": "object", "properties": {}},
        ("made_a", "entrada"): {"type": "object", "properties": {}},
        ("made_b", "entrada"): {"type": "object", "properties": {}},
        ("from_setup", "entrada"): {"type": "object", "properties": {}},
        ("from_payload", "entrada"): {"type": "object", "properties": {}},
        ("count", "entrada"): {"type": "object", "properties": {}},
        ("ping", "entrada"): {"type": "object", "properties": {}},
        ("gamma", "entrada"): {"type": "object", "properties": {"n": {"type": "number"}}},
    }


def test_a_registry_that_cannot_be_enumerated_is_one_row_that_says_why(filas):
    assert [(n["archivo"], n["linea"], n["herramienta"], n["motivo"]) for n in filas["no_resuelto"]] == [
        ("cerrados.ts", 14, None, "the tools this `ListToolsRequestSchema` handler lists cannot be enumerated: "
                                  "`expose(this.tools)`: `this.tools` is handed to a function the analyzer cannot read, "
                                  "which may add to it"
                                  + NO_JUZGADAS),
        ("cerrados.ts", 23, None, "the tools this `ListToolsRequestSchema` handler lists cannot be enumerated: "
                                  "no call of `register` is found in the project" + NO_JUZGADAS),
        ("cerrados.ts", 57, None, "the tools this `ListToolsRequestSchema` handler lists cannot be enumerated: "
                                  "method `register` is used as a value (`[{ name: \"p\" }].forEach(passed.register)`): "
                                  "its calls cannot be followed" + NO_JUZGADAS),
        ("cerrados.ts", 73, None, "the tools this `ListToolsRequestSchema` handler lists cannot be enumerated: "
                                  "`loadAll()` calls a function that returns nothing the analyzer reads" + NO_JUZGADAS),
        ("opaco.ts", 16, None, "the tools this `ListToolsRequestSchema` handler lists cannot be enumerated: "
                               "`current().register({ name: \"hidden\" })`: which class `current()` is an instance of "
                               "is not known, in a source that names `Opaque`" + NO_JUZGADAS),
    ]


def test_without_the_project_sources_the_registry_is_a_row_not_silence():
    """Read alone (the file that fills the registries not given), `register`, `add` and `listKit` have
    no call to follow: a row at each handler naming where the search stopped, never an empty list."""
    filas = extraer_ts([FIXTURE / "server.ts"], FIXTURE)
    assert [h["herramienta"] for h in filas["herramienta"]] == ["from_payload"]  # all in server.ts
    assert [(n["archivo"], n["linea"], n["motivo"]) for n in filas["no_resuelto"]] == [
        ("server.ts", 10, "the tools this `ListToolsRequestSchema` handler lists cannot be enumerated: no call of "
                          "`register` is found in the project (registro.ts:7)" + NO_JUZGADAS),
        ("server.ts", 22, "the tools this `ListToolsRequestSchema` handler lists cannot be enumerated: no call of "
                          "`add` is found in the project (registro.ts:29)" + NO_JUZGADAS),
        ("server.ts", 39, "the tools this `ListToolsRequestSchema` handler lists cannot be enumerated: no call of "
                          "`listKit` is found in the project" + NO_JUZGADAS),
    ]


@pytest.mark.parametrize("rel, esperado", [
    ("tests/registro.test.ts", True), ("src/__tests__/a.ts", True), ("src/a.spec.ts", True), ("src/a.test.mjs", True),
    ("src/registro.ts", False), ("src/testing/a.ts", False), ("src/latest.ts", False), ("test.ts", False),
])
def test_which_sources_are_tests(rel, esperado):
    assert de_prueba(rel) is esperado


def test_a_loop_over_a_parameter_is_a_tool_per_element_each_call_passes():
    """`for (const s of specs)` in `registerAll(server, specs)`: the elements of what each call passes,
    a call through a namespace import included (before, one registration that could not be enumerated)."""
    filas = extraer_ts([FIXTURE / "bucle.ts"], FIXTURE, resto=[FIXTURE / "espacio.ts"])
    assert [(h["archivo"], h["linea"], h["herramienta"], h["esquema_entrada"]) for h in filas["herramienta"]] == [
        ("bucle.ts", 14, "lookup", "modelo"), ("bucle.ts", 15, "remove", "modelo"),
        ("espacio.ts", 7, "via_namespace", "modelo")]  # `bucle.registerAll(...)` of `import * as bucle`
    esquemas = {e["herramienta"]: json.loads(e["contenido"]) for e in filas["esquema"]}
    assert esquemas["remove"]["properties"] == {"id": {"type": "string"}, "force": {"type": "boolean"}}
    assert esquemas["remove"]["required"] == ["id", "force"]
    assert filas["no_resuelto"] == []


def test_a_list_built_in_a_function_is_what_is_pushed_placed_where_each_tool_is_written():
    """`flatten()`: `all.push(...defs)` / `all.push(...Object.values(defs))` over `Object.values` of
    a map keyed by enum members and chosen by a condition (both maps), through a filter function
    that may return everything, each tool rebuilt by `{ ...tool, description }` and placed where the
    tool it spreads is written; an array handed to a function the analyzer cannot read is a row; a
    JSON Schema a project function returns is read with its parameters bound (a template literal of
    them included), and one whose text cannot be read is a row."""
    filas = extraer_ts([FIXTURE / "locales.ts"], FIXTURE)
    assert [(h["archivo"], h["linea"], h["herramienta"], h["esquema_entrada"]) for h in filas["herramienta"]] == [
        ("locales.ts", 9, "get_lists", "literal"), ("locales.ts", 10, "create_note", "literal"),
        ("locales.ts", 11, "legacy_lists", "literal"),
        ("locales.ts", 58, "create_company", "literal"), ("locales.ts", 59, "create_any", "no_resuelto")]
    esquemas = {e["herramienta"]: json.loads(e["contenido"]) for e in filas["esquema"]}
    assert esquemas["create_note"] == {"type": "object", "properties": {"text": {"type": "string"}}}
    # a schema a project function returns, its parameter in a template literal
    assert esquemas["create_company"] == {"type": "object", "properties": {
        "data": {"type": "object", "description": "Company fields"}}}
    assert [(n["archivo"], n["linea"], n["motivo"]) for n in filas["no_resuelto"]] == [
        ("locales.ts", 45, "the tools this `ListToolsRequestSchema` handler lists cannot be enumerated: `extend(all)`: "
                           "`all` is handed to a function the analyzer cannot read, which may add to it" + NO_JUZGADAS),
        ("locales.ts", 59, "the input schema of tool `create_any` cannot be read: `scoped(process.env.LABEL ?? \"Any\")` "
                           "is a call the analyzer does not read as a JSON Schema")]


def test_a_constant_array_pushed_into_after_it_is_built_holds_what_is_pushed():
    """`const TOOLS = [first]; TOOLS.push(second)`: both (the literal alone was read before: `second`
    was missed without a row)."""
    filas = extraer_ts([FIXTURE / "empujados.ts"], FIXTURE)
    assert [(h["archivo"], h["linea"], h["herramienta"], h["esquema_entrada"]) for h in filas["herramienta"]] == [
        ("empujados.ts", 5, "first", "modelo"), ("empujados.ts", 6, "second", "modelo")]
    assert filas["no_resuelto"] == []


ALIAS = '''import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod/v4";

const TOOLS = [{ name: "first", shape: { a: z.string() } }];
const LISTED = TOOLS as typeof TOOLS;
LISTED.push({ name: "second", shape: { b: z.number() } });
const server = new McpServer({ name: "p", version: "1" });
for (const t of LISTED) server.registerTool(t.name, { inputSchema: t.shape }, async () => ({ content: [] }));
'''


def test_a_constant_alias_of_an_array_adds_what_its_own_uses_add(tmp_path):
    """`const LISTED = TOOLS as ...; LISTED.push(...)`: the alias's uses are the array's (before, any
    alias stopped the enumeration); an alias handed to a function the analyzer cannot read still does."""
    (tmp_path / "s.ts").write_text(ALIAS, encoding="utf-8")
    filas = extraer_ts([tmp_path / "s.ts"], tmp_path)
    assert [(h["linea"], h["herramienta"]) for h in filas["herramienta"]] == [(4, "first"), (6, "second")]
    assert filas["no_resuelto"] == []
    (tmp_path / "s.ts").write_text(ALIAS.replace("LISTED.push({ name: \"second\", shape: { b: z.number() } });",
                                                 "extend(LISTED);"), encoding="utf-8")
    filas = extraer_ts([tmp_path / "s.ts"], tmp_path)
    assert [(n["linea"], n["motivo"]) for n in filas["no_resuelto"]] == [
        (6, "a tool is registered per element of `LISTED`, which cannot be enumerated: `extend(LISTED)`: `LISTED` is "
            "handed to a function the analyzer cannot read, which may add to it"),
        (8, "the input schema of tool `{t.name}` cannot be read: `t` is not a zod schema the analyzer can read")]


ESTATICO = '''import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";

const uno = { name: "uno", inputSchema: { type: "object", properties: {} } };
class Base {
  static getAllTools() {
    return [uno, { name: "dos", inputSchema: { type: "object", properties: {} } }];
  }
}
class Registro extends Base {}
const server = new Server({ name: "x", version: "1" }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: Registro.getAllTools() }));
'''


def test_a_static_method_called_on_its_class_lists_what_it_returns(tmp_path):
    """`Registro.getAllTools()`: the static method the class (or its ancestor) declares."""
    (tmp_path / "s.ts").write_text(ESTATICO, encoding="utf-8")
    filas = extraer_ts([tmp_path / "s.ts"], tmp_path)
    assert [(h["linea"], h["herramienta"]) for h in filas["herramienta"]] == [(4, "uno"), (7, "dos")]
    assert filas["no_resuelto"] == []


def test_an_instance_method_called_on_the_class_is_no_static_and_stays_a_row(tmp_path):
    (tmp_path / "s.ts").write_text(ESTATICO.replace("  static getAllTools()", "  getAllTools()"), encoding="utf-8")
    filas = extraer_ts([tmp_path / "s.ts"], tmp_path)
    assert filas["herramienta"] == []
    assert [n["motivo"] for n in filas["no_resuelto"]] == [
        "the tools this `ListToolsRequestSchema` handler lists cannot be enumerated: `Registro.getAllTools()` calls "
        "what is not a project function the analyzer reads: what it returns is not known" + NO_JUZGADAS]


ESTATICO_CAMPO = '''import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";

class Purga {
  static tools = {
    purgar: { description: "p", inputSchema: { type: "object", properties: { url: { type: "string" } } } },
    estado: { description: "e", inputSchema: { type: "object", properties: {} } },
  };
  static getAllTools() {
    return this.tools;
  }
}
const server = new Server({ name: "x", version: "1" }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: Object.entries(Purga.getAllTools()).map(([name, t]) => ({ name, inputSchema: t.inputSchema })) }));
'''


def test_this_in_a_static_method_is_the_class_and_its_static_field(tmp_path):
    (tmp_path / "s.ts").write_text(ESTATICO_CAMPO, encoding="utf-8")
    filas = extraer_ts([tmp_path / "s.ts"], tmp_path)
    assert sorted((h["herramienta"], h["esquema_entrada"]) for h in filas["herramienta"]) == [
        ("estado", "literal"), ("purgar", "literal")]
    assert filas["no_resuelto"] == []


def test_an_instance_field_is_not_what_this_is_in_a_static_method(tmp_path):
    (tmp_path / "s.ts").write_text(ESTATICO_CAMPO.replace("  static tools = {", "  tools = {"), encoding="utf-8")
    filas = extraer_ts([tmp_path / "s.ts"], tmp_path)
    assert filas["herramienta"] == []
    assert [n["motivo"] for n in filas["no_resuelto"]] == [
        "the tools this `ListToolsRequestSchema` handler lists cannot be enumerated: `this.tools` is not an object the "
        "analyzer reads (its entries are wanted)" + NO_JUZGADAS]
