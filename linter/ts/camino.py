"""The one return a function with several takes, where every test on its way is known.

`function advertise(tool) { if (!("anyOf" in tool.inputSchema)) return tool; ...; return {...} }`
mapped over a list of literal tools returns, for each element, the value its path reaches: the
function's statements are read in order with its parameters bound (the caller's bindings), an `if`
whose test `verdad_estatica` tells enters its branch or is skipped, and the first `return x` reached
is the value; a `try` is its block (what runs when nothing throws). A test it cannot tell on the way
to a return, or a return inside a loop, a `switch` or a `finally`, leaves the question open (None):
the caller says so, never guesses a path.
"""

from __future__ import annotations

from typing import Any, Optional

from .arbol import nombrados, recorrer
from .valores import Lector, Ref, funcion_propia, verdad_estatica

_SIGUE = object()  # the statements read so far fall through: the next one runs


def retorno_tomado(lector: Lector, funcion: Ref) -> Optional[Ref]:
    """The value `funcion` returns on the path its known tests take (an arrow's expression body is
    its value); None when a test on the way is not known, or the path ends without a value."""
    cuerpo = funcion.nodo.child_by_field_name("body")
    if cuerpo is None:
        return None
    if cuerpo.type != "statement_block":
        return Ref(funcion.fuente, cuerpo)
    valor = _bloque(lector, funcion, nombrados(cuerpo))
    return valor if isinstance(valor, Ref) else None


def _bloque(lector: Lector, funcion: Ref, sentencias: list[Any]) -> Any:
    """A Ref (the value returned), None (not known, or `return;`), or _SIGUE (no return reached)."""
    for s in sentencias:
        valor = _sentencia(lector, funcion, s)
        if valor is not _SIGUE:
            return valor
    return _SIGUE


def _sentencia(lector: Lector, funcion: Ref, s: Any) -> Any:
    if s.type == "return_statement":
        valor = nombrados(s)
        return Ref(funcion.fuente, valor[0]) if valor else None
    if s.type == "statement_block":
        return _bloque(lector, funcion, nombrados(s))
    if s.type == "try_statement" and s.child_by_field_name("finalizer") is None:  # what runs when nothing throws
        return _bloque(lector, funcion, nombrados(s.child_by_field_name("body")))
    if s.type == "if_statement":
        rama = _rama_tomada(lector, funcion, s)
        if rama is None:  # which branch runs is not known: only harmless when neither returns
            return None if _retorna(funcion, s) else _SIGUE
        return _SIGUE if rama is _SIGUE else _sentencia(lector, funcion, rama)
    return None if _retorna(funcion, s) else _SIGUE  # a declaration, an expression, or a loop that may return


def _rama_tomada(lector: Lector, funcion: Ref, s: Any) -> Any:
    """The statement an `if` runs (its `else` when the test is false: _SIGUE without one); None when
    the test is not known."""
    verdad = verdad_estatica(lector, Ref(funcion.fuente, s.child_by_field_name("condition")))
    if verdad is None:
        return None
    if verdad:
        return s.child_by_field_name("consequence")
    alternativa = s.child_by_field_name("alternative")
    if alternativa is None:
        return _SIGUE
    interior = nombrados(alternativa) if alternativa.type == "else_clause" else [alternativa]
    return interior[0] if interior else _SIGUE


def _retorna(funcion: Ref, s: Any) -> bool:
    """Whether a statement holds a `return` of `funcion` itself (not of a function inside it)."""
    return any(n.type == "return_statement" and funcion_propia(n) == funcion.nodo for n in recorrer(s))
