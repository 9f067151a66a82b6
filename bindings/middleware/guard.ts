/**
 * @module
 * A Guard bundles a provider with its middleware options, as a config file
 * describes them: `guard.evaluate(request)` and `guard.guardToolCall(request, run)`.
 *
 * `guard.reload(next)` swaps the policy atomically: every call reads the
 * guard's state once, when it starts, so a call in flight finishes on the
 * policy it started with, and the next call gets the new one. A candidate
 * that is not a usable guard, or that its `verify` check refuses, is refused
 * with a ReloadError and the old policy stays.
 */

import { normalizeDecision, type Decision, type GuardrailRequest } from "../core/decision.ts";
import type { GuardrailProvider } from "../providers/types.ts";
import { guardToolCall, runFiltered, withDigest, type BlockedToolResult, type GuardOptions } from "./guard-tool-call.ts";
import type { ToolExecute } from "./execution-limit.ts";

export interface GuardConfig extends GuardOptions {
  /** False turns the guard off: calls run unjudged (an explicit choice, never a default). */
  enabled?: boolean;
}

export interface ReloadOptions {
  /** Runs on the candidate before the swap (e.g. the policy's own tests); throwing refuses it. */
  verify?: (candidate: GuardConfig) => void | Promise<void>;
}

export interface ReloadResult {
  /** The digest of the policy that decided until now, and of the one that decides from now on (null: unknown). */
  previous: string | null;
  current: string | null;
}

/** A reload was refused; the guard still enforces its previous policy. */
export class ReloadError extends Error {
  override name = "ReloadError";
}

export class Guard {
  #options: GuardConfig;

  constructor(options: GuardConfig) {
    this.#options = options;
  }

  /** The options of the policy in force now (a reload replaces them). */
  get options(): GuardConfig {
    return this.#options;
  }

  get provider(): GuardrailProvider {
    return this.#options.provider;
  }

  get enabled(): boolean {
    return this.#options.enabled ?? true;
  }

  get failClosed(): boolean {
    return this.#options.failClosed ?? true;
  }

  /** "sha256:<hex>" of the canonical policy in force (set by config loading), or null. */
  get policyDigest(): string | null {
    return this.#options.policyDigest ?? null;
  }

  /** The provider's decision, normalised; provider errors follow fail_closed like the middleware. */
  async evaluate(request: GuardrailRequest): Promise<Decision> {
    const options = this.#options; // one policy for the whole call, whatever a reload does meanwhile
    if (!(options.enabled ?? true)) return { decision: "allow", allow: true, reasons: [{ code: "oap.allowed", message: "guardrails are disabled" }] };
    const failClosed = options.failClosed ?? true;
    try {
      const decision = normalizeDecision(await options.provider.evaluate(request));
      if (decision) {
        if (options.policyDigest !== undefined) decision.policy_digest = options.policyDigest; // normalized is our own copy
        return decision;
      }
      throw new TypeError(`provider '${options.provider.name}' returned something that is not a decision`);
    } catch (error) {
      const message = `guardrail provider error (${failClosed ? "fail-closed" : "fail-open"}): ${(error as Error)?.message ?? error}`;
      return withDigest({
        decision: failClosed ? "deny" : "allow",
        allow: !failClosed,
        reasons: [{ code: "oap.evaluator_error", message }],
      }, options.policyDigest);
    }
  }

  guardToolCall<T>(request: GuardrailRequest, execute: ToolExecute<T>): Promise<T | BlockedToolResult> {
    const options = this.#options;
    // Guardrails off still sanitizes results: the two are configured separately.
    if (!(options.enabled ?? true)) return Promise.resolve().then(() => runFiltered(request, execute, options.sanitizer));
    return guardToolCall(request, execute, options);
  }

  /**
   * Enforce `next` (another Guard, e.g. from loadGuard, or its options) from the next call on. Calls already
   * started finish on the current policy. Refused (ReloadError, nothing changes) when `next` has no provider or
   * `verify` throws.
   */
  async reload(next: Guard | GuardConfig, options: ReloadOptions = {}): Promise<ReloadResult> {
    const candidate = next instanceof Guard ? next.options : next;
    const provider = candidate && typeof candidate === "object" ? (candidate.provider as Partial<GuardrailProvider> | null) : null;
    if (!provider || typeof provider !== "object" || typeof provider.name !== "string" || typeof provider.evaluate !== "function") {
      throw new ReloadError("reload refused: the new policy has no provider (expected a Guard or options with a provider)");
    }
    if (options.verify) {
      try {
        await options.verify(candidate);
      } catch (error) {
        throw new ReloadError(`reload refused: ${(error as Error)?.message ?? error}`);
      }
    }
    const previous = this.policyDigest;
    this.#options = candidate; // one assignment: no call ever sees half of each policy
    return { previous, current: candidate.policyDigest ?? null };
  }
}

export function createGuard(options: GuardConfig): Guard {
  return new Guard(options);
}
