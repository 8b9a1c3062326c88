"""Parsed modules are dropped between units past a source budget, and that changes no answer."""

from __future__ import annotations

import json
import pathlib

from oracle_lint.linter.extraccion import carga, extraer
from oracle_lint.linter.extraccion.carga import Cargador

from .marcas import FIXTURES


def _escribir(raiz: pathlib.Path, archivos: dict[str, str]) -> None:
    for rel, texto in archivos.items():
        (raiz / rel).write_text(texto)


def test_the_modules_used_longest_ago_are_dropped_first(tmp_path):
    _escribir(tmp_path, {"a.py": "A = 1\n" * 100, "b.py": "B = 2\n" * 100, "c.py": "C = 3\n" * 100})
    cargador = Cargador(tmp_path, ["a.py", "b.py", "c.py"], {})
    a = cargador.cargar("a.py")
    cargador.cargar("b.py")
    assert cargador.cargar("a.py") is a  # a hit makes `a` the most recently used
    cargador.cargar("c.py")
    cargador.podar(limite=1200)  # room for two of the three 600-byte files
    assert set(cargador.modulos) == {"a.py", "c.py"}
    assert cargador.huella("b.py")  # its hash is kept for the dependencies
    otra = cargador.cargar("b.py")
    assert otra is not None and otra.identificadores == {"B"}  # parsed again, from the file
    cargador.podar(limite=0)
    assert cargador.modulos == {}


def test_a_module_that_failed_to_parse_is_remembered(tmp_path):
    _escribir(tmp_path, {"roto.py": "def f(:\n"})
    cargador = Cargador(tmp_path, ["roto.py"], {})
    assert cargador.cargar("roto.py") is None
    cargador.podar(limite=0)
    assert "roto.py" in cargador.fallas


def test_evidence_is_the_same_when_every_module_is_dropped_after_each_unit(monkeypatch):
    archivos = sorted(FIXTURES.rglob("*.py"))
    holgada = extraer(archivos, FIXTURES, trabajos=1)
    monkeypatch.setattr(carga, "FUENTE_EN_MEMORIA", 0)
    estrecha = extraer(archivos, FIXTURES, trabajos=1)
    assert json.dumps(estrecha, sort_keys=True) == json.dumps(holgada, sort_keys=True)
    assert len(holgada["herramienta"]) > 50
