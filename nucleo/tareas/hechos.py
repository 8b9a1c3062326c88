"""The tracker as relational evidence for `juzgar`: relations tarea, etiqueta, nota (and tarea_git).

`tarea.issue` is the reference a debt list entry writes (`tareas/0007`), so a measure can
join the `lista` relation with the tracker inside the core.
"""

from __future__ import annotations

from typing import Any

from oracle_lint.nucleo.errores import argumentos_invalidos
from oracle_lint.nucleo.proyecto import Proyecto
from oracle_lint.nucleo.tareas.formato import Tarea
from oracle_lint.nucleo.tareas.git import estado_git
from oracle_lint.nucleo.tareas.lector import DIRECTORIO, leer_tracker

Fila = dict[str, Any]


def fila_tarea(t: Tarea) -> Fila:
    """One row of `tarea`."""
    return {
        "tarea": t.id,
        "issue": t.referencia,
        "titulo": t.titulo,
        "estado": t.estado,
        "creada": t.creada,
        "cerrada": t.cerrada,
        "actualizada": t.actualizada,
        "notas": len(t.notas),
        "etiquetas": len(t.etiquetas),
        "archivo": t.archivo,
        "linea": 1,
    }


def relaciones(tareas: tuple[Tarea, ...]) -> dict[str, list[Fila]]:
    """`tarea` (one row per task), `etiqueta` (tarea, etiqueta) and `nota` (one row per note)."""
    return {
        "tarea": [fila_tarea(t) for t in tareas],
        "etiqueta": [{"tarea": t.id, "etiqueta": e} for t in tareas for e in t.etiquetas],
        "nota": [
            {"tarea": t.id, "orden": i, "fecha": n.fecha, "archivo": t.archivo, "linea": n.linea}
            for t in tareas
            for i, n in enumerate(t.notas, start=1)
        ],
    }


def filas_git(tareas: tuple[Tarea, ...], rastreados: set[str], cambiados: set[str]) -> list[Fila]:
    """`tarea_git`: whether each task file is tracked and has no uncommitted change."""
    return [
        {
            "tarea": t.id,
            "archivo": t.archivo,
            "rastreado": t.archivo in rastreados,
            "confirmado": t.archivo in rastreados and t.archivo not in cambiados,
        }
        for t in tareas
    ]


def hechos(proyecto: Proyecto, git: bool = False) -> dict[str, list[Fila]]:
    """The tracker's facts; with `git`, also `tarea_git` from a read-only git (an error if git cannot answer)."""
    if not isinstance(git, bool):
        raise argumentos_invalidos("git", repr(git), "true o false", forma_en="true or false")
    tareas = leer_tracker(proyecto).tareas
    evidencia = relaciones(tareas)
    if git:
        rastreados, cambiados = estado_git(proyecto.raiz, DIRECTORIO)
        evidencia["tarea_git"] = filas_git(tareas, rastreados, cambiados)
    return evidencia
