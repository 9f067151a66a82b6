/**
 * @module
 * A Guard bundles a provider with its middleware options, as a config file
 * describes them: `guard.evaluate(request)` and `guard.guardToolCall(request, run)`.
 */

import { normalizeDecision, type Decision, type GuardrailRequest } from "../core/decision.ts";
import type { GuardrailProvider } from "../providers/types.ts";
import { guardToolCall, runFiltered, type BlockedToolResult, type GuardOptions } from "./guard-tool-call.ts";
import type { ToolExecute } from "./execution-limit.ts";

export interface GuardConfig extends GuardOptions {
  /** False turns the guard off: calls run unjudged (an explicit choice, never a default). */
  enabled?: boolean;
}

export class Guard {
  readonly provider: GuardrailProvider;
  readonly enabled: boolean;
  readonly failClosed: boolean;

  constructor(readonly options: GuardConfig) {
    this.provider = options.provider;
    this.enabled = options.enabled ?? true;
    this.failClosed = options.failClosed ?? true;
  }

  /** The provider's decision, normalised; provider errors follow fail_closed like the middleware. */
  async evaluate(request: GuardrailRequest): Promise<Decision> {
    if (!this.enabled) return { decision: "allow", allow: true, reasons: [{ code: "oap.allowed", message: "guardrails are disabled" }] };
    try {
      const decision = normalizeDecision(await this.provider.evaluate(request));
      if (decision) return decision;
      throw new TypeError(`provider '${this.provider.name}' returned something that is not a decision`);
    } catch (error) {
      const message = `guardrail provider error (${this.failClosed ? "fail-closed" : "fail-open"}): ${(error as Error)?.message ?? error}`;
      return {
        decision: this.failClosed ? "deny" : "allow",
        allow: !this.failClosed,
        reasons: [{ code: "oap.evaluator_error", message }],
      };
    }
  }

  guardToolCall<T>(request: GuardrailRequest, execute: ToolExecute<T>): Promise<T | BlockedToolResult> {
    // Guardrails off still sanitizes results: the two are configured separately.
    if (!this.enabled) return Promise.resolve().then(() => runFiltered(request, execute, this.options.sanitizer));
    return guardToolCall(request, execute, this.options);
  }
}

export function createGuard(options: GuardConfig): Guard {
  return new Guard(options);
}
