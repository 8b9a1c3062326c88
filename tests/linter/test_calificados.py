"""Qualified names without a scope analysis (calificados.py): where `sin_alcances` answers, it
answers what libcst's scope analysis and the import-table fallback answer, on every node; where a
binding needs the scope analysis, it does not answer."""

from __future__ import annotations

import textwrap

import libcst as cst
import pytest

from oracle_lint.linter.extraccion.calificados import comparados, por_alcances, sin_alcances
from oracle_lint.linter.extraccion.recolector import recolectar

from .corridas import llamadas_a
from .marcas import RAIZ, fuentes_que_parsean


def _modulo(fuente: str):
    return recolectar("m.py", "m", cst.parse_module(textwrap.dedent(fuente)))


def _nodo(m, codigo: str) -> cst.CSTNode:
    """The last node of `m`'s tree whose code is `codigo` (a name, dotted name, subscript or operation)."""
    vacio, hallados, pila = cst.Module([]), [], [m.arbol]
    while pila:
        n = pila.pop()
        if isinstance(n, (cst.Name, cst.Attribute, cst.Subscript, cst.BinaryOperation)) and vacio.code_for_node(n) == codigo:
            hallados.append(n)
        pila.extend(reversed(n.children))
    assert hallados, codigo
    return hallados[-1]


RESPONDE = [
    # bound nowhere
    ("x = len(y)\n", "len", {"builtins.len"}),
    ("x = desconocido\n", "desconocido", {"builtins.desconocido"}),
    ("x = desconocido.attr\n", "desconocido.attr", {"desconocido.attr"}),
    ("x: list[int] = []\n", "list[int]", {"builtins.list"}),
    ("x: Sin[int] = []\n", "Sin[int]", set()),
    # bound only by module-level imports that agree with the import table
    ("from typing import Optional\n\ndef f(a: Optional[str]): ...\n", "Optional", {"typing.Optional"}),
    ("from typing import Optional\n\ndef f(a: Optional[str]): ...\n", "Optional[str]", {"typing.Optional"}),
    ("import typing as t\n\ndef f() -> t.Any: ...\n", "t.Any", {"typing.Any"}),
    ("import pydantic\n\nclass M(pydantic.BaseModel): ...\n", "pydantic.BaseModel", {"pydantic.BaseModel"}),
    ("from .modelos import Fila\n\ndef f() -> Fila: ...\n", "Fila", {".modelos.Fila"}),
    ("try:\n    from a import X\nexcept ImportError:\n    from a import X\n\nX()\n", "X", {"a.X"}),
    # read before the import at module level: libcst finds no binding, the table does
    ("y = Z\nfrom b import Z\n", "Z", {"b.Z"}),
    # bound only at module level, as a class, function or constant
    ("class Fila: ...\n\ndef f() -> Fila: ...\n", "Fila", {"Fila"}),
    ("def g(): ...\n\ng.atributo\n", "g.atributo", {"g.atributo"}),
    ("LIMITE = 3\n\ndef f(n=LIMITE): ...\n", "LIMITE", {"LIMITE"}),
    # never named
    ("from typing import Optional\n\ndef f(a: int | None): ...\n", "int | None", set()),
]


@pytest.mark.parametrize("fuente,codigo,esperado", RESPONDE)
def test_answers_where_the_bindings_tell_and_as_the_scope_analysis_does(fuente, codigo, esperado):
    m = _modulo(fuente)
    nodo = _nodo(m, codigo)
    assert sin_alcances(m, nodo) == esperado
    assert por_alcances(m, nodo) == esperado


NO_RESPONDE = [
    ("def f(str):\n    return str\n", "str"),  # a parameter
    ("def f():\n    r = g()\n    return r.get\n", "r.get"),  # a local
    ("class C:\n    T = int\n    x: T\n", "T"),  # a class-body binding
    ("x = [n for n in range(3)]\n", "n"),  # a comprehension target
    ("x = [(y := 1) for _ in ()]\nz = y\n", "y"),  # a walrus
    ("import os.path\n\nos.path.join\n", "os.path.join"),  # a dotted import binds `os` and `os.path`
    ("def f():\n    global G\n    G = 1\n\nG\n", "G"),  # declared global
    ("def f():\n    import json\n    return json\n", "json"),  # imported in a function
    ("from . import hermano\n\nhermano.f\n", "hermano.f"),  # libcst `.hermano`, the table `..hermano`
    ("from a import X\nfrom b import X\n\nX\n", "X"),  # two imports that disagree
    ("from a import X\nX = 1\n\nX\n", "X"),  # an import and an assignment
    ("from a import open\n\nopen\n", "open"),  # a builtin rebound by an import
    ("for K in ():\n    pass\n\nK\n", "K"),  # bound at module level, but no class, function or constant
    ("x = str.join\n", "str.join"),  # a builtin's attribute: libcst answers where it visits the node only
    ("match v:\n    case [Q]:\n        pass\n\nQ\n", "Q"),  # a capture pattern
    ("try:\n    pass\nexcept E as err:\n    err\n", "err"),
    ("del D\n", "D"),
    ("f(x)[0].attr\n", "f(x)[0].attr"),  # not a plain dotted name
]


@pytest.mark.parametrize("fuente,codigo", NO_RESPONDE)
def test_leaves_to_the_scope_analysis_what_needs_it(fuente, codigo):
    m = _modulo(fuente)
    assert sin_alcances(m, _nodo(m, codigo)) is None


def test_a_node_not_of_the_tree_has_the_answer_libcst_and_the_table_give():
    """A string annotation is parsed anew: its nodes have no scope. Subscripts and operations then
    have no answer; names have the import table's."""
    m = _modulo("from typing import Optional\n\ndef f(a: 'Optional[str]'): ...\n")
    for codigo, esperado in (("Optional[str]", set()), ("Optional", {"typing.Optional"}), ("int | str", set())):
        nuevo = cst.parse_expression(codigo)
        assert sin_alcances(m, nuevo) == esperado == por_alcances(m, nuevo)


@pytest.mark.parametrize("carpeta,partes", [(RAIZ / "tests" / "fixtures", (".",)),
                                           (RAIZ, ("linter", "server", "nucleo", "examples", "bench"))],
                         ids=["fixtures", "repository"])
def test_every_answer_on_real_code_is_the_scope_analysis_answer(carpeta, partes):
    respondidos = distintos = 0
    tipos: set[str] = set()
    for ruta in fuentes_que_parsean(*(carpeta / p for p in partes)):
        m = recolectar(str(ruta), "m", cst.parse_module(ruta.read_text(encoding="utf-8")))
        for nodo, rapido, lento in comparados(m, sinteticos=40):
            if rapido is not None:
                respondidos += 1
                tipos.add(type(nodo).__name__)
                distintos += rapido != lento
        m.soltar()
    assert distintos == 0
    assert respondidos > 5000 and tipos == {"Name", "Attribute", "Subscript", "BinaryOperation"}


def test_a_caller_looking_for_some_last_parts_skips_the_scope_analysis_only_where_none_can_match(monkeypatch):
    """`Proyecto.calificados_entre`: `client.describe` (a parameter's attribute) cannot be named
    `...Tool`, so it gets no names and no scope analysis; `client.Tool` still asks it."""
    from oracle_lint.linter.extraccion import proyecto as modulo_proyecto

    preguntas = llamadas_a(monkeypatch, modulo_proyecto, "por_alcances", 1)
    m = _modulo("def f(client):\n    client.describe()\n    client.Tool()\n    dict.fromkeys(client)\n"
                "    client.get()[0].run()\n    str(client).split()\n")
    p = modulo_proyecto.Proyecto(None)  # type: ignore[arg-type]  # qualified names read no other file
    assert p.calificados_entre(m, _nodo(m, "client.describe"), ("Tool",)) == set()
    assert p.calificados_entre(m, _nodo(m, "client.get()[0].run"), ("Tool",)) == set()
    assert preguntas == []
    assert p.calificados_entre(m, _nodo(m, "str(client).split"), ("str",)) == {"builtins.str"}
    preguntas.clear()
    assert p.calificados_entre(m, _nodo(m, "client.Tool"), ("Tool",)) == p.calificados(m, _nodo(m, "client.Tool"))
    assert [cst.Module([]).code_for_node(n) for n in preguntas] == ["client.Tool", "client.Tool"]
    # a builtin's attribute is named after the builtin alone: it is always asked
    assert p.calificados_entre(m, _nodo(m, "dict.fromkeys"), ("dict",)) == {"builtins.dict"}


ULTIMOS = ("Tool", "loads", "dict", "cast", "CallToolResult")


@pytest.mark.parametrize("carpeta,partes", [(RAIZ / "tests" / "fixtures", (".",)), (RAIZ, ("linter", "bench"))],
                         ids=["fixtures", "repository"])
def test_every_name_a_caller_looks_for_is_found_on_real_code(carpeta, partes):
    """Of what `calificados` answers, `calificados_entre` keeps every name whose last part is sought,
    on every attribute of real code."""
    from oracle_lint.linter.extraccion.proyecto import Proyecto

    p = Proyecto(None)  # type: ignore[arg-type]
    vistos = 0
    for ruta in fuentes_que_parsean(*(carpeta / x for x in partes)):
        m = recolectar(str(ruta), "m", cst.parse_module(ruta.read_text(encoding="utf-8")))
        pila: list[cst.CSTNode] = [m.arbol]
        while pila:
            nodo = pila.pop()
            pila.extend(nodo.children)
            if isinstance(nodo, cst.Attribute):
                buscados = {n for n in p.calificados(m, nodo) if n.rsplit(".", 1)[-1] in ULTIMOS}
                assert {n for n in p.calificados_entre(m, nodo, ULTIMOS) if n.rsplit(".", 1)[-1] in ULTIMOS} == buscados
                vistos += bool(buscados)
        m.soltar()
    assert vistos > 20
