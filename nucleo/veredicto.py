"""The verdict of one measure over one evidence: value, every witness, threshold, state."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

ESTADOS = ("verde", "rojo", "sin_evidencia")
CORTE_DE_TESTIGOS = 5
"""Presentation cut: at most five witnesses are shown; the rest are counted as omitted."""


@dataclass(frozen=True)
class Umbral:
    """The threshold a measure's value must satisfy: `valor <operador> umbral.valor`."""

    operador: str
    valor: int | float

    def a_dict(self) -> dict[str, Any]:
        return {"operador": self.operador, "valor": self.valor}


@dataclass(frozen=True)
class Veredicto:
    """Outcome of `Medida.evaluar`. `sin_evidencia` iff a required relation is missing."""

    medida: str
    estado: str
    valor: int | float
    testigos: tuple[dict[str, Any], ...]
    umbral: Umbral
    faltan: tuple[str, ...] = ()
    advertencias: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.estado not in ESTADOS:
            raise ValueError(f"unknown state {self.estado}")
        if (self.estado == "sin_evidencia") != bool(self.faltan):
            raise ValueError("sin_evidencia must be exactly the state with missing relations")

    @property
    def ok(self) -> bool:
        return self.estado == "verde"

    def testigos_presentados(self, corte: int = CORTE_DE_TESTIGOS) -> tuple[list[dict[str, Any]], int]:
        """The first `corte` witnesses and how many were left out."""
        return [dict(t) for t in self.testigos[:corte]], max(0, len(self.testigos) - corte)

    def a_dict(self) -> dict[str, Any]:
        """Every field, all witnesses included (presentation cuts elsewhere)."""
        return {
            "medida": self.medida,
            "estado": self.estado,
            "valor": self.valor,
            "umbral": self.umbral.a_dict(),
            "testigos": [dict(t) for t in self.testigos],
            "faltan": list(self.faltan),
            "advertencias": list(self.advertencias),
        }
