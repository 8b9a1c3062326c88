"""`esquema_valor`: every string a property of a published schema enumerates (`enum`, `const`), `$ref`
chains and `anyOf`/`oneOf` branches followed, once each, in order."""

from __future__ import annotations

from oracle_lint.linter.extraccion.nodos import filas_valores, valores_de
from oracle_lint.linter.extraccion.tipos import Esquema, Pos

RAIZ = {
    "type": "object",
    "properties": {
        "action": {"type": "string", "enum": ["list", "get", "update", 3, None]},
        "modo": {"anyOf": [{"const": "rapido"}, {"$ref": "#/$defs/Modo"}, {"type": "null"}]},
        "clase": {"$ref": "#/$defs/Modo"},
        "repetido": {"oneOf": [{"enum": ["a", "b"]}, {"enum": ["b", "c"]}]},
        "texto": {"type": "string"},
        "ciclo": {"$ref": "#/$defs/A"},
    },
    "$defs": {"Modo": {"enum": ["lento", "rapido"]}, "A": {"$ref": "#/$defs/A"}},
}


def test_the_strings_a_property_enumerates():
    p = RAIZ["properties"]
    assert valores_de(RAIZ, p["action"]) == ["list", "get", "update"]  # strings only
    assert valores_de(RAIZ, p["modo"]) == ["rapido", "lento"]
    assert valores_de(RAIZ, p["clase"]) == ["lento", "rapido"]
    assert valores_de(RAIZ, p["repetido"]) == ["a", "b", "c"]
    assert valores_de(RAIZ, p["texto"]) == []
    assert valores_de(RAIZ, p["ciclo"]) == []


def test_one_row_per_property_and_value_where_the_property_is_written():
    esquema = Esquema(RAIZ, Pos("s.py", 1, 1), "literal", {"": Pos("s.py", 1, 1), "/properties/action": Pos("s.py", 3, 9)})
    filas = filas_valores("t", "entrada", esquema)
    assert [(f["propiedad"], f["valor"]) for f in filas if f["propiedad"] == "action"] == [
        ("action", "list"), ("action", "get"), ("action", "update")]
    assert filas[0] == {"herramienta": "t", "lado": "entrada", "puntero": "", "propiedad": "action", "valor": "list",
                        "archivo": "s.py", "linea": 3, "columna": 9}
    assert len(filas) == 3 + 2 + 2 + 3
