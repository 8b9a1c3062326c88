"""Which files a run analyzes: explicit paths filtered like the configured ones (force-exclude),
.gitignore honoured at every level, nothing skipped by a hard-coded folder name."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from oracle_lint.linter.archivos import archivos_a_analizar
from oracle_lint.linter.cli import main
from oracle_lint.nucleo.proyecto import Proyecto

SERVIDOR = '''from mcp.server.fastmcp import FastMCP

mcp = FastMCP("x")


@mcp.tool()
def contar() -> dict:
    return {"n": 1}
'''


def _proyecto(tmp_path: Path, config: str = 'paths = ["srv"]\nexclude = ["srv/viejo"]\n') -> Path:
    (tmp_path / "pyproject.toml").write_text(f"[tool.oracle]\n{config}", encoding="utf-8")
    for rel in ("srv/servidor.py", "srv/viejo/legado.py", "srv/build/generado.py", "srv/ignorado.py", "srv/sub/a.py",
                "srv/sub/b.py", "fuera/otro.py"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(SERVIDOR, encoding="utf-8")
    (tmp_path / ".gitignore").write_text("srv/ignorado.py\n*.log\n", encoding="utf-8")
    (tmp_path / "srv" / "sub" / ".gitignore").write_text("*.py\n!b.py\n", encoding="utf-8")
    return tmp_path


def _rels(raiz: Path, archivos: list[Path]) -> list[str]:
    return [a.relative_to(raiz).as_posix() for a in archivos]


def test_the_configured_walk_honours_exclude_and_every_gitignore_and_skips_no_folder_by_name(tmp_path):
    raiz = _proyecto(tmp_path)
    assert _rels(raiz, archivos_a_analizar(Proyecto(raiz), None)) == [
        "srv/build/generado.py", "srv/servidor.py", "srv/sub/b.py"]


def test_explicit_paths_are_filtered_the_same_way(tmp_path, monkeypatch):
    raiz = _proyecto(tmp_path)
    monkeypatch.chdir(raiz)
    explicitas = [Path(p) for p in ("srv/viejo/legado.py", "srv/ignorado.py", "srv/sub/a.py", "fuera/otro.py", "srv/servidor.py",
                                    "srv/sub")]
    assert _rels(raiz, archivos_a_analizar(Proyecto(raiz), explicitas)) == ["srv/servidor.py", "srv/sub/b.py"]
    assert _rels(raiz, archivos_a_analizar(Proyecto(raiz), [Path("srv")])) == [
        "srv/build/generado.py", "srv/servidor.py", "srv/sub/b.py"]
    # --no-force-exclude: explicit files as given (a directory is still walked minus what git ignores)
    assert _rels(raiz, archivos_a_analizar(Proyecto(raiz), explicitas, forzar_exclusion=False)) == [
        "fuera/otro.py", "srv/ignorado.py", "srv/servidor.py", "srv/sub/a.py", "srv/sub/b.py", "srv/viejo/legado.py"]


def test_the_hook_and_the_check_agree_on_an_excluded_file(tmp_path):
    raiz = _proyecto(tmp_path)
    hook = CliRunner().invoke(main, ["check", "--project", str(raiz), str(raiz / "srv" / "viejo" / "legado.py")])
    assert (hook.exit_code, hook.output) == (0, "0 findings (0 files, 0 tools analyzed).\n")
    forzado = CliRunner().invoke(main, ["check", "--no-force-exclude", "--project", str(raiz), str(raiz / "srv" / "viejo" / "legado.py")])
    assert forzado.output == ("0 findings (1 file, 1 tool analyzed); no tool publishes an output schema, so the output "
                              "rules had nothing to judge.\n")


def test_a_changed_configuration_or_list_file_runs_the_whole_check(tmp_path):
    raiz = _proyecto(tmp_path)
    (raiz / "allowlists").mkdir()
    (raiz / "allowlists" / "opaque_root.toml").write_text("", encoding="utf-8")
    completa = CliRunner().invoke(main, ["check", "--project", str(raiz)])
    for cambiado in (raiz / "pyproject.toml", raiz / "allowlists" / "opaque_root.toml"):
        r = CliRunner().invoke(main, ["check", "--project", str(raiz), str(cambiado)])
        assert (r.exit_code, r.output) == (completa.exit_code, completa.output), cambiado
    assert completa.output.splitlines()[-1].endswith("(3 files, 3 tools analyzed); no tool publishes an output schema, "
                                                     "so the output rules had nothing to judge.")


def test_the_walk_keeps_exactly_what_the_path_by_path_gitignore_test_keeps(tmp_path):
    """The walk builds each directory's `.gitignore` chain once and tests names against it; a path
    by path test from the root (`Ignorados.ignora`, every ancestor checked) must agree on every file,
    with patterns anchored at the root that reach deep, re-inclusions below, ignored directories,
    one template repeated in several packages, and an excluded nested directory."""
    from oracle_lint.linter.archivos import Ignorados

    (tmp_path / "pyproject.toml").write_text('[tool.oracle]\npaths = ["."]\nexclude = ["a/x/viejo"]\n', encoding="utf-8")
    rels = ["raiz.py", "a/uno.py", "a/gen_dos.py", "a/x/tres.py", "a/x/viejo/cuatro.py", "a/x/y/cinco.py",
            "a/build/seis.py", "b/uno.py", "b/gen_dos.py", "b/keep/gen_siete.py", "b/deep/z/ocho.py",
            "c/tmp/nueve.py", "c/diez.py"]
    for rel in rels:
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text("x = 1\n", encoding="utf-8")
    (tmp_path / ".gitignore").write_text("/b/deep/\ntmp/\n**/y/\n", encoding="utf-8")
    plantilla = "gen_*.py\nbuild/\n"
    (tmp_path / "a" / ".gitignore").write_text(plantilla, encoding="utf-8")
    (tmp_path / "b" / ".gitignore").write_text(plantilla, encoding="utf-8")
    (tmp_path / "b" / "keep" / ".gitignore").write_text("!gen_siete.py\n", encoding="utf-8")
    proyecto = Proyecto(tmp_path)
    caminadas = _rels(tmp_path, archivos_a_analizar(proyecto, None))
    ignorados = Ignorados(proyecto.raiz)
    una_por_una = sorted(rel for rel in rels if not ignorados.ignora(proyecto.raiz / rel)
                         and not rel.startswith("a/x/viejo/"))
    assert caminadas == una_por_una == [
        "a/uno.py", "a/x/tres.py", "b/keep/gen_siete.py", "b/uno.py", "c/diez.py", "raiz.py"]
