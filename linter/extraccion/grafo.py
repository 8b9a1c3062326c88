"""Which files a resolution that starts in one file can reach: the components of the import graph.

Resolution moves from a module to another only by a look-up (`nombres.Indice.buscar`) of a name
the first module's code spells — the names in its forma's `importa` — or from an analyzed module
to its submodule (`pkg.mod` read as an attribute of `pkg`). A call site found by a search is
accepted only when its callee resolves to the function sought, so it too lies where resolution
from the function's module can reach, and so do the arguments it binds. The graph has an edge for
each look-up and one from each module to the analyzed module its name is under; a resolution that
starts in a file stays in that file's (undirected) component, and a call-site search need not parse
files outside it (docs/performance.md). The graph is known only when every file's forma is:
otherwise there is none, and a search takes every file.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Optional

from .nombres import Indice


def componentes(nombres: Mapping[str, str], importa: Mapping[str, Sequence[str]],
                indice: Indice) -> Optional[dict[str, str]]:
    """Each file's component, named by its first file in path order; None when a file's look-ups are
    unknown (no forma: only libcst parses it), which could join any two components."""
    if any(rel not in importa for rel in nombres):
        return None
    por_nombre = {nombre: rel for rel, nombre in nombres.items()}
    padre = {rel: rel for rel in nombres}

    def raiz(rel: str) -> str:
        while padre[rel] != rel:
            padre[rel] = padre[padre[rel]]
            rel = padre[rel]
        return rel

    def unir(a: str, b: str) -> None:
        ra, rb = raiz(a), raiz(b)
        if ra != rb:
            padre[max(ra, rb)] = min(ra, rb)

    for rel, nombre in nombres.items():
        paquete = rel.rsplit("/", 1)[-1] == "__init__.py"
        for buscado in importa[rel]:
            hallado = indice.buscar(nombre, paquete, buscado)
            if hallado is not None and hallado in por_nombre:
                unir(rel, por_nombre[hallado])
        # The module a submodule look-up can start from: any analyzed name that is a dotted run of
        # this one's components ending just before its last (`pkg` of `pkg.mod`; `a.pkg` of
        # `x.a.pkg.mod`, which `a.pkg.mod` finds by suffix).
        partes = nombre.split(".")
        for inicio in range(len(partes) - 1):
            base = ".".join(partes[inicio:-1])
            if base in por_nombre:
                unir(rel, por_nombre[base])
    return {rel: raiz(rel) for rel in nombres}


def _bases(nombre: str) -> list[str]:
    """The names a submodule look-up can start from to reach `nombre` (`pkg` of `pkg.mod`; `a.pkg`
    and `pkg` of `x.a.pkg.mod`): each dotted run of its components ending just before its last."""
    partes = nombre.split(".")
    return [".".join(partes[inicio:fin]) for fin in range(1, len(partes)) for inicio in range(fin)][::-1]


def alcanzados(raices: Iterable[str], nombres: Mapping[str, str], importa: Mapping[str, Sequence[str]],
               indice: Indice) -> set[str]:
    """The files a resolution starting in `raices` can reach (`raices` included): by every module a
    look-up of theirs can depend on (`Indice.candidatos`) and by package relation both ways (a package
    and its submodules), transitively. A reached file missing from `importa` (its look-ups unknown) is
    reached but not followed: the caller learns them and asks again. `nombres`: file -> module name of
    every file the index holds."""
    por_nombre = {nombre: rel for rel, nombre in nombres.items()}
    hijos: dict[str, list[str]] = {}
    for rel, nombre in nombres.items():
        for base in _bases(nombre):
            if base in por_nombre:
                hijos.setdefault(base, []).append(rel)
    vistos = {r for r in raices if r in nombres}
    pila = list(vistos)
    while pila:
        rel = pila.pop()
        nombre = nombres[rel]
        paquete = rel.rsplit("/", 1)[-1] == "__init__.py"
        siguientes = [por_nombre[n] for buscado in importa.get(rel, ()) for n in indice.candidatos(nombre, paquete, buscado)]
        siguientes += [por_nombre[b] for b in _bases(nombre) if b in por_nombre]
        siguientes += hijos.get(nombre, [])
        for otro in siguientes:
            if otro not in vistos:
                vistos.add(otro)
                pila.append(otro)
    return vistos
