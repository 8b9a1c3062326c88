"""Schemas valid on sight: a conservative reading of the Draft 2020-12 meta-schema that needs no jsonschema.

Importing jsonschema and building its meta-schema validator costs about 65 ms, a fifth of a
one-file run, while almost every published schema is made of a handful of keywords with plain
values (`type`, `properties`, `required`, `title`, `anyOf`, `$ref` into `$defs`, ...). `evidente`
says True only when every keyword the meta-schema constrains is one it reads here and its value is
plainly what the meta-schema asks; anything else (a `pattern`, a `$schema` other than the drafts'
own URIs, a float where an integer goes, a key that is not a string) is left to jsonschema. So True always agrees with
`check_schema` (tests/linter/test_evidentes.py checks it on every fixture schema and on values
written to break each keyword), and the error messages still come from jsonschema alone.
"""

from __future__ import annotations

import math
import re
from typing import Any

# Every keyword the installed Draft 2020-12 meta-schema constrains (the test compares this with it):
# a key outside this set is an annotation the meta-schema accepts with any value.
PALABRAS = frozenset({
    "$id", "$schema", "$ref", "$anchor", "$dynamicRef", "$dynamicAnchor", "$vocabulary", "$comment", "$defs",
    "prefixItems", "items", "contains", "additionalProperties", "properties", "patternProperties",
    "dependentSchemas", "propertyNames", "if", "then", "else", "allOf", "anyOf", "oneOf", "not",
    "unevaluatedItems", "unevaluatedProperties", "type", "const", "enum", "multipleOf", "maximum",
    "exclusiveMaximum", "minimum", "exclusiveMinimum", "maxLength", "minLength", "pattern", "maxItems",
    "minItems", "uniqueItems", "maxContains", "minContains", "maxProperties", "minProperties", "required",
    "dependentRequired", "title", "description", "default", "deprecated", "readOnly", "writeOnly", "examples",
    "format", "contentEncoding", "contentMediaType", "contentSchema", "definitions", "dependencies",
    "$recursiveAnchor", "$recursiveRef",
})
TIPOS = frozenset({"array", "boolean", "integer", "null", "number", "object", "string"})
ESQUEMA = frozenset({"items", "contains", "additionalProperties", "propertyNames", "if", "then", "else", "not",
                     "unevaluatedItems", "unevaluatedProperties", "contentSchema"})
MAPA_DE_ESQUEMAS = frozenset({"properties", "$defs", "dependentSchemas", "definitions"})
LISTA_DE_ESQUEMAS = frozenset({"prefixItems", "allOf", "anyOf", "oneOf"})
TEXTO = frozenset({"$comment", "title", "description", "format", "contentEncoding", "contentMediaType"})
NUMERO = frozenset({"maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum"})
NATURAL = frozenset({"maxLength", "minLength", "maxItems", "minItems", "maxContains", "minContains",
                     "maxProperties", "minProperties"})
BOOLEANO = frozenset({"uniqueItems", "deprecated", "readOnly", "writeOnly"})
CUALQUIERA = frozenset({"const", "default"})
LISTA = frozenset({"enum", "examples"})
# a local reference into `$defs` (or the root): a URI reference on any reading of that format
REFERENCIA = re.compile(r"#(?:/[$A-Za-z0-9_.~-]+)*\Z")
# the `$schema` URIs the SDKs and converters write (zod 4 and zod-to-json-schema: draft-07; the SDK 2.x:
# 2020-12): absolute URIs on any reading of the `uri` format the meta-schema gives `$schema`
BORRADORES = frozenset({"http://json-schema.org/draft-07/schema#", "http://json-schema.org/draft-07/schema",
                        "https://json-schema.org/draft/2020-12/schema", "https://json-schema.org/draft/2019-09/schema",
                        "http://json-schema.org/draft-04/schema#", "http://json-schema.org/draft-06/schema#"})
MAX_NODOS = 100_000  # a value shared into a cycle (never a literal's) must not loop: past this, ask jsonschema


def evidente(esquema: Any) -> bool:
    """True when `esquema` is certainly a valid Draft 2020-12 schema; False when it may not be (ask jsonschema)."""
    pila, vistos = [esquema], 0
    while pila:
        nodo = pila.pop()
        vistos += 1
        if vistos > MAX_NODOS:
            return False
        if type(nodo) is bool:
            continue
        if type(nodo) is not dict:
            return False
        for clave, valor in nodo.items():
            if type(clave) is not str:
                return False
            if clave not in PALABRAS or clave in CUALQUIERA:
                continue
            if clave in ESQUEMA:
                pila.append(valor)
            elif clave in MAPA_DE_ESQUEMAS:
                if type(valor) is not dict or any(type(k) is not str for k in valor):
                    return False
                pila.extend(valor.values())
            elif clave in LISTA_DE_ESQUEMAS:
                if type(valor) is not list or not valor:
                    return False
                pila.extend(valor)
            elif clave in TEXTO:
                if type(valor) is not str:
                    return False
            elif clave in NUMERO:
                if type(valor) not in (int, float) or not math.isfinite(valor):
                    return False
            elif clave in NATURAL:
                if type(valor) is not int or valor < 0:
                    return False
            elif clave in BOOLEANO:
                if type(valor) is not bool:
                    return False
            elif clave in LISTA:
                if type(valor) is not list:
                    return False
            elif clave == "type":
                if not _tipo(valor):
                    return False
            elif clave == "required":
                if type(valor) is not list or any(type(v) is not str for v in valor) or len(set(valor)) != len(valor):
                    return False
            elif clave == "$ref":
                if type(valor) is not str or not REFERENCIA.match(valor):
                    return False
            elif clave == "$schema":
                if type(valor) is not str or valor not in BORRADORES:
                    return False
            else:  # a keyword read only by jsonschema ($schema, pattern, multipleOf, dependencies, ...)
                return False
    return True


def _tipo(valor: Any) -> bool:
    if type(valor) is str:
        return valor in TIPOS
    return (type(valor) is list and bool(valor) and all(type(v) is str and v in TIPOS for v in valor)
            and len(set(valor)) == len(valor))
