"""The flat Draft 2020-12 meta-schema answers exactly as jsonschema's check_schema."""

from __future__ import annotations

import copy
import functools

import jsonschema_specifications
import pytest
from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError

from oracle_lint.linter.extraccion import extraer, metaesquema, nodos
from oracle_lint.linter.extraccion.tipos import Esquema, Pos

from .marcas import FIXTURES

# A wrong value of every kind, for every keyword the meta-schema constrains.
MALOS = [5, -1, 1.5, "x", "", "(", [], [5], ["a", "a"], {}, {"a": 5}, True, None]
LUGARES = [  # where a keyword is put: the root, and each place a subschema is
    lambda k, v: {k: v},
    lambda k, v: {"type": "object", "properties": {"a": {k: v}}},
    lambda k, v: {"items": {k: v}},
    lambda k, v: {"prefixItems": [{}, {k: v}]},
    lambda k, v: {"$defs": {"d": {k: v}}},
    lambda k, v: {"anyOf": [{"type": "string"}, {k: v}]},
    lambda k, v: {"allOf": [{k: v}]},
    lambda k, v: {"not": {k: v}},
    lambda k, v: {"if": {k: v}, "then": {}, "else": {}},
    lambda k, v: {"dependentSchemas": {"a": {k: v}}},
    lambda k, v: {"patternProperties": {"^a": {k: v}}},
    lambda k, v: {"additionalProperties": {k: v}},
    lambda k, v: {"unevaluatedProperties": {k: v}},
    lambda k, v: {"contentSchema": {k: v}},
    lambda k, v: {"definitions": {"d": {k: v}}},
    lambda k, v: {"dependencies": {"a": {k: v}}},
]


def _respuesta_de_check_schema(valor):
    try:
        Draft202012Validator.check_schema(valor)
    except SchemaError as e:
        return False, e.message, list(e.path)
    return True, None, []


def _respuesta_plana(valor):
    error = next(iter(metaesquema.validador().iter_errors(valor)), None)
    return (True, None, []) if error is None else (False, error.message, list(error.path))


def _palabras() -> list[str]:
    return sorted(metaesquema.plano(Draft202012Validator.META_SCHEMA, jsonschema_specifications.REGISTRY.contents)["properties"])


def test_the_installed_meta_schema_flattens():
    assert metaesquema.validador() is not None
    palabras = _palabras()
    assert {"type", "properties", "items", "$ref", "format", "contentSchema", "unevaluatedProperties", "dependencies"} <= set(palabras)
    assert len(palabras) == 61  # 57 of the seven vocabularies, 4 deprecated ones of the root


def test_every_wrong_value_of_every_keyword_in_every_place_gets_check_schemas_answer():
    casos = [lugar(k, v) for k in _palabras() for v in MALOS for lugar in LUGARES]
    casos += [3, "x", None, [], True, False, {}, {"type": "objet"}, {"type": ["string", "string"]},
              {"required": ["a", "a"]}, {"pattern": "(", "format": "regex"}, {"$ref": 5}, {"$id": "#x"},
              {"$anchor": "1a"}, {"enum": []}, {"minLength": -1, "maxLength": "3"}]
    distintos = [c for c in casos if _respuesta_plana(c) != _respuesta_de_check_schema(c)]
    assert distintos == []
    invalidos = sum(1 for c in casos if not _respuesta_de_check_schema(c)[0])
    assert invalidos > len(casos) // 2  # the set really exercises rejections


@functools.lru_cache(maxsize=None)
def esquemas_de_las_fixtures() -> tuple:
    """Every schema value the analysis of all fixtures asks `nodos.validez` about (one extraction, shared
    by the tests that hold the meta-schema readings against check_schema)."""
    vistos = []
    original = nodos.validez

    def registrar(esquema):
        vistos.append(copy.deepcopy(esquema.valor))
        return original(esquema)

    nodos.validez = registrar
    try:
        extraer(sorted(FIXTURES.rglob("*.py")), FIXTURES, trabajos=1)
    finally:
        nodos.validez = original
    return tuple(vistos)


def test_every_schema_the_fixtures_publish_gets_check_schemas_answer():
    vistos = esquemas_de_las_fixtures()
    assert len(vistos) > 100
    assert [v for v in vistos if _respuesta_plana(v) != _respuesta_de_check_schema(v)] == []
    assert any(not _respuesta_de_check_schema(v)[0] for v in vistos)


def test_validez_gives_the_message_and_path_of_the_first_error():
    donde = Pos("s.py", 1, 1)
    assert nodos.validez(Esquema({"type": "object", "properties": {"a": {"type": 5}}}, donde, "literal")) == (
        False, "5 is not valid under any of the given schemas (at /properties/a/type)")
    assert nodos.validez(Esquema({"type": "object"}, donde, "literal")) == (True, None)


def test_validez_without_the_flat_meta_schema_uses_check_schema_with_the_same_answers(monkeypatch):
    donde = Pos("s.py", 1, 1)
    casos = [{"type": "object", "properties": {"a": {"type": 5}}}, {"required": "a"}, {"type": "object"}, 3]
    planas = [nodos.validez(Esquema(c, donde, "literal")) for c in casos]
    monkeypatch.setattr(metaesquema, "validador", lambda: None)  # an installed meta-schema of another shape
    assert [nodos.validez(Esquema(c, donde, "literal")) for c in casos] == planas
    assert [p[0] for p in planas] == [False, False, True, False]


@pytest.mark.parametrize("cambio", [
    lambda m: m.update({"extra": 1}),
    lambda m: m["allOf"].append({"$ref": "https://elsewhere/x"}),
    lambda m: m.update({"$dynamicAnchor": "otro"}),
])
def test_an_unexpected_meta_schema_is_refused_so_check_schema_is_used(cambio):
    meta = copy.deepcopy(Draft202012Validator.META_SCHEMA)
    cambio(meta)
    with pytest.raises(metaesquema._Inesperado):
        metaesquema.plano(meta, jsonschema_specifications.REGISTRY.contents)


def test_a_vocabulary_with_an_unexpected_keyword_is_refused():
    def vocabulario(uri):
        contenido = copy.deepcopy(jsonschema_specifications.REGISTRY.contents(uri))
        if uri.endswith("meta/content"):
            contenido["minProperties"] = 1
        return contenido

    with pytest.raises(metaesquema._Inesperado):
        metaesquema.plano(Draft202012Validator.META_SCHEMA, vocabulario)
