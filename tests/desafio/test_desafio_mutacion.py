"""Mutators: each kind of change, stable ids, no duplicates, nothing equal to the original."""

from __future__ import annotations

from dataclasses import replace

from ayuda_desafio import medida
from oracle_lint.nucleo.canonico import canonico
from oracle_lint.nucleo.lenguaje import a_texto
from oracle_lint.nucleo.mutadores import (
    MUTADORES,
    cambiar_agregado,
    cambiar_literal,
    cambiar_operador_de_umbral,
    mover_umbral,
    mutantes,
    negar_condicion,
    quitar_clave,
    quitar_columna,
    quitar_etapa,
    ruta_texto,
)
from oracle_lint.nucleo.veredicto import Umbral

RICA = (
    'r | donde (a = "x" y b < 3) o no existe c | unir s en k1, k2 | donde t en [1, "z"] '
    "| proyectar k1, b | agrupar por k1 contar como n"
)


def _textos(m, mutadores) -> dict[str, str]:
    return {x.id.split("-", 1)[1]: a_texto(x.medida.forma) for x in mutantes(m, mutadores)}


def test_ids_estables_entre_corridas_y_entre_parseos() -> None:
    una = [(x.id, x.cambio) for x in mutantes(medida(testigos=RICA))]
    otra = [(x.id, x.cambio) for x in mutantes(medida(testigos=RICA))]
    assert una == otra
    assert [x.id for x in mutantes(medida(testigos=RICA))][:3] == [
        "m001-invertir-comparacion@$.de.de.de.de.cond.args[0].args[0]",
        "m002-invertir-comparacion@$.de.de.de.de.cond.args[0].args[1]",
        "m003-desplazar-comparacion@$.de.de.de.de.cond.args[0].args[1]",
    ]


def test_ids_unicos_aun_sin_el_numero_y_mutantes_distintos() -> None:
    m = medida(testigos=RICA)
    ms = mutantes(m)
    sufijos = [x.id.split("-", 1)[1] for x in ms]
    assert len(set(sufijos)) == len(sufijos)
    huellas = {canonico([x.medida.forma, dict(x.medida.valor), x.medida.umbral.a_dict()]) for x in ms}
    assert len(huellas) == len(ms)
    original = canonico([m.forma, dict(m.valor), m.umbral.a_dict()])
    assert original not in huellas
    assert all(x.cambio and "\n" not in x.cambio for x in ms)
    assert all(x.medida.testigos == a_texto(x.medida.forma) for x in ms if x.medida.forma != m.forma)


def test_mutantes_repetidos_se_emiten_una_vez() -> None:
    m = medida()
    dos_veces = mutantes(m, (mover_umbral, mover_umbral))
    assert [x.id for x in dos_veces] == ["m001-subir-umbral@umbral.valor", "m002-bajar-umbral@umbral.valor"]


def test_comparaciones_invertidas_y_desplazadas() -> None:
    m = medida(testigos="r | donde n < 3")
    assert _textos(m, MUTADORES[:2]) == {
        "invertir-comparacion@$.cond": "r | donde n >= 3",
        "desplazar-comparacion@$.cond": "r | donde n <= 3",
    }


def test_negar_y_quitar_negacion_sin_doble_negacion() -> None:
    m = medida(testigos='r | donde no existe c y estado = "mal" y n > 1')
    assert _textos(m, (negar_condicion,)) == {
        "negar-condicion@$.cond": 'r | donde no (no (existe c) y estado = "mal" y n > 1)',
        "quitar-negacion@$.cond.args[0]": 'r | donde existe c y estado = "mal" y n > 1',
        "negar-condicion@$.cond.args[2]": 'r | donde no (existe c) y estado = "mal" y no (n > 1)',
    }


def test_quitar_conjuncion_disyuncion_y_cambiar_y_o() -> None:
    m = medida(testigos="r | donde a = 1 y b = 2 y c = 3 o d = 4")
    textos = _textos(m, MUTADORES[3:5])
    assert textos["quitar-disyuncion@$.cond.args[1]"] == "r | donde a = 1 y b = 2 y c = 3"
    assert textos["quitar-conjuncion@$.cond.args[0].args[1]"] == "r | donde (a = 1 y c = 3) o d = 4"
    assert textos["cambiar-y-o@$.cond"] == "r | donde (a = 1 y b = 2 y c = 3) y d = 4"
    assert textos["cambiar-y-o@$.cond.args[0]"] == "r | donde (a = 1 o b = 2 o c = 3) o d = 4"


def test_literales_cambiados() -> None:
    m = medida(testigos='r | donde a = "x" y b = 2 y c = verdadero y d = nulo y e en [1.5, ""]')
    textos = _textos(m, (cambiar_literal,))
    assert set(textos.values()) == {
        'r | donde a = "x_mutado" y b = 2 y c = verdadero y d = nulo y e en [1.5, ""]',
        'r | donde a = "x" y b = 3 y c = verdadero y d = nulo y e en [1.5, ""]',
        'r | donde a = "x" y b = 1 y c = verdadero y d = nulo y e en [1.5, ""]',
        'r | donde a = "x" y b = 2 y c = falso y d = nulo y e en [1.5, ""]',
        'r | donde a = "x" y b = 2 y c = verdadero y d = "mutado" y e en [1.5, ""]',
        'r | donde a = "x" y b = 2 y c = verdadero y d = nulo y e en [2.5, ""]',
        'r | donde a = "x" y b = 2 y c = verdadero y d = nulo y e en [0.5, ""]',
        'r | donde a = "x" y b = 2 y c = verdadero y d = nulo y e en [1.5, "mutado"]',
    }
    assert "cambiar-literal@$.cond.args[4].lista[1]" in textos


def test_quitar_etapa_clave_y_columna() -> None:
    m = medida(testigos="r | unir s en k1, k2 | excepto t en k1 | proyectar k1, b | distinto")
    textos = _textos(m, MUTADORES[7:10])
    assert textos["quitar-etapa@$"] == "r | unir s en k1, k2 | excepto t en k1 | proyectar k1, b"
    assert textos["quitar-etapa@$.de.de.de"] == "r | excepto t en k1 | proyectar k1, b | distinto"
    assert textos["quitar-clave@$.de.de.de.en[0]"] == "r | unir s en k2 | excepto t en k1 | proyectar k1, b | distinto"
    assert textos["quitar-columna@$.de.campos[1]"] == "r | unir s en k1, k2 | excepto t en k1 | proyectar k1 | distinto"
    assert not any(k.startswith("quitar-clave@$.de.de.en") for k in textos)  # a single key is never dropped
    assert _textos(medida(testigos="r | proyectar a"), (quitar_columna,)) == {}
    assert _textos(medida(testigos="r"), (quitar_etapa,)) == {}


def test_umbral_aflojar_ajustar_y_operadores() -> None:
    m = medida(valor="suma n", umbral='{ operador = "<=", valor = 2 }')
    cambios = {x.id.split("-", 1)[1]: x.cambio for x in mutantes(m, (mover_umbral, cambiar_operador_de_umbral))}
    assert cambios == {
        "aflojar-umbral@umbral.valor": "umbral <= 2 → <= 3",
        "ajustar-umbral@umbral.valor": "umbral <= 2 → <= 1",
        "estrechar-operador@umbral.operador": "umbral <= 2 → < 2",
        "invertir-umbral@umbral.operador": "umbral <= 2 → > 2",
    }
    igual = medida(valor="suma n", umbral='{ operador = "==", valor = 0 }')
    ids = [x.id for x in mutantes(igual, (cambiar_operador_de_umbral,))]
    assert ids == ["m001-relajar-operador-hacia-menor@umbral.operador",
                   "m002-relajar-operador-hacia-mayor@umbral.operador", "m003-invertir-umbral@umbral.operador"]
    mayor = replace(m, umbral=Umbral(">", 1))
    assert [x.id for x in mutantes(mayor, (mover_umbral,))] == [
        "m001-ajustar-umbral@umbral.valor", "m002-aflojar-umbral@umbral.valor"]


def test_cambiar_agregado() -> None:
    cuenta = medida(testigos="r | agrupar por k contar como n | donde n > 1")
    assert [(x.id, x.cambio) for x in mutantes(cuenta, (cambiar_agregado,))] == [
        ("m001-agregado-suma@valor.n", "valor cuenta → suma n"),
        ("m002-agregado-maximo@valor.n", "valor cuenta → maximo n"),
    ]
    # a numeric column the output no longer has is not proposed
    assert mutantes(medida(testigos="r | donde b > 1 | proyectar a"), (cambiar_agregado,)) == ()
    suma = medida(testigos="r", valor="suma n")
    assert [x.cambio for x in mutantes(suma, (cambiar_agregado,))] == [
        "valor suma n → cuenta", "valor suma n → maximo n", "valor suma n → minimo n"]


def test_la_medida_no_cambia_al_mutar() -> None:
    m = medida(testigos=RICA)
    antes = canonico(m.a_datos())
    mutantes(m)
    assert canonico(m.a_datos()) == antes


def test_ruta_texto() -> None:
    assert ruta_texto(()) == "$"
    assert ruta_texto(("de", "cond", "args", 1)) == "$.de.cond.args[1]"


def test_un_umbral_que_acepta_las_mismas_cuentas_no_es_un_mutante() -> None:
    # a count is never negative: `== 0` and `<= 0` accept exactly the same counts
    cuenta = medida(umbral='{ operador = "==", valor = 0 }')
    assert [x.cambio for x in mutantes(cuenta, (mover_umbral, cambiar_operador_de_umbral))] == [
        "umbral == 0 → == 1", "umbral == 0 → == -1", "umbral == 0 → >= 0", "umbral == 0 → != 0"]
    # for counts, relaxing `< 1` to `<= 1` is the loosened `< 2` already emitted
    menor = medida(umbral='{ operador = "<", valor = 1 }')
    assert [x.cambio for x in mutantes(menor, (mover_umbral, cambiar_operador_de_umbral))] == [
        "umbral < 1 → < 2", "umbral < 1 → < 0", "umbral < 1 → >= 1"]


def test_un_primero_que_solo_elige_el_testigo_no_da_mutantes_cuando_solo_cuenta_si_hay_alguno() -> None:
    """`primero` keeps one row of each group: the count is zero exactly when its input is empty. A
    threshold that only asks whether there is a witness (`== 0`) cannot tell the stage or its keys
    apart; one that counts them (`<= 2`) can, and gets those mutants."""
    texto = 'r | donde estado = "mal" | primero por h, k segun l | proyectar h, k, l'
    vacio = {x.id.split("-", 1)[1].split("@")[0] for x in mutantes(medida(testigos=texto), (quitar_etapa, quitar_clave))}
    assert "quitar-clave-de-primero" not in vacio
    # the `primero` is left out of the comparison (the stages above it keep emptiness): no mutant drops it
    assert [x.cambio for x in mutantes(medida(testigos=texto), (quitar_etapa,))] == [
        "se quita «proyectar h, k, l»", 'se quita «donde estado = "mal"»']
    contados = [x.cambio for x in mutantes(medida(testigos=texto, umbral='{ operador = "<=", valor = 2 }'),
                                           (quitar_etapa, quitar_clave))]
    assert contados == ["se quita «proyectar h, k, l»", "se quita «primero por h, k segun l»",
                        'se quita «donde estado = "mal"»',
                        "«primero por h, k segun l» → «primero por k segun l»",
                        "«primero por h, k segun l» → «primero por h segun l»"]
    # below a stage that can empty the result, a `primero` decides which row that stage sees
    debajo = 'r | primero por h segun l | donde estado = "mal"'
    assert [x.cambio for x in mutantes(medida(testigos=debajo), (quitar_etapa,))] == [
        'se quita «donde estado = "mal"»', "se quita «primero por h segun l»"]
