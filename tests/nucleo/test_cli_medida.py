"""`oracle medida probar --texto` evaluates in memory with the project's macros, as oracle_evaluar does."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from oracle_lint.nucleo.cli import main

EJEMPLO = Path(__file__).resolve().parents[2] / "examples" / "proyecto"
TEXTO = '''
id = "prueba.sin_esquema"
segun = "a test"
porque = "tools publish an output schema"
alcance = "every tool"
requiere = ["herramienta"]
testigos = "sin_esquema | proyectar herramienta"
umbral = { operador = "==", valor = 0 }
'''


def test_text_measure_uses_the_project_macros(tmp_path):
    medida = tmp_path / "m.toml"
    medida.write_text(TEXTO)
    r = CliRunner().invoke(
        main, ["medida", "probar", "--texto", str(medida), "--con", str(EJEMPLO / "evidencia" / "rojo.json"), "--proyecto", str(EJEMPLO)]
    )
    assert r.exit_code == 1, r.output
    assert r.output.splitlines() == [
        "prueba.sin_esquema: rojo (valor 1; umbral == 0)",
        '  witness: {"herramienta": "leer"}',
    ]


def test_without_the_macro_the_name_is_a_missing_relation_and_says_so(tmp_path):
    medida = tmp_path / "m.toml"
    medida.write_text(TEXTO)
    vacio = tmp_path / "vacio"
    vacio.mkdir()
    (vacio / "oracle.json").write_text("{}")
    r = CliRunner().invoke(
        main, ["medida", "probar", "--texto", str(medida), "--con", str(EJEMPLO / "evidencia" / "rojo.json"), "--proyecto", str(vacio)]
    )
    assert r.exit_code == 0, r.output
    assert r.output.splitlines() == [
        "prueba.sin_esquema: verde (valor 0; umbral == 0)",
        "  warning: la relación «sin_esquema» que consume la medida no está en requiere y falta en la evidencia: se evaluó como vacía",
    ]
