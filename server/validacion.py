"""Argument validation against the tools' closed input schemas, with the standard library only.

This is an explicit interpreter of the small JSON Schema subset the five input schemas use
(`type`, `properties`, `required`, `additionalProperties`, `oneOf`, `const`, `enum`,
`pattern`, `minLength`, `minItems`, `uniqueItems`, `items`, `$ref` into `$defs`; `default`
and `description` are annotations). Any other keyword is refused when a schema is checked
(`palabras_desconocidas`), so the published schema and this validator cannot drift apart
silently; the tests compare its decisions with `jsonschema` (Draft 2020-12).

The first fault raises `ARGUMENTOS_INVALIDOS — <ruta JSON>: <valor recibido>; se esperaba
<forma>.` Evidence (`$ref: #/$defs/evidencia`) is checked by the core
(`nucleo.evidencia.validar_evidencia`), whose refusal is `EVIDENCIA_INVALIDA` naming the row.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from typing import Any

from oracle_lint.nucleo.errores import ErrorOracle, argumentos_invalidos
from oracle_lint.nucleo.evidencia import validar_evidencia

PALABRAS = frozenset(
    {
        "type",
        "properties",
        "required",
        "additionalProperties",
        "oneOf",
        "const",
        "enum",
        "pattern",
        "minLength",
        "minItems",
        "maxItems",
        "minimum",
        "uniqueItems",
        "items",
        "$ref",
        "$defs",
        "default",
        "description",
    }
)
REF_EVIDENCIA = "#/$defs/evidencia"
LARGO_MAXIMO_DEL_VALOR = 120
AUSENTE = "ausente"

_TIPOS = {
    "object": "un objeto",
    "array": "una lista",
    "string": "una cadena",
    "boolean": "un booleano (true o false)",
    "integer": "un entero",
    "number": "un número",
    "null": "null",
}
_IDENTIFICADOR = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


def _apertura(valor: Any) -> str:
    """The opening of a value nested too deeply to encode, walked iteratively (never recursion)."""
    partes: list[str] = []
    largo = 0
    while largo <= LARGO_MAXIMO_DEL_VALOR and isinstance(valor, (list, dict)) and valor:
        if isinstance(valor, list):
            parte, valor = "[", valor[0]
        else:
            clave = next(iter(valor))
            parte, valor = "{" + json.dumps(str(clave), ensure_ascii=False) + ":", valor[clave]
        partes.append(parte)
        largo += len(parte)
    return "".join(partes) + "…"


def mostrar(valor: Any) -> str:
    """The received value as compact JSON, cut to a readable length; it never raises.

    A value nested deeper than the encoder can walk (JSON input may nest almost as deep as
    the recursion limit) is shown by its opening: a protocol error about it must still be
    answered, not crash the reader.
    """
    try:
        texto = json.dumps(valor, ensure_ascii=False, separators=(",", ":"))
    except RecursionError:
        texto = _apertura(valor)
    except (TypeError, ValueError):
        texto = repr(valor)
    if len(texto) > LARGO_MAXIMO_DEL_VALOR:
        texto = texto[: LARGO_MAXIMO_DEL_VALOR - 1] + "…"
    return texto


def ruta_de(base: str, clave: str | int) -> str:
    """`$.a.b[0]` style JSON paths; keys that are not identifiers are quoted."""
    if isinstance(clave, int):
        return f"{base}[{clave}]"
    if _IDENTIFICADOR.match(clave):
        return f"{base}.{clave}"
    return f"{base}[{json.dumps(clave, ensure_ascii=False)}]"


class _Ruta:
    """A JSON path built only when a fault is reported: `str()` gives what `ruta_de` would."""

    __slots__ = ("padre", "clave")

    def __init__(self, padre: _Ruta | str, clave: str | int) -> None:
        self.padre = padre
        self.clave = clave

    def __str__(self) -> str:
        claves: list[str | int] = []
        actual: _Ruta | str = self
        while isinstance(actual, _Ruta):
            claves.append(actual.clave)
            actual = actual.padre
        texto = actual
        for clave in reversed(claves):
            texto = ruta_de(texto, clave)
        return texto


def _es_tipo(valor: Any, tipo: str) -> bool:
    if tipo == "object":
        return isinstance(valor, dict)
    if tipo == "array":
        return isinstance(valor, list)
    if tipo == "string":
        return isinstance(valor, str)
    if tipo == "boolean":
        return isinstance(valor, bool)
    if tipo == "integer":
        return isinstance(valor, int) and not isinstance(valor, bool) or (isinstance(valor, float) and valor.is_integer())
    if tipo == "number":
        return isinstance(valor, (int, float)) and not isinstance(valor, bool)
    if tipo == "null":
        return valor is None
    raise ValueError(f"unsupported type {tipo}")


def describir(esquema: Mapping[str, Any], raiz: Mapping[str, Any]) -> str:
    """A short Spanish description of what a schema accepts (the `<forma>` of the message)."""
    if "$ref" in esquema:
        if esquema["$ref"] == REF_EVIDENCIA:
            return "un objeto relación -> lista de filas (objetos)"
        return describir(_resolver(esquema["$ref"], raiz), raiz)
    if "const" in esquema:
        return json.dumps(esquema["const"], ensure_ascii=False)
    if "enum" in esquema:
        return "uno de " + ", ".join(json.dumps(v, ensure_ascii=False) for v in esquema["enum"])
    if "oneOf" in esquema:
        return "exactamente una de estas formas: " + " | ".join(describir(r, raiz) for r in esquema["oneOf"])
    tipo = esquema.get("type")
    if tipo == "object" and "properties" in esquema:
        requeridas = list(esquema.get("required", []))
        partes = []
        for nombre, sub in esquema["properties"].items():
            marca = "" if nombre in requeridas else "?"
            partes.append(f"{nombre}{marca}: {describir(sub, raiz)}")
        return "{" + ", ".join(partes) + "}"
    if tipo == "string" and "pattern" in esquema:
        return f"una cadena que cumpla {esquema['pattern']}"
    if tipo == "string" and esquema.get("minLength", 0) >= 1:
        return "una cadena no vacía"
    if tipo == "array":
        texto = "una lista"
        if esquema.get("minItems") == 1:
            texto += " no vacía"
        elif esquema.get("minItems"):
            texto += f" de al menos {esquema['minItems']} elementos"
        if esquema.get("uniqueItems"):
            texto += " sin repetidos"
        if "items" in esquema:
            texto += f" cuyos elementos son {describir(esquema['items'], raiz)}"
        return texto
    if isinstance(tipo, list):
        return " o ".join(_TIPOS[t] for t in tipo)
    if isinstance(tipo, str):
        return _TIPOS[tipo]
    return "un valor JSON"


def _resolver(ref: str, raiz: Mapping[str, Any]) -> Mapping[str, Any]:
    prefijo = "#/$defs/"
    if not ref.startswith(prefijo):
        raise ValueError(f"unsupported $ref {ref}")
    return raiz["$defs"][ref[len(prefijo):]]


def _falla(ruta: _Ruta | str, valor: Any, forma: str, *, ausente: bool = False, correccion: str = "") -> ErrorOracle:
    error = argumentos_invalidos(str(ruta), AUSENTE if ausente else mostrar(valor), forma)
    if correccion:
        error.correccion = correccion
    return error


def _evidencia(valor: Any, camino: _Ruta | str) -> None:
    try:
        validar_evidencia(valor)
    except ErrorOracle as error:
        ruta = str(camino)
        if ruta == "$.evidencia":
            raise
        raise ErrorOracle(
            error.codigo,
            error.mensaje.replace("$.evidencia", ruta, 1),
            campo=error.campo.replace("$.evidencia", ruta, 1),
            correccion=error.correccion,
            detalles=list(error.detalles),
        ) from None


def _clave_json(valor: Any) -> str:
    return json.dumps(valor, ensure_ascii=False, sort_keys=True)


def validar(valor: Any, esquema: Mapping[str, Any]) -> None:
    """Raise the first ARGUMENTOS_INVALIDOS (or EVIDENCIA_INVALIDA) of `valor` against `esquema`."""
    _validar(valor, esquema, esquema, "$")


def _igual_json(valor: Any, esperado: Any) -> bool:
    """Equality as the canonical JSON texts compare (so 1 and 1.0 differ), cheap for strings."""
    if type(esperado) is str:
        return type(valor) is str and valor == esperado
    return _clave_json(valor) == _clave_json(esperado)


def _en_enum(valor: Any, opciones: list[Any]) -> bool:
    if all(type(o) is str for o in opciones):
        return type(valor) is str and valor in opciones
    return _clave_json(valor) in {_clave_json(v) for v in opciones}


def _validar(valor: Any, esquema: Mapping[str, Any], raiz: Mapping[str, Any], ruta: _Ruta | str) -> None:
    if "$ref" in esquema:
        if esquema["$ref"] == REF_EVIDENCIA:
            _evidencia(valor, ruta)
            return
        _validar(valor, _resolver(esquema["$ref"], raiz), raiz, ruta)
        return
    if "oneOf" in esquema:
        _uno_de(valor, esquema["oneOf"], raiz, ruta)
        return
    if "const" in esquema and not _igual_json(valor, esquema["const"]):
        raise _falla(ruta, valor, describir(esquema, raiz))
    if "enum" in esquema and not _en_enum(valor, esquema["enum"]):
        raise _falla(ruta, valor, describir(esquema, raiz))
    tipo = esquema.get("type")
    if tipo is not None:
        tipos = tipo if isinstance(tipo, list) else [tipo]
        if not any(_es_tipo(valor, t) for t in tipos):
            raise _falla(ruta, valor, describir(esquema, raiz))
    if "minimum" in esquema and _es_tipo(valor, "number") and valor < esquema["minimum"]:
        raise _falla(ruta, valor, f"{describir(esquema, raiz)} mayor o igual que {esquema['minimum']}")
    if isinstance(valor, str):
        if "minLength" in esquema and len(valor) < esquema["minLength"]:
            raise _falla(ruta, valor, describir(esquema, raiz))
        if "pattern" in esquema and re.search(esquema["pattern"], valor) is None:
            raise _falla(ruta, valor, describir(esquema, raiz))
    if isinstance(valor, list):
        _lista(valor, esquema, raiz, ruta)
    if isinstance(valor, dict):
        _objeto(valor, esquema, raiz, ruta)


def _lista(valor: list[Any], esquema: Mapping[str, Any], raiz: Mapping[str, Any], ruta: _Ruta | str) -> None:
    if "minItems" in esquema and len(valor) < esquema["minItems"]:
        raise _falla(ruta, valor, describir(esquema, raiz))
    if "maxItems" in esquema and len(valor) > esquema["maxItems"]:
        raise _falla(ruta, valor, f"{describir(esquema, raiz)} de a lo sumo {esquema['maxItems']} elemento(s)")
    if esquema.get("uniqueItems"):
        vistos: dict[str, int] = {}
        for indice, elemento in enumerate(valor):
            clave = _clave_json(elemento)
            if clave in vistos:
                raise _falla(
                    ruta_de(str(ruta), indice),
                    elemento,
                    f"elementos distintos (ya aparece en {ruta_de(str(ruta), vistos[clave])})",
                    correccion=f"quitá el repetido {ruta_de(str(ruta), indice)}.",
                )
            vistos[clave] = indice
    if "items" in esquema:
        for indice, elemento in enumerate(valor):
            _validar(elemento, esquema["items"], raiz, _Ruta(ruta, indice))


def _objeto(valor: dict[str, Any], esquema: Mapping[str, Any], raiz: Mapping[str, Any], ruta: _Ruta | str) -> None:
    propiedades: Mapping[str, Any] = esquema.get("properties", {})
    adicionales = esquema.get("additionalProperties", True)
    if adicionales is False:
        for clave in valor:
            if clave not in propiedades:
                admitidas = ", ".join(propiedades) or "ninguna"
                raise _falla(
                    ruta_de(str(ruta), clave),
                    valor[clave],
                    f"sólo las propiedades {admitidas} (no se admiten propiedades de más)",
                    correccion=f"quitá «{clave}»; en {ruta} se admiten sólo: {admitidas}.",
                )
    for clave in esquema.get("required", []):
        if clave not in valor:
            forma = describir(propiedades.get(clave, {}), raiz)
            raise _falla(
                ruta_de(str(ruta), clave),
                None,
                f"{forma} (obligatorio)",
                ausente=True,
                correccion=f"agregá {ruta_de(str(ruta), clave)}: {forma}.",
            )
    for clave, sub in propiedades.items():
        if clave in valor:
            _validar(valor[clave], sub, raiz, _Ruta(ruta, clave))
    if isinstance(adicionales, Mapping):
        for clave, sub_valor in valor.items():
            if clave not in propiedades:
                _validar(sub_valor, adicionales, raiz, _Ruta(ruta, clave))


def _uno_de(valor: Any, ramas: list[Mapping[str, Any]], raiz: Mapping[str, Any], ruta: _Ruta | str) -> None:
    fallas: list[ErrorOracle] = []
    aceptadas = 0
    for rama in ramas:
        try:
            _validar(valor, rama, raiz, ruta)
        except ErrorOracle as error:
            fallas.append(error)
        else:
            aceptadas += 1
    if aceptadas == 1:
        return
    if aceptadas == 0 and isinstance(valor, dict):
        # Report the deeper fault when exactly one branch is the one the caller clearly meant.
        candidatas = [
            i for i, rama in enumerate(ramas) if rama.get("required") and set(rama["required"]) <= set(valor)
        ]
        if len(candidatas) == 1:
            raise fallas[candidatas[0]]
    raise _falla(ruta, valor, describir({"oneOf": ramas}, raiz))


def palabras_desconocidas(esquema: Any) -> set[str]:
    """Keywords of `esquema` (recursively) this validator does not interpret."""
    desconocidas: set[str] = set()
    if isinstance(esquema, dict):
        for clave, sub in esquema.items():
            if clave not in PALABRAS:
                desconocidas.add(clave)
            if clave in ("properties", "$defs"):
                for s in sub.values():
                    desconocidas |= palabras_desconocidas(s)
            elif clave in ("items", "additionalProperties") and isinstance(sub, dict):
                desconocidas |= palabras_desconocidas(sub)
            elif clave == "oneOf":
                for s in sub:
                    desconocidas |= palabras_desconocidas(s)
    return desconocidas


# -- compiled acceptance: the same decisions, with the schema read once ------------------------

Predicado = Callable[[Any], bool]


def compilar(esquema: Mapping[str, Any]) -> Callable[[Any], None]:
    """A validator equal to `validar(·, esquema)`, for a schema fixed for the life of the process.

    The schema is read once into a predicate that only answers "accepted or not"; a value
    it refuses is handed to the interpreter (`validar`), which finds and raises the first
    fault with its exact message. So messages have one source, and the common case (a valid
    value) skips re-reading the schema's keywords at every node. The predicate accepts
    exactly what `validar` accepts (tests compare both over generated values).
    """
    aceptar = _predicado(esquema, esquema, {})

    def validador(valor: Any) -> None:
        if not aceptar(valor):
            validar(valor, esquema)

    return validador


def _evidencia_aceptada(valor: Any) -> bool:
    try:
        validar_evidencia(valor)
    except ErrorOracle:
        return False
    return True


def _todos(comprobaciones: list[Predicado]) -> Predicado:
    if len(comprobaciones) == 1:
        return comprobaciones[0]
    fijas = tuple(comprobaciones)

    def todos(valor: Any) -> bool:
        for comprobar in fijas:
            if not comprobar(valor):
                return False
        return True

    return todos


_DE_UN_TIPO: dict[str, Predicado] = {
    "object": lambda valor: isinstance(valor, dict),
    "array": lambda valor: isinstance(valor, list),
    "string": lambda valor: isinstance(valor, str),
    "boolean": lambda valor: isinstance(valor, bool),
    "null": lambda valor: valor is None,
}


def _de_tipo(tipos: tuple[str, ...]) -> Predicado:
    """`any(_es_tipo(valor, t) for t in tipos)`, specialised when there is a single simple type."""
    if len(tipos) == 1 and tipos[0] in _DE_UN_TIPO:
        return _DE_UN_TIPO[tipos[0]]
    return lambda valor: any(_es_tipo(valor, t) for t in tipos)


def _predicado(esquema: Mapping[str, Any], raiz: Mapping[str, Any], hechos: dict[int, Predicado]) -> Predicado:
    """The acceptance predicate of one schema node; `hechos` ties recursive `$ref`s."""
    clave = id(esquema)
    if clave in hechos:
        return hechos[clave]
    celda: list[Predicado] = []
    hechos[clave] = lambda valor: celda[0](valor)  # resolved below, for schemas that refer to themselves
    predicado = _construir(esquema, raiz, hechos)
    celda.append(predicado)
    hechos[clave] = predicado
    return predicado


def _construir(esquema: Mapping[str, Any], raiz: Mapping[str, Any], hechos: dict[int, Predicado]) -> Predicado:
    if "$ref" in esquema:
        if esquema["$ref"] == REF_EVIDENCIA:
            return _evidencia_aceptada
        return _predicado(_resolver(esquema["$ref"], raiz), raiz, hechos)
    if "oneOf" in esquema:
        ramas = [_predicado(r, raiz, hechos) for r in esquema["oneOf"]]
        return lambda valor: sum(1 for r in ramas if r(valor)) == 1
    comprobaciones: list[Predicado] = []
    if "const" in esquema:
        constante = esquema["const"]
        comprobaciones.append(lambda valor: _igual_json(valor, constante))
    if "enum" in esquema:
        opciones = list(esquema["enum"])
        comprobaciones.append(lambda valor: _en_enum(valor, opciones))
    tipo = esquema.get("type")
    if tipo is not None:
        comprobaciones.append(_de_tipo(tuple(tipo if isinstance(tipo, list) else [tipo])))
    if "minimum" in esquema:
        minimo = esquema["minimum"]
        comprobaciones.append(lambda valor: not (_es_tipo(valor, "number") and valor < minimo))
    texto = _de_texto(esquema)
    if texto is not None:
        comprobaciones.append(lambda valor: not isinstance(valor, str) or texto(valor))
    lista = _de_lista(esquema, raiz, hechos)
    if lista is not None:
        comprobaciones.append(lambda valor: not isinstance(valor, list) or lista(valor))
    objeto = _de_objeto(esquema, raiz, hechos)
    if objeto is not None:
        comprobaciones.append(lambda valor: not isinstance(valor, dict) or objeto(valor))
    return _todos(comprobaciones) if comprobaciones else (lambda valor: True)


def _de_texto(esquema: Mapping[str, Any]) -> Predicado | None:
    comprobaciones: list[Predicado] = []
    if "minLength" in esquema:
        minimo = esquema["minLength"]
        comprobaciones.append(lambda valor: len(valor) >= minimo)
    if "pattern" in esquema:
        patron = re.compile(esquema["pattern"])
        comprobaciones.append(lambda valor: patron.search(valor) is not None)
    return _todos(comprobaciones) if comprobaciones else None


def _de_lista(esquema: Mapping[str, Any], raiz: Mapping[str, Any], hechos: dict[int, Predicado]) -> Predicado | None:
    comprobaciones: list[Predicado] = []
    if "minItems" in esquema:
        minimo = esquema["minItems"]
        comprobaciones.append(lambda valor: len(valor) >= minimo)
    if "maxItems" in esquema:
        maximo = esquema["maxItems"]
        comprobaciones.append(lambda valor: len(valor) <= maximo)
    if esquema.get("uniqueItems"):
        comprobaciones.append(lambda valor: len({_clave_json(e) for e in valor}) == len(valor))
    if "items" in esquema:
        elemento = _predicado(esquema["items"], raiz, hechos)

        def elementos(valor: list[Any]) -> bool:
            for e in valor:
                if not elemento(e):
                    return False
            return True

        comprobaciones.append(elementos)
    return _todos(comprobaciones) if comprobaciones else None


def _de_objeto(esquema: Mapping[str, Any], raiz: Mapping[str, Any], hechos: dict[int, Predicado]) -> Predicado | None:
    propiedades = {c: _predicado(s, raiz, hechos) for c, s in esquema.get("properties", {}).items()}
    requeridas = tuple(esquema.get("required", []))
    adicionales = esquema.get("additionalProperties", True)
    cerrado = adicionales is False
    extra = _predicado(adicionales, raiz, hechos) if isinstance(adicionales, Mapping) else None
    if not propiedades and not requeridas and not cerrado and extra is None:
        return None

    def aceptar(valor: dict[str, Any]) -> bool:
        for requerida in requeridas:
            if requerida not in valor:
                return False
        for clave, sub in valor.items():
            comprobar = propiedades.get(clave)
            if comprobar is not None:
                if not comprobar(sub):
                    return False
            elif cerrado or (extra is not None and not extra(sub)):
                return False
        return True

    return aceptar
