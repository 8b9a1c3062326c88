"""One probe run: live listing -> evidence (+ the project's lists) -> the core's judgement -> findings.

Like `linter.analisis.correr`, it decides no rule: the core applies each measure whose relations
the live evidence has, and the rest are reported as not judged (they need the source).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Optional

from oracle_lint.linter.analisis import Corrida, Hallazgo, hallazgos_de, hechos_del_tracker, reunir_evidencia
from oracle_lint.linter.extraccion.presupuesto import PRESUPUESTO_POR_ARCHIVO
from oracle_lint.linter.listas import cargar_listas, con_alcance
from oracle_lint.nucleo.juicio import Juicio, juzgar
from oracle_lint.nucleo.proyecto import Proyecto

from .cliente import Listado, Servidor, listar
from .conciliacion import publicadas
from .evidencia import RELACIONES_DEL_CODIGO, evidencia_viva, resultados_vivos
from .llamadas import cargar


@dataclass(frozen=True)
class Sondeo:
    """What one probe saw and what the core said about it."""

    servidor: Servidor
    listado: Listado
    evidencia: dict[str, list[dict[str, Any]]]
    juicio: Juicio
    hallazgos: tuple[Hallazgo, ...]

    def no_juzgadas(self) -> list[dict[str, Any]]:
        """Rules of the catalog the live evidence cannot decide, with the relations they need."""
        return [{"rule": n["id"], "needs": sorted(n["faltan"]),
                 "needs_source": bool(set(n["faltan"]) & set(RELACIONES_DEL_CODIGO)),
                 "needs_calls": bool(set(n["faltan"])) and set(n["faltan"]) <= {"resultado", "clave_resultado"}}
                for n in self.juicio.no_aplicadas]


def sondear(proyecto: Proyecto, servidor: Servidor, timeout: float, era: str = "auto",
            llamadas: Optional[tuple[Path, str]] = None) -> Sondeo:
    """List the server's tools (and make the sample calls of `llamadas`, a calls file and how it is
    shown) and judge them with the project's effective catalog."""
    muestras = cargar(*llamadas) if llamadas else ()
    listado = listar(servidor, timeout, era, muestras)
    evidencia = evidencia_viva(listado.herramientas, servidor.origen())
    if llamadas:
        vivos = resultados_vivos(listado.herramientas, listado.resultados, llamadas[1])
        evidencia.update(resultado=vivos["resultado"], clave_resultado=vivos["clave_resultado"])
        evidencia["no_resuelto"] = sorted(evidencia["no_resuelto"] + vivos["no_resuelto"], key=lambda f: f["motivo"])
    vivas = {f["herramienta"] for f in evidencia["herramienta"]}
    evidencia["lista"] = con_alcance(cargar_listas(proyecto.dir_listas, proyecto.raiz), vivas, True)
    evidencia.update(hechos_del_tracker(proyecto))
    juicio = juzgar(proyecto, evidencia, parcial=True)  # one server's listing: a shadow's slack is the project's
    return Sondeo(servidor, listado, evidencia, juicio, hallazgos_de(juicio, proyecto))


def correr_con_sonda(proyecto: Proyecto, servidor: Servidor, timeout: float, *, cache: bool = True,
                     trabajos: int | None = None, llamadas: Optional[tuple[Path, str]] = None,
                     limite: float = PRESUPUESTO_POR_ARCHIVO) -> Corrida:
    """`check --probe`: the whole static run, plus the `publicada` rows of the live listing (and the
    `resultado` rows of the sample calls); the core judges all at once. The server is listed first,
    so a server that cannot be listed costs no analysis."""
    listado = listar(servidor, timeout, "auto", cargar(*llamadas) if llamadas else ())
    corrida = reunir_evidencia(proyecto, None, cache=cache, trabajos=trabajos, limite=limite)
    evidencia = {**corrida.evidencia, "publicada": publicadas(corrida.evidencia, listado.herramientas, servidor.origen())}
    # a listing the probe cannot read as tools (no name, a name twice) is said, as `probe` says it
    evidencia["no_resuelto"] = [*evidencia["no_resuelto"], *evidencia_viva(listado.herramientas, servidor.origen())["no_resuelto"]]
    if llamadas:
        vivos = resultados_vivos(listado.herramientas, listado.resultados, llamadas[1])
        evidencia.update(resultado=vivos["resultado"], clave_resultado=vivos["clave_resultado"])
        evidencia["no_resuelto"] = [*evidencia["no_resuelto"], *vivos["no_resuelto"]]
    juicio = juzgar(proyecto, evidencia)
    return Corrida(corrida.proyecto, corrida.archivos, corrida.completa, evidencia, juicio, hallazgos_de(juicio, proyecto))
