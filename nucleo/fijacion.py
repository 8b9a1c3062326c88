"""Fijación: how each effective measure is exercised, judged by `meta.toda_medida_esta_ejercitada`.

The catalog exercise gathers facts once — for every effective measure, how many project cases
name it, how many cases of its publisher's corpus name it, and whether a core harness builds
every relation it requires — into the relation `ejercicio`. The judge, an ordinary measure of
the catalog, decides which measures are unexercised (`sin_fijar`); Python does not. The other
three values name the exercise the facts show, in seed 001's order: `heredada`, `evidencia`,
`arnes`. A missing judge or evidence that cannot be gathered completely is EVIDENCIA_INCOMPLETA:
never a partial answer.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from oracle_lint.nucleo.algebra import LimitesAlgebra
from oracle_lint.nucleo.catalogo import Catalogo, Entrada
from oracle_lint.nucleo.corpus import Caso, cargar_corpus, exigir_vigentes, leer_casos, sin_repetidos
from oracle_lint.nucleo.errores import ErrorOracle, evidencia_incompleta
from oracle_lint.nucleo.evidencia import Evidencia
from oracle_lint.nucleo.proyecto import Proyecto
from oracle_lint.nucleo.veredicto import Veredicto

JUEZA = "meta.toda_medida_esta_ejercitada"
RELACION = "ejercicio"
FIJACIONES = ("evidencia", "arnes", "heredada", "sin_fijar")
DIRECTORIO_DEL_PUBLICADOR = "corpus"
RELACIONES_DE_ARNES: Mapping[str, str] = {
    "ejercicio": "nucleo.fijacion.ejercicio_del_catalogo",
}
"""Relations a core harness builds and evaluates measures over (relation -> the harness)."""


@dataclass(frozen=True)
class Ejercicio:
    """The catalog exercise: one fijación per effective measure, the judge's verdict, and its evidence."""

    fijaciones: Mapping[str, str]
    veredicto: Veredicto
    evidencia: Evidencia

    def a_dict(self) -> dict[str, Any]:
        """Fijaciones sorted by id, the judge's state and its evidence."""
        return {
            "jueza": JUEZA,
            "estado": self.veredicto.estado,
            "fijaciones": [{"id": i, "fijacion": self.fijaciones[i]} for i in sorted(self.fijaciones)],
            "evidencia": self.evidencia,
        }


def es_de_arnes(entrada: Entrada) -> bool:
    """True when every relation the measure requires (at least one) is built by a core harness."""
    requiere = entrada.medida.requiere
    return bool(requiere) and all(r in RELACIONES_DE_ARNES for r in requiere)


def publica_el_proyecto(entrada: Entrada, proyecto: Proyecto) -> bool:
    """True when this project is the publisher of the measure's source."""
    return entrada.origen.clase == "proyecto" or entrada.origen.distribucion == proyecto.nombre


def filas_de_ejercicio(
    catalogo: Catalogo,
    propios: Sequence[Caso],
    del_publicador: Mapping[str, Sequence[Caso]],
    proyecto: Proyecto,
) -> list[dict[str, Any]]:
    """The `ejercicio` relation: one row per effective measure, facts only (no decision)."""
    filas = []
    for ident in catalogo:
        entrada = catalogo[ident]
        propios_n = sum(c.medida == ident for c in propios)
        publicador_n = sum(c.medida == ident for c in del_publicador.get(ident, ()))
        propia = publica_el_proyecto(entrada, proyecto)
        filas.append(
            {
                "medida": ident,
                "origen": str(entrada.origen),
                "casos": propios_n + (publicador_n if propia else 0),
                "casos_heredados": 0 if propia else publicador_n,
                "arnes": es_de_arnes(entrada),
            }
        )
    return filas


def fijacion_de(fila: Mapping[str, Any], sin_fijar: bool) -> str:
    """The value for one row: `sin_fijar` when the judge named it, else the exercise the facts show."""
    if sin_fijar:
        return "sin_fijar"
    if fila["casos_heredados"]:
        return "heredada"
    if fila["casos"]:
        return "evidencia"
    if fila["arnes"]:
        return "arnes"
    raise evidencia_incompleta(
        f"la medida jueza no encontró sin ejercicio a «{fila['medida']}», pero ningún hecho la fija",
        motivo_en=f"the judge measure did not find «{fila['medida']}» unexercised, but no fact pins it",
    )


def _del_publicador(catalogo: Catalogo, proyecto: Proyecto) -> dict[str, tuple[Caso, ...]]:
    """Each non-project measure's publisher corpus: `corpus/` beside its catalog file (loaded once per directory)."""
    por_directorio: dict[Path, tuple[Caso, ...]] = {}
    salida: dict[str, tuple[Caso, ...]] = {}
    for ident in catalogo:
        entrada = catalogo[ident]
        if entrada.origen.clase == "proyecto":
            continue
        directorio = entrada.ruta.parent / DIRECTORIO_DEL_PUBLICADOR
        if directorio not in por_directorio:
            casos = leer_casos(directorio, clase="corpus", presentar=proyecto.presentar_ruta)
            por_directorio[directorio] = sin_repetidos(casos)
        salida[ident] = por_directorio[directorio]
    return salida


def _juzgar(jueza: Entrada, evidencia: Evidencia, catalogo: Catalogo, limites: LimitesAlgebra | None) -> Veredicto:
    try:
        veredicto = jueza.medida.evaluar(evidencia, limites=limites, escalares=catalogo.escalares)
    except ErrorOracle as error:
        raise evidencia_incompleta(f"la medida jueza «{JUEZA}» no produjo un veredicto ({error.linea()})",
                                   motivo_en=f"the judge measure «{JUEZA}» produced no verdict ({error.linea('en')})") from None
    if veredicto.estado == "sin_evidencia":
        faltan = ", ".join(veredicto.faltan)
        raise evidencia_incompleta(f"la medida jueza «{JUEZA}» requiere {faltan}, que el ejercicio no produce",
                                   motivo_en=f"the judge measure «{JUEZA}» requires {faltan}, which the exercise does not produce")
    if any("medida" not in t for t in veredicto.testigos):
        raise evidencia_incompleta(f"los testigos de la medida jueza «{JUEZA}» no nombran la medida",
                                   motivo_en=f"the witnesses of the judge measure «{JUEZA}» do not name the measure")
    return veredicto


def ejercicio_del_catalogo(
    proyecto: Proyecto,
    catalogo: Catalogo,
    *,
    hoy: datetime.date | None = None,
    limites: LimitesAlgebra | None = None,
) -> Ejercicio:
    """Compute every effective measure's fijación once; EVIDENCIA_INCOMPLETA instead of a partial answer."""
    if JUEZA not in catalogo.efectivas:
        raise evidencia_incompleta(f"falta la medida jueza «{JUEZA}» en el catálogo efectivo",
                                   motivo_en=f"the judge measure «{JUEZA}» is not in the effective catalog")
    try:
        propios = cargar_corpus(proyecto)
        exigir_vigentes(propios, hoy or datetime.date.today())
        del_publicador = _del_publicador(catalogo, proyecto)
    except ErrorOracle as error:
        if error.codigo == "EVIDENCIA_INCOMPLETA":
            raise
        raise evidencia_incompleta(f"no se pudo reunir el corpus ({error.linea()})",
                                   motivo_en=f"the corpus cannot be gathered ({error.linea('en')})") from None
    filas = filas_de_ejercicio(catalogo, propios, del_publicador, proyecto)
    evidencia = {RELACION: filas}
    veredicto = _juzgar(catalogo[JUEZA], evidencia, catalogo, limites)
    sin_fijar = {t["medida"] for t in veredicto.testigos}
    fijaciones = {f["medida"]: fijacion_de(f, f["medida"] in sin_fijar) for f in filas}
    return Ejercicio(fijaciones=fijaciones, veredicto=veredicto, evidencia=evidencia)
