"""Catalog sources and jurisdiction: which measures are loaded, and which bind this project.

Sources, in order: `catalogo_base:oracle` (rules/*.toml), `perfil:<id>` (rules/perfiles),
`biblioteca:<id>` (entry points in `oracle.bibliotecas`), `proyecto` (the project's
`medidas/`). A duplicate id is CATALOGO_INVALIDO naming both sources; a source that fails
to load fails the whole catalog. `catalogo_efectivo` is the one authority for "which
measures bind here".
"""

from __future__ import annotations

import functools
import importlib
import os
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType, ModuleType
from typing import Any

from oracle_lint.nucleo.config import normalizar_nombre
from oracle_lint.nucleo.errores import catalogo_invalido, medida_desconocida, medida_no_efectiva
from oracle_lint.nucleo.lectura import leer_texto
from oracle_lint.nucleo.escalares import Escalares, cargar_escalares, verificar_escalares
from oracle_lint.nucleo.medida import Medida, macros_de_texto, medidas_de_catalogo
from oracle_lint.nucleo.proyecto import Proyecto, presentar_ruta

DISTRIBUCION_ORACLE = "oracle-lint"
GRUPO_BIBLIOTECAS = "oracle.bibliotecas"
CLASES = ("catalogo_base", "perfil", "biblioteca", "proyecto")


@dataclass(frozen=True)
class Origen:
    """Where a measure comes from, and who publishes it (a normalised distribution name)."""

    clase: str
    identificador: str | None
    distribucion: str

    def __str__(self) -> str:
        if self.clase == "proyecto":
            return "proyecto"
        if self.clase == "catalogo_base":
            return "catalogo_base:oracle"
        return f"{self.clase}:{self.identificador}"


@dataclass(frozen=True)
class Entrada:
    """One loaded measure with its origin and the file that defines it."""

    medida: Medida
    origen: Origen
    ruta: Path


@dataclass(frozen=True)
class CatalogoCargado:
    """Every measure of every selected source, in source order, and the files read."""

    entradas: tuple[Entrada, ...]
    archivos: tuple[Path, ...]
    escalares: Escalares


@dataclass(frozen=True, eq=False)
class Catalogo(Mapping[str, Entrada]):
    """The effective catalog: id -> Entrada (iteration sorted by id), plus the excluded ones."""

    proyecto: str
    efectivas: Mapping[str, Entrada]
    excluidas: Mapping[str, Entrada]
    archivos: tuple[Path, ...] = ()
    escalares: Escalares = field(default_factory=Escalares)

    def __getitem__(self, ident: str) -> Entrada:
        return self.efectivas[ident]

    def __iter__(self) -> Iterator[str]:
        return iter(sorted(self.efectivas))

    def __len__(self) -> int:
        return len(self.efectivas)

    def obtener(self, ident: str) -> Entrada:
        """The effective entry, or MEDIDA_NO_EFECTIVA (excluded by ambito) / MEDIDA_DESCONOCIDA."""
        if ident in self.efectivas:
            return self.efectivas[ident]
        if ident in self.excluidas:
            entrada = self.excluidas[ident]
            raise medida_no_efectiva(ident, str(entrada.origen), entrada.medida.ambito, self.proyecto)
        raise medida_desconocida(ident)

    def excluidas_ordenadas(self) -> tuple[Entrada, ...]:
        """The loaded-but-excluded entries, sorted by id."""
        return tuple(self.excluidas[i] for i in sorted(self.excluidas))


def directorio_rules() -> Path:
    """The data directory of the installed `rules` package (base catalog and profiles)."""
    paquete = importlib.import_module("oracle_lint.rules")
    return _directorio_unico(tuple(str(p) for p in paquete.__path__))


@functools.lru_cache(maxsize=8)
def _directorio_unico(rutas: tuple[str, ...]) -> Path:
    """The one real directory among a package's path entries (an editable install adds a path hook).

    Memoized on the entries: where an imported package lives does not change while they do not,
    and its files are still listed and read on every load.
    """
    reales = sorted({str(Path(p).resolve()) for p in rutas if Path(p).is_dir()})
    if len(reales) != 1:
        raise catalogo_invalido("catalogo_base:oracle", f"el paquete rules no tiene un único directorio ({reales})",
                                motivo_en=f"the rules package does not have exactly one directory ({reales})")
    return Path(reales[0])


def _nombres_toml(directorio: str, origen: str, *, solo_archivos: bool = False) -> list[str]:
    """The paths of the `*.toml` entries of `directorio`, sorted by name; [] when it is not a directory.

    A directory that exists but cannot be listed is CATALOGO_INVALIDO: "could not look" is
    never read as "no measures". Paths stay strings until a load needs Path objects.
    """
    try:
        with os.scandir(directorio) as lista:
            nombres = sorted(e.name for e in lista if e.name.endswith(".toml") and (not solo_archivos or e.is_file()))
    except (NotADirectoryError, FileNotFoundError):
        return []
    except OSError as error:
        raise catalogo_invalido(origen, f"no se pudo listar {directorio} ({error.__class__.__name__})",
                                motivo_en=f"{directorio} cannot be listed ({error.__class__.__name__})")
    return [os.path.join(directorio, n) for n in nombres]


def _tomls(directorio: Path, origen: str) -> list[str]:
    return _nombres_toml(str(directorio), origen, solo_archivos=True)


def _leer(origen: Origen, ruta: str, proyecto: Proyecto) -> str:
    try:
        return leer_texto(ruta)
    except (OSError, UnicodeDecodeError) as error:
        presentada = presentar_ruta(proyecto.raiz, Path(ruta))
        raise catalogo_invalido(str(origen), f"no se pudo leer {presentada} ({error.__class__.__name__})",
                                motivo_en=f"{presentada} cannot be read ({error.__class__.__name__})")


Leidos = tuple[tuple[str, str], ...]
"""Files as read in this call: (path, text), in load order."""


def _macros_de(raiz: Path, leidos: tuple[tuple[Path, str], ...]) -> dict[str, str]:
    """The project's macros from its macros files' texts; a name in two files is CATALOGO_INVALIDO."""
    macros: dict[str, str] = {}
    donde: dict[str, str] = {}
    for ruta, texto in leidos:
        fuente = presentar_ruta(raiz, ruta)
        for nombre, expresion in macros_de_texto(texto, fuente=fuente).items():
            if nombre in macros:
                raise catalogo_invalido("proyecto", f"la macro «{nombre}» está en {donde[nombre]} y en {fuente}",
                                        motivo_en=f"the macro «{nombre}» is in both {donde[nombre]} and {fuente}")
            macros[nombre] = expresion
            donde[nombre] = fuente
    return macros


def macros_del_proyecto(proyecto: Proyecto) -> tuple[dict[str, str], list[Path]]:
    """The project's macros (from its `macros` directory) and the files they came from."""
    origen = Origen("proyecto", None, proyecto.nombre)
    archivos = [Path(r) for r in _nombres_toml(proyecto.directorio_texto("macros"), "proyecto")]
    return _macros_de(proyecto.raiz, tuple((r, _leer(origen, str(r), proyecto)) for r in archivos)), archivos


@dataclass(frozen=True)
class _Cargado:
    """What loading computes from the texts just read (no I/O, no scalars): entries, files, jurisdiction."""

    entradas: tuple[Entrada, ...]
    rutas: tuple[Path, ...]
    efectivas: Mapping[str, Entrada]
    excluidas: Mapping[str, Entrada]


@functools.lru_cache(maxsize=32)
def _entradas(raiz: Path, nombre: str, macros_leidos: Leidos, fuentes: tuple[tuple[Origen, Leidos], ...]) -> _Cargado:
    """Every measure of every source given the texts just read, the files they came from, in order,
    and which of them bind the project called `nombre` (`obliga`).

    A pure function of its arguments, memoized on them (every file is still listed and read on
    every load, and a changed byte is a new key), so the memo never answers for another state of
    the tree; entries and measures are immutable. Raises as loading does: a malformed macro or
    measure, or an id defined twice.
    """
    macros = _macros_de(raiz, tuple((Path(r), t) for r, t in macros_leidos))
    entradas: list[Entrada] = []
    rutas: list[Path] = [Path(r) for r, _ in macros_leidos]
    for origen, leidos in fuentes:
        for texto_ruta, texto in leidos:
            ruta = Path(texto_ruta)
            rutas.append(ruta)
            for medida in medidas_de_catalogo(texto, fuente=presentar_ruta(raiz, ruta), macros=macros):
                entradas.append(Entrada(medida, origen, ruta))
    vistas: dict[str, Entrada] = {}
    for entrada in entradas:
        previa = vistas.get(entrada.medida.id)
        if previa is not None:
            raise catalogo_invalido(
                str(entrada.origen),
                f"el id «{entrada.medida.id}» está en {previa.origen} ({presentar_ruta(raiz, previa.ruta)}) "
                f"y en {entrada.origen} ({presentar_ruta(raiz, entrada.ruta)}); ninguno tiene precedencia",
                motivo_en=f"the id «{entrada.medida.id}» is in both {previa.origen} ({presentar_ruta(raiz, previa.ruta)}) "
                f"and {entrada.origen} ({presentar_ruta(raiz, entrada.ruta)}); neither takes precedence",
            )
        vistas[entrada.medida.id] = entrada
    efectivas: dict[str, Entrada] = {}
    excluidas: dict[str, Entrada] = {}
    for entrada in entradas:
        (efectivas if _obliga(entrada, nombre) else excluidas)[entrada.medida.id] = entrada
    return _Cargado(tuple(entradas), tuple(rutas), MappingProxyType(efectivas), MappingProxyType(excluidas))


def _fuente_base(proyecto: Proyecto) -> tuple[Origen, list[str]]:
    origen = Origen("catalogo_base", "oracle", DISTRIBUCION_ORACLE)
    try:
        raiz = directorio_rules()
    except (ModuleNotFoundError, TypeError) as error:
        raise catalogo_invalido(str(origen), f"el paquete rules no está instalado ({error})",
                                motivo_en=f"the rules package is not installed ({error})")
    if not raiz.is_dir():
        raise catalogo_invalido(str(origen), f"el directorio del paquete rules ({raiz}) ya no existe",
                                motivo_en=f"the directory of the rules package ({raiz}) no longer exists")
    return origen, _tomls(raiz, str(origen))


def _fuente_perfil(proyecto: Proyecto, perfil: str) -> tuple[Origen, list[str]]:
    origen = Origen("perfil", perfil, DISTRIBUCION_ORACLE)
    disponibles = _tomls(directorio_rules() / "perfiles", str(origen))
    for ruta in disponibles:
        if Path(ruta).stem == perfil:
            return origen, [ruta]
    nombres = ", ".join(Path(p).stem for p in disponibles)
    raise catalogo_invalido(str(origen), f"el perfil «{perfil}» no existe; perfiles disponibles: {nombres or 'ninguno'}",
                            motivo_en=f"the profile «{perfil}» does not exist; available profiles: {nombres or 'none'}")


def _directorio_de_objeto(objeto: Any) -> Path | None:
    if isinstance(objeto, (str, Path)):
        return Path(objeto)
    if isinstance(objeto, ModuleType):
        archivo = getattr(objeto, "__file__", None)
        if archivo:
            return Path(archivo).parent
        rutas = list(getattr(objeto, "__path__", []))
        if len(rutas) == 1:
            return Path(rutas[0])
    return None


def _fuente_biblioteca(proyecto: Proyecto, nombre: str) -> tuple[Origen, list[str]]:
    from importlib import metadata  # only projects that name a library pay for it

    etiqueta = f"biblioteca:{nombre}"
    puntos = [ep for ep in metadata.entry_points(group=GRUPO_BIBLIOTECAS) if ep.name == nombre]
    distribuciones = sorted({normalizar_nombre(ep.dist.name) if ep.dist else "?" for ep in puntos})
    if not puntos:
        raise catalogo_invalido(etiqueta, f"no hay una biblioteca instalada con ese nombre en el grupo {GRUPO_BIBLIOTECAS}",
                                motivo_en=f"no installed library has that name in the group {GRUPO_BIBLIOTECAS}")
    if len(puntos) > 1:
        raise catalogo_invalido(etiqueta, f"la publican varias distribuciones ({', '.join(distribuciones)})",
                                motivo_en=f"several distributions publish it ({', '.join(distribuciones)})")
    punto = puntos[0]
    if punto.dist is None:
        raise catalogo_invalido(etiqueta, "no se pudo saber qué distribución la publica",
                                motivo_en="the distribution that publishes it cannot be told")
    origen = Origen("biblioteca", nombre, normalizar_nombre(punto.dist.name))
    try:
        objeto = punto.load()
    except Exception as error:  # a third-party import failing is reported, never swallowed
        raise catalogo_invalido(etiqueta, f"no se pudo cargar {punto.value} ({error.__class__.__name__}: {error})",
                                motivo_en=f"{punto.value} cannot be loaded ({error.__class__.__name__}: {error})")
    directorio = _directorio_de_objeto(objeto)
    if directorio is None or not directorio.is_dir():
        raise catalogo_invalido(etiqueta, f"{punto.value} no es un módulo ni una ruta a un directorio de catálogos",
                                motivo_en=f"{punto.value} is neither a module nor a path to a directory of catalogs")
    archivos = sorted(directorio.glob("*.toml"), key=lambda p: p.name)
    if not archivos:
        raise catalogo_invalido(etiqueta, f"{directorio} no contiene archivos *.toml",
                                motivo_en=f"{directorio} holds no *.toml files")
    return origen, [str(a) for a in archivos]


def _fuente_proyecto(proyecto: Proyecto) -> tuple[Origen, list[str]]:
    return Origen("proyecto", None, proyecto.nombre), _nombres_toml(proyecto.directorio_texto("medidas"), "proyecto")


def _fuentes(proyecto: Proyecto) -> list[tuple[Origen, list[str]]]:
    fuentes = [_fuente_base(proyecto)]
    fuentes.extend(_fuente_perfil(proyecto, p) for p in proyecto.config.perfiles)
    fuentes.extend(_fuente_biblioteca(proyecto, b) for b in proyecto.config.bibliotecas)
    fuentes.append(_fuente_proyecto(proyecto))
    return fuentes


def _cargar(proyecto: Proyecto) -> tuple[_Cargado, tuple[Path, ...], Escalares]:
    """List and read every selected source, then compute (memoized on the texts) and check scalars."""
    origen_proyecto = Origen("proyecto", None, proyecto.nombre)
    archivos_macros = _nombres_toml(proyecto.directorio_texto("macros"), "proyecto")
    macros = tuple((r, _leer(origen_proyecto, r, proyecto)) for r in archivos_macros)
    fuentes = tuple((origen, tuple((r, _leer(origen, r, proyecto)) for r in rutas)) for origen, rutas in _fuentes(proyecto))
    cargado = _entradas(proyecto.raiz, proyecto.nombre, macros, fuentes)
    escalares = cargar_escalares(proyecto.raiz, proyecto.confiar_escalares)
    for entrada in cargado.entradas:
        verificar_escalares(entrada.medida, escalares)
    archivos = [*proyecto.archivos_config, *cargado.rutas]
    if escalares.archivo is not None:
        archivos.append(Path(escalares.archivo))
    return cargado, tuple(archivos), escalares


def catalogo_cargado(proyecto: Proyecto) -> CatalogoCargado:
    """Load every selected source; any failure raises, never a partial catalog."""
    cargado, archivos, escalares = _cargar(proyecto)
    return CatalogoCargado(cargado.entradas, archivos, escalares)


def _obliga(entrada: Entrada, nombre: str) -> bool:
    if entrada.medida.ambito != "del_origen":
        return True
    return entrada.origen.clase == "proyecto" or entrada.origen.distribucion == nombre


def obliga(entrada: Entrada, proyecto: Proyecto) -> bool:
    """Whether a loaded measure binds this project: universal always, del_origen only its publisher's."""
    return _obliga(entrada, proyecto.nombre)


def catalogo_efectivo(proyecto: Proyecto) -> Catalogo:
    """The measures that bind this project (the one authority for it), and the excluded ones."""
    cargado, archivos, escalares = _cargar(proyecto)
    return Catalogo(
        proyecto=str(proyecto.raiz),
        efectivas=cargado.efectivas,
        excluidas=cargado.excluidas,
        archivos=archivos,
        escalares=escalares,
    )
