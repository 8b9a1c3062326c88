"""The cyclic garbage collector while units are computed: young collections on allocation, full ones on drops.

Parsing allocates millions of tracked objects, and the parsed modules a process keeps (carga.py)
live for many units, so CPython's automatic schedule runs full collections again and again, each
traversing every kept tree: on awslabs/mcp `src`, 81 full collections were a fifth of a cold
`--jobs 1` run. The garbage that would need one is known: libcst's scope graphs, which hold a dropped module's tree;
the loader breaks them when it drops a module (`Modulo.soltar`), which frees it at once. So while
`por_podas()` is active, only the young generations are collected automatically (the short-lived
cycles of one unit die there) and `Recogida.soltados` runs a full collection once the loader has
dropped an estimated `umbral` bytes of modules and metadata since the last one, for whatever other
cycle a dropped module is still in: memory stays bounded by the loader's own bound plus what such
cycles hold (docs/performance.md).
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

JOVENES = 100_000  # net new tracked objects between two automatic young collections (CPython's default: 700)
MEDIANA = 10  # young collections between two of the middle generation (CPython's default)
NUNCA = 1 << 30  # the oldest generation: never on CPython's own schedule
UMBRAL = 540 * 1024 * 1024  # estimated memory dropped (modules and metadata) that calls for a full collection: 5.6x the loader's bound


@contextmanager
def por_podas() -> Iterator[None]:
    """While active, only the young generations are collected automatically; the previous thresholds are restored after."""
    antes = gc.get_threshold()
    gc.set_threshold(JOVENES, MEDIANA, NUNCA)
    try:
        yield
    finally:
        gc.set_threshold(*antes)


class Recogida:
    """Counts the memory the loader drops (estimated, carga.py) and runs a full collection each `umbral` of it."""

    def __init__(self, umbral: int = UMBRAL) -> None:
        self.umbral = umbral
        self.pendientes = 0  # bytes dropped since the last full collection
        self.completas = 0  # full collections run

    def soltados(self, n: int) -> bool:
        """Record `n` dropped bytes; collect everything when the bound is reached. True when it collected."""
        self.pendientes += n
        if self.pendientes < self.umbral:
            return False
        gc.collect()
        self.pendientes = 0
        self.completas += 1
        return True
