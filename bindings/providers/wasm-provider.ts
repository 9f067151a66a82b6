/**
 * @module
 * Shared machinery of the providers whose decisions come from the wasm core:
 * compile the policy document once, then serialise each request and decide.
 */

import type { Decision, GuardrailRequest } from "../core/decision.ts";
import type { PolicyHandle } from "../core/evaluator.ts";
import { sharedEvaluator, sharedEvaluatorSync } from "../core/shared.ts";
import type { Clock } from "./types.ts";

export abstract class WasmProvider {
  abstract readonly name: string;
  private policy: PolicyHandle | null = null;
  private loading: Promise<PolicyHandle> | null = null;
  protected readonly clock: Clock;

  protected constructor(private readonly document: string, clock?: Clock) {
    this.clock = clock ?? Date.now;
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
    await this.ready();
    return this.decide(request);
  }

  /** Synchronous fast path (compiles the wasm synchronously on first use). */
  evaluateSync(request: GuardrailRequest): Decision {
    this.policy ??= sharedEvaluatorSync().load(this.document);
    return this.decide(request);
  }

  /** Decide a request that is already JSON (the CLI's path; no re-serialisation). */
  evaluateJsonSync(requestJson: string): Decision {
    this.policy ??= sharedEvaluatorSync().load(this.document);
    return this.policy.evaluateJson(requestJson, this.clock());
  }

  /** Decide a request given as raw UTF-8 bytes: invalid UTF-8 is denied, never repaired. */
  evaluateBytesSync(request: Uint8Array): Decision {
    this.policy ??= sharedEvaluatorSync().load(this.document);
    return this.policy.evaluateBytes(request, this.clock());
  }

  private decide(request: GuardrailRequest): Decision {
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
    return this.policy!.evaluateJson(json, this.clock());
  }

  /** Release the compiled policy inside the shared instance. */
  dispose(): void {
    this.policy?.free();
    this.policy = null;
    this.loading = null;
  }
}
