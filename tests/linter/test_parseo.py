"""`fuente.parsear` builds the tree without libcst's per-node validation: the same tree, and
validation back in force for every node built any other way."""

import libcst as cst
import pytest

from oracle_lint.linter.extraccion.fuente import parsear
from oracle_lint.linter.extraccion.tipos import NoResuelto

from .marcas import FIXTURES, RAIZ, fuentes_que_parsean

FUENTES = fuentes_que_parsean(FIXTURES, RAIZ / "linter", RAIZ / "nucleo", RAIZ / "server", RAIZ / "examples")
VALIDAR = cst.CSTNode.__dict__["__post_init__"]


@pytest.mark.parametrize("ruta", FUENTES, ids=lambda r: r.relative_to(RAIZ).as_posix())
def test_the_tree_is_the_one_libcst_builds_with_validation(ruta):
    datos = ruta.read_bytes()
    arbol = parsear(datos, ruta.name)
    assert isinstance(arbol, cst.Module)
    validado = cst.parse_module(datos.decode("utf-8"))
    assert arbol.deep_equals(validado) and arbol.code == validado.code


@pytest.mark.parametrize("datos,parsea", [(b"x = 1\n", True), (b"def f(:\n", False), (b"x = '\xff'\n", False)],
                         ids=["parses", "syntax-error", "not-utf-8"])
def test_validation_is_back_after_every_parse(datos, parsea):
    resultado = parsear(datos, "a.py")
    assert isinstance(resultado, cst.Module if parsea else NoResuelto)
    assert cst.CSTNode.__dict__["__post_init__"] is VALIDAR
    with pytest.raises(cst.CSTValidationError):
        cst.SimpleWhitespace("not whitespace")


def test_validation_is_off_while_the_parser_builds(monkeypatch):
    vistos = []

    def espiar(texto, *args, **kwargs):
        vistos.append(cst.CSTNode.__dict__["__post_init__"] is VALIDAR)
        cst.SimpleWhitespace("not whitespace")  # would raise were validation on
        return original(texto, *args, **kwargs)

    original = cst.parse_module
    monkeypatch.setattr(cst, "parse_module", espiar)
    assert isinstance(parsear(b"x = 1\n", "a.py"), cst.Module)
    assert vistos == [False]
    assert cst.CSTNode.__dict__["__post_init__"] is VALIDAR


def test_a_chain_measured_by_the_stdlib_check_spares_parsing_a_second_stdlib_tree(monkeypatch):
    """The stdlib check (verificacion) measures the longest chain in its own tree and files it in the
    forma; parsing a file it measured builds no stdlib tree again (the guards ran only when unknown),
    and a measured chain over the bound is still refused, at its place."""
    import ast

    from oracle_lint.linter.extraccion import fuente
    from oracle_lint.linter.extraccion.forma import forma

    largo = ("x = " + " + ".join(["1"] * 1200) + "\n").encode()
    corto = (("x = " + "(" * 50 + "1" + ")" * 50 + "\n") * 25).encode()  # 1,250 brackets: the guards would parse it
    assert forma(ast.parse(largo), largo)["cadena"] == 1199 and forma(ast.parse(corto), corto)["cadena"] == 0
    arboles = []
    original = ast.parse
    monkeypatch.setattr(ast, "parse", lambda *a, **k: arboles.append(1) or original(*a, **k))
    assert isinstance(fuente.parsear(corto, "c.py", 0), __import__("libcst").Module) and arboles == []
    assert isinstance(fuente.parsear(corto, "c.py"), __import__("libcst").Module) and arboles  # unknown: guarded
    arboles.clear()
    rechazo = fuente.parsear(largo, "l.py", 1199)
    assert rechazo.motivo.startswith("an expression chains 1199 operations") and (rechazo.pos.linea, rechazo.pos.columna) == (1, 5)
