"""Reconcile a live listing with the source analysis: the `publicada` relation.

One row per tool the running server publishes: whether the source analysis found a tool of that
name (`vista`), and for one it found, the JSON pointer of the first place where the schema derived
from the source differs from the published one (`puntero`, null when they agree). Pure: the rules
decide what is a finding (`analisis.herramienta_no_vista`, `analisis.esquema_no_coincide`).
"""

from __future__ import annotations

import json
import re
from typing import Any, Mapping, Optional, Sequence

from oracle_lint.linter.extraccion.literales import ANOTACIONES
from oracle_lint.linter.extraccion.nodos import escapar
from oracle_lint.linter.extraccion.nodos import LISTAS, MAPAS, SUBESQUEMAS, resolver_ref
from oracle_lint.linter.extraccion.salida import nombre_llano

CAMPOS = (("entrada", "inputSchema"), ("salida", "outputSchema"))
SIN_ESQUEMA = ("ninguno",)  # a static state that means "publishes none"; any other without a row was not read


def primera_diferencia(estatico: Any, vivo: Any, puntero: str = "") -> Optional[str]:
    """The pointer of the first difference between two schemas (keys in order), or None.

    Annotation keywords of a schema node are skipped; names inside `properties`, `$defs` and the
    other maps are compared, so a property called `title` still counts."""
    if isinstance(estatico, dict) and isinstance(vivo, dict):
        claves = sorted((set(estatico) | set(vivo)) - ANOTACIONES)
        for clave in claves:
            sub = f"{puntero}/{escapar(clave)}"
            if clave not in estatico or clave not in vivo:
                return sub
            if clave in MAPAS and isinstance(estatico[clave], dict) and isinstance(vivo[clave], dict):
                for nombre in sorted(set(estatico[clave]) | set(vivo[clave])):
                    p = f"{sub}/{escapar(nombre)}"
                    if nombre not in estatico[clave] or nombre not in vivo[clave]:
                        return p
                    d = primera_diferencia(estatico[clave][nombre], vivo[clave][nombre], p)
                    if d is not None:
                        return d
                continue
            if clave in LISTAS and isinstance(estatico[clave], list) and isinstance(vivo[clave], list):
                d = _listas(estatico[clave], vivo[clave], sub, esquemas=True)
            elif clave in SUBESQUEMAS:
                d = primera_diferencia(estatico[clave], vivo[clave], sub)
            else:
                d = None if estatico[clave] == vivo[clave] and type(estatico[clave]) is type(vivo[clave]) else sub
            if d is not None:
                return d
        return None
    if isinstance(estatico, list) and isinstance(vivo, list):
        return _listas(estatico, vivo, puntero, esquemas=False)
    return None if estatico == vivo and type(estatico) is type(vivo) else puntero


def _listas(a: list, b: list, puntero: str, esquemas: bool) -> Optional[str]:
    for i, (x, y) in enumerate(zip(a, b)):
        d = primera_diferencia(x, y, f"{puntero}/{i}") if esquemas else (None if x == y else f"{puntero}/{i}")
        if d is not None:
            return d
    return None if len(a) == len(b) else f"{puntero}/{min(len(a), len(b))}"


def _en(valor: Any, puntero: str) -> Any:
    """The node at a JSON pointer, or "(absent)"."""
    nodo, donde = resolver_ref(valor, "#" + puntero)
    return "(absent)" if donde is None else nodo


def _corto(valor: Any) -> str:
    texto = valor if valor == "(absent)" else json.dumps(valor, sort_keys=True, ensure_ascii=False)
    return texto if len(texto) <= 60 else texto[:57] + "..."


def publicadas(estatica: Mapping[str, Sequence[Mapping[str, Any]]], vivas: Sequence[Mapping[str, Any]],
               origen: str) -> list[dict[str, Any]]:
    """The `publicada` rows of one live listing against the static evidence of the whole project."""
    por_nombre: dict[str, list[Mapping[str, Any]]] = {}
    for fila in estatica.get("herramienta", []):
        por_nombre.setdefault(fila["herramienta"], []).append(fila)
        if nombre_llano(fila) != fila["herramienta"]:  # a name two registrations share: the live tool is either
            por_nombre.setdefault(nombre_llano(fila), []).append(fila)
    esquemas: dict[tuple[str, str], list[Any]] = {}
    for fila in estatica.get("esquema", []):
        esquemas.setdefault((fila["herramienta"], fila["lado"]), []).append(json.loads(fila["contenido"]))
    salida = []
    for tool in vivas:
        nombre = tool.get("name")
        if not isinstance(nombre, str):
            continue  # a listing without names is the live evidence's no_resuelto
        filas = por_nombre.get(nombre) or _por_patron(por_nombre, nombre)
        fila = {"herramienta": nombre, "servidor": origen, "vista": bool(filas), "lado": None, "puntero": None,
                "estatico": None, "publicado": None}
        if not filas:  # no place in the source: the finding lands on the project's configuration file
            salida.append({**fila, "archivo": None, "linea": None, "columna": None})
            continue
        diferencias = [d for d in (_diferencia(f, esquemas, tool) for f in filas)]
        if any(d is None for d in diferencias):
            elegida, diferencia = next(f for f, d in zip(filas, diferencias) if d is None), None
        else:
            elegida, diferencia = filas[0], diferencias[0]
        if diferencia is not None:
            fila.update(diferencia)
        salida.append({**fila, "archivo": elegida["archivo"], "linea": elegida["linea"], "columna": elegida["columna"]})
    return sorted(salida, key=lambda f: (f["herramienta"], str(f["archivo"]), f["linea"]))


def _por_patron(por_nombre: Mapping[str, list[Mapping[str, Any]]], nombre: str) -> list[Mapping[str, Any]]:
    """Static tools whose name was computed (`{prefix}read_graph`: each `{...}` stands for any text)
    and matches the live `nombre`, when no static tool has that exact name. A name computed whole
    (`{name}`) tells nothing of which live tools it stands for: it matches none."""
    return [f for patron, filas in sorted(por_nombre.items())
            if "{" in patron and re.sub(r"\{[^{}]*\}", "", patron) and _patron(patron).fullmatch(nombre) for f in filas]


def _patron(nombre: str) -> "re.Pattern[str]":
    partes = re.split(r"\{[^{}]*\}", nombre)
    return re.compile(".+".join(re.escape(p) for p in partes), re.DOTALL)


def _diferencia(fila: Mapping[str, Any], esquemas: Mapping[tuple[str, str], list[Any]],
                tool: Mapping[str, Any]) -> Optional[dict[str, Any]]:
    """The first difference of one static tool row with the live tool, both sides; None if they agree.
    A side the source analysis could not derive is not compared (its `no_resuelto` row says why)."""
    for lado, campo in CAMPOS:
        estado = fila.get(f"esquema_{lado}")
        vivo = tool.get(campo)
        estaticos = esquemas.get((fila["herramienta"], lado), [])
        if not estaticos:
            if estado in SIN_ESQUEMA and vivo is not None:
                return {"lado": lado, "puntero": f"/{campo}", "estatico": "(absent)", "publicado": _corto(vivo)}
            continue
        if vivo is None:
            return {"lado": lado, "puntero": f"/{campo}", "estatico": _corto(estaticos[0]), "publicado": "(absent)"}
        resultados = [primera_diferencia(e, vivo) for e in estaticos]
        if any(r is None for r in resultados):
            continue
        p = resultados[0]
        return {"lado": lado, "puntero": f"/{campo}{p}", "estatico": _corto(_en(estaticos[0], p)),
                "publicado": _corto(_en(vivo, p))}
    return None
