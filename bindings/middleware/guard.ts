/**
 * @module
 * A Guard bundles a provider with its middleware options, as a config file
 * describes them: `guard.evaluate(request)`, `guard.judge(request)` and
 * `guard.guardToolCall(request, run)`, all three through judge().
 *
 * `guard.reload(next)` swaps the policy atomically: every call reads the
 * guard's state once, when it starts, so a call in flight finishes on the
 * policy it started with, and the next call gets the new one. A candidate
 * that is not a usable guard, or that its `verify` check refuses, is refused
 * with a ReloadError and the old policy stays.
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

  /**
   * The policy's decision for a call nobody runs here: audited like every
   * decision, its usage limits checked but nothing counted, no approvals gate
   * consulted (an ask stays an ask), numbers judged as the policy reads them
   * (an integer past 2^53 is the core's to judge). Provider errors follow fail_closed.
   */
  async evaluate(request: GuardrailRequest): Promise<Decision> {
    const options = this.#options; // one policy for the whole call, whatever a reload does meanwhile
    if (!(options.enabled ?? true)) return { ...DISABLED, reasons: [...DISABLED.reasons] };
    return withCause((await judge(request, options, { usage: "release", approvals: false, exactIntegers: false })).decision);
  }

  /** judge() with this guard's options: the decision, the gate's outcome and the usage charges. */
  async judge(request: GuardrailRequest, mode?: JudgeMode): Promise<Judgement> {
    const options = this.#options;
    if (!(options.enabled ?? true)) return { request, decision: { ...DISABLED, reasons: [...DISABLED.reasons] }, outcome: null, charges: [], reserved: [] };
    return judge(request, options, mode);
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
