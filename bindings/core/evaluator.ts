/**
 * @module
 * One policy.wasm instance and the policies loaded into it. Requests cross as UTF-8 written straight into linear
 * memory (`encodeInto`); decisions come back as a fixed header (DECISION_HEADER_BYTES, from scripts/abi.json) plus
 * message bytes. The instance and memory plumbing is wasm-instance.ts's; this file is the policy ABI's meaning.
 */

import { CoreError, DECISION_HEADER_BYTES, MAX_USAGE_BYTES, POLICY_ABI, type PolicyExports } from "./abi.ts";
import { WasmInstance, compileAsync, compileSync, parseIssues, summarizeIssues, type WasmSource } from "./wasm-instance.ts";
import type { Decision } from "./decision.ts";
import { decisionOf } from "./decision-of.ts";
import type { UsageCharge } from "../usage/types.ts";
import { parseExplanation, userPointer, type Explanation } from "./explanation.ts";

export { isWasmModule, type WasmSource } from "./wasm-instance.ts";

/**
 * What the core said about one call. `usage` is the call's usage charge
 * (policy/usage-charge.ts) when its capability has rate limits, daily caps
 * or idempotency replay: on allow and ask, what to record once the call ran;
 * with `needsUsage`, which counters to read and pass in a second time. Until
 * they are passed, `decision` is a deny.
 */
export interface CoreVerdict {
  decision: Decision;
  usage: UsageCharge | null;
  needsUsage: boolean;
}

const encoder = new TextEncoder();

function concatBytes(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/** A policy loaded into an Evaluator. Survives instance re-creation after a trap. */
export class PolicyHandle {
  /** @internal */ handle: number;
  constructor(
    readonly evaluator: Evaluator,
    /** @internal */ readonly document: string,
    handle: number,
  ) {
    this.handle = handle;
  }

  /** Decide a request (already serialised as JSON). `now` is epoch ms; `usage` is the usage counters' JSON, if any. */
  evaluateJson(requestJson: string, now: number = Date.now(), usage?: string): Decision {
    return this.evaluator.judge(this, requestJson, now, usage).decision;
  }

  /** Decide a request given as raw UTF-8 bytes (invalid UTF-8 is denied, not repaired). */
  evaluateBytes(request: Uint8Array, now: number = Date.now(), usage?: string): Decision {
    return this.evaluator.judge(this, request, now, usage).decision;
  }

  /** The full verdict, with the usage charge: what providers that keep usage need. */
  judge(request: string | Uint8Array, now: number, usage?: string): CoreVerdict {
    return this.evaluator.judge(this, request, now, usage);
  }

  /** The evaluation trace of a request: each step consulted and its result (explanation.ts). */
  explain(request: string | Uint8Array, now: number, usage?: string): Explanation {
    return this.evaluator.explain(this, request, now, usage);
  }

  free(): void {
    this.evaluator.free(this);
  }
}

export class Evaluator {
  private readonly wasm: WasmInstance<PolicyExports>;
  private maxRequest = 0;
  private interned: string[] = [];
  private rules: string[] = [];
  private readonly handles = new Set<PolicyHandle>();

  private constructor(module: WebAssembly.Module) {
    this.wasm = new WasmInstance(module, POLICY_ABI);
    this.started();
  }

  /** Compile (if needed) and instantiate asynchronously: works everywhere, incl. browsers' main thread. */
  static async create(source: WasmSource): Promise<Evaluator> {
    return new Evaluator(await compileAsync(source, POLICY_ABI));
  }

  /** Synchronous variant (Node, Deno, Bun, workers; not a browser main thread for modules > 4 KB). */
  static createSync(source: WasmSource): Evaluator {
    return new Evaluator(compileSync(source, POLICY_ABI));
  }

  /** State that belongs to one instance: what it allows, and the interned strings it numbered. */
  private started(): void {
    this.maxRequest = this.wasm.exports.maxRequestBytes();
    this.interned = [];
    this.rules = [];
    this.wasm.reserve(4096);
  }

  /** Write a string to the input buffer; returns its byte length (or a length past the limit, unwritten). */
  private writeInput(text: string, extra = 0): number {
    return this.wasm.writeText(text, 0, this.maxRequest + extra);
  }

  private writeBytes(bytes: Uint8Array, extra = 0): number {
    return this.wasm.writeBytes(bytes, 0, this.maxRequest + extra);
  }

  /** Load a policy document (the core's JSON form). Throws CoreError("policy_invalid") with issues. */
  load(document: string): PolicyHandle {
    const handle = new PolicyHandle(this, document, this.loadRaw(document));
    this.handles.add(handle);
    return handle;
  }

  private loadRaw(document: string): number {
    const len = this.writeInput(document);
    if (len > this.maxRequest) {
      throw new CoreError("policy_invalid", `policy document is ${len} bytes; the limit is ${this.maxRequest}`);
    }
    const result = this.wasm.exports.loadPolicy(len);
    if (result > 0) return result;
    const issues = parseIssues(this.wasm.readOutput(-result));
    throw new CoreError("policy_invalid", `invalid policy: ${summarizeIssues(issues)}`, issues);
  }

  free(policy: PolicyHandle): void {
    if (this.handles.delete(policy)) this.wasm.exports.freePolicy(policy.handle);
  }

  /** Decide one request. */
  evaluate(policy: PolicyHandle, request: string | Uint8Array, now: number, usage?: string): Decision {
    return this.judge(policy, request, now, usage).decision;
  }

  /**
   * Decide one request, with the usage counters' JSON when given (written
   * right after the request: a separate input, never part of it). A trap
   * inside the core cannot leave a half-updated instance behind: the
   * instance is rebuilt, policies are reloaded, and the caller gets a deny
   * with oap.evaluator_error.
   */
  judge(policy: PolicyHandle, request: string | Uint8Array, now: number, usage?: string): CoreVerdict {
    try {
      if (usage === undefined) {
        const len = typeof request === "string" ? this.writeInput(request) : this.writeBytes(request);
        this.wasm.exports.evaluate(policy.handle, len, now);
        return this.readDecision();
      }
      const usageBytes = encoder.encode(usage);
      const total = typeof request === "string"
        ? this.writeInput(request + usage, MAX_USAGE_BYTES)
        : this.writeBytes(concatBytes(request, usageBytes), MAX_USAGE_BYTES);
      this.wasm.exports.evaluateWithUsage(policy.handle, total - usageBytes.length, usageBytes.length, now);
      return this.readDecision();
    } catch (error) {
      this.recover();
      return {
        decision: {
          decision: "deny",
          allow: false,
          reasons: [{ code: "oap.evaluator_error", message: `policy evaluator failed: ${(error as Error).message}` }],
        },
        usage: null,
        needsUsage: false,
      };
    }
  }

  /**
   * Decide with the core's evaluation trace on and return the trace (the decision is in it). Not the hot path:
   * the trace allocates. A trap rebuilds the instance like judge() and is thrown, since there is no trace to return.
   */
  explain(policy: PolicyHandle, request: string | Uint8Array, now: number, usage?: string): Explanation {
    const explain = this.wasm.exports.explain;
    if (typeof explain !== "function") throw new CoreError("abi_mismatch", "this policy.wasm has no explain export");
    try {
      const usageBytes = usage === undefined ? new Uint8Array(0) : encoder.encode(usage);
      const total = typeof request === "string"
        ? this.writeInput(usage === undefined ? request : request + usage, MAX_USAGE_BYTES)
        : this.writeBytes(concatBytes(request, usageBytes), MAX_USAGE_BYTES);
      const length = explain(policy.handle, total - usageBytes.length, usage === undefined ? -1 : usageBytes.length, now);
      return parseExplanation(this.wasm.readOutput(length));
    } catch (error) {
      this.recover();
      throw error;
    }
  }

  /** The bench floor: the same bytes written, a call that does nothing with them. */
  noop(requestJson: string): number {
    return this.wasm.exports.noop(this.writeInput(requestJson));
  }

  private readDecision(): CoreVerdict {
    const wasm = this.wasm;
    wasm.views();
    const out = wasm.exports.outputPtr();
    const kindId = wasm.u32At(out);
    const codeId = wasm.u32At(out + 4);
    const policyIdId = wasm.u32At(out + 8);
    const capabilityId = wasm.u32At(out + 12);
    const messageLength = wasm.u32At(out + 16);
    const usageLength = wasm.u32At(out + 20);
    const obligationKind = wasm.u32At(out + 24);
    const ruleIdId = wasm.u32At(out + 28);
    const obligationValue = wasm.f64At(out + 32);
    const start = out + DECISION_HEADER_BYTES;
    // Read the header and the texts before resolving ids: a cache miss reuses the output buffer.
    const message = wasm.readText(start, messageLength);
    const usageText = wasm.readText(start + messageLength, usageLength);
    const decision = decisionOf({
      kindId, code: this.string(codeId), message, rule: this.rule(ruleIdId), policyId: this.string(policyIdId),
      capability: this.string(capabilityId), obligationKind, obligationValue,
    });
    const usage = usageText ? (JSON.parse(usageText) as UsageCharge) : null;
    return { decision, usage, needsUsage: kindId === 3 };
  }

  /**
   * The rule that decided, as a pointer into what the user wrote: the core
   * sees a passport under `/passport` of its document, the user wrote the
   * passport itself (`/passport/limits/…` → `/limits/…`).
   */
  private rule(id: number): string {
    const cached = this.rules[id];
    if (cached !== undefined) return cached;
    const rule = userPointer(this.string(id));
    this.rules[id] = rule;
    return rule;
  }

  /** Interned strings are decoded once, then served from this cache. */
  private string(id: number): string {
    const cached = this.interned[id];
    if (cached !== undefined) return cached;
    const text = this.wasm.readOutput(this.wasm.exports.internedString(id));
    this.interned[id] = text;
    return text;
  }

  private recover(): void {
    try {
      this.wasm.reset();
      this.started();
      for (const policy of this.handles) policy.handle = this.loadRaw(policy.document);
    } catch {
      // Leave handles pointing nowhere: every later call denies with
      // oap.evaluator_error ("no policy is loaded") rather than allowing.
      for (const policy of this.handles) policy.handle = 0;
    }
  }

  /** Linear memory in bytes (tests check it stays flat). */
  get memoryBytes(): number {
    return this.wasm.memoryBytes;
  }
}
