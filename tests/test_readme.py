"""The README's first lines are the two commands, .ci/run runs the second, and the first one's
main job (checking the example server) prints exactly these findings."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from oracle_lint.linter.cli import main

RAIZ = Path(__file__).resolve().parents[1]


def _comandos() -> list[str]:
    lineas = RAIZ.joinpath("README.md").read_text(encoding="utf-8").splitlines()
    inicio = lineas.index("```sh")
    return lineas[inicio + 1 : inicio + 3]


def test_readme_opens_with_the_two_commands():
    assert RAIZ.joinpath("README.md").read_text(encoding="utf-8").splitlines()[:3] == ["# Oracle", "", "```sh"]
    instalar_y_correr, tests = _comandos()
    assert instalar_y_correr == (
        "python3 -m venv .venv && .venv/bin/pip install . && .venv/bin/oracle-lint check --project examples/servidor"
    )
    assert tests == "python3 -m venv .venv && .venv/bin/pip install -e '.[test]' && .venv/bin/python -m pytest"


def test_ci_runs_exactly_the_readme_test_command():
    ci = RAIZ.joinpath(".ci", "run").read_text(encoding="utf-8").splitlines()
    assert _comandos()[1] in ci


def test_the_example_server_shows_its_findings():
    r = CliRunner().invoke(main, ["check", "--project", str(RAIZ / "examples" / "servidor")])
    assert r.exit_code == 1
    assert r.output.splitlines() == [
        "inventario/servidor.py:30:1: ORC107 tool «reponer» declares `message` without `code` "
        'in the object at JSON pointer "" of its output schema: add a stable `code` beside it (or publish the fixed '
        "values of its outcome field), or drop the message (message-without-code)",
        "inventario/servidor.py:55:5: ORC101 tool «reponer» writes its root key by key but "
        "publishes it loose: make the output schema's root strict (additionalProperties: false) (own-root-not-strict)",
        "inventario/servidor.py:55:27: ORC116 tool «reponer» sets no readOnlyHint, so clients take it for a write, and it "
        "emits «sku» from the argument `sku`: if it only reads, annotate it readOnlyHint: true; if it writes, read the "
        "value back from the API's response or a re-fetch (echo-in-unannotated-tool)",
        "inventario/servidor.py:60:37: ORC111 `complete` asserted without evidence "
        "(por_construccion): omit it, or compute it from the API's meta or an exhausted pagination "
        "(complete-without-evidence)",
        "4 findings in 1 file (3 files, 3 tools analyzed); 1 of them publishes no output schema, so the output "
        "rules had nothing to judge there.",
    ]
