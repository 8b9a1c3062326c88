"""Options shared by the verbs that open a project: `--proyecto` and `--confiar-escalares`."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from oracle_lint.nucleo.proyecto import Proyecto, encontrar_raiz

F = TypeVar("F", bound=Callable[..., Any])


def opciones_de_proyecto(fn: F) -> F:
    """Add `--proyecto PATH` and `--confiar-escalares` to a command."""
    fn = click.option(
        "--confiar-escalares",
        is_flag=True,
        help="Allow the project's escalares.py (user code) to run.",
    )(fn)
    fn = click.option(
        "--proyecto",
        type=click.Path(file_okay=False, path_type=Path),
        help="Project root (default: the nearest directory upward with [tool.oracle] or oracle.json, else cwd).",
    )(fn)
    return fn


def abrir_proyecto(ruta: Path | None, confiar_escalares: bool) -> Proyecto:
    """The project at `ruta`, or the one found upward from the working directory."""
    return Proyecto(ruta if ruta is not None else encontrar_raiz(Path.cwd()), confiar_escalares=confiar_escalares)
