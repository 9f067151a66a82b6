/**
 * @module
 * Shared machinery of the providers whose decisions come from the wasm core:
 * compile the policy document once, then serialise each request and decide.
 * When the core says a call has usage-based limits (rate limits, daily caps,
 * idempotency replay), the provider reads the counters from its UsageStore
 * and asks again with them; an allowed or asked call's charge is returned
 * next to the decision (`evaluateWithCharges`) for judge() to record.
 */

import type { Decision, GuardrailRequest } from "../core/decision.ts";
import type { CoreVerdict, PolicyHandle } from "../core/evaluator.ts";
import type { Explanation } from "../core/explanation.ts";
import { sharedEvaluator, sharedEvaluatorSync } from "../core/shared.ts";
import { markUsageLimited, snapshotJson } from "../usage/charges.ts";
import type { ChargedDecision } from "./charged-decision.ts";
import type { UsageSnapshot, UsageStore } from "../usage/types.ts";
import type { Clock } from "./types.ts";
import { applyEnforcement, type ModeResolver } from "../enforcement/index.ts";

/** How a provider keeps usage: its store, and whose counters a request touches. */
export interface UsageBinding {
  store: UsageStore;
  scope: (request: GuardrailRequest) => string;
}

export abstract class WasmProvider {
  abstract readonly name: string;
  private policy: PolicyHandle | null = null;
  private loading: Promise<PolicyHandle> | null = null;
  protected readonly clock: Clock;
  /** The policy's enforcement modes (warn, shadow), applied after the core decided; null = enforce everything. */
  protected modes: ModeResolver | null = null;

  protected constructor(
    private readonly document: string,
    clock?: Clock,
    private readonly usageBinding: UsageBinding | null = null,
  ) {
    this.clock = clock ?? Date.now;
  }

  /** The core's decision with the policy's enforcement mode applied (the last step of every path). */
  private enforced(decision: Decision): Decision {
    return this.modes ? applyEnforcement(decision, this.modes(decision)) : decision;
  }

  /** Resolve when the policy is compiled; rejects with CoreError("policy_invalid") and its issues. */
  async ready(): Promise<this> {
    if (!this.policy) {
      this.loading ??= sharedEvaluator().then((evaluator) => evaluator.load(this.document));
      try {
        this.policy = await this.loading;
      } catch (error) {
        this.loading = null;
        throw error;
      }
    }
    return this;
  }

  async evaluate(request: GuardrailRequest): Promise<Decision> {
    return (await this.evaluateWithCharges(request)).decision;
  }

  /** The decision and, for an allowed or asked usage-limited call, its charge in this provider's store. */
  async evaluateWithCharges(request: GuardrailRequest): Promise<ChargedDecision> {
    await this.ready();
    const json = serialise(request);
    if (typeof json !== "string") return { decision: json, charges: [] };
    const now = this.clock();
    const first = this.policy!.judge(json, now);
    if (!first.needsUsage) return this.finish(first, request, now);
    const snapshot = await this.readUsage(first, request, now);
    return this.finish(this.policy!.judge(json, now, snapshotJson(snapshot)), request, now);
  }

  /**
   * The core's evaluation trace for a request (core/explanation.ts), with this provider's usage counters when the
   * call has usage-based limits. The enforcement mode (warn, shadow) is not in it: it softens the decision after.
   */
  async explain(request: GuardrailRequest): Promise<Explanation> {
    await this.ready();
    const json = serialise(request);
    if (typeof json !== "string") throw new TypeError(json.reasons[0]?.message ?? "the request cannot be serialised");
    const now = this.clock();
    const first = this.policy!.judge(json, now);
    if (!first.needsUsage || !this.usageBinding) return this.policy!.explain(json, now);
    const snapshot = await this.readUsage(first, request, now);
    return this.policy!.explain(json, now, snapshotJson(snapshot));
  }

  /** Synchronous fast path (compiles the wasm synchronously on first use). Needs a store that answers synchronously. */
  evaluateSync(request: GuardrailRequest): Decision {
    this.policy ??= sharedEvaluatorSync().load(this.document);
    const json = serialise(request);
    if (typeof json !== "string") return json;
    const now = this.clock();
    const first = this.policy.judge(json, now);
    if (!first.needsUsage) return this.finish(first, request, now).decision;
    const snapshot = this.readUsage(first, request, now);
    if (snapshot instanceof Promise) {
      snapshot.catch(() => {}); // its answer is not waited for
      return errorDecision("the UsageStore answers asynchronously; use evaluate() instead of evaluateSync() for usage-limited calls");
    }
    return this.finish(this.policy.judge(json, now, snapshotJson(snapshot)), request, now).decision;
  }

  /** Decide a request that is already JSON (the CLI's path; no re-serialisation). */
  evaluateJsonSync(requestJson: string): Decision {
    return this.decideRaw(requestJson);
  }

  /** Decide a request given as raw UTF-8 bytes: invalid UTF-8 is denied, never repaired. */
  evaluateBytesSync(request: Uint8Array): Decision {
    return this.decideRaw(request);
  }

  private decideRaw(request: string | Uint8Array): Decision {
    this.policy ??= sharedEvaluatorSync().load(this.document);
    const now = this.clock();
    const first = this.policy.judge(request, now);
    if (!first.needsUsage) return this.enforced(first.decision);
    // Only a usage-limited call needs the parsed request (for its scope); the core has already validated it.
    const text = typeof request === "string" ? request : new TextDecoder("utf-8", { fatal: false }).decode(request);
    const parsed = JSON.parse(text) as GuardrailRequest;
    const snapshot = this.readUsage(first, parsed, now);
    if (snapshot instanceof Promise) {
      snapshot.catch(() => {});
      return errorDecision("the UsageStore answers asynchronously; use evaluate() for usage-limited calls");
    }
    return this.finish(this.policy.judge(request, now, snapshotJson(snapshot)), parsed, now).decision;
  }

  private readUsage(first: CoreVerdict, request: GuardrailRequest, now: number): UsageSnapshot | Promise<UsageSnapshot> {
    const binding = this.usageBinding;
    if (!binding || !first.usage) throw new TypeError(`provider '${this.name}' has usage-limited calls but no UsageStore`);
    return binding.store.read(binding.scope(request), first.usage, now);
  }

  /** The decision and its usage charge, bound to this provider's store (allow and ask only). */
  private finish(verdict: CoreVerdict, request: GuardrailRequest, now: number): ChargedDecision {
    const { decision, usage } = verdict;
    if (!usage || verdict.needsUsage || decision.decision === "deny") return { decision: this.enforced(decision), charges: [] };
    if (!this.usageBinding) throw new TypeError(`provider '${this.name}' has usage-limited calls but no UsageStore`);
    const { store, scope } = this.usageBinding;
    return { decision: this.enforced(markUsageLimited(decision)), charges: [{ store, scope: scope(request), charge: usage, at: now }] };
  }

  /** Release the compiled policy inside the shared instance. */
  dispose(): void {
    this.policy?.free();
    this.policy = null;
    this.loading = null;
  }
}

function serialise(request: GuardrailRequest): string | Decision {
  let json: string;
  try {
    json = JSON.stringify(request);
  } catch (error) {
    return {
      decision: "deny",
      allow: false,
      reasons: [{ code: "oap.invalid_context", message: `request cannot be serialised: ${(error as Error).message}` }],
    };
  }
  if (typeof json !== "string") {
    return { decision: "deny", allow: false, reasons: [{ code: "oap.invalid_context", message: "request must be an object" }] };
  }
  return json;
}

function errorDecision(message: string): Decision {
  return { decision: "deny", allow: false, reasons: [{ code: "oap.evaluator_error", message }] };
}
