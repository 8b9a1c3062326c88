"""TypeScript/JavaScript MCP servers, which oracle-lint does not read statically yet, are never a
silent pass: a project with no Python file but such a server says so (SOLO_TYPESCRIPT, exit 2) and how
to judge it live, instead of "no project found"; beside Python files, each such source is an ORC401
finding of the whole run. Other JavaScript is no server: still SIN_PROYECTO, or nothing."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from oracle_lint.linter.cli import main

SERVIDOR_TS = 'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\n\nconst server = new McpServer({name: "s", version: "1"});\n'
ARREGLO = ("fix: judge that server live: `oracle-lint probe -- <the command that starts it>` (e.g. `oracle-lint probe -- "
           "node dist/index.js`; the `probe` extra) lists its tools and judges what it publishes.")


def _escribir(raiz: Path, archivos: dict[str, str]) -> Path:
    for nombre, texto in archivos.items():
        (raiz / nombre).parent.mkdir(parents=True, exist_ok=True)
        (raiz / nombre).write_text(texto, encoding="utf-8")
    return raiz


def test_a_configured_typescript_server_is_named_with_the_way_to_judge_it(tmp_path):
    raiz = _escribir(tmp_path, {"pyproject.toml": "[tool.oracle]\n", "src/index.ts": SERVIDOR_TS,
                                "src/tools.mts": 'import { FastMCP } from "fastmcp";\n'})
    for orden in (["check"], ["report"], ["baseline"]):
        r = CliRunner().invoke(main, [*orden, "--project", str(raiz)])
        assert r.exit_code == 2, orden
        assert r.stderr.splitlines() == [
            f"SOLO_TYPESCRIPT — {raiz} holds no Python file to read, but TypeScript/JavaScript MCP server sources "
            "(src/index.ts, and 1 more): oracle-lint does not read TypeScript statically yet.",
            "field: --project", ARREGLO], orden
    assert not (raiz / "allowlists").exists()


def test_an_unconfigured_directory_with_a_javascript_server(tmp_path, monkeypatch):
    raiz = _escribir(tmp_path / "js", {"server.mjs": SERVIDOR_TS, "node_modules/x/index.js": SERVIDOR_TS})
    monkeypatch.chdir(raiz)
    r = CliRunner().invoke(main, ["check"])
    assert r.exit_code == 2
    assert r.stderr.splitlines()[0] == (
        f"SOLO_TYPESCRIPT — {raiz.resolve()} holds no Python file to read, but TypeScript/JavaScript MCP server "
        "sources (server.mjs): oracle-lint does not read TypeScript statically yet.")


def test_other_javascript_is_still_no_project(tmp_path):
    """The near misses: a script that does not import the SDK, a declaration file that does, and a server
    under node_modules are no server of this project."""
    raiz = _escribir(tmp_path, {"pyproject.toml": "[tool.oracle]\n", "web/app.js": "console.log('hola');\n",
                                "tipos/mcp.d.ts": SERVIDOR_TS, "node_modules/sdk/server.js": SERVIDOR_TS})
    r = CliRunner().invoke(main, ["check", "--project", str(raiz)])
    assert r.exit_code == 2
    assert r.stderr.splitlines()[0] == (
        f"SIN_PROYECTO — no project found at {raiz}: its configured paths hold no Python file (paths, exclude and "
        ".gitignore left none).")


PYTHON = "from mcp.server.fastmcp import FastMCP\n\nmcp = FastMCP('s')\n\n\n@mcp.tool()\ndef ping() -> str:\n    return 'pong'\n"


def test_a_typescript_server_beside_a_python_one_is_a_finding_never_a_silent_pass(tmp_path):
    raiz = _escribir(tmp_path, {"pyproject.toml": "[tool.oracle]\n", "web/index.ts": SERVIDOR_TS,
                                "web/util.js": "export const x = 1;\n", "servidor.py": PYTHON})
    r = CliRunner().invoke(main, ["check", "--no-cache", "--project", str(raiz)])
    assert (r.exit_code, r.stdout) == (1, (
        "web/index.ts:1:1: ORC401 could not analyze: a TypeScript/JavaScript MCP server source: oracle-lint does not "
        "read TypeScript statically yet, so the tools it registers are not judged here; judge that server live with "
        "`oracle-lint probe -- <the command that starts it>`, or list its folder in `exclude` (unresolved)\n"
        "1 finding in 1 file (1 file, 1 tool analyzed).\n"))


def test_an_excluded_typescript_server_or_a_run_over_some_files_judges_python_alone(tmp_path):
    """The near misses: the folder in `exclude` (judged elsewhere), and a run over the Python file (what the
    pre-commit hook passes), have nothing unread."""
    raiz = _escribir(tmp_path, {"pyproject.toml": '[tool.oracle]\nexclude = ["web"]\n', "web/index.ts": SERVIDOR_TS,
                                "servidor.py": PYTHON})
    r = CliRunner().invoke(main, ["check", "--no-cache", "--project", str(raiz)])
    assert (r.exit_code, r.stdout) == (0, "0 findings (1 file, 1 tool analyzed).\n")
    (raiz / "pyproject.toml").write_text("[tool.oracle]\n", encoding="utf-8")
    r = CliRunner().invoke(main, ["check", "--no-cache", "--project", str(raiz), str(raiz / "servidor.py")])
    assert (r.exit_code, r.stdout) == (0, "0 findings (1 file, 1 tool analyzed).\n")
