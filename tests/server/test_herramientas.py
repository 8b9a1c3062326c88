"""The table, the contract document, and the argument validator against jsonschema."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from oracle_lint.nucleo.errores import ErrorOracle
from oracle_lint.server import contrato
from oracle_lint.server.herramientas import HERRAMIENTAS, POR_NOMBRE, definiciones
from oracle_lint.server.validacion import palabras_desconocidas, validar
from tests.server.conversaciones import SEMILLA, herramientas_semilla

RAIZ = Path(__file__).resolve().parents[2]


def test_la_tabla_es_el_arreglo_de_la_semilla() -> None:
    assert definiciones() == herramientas_semilla()
    # Byte for byte as the seed prints it (key order included).
    assert json.dumps(definiciones(), ensure_ascii=False, indent=2) == SEMILLA.read_text(encoding="utf-8")


def test_la_semilla_copiada_es_la_del_texto_normativo() -> None:
    semilla = RAIZ.parent / "shared" / "seeds" / "001_f6f29d7d5f5e027a.txt"
    if not semilla.is_file():
        pytest.skip("the shared seeds are not beside this checkout")
    assert SEMILLA.read_text(encoding="utf-8") in semilla.read_text(encoding="utf-8")


def test_definiciones_no_comparten_estado() -> None:
    primera = definiciones()
    primera[0]["inputSchema"]["properties"].clear()
    assert definiciones() == herramientas_semilla()


def test_esquemas_validos_y_validador_completo() -> None:
    for h in HERRAMIENTAS:
        Draft202012Validator.check_schema(h.inputSchema)
        Draft202012Validator.check_schema(h.outputSchema)
        assert palabras_desconocidas(h.inputSchema) == set(), h.name
        assert palabras_desconocidas(h.outputSchema) == set(), h.name


def test_el_documento_esta_al_dia() -> None:
    assert contrato.main(["--check"]) == 0
    doc = (RAIZ / "docs" / "mcp-contrato.md").read_text(encoding="utf-8")
    assert contrato.bloque_del_documento(doc) == herramientas_semilla()


def test_check_falla_si_el_documento_difiere(tmp_path: Path) -> None:
    doc = (RAIZ / "docs" / "mcp-contrato.md").read_text(encoding="utf-8")
    copia = tmp_path / "mcp-contrato.md"
    copia.write_text(doc.replace('"oracle_juzgar"', '"oracle_juzgar_v2"', 1), encoding="utf-8")
    assert contrato.main(["--check", "--doc", str(copia)]) == 1
    assert contrato.main(["--doc", str(copia)]) == 0
    assert copia.read_text(encoding="utf-8") == doc
    sin_marcas = tmp_path / "sin.md"
    sin_marcas.write_text("# nada\n", encoding="utf-8")
    assert contrato.main(["--check", "--doc", str(sin_marcas)]) == 1


# -- the validator decides like jsonschema ------------------------------------------------------

IDS = st.sampled_from(["propio.regla", "a.b", "Mala.Id", "sin_punto", "a.b.c", ""])
ESCALARES = st.one_of(st.none(), st.booleans(), st.integers(-3, 3), st.sampled_from(["oracle", "listar", "x", "ABIERTA", "verde"]), IDS)
FILAS = st.dictionaries(st.sampled_from(["herramienta", "n"]), ESCALARES, max_size=2)
EVIDENCIA = st.dictionaries(st.sampled_from(["herramienta", "raiz"]), st.lists(FILAS, max_size=2), max_size=2)
CLAVES = st.sampled_from(
    ["ids", "medida", "evidencia", "id", "texto", "formato", "casos", "espera", "usar_evidencia_del_proyecto",
     "accion", "estado", "etiqueta", "git", "proyecto"]
)


def _valores(hijos: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.one_of(st.lists(hijos, max_size=3), st.dictionaries(CLAVES, hijos, max_size=3), EVIDENCIA)


VALORES = st.recursive(ESCALARES, _valores, max_leaves=8)
ARGUMENTOS = st.dictionaries(CLAVES, VALORES, max_size=4)


def _evidencia_valida_para_el_nucleo(error: ErrorOracle) -> bool:
    return error.codigo == "EVIDENCIA_INVALIDA"


@pytest.mark.parametrize("herramienta", HERRAMIENTAS, ids=[h.name for h in HERRAMIENTAS])
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(argumentos=ARGUMENTOS)
def test_validador_coincide_con_jsonschema(herramienta: Any, argumentos: dict[str, Any]) -> None:
    valido = Draft202012Validator(herramienta.inputSchema).is_valid(argumentos)
    try:
        validar(argumentos, herramienta.inputSchema)
    except ErrorOracle as error:
        assert error.codigo in ("ARGUMENTOS_INVALIDOS", "EVIDENCIA_INVALIDA"), error.texto()
        # The core is stricter than the schema only about evidence (relation names, scalar values).
        assert not valido or _evidencia_valida_para_el_nucleo(error), (argumentos, error.texto())
        assert error.linea().startswith(f"{error.codigo} — $")
    else:
        assert valido, argumentos


@pytest.mark.parametrize(
    ("argumentos", "linea"),
    [
        ({"ids": []}, "ARGUMENTOS_INVALIDOS — $.ids: []; se esperaba una lista no vacía sin repetidos cuyos elementos son "
                      "una cadena que cumpla ^[a-z][a-z0-9_]*(?:\\.[a-z][a-z0-9_]*)+$."),
        ({"id": ["a.b"]}, "ARGUMENTOS_INVALIDOS — $.id: [\"a.b\"]; se esperaba sólo las propiedades ids "
                          "(no se admiten propiedades de más)."),
        ({"ids": ["a.b", 3]}, "ARGUMENTOS_INVALIDOS — $.ids[1]: 3; se esperaba una cadena que cumpla "
                              "^[a-z][a-z0-9_]*(?:\\.[a-z][a-z0-9_]*)+$."),
    ],
)
def test_mensajes_del_catalogo(argumentos: dict[str, Any], linea: str) -> None:
    with pytest.raises(ErrorOracle) as error:
        validar(argumentos, HERRAMIENTAS[0].inputSchema)
    assert error.value.linea() == linea


def test_evidencia_de_un_caso_nombra_su_ruta() -> None:
    desafiar = HERRAMIENTAS[2]
    argumentos = {"medida": {"id": "a.b"}, "casos": [{"id": "c", "espera": "verde", "evidencia": {"r": [[1]]}}]}
    with pytest.raises(ErrorOracle) as error:
        validar(argumentos, desafiar.inputSchema)
    assert error.value.linea() == "EVIDENCIA_INVALIDA — $.casos[0].evidencia.r[0]: la fila es list; se esperaba un objeto."


def test_evidencia_con_un_sustituto_suelto_es_evidencia_invalida_no_un_fallo() -> None:
    # JSON may escape a lone surrogate ("\ud800"); decoded it is not Unicode text, and no hash can take it.
    from oracle_lint.nucleo.proyecto import Proyecto
    from oracle_lint.server.eras import ejecutar

    argumentos = json.loads('{"medida": {"id": "ejemplo.herramienta_documentada"}, '
                             '"evidencia": {"herramienta": [{"herramienta": "\\ud800", "documentada": false}]}}')
    raiz = Proyecto(Path(__file__).resolve().parents[2] / "examples" / "proyecto").raiz
    resultado = ejecutar(POR_NOMBRE["oracle_evaluar"], argumentos, raiz, False)
    assert resultado == {
        "content": [{"type": "text", "text": (
            "EVIDENCIA_INVALIDA — $.evidencia.herramienta[0]: la columna «herramienta» tiene un sustituto UTF-16 "
            "suelto; el texto no es Unicode válido.\ncampo: $.evidencia.herramienta[0]\ncorrección: cada relación es "
            "una lista de objetos cuyos valores son escalares (cadena, número, booleano o nulo).")}],
        "isError": True,
    }
