"""`oracle-lint baseline`: the debt of an existing server, planned so that `check` passes after it.

The plan is pure data computed from one whole run; which list exempts a finding is never decided
here: each candidate entry is tried against the catalog, and kept only when the rules say it
exempts a finding of its tool and is not stale. What no list exempts becomes a shadow scoped to
the tools that violate the rule, bounded by their count. `--update` only shrinks: it removes the
entries, scoped tools and shadows the rules call stale and lowers bounds with slack; it never adds.
Writing the plan (`escritura.py`) is the edge.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from oracle_lint.linter.analisis import Corrida, Hallazgo, hallazgos_de
from oracle_lint.linter.listas import LISTAS
from oracle_lint.nucleo.juicio import Juicio, juzgar
from oracle_lint.nucleo.proyecto import Proyecto
from oracle_lint.nucleo.sombras import HOLGURA, OBSOLETA, Sombra

PENDIENTE = "TODO"  # the placeholder issue of a new debt entry; listas.deuda_sin_issue reports it until filled
SIN_ISSUE = ("echoed_root",)  # a design decision, not debt: its entries carry no issue (listas.deuda_sin_issue)
OBSOLETA_ID = "listas.entrada_obsoleta"
SIN_ISSUE_ID = "listas.deuda_sin_issue"
PREFIJO_LISTAS = "listas."  # the lists' own rules: baseline fixes their entries, never shadows them


@dataclass(frozen=True, order=True)
class Entrada:
    """One list entry as baseline writes it."""

    lista: str
    herramienta: str
    porque: str
    issue: str | None


@dataclass(frozen=True)
class Plan:
    """Every list entry and shadow after the baseline, and the findings `check` will still report."""

    entradas: tuple[Entrada, ...]
    sombras: Mapping[str, Sombra]
    restantes: tuple[Hallazgo, ...]


def _clave(fila: Mapping[str, Any]) -> tuple[str, str]:
    return str(fila.get("lista")), str(fila.get("herramienta"))


def filas_de(proyecto: Proyecto, entradas: Iterable[Entrada]) -> list[dict[str, Any]]:
    """The `lista` relation of a whole run over these entries."""
    return [
        {
            "lista": e.lista,
            "herramienta": e.herramienta,
            "issue": e.issue,
            "porque": e.porque,
            "archivo": proyecto.presentar_ruta(proyecto.dir_listas / f"{e.lista}.toml"),
            "linea": 1,
            "columna": 1,
            "en_alcance": True,
        }
        for e in sorted(entradas)
    ]


def _juzgar(proyecto: Proyecto, evidencia: Mapping[str, Any], entradas: Iterable[Entrada],
            sombras: Mapping[str, Sombra]) -> Juicio:
    return juzgar(proyecto, {**evidencia, "lista": filas_de(proyecto, entradas)}, sombras=sombras)


def _testigos(juicio: Juicio, ident: str) -> list[Mapping[str, Any]]:
    return [t for j in juicio.medidas if j.id == ident and j.veredicto.estado == "rojo" for t in j.veredicto.testigos]


def _violaciones(juicio: Juicio) -> set[tuple[str, str]]:
    """(rule, tool) of every witness of a red rule of the contract (the lists' own rules aside)."""
    return {
        (j.id, t["herramienta"])
        for j in juicio.medidas
        if j.veredicto.estado == "rojo" and not j.id.startswith(PREFIJO_LISTAS)
        for t in j.veredicto.testigos
        if isinstance(t.get("herramienta"), str)
    }


def planear(proyecto: Proyecto, corrida: Corrida, *, actualizar: bool, issue: str | None, porque: str,
            hoy: str) -> Plan:
    """The baseline of a whole run: lists and shadows after it, and what `check` would say then."""
    if corrida.juicio is None or not corrida.completa:
        raise ValueError("a baseline is planned from a judged run over the whole project")
    actual = corrida.juicio
    entradas = {
        _clave(f): Entrada(f["lista"], f["herramienta"], f["porque"], f.get("issue"))
        for f in corrida.evidencia.get("lista", [])
    }
    for testigo in _testigos(actual, OBSOLETA_ID):
        entradas.pop(_clave(testigo), None)
    if issue:
        for testigo in _testigos(actual, SIN_ISSUE_ID):
            if _clave(testigo) in entradas:
                entradas[_clave(testigo)] = replace(entradas[_clave(testigo)], issue=issue)
    if actualizar:
        sombras = _encoger(proyecto.config.sombras, actual)
    else:
        entradas.update(_entradas_que_eximen(proyecto, corrida.evidencia, entradas, issue or PENDIENTE, porque))
        sombras = _sombras_para(proyecto, corrida.evidencia, entradas.values(), porque, hoy)
    final = _juzgar(proyecto, corrida.evidencia, entradas.values(), sombras)
    return Plan(tuple(sorted(entradas.values())), dict(sorted(sombras.items())), hallazgos_de(final, proyecto))


def _entradas_que_eximen(proyecto: Proyecto, evidencia: Mapping[str, Any], entradas: Mapping[tuple[str, str], Entrada],
                         issue: str, porque: str) -> dict[tuple[str, str], Entrada]:
    """For each list, an entry for every violating tool, kept only where the catalog says it exempts
    one of that tool's findings and is not stale (so the table of docs/listas.md is the rules', not ours)."""
    pendientes = _violaciones(_juzgar(proyecto, evidencia, entradas.values(), {}))
    herramientas = sorted({h for _, h in pendientes})
    nuevas: dict[tuple[str, str], Entrada] = {}
    for lista in LISTAS:
        candidatas = {
            (lista, h): Entrada(lista, h, porque, None if lista in SIN_ISSUE else issue)
            for h in herramientas
            if (lista, h) not in entradas
        }
        if not candidatas:
            continue
        prueba = _juzgar(proyecto, evidencia, [*entradas.values(), *candidatas.values()], {})
        obsoletas = {_clave(t) for t in _testigos(prueba, OBSOLETA_ID)}
        quedan = _violaciones(prueba)
        eximidas = {h for regla, h in pendientes - quedan}
        nuevas.update({c: e for c, e in candidatas.items() if c not in obsoletas and e.herramienta in eximidas})
    return nuevas


def _sombras_para(proyecto: Proyecto, evidencia: Mapping[str, Any], entradas: Iterable[Entrada], porque: str,
                  hoy: str) -> dict[str, Sombra]:
    """The shadows that forgive exactly what no list exempts: scoped to the violating tools and bounded
    by their count (unscoped, bounded by the rule's value, when a witness names no tool)."""
    juicio = _juzgar(proyecto, evidencia, entradas, {})
    previas = proyecto.config.sombras
    sombras: dict[str, Sombra] = {}
    for j in juicio.medidas:
        previa = previas.get(j.id)
        v = j.veredicto
        if j.id.startswith(PREFIJO_LISTAS):
            if previa is not None:
                sombras[j.id] = previa  # the lists' own rules are fixed in the lists, never shadowed anew
            continue
        if v.estado == "sin_evidencia" and previa is not None:
            sombras[j.id] = previa  # nothing could be looked at: the shadow is neither paid nor grown
            continue
        if v.estado != "rojo":
            continue
        desde, razon = (previa.desde, previa.porque) if previa is not None else (hoy, porque)
        nombres = [t.get("herramienta") for t in v.testigos]
        if previa is not None and previa.herramientas is None:
            sombras[j.id] = replace(previa, cota=None if previa.cota is None else _cuenta(v.valor))
        elif v.testigos and all(isinstance(n, str) for n in nombres):
            sombras[j.id] = Sombra(desde, razon, len(nombres), tuple(sorted(set(nombres))))  # type: ignore[arg-type]
        else:
            sombras[j.id] = Sombra(desde, razon, _cuenta(v.valor), None)
    for ident, previa in previas.items():
        if ident not in {j.id for j in juicio.medidas}:
            sombras[ident] = previa  # a rule that did not apply to this evidence keeps its shadow
    return sombras


def _cuenta(valor: Any) -> int:
    return int(valor) if isinstance(valor, (int, float)) and not isinstance(valor, bool) and valor >= 0 else 0


def _encoger(sombras: Mapping[str, Sombra], juicio: Juicio) -> dict[str, Sombra]:
    """Only what was paid: the tools and shadows the core calls stale go, bounds with slack are lowered."""
    resultado = dict(sombras)
    for falla in juicio.fallas_de_sombra:
        sombra = resultado.get(falla.medida)
        if sombra is None:
            continue
        if falla.clase == OBSOLETA and falla.herramienta is not None and sombra.herramientas is not None:
            quedan = tuple(h for h in sombra.herramientas if h != falla.herramienta)
            if quedan:
                resultado[falla.medida] = replace(sombra, herramientas=quedan)
            else:
                del resultado[falla.medida]
        elif falla.clase == OBSOLETA:
            del resultado[falla.medida]
        elif falla.clase == HOLGURA:
            resultado[falla.medida] = replace(sombra, cota=_cuenta(falla.valor))
    return resultado


def cambios(antes_entradas: Iterable[Entrada], antes_sombras: Mapping[str, Sombra], plan: Plan,
            lista_de: Mapping[str, str], config: str) -> list[str]:
    """One English line per change the plan makes (the entries' files and the configuration file)."""
    lineas: list[str] = []
    previas = {(e.lista, e.herramienta): e for e in antes_entradas}
    nuevas = {(e.lista, e.herramienta): e for e in plan.entradas}
    for clave in sorted(previas.keys() | nuevas.keys()):
        antes, despues = previas.get(clave), nuevas.get(clave)
        donde = lista_de[clave[0]]
        if antes is None and despues is not None:
            lineas.append(f"{donde}: + {clave[1]}" + (f" (issue {despues.issue})" if despues.issue else ""))
        elif despues is None:
            lineas.append(f"{donde}: - {clave[1]} (stale)")
        elif antes.issue != despues.issue:
            lineas.append(f"{donde}: {clave[1]}: issue {despues.issue}")
    for ident in sorted(antes_sombras.keys() | plan.sombras.keys()):
        antes_s, despues_s = antes_sombras.get(ident), plan.sombras.get(ident)
        if antes_s == despues_s:
            continue
        if despues_s is None:
            lineas.append(f"{config}: shadow {ident} removed (stale)")
        else:
            alcance = "all tools" if despues_s.herramientas is None else ", ".join(despues_s.herramientas)
            cota = "none" if despues_s.cota is None else str(despues_s.cota)
            verbo = "added" if antes_s is None else "changed"
            lineas.append(f"{config}: shadow {ident} {verbo}: bound {cota}, tools {alcance}")
    return lineas
