"""Read and parse one file; turn decoding and syntax failures into reasons."""

from __future__ import annotations

from typing import Optional, Union

import libcst as cst

from .forma import CADENA_MAXIMA, OPERADORES, cadena_mas_larga as _cadena_mas_larga
from .nombres import nombre_modulo, ruta_relativa
from .tipos import NoResuelto, Pos

__all__ = ["nombre_modulo", "parsear", "ruta_relativa"]


def parsear(datos: bytes, rel: str, cadena: Optional[int] = None) -> Union[cst.Module, NoResuelto]:
    """Parse source bytes once; a failure becomes a NoResuelto with a line. `cadena`: the file's longest
    chain as the stdlib check measured it on these bytes (so CPython parsed them: nesting is within
    its limits); None when unknown, and the guards parse with the stdlib here."""
    try:
        texto = datos.decode("utf-8")
    except UnicodeDecodeError as e:
        linea = datos[: e.start].count(b"\n") + 1
        return NoResuelto(f"file is not valid UTF-8: {e.reason} at byte {e.start}", Pos(rel, linea, 1))
    if cadena is None:
        demasiado = _demasiado_anidado(datos, texto, rel) or _cadena_demasiado_larga(datos, texto, rel)
    else:
        # the measured chain is over the bound: read again here only to say where it starts
        demasiado = _cadena_demasiado_larga(datos, texto, rel) if cadena > CADENA_MAXIMA else None
    if demasiado is not None:
        return demasiado
    validar = cst.CSTNode.__dict__.get("__post_init__")
    if validar is not None:
        cst.CSTNode.__post_init__ = _sin_validar  # type: ignore[method-assign]
    try:
        return cst.parse_module(texto)
    except cst.ParserSyntaxError as e:
        return _error_de_sintaxis(texto, rel, e)
    except RecursionError:
        return NoResuelto("source is nested too deeply to parse", Pos(rel, 1, 1))
    except Exception as e:  # libcst raises a few non-syntax errors on odd input
        return NoResuelto(f"source could not be parsed: {type(e).__name__}: {e}", Pos(rel, 1, 1))
    finally:
        if validar is not None:
            cst.CSTNode.__post_init__ = validar  # type: ignore[method-assign]


def _sin_validar(self: cst.CSTNode) -> None:
    """What a node's construction runs while the parser builds a tree: nothing. Each node's
    `_validate` (run from `CSTNode.__post_init__`) checks invariants a parsed tree holds by
    construction; libcst's own comment there says as much. It was an eighth of the parse of a real
    tree (1.1 of 8.6 s over awslabs/mcp's 603 parsed files). Only `parsear` swaps it in, for the
    length of one parse (the analyzer parses in one thread per process), and puts the method back
    whatever happens; nodes built any other way are validated as always."""


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


def _cadena_demasiado_larga(datos: bytes, texto: str, rel: str) -> Union[NoResuelto, None]:
    """Refuse an expression chained longer than libcst parses in bounded time (only files with that
    many brackets, dots or operators are asked: a chain of N steps needs N of one of them)."""
    if (datos.count(b"(") < CADENA_MAXIMA and datos.count(b".") < CADENA_MAXIMA and datos.count(b"[") < CADENA_MAXIMA
            and sum(datos.count(o) for o in OPERADORES) < CADENA_MAXIMA):
        return None
    import ast  # deferred: asked only of files that could hold such a chain

    try:
        arbol = ast.parse(texto)
    except (SyntaxError, ValueError):
        return None  # libcst reports it as such
    except (RecursionError, MemoryError):
        return NoResuelto("source is nested too deeply to parse", Pos(rel, 1, 1))
    largo, donde = _cadena_mas_larga(arbol)
    if largo <= CADENA_MAXIMA:
        return None
    return NoResuelto(f"an expression chains {largo} operations (`+`, `.`, calls, subscripts), more than the "
                      f"{CADENA_MAXIMA} libcst parses in bounded time: the file was not analyzed",
                      Pos(rel, max(1, getattr(donde, "lineno", 1)), max(1, getattr(donde, "col_offset", 0) + 1)))


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
