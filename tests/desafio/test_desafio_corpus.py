"""Corpus cases and differentials: loading fails closed, origins are kept, ids never repeat."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest

from ayuda_desafio import caso, datos_caso, escribir, escribir_caso, filas, proyecto
from oracle_lint.nucleo.corpus import (
    cargar_corpus,
    caso_efimero,
    caso_efimero_de_archivo,
    casos_efimeros,
    casos_para_desafio,
    exigir_vigentes,
    sin_repetidos,
)
from oracle_lint.nucleo.errores import ErrorOracle
from oracle_lint.nucleo.proyecto import Proyecto

HOY = datetime.date(2026, 6, 1)


def error_de(fn, *args, **kwargs) -> ErrorOracle:
    with pytest.raises(ErrorOracle) as info:
        fn(*args, **kwargs)
    return info.value


def test_carga_corpus_y_diferencial_con_su_origen(tmp_path: Path) -> None:
    raiz = proyecto(tmp_path)
    escribir_caso(raiz, "corpus", "b/verde.json", datos_caso("v", "p.uno", "verde", filas("bien")))
    escribir_caso(raiz, "corpus", "a.json", datos_caso("r", "p.uno", "rojo", filas("mal")))
    escribir_caso(raiz, "diferencial", "d.json", datos_caso("d", "p.dos", "sin_evidencia", {}, vence="2026-06-01"))
    escribir(raiz / "corpus" / "LEEME.md", "not a case")
    casos = cargar_corpus(Proyecto(raiz))
    assert [(c.id, c.origen, c.clase, c.medida) for c in casos] == [
        ("r", "corpus/a.json", "corpus", "p.uno"),
        ("v", "corpus/b/verde.json", "corpus", "p.uno"),
        ("d", "diferencial/d.json", "diferencial", "p.dos"),
    ]
    assert casos[0].procedencia == "observado en la prueba" and casos[2].vence == "2026-06-01"
    assert not any(c.efimero for c in casos)


def test_sin_directorios_no_hay_casos(tmp_path: Path) -> None:
    assert cargar_corpus(Proyecto(proyecto(tmp_path))) == ()


def test_diferencial_vencido_es_evidencia_incompleta(tmp_path: Path) -> None:
    raiz = proyecto(tmp_path)
    escribir_caso(raiz, "diferencial", "d.json", datos_caso("d", "p.uno", "rojo", filas("mal"), vence="2026-05-31"))
    casos = cargar_corpus(Proyecto(raiz))
    exigir_vigentes(casos, datetime.date(2026, 5, 31))  # valid through its day
    e = error_de(exigir_vigentes, casos, HOY)
    assert e.codigo == "EVIDENCIA_INCOMPLETA"
    assert "diferencial/d.json" in e.mensaje and "2026-05-31" in e.mensaje
    assert e.mensaje.endswith("No se devolvieron fijaciones parciales.")
    e = error_de(casos_para_desafio, Proyecto(raiz), "p.uno", hoy=HOY)
    assert e.codigo == "EVIDENCIA_INCOMPLETA"
    # another measure's expired differential does not block this challenge
    assert casos_para_desafio(Proyecto(raiz), "p.otra", hoy=HOY) == ()


@pytest.mark.parametrize(
    ("contenido", "codigo", "fragmento"),
    [
        ("{no es json", "CASO_INVALIDO", "JSON inválido"),
        ("[]", "CASO_INVALIDO", "se esperaba un objeto"),
        ('{"id": "x", "medida": "p.uno", "espera": "verde", "evidencia": {}}', "CASO_INVALIDO", "falta la clave «procedencia»"),
        ('{"id": "x", "medida": "p.uno", "espera": "verde", "evidencia": {}, "procedencia": "p", "nota": 1}',
         "CASO_INVALIDO", "clave desconocida «nota»"),
        ('{"id": "x", "medida": "p.uno", "espera": "amarillo", "evidencia": {}, "procedencia": "p"}',
         "CASO_INVALIDO", "$.espera"),
        ('{"id": "", "medida": "p.uno", "espera": "verde", "evidencia": {}, "procedencia": "p"}', "CASO_INVALIDO", "$.id"),
        ('{"id": "x", "medida": "P", "espera": "verde", "evidencia": {}, "procedencia": "p"}', "CASO_INVALIDO", "$.medida"),
        ('{"id": "x", "medida": "p.uno", "espera": "verde", "evidencia": {}, "procedencia": " "}',
         "CASO_INVALIDO", "$.procedencia"),
        ('{"id": "x", "medida": "p.uno", "espera": "verde", "evidencia": {"r": [1]}, "procedencia": "p"}',
         "EVIDENCIA_INVALIDA", "$.evidencia.r[0]"),
        ('{"id": "x", "medida": "p.uno", "espera": "verde", "evidencia": {"r": [{"a": [1]}]}, "procedencia": "p"}',
         "EVIDENCIA_INVALIDA", "$.evidencia.r[0]"),
    ],
)
def test_un_archivo_malformado_falla_cerrado_y_nombra_el_archivo(
    tmp_path: Path, contenido: str, codigo: str, fragmento: str
) -> None:
    raiz = proyecto(tmp_path)
    escribir_caso(raiz, "corpus", "a_bueno.json", datos_caso("bueno", "p.uno", "verde", filas("bien")))
    escribir(raiz / "corpus" / "z_malo.json", contenido)
    e = error_de(cargar_corpus, Proyecto(raiz))
    assert e.codigo == codigo
    assert e.mensaje.startswith("corpus/z_malo.json: ")
    assert fragmento in e.mensaje


@pytest.mark.parametrize("vence", [None, "2026-6-1", "mañana", 20260601, "2026-02-30"])
def test_un_diferencial_sin_vence_valido_es_invalido(tmp_path: Path, vence: object) -> None:
    raiz = proyecto(tmp_path)
    datos = datos_caso("d", "p.uno", "verde", {})
    if vence is not None:
        datos["vence"] = vence
    escribir_caso(raiz, "diferencial", "d.json", datos)
    e = error_de(cargar_corpus, Proyecto(raiz))
    assert e.codigo == "CASO_INVALIDO" and "diferencial/d.json" in e.mensaje and "vence" in e.mensaje


def test_corpus_no_acepta_vence(tmp_path: Path) -> None:
    raiz = proyecto(tmp_path)
    escribir_caso(raiz, "corpus", "c.json", datos_caso("c", "p.uno", "verde", {}, vence="2030-01-01"))
    assert "clave desconocida «vence»" in error_de(cargar_corpus, Proyecto(raiz)).mensaje


def test_dos_archivos_con_un_id_es_caso_repetido(tmp_path: Path) -> None:
    raiz = proyecto(tmp_path)
    escribir_caso(raiz, "corpus", "a.json", datos_caso("mismo", "p.uno", "verde", {}))
    escribir_caso(raiz, "diferencial", "b.json", datos_caso("mismo", "p.dos", "rojo", {}, vence="2030-01-01"))
    e = error_de(cargar_corpus, Proyecto(raiz))
    assert e.linea() == (
        "CASO_REPETIDO — «mismo» aparece en corpus/a.json y diferencial/b.json; ninguno tiene precedencia."
    )


def test_proyecto_contra_efimero_es_caso_repetido(tmp_path: Path) -> None:
    raiz = proyecto(tmp_path)
    escribir_caso(raiz, "corpus", "a.json", datos_caso("mismo", "p.uno", "verde", filas("bien")))
    efimero = caso_efimero({"id": "mismo", "espera": "rojo", "evidencia": filas("mal")}, indice=0)
    e = error_de(casos_para_desafio, Proyecto(raiz), "p.uno", (efimero,), hoy=HOY)
    assert e.linea() == "CASO_REPETIDO — «mismo» aparece en corpus/a.json y llamada; ninguno tiene precedencia."
    # without the project's evidence there is no clash
    solos = casos_para_desafio(Proyecto(raiz), "p.uno", (efimero,), usar_evidencia_del_proyecto=False, hoy=HOY)
    assert [c.id for c in solos] == ["mismo"]


def test_dos_efimeros_con_un_id_es_caso_repetido() -> None:
    e = error_de(sin_repetidos, [caso("x", "verde", {}), caso("x", "rojo", {})])
    assert e.linea() == "CASO_REPETIDO — «x» aparece en llamada y llamada; ninguno tiene precedencia."


def test_casos_del_desafio_son_los_de_la_medida_y_luego_los_efimeros(tmp_path: Path) -> None:
    raiz = proyecto(tmp_path)
    escribir_caso(raiz, "corpus", "a.json", datos_caso("a", "p.uno", "verde", filas("bien")))
    escribir_caso(raiz, "corpus", "b.json", datos_caso("b", "p.otra", "rojo", filas("mal")))
    efimeros = casos_efimeros([{"id": "e", "espera": "rojo", "evidencia": filas("mal")}])
    casos = casos_para_desafio(Proyecto(raiz), "p.uno", efimeros, hoy=HOY)
    assert [(c.id, c.efimero, c.origen) for c in casos] == [("a", False, "corpus/a.json"), ("e", True, "llamada")]


def test_un_efimero_no_acepta_procedencia() -> None:
    datos = {"id": "x", "espera": "verde", "evidencia": {}, "procedencia": "observada"}
    e = error_de(caso_efimero, datos, indice=2)
    assert e.codigo == "ARGUMENTOS_INVALIDOS"
    assert e.mensaje.startswith("$.casos[2].procedencia: \"observada\"; se esperaba un caso sin procedencia")


@pytest.mark.parametrize(
    ("datos", "codigo", "inicio"),
    [
        ({"id": "x", "espera": "verde"}, "ARGUMENTOS_INVALIDOS", "$.casos[0].evidencia: "),
        ({"id": "x", "espera": "gris", "evidencia": {}}, "ARGUMENTOS_INVALIDOS", "$.casos[0].espera: \"gris\""),
        ({"id": "x", "espera": "verde", "evidencia": {"r": {}}}, "EVIDENCIA_INVALIDA", "$.casos[0].evidencia.r: "),
        ("no", "ARGUMENTOS_INVALIDOS", "$.casos[0]: \"no\""),
    ],
)
def test_efimeros_malformados(datos: object, codigo: str, inicio: str) -> None:
    e = error_de(casos_efimeros, [datos])
    assert e.codigo == codigo and e.mensaje.startswith(inicio), e.mensaje


def test_efimeros_de_archivo(tmp_path: Path) -> None:
    uno = escribir(tmp_path / "uno.json", '{"id": "u", "espera": "verde", "evidencia": {}}')
    varios = escribir(tmp_path / "varios.json", '[{"id": "a", "espera": "rojo", "evidencia": {}}, '
                      '{"id": "b", "espera": "sin_evidencia", "evidencia": {}}]')
    assert [c.id for c in caso_efimero_de_archivo(uno, "uno.json")] == ["u"]
    assert [(c.id, c.origen, c.efimero) for c in caso_efimero_de_archivo(varios, "varios.json")] == [
        ("a", "varios.json", True), ("b", "varios.json", True)]
    malo = escribir(tmp_path / "malo.json", '[{"id": "a", "espera": "rojo", "evidencia": {}, "procedencia": "x"}]')
    e = error_de(caso_efimero_de_archivo, malo, "malo.json")
    assert e.codigo == "CASO_INVALIDO" and e.mensaje.startswith("malo.json[0]: $.procedencia")
