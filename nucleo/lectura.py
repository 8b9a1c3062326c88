"""Reading whole files at the least cost: bytes, and text as `open(ruta, encoding="utf-8").read()` gives it.

The MCP server re-reads the project on every call, so it reads many small files per call. A
buffered `open()` costs nine system calls per file (open, two fstat, an isatty ioctl, two lseek,
two reads, close); reading through the descriptor costs four (open, fstat, read, close). Text is decoded once and
newlines are translated exactly as universal-newlines mode would (`\r\n` and `\r` become `\n`).
"""

from __future__ import annotations

import os
import stat

_BANDERAS = os.O_RDONLY | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)


def leer_bytes(ruta: str | os.PathLike[str]) -> bytes:
    """All the bytes of `ruta` (raises OSError like `open(ruta, "rb").read()` would).

    It asks for one byte more than fstat reports: for a regular file a shorter read is the
    end of the file, so a file that did not grow meanwhile costs a single read.
    """
    descriptor = os.open(ruta, _BANDERAS)
    try:
        estado = os.fstat(descriptor)
        pedido = estado.st_size + 1
        parte = os.read(descriptor, pedido)
        if len(parte) < pedido and stat.S_ISREG(estado.st_mode):
            return parte
        partes = [parte]
        while parte:
            parte = os.read(descriptor, max(pedido, 8192))
            partes.append(parte)
        return b"".join(partes)
    finally:
        os.close(descriptor)


def leer_texto(ruta: str | os.PathLike[str]) -> str:
    """The UTF-8 text of `ruta` with universal newlines (raises OSError / UnicodeDecodeError)."""
    texto = leer_bytes(ruta).decode("utf-8")
    if "\r" in texto:
        texto = texto.replace("\r\n", "\n").replace("\r", "\n")
    return texto
