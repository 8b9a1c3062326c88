"""Shadows and bounds: forgiven, over bound, slack and stale (DESIGN §5)."""

from __future__ import annotations

import pytest

from oracle_lint.nucleo.errores import ErrorOracle
from oracle_lint.nucleo.sombras import HOLGURA, OBSOLETA, FallaDeSombra, Sombra, fallas_de, verificar_sombras

CON_COTA = Sombra("2026-01-01", "deuda vieja", 3)
SIN_COTA = Sombra("2026-01-01", "deuda vieja")


@pytest.mark.parametrize(
    ("sombra", "estado", "valor", "perdona"),
    [
        (CON_COTA, "rojo", 3, True),  # within the bound
        (CON_COTA, "rojo", 2, True),  # within, with slack (a failure of its own)
        (CON_COTA, "rojo", 4, False),  # over the bound
        (CON_COTA, "rojo", 3.5, False),
        (CON_COTA, "rojo", True, False),  # a boolean is not a number
        (CON_COTA, "rojo", "3", False),
        (SIN_COTA, "rojo", 10**9, True),  # no bound: every red is forgiven
        (SIN_COTA, "rojo", "x", True),
        (CON_COTA, "verde", 0, False),  # only a red is forgiven
        (SIN_COTA, "verde", 0, False),
        (SIN_COTA, "sin_evidencia", 0, False),
    ],
)
def test_perdona(sombra: Sombra, estado: str, valor: object, perdona: bool) -> None:
    assert sombra.perdona(estado, valor) is perdona
    assert sombra.a_dict(estado, valor) == {
        "desde": "2026-01-01",
        "porque": "deuda vieja",
        "cota": sombra.cota,
        "perdona": perdona,
    }


def test_dentro_de_la_cota_exacta_no_hay_falla() -> None:
    assert fallas_de("a.b", CON_COTA, "rojo", 3) == ()


def test_holgura_es_una_falla_que_pide_bajar_la_cota() -> None:
    assert fallas_de("a.b", CON_COTA, "rojo", 1) == (
        FallaDeSombra(
            "a.b",
            HOLGURA,
            "la cota de «a.b» tiene holgura: el valor 1 está por debajo de la cota 3; bajá la cota a 1.",
            1,
            3,
        ),
    )


def test_pasarse_de_la_cota_no_es_falla_de_sombra() -> None:
    # not forgiven (the red counts), but the shadow itself need not change
    assert fallas_de("a.b", CON_COTA, "rojo", 7) == ()


def test_sombra_sobre_verde_esta_obsoleta() -> None:
    texto = "la sombra de «a.b» está obsoleta: la medida dio verde; quitá la sombra."
    assert fallas_de("a.b", CON_COTA, "verde", 0) == (FallaDeSombra("a.b", OBSOLETA, texto, 0, 3),)
    assert fallas_de("a.b", SIN_COTA, "verde", 0) == (FallaDeSombra("a.b", OBSOLETA, texto, 0, None),)


def test_sin_cota_ni_verde_no_hay_falla() -> None:
    assert fallas_de("a.b", SIN_COTA, "rojo", 1) == ()
    assert fallas_de("a.b", CON_COTA, "sin_evidencia", 0) == ()


def test_holgura_con_flotante_entero() -> None:
    assert fallas_de("a.b", CON_COTA, "rojo", 2.0)[0].mensaje.endswith("bajá la cota a 2.")


def test_sombra_de_un_id_fuera_del_catalogo() -> None:
    with pytest.raises(ErrorOracle) as info:
        verificar_sombras("/r", {"a.b": SIN_COTA, "a.c": SIN_COTA}, ["a.b"])
    assert info.value.linea() == (
        "PROYECTO_INVALIDO — /r: la sombra «a.c» nombra una medida que no está en el catálogo efectivo."
    )


def test_sombra_de_un_id_efectivo() -> None:
    verificar_sombras("/r", {"a.b": SIN_COTA}, ["a.b", "a.c"])


# --- scoped shadows (herramientas): forgive only the witnesses of their tools -----------------

ACOTADA = Sombra("2026-01-01", "deuda vieja", 2, ("a", "b"))
T_A, T_B, T_C = {"herramienta": "a"}, {"herramienta": "b"}, {"herramienta": "c"}


@pytest.mark.parametrize(
    ("testigos", "perdona", "sin_perdon"),
    [
        ((T_A, T_B), True, ()),  # both tools, within the bound
        ((T_A,), True, ()),  # within, with slack
        ((T_A, T_B, T_C), False, (T_C,)),  # a new tool: only its witness is a finding
        ((T_A, T_A, T_B), False, (T_A, T_A, T_B)),  # over the bound in scope: all of them
        ((T_A, T_A, T_B, T_C), False, (T_A, T_A, T_B, T_C)),
        ((), False, ()),  # red without witnesses: nothing in scope forgives an aggregate
        (({"archivo": "x"},), False, ({"archivo": "x"},)),  # a witness without a tool is never in scope
    ],
)
def test_una_sombra_acotada_perdona_solo_sus_herramientas(testigos: tuple, perdona: bool, sin_perdon: tuple) -> None:
    assert ACOTADA.perdona("rojo", 99, testigos) is perdona
    assert ACOTADA.sin_perdon("rojo", 99, testigos) == sin_perdon
    assert ACOTADA.a_dict("rojo", 99, testigos)["perdona"] is perdona


def test_una_sombra_acotada_cuenta_sus_testigos_no_el_valor_de_la_medida() -> None:
    assert ACOTADA.valor_de(40, (T_A, T_C, T_C)) == 1
    assert SIN_COTA.valor_de(40, (T_A, T_C)) == 40


def test_acotada_sin_cota_perdona_cualquier_cantidad_de_sus_herramientas() -> None:
    s = Sombra("2026-01-01", "x", None, ("a",))
    assert s.perdona("rojo", 5, (T_A,) * 5) is True
    assert s.sin_perdon("rojo", 6, (T_A,) * 5 + (T_C,)) == (T_C,)


def test_acotada_una_herramienta_pagada_es_obsoleta_y_hay_holgura() -> None:
    fallas = fallas_de("m.x", ACOTADA, "rojo", 1, (T_A,))
    assert [(f.clase, f.herramienta, f.valor, f.cota) for f in fallas] == [(OBSOLETA, "b", 1, 2), (HOLGURA, None, 1, 2)]


def test_acotada_sin_testigos_en_su_alcance_es_obsoleta_entera_aunque_la_medida_de_rojo() -> None:
    assert [(f.clase, f.herramienta) for f in fallas_de("m.x", ACOTADA, "rojo", 1, (T_C,))] == [(OBSOLETA, None)]
    assert [(f.clase, f.herramienta) for f in fallas_de("m.x", ACOTADA, "verde", 0, ())] == [(OBSOLETA, None)]


def test_acotada_en_una_corrida_parcial_se_juzga_solo_por_las_herramientas_vistas() -> None:
    # saw only «b», which is paid: it is stale; slack and staleness as a whole need «a» too
    assert [(f.clase, f.herramienta) for f in fallas_de("m.x", ACOTADA, "verde", 0, (), {"b", "z"})] == [(OBSOLETA, "b")]
    # saw only «a», still violating: nothing to say
    assert fallas_de("m.x", ACOTADA, "rojo", 1, (T_A,), {"a"}) == ()
    # saw both: judged as in a whole run
    assert fallas_de("m.x", ACOTADA, "rojo", 2, (T_A, T_B), {"a", "b"}) == ()
    holgada = Sombra("2026-01-01", "x", 3, ("a", "b"))
    assert [f.clase for f in fallas_de("m.x", holgada, "rojo", 2, (T_A, T_B), {"a", "b"})] == [HOLGURA]
    assert fallas_de("m.x", holgada, "rojo", 2, (T_A, T_B), {"a"}) == ()


def test_juzgable() -> None:
    from oracle_lint.nucleo.sombras import juzgable

    assert juzgable(SIN_COTA, None) and juzgable(ACOTADA, None)
    assert not juzgable(SIN_COTA, {"a", "b"})
    assert not juzgable(ACOTADA, {"a"}) and juzgable(ACOTADA, {"a", "b", "c"})


def test_excedida_is_the_count_over_the_bound_or_none():
    assert ACOTADA.excedida("rojo", 99, (T_A, T_A, T_B)) == 3  # its tools count 3, over 2
    assert ACOTADA.excedida("rojo", 99, (T_A, T_B, T_C)) is None  # 2 in scope: within; «c» is a finding of its own
    assert CON_COTA.excedida("rojo", 4, ()) == 4 and CON_COTA.excedida("rojo", 3, ()) is None
    assert CON_COTA.excedida("verde", 9, ()) is None and SIN_COTA.excedida("rojo", 10**9, ()) is None
