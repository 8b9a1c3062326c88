"""The Python files of a fetched tree, as the tree checks (graph_check.py, calificados_check.py) read it."""

from __future__ import annotations

from pathlib import Path


def fuentes(carpeta: Path) -> list[Path]:
    """Every `.py` file under `carpeta`, sorted, but those of an analyzer cache (`.oracle-cache`)."""
    return [r for r in sorted(carpeta.rglob("*.py")) if ".oracle-cache" not in r.parts and r.is_file()]
