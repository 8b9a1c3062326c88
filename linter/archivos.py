"""Which files a run analyzes: the given paths or the configured ones, chosen the way linters
choose them.

- Configured `paths`, minus `exclude`, minus what `.gitignore` files ignore (the project root's and
  every nested one, read with `pathspec`'s git semantics).
- Explicit PATHS (what pre-commit passes) are filtered the same way (ruff's `--force-exclude`, on
  by default): a file outside `paths`, under `exclude` or ignored by git is not analyzed, so the hook
  and `oracle-lint check` agree. `--no-force-exclude` takes explicit files as given.
- Hidden directories, virtual environments (`venv`, `site-packages`), `__pycache__`,
  `node_modules` and `*.egg-info` are never walked; nothing else is skipped by name.

Directories are walked without following symlinked directories (no loops); a symlink that
leaves the project root is refused by `Proyecto.confinar`.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Optional

from oracle_lint.nucleo.errores import ErrorOracle
from oracle_lint.nucleo.proyecto import Proyecto

SALTEADOS = frozenset({"__pycache__", "node_modules", "venv", "site-packages"})
# TypeScript/JavaScript sources, looked for the MCP servers among them (`fuentes_mcp_typescript`, read
# by linter/ts/); `.d.ts` declarations are not sources, nor is the JavaScript a tsconfig.json's outDir holds.
SUFIJOS_TS = (".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs")
SUFIJOS_JS = (".js", ".jsx", ".mjs", ".cjs")
# What makes a TypeScript/JavaScript source a server the front end reads: an import of the SDK's server
# modules or of fastmcp, the SDK's ListTools request schema (a low-level server's list may live in a
# module that imports only the SDK's types, its `Server` passed in), the SDK's high-level server as a
# name imported or built (`{ McpServer }`, `new McpServer`: the SDK's own examples import it
# relatively), or a `.registerTool(` call (tools registered on a server passed in, typed or not). A
# word that merely contains one (`collectMcpServers` in a comment) is not enough.
IMPORTACIONES_TS = (b"@modelcontextprotocol/sdk/server", b"@modelcontextprotocol/server", b'"fastmcp"', b"'fastmcp'",
                    b"ListToolsRequestSchema", b"new McpServer", b" McpServer ", b" McpServer,", b"{McpServer",
                    b",McpServer", b".registerTool(")
# one of these is in every marker above: most sources hold none, and are passed over after five searches
ANCLAS_TS = (b"modelcontextprotocol", b"fastmcp", b"ListToolsRequestSchema", b"McpServer", b".registerTool(")


def es_servidor_ts(datos: bytes) -> bool:
    """Whether a TypeScript/JavaScript source's bytes hold one of `IMPORTACIONES_TS`."""
    return any(a in datos for a in ANCLAS_TS) and any(i in datos for i in IMPORTACIONES_TS)


class Ignorados:
    """The `.gitignore` files from the project root down, each matched relative to its own directory."""

    def __init__(self, raiz: Path) -> None:
        self.raiz = raiz
        self._por_directorio: dict[Path, Any] = {}
        self._por_texto: dict[str, Any] = {}

    def consultados(self) -> list[Path]:
        """Every directory whose `.gitignore` was looked for (found or not)."""
        return list(self._por_directorio)

    def _de(self, directorio: Path) -> Any:
        """The compiled `.gitignore` of one directory, or None (pathspec is imported only when one exists)."""
        if directorio not in self._por_directorio:
            archivo = directorio / ".gitignore"
            try:
                lineas = archivo.read_text(encoding="utf-8").splitlines() if archivo.is_file() else None
            except (OSError, UnicodeDecodeError):
                lineas = None
            if lineas:
                texto = "\n".join(lineas)
                if texto not in self._por_texto:  # a monorepo repeats one template in every package
                    import pathspec

                    self._por_texto[texto] = pathspec.GitIgnoreSpec.from_lines(lineas)
                self._por_directorio[directorio] = self._por_texto[texto]
            else:
                self._por_directorio[directorio] = None
        return self._por_directorio[directorio]

    def ignora(self, ruta: Path, directorio: bool = False, ancestros_vistos: bool = False) -> bool:
        """Whether git would ignore `ruta` (absolute, under the root): the deepest .gitignore that
        decides wins, as in git (a later `!pattern` re-includes). `ancestros_vistos`: the walk already
        pruned ignored directories, so the ancestors need no check of their own."""
        try:
            relativa = ruta.relative_to(self.raiz)
        except ValueError:
            return False
        decision = False
        base = self.raiz
        for i in range(len(relativa.parts)):
            if i:
                base = base / relativa.parts[i - 1]  # one step down: a deep path costs its depth, not its square
            if i and not ancestros_vistos and self._ignorado_el_directorio(base):
                return True  # git does not look inside an ignored directory
            spec = self._de(base)
            if spec is None:
                continue
            sub = Path(*relativa.parts[i:]).as_posix() + ("/" if directorio else "")
            resultado = spec.check_file(sub)
            if resultado.include is not None:
                decision = resultado.include
        return decision

    def _ignorado_el_directorio(self, directorio: Path) -> bool:
        return self.ignora(directorio, directorio=True) if directorio != self.raiz else False

    def cadena(self, directorio: str, padre: Optional[tuple[tuple[Any, str], ...]] = None) -> tuple[tuple[Any, str], ...]:
        """The `.gitignore` specs that decide for the entries of `directorio` (absolute, under the root),
        root first, each with the path from its own directory down to `directorio` ("" or ending in "/").
        `padre`: the parent directory's chain, when the walk has it (one step instead of the whole path)."""
        if padre is None:
            relativa = Path(directorio).relative_to(self.raiz).parts
            actual, cadena = self.raiz, self._propia(self.raiz)
            for parte in relativa:
                actual = actual / parte
                cadena = tuple((s, f"{p}{parte}/") for s, p in cadena) + self._propia(actual)
            return cadena
        nombre = os.path.basename(directorio)
        return tuple((s, f"{p}{nombre}/") for s, p in padre) + self._propia(Path(directorio))

    def _propia(self, directorio: Path) -> tuple[tuple[Any, str], ...]:
        spec = self._de(directorio)
        return () if spec is None else ((spec, ""),)


def _ignorado_en(cadena: tuple[tuple[Any, str], ...], nombre: str, directorio: bool) -> bool:
    """What `Ignorados.ignora` answers for `nombre` in a directory whose chain is `cadena` (its
    ancestors already known not ignored): the deepest spec that decides wins."""
    decision = False
    sufijo = "/" if directorio else ""
    for spec, prefijo in cadena:
        resultado = spec.check_file(f"{prefijo}{nombre}{sufijo}")
        if resultado.include is not None:
            decision = resultado.include
    return decision


def _excluido(ruta: Path, excluidos: Sequence[Path]) -> bool:
    return any(ruta == e or e in ruta.parents for e in excluidos)


def _recorrer(raiz: Path, ilegibles: list[OSError]) -> Iterable[tuple[str, list[str], list[str]]]:
    """`os.walk(raiz, followlinks=False)`, top-down, with an explicit stack: the caller prunes `subdirs`."""
    pila = [str(raiz)]
    while pila:
        actual = pila.pop()
        try:
            with os.scandir(actual) as entradas:
                todas = list(entradas)
        except OSError as error:
            ilegibles.append(error)
            continue
        subdirs, archivos = [], []
        for entrada in todas:
            try:
                es_directorio = entrada.is_dir()
            except OSError as error:  # what cannot even be told a file or a directory was not looked at
                ilegibles.append(error)
                continue
            (subdirs if es_directorio else archivos).append(entrada.name)
        yield actual, subdirs, archivos
        pila.extend(os.path.join(actual, d) for d in reversed(subdirs) if not os.path.islink(os.path.join(actual, d)))


@dataclass
class Recorrido:
    """What a walk looked at, for a later run to tell it would find the same files (caminata.py):
    every directory listed, and whether a symlinked file was kept (its target is confined anew each walk)."""

    directorios: list[str] = field(default_factory=list)
    enlaces: bool = False


def _caminar(proyecto: Proyecto, directorio: Path, excluidos: Sequence[Path], ignorados: Ignorados,
             ilegibles: list[OSError], recorrido: Optional[Recorrido] = None,
             sufijos: tuple[str, ...] = (".py",)) -> Iterable[Path]:
    """The files with one of `sufijos` (.py) under `directorio`; a directory that cannot be listed is kept in `ilegibles`.
    Iterative (`os.walk` recurses, and a tree 1,100 directories deep exhausted the stack). Paths stay
    strings until a file is kept: the walk prunes excluded and ignored directories, so below the start
    only an entry itself can be excluded, and each directory's `.gitignore` chain is built once."""
    if _excluido(directorio, excluidos):
        return
    fuera = frozenset(str(e) for e in excluidos)
    cadenas = {str(directorio): ignorados.cadena(str(directorio))}
    for actual, subdirs, archivos in _recorrer(directorio, ilegibles):
        cadena = cadenas.pop(actual)
        if recorrido is not None:
            recorrido.directorios.append(actual)
        subdirs[:] = sorted(
            d
            for d in subdirs
            if not d.startswith(".") and d not in SALTEADOS and not d.endswith(".egg-info")
            and not os.path.islink(os.path.join(actual, d)) and os.path.join(actual, d) not in fuera
            and not _ignorado_en(cadena, d, directorio=True)
        )
        for d in subdirs:
            cadenas[os.path.join(actual, d)] = ignorados.cadena(os.path.join(actual, d), cadena)
        for nombre in sorted(archivos):
            if not nombre.endswith(sufijos) or nombre.endswith(".d.ts"):
                continue
            ruta = os.path.join(actual, nombre)
            if ruta not in fuera and not _ignorado_en(cadena, nombre, directorio=False):
                # A symlinked file is confined like an explicit path: one that leaves the root is refused.
                if os.path.islink(ruta):
                    if recorrido is not None:
                        recorrido.enlaces = True
                    yield proyecto.confinar(Path(ruta))
                else:
                    yield Path(ruta)


def _en_paths(proyecto: Proyecto, ruta: Path) -> bool:
    return any(ruta == p or p in ruta.parents for p in proyecto.paths)


def archivos_a_analizar(proyecto: Proyecto, rutas: Sequence[Path] | None, *, forzar_exclusion: bool = True,
                        recorrido: Optional[Recorrido] = None) -> list[Path]:
    """Absolute, resolved, sorted .py files of this run (explicit ones filtered like the configured
    ones unless `forzar_exclusion` is off). `recorrido` collects what the walk of the configured paths
    looked at (`rutas` None): the directories listed and those whose `.gitignore` was read."""
    excluidos = [proyecto.confinar(Path(e)) for e in proyecto.config.exclude]
    ignorados = Ignorados(proyecto.raiz)
    ilegibles: list[OSError] = []
    elegidas: set[Path] = set()
    if rutas:
        for ruta in rutas:
            absoluta = proyecto.confinar(ruta if ruta.is_absolute() else Path.cwd() / ruta)
            if not absoluta.exists():
                raise ErrorOracle(
                    "ARGUMENTOS_INVALIDOS",
                    f"{ruta}: no such file or directory.",
                    campo="PATHS",
                    correccion="pass existing paths, or none to analyze the configured paths.",
                )
            if forzar_exclusion and (not _en_paths(proyecto, absoluta) and not any(absoluta in p.parents for p in proyecto.paths)
                                     or _excluido(absoluta, excluidos) or ignorados.ignora(absoluta, absoluta.is_dir())):
                continue
            if absoluta.is_dir():
                for encontrada in _caminar(proyecto, absoluta, excluidos if forzar_exclusion else [], ignorados, ilegibles):
                    if not forzar_exclusion or _en_paths(proyecto, encontrada):
                        elegidas.add(encontrada)
            elif absoluta.is_file() and absoluta.suffix == ".py":
                elegidas.add(absoluta)
    else:
        elegidas.update(_de_los_paths(proyecto, excluidos, ignorados, ilegibles, recorrido))
        if recorrido is not None:
            recorrido.directorios.extend(str(d) for d in ignorados.consultados())
    if ilegibles:
        raise _ilegibles(proyecto, ilegibles)
    return sorted(elegidas)


def _de_los_paths(proyecto: Proyecto, excluidos: Sequence[Path], ignorados: Ignorados, ilegibles: list[OSError],
                  recorrido: Optional[Recorrido] = None, sufijos: tuple[str, ...] = (".py",)) -> Iterable[Path]:
    """The configured paths' files: each directory walked for `sufijos`, each configured file as it is."""
    for base in proyecto.paths:
        if base.is_dir():
            yield from _caminar(proyecto, base, excluidos, ignorados, ilegibles, recorrido, sufijos)
        elif base.is_file():
            yield base


def fuentes_mcp_typescript(proyecto: Proyecto) -> list[Path]:
    """TypeScript/JavaScript files of the configured paths (walked as Python files are) that are MCP
    servers (`es_servidor_ts`): the ones the TypeScript front end judges."""
    return fuentes_typescript(proyecto)[0]


def fuentes_typescript(proyecto: Proyecto) -> tuple[list[Path], list[Path]]:
    """(the MCP servers, the other sources) among the TypeScript/JavaScript files of the configured
    paths: the servers (`es_servidor_ts`: an SDK server or fastmcp import, McpServer, registerTool,
    ListToolsRequestSchema) are judged; the others are read only where resolution needs them (the
    subclasses of a class-based tool's base, a wrapper's calls). JavaScript
    under the `outDir` of a tsconfig.json of the walk is its compiled output, not a source (it would
    publish every tool twice); declaration files are no sources. Sorted; a file or directory that
    cannot be read is passed over."""
    from oracle_lint.linter.ts.tsconfig import directorio_de_salida

    excluidos = [proyecto.confinar(Path(e)) for e in proyecto.config.exclude]
    halladas: set[Path] = set()
    otras: set[Path] = set()
    salidas: set[Path] = set()
    for ruta in _de_los_paths(proyecto, excluidos, Ignorados(proyecto.raiz), [], sufijos=SUFIJOS_TS + ("tsconfig.json",)):
        if ruta.name == "tsconfig.json":
            salida = directorio_de_salida(ruta)
            if salida is not None and salida != ruta.parent.resolve():
                salidas.add(salida)
            continue
        if not ruta.name.endswith(SUFIJOS_TS) or ruta.name.endswith(".d.ts"):
            continue  # a configured file of another kind
        try:
            datos = ruta.read_bytes()
        except OSError:
            continue
        (halladas if es_servidor_ts(datos) else otras).add(ruta)
    fuera = [r for r in halladas | otras if r.name.endswith(SUFIJOS_JS) and _dentro(r, salidas)] if salidas else []
    return sorted(halladas.difference(fuera)), sorted(otras.difference(fuera), key=str)


def _dentro(ruta: Path, directorios: set[Path]) -> bool:
    """Whether `ruta` lies under one of `directorios`."""
    resuelta = ruta.resolve()
    return any(d in resuelta.parents for d in directorios)


def _ilegibles(proyecto: Proyecto, errores: Sequence[OSError], buscando_proyectos: bool = False) -> ErrorOracle:
    """Directories the walk could not list: their files were not read (or, `buscando_proyectos`, a
    monorepo's projects were not all found), so the run has no verdict."""
    detalles = [f"{proyecto.presentar_ruta(Path(e.filename)) if e.filename else '?'}: {e.strerror or e}" for e in errores]
    n = len(errores)
    if buscando_proyectos:
        return ErrorOracle(
            "ARCHIVOS_ILEGIBLES",
            f"{n} directorio{'s' if n != 1 else ''} bajo la raíz no se {'pueden' if n != 1 else 'puede'} listar: no se "
            "sabe si hay proyectos ahí.",
            detalles=detalles,
            correccion="dá permiso de lectura, o corré oracle-lint en cada proyecto con --project.",
            mensaje_en=f"{n} director{'ies' if n != 1 else 'y'} under this monorepo root cannot be listed, so whether "
                       "a project lies there cannot be told.",
            correccion_en="make them readable, or run oracle-lint on each project with --project.",
        )
    return ErrorOracle(
        "ARCHIVOS_ILEGIBLES",
        f"{n} directorio{'s' if n != 1 else ''} bajo las rutas analizadas no se {'pueden' if n != 1 else 'puede'} listar: "
        "sus archivos no se leyeron.",
        detalles=detalles,
        correccion="dá permiso de lectura, o excluí esos directorios en exclude.",
        mensaje_en=f"{n} director{'ies' if n != 1 else 'y'} under the analyzed paths cannot be listed, so "
                   f"{'their' if n != 1 else 'its'} files were not read.",
        correccion_en="make them readable, or list them in exclude.",
    )


def proyectos_debajo(raiz: Path, configurado: Callable[[Path], bool]) -> list[Path]:
    """The directories strictly under `raiz` that `configurado` accepts (a monorepo's projects), sorted.
    The walk skips what the analysis skips (hidden, ignored, virtual environments, symbolic links) and
    does not enter a project it found: a project's own tree is its business. A directory it cannot
    list is ARCHIVOS_ILEGIBLES: a project there would be missed, never silently."""
    ignorados = Ignorados(raiz)
    hallados: list[Path] = []
    ilegibles: list[OSError] = []
    cadenas = {str(raiz): ignorados.cadena(str(raiz))}
    for actual, subdirs, _ in _recorrer(raiz, ilegibles):
        cadena = cadenas.pop(actual)
        if actual != str(raiz) and configurado(Path(actual)):
            hallados.append(Path(actual))
            subdirs[:] = []
            continue
        subdirs[:] = sorted(
            d for d in subdirs
            if not d.startswith(".") and d not in SALTEADOS and not d.endswith(".egg-info")
            and not os.path.islink(os.path.join(actual, d)) and not _ignorado_en(cadena, d, directorio=True)
            and not os.path.isfile(os.path.join(actual, d, "pyvenv.cfg"))
        )
        for d in subdirs:
            cadenas[os.path.join(actual, d)] = ignorados.cadena(os.path.join(actual, d), cadena)
    if ilegibles:
        raise _ilegibles(Proyecto(raiz), ilegibles, buscando_proyectos=True)
    return sorted(hallados)
