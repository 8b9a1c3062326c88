"""Project configuration: `[tool.oracle]` of pyproject.toml or `oracle.json`, validated exactly.

Reading the two files is the only I/O here; `config_de_datos` is pure. Every refusal is
PROYECTO_INVALIDO naming the offending key and the fix.
"""

from __future__ import annotations

import datetime
import functools
import json
import os
import re
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from oracle_lint.nucleo.errores import ErrorOracle, proyecto_invalido
from oracle_lint.nucleo.lectura import leer_texto
from oracle_lint.nucleo.sombras import Sombra

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised only on Python 3.10
    import tomli as tomllib

PYPROJECT = "pyproject.toml"
ORACLE_JSON = "oracle.json"

RE_ID_MEDIDA = re.compile(r"^[a-z][a-z0-9_]*(?:\.[a-z][a-z0-9_]*)+$")
RE_PERFIL = re.compile(r"^[a-z][a-z0-9_-]*$")
RE_BIBLIOTECA = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]*$")

LISTAS_DE_TEXTO = ("paths", "exclude", "perfiles", "bibliotecas", "probe")
DIRECTORIOS = ("listas", "medidas", "corpus", "diferencial", "macros")
POR_OMISION: dict[str, Any] = {
    "paths": (".",),
    "exclude": (),
    "perfiles": (),
    "bibliotecas": (),
    "probe": (),
    "listas": "allowlists",
    "medidas": "medidas",
    "corpus": "corpus",
    "diferencial": "diferencial",
    "macros": "macros",
}
CLAVES = (*LISTAS_DE_TEXTO, *DIRECTORIOS, "sombras", "presupuesto_tokens", "venv")
CLAVES_SOMBRA = ("desde", "porque", "cota", "herramientas")


@dataclass(frozen=True)
class Config:
    """The validated `[tool.oracle]` content; `explicitas` are the keys the file set."""

    paths: tuple[str, ...] = (".",)
    exclude: tuple[str, ...] = ()
    perfiles: tuple[str, ...] = ()
    bibliotecas: tuple[str, ...] = ()
    probe: tuple[str, ...] = ()  # the server command `oracle-lint check --probe` starts (argv)
    listas: str = "allowlists"
    medidas: str = "medidas"
    corpus: str = "corpus"
    diferencial: str = "diferencial"
    macros: str = "macros"
    sombras: Mapping[str, Sombra] = field(default_factory=dict)
    presupuesto_tokens: int | None = None  # the o200k_base tokens the live tools/list may cost (`probe --tokens`)
    venv: str | None = None  # the project's virtual environment: installed packages read to resolve schema types
    explicitas: frozenset[str] = frozenset()


@dataclass(frozen=True)
class ConfigLeida:
    """What reading a root yields: the config, the identity found, and the files read."""

    config: Config
    nombre: str | None
    archivos: tuple[Path, ...]


def normalizar_nombre(nombre: str) -> str:
    """A distribution or project name normalised like PEP 503."""
    return re.sub(r"[-_.]+", "-", nombre).lower()


def _invalido(raiz: str, motivo: str, correccion: str, motivo_en: str, correccion_en: str) -> ErrorOracle:
    """A configuration error in seed 001's Spanish (the MCP server) and in English (the CLIs)."""
    return proyecto_invalido(raiz, motivo, correccion, motivo_en, correccion_en)


def _lista_de_texto(raiz: str, fuente: str, clave: str, valor: Any) -> tuple[str, ...]:
    if not isinstance(valor, list) or not all(isinstance(v, str) and v for v in valor):
        raise _invalido(
            raiz,
            f"{fuente}: «{clave}» debe ser una lista de cadenas no vacías",
            f'escribí {clave} = ["..."] con cadenas.',
            f"{fuente}: «{clave}» must be a list of non-empty strings",
            f'write {clave} = ["..."] with strings.',
        )
    if clave in ("paths", "exclude") and any("\x00" in v for v in valor):
        raise _invalido(raiz, f"{fuente}: «{clave}» tiene una ruta con un carácter NUL",
                        f"quitá el carácter NUL de las rutas de {clave}.",
                        f"{fuente}: «{clave}» has a path with a NUL character",
                        f"remove the NUL character from {clave}.")
    if clave == "paths" and not valor:
        raise _invalido(raiz, f"{fuente}: «paths» no nombra ninguna ruta, así que no se analizaría nada",
                        'escribí paths = ["src/mi_servidor"] o quitá la clave (por omisión: la raíz).',
                        f"{fuente}: «paths» names no path, so nothing would be analyzed",
                        'write paths = ["src/my_server"], or remove the key (default: the project root).')
    if clave != "probe" and len(set(valor)) != len(valor):  # a command's arguments may repeat
        raise _invalido(
            raiz, f"{fuente}: «{clave}» repite elementos", f"dejá cada elemento de {clave} una sola vez.",
            f"{fuente}: «{clave}» repeats an element", f"keep each element of {clave} once."
        )
    patron = {"perfiles": RE_PERFIL, "bibliotecas": RE_BIBLIOTECA}.get(clave)
    for v in valor:
        if patron is not None and not patron.match(v):
            raise _invalido(
                raiz,
                f"{fuente}: «{clave}» tiene un nombre malformado «{v}»",
                f"usá nombres que cumplan {patron.pattern} en {clave}.",
                f"{fuente}: «{clave}» has a malformed name «{v}»",
                f"use names matching {patron.pattern} in {clave}.",
            )
    return tuple(valor)


def _texto(raiz: str, fuente: str, clave: str, valor: Any) -> str:
    if not isinstance(valor, str) or not valor:
        raise _invalido(
            raiz,
            f"{fuente}: «{clave}» debe ser una cadena no vacía (una ruta relativa a la raíz)",
            f'escribí {clave} = "{POR_OMISION[clave]}" o la ruta que corresponda.',
            f"{fuente}: «{clave}» must be a non-empty string (a path relative to the project root)",
            f'write {clave} = "{POR_OMISION[clave]}" or the path you mean.',
        )
    return valor


def _presupuesto(raiz: str, fuente: str, valor: Any) -> int:
    """`presupuesto_tokens`: a positive integer (a budget of 0 tokens would admit no listing at all)."""
    if isinstance(valor, bool) or not isinstance(valor, int) or valor <= 0:
        raise _invalido(
            raiz,
            f"{fuente}: «presupuesto_tokens» debe ser un entero positivo, no {valor!r}",
            "escribí presupuesto_tokens = N con los tokens o200k_base que hoy cuesta tools/list "
            "(`oracle-lint probe --tokens` los mide).",
            f"{fuente}: «presupuesto_tokens» must be a positive integer, not {valor!r}",
            "write presupuesto_tokens = N with the o200k_base tokens tools/list costs today "
            "(`oracle-lint probe --tokens -- <server command>` measures it).",
        )
    return valor


def _venv(raiz: str, fuente: str, valor: Any) -> str:
    """`venv`: the path of the project's virtual environment (relative to the root, or absolute)."""
    if not isinstance(valor, str) or not valor.strip() or "\x00" in valor:
        raise _invalido(
            raiz,
            f"{fuente}: «venv» debe ser una cadena no vacía (la ruta del entorno virtual del proyecto)",
            'escribí venv = ".venv" con la ruta del entorno donde está instalado el proyecto, o quitá la clave.',
            f"{fuente}: «venv» must be a non-empty string (the path of the project's virtual environment)",
            'write venv = ".venv" with the path of the environment the project is installed in, or remove the key.',
        )
    return valor


def _sombra(raiz: str, fuente: str, ident: str, valor: Any) -> Sombra:
    donde = f"{fuente}: sombras.«{ident}»"
    if not RE_ID_MEDIDA.match(ident):
        raise _invalido(raiz, f"{donde} no es un id de medida", "usá el id exacto de una medida efectiva.",
                        f"{donde} is not a rule id", "use the exact id of a rule (`oracle-lint rules` lists them).")
    if not isinstance(valor, dict):
        raise _invalido(raiz, f"{donde} debe ser una tabla", "declarala con desde, porque y cota opcional.",
                        f"{donde} must be a table", "declare it with desde, porque and an optional cota.")
    for clave in valor:
        if clave not in CLAVES_SOMBRA:
            raise _invalido(
                raiz,
                f"{donde}: clave desconocida «{clave}»",
                f"usá sólo {', '.join(CLAVES_SOMBRA)} en una sombra.",
                f"{donde}: unknown key «{clave}»{_quiso(clave, CLAVES_SOMBRA)}",
                f"use only {', '.join(CLAVES_SOMBRA)} in a shadow.",
            )
    desde = valor.get("desde")
    if isinstance(desde, datetime.date):
        desde = desde.isoformat()
    if not isinstance(desde, str) or not desde:
        raise _invalido(raiz, f"{donde}: «desde» falta o no es una cadena", 'escribí desde = "AAAA-MM-DD".',
                        f"{donde}: «desde» is missing or not a string", 'write desde = "YYYY-MM-DD".')
    porque = valor.get("porque")
    if not isinstance(porque, str) or not porque.strip():
        raise _invalido(raiz, f"{donde}: «porque» falta o está vacío", "decí por qué la medida está en sombra.",
                        f"{donde}: «porque» is missing or empty", "say why the rule is shadowed.")
    cota = valor.get("cota")
    if cota is not None and (isinstance(cota, bool) or not isinstance(cota, int) or cota < 0):
        raise _invalido(raiz, f"{donde}: «cota» debe ser un entero no negativo", "escribí cota = N o quitala.",
                        f"{donde}: «cota» must be a non-negative integer", "write cota = N, or remove it.")
    return Sombra(desde=desde, porque=porque, cota=cota, herramientas=_herramientas(raiz, donde, valor))


def _herramientas(raiz: str, donde: str, valor: Mapping[str, Any]) -> tuple[str, ...] | None:
    """A shadow's optional scope: a non-empty list of distinct tool names, kept sorted."""
    if "herramientas" not in valor:
        return None
    nombres = valor["herramientas"]
    if (not isinstance(nombres, list) or not nombres
            or not all(isinstance(n, str) and n for n in nombres) or len(set(nombres)) != len(nombres)):
        raise _invalido(raiz, f"{donde}: «herramientas» debe ser una lista no vacía de nombres distintos",
                        'escribí herramientas = ["<herramienta>", ...] o quitala para una sombra sin alcance.',
                        f"{donde}: «herramientas» must be a non-empty list of distinct tool names",
                        'write herramientas = ["<tool>", ...], or remove it for an unscoped shadow.')
    return tuple(sorted(nombres))


def config_de_datos(datos: Any, *, fuente: str, raiz: str, extra: tuple[str, ...] = ()) -> Config:
    """Validate a decoded `[tool.oracle]` object into a `Config` (keys in `extra` are skipped)."""
    if not isinstance(datos, dict):
        raise _invalido(raiz, f"{fuente} debe ser una tabla (un objeto)", "escribí la configuración como tabla.",
                        f"{fuente} must be a table (an object)", "write the configuration as a table.")
    valores: dict[str, Any] = {}
    for clave, valor in datos.items():
        if clave in extra:
            continue
        if clave in LISTAS_DE_TEXTO:
            valores[clave] = _lista_de_texto(raiz, fuente, clave, valor)
        elif clave in DIRECTORIOS:
            valores[clave] = _texto(raiz, fuente, clave, valor)
        elif clave == "sombras":
            if not isinstance(valor, dict):
                raise _invalido(raiz, f"{fuente}: «sombras» debe ser una tabla", "usá [tool.oracle.sombras.\"<id>\"].",
                                f"{fuente}: «sombras» must be a table", "use [tool.oracle.sombras.\"<id>\"].")
            valores[clave] = {i: _sombra(raiz, fuente, i, v) for i, v in sorted(valor.items())}
        elif clave == "presupuesto_tokens":
            valores[clave] = _presupuesto(raiz, fuente, valor)
        elif clave == "venv":
            valores[clave] = _venv(raiz, fuente, valor)
        else:
            raise _invalido(
                raiz,
                f"{fuente}: clave desconocida «{clave}»",
                f"usá sólo {', '.join(CLAVES + extra)}.",
                f"{fuente}: unknown key «{clave}»{_quiso(clave, CLAVES + extra)}",
                f"use only {', '.join(CLAVES + extra)}.",
            )
    return Config(**valores, explicitas=frozenset(valores))


def _quiso(clave: str, claves: Sequence[str]) -> str:
    """The English hint after an unknown key: " (did you mean «paths»?)", or ""."""
    from oracle_lint.nucleo.parecidos import mas_parecido

    parecida = mas_parecido(clave, claves)
    return f" (did you mean «{parecida}»?)" if parecida else ""


def _texto_de(raiz: Path, nombre: str) -> str | None:
    """The UTF-8 text of a configuration file at the root, or None when it is not a regular file."""
    ruta = os.path.join(raiz, nombre)
    if not os.path.isfile(ruta):
        return None
    try:
        return leer_texto(ruta)
    except (OSError, UnicodeDecodeError) as error:
        raise _invalido(str(raiz), f"no se pudo leer {nombre}: {error}", f"revisá {nombre}.",
                        f"{nombre} cannot be read: {error}", f"check {nombre}.")


def _toml_de(raiz: str, nombre: str, texto: str) -> dict[str, Any]:
    try:
        return tomllib.loads(texto)
    except tomllib.TOMLDecodeError as error:
        raise _invalido(raiz, f"{nombre} no es TOML válido: {error}", f"corregí la sintaxis de {nombre}.",
                        f"{nombre} is not valid TOML: {error}", f"fix the syntax of {nombre}.")
    except RecursionError:
        raise _demasiado_anidado(raiz, nombre) from None


def _json_de(raiz: str, nombre: str, texto: str) -> Any:
    try:
        return json.loads(texto)
    except json.JSONDecodeError as error:
        raise _invalido(
            raiz,
            f"{nombre} no es JSON válido: {error.msg} (línea {error.lineno}, columna {error.colno})",
            f"corregí la sintaxis de {nombre}.",
            f"{nombre} is not valid JSON: {error.msg} (line {error.lineno}, column {error.colno})",
            f"fix the syntax of {nombre}.",
        )
    except RecursionError:
        raise _demasiado_anidado(raiz, nombre) from None


def _demasiado_anidado(raiz: str, nombre: str) -> ErrorOracle:
    """A configuration nested deeper than the parser can follow: an error naming it, never a traceback."""
    return _invalido(raiz, f"{nombre} anida tablas o listas más hondo de lo que se puede leer",
                     f"quitá de {nombre} el valor anidado a tanta profundidad.",
                     f"{nombre} nests tables or arrays deeper than can be read",
                     f"remove the deeply nested value from {nombre}.")


def tiene_tool_oracle(ruta: Path) -> bool:
    """True when a pyproject.toml holds a `[tool.oracle]` table (unreadable counts as True). A file
    that never spells `oracle` cannot hold one, and is not parsed (a monorepo walk reads dozens)."""
    try:
        texto = ruta.read_text(encoding="utf-8")
        if "oracle" not in texto:
            return False
        datos = tomllib.loads(texto)
    except (tomllib.TOMLDecodeError, OSError, UnicodeDecodeError, RecursionError):
        return True
    herramientas = datos.get("tool")
    return isinstance(herramientas, dict) and "oracle" in herramientas


def _nombre_de(raiz: str, fuente: str, valor: Any) -> str:
    if not isinstance(valor, str) or not valor.strip():
        raise _invalido(raiz, f"{fuente}: el nombre del proyecto debe ser una cadena no vacía", "corregí el nombre.",
                        f"{fuente}: the project name must be a non-empty string", "fix the name.")
    return normalizar_nombre(valor.strip())


def cargar_config(raiz: Path) -> ConfigLeida:
    """Read the configuration of an already resolved root (defaults when there is none)."""
    texto_toml = _texto_de(raiz, PYPROJECT)
    texto_json = _texto_de(raiz, ORACLE_JSON)
    config, nombre = _config_de_textos(str(raiz), texto_toml, texto_json)
    archivos = tuple(raiz / n for n, t in ((PYPROJECT, texto_toml), (ORACLE_JSON, texto_json)) if t is not None)
    return ConfigLeida(config, nombre, archivos)


@functools.lru_cache(maxsize=64)
def _config_de_textos(raiz: str, texto_toml: str | None, texto_json: str | None) -> tuple[Config, str | None]:
    """The configuration and project name given the two files' texts (None: absent).

    A pure function of its arguments, memoized on them: every caller still reads both files,
    and a changed byte is a new key, so the memo never answers for another state of the tree.
    """
    datos_toml = _toml_de(raiz, PYPROJECT, texto_toml) if texto_toml is not None else None
    nombre: str | None = None
    if datos_toml is not None:
        proyecto = datos_toml.get("project")
        if isinstance(proyecto, dict) and "name" in proyecto:
            nombre = _nombre_de(raiz, "pyproject.toml [project]", proyecto["name"])
    herramientas = (datos_toml or {}).get("tool", {})
    en_toml = isinstance(herramientas, dict) and "oracle" in herramientas
    if texto_json is not None:
        if en_toml:
            raise _invalido(
                raiz,
                "hay configuración en pyproject.toml [tool.oracle] y en oracle.json",
                "dejá una sola de las dos: borrá oracle.json o la tabla [tool.oracle].",
                "there is configuration both in pyproject.toml [tool.oracle] and in oracle.json",
                "keep one of them: delete oracle.json or the [tool.oracle] table.",
            )
        datos = _json_de(raiz, ORACLE_JSON, texto_json)
        config = config_de_datos(datos, fuente="oracle.json", raiz=raiz, extra=("nombre",))
        if "nombre" in datos:
            nombre = _nombre_de(raiz, "oracle.json", datos["nombre"])
        return config, nombre
    if en_toml:
        return config_de_datos(herramientas["oracle"], fuente="pyproject.toml [tool.oracle]", raiz=raiz), nombre
    return Config(), nombre
