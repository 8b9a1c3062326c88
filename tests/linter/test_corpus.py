"""The code corpus: `oracle-lint check` over tests/fixtures/linter must report exactly the
findings written beside the code (`# expect: rule-id` on the offending line, or a sidecar
`<file>.expect` with `line rule-id` rows for files that cannot be tokenized)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from oracle_lint.linter.cli import main
from oracle_lint.linter.corpus_base import FUENTES
from oracle_lint.linter.marcas import marcas

CORPUS = Path(__file__).resolve().parents[1] / "fixtures" / "linter"


def esperados() -> set[tuple[str, int, str]]:
    return marcas(CORPUS)


@pytest.fixture(scope="module")
def salida() -> dict:
    resultado = CliRunner().invoke(main, ["check", "--format", "json", "--project", str(CORPUS)])
    assert resultado.exit_code in (0, 1), resultado.output
    return json.loads(resultado.output)


def test_corpus_has_both_polarities_for_every_base_rule():
    from oracle_lint.nucleo.catalogo import catalogo_efectivo
    from oracle_lint.nucleo.proyecto import Proyecto

    from oracle_lint.linter.extraccion import RELACIONES

    producidas = set(RELACIONES) | {"lista", "tarea", "etiqueta", "nota"}
    # whole-run facts have fixture projects of their own (linter.corpus_base.FUENTES)
    reglas = {r for _, _, r in esperados()} | {r for raiz, origen, _ in FUENTES if origen == "catalogo_base:oracle"
                                               for _, _, r in marcas(raiz)}
    catalogo = catalogo_efectivo(Proyecto(CORPUS))
    base = {
        i
        for i, e in catalogo.items()
        if str(e.origen) == "catalogo_base:oracle" and set(e.medida.requiere) <= producidas
    }
    assert len(base) >= 15  # every lint rule of the base catalog is in scope here
    assert base <= reglas, f"rules never seen red in the corpus: {sorted(base - reglas)}"


def test_check_reports_exactly_the_expected_findings(salida):
    obtenidos = {(h["path"], h["line"], h["rule"]) for h in salida["findings"]}
    esperado = esperados()
    faltan = sorted(esperado - obtenidos)
    sobran = sorted(obtenidos - esperado)
    assert not faltan and not sobran, f"missing: {faltan}\nunexpected: {sobran}"
    assert salida["summary"]["findings"] == len(salida["findings"])


def test_every_finding_names_its_tool_when_it_has_one(salida):
    for h in salida["findings"]:
        if h["rule"].startswith("contrato.") and h["rule"] != "contrato.complete_sin_evidencia":
            assert h["tool"], h


GEMINI = CORPUS.parent / "perfiles" / "gemini"


def _hallazgos_de_perfil(proyecto):
    """(path, line, rule) of what `check` reports over a profile's corpus, which must be red (exit 1)."""
    r = CliRunner().invoke(main, ["check", "--format", "json", "--no-cache", "--project", str(proyecto)])
    assert r.exit_code == 1, r.output
    return {(h["path"], h["line"], h["rule"]) for h in json.loads(r.output)["findings"]}


def test_the_gemini_profile_corpus_reports_exactly_its_markers():
    obtenidos = _hallazgos_de_perfil(GEMINI)
    assert obtenidos == marcas(GEMINI)
    assert {regla for _, _, regla in obtenidos} == {"gemini.sin_uniones_en_entrada"}


SOBRE = CORPUS.parent / "perfiles" / "sobre"


def test_the_sobre_profile_corpus_reports_exactly_its_markers_in_every_style():
    obtenidos = _hallazgos_de_perfil(SOBRE)
    assert obtenidos == marcas(SOBRE)
    reglas_por_archivo = {}
    for archivo, _, regla in obtenidos:
        reglas_por_archivo.setdefault(archivo, set()).add(regla)
    todas = {"sobre.platform_obligatoria", "sobre.data_obligatoria", "sobre.ranura_objeto", "sobre.platform_identifica",
             "sobre.resource_con_type", "sobre.clave_ajena", "sobre.message_fuera_de_data", "sobre.control_opcional",
             "sobre.estado_de_dominio", "sobre.busqueda_sin_searched", "sobre.cara_ajena", "sobre.escritura_sin_postcondicion",
             "sobre.multiaccion_sin_ambas_caras"}
    # every rule red in every style, each style with a file of near misses that passes
    assert reglas_por_archivo == {"decorada.py": todas, "tabla.py": todas, "bajo_nivel.py": todas, "fastmcp_sobre.py": todas}


def test_the_arms_of_one_conditional_are_one_echo(salida):
    """`"ENABLED" if enabled else "DISABLED"` written at one place is one finding (the least literal
    named); the same literals returned at two places are two."""
    ecos = [(h["tool"], h["line"], h["message"].split(" from ")[1].split(":")[0]) for h in salida["findings"]
            if h["path"] == "ecos/ramas_ecos.py" and h["rule"] == "contrato.postcondicion_ecoada"]
    assert sorted(ecos) == [
        ("programar", 23, 'the string literal "DISABLED"'),
        ("reprogramar", 30, 'the string literal "ENABLED"'),
        ("reprogramar", 31, 'the string literal "DISABLED"'),
    ]
