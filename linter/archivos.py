"""Which files a run analyzes: the given paths or the configured ones, minus `exclude`.

Directories are walked without following symlinked directories (no loops); a symlink that
leaves the project root is refused by `Proyecto.confinar`. Hidden directories, virtual
environments and caches are never walked.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from pathlib import Path

from nucleo.errores import ErrorOracle
from nucleo.proyecto import Proyecto

SALTEADOS = frozenset({"__pycache__", "node_modules", "venv", "site-packages", "build", "dist"})


def _excluido(ruta: Path, excluidos: Sequence[Path]) -> bool:
    return any(ruta == e or e in ruta.parents for e in excluidos)


def _caminar(proyecto: Proyecto, directorio: Path, excluidos: Sequence[Path]) -> Iterable[Path]:
    for actual, subdirs, archivos in os.walk(directorio, followlinks=False):
        base = Path(actual)
        subdirs[:] = sorted(
            d
            for d in subdirs
            if not d.startswith(".") and d not in SALTEADOS and not d.endswith(".egg-info")
            and not (base / d).is_symlink() and not _excluido(base / d, excluidos)
        )
        for nombre in sorted(archivos):
            ruta = base / nombre
            if nombre.endswith(".py") and not _excluido(ruta, excluidos):
                # A symlinked file is confined like an explicit path: one that leaves the root is refused.
                yield proyecto.confinar(ruta) if ruta.is_symlink() else ruta


def archivos_a_analizar(proyecto: Proyecto, rutas: Sequence[Path] | None) -> list[Path]:
    """Absolute, resolved, sorted .py files; explicit files are taken even when excluded by config."""
    excluidos = [proyecto.confinar(Path(e)) for e in proyecto.config.exclude]
    elegidas: set[Path] = set()
    if rutas:
        for ruta in rutas:
            absoluta = proyecto.confinar(ruta if ruta.is_absolute() else Path.cwd() / ruta)
            if absoluta.is_dir():
                elegidas.update(_caminar(proyecto, absoluta, excluidos))
            elif absoluta.is_file():
                elegidas.add(absoluta)
            else:
                raise ErrorOracle(
                    "ARGUMENTOS_INVALIDOS",
                    f"{ruta}: no such file or directory.",
                    campo="PATHS",
                    correccion="pass existing paths, or none to analyze the configured paths.",
                )
    else:
        for base in proyecto.paths:
            if base.is_dir():
                elegidas.update(_caminar(proyecto, base, excluidos))
            elif base.is_file():
                elegidas.add(base)
    return sorted(elegidas)
