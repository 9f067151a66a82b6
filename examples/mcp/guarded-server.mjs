// The same tools, guarded inside the server with portcullis/mcp: each callback is judged before it runs.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import * as z from "zod/v4";
import { fileURLToPath } from "node:url";
import { guardMcpTool, loadMcpGuard } from "portcullis/mcp";

const { guard } = await loadMcpGuard(fileURLToPath(new URL("./passport.json", import.meta.url)));
const server = new McpServer({ name: "dev", version: "1.0.0" });
const guarded = (name, handler) => guardMcpTool(server, name, handler, { guard, server: "dev" });
const text = (t) => ({ content: [{ type: "text", text: t }] });
server.registerTool("bash", { description: "Run a shell command.", inputSchema: { command: z.string() } },
  guarded("bash", ({ command }) => text(`(would run: ${command})`)));
server.registerTool("read_notes", { description: "Read the team's notes." }, guarded("read_notes", () => text("Release on Friday.")));
server.registerTool("delete_everything", { description: "Delete all data." }, guarded("delete_everything", () => text("(would delete everything)")));
await server.connect(new StdioServerTransport());
