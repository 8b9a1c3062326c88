// What the MCP TypeScript SDK lists for zod schemas (bench/zod_sdk.py runs it; not run in CI).
// Usage, from a project directory with the SDK and one zod installed:
//   node listar.mjs <casos.json> <group> [<group> ...] > out.json
// Each case is a zod expression, used as a tool's inputSchema and outputSchema; one McpServer and one
// Client per case (a failing case cannot affect the others); the listing's schemas, or the error (when
// both sides fail together, the input side listed alone, the output side keeping the error).
import { readFileSync } from "node:fs";
import { z } from "zod";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";

const [file, ...groups] = process.argv.slice(2);
const all = JSON.parse(readFileSync(file, "utf8"));
const cases = groups.flatMap((g) => all[g]);
const out = {};
const msg = (e) => (e && e.message !== undefined ? String(e.message) : String(e));

for (const [i, expr] of cases.entries()) {
  const name = "t" + i;
  let X;
  try {
    X = new Function("z", "return (" + expr + ")")(z);
  } catch (e) { out[expr] = { error: "build: " + msg(e) }; continue; }
  const server = new McpServer({ name: "s", version: "1.0.0" });
  const useRegister = typeof server.registerTool === "function";
  try {
    if (useRegister) {
      server.registerTool(name, { inputSchema: X, outputSchema: X }, async () => ({ content: [] }));
    } else {
      server.tool(name, X, async () => ({ content: [] }));
    }
  } catch (e) { out[expr] = { error: "register: " + msg(e) }; continue; }
  const client = new Client({ name: "c", version: "1.0.0" });
  const [ct, st] = InMemoryTransport.createLinkedPair();
  try {
    await Promise.all([client.connect(ct), server.connect(st)]);
    const res = await client.listTools();
    const t = res.tools.find((t) => t.name === name);
    if (!t) throw new Error("tool not listed");
    out[expr] = useRegister ? { input: t.inputSchema, output: t.outputSchema } : { input: t.inputSchema };
  } catch (e) {
    out[expr] = { error: "listTools: " + msg(e) };
  } finally {
    await client.close().catch(() => {});
    await server.close().catch(() => {});
  }
  // a listing that failed with both sides: the input side alone (zod 4 lists a transform's input side)
  if (out[expr].error && useRegister) {
    const solo = await listInputOnly(name, X);
    if (solo.schema) out[expr] = { input: solo.schema, output: { error: out[expr].error } };
  }
}

async function listInputOnly(name, X) {
  const server = new McpServer({ name: "s", version: "1.0.0" });
  const client = new Client({ name: "c", version: "1.0.0" });
  try {
    server.registerTool(name, { inputSchema: X }, async () => ({ content: [] }));
    const [ct, st] = InMemoryTransport.createLinkedPair();
    await Promise.all([client.connect(ct), server.connect(st)]);
    const res = await client.listTools();
    const t = res.tools.find((t) => t.name === name);
    return t ? { schema: t.inputSchema } : { error: "tool not listed" };
  } catch (e) {
    return { error: msg(e) };
  } finally {
    await client.close().catch(() => {});
    await server.close().catch(() => {});
  }
}
process.stdout.write(JSON.stringify(out, null, 1));
