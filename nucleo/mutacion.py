"""The challenge round (`oracle medida desafiar`, seed 001 `oracle_desafiar`).

`correr` follows seed 001's order: evaluate the original against every case; stop with
`original_no_reproduce` or `faltan_polaridades`; otherwise run every mutant
(`nucleo.mutadores`) over every case and sort it into detected by behaviour, rejected by
the algebra (it only raised), or survived. It never claims more than that: all mutants
detected is not "correct".
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from oracle_lint.nucleo.algebra import LimitesAlgebra
from oracle_lint.nucleo.cancelacion import Cancelado
from oracle_lint.nucleo.canonico import canonico
from oracle_lint.nucleo.corpus import Caso, sin_repetidos
from oracle_lint.nucleo.errores import ErrorOracle
from oracle_lint.nucleo.escalares import Escalares
from oracle_lint.nucleo.huellas import entrada_sha256
from oracle_lint.nucleo.medida import Medida
from oracle_lint.nucleo.mutadores import MUTADORES, Mutador, mutantes
from oracle_lint.nucleo.version import VERSION

__all__ = ["ADVERTENCIA_FIJA", "CONCLUSIONES", "ESQUEMA", "EXITOSAS", "MUTADORES", "Cancelado", "Resultado",
           "clasificar", "correr", "evaluar_caso", "mutantes"]

ESQUEMA = "oracle.mcp/desafio/v1"
ADVERTENCIA_FIJA = "La mutación no demuestra corrección semántica."
CONCLUSIONES = (
    "original_no_reproduce",
    "faltan_polaridades",
    "sin_mutantes",
    "sobrevivientes",
    "sin_sobrevivientes_con_rechazos",
    "todos_detectados_por_conducta",
)
EXITOSAS = frozenset({"todos_detectados_por_conducta", "sin_sobrevivientes_con_rechazos"})


# -- the round ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Resultado:
    """What one measure gave on one case: a state (or `error`), its value and its witnesses."""

    estado: str
    valor: Any = None
    testigos: tuple[str, ...] = ()
    advertencias: tuple[str, ...] = ()
    error: str | None = None

    def conducta(self) -> tuple[str, Any, tuple[str, ...]]:
        """What a behavioural change is measured on: state, value, witnesses."""
        return self.estado, self.valor, self.testigos


def evaluar_caso(
    medida: Medida,
    caso: Caso,
    limites: LimitesAlgebra | None,
    escalares: Escalares | None,
    validada: bool = False,
) -> Resultado:
    """Evaluate one measure on one case; any exception is the `error` outcome, never a red.

    Mutants run only after the original reproduced every case, so their evaluations may pass
    `validada=True`: each case's evidence was validated by the original's evaluation.
    """
    try:
        v = medida.evaluar(caso.evidencia, limites=limites, escalares=escalares, validada=validada)
    except ErrorOracle as error:
        return Resultado("error", error=error.linea())
    except Exception as error:  # an unclassified failure is an outcome of its own, never a verdict
        return Resultado("error", error=f"{type(error).__name__}: {error}")
    return Resultado(v.estado, v.valor, tuple(canonico(t) for t in v.testigos), v.advertencias)


def _revisar(cancelado: Callable[[], bool] | None) -> None:
    if cancelado is not None and cancelado():
        raise Cancelado()


def clasificar(original: Sequence[Resultado], mutado: Sequence[Resultado]) -> str:
    """`detectado` when a case changed state, value or witnesses; `rechazado` when it only raised; else `sobrevivio`."""
    if any(m.estado != "error" and m.conducta() != o.conducta() for o, m in zip(original, mutado)):
        return "detectado"
    if any(m.estado == "error" for m in mutado):
        return "rechazado"
    return "sobrevivio"


def _cuentas(casos: Sequence[Caso]) -> dict[str, int]:
    return {
        "total": len(casos),
        "del_proyecto": sum(not c.efimero for c in casos),
        "efimeros": sum(c.efimero for c in casos),
        "esperan_verde": sum(c.espera == "verde" for c in casos),
        "esperan_rojo": sum(c.espera != "verde" for c in casos),
    }


def _discordancias(casos: Sequence[Caso], resultados: Sequence[Resultado]) -> tuple[list[dict[str, str]], list[str]]:
    filas, avisos = [], []
    for caso, r in zip(casos, resultados):
        if r.estado == caso.espera:
            continue
        filas.append({"caso": caso.id, "esperado": "verde" if caso.espera == "verde" else "rojo", "obtenido": r.estado})
        if caso.espera == "sin_evidencia":
            avisos.append(f"el caso «{caso.id}» espera sin_evidencia y obtuvo {r.estado}; en discordancias "
                          "figura con su polaridad «rojo».")
        if r.error is not None:
            avisos.append(f"el caso «{caso.id}» levantó {r.error}")
    return filas, avisos


def _unicas(textos: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(textos))


def correr(
    medida: Medida,
    casos: Sequence[Caso],
    *,
    cancelado: Callable[[], bool] | None = None,
    limites: LimitesAlgebra | None = None,
    escalares: Escalares | None = None,
    mutadores: Sequence[Mutador] = MUTADORES,
    proyecto: str = "",
) -> dict[str, Any]:
    """Challenge `medida` with `casos` (built in memory or loaded) and return the desafio/v1 object."""
    casos = sin_repetidos(casos)
    for caso in casos:
        if caso.medida is not None and caso.medida != medida.id:
            raise ErrorOracle("CASO_INVALIDO", f"{caso.origen}: el caso «{caso.id}» nombra la medida «{caso.medida}», "
                              f"no «{medida.id}».", campo="casos", correccion="pasá sólo casos de la medida desafiada.",
                              mensaje_en=f"{caso.origen}: the case «{caso.id}» names the measure «{caso.medida}», "
                              f"not «{medida.id}».", correccion_en="pass only cases of the measure being challenged.")
    originales = []
    for caso in casos:
        _revisar(cancelado)
        originales.append(evaluar_caso(medida, caso, limites, escalares))
    discordancias, avisos = _discordancias(casos, originales)
    avisos += [f"caso «{c.id}»: {a}" for c, r in zip(casos, originales) for a in r.advertencias]
    cuentas = _cuentas(casos)
    mutacion: dict[str, Any] = {"generados": 0, "detectados_por_conducta": 0, "rechazados_por_el_algebra": 0,
                                "no_detectados": []}
    if discordancias:
        conclusion = "original_no_reproduce"
    elif not cuentas["esperan_verde"] or not cuentas["esperan_rojo"]:
        conclusion = "faltan_polaridades"
    else:
        conclusion, mutacion = _ronda(medida, casos, originales, cancelado, limites, escalares, mutadores)
    return {
        "esquema": ESQUEMA,
        "oracle_version": VERSION,
        "proyecto": proyecto,
        "entrada_sha256": entrada_sha256({"medida": medida.a_datos(), "casos": [c.normalizado() for c in casos]}),
        "medida": medida.id,
        "conclusion": conclusion,
        "casos": cuentas,
        "discordancias": discordancias,
        "mutacion": mutacion,
        "advertencias": _unicas([ADVERTENCIA_FIJA, *avisos]),
    }


def _ronda(
    medida: Medida,
    casos: Sequence[Caso],
    originales: Sequence[Resultado],
    cancelado: Callable[[], bool] | None,
    limites: LimitesAlgebra | None,
    escalares: Escalares | None,
    mutadores: Sequence[Mutador],
) -> tuple[str, dict[str, Any]]:
    generados = mutantes(medida, mutadores)
    detectados = rechazados = 0
    no_detectados: list[dict[str, str]] = []
    for mutante in generados:
        _revisar(cancelado)
        resultados = []
        for caso in casos:
            _revisar(cancelado)
            resultados.append(evaluar_caso(mutante.medida, caso, limites, escalares, validada=True))
        clase = clasificar(originales, resultados)
        if clase == "detectado":
            detectados += 1
            continue
        rechazados += clase == "rechazado"
        estado = "rechazado_por_el_algebra" if clase == "rechazado" else "sobrevivio"
        no_detectados.append({"id": mutante.id, "cambio": mutante.cambio, "estado": estado})
    if not generados:
        conclusion = "sin_mutantes"
    elif any(n["estado"] == "sobrevivio" for n in no_detectados):
        conclusion = "sobrevivientes"
    elif rechazados:
        conclusion = "sin_sobrevivientes_con_rechazos"
    else:
        conclusion = "todos_detectados_por_conducta"
    return conclusion, {
        "generados": len(generados),
        "detectados_por_conducta": detectados,
        "rechazados_por_el_algebra": rechazados,
        "no_detectados": no_detectados,
    }
