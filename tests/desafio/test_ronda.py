"""`oracle medida ronda` over this repository's base catalog: it passes with the listed
equivalents, fails naming survivors without them, and fails on a stale equivalent.

Each measure's mutation challenge is a pure function of the measure and its cases, and the
equivalents list only classifies the survivors it finds: the three rounds below run the command
whole (list reading, classification, output, exit status) but challenge each measure once
(`una_vez`), which spares CI two full rounds."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from oracle_lint.nucleo.cli import main

RAIZ = Path(__file__).resolve().parents[2]
LISTA = RAIZ / "docs" / "mutantes_equivalentes.toml"


@pytest.fixture(scope="module", autouse=True)
def una_vez():
    """`nucleo.ronda.correr` remembered by (measure, cases) across this module's rounds."""
    from oracle_lint.nucleo import ronda

    original, memoria = ronda.correr, {}

    def correr(medida, casos, **opciones):  # type: ignore[no-untyped-def]
        clave = (medida.id, repr(casos), repr(sorted(opciones.items())))
        if clave not in memoria:
            memoria[clave] = original(medida, casos, **opciones)
        return memoria[clave]

    parche = pytest.MonkeyPatch()
    parche.setattr(ronda, "correr", correr)
    yield memoria
    parche.undo()


def _ronda(*extra: str):
    return CliRunner().invoke(main, ["medida", "ronda", "--proyecto", str(RAIZ), *extra])


def test_the_base_catalog_round_passes_with_the_listed_equivalents(una_vez):
    r = _ronda()
    assert len(una_vez) == 30  # every measure challenged once, and remembered for the other rounds
    assert r.exit_code == 0, r.output
    ultima = r.output.splitlines()[-1]
    assert ultima.startswith("total: 30 measures, ")
    assert ultima.endswith("survived (4 shown equivalent); 0 measure(s) fail, 0 stale equivalent(s)")
    assert "contrato.raiz_propia_estricta: cases " in r.output
    assert "todos_detectados_por_conducta" in r.output


def test_without_the_list_the_survivors_are_named_and_the_round_fails(tmp_path):
    vacia = tmp_path / "vacia.toml"
    vacia.write_text("")
    r = _ronda("--equivalentes", str(vacia))
    assert r.exit_code == 1
    assert (
        "    survivor m022-quitar-conjuncion@$.de.de.de.de.cond.args[1]: se quita «tipo = \"objeto\"» de "
        "«lado = \"salida\" y tipo = \"objeto\" y declara_message = verdadero y declara_code != verdadero»"
    ) in r.output.splitlines()
    assert r.output.splitlines()[-1].endswith("survived (0 shown equivalent); 4 measure(s) fail, 0 stale equivalent(s)")


def test_a_stale_equivalent_fails_the_round(tmp_path):
    lista = tmp_path / "lista.toml"
    lista.write_text(
        LISTA.read_text(encoding="utf-8")
        + '\n[[equivalente]]\nmedida = "contrato.orden_del_spread"\nmutante = "m001-no-existe"\nporque = "x"\n'
    )
    r = _ronda("--equivalentes", str(lista))
    assert r.exit_code == 1
    assert "stale equivalent: contrato.orden_del_spread m001-no-existe no longer survives; remove it from the list" in r.output


def test_a_malformed_list_is_an_error_not_an_empty_list(tmp_path):
    lista = tmp_path / "lista.toml"
    lista.write_text('[[equivalente]]\nmedida = "x.y"\n')
    r = _ronda("--equivalentes", str(lista))
    assert r.exit_code == 2
    assert r.output.startswith("EQUIVALENTES_INVALIDOS — ")
