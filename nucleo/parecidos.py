"""The closest known word to a misspelled one, for "did you mean" hints in English presentations."""

from __future__ import annotations

import difflib
from collections.abc import Iterable


def mas_parecido(dado: str, posibles: Iterable[str], umbral: float = 0.6) -> str | None:
    """The word of `posibles` closest to `dado` (difflib's ratio, case aside; among equals, the one with
    most characters in place, so `ORC1O1` gives `ORC101`), or None when none reaches `umbral`."""
    def cerca(p: str) -> tuple[float, int]:
        a, b = dado.lower(), p.lower()
        return difflib.SequenceMatcher(None, a, b).ratio(), sum(x == y for x, y in zip(a, b))

    puntuados = sorted(((cerca(p), p) for p in set(posibles)), key=lambda par: (-par[0][0], -par[0][1], par[1]))
    return puntuados[0][1] if puntuados and puntuados[0][0][0] >= umbral else None
