"""The text pre-filter never keeps a tool out of the analysis."""

import json
from pathlib import Path

import pytest

from oracle_lint.linter.extraccion import extraer
from oracle_lint.linter.extraccion.prefiltro import entradas, menciona_registro

from .marcas import FIXTURES

DIRECTORIOS = sorted(d for d in FIXTURES.iterdir() if d.is_dir() and list(d.glob("*.py")))


def _igual(raiz: Path, archivos: list[Path]) -> dict:
    con = extraer(archivos, raiz, trabajos=1, prefiltro=True)
    sin = extraer(archivos, raiz, trabajos=1, prefiltro=False)
    assert json.dumps(con, sort_keys=True) == json.dumps(sin, sort_keys=True)
    return con


@pytest.mark.parametrize("directorio", DIRECTORIOS, ids=lambda d: d.name)
def test_each_fixture_style_gives_the_same_evidence_with_and_without_the_prefilter(directorio):
    _igual(directorio, sorted(directorio.glob("*.py")))


def test_the_whole_fixture_project_gives_the_same_evidence():
    ev = _igual(FIXTURES, sorted(FIXTURES.rglob("*.py")))
    assert {f["registro"] for f in ev["herramienta"]} == {"tabla", "decorador", "lowlevel", "fastmcp"}


def test_every_fixture_file_that_registers_a_tool_spells_a_registration_word():
    ev = extraer(sorted(FIXTURES.rglob("*.py")), FIXTURES, trabajos=1)
    for archivo in {f["archivo"] for f in ev["herramienta"]}:
        assert menciona_registro((FIXTURES / archivo).read_bytes()), archivo


def test_a_table_of_imported_elements_is_found_through_a_re_export(tmp_path):
    (tmp_path / "elementos.py").write_text(
        'S = {"type": "object", "additionalProperties": False, "properties": {}}\n'
        'def f(args):\n    return {}\n'
        'A = {"name": "a", "outputSchema": S, "handler": f}\n'
    )
    (tmp_path / "puente.py").write_text("from elementos import A\n")
    (tmp_path / "registro.py").write_text("from puente import A\n\nLISTA = [A]\n")
    (tmp_path / "otro.py").write_text("X = [1, 2]\n")
    archivos = sorted(tmp_path.glob("*.py"))
    fuentes = {p.name: p.read_bytes() for p in archivos}
    assert entradas(fuentes, {r: r[:-3] for r in fuentes}) == {"elementos.py", "puente.py", "registro.py"}
    ev = _igual(tmp_path, archivos)
    assert [(f["herramienta"], f["archivo"]) for f in ev["herramienta"]] == [("a", "elementos.py")]


def test_from_dot_import_reaches_a_package_init(tmp_path):
    paquete = tmp_path / "pkg"
    paquete.mkdir()
    (paquete / "__init__.py").write_text('A = {"name": "a", "inputSchema": {"type": "object"}, "handler": lambda a: {}}\n')
    (paquete / "tabla.py").write_text("from . import A\n\nLISTA = (A,)\n")
    archivos = sorted(tmp_path.rglob("*.py"))
    fuentes = {p.relative_to(tmp_path).as_posix(): p.read_bytes() for p in archivos}
    assert "pkg/tabla.py" in entradas(fuentes, {"pkg/__init__.py": "pkg", "pkg/tabla.py": "pkg.tabla"})
    _igual(tmp_path, archivos)


def test_unparseable_files_are_reported_even_when_they_cannot_register_a_tool():
    ev = extraer(sorted((FIXTURES / "roto").glob("*.py")), FIXTURES / "roto", trabajos=1)
    motivos = {f["archivo"]: f["motivo"] for f in ev["no_resuelto"] if f["herramienta"] is None}
    assert motivos["sintaxis.py"].startswith("syntax error")
    assert motivos["latin1.py"].startswith("file is not valid UTF-8")


def test_words_are_whole_identifiers_or_keys():
    assert menciona_registro(b"@app.tool()\ndef f(): ...\n")
    assert menciona_registro(b"servidor = Server('x', on_call_tool=llamar)\n")
    assert menciona_registro(b"x = {'complete': True}\n")
    assert not menciona_registro(b"import itertools, functools\ntools = 1\nincomplete = 2\n")
    assert menciona_registro(b"x = {'\\x63omplete': True}\n")  # an escape could spell any key: kept
