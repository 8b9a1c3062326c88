"""The read-only walk calls what libcst's visit calls, in the same order, and scopes come out the same."""

from __future__ import annotations

import ast
import dataclasses
import inspect
import textwrap
import typing

import libcst as cst
import pytest
from libcst.metadata import MetadataWrapper, ScopeProvider

from oracle_lint.linter.extraccion import recorrido
from oracle_lint.linter.extraccion.recolector import Modulo, Recolector

from .marcas import FIXTURES, RAIZ, fuentes_que_parsean

CLASES = sorted((c for c in vars(cst).values() if isinstance(c, type) and issubclass(c, cst.CSTNode)
                 and dataclasses.is_dataclass(c) and not inspect.isabstract(c)), key=lambda c: c.__name__)
# Modules of the libcst classes that hold only whitespace, comments, punctuation and operators.
MODULOS_TRIVIALES = ("libcst._nodes.whitespace", "libcst._nodes.op")


FUENTES = fuentes_que_parsean(FIXTURES, RAIZ / "linter", RAIZ / "server", RAIZ / "examples")


def _orden_libcst(clase: type) -> list[str]:
    """The fields libcst's `_visit_and_replace_children` visits, in order, read from its source."""
    arbol = ast.parse(textwrap.dedent(inspect.getsource(clase._visit_and_replace_children)))
    orden: list[str] = []

    class Llamadas(ast.NodeVisitor):
        def visit_Call(self, nodo: ast.Call) -> None:
            f = nodo.func
            nombre = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
            if nombre.startswith("visit_") and len(nodo.args) >= 2 and isinstance(nodo.args[1], ast.Constant):
                if nodo.args[1].value not in orden:
                    orden.append(nodo.args[1].value)
            self.generic_visit(nodo)

    Llamadas().visit(arbol)
    return orden


def _trivial(campo: str) -> bool:
    return campo in recorrido.TRIVIA or campo.startswith("whitespace")


@pytest.mark.parametrize("clase", CLASES, ids=lambda c: c.__name__)
def test_the_walk_enters_fields_in_libcsts_visit_order(clase):
    esperado = [c for c in _orden_libcst(clase) if not _trivial(c)]
    pistas = typing.get_type_hints(clase)
    assert [c for c in recorrido.campos(clase) if _clases_de(pistas[c])] == esperado  # str fields hold no node


def _clases_de(tipo: object) -> set[type]:
    """The CSTNode classes a type hint names."""
    if isinstance(tipo, type):
        return {tipo} if issubclass(tipo, cst.CSTNode) else set()
    return {c for arg in typing.get_args(tipo) for c in _clases_de(arg)}


def _es_trivial(clase: type, viendo: frozenset = frozenset()) -> bool:
    """Whether a node class can only hold whitespace, comments, punctuation and operators: it is
    one of libcst's whitespace/operator classes, or a concrete class all of whose node fields are
    trivial (an abstract class stands for any subclass, so it never is)."""
    if clase.__module__ in MODULOS_TRIVIALES:
        return True
    if inspect.isabstract(clase) or not dataclasses.is_dataclass(clase):
        return False
    if clase in viendo:
        return True
    return all(_es_trivial(c, viendo | {clase}) for pista in typing.get_type_hints(clase).values()
               for c in _clases_de(pista))


@pytest.mark.parametrize("clase", CLASES, ids=lambda c: c.__name__)
def test_skipped_fields_can_only_hold_whitespace_punctuation_or_operators(clase):
    pistas = typing.get_type_hints(clase)
    for campo in (f.name for f in dataclasses.fields(clase)):
        if campo in recorrido.campos(clase):
            continue
        nombradas = _clases_de(pistas[campo])
        assert all(_es_trivial(c) for c in nombradas), (clase.__name__, campo, nombradas)


class _Grabadora:
    """Records each call the collector would receive."""

    def __init__(self) -> None:
        self.llamadas: list[tuple[str, int]] = []

    def __getattr__(self, nombre: str):
        if not nombre.startswith(("visit_", "leave_")) or not hasattr(Recolector, nombre):
            raise AttributeError(nombre)
        return lambda nodo: self.llamadas.append((nombre, id(nodo)))


class _GrabadoraLibcst(cst.CSTVisitor):
    def __init__(self) -> None:
        super().__init__()
        self.llamadas: list[tuple[str, int]] = []

    def on_visit(self, nodo: cst.CSTNode) -> bool:
        if hasattr(Recolector, "visit_" + type(nodo).__name__):
            self.llamadas.append(("visit_" + type(nodo).__name__, id(nodo)))
        return True

    def on_leave(self, nodo: cst.CSTNode) -> None:
        if hasattr(Recolector, "leave_" + type(nodo).__name__):
            self.llamadas.append(("leave_" + type(nodo).__name__, id(nodo)))


@pytest.mark.parametrize("ruta", FUENTES, ids=lambda r: r.relative_to(RAIZ).as_posix())
def test_the_collector_gets_the_calls_libcst_would_make_in_the_same_order(ruta):
    arbol = cst.parse_module(ruta.read_bytes().decode("utf-8"))
    propia, de_libcst = _Grabadora(), _GrabadoraLibcst()
    recorrido.recorrer(arbol, propia)
    arbol.visit(de_libcst)
    assert propia.llamadas == de_libcst.llamadas


def test_the_recorders_record():
    arbol = cst.parse_module("import os\n\ndef f(x):\n    y = g(x)\n    return y\n")
    propia = _Grabadora()
    recorrido.recorrer(arbol, propia)
    assert [n for n, _ in propia.llamadas] == [
        "visit_Import", "visit_Name", "visit_FunctionDef", "visit_Name", "visit_Param", "visit_Name", "visit_Assign", "visit_Name",
        "visit_Call", "visit_Name", "visit_Name", "visit_Return", "visit_Name", "leave_FunctionDef"]


def test_a_visit_that_returns_false_skips_the_children_but_still_leaves():
    arbol = cst.parse_module("def f():\n    g()\n")
    visto: list[str] = []

    class V:
        def visit_FunctionDef(self, nodo):
            visto.append("visit")
            return False

        def leave_FunctionDef(self, nodo):
            visto.append("leave")

        def visit_Call(self, nodo):
            visto.append("call")

    recorrido.recorrer(arbol, V())
    assert visto == ["visit", "leave"]


def _calificados(arbol: cst.Module, leer: bool) -> tuple[dict[int, frozenset], list, int, dict[int, tuple]]:
    """Qualified names of every Name/Attribute of the tree; those of the nodes ScopeProvider parses
    out of string annotations (new nodes each run, so compared by value); how many non-trivial
    nodes have a scope; each node's scope (kind, qualified prefix, every binding with its index)."""
    envoltorio = MetadataWrapper(arbol, unsafe_skip_copy=True)
    if leer:
        with recorrido.lectura():
            alcances = envoltorio.resolve(ScopeProvider)
    else:
        alcances = envoltorio.resolve(ScopeProvider)
    del_arbol: set[int] = set()
    pila: list[cst.CSTNode] = [arbol]
    while pila:  # every node of the parsed tree, trivia included
        n = pila.pop()
        del_arbol.add(id(n))
        pila.extend(n.children)
    propios, de_anotaciones, alcance_de = {}, [], {}
    for nodo, alcance in alcances.items():
        if id(nodo) in del_arbol and alcance is not None and not _es_trivial(type(nodo)):  # which scope, and what it binds, at which index
            alcance_de[id(nodo)] = (type(alcance).__name__, alcance._name_prefix, sorted(
                (nombre, sorted((type(a).__name__, a._index) for a in asignadas))
                for nombre, asignadas in alcance._assignments.items()))
        if isinstance(nodo, (cst.Name, cst.Attribute)) and alcance is not None:
            nombres = frozenset((q.name, q.source) for q in alcance.get_qualified_names_for(nodo))
            if id(nodo) in del_arbol:
                propios[id(nodo)] = nombres
            else:
                de_anotaciones.append((cst.Module([]).code_for_node(nodo), sorted(nombres)))
    no_triviales = sum(1 for n in alcances if not _es_trivial(type(n)))
    return propios, sorted(de_anotaciones), no_triviales, alcance_de


@pytest.mark.parametrize("ruta", FUENTES, ids=lambda r: r.relative_to(RAIZ).as_posix())
def test_scopes_read_without_rebuilding_give_libcsts_qualified_names(ruta):
    arbol = cst.parse_module(ruta.read_bytes().decode("utf-8"))
    assert _calificados(arbol, leer=True) == _calificados(arbol, leer=False)


def test_lectura_restores_libcsts_visit_and_leaves_other_visitors_alone():
    original = cst.CSTNode.visit
    arbol = cst.parse_module("x = 1\n")

    class Renombrar(cst.CSTTransformer):
        def leave_Name(self, original_node, updated_node):
            return updated_node.with_changes(value="y")

    with recorrido.lectura():
        assert cst.CSTNode.visit is not original
        assert arbol.visit(Renombrar()).code == "y = 1\n"  # a transformer still transforms
    assert cst.CSTNode.visit is original
    with pytest.raises(RuntimeError):
        with recorrido.lectura():
            raise RuntimeError("boom")
    assert cst.CSTNode.visit is original


def test_modulo_collects_the_same_facts_either_way():
    fuente = (FIXTURES / "decorador").glob("*.py")
    for ruta in sorted(fuente):
        arbol = cst.parse_module(ruta.read_text())

        class Libcst(Recolector, cst.CSTVisitor):
            pass

        a = Modulo("f.py", "f", arbol, None)
        b = Modulo("f.py", "f", arbol, None)
        recorrido.recorrer(arbol, Recolector(a))
        arbol.visit(Libcst(b))
        assert (sorted(a.funciones), sorted(a.constantes), [id(c) for c in a.llamadas], a.identificadores) == \
               (sorted(b.funciones), sorted(b.constantes), [id(c) for c in b.llamadas], b.identificadores)


class _Propio(cst.BatchableCSTVisitor):
    def visit_Name(self, nodo):
        pass

    def leave_Call(self, nodo):
        pass

    def visit_Call_func(self, nodo):
        pass


@pytest.mark.parametrize("nombre", ["ScopeProvider", "ExpressionContextProvider", "ParentNodeProvider",
                                    "QualifiedNameProvider", "_Propio"])
def test_visitor_methods_are_what_libcst_lists_for_an_instance(nombre):
    from libcst import metadata

    from oracle_lint.linter.extraccion.metadatos import metodos_de_visita

    clase = _Propio if nombre == "_Propio" else getattr(metadata, nombre)
    assert metodos_de_visita(clase) == frozenset(clase().get_visitors())
    assert metodos_de_visita(clase)  # every one of them visits something


def test_a_visitors_own_methods_are_listed_and_libcsts_no_op_stubs_are_not():
    from oracle_lint.linter.extraccion.metadatos import metodos_de_visita

    assert metodos_de_visita(_Propio) == {"visit_Name", "leave_Call", "visit_Call_func"}
