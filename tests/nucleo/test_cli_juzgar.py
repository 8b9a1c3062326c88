"""`oracle juzgar` and `oracle medida listar` over examples/proyecto: exact output, exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from ayuda_proyectos import medida_toml, proyecto, rules_falsas  # noqa: F401 (fixture)
from oracle_lint.nucleo.cli.juzgar import juzgar
from oracle_lint.nucleo.cli.listar import listar

EJEMPLO = Path(__file__).resolve().parents[2] / "examples" / "proyecto"
EVIDENCIA = EJEMPLO / "evidencia"


def correr(comando, *args: str):
    return CliRunner().invoke(comando, list(args))


@pytest.fixture
def base_vacia(rules_falsas: Path) -> Path:
    """The example judged against an empty base catalog, so its output is exactly its own."""
    return rules_falsas


def _juzgar(nombre: str, *extra: str):
    return correr(juzgar, "--con", str(EVIDENCIA / f"{nombre}.json"), "--proyecto", str(EJEMPLO), *extra)


def test_verde_sale_con_0(base_vacia: Path) -> None:
    r = _juzgar("verde")
    assert r.exit_code == 0, r.output
    assert r.stdout == (
        f"project: {EJEMPLO}\n"
        "ejemplo.herramienta_documentada: verde — valor 0 (umbral == 0)\n"
        "ejemplo.salida_con_esquema: verde — valor 0 (umbral == 0)\n"
        "not applied:\n"
        "  ejemplo.raiz_estricta — missing: raiz\n"
        "result: ok\n"
    )


def test_rojo_sale_con_1_y_corta_testigos_en_cinco(base_vacia: Path) -> None:
    r = _juzgar("rojo")
    assert r.exit_code == 1, r.output
    fila = '  witness: {{"documentada": false, "esquema_salida": "literal", "herramienta": "{}"}}\n'
    assert r.stdout == (
        f"project: {EJEMPLO}\n"
        "ejemplo.herramienta_documentada: rojo — valor 6 (umbral == 0)\n"
        + "".join(fila.format(h) for h in ("borrar", "copiar", "crear", "listar", "mover"))
        + "  … and 1 more\n"
        "ejemplo.salida_con_esquema: rojo — valor 1 (umbral == 0)\n"
        '  witness: {"herramienta": "leer"}\n'
        "not applied:\n"
        "  ejemplo.raiz_estricta — missing: raiz\n"
        "result: not ok\n"
    )


def test_sin_evidencia_sale_con_1_nunca_verde(base_vacia: Path) -> None:
    r = _juzgar("sin_evidencia")
    assert r.exit_code == 1, r.output
    assert r.stdout == (
        f"project: {EJEMPLO}\n"
        "not applied:\n"
        "  ejemplo.herramienta_documentada — missing: herramienta\n"
        "  ejemplo.raiz_estricta — missing: raiz\n"
        "  ejemplo.salida_con_esquema — missing: herramienta\n"
        "warnings:\n"
        "  ninguna medida del catálogo efectivo aplica a esta evidencia: no se juzgó nada y eso no es un verde.\n"
        "result: not ok\n"
    )


def test_rojo_perdonado_sale_con_0(base_vacia: Path) -> None:
    r = _juzgar("perdonado")
    assert r.exit_code == 0, r.output
    assert r.stdout == (
        f"project: {EJEMPLO}\n"
        "ejemplo.herramienta_documentada: verde — valor 0 (umbral == 0)\n"
        "ejemplo.raiz_estricta: rojo — valor 2 (umbral == 0)\n"
        "  shadow: since 2026-09-01, bound 2, forgives: yes — buscar y leer publican raíces laxas desde antes "
        "de la regla; se corrigen en tareas/0002\n"
        '  witness: {"herramienta": "buscar"}\n'
        '  witness: {"herramienta": "leer"}\n'
        "ejemplo.salida_con_esquema: verde — valor 0 (umbral == 0)\n"
        "result: ok\n"
    )


def test_json_es_el_objeto_juzgar_v1(base_vacia: Path) -> None:
    r = _juzgar("perdonado", "--json")
    assert r.exit_code == 0
    datos = json.loads(r.stdout)
    assert datos["esquema"] == "oracle.mcp/juzgar/v1"
    assert datos["ok"] is True and datos["proyecto"] == str(EJEMPLO)
    assert [m["id"] for m in datos["medidas"]] == [
        "ejemplo.herramienta_documentada",
        "ejemplo.raiz_estricta",
        "ejemplo.salida_con_esquema",
    ]
    assert datos["medidas"][1]["sombra"]["perdona"] is True


def test_ids_repetible(base_vacia: Path) -> None:
    r = _juzgar("rojo", "--ids", "ejemplo.salida_con_esquema", "--json")
    assert r.exit_code == 1
    assert [m["id"] for m in json.loads(r.stdout)["medidas"]] == ["ejemplo.salida_con_esquema"]


def test_error_de_dominio_sale_con_2_y_linea_estable(base_vacia: Path) -> None:
    r = _juzgar("verde", "--ids", "ejemplo.raiz_estricta")
    assert r.exit_code == 2
    assert r.stdout == ""
    assert r.stderr.splitlines()[0] == (
        "MEDIDA_NO_APLICABLE — «ejemplo.raiz_estricta» requires the relations raiz, which the evidence does not have."
    )


def test_id_desconocido_sale_con_2(base_vacia: Path) -> None:
    r = _juzgar("verde", "--ids", "ejemplo.otra")
    assert r.exit_code == 2
    assert r.stderr.splitlines()[0].startswith("MEDIDA_DESCONOCIDA — «ejemplo.otra»")


def test_evidencia_ilegible_sale_con_2(base_vacia: Path, tmp_path: Path) -> None:
    mala = tmp_path / "mala.json"
    mala.write_text("{", encoding="utf-8")
    r = correr(juzgar, "--con", str(mala), "--proyecto", str(EJEMPLO))
    assert r.exit_code == 2
    assert r.stderr.startswith("EVIDENCIA_INVALIDA — $.evidencia: ")


def test_proyecto_invalido_sale_con_2(base_vacia: Path, tmp_path: Path) -> None:
    raiz = proyecto(tmp_path / "p", oracle="desconocida = 1\n")
    r = correr(juzgar, "--con", str(EVIDENCIA / "verde.json"), "--proyecto", str(raiz))
    assert r.exit_code == 2
    # the CLI presents the error in English; the MCP server gives the same code in seed 001's Spanish
    # (tests/server/test_arranque.py)
    assert r.stderr.splitlines() == [
        f"PROYECTO_INVALIDO — {raiz.resolve()}: pyproject.toml [tool.oracle]: unknown key «desconocida».",
        "field: proyecto",
        "fix: use only paths, exclude, perfiles, bibliotecas, probe, listas, medidas, corpus, diferencial, macros, sombras, presupuesto_tokens, venv.",
    ]


def test_el_proyecto_se_encuentra_subiendo_desde_cwd(base_vacia: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(EVIDENCIA)
    r = correr(juzgar, "--con", "verde.json")
    assert r.exit_code == 0
    assert r.stdout.splitlines()[0] == f"project: {EJEMPLO}"


def test_escalares_no_confiadas_sale_con_2_y_confiadas_juzga(base_vacia: Path, tmp_path: Path) -> None:
    texto = medida_toml("p.rara", testigos="herramienta | donde es_rara(herramienta) = verdadero")
    raiz = proyecto(tmp_path / "p", medidas={"a.toml": texto})
    (raiz / "escalares.py").write_text("def es_rara(x):\n    return x == 'rara'\n", encoding="utf-8")
    r = correr(juzgar, "--con", str(EVIDENCIA / "verde.json"), "--proyecto", str(raiz))
    assert r.exit_code == 2 and r.stderr.startswith("ESCALARES_NO_AUTORIZADAS — ")
    r = correr(juzgar, "--con", str(EVIDENCIA / "verde.json"), "--proyecto", str(raiz), "--confiar-escalares")
    assert r.exit_code == 0, r.output


def test_con_el_catalogo_base_real_los_codigos_de_salida_se_mantienen() -> None:
    """The README runs the example against the shipped rules: the four outcomes keep their exit codes."""
    esperados = {"verde": 0, "rojo": 1, "sin_evidencia": 1, "perdonado": 0}
    assert {n: _juzgar(n).exit_code for n in esperados} == esperados


# -- medida listar -----------------------------------------------------------------------------


def test_listar_el_ejemplo(base_vacia: Path) -> None:
    r = correr(listar, "--proyecto", str(EJEMPLO))
    assert r.exit_code == 0, r.output
    assert r.stdout == (
        f"project: {EJEMPLO}\n"
        "effective measures (3):\n"
        "  ejemplo.herramienta_documentada  proyecto  universal\n"
        "  ejemplo.raiz_estricta            proyecto  del_origen\n"
        "  ejemplo.salida_con_esquema       proyecto  universal\n"
        "loaded but excluded by ambito (0):\n"
        "  (none)\n"
    )


def test_listar_separa_las_excluidas(base_vacia: Path, tmp_path: Path) -> None:
    (base_vacia / "base.toml").write_text(
        medida_toml("base.ajena", ambito="del_origen") + medida_toml("base.comun"), encoding="utf-8"
    )
    raiz = proyecto(tmp_path / "p", medidas={"a.toml": medida_toml("p.uno", ambito=None)})
    r = correr(listar, "--proyecto", str(raiz), "--json")
    assert r.exit_code == 0, r.output
    datos = json.loads(r.stdout)
    assert datos["total"] == 2
    assert [(m["id"], m["origen"], m["ambito"]) for m in datos["efectivas"]] == [
        ("base.comun", "catalogo_base:oracle", "universal"),
        ("p.uno", "proyecto", "sin_declarar"),
    ]
    assert datos["efectivas"][1]["fuente"] == "medidas/a.toml"
    assert [(m["id"], m["ambito"]) for m in datos["excluidas"]] == [("base.ajena", "del_origen")]
    assert len(datos["huella_proyecto"]) == 64


def test_listar_con_error_sale_con_2(base_vacia: Path, tmp_path: Path) -> None:
    raiz = proyecto(tmp_path / "p", medidas={"a.toml": medida_toml("x.y"), "b.toml": medida_toml("x.y")})
    r = correr(listar, "--proyecto", str(raiz))
    assert r.exit_code == 2
    assert r.stderr.startswith("CATALOGO_INVALIDO — proyecto: the id «x.y»")
