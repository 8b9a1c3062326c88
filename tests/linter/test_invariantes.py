"""The extractor's invariants that docs/mutantes_equivalentes.toml relies on, checked over the
whole code corpus: if one breaks, the listed mutants stop being equivalent."""

from __future__ import annotations

from pathlib import Path

from oracle_lint.linter.analisis import reunir_evidencia
from oracle_lint.nucleo.proyecto import Proyecto

CORPUS = Path(__file__).resolve().parents[1] / "fixtures" / "linter"


def test_only_objects_declare_message_and_only_unions_have_structured_branches():
    nodos = reunir_evidencia(Proyecto(CORPUS), None).evidencia["esquema_nodo"]
    assert {f["tipo"] for f in nodos} == {"objeto", "arreglo", "union"}
    assert {f["tipo"] for f in nodos if f["declara_message"]} == {"objeto"}
    assert {f["tipo"] for f in nodos if f["ramas_estructuradas"] > 0} == {"union"}
    assert all(f["ramas_estructuradas"] == 0 for f in nodos if f["tipo"] != "union")
    assert all(not f["declara_message"] and not f["declara_code"] for f in nodos if f["tipo"] != "objeto")
