/**
 * @module
 * SHA-256 as lowercase hex: WebCrypto everywhere, or, where the runtime
 * offers `node:crypto` without an import (Node ≥ 20.16, Bun), its synchronous
 * hash — the same bytes, without WebCrypto's trip through a worker thread,
 * which costs more than the hash itself on a busy machine (bench/proof.mjs).
 */

const encoder = new TextEncoder();

type NodeCrypto = { createHash(algorithm: "sha256"): { update(data: Uint8Array): { digest(encoding: "hex"): string } } };
let nodeCrypto: NodeCrypto | null | undefined;

/**
 * node:crypto, fetched on the first hash rather than at import: loading it costs Node 20 about 6 ms of CPU, which
 * every import of the package paid (a third of importing the default entry) though most processes never hash.
 */
function hostCrypto(): NodeCrypto | null {
  if (nodeCrypto === undefined) {
    const host = globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } };
    nodeCrypto = (host.process?.getBuiltinModule?.("node:crypto") as NodeCrypto | undefined) ?? null;
  }
  return nodeCrypto;
}

export function toHex(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let out = "";
  for (let i = 0; i < view.length; i++) out += view[i].toString(16).padStart(2, "0");
  return out;
}

/** SHA-256 of the UTF-8 bytes of `text` (TextEncoder's: a lone surrogate is U+FFFD), lowercase hex. */
export async function sha256Hex(text: string): Promise<string> {
  const bytes = encoder.encode(text);
  const host = hostCrypto();
  if (typeof host?.createHash === "function") return host.createHash("sha256").update(bytes).digest("hex");
  return webCryptoSha256Hex(bytes);
}

/** The WebCrypto path on its own (tests compare the two). */
export async function webCryptoSha256Hex(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  return toHex(await crypto.subtle.digest("SHA-256", bytes));
}
