"""Check qualified names without a scope analysis (linter/extraccion/calificados.py) on a real tree.

    .venv/bin/python bench/calificados_check.py /tmp/aws/src

Parses every file under the tree and, for every name, dotted name, subscript and binary operation
(and, per file, the first 200 of them parsed anew outside the tree), compares `sin_alcances` with
libcst's scope analysis and its import-table fallback wherever `sin_alcances` answers. Prints the
nodes compared, how many it answered, and every disagreement (exit 1 if any). The same check runs
in tests/linter/test_calificados.py over the fixtures and the repository.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

RAIZ = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(RAIZ))

import libcst as cst  # noqa: E402

from oracle_lint.linter.extraccion.calificados import comparados  # noqa: E402
from oracle_lint.linter.extraccion.fuente import parsear  # noqa: E402
from oracle_lint.linter.extraccion.recolector import recolectar  # noqa: E402


def main() -> int:
    """Compare both answers on every node of every file that parses; print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("arbol", type=Path, help="the tree to check")
    args = parser.parse_args()
    archivos = nodos = respondidos = 0
    distintos = []
    for ruta in sorted(args.arbol.resolve().rglob("*.py")):
        if ".oracle-cache" in ruta.parts or not ruta.is_file():
            continue
        arbol = parsear(ruta.read_bytes(), str(ruta))
        if not isinstance(arbol, cst.Module):
            continue
        m = recolectar(str(ruta), "m", arbol)
        archivos += 1
        for nodo, rapido, lento in comparados(m):
            nodos += 1
            if rapido is not None:
                respondidos += 1
                if rapido != lento:
                    distintos.append((ruta, cst.Module([]).code_for_node(nodo), rapido, lento))
        m.soltar()
    print(f"files {archivos}, nodes {nodos}, answered without scopes {respondidos} ({respondidos / max(nodos, 1):.1%}), "
          f"disagreeing {len(distintos)}")
    for ruta, codigo, rapido, lento in distintos[:50]:
        print(f"  {ruta}: `{codigo}`: {sorted(rapido)} != {sorted(lento)}")
    return 1 if distintos else 0


if __name__ == "__main__":
    sys.exit(main())
