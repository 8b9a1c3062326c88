"""Two servers of one repository with a tool of the same name stay two tools in every join: the
rows of each carry `name (file:line)` when the name is shared, so one server's declared keys never
excuse the other's emitted ones, and a list entry by the plain name stands for both."""

from __future__ import annotations

from oracle_lint.linter.analisis import correr

from .corridas import proyecto_escrito as _proyecto

A = '''
from mcp.server.mcpserver import MCPServer
from pydantic import BaseModel, ConfigDict

app = MCPServer("a")


class Items(BaseModel):
    model_config = ConfigDict(extra="forbid")
    items: list[str]


@app.tool()
def search() -> Items:
    return {"items": [], "results": []}
'''

B = '''
from mcp.server.mcpserver import MCPServer
from pydantic import BaseModel, ConfigDict

app = MCPServer("b")


class Results(BaseModel):
    model_config = ConfigDict(extra="forbid")
    results: list[str]
    items: list[str]


@app.tool()
def search() -> Results:
    return {"results": [], "items": []}


@app.tool()
def solo_b() -> Results:
    return {"results": [], "items": []}
'''


def test_one_servers_declared_key_does_not_excuse_the_others(tmp_path):
    corrida = correr(_proyecto(tmp_path, **{"pyproject.toml": "[tool.oracle]\n", "a/server.py": A, "b/server.py": B}),
                     None, cache=False)
    assert sorted({h["herramienta"] for h in corrida.evidencia["herramienta"]}) == [
        "search (a/server.py:13)", "search (b/server.py:14)", "solo_b"]
    assert [(h.path, h.line, h.rule, h.tool, h.message) for h in corrida.hallazgos] == [
        ("a/server.py", 15, "contrato.clave_no_declarada", "search (a/server.py:13)",
         "tool «search (a/server.py:13)» emits key «results» that its outputSchema does not declare")]


def test_one_server_alone_keeps_the_plain_name(tmp_path):
    corrida = correr(_proyecto(tmp_path, **{"pyproject.toml": "[tool.oracle]\n", "a/server.py": A}), None, cache=False)
    assert [h.tool for h in corrida.hallazgos] == ["search"]


def test_a_list_entry_by_the_plain_name_stands_for_every_tool_of_that_name(tmp_path):
    lista = '[[entrada]]\nherramienta = "search"\nissue = "#1"\nporque = "keys still being published"\n'
    proyecto = _proyecto(tmp_path, **{"pyproject.toml": "[tool.oracle]\n", "a/server.py": A, "b/server.py": B,
                                      "allowlists/underdeclared.toml": lista})
    corrida = correr(proyecto, None, cache=False)
    assert sorted((f["herramienta"], f["linea"]) for f in corrida.evidencia["lista"]) == [
        ("search (a/server.py:13)", 1), ("search (b/server.py:14)", 1)]
    # a's key is exempted; for b the entry describes nothing, and says so for that tool
    assert [(h.path, h.rule, h.tool) for h in corrida.hallazgos] == [
        ("allowlists/underdeclared.toml", "listas.entrada_obsoleta", "search (b/server.py:14)")]


def test_a_list_entry_that_names_one_registration_is_that_one_alone(tmp_path):
    lista = '[[entrada]]\nherramienta = "search (a/server.py:13)"\nissue = "#1"\nporque = "keys still being published"\n'
    proyecto = _proyecto(tmp_path, **{"pyproject.toml": "[tool.oracle]\n", "a/server.py": A, "b/server.py": B,
                                      "allowlists/underdeclared.toml": lista})
    corrida = correr(proyecto, None, cache=False)
    assert [(f["herramienta"], f["en_alcance"]) for f in corrida.evidencia["lista"]] == [("search (a/server.py:13)", True)]
    assert corrida.hallazgos == ()  # a's key is exempted, and b's tool has nothing to excuse
