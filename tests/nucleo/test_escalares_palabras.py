"""The word scalars (`ultima_palabra`, `penultima_palabra`): an identifier's words as snake_case,
camelCase, kebab-case and dotted paths spell them, so a rule can read `event_uid`, `eventUid` and
`args.event_uid` alike (issue 33: which argument names the resource)."""

from __future__ import annotations

import pytest

from oracle_lint.nucleo.errores import ErrorOracle
from oracle_lint.nucleo.escalares import BUILTINS, Escalares, palabras


@pytest.mark.parametrize("texto, esperadas", [
    ("event_uid", ["event", "uid"]),
    ("eventUid", ["event", "uid"]),
    ("args.new_name", ["args", "new", "name"]),
    ("params.newName", ["params", "new", "name"]),
    ("itemIDs", ["item", "ids"]),
    ("IDs", ["ids"]),
    ("roleARN", ["role", "arn"]),
    ("HTTPServer", ["http", "server"]),
    ("source-path", ["source", "path"]),
    ("v2_name", ["v", "2", "name"]),
    ("", []),
    ("__", []),
])
def test_words_of_an_identifier(texto, esperadas):
    assert palabras(texto) == esperadas


@pytest.mark.parametrize("texto, ultima, penultima", [
    ("user_google_email", "email", "google"),
    ("params.display_name", "name", "display"),
    ("name", "name", ""),
    ("", "", ""),
])
def test_last_and_second_to_last_word(texto, ultima, penultima):
    escalares = Escalares()
    assert escalares.llamar("ultima_palabra", [texto]) == ultima
    assert escalares.llamar("penultima_palabra", [texto]) == penultima


def test_a_word_scalar_of_a_non_string_fails_instead_of_answering():
    with pytest.raises(TypeError, match="ultima_palabra espera una cadena y recibió NoneType"):
        BUILTINS["ultima_palabra"](None)
    assert "ultima_palabra" in Escalares().disponibles() and "penultima_palabra" in Escalares().disponibles()


def test_unknown_scalar_is_still_an_evaluation_failure():
    with pytest.raises(ErrorOracle):
        Escalares().llamar("primera_palabra", ["x"])
