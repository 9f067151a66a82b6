/**
 * gzip bytes → the bytes they hold, in every runtime. Synchronous where the host has zlib (Node, Deno and Bun
 * lend it through `process.getBuiltinModule`), so a first decision can stay synchronous there; elsewhere
 * (browsers) the web-standard DecompressionStream, which only runs asynchronously.
 */
type Zlib = { gunzipSync(data: Uint8Array): Uint8Array };
type HostProcess = { getBuiltinModule?: (id: string) => unknown };

export function gunzip(bytes: Uint8Array): Uint8Array | Promise<Uint8Array> {
  const zlib = (globalThis as { process?: HostProcess }).process?.getBuiltinModule?.("node:zlib") as Zlib | undefined;
  if (zlib) return zlib.gunzipSync(bytes);
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Response(stream).arrayBuffer().then((buffer) => new Uint8Array(buffer));
}
