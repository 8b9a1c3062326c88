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
    demasiado = _demasiado_anidado(datos, texto, rel)
    if demasiado is not None:
        return demasiado
    try:
        return cst.parse_module(texto)
    except cst.ParserSyntaxError as e:
        return _error_de_sintaxis(texto, rel, e)
    except RecursionError:
        return NoResuelto("source is nested too deeply to parse", Pos(rel, 1, 1))
    except Exception as e:  # libcst raises a few non-syntax errors on odd input
        return NoResuelto(f"source could not be parsed: {type(e).__name__}: {e}", Pos(rel, 1, 1))


# libcst's native parser crashes the process (a segfault) at about 1,500 nested brackets; CPython's
# own parser refuses nesting past 200. A file with fewer brackets than this cannot nest that deep.
CORCHETES_PARA_MIRAR = 1000


def _demasiado_anidado(datos: bytes, texto: str, rel: str) -> Union[NoResuelto, None]:
    """Refuse what CPython's parser refuses for nesting before libcst sees it (only files with many
    brackets are asked: counting bytes is cheap, compiling is not)."""
    if datos.count(b"(") + datos.count(b"[") + datos.count(b"{") < CORCHETES_PARA_MIRAR:
        return None
    import ast  # deferred: asked only of bracket-heavy files

    try:
        ast.parse(texto)
    except SyntaxError as e:
        if "too many nested" in str(e.msg):
            return NoResuelto(f"source is nested too deeply for Python's own parser: {e.msg}",
                              Pos(rel, max(1, int(e.lineno or 1)), max(1, int(e.offset or 1))))
        return None  # another syntax error: libcst reports it as such
    except (RecursionError, MemoryError):
        return NoResuelto("source is nested too deeply to parse", Pos(rel, 1, 1))
    except ValueError:
        return None
    return None


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
