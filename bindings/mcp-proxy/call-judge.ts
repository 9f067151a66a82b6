/**
 * @module
 * Judging one MCP `tools/call`, shared by the proxy and the `portcullis/mcp`
 * adapter. The call is judged as the tool `mcp__<server>__<tool>`, so the
 * passport's `mcp.tool.execute` limits see the server and tool from the name
 * (never from the arguments the model wrote), and a tool named like a shell
 * is judged by `system.command.execute` as well (the policy core does both).
 *
 * Outcomes, as MCP tool results (the session goes on either way):
 * - allow: the tool runs (with an AbortSignal that fires at the policy's
 *   max_execution_time) and its result is sanitized when the guard has a
 *   sanitizer for that name;
 * - deny: `isError: true` with the DeerFlow-style denial text;
 * - ask: a pending action in the guard's ApprovalGate; when the client can
 *   answer an elicitation, the human is asked right there and the answer is
 *   recorded in the gate (signed, audited) before the call is judged again.
 */

import type { Guard } from "../middleware/guard.ts";
import { isBlockedToolResult, type BlockedToolResult } from "../middleware/index.ts";
import type { GuardrailRequest } from "../core/decision.ts";
import { askByElicitation, type Elicit } from "./elicitation-approval.ts";

/** The parts of an MCP CallToolResult the proxy writes. */
export interface ToolResult {
  content: Array<{ type: string; text?: string; [key: string]: unknown }>;
  isError?: boolean;
  [key: string]: unknown;
}

export interface McpCall {
  /** The server's name in the policy (`allowed_servers`). */
  server: string;
  tool: string;
  /** `params.arguments` as received; anything but an object (or absent) is refused. */
  arguments: unknown;
  /** The JSON-RPC request id, recorded as the tool_call_id. */
  callId?: string | number;
}

export interface JudgeMcpOptions {
  guard: Guard;
  /** Ask the human through the client (MCP elicitation); null when the client cannot. */
  elicit?: Elicit | null;
  /** Why the tool must not run whatever the policy says (a changed description), or null. */
  blockedReason?: (tool: string) => string | null;
}

/** The name the policy judges an MCP tool by. */
export function policyToolName(server: string, tool: string): string {
  return `mcp__${server}__${tool}`;
}

/** An error result the model reads; `_meta` carries the decision for clients that show it. */
export function errorResult(text: string, decision?: string, reasons: string[] = [], actionId?: string): ToolResult {
  const meta: Record<string, unknown> = { "portcullis/decision": decision ?? "deny", "portcullis/reasons": reasons };
  if (actionId !== undefined) meta["portcullis/action_id"] = actionId;
  return { content: [{ type: "text", text }], isError: true, _meta: meta };
}

function blockedToResult(blocked: BlockedToolResult): ToolResult {
  return errorResult(blocked.content, blocked.decision.decision, blocked.decision.reasons.map((r) => r.code), blocked.action_id);
}

/** Judge one call and run it only if allowed. Never throws for a refused call; errors of `run` propagate. */
export async function judgeMcpCall(
  call: McpCall,
  run: (signal: AbortSignal) => Promise<ToolResult>,
  options: JudgeMcpOptions,
): Promise<ToolResult> {
  const name = policyToolName(call.server, call.tool);
  const args = call.arguments === undefined ? {} : call.arguments;
  if (args === null || typeof args !== "object" || Array.isArray(args)) {
    return errorResult(`Guardrail denied: tool '${name}' was blocked (oap.invalid_context). Reason: the call's arguments must be a JSON object. Choose an alternative approach.`, "deny", ["oap.invalid_context"]);
  }
  const blocked = options.blockedReason?.(call.tool) ?? null;
  if (blocked !== null) {
    return errorResult(`Guardrail denied: tool '${name}' was blocked (portcullis.tool_description_changed). Reason: ${blocked}. Choose an alternative approach.`, "deny", ["portcullis.tool_description_changed"]);
  }
  const request: GuardrailRequest = { tool_name: name, tool_input: args as Record<string, unknown> };
  if (call.callId !== undefined) request.tool_call_id = String(call.callId);

  const first = await options.guard.guardToolCall(request, run);
  if (!isBlockedToolResult(first)) return first;
  const gate = options.guard.options.approvals;
  if (!first.pending || first.action_id === undefined || !gate || !options.elicit) return blockedToResult(first);

  // Ask right away in the client; the answer is the gate's decision, so it is signed and audited like one made on the page.
  const answer = await askByElicitation(options.elicit, gate, first, args as Record<string, unknown>);
  if (answer === "unanswered") return blockedToResult(first);
  const second = await options.guard.guardToolCall(request, run);
  return isBlockedToolResult(second) ? blockedToResult(second) : second;
}
