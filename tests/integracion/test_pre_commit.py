"""The real pre-commit, through `pre-commit try-repo` against this repository: the hook fails on a
violating server naming the finding, and passes once the server is fixed."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

RAIZ = Path(__file__).resolve().parents[2]

VIOLA = '''\
SALIDA = {"type": "object", "additionalProperties": False, "properties": {"total": {"type": "integer"}}}


def contar(args):
    return {"total": 3, "pagina": 1}


HERRAMIENTAS = [{"name": "contar", "inputSchema": {"type": "object"}, "outputSchema": SALIDA, "handler": contar}]
'''
ARREGLADO = VIOLA.replace(', "pagina": 1', "")


def _git(cwd: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True)


def _try_repo(repo: Path, home: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PRE_COMMIT_HOME": str(home), "NO_COLOR": "1"}
    pre_commit = shutil.which("pre-commit", path=str(Path(sys.executable).parent)) or "pre-commit"
    return subprocess.run(
        [pre_commit, "try-repo", str(RAIZ), "oracle-lint", "--all-files", "--color", "never"],
        cwd=repo,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )


def test_hook_fails_on_a_violation_and_passes_after_the_fix(tmp_path):
    repo = tmp_path / "servidor"
    repo.mkdir()
    _git(repo, "init", "-q")
    _git(repo, "config", "user.email", "t@example.invalid")
    _git(repo, "config", "user.name", "t")
    (repo / "servidor.py").write_text(VIOLA)
    _git(repo, "add", "servidor.py")
    home = tmp_path / "pre-commit-home"

    falla = _try_repo(repo, home)
    assert falla.returncode == 1, falla.stdout + falla.stderr
    assert (
        "servidor.py:5:25: contrato.clave_no_declarada tool «contar» emits key «pagina» that its outputSchema does not declare"
        in falla.stdout
    ), falla.stdout

    (repo / "servidor.py").write_text(ARREGLADO)
    _git(repo, "add", "servidor.py")
    pasa = _try_repo(repo, home)
    assert pasa.returncode == 0, pasa.stdout + pasa.stderr
    assert "contrato." not in pasa.stdout
