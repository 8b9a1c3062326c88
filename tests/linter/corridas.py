"""Test helpers for cache and call-site-search runs over a small project written in a test."""

from __future__ import annotations

import pathlib
import textwrap
from typing import Any

from oracle_lint.linter.cache import Almacen
from oracle_lint.linter.extraccion import carga, extraer
from oracle_lint.nucleo.proyecto import Proyecto

HERRAMIENTAS = "def register(mcp):\n    @mcp.tool()\n    def saludo() -> dict:\n        return {'ok': True}\n"
SERVIDOR = "from mcp.server.fastmcp import FastMCP\n\nmcp = FastMCP('s')\n"


def llamadas_a(monkeypatch, objeto: Any, nombre: str, argumento: int) -> list[Any]:
    """The `argumento`-th positional argument (a method's `self` is the 0th) of every call this test
    makes to `objeto.nombre`, in order: a list that grows as the calls happen."""
    vistos: list[Any] = []
    original = getattr(objeto, nombre)

    def contar(*args: Any, **kwargs: Any) -> Any:
        vistos.append(args[argumento])
        return original(*args, **kwargs)

    monkeypatch.setattr(objeto, nombre, contar)
    return vistos


def parseos(monkeypatch) -> list[str]:
    """The files the loaders of this test parse with libcst, in order (a list that grows as they do)."""
    return llamadas_a(monkeypatch, carga.Cargador, "_parsear", 1)


def comprobados(monkeypatch) -> list[str]:
    """The files this test's in-process runs parse-check (the stdlib check every read file gets), in order."""
    from oracle_lint.linter.extraccion import corrida

    return llamadas_a(monkeypatch, corrida, "verificar", 1)


def evidencia(raiz: pathlib.Path, cache: bool = True) -> dict:
    """Evidence of every `.py` file directly under `raiz`, one worker, with its cache or without."""
    archivos = sorted(raiz.glob("*.py"))
    return extraer(archivos, raiz, almacen=Almacen(raiz, "extraccion") if cache else None, trabajos=1)


def proyecto_escrito(raiz: pathlib.Path, **archivos: str) -> Proyecto:
    """A project under `raiz` with these files (relative path -> text, dedented)."""
    for nombre, texto in archivos.items():
        ruta = raiz / nombre
        ruta.parent.mkdir(parents=True, exist_ok=True)
        ruta.write_text(textwrap.dedent(texto), encoding="utf-8")
    return Proyecto(raiz)
