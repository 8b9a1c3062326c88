"""Helpers for tracker tests: task files, small projects, a snapshot of a tree's bytes."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from oracle_lint.nucleo.proyecto import Proyecto


def texto_tarea(
    ident: str,
    titulo: str = "Una tarea",
    *,
    estado: str = "ABIERTA",
    etiquetas: str = "",
    creada: str = "2026-01-01T10:00:00Z",
    cerrada: str | None = None,
    cuerpo: str = "",
    notas: tuple[tuple[str, str], ...] = (),
) -> str:
    """The text of a task file as the CLI writes it."""
    lineas = [f"id: {ident}", f"titulo: {titulo}", f"estado: {estado}", f"etiquetas: {etiquetas}".rstrip(),
              f"creada: {creada}"]
    if cerrada is None and estado == "CERRADA":
        cerrada = "2026-02-01T10:00:00Z"
    if cerrada is not None:
        lineas.append(f"cerrada: {cerrada}")
    lineas.append("")
    if cuerpo:
        lineas += [cuerpo, ""]
    for fecha, texto in notas:
        lineas += [f"### nota {fecha}", "", texto, ""]
    return "\n".join(lineas).rstrip("\n") + "\n"


def proyecto_con(raiz: Path, tareas: dict[str, str] | None = None, *, con_tracker: bool = True) -> Proyecto:
    """A project (pyproject with [tool.oracle]) and `tareas/<archivo>` files."""
    raiz.mkdir(parents=True, exist_ok=True)
    (raiz / "pyproject.toml").write_text('[project]\nname = "demo"\nversion = "0"\n\n[tool.oracle]\n', encoding="utf-8")
    if con_tracker:
        (raiz / "tareas").mkdir(exist_ok=True)
    for nombre, texto in (tareas or {}).items():
        (raiz / "tareas" / nombre).write_text(texto, encoding="utf-8")
    return Proyecto(raiz)


def tres_tareas(raiz: Path) -> Proyecto:
    """0001 open (deuda), 0002 closed (deuda, servidor) with a note, 0003 open without labels."""
    return proyecto_con(raiz, {
        "0001-primera.md": texto_tarea("0001", "Primera tarea", etiquetas="deuda", cuerpo="El cuerpo dice Hola."),
        "0002-segunda.md": texto_tarea("0002", "Segunda", estado="CERRADA", etiquetas="deuda, servidor",
                                        notas=(("2026-01-05T09:00:00Z", "una nota: HOLA otra vez"),)),
        "0003-tercera.md": texto_tarea("0003", "Tercera"),
    })


def instantanea(raiz: Path) -> dict[str, bytes | str]:
    """Every path under `raiz` with its bytes (or its link target / 'dir'), for 'nothing was written'."""
    salida: dict[str, bytes | str] = {}
    for actual, subdirs, archivos in os.walk(raiz, followlinks=False):
        for nombre in subdirs + archivos:
            ruta = Path(actual) / nombre
            clave = ruta.relative_to(raiz).as_posix()
            if ruta.is_symlink():
                salida[clave] = "-> " + os.readlink(ruta)
            elif ruta.is_dir():
                salida[clave] = "dir"
            else:
                salida[clave] = ruta.read_bytes()
    return salida


def git(raiz: Path, *argumentos: str) -> str:
    """Run git in `raiz` with a fixed identity; return stdout."""
    return subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@t", "-c", "init.defaultBranch=main", "-C", str(raiz), *argumentos],
        check=True, capture_output=True, text=True,
    ).stdout
