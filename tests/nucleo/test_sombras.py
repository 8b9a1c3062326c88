"""Shadows and bounds: forgiven, over bound, slack and stale (DESIGN §5)."""

from __future__ import annotations

import pytest

from nucleo.errores import ErrorOracle
from nucleo.sombras import HOLGURA, OBSOLETA, FallaDeSombra, Sombra, fallas_de, verificar_sombras

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
