/**
 * @module
 * The one place a final decision is observed for proof: its span (when a
 * tracer is configured) and its signed receipt (when receipts are). The
 * judge calls `observeJudgement` when it starts and `finish` with the final
 * judgement; with neither option set it returns null and costs nothing.
 */

import type { Decision, GuardrailRequest } from "../core/decision.ts";
import type { GateOutcome } from "../approvals/index.ts";
import { ReceiptSigner, policyDigestOf, ruleIdOf, type DecisionReceipt, type ReceiptPrivateKey } from "./receipt.ts";
import { STATUS_ERROR, SPAN_KIND_INTERNAL, setAttributes, type SpanLike, type TracerLike } from "./otel.ts";

export interface ReceiptOptions {
  /** The Ed25519 signing key (PKCS#8 PEM, JWK or CryptoKey), or a ReceiptSigner made up front. */
  privateKey: ReceiptPrivateKey | ReceiptSigner;
  /**
   * `sha256:<hex>` of the policy, signed when a decision does not carry `metadata.policy_digest`
   * (a ReceiptSigner given as `privateKey` brings its own).
   */
  policyDigest?: string;
  /** Called with every receipt (e.g. to store those of allowed calls, whose results carry none). */
  onReceipt?: (receipt: DecisionReceipt) => void | Promise<void>;
}

/** The proof options of guardToolCall / Guard. */
export interface ProofOptions {
  /** Sign every decision (off by default). */
  receipts?: ReceiptOptions;
  /** Trace every judged call (see `otel()`); nothing is traced without one. */
  tracer?: TracerLike;
  /**
   * `sha256:<hex>` of the policy, for receipts and spans when a decision does not carry `metadata.policy_digest`
   * (`loadGuard` sets it to the digest of the loaded config and passport).
   */
  policyDigest?: string;
}

/** What the judge knew about the decision beyond the decision itself. */
export interface JudgementFacts {
  provider: string;
  providerError: boolean;
  durationMs: number;
  /** Give back usage the judgement reserved (a call denied for want of a receipt never runs). */
  release(): Promise<void>;
}

interface ObservedJudgement {
  request: GuardrailRequest;
  decision: Decision;
  outcome: GateOutcome | null;
  receipt?: DecisionReceipt;
}

const signers = new WeakMap<ReceiptOptions, Promise<ReceiptSigner>>();

function signerFor(options: ReceiptOptions): Promise<ReceiptSigner> {
  let signer = signers.get(options);
  if (!signer) {
    const key = options.privateKey;
    signer = key instanceof ReceiptSigner ? Promise.resolve(key) : ReceiptSigner.create(key, { policyDigest: options.policyDigest });
    signers.set(options, signer);
  }
  return signer;
}

export class Observation {
  readonly #options: ProofOptions;
  readonly #span: SpanLike | null;

  constructor(options: ProofOptions) {
    this.#options = options;
    const span = options.tracer?.startSpan("execute_tool", { kind: SPAN_KIND_INTERNAL }) ?? null;
    this.#span = span && (span.isRecording?.() ?? true) ? span : null;
    if (span && !this.#span) span.end();
  }

  /** Sign and trace the final judgement; a receipt that cannot be made denies the call (fail-closed). */
  async finish<J extends ObservedJudgement>(judgement: J, facts: JudgementFacts): Promise<J> {
    let result = judgement;
    const receipts = this.#options.receipts;
    if (receipts) {
      try {
        const signer = await signerFor(receipts);
        const receipt = await signer.sign(judgement.request, judgement.decision, { policyDigest: this.#options.policyDigest });
        result = { ...judgement, receipt };
        await receipts.onReceipt?.(receipt);
      } catch (error) {
        if (judgement.decision.allow) await facts.release();
        const message = `decision receipt could not be made (fail-closed): ${(error as Error)?.message ?? error}`;
        result = { ...judgement, decision: { decision: "deny", allow: false, reasons: [{ code: "oap.evaluator_error", message }] } };
      }
    }
    if (this.#span) this.#trace(this.#span, result, facts);
    return result;
  }

  #trace(span: SpanLike, judgement: ObservedJudgement, facts: JudgementFacts): void {
    try {
      const { request, decision, outcome } = judgement;
      const tool = String(request.tool_name ?? "");
      span.updateName?.(`execute_tool ${tool}`);
      const would = (decision as { would_decide?: unknown }).would_decide;
      setAttributes(span, {
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": tool,
        "gen_ai.tool.call.id": request.tool_call_id == null ? undefined : String(request.tool_call_id),
        "gen_ai.agent.id": request.agent_id == null ? undefined : String(request.agent_id),
        "gen_ai.conversation.id": request.thread_id == null ? undefined : String(request.thread_id),
        "portcullis.decision": decision.decision,
        "portcullis.would_decide": typeof would === "string" ? would : undefined,
        "portcullis.reason_codes": decision.reasons.map((r) => r.code).filter(Boolean),
        "portcullis.rule_id": ruleIdOf(decision) ?? undefined,
        "portcullis.policy.id": decision.policy_id,
        "portcullis.policy.digest": policyDigestOf(decision) ?? this.#options.policyDigest ?? this.#options.receipts?.policyDigest,
        "portcullis.provider": facts.provider,
        "portcullis.duration_ms": Math.round(facts.durationMs * 1000) / 1000,
        "portcullis.receipt": judgement.receipt ? true : undefined,
      });
      if (outcome) {
        setAttributes(span, { "portcullis.approval.outcome": outcome.kind, "portcullis.approval.action_id": outcome.action?.id });
        span.addEvent(`portcullis.approval.${outcome.kind}`, { "portcullis.approval.action_id": outcome.action?.id });
      }
      if (facts.providerError) {
        span.setAttribute("error.type", "oap.evaluator_error");
        span.setStatus({ code: STATUS_ERROR, message: "guardrail provider or store error" });
      }
    } finally {
      span.end();
    }
  }
}

/** Null (and no work at all) unless receipts or a tracer are configured. */
export function observeJudgement(options: ProofOptions): Observation | null {
  return options.receipts || options.tracer ? new Observation(options) : null;
}
