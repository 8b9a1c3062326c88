"""`esquema_propiedad`: one row per property of every object of a published schema, with its types,
whether it can be an array and whether it admits null, `$ref` chains and union branches followed."""

from __future__ import annotations

from oracle_lint.linter.extraccion.nodos import anulable, coleccion, filas_propiedades, tipos_de
from oracle_lint.linter.extraccion.tipos import Esquema, Pos

RAIZ = {
    "type": "object",
    "properties": {
        "items": {"type": "array", "items": {"$ref": "#/$defs/Item"}},
        "item": {"anyOf": [{"$ref": "#/$defs/Item"}, {"type": "null"}]},
        "lista_o_nada": {"oneOf": [{"$ref": "#/$defs/Lista"}, {"type": "null"}]},
        "viejo": {"type": "string", "nullable": True},
        "enumerado": {"enum": ["a", None]},
        "constante": {"const": None},
        "bandera": {"type": "boolean"},
        "ciclo": {"$ref": "#/$defs/A"},
        "colgante": {"$ref": "#/$defs/NoEsta"},
        "libre": {},
    },
    "$defs": {
        "Item": {"type": "object", "properties": {"id": {"type": ["integer", "null"]}}},
        "Lista": {"type": "array"},
        "A": {"$ref": "#/$defs/B"},
        "B": {"$ref": "#/$defs/A"},
    },
}


def _hechos(nombre: str) -> tuple[str, bool, bool]:
    sub = RAIZ["properties"][nombre]
    return ",".join(sorted(tipos_de(RAIZ, sub))), coleccion(RAIZ, sub), anulable(RAIZ, sub)


def test_types_collections_and_nulls_follow_refs_and_branches():
    assert _hechos("items") == ("array", True, False)
    assert _hechos("item") == ("null,object", False, True)
    assert _hechos("lista_o_nada") == ("array,null", True, True)
    assert _hechos("viejo") == ("string", False, True)
    assert _hechos("enumerado") == ("", False, True)
    assert _hechos("constante") == ("", False, True)
    assert _hechos("bandera") == ("boolean", False, False)
    assert _hechos("ciclo") == ("", False, False)  # a $ref cycle ends, names nothing
    assert _hechos("colgante") == ("", False, False)
    assert _hechos("libre") == ("", False, False)


def test_one_row_per_property_of_every_object_where_it_is_written():
    donde = Pos("s.py", 3, 1)
    esquema = Esquema(RAIZ, Pos("s.py", 1, 1), "literal", {"": Pos("s.py", 1, 1), "/properties/bandera": donde})
    filas = filas_propiedades("t", "salida", esquema)
    assert sorted((f["puntero"], f["propiedad"]) for f in filas) == sorted(
        [("", n) for n in RAIZ["properties"]] + [("/$defs/Item", "id")])
    bandera = next(f for f in filas if f["propiedad"] == "bandera")
    assert bandera == {"herramienta": "t", "lado": "salida", "puntero": "", "propiedad": "bandera", "tipos": "boolean",
                       "coleccion": False, "anulable": False, "requerida": False, "archivo": "s.py", "linea": 3, "columna": 1}
    ident = next(f for f in filas if f["propiedad"] == "id")
    assert (ident["tipos"], ident["anulable"], ident["linea"]) == ("integer,null", True, 1)  # its nearest written ancestor
