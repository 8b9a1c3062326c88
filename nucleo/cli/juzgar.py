"""`oracle juzgar --con EVIDENCIA.json`: judge evidence against the effective catalog."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click

from oracle_lint.nucleo.cli.comun import EXIT_ROJO, EXIT_VERDE, con_errores, imprimir_json
from oracle_lint.nucleo.cli.medida import leer_json
from oracle_lint.nucleo.cli.opciones import abrir_proyecto, opciones_de_proyecto
from oracle_lint.nucleo.huellas import estable
from oracle_lint.nucleo.juicio import Juicio, Juzgada, juzgar as juzgar_evidencia
from oracle_lint.nucleo.veredicto import CORTE_DE_TESTIGOS


def _numero(valor: Any) -> str:
    return json.dumps(valor, ensure_ascii=False)


def _sombra(j: Juzgada) -> str:
    s = j.sombra
    assert s is not None
    cota = "none" if s.cota is None else str(s.cota)
    perdona = "yes" if j.perdonada else "no"
    return f"  shadow: since {s.desde}, bound {cota}, forgives: {perdona} — {s.porque}"


def _medida(j: Juzgada) -> list[str]:
    v = j.veredicto
    lineas = [f"{j.id}: {v.estado} — valor {_numero(v.valor)} (umbral {v.umbral.operador} {_numero(v.umbral.valor)})"]
    if j.sombra is not None:
        lineas.append(_sombra(j))
    mostrados, omitidos = v.testigos_presentados(CORTE_DE_TESTIGOS)
    lineas.extend(f"  witness: {json.dumps(t, ensure_ascii=False, sort_keys=True)}" for t in mostrados)
    if omitidos:
        lineas.append(f"  … and {omitidos} more")
    return lineas


def texto_del_juicio(juicio: Juicio) -> str:
    """The human-readable judgement: measures, not applied, not judged, warnings, result."""
    lineas = [f"project: {juicio.proyecto}"]
    for j in juicio.medidas:
        lineas.extend(_medida(j))
    if juicio.no_aplicadas:
        lineas.append("not applied:")
        lineas.extend(f"  {n['id']} — missing: {', '.join(n['faltan'])}" for n in juicio.no_aplicadas)
    if juicio.no_juzgaron:
        lineas.append("not judged:")
        lineas.extend(f"  {n['id']} — {n['motivo']}" for n in juicio.no_juzgaron)
    if juicio.advertencias:
        lineas.append("warnings:")
        lineas.extend(f"  {a}" for a in juicio.advertencias)
    lineas.append("result: ok" if juicio.ok else "result: not ok")
    return "\n".join(lineas)


@click.command("juzgar")
@click.option(
    "--con",
    "evidencia",
    required=True,
    type=click.Path(dir_okay=False, path_type=Path),
    help="Evidence JSON file: relation name -> list of rows.",
)
@click.option("--ids", "ids", multiple=True, metavar="ID", help="Judge only this measure id (repeatable).")
@opciones_de_proyecto
@click.option("--json", "como_json", is_flag=True, help="Print the judgement as the oracle.mcp/juzgar/v1 object.")
@con_errores
def juzgar(
    evidencia: Path, ids: tuple[str, ...], proyecto: Path | None, confiar_escalares: bool, como_json: bool
) -> None:
    """Judge evidence against the effective catalog. Exit 0 ok, 1 not ok, 2 error."""
    p = abrir_proyecto(proyecto, confiar_escalares)
    datos = leer_json(evidencia, "de evidencia", "evidence")
    juicio = estable(p, lambda: juzgar_evidencia(p, datos, list(ids) if ids else None))
    if como_json:
        imprimir_json(juicio.a_dict())
    else:
        click.echo(texto_del_juicio(juicio))
    sys.exit(EXIT_VERDE if juicio.ok else EXIT_ROJO)
