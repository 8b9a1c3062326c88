"""Shadows (sombras) and bounds (cotas): what a red verdict costs, and the shrink-only rule.

A shadow never changes a verdict's state; it changes its consequence. `perdona` holds only
for a red verdict with no bound, or with a numeric value within the bound. Bounds only
shrink: a value below the bound is slack (holgura), and a shadow on a green measure is
stale (obsoleta); both are failures of their own, like a stale list entry.

A shadow may be scoped to tools (`herramientas`): it then forgives only the witnesses of those
tools, its value is how many they are, and a witness of any other tool stays a finding.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from oracle_lint.nucleo.cotas import EXACTA, EXCEDIDA, HOLGURA, estado_de_cota
from oracle_lint.nucleo.errores import ErrorOracle, proyecto_invalido

OBSOLETA = "obsoleta"


@dataclass(frozen=True)
class Sombra:
    """A shadow declared in the project config for one measure id (scoped to `herramientas` when given)."""

    desde: str
    porque: str
    cota: int | None = None
    herramientas: tuple[str, ...] | None = None

    def en_alcance(self, testigo: Mapping[str, Any]) -> bool:
        """True when this shadow can forgive the witness (always, for an unscoped shadow)."""
        return self.herramientas is None or testigo.get("herramienta") in self.herramientas

    def valor_de(self, valor: Any, testigos: Sequence[Mapping[str, Any]]) -> Any:
        """The value the bound is compared with: the measure's, or the count of in-scope witnesses."""
        if self.herramientas is None:
            return valor
        return sum(1 for t in testigos if self.en_alcance(t))

    def perdona(self, estado: str, valor: Any, testigos: Sequence[Mapping[str, Any]] = ()) -> bool:
        """True only for a red state with no bound, or a numeric value within the bound; a scoped
        shadow also needs every witness in its scope (a witness elsewhere is not forgiven)."""
        if estado != "rojo":
            return False
        if self.herramientas is not None and (not testigos or not all(self.en_alcance(t) for t in testigos)):
            return False
        return self._dentro_de_cota(self.valor_de(valor, testigos))

    def _dentro_de_cota(self, valor: Any) -> bool:
        if self.cota is None:
            return True
        return estado_de_cota(valor, self.cota) in (HOLGURA, EXACTA)

    def excedida(self, estado: str, valor: Any, testigos: Sequence[Mapping[str, Any]]) -> Any:
        """The value over the bound when a red verdict goes past it (the shadow then forgives nothing),
        else None: for a scoped shadow, the count of its tools' witnesses."""
        if estado != "rojo" or self.cota is None:
            return None
        cuenta = self.valor_de(valor, testigos)
        return cuenta if estado_de_cota(cuenta, self.cota) == EXCEDIDA else None

    def sin_perdon(self, estado: str, valor: Any, testigos: Sequence[Mapping[str, Any]]) -> tuple[Mapping[str, Any], ...]:
        """The witnesses that stay findings: none when forgiven; for a scoped shadow within its bound,
        the witnesses of tools outside its scope; otherwise all of them."""
        if estado != "rojo" or self.perdona(estado, valor, testigos):
            return ()
        if self.herramientas is not None and self._dentro_de_cota(self.valor_de(valor, testigos)):
            return tuple(t for t in testigos if not self.en_alcance(t))
        return tuple(testigos)

    def a_dict(self, estado: str, valor: Any, testigos: Sequence[Mapping[str, Any]] = ()) -> dict[str, Any]:
        """The published shape: {desde, porque, cota, perdona}."""
        return {
            "desde": self.desde,
            "porque": self.porque,
            "cota": self.cota,
            "perdona": self.perdona(estado, valor, testigos),
        }


@dataclass(frozen=True)
class FallaDeSombra:
    """A shadow that must change: slack in its bound, or stale because the measure is green
    (or, for a scoped shadow, because none of its tools — or the one named — still violates)."""

    medida: str
    clase: str
    mensaje: str
    valor: Any = None  # the measure's value and the bound, for a presentation of its own (oracle-lint's English)
    cota: int | None = None
    herramienta: str | None = None  # a scoped shadow's tool that no longer violates


def numero(valor: Any) -> str:
    """A value as a message shows it: 3, not 3.0."""
    if isinstance(valor, float) and valor.is_integer():
        return str(int(valor))
    return str(valor)


def _obsoleta(ident: str, sombra: Sombra, valor: Any) -> FallaDeSombra:
    return FallaDeSombra(
        ident, OBSOLETA, f"la sombra de «{ident}» está obsoleta: la medida dio verde; quitá la sombra.", valor, sombra.cota
    )


def _holgura(ident: str, sombra: Sombra, valor: Any) -> FallaDeSombra:
    return FallaDeSombra(
        ident,
        HOLGURA,
        f"la cota de «{ident}» tiene holgura: el valor {numero(valor)} está por debajo "
        f"de la cota {sombra.cota}; bajá la cota a {numero(valor)}.",
        valor,
        sombra.cota,
    )


def fallas_de(
    ident: str,
    sombra: Sombra,
    estado: str,
    valor: Any,
    testigos: Sequence[Mapping[str, Any]] = (),
    analizadas: Collection[str] | None = None,
) -> tuple[FallaDeSombra, ...]:
    """The failures of one shadow given its measure's verdict (none for sin_evidencia).

    `analizadas`: the tools a partial run saw (None for a run over the whole project). An unscoped
    shadow is judged only by a whole run (see `juzgable`); a scoped one only for the tools seen:
    each of its tools seen without a witness is stale, and its slack, or its being stale as a
    whole, is judged only when the run saw every tool of its scope."""
    if estado == "sin_evidencia":
        return ()
    if sombra.herramientas is None:
        if estado == "verde":
            return (_obsoleta(ident, sombra, valor),)
        if estado == "rojo" and estado_de_cota(valor, sombra.cota) == HOLGURA:
            return (_holgura(ident, sombra, valor),)
        return ()
    vistas = set(sombra.herramientas) if analizadas is None else set(sombra.herramientas) & set(analizadas)
    todas = vistas == set(sombra.herramientas)
    con_testigo = {t.get("herramienta") for t in testigos if sombra.en_alcance(t)} if estado == "rojo" else set()
    cuenta = sombra.valor_de(valor, testigos) if estado == "rojo" else 0
    if todas and not con_testigo:
        return (_obsoleta(ident, sombra, cuenta),)
    fallas = [
        FallaDeSombra(
            ident,
            OBSOLETA,
            f"«{h}» ya no viola «{ident}»: quitala de herramientas en la sombra.",
            cuenta,
            sombra.cota,
            herramienta=h,
        )
        for h in sorted(vistas - con_testigo)
    ]
    if todas and estado_de_cota(cuenta, sombra.cota) == HOLGURA:
        fallas.append(_holgura(ident, sombra, cuenta))
    return tuple(fallas)


def juzgable(sombra: Sombra, analizadas: Collection[str] | None) -> bool:
    """Whether this run can judge the shadow's slack and staleness in full: a whole run always; a
    partial one only for a scoped shadow whose every tool it saw."""
    if analizadas is None:
        return True
    return sombra.herramientas is not None and set(sombra.herramientas) <= set(analizadas)


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
        f"the shadow «{ident}» names a rule that is not in the effective catalog",
        f'remove [tool.oracle.sombras."{ident}"] or correct its id (`oracle-lint rules` lists the rules).',
    )
