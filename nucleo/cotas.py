"""A bound that only goes down (cota): where a measured value stands against it.

One rule for every shrink-only bound the core owns: a shadow's `cota` (sombras.py) and the
`presupuesto_tokens` of a `tools/list` footprint. Over the bound fails; below it is slack, which
fails too, because the bound must be lowered to what was measured; equal passes. Presentations
(seed 001's Spanish, oracle-lint's English) live with whoever prints them.
"""

from __future__ import annotations

from typing import Any

SIN_COTA = "sin_cota"
EXCEDIDA = "excedida"
HOLGURA = "holgura"
EXACTA = "exacta"
FALLAN = frozenset({EXCEDIDA, HOLGURA})


def es_numero(valor: Any) -> bool:
    """A number a bound can compare (a boolean is not one)."""
    return isinstance(valor, (int, float)) and not isinstance(valor, bool)


def estado_de_cota(valor: Any, cota: Any) -> str:
    """SIN_COTA (no bound, or nothing numeric to compare), EXCEDIDA, HOLGURA or EXACTA."""
    if cota is None or not es_numero(valor) or not es_numero(cota):
        return SIN_COTA
    if valor > cota:
        return EXCEDIDA
    return HOLGURA if valor < cota else EXACTA
