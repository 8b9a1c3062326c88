"""Evidence: relation name -> list of rows whose values are scalars (DESIGN §3).

Validation fails closed with `EVIDENCIA_INVALIDA` naming the exact place; normalization gives
the canonical form that fingerprints hash.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from oracle_lint.nucleo.canonico import canonico
from oracle_lint.nucleo.errores import ErrorOracle, evidencia_invalida

Fila = dict[str, Any]
Evidencia = dict[str, list[Fila]]


def es_nombre_de_relacion(nombre: object) -> bool:
    """True for `^[a-z][a-z0-9_]*$` (checked without regular expressions)."""
    if not isinstance(nombre, str) or not nombre:
        return False
    if not ("a" <= nombre[0] <= "z"):
        return False
    return all(("a" <= c <= "z") or ("0" <= c <= "9") or c == "_" for c in nombre)


def _tipo(valor: object) -> str:
    return type(valor).__name__


def es_texto_unicode(texto: str) -> bool:
    """False when `texto` holds a lone surrogate (JSON's `\\ud800` decodes to one): it is not Unicode text."""
    if texto.isascii():
        return True
    try:
        texto.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _validar_valor(relacion: str, indice: int, columna: str, valor: object) -> None:
    if isinstance(valor, str):
        if not es_texto_unicode(valor):
            raise evidencia_invalida(
                relacion, indice, f"la columna «{columna}» tiene un sustituto UTF-16 suelto; el texto no es Unicode válido",
                motivo_en=f"the column «{columna}» holds a lone UTF-16 surrogate; the text is not valid Unicode",
            )
        return
    if valor is None or isinstance(valor, (bool, int)):
        return
    if isinstance(valor, float):
        if math.isfinite(valor):
            return
        raise evidencia_invalida(relacion, indice, f"la columna «{columna}» tiene un número no finito",
                                 motivo_en=f"the column «{columna}» holds a non-finite number")
    raise evidencia_invalida(
        relacion,
        indice,
        f"la columna «{columna}» tiene un valor {_tipo(valor)}; sólo se admiten cadena, número, booleano o nulo",
        motivo_en=f"the column «{columna}» holds a {_tipo(valor)} value; only string, number, boolean or null are accepted",
    )


def validar_evidencia(obj: object) -> Evidencia:
    """Check the shape of evidence and return it as plain dicts and lists (a shallow copy)."""
    if not isinstance(obj, Mapping):
        raise ErrorOracle(
            "EVIDENCIA_INVALIDA",
            f"$.evidencia: se recibió {_tipo(obj)}; se esperaba un objeto relación -> lista de filas.",
            campo="$.evidencia",
            correccion="enviá un objeto JSON cuyas claves son relaciones y cuyos valores son listas de objetos.",
            mensaje_en=f"$.evidencia: got {_tipo(obj)}; expected an object relation -> list of rows.",
            correccion_en="give a JSON object whose keys are relations and whose values are lists of objects.",
        )
    salida: Evidencia = {}
    for relacion, filas in obj.items():
        if not es_nombre_de_relacion(relacion):
            raise evidencia_invalida(str(relacion), None, "el nombre de relación no cumple ^[a-z][a-z0-9_]*$",
                                     motivo_en="the relation name does not match ^[a-z][a-z0-9_]*$")
        if not isinstance(filas, list):
            raise evidencia_invalida(relacion, None, f"se recibió {_tipo(filas)}; una relación es una lista de objetos",
                                     motivo_en=f"got {_tipo(filas)}; a relation is a list of objects")
        copia: list[Fila] = []
        for indice, fila in enumerate(filas):
            if not isinstance(fila, Mapping):
                raise evidencia_invalida(relacion, indice, f"la fila es {_tipo(fila)}; se esperaba un objeto",
                                         motivo_en=f"the row is a {_tipo(fila)}; expected an object")
            for columna, valor in fila.items():
                if not isinstance(columna, str) or not columna or not (columna.isascii() or es_texto_unicode(columna)):
                    raise evidencia_invalida(relacion, indice, "una columna no tiene nombre de texto",
                                             motivo_en="a column has no text name")
                tipo = type(valor)  # the common exact types first; everything else takes the full check
                if (tipo is str and valor.isascii()) or tipo is bool or tipo is int or valor is None:
                    continue
                _validar_valor(relacion, indice, columna, valor)
            copia.append(dict(fila))
        salida[relacion] = copia
    return salida


def normalizar_evidencia(evidencia: Mapping[str, list[Fila]]) -> Evidencia:
    """Relations sorted by name, rows sorted by canonical JSON: row order never changes a hash."""
    return {rel: sorted((dict(f) for f in evidencia[rel]), key=canonico) for rel in sorted(evidencia)}
