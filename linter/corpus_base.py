"""Derive the base catalog's corpus from the linter's code corpus; `--check` fails when stale.

One source of truth: the fixture servers in tests/fixtures/linter and the `# expect:` markers
beside their lines. For every rule of the shipped catalog that consumes the linter's facts, and
for every unit of the code corpus (a fixture file or a list file), this writes one case:
the evidence the analyzer extracts, restricted to that unit's tools and to the relations the
rule consumes, and the expectation read from the markers — `rojo` when a marked line of that
rule is among the unit's rows, `verde` otherwise. Each rule also gets one `sin_evidencia` case.
The expectation never comes from evaluating the rule: the markers are the independent oracle.

Cases go to `rules/corpus/<rule>/` (profiles: `rules/perfiles/corpus/<rule>/`): the publisher's
corpus, which makes the base rules `fijacion: evidencia` here and `heredada` for users.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from oracle_lint.linter.analisis import reunir_evidencia
from oracle_lint.linter.marcas import marcas
from oracle_lint.nucleo.catalogo import catalogo_efectivo, directorio_rules
from oracle_lint.nucleo.medida import Medida
from oracle_lint.nucleo.proyecto import Proyecto

RAIZ = Path(__file__).resolve().parents[1]
CORPUS_DE_CODIGO = RAIZ / "tests" / "fixtures" / "linter"
FUENTES = (
    (CORPUS_DE_CODIGO, "catalogo_base:oracle", ""),
    # whole-run facts (a server built, nothing registered) need projects of their own: a red one and its near miss
    (RAIZ / "tests" / "fixtures" / "sin_herramientas", "catalogo_base:oracle", "sin_herramientas__"),
    (RAIZ / "tests" / "fixtures" / "solo_prompts", "catalogo_base:oracle", "solo_prompts__"),
    (RAIZ / "tests" / "fixtures" / "perfiles" / "gemini", "perfil:gemini", ""),
    (RAIZ / "tests" / "fixtures" / "perfiles" / "sobre", "perfil:sobre", ""),
)
"""Each fixture project, the catalog source whose rules it exercises, and the prefix of its case names."""
DIRECTORIO = "corpus"

Evidencia = dict[str, list[dict[str, Any]]]


def _unidades(evidencia: Evidencia) -> list[str]:
    """Every file that some row points at: fixture sources and list files."""
    archivos = {f["archivo"] for filas in evidencia.values() for f in filas if isinstance(f.get("archivo"), str)}
    return sorted(a for a in archivos if not a.startswith("tareas/"))


def _herramientas_de(unidad: str, evidencia: Evidencia) -> set[str]:
    """Tools registered or listed in the unit, and those whose function returns there (a function
    of this file registered from another: its emission sites are judged with this file)."""
    definidas = {f["herramienta"] for f in evidencia.get("herramienta", []) if f["archivo"] == unidad}
    listadas = {f["herramienta"] for f in evidencia.get("lista", []) if f["archivo"] == unidad}
    emitidas = {f["herramienta"] for f in evidencia.get("raiz", []) if f["archivo"] == unidad}
    return definidas | listadas | emitidas


def evidencia_de_unidad(unidad: str, evidencia: Evidencia, relaciones: Iterable[str]) -> Evidencia:
    """Rows of `relaciones` that belong to the unit: its file's rows and its tools' rows."""
    herramientas = _herramientas_de(unidad, evidencia)
    salida: Evidencia = {}
    for relacion in sorted(relaciones):
        filas = evidencia.get(relacion, [])
        if relacion in ("tarea", "etiqueta", "nota"):
            salida[relacion] = list(filas)  # project-wide facts
            continue
        salida[relacion] = [
            f for f in filas if f.get("archivo") == unidad or f.get("herramienta") in herramientas
        ]
    return salida


def _espera(regla: str, evidencia: Evidencia, esperadas: set[tuple[str, int, str]]) -> str:
    lugares = {(f.get("archivo"), f.get("linea")) for filas in evidencia.values() for f in filas}
    return "rojo" if any(r == regla and (p, n) in lugares for p, n, r in esperadas) else "verde"


def _nombre(unidad: str, prefijo: str = "") -> str:
    return prefijo + unidad.replace("/", "__").rsplit(".", 1)[0]


def casos_de_regla(medida: Medida, evidencia: Evidencia, esperadas: set[tuple[str, int, str]],
                   raiz: Path = CORPUS_DE_CODIGO, prefijo: str = "") -> dict[str, dict[str, Any]]:
    """File name -> case, for one rule."""
    casos: dict[str, dict[str, Any]] = {}
    relaciones = medida.relaciones()
    lugar = raiz.relative_to(RAIZ).as_posix()
    for unidad in _unidades(evidencia):
        ev = evidencia_de_unidad(unidad, evidencia, relaciones)
        nombre = _nombre(unidad, prefijo)
        casos[f"{nombre}.json"] = {
            "id": f"{medida.id}/{nombre}",
            "medida": medida.id,
            "espera": _espera(medida.id, ev, esperadas),
            "evidencia": ev,
            "procedencia": f"derived by `python -m oracle_lint.linter.corpus_base` from {lugar}/{unidad}",
        }
    casos["sin_evidencia.json"] = {
        "id": f"{medida.id}/sin_evidencia",
        "medida": medida.id,
        "espera": "sin_evidencia",
        "evidencia": {},
        "procedencia": "derived by `python -m oracle_lint.linter.corpus_base`: no relation at all, so nothing can be looked at",
    }
    return casos


def _de_proyecto(raiz: Path, origen: str, prefijo: str = "") -> dict[Path, str]:
    """The derived cases of every rule of `origen` over the facts of one fixture project."""
    proyecto = Proyecto(raiz)
    evidencia = reunir_evidencia(proyecto, None, cache=False).evidencia
    esperadas = marcas(raiz)
    salida: dict[Path, str] = {}
    catalogo = catalogo_efectivo(proyecto)
    for ident in catalogo:
        entrada = catalogo[ident]
        if str(entrada.origen) != origen:
            continue
        if not set(entrada.medida.requiere) <= set(evidencia):
            continue  # not a rule over the linter's facts (the catalog's judge, for instance)
        destino = entrada.ruta.parent / DIRECTORIO / ident
        for nombre, caso in casos_de_regla(entrada.medida, evidencia, esperadas, raiz, prefijo).items():
            salida[destino / nombre] = json.dumps(caso, ensure_ascii=False, indent=1, sort_keys=True) + "\n"
    return salida


def generar() -> dict[Path, str]:
    """Path -> JSON text of every derived case (deterministic)."""
    rules = Path(str(directorio_rules()))
    salida: dict[Path, str] = {}
    for raiz, origen, prefijo in FUENTES:
        salida.update(_de_proyecto(raiz, origen, prefijo))
    assert all(rules in p.parents for p in salida)
    return salida


def _existentes(generados: Mapping[Path, str]) -> set[Path]:
    """Case files already in the directories this derivation owns (one per derived rule)."""
    directorios = {p.parent for p in generados}
    return {p for d in directorios if d.is_dir() for p in d.glob("*.json")}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail when rules/**/corpus differs from the derivation")
    args = parser.parse_args(argv)
    generados = generar()
    sobrantes = _existentes(generados) - set(generados)
    distintos = sorted(p for p, t in generados.items() if not p.exists() or p.read_text(encoding="utf-8") != t)
    if args.check:
        if distintos or sobrantes:
            for p in [*distintos, *sorted(sobrantes)]:
                print(f"stale: {p.relative_to(RAIZ)}", file=sys.stderr)
            print("the derived corpus is stale: run `python -m oracle_lint.linter.corpus_base`", file=sys.stderr)
            return 1
        print(f"derived corpus up to date ({len(generados)} cases)")
        return 0
    for p in sorted(sobrantes):
        p.unlink()
    for p in distintos:
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(generados[p], encoding="utf-8")
    print(f"wrote {len(distintos)} case(s), removed {len(sobrantes)}, {len(generados)} in all")
    return 0


if __name__ == "__main__":
    sys.exit(main())
