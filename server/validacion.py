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
from collections.abc import Mapping
from typing import Any

from nucleo.errores import ErrorOracle, argumentos_invalidos
from nucleo.evidencia import validar_evidencia

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


def _falla(ruta: str, valor: Any, forma: str, *, ausente: bool = False, correccion: str = "") -> ErrorOracle:
    error = argumentos_invalidos(ruta, AUSENTE if ausente else mostrar(valor), forma)
    if correccion:
        error.correccion = correccion
    return error


def _evidencia(valor: Any, ruta: str) -> None:
    try:
        validar_evidencia(valor)
    except ErrorOracle as error:
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


def validar(valor: Any, esquema: Mapping[str, Any], raiz: Mapping[str, Any] | None = None, ruta: str = "$") -> None:
    """Raise the first ARGUMENTOS_INVALIDOS (or EVIDENCIA_INVALIDA) of `valor` against `esquema`."""
    raiz = esquema if raiz is None else raiz
    if "$ref" in esquema:
        if esquema["$ref"] == REF_EVIDENCIA:
            _evidencia(valor, ruta)
            return
        validar(valor, _resolver(esquema["$ref"], raiz), raiz, ruta)
        return
    if "oneOf" in esquema:
        _uno_de(valor, esquema["oneOf"], raiz, ruta)
        return
    if "const" in esquema and not (_clave_json(valor) == _clave_json(esquema["const"])):
        raise _falla(ruta, valor, describir(esquema, raiz))
    if "enum" in esquema and _clave_json(valor) not in {_clave_json(v) for v in esquema["enum"]}:
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


def _lista(valor: list[Any], esquema: Mapping[str, Any], raiz: Mapping[str, Any], ruta: str) -> None:
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
                    ruta_de(ruta, indice),
                    elemento,
                    f"elementos distintos (ya aparece en {ruta_de(ruta, vistos[clave])})",
                    correccion=f"quitá el repetido {ruta_de(ruta, indice)}.",
                )
            vistos[clave] = indice
    if "items" in esquema:
        for indice, elemento in enumerate(valor):
            validar(elemento, esquema["items"], raiz, ruta_de(ruta, indice))


def _objeto(valor: dict[str, Any], esquema: Mapping[str, Any], raiz: Mapping[str, Any], ruta: str) -> None:
    propiedades: Mapping[str, Any] = esquema.get("properties", {})
    adicionales = esquema.get("additionalProperties", True)
    if adicionales is False:
        for clave in valor:
            if clave not in propiedades:
                admitidas = ", ".join(propiedades) or "ninguna"
                raise _falla(
                    ruta_de(ruta, clave),
                    valor[clave],
                    f"sólo las propiedades {admitidas} (no se admiten propiedades de más)",
                    correccion=f"quitá «{clave}»; en {ruta} se admiten sólo: {admitidas}.",
                )
    for clave in esquema.get("required", []):
        if clave not in valor:
            forma = describir(propiedades[clave], raiz)
            raise _falla(
                ruta_de(ruta, clave),
                None,
                f"{forma} (obligatorio)",
                ausente=True,
                correccion=f"agregá {ruta_de(ruta, clave)}: {forma}.",
            )
    for clave, sub in propiedades.items():
        if clave in valor:
            validar(valor[clave], sub, raiz, ruta_de(ruta, clave))
    if isinstance(adicionales, Mapping):
        for clave, sub_valor in valor.items():
            if clave not in propiedades:
                validar(sub_valor, adicionales, raiz, ruta_de(ruta, clave))


def _uno_de(valor: Any, ramas: list[Mapping[str, Any]], raiz: Mapping[str, Any], ruta: str) -> None:
    fallas: list[ErrorOracle] = []
    aceptadas = 0
    for rama in ramas:
        try:
            validar(valor, rama, raiz, ruta)
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
