// An ordinary MCP server with no guard of its own: `bash` only says what it would run.
// `portcullis mcp-proxy` puts it behind a policy without changing a line here.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import * as z from "zod/v4";

const server = new McpServer({ name: "dev", version: "1.0.0" });
const text = (t) => ({ content: [{ type: "text", text: t }] });
server.registerTool("bash", { description: "Run a shell command.", inputSchema: { command: z.string() } }, ({ command }) => text(`(would run: ${command})`));
server.registerTool("read_notes", { description: "Read the team's notes." }, () => text("Release on Friday."));
server.registerTool("delete_everything", { description: "Delete all data." }, () => text("(would delete everything)"));
await server.connect(new StdioServerTransport());
