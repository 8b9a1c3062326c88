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


def test_a_run_over_the_command_line_file_alone_says_what_the_whole_run_says():
    # a project of that one file has no tool: nothing can reach it
    assert _sitios([FIXTURES / "sueltos" / "cli_completo.py"]) == [("sueltos/cli_completo.py", 15, None, True)]
    # `check` over that file in the fixture project: the same answer as the whole run, no finding
    proceso = subprocess.run([sys.executable, "-m", "oracle_lint", "check", "--no-cache", "--format", "json",
                              "--select", "ORC111", "sueltos/cli_completo.py"], cwd=FIXTURES, capture_output=True, text=True)
    assert (proceso.returncode, json.loads(proceso.stdout)["findings"]) == (0, []), proceso.stderr


def test_a_file_with_a_registration_the_analyzer_could_not_follow_reaches_what_it_imports(tmp_path):
    # its tools are unknown, so what they may reach is judged: "could not look" is never "nothing there"
    (tmp_path / "ayuda.py").write_text("def estado():\n    return {\"items\": [], \"complete\": True}\n", encoding="utf-8")
    (tmp_path / "servidor.py").write_text(
        "from mcp.server.fastmcp import FastMCP\nimport ayuda\nfrom externo import fabrica\n\nmcp = FastMCP('s')\n"
        "mcp.add_tool(fabrica(ayuda))\n", encoding="utf-8")
    ev = extraer([tmp_path / "ayuda.py", tmp_path / "servidor.py"], tmp_path)
    assert ev["no_resuelto"] and {f["archivo"] for f in ev["no_resuelto"]} == {"servidor.py"}
    assert [(f["archivo"], f["fuera_de_herramientas"]) for f in ev["complete"]] == [("ayuda.py", False)]


def test_orc111_judges_the_reachable_helper_and_leaves_out_the_command_line_check():
    proceso = subprocess.run([sys.executable, "-m", "oracle_lint", "check", "--no-cache", "--format", "json",
                              "--select", "ORC111", "sueltos"], cwd=FIXTURES, capture_output=True, text=True)
    assert proceso.returncode == 1, proceso.stderr
    assert [(h["path"], h["line"]) for h in json.loads(proceso.stdout)["findings"]] == [("sueltos/ayuda_completa.py", 13)]
