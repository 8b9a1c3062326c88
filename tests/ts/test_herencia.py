"""A low-level `ListToolsRequestSchema` handler a class sets up over `this` (`tools: this.tools.map(...)`)
lists, for each concrete class of its hierarchy, that class's own field (a subclass overrides the base's
empty list); a hierarchy with no concrete class says so; a class nobody extends lists its own field.
Before, the base's `[]` was read: no tool and no row, a silent miss."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from oracle_lint.linter.ts.evidencia import extraer_ts

from .corridas import relaciones_de_la_cli

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "typescript" / "herencia"
SIN_CONCRETA = ("class `OpenServer` lists its tools through `this`, and no class of its hierarchy that is not abstract is "
                "found among the project's sources: the tools it lists are not known")


def _filas() -> dict:
    return extraer_ts([FIXTURE / a for a in ("base.ts", "abstracta.ts", "propio.ts")], FIXTURE,
                      resto=[FIXTURE / "dns.ts", FIXTURE / "certs.ts", FIXTURE / "__tests__" / "doble.test.ts"])


def test_each_subclass_lists_its_own_field():
    # a test's subclass (__tests__/doble.test.ts, tool `fake`) is a double, not one of the server's instances
    filas = _filas()
    assert [(h["archivo"], h["linea"], h["columna"], h["herramienta"], h["registro"], h["esquema_entrada"])
            for h in filas["herramienta"]] == [
        ("certs.ts", 4, 21, "list_certs", "lowlevel", "literal"),
        ("dns.ts", 5, 5, "list_zones", "lowlevel", "literal"),
        ("dns.ts", 6, 5, "get_zone", "lowlevel", "literal"),
        # the near miss: a class nobody extends lists its own field, as before
        ("propio.ts", 7, 20, "ping", "lowlevel", "literal")]
    assert {e["herramienta"]: json.loads(e["contenido"]) for e in filas["esquema"]}["get_zone"] == {
        "type": "object", "properties": {"zone": {"type": "string"}}, "required": ["zone"]}


def test_a_hierarchy_without_a_concrete_class_says_so():
    assert [(n["archivo"], n["linea"], n["motivo"]) for n in _filas()["no_resuelto"]] == [("abstracta.ts", 10, SIN_CONCRETA)]


def test_without_the_subclasses_the_base_lists_its_empty_field_and_the_server_is_named():
    # no other source is given: CoreServer is then its own concrete class, whose list is empty
    filas = extraer_ts([FIXTURE / "base.ts"], FIXTURE)
    assert filas["herramienta"] == []
    assert [(n["archivo"], n["linea"], n["motivo"]) for n in filas["no_resuelto"]] == [
        ("base.ts", 16, "an MCP server is built here, and the project's TypeScript/JavaScript sources hold no tool "
                        "registration the analyzer can read: its tools are not judged; judge the server live with "
                        "`oracle-lint probe`")]


def test_a_whole_run_finds_the_subclasses_in_sources_that_do_not_import_the_sdk(tmp_path):
    relaciones = relaciones_de_la_cli(FIXTURE, tmp_path)
    assert [(h["archivo"], h["herramienta"]) for h in relaciones["herramienta"]] == [
        ("certs.ts", "list_certs"), ("dns.ts", "list_zones"), ("dns.ts", "get_zone"), ("fabrica.ts", "alpha"),
        ("fabrica.ts", "beta"), ("propio.ts", "ping")]


def test_a_property_every_return_of_a_factory_writes_alike_is_read():
    # tool(name, schemaOrDescription) returns one of two literals: both write `name` as the parameter
    # (read, bound to each call's argument); `inputSchema` differs between them (a row per tool)
    filas = extraer_ts([FIXTURE / "fabrica.ts"], FIXTURE)
    assert [(h["linea"], h["columna"], h["herramienta"], h["esquema_entrada"]) for h in filas["herramienta"]] == [
        (12, 16, "alpha", "no_resuelto"), (12, 40, "beta", "no_resuelto")]
    assert [n["motivo"] for n in filas["no_resuelto"]] == [
        f"the input schema of tool `{t}` cannot be read: `t.inputSchema` is not a JSON literal the analyzer can read"
        for t in ("alpha", "beta")]


POR_CONSTRUCTOR = '''import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";

interface Tool { name: string; inputSchema: object }

class ToolRegistry {
  private byName = new Map<string, Tool>();
  constructor(tools: Tool[]) {
    for (const t of tools) this.byName.set(t.name, t);
  }
  list(): Tool[] { return [...this.byName.values()]; }
}
EXTRA
const READ = [{ name: "read_note", inputSchema: { type: "object", properties: {} } }];
const WRITE = [{ name: "write_note", inputSchema: { type: "object", properties: { text: { type: "string" } } } }];
const registry = new ToolRegistry([...READ, ...WRITE]);
const server = new Server({ name: "notes", version: "1" }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: registry.list() }));
'''


def test_a_registry_filled_in_its_constructor_is_what_each_new_passes(tmp_path):
    def leer(extra: str) -> dict:
        (tmp_path / "s.ts").write_text(POR_CONSTRUCTOR.replace("EXTRA", extra), encoding="utf-8")
        return extraer_ts([tmp_path / "s.ts"], tmp_path)

    filas = leer("")
    assert [(h["linea"], h["herramienta"]) for h in filas["herramienta"]] == [(14, "read_note"), (15, "write_note")]
    assert filas["no_resuelto"] == []
    # the near misses: a class others extend (their `new` and `super(...)` reach the constructor too),
    # and a `new` the search by name does not see
    filas = leer("class Audited extends ToolRegistry {}")
    assert filas["herramienta"] == [] and [n["motivo"] for n in filas["no_resuelto"]] == [
        "the tools this `ListToolsRequestSchema` handler lists cannot be enumerated: class `ToolRegistry` is extended: "
        "the calls of its constructor through its subclasses are not followed; its tools are not judged (judge the "
        "server live with `oracle-lint probe`)"]
    (tmp_path / "s.ts").write_text(POR_CONSTRUCTOR.replace("EXTRA", "").replace(
        "new ToolRegistry([...READ, ...WRITE])", "new (ToolRegistry as any)([...READ, ...WRITE])"), encoding="utf-8")
    filas = extraer_ts([tmp_path / "s.ts"], tmp_path)
    assert filas["herramienta"] == [] and [n["motivo"][:120] for n in filas["no_resuelto"]] == [
        "the tools this `ListToolsRequestSchema` handler lists cannot be enumerated: no `new ToolRegistry(...)` is found in the p"]


@pytest.mark.parametrize("construir, leidas", [
    # declared to return the class, or returning one instance of it: its methods are the registry's
    ("function build(): ToolRegistry { return make(); }\nconst registry = build();", None),
    ("const build = () => new ToolRegistry([...READ, ...WRITE]);\nconst registry = build();", ["read_note", "write_note"]),
    # the near miss: returns of two kinds, no declared type: which class is not known
    ("function build(x: boolean) { if (x) { return new ToolRegistry(READ); } return null; }\nconst registry = build(true);",
     "`registry.list()` calls what is not a project function the analyzer reads"),
])
def test_the_class_a_project_function_returns_is_its_receivers(tmp_path, construir, leidas):
    fuente = POR_CONSTRUCTOR.replace("EXTRA", "").replace("const registry = new ToolRegistry([...READ, ...WRITE]);", construir)
    (tmp_path / "s.ts").write_text(fuente + "new ToolRegistry([...READ, ...WRITE]);\n", encoding="utf-8")
    filas = extraer_ts([tmp_path / "s.ts"], tmp_path)
    if isinstance(leidas, str):
        assert filas["herramienta"] == [] and [n["motivo"] for n in filas["no_resuelto"]] == [
            f"the tools this `ListToolsRequestSchema` handler lists cannot be enumerated: {leidas}: what it returns is "
            "not known; its tools are not judged (judge the server live with `oracle-lint probe`)"]
    else:
        assert [h["herramienta"] for h in filas["herramienta"]] == (leidas or ["read_note", "write_note"])


@pytest.mark.parametrize("importar, construir, listadas", [
    ('import { Mid } from "./mid";', "new Mid();", ["mid_tool", "leaf_tool"]),
    ('import { Mid as Core } from "./mid";', "new Core();", ["mid_tool", "leaf_tool"]),  # built under another name
    ('import { Leaf } from "./mid";', "new Leaf();", ["leaf_tool"]),  # the near miss: Mid, extended, is never built
])
def test_a_class_others_extend_is_an_instance_where_it_is_built(tmp_path, importar, construir, listadas):
    shutil.copy(FIXTURE / "base.ts", tmp_path / "base.ts")
    (tmp_path / "mid.ts").write_text(
        'import { CoreServer } from "./base";\n'
        'export class Mid extends CoreServer {\n  tools = [{ name: "mid_tool", description: "m", inputSchema: {} }];\n}\n'
        'export class Leaf extends Mid {\n  tools = [{ name: "leaf_tool", description: "l", inputSchema: {} }];\n}\n',
        encoding="utf-8")
    (tmp_path / "main.ts").write_text(f"{importar}\n{construir}\n", encoding="utf-8")
    filas = extraer_ts([tmp_path / "base.ts"], tmp_path, resto=[tmp_path / "mid.ts", tmp_path / "main.ts"])
    assert [h["herramienta"] for h in filas["herramienta"]] == listadas
