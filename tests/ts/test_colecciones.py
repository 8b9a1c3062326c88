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
