/**
 * @module
 * A Guard bundles a provider with its middleware options, as a config file
 * describes them: `guard.evaluate(request)`, `guard.judge(request)` and
 * `guard.guardToolCall(request, run)`, all three through judge().
 */

import type { Decision, GuardrailRequest } from "../core/decision.ts";
import type { GuardrailProvider } from "../providers/types.ts";
import { guardToolCall, runFiltered, type BlockedToolResult } from "./guard-tool-call.ts";
import { judge, type GuardOptions, type JudgeMode, type Judgement } from "./judge.ts";
import type { ToolExecute } from "./execution-limit.ts";

export interface GuardConfig extends GuardOptions {
  /** False turns the guard off: calls run unjudged (an explicit choice, never a default). */
  enabled?: boolean;
}

const DISABLED: Decision = { decision: "allow", allow: true, reasons: [{ code: "oap.allowed", message: "guardrails are disabled" }] };

export class Guard {
  readonly provider: GuardrailProvider;
  readonly enabled: boolean;
  readonly failClosed: boolean;

  constructor(readonly options: GuardConfig) {
    this.provider = options.provider;
    this.enabled = options.enabled ?? true;
    this.failClosed = options.failClosed ?? true;
  }

  /**
   * The policy's decision for a call nobody runs here: audited like every
   * decision, its usage limits checked but nothing counted, no approvals gate
   * consulted (an ask stays an ask), numbers judged as the policy reads them
   * (an integer past 2^53 is the core's to judge). Provider errors follow fail_closed.
   */
  async evaluate(request: GuardrailRequest): Promise<Decision> {
    if (!this.enabled) return { ...DISABLED, reasons: [...DISABLED.reasons] };
    return withCause((await judge(request, this.options, { usage: "release", approvals: false, exactIntegers: false })).decision);
  }

  /** judge() with this guard's options: the decision, the gate's outcome and the usage charges. */
  async judge(request: GuardrailRequest, mode?: JudgeMode): Promise<Judgement> {
    if (!this.enabled) return { request, decision: { ...DISABLED, reasons: [...DISABLED.reasons] }, outcome: null, charges: [], reserved: [] };
    return judge(request, this.options, mode);
  }

  guardToolCall<T>(request: GuardrailRequest, execute: ToolExecute<T>): Promise<T | BlockedToolResult> {
    // Guardrails off still sanitizes results: the two are configured separately.
    if (!this.enabled) return Promise.resolve().then(() => runFiltered(request, execute, this.options.sanitizer));
    return guardToolCall(request, execute, this.options);
  }
}

const FAILURE = /^(guardrail provider|usage store) error \(fail-(closed|open)\)$/;

/**
 * evaluate()'s callers (the CLI, a page, a script) show the reason: a provider
 * or store failure names its cause there, not only in `metadata.error` (the
 * agent-facing text of guardToolCall stays DeerFlow's).
 */
function withCause(decision: Decision): Decision {
  const [reason] = decision.reasons;
  const cause = decision.metadata?.error;
  if (decision.reasons.length !== 1 || typeof cause !== "string" || !FAILURE.test(reason.message)) return decision;
  return { ...decision, reasons: [{ code: reason.code, message: `${reason.message}: ${cause}` }] };
}

export function createGuard(options: GuardConfig): Guard {
  return new Guard(options);
}
