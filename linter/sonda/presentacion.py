"""Output of `oracle-lint probe`: text and json. A live tool has no file: each finding names the
server (its command or URL) where a static one names a path, and the tool."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from oracle_lint.linter.codigos import campos, de_oracle, mostrar
from oracle_lint.linter.formatos import VERSION_JSON, seguro, sin_salida, sin_salida_texto

from .corrida import Sondeo


def resumen(sondeo: Sondeo) -> dict[str, Any]:
    """Totals: findings per rule, tools listed, the server, and the rules not judged without the source."""
    return {
        "findings": len(sondeo.hallazgos),
        "tools": len(sondeo.evidencia["herramienta"]),
        "tools_without_output_schema": sin_salida(sondeo.evidencia["herramienta"]),
        "calls": len(sondeo.listado.resultados),
        "server": sondeo.servidor.origen(),
        "server_name": sondeo.listado.servidor,
        "protocol": sondeo.listado.protocolo,
        "rules": dict(sorted(Counter(h.rule for h in sondeo.hallazgos).items())),
        "forgiven": sorted(j.id for j in sondeo.juicio.medidas if j.perdonada),
        "not_judged": sondeo.no_juzgadas(),
    }


def texto(sondeo: Sondeo) -> str:
    """`server: ORC101 message (name)` per finding, a summary line, and the rules left to `check`."""
    datos = resumen(sondeo)
    codigos = de_oracle()
    lineas = []
    for h in sondeo.hallazgos:
        regla, nombre = mostrar(h.rule, codigos)
        lineas.append(f"{seguro(datos['server'])}: {regla} {seguro(h.message)}{nombre}")
    n, tools = datos["findings"], datos["tools"]
    cola = (f"{n} finding{'s' if n != 1 else ''} in {tools} tool{'s' if tools != 1 else ''} listed by "
            f"`{datos['server']}` (protocol {datos['protocol']})")
    cola += sin_salida_texto(datos["tools_without_output_schema"], tools)
    if datos["forgiven"]:
        cola += f"; shadowed (forgiven within bound): {', '.join(datos['forgiven'])}"
    lineas.append(cola + ".")
    codigo = [r["rule"] for r in datos["not_judged"] if r["needs_source"]]
    llamadas = [r["rule"] for r in datos["not_judged"] if r["needs_calls"]]
    otras = [f"{r['rule']} ({', '.join(r['needs'])})" for r in datos["not_judged"] if not r["needs_source"] and not r["needs_calls"]]
    if codigo:
        lineas.append("Not judged, they need the source (run `oracle-lint check --probe`): " + ", ".join(codigo) + ".")
    if llamadas:
        lineas.append("Not judged, they need sample calls (--calls FILE): " + ", ".join(llamadas) + ".")
    if otras:
        lineas.append("Not judged, no such evidence in this project: " + ", ".join(otras) + ".")
    return "\n".join(lineas) + "\n"


def como_json(sondeo: Sondeo) -> str:
    """`{"findings": [...], "summary": {...}}`: each finding names the server, and the file it is
    reported on (the configuration file for a tool, the calls file for a call)."""
    origen = sondeo.servidor.origen()
    codigos = de_oracle()
    hallazgos = [{"rule": h.rule, "tool": h.tool, "server": origen, "path": h.path, "line": h.line, "message": h.message,
                  **campos(h.rule, codigos)}
                 for h in sondeo.hallazgos]
    return json.dumps({"version": VERSION_JSON, "findings": hallazgos, "summary": resumen(sondeo)},
                      ensure_ascii=False, indent=2) + "\n"


def con_servidor(sondeo: Sondeo) -> list:
    """The findings with the server named in the message, for formats that show only path and message."""
    from dataclasses import replace

    return [replace(h, message=f"[{sondeo.servidor.origen()}] {h.message}") for h in sondeo.hallazgos]
