"""Rows per relation: accumulate, deduplicate, sort (no libcst)."""

from __future__ import annotations

import json
from typing import Any, Optional

RELACIONES = ("herramienta", "esquema_nodo", "esquema_propiedad", "esquema_hijo", "esquema_valor", "esquema", "raiz",
              "clave_emitida", "valor_emitido", "clave_declarada", "spread", "complete", "no_resuelto", "archivo", "servidor")


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
