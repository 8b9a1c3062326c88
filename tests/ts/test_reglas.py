"""Every contract rule judges a TypeScript server as it judges a Python one: for each ORC1xx rule a
minimal TypeScript tool that breaks it (red: the rule fires, at the tool) and its nearest fix (green:
it does not), through `oracle-lint check --select`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from oracle_lint.linter.cli import main

CABEZA = '''import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod/v4";
import { api } from "api-client";

const server = new McpServer({ name: "s", version: "1" });
'''


def herramienta(salida: str, cuerpo: str, entrada: str = "{ q: z.string() }", anotaciones: str = "{ readOnlyHint: true }") -> str:
    """One McpServer tool `t`: its output schema, its handler's body (an expression), input and annotations."""
    return (CABEZA + f'server.registerTool("t", {{ inputSchema: {entrada}, outputSchema: {salida}, '
            f'annotations: {anotaciones} }}, async (args) => ({{ content: [], structuredContent: {cuerpo} }}));\n')


def bajo_nivel(salida: str) -> str:
    """One low-level tool `t` whose output schema is the JSON literal `salida` and no branch dispatches it."""
    return (CABEZA + 'const bajo = new Server({ name: "b", version: "1" }, { capabilities: { tools: {} } });\n'
            f'bajo.setRequestHandler(ListToolsRequestSchema, async () => ({{ tools: [{{ name: "t", inputSchema: '
            f'{{ type: "object" }}, outputSchema: {salida} }}] }}));\n')


ECO = "(await api.get())"
CASOS = {
    "ORC101": (herramienta("z.looseObject({ a: z.string() })", '{ a: "x" }'),
               herramienta("z.object({ a: z.string() })", '{ a: "x" }')),
    "ORC102": (herramienta("z.looseObject({ a: z.string() })", ECO),
               herramienta("z.looseObject({ a: z.string() })", '{ a: "x" }')),
    "ORC103": (herramienta("z.object({ a: z.string() })", ECO),
               herramienta("z.looseObject({ a: z.string() })", ECO)),
    "ORC104": (herramienta("z.object({ a: z.string() })", "args"),
               herramienta("z.object({ a: z.string() })", "{ a: args.q.length > 0 ? 'x' : 'y' }")),
    "ORC105": (herramienta("z.object({ a: z.string() })", '{ a: "x", b: 1 }'),
               herramienta("z.object({ a: z.string(), b: z.number() })", '{ a: "x", b: 1 }')),
    "ORC106": (herramienta("z.looseObject({})", "{ a: 1 }"),
               herramienta("z.object({ a: z.number() })", "{ a: 1 }")),
    "ORC107": (herramienta("z.object({ message: z.string() })", '{ message: "m" }'),
               herramienta("z.object({ code: z.string(), message: z.string() })", '{ code: "c", message: "m" }')),
    "ORC108": (herramienta("z.object({ a: z.union([z.object({ x: z.string() }), z.array(z.string())]) })", "{ a: [] }"),
               herramienta("z.object({ a: z.array(z.string()) })", "{ a: [] }")),
    "ORC109": (herramienta("z.object({ a: z.number() })", "{ a: 1 }",
                           entrada="{ f: z.union([z.object({ x: z.string() }), z.array(z.string())]) }"),
               herramienta("z.object({ a: z.number() })", "{ a: 1 }", entrada="{ f: z.array(z.string()) }")),
    "ORC110": (herramienta("z.looseObject({ a: z.number() })", f"{{ a: 1, ...{ECO} }}"),
               herramienta("z.looseObject({ a: z.number() })", f"{{ ...{ECO}, a: 1 }}")),
    "ORC111": (herramienta("z.object({ complete: z.boolean() })", "{ complete: true }"),
               herramienta("z.object({ complete: z.boolean() })", "{ complete: false }")),
    "ORC112": (bajo_nivel('{ type: "object", properties: { a: { type: "strng" } }, additionalProperties: false }'),
               bajo_nivel('{ type: "object", properties: { a: { type: "string" } }, additionalProperties: false }')),
    "ORC113": (bajo_nivel('{ type: "object", properties: { a: { type: "string" } } }'),
               bajo_nivel('{ type: "object", properties: { a: { type: "string" } }, additionalProperties: false }')),
    "ORC114": (herramienta("z.object({ items: z.array(z.string()), empty: z.boolean() })", "{ items: [], empty: true }"),
               herramienta("z.object({ items: z.array(z.string()) })", "{ items: [] }")),
    "ORC115": (herramienta("z.object({ q: z.string() })", "{ q: args.q }", anotaciones="{ readOnlyHint: false }"),
               herramienta("z.object({ q: z.string() })", "{ q: args.q }", anotaciones="{ readOnlyHint: true }")),
    "ORC116": (herramienta("z.object({ q: z.string() })", '{ q: "updated" }', anotaciones="{}"),
               herramienta("z.object({ q: z.string() })", '{ q: "updated" }', anotaciones="{ readOnlyHint: true }")),
}


def _check(tmp_path: Path, codigo: str, fuente: str) -> tuple[int, list[dict]]:
    (tmp_path / "pyproject.toml").write_text("[tool.oracle]\n", encoding="utf-8")
    (tmp_path / "server.ts").write_text(fuente, encoding="utf-8")
    r = CliRunner().invoke(main, ["check", "--no-cache", "--select", codigo, "--format", "json", "--project", str(tmp_path)])
    return r.exit_code, json.loads(r.stdout)["findings"]


def test_every_contract_rule_from_the_source_has_a_typescript_case():
    assert sorted(CASOS) == [f"ORC{n}" for n in range(101, 117)]


@pytest.mark.parametrize("codigo", sorted(CASOS))
def test_red_fires_at_the_tool(tmp_path, codigo):
    salida, hallazgos = _check(tmp_path, codigo, CASOS[codigo][0])
    assert salida == 1, hallazgos
    assert hallazgos and {(h["code"], h["tool"], h["path"]) for h in hallazgos} == {(codigo, "t", "server.ts")}, hallazgos


@pytest.mark.parametrize("codigo", sorted(CASOS))
def test_green_does_not(tmp_path, codigo):
    assert _check(tmp_path, codigo, CASOS[codigo][1]) == (0, [])


def _con_cuerpo(cuerpo: str) -> str:
    """One unannotated McpServer tool `t` whose handler's body is `cuerpo` (statements)."""
    return (CABEZA + 'server.registerTool("t", { inputSchema: { q: z.string() }, outputSchema: '
            '{ status: z.string() }, annotations: {} }, async (args) => {\n' + cuerpo + '\n});\n')


@pytest.mark.parametrize("cuerpo,rojo", [
    # the word the user's answer was just compared with: what the call observed, no certified write
    ("const r = await api.elicit(); if (r.action === 'cancel') "
     "{ return { content: [], structuredContent: { status: 'cancelled' } }; } return { content: [], structuredContent: { status: 'kept' } };",
     False),
    # the same word with no test, or compared with the tool's own argument: a claimed outcome
    ("await api.cancel(); return { content: [], structuredContent: { status: 'cancelled' } };", True),
    ("if (args.q === 'cancel') { await api.cancel(); return { content: [], structuredContent: { status: 'cancelled' } }; } "
     "return { content: [], structuredContent: { status: 'kept' } };", True),
])
def test_an_observed_outcome_word_is_no_certification(tmp_path, cuerpo, rojo):
    salida, hallazgos = _check(tmp_path, "ORC116", _con_cuerpo(cuerpo))
    assert (salida, [(h["code"], h["tool"]) for h in hallazgos]) == ((1, [("ORC116", "t")]) if rojo else (0, []))
