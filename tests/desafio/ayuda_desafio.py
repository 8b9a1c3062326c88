"""Helpers for the challenge tests: measures, cases and small projects built in memory or on disk."""

from __future__ import annotations

import json
import shutil
import textwrap
from pathlib import Path
from typing import Any

import pytest

import oracle_lint.nucleo.catalogo

from oracle_lint import nucleo
from oracle_lint.nucleo.corpus import Caso
from oracle_lint.nucleo.medida import Medida, medida_de_texto

RAIZ_REPO = Path(__file__).resolve().parents[2]
META = RAIZ_REPO / "rules" / "meta.toml"


def medida_toml(
    ident: str = "p.uno",
    testigos: str = 'r | donde estado = "mal"',
    *,
    requiere: tuple[str, ...] = ("r",),
    valor: str = "cuenta",
    umbral: str = '{ operador = "==", valor = 0 }',
    tabla: bool = False,
) -> str:
    """The TOML text of one measure (top-level keys, or a `[[medida]]` table)."""
    cuerpo = "\n".join(
        [
            f'id = "{ident}"',
            'segun = "prueba"',
            'porque = "porque sí"',
            'alcance = "todo"',
            'ambito = "universal"',
            f"requiere = {json.dumps(list(requiere))}",
            f"testigos = {json.dumps(testigos)}",
            f'valor = "{valor}"',
            f"umbral = {umbral}",
            "",
        ]
    )
    return ("[[medida]]\n" + cuerpo) if tabla else cuerpo


def medida(*args: Any, **kwargs: Any) -> Medida:
    """A measure parsed from `medida_toml`."""
    return medida_de_texto(medida_toml(*args, **kwargs))


def caso(ident: str, espera: str, evidencia: dict, *, clase: str = "efimero", medida_id: str | None = None) -> Caso:
    """A case built in memory."""
    origen = "llamada" if clase == "efimero" else f"{clase}/{ident}.json"
    procedencia = None if clase == "efimero" else "escrito a mano para la prueba"
    return Caso(ident, espera, evidencia, origen, clase, medida_id, procedencia)


def filas(*estados: str) -> dict[str, list[dict[str, Any]]]:
    """Evidence with relation `r`, one row per state."""
    return {"r": [{"n": i, "estado": e} for i, e in enumerate(estados)]}


def escribir(ruta: Path, texto: str) -> Path:
    """Write `texto` (dedented) creating parent directories."""
    ruta.parent.mkdir(parents=True, exist_ok=True)
    ruta.write_text(textwrap.dedent(texto), encoding="utf-8")
    return ruta


def escribir_caso(raiz: Path, carpeta: str, nombre: str, datos: Any) -> Path:
    """Write one case file as JSON."""
    return escribir(raiz / carpeta / nombre, json.dumps(datos, ensure_ascii=False, indent=1))


def datos_caso(ident: str, medida_id: str, espera: str, evidencia: dict, **extra: Any) -> dict[str, Any]:
    """A project case object (add `vence=` for a differential)."""
    return {"id": ident, "medida": medida_id, "espera": espera, "evidencia": evidencia,
            "procedencia": "observado en la prueba", **extra}


def proyecto(raiz: Path, *, nombre: str = "demo", oracle: str = "", medidas: dict[str, str] | None = None) -> Path:
    """A project root with pyproject.toml ([project] name and [tool.oracle]) and measure files."""
    escribir(raiz / "pyproject.toml", f'[project]\nname = "{nombre}"\nversion = "0"\n\n[tool.oracle]\n{oracle}')
    for archivo, texto in (medidas or {}).items():
        escribir(raiz / "medidas" / archivo, texto)
    return raiz


@pytest.fixture
def rules_falsas(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A temporary base catalog holding only the real rules/meta.toml (the judge)."""
    rules = tmp_path / "_rules"
    (rules / "perfiles").mkdir(parents=True)
    shutil.copy(META, rules / "meta.toml")
    monkeypatch.setattr(nucleo.catalogo, "directorio_rules", lambda: rules)
    return rules
