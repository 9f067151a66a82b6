/**
 * @module
 * One guarded MCP session: the relay between a client and a server, with
 * `tools/list` filtered and pinned and every `tools/call` judged. The
 * transports are the SDK's (see transports.ts), or any object with the SDK's
 * Transport shape (an in-memory pair in tests).
 */

import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { Guard } from "../middleware/guard.ts";
import { judgeMcpCall, type ToolResult } from "./call-judge.ts";
import { DescriptionPins, type DescriptionChange } from "./description-pins.ts";
import type { Elicit, ElicitAnswer } from "./elicitation-approval.ts";
import { JsonRpcError, McpRelay } from "./relay.ts";
import { filterToolList } from "./tool-list-filter.ts";

export interface McpProxyOptions {
  guard: Guard;
  /** The proxied server's name as the policy's `allowed_servers` lists it. */
  server: string;
  /** List tools the policy can never allow (default false: they are hidden). */
  showDenied?: boolean;
  /** Pin tool descriptions: report changes; `block` hides and refuses a changed tool; `file` keeps pins across runs. */
  pins?: { block?: boolean; file?: string } | false;
  /** Ask the human through the client when it supports elicitation (default true). */
  elicitation?: boolean;
  /** Lines for the operator (stderr in the CLI); never protocol output. */
  log?: (line: string) => void;
  onDescriptionChange?: (change: DescriptionChange) => void;
  /**
   * Rewrites the client's answer to a server's `sampling/createMessage` before the server reads it (e.g. a
   * provider safety stop: a model turn cut off for safety must not hand the server tool calls). Absent: unchanged.
   */
  samplingResult?: (result: unknown) => unknown | Promise<unknown>;
}

/** A name the policy can read back unambiguously from `mcp__<server>__<tool>`. */
export function checkServerName(name: string): string | null {
  if (!/^[A-Za-z0-9._-]{1,128}$/.test(name)) return `the server name '${name}' must be 1-128 letters, digits, '.', '_' or '-'`;
  if (name.includes("__")) return `the server name '${name}' must not contain '__', which separates server and tool in 'mcp__<server>__<tool>'`;
  return null;
}

/** Whether declared client capabilities include form-mode elicitation. */
export function supportsFormElicitation(capabilities: Record<string, unknown> | undefined): boolean {
  const e = capabilities?.elicitation;
  if (e === null || typeof e !== "object" || Array.isArray(e)) return false;
  // An empty object is form mode (the first elicitation spec); a newer client lists `form` and/or `url`.
  return "form" in e || !("url" in e);
}

export function createMcpProxy(client: Transport, server: Transport, options: McpProxyOptions): McpRelay {
  const problem = checkServerName(options.server);
  if (problem) throw new TypeError(problem);
  const log = options.log ?? (() => {});
  const pins = options.pins === false ? null : new DescriptionPins({
    server: options.server,
    block: options.pins?.block,
    file: options.pins?.file,
    onChange: (change) => {
      log(`the description of tool '${change.tool}' changed (pinned ${change.pinned.slice(0, 16)}…, now ${change.seen.slice(0, 16)}…)${change.blocked ? "; the tool is blocked" : ""}`);
      options.onDescriptionChange?.(change);
    },
  });
  const relay: McpRelay = new McpRelay(client, server, {
    log,
    clientResult: options.samplingResult
      ? async (method, result) => (method === "sampling/createMessage" ? options.samplingResult!(result) : result)
      : undefined,
    listTools: (result) =>
      filterToolList(result, {
        guard: options.guard,
        server: options.server,
        pins,
        showDenied: options.showDenied,
        onHidden: (tool, why) => log(`tools/list: hid '${tool}' (${why})`),
      }).catch((error) => {
        throw new JsonRpcError(-32603, `portcullis: ${(error as Error).message}`);
      }),
    callTool: async (params, id, forward, cancelled) => {
      if (typeof params.name !== "string") throw new JsonRpcError(-32602, "tools/call params.name must be a string");
      // The question lapses with the call, or when the pending action would time out anyway.
      const askFor = (options.guard.options.approvals?.timeoutSeconds ?? 900) * 1000;
      const elicit: Elicit | null =
        options.elicitation !== false && supportsFormElicitation(relay.clientCapabilities)
          ? async (request) =>
            (await relay.requestClient("elicitation/create", request, AbortSignal.any([cancelled, AbortSignal.timeout(askFor)]))) as ElicitAnswer
          : null;
      return judgeMcpCall(
        { server: options.server, tool: params.name, arguments: params.arguments, callId: id },
        async (signal) => (await forward(signal)) as ToolResult,
        { guard: options.guard, elicit, blockedReason: pins ? (tool) => pins.blockedReason(tool) : undefined },
      );
    },
  });
  return relay;
}
