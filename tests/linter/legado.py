"""A generated legacy server: one FastMCP tool per kind of debt, and one clean tool.

`servidor()` is the source; `arreglar` and `romper` give the edits the baseline tests apply.
"""

from __future__ import annotations

from pathlib import Path

CABEZA = '''"""A legacy FastMCP server written before the response contract."""

from typing import Any

from mcp.server.fastmcp import FastMCP
from pydantic import BaseModel, ConfigDict

mcp = FastMCP("legado")


class Cuenta(BaseModel):
    model_config = ConfigDict(extra="forbid")
    total: int


class Suelta(BaseModel):
    total: int


class Nota(BaseModel):
    model_config = ConfigDict(extra="forbid")
    message: str
'''

HERRAMIENTAS = {
    "cuenta": '''
@mcp.tool()
def cuenta() -> Cuenta:
    return Cuenta(total=3)
''',
    "suelta": '''
@mcp.tool()
def suelta() -> Suelta:
    return Suelta(total=3)
''',
    "mapa": '''
@mcp.tool()
def mapa() -> dict[str, Any]:
    return {"estado": "abierto", "total": 3}
''',
    "eco": '''
@mcp.tool()
async def eco(ident: str) -> dict[str, Any]:
    return await cliente.traer(ident)
''',
    "opaca": '''
@mcp.tool()
def opaca() -> dict[str, Any]:
    salida: dict[str, Any] = {}
    salida["total"] = 3
    return salida
''',
    "union": '''
@mcp.tool()
def union(ids: list[str] | dict[str, str]) -> Cuenta:
    return Cuenta(total=len(ids))
''',
    "nota": '''
@mcp.tool()
def nota() -> Nota:
    return Nota(message="hecho")
''',
}

# what each tool becomes once its debt is paid (or, for «cuenta», once it breaks the contract)
ARREGLADAS = {
    "suelta": HERRAMIENTAS["cuenta"].replace("cuenta", "suelta"),
    "opaca": '''
@mcp.tool()
def opaca() -> Cuenta:
    return Cuenta(total=3)
''',
    "nota": HERRAMIENTAS["cuenta"].replace("cuenta", "nota"),
}
ROTAS = {"cuenta": HERRAMIENTAS["suelta"].replace("suelta", "cuenta")}


def servidor(cambios: dict[str, str] | None = None) -> str:
    """The server's source, with some tools replaced."""
    cuerpo = {**HERRAMIENTAS, **(cambios or {})}
    return CABEZA + "".join("\n" + cuerpo[n] for n in HERRAMIENTAS)


def proyecto(raiz: Path, *, cambios: dict[str, str] | None = None, config: str = '[tool.oracle]\npaths = ["legado.py"]\n') -> Path:
    """A project holding the legacy server at `raiz`."""
    raiz.mkdir(parents=True, exist_ok=True)
    (raiz / "pyproject.toml").write_text(config, encoding="utf-8")
    (raiz / "legado.py").write_text(servidor(cambios), encoding="utf-8")
    return raiz


def reescribir(raiz: Path, cambios: dict[str, str]) -> None:
    """Edit the server in place (its project's configuration and lists untouched)."""
    (raiz / "legado.py").write_text(servidor(cambios), encoding="utf-8")
