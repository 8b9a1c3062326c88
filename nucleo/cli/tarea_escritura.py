"""The only code that writes the tracker: atomic file writes for the `oracle tarea` verbs.

Every write goes to a temporary file in `tareas/` and is then linked (new task: never over an
existing file) or renamed over the original (edit: only if the original did not change since
it was read). A reader never sees a partially written task, and skips temporary files.

Writes are transactions: a verb holds `bloqueo()` — an OS lock (`flock`) on `tareas/.bloqueo` —
from its read to its write, so id allocation and read-modify-write never interleave; the holder
cleans the temporary files a killed writer left. A writer that cannot get the lock in time says
who holds it and writes nothing.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import secrets
import socket
import time
from collections.abc import Iterator
from datetime import datetime, timezone
from pathlib import Path

from oracle_lint.nucleo.errores import ErrorOracle, argumentos_invalidos, proyecto_cambio
from oracle_lint.nucleo.tareas.formato import id_de_nombre
from oracle_lint.nucleo.tareas.lector import BLOQUEO, es_temporal

ESPERA_BLOQUEO = 60.0  # seconds a writer waits for another's transaction

GITATTRIBUTES = "# Written by `oracle tarea nueva`: concurrent notes appended on two branches both survive a merge.\n*.md merge=union\n"


def ahora() -> str:
    """The current UTC time as the tracker writes dates: `YYYY-MM-DDTHH:MM:SSZ`."""
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def no_escrito(ruta: Path, error: OSError) -> ErrorOracle:
    """A write the OS refused (a full disk, no permission): nothing of it is in the tracker."""
    causa = error.strerror or type(error).__name__
    return ErrorOracle(
        "ESCRITURA_FALLO",
        f"{ruta}: no se pudo escribir ({causa}); no se escribió nada.",
        campo="tareas",
        correccion="liberá espacio o dá permiso de escritura sobre tareas/ y repetí el comando.",
        mensaje_en=f"{ruta}: cannot be written ({causa}); nothing was written.",
        correccion_en="free disk space or grant write permission on tareas/, then run the command again.",
    )


@contextlib.contextmanager
def _escritura(ruta: Path) -> Iterator[None]:
    """Turn the OS refusing a write into ESCRITURA_FALLO (the temporary is already gone, the original untouched)."""
    try:
        yield
    except FileExistsError:
        raise
    except OSError as error:
        raise no_escrito(ruta, error) from None


def _temporal(directorio: Path, nombre: str, contenido: bytes) -> Path:
    """A fully written and flushed temporary file beside its destination."""
    ruta = directorio / f".{nombre}.{secrets.token_hex(4)}.tmp"
    with _escritura(directorio / nombre):
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


def crear_directorio(directorio: Path) -> bool:
    """Create `tareas/`; False when another writer made it first. Its `.gitattributes` is written
    by `con_atributos`, under the lock, by the writer that made it."""
    try:
        with _escritura(directorio):
            directorio.mkdir()
    except FileExistsError:
        return False
    return True


def con_atributos(directorio: Path) -> None:
    """Write `.gitattributes` (union merge for appended notes); call holding `bloqueo`."""
    if not (directorio / ".gitattributes").exists():
        escribir_nuevo(directorio / ".gitattributes", GITATTRIBUTES)


@contextlib.contextmanager
def bloqueo(directorio: Path, espera: float | None = None) -> Iterator[None]:
    """Hold the tracker's write lock for one transaction (read, decide, write): `flock` on the
    directory itself, so nothing is left in the tree; while held, `.bloqueo` says who holds it."""
    try:
        import fcntl
    except ImportError:  # no flock (Windows): single-writer use, as before the lock existed
        yield
        return
    if not directorio.is_dir() or directorio.is_symlink():
        yield  # no tracker (or not one to write): the read inside says so with its own error
        return
    espera = ESPERA_BLOQUEO if espera is None else espera
    with _escritura(directorio):
        descriptor = os.open(directorio, os.O_RDONLY)
    titular = directorio / BLOQUEO
    try:
        limite = time.monotonic() + espera
        while True:
            try:
                fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() >= limite:
                    raise _ocupado(titular, espera) from None
                time.sleep(0.02)
        for nombre in os.listdir(directorio):  # only a lock holder makes temporaries: these were left by a killed one
            if es_temporal(nombre):
                (directorio / nombre).unlink(missing_ok=True)
        desde = datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")  # not `ahora()`: the task's dates are its own
        with _escritura(titular):
            titular.write_text(f"pid {os.getpid()} on {socket.gethostname()} since {desde}\n", encoding="utf-8")
        try:
            yield
        finally:
            titular.unlink(missing_ok=True)
    finally:
        os.close(descriptor)  # closing releases the lock


def _ocupado(archivo: Path, espera: float) -> ErrorOracle:
    try:
        titular = archivo.read_text(encoding="utf-8", errors="replace").strip()[:200] or "another writer"
    except OSError:
        titular = "another writer"
    return ErrorOracle(
        "TRACKER_OCUPADO",
        f"otra escritura del tracker sigue en curso ({titular}); no se escribió nada.",
        campo="tareas",
        correccion="reintentá cuando termine, o terminá ese proceso si quedó colgado.",
        mensaje_en=f"another write of the tracker is still in progress after {espera:g} s ({titular}); nothing was written.",
        correccion_en="retry when it ends, or end that process if it hung.",
    )


def escribir_nuevo(ruta: Path, texto: str) -> None:
    """Create `ruta` atomically with `texto`; refuse if the file, or a task with the same id, exists."""
    ident = id_de_nombre(ruta.name)
    ocupado = _id_ocupado(ruta.parent, ident) if ident is not None else None
    if ocupado is not None or ruta.exists() or ruta.is_symlink():
        raise _ya_existe(ruta, ocupado or ruta.name)
    temporal = _temporal(ruta.parent, ruta.name, texto.encode("utf-8"))
    try:
        with _escritura(ruta):
            os.link(temporal, ruta)  # atomic, and fails instead of overwriting
    except FileExistsError:
        raise _ya_existe(ruta, ruta.name) from None
    finally:
        temporal.unlink(missing_ok=True)


def reemplazar(ruta: Path, texto: str, original: bytes) -> None:
    """Replace `ruta` atomically with `texto`, only if it still holds `original`."""
    temporal = _temporal(ruta.parent, ruta.name, texto.encode("utf-8"))
    try:
        with _escritura(ruta):
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
        "id",
        f"{ruta.parent.name}/{nombre} ya existe",
        "un id libre; otra escritura ganó la carrera, reintentá",
        recibido_en=f"{ruta.parent.name}/{nombre} already exists",
        forma_en="a free id (another write won the race: retry)",
    )
