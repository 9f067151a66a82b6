/**
 * @module
 * Decision receipts: an Ed25519 signature over the RFC 8785 canonical JSON of
 * what was decided about one call — the request's digest (never the request),
 * the decision, its reason codes and rule id, the policy's id and digest, and
 * the time. Anyone holding the public key can later show that this guard made
 * this decision about exactly this call. WebCrypto only, so it signs and
 * verifies the same in Node, Deno, Bun, Workers and browsers.
 */

import type { Decision, GuardrailRequest } from "../core/decision.ts";
import { loadOnce } from "../core/index.ts";

export interface DecisionReceipt {
  /** Format version: 1. */
  v: 1;
  alg: "Ed25519";
  /** `sha256:` + hex of the canonical JSON of the judged request (the same digest a pending action stores). */
  request_digest: string;
  tool_name: string;
  tool_call_id: string | null;
  decision: Decision["decision"];
  reason_codes: string[];
  /** The rule that decided, when the decision names one. */
  rule_id?: string;
  /** What an enforcing policy would have decided, when the decision was made in a shadow or warn mode. */
  would_decide?: Decision["decision"];
  policy_id: string | null;
  /** `sha256:` + hex of the policy that decided, when known. */
  policy_digest: string | null;
  /** ISO 8601, from the signing host's clock. */
  time: string;
  /** base64url Ed25519 signature over the canonical JSON of every other field. */
  signature: string;
}

/** A PKCS#8 PEM text, a JWK ({kty:"OKP", crv:"Ed25519", d, x}) or an imported CryptoKey. */
export type ReceiptPrivateKey = CryptoKey | string | JsonWebKey;
/** An SPKI PEM text, a JWK, the raw 32 bytes, or an imported CryptoKey. */
export type ReceiptPublicKey = CryptoKey | string | JsonWebKey | Uint8Array;

/** The WebCrypto half (receipt-crypto.ts), imported by the first signer or verification. */
const receiptCrypto = loadOnce(() => import("./receipt-crypto.ts"));

/** Signs receipts with one private key, imported (and so checked) once. */
export class ReceiptSigner {
  readonly #key: CryptoKey;
  /** `sha256:` + hex of the policy, when the host knows it and the decision does not say. */
  readonly policyDigest: string | null;

  private constructor(key: CryptoKey, policyDigest: string | null) {
    this.#key = key;
    this.policyDigest = policyDigest;
  }

  /** Import the key now, so a wrong or unusable key is an error at setup, not on the first call. */
  static async create(privateKey: ReceiptPrivateKey, options: { policyDigest?: string | null } = {}): Promise<ReceiptSigner> {
    const key = await (await receiptCrypto()).usablePrivateKey(privateKey);
    return new ReceiptSigner(key, options.policyDigest ?? null);
  }

  /**
   * The receipt for one decision about one (plain-data) request; `policyDigest` wins over the signer's own, the
   * decision's `metadata.policy_digest` over both. Throws when the request is not canonical JSON.
   */
  async sign(request: GuardrailRequest, decision: Decision, options: { time?: Date; policyDigest?: string | null } = {}): Promise<DecisionReceipt> {
    const time = options.time ?? new Date();
    return (await receiptCrypto()).signReceipt(this.#key, request, decision, options.policyDigest ?? this.policyDigest, time);
  }

  toJSON(): string {
    return "[ReceiptSigner]";
  }
}

/** The rule a decision names: the core's `rule`, or an imported agent rule set's `metadata.rule`; null when none. */
export function ruleIdOf(decision: Decision): string | null {
  if (typeof decision.rule === "string" && decision.rule) return decision.rule;
  const meta = decision.metadata?.rule;
  return typeof meta === "string" && meta ? meta : null;
}

/** The policy digest a decision carries (`policy_digest`, or `metadata.policy_digest` from a provider), if any. */
export function policyDigestOf(decision: Decision): string | null {
  if (typeof decision.policy_digest === "string" && decision.policy_digest) return decision.policy_digest;
  const digest = decision.metadata?.policy_digest;
  return typeof digest === "string" && digest ? digest : null;
}

/**
 * True only when `receipt` is a version-1 Ed25519 receipt whose signature
 * covers exactly its other fields under `publicKey`. Any edited, added or
 * removed field, a malformed receipt or another key gives false; an
 * unusable public key throws (that is the verifier's setup error).
 */
export async function verifyReceipt(receipt: unknown, publicKey: ReceiptPublicKey): Promise<boolean> {
  return (await receiptCrypto()).verifyReceipt(receipt, publicKey);
}
