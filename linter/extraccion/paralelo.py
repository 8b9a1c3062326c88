"""Spread work over a process pool sized to the CPUs; small runs stay in this process."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import Any, Optional, TypeVar

T = TypeVar("T")


def trabajos_por_defecto() -> int:
    """One worker per CPU this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def repartir(elementos: Sequence[T], pesos: Sequence[int], partes: int) -> list[list[T]]:
    """Longest-processing-time split into `partes` non-empty lists of similar total weight."""
    cubos: list[tuple[int, list[T]]] = [(0, []) for _ in range(max(1, min(partes, len(elementos))))]
    for peso, elemento in sorted(zip(pesos, elementos), key=lambda x: -x[0]):
        i = min(range(len(cubos)), key=lambda j: cubos[j][0])
        cubos[i] = (cubos[i][0] + peso, cubos[i][1] + [elemento])
    return [c for _, c in sorted(cubos, key=lambda c: -c[0]) if c]


class Reparto:
    """Runs batches in-process, or in a pool created on first need and shut down on exit."""

    def __init__(self, trabajos: int, umbral: int) -> None:
        self.trabajos = max(1, trabajos)
        self.umbral = umbral  # below this much work (bytes), a pool costs more than it saves
        self._pool: Optional[Any] = None  # concurrent.futures.ProcessPoolExecutor, imported on first need

    def __enter__(self) -> "Reparto":
        return self

    def __exit__(self, *exc: Any) -> None:
        if self._pool is not None:
            self._pool.shutdown()

    def mapear(self, funcion: Callable[..., list[Any]], elementos: Sequence[Any], pesos: Sequence[int],
               *fijos: Any, lotes: int = 0) -> list[Any]:
        """`funcion(*fijos, lote)` over `elementos` in weighted lots (default 4 per worker), heaviest
        first, taken by whichever worker is free; results concatenated (lot order, not input order)."""
        if not elementos:
            return []
        if self.trabajos == 1 or sum(pesos) < self.umbral or len(elementos) < 2:
            return funcion(*fijos, list(elementos))
        partes = repartir(elementos, pesos, lotes or 4 * self.trabajos)
        if self._pool is None:
            from concurrent.futures import ProcessPoolExecutor

            self._pool = ProcessPoolExecutor(max_workers=self.trabajos)
        futuros = [self._pool.submit(funcion, *fijos, parte) for parte in partes]
        return [r for f in futuros for r in f.result()]
