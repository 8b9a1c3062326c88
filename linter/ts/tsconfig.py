"""Where a TypeScript project writes its compiled JavaScript (`compilerOptions.outDir` of its
tsconfig.json, following `extends`): those files are a build of the sources, not sources, and
reading them would publish every tool twice.

tsconfig.json is JSON with comments and trailing commas (JSONC); `leer_jsonc` removes both with a
scanner that knows strings, then reads plain JSON.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Optional

PROFUNDIDAD = 8  # `extends` followed at most this many times


def objeto_json(ruta: Path) -> Optional[dict[str, Any]]:
    """The object a JSON file (package.json, package-lock.json) holds; None when it cannot be read, is
    not JSON, or is not an object."""
    try:
        valor = json.loads(ruta.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return valor if isinstance(valor, dict) else None


def leer_jsonc(texto: str) -> Any:
    """The value of a JSONC text (comments and trailing commas allowed); ValueError if it is not one."""
    salida: list[str] = []
    i, n = 0, len(texto)
    while i < n:
        c = texto[i]
        if c == '"':
            j = i + 1
            while j < n and texto[j] != '"':
                j += 2 if texto[j] == "\\" else 1
            salida.append(texto[i:j + 1])
            i = j + 1
        elif texto.startswith("//", i):
            fin = texto.find("\n", i)
            i = n if fin < 0 else fin
        elif texto.startswith("/*", i):
            fin = texto.find("*/", i + 2)
            i = n if fin < 0 else fin + 2
        elif c in "}]":
            # a trailing comma before a closing bracket
            k = len(salida) - 1
            while k >= 0 and salida[k].isspace():
                k -= 1
            if k >= 0 and salida[k] == ",":
                del salida[k]
            salida.append(c)
            i += 1
        else:
            salida.append(c)
            i += 1
    return json.loads("".join(salida))


def directorio_de_salida(tsconfig: Path, profundidad: int = 0) -> Optional[Path]:
    """The resolved `outDir` a tsconfig.json sets (itself or through `extends` of a relative file), or None."""
    try:
        datos = leer_jsonc(tsconfig.read_text(encoding="utf-8"))
    except (OSError, ValueError, UnicodeDecodeError):
        return None
    if not isinstance(datos, dict):
        return None
    opciones = datos.get("compilerOptions")
    if isinstance(opciones, dict) and isinstance(opciones.get("outDir"), str):
        return (tsconfig.parent / opciones["outDir"]).resolve()
    base = datos.get("extends")
    if isinstance(base, str) and base.startswith(".") and profundidad < PROFUNDIDAD:
        destino = tsconfig.parent / base
        if destino.suffix != ".json":
            destino = destino.with_name(destino.name + ".json") if not destino.is_file() else destino
        salida = directorio_de_salida(destino, profundidad + 1)
        # an outDir written in the base file is relative to the base file: resolved there already
        return salida
    return None


def alias_de_rutas(tsconfig: Path, profundidad: int = 0) -> list[tuple[str, list[Path]]]:
    """The `compilerOptions.paths` a tsconfig.json sets (itself or through `extends` of a relative
    file): each pattern (`@/*`) with the folders or files it stands for, resolved against `baseUrl`
    (or, without one, the file that sets `paths`); in the order TypeScript tries them: exact patterns,
    then the longest prefix before `*`. Empty when it sets none."""
    try:
        datos = leer_jsonc(tsconfig.read_text(encoding="utf-8"))
    except (OSError, ValueError, UnicodeDecodeError):
        return []
    if not isinstance(datos, dict):
        return []
    opciones = datos.get("compilerOptions") if isinstance(datos.get("compilerOptions"), dict) else {}
    rutas = opciones.get("paths")
    if isinstance(rutas, dict):
        base = tsconfig.parent / opciones["baseUrl"] if isinstance(opciones.get("baseUrl"), str) else tsconfig.parent
        salida = [(patron, [base / d for d in destinos if isinstance(d, str)])
                  for patron, destinos in rutas.items() if isinstance(patron, str) and isinstance(destinos, list)]
        return sorted(salida, key=lambda p: ("*" in p[0], -len(p[0].split("*")[0])))
    padre = datos.get("extends")
    if isinstance(padre, str) and padre.startswith(".") and profundidad < PROFUNDIDAD:
        destino = tsconfig.parent / padre
        if destino.suffix != ".json":
            destino = destino.with_name(destino.name + ".json") if not destino.is_file() else destino
        return alias_de_rutas(destino, profundidad + 1)
    return []


def por_alias(alias: list[tuple[str, list[Path]]], especificador: str) -> list[Path]:
    """What a non-relative specifier stands for under `paths` (`@/utils/x.js` with `@/*` -> `src/*`:
    `src/utils/x.js`), every target of the first pattern that matches; empty when none does."""
    for patron, destinos in alias:
        if "*" not in patron:
            if especificador == patron:
                return destinos
            continue
        prefijo, _, sufijo = patron.partition("*")
        if especificador.startswith(prefijo) and especificador.endswith(sufijo) \
                and len(especificador) >= len(prefijo) + len(sufijo):
            medio = especificador[len(prefijo):len(especificador) - len(sufijo)]
            return [Path(str(d).replace("*", medio, 1)) for d in destinos]
    return []
