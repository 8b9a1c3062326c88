"""A spec-level model of what one input line must produce, and a ledger that checks a whole run.

`esperado(linea)` says, from JSON-RPC 2.0 and the MCP stdio transport alone, what a line
must produce: nothing (a blank line, a well-formed notification, a response sent to the
server), exactly one error with `id: null` (-32700 when the line is not UTF-8 JSON, -32600
when it is JSON but not a request whose id can be read — batches included, since MCP
2025-06-18 removed them), or exactly one response carrying the request's own id.

`Libro` records every line sent and, at the end, compares with what came out: each id
answered exactly once, nothing answered that was not asked, the id-less errors in order
and with their codes, every line one JSON-RPC object.
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from itertools import accumulate
from dataclasses import dataclass, field
from typing import Any

CLAVE_VERSION = "io.modelcontextprotocol/protocolVersion"
CLAVE_CAPACIDADES = "io.modelcontextprotocol/clientCapabilities"
META_MODERNA = {CLAVE_VERSION: "2026-07-28", CLAVE_CAPACIDADES: {}}


def es_id(valor: Any) -> bool:
    """A JSON-RPC id MCP admits: a string or an integer (never a boolean, float, null or container)."""
    return isinstance(valor, str) or (isinstance(valor, int) and not isinstance(valor, bool))


def clave(ident: Any) -> str:
    """`1` and `"1"` are different ids."""
    return json.dumps(ident)


def _sin_constantes(nombre: str) -> Any:
    raise ValueError(nombre)


@dataclass(frozen=True)
class Esperado:
    """What one line must produce: `nada`, `nula` (one id-less error with `codigo`) or `id` (one response)."""

    clase: str
    codigo: int | None = None
    ident: Any = None
    moderno: bool = False
    termina: bool = False


PROFUNDIDAD_LEGIBLE = 900
"""Input nested at most this deep must be parsed (the reader has this much stack to spare)."""
PROFUNDIDAD_ILEGIBLE = 1100
"""Input nested at least this deep is refused with -32700: parsing it would exhaust the stack.

Between the two the outcome depends on the interpreter's recursion limit and the reader's
stack depth, so the generators never produce such lines (`esperado` refuses them).
"""
_CADENA = re.compile(r'"(?:[^"\\]|\\.)*"', re.S)
_PASO = {"[": 1, "{": 1, "]": -1, "}": -1}


def profundidad(texto: str) -> int:
    """The deepest bracket nesting of a JSON text (strings skipped)."""
    sin_cadenas = _CADENA.sub("", texto)
    pasos = [_PASO[c] for c in sin_cadenas if c in _PASO]
    return max(accumulate(pasos), default=0)


def decodificar(linea: bytes) -> Any:
    """JSON as the wire admits it: UTF-8, no NaN/Infinity, not nested too deep (raises ValueError otherwise)."""
    texto = linea.decode("utf-8")
    limite = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limite, 10_000))  # the model must not depend on the test's own stack depth
    try:
        valor = json.loads(texto, parse_constant=_sin_constantes)
    finally:
        sys.setrecursionlimit(limite)
    hondo = profundidad(texto)
    if hondo >= PROFUNDIDAD_ILEGIBLE:
        raise ValueError("nested too deeply")
    if hondo > PROFUNDIDAD_LEGIBLE:
        raise AssertionError(f"valid JSON nested {hondo} deep has no defined outcome: the generator must avoid it")
    return valor


def esperado(linea: bytes) -> Esperado:
    """The model: what the server must write for this one line."""
    if not linea.strip():
        return Esperado("nada")
    try:
        mensaje = decodificar(linea)
    except (UnicodeDecodeError, ValueError, RecursionError):
        return Esperado("nula", -32700)
    if not isinstance(mensaje, dict):
        return Esperado("nula", -32600)
    version_ok = mensaje.get("jsonrpc") == "2.0"
    if version_ok and "method" not in mensaje and "id" in mensaje and ("result" in mensaje or "error" in mensaje):
        return Esperado("nada")  # a response to the server: it sends no requests, so it answers nothing
    metodo = mensaje.get("method")
    params = mensaje.get("params")
    bien_formado = version_ok and isinstance(metodo, str) and ("params" not in mensaje or isinstance(params, dict))
    termina = bien_formado and metodo == "exit"
    if "id" in mensaje and es_id(mensaje["id"]):
        moderno = (
            bien_formado and metodo != "initialize" and isinstance(params, dict)
            and isinstance(params.get("_meta"), dict) and CLAVE_VERSION in params["_meta"]
        )
        return Esperado("id", ident=mensaje["id"], moderno=moderno, termina=termina)
    if "id" in mensaje:
        return Esperado("nula", -32600)
    if bien_formado:
        return Esperado("nada", termina=termina)
    return Esperado("nula", -32600)


@dataclass
class Libro:
    """Every line sent to one server and what each must produce."""

    pedidos: dict[str, Esperado] = field(default_factory=dict)
    nulas: list[int] = field(default_factory=list)
    repetidos: list[str] = field(default_factory=list)

    def anotar(self, linea: bytes) -> Esperado:
        e = esperado(linea)
        if e.clase == "id":
            k = clave(e.ident)
            if k in self.pedidos:
                self.repetidos.append(k)
            self.pedidos[k] = e
        elif e.clase == "nula":
            assert e.codigo is not None
            self.nulas.append(e.codigo)
        return e

    def respondidos(self, mensajes: list[dict[str, Any]]) -> bool:
        """True once every id sent has an answer and every id-less error has been written."""
        vistos = {clave(m["id"]) for m in mensajes if m.get("id") is not None}
        nulas = sum(1 for m in mensajes if m.get("id") is None)
        return set(self.pedidos) <= vistos and nulas >= len(self.nulas)

    def fallas(self, mensajes: list[dict[str, Any]]) -> list[str]:
        """Every difference between the ledger and what the server wrote."""
        fallas: list[str] = []
        if self.repetidos:
            fallas.append(f"the test sent repeated ids (a bug of the test): {self.repetidos[:5]}")
        cuenta = Counter(clave(m["id"]) for m in mensajes if m.get("id") is not None)
        for k in self.pedidos:
            if cuenta.get(k, 0) != 1:
                fallas.append(f"id {k} answered {cuenta.get(k, 0)} times (expected exactly once)")
        for k in cuenta:
            if k not in self.pedidos:
                fallas.append(f"id {k} answered although no request carried it")
        nulas = [m for m in mensajes if m.get("id") is None]
        codigos = [m.get("error", {}).get("code") for m in nulas]
        if codigos != self.nulas:
            fallas.append(f"id-less errors {codigos[:20]}... != expected {self.nulas[:20]}... "
                          f"({len(codigos)} vs {len(self.nulas)})")
        for m in nulas:
            if "error" not in m:
                fallas.append(f"a result with id null: {json.dumps(m)[:200]}")
        for m in mensajes:
            e = self.pedidos.get(clave(m.get("id"))) if m.get("id") is not None else None
            if e is None or "result" not in m:
                continue
            tipo = m["result"].get("resultType")
            if e.moderno and tipo != "complete":
                fallas.append(f"modern request {clave(e.ident)} answered without resultType complete")
            if not e.moderno and "resultType" in m["result"]:
                fallas.append(f"legacy request {clave(e.ident)} answered with resultType")
        return fallas
