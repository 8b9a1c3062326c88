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
