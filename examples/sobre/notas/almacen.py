"""The notes store: what the tools read from and write to, standing in for a remote API.

Every write answers with the record as it was persisted and the outcome of the call, so that a tool
reports what the store holds, never what it was asked to write.
"""

from __future__ import annotations

import copy
from typing import Any, Optional

Registro = dict[str, Any]


class Almacen:
    """Notebooks of notes, in memory."""

    def __init__(self) -> None:
        self._cuadernos: dict[str, Registro] = {
            "ideas": {"uuid": "5b0e6a52-0c8e-4d2b-9a55-2f6d1c1e7a01", "id": 1, "name": "Ideas"},
        }
        self._notas: dict[int, Registro] = {
            1: {"id": 1, "cuaderno": "ideas", "texto": "Read the envelope contract", "page_status": "live"},
            2: {"id": 2, "cuaderno": "ideas", "texto": "Measure tools/list", "page_status": "draft"},
        }

    def cuaderno(self, slug: str) -> Optional[Registro]:
        """The notebook called `slug`, or None."""
        encontrado = self._cuadernos.get(slug)
        return None if encontrado is None else {"slug": slug, **encontrado}

    def notas(self, slug: str, desde: int, cuantas: int) -> dict[str, Any]:
        """One page of a notebook's notes and how many it holds (the API's meta)."""
        todas = [copy.deepcopy(n) for n in self._notas.values() if n["cuaderno"] == slug]
        return {"entries": todas[desde : desde + cuantas], "meta": {"total_entries": len(todas)}}

    def buscar(self, texto: str) -> dict[str, Any]:
        """Notes whose text contains `texto`, and how many notes were searched."""
        hallados = [copy.deepcopy(n) for n in self._notas.values() if texto.lower() in n["texto"].lower()]
        return {"entries": hallados, "meta": {"searched": len(self._notas)}}

    def nota(self, ident: int) -> Optional[Registro]:
        """The note `ident`, or None."""
        encontrada = self._notas.get(ident)
        return None if encontrada is None else copy.deepcopy(encontrada)

    def actualizar(self, ident: int, texto: str) -> Optional[dict[str, Any]]:
        """Write the note's text; the record as persisted and whether anything changed (None: no such note)."""
        nota = self._notas.get(ident)
        if nota is None:
            return None
        estado = "unchanged" if nota["texto"] == texto else "updated"
        nota["texto"] = texto
        nota["page_status"] = "draft"
        return {"record": copy.deepcopy(nota), "status": estado}

    def borrar(self, ident: int) -> Optional[dict[str, Any]]:
        """Delete the note; the record that was deleted and the outcome (None: no such note)."""
        borrada = self._notas.pop(ident, None)
        return None if borrada is None else {"record": borrada, "status": "deleted"}


ALMACEN = Almacen()
