// A real SDK client talking, through the proxy (in this process), to a real MCP server over stdio.
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { ApprovalGate, MemoryApprovalStore } from "../../bindings/approvals/index.ts";
import { loadMcpGuard } from "../../bindings/mcp-proxy/web-like-tools.ts";
import { createMcpProxy, type McpProxyOptions } from "../../bindings/mcp-proxy/proxy.ts";
import type { McpRelay } from "../../bindings/mcp-proxy/relay.ts";

export const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
export const devServer = { command: process.execPath, args: [fixture("dev-server.mjs")] };

export interface Proxied {
  client: Client;
  /** The client's end of the in-memory link, for sending raw messages. */
  clientSide: Transport;
  relay: McpRelay;
  gate: ApprovalGate;
  logs: string[];
  close(): Promise<void>;
}

export interface ProxiedOptions extends Partial<Omit<McpProxyOptions, "guard">> {
  policy?: string;
  upstream?: { command: string; args: string[]; cwd?: string };
  /** Client capabilities (e.g. elicitation). */
  capabilities?: Record<string, unknown>;
  /** Set on the client before it connects. */
  setup?: (client: Client) => void;
}

export async function proxied(options: ProxiedOptions = {}): Promise<Proxied> {
  const gate = await ApprovalGate.create({ store: new MemoryApprovalStore() });
  const loaded = await loadMcpGuard(options.policy ?? fixture("dev-passport.json"), { approvals: gate });
  const upstream = options.upstream ?? devServer;
  const server = new StdioClientTransport({ ...upstream, stderr: "pipe" });
  const [clientSide, proxySide] = InMemoryTransport.createLinkedPair();
  const logs: string[] = [];
  const { policy: _p, upstream: _u, capabilities, setup, ...proxyOptions } = options;
  const relay = createMcpProxy(proxySide, server, { server: "dev", ...proxyOptions, guard: loaded.guard, log: (line) => logs.push(line) });
  await relay.start();
  const client = new Client({ name: "proxy-test-client", version: "1.0.0" }, { capabilities: capabilities ?? {} });
  setup?.(client);
  await client.connect(clientSide);
  return {
    client,
    clientSide,
    relay,
    gate,
    logs,
    async close() {
      await client.close();
      await relay.close();
      await gate.close();
    },
  };
}

/** The text of a tool result's first block. */
export function textOf(result: unknown): string {
  const content = (result as { content?: Array<{ text?: string }> }).content;
  return content?.[0]?.text ?? "";
}
