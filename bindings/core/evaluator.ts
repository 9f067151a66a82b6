/**
 * @module
 * One wasm instance and the policies loaded into it. Requests cross as UTF-8
 * written straight into linear memory (`encodeInto`); decisions come back as
 * a 20-byte header plus message bytes. Knows no runtime: it is handed a
 * compiled `WebAssembly.Module` or the wasm bytes.
 */

import { CoreError, DECISION_HEADER_BYTES, checkExports, type PolicyExports } from "./abi.ts";
import type { Decision, DecisionKind, Obligation } from "./decision.ts";
import type { UsageCharge } from "../usage/types.ts";

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

/** The core refuses usage documents larger than this (assembly/index.ts). */
const MAX_USAGE_BYTES = 4096;

export type WasmSource = WebAssembly.Module | BufferSource;

// Kind 3 ("needs usage") is not a decision: until the counters are passed it reads as a deny.
const KINDS: DecisionKind[] = ["allow", "deny", "ask", "deny"];
const encoder = new TextEncoder();
const decoder = new TextDecoder("utf-8", { fatal: false });

function concatBytes(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/** Duck-typed: `instanceof WebAssembly.Module` fails across realms (edge VMs). */
export function isWasmModule(x: unknown): x is WebAssembly.Module {
  return Object.prototype.toString.call(x) === "[object WebAssembly.Module]";
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

  free(): void {
    this.evaluator.free(this);
  }
}

export class Evaluator {
  private exports!: PolicyExports;
  private module: WebAssembly.Module;
  private u8!: Uint8Array;
  private dv!: DataView;
  /** The input buffer as a view, cached: a subarray per call was measurable. */
  private inView!: Uint8Array;
  private inPtr = 0;
  private inCap = 0;
  private maxRequest = 0;
  private interned: string[] = [];
  private rules: string[] = [];
  private readonly handles = new Set<PolicyHandle>();

  private constructor(module: WebAssembly.Module) {
    this.module = module;
    this.instantiate();
  }

  /** Compile (if needed) and instantiate asynchronously: works everywhere, incl. browsers' main thread. */
  static async create(source: WasmSource): Promise<Evaluator> {
    const module = isWasmModule(source) ? source : await WebAssembly.compile(source as BufferSource);
    return new Evaluator(module);
  }

  /** Synchronous variant (Node, Deno, Bun, workers; not a browser main thread for modules > 4 KB). */
  static createSync(source: WasmSource): Evaluator {
    const module = isWasmModule(source) ? source : new WebAssembly.Module(source as BufferSource);
    return new Evaluator(module);
  }

  private instantiate(): void {
    let instance: WebAssembly.Instance;
    try {
      instance = new WebAssembly.Instance(this.module, {});
    } catch (error) {
      throw new CoreError("load_failed", `could not instantiate policy.wasm: ${(error as Error).message}`);
    }
    this.exports = checkExports(instance.exports);
    this.maxRequest = this.exports.maxRequestBytes();
    this.interned = [];
    this.rules = [];
    this.inCap = 0;
    this.refreshViews();
  }

  private refreshViews(): void {
    const buffer = this.exports.memory.buffer;
    this.u8 = new Uint8Array(buffer);
    this.dv = new DataView(buffer);
    this.inView = this.u8.subarray(this.inPtr, this.inPtr + this.inCap);
  }

  private setInput(ptr: number, capacity: number): void {
    this.inPtr = ptr;
    this.inCap = capacity;
    this.inView = this.views().subarray(ptr, ptr + capacity);
  }

  /**
   * Views detach when memory grows, and a detached view has length 0: rebuild
   * them when that happened (cheaper than asking memory.buffer on every call).
   */
  private views(): Uint8Array {
    if (this.u8.length === 0) this.refreshViews();
    return this.u8;
  }

  /** Write a string to the input buffer; returns its byte length (or a length past the limit, unwritten). */
  private writeInput(text: string, extra = 0): number {
    // Fast path: at most 3 bytes per UTF-16 unit, so this fits without measuring.
    if (text.length * 3 <= this.inCap) {
      if (this.u8.length === 0) this.refreshViews();
      return encoder.encodeInto(text, this.inView).written;
    }
    const bytes = encoder.encode(text);
    if (bytes.length > this.maxRequest + extra) return bytes.length; // the core refuses it without reading
    this.setInput(this.exports.inputPtr(bytes.length), this.exports.inputCapacity());
    this.views().set(bytes, this.inPtr);
    return bytes.length;
  }

  private writeBytes(bytes: Uint8Array, extra = 0): number {
    if (bytes.length > this.maxRequest + extra) return bytes.length;
    if (bytes.length > this.inCap) this.setInput(this.exports.inputPtr(bytes.length), this.exports.inputCapacity());
    this.views().set(bytes, this.inPtr);
    return bytes.length;
  }

  private ensureInput(): void {
    if (this.inCap === 0) this.setInput(this.exports.inputPtr(4096), this.exports.inputCapacity());
  }

  /** Load a policy document (the core's JSON form). Throws CoreError("policy_invalid") with issues. */
  load(document: string): PolicyHandle {
    const handle = new PolicyHandle(this, document, this.loadRaw(document));
    this.handles.add(handle);
    return handle;
  }

  private loadRaw(document: string): number {
    this.ensureInput();
    const len = this.writeInput(document);
    if (len > this.inCap) {
      throw new CoreError("policy_invalid", `policy document is ${len} bytes; the limit is ${this.maxRequest}`);
    }
    const result = this.exports.loadPolicy(len);
    if (result > 0) return result;
    const text = decoder.decode(this.views().subarray(this.exports.outputPtr(), this.exports.outputPtr() - result));
    let issues: { path: string; message: string }[] = [];
    try {
      issues = JSON.parse(text);
    } catch {
      issues = [{ path: "", message: text }];
    }
    const summary = issues.map((i) => `${i.path || "/"}: ${i.message}`).join("; ");
    throw new CoreError("policy_invalid", `invalid policy: ${summary}`, issues);
  }

  free(policy: PolicyHandle): void {
    if (this.handles.delete(policy)) this.exports.freePolicy(policy.handle);
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
      this.ensureInput();
      if (usage === undefined) {
        const len = typeof request === "string" ? this.writeInput(request) : this.writeBytes(request);
        this.exports.evaluate(policy.handle, len, now);
        return this.readDecision();
      }
      const usageBytes = encoder.encode(usage);
      const total = typeof request === "string"
        ? this.writeInput(request + usage, MAX_USAGE_BYTES)
        : this.writeBytes(concatBytes(request, usageBytes), MAX_USAGE_BYTES);
      this.exports.evaluateWithUsage(policy.handle, total - usageBytes.length, usageBytes.length, now);
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

  /** The bench floor: the same bytes written, a call that does nothing with them. */
  noop(requestJson: string): number {
    this.ensureInput();
    return this.exports.noop(this.writeInput(requestJson));
  }

  private readDecision(): CoreVerdict {
    const u8 = this.views();
    const dv = this.dv;
    const out = this.exports.outputPtr();
    const kindId = dv.getUint32(out, true);
    const kind = KINDS[kindId] ?? "deny";
    const codeId = dv.getUint32(out + 4, true);
    const policyIdId = dv.getUint32(out + 8, true);
    const capabilityId = dv.getUint32(out + 12, true);
    const messageLength = dv.getUint32(out + 16, true);
    const usageLength = dv.getUint32(out + 20, true);
    const obligationKind = dv.getUint32(out + 24, true);
    const ruleIdId = dv.getUint32(out + 28, true);
    const obligationValue = dv.getFloat64(out + 32, true);
    const start = out + DECISION_HEADER_BYTES;
    // Read the texts before resolving ids: a cache miss reuses the output buffer.
    const message = messageLength === 0 ? "" : decoder.decode(u8.subarray(start, start + messageLength));
    const usageText = usageLength === 0 ? "" : decoder.decode(u8.subarray(start + messageLength, start + messageLength + usageLength));
    const reasons = [{ code: this.string(codeId), message }];
    const policyId = this.string(policyIdId);
    const capability = this.string(capabilityId);
    const rule = this.rule(ruleIdId);
    // One literal per shape: properties added afterwards cost a map transition and a backing store.
    const decision: Decision = policyId && capability
      ? { decision: kind, allow: kind === "allow", reasons, rule, policy_id: policyId, metadata: { capability } }
      : { decision: kind, allow: kind === "allow", reasons, rule };
    if (policyId && !capability) decision.policy_id = policyId;
    else if (capability && !policyId) decision.metadata = { capability };
    if (obligationKind !== 0) addObligation(decision, obligationKind, obligationValue);
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
    const text = this.string(id);
    const rule = text.startsWith("/passport/") ? text.slice("/passport".length) : text;
    this.rules[id] = rule;
    return rule;
  }

  /** Interned strings are decoded once, then served from this cache. */
  private string(id: number): string {
    const cached = this.interned[id];
    if (cached !== undefined) return cached;
    const len = this.exports.internedString(id);
    const ptr = this.exports.outputPtr();
    const text = decoder.decode(this.views().subarray(ptr, ptr + len));
    this.interned[id] = text;
    return text;
  }

  private recover(): void {
    try {
      this.instantiate();
      for (const policy of this.handles) policy.handle = this.loadRaw(policy.document);
    } catch {
      // Leave handles pointing nowhere: every later call denies with
      // oap.evaluator_error ("no policy is loaded") rather than allowing.
      for (const policy of this.handles) policy.handle = 0;
    }
  }

  /** Linear memory in bytes (tests check it stays flat). */
  get memoryBytes(): number {
    return this.exports.memory.buffer.byteLength;
  }
}

/** The core's obligation (header bytes 24-39) as `metadata.obligations`; an unknown kind denies. */
function addObligation(decision: Decision, kind: number, value: number): void {
  const obligation = obligationOf(kind, value);
  if (obligation === null) {
    decision.decision = "deny";
    decision.allow = false;
    decision.reasons = [{ code: "oap.evaluator_error", message: `policy.wasm reported an unknown obligation kind ${kind}` }];
    return;
  }
  decision.metadata = { ...(decision.metadata ?? {}), obligations: [obligation] };
}

function obligationOf(kind: number, value: number): Obligation | null {
  if (kind === 1) return { type: "max_execution_time", seconds: value };
  if (kind === 2) return { type: "max_export_rows", rows: value };
  return null;
}
