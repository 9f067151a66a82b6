/**
 * A wasm module's raw bytes from the file the package ships beside its bundles, named by a digest of those bytes
 * (`policy-<16 hex digits of SHA-256>.wasm`, written by the build): reading ~600 KB takes ~0.2 ms, where decoding
 * and inflating the inlined gzip takes ~3 ms in Node (loading node:zlib is half of it) and ~5 ms in Deno, on every
 * fresh process. Because the name carries the digest, a bundle copied beside another build's files finds no file of
 * its name.
 *
 * The bytes are not hashed again on read (that would cost what reading saves): the file is trusted as the JS beside
 * it is, since whoever can write one can write the other. Bytes that are not a wasm module fail to compile: a
 * `load_failed` CoreError from the providers, a fail-closed deny from a guard, exit 2 from the CLI.
 *
 * Node and Bun read through `process.getBuiltinModule("node:fs")`; Deno only when read permission for the file is
 * already granted (asking would prompt the user). Anything else — no such file, a permission model that denies the
 * read, a bundle whose URL is not a file (browsers; `import.meta.url` is undefined in workerd) — answers null, and
 * the caller inflates the inlined copy.
 */
type Host = {
  Deno?: {
    permissions?: { querySync?: (descriptor: { name: "read"; path: URL }) => { state: string } };
    readFileSync?: (path: URL) => Uint8Array;
  };
  process?: { getBuiltinModule?: (id: string) => unknown };
};
type ReadFileSync = (path: URL) => Uint8Array;

/** The bytes of `file` in the folder of `base` (this module's URL: after the build, the bundle's), or null. */
export function wasmBeside(file: string, base: string | undefined = import.meta.url): Uint8Array | null {
  if (!base?.startsWith("file:")) return null;
  const host = globalThis as Host;
  try {
    const url = new URL(file, base);
    // A host without one of these calls throws here, and answers null below.
    const deno = host.Deno;
    if (deno) return deno.permissions!.querySync!({ name: "read", path: url }).state === "granted" ? deno.readFileSync!(url) : null;
    const fs = host.process?.getBuiltinModule?.("node:fs") as { readFileSync: ReadFileSync } | undefined;
    return fs ? fs.readFileSync(url) : null;
  } catch {
    return null;
  }
}
