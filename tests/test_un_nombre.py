"""One import name: the code imports its packages as `oracle_lint.*` only. A bare `import nucleo` (or
linter, server, rules) would load a second copy from a checkout, or the user's own module when installed."""

from __future__ import annotations

import ast
import subprocess
from pathlib import Path

RAIZ = Path(__file__).resolve().parents[1]
NOMBRES = {"nucleo", "linter", "server", "rules"}


def _propios() -> list[Path]:
    listados = subprocess.run(["git", "ls-files", "*.py"], cwd=RAIZ, capture_output=True, text=True, check=True).stdout
    return [RAIZ / p for p in listados.split() if not p.startswith(("tests/fixtures/", "examples/"))]


def por_nombre_de_carpeta(fuente: bytes) -> list[tuple[int, str]]:
    """(line, module) of every absolute import of one of the four folder names."""
    salida = []
    for nodo in ast.walk(ast.parse(fuente)):
        if isinstance(nodo, ast.Import):
            nombres = [a.name for a in nodo.names]
        elif isinstance(nodo, ast.ImportFrom) and nodo.level == 0 and nodo.module:
            nombres = [nodo.module]
        else:
            continue
        salida += [(nodo.lineno, n) for n in nombres if n.split(".")[0] in NOMBRES]
    return salida


def test_no_module_imports_a_package_by_its_folder_name():
    malos = [f"{r.relative_to(RAIZ)}:{l}: {n}" for r in _propios() for l, n in por_nombre_de_carpeta(r.read_bytes())]
    assert malos == []


def test_the_check_can_fail():
    fuente = b"import nucleo.catalogo\nfrom linter import cli\nfrom oracle_lint.server import eras\nfrom . import x\n"
    assert por_nombre_de_carpeta(fuente) == [(1, "nucleo.catalogo"), (2, "linter")]
