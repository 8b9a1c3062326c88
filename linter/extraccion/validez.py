"""Meta-schema validity of published schemas, remembered in `.oracle-cache/` by exact value.

Checking a schema against the Draft 2020-12 meta-schema needs jsonschema, whose import alone
is about a tenth of a one-file run. The answer depends only on the schema value and on the
installed analyzer, so it is filed under that value and the analyzer fingerprint `sal` (the key
of the per-file facts too, which already carry these answers; it includes the installed
jsonschema distribution, whose messages these are): editing a tool file whose schemas did not
change does not import jsonschema at all. A value is filed only when its `repr` identifies it
exactly, i.e. when it is built of dicts with string keys, lists, tuples, strings, numbers,
booleans and None (key order and every type kept); any other value is always checked afresh.
"""

from __future__ import annotations

from typing import Any, Optional

from ..cache import Almacen, clave
from . import nodos
from .tipos import Esquema

ESCALARES = (str, int, float, bool, type(None))


def firma(valor: Any) -> Optional[str]:
    """`repr(valor)` when it identifies `valor` exactly (JSON-like builtins only), else None."""
    try:
        return repr(valor) if _solo_json(valor) else None
    except RecursionError:
        return None


def _solo_json(valor: Any) -> bool:
    tipo = type(valor)
    if tipo in ESCALARES:
        return True
    if tipo is dict:
        return all(type(k) is str and _solo_json(v) for k, v in valor.items())
    if tipo is list or tipo is tuple:
        return all(_solo_json(v) for v in valor)
    return False


class Validez:
    """`nodos.validez` with answers kept per schema value: in this process, and in the cache when there is one."""

    def __init__(self, almacen: Optional[Almacen], sal: str) -> None:
        self.almacen, self.sal = almacen, sal
        self._vistas: dict[str, tuple[bool, Optional[str]]] = {}

    def de(self, esquema: Esquema) -> tuple[bool, Optional[str]]:
        """(valid, error message) of a published schema, exactly as `nodos.validez` answers."""
        texto = firma(esquema.valor)
        if texto is None:
            return nodos.validez(esquema)
        if texto in self._vistas:
            return self._vistas[texto]
        k = clave(self.sal, "validez", texto)
        respuesta = _leida(self.almacen.leer(k)) if self.almacen is not None else None
        if respuesta is None:
            respuesta = nodos.validez(esquema)
            if self.almacen is not None:
                self.almacen.escribir(k, {"valido": respuesta[0], "error": respuesta[1]})
        self._vistas[texto] = respuesta
        return respuesta


def _leida(entrada: Optional[dict[str, Any]]) -> Optional[tuple[bool, Optional[str]]]:
    """A stored answer, or None when missing or not shaped like one (never trusted otherwise)."""
    if entrada is None or type(entrada.get("valido")) is not bool:
        return None
    error = entrada.get("error")
    if not (error is None or isinstance(error, str)) or (error is None) != entrada["valido"]:
        return None
    return entrada["valido"], error
