"""Between units, past a memory budget, metadata and then parsed modules are dropped, and that changes no answer."""

from __future__ import annotations

import json
import pathlib

import pytest

from oracle_lint.linter.extraccion import carga, extraer, recolector
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
    cargador.podar(limite=1200 * carga.POR_BYTE_ARBOL)  # room for two of the three 600-byte files
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


@pytest.mark.parametrize("regimen", ["metadata", "modules"])
def test_evidence_is_the_same_when_everything_droppable_is_dropped_after_each_unit(monkeypatch, regimen):
    archivos = sorted(FIXTURES.rglob("*.py"))
    holgada = extraer(archivos, FIXTURES, trabajos=1)
    if regimen == "metadata":  # a bare module costs nothing: every module is kept, every metadata mapping dropped
        monkeypatch.setattr(carga, "POR_BYTE_ARBOL", 0)
    monkeypatch.setattr(carga, "MEMORIA_DE_MODULOS", 0)
    parseos: list[str] = []
    metadatos_soltados: list[str] = []
    parsear, soltar = Cargador._parsear, recolector.Modulo.soltar

    def contar_parseo(self, rel, datos):
        parseos.append(rel)
        return parsear(self, rel, datos)

    def contar_soltado(self):
        if self._metadatos:
            metadatos_soltados.append(self.archivo)
        return soltar(self)

    monkeypatch.setattr(Cargador, "_parsear", contar_parseo)
    monkeypatch.setattr(recolector.Modulo, "soltar", contar_soltado)
    estrecha = extraer(archivos, FIXTURES, trabajos=1)
    assert json.dumps(estrecha, sort_keys=True) == json.dumps(holgada, sort_keys=True)
    assert len(holgada["herramienta"]) > 50
    assert len(set(metadatos_soltados)) > 20  # the drops happened: the comparison is not vacuous
    if regimen == "metadata":
        assert len(parseos) == len(set(parseos))  # no module was dropped, so none was parsed twice
    else:
        assert len(parseos) > len(set(parseos))  # modules a later unit reaches again were parsed again


def _con_metadatos(cargador: Cargador, rel: str):
    m = cargador.cargar(rel)
    anotacion = m.arbol.body[1].body[0].annotation.annotation
    assert m.nombres_calificados(anotacion) == {"typing.Any"} and m.pos(anotacion).linea == 3
    assert m.metadatos_presentes() == ("alcances", "posiciones")
    return m, anotacion


def test_metadata_goes_before_modules_and_least_recently_used_first(tmp_path):
    texto = "import typing\n\nX: typing.Any = 1\n"
    _escribir(tmp_path, {"a.py": texto, "b.py": texto})
    cargador = Cargador(tmp_path, ["a.py", "b.py"], {})
    a, anotacion = _con_metadatos(cargador, "a.py")
    b, _ = _con_metadatos(cargador, "b.py")
    n = len(texto)
    completo = n * (carga.POR_BYTE_ARBOL + carga.POR_BYTE_METADATO["alcances"] + carga.POR_BYTE_METADATO["posiciones"])
    assert cargador.costo("a.py") == cargador.costo("b.py") == completo
    cargador.podar(limite=2 * completo)
    assert a.metadatos_presentes() == b.metadatos_presentes() == ("alcances", "posiciones")  # within the budget
    cargador.podar(limite=2 * completo - 1)  # one mapping too many: a's, the least recently used, go
    assert a.metadatos_presentes() == () and b.metadatos_presentes() == ("alcances", "posiciones")
    assert cargador.costo("a.py") == n * carga.POR_BYTE_ARBOL
    assert cargador.recogida.pendientes == completo - n * carga.POR_BYTE_ARBOL
    assert set(cargador.modulos) == {"a.py", "b.py"} and cargador.cargar("a.py") is a  # the tree stays
    assert a.nombres_calificados(anotacion) == {"typing.Any"} and a.pos(anotacion).linea == 3  # asked afresh
    cargador.podar(limite=2 * n * carga.POR_BYTE_ARBOL)  # only bare modules fit: every mapping goes, no module
    assert a.metadatos_presentes() == b.metadatos_presentes() == () and set(cargador.modulos) == {"a.py", "b.py"}
    cargador.podar(limite=2 * n * carga.POR_BYTE_ARBOL - 1)
    assert set(cargador.modulos) == {"a.py"}  # b was used longer ago than a's last load
