"""Import lookup by name alone (`nombres.Indice.buscar`): relative, exact, unique dotted suffix, and
standard-library names, which the suffix rule never sends into an analyzed package."""

import textwrap

import pytest

from oracle_lint.linter.extraccion import extraer
from oracle_lint.linter.extraccion.nombres import ESTANDAR, Indice

NOMBRES = [
    "srv.servidor", "srv.modelos", "srv.tools", "srv.tools.json", "srv.tools.email.utils", "otro.modelos2",
    "calendar", "pkg.a.sub", "pkg.b.sub",
]


@pytest.mark.parametrize("desde,paquete,nombre,esperado", [
    ("srv.servidor", False, ".modelos", "srv.modelos"),  # relative
    ("srv.tools", True, ".json", "srv.tools.json"),  # relative from a package
    ("srv.servidor", False, "srv.modelos", "srv.modelos"),  # exact
    ("srv.servidor", False, "modelos2", "otro.modelos2"),  # unique dotted suffix
    ("srv.servidor", False, "sub", None),  # two candidates: ambiguous
    ("srv.servidor", False, "tools.json", "srv.tools.json"),  # suffix of a non-library head
    ("srv.servidor", False, "json", None),  # the library's json, never srv/tools/json.py
    ("srv.servidor", False, "email.utils", None),  # a library package's submodule, likewise
    ("srv.servidor", False, "calendar", "calendar"),  # an analyzed module at the root shadows the library
    ("srv.servidor", False, "nada", None),
])
def test_lookup(desde, paquete, nombre, esperado):
    assert Indice(NOMBRES).buscar(desde, paquete, nombre) == esperado


@pytest.mark.parametrize("desde,paquete,nombre,esperados", [
    ("srv.servidor", False, ".modelos", ["srv.modelos"]),
    ("srv.servidor", False, "sub", ["pkg.a.sub", "pkg.b.sub"]),  # ambiguous: both decide the answer
    ("srv.servidor", False, "modelos2", ["otro.modelos2"]),
    ("srv.servidor", False, "json", []),  # the library's: no module of the index can answer it
    ("srv.servidor", False, "calendar", ["calendar"]),
    ("srv.servidor", False, "nada", []),
])
def test_the_candidates_of_a_look_up_are_every_module_that_can_decide_it(desde, paquete, nombre, esperados):
    indice = Indice(NOMBRES)
    assert indice.candidatos(desde, paquete, nombre) == esperados
    # the answer is the exact candidate, else the only one
    assert indice.buscar(desde, paquete, nombre) == (esperados[0] if len(esperados) == 1 else None)


def test_library_names_hold_on_every_supported_python():
    # Names removed in 3.12/3.13 and added in 3.11 are library names whatever runs the analyzer.
    assert {"json", "email", "asyncio", "tomllib", "distutils", "imp", "cgi", "telnetlib"} <= ESTANDAR
    assert not {"mcp", "fastmcp", "pydantic", "tools", "modelos"} & ESTANDAR


def test_import_json_is_the_library_not_a_package_module(tmp_path):
    """`json.respuesta()` is a call into the library (a decoded document: an echoed root); were
    `import json` found as `srv/tools/json.py`, the analyzer would follow that file's `respuesta`
    and report an own root with its keys."""
    (tmp_path / "srv" / "tools").mkdir(parents=True)
    for paquete in ("srv", "srv/tools"):
        (tmp_path / paquete / "__init__.py").write_text("")
    (tmp_path / "srv" / "tools" / "json.py").write_text("def respuesta():\n    return {'a': 1}\n")
    (tmp_path / "srv" / "servidor.py").write_text(textwrap.dedent("""
        import json

        SALIDA = {"type": "object", "properties": {"a": {"type": "integer"}}}

        def h(args):
            return json.respuesta()

        HERRAMIENTAS = [{"name": "t", "outputSchema": SALIDA, "handler": h}]
    """))
    ev = extraer(sorted(tmp_path.rglob("*.py")), tmp_path)
    assert [(f["herramienta"], f["procedencia"]) for f in ev["raiz"]] == [("t", "echoed")]
    assert ev["clave_emitida"] == []
