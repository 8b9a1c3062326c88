"""Every `ErrorOracle` reads in English on the CLIs (`texto("en")`) while its Spanish text, the MCP
server's, stays exactly seed 001's: each factory, a few real call sites, and the `oracle` CLI itself."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from oracle_lint.nucleo import errores as e
from oracle_lint.nucleo.cli import main
from oracle_lint.nucleo.config import config_de_datos
from oracle_lint.nucleo.corpus import caso_de_datos, caso_efimero, caso_invalido
from oracle_lint.nucleo.errores import ErrorOracle
from oracle_lint.nucleo.evidencia import validar_evidencia
from oracle_lint.nucleo.lenguaje import parsear, validar_forma
from oracle_lint.nucleo.medida import medida_de_texto, medidas_de_catalogo
from oracle_lint.nucleo.proyecto import Proyecto
from oracle_lint.nucleo.tareas.consultas import resolver, validar_estado
from oracle_lint.nucleo.tareas.lector import leer_tracker

# words of the Spanish templates that an English line never holds
MARCAS = (
    "usá", "quitá", "corregí", "escribí", "está", "debe", "falta", "no es", "se esperaba", "enviá", "consultá",
    "revisá", "aparece", "existe en", "ningún", "ninguna", "ninguno", "sólo", "pasá", "creá", "reintentá",
    "renombrá", "agregá", "reducí", "alargá", "listá", "repetí", "reponé", "arrancá", "autorizalo", "no se",
    "requiere", "del", "una", "el", "la", "los", "las", "que", "ya", "línea", "columna", "inválido", "inválida",
)
ESPANOL = re.compile(r"(?<!\w)(" + "|".join(re.escape(m) for m in MARCAS) + r")(?!\w)", re.IGNORECASE)


def espanol(texto: str) -> list[str]:
    """The Spanish marker words of `texto`, once quoted names («…», `…`) are set aside."""
    return ESPANOL.findall(re.sub(r"«[^»]*»|`[^`]*`", " ", texto))


# Each factory called with English for every free-text parameter it takes.
FABRICAS: dict[str, Callable[[], ErrorOracle]] = {
    "argumentos_invalidos": lambda: e.argumentos_invalidos("$.ids", "[]", "una lista no vacía", forma_en="a non-empty list"),
    "proyecto_invalido": lambda: e.proyecto_invalido("/p", "la raíz no es un directorio", "pasá un directorio.",
                                                     "the root is not a directory", "pass a directory."),
    "catalogo_invalido": lambda: e.catalogo_invalido("proyecto", "no se pudo leer m.toml", motivo_en="m.toml cannot be read"),
    "medida_desconocida": lambda: e.medida_desconocida("x.y"),
    "medida_no_efectiva": lambda: e.medida_no_efectiva("x.y", "biblioteca:b", "del_origen", "demo"),
    "medida_no_aplicable": lambda: e.medida_no_aplicable("x.y", ["raiz", "herramienta"]),
    "medida_invalida": lambda: e.medida_invalida("x.y", "«umbral.valor» debe ser un número", "el texto",
                                                 motivo_en="«umbral.valor» must be a number", donde_en="the text"),
    "evidencia_invalida": lambda: e.evidencia_invalida("r", 0, "una columna no tiene nombre de texto",
                                                       motivo_en="a column has no text name"),
    "evidencia_incompleta": lambda: e.evidencia_incompleta("falta la medida jueza", motivo_en="the judge measure is missing"),
    "caso_repetido": lambda: e.caso_repetido("v", "corpus/a.json", "corpus/b.json"),
    "escalares_no_autorizadas": lambda: e.escalares_no_autorizadas("/p/escalares.py"),
    "tracker_ausente": lambda: e.tracker_ausente("tareas/"),
    "tracker_invalido": lambda: e.tracker_invalido(1, "tareas/", ["tareas/x: no es un directorio"],
                                                   ofensores_en=["tareas/x: not a directory"]),
    "tarea_no_encontrada": lambda: e.tarea_no_encontrada("0042"),
    "id_ambiguo": lambda: e.id_ambiguo("00", ["0001", "0002"]),
    "limite_de_algebra": lambda: e.limite_de_algebra("filas_de_union", 11, 10),
    "proyecto_cambio": lambda: e.proyecto_cambio("aaa", "bbb"),
    "evaluacion_fallo": lambda: e.evaluacion_fallo("NameError", "la escalar «f» no existe",
                                                   mensaje_en="the scalar «f» does not exist"),
    "caso_invalido": lambda: caso_invalido("corpus/x.json", "no es UTF-8", motivo_en="not UTF-8"),
}


def test_every_factory_of_errores_is_covered() -> None:
    publicas = {n for n, f in vars(e).items() if callable(f) and not n.startswith("_")
                and getattr(f, "__module__", "") == e.__name__ and n != "ErrorOracle"}
    assert publicas <= set(FABRICAS)


@pytest.mark.parametrize("nombre", sorted(FABRICAS))
def test_each_factory_has_an_english_line_and_fix(nombre: str) -> None:
    error = FABRICAS[nombre]()
    assert error.mensaje_en and error.correccion_en
    ingles = error.texto("en")
    assert ingles != error.texto("es")
    assert not espanol(ingles), ingles
    assert ingles.splitlines()[0].startswith(f"{error.codigo} — ")
    assert "\nfix: " in ingles and "corrección" not in ingles


@pytest.mark.parametrize("nombre", ["proyecto_invalido", "catalogo_invalido", "medida_invalida", "evidencia_invalida",
                                    "evidencia_incompleta", "argumentos_invalidos", "evaluacion_fallo"])
def test_without_the_english_of_free_text_the_template_is_still_english(nombre: str) -> None:
    """A caller that gives no English (the server's own sites) gets its text quoted in an English sentence."""
    llamadas: dict[str, Callable[[], ErrorOracle]] = {
        "proyecto_invalido": lambda: e.proyecto_invalido("/p", "MOTIVO"),
        "catalogo_invalido": lambda: e.catalogo_invalido("f", "MOTIVO"),
        "medida_invalida": lambda: e.medida_invalida("x.y", "MOTIVO", "DONDE"),
        "evidencia_invalida": lambda: e.evidencia_invalida("r", None, "MOTIVO"),
        "evidencia_incompleta": lambda: e.evidencia_incompleta("MOTIVO"),
        "argumentos_invalidos": lambda: e.argumentos_invalidos("$.x", "1", "FORMA"),
        "evaluacion_fallo": lambda: e.evaluacion_fallo("TypeError", "MOTIVO"),
    }
    error = llamadas[nombre]()
    ingles = error.texto("en")
    assert "MOTIVO" in ingles or "FORMA" in ingles
    assert not espanol(ingles), ingles
    assert error.correccion_en and error.mensaje_en


def test_representative_english_texts_exactly() -> None:
    assert e.medida_desconocida("x.y").texto("en") == (
        "MEDIDA_DESCONOCIDA — «x.y» is not in the selected sources; run `oracle medida listar` to see the effective "
        "catalog.\nfield: id\nfix: use an id of the effective catalog (`oracle medida listar`)."
    )
    assert FABRICAS["argumentos_invalidos"]().texto("en") == (
        "ARGUMENTOS_INVALIDOS — $.ids: got []; expected a non-empty list.\nfield: $.ids\nfix: pass a non-empty list as $.ids."
    )
    assert FABRICAS["tracker_invalido"]().texto("en") == (
        "TRACKER_INVALIDO — 1 invalid record(s) found in tareas/:\n- tareas/x: not a directory\nfield: tareas\n"
        "fix: fix or remove each record listed."
    )
    assert FABRICAS["medida_invalida"]().linea("en") == (
        "MEDIDA_INVALIDA — x.y: «umbral.valor» must be a number in the text."
    )
    assert e.tracker_ausente("tareas/").texto("en") == (
        "TRACKER_AUSENTE — the project has no task tracker: tareas/ is missing.\nfield: tareas\n"
        "fix: create the tracker with `oracle tarea nueva`."
    )
    assert e.limite_de_algebra("filas_de_union", 11, 10).linea("en") == (
        "LIMITE_DE_ALGEBRA — filas_de_union: 11 was observed and the active limit is 10."
    )


def test_representative_spanish_texts_are_unchanged() -> None:
    """The MCP server's text, fixed by the spec: byte for byte what it was."""
    assert e.medida_desconocida("x.y").texto() == (
        "MEDIDA_DESCONOCIDA — «x.y» no aparece en las fuentes seleccionadas; consultá oracle_catalogo_efectivo sin ids."
        "\ncampo: id\ncorrección: usá un id del catálogo efectivo (`oracle medida listar`)."
    )
    assert FABRICAS["argumentos_invalidos"]().texto("es") == (
        "ARGUMENTOS_INVALIDOS — $.ids: []; se esperaba una lista no vacía.\ncampo: $.ids\n"
        "corrección: enviá una lista no vacía en $.ids."
    )
    assert FABRICAS["tracker_invalido"]().texto("es") == (
        "TRACKER_INVALIDO — se detectaron 1 registro(s) inválido(s) en tareas/:\n- tareas/x: no es un directorio\n"
        "campo: tareas\ncorrección: corregí o quitá cada registro listado."
    )
    assert FABRICAS["medida_invalida"]().linea() == "MEDIDA_INVALIDA — x.y: «umbral.valor» debe ser un número en el texto."
    assert e.tracker_ausente("tareas/").texto() == (
        "TRACKER_AUSENTE — el proyecto no tiene tracker de tareas: falta tareas/.\ncampo: tareas\n"
        "corrección: creá el tracker con `oracle tarea nueva`."
    )
    assert e.limite_de_algebra("filas_de_union", 11, 10).linea() == (
        "LIMITE_DE_ALGEBRA — filas_de_union: se observó 11 y el límite activo es 10."
    )
    assert str(e.tarea_no_encontrada("0042")) == "TAREA_NO_ENCONTRADA — no se encontró ninguna tarea con prefijo «0042»."


# -- real call sites: each raises an error whose English holds no Spanish -------------------------


def _catalogo_con_id_repetido() -> None:
    medidas_de_catalogo('[[medida]]\nid = "a.b"\nsegun = "s"\nporque = "p"\nalcance = "a"\ntestigos = "r"\n'
                        'umbral = { operador = "==", valor = 0 }\n' * 2, fuente="c.toml")


SITIOS: dict[str, Callable[[], object]] = {
    "sintaxis": lambda: parsear("r | donde a", quien="x.y"),
    "sintaxis en macro": lambda: parsear("m", macros={"m": "r | nada"}, quien="x.y"),
    "forma canónica": lambda: validar_forma({"op": "donde", "de": {"op": "relacion", "nombre": "r"}, "cond": 1}),
    "toml inválido": lambda: medida_de_texto("id = ", quien="m.toml"),
    "clave requerida": lambda: medida_de_texto('id = "a.b"'),
    "umbral": lambda: medida_de_texto('id = "a.b"\nsegun = "s"\nporque = "p"\nalcance = "a"\ntestigos = "r"\n'
                                      'umbral = { operador = "~", valor = 0 }'),
    "id repetido": _catalogo_con_id_repetido,
    "evidencia": lambda: validar_evidencia({"r": [{"a": float("nan")}]}),
    "evidencia no objeto": lambda: validar_evidencia([]),
    "caso": lambda: caso_de_datos({"id": "v"}, origen="corpus/v.json", clase="corpus"),
    "caso con evidencia mala": lambda: caso_de_datos(
        {"id": "v", "medida": "a.b", "espera": "verde", "evidencia": {"R": []}, "procedencia": "p"},
        origen="corpus/v.json", clase="corpus"),
    "caso efímero": lambda: caso_efimero({"id": "v", "espera": "azul", "evidencia": {}}, indice=0),
    "config": lambda: config_de_datos({"paths": []}, fuente="oracle.json", raiz="/p"),
    "estado": lambda: validar_estado("ABIERTO"),
    "resolver": lambda: resolver((), ""),
}


@pytest.mark.parametrize("sitio", sorted(SITIOS))
def test_call_sites_give_english(sitio: str) -> None:
    with pytest.raises(ErrorOracle) as info:
        SITIOS[sitio]()
    error = info.value
    assert error.mensaje_en and error.correccion_en
    assert not espanol(error.texto("en")), error.texto("en")


def test_a_syntax_error_in_english_and_in_spanish() -> None:
    with pytest.raises(ErrorOracle) as info:
        parsear("r | donde a", quien="x.y")
    assert info.value.linea("en") == (
        "MEDIDA_INVALIDA — x.y: expected a comparator (= != < <= > >=) or «en», found the end of the expression "
        "in testigos, line 1, column 12."
    )
    assert info.value.linea() == (
        "MEDIDA_INVALIDA — x.y: se esperaba un comparador (= != < <= > >=) o «en» y se encontró el fin de la "
        "expresión en testigos, línea 1, columna 12."
    )


def test_an_ephemeral_case_fault_in_english_and_in_spanish() -> None:
    with pytest.raises(ErrorOracle) as info:
        SITIOS["caso efímero"]()
    assert info.value.linea("en") == (
        'ARGUMENTOS_INVALIDOS — $.casos[0].espera: got "azul"; expected verde, rojo or sin_evidencia — a case '
        "{id, espera, evidencia}."
    )
    assert info.value.linea() == (
        'ARGUMENTOS_INVALIDOS — $.casos[0].espera: "azul"; se esperaba se esperaba verde, rojo o sin_evidencia — '
        "un caso {id, espera, evidencia}."
    )


def test_a_broken_tracker_lists_its_offenders_in_english(tmp_path: Path) -> None:
    (tmp_path / "oracle.json").write_text("{}", encoding="utf-8")
    tareas = tmp_path / "tareas"
    (tareas / "sub").mkdir(parents=True)
    (tareas / "0001-a.md").write_text("id: 0001\n", encoding="utf-8")
    with pytest.raises(ErrorOracle) as info:
        leer_tracker(Proyecto(tmp_path))
    assert info.value.texto("en").splitlines()[:3] == [
        "TRACKER_INVALIDO — 2 invalid record(s) found in tareas/:",
        "- tareas/0001-a.md: the header keys creada, estado, etiquetas, titulo are missing",
        "- tareas/sub: unexpected subdirectory; the tracker is flat",
    ]
    assert info.value.texto().splitlines()[:3] == [
        "TRACKER_INVALIDO — se detectaron 2 registro(s) inválido(s) en tareas/:",
        "- tareas/0001-a.md: faltan las claves de cabecera creada, estado, etiquetas, titulo",
        "- tareas/sub: subdirectorio inesperado; el tracker es plano",
    ]


# -- through the `oracle` CLI ------------------------------------------------------------------


def test_oracle_medida_probar_with_an_unknown_id_says_so_in_english(tmp_path: Path) -> None:
    (tmp_path / "oracle.json").write_text("{}", encoding="utf-8")
    evidencia = tmp_path / "ev.json"
    evidencia.write_text(json.dumps({"herramienta": []}), encoding="utf-8")
    r = CliRunner().invoke(main, ["medida", "probar", "nada.que_ver", "--con", str(evidencia), "--proyecto", str(tmp_path)])
    assert r.exit_code == 2
    assert r.stdout == ""
    assert r.stderr == (
        "MEDIDA_DESCONOCIDA — «nada.que_ver» is not in the selected sources; run `oracle medida listar` to see the "
        "effective catalog.\nfield: id\nfix: use an id of the effective catalog (`oracle medida listar`).\n"
    )


def test_oracle_tarea_without_a_tracker_says_so_in_english(tmp_path: Path) -> None:
    (tmp_path / "oracle.json").write_text("{}", encoding="utf-8")
    r = CliRunner().invoke(main, ["tarea", "listar", "--proyecto", str(tmp_path)])
    assert r.exit_code == 2
    assert r.stderr == (
        "TRACKER_AUSENTE — the project has no task tracker: tareas/ is missing.\nfield: tareas\n"
        "fix: create the tracker with `oracle tarea nueva`.\n"
    )
