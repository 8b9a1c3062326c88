"""Rows per relation: accumulate, deduplicate, sort (no libcst)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Optional

RELACIONES = ("herramienta", "esquema_nodo", "esquema_propiedad", "esquema_hijo", "esquema_valor", "esquema", "raiz",
              "clave_emitida", "valor_emitido", "clave_declarada", "spread", "complete", "no_resuelto", "archivo", "servidor")


# The column a unit's rows carry internally to say which registration they belong to (`file:line:column`);
# the merge reads it to keep same-named tools apart and removes it (`distinguir`).
SITIO = "_sitio"


def distinguir(filas: dict[str, list[dict[str, Any]]], extra: Optional[dict[tuple[str, str], str]] = None
               ) -> dict[tuple[str, str], str]:
    """Keep two tools of one name apart: when rows of one tool name come from registrations at more
    than one place (two servers of one repository, each with its `search`), each such tool is named
    `name (file:line)` in every relation, so no join between its rows and another's can meet. Tools
    whose name is unique keep it. Removes the internal `SITIO` column; returns the renames made,
    (name, site) -> new name."""
    sitios: dict[str, set[str]] = {}
    for relacion in filas.values():
        for f in relacion:
            if f.get(SITIO) is not None and f.get("herramienta") is not None:
                sitios.setdefault(f["herramienta"], set()).add(f[SITIO])
    for nombre, sitio in (extra or {}):
        sitios.setdefault(nombre, set()).add(sitio)
    nombres = {(n, s): f"{n} ({s.rsplit(':', 1)[0]})" for n, ss in sitios.items() if len(ss) > 1 for s in ss}
    # (the `(file:line)` suffix is where the tool's `herramienta` row stands: `nombre_llano` reads it back)
    for relacion in filas.values():
        for f in relacion:
            sitio = f.pop(SITIO, None)
            if sitio is not None and (f.get("herramienta"), sitio) in nombres:
                f["herramienta"] = nombres[(f["herramienta"], sitio)]
    return nombres


def motivo_de_origen(origen: str, argumento: Optional[str], literal: Optional[str]) -> str:
    """`valor_emitido.motivo`: a written value's origin in English, for a finding's message (every front end)."""
    if origen == "argumento":
        return f"the argument `{argumento}`"
    if origen == "literal":
        return f"the string literal {json.dumps(literal, ensure_ascii=False)}"
    return "a value the server reads or computes"


def nombre_llano(fila: Mapping[str, Any]) -> str:
    """The name a `herramienta` row's tool is registered under: its name, or, for a tool `distinguir`
    kept apart from a same-named one (`search (a/server.py:12)`), the name they share."""
    sufijo = f" ({fila['archivo']}:{fila['linea']})"
    nombre = fila["herramienta"]
    return nombre[:-len(sufijo)] if nombre.endswith(sufijo) else nombre


def _texto(valor: Any) -> Any:
    """A string holding a lone surrogate (legal in a Python literal, not Unicode) written with its escape.

    Evidence is Unicode text (the core refuses anything else), so `"t\\ud800"` in a source file
    reaches the rules as the six characters `\\ud800`, the way the source spells it.
    """
    if isinstance(valor, str) and not valor.isascii():
        try:
            valor.encode("utf-8")
        except UnicodeEncodeError:
            return valor.encode("utf-8", "backslashreplace").decode("utf-8")
    return valor


class Salida:
    """Accumulates rows per relation."""

    def __init__(self) -> None:
        self.filas: dict[str, list[dict[str, Any]]] = {r: [] for r in RELACIONES}

    def fila(self, relacion: str, **columnas: Any) -> None:
        self.filas[relacion].append({c: _texto(v) for c, v in columnas.items()})

    def no_resuelto(self, herramienta: Optional[str], motivo: str, pos: Any) -> None:
        self.fila("no_resuelto", herramienta=herramienta, motivo=motivo, **pos.fila())

    def ordenadas(self) -> dict[str, list[dict[str, Any]]]:
        """Rows deduplicated and sorted deterministically."""
        salida = {}
        for relacion, filas in self.filas.items():
            unicas = {json.dumps(f, sort_keys=True): f for f in filas}  # each row's text, computed once
            orden = sorted(unicas.items(), key=lambda kf: (
                str(kf[1].get("archivo") or ""), kf[1].get("linea") or 0, kf[1].get("columna") or 0, kf[0]))
            salida[relacion] = [f for _, f in orden]
        return salida
