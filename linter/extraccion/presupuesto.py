"""A time budget for one file's analysis: past it, the file is a no_resuelto row, not the run's end.

The budget is cooperative: `comprobar()` raises `Agotado` only at the analyzer's own safe points
(before each module is loaded, before each tool is read), never asynchronously: an alarm signal
can land in a garbage-collector callback or halfway through a shared cache and leave the run in a
state nobody can trust. A single native libcst parse is not interrupted; what makes one take
minutes (a chain of thousands of `+`, `.` or calls, which libcst parses in quadratic time) is
refused before it is parsed (`fuente.demasiado_largo`), and files over the size limit are not read.
"""

from __future__ import annotations

import contextlib
import contextvars
import time
from collections.abc import Iterator

PRESUPUESTO_POR_ARCHIVO = 60.0  # seconds; `--file-timeout` changes it, 0 turns it off

_LIMITE: contextvars.ContextVar[float | None] = contextvars.ContextVar("oracle_presupuesto", default=None)


class Agotado(BaseException):
    """The budget ran out (a BaseException: the analyzer's `except Exception` guards must not keep it)."""


@contextlib.contextmanager
def presupuesto(segundos: float) -> Iterator[None]:
    """Within the block, `comprobar()` raises `Agotado` once `segundos` have passed (0: never)."""
    marca = _LIMITE.set(time.monotonic() + segundos if segundos else None)
    try:
        yield
    finally:
        _LIMITE.reset(marca)


def comprobar() -> None:
    """A safe point: raise `Agotado` when the current budget has run out."""
    limite = _LIMITE.get()
    if limite is not None and time.monotonic() > limite:
        raise Agotado()
