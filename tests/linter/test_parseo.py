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


def _cadena_de_referencia(arbol):
    """The longest left-nested chain and its head as two plain `ast.walk` passes find them."""
    import ast

    def eslabon(n):
        return n.left if isinstance(n, ast.BinOp) else n.value if isinstance(n, (ast.Attribute, ast.Subscript)) \
            else n.func if isinstance(n, ast.Call) else None

    hijos = {id(e) for n in ast.walk(arbol) if (e := eslabon(n)) is not None}
    mejor, donde = 0, arbol
    for n in ast.walk(arbol):
        if id(n) in hijos or eslabon(n) is None:
            continue
        largo, actual = 0, n
        while (siguiente := eslabon(actual)) is not None:
            largo, actual = largo + 1, siguiente
        if largo > mejor:
            mejor, donde = largo, n
    return mejor, donde


@pytest.mark.parametrize("ruta", FUENTES, ids=lambda r: r.relative_to(RAIZ).as_posix())
def test_the_longest_chain_and_its_head_are_those_of_a_plain_walk(ruta):
    import ast

    from oracle_lint.linter.extraccion.forma import cadena_mas_larga

    arbol = ast.parse(ruta.read_bytes())
    largo, donde = cadena_mas_larga(arbol)
    esperado, cabeza = _cadena_de_referencia(arbol)
    assert largo == esperado and donde is cabeza
