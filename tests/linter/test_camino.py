"""Parents read off node fields (`camino`) are exactly libcst's ParentNodeProvider mapping."""

from __future__ import annotations

import libcst as cst
import pytest
from libcst.metadata import MetadataWrapper, ParentNodeProvider

from oracle_lint.linter.extraccion.camino import padres_de, padres_hasta

from .marcas import FIXTURES, RAIZ, fuentes_que_parsean
from .test_posiciones import RAROS

FUENTES = fuentes_que_parsean(FIXTURES, RAIZ / "linter", RAIZ / "nucleo", RAIZ / "examples")


def _iguales(arbol: cst.Module) -> None:
    propios = padres_de(arbol)
    de_libcst = MetadataWrapper(arbol, unsafe_skip_copy=True).resolve(ParentNodeProvider)
    assert len(propios) == len(de_libcst)
    for nodo, padre in de_libcst.items():
        assert propios[nodo] is padre, nodo


@pytest.mark.parametrize("ruta", FUENTES, ids=lambda r: r.relative_to(RAIZ).as_posix())
def test_every_node_of_a_real_source_gets_libcsts_parent(ruta):
    _iguales(cst.parse_module(ruta.read_bytes().decode("utf-8")))


@pytest.mark.parametrize("fuente", RAROS)
def test_unusual_layouts_get_libcsts_parent(fuente):
    _iguales(cst.parse_module(fuente))


def test_the_path_down_to_a_node_is_its_chain_of_parents():
    arbol = cst.parse_module("def f(xs):\n    return [g(x) for x in xs]\n")
    funcion = arbol.body[0]
    comprension = funcion.body.body[0].body[0].value
    llamada = comprension.elt
    camino = padres_hasta(funcion, llamada)
    assert camino is not None and camino[llamada] is comprension
    todos = padres_de(arbol)
    actual, vistos = llamada, 0
    while actual is not funcion:  # the path's links are the whole map's
        assert camino[actual] is todos[actual]
        actual, vistos = camino[actual], vistos + 1
    assert vistos == 5  # Call -> ListComp -> Return -> SimpleStatementLine -> IndentedBlock -> FunctionDef
    assert todos[funcion] is arbol and funcion not in camino
    assert padres_hasta(funcion, cst.Name("ajeno")) is None
