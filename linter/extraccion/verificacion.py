"""Whether a file can be read and parsed at all, without libcst on the common path.

Every analyzed file gets this check, also the ones the pre-filter keeps out of the libcst
stage: a file the analyzer cannot parse is always a `no_resuelto` row. The stdlib parser
(C, several times faster than libcst) answers "parses"; only when it refuses is libcst asked,
so a reported failure carries exactly the row the libcst stage would have produced. The tree the
stdlib parser gives is read once more for the file's `forma` (forma.py), which the pre-filter uses.
"""

from __future__ import annotations

import ast
import hashlib
from collections.abc import Mapping
from typing import Any, Optional

from ..cache import Almacen, clave
from .forma import forma, forma_valida

ESPACIO = "verificar"  # the entries of this check in `.oracle-cache/extraccion`, by file and content
# One more entry holds every file's check of the last run that wrote it, by path with its hash: a run
# reads it instead of one small entry per file (2,379 of them on awslabs/mcp, a fifth of a one-file
# run). A file it does not answer (new, edited, or its entry unusable) is read from its own entry;
# the set is written again when it left `REESCRIBIR` files unanswered, or when there was none.
CONJUNTO = "verificar-conjunto"
REESCRIBIR = 64

Comprobacion = tuple[Optional[dict[str, Any]], Optional[dict[str, list[str]]]]  # (failure row or None, forma or None)


def fila_falla(motivo: str, rel: str, linea: int, columna: int) -> dict[str, Any]:
    """A file-level no_resuelto row."""
    return {"herramienta": None, "motivo": motivo, "archivo": rel, "linea": linea, "columna": columna}


def verificar(datos: bytes, rel: str) -> tuple[Optional[dict[str, Any]], Optional[dict[str, list[str]]]]:
    """(the no_resuelto row of a file that cannot be decoded or parsed, or None when it parses;
    its `forma`, or None when only libcst could parse it)."""
    try:
        texto = datos.decode("utf-8")
    except UnicodeDecodeError:
        texto = None
    if texto is not None:
        try:
            arbol = compile(texto, rel, "exec", ast.PyCF_ONLY_AST, dont_inherit=True)
        except (SyntaxError, ValueError, RecursionError, MemoryError, OverflowError):
            pass
        else:
            try:
                return None, forma(arbol, datos)
            except RecursionError:
                return None, None  # a tree too deep to read twice: the pre-filter reads its bytes
    from .fuente import parsear  # deferred: libcst only on the failure path
    from .tipos import NoResuelto

    resultado = parsear(datos, rel)
    if not isinstance(resultado, NoResuelto):
        return None, None
    pos = resultado.pos
    return fila_falla(resultado.motivo, pos.archivo if pos else rel, pos.linea if pos else 1, pos.columna if pos else 1), None


def conjunto_leido(almacen: Optional[Almacen], sal: str) -> dict[str, tuple[str, Any, Any]]:
    """The filed set of checks, path -> (content hash, failure row, forma) as stored (the caller checks
    their shape); {} when there is none or it is not shaped like one."""
    valor = almacen.leer(clave(sal, CONJUNTO)) if almacen is not None else None
    archivos = valor.get("archivos") if valor is not None else None
    if not isinstance(archivos, dict):
        return {}
    return {rel: (e[0], e[1], e[2]) for rel, e in archivos.items()
            if isinstance(rel, str) and isinstance(e, list) and len(e) == 3 and isinstance(e[0], str)}


def conjunto_escrito(almacen: Optional[Almacen], sal: str, comprobaciones: dict[str, tuple[str, Comprobacion]]) -> None:
    """File the set of checks, path -> (content hash, (failure row, forma))."""
    if almacen is not None:
        almacen.escribir(clave(sal, CONJUNTO), {"archivos": {rel: [sha, falla, forma] for rel, (sha, (falla, forma))
                                                             in sorted(comprobaciones.items())}})


# (content hash, identifiers space-separated, whether the file is ASCII, `llamados` space-separated,
# its longest left-nested chain, its statement lines: forma.sentencias)
Conocida = tuple[str, str, bool, str, int, Optional[list[str]]]


class Formas:
    """What the main process knows of each file's forma, for a worker's word look-ups: those need a
    file's identifiers, and parsing the file again for them cost a one-changed run on awslabs/mcp a
    third of its time. `conocidas` travels with the work (every checked file's identifiers: about
    3 MB for awslabs/mcp, unpickled in a millisecond); the cache entries filed with each check are
    the fallback. Either answers only for the exact bytes the worker read (by content hash).
    `componentes` is the import graph the main process built from every forma (grafo.py; None when
    it is unknown), which cuts a worker's call-site searches as it cuts the main process's checks."""

    def __init__(self, almacen: Optional[Almacen], sal: str, conocidas: Optional[Mapping[str, Conocida]] = None,
                 componentes: Optional[Mapping[str, str]] = None) -> None:
        self.almacen, self.sal = almacen, sal
        self.conocidas: Mapping[str, Conocida] = conocidas or {}
        self.componentes = componentes

    def clave(self, rel: str, sha: str) -> str:
        """Where the check of `rel` with content hash `sha` is filed (the main process writes there)."""
        return clave(self.sal, ESPACIO, rel, sha)

    def identificadores(self, rel: str, datos: bytes) -> Optional[tuple[str, bool, str]]:
        """(identifiers, is ASCII, `llamados`) of exactly these bytes of `rel`, or None (unknown for them)."""
        conocida = self.conocida(rel, datos)
        return (conocida[1], conocida[2], conocida[3]) if conocida is not None else None

    def cadena(self, rel: str, datos: bytes) -> Optional[int]:
        """The longest chain of exactly these bytes of `rel`, when the stdlib check parsed them (None: unknown).
        A known answer also says CPython's parser took the file, nesting included."""
        conocida = self.conocida(rel, datos)
        return conocida[4] if conocida is not None else None

    def conocida(self, rel: str, datos: bytes) -> Optional[Conocida]:
        """What the check knew of exactly these bytes of `rel`: from the main process, else from the
        cache entry filed with the check; None when neither holds them."""
        sha = hashlib.sha256(datos).hexdigest()
        conocida = self.conocidas.get(rel)
        if conocida is not None and conocida[0] == sha:
            return conocida
        g = self.de(rel, datos, sha)
        return (sha, g["identificadores"], g["literales"], g["llamados"], g["cadena"], g["sentencias"]) if g is not None else None

    def de(self, rel: str, datos: bytes, sha: Optional[str] = None) -> Optional[dict[str, Any]]:
        """The forma filed for exactly these bytes of `rel`, or None (no cache, not filed, or unusable)."""
        if self.almacen is None:
            return None
        guardado = self.almacen.leer(self.clave(rel, sha or hashlib.sha256(datos).hexdigest()))
        valor = guardado.get("forma") if guardado is not None else None
        return valor if forma_valida(valor) else None
