"""Reading `tareas/` of a project, failing closed: every offender is reported, none is skipped.

No directory is `TRACKER_AUSENTE`. Symlinks anywhere, subdirectories, unexpected or
non-regular files, non-UTF-8 text, invalid records and duplicate ids are `TRACKER_INVALIDO`
with the count and one line per offender. The reader never writes.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path

from oracle_lint.nucleo.errores import ErrorOracle, tracker_ausente, tracker_invalido
from oracle_lint.nucleo.proyecto import Proyecto
from oracle_lint.nucleo.tareas.formato import RegistroInvalido, Tarea, id_de_nombre, parsear_tarea

DIRECTORIO = "tareas"
DOCUMENTOS = ("README.md", ".gitattributes")
BLOQUEO = ".bloqueo"  # the writers' lock file (nucleo/cli/tarea_escritura.py): not a record


def es_temporal(nombre: str) -> bool:
    """A writer's temporary file (`.<name>.<hex>.tmp`): a write in progress, or the leftover of a
    killed one that the next writer removes; never a record."""
    return nombre.startswith(".") and nombre.endswith(".tmp")
"""Files allowed in `tareas/` besides tasks; they must be UTF-8 and are not interpreted."""


@dataclass(frozen=True)
class Tracker:
    """A valid tracker: its tasks sorted by number, and every file that was read."""

    directorio: Path
    tareas: tuple[Tarea, ...]
    archivos: tuple[Path, ...]


def directorio_de(proyecto: Proyecto) -> Path:
    """The tracker directory of a project (`<raiz>/tareas`), not resolved."""
    return proyecto.raiz / DIRECTORIO


def ruta_presentada(proyecto: Proyecto) -> str:
    """The tracker directory as errors name it: `tareas/`."""
    return proyecto.presentar_ruta(directorio_de(proyecto)) + "/"


Ofensor = tuple[str, str]
"""One offending record, in Spanish (the MCP server) and in English (the CLIs)."""


def _ofensores_de_arbol(proyecto: Proyecto, directorio: Path) -> list[Ofensor]:
    """Symlinks anywhere below `directorio` and every subdirectory: none is allowed."""
    ofensores: list[Ofensor] = []
    for actual, subdirs, archivos in os.walk(directorio, followlinks=False):
        subdirs.sort()
        for nombre in sorted(subdirs + archivos):
            ruta = Path(actual) / nombre
            presentada = proyecto.presentar_ruta(ruta)
            if ruta.is_symlink():
                ofensores.append(_enlace(presentada))
            elif nombre in subdirs:
                ofensores.append((f"{presentada}: subdirectorio inesperado; el tracker es plano",
                                  f"{presentada}: unexpected subdirectory; the tracker is flat"))
    return ofensores


def _enlace(presentada: str) -> Ofensor:
    return (f"{presentada}: es un enlace simbólico; el tracker no admite enlaces",
            f"{presentada}: is a symbolic link; the tracker does not accept links")


def _invalido(n: int, presentada: str, ofensores: list[Ofensor]) -> ErrorOracle:
    """TRACKER_INVALIDO listing `ofensores` in both languages."""
    return tracker_invalido(n, presentada, [es for es, _ in ofensores], ofensores_en=[en for _, en in ofensores])


def _leer_texto(ruta: Path) -> str:
    """The UTF-8 text of a regular file; RegistroInvalido otherwise."""
    if not stat.S_ISREG(ruta.lstat().st_mode):
        raise RegistroInvalido("no es un archivo regular", "not a regular file")
    try:
        return ruta.read_bytes().decode("utf-8")
    except UnicodeDecodeError as error:
        raise RegistroInvalido(f"no es UTF-8 válido (byte {error.start})", f"not valid UTF-8 (byte {error.start})") from None
    except OSError as error:
        raise RegistroInvalido(f"no se pudo leer ({error.__class__.__name__})",
                               f"cannot be read ({error.__class__.__name__})") from None


def _leer_entrada(proyecto: Proyecto, ruta: Path) -> Tarea | None:
    """A task, or None for an allowed document; RegistroInvalido for anything else."""
    nombre = ruta.name
    if nombre == BLOQUEO or es_temporal(nombre):
        return None
    if nombre in DOCUMENTOS:
        _leer_texto(ruta)
        return None
    if id_de_nombre(nombre) is None:
        raise RegistroInvalido("archivo inesperado: sólo se admiten <id>-<slug>.md, README.md y .gitattributes",
                               "unexpected file: only <id>-<slug>.md, README.md and .gitattributes are accepted")
    return parsear_tarea(nombre, _leer_texto(ruta), proyecto.presentar_ruta(ruta))


def _repetidos(tareas: list[Tarea]) -> list[Ofensor]:
    """One offender per file whose id another file also uses."""
    por_id: dict[str, list[str]] = {}
    for t in tareas:
        por_id.setdefault(t.id, []).append(t.archivo)
    ofensores = []
    for ident, archivos in por_id.items():
        if len(archivos) > 1:
            for archivo in archivos:
                otros = ", ".join(a for a in archivos if a != archivo)
                ofensores.append((f"{archivo}: id {ident} repetido (también en {otros})",
                                  f"{archivo}: id {ident} repeated (also in {otros})"))
    return ofensores


def _por_ruta(ofensor: Ofensor) -> tuple[tuple[str, ...], str]:
    """Sort offenders by their path's components, then by (the Spanish) reason."""
    ruta, _, motivo = ofensor[0].partition(": ")
    return tuple(ruta.split("/")), motivo


def leer_tracker(proyecto: Proyecto) -> Tracker:
    """Every task of the project's `tareas/`, or TRACKER_AUSENTE / TRACKER_INVALIDO."""
    directorio = directorio_de(proyecto)
    presentada = ruta_presentada(proyecto)
    if directorio.is_symlink():
        raise _invalido(1, presentada, [_enlace(presentada)])
    if not directorio.exists():
        raise tracker_ausente(presentada)
    if not directorio.is_dir():
        raise _invalido(1, presentada, [(f"{presentada}: no es un directorio", f"{presentada}: not a directory")])
    ofensores = _ofensores_de_arbol(proyecto, directorio)
    tareas: list[Tarea] = []
    archivos: list[Path] = []
    for ruta in sorted(directorio.iterdir(), key=lambda p: p.name):
        if ruta.is_symlink() or ruta.is_dir():
            continue  # already an offender
        archivos.append(ruta)
        try:
            tarea = _leer_entrada(proyecto, ruta)
        except RegistroInvalido as error:
            ofensores.append((f"{proyecto.presentar_ruta(ruta)}: {error}", f"{proyecto.presentar_ruta(ruta)}: {error.en}"))
            continue
        if tarea is not None:
            tareas.append(tarea)
    ofensores.extend(_repetidos(tareas))
    if ofensores:
        ofensores.sort(key=_por_ruta)
        raise _invalido(len(ofensores), presentada, ofensores)
    return Tracker(directorio, tuple(sorted(tareas, key=lambda t: int(t.id))), tuple(archivos))
