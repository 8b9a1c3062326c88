"""A time budget for one file's analysis: past it, the file is a no_resuelto row, not the run's end.

SIGALRM interrupts Python code at its next bytecode; a single native call (one libcst parse) ends
before the alarm is seen, which the size limit of `corrida.TAMANO_MAXIMO` bounds. Outside the main
thread, or where the platform has no interval timers, no budget is applied.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Iterator
from typing import Any

PRESUPUESTO_POR_ARCHIVO = 60.0  # seconds; `--file-timeout` changes it, 0 turns it off


class Agotado(BaseException):
    """The budget ran out (a BaseException: the analyzer's `except Exception` guards must not keep it)."""


@contextlib.contextmanager
def presupuesto(segundos: float) -> Iterator[None]:
    """Raise `Agotado` inside the block once `segundos` have passed (0: never)."""
    if not segundos or threading.current_thread() is not threading.main_thread() or not hasattr(signal, "setitimer"):
        yield
        return

    def vencido(_senal: int, _marco: Any) -> None:
        raise Agotado()

    anterior = signal.signal(signal.SIGALRM, vencido)
    signal.setitimer(signal.ITIMER_REAL, segundos)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, anterior)
