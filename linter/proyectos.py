"""Monorepos: each file belongs to the nearest configured project upward from *it*, and what a
run over files of several projects prints is relative to the working directory.

pre-commit runs the hook once, from the repository root, with the changed files of every project
(`services/api/x.py`, `services/web/y.py`): each group is checked with its own configuration,
lists, shadows and cache, and the findings are put together.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from oracle_lint.linter.analisis import Hallazgo
from oracle_lint.nucleo.proyecto import presentar_ruta, raiz_configurada


def agrupar(rutas: Sequence[Path], defecto: Path) -> dict[Path, list[Path]]:
    """Project root -> the paths of this run that belong to it (a path under no configured
    project belongs to `defecto`, the project found from the working directory)."""
    grupos: dict[Path, list[Path]] = {}
    for ruta in rutas:
        absoluta = ruta if ruta.is_absolute() else Path.cwd() / ruta
        grupos.setdefault(raiz_configurada(absoluta) or defecto, []).append(ruta)
    return dict(sorted(grupos.items()))


def al_directorio(hallazgo: Hallazgo, raiz: Path, cwd: Path) -> Hallazgo:
    """A finding's path made relative to the working directory when the file lies under it (so
    annotations land on the right file from the repository root); else left relative to its project."""
    presentada = presentar_ruta(cwd.resolve(), (raiz / hallazgo.path).resolve())
    return hallazgo if presentada.startswith("/") else replace(hallazgo, path=presentada)
