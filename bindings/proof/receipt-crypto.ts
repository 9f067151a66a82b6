/**
 * @module
 * The WebCrypto half of decision receipts (receipt.ts): key import, the signed body, signing and verification.
 * receipt.ts imports it on first use, so an agent that signs nothing never loads it.
 */

import { canonicalJson, sha256Hex } from "../canonical/index.ts";
import type { Decision, GuardrailRequest } from "../core/decision.ts";
import { policyDigestOf, ruleIdOf, type DecisionReceipt, type ReceiptPrivateKey, type ReceiptPublicKey } from "./receipt.ts";

const ED25519 = { name: "Ed25519" } as const;

/** The private key, imported and proven to sign before any call depends on it. */
export async function usablePrivateKey(privateKey: ReceiptPrivateKey): Promise<CryptoKey> {
  const key = await importPrivateKey(privateKey);
  await crypto.subtle.sign(ED25519, key, new Uint8Array(0));
  return key;
}

/** The signed receipt for one decision about one request. */
export async function signReceipt(key: CryptoKey, request: GuardrailRequest, decision: Decision, policyDigest: string | null, time: Date): Promise<DecisionReceipt> {
  const body = await receiptBody(request, decision, policyDigest, time);
  const signature = await crypto.subtle.sign(ED25519, key, encode(body));
  return { ...body, signature: toBase64Url(new Uint8Array(signature)) };
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
