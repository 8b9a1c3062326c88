"""A method called on a project object the analyzer reaches through annotations is followed (issue 33:
the largest false pattern of ORC102 and every ORC110 of the precision sample): what a factory's return
annotation names (`def pool() -> Pool`), and a field a class body annotates (`pool: Pool` of a
dataclass, also `"Optional[Pool]"`). A receiver only external code gives stays foreign."""

from __future__ import annotations

import textwrap

from oracle_lint.linter.extraccion import extraer

SERVIDOR = '''
from dataclasses import dataclass
from typing import Optional

import httpx
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("s")


class Pool:
    def close_all(self) -> dict:
        return {"success": True, "closed": 3}


class Copias:
    def crear(self, nombre: str) -> dict:
        return {"success": True, "nombre": nombre}


@dataclass
class Contenedor:
    pool: Pool
    copias: "Optional[Copias]" = None
    otro: int = 0


_CONTENEDOR = None


def contenedor() -> Contenedor:
    return _CONTENEDOR


def pool() -> Pool:
    return contenedor().pool


def sin_anotar():
    return _CONTENEDOR


@mcp.tool()
def cerrar() -> dict[str, object]:
    return pool().close_all()


@mcp.tool()
def copiar(nombre: str) -> dict[str, object]:
    return contenedor().copias.crear(nombre)


@mcp.tool()
def ajeno(url: str) -> dict[str, object]:
    return httpx.get(url).json()


@mcp.tool()
def desconocido() -> dict[str, object]:
    return sin_anotar().pool.close_all()
'''


def test_receivers_placed_by_annotations_are_followed(tmp_path):
    (tmp_path / "servidor.py").write_text(textwrap.dedent(SERVIDOR), encoding="utf-8")
    e = extraer([tmp_path / "servidor.py"], tmp_path, trabajos=1)
    raices = sorted((r["herramienta"], r["procedencia"], r["motivo"]) for r in e["raiz"])
    assert raices == [
        ("ajeno", "echoed", "value returned by `httpx.get(url).json()`, a method of an object no analyzed file defines"),
        ("cerrar", "own", "method Pool.close_all() returns a literal"),
        ("copiar", "own", "method Copias.crear() returns a literal"),
        ("desconocido", "echoed", "value returned by `sin_anotar().pool.close_all()`, a method of an object no analyzed "
                                  "file defines"),
    ]
    claves = sorted((c["herramienta"], c["clave"]) for c in e["clave_emitida"])
    assert claves == [("cerrar", "closed"), ("cerrar", "success"), ("copiar", "nombre"), ("copiar", "success")]
