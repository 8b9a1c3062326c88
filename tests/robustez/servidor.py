"""A long-lived `python -m oracle_lint.server` for robustness tests: many lines in, every observable kept.

One subprocess is fed many lines (instead of one process per example): stdout is read line by
line on a thread, stderr is collected on another, and a third samples the server's resident
memory (VmRSS in /proc/<pid>/status) for the whole run.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.server.conversaciones import LANZADERA, PROYECTOS, RAIZ_REPO, entorno, foto

MEMORIA_MAXIMA_KB = 500 * 1024
"""A generous bound on the server's resident memory during any robustness run."""

EJEMPLOS = int(os.environ.get("ORACLE_FUZZ_EJEMPLOS", "0") or 0)
"""`ORACLE_FUZZ_EJEMPLOS=N` raises every hypothesis budget of tests/robustez to N examples."""


def ejemplos(por_defecto: int) -> int:
    """The number of hypothesis examples for a test: its default, or ORACLE_FUZZ_EJEMPLOS when larger."""
    return max(por_defecto, EJEMPLOS)


def copiar_proyecto(nombre: str, destino: Path) -> Path:
    """A private copy of a fixture project (resolved), so its bytes can be compared before and after."""
    raiz = destino / nombre
    shutil.copytree(PROYECTOS / nombre, raiz, ignore=shutil.ignore_patterns("__pycache__"))
    return raiz.resolve()


def _rss_kb(pid: int) -> int | None:
    try:
        with open(f"/proc/{pid}/status", encoding="ascii", errors="replace") as estado:
            for linea in estado:
                if linea.startswith("VmRSS:"):
                    return int(linea.split()[1])
    except (OSError, ValueError):
        return None
    return None


class ServidorVivo:
    """One oracle-mcp process over a project; lines go in, raw stdout lines come out."""

    def __init__(self, raiz: Path, *argumentos: str) -> None:
        self.raiz = raiz
        self.proceso = subprocess.Popen(
            [sys.executable, "-m", "oracle_lint.server", "--proyecto", str(raiz), *argumentos],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=LANZADERA,
            env=entorno(),
        )
        self.crudas: list[bytes] = []
        self.mensajes: list[dict[str, Any]] = []
        self.invalidas: list[str] = []
        self.memoria_maxima_kb = 0
        self._stderr = bytearray()
        self._cond = threading.Condition()
        self._vivo = True
        self._hilos = [
            threading.Thread(target=self._leer_stdout, daemon=True),
            threading.Thread(target=self._leer_stderr, daemon=True),
            threading.Thread(target=self._medir, daemon=True),
        ]
        for hilo in self._hilos:
            hilo.start()

    # -- observation ------------------------------------------------------------------------

    def _leer_stdout(self) -> None:
        assert self.proceso.stdout is not None
        for cruda in iter(self.proceso.stdout.readline, b""):
            problema = problema_de_linea(cruda)
            with self._cond:
                self.crudas.append(cruda)
                if problema is None:
                    self.mensajes.append(json.loads(cruda))
                else:
                    self.invalidas.append(problema)
                self._cond.notify_all()

    def _leer_stderr(self) -> None:
        assert self.proceso.stderr is not None
        for bloque in iter(lambda: self.proceso.stderr.read1(65536), b""):  # type: ignore[union-attr]
            self._stderr.extend(bloque)

    def _medir(self) -> None:
        while self._vivo and self.proceso.poll() is None:
            rss = _rss_kb(self.proceso.pid)
            if rss is not None:
                self.memoria_maxima_kb = max(self.memoria_maxima_kb, rss)
            time.sleep(0.02)

    @property
    def stderr(self) -> str:
        return bytes(self._stderr).decode("utf-8", "replace")

    def vivo(self) -> bool:
        return self.proceso.poll() is None

    # -- input ------------------------------------------------------------------------------

    def enviar(self, datos: bytes) -> None:
        """Write raw bytes to stdin (the caller adds the newlines)."""
        assert self.proceso.stdin is not None
        self.proceso.stdin.write(datos)
        self.proceso.stdin.flush()

    def esperar(self, condicion: Callable[[list[dict[str, Any]]], bool], tiempo: float = 60.0) -> bool:
        """Wait until `condicion(mensajes)` holds (True) or the time runs out (False)."""
        limite = time.monotonic() + tiempo
        with self._cond:
            while not condicion(self.mensajes):
                restante = limite - time.monotonic()
                if restante <= 0 or (self.proceso.poll() is not None and not self._hilos[0].is_alive()):
                    return condicion(self.mensajes)
                self._cond.wait(min(restante, 0.5))
            return True

    def cerrar(self, tiempo: float = 120.0) -> int:
        """End of input; wait for the process and the readers; return the exit status."""
        try:
            assert self.proceso.stdin is not None
            self.proceso.stdin.close()
        except BrokenPipeError:
            pass
        try:
            codigo = self.proceso.wait(timeout=tiempo)
        finally:
            self._vivo = False
            if self.proceso.poll() is None:
                self.proceso.kill()
                self.proceso.wait()
        for hilo in self._hilos:
            hilo.join(timeout=30)
        return codigo

    def matar(self) -> None:
        """Stop the process when a test failed half-way (never used on the success path)."""
        self._vivo = False
        if self.proceso.poll() is None:
            self.proceso.kill()
            self.proceso.wait()


def problema_de_linea(cruda: bytes) -> str | None:
    """None when `cruda` is exactly one JSON-RPC 2.0 response object on one line; else what is wrong."""
    if not cruda.endswith(b"\n") or cruda.count(b"\n") != 1:
        return f"not one newline-terminated line: {cruda[:200]!r}"
    try:
        mensaje = json.loads(cruda.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as error:
        return f"not UTF-8 JSON ({error}): {cruda[:200]!r}"
    if not isinstance(mensaje, dict):
        return f"not an object: {cruda[:200]!r}"
    if mensaje.get("jsonrpc") != "2.0":
        return f"no \"jsonrpc\": \"2.0\": {cruda[:200]!r}"
    if "id" not in mensaje or ("result" in mensaje) == ("error" in mensaje) or set(mensaje) - {"jsonrpc", "id", "result", "error"}:
        return f"not a JSON-RPC response: {cruda[:200]!r}"
    ident = mensaje["id"]
    if not (ident is None or isinstance(ident, str) or (isinstance(ident, int) and not isinstance(ident, bool))):
        return f"id of a wrong type: {cruda[:200]!r}"
    if "error" in mensaje:
        error = mensaje["error"]
        if not (isinstance(error, dict) and isinstance(error.get("code"), int) and isinstance(error.get("message"), str)):
            return f"malformed error object: {cruda[:200]!r}"
    elif not isinstance(mensaje["result"], dict):
        return f"result is not an object: {cruda[:200]!r}"
    return None


__all__ = ["MEMORIA_MAXIMA_KB", "ServidorVivo", "copiar_proyecto", "ejemplos", "foto", "problema_de_linea"]
