/**
 * @module
 * The SDK transports the CLI proxies between: the client on this process's
 * stdin/stdout, the server as a child process (stdio) or at a URL
 * (Streamable HTTP). The SDK is an optional peer dependency, loaded only
 * when a proxy starts.
 */

import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";

export type Upstream =
  | { command: string; args: string[]; env?: Record<string, string>; cwd?: string }
  | { url: string; headers?: Record<string, string> };

async function sdk<T>(path: string): Promise<T> {
  try {
    return (await import(path)) as T;
  } catch (error) {
    throw new Error(`the MCP proxy needs @modelcontextprotocol/sdk (npm install @modelcontextprotocol/sdk): ${(error as Error).message}`);
  }
}

/** The server side: a child process speaking stdio (its stderr goes to ours), or a Streamable HTTP endpoint. */
export async function upstreamTransport(upstream: Upstream): Promise<Transport> {
  if ("url" in upstream) {
    const { StreamableHTTPClientTransport } = await sdk<typeof import("@modelcontextprotocol/sdk/client/streamableHttp.js")>("@modelcontextprotocol/sdk/client/streamableHttp.js");
    return new StreamableHTTPClientTransport(new URL(upstream.url), { requestInit: { headers: upstream.headers ?? {} } });
  }
  const { StdioClientTransport } = await sdk<typeof import("@modelcontextprotocol/sdk/client/stdio.js")>("@modelcontextprotocol/sdk/client/stdio.js");
  return new StdioClientTransport({
    command: upstream.command,
    args: upstream.args,
    // The whole environment: a client's config sets the server's variables (tokens, paths) on the proxy.
    env: { ...stringEnv(process.env), ...(upstream.env ?? {}) },
    cwd: upstream.cwd,
    stderr: "inherit",
  });
}

/** The client side: this process's stdin and stdout. */
export async function stdioDownstream(stdin: NodeJS.ReadableStream = process.stdin, stdout: NodeJS.WritableStream = process.stdout): Promise<Transport> {
  const { StdioServerTransport } = await sdk<typeof import("@modelcontextprotocol/sdk/server/stdio.js")>("@modelcontextprotocol/sdk/server/stdio.js");
  const transport = new StdioServerTransport(stdin as never, stdout as never);
  // The SDK transport does not close when stdin ends; a client that went away must stop the server too.
  const gone = () => void transport.close();
  stdin.once("end", gone);
  stdin.once("close", gone);
  return transport;
}

function stringEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => typeof e[1] === "string"));
}
