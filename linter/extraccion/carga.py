"""Modules of one run, read and parsed on first use (each file at most once per process)."""

from __future__ import annotations

import hashlib
import pathlib
from collections.abc import Collection, Mapping, Sequence
from typing import Any, Optional

from .forma import leidos
from .instalados import Instalados
from .fuente import parsear
from .nombres import Indice, Palabras, nombre_modulo
from .presupuesto import comprobar
from .recogida import Recogida
from .recolector import Modulo, recolectar
from .tipos import NoResuelto
from .verificacion import Formas, fila_falla

# Words whose set of containing modules a stage may iterate (low-level handlers, `Tool` calls).
PALABRAS_GLOBALES = ("call_tool", "on_call_tool", "Tool")
# What a kept module takes in memory per byte of its source, by what it holds (tracemalloc over the
# largest modules of awslabs/mcp): the tree with its collected facts, and each metadata mapping.
POR_BYTE_ARBOL = 22
POR_BYTE_METADATO = {"alcances": 22, "posiciones": 31, "padres": 10}
# Memory the parsed modules a process keeps between units may take (estimated as above): past it,
# the metadata of the modules used longest ago is dropped first (computed again only if a later
# unit asks, at a fraction of a parse), then those modules themselves (parsed again if a later unit
# reaches them), so a worker's memory is bounded whatever the size of the tree (docs/performance.md).
MEMORIA_DE_MODULOS = 96 * 1024 * 1024


class Cargador:
    """The project's files by module name; parses a module the first time a stage needs it."""

    def __init__(self, raiz: pathlib.Path, rels: Sequence[str], con_palabra: Mapping[str, tuple[str, ...]],
                 formas: Optional[Formas] = None, solo_importados: Collection[str] = (),
                 sitios: Sequence[str] = ()) -> None:
        """`solo_importados`: files of `rels` that `paths` leaves out, read when an import reaches
        them and never searched for a word (`Palabras`): no call site, handler or registration there
        is evidence about the analyzed code. `sitios`: the site-packages directories of the project's
        venv, whose modules are read for the types they define (`instalados.py`)."""
        self.raiz = raiz
        self.instalados = Instalados(sitios, str(raiz.resolve()))
        self.formas = formas  # what the main process knows of each file's identifiers (None: parse files for them)
        self.por_nombre = {nombre_modulo(r): r for r in sorted(rels)}  # files that passed verification
        self.indice = Indice(self.por_nombre)
        # With the main process's identifiers at hand, a look-up tests them first and reads bytes
        # only for a non-ASCII file (or one the table does not answer for): scanning every file's
        # bytes for each word a stage asks about was a tenth of a cold run on awslabs/mcp.
        fuera = frozenset(solo_importados)
        self.palabras = Palabras([r for r in rels if r not in fuera], self._bytes, con_palabra, self._identificadores,
                                 identificadores_primero=bool(formas is not None and formas.conocidas),
                                 literales=self._literal, llamados=self._llamados,
                                 componentes=lambda: formas.componentes if formas is not None else None)
        self._ids: dict[str, Optional[frozenset[str]]] = {}
        self._llams: dict[str, Optional[frozenset[str]]] = {}
        self._literales: set[str] = set()  # files whose identifiers are all spelled as they are in their bytes
        self._crudos: dict[str, Optional[bytes]] = {}
        self.modulos: dict[str, Optional[Modulo]] = {}  # in order of last use
        self._tamanos: dict[str, int] = {}  # source bytes of each parsed module kept
        self.huellas: dict[str, str] = {}
        self.fallas: dict[str, dict[str, Any]] = {}
        self.recogida = Recogida()  # the full collections the modules dropped here call for (recogida.py)

    def rel(self, nombre: Optional[str]) -> Optional[str]:
        """Relative path of an analyzed module name."""
        return self.por_nombre.get(nombre) if nombre is not None else None

    def instalado(self, nombre: str) -> Optional[str]:
        """The file of a module of the project's venv (`Instalados.rel`)."""
        return self.instalados.rel(nombre)

    def lee_venv(self) -> bool:
        """Whether the project's venv is read (`[tool.oracle] venv`)."""
        return bool(self.instalados)

    def cargar(self, rel: str) -> Optional[Modulo]:
        """The parsed module at `rel`, or None when it cannot be read or parsed (a failure row is kept)."""
        if rel in self.modulos:
            modulo = self.modulos.pop(rel)
            self.modulos[rel] = modulo  # now the most recently used
            return modulo
        comprobar()  # a safe point of the file's time budget: before a module is read and parsed
        modulo: Optional[Modulo] = None
        try:
            datos = (self.raiz / rel).read_bytes()
        except OSError as e:
            self.huellas[rel] = ""
            self.fallas[rel] = fila_falla(f"file cannot be read: {e.strerror or e}", rel, 1, 1)
        else:
            self.huellas[rel] = hashlib.sha256(datos).hexdigest()
            modulo = self._parsear(rel, datos)
            if modulo is not None:
                self._tamanos[rel] = len(datos)
        self.modulos[rel] = modulo
        return modulo

    def podar(self, limite: Optional[int] = None) -> None:
        """Bring the kept modules' estimated memory to at most `limite` bytes: first by dropping the
        metadata of the modules used longest ago, then, if that is not enough, those modules.

        Called between units only: within one, modules are compared by identity, so a module is
        never parsed twice while a unit holds it, and nothing holds a module's metadata across
        units (its mappings answer strings and numbers). Hashes and failure rows are kept. The
        memory dropped is counted towards the next full garbage collection (recogida.py).
        """
        limite = MEMORIA_DE_MODULOS if limite is None else limite
        costos = {rel: self.costo(rel) for rel in self._tamanos}
        total = sum(costos.values())
        soltados = 0
        for rel in list(self.modulos):  # least recently used first
            if total <= limite:
                break
            modulo = self.modulos[rel]
            if modulo is not None and modulo.metadatos_presentes():
                modulo.soltar()
                ahorro = costos[rel] - self._tamanos[rel] * POR_BYTE_ARBOL
                total -= ahorro
                soltados += ahorro
        for rel in list(self.modulos):
            if total <= limite:
                break
            if rel in self._tamanos:
                n = self._tamanos.pop(rel) * POR_BYTE_ARBOL
                total -= n
                soltados += n
                modulo = self.modulos.pop(rel)
                if modulo is not None:
                    modulo.soltar()
        if soltados:
            self.recogida.soltados(soltados)

    def costo(self, rel: str) -> int:
        """Estimated memory of a kept module: its tree and facts, and whatever metadata it holds now."""
        modulo = self.modulos.get(rel)
        por_byte = POR_BYTE_ARBOL + (sum(POR_BYTE_METADATO[k] for k in modulo.metadatos_presentes()) if modulo else 0)
        return self._tamanos.get(rel, 0) * por_byte

    def _parsear(self, rel: str, datos: bytes) -> Optional[Modulo]:
        conocida = self.formas.conocida(rel, datos) if self.formas is not None else None
        arbol = parsear(datos, rel, conocida[4] if conocida is not None else None)
        if isinstance(arbol, NoResuelto):
            pos = arbol.pos
            self.fallas[rel] = fila_falla(arbol.motivo, rel, pos.linea if pos else 1, pos.columna if pos else 1)
            return None
        try:
            instalado = self.instalados.nombres.get(rel)
            return recolectar(rel, instalado or nombre_modulo(rel), arbol, datos, conocida[5] if conocida is not None else None,
                              instalado=instalado is not None)
        except (RecursionError, Exception) as e:  # fail closed: a row, never a traceback
            self.fallas[rel] = fila_falla(f"analyzer internal error while reading the file: {type(e).__name__}: {e}", rel, 1, 1)
            return None

    def huella(self, rel: str) -> str:
        """sha256 of the bytes this process read for `rel` ("" when unread or unreadable)."""
        return self.huellas.get(rel, "")

    def con_token(self, token: str) -> tuple[str, ...]:
        """Relative paths (sorted) of files whose bytes contain `token` (PALABRAS_GLOBALES come precomputed)."""
        return self.palabras.con(token)

    def que_llaman(self, nombre: str, desde: str) -> tuple[str, ...]:
        """Relative paths (sorted) of files that can call a function named `nombre` defined in file
        `desde` (`Palabras.llaman`)."""
        return self.palabras.llaman(nombre, desde)

    def _identificadores(self, rel: str) -> Optional[frozenset[str]]:
        """The identifiers of a file's code, computed as the main process's forma has them."""
        if rel not in self._ids:
            datos = self._bytes(rel)
            guardada = self.formas.identificadores(rel, datos) if datos is not None and self.formas is not None else None
            if guardada is not None:
                self._ids[rel] = frozenset(guardada[0].split())
                if guardada[1] is True:
                    self._literales.add(rel)
                self._llams[rel] = frozenset(guardada[2].split())
            else:
                leido = leidos(datos) if datos is not None else None
                self._ids[rel], self._llams[rel] = leido if leido is not None else (None, None)
        return self._ids[rel]

    def _llamados(self, rel: str) -> Optional[frozenset[str]]:
        """The file's `llamados` (forma.py), read with its identifiers (None when unknown)."""
        self._identificadores(rel)
        return self._llams[rel]

    def _literal(self, rel: str) -> bool:
        """Whether the file is ASCII, as known with the identifiers read for it (a word among them is in its bytes)."""
        return self._identificadores(rel) is not None and rel in self._literales

    def _bytes(self, rel: str) -> Optional[bytes]:
        """The bytes of an analyzed file, read once per process for word look-ups."""
        if rel not in self._crudos:
            try:
                self._crudos[rel] = (self.raiz / rel).read_bytes()
            except OSError:
                self._crudos[rel] = None
        return self._crudos[rel]
