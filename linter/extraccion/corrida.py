"""One extraction run: read, verify, pre-filter, reuse cached units, compute the rest, merge.

Only facts are cached, per file (sha256 of its bytes + the analyzer's fingerprint): whether
the file parses, and the rows of the tools it registers together with everything resolution
looked at to produce them (each import lookup and its answer, each other file's hash, the set
of files holding a global word, the files a call-site search found able to call a name). A
cached unit is used only when all of those still hold, so a change anywhere a result came from
recomputes it. Rules and configuration never enter the facts; the judgement is always
recomputed. libcst is imported only when something is parsed.
"""

from __future__ import annotations

import hashlib
import os
import pathlib
import sys
import time
from collections.abc import Collection, Iterator, Mapping, Sequence
from typing import Any, Callable, Optional

from ..cache import Almacen, clave
from .estado import Estado
from .forma import SOLO_IDENTIFICADOR, forma_valida
from .grafo import alcanzados as grafo_alcanzados
from .grafo import componentes as grafo_de_componentes
from .instalados import Instalados
from .nombres import Indice, Palabras, nombre_modulo
from .paralelo import Reparto, trabajos_por_defecto
from .prefiltro import entradas
from .presupuesto import PRESUPUESTO_POR_ARCHIVO
from .recogida import a_podas, restaurar
from .salida import SITIO, Salida, distinguir
from .verificacion import ESPACIO as ESPACIO_VERIFICAR
from .verificacion import REESCRIBIR, Comprobacion, Formas, conjunto_escrito, conjunto_leido, fila_falla, verificar

PALABRAS_GLOBALES = ("call_tool", "on_call_tool", "Tool")  # = carga.PALABRAS_GLOBALES, without importing libcst
UMBRAL_VERIFICAR = 256 * 1024  # bytes of source below which a pool is not worth starting
UMBRAL_UNIDADES = 64 * 1024  # bytes of unit source below which the units stay in this process
# Units spread over a pool only when each worker gets at least this many: with fewer, the largest one
# bounds the gain, and each worker parses the modules its units share (awslabs sns-sqs, 5 units of
# 26 KB: the same wall seconds in a pool, a third more CPU seconds).
UNIDADES_POR_TRABAJO = 2
# Results of one file kept side by side when runs over different file sets resolve it differently
# (a pre-commit run over a few files, then the full run): neither evicts the other.
VARIANTES = 4
LOTES_DE_VERIFICACION = 16  # parse-check lots per worker
# Unit lots per worker: contiguous runs in path order, so the units of one package, which read the same
# modules, share one worker's parsed modules; 8 per worker keep the last lot short.
LOTES_DE_UNIDADES = 8
ESPACIO_ESQUEMAS = "esquemas"  # `.oracle-cache/` namespace of schema validity, filed by schema value (validez.py)
TAMANO_MAXIMO = 8 * 1024 * 1024  # bytes: a larger file is reported, never read (docs/robustez.md)


def version_libcst() -> str:
    """The installed parser's version, without importing libcst or `importlib.metadata` when it can.

    libcst's build writes its version into `libcst/_version.py`; that file's bytes stand for the
    version (read, never imported). Without it, the distribution metadata answers.
    """
    import importlib.util

    spec = importlib.util.find_spec("libcst")
    for carpeta in (spec.submodule_search_locations or []) if spec is not None else []:
        try:
            return "_version.py:" + hashlib.sha256((pathlib.Path(carpeta) / "_version.py").read_bytes()).hexdigest()
        except OSError:
            continue
    from importlib import metadata

    try:
        return metadata.version("libcst")
    except metadata.PackageNotFoundError:
        return "?"


def distribuciones_instaladas(modulo: str, prefijos: tuple[str, ...]) -> str:
    """The `*.dist-info` names beside an importable module (its version, without importing it).

    `jsonschema-4.23.0.dist-info` and `jsonschema_specifications-….dist-info` say which validator
    and meta-schemas wrote the cached messages. Without them, the distribution metadata answers.
    """
    import importlib.util

    spec = importlib.util.find_spec(modulo)
    if spec is not None and spec.origin:
        carpeta = pathlib.Path(spec.origin).parent.parent
        try:
            with os.scandir(carpeta) as entradas:
                nombres = sorted(e.name for e in entradas if e.name.endswith(".dist-info") and e.name.startswith(prefijos))
        except OSError:
            nombres = []
        if nombres:
            return ",".join(nombres)
    from importlib import metadata

    versiones = []
    for prefijo in prefijos:
        try:
            versiones.append(f"{prefijo}{metadata.version(prefijo.rstrip('-'))}")
        except metadata.PackageNotFoundError:
            versiones.append(f"{prefijo}?")
    return ",".join(versiones)


def huella_analizador() -> str:
    """What makes per-file facts change: extractor and oracle versions, parser, Python, analyzer source."""
    from oracle_lint.nucleo.version import VERSION

    from . import VERSION_EXTRACTOR

    fuentes = hashlib.sha256()
    for ruta in sorted(pathlib.Path(__file__).parent.glob("*.py")):
        fuentes.update(ruta.name.encode() + b"\0" + ruta.read_bytes() + b"\0")
    validador = distribuciones_instaladas("jsonschema", ("jsonschema-", "jsonschema_specifications-"))
    return clave(VERSION_EXTRACTOR, VERSION, version_libcst(), validador, f"{sys.version_info[0]}.{sys.version_info[1]}",
                 fuentes.hexdigest())


def _verificar_lote(almacen: Optional[Almacen], sal: str,
                    lote: list[tuple[str, bytes, str]]) -> list[tuple[str, Optional[dict[str, Any]], Any, bool]]:
    """(file, its failure row or None, its forma or None, whether that answer is the file's own and may be cached).

    With `almacen`, each check is filed here, under the file's content hash (`sha` of the bytes
    checked): the worker writes its lot's entries in parallel, where the main process wrote them one
    after the other once the phase ended. A run that writes the set of checks again passes None: the
    set holds them all (`Extraccion.verificar`).
    A stdlib tree holds no cycle and dies with its check, yet CPython's schedule ran 45 full
    collections over a cold awslabs/mcp check (0.5 s): the lot runs with young collections only."""
    umbrales = a_podas()
    try:
        salida = []
        for rel, datos, sha in lote:
            falla, forma = verificar(datos, rel)
            if almacen is not None:
                almacen.escribir(clave(sal, ESPACIO_VERIFICAR, rel, sha), {"falla": falla, "forma": forma})
            salida.append((rel, falla, forma, True))
        return salida
    finally:
        restaurar(umbrales)


def _verificacion_caida(elemento: tuple[str, bytes, str], motivo: str) -> tuple[str, dict[str, Any], None, bool]:
    rel = elemento[0]
    return rel, fila_falla(f"{motivo}; it was not analyzed", rel, 1, 1), None, False


def _trabajar(*args: Any) -> list[Any]:
    from .motor import trabajar  # deferred: libcst

    return trabajar(*args)


def _importar_motor() -> None:
    """Before a pool starts: libcst and the per-unit analyzer, imported once here for every forked worker."""
    from . import motor  # noqa: F401


def _unidad_caida(rel: str, motivo: str) -> tuple[str, dict[str, Any], dict[str, Any]]:
    from .motor import unidad_fallida

    return unidad_fallida(rel, f"{motivo}; its tools were not judged")


class Extraccion:
    """State of one run."""

    def __init__(self, raiz: pathlib.Path, almacen: Optional[Almacen], trabajos: int, prefiltro: bool,
                 limite: float = PRESUPUESTO_POR_ARCHIVO, versiones: Optional[dict[str, tuple[int, ...]]] = None,
                 sitios: Sequence[str] = ()) -> None:
        self.raiz, self.almacen, self.prefiltro, self.limite = raiz, almacen, prefiltro, limite
        self.sitios = tuple(sitios)  # the project venv's site-packages (instalados.py)
        self.instalados = Instalados(self.sitios, str(raiz.resolve()))
        self.trabajos = trabajos
        self.salida = Salida()
        self.datos: dict[str, bytes] = {}  # bytes read so far (every file's, unless the stat store gave its hash)
        self.sha: dict[str, str] = {}  # every readable file of the run and its context
        self.rutas: dict[str, str] = {}
        self.tamanos: dict[str, int] = {}
        self._errores: dict[str, OSError] = {}  # why a file known by its stat could not be read when asked
        self.formas: dict[str, dict[str, Any]] = {}  # what each file's code spells (forma.py), when known
        self._ids: dict[str, Optional[IdentificadoresDeForma]] = {}
        self._llams: dict[str, Optional[frozenset[str]]] = {}
        self.propios: set[str] = set()  # the files of this run; the others are context for resolution
        self.vecinos: set[str] = set()  # configured files a run over some files leaves out (judged when reached)
        self.importados: set[str] = set()  # files `paths` leaves out: read when an import reaches them, never searched
        self.versiones = dict(sorted((versiones or {}).items()))
        # the pinned SDK releases decide what tools publish: cached facts are filed under them too
        self.sal = (clave(huella_analizador(), repr(self.versiones)) if self.versiones else huella_analizador()) \
            if almacen is not None else ""
        self.estado = Estado(almacen, self.sal)
        self.id = os.urandom(16).hex()  # parsed modules are shared within this run only

    def leer(self, archivos: Sequence[pathlib.Path], contexto: Sequence[pathlib.Path] = (),
             resolucion: Sequence[pathlib.Path] = ()) -> None:
        """Stat every file once and know its hash: from the stat store when the file is unchanged
        (estado.py; its bytes are then read only when asked), else by reading it. Unreadable files
        of the run become rows (context files are skipped). `contexto`: the configured files a run
        over some files leaves out (their tools are judged when they share a component with the
        run's files); `resolucion`: files read to resolve only, never judged."""
        raiz = str(self.raiz.resolve())
        rels: dict[str, str] = {}
        for grupo_de, grupo in (("propio", archivos), ("vecino", contexto), ("", resolucion)):
            for archivo in grupo:
                rel = _relativa(archivo, raiz)
                if grupo_de == "propio":
                    self.propios.add(rel)
                elif grupo_de == "vecino":
                    self.vecinos.add(rel)
                rels.setdefault(rel, str(archivo))
        self.importados = set(rels) - self.propios - self.vecinos
        ahora = time.time_ns()
        for rel in sorted(rels):
            if rel in self.propios:
                self.salida.fila("archivo", archivo=rel, herramientas=0)
            try:
                st = os.stat(rels[rel])
            except OSError as e:
                self._ilegible(rel, e)
                continue
            especial = _no_regular(st.st_mode)
            if especial is not None:  # a FIFO would block the read, a device never end it: never opened
                if rel in self.propios:
                    self.salida.filas["no_resuelto"].append(fila_falla(f"file cannot be read: not a regular file ({especial})", rel, 1, 1))
                continue
            if st.st_size > TAMANO_MAXIMO:
                if rel in self.propios:
                    self.salida.filas["no_resuelto"].append(fila_falla(
                        f"file cannot be read: {st.st_size} bytes, over the {TAMANO_MAXIMO // (1024 * 1024)} MiB limit of a "
                        "source file oracle-lint reads", rel, 1, 1))
                continue
            self.rutas[rel], self.tamanos[rel] = rels[rel], st.st_size
            sha = self.estado.sha(rel, st)
            if sha is None:
                try:
                    self.datos[rel] = pathlib.Path(rels[rel]).read_bytes()
                except OSError as e:
                    self._ilegible(rel, e)
                    continue
                sha = hashlib.sha256(self.datos[rel]).hexdigest()
                self.estado.anotar(rel, st, sha, ahora)
            self.sha[rel] = sha

    def _ilegible(self, rel: str, error: OSError) -> None:
        """A file that cannot be read leaves the run; one of the run's own files becomes a row."""
        self.sha.pop(rel, None)
        self.datos.pop(rel, None)
        if rel in self.propios:
            self.salida.filas["no_resuelto"].append(fila_falla(f"file cannot be read: {error.strerror or error}", rel, 1, 1))

    def bytes_de(self, rel: str) -> Optional[bytes]:
        """A file's bytes, read on first ask when the stat store gave its hash (None: it cannot be read now)."""
        if rel not in self.datos:
            try:
                self.datos[rel] = pathlib.Path(self.rutas[rel]).read_bytes()
            except OSError as e:
                self._errores[rel] = e
                return None
        return self.datos[rel]

    def verificar(self, reparto: Reparto) -> list[str]:
        """Relative paths that parse; the others become rows. Cached per file content, and all together
        (verificacion.CONJUNTO: one entry read instead of one per file).

        Files `paths` leaves out are checked only when an import can reach them (`_alcance`): a
        project's tests, scripts and docs examples, often as many files as its code, are read only
        where the code imports them, and a valid path is one of those or a configured file."""
        resultados: dict[str, Optional[dict[str, Any]]] = {}
        conjunto = conjunto_leido(self.almacen, self.sal)
        guardables: dict[str, tuple[str, Comprobacion]] = {}  # what the next set holds: every check this run trusts
        pendientes = []
        sin_conjunto = 0  # checked files the set did not answer
        for rel in list(self.sha):
            del_conjunto = conjunto.get(rel)
            if del_conjunto is not None and del_conjunto[0] == self.sha[rel]:
                guardado: Optional[dict[str, Any]] = {"falla": del_conjunto[1], "forma": del_conjunto[2]}
            else:
                guardado = self._leer_cache(ESPACIO_VERIFICAR, rel)
            if (guardado is not None and "falla" in guardado and _falla_valida(guardado["falla"])
                    and (guardado.get("forma") is None or forma_valida(guardado["forma"]))):
                resultados[rel] = guardado["falla"]
                if guardado.get("forma") is not None:
                    self.formas[rel] = guardado["forma"]
                guardables[rel] = (self.sha[rel], (guardado["falla"], guardado.get("forma")))
                if not (del_conjunto is not None and del_conjunto[0] == self.sha[rel]):
                    sin_conjunto += 1
            else:
                pendientes.append(rel)
        diferidos = {rel for rel in pendientes if rel in self.importados}
        lote = [rel for rel in pendientes if rel not in diferidos]
        while True:  # the configured files, then each round of left-out files their imports reach
            if lote:
                sin_conjunto += len(lote)
                for rel, falla, forma, propia in self._comprobar(lote, reparto, conjunto, sin_conjunto):
                    resultados[rel] = falla
                    if forma is not None:
                        self.formas[rel] = forma
                    if propia:  # a crashed worker is this run's, not the file's: never cached (the worker filed the rest)
                        guardables[rel] = (self.sha[rel], (falla, forma))
                diferidos.difference_update(lote)
            lote = sorted(self._alcance(resultados, diferidos)) if diferidos else []
            if not lote:
                break
        reescribir = sin_conjunto >= REESCRIBIR or (sin_conjunto and not conjunto)
        if reescribir:
            conjunto_escrito(self.almacen, self.sal, {rel: g for rel, g in guardables.items() if rel in self.sha})
        alcanzados = self._alcance(resultados, set(), todos=True)
        for rel in sorted(resultados):
            if rel in self.importados and rel not in alcanzados:
                del resultados[rel]  # no import of the run reaches it: not read, whatever a cache says of it
            elif resultados[rel] is not None and rel in self.propios:
                self.salida.filas["no_resuelto"].append(resultados[rel])
            elif resultados[rel] is None and rel not in self.formas and self.bytes_de(rel) is None:
                # Without a forma, the pre-filter reads the bytes: they must be at hand, never taken as empty.
                self._ilegible(rel, self._errores[rel])
        return sorted(rel for rel, falla in resultados.items() if falla is None and rel in self.sha)

    def _comprobar(self, rels: list[str], reparto: Reparto, conjunto: Mapping[str, Any],
                   sin_conjunto: int) -> list[tuple[str, Optional[dict[str, Any]], Any, bool]]:
        """The parse check of `rels`, spread over the pool; each filed on its own unless the set will be
        written again (it will when it leaves REESCRIBIR files unanswered, or there was none)."""
        for rel in rels:
            if self.bytes_de(rel) is None:
                self._ilegible(rel, self._errores[rel])
        lote = [(rel, self.datos[rel], self.sha[rel]) for rel in rels if rel in self.sha]
        # The set is written again when it left REESCRIBIR files unanswered (or there was none): it then
        # holds every check, and one entry per file as well would write the same facts twice (a cold
        # awslabs/mcp run: 2,379 entries, a second of the workers' time). Otherwise each new check is
        # filed on its own, and the next run reads it beside the set.
        reescribir = sin_conjunto >= REESCRIBIR or (sin_conjunto and not conjunto)
        # Small lots (a parse check is short): the phase ends with the workers finishing together.
        return reparto.mapear(_verificar_lote, lote, [len(d) for _, d, _ in lote],
                              None if reescribir else self.almacen, self.sal,
                              lotes=LOTES_DE_VERIFICACION * reparto.trabajos, fallo=_verificacion_caida)

    def _alcance(self, resultados: Mapping[str, Optional[dict[str, Any]]], sin_comprobar: set[str],
                 todos: bool = False) -> set[str]:
        """Of the files `paths` leaves out, those a resolution from the run's files can reach
        (`grafo.alcanzados`), read from the checks known so far: with `todos`, every reached one,
        else the reached ones still in `sin_comprobar`. A file not yet checked counts as present in
        the index (its presence can change a look-up's answer, so it is reached wherever it could);
        one that fails to parse, as absent. A reached file whose look-ups are unknown (only libcst
        parses it) could reach any other: then every file is reached."""
        vivos = {rel: nombre_modulo(rel) for rel in self.sha if resultados.get(rel) is None
                 and (rel in resultados or rel in sin_comprobar)}
        raices = [rel for rel in vivos if rel not in self.importados]
        importa = {rel: self.formas[rel]["importa"] for rel in vivos if rel in self.formas}
        alcanzados = grafo_alcanzados(raices, vivos, importa, Indice(vivos.values()))
        if any(rel not in importa and rel in resultados for rel in alcanzados):
            alcanzados = set(vivos)
        return {rel for rel in alcanzados if rel in self.importados and (todos or rel in sin_comprobar)}

    def _identificadores(self, rel: str) -> Optional[IdentificadoresDeForma]:
        """The identifiers of a file's code, from its forma (None when only libcst parses it)."""
        if rel not in self._ids:
            forma = self.formas.get(rel)
            self._ids[rel] = IdentificadoresDeForma(forma) if forma is not None else None
        return self._ids[rel]

    def _llamados(self, rel: str) -> Optional[frozenset[str]]:
        """A file's `llamados` from its forma (None when only libcst parses it), read only when a cached
        unit's call-site search is checked."""
        if rel not in self._llams:
            forma = self.formas.get(rel)
            self._llams[rel] = frozenset(forma["llamados"].split()) if forma is not None else None
        return self._llams[rel]

    def _leer_cache(self, espacio: str, rel: str) -> Optional[dict[str, Any]]:
        return self.almacen.leer(clave(self.sal, espacio, rel, self.sha[rel])) if self.almacen is not None else None

    def _escribir_cache(self, espacio: str, rel: str, valor: dict[str, Any]) -> None:
        if self.almacen is not None:
            self.almacen.escribir(clave(self.sal, espacio, rel, self.sha[rel]), valor)

    def unidades(self, validos: list[str], reparto: Reparto) -> list[dict[str, Any]]:
        """Per-unit results of the entry points, in path order: cached when still valid, else computed."""
        por_nombre = {nombre_modulo(r): r for r in validos}
        indice = Indice(por_nombre)
        grafo: list[Optional[dict[str, str]]] = []

        def componentes() -> Optional[dict[str, str]]:
            """The import graph of the valid files (grafo.py), built on first ask."""
            if not grafo:
                grafo.append(grafo_de_componentes({r: n for n, r in por_nombre.items()},
                                                  {r: self.formas[r]["importa"] for r in validos if r in self.formas}, indice))
            return grafo[0]

        # Words are searched for in the run's files and their context only: a call site, handler or
        # registration in a file `paths` leaves out (a test calling `register(mock_server)`) is no
        # evidence about the analyzed code, and such a file is read only when an import reaches it.
        palabras = Palabras([r for r in validos if r not in self.importados], self.bytes_de, None,
                            self._identificadores, identificadores_primero=True,
                            literales=lambda rel: rel in self.formas and self.formas[rel]["literales"] is True,
                            llamados=self._llamados, componentes=componentes)
        con_palabra = {p: palabras.con(p) for p in PALABRAS_GLOBALES}
        propias = [r for r in validos if r in self.propios]
        if self.vecinos:
            propias = self._alcanzadas(propias, validos, componentes)
        if self.prefiltro:
            elegidas = sorted(entradas(_Fuentes(validos, self.datos), {r: nombre_modulo(r) for r in validos},
                                       {r: self.formas[r] for r in validos if r in self.formas}, buscadas=propias))
        else:
            elegidas = propias
        resultados: dict[str, dict[str, Any]] = {}
        pendientes = []
        variantes: dict[str, list[Any]] = {}
        for rel in elegidas:
            guardado = self._leer_cache("unidad", rel)
            variantes[rel] = guardado.get("variantes") if guardado is not None and isinstance(guardado.get("variantes"), list) else []
            valida = next((v for v in variantes[rel] if isinstance(v, dict)
                           and _sigue_valido(v.get("deps"), indice, por_nombre, self.sha, palabras, self.instalados)), None)
            if valida is not None and _resultado_valido(valida.get("resultado")):
                if rel not in self.propios and not _lee_alguno(valida["deps"], self.propios):
                    continue  # a neighbour whose analysis, still valid, reads none of the run's files
                resultados[rel] = valida["resultado"]
            else:
                pendientes.append(rel)
        esquemas = self.almacen.vecino(ESPACIO_ESQUEMAS) if self.almacen is not None else None
        calculados = reparto.mapear(_trabajar, pendientes, [self.tamanos[r] for r in pendientes],
                                    self.id, str(self.raiz), validos, con_palabra, esquemas, self.sal, self.limite,
                                    Formas(self.almacen, self.sal, {r: (self.sha[r], f["identificadores"], f["literales"], f["llamados"], f["cadena"], f["sentencias"])
                                                                    for r in validos if (f := self.formas.get(r)) is not None},
                                           componentes() if pendientes else None), self.versiones,
                                    sorted(self.importados.intersection(validos)), self.sitios,
                                    lotes=LOTES_DE_UNIDADES * reparto.trabajos, fallo=_unidad_caida, en_orden=True)
        for rel, resultado, deps in calculados:
            resultados[rel] = resultado
            if deps["modulos"].get(rel) == self.sha[rel]:  # the file did not change under us
                otras = [v for v in variantes.get(rel, []) if isinstance(v, dict) and v.get("deps") != deps]
                nueva = [{"deps": deps, "resultado": resultado}, *otras][:VARIANTES]
                self._escribir_cache("unidad", rel, {"variantes": nueva})
        return [resultados[rel] for rel in elegidas if rel in resultados]

    def sin_herramientas(self, validos: list[str], resultados: list[dict[str, Any]]) -> set[str]:
        """The analyzed files no tool's code can reach: not a file that registers a tool or holds its
        handler, nor one where the analyzer could not follow something (any `no_resuelto` row there: an
        unfollowed registration's tools may reach anything), nor one resolution can reach from those (grafo.alcanzados: look-ups and
        package relations). A run over some files gives the same answer as the whole run: resolution
        never leaves an import-graph component, and the run reads every configured file of its files'
        components. Empty when a reached file's look-ups are unknown (no forma): then it cannot be told."""
        raices = {f["archivo"] for r in resultados for relacion in ("herramienta", "no_resuelto")
                  for f in r["filas"].get(relacion, []) if isinstance(f.get("archivo"), str)}
        raices |= {i[0] for r in resultados for h in r["herramientas"] for i in h["identidades"]}
        nombres = {rel: nombre_modulo(rel) for rel in validos}
        importa = {rel: self.formas[rel]["importa"] for rel in validos if rel in self.formas}
        alcanzados = grafo_alcanzados([rel for rel in raices if rel in nombres], nombres, importa,
                                      Indice(nombres.values()))
        if any(rel not in importa for rel in alcanzados):
            return set()
        return set(validos) - alcanzados

    def _alcanzadas(self, propias: list[str], validos: list[str],
                    componentes: Callable[[], Optional[dict[str, str]]]) -> list[str]:
        """A run over some files judges every tool whose contract they can reach: the configured files
        in the import-graph components of the run's files (a model, helper or emission site edited in
        `models.py` reaches the tools `server.py` registers). Resolution never leaves a component
        (grafo.py), so a file outside them cannot be reached; without a graph, every configured file.
        A neighbour whose cached analysis is still valid is then kept only when that analysis read
        one of the run's files (`unidades`): its recorded reads are exact."""
        grafo = componentes()
        suyos = {grafo[r] for r in propias} if grafo is not None else None
        return [r for r in validos if r in self.propios
                or (r in self.vecinos and (suyos is None or grafo[r] in suyos))]  # type: ignore[index]


class IdentificadoresDeForma:
    """A file's identifiers as its forma holds them, for `word in ...`. A pre-filter word that counts
    only as an identifier (`forma.SOLO_IDENTIFICADOR`: `Tool`, `call_tool`, ...) is answered from the
    forma's short list of words; any other word splits the identifiers into a set, once. A run that
    asks only the loader's global words (a one-file run) then builds no set for the other files."""

    __slots__ = ("forma", "_todos")

    def __init__(self, forma: dict[str, Any]) -> None:
        self.forma = forma
        self._todos: Optional[frozenset[str]] = None

    def __contains__(self, palabra: object) -> bool:
        if palabra in SOLO_IDENTIFICADOR:
            return palabra in self.forma["palabras"]
        if self._todos is None:
            self._todos = frozenset(self.forma["identificadores"].split())
        return palabra in self._todos


def _lee_alguno(deps: Any, archivos: set[str]) -> bool:
    """Whether a unit's recorded analysis read one of `archivos` (its `deps.modulos`)."""
    modulos = deps.get("modulos") if isinstance(deps, dict) else None
    return not isinstance(modulos, dict) or any(rel in archivos for rel in modulos)


def _falla_valida(falla: Any) -> bool:
    """A cached parse answer the run can use: none, or a whole file-level row."""
    return falla is None or (isinstance(falla, dict) and isinstance(falla.get("motivo"), str)
                             and isinstance(falla.get("archivo"), str) and isinstance(falla.get("linea"), int)
                             and isinstance(falla.get("columna"), int))


def _filas(valor: Any) -> bool:
    return isinstance(valor, list) and all(isinstance(f, dict) for f in valor)


def _resultado_valido(r: Any) -> bool:
    """A cached unit whose shape is what merging reads (a well-keyed but malformed entry is a miss)."""
    if not isinstance(r, dict):
        return False
    try:
        return (isinstance(r["filas"], dict) and all(_filas(v) for v in r["filas"].values())
                and all(isinstance(h, dict) and isinstance(h["nombre"], str) and isinstance(h["identidades"], list)
                        and all(isinstance(i, list) for i in h["identidades"]) and isinstance(h["rangos"], list)
                        and all(isinstance(x, list) and len(x) == 3 for x in h["rangos"])
                        for h in r["herramientas"])
                and _filas(r["montajes"]) and all(isinstance(m["hijo"], list) and isinstance(m["espacio"], str)
                                                  for m in r["montajes"])
                and _filas(r["servidores"]) and all(isinstance(x["clase"], str) and isinstance(x["pos"], dict)
                                                    for x in r["servidores"])
                and _filas(r["completes"])
                and all(isinstance(c["pos"], dict) and "evidencia" in c and "motivo" in c and "funcion" in c
                        for c in r["completes"])
                and isinstance(r["cuentas"], dict) and all(isinstance(n, int) for n in r["cuentas"].values())
                and isinstance(r.get("otros_registros", 0), int))
    except (KeyError, TypeError):
        return False


def _sigue_valido(deps: Any, indice: Indice, por_nombre: dict[str, str], sha: dict[str, str],
                  palabras: Palabras, instalados: Instalados) -> bool:
    """Whether everything a cached unit looked at still answers the same (the venv's files too)."""
    try:
        for desde, paquete, nombre, encontrado in deps["busquedas"]:
            actual = indice.buscar(desde, paquete, nombre)
            if (por_nombre.get(actual) if actual is not None else None) != encontrado:
                return False
        if any(instalados.rel(nombre) != rel for nombre, rel in deps["instalados"].items()):
            return False
        propios = set(por_nombre.values())
        del_venv = set(instalados.nombres)
        if any(sha.get(rel) != h if rel in propios else rel not in del_venv or instalados.sha(rel) != h
               for rel, h in deps["modulos"].items()):
            return False
        return (all(isinstance(t, str) and list(palabras.con(t)) == list(v) for t, v in deps["tokens"].items())
                and all(isinstance(n, str) and isinstance(d, str) and list(palabras.llaman(n, d)) == list(v)
                        for n, d, v in deps["llamadores"]))
    except (KeyError, TypeError, ValueError):
        return False  # a malformed entry is never trusted


def _servidores(salida: Salida, resultados: list[dict[str, Any]], completa: bool) -> None:
    """One `servidor` row per SDK server built in the analyzed files, with what the whole run found:
    how many tools and how many prompt/resource registrations. A run over some files cannot count the
    program's registrations, so there both counts are null (unknown, never 0). Facts only: the rule
    `analisis.servidor_sin_herramientas` decides what a server with nothing registered means."""
    herramientas = sum(len(r["herramientas"]) for r in resultados) if completa else None
    otros = sum(r.get("otros_registros", 0) for r in resultados) if completa else None
    for r in resultados:
        for s in r.get("servidores", []):
            salida.fila("servidor", herramienta=None, clase=s["clase"].rsplit(".", 1)[-1], clase_calificada=s["clase"],
                        herramientas_en_corrida=herramientas, registros_en_corrida=otros, **s["pos"])


def _montar(resultados: list[dict[str, Any]]) -> None:
    """Tools of a server mounted with a namespace are also published by the parent as
    `<namespace>_<name>`: each such tool's rows are repeated under that name (once per namespace
    it is mounted under); the sub-server, served by itself, still publishes the plain name."""
    espacios: dict[tuple, list[str]] = {}
    for r in resultados:
        for montaje in r.get("montajes", []):
            espacios.setdefault(tuple(montaje["hijo"]), []).append(montaje["espacio"])
    if not espacios:
        return
    for r in resultados:
        renombres: dict[str, list[str]] = {}
        for h in r["herramientas"]:
            for espacio in espacios.get(tuple(h.get("servidor") or ()), []):
                renombres.setdefault(h["nombre"], [h["nombre"]]).append(f"{espacio}_{h['nombre']}")
        if not renombres:
            continue
        for relacion, filas in r["filas"].items():
            nuevas = []
            for f in filas:
                for nombre in renombres.get(f.get("herramienta"), [f.get("herramienta")]):
                    nuevas.append({**f, "herramienta": nombre})
            r["filas"][relacion] = nuevas
        r["herramientas"] = [{**h, "nombre": n} for h in r["herramientas"] for n in renombres.get(h["nombre"], [h["nombre"]])]


def _fusionar(salida: Salida, resultados: list[dict[str, Any]], sin_herramientas: Collection[str] = ()) -> None:
    """Merge unit results; attribute each `complete` site to the tool whose handler (branch) holds it, and
    say whether its file is one no tool's code can reach (`Extraccion.sin_herramientas`)."""
    _montar(resultados)
    duenos: dict[tuple[str, int, int], list[dict[str, Any]]] = {}
    cuentas: dict[str, int] = {}
    for r in resultados:
        for relacion, filas in r["filas"].items():
            salida.filas[relacion].extend(filas)
        for h in r["herramientas"]:
            for ident in h["identidades"]:
                duenos.setdefault(tuple(ident), []).append(h)
        for archivo, n in r["cuentas"].items():
            cuentas[archivo] = cuentas.get(archivo, 0) + n
    for r in resultados:
        for sitio in r["completes"]:
            pos = sitio["pos"]
            nombre, registro = None, None
            for h in duenos.get(tuple(sitio["funcion"]), []) if sitio["funcion"] else []:
                if not h["rangos"] or any(a == pos["archivo"] and i <= pos["linea"] <= f for a, i, f in h["rangos"]):
                    nombre, registro = h["nombre"], h.get("sitio")
                    break
            salida.fila("complete", herramienta=nombre, evidencia=sitio["evidencia"],
                        fuera_de_herramientas=nombre is None and pos["archivo"] in sin_herramientas, **pos, **{SITIO: registro})
            if sitio["motivo"]:
                salida.fila("no_resuelto", herramienta=nombre, motivo=sitio["motivo"], **pos, **{SITIO: registro})
    distinguir(salida.filas)
    for fila in salida.filas["archivo"]:
        fila["herramientas"] = cuentas.get(fila["archivo"], 0)


def _no_regular(modo: int) -> Optional[str]:
    """What a file mode is when it is not a regular file's (a FIFO, a device, a socket), else None."""
    import stat

    if stat.S_ISREG(modo):
        return None
    for prueba, nombre in ((stat.S_ISFIFO, "a FIFO"), (stat.S_ISSOCK, "a socket"), (stat.S_ISCHR, "a character device"),
                           (stat.S_ISBLK, "a block device"), (stat.S_ISDIR, "a directory")):
        if prueba(modo):
            return nombre
    return "a special file"


def _resuelta(archivo: "pathlib.Path | str", raiz: str) -> str:
    """The absolute, resolved path of a file. The walk's paths already are (absolute under the resolved
    root, no symlinked directory followed, a symlinked file confined to its target): only a path that
    is not one of those pays for `resolve`."""
    texto = str(archivo)
    if texto.startswith(raiz + os.sep) and os.path.normpath(texto) == texto and not os.path.islink(texto):
        return texto
    return str(pathlib.Path(archivo).resolve())


class _Fuentes(Mapping[str, bytes]):
    """The bytes of the valid files, for the pre-filter, which reads only those without a forma
    (`verificar` made sure those are loaded: a missing one is an internal error, never empty)."""

    def __init__(self, rels: Sequence[str], datos: dict[str, bytes]) -> None:
        self.rels, self.datos, self._conjunto = rels, datos, frozenset(rels)

    def __getitem__(self, rel: str) -> bytes:
        return self.datos[rel]

    def __iter__(self) -> Iterator[str]:
        return iter(self.rels)

    def __len__(self) -> int:
        return len(self.rels)

    def __contains__(self, rel: object) -> bool:
        return rel in self._conjunto


def extraer(archivos: Sequence[pathlib.Path], raiz: pathlib.Path, *, almacen: Optional[Almacen] = None,
            trabajos: Optional[int] = None, prefiltro: bool = True,
            contexto: Sequence[pathlib.Path] = (), resolucion: Sequence[pathlib.Path] = (),
            limite: float = PRESUPUESTO_POR_ARCHIVO,
            versiones: Optional[dict[str, tuple[int, ...]]] = None,
            typescript: Sequence[pathlib.Path] = (), sitios: Sequence[str] = (),
            typescript_resto: Sequence[pathlib.Path] = ()) -> dict[str, list[dict[str, Any]]]:
    """Parse what can register a tool (each file once) and return the evidence: relation -> rows.

    Tools are searched in `archivos` only; `contexto` (the rest of the configured files, in a
    run over a few files) is read for resolution, so a registration whose server is passed in
    from another file resolves exactly as in the full run, and makes the run partial.
    `resolucion` (the project's files outside the configured paths) is read for resolution too,
    in a run that is still whole. `versiones`: the SDK releases the project pins (`linter/versiones.py`).
    `typescript`: TypeScript/JavaScript MCP server sources of the configured paths, read by the
    TypeScript front end (`linter/ts/`): their tools' registrations, schemas, annotations and responses;
    `typescript_resto`, the project's other TypeScript/JavaScript sources, read where resolution needs
    them (the subclasses of a class-based tool's base), never judged.
    `sitios`: the site-packages directories of the project's venv (`[tool.oracle] venv`), whose
    modules are read for the types a tool's schemas name (`instalados.py`).
    """
    n = trabajos if trabajos is not None else trabajos_por_defecto()
    corrida = Extraccion(raiz, almacen, n, prefiltro, limite, versiones, sitios)
    corrida.leer(archivos, contexto, resolucion)
    try:
        with Reparto(n, UMBRAL_VERIFICAR, preparar=_importar_motor) as reparto:
            validos = corrida.verificar(reparto)
            reparto.umbral, reparto.minimo = UMBRAL_UNIDADES, UNIDADES_POR_TRABAJO * reparto.trabajos
            corrida.estado.guardar(completa=not contexto)
            resultados = corrida.unidades(validos, reparto)
    finally:
        motor = sys.modules.get(f"{__package__}.motor")
        if motor is not None:
            motor.olvidar()  # parsed trees of this run are not kept by a long-lived process
    _fusionar(corrida.salida, resultados, corrida.sin_herramientas(validos, resultados))
    _servidores(corrida.salida, resultados, completa=not contexto)
    if typescript:
        from oracle_lint.linter.ts.evidencia import extraer_ts

        for relacion, filas in extraer_ts(typescript, raiz, resto=typescript_resto).items():
            corrida.salida.filas.setdefault(relacion, []).extend(filas)
    return corrida.salida.ordenadas()


def _relativa(archivo: "pathlib.Path | str", raiz: str) -> str:
    """A file's path relative to the resolved project root `raiz`, with forward slashes (as every row
    writes it); absolute when it lies outside."""
    absoluta = _resuelta(archivo, raiz)
    return absoluta[len(raiz) + 1:].replace(os.sep, "/") if absoluta.startswith(raiz + os.sep) else \
        pathlib.PurePath(absoluta).as_posix()
