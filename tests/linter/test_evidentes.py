"""Schemas valid on sight (evidentes.py): every True agrees with jsonschema's check_schema."""

from __future__ import annotations

import subprocess
import sys

from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError

from oracle_lint.linter.extraccion.evidentes import PALABRAS, evidente

from .test_metaesquema import LUGARES, MALOS, _palabras, esquemas_de_las_fixtures

# A plain right value for each keyword the on-sight reading accepts.
BUENOS = {"type": ["object", "string", ["string", "null"]], "properties": [{"a": {"type": "integer"}}, {}],
          "required": [["a", "b"], []], "title": ["T"], "description": ["d"], "default": [None, [1], {"x": {}}],
          "anyOf": [[{"type": "string"}, {"type": "null"}]], "oneOf": [[{}]], "allOf": [[True]],
          "items": [{"type": "string"}, False], "additionalProperties": [True, {"type": "number"}],
          "$defs": [{"M": {"type": "object"}}], "$ref": ["#/$defs/M", "#"], "enum": [["a", 1, None], []],
          "const": [3], "examples": [[1, "a"]], "minimum": [0, -2.5], "maxLength": [0, 10], "minItems": [1],
          "uniqueItems": [True], "format": ["date-time"], "deprecated": [False], "not": [{}],
          "x-extension": [object()]}


def valido(valor) -> bool:
    try:
        Draft202012Validator.check_schema(valor)
    except SchemaError:
        return False
    return True


def test_the_keyword_set_is_the_installed_meta_schemas():
    assert PALABRAS == set(_palabras())


def test_no_wrong_value_of_any_keyword_in_any_place_is_taken_as_valid():
    casos = [lugar(k, v) for k in _palabras() for v in MALOS for lugar in LUGARES]
    casos += [3, "x", None, [], {"type": "objet"}, {"type": ["string", "string"]}, {"type": []},
              {"required": ["a", "a"]}, {"required": [1]}, {"$ref": 5}, {"$ref": "#/a b"}, {"enum": "a"},
              {"minLength": -1}, {"maxLength": True}, {"minimum": float("nan")}, {"properties": {1: {}}},
              {"anyOf": []}, {"items": 3}, {"$defs": {"a": 3}}, {"uniqueItems": 1}, {"$schema": 7}]
    aceptados = [c for c in casos if evidente(c)]
    assert [c for c in aceptados if not valido(c)] == []
    assert sum(1 for c in casos if not valido(c)) > len(casos) // 2  # the set really holds wrong schemas


def test_right_values_in_every_place_are_taken_on_sight_and_are_valid():
    # every place but those under patternProperties and dependencies, keywords left to jsonschema
    leidos = [lugar for lugar in LUGARES if not ({"patternProperties", "dependencies"} & set(lugar("k", {})))]
    assert len(leidos) == len(LUGARES) - 2
    casos = [lugar(k, v) for k, valores in BUENOS.items() for v in valores for lugar in leidos]
    assert [c for c in casos if not evidente(c)] == []
    assert all(valido(c) for c in casos)


def test_valid_schemas_the_reading_leaves_to_jsonschema():
    dejados = [{"pattern": "^a"}, {"$schema": "https://example.com/meta-schema"}, {"minLength": 1.0},
               {"$ref": "other.json#/x"}, {"multipleOf": 2}, {"patternProperties": {"^a": {}}}, {"type": ("string",)}]
    assert [evidente(d) for d in dejados] == [False] * len(dejados)
    assert all(valido(d) for d in dejados if not isinstance(d.get("type"), tuple))


def test_the_drafts_own_schema_uris_are_read_on_sight():
    """What zod 4, zod-to-json-schema and the SDK 2.x write as `$schema` (every published TypeScript
    schema carries one) needs no jsonschema."""
    from oracle_lint.linter.extraccion.evidentes import BORRADORES

    casos = [{"$schema": b, "type": "object", "properties": {"a": {"type": "string"}}} for b in sorted(BORRADORES)]
    assert [evidente(c) for c in casos] == [True] * len(casos)
    assert all(valido(c) for c in casos)


def test_every_schema_the_fixtures_publish():
    vistos = esquemas_de_las_fixtures()
    assert [v for v in vistos if evidente(v) and not valido(v)] == []
    validos = [v for v in vistos if valido(v)]
    assert len(validos) > 100
    assert sum(1 for v in validos if evidente(v)) > 0.9 * len(validos)  # most are read on sight


def test_a_run_over_plain_schemas_never_imports_jsonschema():
    codigo = ("import sys\n"
              "from oracle_lint.linter.extraccion import nodos\n"
              "from oracle_lint.linter.extraccion.tipos import Esquema, Pos\n"
              "e = Esquema({'type': 'object', 'properties': {'a': {'$ref': '#/$defs/M'}}, "
              "'$defs': {'M': {'type': 'object'}}}, Pos('s.py', 1, 1), 'modelo')\n"
              "print(nodos.validez(e), 'jsonschema' in sys.modules)\n"
              "print(nodos.validez(Esquema({'type': 5}, Pos('s.py', 1, 1), 'literal'))[0], 'jsonschema' in sys.modules)\n")
    salida = subprocess.run([sys.executable, "-c", codigo], capture_output=True, text=True, check=True).stdout
    assert salida == "(True, None) False\nFalse True\n"
