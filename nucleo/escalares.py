"""Scalar functions callable from conditions: core builtins, and a project's `escalares.py`.

A project's scalars are user code. They are imported only when trust was granted when the
process started (`--confiar-escalares`); a measure that needs one without trust fails with
`ESCALARES_NO_AUTORIZADAS`, and the caller returns no partial catalog.
"""

from __future__ import annotations

import importlib.util
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from oracle_lint.nucleo.errores import escalares_no_autorizadas, evaluacion_fallo, medida_invalida

ARCHIVO_ESCALARES = "escalares.py"


def _texto(nombre: str, valor: Any) -> str:
    if not isinstance(valor, str):
        raise TypeError(f"{nombre} espera una cadena y recibió {type(valor).__name__}")
    return valor


# A word of an identifier: an all-caps plural (`IDs`), an all-caps run (`ID`, `HTTP` before `Server`),
# a capitalized or lowercase run, or digits; anything else (`_`, `.`, `-`, spaces) separates words.
_PALABRA = re.compile(r"[A-Z]{2,}s(?![a-z])|[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+")


def palabras(texto: str) -> list[str]:
    """The lowercase words of an identifier as snake_case, camelCase, kebab-case or dotted paths spell
    them (`params.newName` -> params, new, name; `itemIDs` -> item, ids)."""
    return [p.lower() for p in _PALABRA.findall(texto)]


def _palabra(nombre: str, texto: Any, desde_el_final: int) -> str:
    lista = palabras(_texto(nombre, texto))
    return lista[-desde_el_final] if len(lista) >= desde_el_final else ""


BUILTINS: Mapping[str, Callable[..., Any]] = MappingProxyType(
    {
        "minusculas": lambda s: _texto("minusculas", s).lower(),
        "longitud": lambda s: len(_texto("longitud", s)),
        "empieza_con": lambda s, p: _texto("empieza_con", s).startswith(_texto("empieza_con", p)),
        "termina_con": lambda s, p: _texto("termina_con", s).endswith(_texto("termina_con", p)),
        "contiene": lambda s, p: _texto("contiene", p) in _texto("contiene", s),
        "ultima_palabra": lambda s: _palabra("ultima_palabra", s, 1),
        "penultima_palabra": lambda s: _palabra("penultima_palabra", s, 2),
    }
)
"""Core scalars: always available, documented in `oracle manual operadores`."""


@dataclass(frozen=True)
class Escalares:
    """The scalars a process may call: builtins plus, when trusted, the project's own."""

    propias: Mapping[str, Callable[..., Any]] = field(default_factory=dict)
    archivo: str | None = None  # the project's escalares.py, when it exists
    confiadas: bool = False

    def disponibles(self) -> frozenset[str]:
        return frozenset(BUILTINS) | frozenset(self.propias)

    def llamar(self, nombre: str, args: list[Any]) -> Any:
        """Call a scalar; unknown names are an evaluation failure (checked earlier at load)."""
        funcion = BUILTINS.get(nombre) or self.propias.get(nombre)
        if funcion is None:
            raise evaluacion_fallo("NameError", f"la escalar «{nombre}» no existe",
                                   mensaje_en=f"the scalar «{nombre}» does not exist")
        return funcion(*args)


def cargar_escalares(raiz: Path, confiar: bool) -> Escalares:
    """Builtins, plus the project's `escalares.py` functions only when `confiar` is true."""
    ruta = raiz / ARCHIVO_ESCALARES
    if not ruta.is_file():
        return Escalares()
    if not confiar:
        return Escalares(archivo=str(ruta), confiadas=False)
    spec = importlib.util.spec_from_file_location(f"_oracle_escalares_{abs(hash(str(ruta)))}", ruta)
    if spec is None or spec.loader is None:
        raise medida_invalida(str(ruta), "no se pudo importar el archivo de escalares", "escalares.py",
                              motivo_en="the scalars file cannot be imported")
    modulo = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(modulo)
    except Exception as error:  # user code failing at import is reported, never swallowed
        raise evaluacion_fallo(type(error).__name__, f"{ruta}: {error}") from error
    propias = {
        nombre: valor
        for nombre, valor in vars(modulo).items()
        if callable(valor) and not nombre.startswith("_") and getattr(valor, "__module__", None) == modulo.__name__
    }
    return Escalares(propias=MappingProxyType(propias), archivo=str(ruta), confiadas=True)


def verificar_escalares(medida: Any, escalares: Escalares) -> None:
    """Fail before evaluation when a measure (`.id`, `.escalares()`) calls a scalar that cannot or may not run."""
    medida_id = medida.id
    for nombre in medida.escalares():
        if nombre in BUILTINS:
            continue
        if escalares.archivo is not None and not escalares.confiadas:
            raise escalares_no_autorizadas(escalares.archivo)
        if nombre not in escalares.propias:
            raise medida_invalida(
                medida_id,
                f"la escalar «{nombre}» no es de Oracle ni está definida en {ARCHIVO_ESCALARES}",
                "testigos",
                motivo_en=f"the scalar «{nombre}» is neither one of Oracle's nor defined in {ARCHIVO_ESCALARES}",
            )
