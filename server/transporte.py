"""stdio transport: newline-delimited JSON-RPC 2.0, UTF-8, one compact object per line.

stdout carries protocol lines only. `proteger_stdout` keeps a private handle on the real
stdout for `Salida` and points file descriptor 1 and `sys.stdout` at stderr, so a stray
`print` (from a trusted `escalares.py`, say) can never corrupt the channel. Every write
happens under one lock, and a response can be dropped at the last moment (a cancelled call)
by a check made under that same lock.
"""

from __future__ import annotations

import json
import os
import sys
import threading
from collections.abc import Callable, Iterator
from typing import Any, BinaryIO

PARSE_ERROR = -32700
INVALID_REQUEST = -32600
METHOD_NOT_FOUND = -32601
INVALID_PARAMS = -32602
UNSUPPORTED_PROTOCOL_VERSION = -32022


def serializar(mensaje: dict[str, Any]) -> bytes:
    """One protocol line: compact JSON, UTF-8, ending in a single newline.

    `json.dumps` escapes every newline inside strings, so the line has exactly one. A lone
    surrogate (possible after decoding `\\ud800` from the input) is written back escaped.
    """
    texto = json.dumps(mensaje, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    return (texto + "\n").encode("utf-8", errors="backslashreplace")


class Salida:
    """The protocol channel: whole lines, written and flushed under one lock."""

    def __init__(self, archivo: BinaryIO) -> None:
        self._archivo = archivo
        self._cerrojo = threading.Lock()

    def escribir(self, mensaje: dict[str, Any], *, descartar: Callable[[], bool] | None = None) -> bool:
        """Write one message; return False (and write nothing) when `descartar()` holds at that moment."""
        datos = serializar(mensaje)
        with self._cerrojo:
            if descartar is not None and descartar():
                return False
            self._archivo.write(datos)
            self._archivo.flush()
            return True


def registrar(texto: str) -> None:
    """A human line on stderr (never on stdout)."""
    try:
        sys.stderr.write(f"oracle-mcp: {texto}\n")
        sys.stderr.flush()
    except (OSError, ValueError):  # stderr closed: logging must not take the server down
        pass


def proteger_stdout() -> BinaryIO:
    """Return a private binary handle on the real stdout and send fd 1 and `sys.stdout` to stderr."""
    sys.stdout.flush()
    privado = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    return privado


def lineas(entrada: BinaryIO) -> Iterator[bytes]:
    """The raw lines of the input until end of file (without their line terminator)."""
    while True:
        linea = entrada.readline()
        if not linea:
            return
        yield linea.rstrip(b"\r\n")


def error_jsonrpc(ident: Any, codigo: int, mensaje: str, datos: Any = None) -> dict[str, Any]:
    """A JSON-RPC error response."""
    error: dict[str, Any] = {"code": codigo, "message": mensaje}
    if datos is not None:
        error["data"] = datos
    return {"jsonrpc": "2.0", "id": ident, "error": error}


def respuesta(ident: Any, resultado: dict[str, Any]) -> dict[str, Any]:
    """A JSON-RPC success response."""
    return {"jsonrpc": "2.0", "id": ident, "result": resultado}


class JsonInvalido(Exception):
    """A line that is not one UTF-8 JSON document (-32700)."""


def _sin_constantes(nombre: str) -> Any:
    raise ValueError(f"{nombre} no es un valor JSON")


def decodificar(linea: bytes) -> Any:
    """Parse one line; `JsonInvalido` carries the detail of `JSON inválido: <detalle>`."""
    try:
        texto = linea.decode("utf-8")
    except UnicodeDecodeError as error:
        raise JsonInvalido(
            f"la línea no es UTF-8 válido (byte 0x{linea[error.start]:02x} en la posición {error.start})"
        ) from None
    try:
        return json.loads(texto, parse_constant=_sin_constantes)
    except json.JSONDecodeError as error:
        raise JsonInvalido(f"{error.msg} (línea {error.lineno}, columna {error.colno})") from None
    except (ValueError, RecursionError) as error:
        raise JsonInvalido(str(error) or type(error).__name__) from None
