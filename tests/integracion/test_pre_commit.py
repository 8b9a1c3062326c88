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
ESQUEMAS_TS = '''import { z } from "zod";

export const Borrado = z.object({ message: z.string() });
'''
SERVIDOR_TS = '''import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { Borrado } from "./esquemas.js";

const server = new McpServer({ name: "s", version: "1" });
server.registerTool("borrar", { outputSchema: Borrado }, async () => ({ content: [] }));
'''


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
        "servidor.py:5:25: ORC105 tool «contar» emits key «pagina» that its outputSchema does not declare"
        in falla.stdout
    ), falla.stdout

    (repo / "servidor.py").write_text(ARREGLADO)
    _git(repo, "add", "servidor.py")
    pasa = _try_repo(repo, home)
    assert pasa.returncode == 0, pasa.stdout + pasa.stderr
    assert "contrato." not in pasa.stdout

    # a TypeScript server beside it: the hook reads it too, and a fix in its schema module passes
    (repo / "package.json").write_text('{"dependencies": {"zod": "^4.0.0"}}\n')
    (repo / "esquemas.ts").write_text(ESQUEMAS_TS)
    (repo / "servidor.ts").write_text(SERVIDOR_TS)
    _git(repo, "add", "package.json", "esquemas.ts", "servidor.ts")
    falla = _try_repo(repo, home)
    assert falla.returncode == 1, falla.stdout + falla.stderr
    assert "esquemas.ts:3:24: ORC107 tool «borrar» declares `message` without `code`" in falla.stdout, falla.stdout
    (repo / "esquemas.ts").write_text(ESQUEMAS_TS.replace("message", "borrada_en"))
    _git(repo, "add", "esquemas.ts")
    pasa = _try_repo(repo, home)
    assert pasa.returncode == 0, pasa.stdout + pasa.stderr


def _bloque_del_readme() -> str:
    """The README's pre-commit block, exactly as a user pastes it."""
    lineas = (RAIZ / "README.md").read_text(encoding="utf-8").splitlines()
    inicio = lineas.index("Add the hook to `.pre-commit-config.yaml`:") + 2
    assert lineas[inicio] == "```yaml"
    fin = lineas.index("```", inicio + 1)
    return "\n".join(lineas[inicio + 1 : fin]) + "\n"


def test_the_readme_block_pastes_and_runs_on_a_commit(tmp_path):
    """The block with its two placeholders filled (this checkout's committed HEAD): `pre-commit run`
    fails on the violation, and a change to pyproject.toml alone re-runs the whole check."""
    cabeza = subprocess.run(["git", "rev-parse", "HEAD"], cwd=RAIZ, check=True, capture_output=True, text=True).stdout.strip()
    bloque = _bloque_del_readme()
    assert "<the git URL of oracle-lint>" in bloque and "<a tag or commit>" in bloque
    repo = tmp_path / "servidor"
    repo.mkdir()
    _git(repo, "init", "-q")
    _git(repo, "config", "user.email", "t@example.invalid")
    _git(repo, "config", "user.name", "t")
    configuracion = bloque.replace("<the git URL of oracle-lint>", str(RAIZ)).replace("<a tag or commit>", cabeza)
    (repo / ".pre-commit-config.yaml").write_text(configuracion, encoding="utf-8")
    (repo / "pyproject.toml").write_text('[tool.oracle]\npaths = ["servidor.py"]\n', encoding="utf-8")
    (repo / "servidor.py").write_text(VIOLA)
    _git(repo, "add", ".")
    env = {**os.environ, "PRE_COMMIT_HOME": str(tmp_path / "pre-commit-home"), "NO_COLOR": "1"}
    pre_commit = shutil.which("pre-commit", path=str(Path(sys.executable).parent)) or "pre-commit"

    def correr(*archivos: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([pre_commit, "run", "--color", "never", "--files", *archivos], cwd=repo, env=env,
                              capture_output=True, text=True, timeout=900)

    falla = correr("servidor.py")
    assert falla.returncode == 1, falla.stdout + falla.stderr
    assert "servidor.py:5:25: ORC105 tool «contar» emits key «pagina»" in falla.stdout
    solo_configuracion = correr("pyproject.toml")
    assert solo_configuracion.returncode == 1, solo_configuracion.stdout + solo_configuracion.stderr
    assert "1 finding in 1 file (1 file, 1 tool analyzed)." in solo_configuracion.stdout


def test_the_hook_runs_on_every_suffix_the_analyzer_reads(tmp_path):
    """The hook's file filter, as pre-commit's own classifier applies it: Python, configuration and
    every TypeScript/JavaScript suffix the analyzer reads (.mts and .cts included, which pre-commit's
    file types do not tag), nothing else."""
    from types import SimpleNamespace

    import yaml
    from pre_commit.commands.run import Classifier

    (definicion,) = yaml.safe_load((RAIZ / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    gancho = SimpleNamespace(files=definicion["files"], exclude="^$", types=definicion.get("types", ["file"]),
                             types_or=definicion.get("types_or", []), exclude_types=[])
    nombres = ["a.py", "b.pyi", "pyproject.toml", "oracle.json", "s.ts", "s.tsx", "s.mts", "s.cts", "s.js", "s.jsx",
               "s.mjs", "s.cjs", "README.md", "ci.yaml", "build.sh"]
    for nombre in nombres:
        (tmp_path / nombre).write_text("x\n", encoding="utf-8")
    elegidos = Classifier([str(tmp_path / n) for n in nombres]).filenames_for_hook(gancho)
    assert sorted(Path(e).name for e in elegidos) == sorted(nombres[:12])
