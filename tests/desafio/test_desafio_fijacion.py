"""Fijación: computed once by the catalog exercise and decided by the judge measure, never partial."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest

import oracle_lint.nucleo.catalogo

from oracle_lint import nucleo
from ayuda_desafio import (  # noqa: F401 (fixture)
    META,
    datos_caso,
    escribir,
    escribir_caso,
    filas,
    medida_toml,
    proyecto,
    rules_falsas,
)
from oracle_lint.nucleo.catalogo import catalogo_efectivo
from oracle_lint.nucleo.errores import ErrorOracle
from oracle_lint.nucleo.fijacion import FIJACIONES, JUEZA, ejercicio_del_catalogo
from oracle_lint.nucleo.medida import medidas_de_catalogo
from oracle_lint.nucleo.proyecto import Proyecto

HOY = datetime.date(2026, 6, 1)


def _ejercicio(raiz: Path):
    p = Proyecto(raiz)
    return ejercicio_del_catalogo(p, catalogo_efectivo(p), hoy=HOY)


def _error(raiz: Path) -> ErrorOracle:
    with pytest.raises(ErrorOracle) as info:
        _ejercicio(raiz)
    return info.value


@pytest.fixture
def mundo(tmp_path: Path, rules_falsas: Path) -> Path:
    """A base measure and a profile measure whose publisher ships a corpus, and a project with two measures."""
    escribir(rules_falsas / "base.toml", medida_toml("base.her", tabla=True))
    escribir_caso(rules_falsas, "corpus", "b.json", datos_caso("b1", "base.her", "rojo", filas("mal")))
    escribir(rules_falsas / "perfiles" / "x.toml", medida_toml("perfil.her", tabla=True))
    escribir_caso(rules_falsas / "perfiles", "corpus", "p.json", datos_caso("p1", "perfil.her", "verde", {}))
    raiz = proyecto(
        tmp_path / "p",
        oracle='perfiles = ["x"]\n',
        medidas={"m.toml": medida_toml("p.evid", tabla=True) + "\n" + medida_toml("p.sin", tabla=True)},
    )
    escribir_caso(raiz, "corpus", "e.json", datos_caso("e1", "p.evid", "verde", filas("bien")))
    return raiz


def test_los_cuatro_valores(mundo: Path) -> None:
    ej = _ejercicio(mundo)
    assert ej.fijaciones == {
        "base.her": "heredada",
        JUEZA: "arnes",
        "p.evid": "evidencia",
        "p.sin": "sin_fijar",
        "perfil.her": "heredada",
    }
    assert ej.veredicto.estado == "rojo"
    assert [t["medida"] for t in ej.veredicto.testigos] == ["p.sin"]
    filas_ = {f["medida"]: f for f in ej.evidencia["ejercicio"]}
    assert filas_["p.evid"] == {"medida": "p.evid", "origen": "proyecto", "casos": 1, "casos_heredados": 0,
                                "arnes": False}
    assert filas_["base.her"]["casos_heredados"] == 1
    datos = ej.a_dict()
    assert datos["estado"] == "rojo" and [f["id"] for f in datos["fijaciones"]] == sorted(ej.fijaciones)


def test_todo_fijado_es_verde(mundo: Path) -> None:
    escribir_caso(mundo, "diferencial", "s.json",
                  datos_caso("s1", "p.sin", "rojo", filas("mal"), vence="2026-06-01"))
    ej = _ejercicio(mundo)
    assert ej.fijaciones["p.sin"] == "evidencia"
    assert ej.veredicto.estado == "verde" and set(ej.fijaciones.values()) <= set(FIJACIONES)


def test_el_publicador_que_es_el_proyecto_da_evidencia(tmp_path: Path, rules_falsas: Path) -> None:
    escribir(rules_falsas / "base.toml", medida_toml("base.her", tabla=True))
    escribir_caso(rules_falsas, "corpus", "b.json", datos_caso("b1", "base.her", "rojo", filas("mal")))
    raiz = proyecto(tmp_path / "p", nombre="oracle-lint")
    assert _ejercicio(raiz).fijaciones["base.her"] == "evidencia"


def test_falta_la_jueza(mundo: Path, rules_falsas: Path) -> None:
    (rules_falsas / "meta.toml").unlink()
    e = _error(mundo)
    assert e.linea() == (
        f"EVIDENCIA_INCOMPLETA — no se pudo juzgar la fijación: falta la medida jueza «{JUEZA}» en el catálogo "
        "efectivo. No se devolvieron fijaciones parciales."
    )


def test_un_diferencial_vencido_es_evidencia_incompleta(mundo: Path) -> None:
    escribir_caso(mundo, "diferencial", "viejo.json",
                  datos_caso("viejo", "otra.medida", "rojo", {}, vence="2026-05-31"))
    e = _error(mundo)
    assert e.codigo == "EVIDENCIA_INCOMPLETA" and "diferencial/viejo.json" in e.mensaje


@pytest.mark.parametrize("donde", ["proyecto", "publicador"])
def test_un_archivo_ilegible_es_evidencia_incompleta(mundo: Path, rules_falsas: Path, donde: str) -> None:
    destino = mundo / "corpus" if donde == "proyecto" else rules_falsas / "corpus"
    escribir(destino / "roto.json", "{")
    e = _error(mundo)
    assert e.codigo == "EVIDENCIA_INCOMPLETA"
    assert "CASO_INVALIDO" in e.mensaje and "roto.json" in e.mensaje


def test_ids_repetidos_son_evidencia_incompleta(mundo: Path) -> None:
    escribir_caso(mundo, "corpus", "f.json", datos_caso("e1", "p.sin", "verde", {}))
    e = _error(mundo)
    assert e.codigo == "EVIDENCIA_INCOMPLETA" and "CASO_REPETIDO" in e.mensaje


def test_la_jueza_decide_sin_fijar(mundo: Path, rules_falsas: Path) -> None:
    texto = META.read_text(encoding="utf-8")
    escribir(rules_falsas / "meta.toml", texto.replace(
        'testigos = "ejercicio | donde casos = 0 y casos_heredados = 0 y arnes = falso"', 'testigos = "ejercicio"'))
    assert set(_ejercicio(mundo).fijaciones.values()) == {"sin_fijar"}


def test_una_jueza_que_calla_sin_hechos_que_fijen_falla_cerrado(mundo: Path, rules_falsas: Path) -> None:
    texto = META.read_text(encoding="utf-8")
    escribir(rules_falsas / "meta.toml", texto.replace(
        'testigos = "ejercicio | donde casos = 0 y casos_heredados = 0 y arnes = falso"',
        'testigos = "ejercicio | donde casos = 99"'))
    e = _error(mundo)
    assert e.codigo == "EVIDENCIA_INCOMPLETA" and "«p.sin»" in e.mensaje


def test_una_jueza_que_pide_otra_relacion_falla_cerrado(mundo: Path, rules_falsas: Path) -> None:
    texto = META.read_text(encoding="utf-8")
    escribir(rules_falsas / "meta.toml", texto.replace('requiere = ["ejercicio"]', 'requiere = ["ejercicio", "otra"]'))
    e = _error(mundo)
    assert e.codigo == "EVIDENCIA_INCOMPLETA" and "otra" in e.mensaje


def test_la_jueza_del_catalogo_base_real(tmp_path: Path) -> None:
    (jueza,) = medidas_de_catalogo(META.read_text(encoding="utf-8"), fuente="meta.toml")
    assert jueza.id == JUEZA and jueza.requiere == ("ejercicio",) and jueza.ambito == "universal"
    p = Proyecto(proyecto(tmp_path / "p"))
    catalogo = catalogo_efectivo(p)
    assert nucleo.catalogo.directorio_rules() is not None and JUEZA in catalogo
    ej = ejercicio_del_catalogo(p, catalogo, hoy=HOY)
    # A user's project: the shipped rules/corpus/ exercises every base rule, so it inherits them.
    assert ej.fijaciones[JUEZA] == "heredada"
    assert set(ej.fijaciones) == set(catalogo)
    assert set(ej.fijaciones.values()) == {"heredada"}
    assert ej.veredicto.estado == "verde"


def test_la_jueza_resiste_su_propio_desafio() -> None:
    from oracle_lint.nucleo.corpus import Caso
    from oracle_lint.nucleo.mutacion import correr

    (jueza,) = medidas_de_catalogo(META.read_text(encoding="utf-8"), fuente="meta.toml")

    def fila(medida: str, casos: int, heredados: int, arnes: bool) -> dict:
        return {"medida": medida, "origen": "proyecto", "casos": casos, "casos_heredados": heredados, "arnes": arnes}

    casos = [
        Caso("fijadas", "verde", {"ejercicio": [fila("a.a", 1, 0, False), fila("a.b", 0, 1, False),
                                                fila("a.c", 0, 0, True), fila("a.d", 2, 0, False)]}, "llamada"),
        Caso("una_sin_fijar", "rojo", {"ejercicio": [fila("a.a", 1, 0, False), fila("a.x", 0, 0, False)]}, "llamada"),
        Caso("sin_ejercicio", "sin_evidencia", {}, "llamada"),
    ]
    r = correr(jueza, casos)
    assert r["conclusion"] == "todos_detectados_por_conducta", r["mutacion"]["no_detectados"]
