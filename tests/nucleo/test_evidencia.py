"""Evidence validation: EVIDENCIA_INVALIDA names the exact place; valid evidence passes untouched."""

import pytest

from oracle_lint.nucleo.errores import ErrorOracle
from oracle_lint.nucleo.evidencia import normalizar_evidencia, validar_evidencia


def _primera_linea(ev: object) -> str:
    with pytest.raises(ErrorOracle) as info:
        validar_evidencia(ev)
    assert info.value.codigo == "EVIDENCIA_INVALIDA"
    return info.value.linea()


def test_valid_evidence_passes_unchanged():
    ev = {"raiz": [{"herramienta": "a", "n": 1, "x": 1.5, "ok": True, "nada": None}], "vacia": []}
    assert validar_evidencia(ev) == ev


@pytest.mark.parametrize(
    ("ev", "linea"),
    [
        ([], "EVIDENCIA_INVALIDA — $.evidencia: se recibió list; se esperaba un objeto relación -> lista de filas."),
        ({"raiz": {}}, "EVIDENCIA_INVALIDA — $.evidencia.raiz: se recibió dict; una relación es una lista de objetos."),
        ({"raiz": [1]}, "EVIDENCIA_INVALIDA — $.evidencia.raiz[0]: la fila es int; se esperaba un objeto."),
        (
            {"raiz": [{}, {"a": [1]}]},
            "EVIDENCIA_INVALIDA — $.evidencia.raiz[1]: la columna «a» tiene un valor list; "
            "sólo se admiten cadena, número, booleano o nulo.",
        ),
        ({"Raiz": []}, "EVIDENCIA_INVALIDA — $.evidencia.Raiz: el nombre de relación no cumple ^[a-z][a-z0-9_]*$."),
        ({"r": [{"a": float("nan")}]}, "EVIDENCIA_INVALIDA — $.evidencia.r[0]: la columna «a» tiene un número no finito."),
        (
            {"r": [{"a": "ñ"}, {"a": "x\ud800"}]},
            "EVIDENCIA_INVALIDA — $.evidencia.r[1]: la columna «a» tiene un sustituto UTF-16 suelto; "
            "el texto no es Unicode válido.",
        ),
        ({"r": [{"\udfff": 1}]}, "EVIDENCIA_INVALIDA — $.evidencia.r[0]: una columna no tiene nombre de texto."),
    ],
)
def test_invalid_evidence_names_the_place(ev, linea):
    assert _primera_linea(ev) == linea


def test_normalization_ignores_row_and_relation_order():
    a = {"b": [{"x": 2}, {"x": 1}], "a": [{"y": "z", "k": 1}]}
    b = {"a": [{"k": 1, "y": "z"}], "b": [{"x": 1}, {"x": 2}]}
    assert normalizar_evidencia(a) == normalizar_evidencia(b)
    assert list(normalizar_evidencia(a)) == ["a", "b"]
    assert normalizar_evidencia(a) != normalizar_evidencia({"a": [], "b": [{"x": 1}]})
