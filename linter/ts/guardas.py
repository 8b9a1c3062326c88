"""What a test around a written string literal compared (as `extraccion.guardas` for Python):
`if (answer.action === "cancel") return { structuredContent: { status: "cancelled" } }` writes the
word the call just saw. `comparados_con` gives the expressions compared with `===` / `==` to the same
word (itself or its past form) by the `if`s and conditional expressions whose taken branch holds the
literal, from the literal up to its function; whether one is the tool's argument is the caller's question."""

from __future__ import annotations

from typing import Any

from ..extraccion.guardas import misma_palabra
from .arbol import cadena_literal, texto
from .manejador import FUNCIONES
from .valores import Ref, desnudar

IGUALDADES = ("===", "==")


def brazos(nodo: Any) -> list[Any]:
    """The arms of a conditional expression, nested ones opened (`a ? "x" : b ? "y" : "z"`)."""
    nodo = desnudar(nodo)
    if nodo is not None and nodo.type == "ternary_expression":
        return brazos(nodo.child_by_field_name("consequence")) + brazos(nodo.child_by_field_name("alternative"))
    return [nodo] if nodo is not None else []


def comparados_con(r: Ref, literal: str) -> list[Ref]:
    """The expressions the tests enclosing `r` compare to `literal`'s word (`misma_palabra`) in the
    branch they take when equal: an `if`'s consequence (an `else if`'s own included), a conditional
    expression's consequence; up to the enclosing function."""
    salida: list[Ref] = []
    actual = r.nodo
    padre = actual.parent
    while padre is not None and padre.type not in FUNCIONES:
        if padre.type in ("if_statement", "ternary_expression") and actual == padre.child_by_field_name("consequence"):
            salida.extend(_comparados(r, padre.child_by_field_name("condition"), literal))
        actual, padre = padre, padre.parent
    return salida


def _comparados(r: Ref, test: Any, literal: str) -> list[Ref]:
    """`x === "word"` (either side), alone or as an operand of `&&`: the `x`s compared to `literal`'s word."""
    test = desnudar(test)
    if test is None or test.type != "binary_expression":
        return []
    operador = texto(r.fuente, test.child_by_field_name("operator"))
    izq, der = test.child_by_field_name("left"), test.child_by_field_name("right")
    if operador == "&&":
        return _comparados(r, izq, literal) + _comparados(r, der, literal)
    if operador not in IGUALDADES:
        return []
    for lado, otro in ((izq, der), (der, izq)):
        palabra = cadena_literal(r.fuente, desnudar(lado))
        if palabra is not None and cadena_literal(r.fuente, desnudar(otro)) is None and misma_palabra(palabra, literal):
            return [Ref(r.fuente, otro)]
    return []
