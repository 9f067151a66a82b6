// A Streamable HTTP MCP server on 127.0.0.1 (SDK server transport), for the proxy's --url mode.
import { createServer, type Server as HttpServer } from "node:http";
import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";

export interface HttpMcp {
  url: string;
  calls: string[];
  close(): Promise<void>;
}

export async function startHttpMcp(): Promise<HttpMcp> {
  const calls: string[] = [];
  const server = new Server({ name: "http-fixture", version: "1.0.0" }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [
      { name: "shell", description: "Run a command.", inputSchema: { type: "object", properties: { command: { type: "string" } } } },
      { name: "delete_everything", description: "Deletes all data.", inputSchema: { type: "object", properties: {} } },
    ],
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const args = (request.params.arguments ?? {}) as Record<string, unknown>;
    calls.push(`${request.params.name}:${String(args.command ?? "")}`);
    return { content: [{ type: "text", text: `ran: ${String(args.command ?? "")}` }] };
  });
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID() });
  await server.connect(transport);
  const http: HttpServer = createServer((req, res) => void transport.handleRequest(req, res));
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    calls,
    async close() {
      await server.close();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
