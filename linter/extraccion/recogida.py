"""The cyclic garbage collector while units are computed: young collections on allocation, full ones on drops.

Parsing allocates millions of tracked objects, and the parsed modules a process keeps (carga.py)
live for many units, so CPython's automatic schedule runs full collections again and again, each
traversing every kept tree: on awslabs/mcp `src`, 81 full collections were a fifth of a cold
`--jobs 1` run. The garbage that would need one is known: libcst's scope graphs, which hold a dropped module's tree;
the loader breaks them when it drops a module (`Modulo.soltar`), which frees it at once. So under
`a_podas()`, only the young generations are collected automatically (the short-lived
cycles of one unit die there) and `Recogida.soltados` runs a full collection once the loader has
dropped an estimated `umbral` bytes of modules and metadata since the last one, for whatever other
cycle a dropped module is still in: memory stays bounded by the loader's own bound plus what such
cycles hold (docs/performance.md). A process's loader holds this schedule for as long as it holds
trees (`motor._cargador` to `motor.olvidar`): CPython's schedule, back while the trees are kept,
would run a full collection over all of them.
"""

from __future__ import annotations

import gc

JOVENES = 100_000  # net new tracked objects between two automatic young collections (CPython's default: 700)
MEDIANA = 10  # young collections between two of the middle generation (CPython's default)
NUNCA = 1 << 30  # the oldest generation: never on CPython's own schedule
UMBRAL = 540 * 1024 * 1024  # estimated memory dropped (modules and metadata) that calls for a full collection: 5.6x the loader's bound


def a_podas() -> tuple[int, ...]:
    """Leave only the young generations on CPython's schedule; the thresholds it replaced (for `restaurar`)."""
    antes = gc.get_threshold()
    gc.set_threshold(JOVENES, MEDIANA, NUNCA)
    return antes


def restaurar(umbrales: tuple[int, ...]) -> None:
    """Put back the thresholds `a_podas` replaced."""
    gc.set_threshold(*umbrales)


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
