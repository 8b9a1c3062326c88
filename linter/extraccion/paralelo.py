"""Spread work over a process pool sized to the CPUs; small runs stay in this process.

Workers are forked where the platform forks safely (Linux), after `preparar` has imported in this
process what they will run: each worker then starts with libcst and the analyzer loaded instead of
importing them again (0.2 CPU seconds each, paid by every worker of a pool). Elsewhere (macOS,
Windows) they are spawned, and each imports what it needs.

A worker that dies (a native crash in the parser, the OOM killer) never ends the run: the lots it
held are re-run one element at a time, each in a fresh process, and an element that kills its
process too becomes the caller's failure row for it. Workers watch their parent and exit when it
is gone, so a killed `oracle-lint` leaves no process behind.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from typing import Any, Optional, TypeVar

T = TypeVar("T")
VIGILANCIA = 0.5  # seconds between a worker's checks that its parent is alive


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


def repartir_en_orden(elementos: Sequence[T], pesos: Sequence[int], partes: int) -> list[list[T]]:
    """`partes` contiguous runs of `elementos`, in their order, of similar total weight; heaviest first.

    Units in path order share modules (a server's tool modules import its models and helpers): a run
    keeps them in one worker, whose parsed modules then serve the next unit, instead of every worker
    parsing them (and its bounded module memory dropping them between interleaved units)."""
    partes = max(1, min(partes, len(elementos)))
    corridas: list[tuple[int, list[T]]] = []
    actual: list[T] = []
    acumulado, restante = 0, sum(pesos)  # `restante`: the weight of this run and the ones to come
    for i, (elemento, peso) in enumerate(zip(elementos, pesos)):
        actual.append(elemento)
        acumulado += peso
        despues = partes - len(corridas) - 1  # runs still to open after this one
        # cut once this run holds its fair share of what is left, if an element is left for each run to come
        if despues and len(elementos) - i - 1 >= despues and acumulado * (despues + 1) >= restante:
            corridas.append((acumulado, actual))
            restante -= acumulado
            actual, acumulado = [], 0
    if actual:
        corridas.append((acumulado, actual))
    return [c for _, c in sorted(corridas, key=lambda c: -c[0])]


def vigilar_padre(padre: int) -> None:
    """Pool initializer: a daemon thread that ends this worker once its parent is gone (reparented)."""
    import threading
    import time

    def vigilar() -> None:
        while True:
            time.sleep(VIGILANCIA)
            if os.getppid() != padre:
                os._exit(70)

    threading.Thread(target=vigilar, name="oracle-vigilancia", daemon=True).start()


def _contexto() -> Any:
    """The start method of the workers: fork on Linux (they inherit this process's imports), the
    platform's default elsewhere (fork is unsafe on macOS, absent on Windows)."""
    import multiprocessing

    return multiprocessing.get_context("fork" if sys.platform.startswith("linux") else None)


def _pool(trabajos: int) -> Any:
    from concurrent.futures import ProcessPoolExecutor

    return ProcessPoolExecutor(max_workers=trabajos, mp_context=_contexto(), initializer=vigilar_padre,
                               initargs=(os.getpid(),))


class Reparto:
    """Runs batches in-process, or in a pool created on first need and shut down on exit."""

    def __init__(self, trabajos: int, umbral: int, preparar: Optional[Callable[[], None]] = None,
                 minimo: int = 2) -> None:
        self.trabajos = max(1, trabajos)
        self.umbral = umbral  # below this much work (bytes), a pool costs more than it saves
        self.minimo = minimo  # below this many elements, too: the largest one bounds what splitting gains
        self.preparar = preparar  # run once in this process before the pool starts (imports workers inherit)
        self._pool: Optional[Any] = None  # concurrent.futures.ProcessPoolExecutor, imported on first need

    def __enter__(self) -> "Reparto":
        return self

    def __exit__(self, *exc: Any) -> None:
        if self._pool is not None:
            self._pool.shutdown()

    def mapear(self, funcion: Callable[..., list[Any]], elementos: Sequence[Any], pesos: Sequence[int],
               *fijos: Any, lotes: int = 0, fallo: Optional[Callable[[Any, str], Any]] = None,
               en_orden: bool = False) -> list[Any]:
        """`funcion(*fijos, lote)` over `elementos` in weighted lots (default 4 per worker), heaviest
        first, taken by whichever worker is free; results concatenated (lot order, not input order).
        `en_orden`: each lot is a contiguous run of `elementos` (`repartir_en_orden`), for work whose
        neighbours share what they read.

        `fallo(elemento, motivo)`: the result of an element whose process died even when run alone
        (without it, such a death is an error: nothing is ever dropped silently)."""
        if not elementos:
            return []
        if self.trabajos == 1 or sum(pesos) < self.umbral or len(elementos) < max(2, self.minimo):
            return funcion(*fijos, list(elementos))
        from concurrent.futures.process import BrokenProcessPool

        partes = (repartir_en_orden if en_orden else repartir)(elementos, pesos, lotes or 4 * self.trabajos)
        if self._pool is None:
            if self.preparar is not None:
                self.preparar()
            self._pool = _pool(self.trabajos)
        futuros = [(parte, self._pool.submit(funcion, *fijos, parte)) for parte in partes]
        salida: list[Any] = []
        caidos: list[Any] = []
        for parte, futuro in futuros:
            try:
                salida.extend(futuro.result())
            except BrokenProcessPool:
                caidos.extend(parte)  # this lot, or one beside it, killed a worker: each alone, below
        if caidos:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
            for elemento in caidos:
                salida.extend(_solo(funcion, fijos, elemento, fallo))
        return salida


def _solo(funcion: Callable[..., list[Any]], fijos: Sequence[Any], elemento: Any,
          fallo: Optional[Callable[[Any, str], Any]]) -> list[Any]:
    """One element in a fresh process; its failure result when that process dies too."""
    from concurrent.futures.process import BrokenProcessPool

    pool = _pool(1)
    try:
        return list(pool.submit(funcion, *fijos, [elemento]).result())
    except BrokenProcessPool:
        motivo = "the analyzer's worker process died on this file (a crash in the parser, or memory)"
        if fallo is None:
            raise RuntimeError(f"{motivo}: {elemento!r}") from None
        return [fallo(elemento, motivo)]
    finally:
        pool.shutdown(wait=False, cancel_futures=True)
