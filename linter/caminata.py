"""The configured tree's file list, remembered across runs by the stat of what the walk looked at.

A run over a few files (the pre-commit hook) still resolves through the whole configured tree, so it
needs that tree's file list, and walking it matches every entry against every `.gitignore` (about
0.2 s over awslabs/mcp's 2,379 files). The list can change only when a directory the walk listed
gains, loses or renames an entry, or changes its permissions (its mtime or ctime change), when a
`.gitignore` the walk read changes or appears (its own stat, or its directory's), or when a configured
path appears, vanishes or changes kind. A run that finds every recorded number unchanged uses the
recorded list; any difference, a missing or malformed entry, or `--no-cache` walks the tree.

An entry is recorded only when everything it records last changed more than `estado.MARGEN_NS`
before the walk (a change within the clock's granularity would not show: git's racily-clean case),
when every directory could be listed, and when no symlinked file was kept (a symlink's target is
confined anew on every walk).
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
import time
from pathlib import Path
from typing import Any, Optional

from oracle_lint.linter import archivos as _archivos
from oracle_lint.linter.archivos import Recorrido, archivos_a_analizar
from oracle_lint.linter.cache import Almacen, clave
from oracle_lint.linter.extraccion import estado
from oracle_lint.nucleo.proyecto import Proyecto

ESPACIO = "caminata"


def _firma(ruta: str) -> Optional[list[int]]:
    """The numbers that change when an entry is added to, removed from or renamed in a directory,
    when a file is rewritten, or when either changes permissions; None when nothing is there."""
    try:
        st = os.stat(ruta)
    except OSError:
        return None
    return [st.st_mode, 0 if stat.S_ISDIR(st.st_mode) else st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino]


def _clave(proyecto: Proyecto) -> str:
    """One entry per project root, configuration and walking code."""
    from oracle_lint.nucleo.version import VERSION

    codigo = hashlib.sha256(Path(_archivos.__file__).read_bytes() + b"\0" + Path(__file__).read_bytes()).hexdigest()
    config = json.dumps({"paths": [str(p) for p in proyecto.paths], "exclude": list(proyecto.config.exclude)}, sort_keys=True)
    return clave(ESPACIO, VERSION, codigo, str(proyecto.raiz), config)


def _vigilados(proyecto: Proyecto, recorrido: Recorrido) -> list[str]:
    """Every path whose stat stands for the walk: the configured paths, the directories listed or whose
    `.gitignore` was looked for, and those `.gitignore` files (absent ones too)."""
    directorios = sorted(set(recorrido.directorios))
    return sorted({*(str(p) for p in proyecto.paths), *directorios, *(os.path.join(d, ".gitignore") for d in directorios)})


def _vigente(guardado: Optional[dict[str, Any]]) -> Optional[list[str]]:
    """The recorded file list when every recorded stat is still the same (None: walk again)."""
    if guardado is None or not isinstance(guardado.get("vigilados"), list) or not isinstance(guardado.get("archivos"), list):
        return None
    for par in guardado["vigilados"]:
        if not (isinstance(par, list) and len(par) == 2 and isinstance(par[0], str)):
            return None
        if _firma(par[0]) != par[1]:
            return None
    archivos = guardado["archivos"]
    return archivos if all(isinstance(a, str) for a in archivos) else None


def archivos_configurados(proyecto: Proyecto, almacen: Optional[Almacen]) -> list[Path]:
    """`archivos_a_analizar(proyecto, None)`, from the recorded walk when nothing it looked at changed."""
    if almacen is None:
        return archivos_a_analizar(proyecto, None)
    k = _clave(proyecto)
    recordados = _vigente(almacen.leer(k))
    if recordados is not None:
        return [Path(a) for a in recordados]
    almacen.preparar()  # the root's own entry `.oracle-cache` must not change its stat after the walk
    ahora = time.time_ns()
    recorrido = Recorrido()
    encontrados = archivos_a_analizar(proyecto, None, recorrido=recorrido)
    if recorrido.enlaces:
        return encontrados
    vigilados = [[ruta, _firma(ruta)] for ruta in _vigilados(proyecto, recorrido)]
    recientes = any(f is not None and max(f[2], f[3]) >= ahora - estado.MARGEN_NS for _, f in vigilados)
    if not recientes:
        almacen.escribir(k, {"vigilados": vigilados, "archivos": [str(a) for a in encontrados]})
    return encontrados


def archivos_de_resolucion(proyecto: Proyecto, almacen: Optional[Almacen], configurados: list[Path]) -> list[Path]:
    """The project's Python files that `paths` leaves out (`exclude` and `.gitignore` still apply): an
    analyzed file's `from .api import client` reads them to resolve, they are never judged. Empty
    when `paths` is the project root."""
    if all(p == proyecto.raiz for p in proyecto.paths):
        return []
    propios = set(configurados)
    return [a for a in archivos_configurados(proyecto.con_paths((".",)), almacen) if a not in propios]
