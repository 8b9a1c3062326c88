"""Writing a baseline plan: the list files and the shadows of the configuration, edited in place.

TOML is edited with tomlkit so the user's comments and layout outside what changes survive; every
file is written whole to a temporary beside it and renamed over, so a failed write leaves the old
file. `respaldo` returns what `restaurar` puts back when the run after the write disagrees.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import tomlkit
from tomlkit.items import Table

from oracle_lint.linter.cache import escribir_atomico
from oracle_lint.linter.linea_base import Entrada, Plan
from oracle_lint.nucleo.config import ORACLE_JSON, PYPROJECT
from oracle_lint.nucleo.errores import ErrorOracle
from oracle_lint.nucleo.proyecto import Proyecto
from oracle_lint.nucleo.sombras import Sombra

CABECERA = "# Shrink-only debt list (docs/listas.md). Written by `oracle-lint baseline`; entries only go."


def archivo_de_config(proyecto: Proyecto) -> Path:
    """Where shadows are written: the project's oracle.json, else its pyproject.toml (created if missing)."""
    for ruta in proyecto.archivos_config:
        if ruta.name == ORACLE_JSON:
            return ruta
    return proyecto.raiz / PYPROJECT


def archivo_de_lista(proyecto: Proyecto, lista: str) -> Path:
    return proyecto.dir_listas / f"{lista}.toml"


def respaldo(rutas: Iterable[Path]) -> dict[Path, bytes | None]:
    """The bytes of each file now (None for a file that does not exist)."""
    return {r: (r.read_bytes() if r.exists() else None) for r in rutas}


def restaurar(copia: Mapping[Path, bytes | None]) -> None:
    for ruta, contenido in copia.items():
        if contenido is None:
            ruta.unlink(missing_ok=True)
        else:
            _escribir(ruta, contenido.decode("utf-8"))


def _escribir(ruta: Path, texto: str) -> None:
    """The whole file through a temporary sibling renamed over it (the cache's atomic write), keeping
    the permissions the file had (a new one gets the usual 0o666 less the umask)."""
    try:
        previo = ruta.stat().st_mode & 0o7777 if ruta.exists() else None
        ruta.parent.mkdir(parents=True, exist_ok=True)
        escribir_atomico(ruta, texto.encode("utf-8"), 0o666)
        if previo is not None:
            os.chmod(ruta, previo)
    except OSError as error:
        raise ErrorOracle("ESCRITURA_FALLO", f"{ruta}: cannot be written ({error.strerror or error}).", campo=str(ruta),
                          correccion="make the file and its directory writable and run the command again; "
                                     "nothing else was changed.") from None


def texto_de_lista(previo: str | None, entradas: Iterable[Entrada]) -> str:
    """A list file holding exactly `entradas`, sorted, keeping the kept entries' tables and the header."""
    doc = tomlkit.parse(previo) if previo else tomlkit.document()
    if not previo:
        doc.add(tomlkit.comment(CABECERA[2:]))
    existentes: dict[str, Table] = {}
    for tabla in doc.get("entrada", []):
        existentes[str(tabla.get("herramienta"))] = tabla
    nuevo = tomlkit.aot()
    for entrada in sorted(entradas, key=lambda e: e.herramienta):
        tabla = existentes.get(entrada.herramienta)
        if tabla is None:
            tabla = tomlkit.table()
            tabla["herramienta"] = entrada.herramienta
            if entrada.issue is not None:
                tabla["issue"] = entrada.issue
            tabla["porque"] = entrada.porque
        elif entrada.issue is not None and tabla.get("issue") != entrada.issue:
            tabla["issue"] = entrada.issue
        nuevo.append(tabla)
    if "entrada" in doc:
        doc["entrada"] = nuevo
    else:
        doc.append("entrada", nuevo)
    return tomlkit.dumps(doc)


def _tabla_de_sombra(sombra: Sombra, previa: Any = None) -> Table:
    tabla = previa if isinstance(previa, Table) else tomlkit.table()
    tabla["desde"] = sombra.desde
    tabla["porque"] = sombra.porque
    if sombra.cota is None:
        tabla.pop("cota", None)
    else:
        tabla["cota"] = sombra.cota
    if sombra.herramientas is None:
        tabla.pop("herramientas", None)
    else:
        arreglo = tomlkit.array()
        arreglo.extend(sombra.herramientas)
        if len(sombra.herramientas) > 3:
            arreglo.multiline(True)
        tabla["herramientas"] = arreglo
    return tabla


def texto_de_pyproject(previo: str | None, sombras: Mapping[str, Sombra]) -> str:
    """pyproject.toml with `[tool.oracle.sombras]` holding exactly `sombras`; everything else untouched."""
    doc = tomlkit.parse(previo) if previo else tomlkit.document()
    if "tool" not in doc:
        doc["tool"] = tomlkit.table(is_super_table=True)
    herramientas_de_python = doc["tool"]
    if "oracle" not in herramientas_de_python:
        herramientas_de_python["oracle"] = tomlkit.table()
    oracle = herramientas_de_python["oracle"]
    previas = oracle.get("sombras", {})
    if not sombras:
        oracle.pop("sombras", None)
        return tomlkit.dumps(doc)
    tabla = tomlkit.table(is_super_table=True)
    for ident, sombra in sombras.items():
        propia = _tabla_de_sombra(sombra, previas.get(ident) if hasattr(previas, "get") else None)
        if not propia.trivia.trail.endswith("\n\n"):
            propia.add(tomlkit.nl())
        tabla[ident] = propia
    oracle["sombras"] = tabla
    return tomlkit.dumps(doc)


def texto_de_oracle_json(previo: str | None, sombras: Mapping[str, Sombra]) -> str:
    datos = json.loads(previo) if previo else {}
    if sombras:
        datos["sombras"] = {
            i: {"desde": s.desde, "porque": s.porque}
            | ({} if s.cota is None else {"cota": s.cota})
            | ({} if s.herramientas is None else {"herramientas": list(s.herramientas)})
            for i, s in sombras.items()
        }
    else:
        datos.pop("sombras", None)
    return json.dumps(datos, ensure_ascii=False, indent=2) + "\n"


def escribir_plan(proyecto: Proyecto, plan: Plan, antes: Iterable[Entrada]) -> list[Path]:
    """Write the list files and the configuration the plan changes; the paths written."""
    escritos: list[Path] = []
    previas = list(antes)
    for lista in sorted({e.lista for e in (*previas, *plan.entradas)}):
        suyas = [e for e in plan.entradas if e.lista == lista]
        if sorted(suyas) == sorted(e for e in previas if e.lista == lista):
            continue
        ruta = archivo_de_lista(proyecto, lista)
        previo = ruta.read_text(encoding="utf-8") if ruta.exists() else None
        if suyas:
            _escribir(ruta, texto_de_lista(previo, suyas))
        else:
            ruta.unlink(missing_ok=True)  # a paid list is no list
        escritos.append(ruta)
    if dict(proyecto.config.sombras) != dict(plan.sombras):
        ruta = archivo_de_config(proyecto)
        previo = ruta.read_text(encoding="utf-8") if ruta.exists() else None
        escribir = texto_de_oracle_json if ruta.name == ORACLE_JSON else texto_de_pyproject
        _escribir(ruta, escribir(previo, plan.sombras))
        escritos.append(ruta)
    return escritos
