"""The Draft 2020-12 meta-schema as one schema, so checking a published schema costs a fifth of `check_schema`.

The meta-schema is an `allOf` of seven vocabulary meta-schemas that recurse through
`$dynamicRef: "#meta"`, so jsonschema resolves and enters eight schemas at every node of the
schema it checks (a cold run of awslabs/mcp spent 6 % of its time there, on 1,618 schemas). Started
from the meta-schema itself, that dynamic reference always lands on the meta-schema, and the
vocabularies share no keyword and no definition name, so one schema holding their keywords in
order, recursing with `$ref: "#"`, accepts and rejects exactly the same schemas and reports the
same first error (tests/linter/test_metaesquema.py compares both on every fixture schema and on a
set written to break each keyword). It is built from the meta-schemas jsonschema ships, at first
use; anything in them this construction does not expect gives None, and the caller then uses
`check_schema` as it is.
"""

from __future__ import annotations

import functools
from typing import Any, Optional

RAIZ = "https://json-schema.org/draft/2020-12/schema"
BASE = "https://json-schema.org/draft/2020-12/"
DESCRIPTIVAS = frozenset({"$schema", "$id", "$vocabulary", "$dynamicAnchor", "title", "$comment"})  # no assertion


class _Inesperado(Exception):
    """The shipped meta-schemas are not shaped as this construction assumes."""


def plano(meta: dict[str, Any], vocabulario: Any) -> dict[str, Any]:
    """The meta-schema `meta` as one schema; `vocabulario(uri)` gives a vocabulary meta-schema's contents."""
    if list(meta) != ["$schema", "$id", "$vocabulary", "$dynamicAnchor", "title", "allOf", "type", "$comment", "properties"]:
        raise _Inesperado("root keywords")
    if meta["$id"] != RAIZ or meta["$dynamicAnchor"] != "meta":
        raise _Inesperado("root identity")
    salida: dict[str, Any] = {"$schema": meta["$schema"]}
    definiciones: dict[str, Any] = {}
    partes = []
    for entrada in meta["allOf"]:
        if list(entrada) != ["$ref"] or not entrada["$ref"].startswith("meta/"):
            raise _Inesperado("allOf entry")
        partes.append(vocabulario(BASE + entrada["$ref"]))
    partes.append({k: meta[k] for k in ("type", "properties")})  # the root's own keywords come after its allOf
    for parte in partes:
        if parte.get("$dynamicAnchor", "meta") != "meta":
            raise _Inesperado("vocabulary anchor")
        for clave, valor in parte.items():
            if clave in DESCRIPTIVAS:
                continue
            if clave == "type":
                if valor != ["object", "boolean"] or salida.setdefault("type", valor) != valor:
                    raise _Inesperado("type")
            elif clave == "properties":
                propias = salida.setdefault("properties", {})
                for nombre, sub in valor.items():
                    if nombre in propias:
                        raise _Inesperado(f"property {nombre} in two vocabularies")
                    propias[nombre] = sub
            elif clave == "$defs":
                for nombre, sub in valor.items():
                    if nombre in definiciones:
                        raise _Inesperado(f"definition {nombre} in two vocabularies")
                    definiciones[nombre] = sub
            else:
                raise _Inesperado(f"keyword {clave}")
    salida["$defs"] = definiciones
    return _referencias(salida, definiciones)


def _referencias(nodo: Any, definiciones: dict[str, Any]) -> Any:
    """`$dynamicRef: "#meta"` as `$ref: "#"`, and every `$ref` into a vocabulary's `$defs` as one into ours."""
    if isinstance(nodo, list):
        return [_referencias(x, definiciones) for x in nodo]
    if not isinstance(nodo, dict):
        return nodo
    salida: dict[str, Any] = {}
    for clave, valor in nodo.items():
        if clave == "$dynamicRef" and isinstance(valor, str):
            if valor != "#meta":
                raise _Inesperado(f"dynamic reference {valor}")
            salida["$ref"] = "#"
        elif clave == "$ref" and isinstance(valor, str):
            _, _, puntero = valor.partition("#")
            if not puntero.startswith("/$defs/") or puntero[len("/$defs/"):] not in definiciones:
                raise _Inesperado(f"reference {valor}")
            salida["$ref"] = "#" + puntero
        else:
            salida[clave] = _referencias(valor, definiciones)
    return salida


@functools.lru_cache(maxsize=None)
def validador() -> Optional[Any]:
    """A Draft 2020-12 validator of the flat meta-schema with check_schema's format checker, or None
    when the installed meta-schemas are not what `plano` expects (the caller then uses check_schema)."""
    import jsonschema_specifications
    from jsonschema import Draft202012Validator

    try:
        esquema = plano(Draft202012Validator.META_SCHEMA, jsonschema_specifications.REGISTRY.contents)
    except (_Inesperado, KeyError, TypeError, AttributeError, LookupError):
        return None
    return Draft202012Validator(esquema, format_checker=Draft202012Validator.FORMAT_CHECKER)
