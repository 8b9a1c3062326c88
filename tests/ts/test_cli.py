"""TypeScript/JavaScript MCP servers through the CLI: a project whose only server is TypeScript is read
and judged (its schemas, annotations, and a row per tool whose responses are not read yet), beside
Python ones too; a source that registers nothing readable is a finding, never a silent pass; other
JavaScript is no server: still SIN_PROYECTO, or nothing."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from oracle_lint.linter.cli import main

PAQUETE = '{"dependencies": {"@modelcontextprotocol/sdk": "^1.30.0", "zod": "^4.0.0"}}\n'
SERVIDOR_TS = 'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\n\nconst server = new McpServer({name: "s", version: "1"});\n'
BORRAR = SERVIDOR_TS + '''import { z } from "zod";
server.registerTool("borrar", {
  inputSchema: { id: z.string() },
  outputSchema: z.looseObject({ id: z.string(), borrada: z.boolean(), estado: z.string(), message: z.string() }),
}, async ({ id }) => ({ content: [], structuredContent: { id, borrada: true, estado: "deleted", message: `${id} gone` } }));
'''
SIN_HERRAMIENTAS = ("could not analyze: an MCP server is built here, and the project's TypeScript/JavaScript sources "
                    "hold no tool registration the analyzer can read: its tools are not judged; judge the server live "
                    "with `oracle-lint probe` (unresolved)")


def _escribir(raiz: Path, archivos: dict[str, str]) -> Path:
    for nombre, texto in archivos.items():
        (raiz / nombre).parent.mkdir(parents=True, exist_ok=True)
        (raiz / nombre).write_text(texto, encoding="utf-8")
    return raiz


def test_a_typescript_only_project_is_read_and_judged(tmp_path):
    raiz = _escribir(tmp_path, {"pyproject.toml": "[tool.oracle]\n", "package.json": PAQUETE, "src/index.ts": BORRAR})
    r = CliRunner().invoke(main, ["check", "--no-cache", "--project", str(raiz)])
    assert (r.exit_code, r.stdout) == (1, (
        "src/index.ts:7:17: ORC107 tool «borrar» declares `message` without `code` in the object at JSON pointer \"\" "
        "of its output schema: add a stable `code` beside it (or publish the fixed values of its outcome field), or "
        "drop the message (message-without-code)\n"
        "src/index.ts:8:22: ORC101 tool «borrar» writes its root key by key but publishes it loose: make the output "
        "schema's root strict (additionalProperties: false) (own-root-not-strict)\n"
        "src/index.ts:8:78: ORC116 tool «borrar» sets no readOnlyHint, so clients take it for a write, and it emits "
        "«estado» from the string literal \"deleted\": if it only reads, annotate it readOnlyHint: true; if it writes, "
        "read the value back from the API's response or a re-fetch (echo-in-unannotated-tool)\n"
        "3 findings in 1 file (1 file, 1 tool analyzed).\n"))


def test_its_known_debt_is_a_baseline_like_any_other(tmp_path):
    raiz = _escribir(tmp_path, {"pyproject.toml": "[tool.oracle]\n", "package.json": PAQUETE, "src/index.ts": BORRAR})
    r = CliRunner().invoke(main, ["baseline", "--project", str(raiz)])
    assert r.exit_code == 0, r.output
    r = CliRunner().invoke(main, ["check", "--project", str(raiz)])
    assert (r.exit_code, r.stdout) == (0, (
        "0 findings (1 file, 1 tool analyzed); shadowed (forgiven within bound): contrato.message_sin_code, "
        "contrato.postcondicion_sin_anotar, contrato.raiz_propia_estricta.\n"))
    # the fix shrinks the debt: a strict root leaves ORC101's shadow stale, which the list must lose
    (raiz / "src" / "index.ts").write_text(BORRAR.replace("z.looseObject", "z.object"), encoding="utf-8")
    r = CliRunner().invoke(main, ["check", "--project", str(raiz)])
    assert (r.exit_code, r.stdout) == (1, (
        "pyproject.toml:1:1: ORC101 the shadow of «contrato.raiz_propia_estricta» is stale: the rule passes; remove "
        "[tool.oracle.sombras.\"contrato.raiz_propia_estricta\"] (own-root-not-strict)\n"
        "1 finding in 1 file (1 file, 1 tool analyzed); shadowed (forgiven within bound): contrato.message_sin_code, "
        "contrato.postcondicion_sin_anotar.\n"))


def test_an_unconfigured_directory_with_a_javascript_server_that_registers_nothing(tmp_path, monkeypatch):
    raiz = _escribir(tmp_path / "js", {"server.mjs": SERVIDOR_TS, "node_modules/x/index.js": SERVIDOR_TS})
    monkeypatch.chdir(raiz)
    r = CliRunner().invoke(main, ["check", "--no-cache"])
    assert (r.exit_code, r.stdout) == (1, f"server.mjs:3:16: ORC401 {SIN_HERRAMIENTAS}\n1 finding in 1 file (1 file, 0 tools analyzed).\n")


def test_other_javascript_is_still_no_project(tmp_path):
    """The near misses: a script that does not import the SDK, a declaration file that does, and a server
    under node_modules are no server of this project."""
    raiz = _escribir(tmp_path, {"pyproject.toml": "[tool.oracle]\n", "web/app.js": "console.log('hola');\n",
                                "tipos/mcp.d.ts": SERVIDOR_TS, "node_modules/sdk/server.js": SERVIDOR_TS})
    r = CliRunner().invoke(main, ["check", "--project", str(raiz)])
    assert r.exit_code == 2
    assert r.stderr.splitlines()[0] == (
        f"SIN_PROYECTO — no project found at {raiz}: its configured paths hold no Python file and no "
        "TypeScript/JavaScript MCP server (paths, exclude and .gitignore left none).")


PYTHON = "from mcp.server.fastmcp import FastMCP\n\nmcp = FastMCP('s')\n\n\n@mcp.tool()\ndef ping() -> str:\n    return 'pong'\n"


def test_a_typescript_server_beside_a_python_one_is_judged_too(tmp_path):
    ts = BORRAR.replace("z.looseObject", "z.object").replace("message", "motivo").replace('"deleted"', "String(Date.now())")
    raiz = _escribir(tmp_path, {"pyproject.toml": "[tool.oracle]\n", "package.json": PAQUETE, "web/index.ts": ts,
                                "web/util.js": "export const x = 1;\n", "servidor.py": PYTHON})
    r = CliRunner().invoke(main, ["check", "--no-cache", "--project", str(raiz)])
    assert (r.exit_code, r.stdout) == (0, "0 findings (2 files, 2 tools analyzed).\n")
    # the near miss: the same server echoing its request is judged like a Python one
    (raiz / "web" / "index.ts").write_text(ts.replace("String(Date.now())", "\"deleted\""), encoding="utf-8")
    r = CliRunner().invoke(main, ["check", "--no-cache", "--project", str(raiz)])
    assert r.exit_code == 1 and r.stdout.endswith("1 finding in 1 file (2 files, 2 tools analyzed).\n")
    assert r.stdout.startswith("web/index.ts:8:78: ORC116 tool «borrar» sets no readOnlyHint")


def test_an_excluded_typescript_server_or_a_run_over_some_files_judges_python_alone(tmp_path):
    """The near misses: the folder in `exclude` (judged elsewhere), and a run over the Python file (what the
    pre-commit hook passes), have nothing unread."""
    raiz = _escribir(tmp_path, {"pyproject.toml": '[tool.oracle]\nexclude = ["web"]\n', "web/index.ts": BORRAR,
                                "servidor.py": PYTHON})
    r = CliRunner().invoke(main, ["check", "--no-cache", "--project", str(raiz)])
    assert (r.exit_code, r.stdout) == (0, "0 findings (1 file, 1 tool analyzed).\n")
    (raiz / "pyproject.toml").write_text("[tool.oracle]\n", encoding="utf-8")
    r = CliRunner().invoke(main, ["check", "--no-cache", "--project", str(raiz), str(raiz / "servidor.py")])
    assert (r.exit_code, r.stdout) == (0, "0 findings (1 file, 1 tool analyzed).\n")
