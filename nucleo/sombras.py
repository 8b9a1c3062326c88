"""Shadows (sombras) and bounds (cotas): what a red verdict costs, and the shrink-only rule.

A shadow never changes a verdict's state; it changes its consequence. `perdona` holds only
for a red verdict with no bound, or with a numeric value within the bound. Bounds only
shrink: a value below the bound is slack (holgura), and a shadow on a green measure is
stale (obsoleta); both are failures of their own, like a stale list entry.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from nucleo.errores import ErrorOracle, proyecto_invalido

HOLGURA = "holgura"
OBSOLETA = "obsoleta"


@dataclass(frozen=True)
class Sombra:
    """A shadow declared in the project config for one measure id."""

    desde: str
    porque: str
    cota: int | None = None

    def perdona(self, estado: str, valor: Any) -> bool:
        """True only for a red state with no bound, or a numeric value within the bound."""
        if estado != "rojo":
            return False
        if self.cota is None:
            return True
        return _es_numero(valor) and valor <= self.cota

    def a_dict(self, estado: str, valor: Any) -> dict[str, Any]:
        """The published shape: {desde, porque, cota, perdona}."""
        return {
            "desde": self.desde,
            "porque": self.porque,
            "cota": self.cota,
            "perdona": self.perdona(estado, valor),
        }


@dataclass(frozen=True)
class FallaDeSombra:
    """A shadow that must change: slack in its bound, or stale because the measure is green."""

    medida: str
    clase: str
    mensaje: str
    valor: Any = None  # the measure's value and the bound, for a presentation of its own (oracle-lint's English)
    cota: int | None = None


def _es_numero(valor: Any) -> bool:
    return isinstance(valor, (int, float)) and not isinstance(valor, bool)


def _numero(valor: Any) -> str:
    if isinstance(valor, float) and valor.is_integer():
        return str(int(valor))
    return str(valor)


def fallas_de(ident: str, sombra: Sombra, estado: str, valor: Any) -> tuple[FallaDeSombra, ...]:
    """The failures of one shadow given its measure's verdict (none for sin_evidencia)."""
    if estado == "verde":
        return (
            FallaDeSombra(
                ident,
                OBSOLETA,
                f"la sombra de «{ident}» está obsoleta: la medida dio verde; quitá la sombra.",
                valor,
                sombra.cota,
            ),
        )
    if estado == "rojo" and sombra.cota is not None and _es_numero(valor) and valor < sombra.cota:
        return (
            FallaDeSombra(
                ident,
                HOLGURA,
                f"la cota de «{ident}» tiene holgura: el valor {_numero(valor)} está por debajo "
                f"de la cota {sombra.cota}; bajá la cota a {_numero(valor)}.",
                valor,
                sombra.cota,
            ),
        )
    return ()


def verificar_sombras(raiz: str, sombras: Mapping[str, Sombra], ids: Iterable[str]) -> None:
    """Raise PROYECTO_INVALIDO when a shadow names an id outside the effective catalog."""
    efectivos = set(ids)
    for ident in sorted(sombras):
        if ident not in efectivos:
            raise _sombra_huerfana(raiz, ident)


def _sombra_huerfana(raiz: str, ident: str) -> ErrorOracle:
    return proyecto_invalido(
        raiz,
        f"la sombra «{ident}» nombra una medida que no está en el catálogo efectivo",
        f"quitá la sombra «{ident}» de [tool.oracle.sombras] o corregí su id "
        "(`oracle medida listar` muestra el catálogo efectivo).",
    )
