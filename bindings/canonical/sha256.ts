/**
 * @module
 * SHA-256 as lowercase hex: WebCrypto everywhere, or, where the runtime
 * offers `node:crypto` without an import (Node ≥ 20.16, Bun), its synchronous
 * hash — the same bytes, without WebCrypto's trip through a worker thread,
 * which costs more than the hash itself on a busy machine (bench/proof.mjs).
 */

const encoder = new TextEncoder();

type NodeCrypto = { createHash(algorithm: "sha256"): { update(data: Uint8Array): { digest(encoding: "hex"): string } } };
const nodeCrypto = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process?.getBuiltinModule?.("node:crypto") as
  | NodeCrypto
  | undefined;

export function toHex(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let out = "";
  for (let i = 0; i < view.length; i++) out += view[i].toString(16).padStart(2, "0");
  return out;
}

/** SHA-256 of the UTF-8 bytes of `text` (TextEncoder's: a lone surrogate is U+FFFD), lowercase hex. */
export async function sha256Hex(text: string): Promise<string> {
  const bytes = encoder.encode(text);
  if (typeof nodeCrypto?.createHash === "function") return nodeCrypto.createHash("sha256").update(bytes).digest("hex");
  return webCryptoSha256Hex(bytes);
}

/** The WebCrypto path on its own (tests compare the two). */
export async function webCryptoSha256Hex(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  return toHex(await crypto.subtle.digest("SHA-256", bytes));
}
