/**
 * gzip bytes → the bytes they hold, in every runtime. Synchronous where the host has a gzip of its own, so a first
 * decision can stay synchronous there: Bun's `Bun.gunzipSync` (its node:zlib costs ~15 ms to load on first use,
 * bench/first-load.mjs), then the zlib that Node and Deno lend through `process.getBuiltinModule`. Elsewhere
 * (browsers) the web-standard DecompressionStream, which only runs asynchronously.
 */
type GunzipSync = (data: Uint8Array) => Uint8Array;
type Host = { Bun?: { gunzipSync?: GunzipSync }; process?: { getBuiltinModule?: (id: string) => unknown } };

export function gunzip(bytes: Uint8Array): Uint8Array | Promise<Uint8Array> {
  const host = globalThis as Host;
  if (typeof host.Bun?.gunzipSync === "function") return host.Bun.gunzipSync(bytes);
  const zlib = host.process?.getBuiltinModule?.("node:zlib") as { gunzipSync: GunzipSync } | undefined;
  if (zlib) return zlib.gunzipSync(bytes);
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Response(stream).arrayBuffer().then((buffer) => new Uint8Array(buffer));
}
