"""Output formats of `oracle-lint check`: text, json, github (workflow commands), sarif 2.1.0.

Each shows a rule by its code and English name when it has one (`rules/codigos/`), else by its
measure id. The JSON format carries `version` (docs/ci.md); SARIF results carry fingerprints that
survive line moves, so code scanning keeps a finding's history across edits.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from oracle_lint.linter.analisis import Hallazgo
from oracle_lint.linter.codigos import Codigo, campos, mostrar
from oracle_lint.nucleo.version import VERSION

FORMATOS = ("text", "json", "github", "sarif")
VERSION_JSON = 1  # the `version` of the JSON format; bumped when a key changes meaning or goes
CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
HUELLA = "oracleLint/v1"  # the partialFingerprints key


def seguro(texto: str) -> str:
    """Control characters (a terminal escape in a tool name, say) shown as `\\xNN`, never sent raw."""
    return CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", texto.replace("\n", "\\n").replace("\t", "\\t"))


def sin_salida(filas: Sequence[Mapping[str, Any]]) -> int:
    """How many `herramienta` rows publish no output schema: the output rules have nothing to judge there."""
    return sum(1 for f in filas if f.get("esquema_salida") == "ninguno")


def resumen(hallazgos: Sequence[Hallazgo], archivos: int, herramientas: int, perdonadas: Sequence[str],
            sombras_sin_juzgar: Sequence[str] = (), sin_esquema_de_salida: int = 0) -> dict[str, Any]:
    """Totals for the json summary and the text footer (`files_with_findings` beside `files` analyzed;
    `tools_without_output_schema`: tools the output rules had nothing to judge on)."""
    por_regla = Counter(h.rule for h in hallazgos)
    return {
        "findings": len(hallazgos),
        "files_with_findings": len({h.path for h in hallazgos}),
        "files": archivos,
        "tools": herramientas,
        "tools_without_output_schema": sin_esquema_de_salida,
        "rules": dict(sorted(por_regla.items())),
        "forgiven": sorted(perdonadas),
        "shadows_not_judged": sorted(sombras_sin_juzgar),
    }


def _plural(n: int, palabra: str) -> str:
    return f"{n} {palabra}{'' if n == 1 else 's'}"


def cola(datos: Mapping[str, Any]) -> str:
    """The summary line: findings, the files that have them, what was analyzed, shadows."""
    n, archivos, tools = datos["findings"], datos["files"], datos["tools"]
    analizado = f"{_plural(archivos, 'file')}, {_plural(tools, 'tool')} analyzed"
    linea = (f"{_plural(n, 'finding')} in {_plural(datos['files_with_findings'], 'file')} ({analizado})" if n
             else f"0 findings ({analizado})")
    linea += sin_salida_texto(datos.get("tools_without_output_schema", 0), tools)
    if datos["forgiven"]:
        linea += f"; shadowed (forgiven within bound): {', '.join(datos['forgiven'])}"
    if datos.get("shadows_not_judged"):
        linea += (f"; a run over some files does not judge the slack or staleness of the shadows of "
                  f"{', '.join(datos['shadows_not_judged'])} (the full run does)")
    return linea + "."


def sin_salida_texto(n: int, herramientas: int) -> str:
    """The summary clause for tools without an output schema ("" when every tool publishes one)."""
    if not n:
        return ""
    if n == herramientas:
        return "; no tool publishes an output schema, so the output rules had nothing to judge"
    return f"; {n} of them publish{'es' if n == 1 else ''} no output schema, so the output rules had nothing to judge there"


def linea(h: Hallazgo, codigos: Mapping[str, Codigo], pintar: Any = lambda s, _c: s) -> str:
    """`path:line:col: ORC105 message (undeclared-key)`, or `path:line:col: measure.id message`."""
    regla, nombre = mostrar(h.rule, codigos)
    return f"{pintar(seguro(f'{h.path}:{h.line}:{h.column}:'), '1')} {pintar(regla, '31')} {seguro(h.message)}{nombre}"


def estadisticas(hallazgos: Sequence[Hallazgo], codigos: Mapping[str, Codigo]) -> list[str]:
    """`--statistics`: one line per rule, most findings first: count, code, name (or id)."""
    cuenta = Counter(h.rule for h in hallazgos)
    filas = sorted(cuenta.items(), key=lambda par: (-par[1], codigos[par[0]].codigo if par[0] in codigos else par[0]))
    ancho = max((len(str(n)) for n in cuenta.values()), default=1)
    salida = []
    for regla, n in filas:
        c = codigos.get(regla)
        salida.append(f"{n:>{ancho}}  {c.codigo}  {c.nombre}" if c else f"{n:>{ancho}}  {regla}")
    return salida


def texto(hallazgos: Sequence[Hallazgo], datos: Mapping[str, Any], color: bool,
          codigos: Mapping[str, Codigo] | None = None, *, silencioso: bool = False,
          con_estadisticas: bool = False) -> str:
    """One finding per line, then (unless `silencioso`) the per-rule counts and one summary line."""
    codigos = codigos or {}

    def pintar(s: str, codigo: str) -> str:
        return f"\033[{codigo}m{s}\033[0m" if color else s

    lineas = [linea(h, codigos, pintar) for h in hallazgos]
    if con_estadisticas:
        lineas += estadisticas(hallazgos, codigos)
    if not silencioso:
        lineas.append(pintar(cola(datos), "32" if datos["findings"] == 0 else "33"))
    return "".join(f"{x}\n" for x in lineas)


def evidencia_json(evidencia: Mapping[str, Sequence[Any]]) -> str:
    """`oracle-lint evidence`'s document: the relations in order, one compact row per line.

    Rows are written by the C encoder, each on its line (greppable, diffable); `indent=2` ran the
    pure-Python encoder, 0.2 s of a 73-file server's run spent on printing."""
    partes = []
    for relacion in sorted(evidencia):
        filas = [json.dumps(f, ensure_ascii=False, sort_keys=True) for f in evidencia[relacion]]
        cuerpo = "[\n    " + ",\n    ".join(filas) + "\n  ]" if filas else "[]"
        partes.append(f"  {json.dumps(relacion, ensure_ascii=False)}: {cuerpo}")
    return "{\n" + ",\n".join(partes) + "\n}" if partes else "{}"


def _dict(h: Hallazgo, codigos: Mapping[str, Codigo]) -> dict[str, Any]:
    return {**h.a_dict(), **campos(h.rule, codigos)}


def como_json(hallazgos: Sequence[Hallazgo], datos: Mapping[str, Any], codigos: Mapping[str, Codigo] | None = None) -> str:
    """`{"version": 1, "oracle_lint": …, "findings": [...], "summary": {...}}` (docs/ci.md)."""
    codigos = codigos or {}
    documento = {"version": VERSION_JSON, "oracle_lint": VERSION,
                 "findings": [_dict(h, codigos) for h in hallazgos], "summary": dict(datos)}
    return json.dumps(documento, ensure_ascii=False, indent=2) + "\n"


def _escapar_github(s: str, propiedad: bool = False) -> str:
    s = s.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    if propiedad:
        s = s.replace(":", "%3A").replace(",", "%2C")
    return s


def github(hallazgos: Sequence[Hallazgo], codigos: Mapping[str, Codigo] | None = None) -> str:
    """GitHub Actions workflow commands: one `::error` annotation per finding, titled by code and name."""
    codigos = codigos or {}
    salida = []
    for h in hallazgos:
        c = codigos.get(h.rule)
        titulo = c.etiqueta() if c else h.rule
        salida.append(f"::error file={_escapar_github(h.path, True)},line={h.line},col={h.column},"
                      f"title={_escapar_github(titulo, True)}::{_escapar_github(seguro(h.message))}\n")
    return "".join(salida)


def huellas(hallazgos: Sequence[Hallazgo]) -> list[str]:
    """A fingerprint per finding that ignores its line: rule, file, tool and message (which names the
    key or JSON pointer), and the occurrence among identical ones."""
    vistas: Counter[str] = Counter()
    salida = []
    for h in hallazgos:
        base = hashlib.sha256("\0".join((h.rule, h.path, h.tool or "", h.message)).encode("utf-8")).hexdigest()[:32]
        salida.append(f"{base}:{vistas[base] + 1}")
        vistas[base] += 1
    return salida


def _ancla(ident: str) -> str:
    """The GitHub anchor of `## \\`contrato.x\\`` in docs/reglas.md."""
    return re.sub(r"[^a-z0-9_\- ]", "", ident.lower()).replace(" ", "-")


def _ayuda(regla: Mapping[str, Any]) -> str:
    partes = [regla["porque"], "", f"Source: {regla['segun']}.", "", f"Scope: {regla['alcance']}"]
    ejemplos = regla.get("ejemplos") or {}
    for clave, titulo in (("rojo", "Fails"), ("verde", "Passes")):
        if clave in ejemplos:
            partes += ["", f"**{titulo}:**", "", "```python", ejemplos[clave].rstrip("\n"), "```"]
    return "\n".join(partes)


def sarif(hallazgos: Sequence[Hallazgo], reglas: Mapping[str, Mapping[str, Any]],
          codigos: Mapping[str, Codigo] | None = None, *, raiz_uri: str | None = None,
          documentacion: str | None = None) -> str:
    """A SARIF 2.1.0 log with one run, the effective rules, and one result per finding.

    `raiz_uri`: the absolute file URI (ending in `/`) the result paths are relative to
    (`originalUriBaseIds.%SRCROOT%`); `documentacion`: where docs/reglas.md lives, for `helpUri`."""
    codigos = codigos or {}
    ids = sorted(reglas, key=lambda r: codigos[r].codigo if r in codigos else r)  # in the order of their SARIF ids
    indice = {r: i for i, r in enumerate(ids)}
    driver: dict[str, Any] = {"name": "oracle-lint", "version": VERSION, "semanticVersion": VERSION}
    if documentacion:
        driver["informationUri"] = documentacion.split("/blob/", 1)[0]  # the repository it was installed from
    reglas_sarif = []
    for r in ids:
        c = codigos.get(r)
        porque = reglas[r]["porque"]
        corta = porque.split(". ")[0].rstrip(".") + "."
        regla: dict[str, Any] = {
            "id": c.codigo if c else r,
            "name": c.nombre if c else r,
            "shortDescription": {"text": corta},
            "fullDescription": {"text": porque},
            "help": {"text": porque, "markdown": _ayuda(reglas[r])},
            "defaultConfiguration": {"level": "error"},
            "properties": {"rule": r, "code": c.codigo if c else None, "segun": reglas[r]["segun"], "tags": [r.split(".")[0]]},
        }
        if documentacion:
            regla["helpUri"] = f"{documentacion}#{_ancla(r)}"
        reglas_sarif.append(regla)
    driver["rules"] = reglas_sarif
    corrida: dict[str, Any] = {"tool": {"driver": driver}}
    if raiz_uri:
        corrida["originalUriBaseIds"] = {"%SRCROOT%": {"uri": raiz_uri}}
    corrida["results"] = [
        {
            "ruleId": codigos[h.rule].codigo if h.rule in codigos else h.rule,
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
            "partialFingerprints": {HUELLA: huella},
            "properties": {"rule": h.rule, **({"tool": h.tool} if h.tool else {})},
        }
        for h, huella in zip(hallazgos, huellas(hallazgos))
    ]
    documento = {"$schema": "https://json.schemastore.org/sarif-2.1.0.json", "version": "2.1.0", "runs": [corrida]}
    return json.dumps(documento, ensure_ascii=False, indent=2) + "\n"


def documentacion_instalada() -> str | None:
    """Where docs/reglas.md of this installation is published: on GitHub at the commit it was installed
    from (PEP 610 `direct_url.json`); None otherwise, and then no link is printed rather than a guessed
    one or a `file://` path that exists only on the machine that ran the check."""
    from importlib import metadata

    for distribucion in metadata.distributions(name="oracle-lint"):
        try:
            datos = json.loads(distribucion.read_text("direct_url.json") or "{}")
        except ValueError:
            continue
        url, vcs = str(datos.get("url", "")), datos.get("vcs_info") or {}
        if url.startswith("https://github.com/") and vcs.get("commit_id"):
            return f"{url.removesuffix('.git').rstrip('/')}/blob/{vcs['commit_id']}/docs/reglas.md"
    return None
