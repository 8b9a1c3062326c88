"""Output formats of `oracle-lint check`: text, json, github (workflow commands), sarif 2.1.0."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from linter.analisis import Hallazgo
from nucleo.version import VERSION

FORMATOS = ("text", "json", "github", "sarif")
URI_INFORMACION = "https://pypi.org/project/oracle-lint/"


def resumen(hallazgos: Sequence[Hallazgo], archivos: int, herramientas: int, perdonadas: Sequence[str],
            sombras_sin_juzgar: Sequence[str] = ()) -> dict[str, Any]:
    """Totals for the json summary and the text footer."""
    por_regla = Counter(h.rule for h in hallazgos)
    return {
        "findings": len(hallazgos),
        "files": archivos,
        "tools": herramientas,
        "rules": dict(sorted(por_regla.items())),
        "forgiven": sorted(perdonadas),
        "shadows_not_judged": sorted(sombras_sin_juzgar),
    }


def texto(hallazgos: Sequence[Hallazgo], datos: Mapping[str, Any], color: bool) -> str:
    """`path:line:col: rule-id message`, one per line, then one summary line."""

    def pintar(s: str, codigo: str) -> str:
        return f"\033[{codigo}m{s}\033[0m" if color else s

    lineas = [f"{pintar(f'{h.path}:{h.line}:{h.column}:', '1')} {pintar(h.rule, '31')} {h.message}" for h in hallazgos]
    n, archivos, tools = datos["findings"], datos["files"], datos["tools"]
    cola = f"{n} finding{'s' if n != 1 else ''} in {archivos} file{'s' if archivos != 1 else ''} ({tools} tool{'s' if tools != 1 else ''} analyzed)"
    if datos["forgiven"]:
        cola += f"; shadowed (forgiven within bound): {', '.join(datos['forgiven'])}"
    if datos.get("shadows_not_judged"):
        cola += (f"; a run over some files does not judge the slack or staleness of the shadows of "
                 f"{', '.join(datos['shadows_not_judged'])} (the full run does)")
    lineas.append(pintar(cola + ".", "32" if n == 0 else "33"))
    return "\n".join(lineas) + "\n"


def como_json(hallazgos: Sequence[Hallazgo], datos: Mapping[str, Any]) -> str:
    """`{"findings": [...], "summary": {...}}`."""
    return json.dumps({"findings": [h.a_dict() for h in hallazgos], "summary": dict(datos)}, ensure_ascii=False, indent=2) + "\n"


def _escapar_github(s: str, propiedad: bool = False) -> str:
    s = s.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    if propiedad:
        s = s.replace(":", "%3A").replace(",", "%2C")
    return s


def github(hallazgos: Sequence[Hallazgo]) -> str:
    """GitHub Actions workflow commands: one `::error` annotation per finding."""
    return "".join(
        f"::error file={_escapar_github(h.path, True)},line={h.line},col={h.column},"
        f"title={_escapar_github(h.rule, True)}::{_escapar_github(h.message)}\n"
        for h in hallazgos
    )


def sarif(hallazgos: Sequence[Hallazgo], reglas: Mapping[str, Mapping[str, str]]) -> str:
    """A SARIF 2.1.0 log with one run, the effective rules, and one result per finding."""
    ids = sorted(reglas)
    indice = {r: i for i, r in enumerate(ids)}
    documento = {
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "oracle-lint",
                        "version": VERSION,
                        "informationUri": URI_INFORMACION,
                        "rules": [
                            {
                                "id": r,
                                "shortDescription": {"text": reglas[r]["segun"]},
                                "fullDescription": {"text": reglas[r]["porque"]},
                                "help": {"text": reglas[r]["porque"]},
                                "defaultConfiguration": {"level": "error"},
                            }
                            for r in ids
                        ],
                    }
                },
                "results": [
                    {
                        "ruleId": h.rule,
                        **({"ruleIndex": indice[h.rule]} if h.rule in indice else {}),
                        "level": "error",
                        "message": {"text": h.message},
                        "locations": [
                            {
                                "physicalLocation": {
                                    "artifactLocation": {"uri": h.path, "uriBaseId": "%SRCROOT%"},
                                    "region": {"startLine": h.line, "startColumn": h.column},
                                }
                            }
                        ],
                    }
                    for h in hallazgos
                ],
            }
        ],
    }
    return json.dumps(documento, ensure_ascii=False, indent=2) + "\n"
