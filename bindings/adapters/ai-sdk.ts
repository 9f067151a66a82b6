/**
 * @module
 * portcullis for the Vercel AI SDK (`ai` 7): spread `guard.wrap(tools)` into
 * generateText / streamText / ToolLoopAgent.
 *
 * - Every call runs through guardToolCall inside the tool's `execute`: a
 *   deny (or a call the gate refuses) reaches the model as a tool error
 *   carrying the denial text, and the run goes on.
 * - An ask becomes the SDK's own pause: `toolApproval` returns
 *   `user-approval`, the result carries a `tool-approval-request`, and the
 *   ApprovalGate holds the pending action (signed, audited, on the page).
 *   `guard.respond()` records a decision taken in your UI in the gate and
 *   gives the `tool-approval-response` to send back; `guard.resume()` turns
 *   decisions taken on the page into the same responses.
 * - `guard.safetyStop` is a language-model middleware: a turn the provider
 *   stopped for safety loses its tool calls before the SDK can run them.
 */

import type {
  LanguageModelMiddleware, ModelMessage, ToolApprovalResponse,
  ToolApprovalStatus, ToolExecutionOptions, ToolSet, TypedToolCall,
} from "ai";
import { applySafetyStop, guardToolCall, isBlockedToolResult, SHAPE_CODES, SafetyCheckError, type SafetyCore, type SafetyShape } from "portcullis";
import { preflight, recordDecision, findAction, settledDecision, toRequest, type AdapterOptions, type FrameworkDecision } from "./approval-view.ts";

export type { AdapterOptions as AiSdkGuardOptions, FrameworkDecision } from "./approval-view.ts";

/** A `tool-approval-request` as it appears in `result.content` or an assistant message. */
export interface ApprovalRequestPart {
  type: "tool-approval-request";
  approvalId: string;
  toolCall?: { toolCallId: string; toolName: string; input: unknown };
  toolCallId?: string;
}

export interface GuardedTools<TOOLS extends ToolSet> {
  tools: TOOLS;
  /** A generic `toolApproval` function: it sees every call of the step. */
  toolApproval: (options: { toolCall: TypedToolCall<TOOLS> }) => Promise<ToolApprovalStatus>;
}

export class AiSdkGuard {
  constructor(readonly options: AdapterOptions) {}

  /** The tools with guarded `execute`, and the `toolApproval` that pauses on ask. Spread both into the call. */
  wrap<TOOLS extends ToolSet>(tools: TOOLS): GuardedTools<TOOLS> {
    const wrapped: Record<string, unknown> = {};
    for (const [name, tool] of Object.entries(tools)) {
      const execute = tool.execute;
      wrapped[name] = execute ? { ...tool, execute: this.#guardExecute(name, execute) } : tool;
    }
    const toolApproval: GuardedTools<TOOLS>["toolApproval"] = async ({ toolCall }) => {
      const gate = await preflight(toRequest(this.options, toolCall.toolName, toolCall.input, toolCall.toolCallId), this.options);
      if (gate.kind === "ask") return { type: "user-approval", reason: gate.message };
      if (gate.kind === "deny") return { type: "denied", reason: gate.message };
      return "not-applicable";
    };
    return { tools: wrapped as TOOLS, toolApproval };
  }

  /** Record a decision taken in your UI in the gate; send the returned part back in a `tool` message. */
  async respond(part: ApprovalRequestPart, messages: readonly ModelMessage[], decision: FrameworkDecision): Promise<ToolApprovalResponse> {
    const call = toolCallOf(part, messages);
    const action = await recordDecision(this.options, toRequest(this.options, call.toolName, call.input, call.toolCallId), decision);
    const settled = settledDecision(action) ?? { approved: false, reason: "the approval is still pending" };
    return { type: "tool-approval-response", approvalId: part.approvalId, approved: settled.approved, reason: settled.reason };
  }

  /**
   * The responses for the approval requests in `messages` that the gate has
   * settled (on the page or the HTTP API). Send them back in a `tool` message
   * and call the model again; requests still pending are left out.
   */
  async resume(messages: readonly ModelMessage[]): Promise<ToolApprovalResponse[]> {
    const gate = this.options.approvals;
    if (!gate) return [];
    const answered = new Set<string>();
    for (const message of messages) {
      if (message.role !== "tool") continue;
      for (const part of message.content) if (part.type === "tool-approval-response") answered.add(part.approvalId);
    }
    const out: ToolApprovalResponse[] = [];
    for (const part of approvalRequests(messages)) {
      if (answered.has(part.approvalId)) continue;
      const call = toolCallOf(part, messages);
      const settled = settledDecision(await findAction(gate, toRequest(this.options, call.toolName, call.input, call.toolCallId)));
      if (settled) out.push({ type: "tool-approval-response", approvalId: part.approvalId, ...settled });
    }
    return out;
  }

  /**
   * Language-model middleware (`wrapLanguageModel({ model, middleware })`):
   * a turn the provider stopped for safety (e.g. raw `content_filter` under a
   * unified `tool-calls`) is rewritten without its tool calls, in
   * doGenerate results and in streams (tool calls are held until `finish`).
   */
  safetyStop(core: SafetyCore): LanguageModelMiddleware {
    return {
      specificationVersion: "v4",
      wrapGenerate: async ({ doGenerate }) => checkTurn(core, await doGenerate()),
      wrapStream: async ({ doStream }) => {
        const { stream, ...rest } = await doStream();
        type Part = typeof stream extends ReadableStream<infer P> ? P : never;
        const held: Part[] = [];
        const text: string[] = [];
        return {
          ...rest,
          stream: stream.pipeThrough(new TransformStream<Part, Part>({
            transform(part, controller) {
              if (part.type === "tool-call") return void held.push(part);
              if (part.type === "text-delta") text.push(part.delta);
              if (part.type !== "finish") return controller.enqueue(part);
              const turn = checkTurn(core, {
                content: [...(text.length ? [{ type: "text" as const, text: text.join("") }] : []), ...held],
                finishReason: part.finishReason,
                providerMetadata: part.providerMetadata,
              });
              for (const kept of turn.content) if (kept.type === "tool-call") controller.enqueue(kept);
              controller.enqueue({ ...part, finishReason: turn.finishReason, providerMetadata: turn.providerMetadata });
            },
          })),
        };
      },
    };
  }

  #guardExecute(name: string, execute: (input: never, options: ToolExecutionOptions<never>) => unknown) {
    return async (input: never, options: ToolExecutionOptions<never>) => {
      const request = toRequest(this.options, name, input, options.toolCallId);
      const result = await guardToolCall(request, (signal) => execute(input, { ...options, abortSignal: anySignal(signal, options.abortSignal) }), this.options);
      // The SDK hands a thrown error's message to the model as the tool's error output.
      if (isBlockedToolResult(result)) throw new Error(result.content);
      return result;
    };
  }
}

export function createAiSdkGuard(options: AdapterOptions): AiSdkGuard {
  return new AiSdkGuard(options);
}

type Turn = { content: Array<{ type: string }>; finishReason: unknown; providerMetadata?: unknown };

/** The safety-stop shape of AI SDK model turns; a core without it refuses explicitly instead of guessing. */
const SHAPE = "ai_sdk" as SafetyShape;

function checkTurn<T extends Turn>(core: SafetyCore, turn: T): T {
  if (!(SHAPE in SHAPE_CODES)) {
    throw new SafetyCheckError(`unknown shape: this portcullis core has no '${SHAPE}' safety shape, so the turn's tool calls must not run`);
  }
  const result = applySafetyStop(turn, { core, shape: SHAPE });
  return result.terminated ? (result.message as T) : turn;
}

function approvalRequests(messages: readonly ModelMessage[]): ApprovalRequestPart[] {
  const out: ApprovalRequestPart[] = [];
  for (const message of messages) {
    if (message.role !== "assistant" || typeof message.content === "string") continue;
    for (const part of message.content) if (part.type === "tool-approval-request") out.push(part);
  }
  return out;
}

/** The tool call an approval request is for, read from the conversation (never from the request's own copy alone). */
function toolCallOf(part: ApprovalRequestPart, messages: readonly ModelMessage[]): { toolCallId: string; toolName: string; input: unknown } {
  const id = part.toolCall?.toolCallId ?? part.toolCallId;
  for (const message of messages) {
    if (message.role !== "assistant" || typeof message.content === "string") continue;
    for (const p of message.content) if (p.type === "tool-call" && p.toolCallId === id) return p;
  }
  if (part.toolCall) return part.toolCall;
  throw new TypeError(`no tool call '${id}' for approval '${part.approvalId}' in the messages`);
}

function anySignal(a: AbortSignal, b: AbortSignal | undefined): AbortSignal {
  return b ? AbortSignal.any([a, b]) : a;
}
