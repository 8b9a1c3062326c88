"""Positions computed by `posiciones.Estado` are exactly libcst's PositionProvider ranges."""

from __future__ import annotations

import libcst as cst
import pytest
from libcst.metadata import MetadataWrapper, PositionProvider

from oracle_lint.linter.extraccion.posiciones import posiciones

from .marcas import FIXTURES, RAIZ, fuentes_que_parsean


FUENTES = fuentes_que_parsean(FIXTURES, RAIZ / "linter", RAIZ / "nucleo", RAIZ / "examples")
# What the tree of a real file rarely holds: CRLF and lone-CR newlines, backslash continuations,
# multi-line strings, f-strings, a file without a final newline, decorators, semicolons, tabs.
RAROS = [
    "x = 1\r\ny = (1,\r\n     2)\r\n",
    "a = 1\rb = 2\r",
    "x = 1 + \\\n    2\nif x: pass\n",
    's = """uno\ndos\n"""\nt = f"{s!r:>{10}} {s}"\n',
    "def f():\n\treturn 1",
    "@d(1)\n@e\nclass C(B, metaclass=M):\n    a: int = 1; b = 2\n    # fin\n",
    "",
    "\n\n# solo un comentario\n",
    "try:\n    pass\nexcept* E as e:\n    raise X from e\nfinally:\n    del a[1:2, ::3]\n",
    "match p:\n    case [1, *r] | {'k': v, **kw} if v: pass\n    case C(a=1) as c: pass\n",
    "lambda x, /, y=2, *a, z, **k: (yield)\n",
]


def _iguales(arbol: cst.Module) -> None:
    propias = posiciones(arbol)
    de_libcst = MetadataWrapper(arbol, unsafe_skip_copy=True).resolve(PositionProvider)
    assert set(propias) == set(de_libcst)
    for nodo, rango in de_libcst.items():
        assert propias[nodo] == (rango.start.line, rango.start.column, rango.end.line, rango.end.column), nodo


@pytest.mark.parametrize("ruta", FUENTES, ids=lambda r: r.relative_to(RAIZ).as_posix())
def test_every_node_of_a_real_source_gets_libcsts_range(ruta):
    _iguales(cst.parse_module(ruta.read_bytes().decode("utf-8")))


@pytest.mark.parametrize("fuente", RAROS)
def test_unusual_layouts_get_libcsts_range(fuente):
    _iguales(cst.parse_module(fuente))


def test_the_ranges_are_where_the_code_is():
    arbol = cst.parse_module("import os\n\n\n@app.tool()\ndef f(x):\n    return {'a': x}\n")
    funcion = arbol.body[1]
    assert posiciones(arbol)[funcion] == (5, 0, 6, 19)  # libcst starts a function at `def`, after its decorators
    retorno = funcion.body.body[0].body[0]
    assert posiciones(arbol)[retorno] == (6, 4, 6, 19)


def _por_partes(datos: bytes, sentencias):
    from oracle_lint.linter.extraccion.posiciones import Perezosas

    arbol = cst.parse_module(datos.decode("utf-8"))
    return arbol, Perezosas(arbol, datos.decode("utf-8"), sentencias)


def _sentencias(datos: bytes):
    from oracle_lint.linter.extraccion.verificacion import verificar

    falla, forma = verificar(datos, "a.py")
    assert falla is None and forma is not None
    return forma["sentencias"]


def _por_partes_iguales(datos: bytes) -> None:
    """Asked node by node in a shuffled order, each statement line generated alone: every range is
    the whole module's, and no question needed the whole module (trivia asked last does)."""
    import random

    sentencias = _sentencias(datos)
    assert sentencias is not None
    arbol, perezosas = _por_partes(datos, sentencias)
    enteras = posiciones(arbol)
    nodos = [n for n in enteras if n in perezosas._indice()]
    random.Random(7).shuffle(nodos)
    for nodo in nodos:  # starts only: each statement generated up to the node's start
        assert perezosas.inicio(nodo) == enteras[nodo][:2], nodo
    assert not perezosas.entera
    arbol, perezosas = _por_partes(datos, sentencias)
    enteras = posiciones(arbol)
    nodos = [n for n in enteras if n in perezosas._indice()]
    random.Random(8).shuffle(nodos)
    for i, nodo in enumerate(nodos):  # whole ranges, starts between them
        if i % 3:
            assert perezosas.get(nodo) == enteras[nodo], nodo
        else:
            assert perezosas.inicio(nodo) == enteras[nodo][:2], nodo
    assert not perezosas.entera
    for nodo, rango in enteras.items():  # the rest (whitespace, commas) generates the whole module, exactly
        assert perezosas[nodo] == rango


@pytest.mark.parametrize("ruta", FUENTES, ids=lambda r: r.relative_to(RAIZ).as_posix())
def test_statement_by_statement_every_node_gets_the_whole_modules_range(ruta):
    _por_partes_iguales(ruta.read_bytes())


POR_PARTES = [
    *RAROS[:4], *RAROS[5:7], *RAROS[8:],
    "@d\n# entre\n@e(1)\n\n# antes\nasync def f(x):\n    if x: return 1\n    elif x > 2:\n        a = 1; b = 2\n"
    "    elif x:\n        pass\n    else:\n        if y:\n            pass\n    async for i in x:\n        pass\n"
    "    else:\n        pass\n    async with a as b, c:\n        pass\n    while 1:\n        break\n    else:\n        pass\n",
    "class A:\n  class B:\n      def f(self):\n         return 1\n  x = 1\n# fin del archivo",
    "def f():\n\tif x:\n\t\treturn 1\n\tmatch x:\n\t\tcase 1:\n\t\t\tpass\n\t\tcase _:\n\t\t\t# nada\n\t\t\tpass\n",
    "x = 1\n\x0c\ndef f():\n    pass\n    # al final del bloque\n\n# de la siguiente\ny = [\n    1,\n]; z = 2\n",
    "def f():\r\n    '''doc\r\n    más'''\r\n    return {'ñ': 1}\r\n",
]


@pytest.mark.parametrize("fuente", POR_PARTES)
def test_statement_by_statement_unusual_layouts(fuente):
    _por_partes_iguales(fuente.encode())


@pytest.mark.parametrize("fuente", ["def f():\n\treturn 1", "if x: \\\n    a = 1\n"])
def test_a_layout_the_stdlib_reading_does_not_vouch_for_still_gets_exact_ranges(fuente):
    """A file without a final newline, a backslash that joins a suite to its header: whatever the
    statement reading says, every range is the whole module's (a statement whose text is not the
    source's at its line, or statements that are not libcst's, generate the whole module)."""
    datos = fuente.encode()
    arbol, perezosas = _por_partes(datos, _sentencias(datos))
    for nodo, rango in posiciones(arbol).items():
        assert perezosas.get(nodo) == rango


def test_wrong_statement_lines_fall_back_to_the_whole_module():
    datos = b"a = 1\nb = 2\n\nc = 3\n"
    sentencias = _sentencias(datos)
    assert sentencias == ["sss", "1 1 2"]
    arbol, perezosas = _por_partes(datos, ["sss", "1 2 1"])  # b and c swapped lines: b's text is not at line 3
    c = arbol.body[2]
    b = arbol.body[1]
    assert perezosas.get(b) == (2, 0, 2, 5) and perezosas.entera  # b's text is not on line 3: the whole module
    assert perezosas.get(c) == (4, 0, 4, 5)
    arbol, perezosas = _por_partes(datos, ["sfs", "1 1 2"])  # kinds that are not libcst's statements
    assert perezosas.get(arbol.body[2]) == (4, 0, 4, 5) and perezosas.entera
    arbol, perezosas = _por_partes(datos, sentencias)
    assert perezosas.get(arbol.body[2]) == (4, 0, 4, 5) and not perezosas.entera
