"""The real pre-commit in a two-project monorepo (each server with its own pyproject.toml): a violation
written in a model file is blocked naming it, a baseline taken at the root lets the commit through,
and the root's whole check equals the projects' own runs."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

RAIZ = Path(__file__).resolve().parents[2]
ORACLE_LINT = Path(sys.executable).parent / "oracle-lint"

SERVIDOR = '''\
from mcp.server.fastmcp import FastMCP

from modelos import Resultado

mcp = FastMCP("s")


@mcp.tool(annotations={"readOnlyHint": True})
def contar(n: int) -> Resultado:
    return Resultado(total=len(str(n)))
'''
MODELO = '''\
from pydantic import BaseModel, ConfigDict


class Resultado(BaseModel):
    model_config = ConfigDict(extra="forbid")
    total: int
'''
CON_MESSAGE = MODELO + "    message: str | None = None\n"


def _git(cwd: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True)


def test_a_model_file_violation_is_blocked_and_a_root_baseline_lets_the_commit_through(tmp_path):
    repo = tmp_path / "mono"
    for proyecto in ("services/api", "services/web"):
        (repo / proyecto).mkdir(parents=True)
        (repo / proyecto / "pyproject.toml").write_text('[tool.oracle]\npaths = ["."]\n', encoding="utf-8")
        (repo / proyecto / "servidor.py").write_text(SERVIDOR, encoding="utf-8")
        (repo / proyecto / "modelos.py").write_text(MODELO, encoding="utf-8")
    (repo / "services" / "web" / "notas.py").write_text("VERSION = 1\n", encoding="utf-8")
    _git(repo, "init", "-q")
    _git(repo, "config", "user.email", "t@example.invalid")
    _git(repo, "config", "user.name", "t")
    _git(repo, "add", ".")
    env = {**os.environ, "PRE_COMMIT_HOME": str(tmp_path / "pre-commit-home"), "NO_COLOR": "1"}
    pre_commit = shutil.which("pre-commit", path=str(Path(sys.executable).parent)) or "pre-commit"

    def gancho(*archivos: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([pre_commit, "try-repo", str(RAIZ), "oracle-lint", "--color", "never", "--files", *archivos],
                              cwd=repo, env=env, capture_output=True, text=True, timeout=900)

    def lint(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([str(ORACLE_LINT), *args], cwd=repo, capture_output=True, text=True, timeout=300)

    assert gancho("services/web/notas.py").returncode == 0  # an unrelated edit: green

    (repo / "services" / "api" / "modelos.py").write_text(CON_MESSAGE, encoding="utf-8")
    _git(repo, "add", ".")
    bloqueado = gancho("services/api/modelos.py")
    assert bloqueado.returncode == 1, bloqueado.stdout + bloqueado.stderr
    assert ("services/api/modelos.py:4:1: ORC107 tool «contar» declares `message` without `code` in the object at "
            "JSON pointer \"\" of its output schema: add a stable `code` beside it (or publish the fixed values of its outcome field), or drop the message (message-without-code)") in bloqueado.stdout, bloqueado.stdout

    # the root's whole check equals the projects' own runs
    raiz = json.loads(lint("check", "--format", "json").stdout)["findings"]
    propias = [(f"services/{p}/{h['path']}", h["line"], h["rule"])
               for p in ("api", "web")
               for h in json.loads(lint("check", "--format", "json", "--project", f"services/{p}").stdout)["findings"]]
    assert sorted((h["path"], h["line"], h["rule"]) for h in raiz) == sorted(propias) == [
        ("services/api/modelos.py", 4, "contrato.message_sin_code")]

    base = lint("baseline", "--issue", "https://example.invalid/7")
    assert base.returncode == 0, base.stdout + base.stderr
    assert not (repo / "pyproject.toml").exists()  # written into the project, never at the root
    _git(repo, "add", ".")
    pasa = gancho("services/api/modelos.py", "services/api/pyproject.toml")
    assert pasa.returncode == 0, pasa.stdout + pasa.stderr
