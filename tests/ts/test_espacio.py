"""A bare import of a package of the repository's own workspace (`import { ToolRegistry } from
"shared-kit"`, linked into node_modules by a workspace install) is read from that package's sources
(linter/ts/espacio.py), the build output mapped back to them through its tsconfig.json; an installed
package of a registry is never read, and neither is a workspace package nothing links."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from oracle_lint.linter.ts import espacio
from oracle_lint.linter.ts.evidencia import extraer_ts

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "typescript" / "espacio"
SIN_LEER = ("the tools this `ListToolsRequestSchema` handler lists cannot be enumerated: `registry.getAllTools()` calls "
            "what is not a project function the analyzer reads: what it returns is not known; its tools are not judged "
            "(judge the server live with `oracle-lint probe`)")


def _espacio(tmp_path: Path, enlace: str | None) -> Path:
    """The fixture's workspace in tmp_path, `node_modules/shared-kit` of the server linked to `enlace`
    (a folder relative to the workspace), or not linked."""
    raiz = tmp_path / "ws"
    shutil.copytree(FIXTURE, raiz)
    if enlace is not None:
        (raiz / "packages" / "server" / "node_modules").mkdir()
        (raiz / "packages" / "server" / "node_modules" / "shared-kit").symlink_to(raiz / enlace, target_is_directory=True)
    return raiz / "packages" / "server"


def _filas(servidor: Path) -> dict:
    return extraer_ts([servidor / "src" / "server.ts"], servidor)


def test_a_linked_workspace_package_is_read_from_its_sources(tmp_path):
    filas = _filas(_espacio(tmp_path, "packages/shared"))
    # each tool placed where its handler is registered, in the server's own source
    assert [(h["archivo"], h["linea"], h["herramienta"]) for h in filas["herramienta"]] == [
        ("src/server.ts", 17, "ping"), ("src/server.ts", 18, "echo")]
    assert {e["herramienta"]: json.loads(e["contenido"]) for e in filas["esquema"]}["echo"] == {
        "type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]}
    assert filas["no_resuelto"] == []


def test_with_nothing_installed_the_workspace_member_that_names_the_package_is_read(tmp_path):
    filas = _filas(_espacio(tmp_path / "a", None))
    assert [(h["archivo"], h["linea"], h["herramienta"]) for h in filas["herramienta"]] == [
        ("src/server.ts", 17, "ping"), ("src/server.ts", 18, "echo")]
    assert filas["no_resuelto"] == []
    # the same from package.json `workspaces` (npm, yarn) instead of pnpm-workspace.yaml
    servidor = _espacio(tmp_path / "b", None)
    (servidor.parent.parent / "pnpm-workspace.yaml").unlink()
    (servidor.parent.parent / "package.json").write_text('{"private": true, "workspaces": {"packages": ["packages/*"]}}',
                                                           encoding="utf-8")
    assert [h["herramienta"] for h in _filas(servidor)["herramienta"]] == ["ping", "echo"]


def test_an_unknown_or_installed_package_is_not_read(tmp_path):
    # no link and no workspace declares it: not read, and said
    servidor = _espacio(tmp_path / "a", None)
    (servidor.parent.parent / "pnpm-workspace.yaml").unlink()
    assert [n["motivo"] for n in _filas(servidor)["no_resuelto"]] == [SIN_LEER]
    # a package a registry installed (its real folder is inside a node_modules), which the server
    # resolves before any workspace member of that name: never read
    servidor = _espacio(tmp_path / "b", None)
    instalado = servidor.parent.parent / "node_modules" / ".pnpm" / "shared-kit@1.0.0" / "node_modules" / "shared-kit"
    shutil.copytree(servidor.parent / "shared", instalado)
    (servidor / "node_modules").mkdir()
    (servidor / "node_modules" / "shared-kit").symlink_to(instalado, target_is_directory=True)
    assert [n["motivo"] for n in _filas(servidor)["no_resuelto"]] == [SIN_LEER]


@pytest.mark.parametrize("especificador, esperado", [
    ("shared-kit", ("shared-kit", "")), ("@scope/kit/sub/x", ("@scope/kit", "sub/x")), ("kit/sub", ("kit", "sub")),
    ("./local", None), ("/abs", None), ("node:fs", None), ("@scope", None), ("", None)])
def test_a_bare_specifier_is_its_package_and_subpath(especificador, esperado):
    assert espacio.partir(especificador) == esperado


def test_the_entry_is_the_source_the_build_output_comes_from(tmp_path):
    paquete = tmp_path / "kit"
    paquete.mkdir()
    (paquete / "tsconfig.json").write_text('{ "compilerOptions": { "outDir": "lib", "rootDir": "source" } }', encoding="utf-8")
    (paquete / "package.json").write_text(json.dumps({
        "exports": {".": {"types": "./lib/index.d.ts", "default": "./lib/index.js"}, "./tools": "./lib/tools/all.mjs"},
        "main": "./lib/index.js"}), encoding="utf-8")
    assert [p.relative_to(paquete).as_posix() for p in espacio.candidatos(paquete, "")] == [
        "source/index", "lib/index.js", "lib/index.d.ts", "src/index"]
    assert [p.relative_to(paquete).as_posix() for p in espacio.candidatos(paquete, "tools")] == [
        "source/tools/all", "lib/tools/all.mjs", "src/tools", "tools"]


@pytest.mark.parametrize("texto, esperado", [
    ("packages:\n  - packages/*\n  - 'apps/*' # apps\n  - \"!apps/old\"\ncatalog:\n  zod: 3.25.76\n",
     ["packages/*", "apps/*", "!apps/old"]),
    ("# workspace\npackages: [packages/*, 'tools/cli']\n", ["packages/*", "tools/cli"]),
    ("onlyBuiltDependencies:\n  - esbuild\n", []),
])
def test_the_members_of_a_pnpm_workspace_are_its_packages_list(texto, esperado):
    assert espacio._lista_yaml(texto, "packages") == esperado


def test_member_patterns_expand_under_the_root_and_an_exclusion_wins(tmp_path):
    for carpeta in ("packages/a", "packages/b", "packages/node_modules/c", "apps/old", "apps/new", "sin_paquete/x"):
        (tmp_path / carpeta).mkdir(parents=True)
        if not carpeta.startswith("sin_paquete"):
            (tmp_path / carpeta / "package.json").write_text("{}", encoding="utf-8")
    assert [m.relative_to(tmp_path).as_posix() for m in espacio._expandir(
        tmp_path, ["packages/**", "apps/*", "!apps/old", "../fuera/*", "sin_paquete/*"])] == [
        "packages/a", "packages/b", "apps/new"]


def test_the_root_itself_and_dot_slash_patterns_are_members_and_a_pattern_pathlib_refuses_names_none(tmp_path):
    """`- .` (the workspace root is a member) crashed the whole run (pathlib's glob of "."); `./x` is `x`;
    a pattern pathlib does not take names no member rather than stopping the command."""
    (tmp_path / "package.json").write_text('{"name": "raiz"}', encoding="utf-8")
    for carpeta in ("packages/a", "ui"):
        (tmp_path / carpeta).mkdir(parents=True)
        (tmp_path / carpeta / "package.json").write_text("{}", encoding="utf-8")
    assert [m.relative_to(tmp_path).as_posix() for m in espacio._expandir(
        tmp_path, [".", "./ui", "packages/**x", "./packages/*"])] == [".", "ui", "packages/a"]


def test_a_server_in_a_workspace_whose_root_is_a_member_is_read(tmp_path):
    (tmp_path / "pnpm-workspace.yaml").write_text("packages:\n  - .\n  - packages/*\n", encoding="utf-8")
    (tmp_path / "package.json").write_text('{"name": "raiz", "dependencies": {"@modelcontextprotocol/sdk": "1.20.0"}}',
                                           encoding="utf-8")
    (tmp_path / "server.ts").write_text('''import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ListToolsRequestSchema, CallToolRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { util } from "shared-util";
const server = new Server({ name: "x", version: "1" }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [{ name: "echo", inputSchema: { type: "object", properties: {} } }] }));
server.setRequestHandler(CallToolRequestSchema, async () => ({ content: [] }));
''', encoding="utf-8")
    filas = extraer_ts([tmp_path / "server.ts"], tmp_path)
    assert [h["herramienta"] for h in filas["herramienta"]] == ["echo"]
    assert filas["no_resuelto"] == []


SDK_EN_EL_ESPACIO = {
    "pnpm-workspace.yaml": "packages:\n  - packages/*\n  - examples/*\n",
    "packages/server/package.json": '{"name": "@modelcontextprotocol/server", "main": "src/index.ts"}',
    "packages/server/src/index.ts": (
        "export class McpServer {\n"
        "  private tools = new Map<string, unknown>();\n"
        "  constructor(readonly info: { name: string; version: string }) {}\n"
        "  registerTool(name: string, config: object, cb: Function) { this.tools.set(name, { config, cb }); }\n"
        "}\n"),
    "packages/registry/package.json": '{"name": "tool-registry", "main": "src/index.ts"}',
    "packages/registry/src/index.ts": (
        "export class Registry {\n"
        "  private tools: string[] = [];\n"
        "  registerTool(name: string, config: object, cb: Function) { this.tools.push(name); }\n"
        "}\n"),
    "examples/tools/package.json": ('{"name": "tools-example", "dependencies": {"@modelcontextprotocol/server": '
                                    '"workspace:*", "tool-registry": "workspace:*", "zod": "4.6.7"}}'),
    "examples/tools/server.ts": (
        'import { McpServer } from "@modelcontextprotocol/server";\n'
        'import { Registry } from "tool-registry";\n'
        'import * as z from "zod/v4";\n'
        'const server = new McpServer({ name: "tools", version: "1.0.0" });\n'
        'server.registerTool("calc", { inputSchema: z.object({ a: z.number() }) }, async ({ a }) => ({ content: [] }));\n'
        "const registry = new Registry();\n"
        'registry.registerTool("not-a-tool", { inputSchema: z.object({}) }, async () => ({ content: [] }));\n'),
}


def test_the_sdks_own_server_class_in_the_workspace_still_registers_tools(tmp_path):
    """In the SDK's own repository its examples import `McpServer` from `@modelcontextprotocol/server`, a
    package of the workspace whose sources are read: its class declares `registerTool`, yet the calls on
    it are the SDK's registrations (read before as a project registry's own method: no tool). Another
    workspace class's `registerTool` stays its own API."""
    for ruta, texto in SDK_EN_EL_ESPACIO.items():
        (tmp_path / ruta).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / ruta).write_text(texto, encoding="utf-8")
    ejemplo = tmp_path / "examples" / "tools"
    filas = extraer_ts([ejemplo / "server.ts"], ejemplo)
    assert [h["herramienta"] for h in filas["herramienta"]] == ["calc"]
    assert [json.loads(e["contenido"])["properties"] for e in filas["esquema"]] == [{"a": {"type": "number"}}]
    assert filas["no_resuelto"] == []
