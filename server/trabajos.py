"""Tool calls run on worker threads while the reader keeps reading; cancellation is a flag.

A `Trabajo` is one in-flight `tools/call`, keyed by its JSON-RPC id. `notifications/cancelled`
sets its flag; the work checks the flag between cases or mutants (the core's `cancelado`
callable) and the response is dropped by a check made under the write lock, so no response
is ever written for a cancelled id. Jobs share no semantic state: each one rebuilds its
reading from the fixed root.
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

TRABAJADORES = max(2, min(4, os.cpu_count() or 2))


def clave_de(ident: Any) -> str:
    """A key under which `1` and `"1"` stay distinct (JSON-RPC ids are compared by type and value)."""
    return json.dumps(ident, sort_keys=True)


class Trabajo:
    """One in-flight call: its id and its cancellation flag."""

    def __init__(self, ident: Any) -> None:
        self.ident = ident
        self._evento = threading.Event()

    def cancelar(self) -> None:
        """Mark the call cancelled: its work stops at the next check and its response is dropped."""
        self._evento.set()

    def cancelado(self) -> bool:
        """True once the call was cancelled."""
        return self._evento.is_set()


class Trabajos:
    """The in-flight calls and the pool that runs them."""

    def __init__(self, trabajadores: int = TRABAJADORES) -> None:
        self._pool = ThreadPoolExecutor(max_workers=trabajadores, thread_name_prefix="oracle-mcp")
        self._en_curso: dict[str, Trabajo] = {}
        self._cerrojo = threading.Lock()

    def en_curso(self, ident: Any) -> bool:
        """True while a call with this id has not finished."""
        with self._cerrojo:
            return clave_de(ident) in self._en_curso

    def lanzar(self, ident: Any, trabajo: Callable[[Trabajo], None]) -> Future[None]:
        """Run `trabajo` on a worker; the id stays in flight until it returns."""
        t = Trabajo(ident)
        clave = clave_de(ident)
        with self._cerrojo:
            self._en_curso[clave] = t

        def correr() -> None:
            try:
                trabajo(t)
            finally:
                with self._cerrojo:
                    if self._en_curso.get(clave) is t:
                        del self._en_curso[clave]

        return self._pool.submit(correr)

    def cancelar(self, ident: Any) -> bool:
        """Cancel the in-flight call with this id; False when there is none (it may have finished)."""
        with self._cerrojo:
            t = self._en_curso.get(clave_de(ident))
        if t is None:
            return False
        t.cancelar()
        return True

    def cancelar_todos(self) -> None:
        """Cancel every in-flight call."""
        with self._cerrojo:
            todos = list(self._en_curso.values())
        for t in todos:
            t.cancelar()

    def esperar(self) -> None:
        """Wait until every submitted call has finished (answered, failed or dropped)."""
        self._pool.shutdown(wait=True)
