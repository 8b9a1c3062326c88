"""The oracle-lint CLI: exit codes, the four formats, lists, shadows, report, rules, evidence."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from oracle_lint.linter.cli import main

SERVIDOR = '''\
"""A declarative tool table, the style of the bundled server."""

CUENTA = {
    "type": "object",
    "additionalProperties": False,
    "properties": {"total": {"type": "integer"}},
}
ABIERTO = {"type": "object", "properties": {"total": {"type": "integer"}}}


def contar(args):
    return {"total": 3, "pagina": 1}


def abrir(args):
    return {"total": 1}


def mutar(args):
    r = {}
    r["total"] = 2
    return r


HERRAMIENTAS = [
    {"name": "contar", "inputSchema": {"type": "object"}, "outputSchema": CUENTA, "handler": contar},
    {"name": "abrir", "inputSchema": {"type": "object"}, "outputSchema": ABIERTO, "handler": abrir},
    {"name": "mutar", "inputSchema": {"type": "object"}, "outputSchema": CUENTA, "handler": mutar},
]
'''

LIMPIO = '''\
CUENTA = {"type": "object", "additionalProperties": False, "properties": {"total": {"type": "integer"}}}


def contar(args):
    return {"total": 3}


HERRAMIENTAS = [{"name": "contar", "inputSchema": {"type": "object"}, "outputSchema": CUENTA, "handler": contar}]
'''


def proyecto(tmp_path: Path, servidor: str = SERVIDOR, config: str = "", listas: dict[str, str] | None = None) -> Path:
    tmp_path.mkdir(parents=True, exist_ok=True)
    (tmp_path / "pyproject.toml").write_text(f'[project]\nname = "demo"\n\n[tool.oracle]\npaths = ["srv"]\n{config}')
    (tmp_path / "srv").mkdir()
    (tmp_path / "srv" / "servidor.py").write_text(servidor)
    if listas:
        (tmp_path / "allowlists").mkdir()
        for nombre, texto in listas.items():
            (tmp_path / "allowlists" / f"{nombre}.toml").write_text(texto)
    return tmp_path


def correr(raiz: Path, *args: str, env: dict[str, str] | None = None):
    return CliRunner().invoke(main, [*args, "--project", str(raiz)], env=env)


ESPERADOS_TEXTO = [
    "srv/servidor.py:12:25: ORC105 tool «contar» emits key «pagina» that its outputSchema does not declare (undeclared-key)",
    "srv/servidor.py:16:5: ORC101 tool «abrir» writes its root key by key but publishes it loose: make the output schema's root strict (additionalProperties: false) (own-root-not-strict)",
    "srv/servidor.py:22:5: ORC104 tool «mutar» builds its root so that its keys cannot be enumerated: return a dict literal, or list it in opaque_root with an issue (opaque-root)",
]


def test_text_format_lists_findings_and_exits_1(tmp_path):
    r = correr(proyecto(tmp_path), "check")
    assert r.exit_code == 1, r.output
    lineas = r.output.splitlines()
    assert lineas[:-1] == ESPERADOS_TEXTO
    assert lineas[-1] == "3 findings in 1 file (1 file, 3 tools analyzed)."
    assert "\033[" not in r.output  # not a terminal: no color


def test_clean_project_exits_0(tmp_path):
    r = correr(proyecto(tmp_path, LIMPIO), "check")
    assert r.exit_code == 0, r.output
    assert r.output == "0 findings (1 file, 1 tool analyzed).\n"


def test_json_format(tmp_path):
    r = correr(proyecto(tmp_path), "check", "--format", "json")
    assert r.exit_code == 1
    datos = json.loads(r.output)
    assert datos["findings"][0] == {
        "rule": "contrato.clave_no_declarada",
        "tool": "contar",
        "path": "srv/servidor.py",
        "line": 12,
        "column": 25,
        "message": "tool «contar» emits key «pagina» that its outputSchema does not declare",
        "code": "ORC105",
        "name": "undeclared-key",
    }
    assert datos["summary"] == {
        "findings": 3,
        "files_with_findings": 1,
        "files": 1,
        "tools": 3,
        "tools_without_output_schema": 0,
        "rules": {"contrato.clave_no_declarada": 1, "contrato.raiz_opaca_es_deuda": 1, "contrato.raiz_propia_estricta": 1},
        "forgiven": [],
        "shadows_not_judged": [],
    }


def test_github_format(tmp_path):
    r = correr(proyecto(tmp_path), "check", "--format", "github")
    assert r.exit_code == 1
    assert r.output.splitlines()[0] == (
        "::error file=srv/servidor.py,line=12,col=25,title=ORC105 undeclared-key::"
        "tool «contar» emits key «pagina» that its outputSchema does not declare"
    )
    assert len(r.output.splitlines()) == 3


def test_sarif_format_is_2_1_0(tmp_path):
    r = correr(proyecto(tmp_path), "check", "--format", "sarif")
    assert r.exit_code == 1
    log = json.loads(r.output)
    assert log["version"] == "2.1.0"
    run = log["runs"][0]
    ids = [regla["id"] for regla in run["tool"]["driver"]["rules"]]
    assert "ORC105" in ids and ids == sorted(ids)  # codes, as ruff's rules have theirs
    primero = run["results"][0]
    assert (primero["ruleId"], primero["properties"]["rule"]) == ("ORC105", "contrato.clave_no_declarada")
    assert ids[primero["ruleIndex"]] == "ORC105"
    assert primero["locations"][0]["physicalLocation"]["region"] == {"startLine": 12, "startColumn": 25}
    assert primero["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "srv/servidor.py"


def test_lists_exempt_and_stale_entries_fail(tmp_path):
    listas = {
        "opaque_root": '[[entrada]]\nherramienta = "mutar"\nissue = "tareas/0001"\nporque = "built by a helper"\n',
        "underdeclared": (
            '[[entrada]]\nherramienta = "abrir"\nissue = "tareas/0002"\nporque = "declaring first"\n\n'
            '[[entrada]]\nherramienta = "contar"\nporque = "deciding which keys are contract"\n'
        ),
    }
    r = correr(proyecto(tmp_path, listas=listas), "check")
    assert r.exit_code == 1
    assert r.output.splitlines()[:-1] == [
        "allowlists/underdeclared.toml:1:1: ORC301 entry for «abrir» in the underdeclared list no longer describes a violation: delete it (stale-list-entry)",
        "allowlists/underdeclared.toml:6:1: ORC302 entry for «contar» in the underdeclared list has no issue (or the placeholder TODO): set `issue = \"...\"` to the task that pays this debt (debt-without-issue)",
    ]


def test_partial_run_does_not_call_unanalyzed_entries_stale(tmp_path):
    raiz = proyecto(tmp_path, LIMPIO, listas={"opaque_root": '[[entrada]]\nherramienta = "otra"\nissue = "t/1"\nporque = "p"\n'})
    (raiz / "srv" / "otro.py").write_text("X = 1\n")
    parcial = CliRunner().invoke(main, ["check", "--project", str(raiz), str(raiz / "srv" / "otro.py")])
    assert parcial.exit_code == 0, parcial.output
    completa = correr(raiz, "check")
    assert completa.exit_code == 1
    assert "ORC301 entry for «otra»" in completa.output


def test_malformed_list_is_a_config_error_not_an_empty_list(tmp_path):
    raiz = proyecto(tmp_path, listas={"opaque_root": '[[entrada]]\nherramienta = "b"\nporque = "p"\n[[entrada]]\nherramienta = "a"\nporque = "p"\n'})
    r = correr(raiz, "check")
    assert r.exit_code == 2
    assert r.output.splitlines()[0] == (
        "LISTA_INVALIDA — allowlists/opaque_root.toml: entries are not sorted by herramienta («a» after «b»)."
    )
    r = correr(proyecto(tmp_path / "x", listas={"mis_cosas": ""}), "check")
    assert r.exit_code == 2 and "unknown list «mis_cosas»" in r.output


def test_broken_configuration_exits_2(tmp_path):
    (tmp_path / "pyproject.toml").write_text("[tool.oracle]\npaths = 3\n")
    r = correr(tmp_path, "check")
    assert r.exit_code == 2
    assert r.output.startswith("PROYECTO_INVALIDO — ")


def test_missing_path_argument_exits_2(tmp_path):
    raiz = proyecto(tmp_path, LIMPIO)
    r = CliRunner().invoke(main, ["check", "--project", str(raiz), str(raiz / "nope.py")])
    assert r.exit_code == 2
    assert "nope.py: no such file or directory." in r.output


def test_syntax_error_is_a_finding_with_file_and_line(tmp_path):
    raiz = proyecto(tmp_path, LIMPIO)
    (raiz / "srv" / "roto.py").write_text("def f(:\n    pass\n")
    r = correr(raiz, "check", "--format", "json")
    assert r.exit_code == 1
    hallazgos = json.loads(r.output)["findings"]
    assert [(h["rule"], h["path"], h["line"]) for h in hallazgos] == [("analisis.no_resuelto", "srv/roto.py", 1)]


def test_shadow_forgives_within_bound_and_reports_slack(tmp_path):
    sombra = '\n[tool.oracle.sombras."contrato.raiz_propia_estricta"]\ndesde = "2026-11-30"\nporque = "legacy"\ncota = {}\n'
    dentro = correr(proyecto(tmp_path / "a", config=sombra.format(1)), "check")
    assert "contrato.raiz_propia_estricta" not in dentro.output.splitlines()[0]
    assert dentro.output.splitlines()[-1] == (
        "2 findings in 1 file (1 file, 3 tools analyzed); shadowed (forgiven within bound): contrato.raiz_propia_estricta."
    )
    holgura = correr(proyecto(tmp_path / "b", config=sombra.format(2)), "check")
    assert (
        "pyproject.toml:1:1: ORC101 the bound of the shadow of «contrato.raiz_propia_estricta» has "
        "slack: the rule counts 1, below the bound 2; lower cota to 1 (own-root-not-strict)" in holgura.output.splitlines()
    )


def test_a_stale_shadow_is_reported_in_english_by_the_full_run(tmp_path):
    sombra = '\n[tool.oracle.sombras."contrato.orden_del_spread"]\ndesde = "2026-11-30"\nporque = "legacy"\n'
    r = correr(proyecto(tmp_path, config=sombra), "check")
    assert ('pyproject.toml:1:1: ORC110 the shadow of «contrato.orden_del_spread» is stale: the rule '
            'passes; remove [tool.oracle.sombras."contrato.orden_del_spread"] (spread-after-own-keys)') in r.output.splitlines()


def test_a_partial_run_does_not_judge_slack_or_staleness_of_shadows(tmp_path):
    """A commit touching one file must not be told to lower a bound the whole project needs."""
    sombra = ('\n[tool.oracle.sombras."contrato.raiz_propia_estricta"]\ndesde = "2026-11-30"\nporque = "legacy"\ncota = 1\n'
              '\n[tool.oracle.sombras."contrato.orden_del_spread"]\ndesde = "2026-11-30"\nporque = "legacy"\n')
    raiz = proyecto(tmp_path, config=sombra)
    (raiz / "srv" / "otro.py").write_text("VALOR = 1\n", encoding="utf-8")
    r = correr(raiz, "check", str(raiz / "srv" / "otro.py"))
    assert (r.exit_code, r.output) == (0, (
        "0 findings (1 file, 0 tools analyzed); a run over some files does not judge the slack or staleness of the "
        "shadows of contrato.orden_del_spread, contrato.raiz_propia_estricta (the full run does).\n"))


def test_this_repository_checked_over_one_file_passes():
    raiz = Path(__file__).resolve().parents[2]
    r = correr(raiz, "check", str(raiz / "linter" / "cli.py"))
    assert r.exit_code == 0, r.output


def test_report_states(tmp_path):
    listas = {
        "opaque_root": '[[entrada]]\nherramienta = "mutar"\nissue = "tareas/0001"\nporque = "built by a helper"\n',
        "echoed_root": '[[entrada]]\nherramienta = "contar"\nporque = "not really echoed"\n',
    }
    config = '\n[tool.oracle.sombras."contrato.raiz_propia_estricta"]\ndesde = "2026-11-30"\nporque = "legacy"\ncota = 1\n'
    r = correr(proyecto(tmp_path, config=config, listas=listas), "report", "--format", "json")
    assert r.exit_code == 1, r.output
    datos = json.loads(r.output)
    assert [(e["list"], e["tool"], e["state"]) for e in datos["entries"]] == [
        ("echoed_root", "contar", "stale"),
        ("opaque_root", "mutar", "violating"),
    ]
    assert datos["shadows"] == [
        {"rule": "contrato.raiz_propia_estricta", "since": "2026-11-30", "why": "legacy", "bound": 1, "value": 1, "state": "forgiving"}
    ]
    assert datos["totals"]["opaque_root"] == {"entries": 1, "violating": 1, "stale": 0}
    md = correr(proyecto(tmp_path / "m", config=config, listas=listas), "report", "--format", "markdown")
    assert "| opaque_root | `mutar` | tareas/0001 | violating | allowlists/opaque_root.toml:1 |" in md.output


def test_report_without_anything_to_change_exits_0(tmp_path):
    r = correr(proyecto(tmp_path, LIMPIO), "report")
    assert r.exit_code == 0, r.output
    assert r.output.splitlines()[-1] == "Action needed: no."


def test_rules_lists_and_explains(tmp_path):
    raiz = proyecto(tmp_path, LIMPIO)
    lista = correr(raiz, "rules")
    assert lista.exit_code == 0
    assert ("ORC107  message-without-code                  contrato.message_sin_code  [catalogo_base:oracle]  "
            "response contract §2.5") in lista.output.splitlines()
    una = correr(raiz, "rules", "contrato.orden_del_spread")
    assert una.exit_code == 0
    assert "Fails:\n    return {\"name\": component_name, **doc}" in una.output
    assert "Passes:\n    return {**doc, \"name\": component_name}" in una.output
    desconocida = correr(raiz, "rules", "contrato.no_existe")
    assert desconocida.exit_code == 2
    assert desconocida.output == ("MEDIDA_DESCONOCIDA — 'contrato.no_existe' is not a rule of this project's effective "
                                  "catalog.\nfield: ID\nfix: `oracle-lint rules` lists the codes, names and ids.\n")


def test_evidence_prints_every_relation(tmp_path):
    r = correr(proyecto(tmp_path, LIMPIO), "evidence")
    assert r.exit_code == 0
    ev = json.loads(r.output)
    assert {"herramienta", "raiz", "clave_emitida", "clave_declarada", "esquema_nodo", "spread", "complete", "no_resuelto", "lista"} <= set(ev)
    assert ev["raiz"] == [
        {
            "archivo": "srv/servidor.py",
            "columna": 5,
            "declara_propiedades": True,
            "envoltura": False,
            "estricta": True,
            "herramienta": "contar",
            "linea": 5,
            "mapa": False,
            "motivo": "written key by key",
            "primera": True,
            "procedencia": "own",
        }
    ]


def test_evidence_prints_one_compact_row_per_line_in_relation_order():
    """The document `evidence` prints: relations sorted, each row on its line with sorted keys, so a
    diff of two runs shows the rows that changed; the same JSON an indented dump would hold."""
    from oracle_lint.linter.formatos import evidencia_json

    evidencia = {"raiz": [{"linea": 3, "archivo": "a.py", "motivo": "«ñ»"}, {"archivo": "b.py", "linea": 1, "motivo": None}],
                 "complete": [], "archivo": [{"herramientas": 2, "archivo": "a.py"}]}
    texto = evidencia_json(evidencia)
    assert texto == (
        '{\n'
        '  "archivo": [\n'
        '    {"archivo": "a.py", "herramientas": 2}\n'
        '  ],\n'
        '  "complete": [],\n'
        '  "raiz": [\n'
        '    {"archivo": "a.py", "linea": 3, "motivo": "«ñ»"},\n'
        '    {"archivo": "b.py", "linea": 1, "motivo": null}\n'
        '  ]\n'
        '}')
    assert json.loads(texto) == evidencia
    assert evidencia_json({}) == "{}"


@pytest.mark.parametrize("env", [{"NO_COLOR": "1"}, {}])
def test_no_color_when_not_a_terminal_or_no_color(tmp_path, env):
    r = correr(proyecto(tmp_path), "check", env=env)
    assert "\033[" not in r.output


def test_an_internal_error_is_exit_70_with_its_traceback_never_a_verdict(tmp_path, monkeypatch):
    from click.testing import CliRunner

    import oracle_lint.linter.analisis

    from oracle_lint import linter
    from oracle_lint.linter.cli import main

    def roto(*args, **kwargs):
        raise RuntimeError("a bug in the analyzer")

    monkeypatch.setattr(linter.analisis, "correr", roto)
    (tmp_path / "pyproject.toml").write_text("[tool.oracle]\n", encoding="utf-8")
    r = CliRunner().invoke(main, ["check", "--project", str(tmp_path)])
    assert r.exit_code == 70
    assert r.stdout == ""
    assert r.stderr.splitlines()[0] == "Traceback (most recent call last):"
    assert r.stderr.splitlines()[-1] == ("ERROR_INTERNO — an internal error stopped the command (RuntimeError: a bug in the "
                                         "analyzer); nothing was judged. This is a bug: report it with the command and the "
                                         "traceback above.")



def test_python_m_runs_the_command():
    import subprocess
    import sys

    for modulo in ("oracle_lint", "oracle_lint.linter.cli"):
        r = subprocess.run([sys.executable, "-m", modulo, "--version"], capture_output=True, text=True, timeout=60)
        assert (r.returncode, r.stdout.split(",")[0]) == (0, "oracle-lint"), (modulo, r.stdout, r.stderr)
