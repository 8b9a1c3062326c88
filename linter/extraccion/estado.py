"""Which files are unchanged since a run hashed them, told by their stat instead of their bytes.

A warm run over a large project would otherwise read and hash every file only to learn that
nothing changed. Each file's entry is its size, mtime, ctime and inode with the sha256 of its
bytes; a later run that stats the same four numbers uses the recorded hash and reads the file
only if something asks for its bytes.

An entry is recorded only for a file whose last change (mtime and ctime) is more than `MARGEN_NS`
older than the stat: a file written again within the clock's granularity after it was hashed
would show the same numbers (git's "racily clean" case), so a recent file is hashed again on the
next run. ctime is set by the kernel on every write and cannot be put back by a tool that restores
mtimes (`touch -d`, an archive extractor), so such a tool does not fool it. With `--no-cache`
nothing is read from or written to the store and every file is hashed.
"""

from __future__ import annotations

import os
from typing import Any, Optional

from ..cache import Almacen, clave

MARGEN_NS = 2_000_000_000  # a change this recent is not trusted to the stat (2 s, above any filesystem's granularity)
ESPACIO = "estado"  # the entry's name under the run's fingerprint: one per project root


def firma(st: os.stat_result) -> list[int]:
    """The numbers that change when a file's bytes change."""
    return [st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino]


def estable(st: os.stat_result, ahora_ns: int) -> bool:
    """Whether the file's last change is old enough for its stat to stand for its bytes."""
    return max(st.st_mtime_ns, st.st_ctime_ns) < ahora_ns - MARGEN_NS


def _entrada_valida(entrada: Any) -> bool:
    return (isinstance(entrada, list) and len(entrada) == 5 and all(type(n) is int for n in entrada[:4])
            and isinstance(entrada[4], str) and len(entrada[4]) == 64)


class Estado:
    """The stat of every file the last runs hashed, read once and written back once per run."""

    def __init__(self, almacen: Optional[Almacen], sal: str) -> None:
        self.almacen = almacen
        self.clave = clave(sal, ESPACIO)
        guardado = almacen.leer(self.clave) if almacen is not None else None
        archivos = guardado.get("archivos") if guardado is not None else None
        self.previo: dict[str, list[Any]] = (
            {rel: e for rel, e in archivos.items() if isinstance(rel, str) and _entrada_valida(e)}
            if isinstance(archivos, dict) else {})
        self.nuevo: dict[str, list[Any]] = {}

    def sha(self, rel: str, st: os.stat_result) -> Optional[str]:
        """The recorded hash of `rel` when its stat is the recorded one (and then it stays recorded)."""
        entrada = self.previo.get(rel)
        if entrada is None or entrada[:4] != firma(st):
            return None
        self.nuevo[rel] = entrada
        return str(entrada[4])

    def anotar(self, rel: str, st: os.stat_result, sha: str, ahora_ns: int) -> None:
        """Record the hash of bytes read after `st` was taken, when the file is old enough to trust."""
        if estable(st, ahora_ns):
            self.nuevo[rel] = [*firma(st), sha]

    def guardar(self, completa: bool) -> None:
        """Write the entries back; a run over some files keeps the others' entries, a full run drops
        the entries of files it no longer has."""
        if self.almacen is None:
            return
        archivos = dict(self.nuevo) if completa else {**self.previo, **self.nuevo}
        if archivos != self.previo:
            self.almacen.escribir(self.clave, {"archivos": archivos})
