/**
 * @module
 * portcullis for the OpenAI Agents SDK (`@openai/agents`): build tools with
 * `guard.tool({...})` instead of `tool({...})`.
 *
 * - A deny reaches the model through the SDK's own tool input guardrail
 *   (`rejectContent` with the denial text); the run goes on.
 * - An ask is the SDK's `needsApproval`: the run stops with
 *   `result.interruptions`, and the ApprovalGate holds the pending action
 *   (signed, audited, on the page). `guard.respond(state, item, decision)`
 *   records a decision taken in your app in the gate and applies it to the
 *   RunState; `guard.resume(state)` applies decisions taken on the page.
 *   Either way, `run(agent, state)` goes on; an approved call runs once.
 * - Every call that runs goes through guardToolCall (sanitizer, time-limit
 *   obligations as the tool's abort signal, usage); a call the gate refuses
 *   is answered with its text instead of running.
 * - `guard.safetyStop(core, model)` wraps a Model: a turn the provider
 *   stopped for safety (or whose stream failed) loses its tool calls before
 *   the runner sees them.
 */

import {
  tool as agentsTool, ToolGuardrailFunctionOutputFactory,
  type FunctionTool, type Model, type ModelRequest, type ModelResponse, type RunContext,
  type RunState, type RunToolApprovalItem, type StreamEvent, type ToolInputGuardrailDefinition, type ToolOptions,
} from "@openai/agents";
import {
  ApprovalError, applySafetyStop, denialMessage, guardStream, guardToolCall, isBlockedToolResult, judge, rewriteMessage,
  SHAPE_CODES, SafetyCheckError, type SafetyCore, type SafetyShape, type SafetyTermination,
} from "portcullis";
import { findAction, preflight, recordDecision, settledDecision, toRequest, type AdapterOptions, type FrameworkDecision } from "./approval-view.ts";

export type { AdapterOptions as OpenAIAgentsGuardOptions, FrameworkDecision } from "./approval-view.ts";

type AnyToolOptions = ToolOptions<any, any, any> & {
  execute: (input: any, context?: RunContext<any>, details?: { toolCall?: { callId?: string }; signal?: AbortSignal }) => unknown;
};

export class OpenAIAgentsGuard {
  /**
   * The arguments each paused call was judged with (after the tool's schema parsed them), by call id: the
   * gate's action is bound to them, while an interruption carries the model's raw JSON. In memory only:
   * a state resumed elsewhere falls back to the raw arguments.
   */
  readonly #paused = new Map<string, unknown>();

  constructor(readonly options: AdapterOptions) {}

  /** The SDK's `tool()`, guarded: same options, same result type. */
  tool<T extends AnyToolOptions>(options: T): ReturnType<typeof agentsTool> {
    const name = options.name;
    if (typeof name !== "string" || name === "") throw new TypeError("guard.tool: a guarded tool needs an explicit 'name' (the policy judges calls by name)");
    const own = options.needsApproval;
    const needsApproval = async (context: RunContext<any>, input: unknown, callId?: string): Promise<boolean> => {
      const gate = await preflight(toRequest(this.options, name, input, callId), this.options);
      if (gate.kind === "ask") {
        if (callId !== undefined) this.#paused.set(callId, input);
        return true;
      }
      if (typeof own === "function") return own(context, input as never, callId);
      return own === true;
    };
    const execute = async (input: unknown, context?: RunContext<any>, details?: Parameters<AnyToolOptions["execute"]>[2]) => {
      const request = toRequest(this.options, name, input, details?.toolCall?.callId);
      if (typeof request.tool_call_id === "string") this.#paused.delete(request.tool_call_id); // decided: the call runs now
      // Approved in the app with state.approve(): the gate records it (a page decision already taken wins).
      if (context?.isToolApproved({ toolName: name, callId: request.tool_call_id ?? "" }) === true) {
        const refused = await this.#record(request, { approved: true });
        if (refused) return refused;
      }
      const result = await guardToolCall(request, (signal) => options.execute(input, context, { ...details, signal: anySignal(signal, details?.signal) }), this.options);
      // The gate refused after all (rejected, expired, no record): the model reads why instead of a result.
      return isBlockedToolResult(result) ? result.content : result;
    };
    return agentsTool({
      ...options,
      needsApproval,
      execute,
      inputGuardrails: [this.#denyGuardrail(name), ...(options.inputGuardrails ?? [])],
    } as unknown as ToolOptions<any, any, any>);
  }

  /**
   * Decide an interruption in your app: the decision is recorded in the gate
   * (a decision already taken on the page wins) and applied to `state`.
   * Then `run(agent, state)`.
   */
  async respond(state: RunState<any, any>, item: RunToolApprovalItem, decision: FrameworkDecision): Promise<{ approved: boolean; reason: string }> {
    const request = this.#requestOf(item);
    let settled: { approved: boolean; reason: string } | null;
    try {
      const action = await recordDecision(this.options, request, decision);
      settled = this.options.approvals ? settledDecision(action) : { approved: decision.approved, reason: decision.message ?? "" };
    } catch (error) {
      if (!(error instanceof ApprovalError)) throw error;
      settled = { approved: false, reason: `the decision was not recorded (${error.code}): ${error.message}` };
    }
    settled ??= { approved: false, reason: "the approval is still pending" };
    this.#paused.delete(item.rawItem.type === "function_call" ? item.rawItem.callId : "");
    if (settled.approved) state.approve(item);
    else state.reject(item, { message: decision.approved ? settled.reason : `a human rejected this call${decision.message ? `: ${decision.message}` : ""}` });
    return settled;
  }

  /**
   * Apply the decisions taken on the page (or the HTTP API) to the run's
   * interruptions. Returns the items decided; those still pending are left.
   * Then `run(agent, state)` goes on with them.
   */
  async resume(state: RunState<any, any>): Promise<RunToolApprovalItem[]> {
    const gate = this.options.approvals;
    if (!gate) return [];
    const decided: RunToolApprovalItem[] = [];
    for (const item of state.getInterruptions()) {
      if (item.rawItem.type !== "function_call") continue;
      const settled = settledDecision(await findAction(gate, this.#requestOf(item)));
      if (!settled) continue;
      if (settled.approved) state.approve(item);
      else state.reject(item, { message: settled.reason });
      this.#paused.delete(item.rawItem.callId);
      decided.push(item);
    }
    return decided;
  }

  /**
   * The model, with provider safety stops applied to every response (and to
   * the final `response_done` of a stream, judged with the raw chunks the
   * model yielded before it): a turn stopped for safety, or whose stream
   * failed, keeps no tool call for the runner to execute.
   */
  safetyStop(core: SafetyCore, model: Model): Model {
    return {
      getResponse: async (request: ModelRequest) => checkResponse(core, await model.getResponse(request)),
      async *getStreamedResponse(request: ModelRequest): AsyncIterable<StreamEvent> {
        // The provider's raw chunks (`model` events) of the turn: a Chat Completions model's response_done
        // carries no finish reason, so the stop (or failure) is only there. response_done waits for the
        // model's stream to end, since some models (Responses) yield their terminal raw event after it.
        const raw: unknown[] = [];
        const done: Array<Extract<StreamEvent, { type: "response_done" }>> = [];
        for await (const event of model.getStreamedResponse(request)) {
          if (event.type === "model") raw.push(event.event);
          if (event.type === "response_done") done.push(event);
          else yield event;
        }
        if (done.length === 0) return;
        const rawStop = await rawStreamStop(core, raw);
        for (const event of done) {
          const response = { output: event.response.output, providerData: event.response.providerData ?? event.providerData } as unknown as ModelResponse;
          let checked = checkResponse(core, response);
          if (checked === response) checked = applyRawStop(response, rawStop);
          yield { ...event, response: { ...event.response, output: checked.output as typeof event.response.output, providerData: checked.providerData } };
        }
      },
    };
  }

  /**
   * The tool input guardrail: a call the policy denies is answered with the
   * denial text (recorded once, as guardToolCall would), never run. Allow and
   * ask pass: needsApproval and the guarded execute handle them.
   */
  #denyGuardrail(name: string): ToolInputGuardrailDefinition<any> {
    return {
      type: "tool_input",
      name: "portcullis",
      run: async ({ toolCall }) => {
        const request = toRequest(this.options, name, parseArguments(toolCall.arguments), toolCall.callId);
        const quiet = await judge(request, this.options, { usage: "release", record: false, approvals: false });
        if (quiet.decision.allow || quiet.decision.decision === "ask") return ToolGuardrailFunctionOutputFactory.allow();
        const judged = await judge(request, this.options, { usage: "release", approvals: false });
        if (judged.decision.allow || judged.decision.decision === "ask") return ToolGuardrailFunctionOutputFactory.allow();
        return ToolGuardrailFunctionOutputFactory.rejectContent(denialMessage(name, judged.decision), { decision: judged.decision });
      },
    };
  }

  /** The gate's copy of a framework approval; the refusal text when the gate will not take it. */
  async #record(request: ReturnType<typeof toRequest>, decision: FrameworkDecision): Promise<string | null> {
    try {
      await recordDecision(this.options, request, decision);
      return null;
    } catch (error) {
      if (!(error instanceof ApprovalError)) throw error;
      return `Guardrail: the approval was not recorded (${error.code}): ${error.message}`;
    }
  }

  #requestOf(item: RunToolApprovalItem) {
    const raw = item.rawItem;
    if (raw.type !== "function_call") throw new TypeError(`portcullis guards function tools; '${item.name ?? raw.type}' is a ${raw.type}`);
    const input = this.#paused.has(raw.callId) ? this.#paused.get(raw.callId) : parseArguments(raw.arguments);
    return toRequest(this.options, raw.name, input, raw.callId);
  }
}

export function createOpenAIAgentsGuard(options: AdapterOptions): OpenAIAgentsGuard {
  return new OpenAIAgentsGuard(options);
}

/** The model's arguments as JSON; text that is not JSON is judged as text (and refused by the policy). */
function parseArguments(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The safety-stop shape of Agents SDK model responses; a core without it refuses explicitly instead of guessing. */
const SHAPE = "openai_agents" as SafetyShape;

function checkResponse(core: SafetyCore, response: ModelResponse): ModelResponse {
  if (!(SHAPE in SHAPE_CODES)) {
    throw new SafetyCheckError(`unknown shape: this portcullis core has no '${SHAPE}' safety shape, so the response's tool calls must not run`);
  }
  const result = applySafetyStop(response, { core, shape: SHAPE });
  return result.terminated ? { ...response, ...(result.message as Partial<ModelResponse>) } : response;
}

/**
 * How the raw chunks of one streamed turn ended, judged as guardStream judges
 * a stream: a safety stop, or a failure (an error event, no finish reason)
 * that leaves calls cut off; undefined when they end normally.
 */
async function rawStreamStop(core: SafetyCore, chunks: unknown[]): Promise<SafetyTermination | undefined> {
  if (chunks.length === 0) return undefined;
  let stop: SafetyTermination | undefined;
  const source = (async function* () { yield* chunks; })();
  for await (const _chunk of guardStream(source, { core, onTermination: (metadata) => { stop ??= metadata; } })) { /* judged, not kept */ }
  return stop && { detector: stop.detector, reason_field: stop.reason_field, reason_value: stop.reason_value, extras: stop.extras };
}

/** The response with its calls removed for a stop found in the raw chunks. */
function applyRawStop(response: ModelResponse, stop: SafetyTermination | undefined): ModelResponse {
  if (!stop) return response;
  if (!(SHAPE in SHAPE_CODES)) {
    throw new SafetyCheckError(`unknown shape: this portcullis core has no '${SHAPE}' safety shape, so the response's tool calls must not run`);
  }
  return { ...response, ...(rewriteMessage(response, SHAPE as Exclude<SafetyShape, "auto">, stop).message as Partial<ModelResponse>) };
}

function anySignal(a: AbortSignal, b: AbortSignal | undefined): AbortSignal {
  return b ? AbortSignal.any([a, b]) : a;
}
