"""The small courtesies a linter's user expects: a hint for a misspelled rule or key, --output-format
as ruff spells it, and a summary that says when output rules had nothing to judge."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from oracle_lint.linter.cli import main
from oracle_lint.nucleo.parecidos import mas_parecido

SIN_SALIDA = '''\
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("s")


@mcp.tool(structured_output=False)
def hola(nombre: str) -> str:
    return nombre
'''
CON_SALIDA = SIN_SALIDA + '''

@mcp.tool(annotations={"readOnlyHint": True})
def cuenta(n: int) -> int:
    return n + 1
'''


def proyecto(raiz: Path, fuente: str, config: str = 'paths = ["."]\n') -> Path:
    (raiz / "pyproject.toml").write_text(f"[tool.oracle]\n{config}", encoding="utf-8")
    (raiz / "srv.py").write_text(fuente, encoding="utf-8")
    return raiz


def test_the_closest_word_is_suggested_and_a_far_one_is_not():
    assert mas_parecido("own-rot-not-strict", ["own-root-not-strict", "undeclared-key"]) == "own-root-not-strict"
    assert mas_parecido("ORC1O1", ["ORC101", "ORC115", "ORC110"]) == "ORC101"
    assert mas_parecido("PATHS", ["paths", "exclude"]) == "paths"
    assert mas_parecido("zzz", ["paths", "exclude"]) is None


def test_a_misspelled_selector_gets_a_hint(tmp_path):
    raiz = proyecto(tmp_path, SIN_SALIDA)
    r = CliRunner().invoke(main, ["check", "--project", str(raiz), "--select", "own-rot-not-strict"])
    assert r.exit_code == 2
    assert r.stderr.splitlines()[0] == ("ARGUMENTOS_INVALIDOS — --select 'own-rot-not-strict' names no rule of this "
                                        "project. Did you mean 'own-root-not-strict'?")
    lejos = CliRunner().invoke(main, ["check", "--project", str(raiz), "--ignore", "qqqq"])
    assert lejos.stderr.splitlines()[0] == "ARGUMENTOS_INVALIDOS — --ignore 'qqqq' names no rule of this project."


def test_a_misspelled_configuration_key_gets_a_hint_in_english_only(tmp_path):
    raiz = proyecto(tmp_path, SIN_SALIDA, 'path = ["."]\n')
    r = CliRunner().invoke(main, ["check", "--project", str(raiz)])
    assert r.exit_code == 2
    assert r.stderr.splitlines()[0] == (f"PROYECTO_INVALIDO — {raiz}: pyproject.toml [tool.oracle]: unknown key «path» "
                                        "(did you mean «paths»?).")
    from oracle_lint.nucleo.errores import ErrorOracle
    from oracle_lint.nucleo.proyecto import Proyecto

    try:
        Proyecto(raiz).config
    except ErrorOracle as e:  # the MCP server's Spanish template is seed 001's, unchanged
        assert e.linea() == f"PROYECTO_INVALIDO — {raiz}: pyproject.toml [tool.oracle]: clave desconocida «path»."
    else:
        raise AssertionError("an unknown key must be refused")


def test_output_format_is_an_alias_of_format(tmp_path):
    raiz = proyecto(tmp_path, CON_SALIDA)
    largo = CliRunner().invoke(main, ["check", "--project", str(raiz), "--output-format", "json"])
    corto = CliRunner().invoke(main, ["check", "--project", str(raiz), "--format", "json"])
    assert largo.exit_code == corto.exit_code == 0
    assert json.loads(largo.stdout) == json.loads(corto.stdout)


def test_the_summary_says_when_tools_publish_no_output_schema(tmp_path):
    raiz = proyecto(tmp_path, CON_SALIDA)
    r = CliRunner().invoke(main, ["check", "--project", str(raiz)])
    assert (r.exit_code, r.stdout) == (0, "0 findings (1 file, 2 tools analyzed); 1 of them publishes no output schema, "
                                          "so the output rules had nothing to judge there.\n")
    datos = json.loads(CliRunner().invoke(main, ["check", "--project", str(raiz), "--format", "json"]).stdout)
    assert (datos["summary"]["tools"], datos["summary"]["tools_without_output_schema"]) == (2, 1)
    todas = proyecto(tmp_path, SIN_SALIDA)
    r = CliRunner().invoke(main, ["check", "--project", str(todas)])
    assert r.stdout == ("0 findings (1 file, 1 tool analyzed); no tool publishes an output schema, so the output rules "
                        "had nothing to judge.\n")
