"""A run over files of several projects (what pre-commit does from a monorepo's root): each file
is judged by the nearest project upward from it, with its own configuration and cache, and every
path printed is relative to the working directory."""

from __future__ import annotations

import json
from pathlib import Path

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
