"""Adoption end to end, as issue 14 asks: a monorepo with two projects holding generated legacy
servers, driven by the real pre-commit from the README's exact block. baseline → the hook passes →
a paid debt is stale → baseline --update → a new violation fails naming its tool and file. Every
line oracle-lint prints on the way is checked for English."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from tests.integracion.test_pre_commit import _bloque_del_readme, _git
from tests.linter.legado import ARREGLADAS, ROTAS, proyecto, reescribir

RAIZ = Path(__file__).resolve().parents[2]
ISSUE = "https://example.invalid/issues/7"
# words of the Spanish templates the CLIs must never print (the MCP server keeps them; oracle-lint does not)
ESPANOL = re.compile(r"\b(usá|quitá|bajá|corregí|escribí|está|debe|falta|sombra|cota de|herramientas? de|no es|"
                     r"ya no|la medida|el valor|por debajo)\b", re.IGNORECASE)


def _ingles(texto: str) -> list[str]:
    """The lines of `texto` that read as Spanish once names («…», `…`, rule ids, paths, keys) are set aside."""
    malas = []
    for linea in texto.splitlines():
        prosa = re.sub(r"«[^»]*»|`[^`]*`|\"[^\"]*\"|\[[^\]]*\]|\b[a-z]+\.[a-z_]+\b|\S+\.(py|toml|json)(:\d+)*", " ", linea)
        prosa = re.sub(r"\b(herramientas|cota|porque|desde|issue)\b", " ", prosa)  # configuration keys, named as such
        if ESPANOL.search(prosa):
            malas.append(linea)
    return malas


def _oracle_lint(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    ejecutable = Path(sys.executable).parent / "oracle-lint"
    r = subprocess.run([str(ejecutable), *args], cwd=cwd, capture_output=True, text=True, timeout=300,
                       env={**os.environ, "NO_COLOR": "1"})
    assert not _ingles(r.stdout + r.stderr), r.stdout + r.stderr
    return r


def test_a_legacy_monorepo_adopts_oracle_lint_through_the_readme_hook(tmp_path):
    cabeza = subprocess.run(["git", "rev-parse", "HEAD"], cwd=RAIZ, check=True, capture_output=True, text=True).stdout.strip()
    repo = tmp_path / "mono"
    repo.mkdir()
    _git(repo, "init", "-q")
    _git(repo, "config", "user.email", "t@example.invalid")
    _git(repo, "config", "user.name", "t")
    bloque = _bloque_del_readme().replace("<the git URL of oracle-lint>", str(RAIZ)).replace("<a tag or commit>", cabeza)
    (repo / ".pre-commit-config.yaml").write_text(bloque, encoding="utf-8")
    api = proyecto(repo / "services" / "api")
    worker = proyecto(repo / "services" / "worker")
    _git(repo, "add", ".")
    env = {**os.environ, "PRE_COMMIT_HOME": str(tmp_path / "pre-commit-home"), "NO_COLOR": "1"}
    pre_commit = shutil.which("pre-commit", path=str(Path(sys.executable).parent)) or "pre-commit"

    def hook(*archivos: str) -> subprocess.CompletedProcess[str]:
        _git(repo, "add", "-A")
        seleccion = ["--files", *archivos] if archivos else ["--all-files"]
        r = subprocess.run([pre_commit, "run", "--color", "never", *seleccion], cwd=repo, env=env,
                           capture_output=True, text=True, timeout=900)
        salida = r.stdout.split("- hook id: oracle-lint", 1)[-1]
        assert not _ingles(salida), salida
        return r

    # the legacy servers fail: each finding on its own project's file, printed from the repository root
    antes = hook("services/api/legado.py", "services/worker/legado.py")
    assert antes.returncode == 1, antes.stdout
    assert ("services/api/legado.py:49:5: ORC104 tool «opaca» builds its root so that its "
            "keys cannot be enumerated") in antes.stdout
    assert "services/worker/legado.py:49:5: ORC104 tool «opaca»" in antes.stdout

    # baseline in each project: the hook passes, over every file
    for raiz in (api, worker):
        r = _oracle_lint(raiz, "baseline", "--issue", ISSUE)
        assert r.returncode == 0, r.stdout + r.stderr
        assert r.stdout.endswith("baseline: 6 line(s) changed; `oracle-lint check` passes.\n")
    assert sorted(p.name for p in (api / "allowlists").iterdir()) == [
        "echoed_root.toml", "opaque_root.toml", "structural_union.toml", "underdeclared.toml"]
    todo = hook()
    assert todo.returncode == 0, todo.stdout

    # a paid debt in «api»: the hook, over the one changed file, calls its entry stale
    reescribir(api, {"opaca": ARREGLADAS["opaca"]})
    pagada = hook("services/api/legado.py")
    assert pagada.returncode == 1, pagada.stdout
    assert ("services/api/allowlists/opaque_root.toml:3:1: ORC301 entry for «opaca» in the "
            "opaque_root list no longer describes a violation: delete it") in pagada.stdout
    r = _oracle_lint(api, "baseline", "--update")
    assert (r.returncode, r.stdout) == (0, "allowlists/opaque_root.toml: - opaca (stale)\n"
                                           "baseline: 1 line(s) changed; `oracle-lint check` passes.\n")
    assert hook("services/api/legado.py").returncode == 0

    # a new violation in «worker», in a tool no shadow names: it fails, naming the tool and the file
    reescribir(worker, ROTAS)
    nueva = hook("services/worker/legado.py")
    assert nueva.returncode == 1, nueva.stdout
    assert ("services/worker/legado.py:27:5: ORC101 tool «cuenta» writes its root key by key "
            "but publishes it loose") in nueva.stdout
    assert "«suelta»" not in nueva.stdout
    # and --update, which never adds, leaves it a finding
    r = _oracle_lint(worker, "baseline", "--update")
    assert r.returncode == 1
    assert "services" not in r.stdout and "legado.py:27:5: ORC101 tool «cuenta»" in r.stdout


def test_the_english_check_can_fail():
    assert _ingles("pyproject.toml:1:1: contrato.x la cota de «contrato.x» tiene holgura: bajá la cota a 1.")
    assert _ingles("PROYECTO_INVALIDO — sombras.«x»: clave desconocida «select»; usá sólo desde, porque")
    assert not _ingles('pyproject.toml:1:1: contrato.x the bound of the shadow of «contrato.x» has slack: the rule '
                       'counts 1, below the bound 2; lower cota to 1')
    assert not _ingles("legado.py:27:5: ORC101 tool «cuenta» writes its root key by key")
