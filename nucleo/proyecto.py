"""The project: a root resolved once, its configuration, identity and confinement.

`Proyecto(raiz)` resolves the physical root a single time, reads `[tool.oracle]` (or
`oracle.json`), and refuses any configured path or symlink that leaves the root. After
construction nothing about it changes.
"""

from __future__ import annotations

import dataclasses
import os
import stat
from pathlib import Path

from oracle_lint.nucleo.config import (
    DIRECTORIOS,
    ORACLE_JSON,
    POR_OMISION,
    PYPROJECT,
    Config,
    cargar_config,
    tiene_tool_oracle,
)
from oracle_lint.nucleo.errores import ErrorOracle, proyecto_invalido


class Proyecto:
    """A project fixed at its canonical root; read-only after construction."""

    __slots__ = ("raiz", "config", "nombre", "confiar_escalares", "archivos_config", "_dirs", "_rutas")

    raiz: Path
    config: Config
    nombre: str
    confiar_escalares: bool
    archivos_config: tuple[Path, ...]

    def __init__(self, raiz: Path | str, *, confiar_escalares: bool = False) -> None:
        resuelta = _resolver_raiz(Path(raiz))
        object.__setattr__(self, "raiz", resuelta)
        for nombre in (PYPROJECT, ORACLE_JSON):
            if os.path.islink(os.path.join(resuelta, nombre)):
                self.confinar(resuelta / nombre)
        leida = cargar_config(resuelta)
        object.__setattr__(self, "config", leida.config)
        object.__setattr__(self, "nombre", leida.nombre or resuelta.name)
        object.__setattr__(self, "confiar_escalares", confiar_escalares)
        object.__setattr__(self, "archivos_config", tuple(leida.archivos))
        object.__setattr__(self, "_dirs", _directorios(self))
        object.__setattr__(self, "_rutas", {})  # Path objects of `_dirs`, built on first use

    def __setattr__(self, nombre: str, valor: object) -> None:
        raise AttributeError("Proyecto is read-only")

    def __repr__(self) -> str:
        return f"Proyecto({str(self.raiz)!r}, nombre={self.nombre!r})"

    def invalido(self, motivo: str, correccion: str = "", motivo_en: str = "", correccion_en: str = "") -> ErrorOracle:
        """A PROYECTO_INVALIDO error about this root (Spanish for the MCP server, English for the CLIs)."""
        return proyecto_invalido(str(self.raiz), motivo, correccion, motivo_en, correccion_en)

    def confinar(self, ruta: Path) -> Path:
        """Resolve `ruta` (relative to the root or absolute) and refuse it when it leaves the root."""
        if not ruta.is_absolute():
            directa = _bajo_la_raiz(str(self.raiz), str(ruta))
            if directa is not None:
                return Path(directa[0])
        candidata = ruta if ruta.is_absolute() else self.raiz / ruta
        resuelta = candidata.resolve()
        if resuelta != self.raiz and self.raiz not in resuelta.parents:
            raise self.invalido(
                f"{self.presentar_ruta(candidata)} resuelve a {resuelta}, fuera de la raíz",
                "dejá cada ruta configurada y cada enlace simbólico dentro del proyecto.",
                f"{self.presentar_ruta(candidata)} resolves to {resuelta}, outside the project root",
                "keep every configured path and every symbolic link inside the project.",
            )
        return resuelta

    def directorio(self, clave: str) -> Path:
        """The resolved path of one configured directory (listas, medidas, corpus, diferencial, macros)."""
        ruta = self._rutas.get(clave)
        if ruta is None:
            ruta = self._rutas[clave] = Path(self._dirs[clave])
        return ruta

    def directorio_texto(self, clave: str) -> str:
        """`str(self.directorio(clave))`, without building the Path."""
        return self._dirs[clave]

    @property
    def dir_medidas(self) -> Path:
        """The project's own measures directory."""
        return self.directorio("medidas")

    @property
    def dir_macros(self) -> Path:
        """The project's macros directory."""
        return self.directorio("macros")

    @property
    def dir_corpus(self) -> Path:
        """The project's corpus directory."""
        return self.directorio("corpus")

    @property
    def dir_diferencial(self) -> Path:
        """The project's diferencial directory."""
        return self.directorio("diferencial")

    @property
    def dir_listas(self) -> Path:
        """The project's shrink-only lists directory."""
        return self.directorio("listas")

    @property
    def paths(self) -> tuple[Path, ...]:
        """The resolved paths the analyzer looks at."""
        return tuple(self.confinar(Path(p)) for p in self.config.paths)

    def con_paths(self, paths: tuple[str, ...]) -> "Proyecto":
        """The same project with other configured `paths` (everything else as read): the analyzer's
        view of the whole tree, whose files `paths` leaves out it reads to resolve imports."""
        copia = object.__new__(Proyecto)
        for nombre in self.__slots__:
            object.__setattr__(copia, nombre, getattr(self, nombre))
        object.__setattr__(copia, "config", dataclasses.replace(self.config, paths=paths))
        object.__setattr__(copia, "_rutas", {})
        return copia

    def presentar_ruta(self, ruta: Path) -> str:
        """A path relative to the root (POSIX) when inside it, else absolute."""
        return presentar_ruta(self.raiz, ruta)


def presentar_ruta(raiz: Path, ruta: Path) -> str:
    """`ruta` relative to `raiz` (POSIX) when inside it, else absolute: a pure function of the two."""
    if os.name == "posix":  # both are normalized, so a prefix of components is a prefix of text
        texto, base = str(ruta), str(raiz)
        if texto == base:
            return "."
        if base != "/" and texto.startswith(base + "/"):
            return texto[len(base) + 1:]
        if base != "/" and ruta.is_absolute():
            return texto
    try:
        return ruta.relative_to(raiz).as_posix() or "."
    except ValueError:
        return str(ruta)


def _resolver_raiz(raiz: Path) -> Path:
    try:
        resuelta = raiz.resolve(strict=True)
    except (OSError, RuntimeError) as error:
        raise proyecto_invalido(str(raiz), f"la raíz no existe o no se puede resolver ({error.__class__.__name__})",
                                "pasá la ruta de un directorio existente.",
                                f"the root does not exist or cannot be resolved ({error.__class__.__name__})",
                                "pass the path of an existing directory.")
    if not resuelta.is_dir():
        raise proyecto_invalido(str(resuelta), "la raíz no es un directorio", "pasá la ruta de un directorio.",
                                "the root is not a directory", "pass the path of a directory.")
    return resuelta


def _bajo_la_raiz(raiz: str, relativa: str) -> tuple[str, int | None] | None:
    """`(raiz / relativa).resolve()` without re-resolving the root, or None when it needs the full walk.

    The root is already physical, so for a relative path with no `..` whose components below
    the root are not symbolic links, resolving just appends them (a missing component ends the
    walk, as `resolve()` does). An absolute path, any `..` or link, or a non-POSIX system
    answers None. Components are split as `Path(relativa).parts` would split them. With the
    path comes the `st_mode` of its last component (None when it does not exist).
    """
    if os.name != "posix" or relativa.startswith("/"):
        return None
    partes = [p for p in relativa.split("/") if p and p != "."]
    if ".." in partes:
        return None
    actual = raiz
    modo: int | None = None
    for i, parte in enumerate(partes):
        actual = f"{actual}/{parte}" if actual != "/" else f"/{parte}"
        try:
            modo = os.lstat(actual).st_mode
        except OSError:
            return "/".join((actual, *partes[i + 1:])), None
        if stat.S_ISLNK(modo):
            return None
    return actual, modo if partes else stat.S_IFDIR


def _confinar_texto(proyecto: Proyecto, raiz: str, texto: str) -> tuple[str, int | None]:
    """`str(proyecto.confinar(Path(texto)))` on strings when the path is plain, with its st_mode if known.

    A path that needed the full walk reports -1: "not known, look".
    """
    directa = _bajo_la_raiz(raiz, texto)
    return directa if directa is not None else (str(proyecto.confinar(Path(texto))), -1)


def _directorios(proyecto: Proyecto) -> dict[str, str]:
    config = proyecto.config
    raiz = str(proyecto.raiz)
    dirs: dict[str, str] = {}
    for clave in DIRECTORIOS:
        ruta, modo = _confinar_texto(proyecto, raiz, getattr(config, clave))
        _exigir_si_explicita(proyecto, clave, ruta)
        if modo is not None and (modo == -1 or stat.S_ISDIR(modo)):  # nothing to check in what is not a directory
            _sin_enlaces_afuera(proyecto, ruta)
        dirs[clave] = ruta
    for texto in config.exclude:
        _confinar_texto(proyecto, raiz, texto)
    for texto in config.paths:
        ruta, modo = _confinar_texto(proyecto, raiz, texto)
        if modo is None or (modo == -1 and not os.path.exists(ruta)):
            raise proyecto.invalido(f"paths: «{texto}» no existe", "corregí paths o creá la ruta.",
                                    f"paths: «{texto}» does not exist", "correct paths, or create the path.")
    return dirs


def _exigir_si_explicita(proyecto: Proyecto, clave: str, ruta: str) -> None:
    """A directory configured with a non-default name must exist (a typo must not read as 'empty')."""
    valor = getattr(proyecto.config, clave)
    if clave in proyecto.config.explicitas and valor != POR_OMISION[clave] and not os.path.isdir(ruta):
        raise proyecto.invalido(
            f"{clave}: «{getattr(proyecto.config, clave)}» no es un directorio existente",
            f"creá el directorio o corregí {clave} en la configuración.",
            f"{clave}: «{getattr(proyecto.config, clave)}» is not an existing directory",
            f"create the directory, or correct {clave} in the configuration.",
        )


def _sin_enlaces_afuera(proyecto: Proyecto, directorio: str) -> None:
    """Refuse any symbolic link under `directorio` that resolves outside the root (links are not followed)."""
    pendientes = [directorio]
    while pendientes:
        actual = pendientes.pop()
        try:
            with os.scandir(actual) as lista:
                entradas = sorted(lista, key=lambda e: e.name)
        except OSError:
            continue
        subdirectorios = []
        for entrada in entradas:
            if entrada.is_symlink():
                proyecto.confinar(Path(entrada.path))
            elif entrada.is_dir(follow_symlinks=False):
                subdirectorios.append(entrada.path)
        pendientes.extend(reversed(subdirectorios))


def encontrar_raiz(desde: Path) -> Path:
    """The nearest directory upward from `desde` configured for Oracle, else `desde` itself."""
    return raiz_configurada(desde) or desde.resolve()


def raiz_configurada(desde: Path) -> Path | None:
    """The nearest directory upward from `desde` (a directory or a file) with oracle.json or a
    pyproject.toml holding [tool.oracle], or None."""
    inicio = desde.resolve()
    for candidato in (inicio, *inicio.parents):
        if configurada(candidato):
            return candidato
    return None


def configurada(directorio: Path) -> bool:
    """Whether `directorio` is configured for Oracle: oracle.json, or a pyproject.toml with [tool.oracle]."""
    if (directorio / ORACLE_JSON).is_file():
        return True
    pyproject = directorio / PYPROJECT
    return pyproject.is_file() and tiene_tool_oracle(pyproject)
