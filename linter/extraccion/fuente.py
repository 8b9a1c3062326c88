"""Read and parse one file; turn decoding and syntax failures into reasons."""

from __future__ import annotations

from typing import Union

import libcst as cst

from .nombres import nombre_modulo, ruta_relativa
from .tipos import NoResuelto, Pos

__all__ = ["nombre_modulo", "parsear", "ruta_relativa"]


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
