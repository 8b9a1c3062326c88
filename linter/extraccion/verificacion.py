"""Whether a file can be read and parsed at all, without libcst on the common path.

Every analyzed file gets this check, also the ones the pre-filter keeps out of the libcst
stage: a file the analyzer cannot parse is always a `no_resuelto` row. The stdlib parser
(C, several times faster than libcst) answers "parses"; only when it refuses is libcst asked,
so a reported failure carries exactly the row the libcst stage would have produced.
"""

from __future__ import annotations

import ast
from typing import Any, Optional


def fila_falla(motivo: str, rel: str, linea: int, columna: int) -> dict[str, Any]:
    """A file-level no_resuelto row."""
    return {"herramienta": None, "motivo": motivo, "archivo": rel, "linea": linea, "columna": columna}


def verificar(datos: bytes, rel: str) -> Optional[dict[str, Any]]:
    """The no_resuelto row of a file that cannot be decoded or parsed, or None when it parses."""
    try:
        texto = datos.decode("utf-8")
    except UnicodeDecodeError:
        texto = None
    if texto is not None:
        try:
            compile(texto, rel, "exec", ast.PyCF_ONLY_AST, dont_inherit=True)
            return None
        except (SyntaxError, ValueError, RecursionError, MemoryError, OverflowError):
            pass
    from .fuente import parsear  # deferred: libcst only on the failure path
    from .tipos import NoResuelto

    resultado = parsear(datos, rel)
    if not isinstance(resultado, NoResuelto):
        return None
    pos = resultado.pos
    return fila_falla(resultado.motivo, pos.archivo if pos else rel, pos.linea if pos else 1, pos.columna if pos else 1)
