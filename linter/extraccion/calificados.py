"""Qualified names of a name or dotted name, without a scope analysis where the answer is known.

`por_alcances` asks libcst's scope analysis (a seventh of a cold run: a visit of the whole
module per module asked) and falls back to the import table when it answers nothing. For a dotted
name whose head is bound in one of three simple ways, both give one answer that the collector's
binding facts (recolector.py: `importa_q`, `ligados_modulo`, `ligados_otros`) already tell:

- bound nowhere: `builtins.x` for a bare name, the dotted text itself for `x.y` (when `x` is not a
  builtin: libcst would answer `builtins.x` where it visits the node and nothing elsewhere);
- bound only by module-level imports that all name the same thing, and that thing is what the
  import table says (`from . import a` is not: libcst says `.a`, the table `..a`): that thing,
  followed by the rest of the dotted name;
- bound only at module level otherwise, as a class, function or constant: the dotted text itself.

A name also bound in a nested scope, declared global or nonlocal, deleted, imported dotted
(`import a.b` binds `a` and `a.b`), or a builtin rebound, is left to the scope analysis (None), and
so is anything but a plain dotted name, a subscript of one (libcst names it after its value; one
not in the module's tree has no answer) or a binary operation (never named). Where it answers, the
answer is the one the scope analysis and its fallback give wherever the node sits, read before or
after the binding, visited by libcst or not: tests/linter/test_calificados.py compares both on
every such node of the fixtures and of this repository's code, and bench/calificados_check.py on
a real tree (awslabs/mcp `src`, python-sdk, fastmcp: none differ).
"""

from __future__ import annotations

import builtins
from collections.abc import Iterator
from typing import Optional

import libcst as cst

from .recolector import Modulo, dotted


def por_alcances(m: Modulo, expr: cst.CSTNode) -> set[str]:
    """Qualified names through libcst's scope analysis, and the import table where it answers nothing."""
    nombres = m.nombres_calificados(expr)
    if nombres:
        return nombres
    texto = dotted(expr)
    if texto is None:
        return set()
    cabeza, _, resto = texto.partition(".")
    if cabeza in m.importados:
        origen, atributo = m.importados[cabeza]
        base = f"{origen}.{atributo}" if atributo else origen
        return {f"{base}.{resto}" if resto else base}
    if cabeza in m.clases or cabeza in m.funciones or cabeza in m.constantes:
        return {texto}
    return {f"builtins.{texto}"} if not resto else {texto}


def sin_alcances(m: Modulo, expr: cst.CSTNode) -> Optional[set[str]]:
    """What `Proyecto.calificados(m, expr)` answers, when the binding facts alone tell it; else None."""
    if isinstance(expr, cst.BinaryOperation):
        return set()  # no full name: libcst answers nothing, nor does the import table
    subindice = isinstance(expr, cst.Subscript)
    if subindice:
        if id(expr) not in m.subindices:
            return set()  # not of this tree (a parsed string annotation): no scope, no dotted text
        texto = dotted(expr.value)  # libcst names `x[...]` after `x`; the import table never answers
    else:
        texto = dotted(expr)
    if texto is None:
        return None
    cabeza, _, resto = texto.partition(".")
    if cabeza in m.ligados_otros:
        return None
    importes = m.importa_q.get(cabeza)
    local = cabeza in m.ligados_modulo
    incorporado = hasattr(builtins, cabeza)
    if importes:
        if local or incorporado:
            return None
        origen, atributo = m.importados[cabeza]
        base = f"{origen}.{atributo}" if atributo else origen
        if importes != {base}:
            return None
        return {f"{base}.{resto}" if resto else base}
    if local:
        if incorporado or not (cabeza in m.clases or cabeza in m.funciones or cabeza in m.constantes):
            return None
        return {texto}
    if subindice:  # visited by the scope analysis: only a builtin resolves, by its head
        return {f"builtins.{cabeza}"} if incorporado else set()
    if not resto:
        return {f"builtins.{texto}"}
    return None if incorporado else {texto}


def comparados(m: Modulo, sinteticos: int = 200) -> Iterator[tuple[cst.CSTNode, Optional[set[str]], set[str]]]:
    """(node, `sin_alcances`'s answer, the scope analysis's answer) for every name, dotted name,
    subscript and binary operation of `m`'s tree, and for the first `sinteticos` of them written
    anew outside it (as a string annotation is parsed): the check of tests/linter/test_calificados.py
    and bench/calificados_check.py. The scope analysis is asked only where `sin_alcances` answers."""
    pila: list[cst.CSTNode] = [m.arbol]
    nodos: list[cst.CSTNode] = []
    while pila:
        nodo = pila.pop()
        if isinstance(nodo, COMPARADOS):
            nodos.append(nodo)
        pila.extend(nodo.children)
    vacio = cst.Module([])
    for nodo in [*nodos, *(_de_nuevo(vacio, n) for n in nodos[:sinteticos])]:
        if nodo is None:
            continue
        rapido = sin_alcances(m, nodo)
        yield nodo, rapido, (por_alcances(m, nodo) if rapido is not None else set())


COMPARADOS = (cst.Name, cst.Attribute, cst.Subscript, cst.BinaryOperation)


def _de_nuevo(vacio: cst.Module, nodo: cst.CSTNode) -> Optional[cst.CSTNode]:
    try:
        return cst.parse_expression(vacio.code_for_node(nodo))
    except Exception:  # a bare attribute name or keyword is no expression of its own
        return None
