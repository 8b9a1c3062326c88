"""The four shrink-only lists (DESIGN §9) loaded as the `lista` relation.

One TOML file per list in the project's `listas` directory (default `allowlists/`), one
`[[entrada]]` table per entry with `herramienta`, `porque` and, for debt lists, `issue`.
Whether an entry is stale or lacks an issue is decided by measures in `rules/listas.toml`;
this module only reads the files and fails closed on a malformed one.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from oracle_lint.linter.extraccion.salida import nombre_llano
from oracle_lint.nucleo.errores import ErrorOracle

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

LISTAS = ("echoed_root", "opaque_root", "underdeclared", "structural_union")
CLAVES = frozenset({"herramienta", "porque", "issue"})


def _error(archivo: str, motivo: str) -> ErrorOracle:
    return ErrorOracle(
        "LISTA_INVALIDA",
        f"{archivo}: {motivo}.",
        campo=archivo,
        correccion="each list is `[[entrada]]` tables with herramienta, porque and (for debt lists) issue, sorted by herramienta.",
    )


def _lineas_de_entradas(texto: str) -> list[int]:
    return [i for i, linea in enumerate(texto.splitlines(), start=1) if linea.split("#", 1)[0].strip() == "[[entrada]]"]


def leer_lista(ruta: Path, presentada: str) -> list[dict[str, Any]]:
    """Rows of one list file; LISTA_INVALIDA on unknown names, bad tables, duplicates or disorder."""
    nombre = ruta.stem
    if nombre not in LISTAS:
        raise _error(presentada, f"unknown list «{nombre}»; the lists are {', '.join(LISTAS)}")
    try:
        texto = ruta.read_text(encoding="utf-8")
        datos = tomllib.loads(texto)
    except (OSError, UnicodeDecodeError) as error:
        raise _error(presentada, f"cannot be read ({error})") from None
    except tomllib.TOMLDecodeError as error:
        raise _error(presentada, f"invalid TOML ({error})") from None
    if set(datos) - {"entrada"}:
        raise _error(presentada, f"unexpected keys {sorted(set(datos) - {'entrada'})}; only [[entrada]] tables")
    tablas = datos.get("entrada", [])
    if not isinstance(tablas, list) or not all(isinstance(t, dict) for t in tablas):
        raise _error(presentada, "«entrada» must be [[entrada]] tables (an array of tables), not a value")
    lineas = _lineas_de_entradas(texto)
    filas: list[dict[str, Any]] = []
    for i, tabla in enumerate(tablas):
        linea = lineas[i] if i < len(lineas) else 1
        sobran = set(tabla) - CLAVES
        if sobran:
            raise _error(presentada, f"entry at line {linea} has unknown keys {sorted(sobran)}")
        herramienta, porque = tabla.get("herramienta"), tabla.get("porque")
        if not isinstance(herramienta, str) or not herramienta:
            raise _error(presentada, f"entry at line {linea} has no herramienta")
        if not isinstance(porque, str) or not porque.strip():
            raise _error(presentada, f"entry at line {linea} has no porque: say why the entry exists")
        issue = tabla.get("issue")
        if issue is not None and not isinstance(issue, str):
            raise _error(presentada, f"entry at line {linea} has a non-string issue")
        filas.append(
            {
                "lista": nombre,
                "herramienta": herramienta,
                "issue": issue,
                "porque": porque,
                "archivo": presentada,
                "linea": linea,
                "columna": 1,
            }
        )
    nombres = [f["herramienta"] for f in filas]
    for anterior, actual in zip(nombres, nombres[1:]):
        if actual == anterior:
            raise _error(presentada, f"«{actual}» appears twice")
        if actual < anterior:
            raise _error(presentada, f"entries are not sorted by herramienta («{actual}» after «{anterior}»)")
    return filas


def cargar_listas(directorio: Path, raiz: Path) -> list[dict[str, Any]]:
    """Every entry of every list file in `directorio` (none when it does not exist; a list
    directory that is not one, or cannot be listed, is LISTA_INVALIDA: unread debt is not "no debt")."""
    try:
        presentado = directorio.relative_to(raiz).as_posix()
    except ValueError:
        presentado = str(directorio)
    if not directorio.exists() and not directorio.is_symlink():
        return []
    if not directorio.is_dir():
        raise _error(presentado, "the list directory is not a directory")
    try:
        nombres = sorted(os.listdir(directorio))
    except OSError as error:
        raise _error(presentado, f"the list directory cannot be listed ({error.strerror or error})") from None
    filas: list[dict[str, Any]] = []
    for ruta in (directorio / n for n in nombres if n.endswith(".toml")):
        try:
            presentada = ruta.relative_to(raiz).as_posix()
        except ValueError:
            presentada = str(ruta)
        filas.extend(leer_lista(ruta, presentada))
    return filas


def por_registro(filas: Iterable[dict[str, Any]], herramientas: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """An entry that names a tool by its plain name stands for every tool of that name: when two
    registrations share it, the run names each `name (file:line)` (extraccion.salida.distinguir) and
    the entry is one row per such tool (`herramientas`: the run's `herramienta` rows). An entry that
    names one of them that way is that one alone."""
    apartadas: dict[str, set[str]] = {}
    for h in herramientas:
        if nombre_llano(h) != h["herramienta"]:
            apartadas.setdefault(nombre_llano(h), set()).add(h["herramienta"])
    salida = []
    for f in filas:
        propias = sorted(apartadas.get(f.get("herramienta"), ())) if isinstance(f.get("herramienta"), str) else []
        salida.extend([{**f, "herramienta": a} for a in propias] or [f])
    return salida


def con_alcance(filas: Iterable[dict[str, Any]], analizadas: set[str], corrida_completa: bool) -> list[dict[str, Any]]:
    """Mark each entry `en_alcance`: its tool was analyzed, or the run covered every configured path."""
    return [{**f, "en_alcance": corrida_completa or f["herramienta"] in analizadas} for f in filas]


def exenciones(formas: Iterable[tuple[str, Any]]) -> dict[str, tuple[str, ...]]:
    """Which rules each list exempts, read off the rules themselves: a rule exempts the tools of a
    list when its witnesses are taken `excepto` rows of `lista` filtered to that list's name.
    `formas` are (rule id, parsed form) pairs; the lists' own rules (which judge entries) are skipped."""
    por_lista: dict[str, set[str]] = {nombre: set() for nombre in LISTAS}
    for ident, forma in formas:
        for nombre in _listas_exceptuadas(forma):
            por_lista.setdefault(nombre, set()).add(ident)
    return {nombre: tuple(sorted(ids)) for nombre, ids in por_lista.items()}


def _nodos(forma: Any) -> Iterable[dict[str, Any]]:
    """Every object node of a parsed form (iteratively: forms nest as deep as their expressions)."""
    pila = [forma]
    while pila:
        nodo = pila.pop()
        if isinstance(nodo, dict):
            yield nodo
            pila.extend(nodo.values())
        elif isinstance(nodo, list):
            pila.extend(nodo)


def _listas_exceptuadas(forma: Any) -> set[str]:
    return {nombre for nodo in _nodos(forma)
            if nodo.get("op") == "excepto" and _fuente(nodo.get("con")) == "lista"
            for nombre in _nombres_de_lista(nodo.get("con"))}


def _fuente(nodo: Any) -> str | None:
    while isinstance(nodo, dict) and nodo.get("op") == "donde":
        nodo = nodo.get("de")
    return nodo.get("nombre") if isinstance(nodo, dict) and nodo.get("op") == "relacion" else None


def _nombres_de_lista(forma: Any) -> set[str]:
    """The list names a `lista` pipeline filters on: `lista = "x"` or `lista en [...]`."""
    nombres: set[str] = set()
    for nodo in _nodos(forma):
        izq = nodo.get("izq")
        if not (isinstance(izq, dict) and izq.get("campo") == "lista"):
            continue
        if nodo.get("op") == "=" and isinstance(nodo.get("der"), dict):
            nombres.add(str(nodo["der"].get("lit")))
        elif nodo.get("op") == "en":
            nombres |= {str(n) for n in nodo.get("lista", [])}
    return nombres
