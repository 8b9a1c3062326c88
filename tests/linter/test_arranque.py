"""The one-file run's shortcuts give exactly libcst's and jsonschema's answers, and import less."""

import json
import shutil
import subprocess
import sys
import textwrap

import libcst as cst
import pytest
from libcst._metadata_dependent import LazyValue
from libcst.metadata import (
    ExpressionContextProvider,
    MetadataWrapper,
    PositionProvider,
    QualifiedNameProvider,
    ScopeProvider,
)

from oracle_lint.linter.cache import DIRECTORIO, Almacen
from oracle_lint.linter.extraccion import extraer, nodos
from oracle_lint.linter.extraccion.fuente import parsear
from oracle_lint.linter.extraccion.metadatos import envolver
from oracle_lint.linter.extraccion.recolector import recolectar
from oracle_lint.linter.extraccion.tipos import Esquema, Pos
from oracle_lint.linter.extraccion.validez import Validez, firma

from .marcas import FIXTURES

def _parseado(ruta):
    return parsear(ruta.read_bytes(), ruta.name)


# Fixture files written not to parse have no tree to compare; every other one is compared.
FUENTES = sorted(p for p in FIXTURES.rglob("*.py") if DIRECTORIO not in p.parts and isinstance(_parseado(p), cst.Module))


def _arbol(ruta) -> cst.Module:
    arbol = _parseado(ruta)
    assert isinstance(arbol, cst.Module)
    return arbol


def _sin_perezoso(valor):
    return valor() if isinstance(valor, LazyValue) else valor


def _alcance_descrito(alcance):
    if alcance is None:
        return None
    return (type(alcance).__name__, sorted(a.name for a in alcance.assignments), sorted(a.node.value for a in alcance.accesses
                                                                                          if isinstance(a.node, cst.Name)))


@pytest.mark.parametrize("ruta", FUENTES, ids=lambda p: str(p.relative_to(FIXTURES)))
def test_metadata_without_wasted_traversals_is_libcsts(ruta):
    arbol = _arbol(ruta)
    nuestro, suyo = envolver(arbol), MetadataWrapper(arbol, unsafe_skip_copy=True)
    for proveedor in (ExpressionContextProvider, PositionProvider):
        assert dict(nuestro.resolve(proveedor)) == dict(suyo.resolve(proveedor))
    a, b = nuestro.resolve(ScopeProvider), suyo.resolve(ScopeProvider)
    # string annotations are parsed afresh by each resolution: compare the nodes of the tree itself
    del_arbol = set(nuestro.resolve(PositionProvider))
    assert a.keys() & del_arbol == b.keys() & del_arbol
    assert len(a) == len(b)
    assert all(_alcance_descrito(_sin_perezoso(a[n])) == _alcance_descrito(_sin_perezoso(b[n])) for n in a.keys() & del_arbol)


@pytest.mark.parametrize("ruta", FUENTES, ids=lambda p: str(p.relative_to(FIXTURES)))
def test_qualified_names_read_off_scopes_are_the_providers(ruta):
    arbol = _arbol(ruta)
    m = recolectar("x.py", "x", arbol)
    proveedor = MetadataWrapper(arbol, unsafe_skip_copy=True).resolve(QualifiedNameProvider)
    assert proveedor  # every node of the tree has an entry
    for nodo, valor in proveedor.items():
        assert m.nombres_calificados(nodo) == {q.name for q in (_sin_perezoso(valor) or ())}
    assert m.nombres_calificados(cst.Name("fuera_del_arbol")) == set()


def test_a_signature_tells_every_type_and_key_order_apart():
    valores = [[1], (1,), [1.0], [True], ["1"], [None], {"a": 1, "b": 2}, {"b": 2, "a": 1}, {"a": [0.0]}, {"a": [-0.0]}]
    firmas = [firma(v) for v in valores]
    assert None not in firmas and len(set(firmas)) == len(valores)
    assert firma({"a": {1, 2}}) is None and firma({1: "x"}) is None and firma({"a": b"x"}) is None


INVALIDOS = [{"type": 12}, {"type": "object", "properties": {"a": {"minimum": "x"}}}, {"required": ("a",)},
             {"type": "object"}, {"properties": {"a": {"type": ["string", 3]}}}]


@pytest.mark.parametrize("valor", INVALIDOS)
def test_remembered_validity_is_the_checked_one(tmp_path, valor):
    esquema = Esquema(valor, Pos("x.py", 1, 1), "literal")
    almacen = Almacen(tmp_path, "esquemas")
    primera = Validez(almacen, "sal").de(esquema)
    assert primera == nodos.validez(esquema)
    assert Validez(almacen, "sal").de(esquema) == primera  # read back from the store
    assert Validez(almacen, "otra sal").de(esquema) == primera


SERVIDOR = """
from mcp.server.fastmcp import FastMCP
app = FastMCP("s")
SALIDA = {"type": "object", "additionalProperties": False, "properties": {"n": {"type": "integr"}}}

@app.tool(output_schema=SALIDA)
def t() -> dict:
    return {"n": 1}
"""


def test_a_rerun_after_an_edit_does_not_import_jsonschema(tmp_path):
    (tmp_path / "pyproject.toml").write_text("[tool.oracle]\n")
    servidor = tmp_path / "servidor.py"
    servidor.write_text(textwrap.dedent(SERVIDOR))
    programa = ("import sys, json; from oracle_lint.linter.cli import main\n"
                "try:\n    main(['evidence', 'servidor.py'])\nexcept SystemExit:\n    pass\n"
                "print(json.dumps('jsonschema' in sys.modules), file=sys.stderr)")

    def correr():
        p = subprocess.run([sys.executable, "-c", programa], cwd=tmp_path, capture_output=True, text=True, check=True)
        return json.loads(p.stdout), json.loads(p.stderr.strip().splitlines()[-1])

    primera, importo = correr()
    assert importo and sorted(f["valido"] for f in primera["esquema"]) == [False, True]
    servidor.write_text(servidor.read_text() + "# edited\n")
    segunda, importo = correr()
    assert not importo and segunda == primera
    shutil.rmtree(tmp_path / DIRECTORIO)
    assert extraer([servidor], tmp_path)["esquema"] == primera["esquema"]  # the same rows without any cache


def test_oracle_lint_does_not_import_the_oracle_verbs():
    programa = ("import sys, oracle_lint.linter.cli; "
                "print(sorted(m for m in sys.modules if m.startswith('oracle_lint.nucleo.cli')))")
    cargados = subprocess.run([sys.executable, "-c", programa], capture_output=True, text=True, check=True).stdout
    assert cargados.strip() == "['oracle_lint.nucleo.cli', 'oracle_lint.nucleo.cli.comun']"
    from oracle_lint.nucleo.cli import main

    assert sorted(main.commands) == ["caso", "juzgar", "manual", "medida", "tarea"]
