"""A read-only walk over a libcst tree that calls a visitor's `visit_X` / `leave_X` as libcst would.

libcst's own `node.visit(visitor)` rebuilds every node it passes through, even for a visitor that
only reads (a do-nothing visit costs about as much as the parse). This walk reads the fields of
the frozen dataclass nodes instead and builds nothing. It calls the same methods, on the same
nodes, in the same order as libcst's visit, with two differences that cannot change what a
reader collects: it never descends into whitespace and punctuation (fields in `TRIVIA`, which
hold only `SimpleWhitespace`, `Comma`, operators and the like, none of which contains a name or
an expression), and it only calls methods the visitor defines. `tests/linter/test_recorrido.py`
checks both claims against libcst itself: the child order of every node class, and the exact
sequence of calls on real sources.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, Callable, Optional

import libcst as cst
from libcst.metadata import scope_provider

# Fields that only ever hold whitespace, comments, brackets, separators, operators or plain values:
# never a node that holds a name, a statement or an expression (proved from libcst's type hints by
# the tests), so the walk does not enter them.
TRIVIA = frozenset({
    "lpar", "rpar", "comma", "semicolon", "lbracket", "rbracket", "lbrace", "rbrace", "leading_lines", "header",
    "footer", "equal", "colon", "first_colon", "second_colon", "operator", "asynchronous", "trailing_whitespace",
    "leading_whitespace", "indent", "lines_after_decorators", "whitespace", "newline", "trailing_comma", "dot",
    "posonly_ind", "star", "start", "end", "conversion", "default_indent", "default_newline", "encoding",
    "has_trailing_newline", "relative",
})

# Classes whose libcst visit order differs from their dataclass field order (fields in TRIVIA
# aside). Every other class visits its fields in declaration order; the tests derive libcst's order
# from its source for every class and compare it with this walk's.
ORDEN = {
    "Arg": ("keyword", "value"),
    "ClassDef": ("decorators", "name", "type_parameters", "bases", "keywords", "body"),
    "ExceptHandler": ("type", "name", "body"),
    "ExceptStarHandler": ("type", "name", "body"),
    "FunctionDef": ("decorators", "name", "type_parameters", "params", "returns", "body"),
    "IfExp": ("body", "test", "orelse"),
    "MatchCase": ("pattern", "guard", "body"),
    "Parameters": ("posonly_params", "params", "star_arg", "kwonly_params", "star_kwarg"),
    "TypeAlias": ("name", "type_parameters", "value"),
}

# The node classes after which ScopeVisitor advances a scope's assignment count (libcst's private
# tuple: when a libcst release renames it, scope analysis simply keeps libcst's own `on_leave`).
ASIGNACIONES: Optional[tuple[type, ...]] = getattr(scope_provider, "_ASSIGNMENT_LIKE_NODES", None)

Plan = tuple[Optional[Callable[[Any], Any]], Optional[Callable[[Any], Any]], tuple[str, ...]]


def campos(clase: type) -> tuple[str, ...]:
    """The fields of a node class the walk enters, in libcst's visit order."""
    if clase.__name__ in ORDEN:
        return ORDEN[clase.__name__]
    return tuple(f.name for f in dataclasses.fields(clase) if f.name not in TRIVIA and not f.name.startswith("whitespace"))


def _subclases(clase: type) -> set[type]:
    salida = set()
    pendientes = [clase]
    while pendientes:
        for sub in pendientes.pop().__subclasses__():
            if sub not in salida:
                salida.add(sub)
                pendientes.append(sub)
    return salida


# Every node class libcst defines: a type lookup in a set is several times faster than
# `isinstance(x, CSTNode)`, which goes through the ABC machinery for each field of each node.
# A class defined after import (none in libcst's parse output) is still recognised, by isinstance.
CLASES_DE_NODO = frozenset(c for c in _subclases(cst.CSTNode) if dataclasses.is_dataclass(c))


def _es_nodo(valor: object) -> bool:
    return type(valor) in CLASES_DE_NODO or isinstance(valor, cst.CSTNode)


def recorrer(raiz: cst.CSTNode, visitante: object) -> None:
    """Call `visitante.visit_<Class>(node)` before a node's children and `leave_<Class>(node)` after
    them, for every node under `raiz` (a `visit_` that returns False skips the children, as in libcst)."""
    planes: dict[type, Plan] = {}
    nodos = CLASES_DE_NODO
    pila: list[Any] = [raiz]  # a node to visit, or (leave method, node) to call once its children are done
    while pila:
        nodo = pila.pop()
        if type(nodo) is tuple:
            nodo[0](nodo[1])
            continue
        clase = type(nodo)
        plan = planes.get(clase)
        if plan is None:
            nombre = clase.__name__
            plan = planes[clase] = (getattr(visitante, "visit_" + nombre, None),
                                    getattr(visitante, "leave_" + nombre, None), campos(clase))
        visita, deja, nombres = plan
        if deja is not None:
            pila.append((deja, nodo))
        if visita is not None and visita(nodo) is False:
            continue
        hijos: list[Any] = []
        for campo in nombres:
            valor = getattr(nodo, campo)
            tipo = type(valor)
            if tipo in nodos:
                hijos.append(valor)
            elif tipo is tuple or tipo is list:
                hijos.extend(v for v in valor if type(v) in nodos or _es_nodo(v))
            elif tipo is not str and valor is not None and _es_nodo(valor):
                hijos.append(valor)
        hijos.reverse()
        pila.extend(hijos)


# libcst's own metadata visitors that only read the tree: while `lectura()` is active, a
# `node.visit(v)` with one of them walks as `recorrer` does instead of rebuilding the tree. They
# define no method for whitespace or punctuation, so skipping those changes no answer we read;
# ScopeVisitor's `on_leave` files every node it leaves, so the scope mapping simply lacks
# whitespace nodes, which nothing asks about (tests/linter/test_recorrido.py compares the
# mappings of every other node with libcst's).
VISITANTES_DE_LECTURA = frozenset({
    "libcst.metadata.scope_provider.ScopeVisitor",
    "libcst.metadata.expression_context_provider.ExpressionContextVisitor",
})


def _de_lectura(visitante: object) -> bool:
    clase = type(visitante)
    return f"{clase.__module__}.{clase.__qualname__}" in VISITANTES_DE_LECTURA


def _propio(clase: type, nombre: str) -> Optional[Callable[..., Any]]:
    """The visitor class's own method `nombre`, or None when it has none or only CSTVisitor's no-op."""
    f = getattr(clase, nombre, None)
    return None if f is None or f is getattr(cst.CSTVisitor, nombre, None) else f


def _al_dejar(clase: type, tipo: type) -> Callable[[Any, cst.CSTNode], None]:
    """What `visitante.on_leave(nodo)` does for a node of `clase`, resolved once per node class.

    CSTVisitor's `on_leave` looks up `leave_<Class>` by name on every node; ScopeVisitor's also
    files the node's scope and, after an assignment-like node, advances the scope's assignment
    count, testing the node against eighteen ABC classes each time (a third of a scope analysis).
    Both are done here with what is known of the class beforehand; any other `on_leave` is called
    as it is. tests/linter/test_recorrido.py compares every node's scope with libcst's own visit.
    """
    deja = _propio(tipo, "leave_" + clase.__name__)
    if tipo.on_leave is cst.CSTVisitor.on_leave:
        return deja if deja is not None else _nada
    if tipo.on_leave is scope_provider.ScopeVisitor.on_leave and ASIGNACIONES is not None:
        cuenta = issubclass(clase, ASIGNACIONES)

        def dejar_alcance(visitante: Any, nodo: cst.CSTNode) -> None:
            alcance = visitante.scope
            visitante.provider._computed[nodo] = alcance  # BaseMetadataProvider.set_metadata
            if cuenta:
                alcance._assignment_count += 1
            if deja is not None:
                deja(visitante, nodo)
        return dejar_alcance
    return tipo.on_leave  # type: ignore[no-any-return]


def _nada(visitante: Any, nodo: cst.CSTNode) -> None:
    return None


def _visitar(nodo: cst.CSTNode, visitante: Any, planes: dict[type, Any]) -> None:
    """libcst's `CSTNode.visit` for a read-only CSTVisitor, without rebuilding: the same calls of
    `visit_X`, `visit_X_field` / `leave_X_field` and `on_leave`, on the same nodes, in the same order."""
    clase = type(nodo)
    plan = planes.get(clase)
    if plan is None:
        nombre, tipo = clase.__name__, type(visitante)
        plan = planes[clase] = (_propio(tipo, "visit_" + nombre),
                                tuple((c, _propio(tipo, f"visit_{nombre}_{c}"), _propio(tipo, f"leave_{nombre}_{c}"))
                                      for c in campos(clase)), _al_dejar(clase, tipo))
    visita, nombres, deja = plan
    if visita is None or visita(visitante, nodo) is not False:
        nodos = CLASES_DE_NODO
        for campo, antes, despues in nombres:
            valor = getattr(nodo, campo)
            if antes is not None:
                antes(visitante, nodo)
            tipo = type(valor)
            if tipo in nodos:
                valor.visit(visitante)
            elif tipo is tuple or tipo is list:
                for hijo in valor:
                    if type(hijo) in nodos or _es_nodo(hijo):
                        hijo.visit(visitante)
            elif tipo is not str and valor is not None and _es_nodo(valor):
                valor.visit(visitante)
            if despues is not None:
                despues(visitante, nodo)
    deja(visitante, nodo)


@contextmanager
def lectura() -> Iterator[None]:
    """While active, libcst's read-only metadata visitors walk without rebuilding the tree.

    `CSTNode.visit` is swapped for the duration (libcst's visitors call it on children from inside
    their own methods, so there is no other way in) and always restored; any other visitor goes
    through libcst unchanged. Not re-entrant across threads: the analyzer runs one per process.
    """
    original = cst.CSTNode.visit
    planes: dict[type, dict[type, Any]] = {}  # visitor class -> node class -> what to call

    def visit(self: cst.CSTNode, visitante: Any) -> Any:
        if not _de_lectura(visitante):
            return original(self, visitante)
        _visitar(self, visitante, planes.setdefault(type(visitante), {}))
        return self

    cst.CSTNode.visit = visit  # type: ignore[method-assign]
    try:
        yield
    finally:
        cst.CSTNode.visit = original  # type: ignore[method-assign]
