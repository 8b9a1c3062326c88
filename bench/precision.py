"""Precision of the contract rules on real code (issue 33): a seeded sample of findings, judged by hand.

Three steps, none run in CI (the corpus is fetched, never committed):

    .venv/bin/python bench/precision.py muestra --results RW.json --out DIR [--per-rule 25] [--seed 33]
    .venv/bin/python bench/precision.py seguimiento --sample DIR/muestra.json --results LATER_RW.json \
        --verdicts bench/precision_parts/veredictos.json --out DIR/seguimiento.json
    .venv/bin/python bench/precision.py informe --sample DIR/muestra.json \
        --verdicts bench/precision_parts/veredictos.json --markdown FILE

A quicker follow-up of a judged round, from the sides `bench/comparar_hallazgos.py` keeps (each folder's
`check` output of one installed executable), matched by rule code, file and line with the round's table in
docs/precision.md (its committed record): per rule, how many of the round's findings each side still
reports, by verdict, and the precision of those; then every sampled finding one side reports and the next
does not. Where a side reports fewer findings at a place than the first side, the difference was merged
into another finding there (`una_por_lugar`): the sampled findings judged a duplicate leave first.

    .venv/bin/python bench/precision.py cotejo --round muestra_d284d3d /tmp/cmp/antes /tmp/cmp/despues

`seguimiento` says what a later run (after fixes) reports of each sampled finding, so the same sample
is judged again: the verdicts of what did not change carry over, what changed is judged anew, what is
gone, or merged into one finding at the same place for another tool, leaves the count (docs/precision.md,
round `despues`).

`muestra` reads the `--json` of `bench/real_world.py` (every folder's `check` findings, paths
relative to the folder), keeps the findings of the contract rules (`contrato.*`: what a response
contract says; the analysis rules say what the analyzer could not read), and draws from each rule a
fixed sample: the findings sorted by their id, then `random.Random(seed).sample` of `--per-rule`
(all of them when fewer). A finding's id is a digest of where it is and what it says (repository,
commit, folder, file, line, column, rule, tool, message), so the same finding keeps its id from run to
run and a verdict stays attached to it. It writes `muestra.json` and `muestra.md`, each finding with
the code around it, for a person to judge with the rule's own documentation (`oracle-lint rules ID`)
as the standard.

`informe` joins the sample with the verdicts (`{id: {"veredicto": ..., "razon": ...}}`, one object
per round of judging: `antes`, then `despues` the fixes) and writes the tables of docs/precision.md.
A verdict is one of:
- `TP`: the maintainers would fix it: the response breaks the contract the rule states;
- `TP-letra`: the rule's letter holds, but the defect is not one a maintainer would act on (the
  reason says why); counted against precision;
- `FP`: the finding is wrong: the analyzer misread the code (the reason says what it misread);
- `duplicado`: the same defect as another finding (the reason names it); counted against precision.
Precision = TP / judged.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

VEREDICTOS = ("TP", "TP-letra", "FP", "duplicado")
# the ORC codes of the shipped rules, for rules the sample met under another name
CODIGOS = {i: c["codigo"] for i, c in tomllib.loads(
    (Path(__file__).resolve().parents[1] / "rules" / "codigos" / "oracle.toml").read_text(encoding="utf-8"))["codigo"].items()}


def ident(repo: str, commit: str, carpeta: str, hallazgo: dict[str, Any]) -> str:
    """A finding's stable id: a digest of where it is and what it says."""
    partes = [repo, commit, carpeta, hallazgo["path"], str(hallazgo["line"]), str(hallazgo["column"]),
              hallazgo["rule"], hallazgo.get("tool") or "", hallazgo["message"]]
    return hashlib.sha256("\x1f".join(partes).encode("utf-8")).hexdigest()[:12]


def contexto(proyecto: Path, ruta: str, linea: int, alrededor: int) -> list[list[Any]]:
    """The lines around `linea` of a file of the folder ([number, text]; empty when it cannot be read)."""
    try:
        lineas = (proyecto / ruta).read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return []
    inicio, fin = max(1, linea - alrededor), min(len(lineas), linea + alrededor)
    return [[n, lineas[n - 1]] for n in range(inicio, fin + 1)]


def hallazgos(resultados: dict[str, Any]) -> list[dict[str, Any]]:
    """Every contract finding of a real_world.py result, with its id and folder."""
    salida = []
    for fila in resultados["carpetas"]:
        commit = resultados["commits"].get(fila["repo"], {})
        for h in fila["analisis"].get("findings", []):
            if not h["rule"].startswith("contrato."):
                continue
            salida.append({"id": ident(commit.get("repo", fila["repo"]), commit.get("commit", ""), fila["carpeta"], h),
                           "repo": commit.get("repo", fila["repo"]), "commit": commit.get("commit", ""),
                           "mitad": fila["mitad"], "carpeta": fila["carpeta"], "proyecto": fila["proyecto"], **h})
    return salida


def muestra(todos: list[dict[str, Any]], por_regla: int, semilla: int) -> dict[str, list[dict[str, Any]]]:
    """The sample of each rule: its findings sorted by id, then a seeded draw (all when fewer)."""
    reglas: dict[str, list[dict[str, Any]]] = {}
    for h in sorted(todos, key=lambda h: h["id"]):
        reglas.setdefault(h["rule"], []).append(h)
    return {regla: (lista if len(lista) <= por_regla else sorted(random.Random(semilla).sample(lista, por_regla),
                                                                  key=lambda h: h["id"]))
            for regla, lista in sorted(reglas.items())}


def _markdown_muestra(elegidos: dict[str, list[dict[str, Any]]], totales: Counter) -> str:
    partes = ["# Precision sample (bench/precision.py muestra)\n"]
    for regla, lista in elegidos.items():
        partes.append(f"\n## {regla} ({lista[0]['code']} {lista[0]['name']}): {len(lista)} of {totales[regla]}\n")
        for h in lista:
            partes.append(f"\n### {h['id']} — {h['repo']} `{h['carpeta']}` {h['path']}:{h['line']}:{h['column']}\n\n"
                          f"tool `{h.get('tool')}`: {h['message']}\n\n```python\n")
            partes.extend(f"{'>' if n == h['line'] else ' '}{n:5d} {texto}\n" for n, texto in h["contexto"])
            partes.append("```\n")
    return "".join(partes)


def cmd_muestra(args: argparse.Namespace) -> None:
    resultados = json.loads(Path(args.results).read_text(encoding="utf-8"))
    todos = hallazgos(resultados)
    totales = Counter(h["rule"] for h in todos)
    elegidos = muestra(todos, args.per_rule, args.seed)
    for lista in elegidos.values():
        for h in lista:
            h["contexto"] = contexto(Path(h["proyecto"]), h["path"], h["line"], args.context)
    salida = Path(args.out)
    salida.mkdir(parents=True, exist_ok=True)
    datos = {"semilla": args.seed, "por_regla": args.per_rule, "analizador": resultados.get("analizador"),
             "totales": dict(sorted(totales.items())), "muestra": elegidos}
    (salida / "muestra.json").write_text(json.dumps(datos, indent=1, ensure_ascii=False), encoding="utf-8")
    (salida / "muestra.md").write_text(_markdown_muestra(elegidos, totales), encoding="utf-8")
    for regla, lista in elegidos.items():
        print(f"{regla:40s} {len(lista):4d} of {totales[regla]:5d}")


def tabla(elegidos: dict[str, list[dict[str, Any]]], veredictos: dict[str, dict[str, Any]]) -> tuple[str, list[str]]:
    """The per-rule table of one round of verdicts, and the findings still unjudged. A finding a later
    run no longer reports (`estado` `ya_no`) leaves the judged count; one now reported by a successor
    rule (`regla`) counts under that rule."""
    filas = ["| rule | code | sampled | no longer reported (or merged) | TP | TP-letra | FP | duplicado | precision |",
             "|---|---|---|---|---|---|---|---|---|"]
    faltan = []
    cuentas: dict[str, Counter] = {}
    codigos: dict[str, str] = {}
    for regla, lista in elegidos.items():
        for h in lista:
            v = veredictos.get(h["id"], {})
            actual = v.get("regla", regla)
            codigos.setdefault(regla, h["code"])
            codigos.setdefault(actual, CODIGOS.get(actual, ""))
            cuenta = cuentas.setdefault(actual, Counter())
            cuenta["muestra"] += 1
            if v.get("estado") in ("ya_no", "fusionado"):
                cuenta["ya_no"] += 1
            elif v.get("veredicto") in VEREDICTOS:
                cuenta[v["veredicto"]] += 1
            else:
                faltan.append(h["id"])
    for regla, cuenta in sorted(cuentas.items()):
        juzgados = sum(cuenta[v] for v in VEREDICTOS)
        precision = f"{100 * cuenta['TP'] / juzgados:.0f} %" if juzgados else "n/a"
        filas.append(f"| {regla} | {codigos.get(regla, '')} | {cuenta['muestra']} | {cuenta['ya_no']} | {cuenta['TP']} | "
                     f"{cuenta['TP-letra']} | {cuenta['FP']} | {cuenta['duplicado']} | {precision} |")
    return "\n".join(filas) + "\n", faltan


def cmd_informe(args: argparse.Namespace) -> None:
    datos = json.loads(Path(args.sample).read_text(encoding="utf-8"))
    rondas = json.loads(Path(args.verdicts).read_text(encoding="utf-8"))
    partes = []
    for ronda, veredictos in rondas.items():
        texto, faltan = tabla(datos["muestra"], veredictos)
        partes.append(f"### Round `{ronda}`\n\n{texto}")
        if faltan:
            partes.append(f"\nNot judged yet: {len(faltan)} ({', '.join(faltan[:10])}{'…' if len(faltan) > 10 else ''})\n")
        partes.append("\n| id | rule | repository | place | verdict | reason |\n|---|---|---|---|---|---|\n")
        for regla, lista in datos["muestra"].items():
            for h in lista:
                v = veredictos.get(h["id"], {})
                partes.append(f"| {h['id']} | {h['code']} | {h['repo']} | `{h['path']}:{h['line']}` | "
                              f"{v.get('veredicto', '—')} | {str(v.get('razon', '')).replace('|', '/')} |\n")
        partes.append("\n")
    Path(args.markdown).write_text("".join(partes), encoding="utf-8") if args.markdown else sys.stdout.write("".join(partes))


# A rule split in two keeps its findings under one of the two (`contrato.postcondicion_ecoada`: the tools
# annotated as writes; `contrato.postcondicion_sin_anotar`: the tools that set neither hint).
SUCESORAS = {"contrato.postcondicion_ecoada": ("contrato.postcondicion_ecoada", "contrato.postcondicion_sin_anotar")}


# A finding `check` presents once for several tools at one place (linter.analisis.una_por_lugar) ends so.
FUSION = re.compile(r" \(the same code, also for tools? ((?:«[^»]*»(?:, )?)+)\)$")


def por_herramienta(h: dict[str, Any]) -> list[dict[str, Any]]:
    """A later finding as the findings it stands for: itself (without the merge's clause) and, for each
    other tool it names, that tool's finding, marked `fusionado` (no longer a finding of its own)."""
    m = FUSION.search(h["message"])
    if not m:
        return [h]
    base = h["message"][:m.start()]
    otros = re.findall(r"«([^»]*)»", m.group(1))
    return [{**h, "message": base}] + [{**h, "tool": t, "message": base.replace(f"«{h['tool']}»", f"«{t}»", 1),
                                        "fusionado": True} for t in otros]


def seguimiento(elegidos: dict[str, list[dict[str, Any]]], resultados: dict[str, Any],
                antes: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """What became of each sampled finding in a later run: `sigue` (the same rule reports the same place and
    tool with the same message: its verdict carries over), `cambia` (still reported there, by the rule or
    its successor, with another message or rule: judge it again), `fusionado` (the same defect, now
    presented once under another of the tools it reaches: no longer a finding of its own), `ya_no` (no
    longer reported there)."""
    despues = [x for h in hallazgos(resultados) for x in por_herramienta(h)]
    por_lugar: dict[tuple, list[dict[str, Any]]] = {}
    for h in despues:
        por_lugar.setdefault((h["repo"], h["carpeta"], h["path"], h["line"], h.get("tool")), []).append(h)
    salida = {}
    for regla, lista in elegidos.items():
        for h in lista:
            candidatos = [n for n in por_lugar.get((h["repo"], h["carpeta"], h["path"], h["line"], h.get("tool")), [])
                          if n["rule"] in SUCESORAS.get(regla, (regla,))]
            igual = next((n for n in candidatos if n["rule"] == regla and n["message"] == h["message"]), None)
            if igual is not None and igual.get("fusionado"):
                salida[h["id"]] = {"estado": "fusionado", "regla": regla}
            elif igual is not None:
                salida[h["id"]] = {"estado": "sigue", "regla": regla, **antes.get(h["id"], {})}
            elif candidatos:
                # several findings at one place (one per key path): the one that names what this one named
                citado = set(re.findall(r"«([^»]*)»", h["message"]))
                mejor = max(candidatos, key=lambda n: len(citado & set(re.findall(r"«([^»]*)»", n["message"]))))
                salida[h["id"]] = {"estado": "cambia", "regla": mejor["rule"], "mensaje": mejor["message"]}
            else:
                salida[h["id"]] = {"estado": "ya_no", "regla": regla}
    return salida


def cmd_seguimiento(args: argparse.Namespace) -> None:
    datos = json.loads(Path(args.sample).read_text(encoding="utf-8"))
    resultados = json.loads(Path(args.results).read_text(encoding="utf-8"))
    rondas = json.loads(Path(args.verdicts).read_text(encoding="utf-8"))
    estado = seguimiento(datos["muestra"], resultados, rondas.get("antes", {}))
    Path(args.out).write_text(json.dumps(estado, indent=1, ensure_ascii=False, sort_keys=True), encoding="utf-8")
    print(dict(Counter(v["estado"] for v in estado.values())))


def filas_de_ronda(texto: str, ronda: str) -> list[tuple[str, str, str, int, str]]:
    """(id, rule code, path, line, verdict) of each finding of round `ronda`'s table in docs/precision.md."""
    lineas = texto.splitlines()
    inicio = next((i for i, l in enumerate(lineas) if l.startswith(f"### Round `{ronda}`")), None)
    if inicio is None:
        raise SystemExit(f"no round `{ronda}` in docs/precision.md")
    filas = []
    for linea in lineas[inicio + 1:]:
        if linea.startswith("### "):
            break
        m = re.match(r"\| ([0-9a-f]{12}) \| (ORC\d+) \| [^|]+ \| `([^`]+):(\d+)` \| ([\w-]+) \|", linea)
        if m:
            filas.append((m.group(1), m.group(2), m.group(3), int(m.group(4)), m.group(5)))
    return filas


def lugares(lado: Path) -> dict[tuple[str, int], list[str]]:
    """(code, line) -> paths of every finding in one side of bench/comparar_hallazgos.py (its runs read by
    `comparar_hallazgos.hallazgos`; a run that gave no JSON has none)."""
    from comparar_hallazgos import hallazgos as de_la_corrida

    salida: dict[tuple[str, int], list[str]] = {}
    for archivo in sorted(lado.glob("*.json")):
        for (codigo, _, ruta, linea, _), n in (de_la_corrida(archivo)[1] or {}).items():
            salida.setdefault((codigo, linea), []).extend([ruta] * n)
    return salida


def reportados(filas: list[tuple[str, str, str, int, str]], lado: dict[tuple[str, int], list[str]],
               referencia: dict[tuple[str, int], list[str]]) -> set[str]:
    """The ids of a round's findings a side still reports at their place (rule, file, line). Where the side
    reports fewer findings at a place than the `referencia` side (the first compared), the difference is
    findings merged into another there (`una_por_lugar`): the sampled ones judged a duplicate leave first."""
    def cuantos(de: dict[tuple[str, int], list[str]], codigo: str, linea: int, ruta: str) -> int:
        return sum(1 for p in de.get((codigo, linea), []) if p.endswith(ruta) or ruta.endswith(p))

    salida: set[str] = set()
    por_lugar: dict[tuple[str, int, str], list[tuple[str, str, str, int, str]]] = {}
    for fila in filas:
        por_lugar.setdefault((fila[1], fila[3], fila[2]), []).append(fila)
    for (codigo, linea, ruta), grupo in por_lugar.items():
        hay = cuantos(lado, codigo, linea, ruta)
        if not hay:
            continue
        fusionados = max(0, cuantos(referencia, codigo, linea, ruta) - hay)
        duplicados = [f for f in grupo if f[4] == "duplicado"]
        salida |= {f[0] for f in grupo if f[4] != "duplicado"} | {f[0] for f in duplicados[fusionados:]}
    return salida


def cmd_cotejo(args: argparse.Namespace) -> None:
    filas = filas_de_ronda((Path(__file__).resolve().parents[1] / "docs" / "precision.md").read_text(encoding="utf-8"),
                           args.round)
    vistos = [lugares(Path(d)) for d in args.sides]
    lados = [(Path(d).name, reportados(filas, v, vistos[0])) for d, v in zip(args.sides, vistos)]
    for nombre, siguen in lados:
        cuenta: dict[str, Counter] = {}
        for id_, codigo, _, _, veredicto in filas:
            cuenta.setdefault(codigo, Counter())[veredicto if id_ in siguen else "ya_no"] += 1
        for codigo, c in sorted(cuenta.items()):
            juzgados = sum(v for k, v in c.items() if k != "ya_no")
            precision = f"{100 * c['TP'] / juzgados:.0f} %" if juzgados else "-"
            print(f"{nombre} {codigo}: {juzgados} still reported of {sum(c.values())}, "
                  f"{', '.join(f'{k} {v}' for k, v in sorted(c.items()))}: precision {precision}")
    for (a, sa), (b, sb) in zip(lados, lados[1:]):
        for id_, codigo, ruta, linea, veredicto in filas:
            if (id_ in sa) != (id_ in sb):
                cambio = "no longer reported" if id_ in sa else "reported again"
                print(f"  {a} -> {b}: {id_} {codigo} {ruta}:{linea} ({veredicto}) {cambio}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="orden", required=True)
    m = sub.add_parser("muestra", help="draw the seeded sample of contract findings")
    m.add_argument("--results", required=True, help="the --json of bench/real_world.py")
    m.add_argument("--out", required=True, help="directory for muestra.json and muestra.md")
    m.add_argument("--per-rule", type=int, default=25)
    m.add_argument("--seed", type=int, default=33)
    m.add_argument("--context", type=int, default=12, help="lines of code shown each side of a finding")
    m.set_defaults(funcion=cmd_muestra)
    i = sub.add_parser("informe", help="the verdict tables of docs/precision.md")
    i.add_argument("--sample", required=True)
    i.add_argument("--verdicts", required=True)
    i.add_argument("--markdown", help="write here (default: stdout)")
    i.set_defaults(funcion=cmd_informe)
    g = sub.add_parser("seguimiento", help="what a later run reports of each sampled finding (to judge again)")
    g.add_argument("--sample", required=True)
    g.add_argument("--results", required=True, help="the --json of a later bench/real_world.py run")
    g.add_argument("--verdicts", required=True, help="the verdict rounds; `antes` carries over where nothing changed")
    g.add_argument("--out", required=True)
    g.set_defaults(funcion=cmd_seguimiento)
    c = sub.add_parser("cotejo", help="a judged round's findings each side of bench/comparar_hallazgos.py still reports")
    c.add_argument("--round", required=True, help="a round of docs/precision.md (`muestra_d284d3d`)")
    c.add_argument("sides", nargs="+", help="side directories of bench/comparar_hallazgos.py --out, in order")
    c.set_defaults(funcion=cmd_cotejo)
    args = parser.parse_args()
    args.funcion(args)


if __name__ == "__main__":
    main()
