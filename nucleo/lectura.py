"""Reading whole files at the least cost: bytes, and text as `open(ruta, encoding="utf-8").read()` gives it.

The MCP server re-reads the project on every call, so it reads many small files per call. A
buffered `open()` costs eight system calls per file here (open, two fstat, an isatty ioctl,
two lseek, read, close); reading through the descriptor costs five. Text is decoded once and
newlines are translated exactly as universal-newlines mode would (`\r\n` and `\r` become `\n`).
"""

from __future__ import annotations

import os

_BANDERAS = os.O_RDONLY | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)


def leer_bytes(ruta: str | os.PathLike[str]) -> bytes:
    """All the bytes of `ruta` (raises OSError like `open(ruta, "rb").read()` would)."""
    descriptor = os.open(ruta, _BANDERAS)
    try:
        partes = []
        tamano = os.fstat(descriptor).st_size + 1
        while True:
            parte = os.read(descriptor, max(tamano, 8192))
            if not parte:
                break
            partes.append(parte)
        return partes[0] if len(partes) == 1 else b"".join(partes)
    finally:
        os.close(descriptor)


def leer_texto(ruta: str | os.PathLike[str]) -> str:
    """The UTF-8 text of `ruta` with universal newlines (raises OSError / UnicodeDecodeError)."""
    texto = leer_bytes(ruta).decode("utf-8")
    if "\r" in texto:
        texto = texto.replace("\r\n", "\n").replace("\r", "\n")
    return texto
