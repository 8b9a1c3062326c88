"""A run over files of several projects (what pre-commit does from a monorepo's root): each file
is judged by the nearest project upward from it, with its own configuration and cache, and every
path printed is relative to the working directory."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
from click.testing import CliRunner

from oracle_lint.linter.cli import main

SERVIDOR = '''from pydantic import BaseModel

from mcp.server.fastmcp import FastMCP

mcp = FastMCP("s")


class Cuenta(BaseModel):
    n: int


@mcp.tool()
def contar() -> Cuenta:
    return Cuenta(n=1)
'''


def _monorepo(raiz: Path) -> Path:
    for proyecto, config in (("services/api", 'paths = ["."]\n'), ("services/web", 'paths = ["."]\nexclude = ["viejo.py"]\n')):
        (raiz / proyecto).mkdir(parents=True)
        (raiz / proyecto / "pyproject.toml").write_text(f"[tool.oracle]\n{config}", encoding="utf-8")
        (raiz / proyecto / "srv.py").write_text(SERVIDOR, encoding="utf-8")
    (raiz / "services" / "web" / "viejo.py").write_text(SERVIDOR, encoding="utf-8")
    return raiz


def test_each_file_is_judged_by_its_own_project_and_printed_from_the_working_directory(tmp_path, monkeypatch):
    raiz = _monorepo(tmp_path)
    monkeypatch.chdir(raiz)
    r = CliRunner().invoke(main, ["check", "--format", "json", "services/api/srv.py", "services/web/srv.py", "services/web/viejo.py"])
    datos = json.loads(r.stdout)
    assert r.exit_code == 1
    # viejo.py is excluded by services/web's own configuration
    assert [(h["path"], h["line"], h["rule"]) for h in datos["findings"]] == [
        ("services/api/srv.py", 14, "contrato.raiz_propia_estricta"), ("services/web/srv.py", 14, "contrato.raiz_propia_estricta")]
    assert (datos["summary"]["files"], datos["summary"]["tools"]) == (2, 2)
    assert (raiz / "services" / "api" / ".oracle-cache").is_dir() and (raiz / "services" / "web" / ".oracle-cache").is_dir()
    assert not (raiz / ".oracle-cache").exists()


def test_github_annotations_land_on_the_files_from_the_repository_root(tmp_path, monkeypatch):
    raiz = _monorepo(tmp_path)
    monkeypatch.chdir(raiz)
    r = CliRunner().invoke(main, ["check", "--format", "github", "services/web/srv.py"])
    assert r.stdout.startswith("::error file=services/web/srv.py,line=14,col=5,title=ORC101 own-root-not-strict::")


def test_an_explicit_project_keeps_paths_relative_to_it(tmp_path, monkeypatch):
    raiz = _monorepo(tmp_path)
    monkeypatch.chdir(raiz)
    r = CliRunner().invoke(main, ["check", "--project", "services/api", "services/api/srv.py"])
    assert r.stdout.splitlines()[0].startswith("srv.py:14:5: ORC101 tool «contar»")


def _enteras_por_proyecto(raiz: Path) -> set[tuple[str, int, str]]:
    """Each project's own whole run, its paths from the monorepo root."""
    salida = set()
    for proyecto in ("services/api", "services/web"):
        r = CliRunner().invoke(main, ["check", "--format", "json", "--project", str(raiz / proyecto)])
        salida |= {(f"{proyecto}/{h['path']}", h["line"], h["rule"]) for h in json.loads(r.stdout)["findings"]}
    return salida


def test_a_whole_check_at_the_root_runs_every_project_with_its_own_configuration(tmp_path, monkeypatch):
    raiz = _monorepo(tmp_path)
    (raiz / "suelto.py").write_text(SERVIDOR, encoding="utf-8")  # outside every project: judged by none
    monkeypatch.chdir(raiz)
    r = CliRunner().invoke(main, ["check", "--format", "json"])
    assert r.exit_code == 1
    datos = json.loads(r.stdout)
    obtenidos = {(h["path"], h["line"], h["rule"]) for h in datos["findings"]}
    assert obtenidos == _enteras_por_proyecto(raiz) == {
        ("services/api/srv.py", 14, "contrato.raiz_propia_estricta"), ("services/web/srv.py", 14, "contrato.raiz_propia_estricta")}
    assert (datos["summary"]["files"], datos["summary"]["tools"]) == (2, 2)  # viejo.py excluded by web's own config
    assert not (raiz / ".oracle-cache").exists() and not (raiz / "pyproject.toml").exists()
    texto = CliRunner().invoke(main, ["check"])
    assert texto.stdout.splitlines()[-1] == "2 findings in 2 files (2 files, 2 tools analyzed)."


def test_baseline_at_the_root_writes_into_each_project_and_check_then_passes(tmp_path, monkeypatch):
    raiz = _monorepo(tmp_path)
    monkeypatch.chdir(raiz)
    r = CliRunner().invoke(main, ["baseline", "--issue", "https://example.invalid/1"])
    assert r.exit_code == 0, r.output
    assert r.stdout.splitlines() == [
        "Project services/api:",
        "  services/api/pyproject.toml: shadow contrato.raiz_propia_estricta added: bound 1, tools contar",
        "  baseline: 1 line(s) changed; `oracle-lint check` passes.",
        "Project services/web:",
        "  services/web/pyproject.toml: shadow contrato.raiz_propia_estricta added: bound 1, tools contar",
        "  baseline: 1 line(s) changed; `oracle-lint check` passes."]
    assert not (raiz / "pyproject.toml").exists() and not (raiz / "allowlists").exists()
    for proyecto in ("services/api", "services/web"):
        assert '[tool.oracle.sombras."contrato.raiz_propia_estricta"]' in (raiz / proyecto / "pyproject.toml").read_text()
    assert CliRunner().invoke(main, ["check"]).exit_code == 0
    # and the hook's run over a changed file of each project agrees
    assert CliRunner().invoke(main, ["check", "services/api/srv.py", "services/web/srv.py"]).exit_code == 0


def test_report_at_the_root_audits_every_project(tmp_path, monkeypatch):
    raiz = _monorepo(tmp_path)
    monkeypatch.chdir(raiz)
    assert CliRunner().invoke(main, ["baseline"]).exit_code == 0
    # a fix in one project leaves its shadow stale: the root report must say so
    (raiz / "services" / "web" / "srv.py").write_text(SERVIDOR.replace("class Cuenta(BaseModel):\n",
                                                                        "class Cuenta(BaseModel):\n    model_config = {'extra': 'forbid'}\n"))
    r = CliRunner().invoke(main, ["report", "--format", "json"])
    assert r.exit_code == 1, r.output
    datos = json.loads(r.stdout)
    assert [(p["project"], p["action_needed"]) for p in datos["projects"]] == [("services/api", False), ("services/web", True)]
    assert datos["action_needed"] is True
    texto = CliRunner().invoke(main, ["report"]).stdout
    assert texto.startswith("Project services/api:\n  Lists:\n")
    assert texto.endswith("Action needed: yes (services/web).\n")


def test_sarif_from_elsewhere_declares_the_base_its_paths_are_relative_to(tmp_path, monkeypatch):
    raiz = _monorepo(tmp_path / "repo")
    otro = tmp_path / "otro"
    otro.mkdir()
    monkeypatch.chdir(otro)
    r = CliRunner().invoke(main, ["check", "--format", "sarif", "--project", str(raiz / "services" / "api")])
    from .test_sarif import _esquema

    jsonschema.Draft4Validator(_esquema()).validate(json.loads(r.stdout))  # the official SARIF 2.1.0 schema
    corrida = json.loads(r.stdout)["runs"][0]
    base = corrida["originalUriBaseIds"]["%SRCROOT%"]["uri"]
    assert base == (raiz / "services" / "api").resolve().as_uri() + "/"
    for resultado in corrida["results"]:
        ubicacion = resultado["locations"][0]["physicalLocation"]["artifactLocation"]
        assert ubicacion["uriBaseId"] == "%SRCROOT%"
        assert (Path(base.removeprefix("file://")) / ubicacion["uri"]).is_file(), ubicacion
    assert len(corrida["results"]) == 1


def test_nothing_configured_and_nothing_to_read_is_an_error_never_a_green(tmp_path, monkeypatch):
    vacio = tmp_path / "vacio"
    vacio.mkdir()
    (vacio / "notas.txt").write_text("x", encoding="utf-8")
    monkeypatch.chdir(vacio)
    for orden in (["check"], ["report"], ["baseline"]):
        r = CliRunner().invoke(main, orden)
        assert r.exit_code == 2, (orden, r.output)
        assert r.stderr.splitlines()[0] == (
            f"SIN_PROYECTO — no project found at {vacio.resolve()}: it is not under a directory configured for "
            "Oracle, no configured project is below it, and it holds no Python file nor TypeScript/JavaScript MCP "
            "server.")
    assert not (vacio / "pyproject.toml").exists() and not (vacio / ".oracle-cache").exists()


def test_configured_paths_without_python_files_are_an_error(tmp_path):
    (tmp_path / "pyproject.toml").write_text('[tool.oracle]\npaths = ["."]\n', encoding="utf-8")
    r = CliRunner().invoke(main, ["check", "--project", str(tmp_path)])
    assert r.exit_code == 2
    assert r.stderr.splitlines()[0] == (
        f"SIN_PROYECTO — no project found at {tmp_path}: its configured paths hold no Python file and no "
        "TypeScript/JavaScript MCP server (paths, exclude and .gitignore left none).")


def test_the_filesystem_root_and_home_are_never_walked(monkeypatch, tmp_path):
    monkeypatch.setenv("HOME", str(tmp_path))
    for lugar in (Path("/"), tmp_path):
        monkeypatch.chdir(lugar)
        r = CliRunner().invoke(main, ["check"])
        assert r.exit_code == 2, lugar
        assert "which oracle-lint does not walk" in r.stderr.splitlines()[0]


def test_the_hook_at_a_monorepo_root_judges_a_loose_file_by_no_project(tmp_path, monkeypatch):
    raiz = _monorepo(tmp_path)
    (raiz / "suelto.py").write_text(SERVIDOR, encoding="utf-8")
    monkeypatch.chdir(raiz)
    r = CliRunner().invoke(main, ["check", "services/api/srv.py", "suelto.py"])
    assert r.exit_code == 1
    assert [l.split(":")[0] for l in r.stdout.splitlines()[:-1]] == ["services/api/srv.py"]
    assert r.stderr == "oracle-lint: 1 file(s) outside every configured project were not judged: suelto.py\n"
    # alone, nothing says this commit belongs to a monorepo: the root judges it as an unconfigured project
    solo = CliRunner().invoke(main, ["check", "suelto.py"])
    assert solo.exit_code == 1 and solo.stdout.startswith("suelto.py:14:5: ORC101")


def test_single_project_commands_at_a_monorepo_root_name_the_projects_instead_of_reading_the_root(tmp_path, monkeypatch):
    raiz = _monorepo(tmp_path)
    monkeypatch.chdir(raiz)
    r = CliRunner().invoke(main, ["evidence"])
    assert r.exit_code == 2
    assert r.stderr.splitlines() == [
        "ARGUMENTOS_INVALIDOS — evidence reads one project, and this monorepo root has 2: services/api, services/web.",
        "field: --project", "fix: oracle-lint evidence --project services/api"]
    una = CliRunner().invoke(main, ["evidence", "--project", "services/api"])
    assert una.exit_code == 0 and [h["herramienta"] for h in json.loads(una.stdout)["herramienta"]] == ["contar"]


def test_a_directory_the_project_search_cannot_list_is_an_error(tmp_path, monkeypatch):
    """Root reads every directory, so the refusal is made where the walk lists one: a project in it
    would be missed, so the root run has no verdict."""
    import os

    raiz = _monorepo(tmp_path)
    (raiz / "cerrado").mkdir()
    real = os.scandir

    def scandir(ruta=".", *args):
        if Path(ruta).name == "cerrado":
            raise PermissionError(13, "Permission denied", str(ruta))
        return real(ruta, *args)

    monkeypatch.chdir(raiz)
    monkeypatch.setattr(os, "scandir", scandir)
    r = CliRunner().invoke(main, ["check"])
    assert r.exit_code == 2
    assert r.stderr.splitlines()[:2] == [
        "ARCHIVOS_ILEGIBLES — 1 directory under this monorepo root cannot be listed, so whether a project lies there "
        "cannot be told.", "cerrado: Permission denied"]
    monkeypatch.setattr(os, "scandir", real)
    assert CliRunner().invoke(main, ["check"]).exit_code == 1  # listable again: both projects judged
