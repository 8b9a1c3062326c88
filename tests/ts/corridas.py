"""A whole `oracle-lint evidence --no-cache` run over a TypeScript project, as a user runs it (the CLI
gives the front end the project's sources that do not import the SDK too)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path


def relaciones_de_la_cli(proyecto: Path, cwd: Path) -> dict:
    """The relations the CLI prints for `proyecto`, run from `cwd`; the run must exit 0."""
    hecho = subprocess.run([sys.executable, "-m", "oracle_lint", "evidence", "--no-cache", "--project", str(proyecto)],
                           capture_output=True, text=True, cwd=cwd)
    assert hecho.returncode == 0, hecho.stderr
    relaciones = json.loads(hecho.stdout)
    return relaciones.get("relaciones", relaciones)
