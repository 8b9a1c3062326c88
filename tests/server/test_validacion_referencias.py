"""The validator on schema features the published input schemas do not exercise.

`maxItems` only appears in output schemas (checked as the adapter's post-condition, which no
input breaks), and the published schemas' only `$ref` is the evidence, handed to the core
before any resolution. Mutation testing of `server/` left those paths unchecked; these
schemas reach them and assert the exact refusal.
"""

from __future__ import annotations

from typing import Any

import pytest

from oracle_lint.nucleo.errores import ErrorOracle
from oracle_lint.server.validacion import validar

ESQUEMA = {
    "type": "object",
    "$defs": {"n": {"type": "integer", "minimum": 0}},
    "properties": {
        "l": {"type": "array", "minItems": 1, "maxItems": 2, "items": {"$ref": "#/$defs/n"}},
        "r": {"$ref": "#/$defs/n"},
        "x": {"$ref": "#/otra/n"},
    },
}


def _texto(valor: Any) -> str:
    with pytest.raises(ErrorOracle) as error:
        validar(valor, ESQUEMA)
    assert error.value.codigo == "ARGUMENTOS_INVALIDOS"
    return error.value.texto()


@pytest.mark.parametrize("valor", [{"l": [0]}, {"l": [0, 2]}, {"r": 7}, {}])
def test_aceptados(valor: Any) -> None:
    validar(valor, ESQUEMA)


def test_lista_vacia_describe_sus_elementos_por_referencia() -> None:
    assert _texto({"l": []}) == (
        "ARGUMENTOS_INVALIDOS — $.l: []; se esperaba una lista no vacía cuyos elementos son un entero.\n"
        "campo: $.l\ncorrección: enviá una lista no vacía cuyos elementos son un entero en $.l."
    )


def test_lista_demasiado_larga() -> None:
    assert _texto({"l": [1, 2, 3]}) == (
        "ARGUMENTOS_INVALIDOS — $.l: [1,2,3]; se esperaba una lista no vacía cuyos elementos son un entero "
        "de a lo sumo 2 elemento(s).\n"
        "campo: $.l\ncorrección: enviá una lista no vacía cuyos elementos son un entero de a lo sumo 2 elemento(s) en $.l."
    )


def test_elemento_por_referencia() -> None:
    assert _texto({"l": [1, -1]}) == (
        "ARGUMENTOS_INVALIDOS — $.l[1]: -1; se esperaba un entero mayor o igual que 0.\n"
        "campo: $.l[1]\ncorrección: enviá un entero mayor o igual que 0 en $.l[1]."
    )
    assert _texto({"l": [1, "a"]}) == (
        "ARGUMENTOS_INVALIDOS — $.l[1]: \"a\"; se esperaba un entero.\n"
        "campo: $.l[1]\ncorrección: enviá un entero en $.l[1]."
    )


def test_propiedad_por_referencia() -> None:
    assert _texto({"r": "a"}) == (
        "ARGUMENTOS_INVALIDOS — $.r: \"a\"; se esperaba un entero.\ncampo: $.r\ncorrección: enviá un entero en $.r."
    )


def test_referencia_fuera_de_defs() -> None:
    with pytest.raises(ValueError) as error:
        validar({"x": 1}, ESQUEMA)
    assert str(error.value) == "unsupported $ref #/otra/n"


# -- describir: the <forma> of every schema shape the validator interprets -------------------------

RAIZ = {"$defs": {
    "n": {"type": "integer"},
    "o": {"type": "object", "properties": {"a": {"type": "string"}, "b": {"$ref": "#/$defs/n"}}, "required": ["a"]},
}}

FORMAS = [
    ({"$ref": "#/$defs/n"}, "un entero"),
    ({"$ref": "#/$defs/o"}, "{a: una cadena, b?: un entero}"),
    ({"const": "ñ"}, '"ñ"'),
    ({"enum": ["á", 1, None]}, 'uno de "á", 1, null'),
    ({"oneOf": [{"$ref": "#/$defs/n"}, {"type": "null"}]}, "exactamente una de estas formas: un entero | null"),
    ({"type": "object"}, "un objeto"),
    ({"properties": {"a": {}}}, "un valor JSON"),
    ({"type": "object", "properties": {"a": {"type": "string"}}}, "{a?: una cadena}"),
    ({"type": "object", "properties": {"a": {"$ref": "#/$defs/n"}}, "required": ["a"]}, "{a: un entero}"),
    ({"type": "string", "minLength": 1}, "una cadena no vacía"),
    ({"type": "string", "minLength": 2}, "una cadena no vacía"),
    ({"type": "string", "minLength": 0}, "una cadena"),
    ({"minLength": 1}, "un valor JSON"),
    ({"type": "string", "pattern": "^a$"}, "una cadena que cumpla ^a$"),
    ({"type": "array", "minItems": 3}, "una lista de al menos 3 elementos"),
    ({"type": "array", "minItems": 1}, "una lista no vacía"),
    ({"type": "array", "minItems": 0}, "una lista"),
    ({"type": "array", "uniqueItems": True, "items": {"$ref": "#/$defs/n"}},
     "una lista sin repetidos cuyos elementos son un entero"),
    ({"type": ["string", "null"]}, "una cadena o null"),
    ({}, "un valor JSON"),
]


@pytest.mark.parametrize(("esquema", "forma"), FORMAS, ids=[f"forma{i}" for i in range(len(FORMAS))])
def test_describir(esquema: dict[str, Any], forma: str) -> None:
    from oracle_lint.server.validacion import describir

    assert describir(esquema, RAIZ) == forma


# -- oneOf: exactly one branch, resolved against the root ------------------------------------------

UNO_DE = {"$defs": {"n": {"type": "integer"}}, "oneOf": [{"$ref": "#/$defs/n"}, {"type": "number"}, {"type": "null"}]}


def test_uno_de_con_dos_ramas_aceptadas_se_rechaza() -> None:
    with pytest.raises(ErrorOracle) as error:
        validar(1, UNO_DE)
    assert error.value.texto() == (
        "ARGUMENTOS_INVALIDOS — $: 1; se esperaba exactamente una de estas formas: un entero | un número | null.\n"
        "campo: $\ncorrección: enviá exactamente una de estas formas: un entero | un número | null en $."
    )


def test_uno_de_con_una_rama() -> None:
    validar(1.5, UNO_DE)
    validar(None, UNO_DE)
    with pytest.raises(ErrorOracle) as error:
        validar("x", UNO_DE)
    assert error.value.mensaje == (
        '$: "x"; se esperaba exactamente una de estas formas: un entero | un número | null.'
    )


# -- const, enum and uniqueItems compare JSON values, whatever the key order ----------------------


def test_comparacion_de_objetos_sin_orden_de_claves() -> None:
    validar({"b": 1, "a": 2}, {"const": {"a": 2, "b": 1}})
    validar({"b": 1, "a": 2}, {"enum": [{"a": 2, "b": 1}]})
    with pytest.raises(ErrorOracle) as error:
        validar([{"a": 1, "b": 2}, {"b": 2, "a": 1}], {"type": "array", "uniqueItems": True})
    assert error.value.texto() == (
        'ARGUMENTOS_INVALIDOS — $[1]: {"b":2,"a":1}; se esperaba elementos distintos (ya aparece en $[0]).\n'
        "campo: $[1]\ncorrección: quitá el repetido $[1]."
    )


# -- evidence nested below $.evidencia keeps its own path ------------------------------------------

EVIDENCIAS = {
    "type": "object",
    "$defs": {"evidencia": {"type": "object"}},
    "properties": {
        "casos": {"type": "array", "items": {"type": "object", "properties": {"evidencia": {"$ref": "#/$defs/evidencia"}}}},
        "evidencia": {"$ref": "#/$defs/evidencia"},
    },
}


@pytest.mark.parametrize(("valor", "texto"), [
    ({"casos": [{"evidencia": 5}]},
     "EVIDENCIA_INVALIDA — $.casos[0].evidencia: se recibió int; se esperaba un objeto relación -> lista de filas.\n"
     "campo: $.casos[0].evidencia\n"
     "corrección: enviá un objeto JSON cuyas claves son relaciones y cuyos valores son listas de objetos."),
    ({"casos": [{}, {"evidencia": {"R": [1]}}]},
     "EVIDENCIA_INVALIDA — $.casos[1].evidencia.R: el nombre de relación no cumple ^[a-z][a-z0-9_]*$.\n"
     "campo: $.casos[1].evidencia.R\n"
     "corrección: cada relación es una lista de objetos cuyos valores son escalares (cadena, número, booleano o nulo)."),
    ({"evidencia": {"R": [1]}},
     "EVIDENCIA_INVALIDA — $.evidencia.R: el nombre de relación no cumple ^[a-z][a-z0-9_]*$.\n"
     "campo: $.evidencia.R\n"
     "corrección: cada relación es una lista de objetos cuyos valores son escalares (cadena, número, booleano o nulo)."),
], ids=["caso_no_objeto", "caso_relacion", "raiz"])
def test_evidencia_anidada(valor: Any, texto: str) -> None:
    with pytest.raises(ErrorOracle) as error:
        validar(valor, EVIDENCIAS)
    assert error.value.texto() == texto
    assert error.value.campo == texto.split("\ncampo: ")[1].split("\n")[0]


# -- objects: closed with no properties, open to a schema, required by reference; string length ----

DEFS = {"$defs": {"n": {"type": "integer"}}}


def _error(valor: Any, esquema: dict[str, Any]) -> str:
    with pytest.raises(ErrorOracle) as error:
        validar(valor, {**DEFS, **esquema})
    return error.value.texto()


def test_objeto_cerrado_sin_propiedades() -> None:
    validar({}, {"type": "object", "additionalProperties": False})
    assert _error({"a": 1}, {"type": "object", "additionalProperties": False}) == (
        "ARGUMENTOS_INVALIDOS — $.a: 1; se esperaba sólo las propiedades ninguna (no se admiten propiedades de más).\n"
        "campo: $.a\ncorrección: quitá «a»; en $ se admiten sólo: ninguna."
    )


def test_propiedades_adicionales_con_esquema() -> None:
    esquema = {"type": "object", "properties": {"a": {"type": "string"}}, "additionalProperties": {"$ref": "#/$defs/n"}}
    validar({"a": "x", "z": 1}, {**DEFS, **esquema})
    assert _error({"a": "x", "z": "no"}, esquema) == (
        'ARGUMENTOS_INVALIDOS — $.z: "no"; se esperaba un entero.\ncampo: $.z\ncorrección: enviá un entero en $.z.'
    )


def test_obligatoria_por_referencia() -> None:
    assert _error({}, {"type": "object", "properties": {"b": {"$ref": "#/$defs/n"}}, "required": ["b"]}) == (
        "ARGUMENTOS_INVALIDOS — $.b: ausente; se esperaba un entero (obligatorio).\ncampo: $.b\n"
        "corrección: agregá $.b: un entero."
    )


def test_tipo_equivocado_describe_por_referencia() -> None:
    assert _error(5, {"type": "object", "properties": {"b": {"$ref": "#/$defs/n"}}}) == (
        "ARGUMENTOS_INVALIDOS — $: 5; se esperaba {b?: un entero}.\ncampo: $\ncorrección: enviá {b?: un entero} en $."
    )


def test_cadena_vacia() -> None:
    validar("x", {"type": "string", "minLength": 1})
    assert _error("", {"type": "string", "minLength": 1}) == (
        'ARGUMENTOS_INVALIDOS — $: ""; se esperaba una cadena no vacía.\ncampo: $\ncorrección: enviá una cadena no vacía en $.'
    )
    assert _error("ab", {"type": "string", "minLength": 3}).startswith('ARGUMENTOS_INVALIDOS — $: "ab"; ')


# -- a $ref inside a definition resolves against the same root --------------------------------------


def test_referencia_dentro_de_una_definicion() -> None:
    esquema = {**RAIZ, "type": "object", "properties": {"o": {"$ref": "#/$defs/o"}}}
    validar({"o": {"a": "x", "b": 1}}, esquema)
    with pytest.raises(ErrorOracle) as error:
        validar({"o": {"a": "x", "b": "no"}}, esquema)
    assert error.value.mensaje == '$.o.b: "no"; se esperaba un entero.'


def test_tipo_no_interpretado() -> None:
    with pytest.raises(ValueError) as error:
        validar(1, {"type": "entero"})
    assert str(error.value) == "unsupported type entero"


# -- mostrar and ruta_de: how a received value and a path are written in a message -----------------


def test_mostrar() -> None:
    from oracle_lint.server.validacion import LARGO_MAXIMO_DEL_VALOR, mostrar

    assert mostrar({"ñ": [1, None]}) == '{"ñ":[1,null]}'
    exacto = "a" * (LARGO_MAXIMO_DEL_VALOR - 2)  # its JSON is exactly the maximum length
    assert mostrar(exacto) == f'"{exacto}"'
    largo = "b" * 500
    assert mostrar(largo) == '"' + "b" * (LARGO_MAXIMO_DEL_VALOR - 2) + "…"
    assert len(mostrar(largo)) == LARGO_MAXIMO_DEL_VALOR
    assert mostrar({1, 2}) == "{1, 2}"  # not JSON: its repr


def test_mostrar_un_valor_demasiado_profundo() -> None:
    import sys as sistema

    from oracle_lint.server.validacion import mostrar

    profundo: Any = "x"
    for _ in range(sistema.getrecursionlimit() + 100):
        profundo = [profundo]
    # The opening stops past the maximum length, then the usual cut applies.
    assert mostrar(profundo) == "[" * 119 + "…"
    anidado: Any = 1
    for _ in range(sistema.getrecursionlimit() + 100):
        anidado = {"k": anidado}
    assert mostrar(anidado) == ('{"k":' * 25)[:119] + "…"
    assert mostrar([[[]]] + [0]) == "[[[]],0]"


def test_apertura_se_detiene_en_lo_que_no_es_contenedor() -> None:
    from oracle_lint.server.validacion import _apertura

    assert _apertura([[{"a": "b"}]]) == '[[{"a":…'
    assert _apertura([]) == "…"
    # It walks only until the opening passes the maximum length, not the whole depth.
    profundo: Any = 0
    for _ in range(1000):
        profundo = [profundo]
    assert _apertura(profundo) == "[" * 121 + "…"
    assert _apertura({"ñ": {1: []}}) == '{"ñ":{"1":…'


def test_ruta_de() -> None:
    from oracle_lint.server.validacion import ruta_de

    assert ruta_de("$", "a_1") == "$.a_1"
    assert ruta_de("$.a", 3) == "$.a[3]"
    assert ruta_de("$", "ñ a") == '$["ñ a"]'
    assert ruta_de("$", "1a") == '$["1a"]'
