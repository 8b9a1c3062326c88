"""What a test around a written literal compared: the values a literal repeats rather than claims.

`if answer.action == "cancel": return {"status": "cancelled"}` writes "cancelled" because the call just
saw it: the branch runs only when the compared value is that word. `comparados_con` gives the
expressions compared, with `==`, to the same word (itself or its past form: cancel, canceled,
cancelled) by the `if`s and conditional expressions whose taken branch holds the literal, from the
literal up to its function. Whether such an expression is the tool's own argument (then the literal
repeats the request) is the caller's question. The analyzer states the fact; rules decide what it
excuses.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Optional

import libcst as cst

from .recolector import texto_cadena


def misma_palabra(comparada: str, escrita: str) -> bool:
    """Whether `escrita` is the word `comparada` or its past form (`cancel` -> `canceled`, `cancelled`;
    `decline` -> `declined`; `accept` -> `accepted`), case aside."""
    c, e = comparada.lower(), escrita.lower()
    return bool(c) and (e == c or (c[-1:].isalpha() and e in (c + "d", c + "ed", c + c[-1] + "ed")))


def comparados_con(padres: Mapping[cst.CSTNode, cst.CSTNode], fn: cst.FunctionDef, nodo: cst.CSTNode,
                   literal: str) -> list[cst.BaseExpression]:
    """The expressions the tests enclosing `nodo` inside `fn` compare with `==` to a string that is
    `literal`'s word (`misma_palabra`), in the branch they take when equal: an `if`'s body (an `elif`'s
    own body included), a conditional expression's first arm; tests outside `fn` (a module-level `if`
    around its def) are not the call's. `padres`: the module's parent map (`Modulo.padres`, built once
    per module: a search from the function down to each literal would cost the function's size per
    literal). Empty when none."""
    salida: list[cst.BaseExpression] = []
    actual: cst.CSTNode = nodo
    while actual is not fn and actual in padres:
        padre = padres[actual]
        if isinstance(padre, (cst.If, cst.IfExp)) and actual is padre.body:
            salida.extend(_comparados(padre.test, literal))
        actual = padre
    return salida


def _comparados(test: cst.BaseExpression, literal: str) -> list[cst.BaseExpression]:
    """`x == "word"` (either side), alone or as an operand of `and`: the `x`s compared to `literal`'s word."""
    if isinstance(test, cst.BooleanOperation) and isinstance(test.operator, cst.And):
        return _comparados(test.left, literal) + _comparados(test.right, literal)
    if not isinstance(test, cst.Comparison) or len(test.comparisons) != 1 \
            or not isinstance(test.comparisons[0].operator, cst.Equal):
        return []
    izq, der = test.left, test.comparisons[0].comparator
    for lado, otro in ((izq, der), (der, izq)):
        texto: Optional[str] = texto_cadena(lado)
        if texto is not None and texto_cadena(otro) is None and misma_palabra(texto, literal):
            return [otro]
    return []
