"""Read-only questions to git about the task files: tracked, and committed without changes.

Git runs as a subprocess with optional locks disabled, so not even the index is refreshed on
disk. No git, or a project outside a work tree, is an error that says so — never an empty
relation.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from oracle_lint.nucleo.errores import ErrorOracle, argumentos_invalidos

TIEMPO_MAXIMO = 30.0
"""Seconds one git call may take."""


def _sin_git(motivo: str, motivo_en: str) -> ErrorOracle:
    error = argumentos_invalidos("git", "true", f"false: {motivo}", forma_en=f"false: {motivo_en}")
    error.correccion = "pedí los hechos sin git, o usá un proyecto dentro de un repositorio git con git instalado."
    error.correccion_en = "ask for the facts without --git, or use a project inside a git repository with git installed."
    return error


def correr_git(raiz: Path, *argumentos: str) -> str:
    """stdout of `git -C raiz ...`, read-only; ARGUMENTOS_INVALIDOS (on `git`) when git cannot answer."""
    entorno = {**os.environ, "GIT_OPTIONAL_LOCKS": "0", "GIT_TERMINAL_PROMPT": "0", "LC_ALL": "C"}
    try:
        hecho = subprocess.run(
            ["git", "-C", str(raiz), *argumentos],
            capture_output=True,
            env=entorno,
            timeout=TIEMPO_MAXIMO,
            check=False,
        )
    except FileNotFoundError:
        raise _sin_git("git no está instalado o no está en PATH", "git is not installed or not on PATH") from None
    except (OSError, subprocess.TimeoutExpired) as error:
        raise _sin_git(f"git no respondió ({error.__class__.__name__})",
                       f"git did not answer ({error.__class__.__name__})") from None
    if hecho.returncode != 0:
        detalle = hecho.stderr.decode("utf-8", "replace").strip().splitlines()
        raise _sin_git(f"git {argumentos[0]} falló ({detalle[0] if detalle else f'código {hecho.returncode}'})",
                       f"git {argumentos[0]} failed ({detalle[0] if detalle else f'code {hecho.returncode}'})")
    return hecho.stdout.decode("utf-8", "surrogateescape")


def _campos_z(salida: str) -> list[str]:
    return [c for c in salida.split("\0") if c]


def _cambiados(raiz: Path, relativo: str, prefijo: str) -> set[str]:
    """Paths (relative to `raiz`) under `relativo` with staged, unstaged or untracked changes."""
    campos = _campos_z(correr_git(raiz, "status", "--porcelain=v1", "-z", "--untracked-files=all", "--", relativo))
    cambiados: set[str] = set()
    i = 0
    while i < len(campos):
        entrada = campos[i]
        codigo, ruta = entrada[:2], entrada[3:]
        cambiados.add(ruta)
        if "R" in codigo or "C" in codigo:
            i += 1  # the origin of a rename or copy follows as its own field
            cambiados.add(campos[i])
        i += 1
    return {r[len(prefijo):] for r in cambiados if r.startswith(prefijo)}


def estado_git(raiz: Path, relativo: str) -> tuple[set[str], set[str]]:
    """(tracked, changed) paths under `relativo`, both relative to `raiz` with POSIX separators."""
    if correr_git(raiz, "rev-parse", "--is-inside-work-tree").strip() != "true":
        raise _sin_git("el proyecto no está dentro de un árbol de trabajo de git", "the project is not inside a git work tree")
    prefijo = correr_git(raiz, "rev-parse", "--show-prefix").strip()
    rastreados = set(_campos_z(correr_git(raiz, "ls-files", "-z", "--", relativo)))
    return rastreados, _cambiados(raiz, relativo, prefijo)
