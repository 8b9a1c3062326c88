"""`complete.fuera_de_herramientas`: a `complete` in a file no tool's code can reach is no tool's response."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from oracle_lint.linter.extraccion import extraer

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "linter"
SUELTOS = sorted((FIXTURES / "sueltos").glob("*.py"))


def _sitios(archivos: list[Path]) -> list[tuple[str, int, object, bool]]:
    ev = extraer(archivos, FIXTURES)
    return [(f["archivo"], f["linea"], f["herramienta"], f["fuera_de_herramientas"]) for f in ev["complete"]]


def test_a_file_no_tool_imports_is_outside_and_a_helper_a_tool_module_imports_is_not():
    assert _sitios(SUELTOS) == [
        ("sueltos/ayuda_completa.py", 13, None, False),  # imported by the tool's module: judged
        ("sueltos/cli_completo.py", 15, None, True),  # imported by no tool's code
    ]


def test_without_a_tool_in_the_run_nothing_is_said_to_be_outside():
    # the run reads only the command-line file: there is no tool whose reach could be told
    assert _sitios([FIXTURES / "sueltos" / "cli_completo.py"]) == [("sueltos/cli_completo.py", 15, None, False)]


def test_orc111_judges_the_reachable_helper_and_leaves_out_the_command_line_check():
    proceso = subprocess.run([sys.executable, "-m", "oracle_lint", "check", "--no-cache", "--format", "json",
                              "--select", "ORC111", "sueltos"], cwd=FIXTURES, capture_output=True, text=True)
    assert proceso.returncode == 1, proceso.stderr
    assert [(h["path"], h["line"]) for h in json.loads(proceso.stdout)["findings"]] == [("sueltos/ayuda_completa.py", 13)]
