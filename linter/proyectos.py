"""Monorepos: each file belongs to the nearest configured project upward from *it*, and what a
run over files of several projects prints is relative to the working directory.

pre-commit runs the hook once, from the repository root, with the changed files of every project
(`services/api/x.py`, `services/web/y.py`): each group is checked with its own configuration,
lists, shadows and cache, and the findings are put together. A whole run (`check`, `report`,
`baseline` without paths) at a root that is not configured acts on every configured project below.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from oracle_lint.linter.analisis import Hallazgo
from oracle_lint.nucleo.errores import ErrorOracle
from oracle_lint.nucleo.proyecto import configurada, presentar_ruta, raiz_configurada

CORRECCION = ("run it from your server's directory, pass --project DIR, or add a [tool.oracle] table to the "
              "pyproject.toml of each server")


def agrupar(rutas: Sequence[Path], defecto: Path) -> dict[Path, list[Path]]:
    """Project root -> the paths of this run that belong to it (a path under no configured
    project belongs to `defecto`, the project found from the working directory)."""
    grupos: dict[Path, list[Path]] = {}
    for ruta in rutas:
        absoluta = ruta if ruta.is_absolute() else Path.cwd() / ruta
        grupos.setdefault(raiz_configurada(absoluta) or defecto, []).append(ruta)
    return dict(sorted(grupos.items()))


def base_comun(raices: Sequence[Path], cwd: Path, desde_cwd: bool) -> Path:
    """The one directory every printed path is relative to (and SARIF's %SRCROOT%). A project named
    or found upward prints from its root (its paths read as in its own configuration, from anywhere);
    with `desde_cwd` (files grouped by their projects, as pre-commit passes them, or a monorepo root)
    paths print from the working directory when every project lies under it, else from their
    deepest common directory."""
    aqui = cwd.resolve()
    resueltas = sorted({r.resolve() for r in raices}) or [aqui]
    if len(resueltas) == 1 and not desde_cwd:
        return resueltas[0]
    if all(r == aqui or aqui in r.parents for r in resueltas):
        return aqui
    return Path(os.path.commonpath(resueltas))


def rebasar(hallazgo: Hallazgo, raiz: Path, base: Path) -> Hallazgo:
    """A finding whose path is relative to its project `raiz`, made relative to `base`."""
    return replace(hallazgo, path=presentar_ruta(base, (raiz.resolve() / hallazgo.path).resolve()))


def al_directorio(hallazgo: Hallazgo, raiz: Path, cwd: Path) -> Hallazgo:
    """A finding's path made relative to the working directory when the file lies under it (so
    annotations land on the right file from the repository root); else left relative to its project."""
    presentada = presentar_ruta(cwd.resolve(), (raiz / hallazgo.path).resolve())
    return hallazgo if presentada.startswith("/") else replace(hallazgo, path=presentada)


def raices_de_la_corrida(opcion: Path | None, cwd: Path) -> list[Path]:
    """The project roots a whole run acts on: `--project`; else the nearest configured directory upward;
    else every configured project below the working directory (a monorepo root); else the working
    directory itself, unconfigured. The filesystem root and the home directory are never walked:
    there, with nothing configured, it is SIN_PROYECTO."""
    if opcion is not None:
        return [opcion]
    arriba = raiz_configurada(cwd)
    if arriba is not None:
        return [arriba]
    aqui = cwd.resolve()
    if aqui == Path(aqui.anchor) or aqui == Path.home().resolve():
        raise sin_proyecto(aqui, "it is the filesystem root or the home directory, which oracle-lint does not walk")
    from oracle_lint.linter.archivos import proyectos_debajo

    return proyectos_debajo(aqui, configurada) or [aqui]


def sin_proyecto(donde: Path, porque: str) -> ErrorOracle:
    """SIN_PROYECTO: nothing to judge here, said so (never a green run over no file)."""
    return ErrorOracle("SIN_PROYECTO", f"no project found at {donde}: {porque}.",
                       campo="--project", correccion=CORRECCION)
