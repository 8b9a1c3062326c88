"""`oracle caso listar`: the project's corpus cases and differentials, with their origin."""

from __future__ import annotations

import datetime
from pathlib import Path
from typing import Any

import click

from oracle_lint.nucleo.cli.comun import con_errores, imprimir_json
from oracle_lint.nucleo.cli.opciones import abrir_proyecto, opciones_de_proyecto
from oracle_lint.nucleo.corpus import Caso, cargar_corpus
from oracle_lint.nucleo.huellas import estable


@click.group()
def caso() -> None:
    """Work with corpus cases: evidence with the state a measure must give on it."""


def datos_de_casos(casos: tuple[Caso, ...], raiz: str, hoy: datetime.date) -> dict[str, Any]:
    """The listing as data: every case (sorted by measure, then id) with `vencido` for differentials."""
    ordenados = sorted(casos, key=lambda c: (c.medida or "", c.id))
    return {
        "proyecto": raiz,
        "total": len(ordenados),
        "casos": [{**c.a_dict(), "vencido": c.vencido(hoy)} for c in ordenados],
    }


def texto_de_casos(datos: dict[str, Any]) -> str:
    """One line per case: id, measure, expected state, origin (and expiry for differentials)."""
    lineas = [f"project: {datos['proyecto']}", f"cases ({datos['total']}):"]
    for c in datos["casos"]:
        extra = ""
        if c["vence"] is not None:
            extra = f"  {'EXPIRED' if c['vencido'] else 'expires'} {c['vence']}"
        lineas.append(f"  {c['id']}  {c['medida']}  {c['espera']}  {c['origen']}{extra}")
    if not datos["casos"]:
        lineas.append("  (none)")
    return "\n".join(lineas)


@caso.command("listar")
@opciones_de_proyecto
@click.option("--medida", "medida", metavar="ID", help="Only the cases that name this measure.")
@click.option("--json", "como_json", is_flag=True, help="Print the listing as JSON.")
@con_errores
def listar(proyecto: Path | None, confiar_escalares: bool, medida: str | None, como_json: bool) -> None:
    """List the project's corpus cases and differentials (an expired differential is marked, not hidden)."""
    p = abrir_proyecto(proyecto, confiar_escalares)
    casos = estable(p, lambda: cargar_corpus(p))
    if medida is not None:
        casos = tuple(c for c in casos if c.medida == medida)
    datos = datos_de_casos(casos, str(p.raiz), datetime.date.today())
    if como_json:
        imprimir_json(datos)
    else:
        click.echo(texto_de_casos(datos))
