"""The calls file of `oracle-lint probe --calls FILE`, and the facts of one `tools/call` result.

A calls file (TOML or JSON) lists sample calls the user writes: the tool, its arguments, and
whether the call asks for less than everything (`partial`: a limit, a page, a filter), which is
what makes a `complete: true` in its result a claim without evidence. Each result becomes one
`resultado` row; the rules decide what is a finding.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping, Optional

from oracle_lint.nucleo.errores import ErrorOracle

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on 3.10 only
    import tomli as tomllib

ESQUEMA_LLAMADAS = {
    "type": "object",
    "additionalProperties": False,
    "required": ["call"],
    "properties": {
        "call": {
            "type": "array",
            "minItems": 1,
            "items": {
                "type": "object",
                "additionalProperties": False,
                "required": ["tool"],
                "properties": {
                    "id": {"type": "string", "minLength": 1},
                    "tool": {"type": "string", "minLength": 1},
                    "arguments": {"type": "object"},
                    "partial": {"type": "boolean"},
                },
            },
        }
    },
}


@dataclass(frozen=True)
class Llamada:
    """One sample call: `etiqueta` names it in findings (its `id`, or its position)."""

    herramienta: str
    argumentos: Mapping[str, Any] = field(default_factory=dict)
    parcial: bool = False
    etiqueta: str = ""


def cargar(ruta: Path, presentada: str) -> tuple[Llamada, ...]:
    """Read and validate a calls file; `LLAMADAS_INVALIDAS` names the first problem and the fix."""
    import jsonschema

    try:
        texto = ruta.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise _invalido(presentada, f"cannot be read ({type(error).__name__}: {error})") from None
    try:
        datos = json.loads(texto) if ruta.suffix == ".json" else tomllib.loads(texto)
    except (ValueError, tomllib.TOMLDecodeError) as error:
        raise _invalido(presentada, f"is not valid {'JSON' if ruta.suffix == '.json' else 'TOML'}: {error}") from None
    errores = sorted(jsonschema.Draft202012Validator(ESQUEMA_LLAMADAS).iter_errors(datos), key=lambda e: list(e.absolute_path))
    if errores:
        e = errores[0]
        donde = "/" + "/".join(str(p) for p in e.absolute_path)
        raise _invalido(presentada, f"at {donde}: {e.message}")
    salida = []
    for i, c in enumerate(datos["call"], start=1):
        salida.append(Llamada(c["tool"], c.get("arguments", {}), c.get("partial", False), c.get("id") or f"#{i}"))
    etiquetas = [l.etiqueta for l in salida]
    repetidas = sorted({e for e in etiquetas if etiquetas.count(e) > 1})
    if repetidas:
        raise _invalido(presentada, f"repeats the call id {repetidas[0]!r}")
    return tuple(salida)


def _invalido(presentada: str, problema: str) -> ErrorOracle:
    return ErrorOracle(
        "LLAMADAS_INVALIDAS",
        f"the calls file {presentada} {problema}.",
        correccion='write [[call]] tables with tool = "name", optional arguments = { ... }, partial = true|false and id = "..." '
                   '(JSON: {"call": [{"tool": "name", "arguments": {...}}]}); see docs/probe.md',
    )


def compacto(valor: Any) -> set[str]:
    """The compact serializations of a value (with and without escaped non-ASCII)."""
    return {json.dumps(valor, separators=(",", ":"), ensure_ascii=a) for a in (False, True)}


def _texto(resultado: Mapping[str, Any], estructurado: Any) -> Optional[str]:
    """How `content[].text` carries the structured payload: `compact` (the same value, no insignificant
    whitespace), `indented` (the same value, padded), `different` (another value, or prose), `missing`."""
    if estructurado is None:
        return None
    textos = [c.get("text") for c in resultado.get("content", []) if isinstance(c, dict) and c.get("type") == "text"]
    if not textos:
        return "missing"
    mismos = []
    for t in textos:
        try:
            valor = json.loads(t)
        except (TypeError, ValueError):
            continue
        if valor == estructurado:
            mismos.append((t, valor))
    if any(t in compacto(valor) for t, valor in mismos):  # key order is the text's own: JSON objects have none
        return "compact"
    return "indented" if mismos else "different"


def _complete(estructurado: Any) -> bool:
    """Whether the result asserts `complete: true` (at its root, or in its `state` as seed 000 §1.4 places it)."""
    if not isinstance(estructurado, dict):
        return False
    estado = estructurado.get("state")
    return estructurado.get("complete") is True or (isinstance(estado, dict) and estado.get("complete") is True)


def fila(llamada: Llamada, tool: Mapping[str, Any], resultado: Mapping[str, Any], donde: Mapping[str, Any]) -> dict[str, Any]:
    """The `resultado` row of one call: what the result carries, against what the tool publishes."""
    import jsonschema

    esquema = tool.get("outputSchema")
    estructurado = resultado.get("structuredContent")
    valido, error = None, None
    if esquema is not None and estructurado is not None:
        errores = list(jsonschema.Draft202012Validator(esquema).iter_errors(estructurado))
        valido = not errores
        if errores:
            mejor = jsonschema.exceptions.best_match(errores)
            error = f"{mejor.message} (at /{'/'.join(str(p) for p in mejor.absolute_path)})"
    return {
        **_llamada(llamada),
        "parcial": llamada.parcial,
        "es_error": resultado.get("isError") is True,
        "con_esquema": esquema is not None,
        "estructurado": estructurado is not None,
        "valido": valido,
        "error_validacion": error,
        "texto": _texto(resultado, estructurado),
        "complete_afirmado": _complete(estructurado),
        **donde,
    }


def _llamada(llamada: Llamada) -> dict[str, Any]:
    return {"herramienta": llamada.herramienta, "llamada": llamada.etiqueta,
            "argumentos": json.dumps(dict(llamada.argumentos), sort_keys=True, ensure_ascii=False)[:80]}


def claves(llamada: Llamada, tool: Mapping[str, Any], resultado: Mapping[str, Any], donde: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The `clave_resultado` rows of one call: each top-level key its structuredContent writes, for a
    tool that publishes an output schema, and whether that schema's root names its keys (a map does not)."""
    from oracle_lint.linter.extraccion import nodos
    from oracle_lint.linter.extraccion.tipos import Esquema, Pos

    esquema, estructurado = tool.get("outputSchema"), resultado.get("structuredContent")
    if esquema is None or not isinstance(estructurado, dict):
        return []
    declara = nodos.declara_propiedades(Esquema(esquema, Pos("", 1, 1), "vivo"))
    return [{**_llamada(llamada), "clave": clave, "declara_propiedades": declara, **donde} for clave in sorted(estructurado)]
