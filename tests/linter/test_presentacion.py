"""What `check` prints and how it exits: codes and names, --select/--ignore, --quiet, --statistics,
--color, --exit-zero, the summary's files with findings, escaped control characters, JSON version."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from oracle_lint.linter.cli import main
from tests.linter.legado import proyecto


@pytest.fixture()
def legado(tmp_path, monkeypatch) -> Path:
    raiz = proyecto(tmp_path / "legado")
    (raiz / "limpio.py").write_text("x = 1\n", encoding="utf-8")
    (raiz / "pyproject.toml").write_text('[tool.oracle]\npaths = ["legado.py", "limpio.py"]\n', encoding="utf-8")
    monkeypatch.chdir(raiz)
    return raiz


def _check(*args: str) -> tuple[int, list[str]]:
    r = CliRunner().invoke(main, ["check", *args], catch_exceptions=False)
    return r.exit_code, r.output.splitlines()


def test_findings_show_code_message_and_name_and_the_summary_counts_files_with_findings(legado):
    codigo, lineas = _check()
    assert codigo == 1
    assert lineas[0] == ('legado.py:20:1: ORC107 tool «nota» declares `message` without `code` in the object at JSON '
                         'pointer "" of its output schema: add a stable `code` beside it (or publish the fixed values of its outcome field), or drop the message (message-without-code)')
    assert lineas[-1] == "6 findings in 1 file (2 files, 7 tools analyzed)."


@pytest.mark.parametrize(("args", "reglas"), [
    (("--select", "ORC101"), ["ORC101"]),
    (("--select", "own-root-not-strict,ORC107"), ["ORC107", "ORC101"]),
    (("--select", "contrato.raiz_propia_estricta", "--select", "opaque-root"), ["ORC101", "ORC104"]),
    (("--select", "ORC10", "--ignore", "ORC107", "--ignore", "contrato.claves_sin_publicar"),
     ["ORC101", "ORC102", "ORC104", "ORC109"]),
    (("--ignore", "contrato."), []),
])
def test_select_and_ignore_take_codes_names_ids_and_prefixes(legado, args, reglas):
    codigo, lineas = _check(*args)
    assert [linea.split(" ")[1] for linea in lineas[:-1]] == reglas
    assert codigo == (1 if reglas else 0)


def test_a_selector_that_names_nothing_is_a_usage_error(legado):
    r = CliRunner().invoke(main, ["check", "--ignore", "ORC1,nonexistent-rule"])
    assert r.exit_code == 2
    assert r.output == (
        "ARGUMENTOS_INVALIDOS — --ignore 'nonexistent-rule' names no rule of this project.\nfield: --ignore\n"
        "fix: use a code (ORC101), a name (own-root-not-strict), a measure id, or a prefix of a code or an id; "
        "`oracle-lint rules` lists them.\n"
    )


def test_quiet_statistics_and_exit_zero(legado):
    codigo, lineas = _check("--quiet", "--exit-zero")
    assert codigo == 0 and len(lineas) == 6 and all(" ORC1" in x for x in lineas)
    codigo, lineas = _check("--statistics", "--select", "ORC101,ORC104")
    assert lineas[-3:] == ["1  ORC101  own-root-not-strict", "1  ORC104  opaque-root",
                           "2 findings in 1 file (2 files, 7 tools analyzed)."]


def test_color_always_never(legado):
    r = CliRunner().invoke(main, ["check", "--color", "always", "--select", "ORC101"])
    assert r.output.splitlines()[0] == ("\x1b[1mlegado.py:32:5:\x1b[0m \x1b[31mORC101\x1b[0m tool «suelta» writes its "
                                        "root key by key but publishes it loose: make the output schema's root strict "
                                        "(additionalProperties: false) (own-root-not-strict)")
    r = CliRunner().invoke(main, ["check", "--color", "never", "--select", "ORC101"])
    assert "\x1b" not in r.output


def test_control_characters_in_a_tool_name_are_escaped(legado):
    fuente = legado / "legado.py"
    fuente.write_text(fuente.read_text(encoding="utf-8").replace(
        "@mcp.tool()\ndef suelta()", '@mcp.tool(name="su\\x1b[2Jelta")\ndef suelta()'), encoding="utf-8")
    codigo, lineas = _check("--select", "ORC101")
    assert lineas[0].startswith("legado.py:32:5: ORC101 tool «su\\x1b[2Jelta» writes its root")
    r = CliRunner().invoke(main, ["check", "--select", "ORC101", "--format", "github"])
    assert "\x1b" not in r.output and "\\x1b[2Jelta" in r.output


def test_the_json_format_has_a_version_codes_and_files_with_findings(legado):
    r = CliRunner().invoke(main, ["check", "--format", "json", "--select", "ORC104"])
    datos = json.loads(r.output)
    assert datos["version"] == 1
    assert datos["findings"] == [{
        "rule": "contrato.raiz_opaca_es_deuda", "tool": "opaca", "path": "legado.py", "line": 49, "column": 5,
        "message": "tool «opaca» builds its root so that its keys cannot be enumerated: return a dict literal, or list "
                   "it in opaque_root with an issue",
        "code": "ORC104", "name": "opaque-root",
    }]
    assert {k: datos["summary"][k] for k in ("findings", "files_with_findings", "files", "tools")} == {
        "findings": 1, "files_with_findings": 1, "files": 2, "tools": 7}


def test_rules_lists_codes_and_explains_a_rule_by_code_or_name(legado):
    r = CliRunner().invoke(main, ["rules"])
    assert ("ORC101  own-root-not-strict                   contrato.raiz_propia_estricta  [catalogo_base:oracle]  "
            "response contract §2.4, rule 1") in r.output.splitlines()
    por_codigo = CliRunner().invoke(main, ["rules", "ORC101"]).output
    assert por_codigo.splitlines()[0] == "ORC101 own-root-not-strict  (contrato.raiz_propia_estricta)  [catalogo_base:oracle]"
    assert CliRunner().invoke(main, ["rules", "own-root-not-strict"]).output == por_codigo
    assert CliRunner().invoke(main, ["rules", "contrato.raiz_propia_estricta"]).output == por_codigo


def test_every_shipped_rule_has_a_code_and_no_code_names_a_missing_rule():
    import glob
    import tomllib

    from oracle_lint.linter.codigos import de_oracle

    raiz = Path(__file__).resolve().parents[2] / "rules"
    ids = {m["id"] for f in [*glob.glob(str(raiz / "*.toml")), *glob.glob(str(raiz / "perfiles" / "*.toml"))]
           for m in tomllib.loads(Path(f).read_text(encoding="utf-8")).get("medida", [])}
    assert set(de_oracle()) == ids


@pytest.mark.parametrize(("texto", "motivo"), [
    ('[codigo]\n"a.b" = {codigo = "X1", nombre = "a"}\n', "the code 'X1' is not ORCnnn"),
    ('[codigo]\n"a.b" = {codigo = "ORC001", nombre = "Bad Name"}\n', "the name 'Bad Name' is not kebab-case"),
    ('[codigo]\n"a.b" = {codigo = "ORC001", nombre = "a"}\n"a.c" = {codigo = "ORC001", nombre = "c"}\n',
     "«ORC001» is used twice"),
    ('otra = 1\n', "it holds one table [codigo]"),
])
def test_a_malformed_codes_file_is_refused(tmp_path, texto, motivo):
    from oracle_lint.linter.codigos import leer
    from oracle_lint.nucleo.errores import ErrorOracle

    ruta = tmp_path / "oracle.toml"
    ruta.write_text(texto, encoding="utf-8")
    with pytest.raises(ErrorOracle) as error:
        leer(ruta)
    assert error.value.codigo == "CATALOGO_INVALIDO" and motivo in str(error.value.mensaje)
