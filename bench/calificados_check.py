"""Check qualified names without a scope analysis (linter/extraccion/calificados.py) on a real tree.

    .venv/bin/python bench/calificados_check.py /tmp/aws/src

Parses every file under the tree and, for every name, dotted name, subscript and binary operation
(and, per file, the first 200 of them parsed anew outside the tree), compares `sin_alcances` with
libcst's scope analysis and its import-table fallback wherever `sin_alcances` answers. Prints the
nodes compared, how many it answered, the files libcst cannot parse, and every disagreement
(exit 1 if any). The same check runs in tests/linter/test_calificados.py over the fixtures and
the repository.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

RAIZ = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(RAIZ))

import libcst as cst  # noqa: E402

from arbol import fuentes  # noqa: E402

from oracle_lint.linter.extraccion.calificados import comparados  # noqa: E402
from oracle_lint.linter.extraccion.fuente import parsear  # noqa: E402
from oracle_lint.linter.extraccion.recolector import recolectar  # noqa: E402


def main() -> int:
    """Compare both answers on every node of every file that parses; print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("arbol", type=Path, help="the tree to check")
    args = parser.parse_args()
    carpeta = args.arbol.resolve()
    archivos = nodos = respondidos = 0
    distintos, sin_arbol = [], []
    for ruta in fuentes(carpeta):
        arbol = parsear(ruta.read_bytes(), str(ruta))
        if not isinstance(arbol, cst.Module):
            sin_arbol.append(ruta.relative_to(carpeta).as_posix())  # named below: the analyzer reports them as rows
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
    if sin_arbol:
        print(f"not checked (libcst cannot parse them; each is a no_resuelto row of the analyzer): {len(sin_arbol)}")
        for rel in sin_arbol[:20]:
            print(f"  {rel}")
    print(f"files {archivos}, nodes {nodos}, answered without scopes {respondidos} ({respondidos / max(nodos, 1):.1%}), "
          f"disagreeing {len(distintos)}")
    for ruta, codigo, rapido, lento in distintos[:50]:
        print(f"  {ruta}: `{codigo}`: {sorted(rapido)} != {sorted(lento)}")
    return 1 if distintos else 0


if __name__ == "__main__":
    sys.exit(main())
