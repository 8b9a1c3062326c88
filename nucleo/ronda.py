"""The mutation round over a whole catalog source: one challenge per measure, survivors judged
against a list of mutants shown to be equivalent (which, like every list, only shrinks).

Each measure is challenged with its publisher's corpus (`corpus/` beside the catalog file that
defines it) plus the project's own cases that name it. The round passes only when every
measure reproduces its cases, has both polarities, and every surviving mutant is listed as
equivalent with a reason — and every listed equivalent still survives (a stale entry fails).
"""

from __future__ import annotations

import datetime
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from oracle_lint.nucleo.catalogo import Entrada, catalogo_efectivo
from oracle_lint.nucleo.corpus import Caso, cargar_corpus, de_la_medida, exigir_vigentes, leer_casos, sin_repetidos
from oracle_lint.nucleo.errores import ErrorOracle
from oracle_lint.nucleo.fijacion import DIRECTORIO_DEL_PUBLICADOR
from oracle_lint.nucleo.mutacion import EXITOSAS, correr
from oracle_lint.nucleo.proyecto import Proyecto

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

@dataclass(frozen=True)
class Equivalente:
    """A surviving mutant shown to be equivalent to its measure, with the argument."""

    medida: str
    mutante: str
    porque: str


@dataclass(frozen=True)
class FilaDeRonda:
    """One measure's challenge, summarized."""

    medida: str
    casos: int
    generados: int
    detectados: int
    rechazados: int
    sobrevivientes: tuple[tuple[str, str], ...]
    conclusion: str
    discordancias: tuple[dict[str, Any], ...]
    explicados: tuple[str, ...] = field(default_factory=tuple)

    @property
    def sin_explicar(self) -> tuple[tuple[str, str], ...]:
        return tuple(s for s in self.sobrevivientes if s[0] not in self.explicados)

    @property
    def pasa(self) -> bool:
        """Reproduces, both polarities, and no survivor without an equivalence argument."""
        if self.conclusion in EXITOSAS:
            return True
        return self.conclusion == "sobrevivientes" and not self.sin_explicar


def leer_equivalentes(ruta: Path) -> list[Equivalente]:
    """`[[equivalente]]` tables with medida, mutante and porque; a bad file is an error, never empty."""
    if not ruta.exists():
        return []
    try:
        datos = tomllib.loads(ruta.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, RecursionError) as error:
        raise ErrorOracle("EQUIVALENTES_INVALIDOS", f"{ruta}: {error}.", correccion="fix the TOML file.") from None
    salida = []
    for i, tabla in enumerate(datos.get("equivalente", [])):
        if set(tabla) != {"medida", "mutante", "porque"} or not all(isinstance(v, str) and v for v in tabla.values()):
            raise ErrorOracle(
                "EQUIVALENTES_INVALIDOS",
                f"{ruta}: entry {i + 1} must have exactly medida, mutante and porque (non-empty strings).",
                correccion="each [[equivalente]] names the measure, the mutant id and why it is equivalent.",
            )
        salida.append(Equivalente(tabla["medida"], tabla["mutante"], tabla["porque"]))
    return salida


def _casos_del_publicador(entrada: Entrada, proyecto: Proyecto, cache: dict[Path, tuple[Caso, ...]]) -> tuple[Caso, ...]:
    directorio = entrada.ruta.parent / DIRECTORIO_DEL_PUBLICADOR
    if directorio not in cache:
        cache[directorio] = leer_casos(directorio, clase="corpus", presentar=proyecto.presentar_ruta)
    return cache[directorio]


def ronda(
    proyecto: Proyecto,
    *,
    origen: str = "catalogo_base:oracle",
    equivalentes: list[Equivalente] | None = None,
    hoy: datetime.date | None = None,
    al_avanzar: Callable[[FilaDeRonda], None] | None = None,
) -> list[FilaDeRonda]:
    """Challenge every effective measure of one source; the rows, in id order."""
    catalogo = catalogo_efectivo(proyecto)
    propios = cargar_corpus(proyecto)
    exigir_vigentes(propios, hoy or datetime.date.today())
    por_medida: dict[str, set[str]] = {}
    for e in equivalentes or []:
        por_medida.setdefault(e.medida, set()).add(e.mutante)
    cache: dict[Path, tuple[Caso, ...]] = {}
    filas = []
    for ident in catalogo:
        entrada = catalogo[ident]
        if str(entrada.origen) != origen:
            continue
        casos = sin_repetidos((*de_la_medida(_casos_del_publicador(entrada, proyecto, cache), ident), *de_la_medida(propios, ident)))
        resultado = correr(entrada.medida, casos, escalares=catalogo.escalares, proyecto=str(proyecto.raiz))
        mutacion = resultado["mutacion"]
        sobrevivientes = tuple((n["id"], n["cambio"]) for n in mutacion["no_detectados"] if n["estado"] == "sobrevivio")
        fila = FilaDeRonda(
            medida=ident,
            casos=resultado["casos"]["total"],
            generados=mutacion["generados"],
            detectados=mutacion["detectados_por_conducta"],
            rechazados=mutacion["rechazados_por_el_algebra"],
            sobrevivientes=sobrevivientes,
            conclusion=resultado["conclusion"],
            discordancias=tuple(resultado["discordancias"]),
            explicados=tuple(sorted(por_medida.get(ident, set()) & {s[0] for s in sobrevivientes})),
        )
        filas.append(fila)
        if al_avanzar is not None:
            al_avanzar(fila)
    return filas


def equivalentes_obsoletos(filas: list[FilaDeRonda], equivalentes: list[Equivalente]) -> list[Equivalente]:
    """Listed equivalents that no longer survive (or whose measure was not in the round)."""
    vivos = {(f.medida, s[0]) for f in filas for s in f.sobrevivientes}
    return [e for e in equivalentes if (e.medida, e.mutante) not in vivos]
