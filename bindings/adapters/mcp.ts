/**
 * @module
 * portcullis/mcp: guard MCP servers and clients written with
 * `@modelcontextprotocol/sdk`. Every call is judged as `mcp__<server>__<tool>`
 * by the guard (a Guard from loadGuard / loadMcpGuard), the same way the
 * `portcullis mcp-proxy` command judges the calls it relays:
 *
 * - deny: an `isError` tool result with the DeerFlow-style denial text;
 * - ask: MCP elicitation when the client supports it (server side), else a
 *   pending action in the guard's ApprovalGate (approval page / HTTP API);
 *   either way the decision is recorded in the gate, signed and audited;
 * - allow: the tool runs, with an AbortSignal that fires at the policy's
 *   max_execution_time, and its result sanitized when the guard sanitizes
 *   that name (web-like MCP tools by default with loadMcpGuard).
 *
 * The SDK is an optional peer dependency; this module only uses the objects
 * you pass in.
 */

import type { Guard } from "../middleware/guard.ts";
import { judgeMcpCall, type ToolResult } from "../mcp-proxy/call-judge.ts";
import type { Elicit, ElicitAnswer, ElicitRequest } from "../mcp-proxy/elicitation-approval.ts";
import { checkServerName, supportsFormElicitation } from "../mcp-proxy/proxy.ts";

export { loadMcpGuard, makeMcpSanitizer, MCP_WEB_LIKE_PATTERNS } from "../mcp-proxy/web-like-tools.ts";
export { policyToolName, judgeMcpCall, type McpCall, type ToolResult, type JudgeMcpOptions } from "../mcp-proxy/call-judge.ts";
export { createMcpProxy, checkServerName, type McpProxyOptions } from "../mcp-proxy/proxy.ts";
export { DescriptionPins, toolDigest, type DescriptionChange } from "../mcp-proxy/description-pins.ts";
export { ELICITATION_APPROVER, type ElicitRequest, type ElicitAnswer } from "../mcp-proxy/elicitation-approval.ts";

export interface McpGuardOptions {
  guard: Guard;
  /** The server's name in the policy (`allowed_servers`): tools are judged as `mcp__<server>__<tool>`. */
  server: string;
  /** Ask the human through the client when it supports elicitation (default true; server side only). */
  elicitation?: boolean;
}

/** The low-level SDK Server methods the adapter uses (McpServer exposes one as `.server`). */
interface LowLevelServer {
  getClientCapabilities(): Record<string, unknown> | undefined;
  elicitInput(params: ElicitRequest): Promise<ElicitAnswer>;
}
type AnyServer = LowLevelServer | { server: LowLevelServer };

/** What an SDK request handler gets as its second argument (only these fields are read). */
interface HandlerExtra {
  signal?: AbortSignal;
  requestId?: string | number;
}

/** A wrapper without a guard, or with a server name the policy cannot read back, is a mistake to report at once. */
function checkOptions(options: { guard?: unknown; server: string }): void {
  if (!options?.guard) throw new TypeError("portcullis/mcp: options.guard is required (a Guard from loadMcpGuard or loadGuard)");
  const problem = checkServerName(options.server);
  if (problem) throw new TypeError(`portcullis/mcp: ${problem}`);
}

function lowLevel(server: AnyServer): LowLevelServer {
  return "server" in server && server.server && typeof server.server.elicitInput === "function" ? server.server : (server as LowLevelServer);
}

function elicitFor(server: AnyServer, options: McpGuardOptions): Elicit | null {
  if (options.elicitation === false) return null;
  const low = lowLevel(server);
  if (!supportsFormElicitation(low.getClientCapabilities())) return null;
  return (request) => low.elicitInput(request);
}

/** The handler's signal, aborted also when the policy's time limit fires. */
function withSignal<E extends HandlerExtra>(extra: E, limit: AbortSignal): E {
  const signal = extra?.signal ? AbortSignal.any([extra.signal, limit]) : limit;
  return { ...extra, signal };
}

/**
 * Wrap one tool callback of an `McpServer`:
 * `server.registerTool("bash", config, guardMcpTool(server, "bash", handler, {guard, server: "dev"}))`.
 */
export function guardMcpTool<A, E extends HandlerExtra, R extends object>(
  server: AnyServer,
  tool: string,
  handler: (args: A, extra: E) => R | Promise<R>,
  options: McpGuardOptions,
): (args: A, extra: E) => Promise<R> {
  checkOptions(options);
  return async (args, extra) => {
    const result = await judgeMcpCall(
      { server: options.server, tool, arguments: args, callId: extra?.requestId },
      async (signal) => (await handler(args, withSignal(extra, signal))) as unknown as ToolResult,
      { guard: options.guard, elicit: elicitFor(server, options) },
    );
    return result as unknown as R;
  };
}

/**
 * Wrap a low-level `tools/call` handler:
 * `server.setRequestHandler(CallToolRequestSchema, guardCallToolHandler(server, handler, options))`.
 */
export function guardCallToolHandler<Q extends { params: { name: string; arguments?: Record<string, unknown> } }, E extends HandlerExtra, R extends object>(
  server: AnyServer,
  handler: (request: Q, extra: E) => R | Promise<R>,
  options: McpGuardOptions,
): (request: Q, extra: E) => Promise<R> {
  checkOptions(options);
  return async (request, extra) => {
    const result = await judgeMcpCall(
      { server: options.server, tool: String(request?.params?.name), arguments: request?.params?.arguments, callId: extra?.requestId },
      async (signal) => (await handler(request, withSignal(extra, signal))) as unknown as ToolResult,
      { guard: options.guard, elicit: elicitFor(server, options) },
    );
    return result as unknown as R;
  };
}

/** The SDK Client method the adapter uses. */
interface CallingClient {
  callTool(params: { name: string; arguments?: Record<string, unknown> }, resultSchema?: undefined, options?: { signal?: AbortSignal }): Promise<unknown>;
}

/**
 * Judge a call before an SDK `Client` sends it: a denied (or pending) call
 * never reaches the server and comes back as an `isError` result.
 */
export async function guardedCallTool(
  client: CallingClient,
  params: { name: string; arguments?: Record<string, unknown> },
  options: Omit<McpGuardOptions, "elicitation">,
): Promise<ToolResult> {
  checkOptions(options);
  return judgeMcpCall(
    { server: options.server, tool: params.name, arguments: params.arguments },
    async (signal) => (await client.callTool(params, undefined, { signal })) as ToolResult,
    { guard: options.guard, elicit: null },
  );
}
