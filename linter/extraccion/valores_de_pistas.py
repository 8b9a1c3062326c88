"""The four values of a hint column (`solo_lectura`, `destructiva`) and the hints of a published
`annotations` object: what every front end shares (Python source, TypeScript source, a live
listing), without libcst."""

from __future__ import annotations

from typing import Any

# column -> the spellings a registration may use (the protocol's camelCase, the SDK's field names)
PISTAS = (("solo_lectura", ("readOnlyHint", "read_only_hint")), ("destructiva", ("destructiveHint", "destructive_hint")))
AUSENTES = {columna: "ausente" for columna, _ in PISTAS}
NO_RESUELTAS = {columna: "no_resuelto" for columna, _ in PISTAS}


def valor(v: Any) -> str:
    """One hint's column value from its evaluated value."""
    if v is None:
        return "ausente"
    if isinstance(v, bool):
        return "verdadero" if v else "falso"
    return "no_resuelto"


def de_listado(anotaciones: Any) -> dict[str, str]:
    """The hints of a published `annotations` value (absent, or an object): a live `tools/list`
    entry's, or a TypeScript registration's literal."""
    if anotaciones is None:
        return dict(AUSENTES)
    if not isinstance(anotaciones, dict):
        return dict(NO_RESUELTAS)
    return {columna: valor(anotaciones.get(nombres[0])) for columna, nombres in PISTAS}
