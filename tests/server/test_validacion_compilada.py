"""The compiled validator decides exactly like the interpreter, and raises the interpreter's error.

`server.validacion.compilar` reads a schema once into an acceptance predicate and hands any
refused value to `validar` for the message. Both must agree on every value: over generated
arguments for every input schema, and over real answers of every tool (taken from the replayed
conversations) with one part replaced, removed or added, for every output schema.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from oracle_lint.nucleo.errores import ErrorOracle
from oracle_lint.server.herramientas import HERRAMIENTAS, POR_NOMBRE
from oracle_lint.server.validacion import _predicado, compilar, validar
from tests.server.test_herramientas import ARGUMENTOS, CLAVES, VALORES

CONVERSACIONES = Path(__file__).resolve().parents[1] / "fixtures" / "conversaciones"


def _decision(valor: Any, esquema: dict[str, Any]) -> str | None:
    try:
        validar(valor, esquema)
    except ErrorOracle as error:
        return error.texto()
    return None


def _decision_compilada(valor: Any, esquema: dict[str, Any]) -> str | None:
    try:
        compilar(esquema)(valor)
    except ErrorOracle as error:
        return error.texto()
    return None


def _iguales(valor: Any, esquema: dict[str, Any]) -> None:
    esperada = _decision(valor, esquema)
    assert _predicado(esquema, esquema, {})(valor) is (esperada is None), (valor, esperada)
    assert _decision_compilada(valor, esquema) == esperada


def _sin_marcadores(valor: Any) -> Any:
    """The fixtures write "<sha256>" where a fingerprint goes; put a well-formed one back."""
    if valor == "<sha256>":
        return "0" * 64
    if isinstance(valor, dict):
        return {c: _sin_marcadores(v) for c, v in valor.items()}
    if isinstance(valor, list):
        return [_sin_marcadores(v) for v in valor]
    return valor


def _respuestas() -> dict[str, list[dict[str, Any]]]:
    """structuredContent of every successful tools/call in the conversations, by tool name."""
    por_herramienta: dict[str, list[dict[str, Any]]] = {}
    for archivo in sorted(CONVERSACIONES.glob("*.json")):
        datos = json.loads(archivo.read_text(encoding="utf-8"))
        nombres = {m.get("id"): m["params"]["name"] for m in datos["entrada"]
                   if isinstance(m, dict) and m.get("method") == "tools/call" and isinstance(m.get("params"), dict)
                   and "name" in m["params"]}
        for respuesta in datos["salida"]:
            contenido = respuesta.get("result", {}).get("structuredContent") if isinstance(respuesta, dict) else None
            if contenido is not None and respuesta.get("id") in nombres:
                por_herramienta.setdefault(nombres[respuesta["id"]], []).append(_sin_marcadores(contenido))
    return por_herramienta


RESPUESTAS = _respuestas()


def test_hay_respuestas_reales_de_las_cinco_herramientas() -> None:
    assert sorted(RESPUESTAS) == sorted(h.name for h in HERRAMIENTAS)
    for nombre, respuestas in RESPUESTAS.items():
        for respuesta in respuestas:
            assert _decision(respuesta, POR_NOMBRE[nombre].outputSchema) is None, nombre


def _rutas(valor: Any, prefijo: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    rutas = [prefijo]
    if isinstance(valor, dict):
        for clave, sub in valor.items():
            rutas.extend(_rutas(sub, (*prefijo, clave)))
    elif isinstance(valor, list):
        for indice, sub in enumerate(valor):
            rutas.extend(_rutas(sub, (*prefijo, indice)))
    return rutas


def _cambiar(valor: Any, ruta: tuple[Any, ...], operacion: str, nuevo: Any, clave: str) -> Any:
    copia = copy.deepcopy(valor)
    if not ruta:
        return nuevo
    padre = copia
    for paso in ruta[:-1]:
        padre = padre[paso]
    ultimo = ruta[-1]
    if operacion == "quitar":
        del padre[ultimo]
    elif operacion == "agregar" and isinstance(padre[ultimo], dict):
        padre[ultimo][clave] = nuevo
    elif operacion == "agregar" and isinstance(padre[ultimo], list):
        padre[ultimo].append(nuevo)
    else:
        padre[ultimo] = nuevo
    return copia


@pytest.mark.parametrize("herramienta", HERRAMIENTAS, ids=[h.name for h in HERRAMIENTAS])
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(argumentos=ARGUMENTOS)
def test_entradas_generadas(herramienta: Any, argumentos: dict[str, Any]) -> None:
    _iguales(argumentos, herramienta.inputSchema)


@pytest.mark.parametrize("herramienta", HERRAMIENTAS, ids=[h.name for h in HERRAMIENTAS])
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(datos=st.data(), nuevo=VALORES, clave=CLAVES, operacion=st.sampled_from(["reemplazar", "quitar", "agregar"]))
def test_respuestas_reales_alteradas(herramienta: Any, datos: st.DataObject, nuevo: Any, clave: str,
                                     operacion: str) -> None:
    respuesta = datos.draw(st.sampled_from(RESPUESTAS[herramienta.name]))
    ruta = datos.draw(st.sampled_from(_rutas(respuesta)))
    if operacion == "quitar" and not ruta:
        operacion = "reemplazar"
    _iguales(_cambiar(respuesta, ruta, operacion, nuevo, clave), herramienta.outputSchema)


def test_una_respuesta_alterada_da_el_error_del_interprete() -> None:
    herramienta = POR_NOMBRE["oracle_evaluar"]
    [respuesta, *_] = RESPUESTAS["oracle_evaluar"]
    alterada = {**respuesta, "estado": "amarillo"}
    with pytest.raises(ErrorOracle) as info:
        herramienta.validar_salida(alterada)
    assert info.value.texto() == _decision(alterada, herramienta.outputSchema)
    assert info.value.linea().startswith("ARGUMENTOS_INVALIDOS — $.estado: \"amarillo\"; se esperaba ")
    herramienta.validar_salida(respuesta)


def test_esquema_que_se_refiere_a_si_mismo_se_compila_sin_recursion_infinita() -> None:
    # No published schema is recursive (the interpreter could not describe one); the predicate ties the knot.
    esquema = {"$defs": {"arbol": {"type": "object", "additionalProperties": False,
                                   "properties": {"hijos": {"type": "array", "items": {"$ref": "#/$defs/arbol"}}}}},
               "$ref": "#/$defs/arbol"}
    aceptar = _predicado(esquema, esquema, {})
    for valor in ({}, {"hijos": []}, {"hijos": [{"hijos": [{}]}]}):
        assert aceptar(valor) is True
        assert _decision(valor, esquema) is None
    for valor in ({"hijos": [{"otro": 1}]}, {"hijos": [1]}, [], {"hijos": [{"hijos": [{"x": 1}]}]}):
        assert aceptar(valor) is False


LIMITES = {
    "type": "object",
    "$defs": {"bandera": {"type": "boolean"}},
    "properties": {
        "lista": {"type": "array", "minItems": 1, "maxItems": 2, "uniqueItems": True, "items": {"type": "integer"}},
        "texto": {"type": "string", "minLength": 2, "pattern": "^[a-z]+$"},
        "numero": {"type": ["integer", "null"], "minimum": 0},
        "fijo": {"const": "si"},
        "fijo_numero": {"const": 1},
        "opcion": {"enum": ["a", "b"]},
        "mixto": {"enum": [1, "1", None]},
        "abierto": {"type": "object", "additionalProperties": {"$ref": "#/$defs/bandera"}},
        "solo_requeridas": {"type": "object", "required": ["a"]},
        "cerrado_vacio": {"type": "object", "additionalProperties": False},
        "rama": {"oneOf": [{"$ref": "#/$defs/bandera"}, {"type": "string"}]},
        "libre": {"description": "any JSON value: a node with nothing to check"},
    },
}

# (value, accepted): the expectations are written out, not derived, so a fault shared by the
# predicate and the interpreter (both use _igual_json and _en_enum) is still caught.
CASOS_LIMITE = [
    ({"lista": [1]}, True), ({"lista": [1, 2]}, True), ({"lista": []}, False), ({"lista": [1, 2, 3]}, False),
    ({"lista": [1, 1]}, False), ({"lista": [1, 1.0]}, True), ({"lista": [True]}, False),
    ({"texto": "ab"}, True), ({"texto": "a"}, False), ({"texto": "aB"}, False), ({"texto": 3}, False),
    ({"numero": 0}, True), ({"numero": -1}, False), ({"numero": None}, True), ({"numero": 1.0}, True),
    ({"numero": 1.5}, False), ({"numero": True}, False),
    ({"fijo": "si"}, True), ({"fijo": "no"}, False), ({"fijo": ["si"]}, False), ({"fijo": None}, False),
    ({"fijo_numero": 1}, True), ({"fijo_numero": 2}, False), ({"fijo_numero": 1.0}, False), ({"fijo_numero": None}, False),
    ({"opcion": "b"}, True), ({"opcion": "c"}, False), ({"opcion": None}, False),
    ({"mixto": 1}, True), ({"mixto": "1"}, True), ({"mixto": None}, True), ({"mixto": 2}, False),
    ({"mixto": 1.0}, False), ({"mixto": True}, False),
    ({"abierto": {"x": True}}, True), ({"abierto": {"x": 1}}, False), ({"abierto": []}, False),
    ({"solo_requeridas": {"a": 0}}, True), ({"solo_requeridas": {}}, False), ({"solo_requeridas": {"b": 0}}, False),
    ({"cerrado_vacio": {}}, True), ({"cerrado_vacio": {"a": 1}}, False),
    ({"rama": True}, True), ({"rama": "s"}, True), ({"rama": 1}, False),
    ({"libre": [1, {"a": None}]}, True), ({"libre": None}, True),
    ({"otra": "libre"}, True), ({}, True), ([], False), (None, False),
]


@pytest.mark.parametrize(("valor", "aceptado"), CASOS_LIMITE)
def test_limites_de_cada_palabra(valor: Any, aceptado: bool) -> None:
    assert _predicado(LIMITES, LIMITES, {})(valor) is aceptado
    _iguales(valor, LIMITES)
    assert (_decision_compilada(valor, LIMITES) is None) is aceptado


def test_el_predicado_acepta_los_argumentos_reales_de_una_evaluacion() -> None:
    ejemplo = Path(__file__).resolve().parents[2] / "examples" / "proyecto"
    evidencia = json.loads((ejemplo / "evidencia" / "rojo.json").read_text(encoding="utf-8"))
    argumentos = {"medida": {"id": "ejemplo.herramienta_documentada"}, "evidencia": evidencia}
    esquema = POR_NOMBRE["oracle_evaluar"].inputSchema
    assert _predicado(esquema, esquema, {})(argumentos) is True
    assert _predicado(esquema, esquema, {})({**argumentos, "evidencia": {"Mal": []}}) is False


def test_un_esquema_cuya_raiz_admite_null_no_acepta_por_eso_todo_valor() -> None:
    esquema = {"type": ["object", "null"], "required": ["a"], "$defs": {"n": {"type": "integer"}},
               "properties": {"a": {"$ref": "#/$defs/n"}}}
    validar_compilado = compilar(esquema)
    validar_compilado(None)
    validar_compilado({"a": 1})
    for valor, linea in (({}, "ARGUMENTOS_INVALIDOS — $.a: ausente; se esperaba un entero (obligatorio)."),
                         ({"a": "x"}, 'ARGUMENTOS_INVALIDOS — $.a: "x"; se esperaba un entero.')):
        with pytest.raises(ErrorOracle) as info:
            validar_compilado(valor)
        assert info.value.linea() == linea
