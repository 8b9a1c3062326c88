"""`esquema_hijo`: for every property of every object of a published schema, the object nodes its
schema resolves to, named by the pointers `esquema_nodo`/`esquema_propiedad` use (`$ref` chains and
`anyOf`/`oneOf` branches followed; an array is not an object)."""

from __future__ import annotations

from oracle_lint.linter.extraccion.nodos import filas_hijos, filas_propiedades, objetos_de
from oracle_lint.linter.extraccion.tipos import Esquema, Pos

RAIZ = {
    "type": "object",
    "properties": {
        "platform": {"$ref": "#/$defs/Platform"},
        "alias": {"$ref": "#/$defs/Alias"},
        "state": {"anyOf": [{"$ref": "#/$defs/State"}, {"type": "null"}]},
        "inline": {"type": "object", "properties": {"x": {"type": "integer"}}},
        "rama": {"oneOf": [{"type": "object", "properties": {"y": {"type": "string"}}}, {"type": "string"}]},
        "lista": {"type": "array", "items": {"$ref": "#/$defs/Platform"}},
        "texto": {"type": "string"},
        "ciclo": {"$ref": "#/$defs/A"},
        "colgante": {"$ref": "#/$defs/NoEsta"},
    },
    "$defs": {
        "Platform": {"type": "object", "properties": {"name": {"type": "string"}, "host": {"type": "string"}}},
        "Alias": {"$ref": "#/$defs/Platform"},
        "State": {"type": "object", "properties": {"returned": {"type": "integer"}, "otro": {"$ref": "#/$defs/State"}}},
        "A": {"$ref": "#/$defs/B"},
        "B": {"$ref": "#/$defs/A"},
    },
}


def test_the_object_a_property_resolves_to_through_refs_and_branches():
    p = RAIZ["properties"]
    assert objetos_de(RAIZ, "/properties/platform", p["platform"]) == ["/$defs/Platform"]
    assert objetos_de(RAIZ, "/properties/alias", p["alias"]) == ["/$defs/Platform"]  # a chain ends where it ends
    assert objetos_de(RAIZ, "/properties/state", p["state"]) == ["/$defs/State"]
    assert objetos_de(RAIZ, "/properties/inline", p["inline"]) == ["/properties/inline"]
    assert objetos_de(RAIZ, "/properties/rama", p["rama"]) == ["/properties/rama/oneOf/0"]
    assert objetos_de(RAIZ, "/properties/lista", p["lista"]) == []  # a collection, not an object
    assert objetos_de(RAIZ, "/properties/texto", p["texto"]) == []
    assert objetos_de(RAIZ, "/properties/ciclo", p["ciclo"]) == []
    assert objetos_de(RAIZ, "/properties/colgante", p["colgante"]) == []


def test_one_row_per_property_and_object_where_the_property_is_written_and_joinable_with_its_properties():
    donde = Pos("s.py", 4, 5)
    esquema = Esquema(RAIZ, Pos("s.py", 1, 1), "literal", {"": Pos("s.py", 1, 1), "/properties/platform": donde})
    filas = filas_hijos("t", "salida", esquema)
    assert sorted((f["padre"], f["propiedad"], f["puntero"]) for f in filas) == [
        ("", "alias", "/$defs/Platform"),
        ("", "inline", "/properties/inline"),
        ("", "platform", "/$defs/Platform"),
        ("", "rama", "/properties/rama/oneOf/0"),
        ("", "state", "/$defs/State"),
        ("/$defs/State", "otro", "/$defs/State"),
    ]
    platform = next(f for f in filas if f["propiedad"] == "platform")
    assert platform == {"herramienta": "t", "lado": "salida", "padre": "", "propiedad": "platform",
                        "puntero": "/$defs/Platform", "archivo": "s.py", "linea": 4, "columna": 5}
    propiedades = {(f["puntero"], f["propiedad"]) for f in filas_propiedades("t", "salida", esquema)}
    assert {(p, n) for p, n in propiedades if p == platform["puntero"]} == {("/$defs/Platform", "name"),
                                                                          ("/$defs/Platform", "host")}
