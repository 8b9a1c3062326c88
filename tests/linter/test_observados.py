"""`valor_emitido.observado`: an outcome word written where the call has just observed it (guardas)."""

from __future__ import annotations

from pathlib import Path

from oracle_lint.linter.extraccion import extraer
from oracle_lint.linter.extraccion.guardas import misma_palabra

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "linter"


def test_the_same_word_is_the_word_or_its_past_form():
    assert [misma_palabra("cancel", e) for e in ("cancel", "Canceled", "cancelled", "cancels", "cancellation")] == [
        True, True, True, False, False]
    assert [misma_palabra(c, e) for c, e in (("decline", "declined"), ("accept", "accepted"), ("stop", "stopped"),
                                              ("delete", "removed"), ("", "d"), ("ok!", "ok!d"))] == [
        True, True, True, False, False, False]


def test_a_literal_is_observed_only_under_an_equality_with_a_value_not_from_the_arguments():
    ev = extraer([FIXTURES / "ecos" / "observados_ecos.py"], FIXTURES)
    assert [(f["herramienta"], f["linea"], f["literal"], f["observado"]) for f in ev["valor_emitido"] if f["ruta"] == "status"] == [
        ("vaciar", 39, "cancelled", True),  # `respuesta.action == "cancel"`, the elicitation's answer
        ("vaciar", 41, "rejected", True),  # an elif's own test
        ("vaciar", 43, "deleted", False),
        ("vaciar_con_ayuda", 50, "cancelled", True),  # a helper's result, one operand of `and`
        ("vaciar_con_ayuda", 51, "removed", False),
        ("vaciar_en_linea", 59, "cancelled", True),  # the arm a conditional expression takes when equal
        ("vaciar_en_linea", 59, "deleted", False),
        ("borrar", 66, "deleted", False),  # compared with the tool's argument: the request's word
        ("borrar", 67, "kept", False),
        ("vaciar_otra_palabra", 74, "removed", False),  # another word
        ("vaciar_otra_palabra", 75, "kept", False),
        ("vaciar_si_no", 82, "cancelled", False),  # `!=`
        ("vaciar_si_no", 86, "stopped", False),  # the else side
        ("vaciar_si_no", 87, "kept", False),
        ("cancelar", 93, "cancelled", False),  # no test at all: a claimed outcome
        ("vaciar_sin_anotar", 100, "canceled", True),
        ("vaciar_sin_anotar", 101, "deleted", False),
        ("cancelar_en_modo", 109, "cancelled", False),  # the module-level `if` around its def is not the call's test
    ]
