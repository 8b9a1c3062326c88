"""A union branch that only constrains the enclosing object (`anyOf: [{"required": ["phone"]},
{"required": ["email"]}]`: phone or email) has no shape of its own: it is no structured branch.
A typeless branch with properties of its own is one (issue 33, an ORC109 false positive)."""

from __future__ import annotations

import textwrap

from click.testing import CliRunner

from oracle_lint.linter.cli import main
from oracle_lint.linter.extraccion import extraer

SERVIDOR = '''
from mcp.server.lowlevel import Server
from mcp.types import Tool

server = Server("s")

UNO_DE = {"type": "object", "properties": {"phone": {"type": "string"}, "email": {"type": "string"}},
          "anyOf": [{"required": ["phone"]}, {"required": ["email"]}, {"minProperties": 1}]}
FORMAS = {"type": "object",
          "properties": {"x": {"anyOf": [{"properties": {"a": {"type": "string"}}}, {"required": ["b"]},
                                         {"patternProperties": {"^c": {"type": "string"}}}]}}}


@server.list_tools()
async def listar() -> list[Tool]:
    return [Tool(name="contacto", description="d", inputSchema=UNO_DE),
            Tool(name="formas", description="d", inputSchema=FORMAS)]


@server.call_tool()
async def llamar(name: str, arguments: dict) -> list:
    return []
'''


def test_constraint_only_branches_are_no_structured_branch(tmp_path):
    (tmp_path / "servidor.py").write_text(textwrap.dedent(SERVIDOR), encoding="utf-8")
    e = extraer([tmp_path / "servidor.py"], tmp_path, trabajos=1)
    uniones = sorted((f["herramienta"], f["puntero"], f["ramas_estructuradas"]) for f in e["esquema_nodo"] if f["tipo"] == "union")
    assert uniones == [("contacto", "", 0), ("formas", "/properties/x", 2)]
    r = CliRunner().invoke(main, ["check", "--no-cache", "--project", str(tmp_path)])
    assert r.exit_code == 1
    assert [l for l in r.output.splitlines() if "ORC1" in l] == [
        'servidor.py:10:31: ORC109 tool «formas» accepts a union with 2 structured branches at JSON pointer '
        '"/properties/x" of its input schema (structural-union-input)']
