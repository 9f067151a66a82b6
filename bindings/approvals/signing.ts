/**
 * @module
 * HMAC-SHA256 over canonical JSON claims, through WebCrypto only. Every
 * pending action, approval and rule a store holds carries a signature, so a
 * record written into the store by anyone without the key (a shared Redis,
 * a copied SQLite file) is refused. The key is imported non-extractable and
 * never kept as bytes or text, so it cannot end up in a log.
 */

import { canonicalJson, toHex } from "../canonical/index.ts";

export type SecretInput = string | Uint8Array;

/** 256 bits: the HMAC-SHA256 block of security, and what `openssl rand -hex 32` gives. */
export const MIN_SECRET_BYTES = 32;

export class ApprovalSigner {
  readonly #key: CryptoKey;

  private constructor(key: CryptoKey) {
    this.#key = key;
  }

  /** A signer for a secret of at least 32 bytes (a string counts its UTF-8 bytes). */
  static async create(secret: SecretInput): Promise<ApprovalSigner> {
    const bytes = typeof secret === "string" ? new TextEncoder().encode(secret) : secret;
    if (!(bytes instanceof Uint8Array) || bytes.length < MIN_SECRET_BYTES) {
      throw new TypeError(`approval secret must be at least ${MIN_SECRET_BYTES} bytes`);
    }
    const key = await crypto.subtle.importKey("raw", new Uint8Array(bytes), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
    return new ApprovalSigner(key);
  }

  /** A signer with a fresh random key: approvals die with the process (fine for the memory store). */
  static random(): Promise<ApprovalSigner> {
    return ApprovalSigner.create(crypto.getRandomValues(new Uint8Array(MIN_SECRET_BYTES)));
  }

  async sign(claims: object): Promise<string> {
    const mac = await crypto.subtle.sign("HMAC", this.#key, encode(claims));
    return toHex(mac);
  }

  /** WebCrypto's verify compares in constant time. A malformed signature is simply false. */
  async verify(claims: object, signature: unknown): Promise<boolean> {
    if (typeof signature !== "string" || !/^[0-9a-f]{64}$/.test(signature)) return false;
    const mac = new Uint8Array(32);
    for (let i = 0; i < 32; i++) mac[i] = parseInt(signature.slice(i * 2, i * 2 + 2), 16);
    try {
      return await crypto.subtle.verify("HMAC", this.#key, mac, encode(claims));
    } catch {
      return false;
    }
  }

  toJSON(): string {
    return "[ApprovalSigner]";
  }
}

function encode(claims: object): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(canonicalJson(claims));
}

/**
 * Compare two secrets (bearer tokens) without leaking where they differ:
 * both are hashed to 32 bytes first, so neither length nor content shapes
 * the time the loop takes.
 */
export async function constantTimeEqual(a: string, b: string): Promise<boolean> {
  const encoder = new TextEncoder();
  const [x, y] = await Promise.all([
    crypto.subtle.digest("SHA-256", encoder.encode(a)),
    crypto.subtle.digest("SHA-256", encoder.encode(b)),
  ]);
  const p = new Uint8Array(x);
  const q = new Uint8Array(y);
  let diff = 0;
  for (let i = 0; i < p.length; i++) diff |= p[i] ^ q[i];
  return diff === 0;
}
