/**
 * A wasm module's raw bytes from the file the package ships beside its bundles, named by a digest of those bytes
 * (`policy-<16 hex digits of SHA-256>.wasm`, written by the build): in Node, reading ~600 KB takes ~0.2 ms, where
 * decoding and inflating the inlined gzip takes ~3 ms (loading node:zlib is half of it), on every fresh process.
 * Because the name carries the digest, a bundle copied beside another build's files finds no file of its name.
 *
 * Node only: Deno would ask for read permission (or refuse without it), Bun inflates natively in ~1 ms, and browsers
 * and Workers have no files. Anything else — no such file, a permission model that denies the read, a bundle whose
 * URL is not a file — answers null, and the caller inflates the inlined copy as before.
 */
type Host = {
  Deno?: unknown;
  Bun?: unknown;
  process?: { getBuiltinModule?: (id: string) => unknown };
};
type ReadFileSync = (path: URL) => Uint8Array;

/** The bytes of `file` in the folder of `base` (this module's URL: after the build, the bundle's), or null. */
export function wasmBeside(file: string, base: string | undefined = import.meta.url): Uint8Array | null {
  const host = globalThis as Host;
  // import.meta.url is undefined in workerd.
  if (host.Deno !== undefined || host.Bun !== undefined || !base?.startsWith("file:")) return null;
  const fs = host.process?.getBuiltinModule?.("node:fs") as { readFileSync: ReadFileSync } | undefined;
  if (typeof fs?.readFileSync !== "function") return null;
  try {
    return fs.readFileSync(new URL(file, base));
  } catch {
    return null;
  }
}
