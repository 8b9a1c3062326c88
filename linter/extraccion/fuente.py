"""Read and parse one file; turn decoding and syntax failures into reasons."""

from __future__ import annotations

import pathlib
from typing import Union

import libcst as cst

from .tipos import NoResuelto, Pos


def ruta_relativa(archivo: pathlib.Path, raiz: pathlib.Path) -> str:
    """Path of `archivo` relative to `raiz`, POSIX separators (absolute if outside)."""
    try:
        return archivo.resolve().relative_to(raiz.resolve()).as_posix()
    except ValueError:
        return archivo.resolve().as_posix()


def nombre_modulo(rel: str) -> str:
    """Dotted module name of a relative path (`pkg/__init__.py` -> `pkg`)."""
    partes = rel.split("/")
    if partes and partes[-1].endswith(".py"):
        partes[-1] = partes[-1][:-3]
    if partes and partes[-1] == "__init__":
        partes.pop()
    return ".".join(p for p in partes if p)


def parsear(datos: bytes, rel: str) -> Union[cst.Module, NoResuelto]:
    """Parse source bytes once; a failure becomes a NoResuelto with a line."""
    try:
        texto = datos.decode("utf-8")
    except UnicodeDecodeError as e:
        linea = datos[: e.start].count(b"\n") + 1
        return NoResuelto(f"file is not valid UTF-8: {e.reason} at byte {e.start}", Pos(rel, linea, 1))
    try:
        return cst.parse_module(texto)
    except cst.ParserSyntaxError as e:
        return _error_de_sintaxis(texto, rel, e)
    except RecursionError:
        return NoResuelto("source is nested too deeply to parse", Pos(rel, 1, 1))
    except Exception as e:  # libcst raises a few non-syntax errors on odd input
        return NoResuelto(f"source could not be parsed: {type(e).__name__}: {e}", Pos(rel, 1, 1))


def _error_de_sintaxis(texto: str, rel: str, error: cst.ParserSyntaxError) -> NoResuelto:
    """Locate a syntax error; only on this failure path the stdlib compiler is asked for the exact line."""
    import ast  # deferred: used only to place an error libcst already found

    linea, col, mensaje = error.raw_line, error.raw_column + 1, error.message
    try:
        ast.parse(texto)
    except SyntaxError as e:
        linea, col, mensaje = e.lineno or linea, e.offset or col, e.msg or mensaje
    except (ValueError, RecursionError, MemoryError):
        pass
    return NoResuelto(f"syntax error: {str(mensaje).splitlines()[0]}", Pos(rel, max(1, int(linea)), max(1, int(col))))
