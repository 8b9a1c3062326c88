"""`oracle medida listar`: the effective catalog and, apart, the measures excluded by ambito."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from oracle_lint.nucleo.catalogo import Catalogo, Entrada, catalogo_efectivo
from oracle_lint.nucleo.cli.comun import con_errores, imprimir_json
from oracle_lint.nucleo.cli.opciones import abrir_proyecto, opciones_de_proyecto
from oracle_lint.nucleo.huellas import estable, huella_proyecto
from oracle_lint.nucleo.proyecto import Proyecto


def _fila(entrada: Entrada, proyecto: Proyecto) -> dict[str, Any]:
    return {
        "id": entrada.medida.id,
        "origen": str(entrada.origen),
        "ambito": entrada.medida.ambito,
        "fuente": proyecto.presentar_ruta(entrada.ruta),
    }


def datos_del_listado(catalogo: Catalogo, proyecto: Proyecto) -> dict[str, Any]:
    """The listing as data: effective measures and excluded ones, each sorted by id."""
    return {
        "proyecto": str(proyecto.raiz),
        "huella_proyecto": huella_proyecto(catalogo.archivos),
        "total": len(catalogo),
        "efectivas": [_fila(catalogo[i], proyecto) for i in catalogo],
        "excluidas": [_fila(e, proyecto) for e in catalogo.excluidas_ordenadas()],
    }


def _tabla(filas: list[dict[str, Any]]) -> list[str]:
    if not filas:
        return ["  (none)"]
    ancho_id = max(len(f["id"]) for f in filas)
    ancho_origen = max(len(f["origen"]) for f in filas)
    return [f"  {f['id']:<{ancho_id}}  {f['origen']:<{ancho_origen}}  {f['ambito']}" for f in filas]


def texto_del_listado(datos: dict[str, Any]) -> str:
    """The human-readable listing."""
    lineas = [f"project: {datos['proyecto']}", f"effective measures ({len(datos['efectivas'])}):"]
    lineas.extend(_tabla(datos["efectivas"]))
    lineas.append(f"loaded but excluded by ambito ({len(datos['excluidas'])}):")
    lineas.extend(_tabla(datos["excluidas"]))
    return "\n".join(lineas)


@click.command("listar")
@opciones_de_proyecto
@click.option("--json", "como_json", is_flag=True, help="Print the listing as JSON.")
@con_errores
def listar(proyecto: Path | None, confiar_escalares: bool, como_json: bool) -> None:
    """List the effective catalog (id, origen, ambito) and, apart, the loaded measures it excludes."""
    p = abrir_proyecto(proyecto, confiar_escalares)
    datos = estable(p, lambda: datos_del_listado(catalogo_efectivo(p), p))
    if como_json:
        imprimir_json(datos)
    else:
        click.echo(texto_del_listado(datos))
