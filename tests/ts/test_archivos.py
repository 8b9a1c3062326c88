"""Which TypeScript/JavaScript files a whole run reads: servers' sources, not their build (the outDir
of a tsconfig.json, JSONC and `extends` included), nor declarations or dependencies."""

from __future__ import annotations

from pathlib import Path

import pytest

from oracle_lint.linter.archivos import fuentes_mcp_typescript, fuentes_typescript
from oracle_lint.linter.ts.tsconfig import directorio_de_salida, leer_jsonc
from oracle_lint.nucleo.proyecto import Proyecto

SERVIDOR = 'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\n'


def _fuentes(raiz: Path, archivos: dict[str, str]) -> list[str]:
    (raiz / "pyproject.toml").write_text("[tool.oracle]\n", encoding="utf-8")
    for nombre, texto in archivos.items():
        (raiz / nombre).parent.mkdir(parents=True, exist_ok=True)
        (raiz / nombre).write_text(texto, encoding="utf-8")
    return [p.relative_to(raiz).as_posix() for p in fuentes_mcp_typescript(Proyecto(raiz))]


def test_the_build_a_tsconfig_names_is_not_a_source(tmp_path):
    tsconfig = '{\n  // the build\n  "compilerOptions": { "outDir": "./dist", /* here */ },\n  "include": ["src"],\n}\n'
    assert _fuentes(tmp_path, {"tsconfig.json": tsconfig, "src/index.ts": SERVIDOR, "dist/index.js": SERVIDOR,
                               "dist/index.d.ts": SERVIDOR, "scripts/dev.mjs": SERVIDOR,
                               "node_modules/x/index.js": SERVIDOR, "src/util.ts": "export const a = 1;\n"}) == [
        "scripts/dev.mjs", "src/index.ts"]


def test_without_a_tsconfig_the_javascript_is_read(tmp_path):
    """The near miss: no tsconfig says dist/ is a build, so its server is a source (a JavaScript project)."""
    assert _fuentes(tmp_path, {"dist/index.js": SERVIDOR, "src/index.ts": SERVIDOR}) == ["dist/index.js", "src/index.ts"]


def test_an_outdir_set_by_the_base_a_tsconfig_extends(tmp_path):
    (tmp_path / "tsconfig.base.json").write_text('{"compilerOptions": {"outDir": "out"}}', encoding="utf-8")
    assert _fuentes(tmp_path, {"pkg/tsconfig.json": '{"extends": "../tsconfig.base.json"}', "pkg/index.ts": SERVIDOR,
                               "out/index.js": SERVIDOR, "pkg/out/index.js": SERVIDOR}) == [
        "pkg/index.ts", "pkg/out/index.js"]
    assert directorio_de_salida(tmp_path / "pkg" / "tsconfig.json") == (tmp_path / "out").resolve()


def test_the_other_sources_are_kept_apart_for_resolution(tmp_path):
    """Sources that import no SDK (a class-based tool's subclasses, tool objects) are read for resolution:
    returned apart from the servers, without declarations, dependencies or the build."""
    _fuentes(tmp_path, {"tsconfig.json": '{"compilerOptions": {"outDir": "dist"}}', "src/index.ts": SERVIDOR,
                        "src/tools/a.ts": "export class A {}\n", "src/types.d.ts": "export type T = 1;\n",
                        "dist/tools/a.js": "export class A {}\n", "node_modules/x/index.ts": "export {}\n"})
    servidores, otras = fuentes_typescript(Proyecto(tmp_path))
    assert [p.relative_to(tmp_path).as_posix() for p in servidores] == ["src/index.ts"]
    assert [p.relative_to(tmp_path).as_posix() for p in otras] == ["src/tools/a.ts"]


def test_a_module_that_lists_tools_with_the_sdks_types_only_is_a_server(tmp_path):
    """A low-level server's list may live in a module that imports only the SDK's types (its `Server`
    passed in): naming ListToolsRequestSchema makes it a server source; the types alone do not."""
    lista = ('import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";\n'
             'export function setupTools(server: any) { server.setRequestHandler(ListToolsRequestSchema, async () => '
             '({ tools: [] })); }\n')
    solo_tipos = 'import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";\nexport const a = 1;\n'
    assert _fuentes(tmp_path, {"src/index.ts": SERVIDOR, "src/tools.ts": lista, "src/types.ts": solo_tipos}) == [
        "src/index.ts", "src/tools.ts"]


def test_a_module_that_registers_on_a_server_passed_in_is_a_server(tmp_path):
    """Tools registered on a server passed in (`registerTools(server: any)`, no SDK import), and a file
    that imports `McpServer` from a relative module (the SDK's own examples), are server sources; a
    module that names neither is not."""
    herramientas = 'export function registerTools(server: any) { server.registerTool("t", {}, async () => ({ content: [] })); }\n'
    relativo = 'import { McpServer } from "../../server/mcp.js";\nexport const s = new McpServer({ name: "s", version: "1" });\n'
    assert _fuentes(tmp_path, {"src/tools.ts": herramientas, "src/example.ts": relativo,
                               "src/util.ts": "export const tool = (x: string) => x;\n",
                               "src/a.test.ts": "// reads mcp_settings.json -> collectMcpServers\nexport {};\n"}) == [
        "src/example.ts", "src/tools.ts"]


def test_jsonc_keeps_strings_that_look_like_comments():
    assert leer_jsonc('{"a": "http://x/*y*/", // c\n "b": [1, 2,],}') == {"a": "http://x/*y*/", "b": [1, 2]}
    with pytest.raises(ValueError):
        leer_jsonc('{"a": }')
