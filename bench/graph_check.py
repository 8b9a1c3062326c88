"""Check the import graph (linter/extraccion/grafo.py) against what resolution does on a real tree.

    .venv/bin/python bench/graph_check.py /tmp/aws/src

Extracts the whole tree in this process (one worker, no cache) and records every module look-up
resolution makes (`Proyecto.buscar_modulo`): each one that finds a module must find it in the
component of the module it was made from, or a call-site search cut to that component could miss
a caller. Prints the look-ups, the ones outside (exit 1 if any), and the components' sizes. The
same check runs in tests/linter/test_grafo.py over the fixtures and the repository.
"""

from __future__ import annotations

import argparse
import ast
import sys
from collections import Counter
from pathlib import Path

RAIZ = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(RAIZ))

from arbol import fuentes  # noqa: E402
from oracle_lint.linter.extraccion import extraer  # noqa: E402
from oracle_lint.linter.extraccion.forma import forma  # noqa: E402
from oracle_lint.linter.extraccion.grafo import componentes  # noqa: E402
from oracle_lint.linter.extraccion.nombres import Indice, nombre_modulo  # noqa: E402
from oracle_lint.linter.extraccion.proyecto import Proyecto  # noqa: E402


def main() -> int:
    """Build the graph, extract with the look-ups recorded, print what left a component."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("arbol", type=Path, help="the tree to check (every .py file under it is one project)")
    args = parser.parse_args()
    carpeta = args.arbol.resolve()
    archivos, importa, sin_arbol = [], {}, []
    for ruta in fuentes(carpeta):
        datos = ruta.read_bytes()
        try:
            arbol = ast.parse(datos)
        except (SyntaxError, ValueError):
            sin_arbol.append(ruta.relative_to(carpeta).as_posix())  # named below: the analyzer reports them as rows
            continue
        archivos.append(ruta)
        importa[ruta.relative_to(carpeta).as_posix()] = forma(arbol, datos)["importa"]
    nombres = {rel: nombre_modulo(rel) for rel in importa}
    grafo = componentes(nombres, importa, Indice(nombres.values()))
    assert grafo is not None
    hechas: list[tuple[str, str, str]] = []
    original = Proyecto.buscar_modulo

    def registrar(self, desde, nombre):
        hallado = original(self, desde, nombre)
        if hallado is not None:
            hechas.append((desde.archivo, hallado.archivo, nombre))
        return hallado

    Proyecto.buscar_modulo = registrar
    extraer(archivos, carpeta, trabajos=1)
    fuera = [h for h in hechas if grafo[h[0]] != grafo[h[1]]]
    tamanos = Counter(grafo.values())
    if sin_arbol:
        print(f"not checked (the stdlib cannot parse them; each is a no_resuelto row of the analyzer): {len(sin_arbol)}")
        for rel in sin_arbol[:20]:
            print(f"  {rel}")
    print(f"files: {len(archivos)}; components: {len(tamanos)}, largest {sorted(tamanos.values(), reverse=True)[:5]}")
    print(f"look-ups that found a module: {len(hechas)}; outside their component: {len(fuera)}")
    for desde, hallado, nombre in fuera[:20]:
        print(f"  {desde}: {nombre} -> {hallado}")
    return 1 if fuera else 0


if __name__ == "__main__":
    sys.exit(main())
