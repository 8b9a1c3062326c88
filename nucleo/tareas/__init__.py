"""The local task tracker (`tareas/`): a fail-closed reader and its read operations.

Reading only: `listar`, `ver`, `buscar` and `hechos` return plain JSON-able data, exactly what
`oracle tarea <verbo> --json` prints. Writing exists only in the `oracle tarea` CLI verbs.
"""

from oracle_lint.nucleo.tareas.consultas import LIMITE_DE_COINCIDENCIAS, buscar, listar, ver
from oracle_lint.nucleo.tareas.formato import ESTADOS, Nota, Tarea
from oracle_lint.nucleo.tareas.hechos import hechos
from oracle_lint.nucleo.tareas.lector import DIRECTORIO, Tracker, leer_tracker

__all__ = [
    "DIRECTORIO",
    "ESTADOS",
    "LIMITE_DE_COINCIDENCIAS",
    "Nota",
    "Tarea",
    "Tracker",
    "buscar",
    "hechos",
    "leer_tracker",
    "listar",
    "ver",
]
