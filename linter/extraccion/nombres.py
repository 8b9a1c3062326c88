"""Module names of analyzed files and import lookup by name alone (no parsing, no libcst)."""

from __future__ import annotations

import pathlib
import sys
from collections.abc import Callable, Container, Iterable, Mapping
from typing import Optional


# Top-level names of the standard library on every supported Python (3.10 on): this interpreter's list
# and the modules later versions removed (PEP 594, PEP 632, 3.12's asyncore family) or earlier ones
# lack (`tomllib`), so a lookup answers the same whatever Python runs the analyzer.
ESTANDAR = frozenset(sys.stdlib_module_names) | frozenset({
    "aifc", "asynchat", "asyncore", "audioop", "cgi", "cgitb", "chunk", "crypt", "distutils", "imghdr", "imp",
    "lib2to3", "mailcap", "msilib", "nis", "nntplib", "ossaudiodev", "pipes", "smtpd", "sndhdr", "spwd", "sunau",
    "telnetlib", "tomllib", "uu", "xdrlib",
})


def ruta_relativa(archivo: pathlib.Path, raiz: pathlib.Path) -> str:
    """Path of `archivo` relative to `raiz`, POSIX separators (absolute if outside)."""
    try:
        return archivo.resolve().relative_to(raiz.resolve()).as_posix()
    except ValueError:
        return archivo.resolve().as_posix()


def nombre_modulo(rel: str) -> str:
    """Dotted module name of a relative path (`pkg/__init__.py` -> `pkg`)."""
    partes = rel.split("/")
    if partes and partes[-1].endswith(".py"):
        partes[-1] = partes[-1][:-3]
    if partes and partes[-1] == "__init__":
        partes.pop()
    return ".".join(p for p in partes if p)


def absoluto(desde: str, es_paquete: bool, nombre: str) -> str:
    """The absolute dotted name an import in module `desde` spells (`..x` from `a.b.c` -> `a.x`)."""
    if not nombre.startswith("."):
        return nombre
    puntos = len(nombre) - len(nombre.lstrip("."))
    base = desde.split(".")
    base = base if es_paquete else base[:-1]
    if puntos > 1:
        base = base[: len(base) - (puntos - 1)] if puntos - 1 <= len(base) else []
    resto = nombre[puntos:]
    return ".".join([*base, *([resto] if resto else [])])


class Indice:
    """The analyzed module names, indexed for exact and dotted-suffix lookup."""

    def __init__(self, nombres: Iterable[str]) -> None:
        self.nombres = frozenset(nombres)
        self.por_ultimo: dict[str, list[str]] = {}
        for n in sorted(self.nombres):
            self.por_ultimo.setdefault(n.rsplit(".", 1)[-1], []).append(n)

    def buscar(self, desde: str, es_paquete: bool, nombre: str) -> Optional[str]:
        """Module an import in module `desde` refers to: relative, exact, or by unique dotted suffix.

        An absolute name under a standard-library module (`json`, `email.utils`) is found only
        exactly: Python imports the library's module, not a `tools/json.py` of some package, so
        the suffix rule (which stands in for the source roots the analyzer does not know) never
        applies to it."""
        relativa = nombre.startswith(".")
        nombre = absoluto(desde, es_paquete, nombre)
        if nombre in self.nombres:
            return nombre
        if not relativa and nombre.split(".", 1)[0] in ESTANDAR:
            return None
        candidatos = [n for n in self.por_ultimo.get(nombre.rsplit(".", 1)[-1], []) if n.endswith("." + nombre)]
        return candidatos[0] if len(candidatos) == 1 else None

    def candidatos(self, desde: str, es_paquete: bool, nombre: str) -> list[str]:
        """Every module whose presence can decide what `buscar` answers for this look-up: the exact
        name and every dotted-suffix match (whether one of them is analyzed decides the answer)."""
        relativa = nombre.startswith(".")
        nombre = absoluto(desde, es_paquete, nombre)
        exacto = [nombre] if nombre in self.nombres else []
        if not relativa and nombre.split(".", 1)[0] in ESTANDAR:
            return exacto
        return exacto + [n for n in self.por_ultimo.get(nombre.rsplit(".", 1)[-1], []) if n.endswith("." + nombre)]


class Palabras:
    """Which files can name a word in their code, answered on first ask and remembered.

    A file counts when its bytes contain the word and, where its identifiers are known (the stdlib
    parses it), when the word is one of them: a docstring or comment that says `register` does not
    make a file a place that calls `register`. Every stage asks this one test, and a cached unit's
    recorded answer is checked against the current files with it, so both sides agree exactly. A file
    whose bytes cannot be read counts: the stage that asked then fails to load it, which is a row.
    """

    def __init__(self, rels: Iterable[str], leer: Callable[[str], Optional[bytes]],
                 conocidas: Optional[Mapping[str, tuple[str, ...]]] = None,
                 identificadores: Optional[Callable[[str], Optional[Container[str]]]] = None,
                 identificadores_primero: bool = False, literales: Optional[Callable[[str], bool]] = None,
                 llamados: Optional[Callable[[str], Optional[Container[str]]]] = None,
                 componentes: Optional[Callable[[], Optional[Mapping[str, str]]]] = None) -> None:
        self.rels = sorted(rels)
        self.leer = leer
        self.identificadores = identificadores
        # Whether a file's identifiers are all spelled in its bytes as they are (an ASCII file): then a
        # word among them is in the bytes, and they are not read to say so.
        self.literales = literales
        # Which test runs first (the answer is the same): identifiers when they are at hand (the main
        # process has every file's forma), bytes when identifiers cost a parse (a worker computes them).
        self.identificadores_primero = identificadores_primero
        self.respuestas: dict[str, tuple[str, ...]] = dict(conocidas or {})
        self.llamados = llamados  # a file's `llamados` (forma.py), None where unknown
        self.llamadoras: dict[str, tuple[str, ...]] = {}
        # Each file's import-graph component (grafo.py), asked for on the first search from a file;
        # None (or a callable answering None) where the graph is unknown: then no search is cut by it.
        self.componentes = componentes

    def con(self, palabra: str) -> tuple[str, ...]:
        """Relative paths (sorted) of the files that can name `palabra` in their code."""
        if palabra not in self.respuestas:
            crudo = palabra.encode()
            if self.identificadores_primero:
                respuesta = (r for r in self.rels if self._nombra(r, palabra)
                             and (self._literal(r) or self._contiene(r, crudo)))
            else:
                respuesta = (r for r in self.rels if self._contiene(r, crudo) and self._nombra(r, palabra))
            self.respuestas[palabra] = tuple(respuesta)
        return self.respuestas[palabra]

    def llaman(self, nombre: str, desde: Optional[str] = None) -> tuple[str, ...]:
        """Relative paths (sorted) of the files that can call a function named `nombre` defined in
        file `desde`: they name it in their code (`con`), spell it as a callee's or decorator's last
        name or in an imported name (their `llamados`; a file whose `llamados` are unknown counts),
        and lie in `desde`'s import-graph component (grafo.py; every file when the graph or `desde`
        is unknown). Every other file holds no call site `Programa._invoca` accepts for it: a
        call-site search parses only these."""
        if nombre not in self.llamadoras:
            self.llamadoras[nombre] = tuple(r for r in self.con(nombre) if self._llama(r, nombre))
        todas = self.llamadoras[nombre]
        grafo = self.componentes() if desde is not None and self.componentes is not None else None
        if grafo is None or desde not in grafo:
            return todas
        propio = grafo[desde]
        return tuple(r for r in todas if grafo.get(r, propio) == propio)

    def _llama(self, rel: str, nombre: str) -> bool:
        nombres = self.llamados(rel) if self.llamados is not None else None
        return True if nombres is None else nombre in nombres

    def _contiene(self, rel: str, crudo: bytes) -> bool:
        """Whether the file's bytes contain the word; a file that cannot be read now counts, so the
        stage that asked loads it and its failure to read becomes a row ("could not look" is never
        "does not name it")."""
        datos = self.leer(rel)
        return True if datos is None else crudo in datos

    def _literal(self, rel: str) -> bool:
        return self.literales is not None and self.literales(rel)

    def _nombra(self, rel: str, palabra: str) -> bool:
        """Whether the file's identifiers hold `palabra` (True when they are unknown)."""
        nombres = self.identificadores(rel) if self.identificadores is not None else None
        return True if nombres is None else palabra in nombres
