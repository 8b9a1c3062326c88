"""The shrink-only bound (nucleo.cotas): one rule for a shadow's cota and the footprint's budget."""

from __future__ import annotations

import pytest

from oracle_lint.nucleo import cotas


@pytest.mark.parametrize(("valor", "cota", "estado"), [
    (3, 3, cotas.EXACTA), (3.0, 3, cotas.EXACTA), (2, 3, cotas.HOLGURA), (4, 3, cotas.EXCEDIDA),
    (0, 0, cotas.EXACTA), (3, None, cotas.SIN_COTA), (True, 3, cotas.SIN_COTA), (3, True, cotas.SIN_COTA),
    ("3", 3, cotas.SIN_COTA), (None, 3, cotas.SIN_COTA),
])
def test_where_a_value_stands_against_its_bound(valor, cota, estado):
    assert cotas.estado_de_cota(valor, cota) == estado


def test_over_and_slack_fail_equal_and_unbounded_do_not():
    assert cotas.FALLAN == {cotas.EXCEDIDA, cotas.HOLGURA}
