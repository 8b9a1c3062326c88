"""`oracle-lint report`: the debt audit — every list entry and shadow with its current state.

States come from the core's verdicts, not from code here: an entry is `stale` when it is a
witness of `listas.entrada_obsoleta`, `no_issue` when it is a witness of
`listas.deuda_sin_issue`, and `violating` otherwise (it still exempts a real violation).
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from oracle_lint.linter.analisis import Corrida
from oracle_lint.linter.listas import LISTAS
from oracle_lint.nucleo.juicio import Juzgada

OBSOLETA = "listas.entrada_obsoleta"
SIN_ISSUE = "listas.deuda_sin_issue"


def _testigos(corrida: Corrida, ident: str) -> list[dict[str, Any]]:
    assert corrida.juicio is not None
    for j in corrida.juicio.medidas:
        if j.id == ident:
            return list(j.veredicto.testigos)
    return []


def _clave(fila: dict[str, Any]) -> tuple[str, str]:
    return (fila["lista"], fila["herramienta"])


def _estado_sombra(j: Juzgada | None, fallas: dict[str, str]) -> str:
    if j is None:
        return "not_applicable"
    if j.id in fallas:
        return "stale" if fallas[j.id] == "obsoleta" else "slack"
    if j.veredicto.estado == "rojo":
        return "forgiving" if j.perdonada else "over_bound"
    return j.veredicto.estado


def construir(corrida: Corrida) -> dict[str, Any]:
    """The audit as data: entries, shadows, totals per list, and whether anything must change."""
    assert corrida.juicio is not None
    obsoletas = {_clave(t) for t in _testigos(corrida, OBSOLETA)}
    sin_issue = {_clave(t) for t in _testigos(corrida, SIN_ISSUE)}
    entradas = []
    for fila in sorted(corrida.evidencia["lista"], key=lambda f: (f["lista"], f["herramienta"])):
        clave = _clave(fila)
        estados = ["stale"] if clave in obsoletas else ["violating"]
        if clave in sin_issue:
            estados.append("no_issue")
        entradas.append(
            {
                "list": fila["lista"],
                "tool": fila["herramienta"],
                "issue": fila["issue"],
                "why": fila["porque"],
                "path": fila["archivo"],
                "line": fila["linea"],
                "state": "+".join(estados),
            }
        )
    por_id = {j.id: j for j in corrida.juicio.medidas}
    fallas = {f.medida: f.clase for f in corrida.juicio.fallas_de_sombra}
    sombras = []
    for ident, sombra in sorted(corrida.proyecto.config.sombras.items()):
        j = por_id.get(ident)
        sombras.append(
            {
                "rule": ident,
                "since": sombra.desde,
                "why": sombra.porque,
                "bound": sombra.cota,
                "value": None if j is None else j.veredicto.valor,
                "state": _estado_sombra(j, fallas),
            }
        )
    totales = {}
    for lista in LISTAS:
        cuenta = Counter(e["state"].split("+")[0] for e in entradas if e["list"] == lista)
        totales[lista] = {"entries": sum(cuenta.values()), "violating": cuenta["violating"], "stale": cuenta["stale"]}
    debe_cambiar = any(e["state"] != "violating" for e in entradas) or any(
        s["state"] in ("stale", "slack", "over_bound") for s in sombras
    )
    return {"entries": entradas, "shadows": sombras, "totals": totales, "action_needed": debe_cambiar}


def como_texto(datos: dict[str, Any], markdown: bool = False) -> str:
    """Human audit, plain or as a Markdown document."""
    lineas: list[str] = []
    if markdown:
        lineas += ["# oracle-lint debt report", "", "## Lists", "", "| list | tool | issue | state | where |", "|---|---|---|---|---|"]
        for e in datos["entries"]:
            lineas.append(f"| {e['list']} | `{e['tool']}` | {e['issue'] or '—'} | {e['state']} | {e['path']}:{e['line']} |")
        lineas += ["", "| list | entries | violating | stale |", "|---|---:|---:|---:|"]
        for lista, t in datos["totals"].items():
            lineas.append(f"| {lista} | {t['entries']} | {t['violating']} | {t['stale']} |")
        lineas += ["", "## Shadows", "", "| rule | since | bound | value | state |", "|---|---|---:|---:|---|"]
        for s in datos["shadows"]:
            lineas.append(f"| `{s['rule']}` | {s['since']} | {s['bound'] if s['bound'] is not None else '—'} | {s['value'] if s['value'] is not None else '—'} | {s['state']} |")
        lineas += ["", f"Action needed: {'yes' if datos['action_needed'] else 'no'}."]
        return "\n".join(lineas) + "\n"
    lineas.append("Lists:")
    for e in datos["entries"]:
        lineas.append(f"  {e['path']}:{e['line']}: {e['list']} {e['tool']} [{e['state']}] issue={e['issue'] or '-'}")
    for lista, t in datos["totals"].items():
        lineas.append(f"  total {lista}: {t['entries']} entries, {t['violating']} violating, {t['stale']} stale")
    lineas.append("Shadows:")
    for s in datos["shadows"]:
        cota = s["bound"] if s["bound"] is not None else "-"
        lineas.append(f"  {s['rule']} since {s['since']}: bound {cota}, value {s['value']} [{s['state']}]")
    if not datos["shadows"]:
        lineas.append("  (none)")
    lineas.append(f"Action needed: {'yes' if datos['action_needed'] else 'no'}.")
    return "\n".join(lineas) + "\n"


def como_json(datos: dict[str, Any]) -> str:
    return json.dumps(datos, ensure_ascii=False, indent=2) + "\n"


def de_varios(partes: list[tuple[str, dict[str, Any]]]) -> dict[str, Any]:
    """The audit of a monorepo root: each project's (named by its path from the working directory),
    and whether anything must change in any of them."""
    return {"projects": [{"project": nombre, **datos} for nombre, datos in partes],
            "action_needed": any(datos["action_needed"] for _, datos in partes)}


def varios_como_texto(datos: dict[str, Any], markdown: bool = False) -> str:
    """A monorepo root's audit: each project's report under its name, then the verdict over all."""
    bloques = []
    for parte in datos["projects"]:
        texto = como_texto(parte, markdown)
        if markdown:
            bloques.append(texto.replace("# oracle-lint debt report", f"# oracle-lint debt report: {parte['project']}", 1))
        else:
            bloques.append(f"Project {parte['project']}:\n" + "".join(f"  {l}\n" for l in texto.splitlines()))
    deben = [p["project"] for p in datos["projects"] if p["action_needed"]]
    return "\n".join(bloques) + "\n" + \
        f"Action needed: {'yes (' + ', '.join(deben) + ')' if deben else 'no'}.\n"
