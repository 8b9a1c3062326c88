"""The only code that writes the tracker: atomic file writes for the `oracle tarea` verbs.

Every write goes to a temporary file in `tareas/` and is then linked (new task: never over an
existing file) or renamed over the original (edit: only if the original did not change since
it was read). A reader never sees a partially written task.
"""

from __future__ import annotations

import hashlib
import os
import secrets
from datetime import datetime, timezone
from pathlib import Path

from nucleo.errores import ErrorOracle, argumentos_invalidos, proyecto_cambio
from nucleo.tareas.formato import id_de_nombre

GITATTRIBUTES = "# Written by `oracle tarea nueva`: concurrent notes appended on two branches both survive a merge.\n*.md merge=union\n"


def ahora() -> str:
    """The current UTC time as the tracker writes dates: `YYYY-MM-DDTHH:MM:SSZ`."""
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def _temporal(directorio: Path, nombre: str, contenido: bytes) -> Path:
    """A fully written and flushed temporary file beside its destination."""
    ruta = directorio / f".{nombre}.{secrets.token_hex(4)}.tmp"
    descriptor = os.open(ruta, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        with os.fdopen(descriptor, "wb") as archivo:
            archivo.write(contenido)
            archivo.flush()
            os.fsync(archivo.fileno())
    except BaseException:
        ruta.unlink(missing_ok=True)
        raise
    return ruta


def _id_ocupado(directorio: Path, ident: str) -> str | None:
    for nombre in sorted(os.listdir(directorio)):
        if id_de_nombre(nombre) == ident:
            return nombre
    return None


def crear_directorio(directorio: Path) -> None:
    """Create `tareas/` with its `.gitattributes` (union merge for appended notes)."""
    directorio.mkdir()
    escribir_nuevo(directorio / ".gitattributes", GITATTRIBUTES)


def escribir_nuevo(ruta: Path, texto: str) -> None:
    """Create `ruta` atomically with `texto`; refuse if the file, or a task with the same id, exists."""
    ident = id_de_nombre(ruta.name)
    ocupado = _id_ocupado(ruta.parent, ident) if ident is not None else None
    if ocupado is not None or ruta.exists() or ruta.is_symlink():
        raise _ya_existe(ruta, ocupado or ruta.name)
    temporal = _temporal(ruta.parent, ruta.name, texto.encode("utf-8"))
    try:
        os.link(temporal, ruta)  # atomic, and fails instead of overwriting
    except FileExistsError:
        raise _ya_existe(ruta, ruta.name) from None
    finally:
        temporal.unlink(missing_ok=True)


def reemplazar(ruta: Path, texto: str, original: bytes) -> None:
    """Replace `ruta` atomically with `texto`, only if it still holds `original`."""
    temporal = _temporal(ruta.parent, ruta.name, texto.encode("utf-8"))
    try:
        actual = ruta.read_bytes()
        if actual != original:
            raise proyecto_cambio(_sha(original), _sha(actual))
        os.replace(temporal, ruta)
    finally:
        temporal.unlink(missing_ok=True)


def _sha(contenido: bytes) -> str:
    return hashlib.sha256(contenido).hexdigest()


def _ya_existe(ruta: Path, nombre: str) -> ErrorOracle:
    return argumentos_invalidos(
        "id", f"{ruta.parent.name}/{nombre} ya existe", "un id libre; otra escritura ganó la carrera, reintentá"
    )
