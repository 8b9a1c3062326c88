"""`.oracle-cache/`: a content-addressed JSON store, safe under concurrent runs.

Entries are written to a temporary file in the same directory and renamed into place
(`os.replace` is atomic), so a reader sees a whole entry or none. An entry that cannot be
read, is not valid JSON or does not carry the key it is filed under is ignored (and later
overwritten): the cache is never trusted, only used when it proves to be what was asked for.
A `.oracle-cache` that is a symbolic link, or whose namespace resolves outside the project root,
is not used at all: the analyzer writes nothing outside the root it was given.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any, Optional

DIRECTORIO = ".oracle-cache"


def clave(*partes: str) -> str:
    """sha256 over the parts, unambiguously joined."""
    h = hashlib.sha256()
    for p in partes:
        h.update(p.encode("utf-8", "surrogatepass"))
        h.update(b"\0")
    return h.hexdigest()


class Almacen:
    """One namespace of `.oracle-cache/` under a project root."""

    def __init__(self, raiz: Path, espacio: str) -> None:
        self.base = raiz / DIRECTORIO
        self.dir = self.base / espacio
        self._preparado = False
        self.usable = _dentro(raiz, self.base, self.dir)

    def vecino(self, espacio: str) -> "Almacen":
        """Another namespace of the same `.oracle-cache/`."""
        return Almacen(self.base.parent, espacio)

    def preparar(self) -> None:
        """Create the namespace now (a walk that records directory stats must see `.oracle-cache/` already there)."""
        if self.usable:
            try:
                self._preparar()
            except OSError:
                pass

    def _preparar(self) -> None:
        if self._preparado:
            return
        self.dir.mkdir(parents=True, exist_ok=True)
        ignorar = self.base / ".gitignore"
        if not ignorar.exists():
            escribir_atomico(ignorar, b"# written by oracle-lint: the cache is never committed\n*\n")
        self._preparado = True

    def _ruta(self, k: str) -> Path:
        return self.dir / k[:2] / f"{k}.json"

    def leer(self, k: str) -> Optional[dict[str, Any]]:
        """The value filed under `k`, or None (missing, unreadable, corrupt or misfiled)."""
        if not self.usable:
            return None
        try:
            entrada = json.loads(self._ruta(k).read_bytes())
        except (OSError, ValueError, RecursionError):
            return None
        if not isinstance(entrada, dict) or entrada.get("clave") != k or not isinstance(entrada.get("valor"), dict):
            return None
        return entrada["valor"]

    def escribir(self, k: str, valor: dict[str, Any]) -> None:
        """File `valor` under `k`; a cache that cannot be written is skipped, never an error."""
        if not self.usable:
            return
        try:
            self._preparar()
            ruta = self._ruta(k)
            ruta.parent.mkdir(exist_ok=True)
            # ASCII JSON: a lone surrogate (legal in a Python string literal) is escaped and read back as itself.
            escribir_atomico(ruta, json.dumps({"clave": k, "valor": valor}, ensure_ascii=True, sort_keys=True).encode("ascii"))
        except (OSError, ValueError, RecursionError):
            pass


def _dentro(raiz: Path, base: Path, directorio: Path) -> bool:
    """Whether the cache may be used: `.oracle-cache` is not a link, and what exists of it is under the root."""
    if base.is_symlink():
        return False
    real = os.path.realpath(raiz)
    for ruta in (base, directorio):
        if os.path.lexists(ruta):
            destino = os.path.realpath(ruta)
            if os.path.commonpath([real, destino]) != real:
                return False
    return True


def escribir_atomico(ruta: Path, datos: bytes, modo: int = 0o600) -> None:
    """Write to a temporary sibling (created exclusively, like `tempfile.mkstemp`), then rename over `ruta`.
    `modo`: the new file's permissions before the umask (the cache's own entries: the owner's only)."""
    temporal = ruta.parent / f".tmp-{os.getpid()}-{os.urandom(8).hex()}.part"
    fd = os.open(temporal, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0), modo)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(datos)
        os.replace(temporal, ruta)
    except BaseException:
        try:
            os.unlink(temporal)
        except OSError:
            pass
        raise
