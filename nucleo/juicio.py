"""Judging evidence against the effective catalog: verdicts, shadows, bounds, and `ok`.

`ok` holds only when at least one measure applied, every applied measure is green or
forgiven by its shadow, none failed to be judged, and no shadow has slack or is stale.
When nothing applies the answer is not ok, with a warning: never an empty green.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from oracle_lint.nucleo.algebra import LimitesAlgebra
from oracle_lint.nucleo.catalogo import Catalogo, Entrada, catalogo_efectivo
from oracle_lint.nucleo.errores import ErrorOracle, argumentos_invalidos, evaluacion_fallo, medida_no_aplicable
from oracle_lint.nucleo.evidencia import normalizar_evidencia, validar_evidencia
from oracle_lint.nucleo.huellas import entrada_sha256
from oracle_lint.nucleo.medida import es_id_de_medida
from oracle_lint.nucleo.proyecto import Proyecto
from oracle_lint.nucleo.sombras import FallaDeSombra, Sombra, fallas_de, juzgable, verificar_sombras
from oracle_lint.nucleo.veredicto import CORTE_DE_TESTIGOS, Veredicto
from oracle_lint.nucleo.version import VERSION

ESQUEMA = "oracle.mcp/juzgar/v1"
PATRON_ID = "^[a-z][a-z0-9_]*(?:\\.[a-z][a-z0-9_]*)+$"
FORMA_IDS = f"una lista no vacía de ids distintos que cumplan {PATRON_ID}"
FORMA_IDS_EN = f"a non-empty list of distinct ids matching {PATRON_ID}"
SIN_MEDIDAS = "ninguna medida del catálogo efectivo aplica a esta evidencia: no se juzgó nada y eso no es un verde."
CATALOGO_VACIO = "el catálogo efectivo no tiene medidas: no se juzgó nada y eso no es un verde."


@dataclass(frozen=True)
class Juzgada:
    """One judged measure: its entry, its verdict, and its shadow (if any)."""

    entrada: Entrada
    veredicto: Veredicto
    sombra: Sombra | None

    @property
    def id(self) -> str:
        """The measure id."""
        return self.entrada.medida.id

    @property
    def perdonada(self) -> bool:
        """True when the verdict is red and the shadow forgives it."""
        v = self.veredicto
        return self.sombra is not None and self.sombra.perdona(v.estado, v.valor, v.testigos)

    @property
    def excedida(self) -> Any:
        """The count over the shadow's bound when it forgives nothing for that reason, else None."""
        v = self.veredicto
        return None if self.sombra is None else self.sombra.excedida(v.estado, v.valor, v.testigos)

    @property
    def testigos_sin_perdon(self) -> tuple[Mapping[str, Any], ...]:
        """The witnesses that are findings: all of a red verdict without shadow; for a scoped shadow
        within its bound, those of tools outside its scope."""
        v = self.veredicto
        if v.estado != "rojo":
            return ()
        return v.testigos if self.sombra is None else self.sombra.sin_perdon(v.estado, v.valor, v.testigos)

    @property
    def satisfecha(self) -> bool:
        """Green, or red and forgiven."""
        return self.veredicto.estado == "verde" or self.perdonada

    def a_dict(self, corte: int = CORTE_DE_TESTIGOS) -> dict[str, Any]:
        """The `medidas[]` item of `oracle.mcp/juzgar/v1` (witnesses cut at `corte`)."""
        medida, veredicto = self.entrada.medida, self.veredicto
        testigos, omitidos = veredicto.testigos_presentados(corte)
        return {
            "id": medida.id,
            "estado": veredicto.estado,
            "valor": veredicto.valor,
            "umbral": {**veredicto.umbral.a_dict(), "segun": medida.segun, "porque": medida.porque},
            "sombra": None if self.sombra is None else self.sombra.a_dict(veredicto.estado, veredicto.valor, veredicto.testigos),
            "testigos": testigos,
            "testigos_omitidos": omitidos,
            "alcance": medida.alcance,
        }


@dataclass(frozen=True)
class Juicio:
    """The judgement of one evidence against the effective catalog of one project."""

    proyecto: str
    entrada_sha256: str
    ok: bool
    medidas: tuple[Juzgada, ...]
    no_aplicadas: tuple[dict[str, Any], ...]
    no_juzgaron: tuple[dict[str, str], ...]
    fallas_de_sombra: tuple[FallaDeSombra, ...]
    advertencias: tuple[str, ...]
    sombras_sin_juzgar: tuple[str, ...] = ()  # shadows of a partial run: neither slack nor stale can be known

    def a_dict(self) -> dict[str, Any]:
        """The `oracle.mcp/juzgar/v1` object (witnesses cut at five)."""
        return {
            "esquema": ESQUEMA,
            "oracle_version": VERSION,
            "proyecto": self.proyecto,
            "entrada_sha256": self.entrada_sha256,
            "ok": self.ok,
            "medidas": [j.a_dict() for j in self.medidas],
            "no_aplicadas": [{"id": n["id"], "faltan": list(n["faltan"])} for n in self.no_aplicadas],
            "no_juzgaron": [dict(n) for n in self.no_juzgaron],
            "advertencias": list(self.advertencias),
        }


def validar_ids(ids: object) -> tuple[str, ...]:
    """Check requested ids: a non-empty list of distinct well-formed ids (ARGUMENTOS_INVALIDOS)."""
    if not isinstance(ids, (list, tuple)) or not ids:
        raise argumentos_invalidos("$.ids", _mostrar(ids), FORMA_IDS, forma_en=FORMA_IDS_EN)
    vistos: set[str] = set()
    for indice, ident in enumerate(ids):
        if not es_id_de_medida(ident):
            raise argumentos_invalidos(f"$.ids[{indice}]", _mostrar(ident), f"un id de medida que cumpla {PATRON_ID}",
                                       forma_en=f"a measure id matching {PATRON_ID}")
        if ident in vistos:
            raise argumentos_invalidos(f"$.ids[{indice}]", _mostrar(ident), "ids distintos (este ya fue pedido)",
                                       forma_en="distinct ids (this one was already requested)")
        vistos.add(ident)
    return tuple(ids)


def _mostrar(valor: object) -> str:
    try:
        return json.dumps(valor, ensure_ascii=False)
    except (TypeError, ValueError):
        return repr(valor)


def _faltan(entrada: Entrada, evidencia: Mapping[str, Any]) -> tuple[str, ...]:
    return tuple(r for r in entrada.medida.requiere if r not in evidencia)


def _seleccion(
    catalogo: Catalogo, evidencia: Mapping[str, Any], ids: tuple[str, ...] | None
) -> tuple[list[Entrada], list[dict[str, Any]]]:
    if ids is None:
        aplicables, no_aplicadas = [], []
        for ident in catalogo:
            entrada = catalogo[ident]
            faltan = _faltan(entrada, evidencia)
            if faltan:
                no_aplicadas.append({"id": ident, "faltan": faltan})
            else:
                aplicables.append(entrada)
        return aplicables, no_aplicadas
    entradas = [catalogo.obtener(ident) for ident in sorted(ids)]
    for entrada in entradas:
        faltan = _faltan(entrada, evidencia)
        if faltan:
            raise medida_no_aplicable(entrada.medida.id, list(faltan))
    return entradas, []


def _evaluar(
    entrada: Entrada, evidencia: Mapping[str, Any], limites: LimitesAlgebra, catalogo: Catalogo
) -> Veredicto | str:
    try:
        return entrada.medida.evaluar(evidencia, limites=limites, escalares=catalogo.escalares, validada=True)
    except ErrorOracle as error:
        return error.linea()
    except Exception as error:  # an unclassified failure is reported, never turned into a verdict
        return evaluacion_fallo(type(error).__name__, str(error)).linea()


def juzgar(
    proyecto: Proyecto,
    evidencia: object,
    ids: Sequence[str] | None = None,
    *,
    limites: LimitesAlgebra | None = None,
    parcial: bool = False,
    analizadas: Collection[str] | None = None,
    sombras: Mapping[str, Sombra] | None = None,
) -> Juicio:
    """Judge evidence against the project's effective catalog (all applicable measures, or `ids`).

    `parcial`: the evidence covers part of the project (a run over some files), so a shadow's slack
    or staleness cannot be known: a lower count there is not a lower count of the project. Such
    shadows still forgive within their bound (a count over it in part is over it in the whole); they
    are named in `sombras_sin_juzgar` instead of failing. `analizadas`, with `parcial`: the tools the
    part covers, for which a scoped shadow's staleness is judged (its slack only when it covers all).
    `sombras`: judge with these shadows instead of the project's (a baseline tried before it is written)."""
    ev = validar_evidencia(evidencia)
    pedidos = None if ids is None else validar_ids(ids)
    catalogo = catalogo_efectivo(proyecto)
    sombras = proyecto.config.sombras if sombras is None else sombras
    verificar_sombras(str(proyecto.raiz), sombras, catalogo)
    entradas, no_aplicadas = _seleccion(catalogo, ev, pedidos)
    limites = limites or LimitesAlgebra()
    juzgadas: list[Juzgada] = []
    no_juzgaron: list[dict[str, str]] = []
    fallas: list[FallaDeSombra] = []
    sin_juzgar: list[str] = []
    advertencias: list[str] = []
    for entrada in entradas:
        resultado = _evaluar(entrada, ev, limites, catalogo)
        ident = entrada.medida.id
        if isinstance(resultado, str):
            no_juzgaron.append({"id": ident, "motivo": resultado})
            continue
        sombra = sombras.get(ident)
        juzgadas.append(Juzgada(entrada, resultado, sombra))
        advertencias.extend(f"«{ident}»: {a}" for a in resultado.advertencias)
        if sombra is None:
            continue
        vistas = (analizadas if analizadas is not None else ()) if parcial else None
        if not juzgable(sombra, vistas):
            sin_juzgar.append(ident)
        if vistas is None or sombra.herramientas is not None:
            fallas.extend(fallas_de(ident, sombra, resultado.estado, resultado.valor, resultado.testigos, vistas))
    if not entradas:
        advertencias.insert(0, SIN_MEDIDAS if len(catalogo) else CATALOGO_VACIO)
    advertencias.extend(f.mensaje for f in fallas)
    ok = bool(juzgadas) and all(j.satisfecha for j in juzgadas) and not no_juzgaron and not fallas
    huella = entrada_sha256(
        {
            "evidencia": normalizar_evidencia(ev),
            "ids": None if pedidos is None else sorted(pedidos),
            "medidas": {e.medida.id: e.medida.a_datos() for e in entradas},
            "sombras": {
                i: {"desde": s.desde, "porque": s.porque, "cota": s.cota}
                | ({} if s.herramientas is None else {"herramientas": list(s.herramientas)})
                for i, s in sorted(sombras.items())
                if any(e.medida.id == i for e in entradas)
            },
        }
    )
    return Juicio(
        proyecto=str(proyecto.raiz),
        entrada_sha256=huella,
        ok=ok,
        medidas=tuple(juzgadas),
        no_aplicadas=tuple(no_aplicadas),
        no_juzgaron=tuple(no_juzgaron),
        fallas_de_sombra=tuple(fallas),
        advertencias=tuple(advertencias),
        sombras_sin_juzgar=tuple(sin_juzgar),
    )
