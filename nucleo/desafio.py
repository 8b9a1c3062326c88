"""A challenge over a project: gather the cases that name the measure, then run the round.

This is the composition `oracle medida desafiar` and the MCP tool `oracle_desafiar` call:
project cases (unless refused) plus ephemeral ones, then `nucleo.mutacion.correr`.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Sequence
from typing import Any

from oracle_lint.nucleo.algebra import LimitesAlgebra
from oracle_lint.nucleo.corpus import Caso, casos_para_desafio
from oracle_lint.nucleo.escalares import Escalares
from oracle_lint.nucleo.medida import Medida
from oracle_lint.nucleo.mutacion import correr
from oracle_lint.nucleo.proyecto import Proyecto


def desafiar(
    proyecto: Proyecto | None,
    medida: Medida,
    efimeros: Sequence[Caso] = (),
    *,
    usar_evidencia_del_proyecto: bool = True,
    hoy: datetime.date | None = None,
    cancelado: Callable[[], bool] | None = None,
    limites: LimitesAlgebra | None = None,
    escalares: Escalares | None = None,
) -> dict[str, Any]:
    """The `oracle.mcp/desafio/v1` object for `medida` over the project's cases and `efimeros`."""
    casos = casos_para_desafio(
        proyecto, medida.id, efimeros, usar_evidencia_del_proyecto=usar_evidencia_del_proyecto, hoy=hoy
    )
    return correr(
        medida,
        casos,
        cancelado=cancelado,
        limites=limites,
        escalares=escalares,
        proyecto=str(proyecto.raiz) if proyecto is not None else "",
    )
