"""The challenge round: seed 001's order, its six conclusions (both polarities), classification."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import jsonschema
import pytest

import oracle_lint.nucleo.mutacion

from oracle_lint import nucleo
from ayuda_desafio import caso, filas, medida
from oracle_lint.nucleo.algebra import LimitesAlgebra
from oracle_lint.nucleo.errores import ErrorOracle
from oracle_lint.nucleo.medida import Medida
from oracle_lint.nucleo.mutacion import ADVERTENCIA_FIJA, Cancelado, correr
from oracle_lint.nucleo.mutadores import mutantes, quitar_clave

ESQUEMA = json.loads((Path(__file__).resolve().parents[1] / "fixtures" / "esquemas" / "desafio.json").read_text())

VERDE = caso("v", "verde", filas("bien", "bien"))
ROJO = caso("r", "rojo", filas("mal", "bien"))


def desafio(m: Medida, casos, **kwargs) -> dict:
    """`correr`, with the result checked against seed 001's outputSchema every time."""
    resultado = correr(m, casos, **kwargs)
    jsonschema.Draft202012Validator(ESQUEMA).validate(resultado)
    assert ADVERTENCIA_FIJA in resultado["advertencias"]
    m_ = resultado["mutacion"]
    sobrevivieron = sum(n["estado"] == "sobrevivio" for n in m_["no_detectados"])
    assert m_["generados"] == m_["detectados_por_conducta"] + m_["rechazados_por_el_algebra"] + sobrevivieron
    assert m_["rechazados_por_el_algebra"] == sum(
        n["estado"] == "rechazado_por_el_algebra" for n in m_["no_detectados"])
    return resultado


# -- original_no_reproduce -----------------------------------------------------------------


def test_original_no_reproduce_y_no_muta() -> None:
    r = desafio(medida(), [VERDE, caso("mal_etiquetado", "verde", filas("mal"))])
    assert r["conclusion"] == "original_no_reproduce"
    assert r["discordancias"] == [{"caso": "mal_etiquetado", "esperado": "verde", "obtenido": "rojo"}]
    assert r["mutacion"] == {"generados": 0, "detectados_por_conducta": 0, "rechazados_por_el_algebra": 0,
                             "no_detectados": []}


def test_original_que_reproduce_no_tiene_discordancias() -> None:
    r = desafio(medida(), [VERDE, ROJO])
    assert r["discordancias"] == [] and r["conclusion"] != "original_no_reproduce"


def test_discordancia_va_antes_que_polaridades() -> None:
    r = desafio(medida(), [caso("solo", "verde", filas("mal"))])
    assert r["conclusion"] == "original_no_reproduce"


def test_una_excepcion_en_un_caso_es_error_nunca_rojo() -> None:
    m = medida(testigos="r", valor="suma n")
    r = desafio(m, [caso("texto", "rojo", {"r": [{"n": "no es número"}]}), caso("vacio", "verde", {"r": []})])
    assert r["conclusion"] == "original_no_reproduce"
    assert r["discordancias"] == [{"caso": "texto", "esperado": "rojo", "obtenido": "error"}]
    assert any("EVALUACION_FALLO" in a for a in r["advertencias"])


def test_una_excepcion_no_clasificada_tambien_es_error() -> None:
    @dataclass(frozen=True)
    class Explota(Medida):
        def evaluar(self, *args, **kwargs):  # type: ignore[override]
            raise RuntimeError("boom")

    base = medida()
    m = Explota(**{k: getattr(base, k) for k in base.__dataclass_fields__})
    r = desafio(m, [caso("a", "rojo", filas("mal")), caso("b", "verde", filas("bien"))])
    assert [d["obtenido"] for d in r["discordancias"]] == ["error", "error"]
    assert any("RuntimeError: boom" in a for a in r["advertencias"])


def test_espera_sin_evidencia_discorde_lleva_su_polaridad_y_una_advertencia() -> None:
    r = desafio(medida(), [VERDE, caso("se", "sin_evidencia", filas("mal"))])
    assert r["discordancias"] == [{"caso": "se", "esperado": "rojo", "obtenido": "rojo"}]
    assert any("«se» espera sin_evidencia y obtuvo rojo" in a for a in r["advertencias"])


def test_rojo_esperado_no_se_cumple_con_sin_evidencia() -> None:
    r = desafio(medida(), [VERDE, caso("falta", "rojo", {})])
    assert r["discordancias"] == [{"caso": "falta", "esperado": "rojo", "obtenido": "sin_evidencia"}]


# -- faltan_polaridades --------------------------------------------------------------------


@pytest.mark.parametrize("casos", [[], [VERDE], [ROJO], [caso("se", "sin_evidencia", {})]])
def test_faltan_polaridades_y_no_muta(casos) -> None:
    r = desafio(medida(), casos)
    assert r["conclusion"] == "faltan_polaridades"
    assert r["mutacion"]["generados"] == 0


def test_sin_evidencia_cuenta_como_la_polaridad_roja() -> None:
    r = desafio(medida(), [VERDE, caso("se", "sin_evidencia", {})])
    assert r["conclusion"] not in ("faltan_polaridades", "original_no_reproduce")
    assert r["casos"] == {"total": 2, "del_proyecto": 0, "efimeros": 2, "esperan_verde": 1, "esperan_rojo": 1}


# -- sin_mutantes ---------------------------------------------------------------------------


def test_sin_mutantes() -> None:
    assert desafio(medida(), [VERDE, ROJO], mutadores=())["conclusion"] == "sin_mutantes"
    assert desafio(medida(), [VERDE, ROJO])["conclusion"] != "sin_mutantes"


# -- sobrevivientes / todos_detectados_por_conducta -------------------------------------------


def test_todos_detectados_por_conducta() -> None:
    r = desafio(medida(), [VERDE, ROJO])
    assert r["conclusion"] == "todos_detectados_por_conducta"
    assert r["mutacion"]["generados"] == len(mutantes(medida())) > 0
    assert r["mutacion"]["detectados_por_conducta"] == r["mutacion"]["generados"]
    assert r["mutacion"]["no_detectados"] == []


def test_sobrevivientes() -> None:
    m = medida(testigos='r | donde estado = "mal" y n >= 0')
    r = desafio(m, [VERDE, ROJO])
    assert r["conclusion"] == "sobrevivientes"
    assert {"id": "m007-quitar-conjuncion@$.cond.args[1]", "cambio": 'se quita «n >= 0» de «estado = "mal" y n >= 0»',
            "estado": "sobrevivio"} in r["mutacion"]["no_detectados"]
    # a case with a negative n kills it
    matador = caso("negativo", "verde", {"r": [{"n": -1, "estado": "mal"}]})
    ids = {n["id"] for n in desafio(m, [VERDE, ROJO, matador])["mutacion"]["no_detectados"]}
    assert "m007-quitar-conjuncion@$.cond.args[1]" not in ids


def test_un_cambio_de_testigos_detecta_aunque_el_estado_no_cambie() -> None:
    m = medida(testigos='r | donde estado = "mal"', umbral='{ operador = "<=", valor = 5 }')
    dos = caso("dos", "verde", {"r": [{"n": 1, "estado": "mal"}, {"n": 2, "estado": "bien"}]})
    muchos = caso("muchos", "rojo", filas(*["mal"] * 6))
    r = desafio(m, [dos, muchos])
    # dropping the stage keeps "dos" green but changes its value and witnesses: detected
    assert not any(n["id"].endswith("quitar-etapa@$") for n in r["mutacion"]["no_detectados"])


# -- sin_sobrevivientes_con_rechazos ------------------------------------------------------------

UNION = medida(testigos="r | unir s en k1, k2", requiere=("r", "s"))
CHICO = caso("chico", "verde", {"r": [{"k1": 1, "k2": 0}], "s": [{"k1": 2, "k2": 0}]})
GRANDE = caso("grande", "rojo", {"r": [{"k1": 1, "k2": i} for i in range(3)],
                                 "s": [{"k1": 1, "k2": j} for j in range(3)]})
LIMITE = LimitesAlgebra(filas_de_union=5)


def test_un_mutante_que_solo_levanta_es_rechazado_no_detectado() -> None:
    r = desafio(UNION, [CHICO, GRANDE], mutadores=(quitar_clave,), limites=LIMITE)
    assert r["conclusion"] == "sin_sobrevivientes_con_rechazos"
    assert r["mutacion"] == {
        "generados": 2,
        "detectados_por_conducta": 1,
        "rechazados_por_el_algebra": 1,
        "no_detectados": [{"id": "m002-quitar-clave@$.en[1]", "cambio": "«unir s en k1, k2» → «unir s en k1»",
                           "estado": "rechazado_por_el_algebra"}],
    }


def test_con_todos_los_mutadores_el_rechazo_sigue_siendo_rechazo() -> None:
    r = desafio(UNION, [CHICO, GRANDE], limites=LIMITE)
    assert r["conclusion"] == "sin_sobrevivientes_con_rechazos"
    assert [n["estado"] for n in r["mutacion"]["no_detectados"]] == ["rechazado_por_el_algebra"]


def test_sin_el_limite_el_mismo_mutante_es_detectado() -> None:
    r = desafio(UNION, [CHICO, GRANDE], mutadores=(quitar_clave,))
    assert r["conclusion"] == "todos_detectados_por_conducta"


def test_un_rechazo_no_tapa_un_sobreviviente() -> None:
    ciego = caso("ciego", "verde", {"r": [{"k1": 1, "k2": 0}], "s": []})
    r = desafio(UNION, [ciego, GRANDE], mutadores=(quitar_clave,), limites=LIMITE)
    assert r["conclusion"] == "sobrevivientes"
    assert [n["estado"] for n in r["mutacion"]["no_detectados"]] == ["sobrevivio", "rechazado_por_el_algebra"]


# -- cancellation, counts, fingerprint, guards ----------------------------------------------------


def test_la_cancelacion_corta_entre_mutantes(monkeypatch: pytest.MonkeyPatch) -> None:
    evaluaciones: list[str] = []
    real = nucleo.mutacion.evaluar_caso

    def espia(m, c, limites, escalares, validada=False):
        evaluaciones.append(c.id)
        return real(m, c, limites, escalares, validada)

    monkeypatch.setattr(nucleo.mutacion, "evaluar_caso", espia)
    casos = [VERDE, ROJO]
    # cancel once the originals and exactly one mutant have run over both cases
    with pytest.raises(Cancelado):
        correr(medida(), casos, cancelado=lambda: len(evaluaciones) >= 4)
    assert len(evaluaciones) == 4


def test_la_cancelacion_corta_entre_casos(monkeypatch: pytest.MonkeyPatch) -> None:
    evaluaciones: list[str] = []
    real = nucleo.mutacion.evaluar_caso
    monkeypatch.setattr(nucleo.mutacion, "evaluar_caso",
                        lambda m, c, l, e: evaluaciones.append(c.id) or real(m, c, l, e))
    with pytest.raises(Cancelado):
        correr(medida(), [VERDE, ROJO], cancelado=lambda: len(evaluaciones) >= 1)
    assert evaluaciones == ["v"]


def test_sin_cancelar_la_ronda_termina() -> None:
    assert correr(medida(), [VERDE, ROJO], cancelado=lambda: False)["conclusion"] == "todos_detectados_por_conducta"


def test_cuentas_del_proyecto_y_efimeras() -> None:
    propio = caso("p", "verde", filas("bien"), clase="corpus", medida_id="p.uno")
    dif = caso("d", "sin_evidencia", {}, clase="diferencial", medida_id="p.uno")
    r = desafio(medida(), [propio, dif, ROJO])
    assert r["casos"] == {"total": 3, "del_proyecto": 2, "efimeros": 1, "esperan_verde": 1, "esperan_rojo": 2}


def test_entrada_sha256_no_depende_del_orden_de_filas() -> None:
    a = correr(medida(), [VERDE, caso("r", "rojo", {"r": [{"estado": "mal"}, {"estado": "bien"}]})])
    b = correr(medida(), [VERDE, caso("r", "rojo", {"r": [{"estado": "bien"}, {"estado": "mal"}]})])
    c = correr(medida(), [VERDE, caso("r", "rojo", {"r": [{"estado": "mal"}]})])
    assert a["entrada_sha256"] == b["entrada_sha256"] != c["entrada_sha256"]
    assert correr(medida(umbral='{ operador = "<=", valor = 0 }'), [VERDE, ROJO])["entrada_sha256"] != a["entrada_sha256"]


def test_casos_repetidos_o_de_otra_medida_se_rechazan() -> None:
    with pytest.raises(ErrorOracle) as info:
        correr(medida(), [VERDE, caso("v", "rojo", filas("mal"))])
    assert info.value.codigo == "CASO_REPETIDO"
    with pytest.raises(ErrorOracle) as info:
        correr(medida(), [caso("x", "verde", {}, clase="corpus", medida_id="p.otra")])
    assert info.value.codigo == "CASO_INVALIDO" and "p.otra" in info.value.mensaje


def test_advertencias_de_la_evaluacion_se_conservan() -> None:
    m = medida(testigos='r | excepto s en n | donde estado = "mal"')
    r = desafio(m, [VERDE, ROJO])
    assert any("«s»" in a and "requiere" in a for a in r["advertencias"])
    assert r["advertencias"][0] == ADVERTENCIA_FIJA


def test_proyecto_en_la_salida() -> None:
    assert correr(medida(), [], proyecto="/raiz")["proyecto"] == "/raiz"
