"""Budgets that bound one file's analysis: time for the file, resolution steps for each tool.

Past the file's time budget the file is a no_resuelto row, not the run's end; past a tool's step
budget, that tool (or the search for a module's tools) is a no_resuelto row naming the construct
being resolved, and the rest of the file is still read.

The budget is cooperative: `comprobar()` raises `Agotado` only at the analyzer's own safe points
(before each module is loaded, before each tool is read, at every resolution step), never asynchronously: an alarm signal
can land in a garbage-collector callback or halfway through a shared cache and leave the run in a
state nobody can trust. A single native libcst parse is not interrupted; what makes one take
minutes (a chain of thousands of `+`, `.` or calls, which libcst parses in quadratic time) is
refused before it is parsed (`fuente.demasiado_largo`), and files over the size limit are not read.
"""

from __future__ import annotations

import contextlib
import contextvars
import time
from collections.abc import Callable, Iterator
from typing import Optional

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


# Resolution steps one tool (or one module's tool search) may take: every question the program's
# resolution answers and every value whose provenance is classified is one. The largest tool of the
# real-world corpus takes 1,359; a runaway search is stopped within a few seconds.
PASOS_POR_HERRAMIENTA = 100_000


class Desbordado(BaseException):
    """A step budget ran out while resolving `que` (a BaseException, like `Agotado`)."""

    def __init__(self, que: str, limite: int) -> None:
        super().__init__(que)
        self.que, self.limite = que, limite

    def cuanto(self) -> str:
        """`more than N resolution steps`, for the row that reports it."""
        return f"more than {self.limite:,} resolution step{'' if self.limite == 1 else 's'}"


class _Cuenta:
    """Steps taken under one budget."""

    __slots__ = ("usados", "limite")

    def __init__(self, limite: int) -> None:
        self.usados, self.limite = 0, limite


_PASOS: contextvars.ContextVar[_Cuenta | None] = contextvars.ContextVar("oracle_pasos", default=None)


@contextlib.contextmanager
def pasos(limite: Optional[int] = None) -> Iterator[_Cuenta]:
    """Within the block, the step past `limite` (default PASOS_POR_HERRAMIENTA; 0: none) raises `Desbordado`."""
    cuenta = _Cuenta(PASOS_POR_HERRAMIENTA if limite is None else limite)
    marca = _PASOS.set(cuenta)
    try:
        yield cuenta
    finally:
        _PASOS.reset(marca)


def paso(que: Callable[[], str]) -> None:
    """One resolution step (a safe point of the time budget too); `que()` names the construct being
    resolved, and is called only when the budget runs out."""
    cuenta = _PASOS.get()
    if cuenta is not None:
        cuenta.usados += 1
        if cuenta.limite and cuenta.usados > cuenta.limite:
            raise Desbordado(que(), cuenta.limite)
    comprobar()
