"""`palabras_desconocidas` finds every keyword the validator does not interpret, wherever it sits.

The published schemas have none, so the table test alone cannot tell a checker that finds
them from one that never does (mutation testing of `server/` showed it). These schemas put
one unknown keyword in each place a subschema can hide.
"""

from __future__ import annotations

from typing import Any

import pytest

from oracle_lint.server.validacion import PALABRAS, palabras_desconocidas


def test_una_palabra_desconocida_en_cada_lugar() -> None:
    esquema = {
        "x_raiz": 1,
        "type": "object",
        "properties": {
            "p": {"type": "string", "x_propiedad": 1},
            "q": {"type": "string"},
            # A property *named* like an unknown keyword is a name, not a keyword.
            "x_nombre": {},
        },
        "$defs": {
            "d": {"x_definicion": True},
            "e": {"type": "null"},
        },
        "items": {"x_elementos": {}},
        "additionalProperties": {"x_adicionales": []},
        "oneOf": [{"x_rama1": 1}, {"x_rama2": 2}, {"type": "integer"}],
        "required": ["x_requerida"],
        "enum": [{"x_valor": 1}],
        "const": {"x_constante": 1},
        "default": {"x_defecto": 1},
    }
    assert palabras_desconocidas(esquema) == {
        "x_raiz", "x_propiedad", "x_definicion", "x_elementos", "x_adicionales", "x_rama1", "x_rama2",
    }


def test_anidadas_a_profundidad() -> None:
    esquema = {
        "properties": {
            "a": {
                "items": {
                    "oneOf": [
                        {"properties": {"b": {"additionalProperties": {"$defs": {"c": {"format": "date"}}}}}},
                    ],
                },
            },
        },
    }
    assert palabras_desconocidas(esquema) == {"format"}


@pytest.mark.parametrize(
    ("esquema", "esperadas"),
    [
        ({"title": "t"}, {"title"}),
        ({"properties": {"a": {"maxLength": 3}}}, {"maxLength"}),
        ({"$defs": {"a": {"if": {}}}}, {"if"}),
        ({"items": {"prefixItems": []}}, {"prefixItems"}),
        ({"additionalProperties": {"minProperties": 1}}, {"minProperties"}),
        ({"oneOf": [{"not": {}}]}, {"not"}),
        # Values that are not subschemas are not searched.
        ({"items": [{"title": "t"}]}, set()),
        ({"additionalProperties": False}, set()),
        ({"additionalProperties": True}, set()),
        ({"enum": [{"title": "t"}]}, set()),
        ({"description": {"title": "t"}}, set()),
        ({}, set()),
    ],
    ids=["raiz", "properties", "defs", "items", "additional", "oneOf", "items_lista", "additional_false",
         "additional_true", "enum", "anotacion", "vacio"],
)
def test_cada_lugar(esquema: dict[str, Any], esperadas: set[str]) -> None:
    assert palabras_desconocidas(esquema) == esperadas


@pytest.mark.parametrize("valor", [None, 1, "type", ["title"], True])
def test_lo_que_no_es_un_esquema_no_tiene_palabras(valor: Any) -> None:
    assert palabras_desconocidas(valor) == set()


def test_las_palabras_interpretadas_no_se_denuncian() -> None:
    esquema = {palabra: {} for palabra in sorted(PALABRAS)}
    esquema["oneOf"] = [{}]
    assert palabras_desconocidas(esquema) == set()
    assert isinstance(palabras_desconocidas(esquema), set)
