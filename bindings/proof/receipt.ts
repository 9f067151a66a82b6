/**
 * @module
 * Decision receipts: an Ed25519 signature over the RFC 8785 canonical JSON of
 * what was decided about one call — the request's digest (never the request),
 * the decision, its reason codes and rule id, the policy's id and digest, and
 * the time. Anyone holding the public key can later show that this guard made
 * this decision about exactly this call. WebCrypto only, so it signs and
 * verifies the same in Node, Deno, Bun, Workers and browsers.
 */

import { canonicalJson, sha256Hex } from "../canonical/index.ts";
import type { Decision, GuardrailRequest } from "../core/decision.ts";

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

const ED25519 = { name: "Ed25519" } as const;

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
    const key = await importPrivateKey(privateKey);
    // Prove the key signs before any call depends on it.
    await crypto.subtle.sign(ED25519, key, new Uint8Array(0));
    return new ReceiptSigner(key, options.policyDigest ?? null);
  }

  /**
   * The receipt for one decision about one (plain-data) request; `policyDigest` wins over the signer's own, the
   * decision's `metadata.policy_digest` over both. Throws when the request is not canonical JSON.
   */
  async sign(request: GuardrailRequest, decision: Decision, options: { time?: Date; policyDigest?: string | null } = {}): Promise<DecisionReceipt> {
    const body = await receiptBody(request, decision, options.policyDigest ?? this.policyDigest, options.time ?? new Date());
    const signature = await crypto.subtle.sign(ED25519, this.#key, encode(body));
    return { ...body, signature: toBase64Url(new Uint8Array(signature)) };
  }

  toJSON(): string {
    return "[ReceiptSigner]";
  }
}

/** The signed fields: digests, codes and ids only, never arguments or reason messages. */
async function receiptBody(
  request: GuardrailRequest,
  decision: Decision,
  policyDigest: string | null,
  time: Date,
): Promise<Omit<DecisionReceipt, "signature">> {
  const body: Omit<DecisionReceipt, "signature"> = {
    v: 1,
    alg: "Ed25519",
    request_digest: "sha256:" + (await sha256Hex(canonicalJson(request))),
    tool_name: String(request.tool_name ?? ""),
    tool_call_id: request.tool_call_id == null ? null : String(request.tool_call_id),
    decision: decision.decision,
    reason_codes: decision.reasons.map((r) => r.code).filter(Boolean),
    policy_id: decision.policy_id ?? null,
    policy_digest: policyDigestOf(decision) ?? policyDigest,
    time: time.toISOString(),
  };
  const rule = ruleIdOf(decision);
  if (rule !== null) body.rule_id = rule;
  const would = (decision as { would_decide?: unknown }).would_decide;
  if (would === "allow" || would === "deny" || would === "ask") body.would_decide = would;
  return body;
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
  const key = await importPublicKey(publicKey);
  if (receipt === null || typeof receipt !== "object" || Array.isArray(receipt)) return false;
  const { signature, ...body } = receipt as Record<string, unknown>;
  if (body.v !== 1 || body.alg !== "Ed25519" || typeof signature !== "string") return false;
  const bytes = fromBase64Url(signature);
  if (!bytes || bytes.length !== 64) return false;
  let payload: Uint8Array<ArrayBuffer>;
  try {
    payload = encode(body);
  } catch {
    return false;
  }
  try {
    return await crypto.subtle.verify(ED25519, key, bytes, payload);
  } catch {
    return false;
  }
}

function encode(value: object): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(canonicalJson(value));
}

async function importPrivateKey(key: ReceiptPrivateKey): Promise<CryptoKey> {
  if (isCryptoKey(key)) {
    if (key.type !== "private" || key.algorithm.name !== "Ed25519") throw new TypeError("receipt key must be an Ed25519 private key");
    return key;
  }
  try {
    if (typeof key === "string") return await crypto.subtle.importKey("pkcs8", pemBytes(key, "PRIVATE KEY"), ED25519, false, ["sign"]);
    if (key && typeof key === "object") return await crypto.subtle.importKey("jwk", key, ED25519, false, ["sign"]);
  } catch (error) {
    throw new TypeError(`receipt key is not a usable Ed25519 private key: ${(error as Error)?.message ?? error}`);
  }
  throw new TypeError("receipt key must be a PKCS#8 PEM text, a JWK or a CryptoKey");
}

async function importPublicKey(key: ReceiptPublicKey): Promise<CryptoKey> {
  if (isCryptoKey(key)) {
    if (key.type !== "public" || key.algorithm.name !== "Ed25519") throw new TypeError("verification key must be an Ed25519 public key");
    return key;
  }
  try {
    if (typeof key === "string") return await crypto.subtle.importKey("spki", pemBytes(key, "PUBLIC KEY"), ED25519, true, ["verify"]);
    if (key instanceof Uint8Array) return await crypto.subtle.importKey("raw", new Uint8Array(key), ED25519, true, ["verify"]);
    if (key && typeof key === "object") return await crypto.subtle.importKey("jwk", key, ED25519, true, ["verify"]);
  } catch (error) {
    throw new TypeError(`verification key is not a usable Ed25519 public key: ${(error as Error)?.message ?? error}`);
  }
  throw new TypeError("verification key must be an SPKI PEM text, a JWK, 32 raw bytes or a CryptoKey");
}

function isCryptoKey(value: unknown): value is CryptoKey {
  return typeof CryptoKey !== "undefined" && value instanceof CryptoKey;
}

function pemBytes(pem: string, label: string): Uint8Array<ArrayBuffer> {
  const match = new RegExp(`-----BEGIN ${label}-----([A-Za-z0-9+/=\\s]+)-----END ${label}-----`).exec(pem);
  if (!match) throw new TypeError(`expected a PEM block "-----BEGIN ${label}-----"`);
  const bytes = fromBase64Url(match[1].replace(/\s+/g, "").replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, ""));
  if (!bytes) throw new TypeError("the PEM block is not base64");
  return bytes;
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i++) binary += String.fromCharCode(bytes[i]);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** Strict base64url (no padding): anything else is null, so one signature has one spelling. */
function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  let binary: string;
  try {
    binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  } catch {
    return null;
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  if (toBase64Url(bytes) !== text) return null;
  return bytes;
}
