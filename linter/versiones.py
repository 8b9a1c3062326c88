"""The SDK versions a project pins (its lock file, or `==` in its declared dependencies).

What a tool publishes depends on the SDK release that runs it: the `mcp` SDK's FastMCP publishes an
outputSchema from 1.10.0 on, the fastmcp package from 2.10.0 on. With no pin the analyzer models each
major's newest release; with one it models the pinned release. Read here, at the edge, once per run;
the extraction gets plain data.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any, Optional

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python 3.10 only
    import tomli as tomllib

PAQUETES = ("mcp", "fastmcp")
# `name[extras]==version` in a requirement line or a pyproject dependency (not Python source)
EXACTA = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(?:\[[^\]]*\])?\s*===?\s*([0-9][0-9A-Za-z.+!-]*)\s*(?:[;#].*)?$")


def _normal(nombre: str) -> str:
    return re.sub(r"[-_.]+", "-", nombre).lower()


def _toml(ruta: Path) -> Optional[dict[str, Any]]:
    try:
        return tomllib.loads(ruta.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return None


def _de_lock(raiz: Path) -> dict[str, str]:
    """Versions a lock file records: uv.lock / poetry.lock (`[[package]]`), pylock.toml (`[[packages]]`).

    Locks run to thousands of lines, and every run (a pre-commit one too) reads this: each table's own
    `name = "..."` and `version = "..."` lines are scanned, the way these formats write them, instead
    of parsing the whole document; a lock that holds neither key as such is read as TOML."""
    for nombre, clave in (("uv.lock", "package"), ("poetry.lock", "package"), ("pylock.toml", "packages")):
        try:
            texto = (raiz / nombre).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        salida = _barrido(texto, f"[[{clave}]]")
        if salida is None:
            datos = _toml(raiz / nombre) or {}
            salida = {}
            for paquete in datos.get(clave, []) or []:
                if isinstance(paquete, dict) and isinstance(paquete.get("name"), str) and isinstance(paquete.get("version"), str):
                    n = _normal(paquete["name"])
                    if n in PAQUETES:
                        salida.setdefault(n, paquete["version"])
        return salida
    return {}


def _barrido(texto: str, cabecera: str) -> Optional[dict[str, str]]:
    """`name`/`version` of each `cabecera` table of a lock, read line by line; None when the text has
    no such table with both keys written as plain `key = "value"` lines (then it is parsed whole)."""
    salida: dict[str, str] = {}
    tabla: Optional[dict[str, str]] = None
    vistas = 0
    for linea in texto.splitlines() + ["[fin]"]:
        linea = linea.strip()
        if linea.startswith("["):
            if tabla is not None and "name" in tabla and "version" in tabla:
                vistas += 1
                if _normal(tabla["name"]) in PAQUETES:
                    salida.setdefault(_normal(tabla["name"]), tabla["version"])
            tabla = {} if linea == cabecera else None
            continue
        if tabla is None:
            continue
        clave, igual, valor = linea.partition("=")
        clave, valor = clave.strip(), valor.strip()
        if igual and clave in ("name", "version") and clave not in tabla and len(valor) >= 2 and valor[0] == valor[-1] == '"':
            tabla[clave] = valor[1:-1]
    return salida if vistas else None


def _exactas(lineas: list[str]) -> dict[str, str]:
    salida = {}
    for linea in lineas:
        m = EXACTA.match(linea)
        if m and _normal(m.group(1)) in PAQUETES:
            salida.setdefault(_normal(m.group(1)), m.group(2))
    return salida


def fijadas(raiz: Path) -> dict[str, str]:
    """`{package: version}` for the SDK packages the project at `raiz` pins exactly: from its lock
    file when it has one, else from `==` in `[project].dependencies` or a `requirements*.txt`."""
    bloqueadas = _de_lock(raiz)
    if bloqueadas:
        return bloqueadas
    proyecto = _toml(raiz / "pyproject.toml") or {}
    dependencias = (proyecto.get("project") or {}).get("dependencies") or []
    salida = _exactas([d for d in dependencias if isinstance(d, str)])
    for requisitos in sorted(raiz.glob("requirements*.txt")):
        try:
            lineas = requisitos.read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError):
            continue
        for paquete, version in _exactas(lineas).items():
            salida.setdefault(paquete, version)
    return salida


def tupla(version: str) -> tuple[int, ...]:
    """The leading numeric release of a version (`1.9.0rc1` -> (1, 9, 0))."""
    partes = []
    for parte in version.split("."):
        digitos = ""
        for c in parte:
            if not c.isdigit():
                break
            digitos += c
        if not digitos:
            break
        partes.append(int(digitos))
        if len(digitos) != len(parte):
            break
    return tuple(partes)
