"""A name bound by unpacking a tuple is followed (issue 33: pipefy's `tool_id, error = validate(...)`
then `return error` was an opaque root, 10 of the 25 sampled ORC104 findings): element i of a tuple
literal, or of every tuple a helper returns; a helper with another return stays opaque."""

from __future__ import annotations

import textwrap

from oracle_lint.linter.extraccion import extraer

SERVIDOR = '''
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("s")


def tool_error(msg: str) -> dict:
    return {"success": False, "error": msg}


def check_id(value: str) -> tuple[str | None, dict | None]:
    if not value.strip():
        return None, tool_error(f"empty id: {value}")
    return value.strip(), None


def pareja(value: str):
    if value:
        return value, {"ok": True}
    return value.split(",")


@mcp.tool()
def get_item(item_id: str) -> dict[str, object]:
    clean, err = check_id(item_id)
    if err is not None:
        return err
    return {"success": True, "id": clean}


@mcp.tool()
def literal(item_id: str) -> dict[str, object]:
    a, b = item_id, {"k": 1}
    return b


@mcp.tool()
def opaco(item_id: str) -> dict[str, object]:
    a, b = pareja(item_id)
    return b


@mcp.tool()
def estrella(item_id: str) -> dict[str, object]:
    a, *b = check_id(item_id)
    return b
'''


def test_unpacked_elements_are_followed_where_every_return_is_a_tuple(tmp_path):
    (tmp_path / "servidor.py").write_text(textwrap.dedent(SERVIDOR), encoding="utf-8")
    e = extraer([tmp_path / "servidor.py"], tmp_path, trabajos=1)
    raices = sorted((r["herramienta"], r["linea"], r["procedencia"], r["motivo"]) for r in e["raiz"])
    assert raices == [
        ("estrella", 46, "opaque", "binding of `b` cannot be determined"),
        ("get_item", 27, "own", "helper tool_error() returns a literal"),
        ("get_item", 28, "own", "written key by key"),
        ("literal", 34, "own", "written key by key"),
        ("opaco", 40, "opaque", "`b` is an element of what helper pareja() returns, which is not a tuple the "
                                "analyzer can read at every return"),
    ]
    claves = sorted((c["herramienta"], c["clave"], c["linea"]) for c in e["clave_emitida"])
    assert claves == [("get_item", "error", 8), ("get_item", "id", 28), ("get_item", "success", 8),
                      ("get_item", "success", 28), ("literal", "k", 33)]
