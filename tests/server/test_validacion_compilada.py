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

from nucleo.errores import ErrorOracle
from server.herramientas import HERRAMIENTAS, POR_NOMBRE
from server.validacion import _predicado, compilar, validar
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
    "properties": {
        "lista": {"type": "array", "minItems": 1, "maxItems": 2, "uniqueItems": True, "items": {"type": "integer"}},
        "texto": {"type": "string", "minLength": 2, "pattern": "^[a-z]+$"},
        "numero": {"type": ["integer", "null"], "minimum": 0},
        "fijo": {"const": "si"},
        "opcion": {"enum": ["a", "b"]},
        "mixto": {"enum": [1, "1", None]},
        "abierto": {"type": "object", "additionalProperties": {"type": "boolean"}},
    },
}


@pytest.mark.parametrize(
    "valor",
    [
        {"lista": [1]}, {"lista": [1, 2]}, {"lista": []}, {"lista": [1, 2, 3]}, {"lista": [1, 1]}, {"lista": [1, 1.0]},
        {"lista": [True]}, {"texto": "ab"}, {"texto": "a"}, {"texto": "aB"}, {"texto": 3},
        {"numero": 0}, {"numero": -1}, {"numero": None}, {"numero": 1.0}, {"numero": 1.5}, {"numero": True},
        {"fijo": "si"}, {"fijo": "no"}, {"fijo": ["si"]}, {"opcion": "b"}, {"opcion": "c"}, {"opcion": None},
        {"mixto": 1}, {"mixto": "1"}, {"mixto": None}, {"mixto": 1.0}, {"mixto": True},
        {"abierto": {"x": True}}, {"abierto": {"x": 1}}, {"abierto": []}, {"otra": "libre"}, [],
    ],
)
def test_limites_de_cada_palabra(valor: Any) -> None:
    _iguales(valor, LIMITES)
