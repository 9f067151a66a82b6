/**
 * gzip bytes → the bytes they hold, in every runtime. Synchronous where the host has a gzip of its own, so a first
 * decision can stay synchronous there: Bun's `Bun.gunzipSync` (its node:zlib costs ~15 ms to load on first use,
 * bench/first-load.mjs), then the zlib that Node and Deno lend through `process.getBuiltinModule`. Elsewhere
 * (browsers) the web-standard DecompressionStream, which only runs asynchronously.
 */
type GunzipSync = (data: Uint8Array) => Uint8Array;
type ZlibGunzipSync = (data: Uint8Array, options?: { chunkSize?: number }) => Uint8Array;
type Host = { Bun?: { gunzipSync?: GunzipSync }; process?: { getBuiltinModule?: (id: string) => unknown } };

/**
 * zlib's output chunk, sized from the gzip trailer's length field (the inflated size mod 2^32) so the bytes come out
 * in one buffer: with the default 16 KiB chunks, inflating policy.wasm (~550 KB) made ~34 buffers and a concatenation,
 * 3.3 against 2.1 ms CPU warm in Node 20. The field is only a hint: zlib still grows past a wrong one, and the
 * clamp keeps a corrupt trailer from asking for a huge allocation.
 */
function chunkSizeFor(bytes: Uint8Array): number {
  const n = bytes.length;
  if (n < 18) return 16 * 1024;
  const size = (bytes[n - 4] | (bytes[n - 3] << 8) | (bytes[n - 2] << 16) | (bytes[n - 1] << 24)) >>> 0;
  return Math.min(Math.max(size, 16 * 1024), 16 * 1024 * 1024);
}

export function gunzip(bytes: Uint8Array): Uint8Array | Promise<Uint8Array> {
  const host = globalThis as Host;
  if (typeof host.Bun?.gunzipSync === "function") return host.Bun.gunzipSync(bytes);
  const zlib = host.process?.getBuiltinModule?.("node:zlib") as { gunzipSync: ZlibGunzipSync } | undefined;
  if (zlib) return zlib.gunzipSync(bytes, { chunkSize: chunkSizeFor(bytes) });
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Response(stream).arrayBuffer().then((buffer) => new Uint8Array(buffer));
}
