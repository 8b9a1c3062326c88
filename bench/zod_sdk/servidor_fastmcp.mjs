// A fastmcp (TypeScript) server with one tool per zod case, its `parameters` and `outputSchema` the case
// (a raw shape wrapped in z.object), started on stdio: bench/zod_sdk.py lists it with the probe's client.
// Usage, from a project directory with fastmcp and one zod installed: node servidor_fastmcp.mjs <cases.json>
import { readFileSync } from "node:fs";
import { FastMCP } from "fastmcp";
import { z } from "zod";
const casos = JSON.parse(readFileSync(process.argv[2], "utf8"));
const server = new FastMCP({ name: "fm", version: "1.0.0" });
const nombres = {};
casos.forEach((expr, i) => {
  let X;
  try { X = new Function("z", "return (" + expr + ")")(z); } catch (e) { return; }
  if (!X || !X["~standard"]) X = z.object(X);
  try {
    server.addTool({ name: "t" + i, description: "d", parameters: X, outputSchema: X, execute: async () => "x" });
    nombres["t" + i] = expr;
  } catch (e) {}
});
process.stderr.write(JSON.stringify(nombres) + "\n");
server.start({ transportType: "stdio" });
