"""A minimal newline-delimited JSON-RPC client for `python -m oracle_lint.server` (used by the benchmarks).

It starts the real server in a child process, writes one compact JSON object per line and
reads one line per response. Requests carry the 2026-07-28 envelope in `params._meta`
unless `moderno=False`.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

RAIZ = Path(__file__).resolve().parents[1]
META = {
    "io.modelcontextprotocol/protocolVersion": "2026-07-28",
    "io.modelcontextprotocol/clientCapabilities": {},
}


def compacto(valor: Any) -> str:
    return json.dumps(valor, ensure_ascii=False, separators=(",", ":"))


def comando_servidor(proyecto: Path, *extra: str) -> list[str]:
    return [sys.executable, "-m", "oracle_lint.server", "--proyecto", str(proyecto), *extra]


def entorno(pythonpath: list[Path] | None = None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "MUTANT_UNDER_TEST")}
    env["PYTHONPATH"] = os.pathsep.join(str(p) for p in [*(pythonpath or []), RAIZ])
    return env


class ClienteStdio:
    """One server process; `pedir` sends a request and returns its response (by id)."""

    def __init__(self, proyecto: Path, *, pythonpath: list[Path] | None = None, moderno: bool = True) -> None:
        self.moderno = moderno
        self._siguiente = 0
        self.proceso = subprocess.Popen(
            comando_servidor(proyecto),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            cwd=RAIZ,
            env=entorno(pythonpath),
        )

    def enviar(self, mensaje: dict[str, Any]) -> None:
        assert self.proceso.stdin is not None
        self.proceso.stdin.write((compacto(mensaje) + "\n").encode("utf-8"))
        self.proceso.stdin.flush()

    def leer(self) -> dict[str, Any]:
        assert self.proceso.stdout is not None
        linea = self.proceso.stdout.readline()
        if not linea:
            raise RuntimeError("the server closed stdout")
        return json.loads(linea)

    def pedir(self, metodo: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        self._siguiente += 1
        params = dict(params or {})
        if self.moderno:
            params["_meta"] = META
        self.enviar({"jsonrpc": "2.0", "id": self._siguiente, "method": metodo, "params": params})
        respuesta = self.leer()
        if respuesta.get("id") != self._siguiente:
            raise RuntimeError(f"unexpected response {respuesta!r}")
        if "error" in respuesta:
            raise RuntimeError(f"{metodo}: {respuesta['error']}")
        return respuesta["result"]

    def llamar(self, nombre: str, argumentos: dict[str, Any]) -> dict[str, Any]:
        return self.pedir("tools/call", {"name": nombre, "arguments": argumentos})

    def cerrar(self) -> int:
        assert self.proceso.stdin is not None
        self.proceso.stdin.close()
        return self.proceso.wait(timeout=60)

    def __enter__(self) -> ClienteStdio:
        return self

    def __exit__(self, *exc: object) -> None:
        if self.proceso.poll() is None:
            try:
                self.cerrar()
            except Exception:  # noqa: BLE001 - cleanup must not mask the original error
                self.proceso.kill()
