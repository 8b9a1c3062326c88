"""Pre-filter check for bench/real_world.py: the evidence of one folder with and without the pre-filter.

    python preseleccion.py PROJECT_ROOT < FILES.json

FILES.json is a JSON list of file paths. It imports this checkout's analyzer (the repository root,
two levels up, goes first on sys.path) with libcst, jsonschema and every extractor module, so
neither timed run pays for imports; runs `extraer(archivos, raiz, trabajos=1, prefiltro=True)`
and then the same with `prefiltro=False` (in that order: whatever the first run still warms up
favours the run without the pre-filter), and prints one JSON object: whether
`json.dumps(x, sort_keys=True)` of both is identical, each run's seconds, and per relation whose
rows differ the row counts (or {"error": ...}).
"""

from __future__ import annotations

import importlib
import json
import pathlib
import pkgutil
import sys
import time
import traceback
from collections import Counter
from typing import Any

RAIZ_REPO = pathlib.Path(__file__).resolve().parents[2]


def correr(archivos: list[pathlib.Path], raiz: pathlib.Path, prefiltro: bool) -> tuple[dict[str, Any], float]:
    """One `extraer` run in this process: its evidence and its wall seconds."""
    from oracle_lint.linter.extraccion import extraer

    inicio = time.perf_counter()
    evidencia = extraer(archivos, raiz, trabajos=1, prefiltro=prefiltro)
    return evidencia, time.perf_counter() - inicio


def precargar() -> None:
    """Import libcst, jsonschema (imported on first need) and every module of the extractor, so
    neither timed run pays for imports."""
    for nombre in ("libcst", "jsonschema", "jsonschema.exceptions"):
        importlib.import_module(nombre)
    paquete = importlib.import_module("oracle_lint.linter.extraccion")
    for modulo in pkgutil.iter_modules(paquete.__path__):
        importlib.import_module(f"{paquete.__name__}.{modulo.name}")


def diferencias(con: dict[str, Any], sin: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Per relation whose rows differ: rows with / without the pre-filter and the rows only in one."""
    difs: dict[str, dict[str, Any]] = {}
    for relacion in sorted(set(con) | set(sin)):
        a = [json.dumps(f, sort_keys=True) for f in con.get(relacion, [])]
        b = [json.dumps(f, sort_keys=True) for f in sin.get(relacion, [])]
        if a == b and (relacion in con) == (relacion in sin):
            continue
        cuenta_a, cuenta_b = Counter(a), Counter(b)
        difs[relacion] = {"con": len(a), "sin": len(b), "solo_con": sum((cuenta_a - cuenta_b).values()),
                          "solo_sin": sum((cuenta_b - cuenta_a).values()),
                          "ausente_con": relacion not in con, "ausente_sin": relacion not in sin}
    return difs


def main() -> None:
    """Read the files, run both, print the comparison."""
    sys.path.insert(0, str(RAIZ_REPO))
    raiz = pathlib.Path(sys.argv[1])
    archivos = [pathlib.Path(a) for a in json.load(sys.stdin)]
    try:
        precargar()
        con, segundos_con = correr(archivos, raiz, True)
        sin, segundos_sin = correr(archivos, raiz, False)
    except Exception:
        print(json.dumps({"error": traceback.format_exc()[-1500:]}))
        return
    identico = json.dumps(con, sort_keys=True) == json.dumps(sin, sort_keys=True)
    print(json.dumps({"identico": identico, "segundos_con": segundos_con, "segundos_sin": segundos_sin,
                      "archivos": len(archivos), "diferencias": {} if identico else diferencias(con, sin),
                      "analizador": sys.modules["oracle_lint.linter.extraccion"].__file__}))


if __name__ == "__main__":
    main()
