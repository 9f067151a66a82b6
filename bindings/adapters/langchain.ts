/**
 * @module
 * portcullis for LangChain v1 agents: `createAgent({ ..., middleware: [portcullisMiddleware(options)] })`.
 *
 * - wrapToolCall runs every call through guardToolCall; a deny (or a call the
 *   gate refuses) becomes a `ToolMessage` with `status: "error"` carrying the
 *   denial text, and the run goes on.
 * - An ask raises LangGraph's `interrupt()` with the request shape of
 *   LangChain's humanInTheLoopMiddleware (the action, its arguments, the
 *   allowed decisions approve / edit / reject). The ApprovalGate holds the
 *   pending action; the resume value (`{ decisions: [...] }`) is recorded in
 *   it (signed, audited), and a decision taken on the page resumes the run on
 *   `Command({ resume })` whatever the value says: the gate's record wins.
 *   An edit is judged by the policy again before it counts.
 * - With `safety`, afterModel rewrites a turn the provider stopped for
 *   safety into a real AIMessage whose tool calls are gone everywhere.
 */

import { AIMessage, ToolMessage, createMiddleware, type AgentMiddleware, type HITLRequest, type HITLResponse } from "langchain";
import { interrupt } from "@langchain/langgraph";
import {
  ApprovalError, applySafetyStop, guardToolCall, isBlockedToolResult,
  type BlockedToolResult, type GuardrailRequest, type SafetyCore,
} from "portcullis";
import { recordDecision, toRequest, type AdapterOptions, type FrameworkDecision } from "./approval-view.ts";

export interface LangChainGuardOptions extends AdapterOptions {
  /** The safety-stop detectors (`createSafetyCore()`); without it, afterModel is not installed. */
  safety?: SafetyCore;
}

export function portcullisMiddleware(options: LangChainGuardOptions): AgentMiddleware {
  return createMiddleware({
    name: "PortcullisMiddleware",
    wrapToolCall: async (request, handler) => {
      const { toolCall } = request;
      const threadId = request.runtime.configurable?.thread_id;
      const judged = withThread(toRequest(options, toolCall.name, toolCall.args, toolCall.id), threadId);
      const run = (call: GuardrailRequest) =>
        guardToolCall(call, () => handler({ ...request, toolCall: { ...toolCall, args: call.tool_input } }), options);
      let result = await run(judged);
      if (isBlockedToolResult(result) && result.approval) {
        // LangGraph re-runs this node on resume: interrupt() then returns the resume value.
        const answer = interrupt<HITLRequest, unknown>(reviewRequest(judged, result));
        const decision = toDecision(answer, judged);
        try {
          if (decision) await recordDecision(options, judged, decision);
        } catch (error) {
          // An edit the policy refuses is no approval: the model hears why, the action stays pending.
          if (!(error instanceof ApprovalError)) throw error;
          const code = error.code;
          return new ToolMessage({ content: `Guardrail: the reviewed call was not approved (${code}): ${error.message}`, tool_call_id: toolCall.id ?? "", name: toolCall.name, status: "error" });
        }
        result = await run(decision?.editedInput ? { ...judged, tool_input: decision.editedInput } : judged);
      }
      if (!isBlockedToolResult(result)) return result;
      return new ToolMessage({ content: result.content, tool_call_id: toolCall.id ?? result.tool_call_id, name: toolCall.name, status: "error" });
    },
    ...(options.safety ? { afterModel: afterModel(options.safety) } : {}),
  });
}

function withThread(request: GuardrailRequest, threadId: string | undefined): GuardrailRequest {
  return request.thread_id == null && threadId !== undefined ? { ...request, thread_id: threadId } : request;
}

function reviewRequest(request: GuardrailRequest, blocked: BlockedToolResult): HITLRequest {
  return {
    actionRequests: [{ name: request.tool_name, args: request.tool_input, description: blocked.content }],
    reviewConfigs: [{ actionName: request.tool_name, allowedDecisions: ["approve", "edit", "reject"] }],
  };
}

/** The first decision of a HITLResponse; anything else is no decision (the gate's record stands). */
function toDecision(answer: unknown, request: GuardrailRequest): FrameworkDecision | null {
  const decisions = (answer as Partial<HITLResponse> | null)?.decisions;
  const first = Array.isArray(decisions) ? decisions[0] : undefined;
  if (!first || typeof first !== "object") return null;
  if (first.type === "approve") return { approved: true };
  if (first.type === "reject") return { approved: false, message: typeof first.message === "string" ? first.message : undefined };
  if (first.type === "edit" && first.editedAction?.name === request.tool_name && isRecord(first.editedAction.args)) {
    return { approved: true, editedInput: first.editedAction.args };
  }
  return null; // an edit that renames the tool, or malformed: not an approval
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function afterModel(core: SafetyCore) {
  return (state: { messages: unknown[] }) => {
    const last = state.messages.at(-1);
    if (!AIMessage.isInstance(last)) return undefined;
    const result = applySafetyStop(last, { core, shape: "langchain" });
    if (!result.terminated) return undefined;
    const rewritten = result.message as { content?: AIMessage["content"]; additional_kwargs?: Record<string, unknown> };
    const { tool_calls: _raw, function_call: _fn, ...kwargs } = rewritten.additional_kwargs ?? last.additional_kwargs;
    // A real AIMessage, same id (the messages reducer replaces the turn), no tool call left in any field.
    const clean = new AIMessage({
      id: last.id,
      name: last.name,
      content: rewritten.content ?? last.content,
      tool_calls: [],
      invalid_tool_calls: [],
      additional_kwargs: { ...kwargs, safety_termination: result.metadata },
      response_metadata: last.response_metadata,
    });
    return { messages: [clean] };
  };
}
