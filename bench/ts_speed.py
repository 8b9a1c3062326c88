"""Issue 32's speed target for TypeScript: a cold check of a TypeScript tree costs no more than parsing
that tree with the same parser twice.

For each folder given: the analyzer's cold run (`oracle-lint evidence --no-cache`, a process started
from the folder, as a user runs it) against the floor: a process of the same Python that imports
tree-sitter and parses every TypeScript/JavaScript source of the folder (the suffixes the front end
reads; not under node_modules/, dist/ or build/, nor a .d.ts) twice. Both are wall seconds, the best
of `--rounds`, interleaved so the machine's load falls on both alike. Beside them, the fixed cost
any analyzer built of this project's parts pays before reading a file: a process of the same Python
that only imports click, jsonschema and tree-sitter (`parts`); on a tree of a few sources it is
already above the floor, so there the ratio `check / parts` says how much is the analyzer's own.
The repository's packages are byte-compiled first (`bytecode.py`), as an installed oracle-lint is.
Prints the figures and the ratios; asserts nothing (docs/performance.md records the runs).

    .venv/bin/python bench/ts_speed.py --oracle-lint .venv/bin/oracle-lint FOLDER [FOLDER ...]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bytecode import compilar

SUFIJOS = (".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs")
FUERA = {"node_modules", "dist", "build", ".git"}
PISO = """
import sys, tree_sitter, tree_sitter_typescript
ts = tree_sitter.Parser(tree_sitter.Language(tree_sitter_typescript.language_typescript()))
tsx = tree_sitter.Parser(tree_sitter.Language(tree_sitter_typescript.language_tsx()))
rutas = open(sys.argv[1], encoding="utf-8").read().splitlines()  # a list file: a large tree's paths exceed argv
for _ in range(2):
    for r in rutas:
        datos = open(r, "rb").read()
        (ts if r.endswith((".ts", ".mts", ".cts")) else tsx).parse(datos)
"""
PARTES = "import click, jsonschema, tree_sitter, tree_sitter_typescript"


def fuentes(carpeta: Path) -> list[str]:
    """The folder's TypeScript/JavaScript sources, as the floor parses them."""
    return sorted(str(p) for p in carpeta.rglob("*") if p.is_file() and p.name.endswith(SUFIJOS)
                  and not p.name.endswith(".d.ts") and not FUERA & set(p.relative_to(carpeta).parts))


def medir(orden: list[str], cwd: Path) -> float:
    inicio = time.perf_counter()
    subprocess.run(orden, cwd=cwd, capture_output=True, check=False)
    return time.perf_counter() - inicio


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--oracle-lint", required=True)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("carpetas", nargs="+", type=Path)
    args = parser.parse_args()
    if Path(args.oracle_lint).exists():
        args.oracle_lint = str(Path(args.oracle_lint).resolve())  # each run starts from its folder
    compilar(("linter", "nucleo", "rules"))
    print(f"{'folder':<52} {'files':>5} {'floor s':>8} {'parts s':>8} {'check s':>8} {'/floor':>7} {'/parts':>7}")
    for carpeta in args.carpetas:
        rutas = fuentes(carpeta)
        lista = Path(tempfile.mkstemp(prefix="ts_speed_", suffix=".txt")[1])
        lista.write_text("\n".join(rutas), encoding="utf-8")
        pisos, partes, chequeos = [], [], []
        for _ in range(args.rounds):
            pisos.append(medir([sys.executable, "-c", PISO, str(lista)], carpeta))
            partes.append(medir([sys.executable, "-c", PARTES], carpeta))
            chequeos.append(medir([args.oracle_lint, "evidence", "--no-cache"], carpeta))
        lista.unlink()
        piso, parte, chequeo = min(pisos), min(partes), min(chequeos)
        print(f"{str(carpeta)[-52:]:<52} {len(rutas):>5} {piso:>8.3f} {parte:>8.3f} {chequeo:>8.3f}"
              f" {chequeo / piso:>7.2f} {chequeo / parte:>7.2f}", flush=True)


if __name__ == "__main__":
    main()
