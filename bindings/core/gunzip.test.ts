import { gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { gunzip } from "./gunzip.ts";

const bytes = Uint8Array.from({ length: 50_000 }, (_, i) => (i * 7) % 251);
const gzip = new Uint8Array(gzipSync(bytes));

// Browsers have no process.getBuiltinModule; hiding it sends gunzip to DecompressionStream.
const getBuiltinModule = process.getBuiltinModule;
const asBrowser = () => Object.assign(process, { getBuiltinModule: undefined });

describe("gunzip", () => {
  afterEach(() => Object.assign(process, { getBuiltinModule }));

  it("inflates synchronously where the host lends zlib (Node, Deno, Bun)", () => {
    const out = gunzip(gzip);
    expect(out).not.toBeInstanceOf(Promise);
    expect(Buffer.compare(out as Uint8Array, bytes)).toBe(0);
  });

  it("asks zlib for one output chunk of the size the gzip trailer gives, clamped", () => {
    const seen: (number | undefined)[] = [];
    const zlib = getBuiltinModule("node:zlib") as typeof import("node:zlib");
    const spy = (data: Uint8Array, options?: { chunkSize?: number }) => (seen.push(options?.chunkSize), zlib.gunzipSync(data, options));
    Object.assign(process, { getBuiltinModule: () => ({ gunzipSync: spy }) });
    expect(Buffer.compare(gunzip(gzip) as Uint8Array, bytes)).toBe(0);
    const lying = gzip.slice();
    lying.set([0xff, 0xff, 0xff, 0xff], lying.length - 4); // a trailer claiming 4 GiB: refused by zlib, never allocated
    expect(() => gunzip(lying)).toThrow();
    expect(seen).toEqual([bytes.length, 16 * 1024 * 1024]);
  });

  it("inflates through DecompressionStream elsewhere (browsers), asynchronously", async () => {
    asBrowser();
    const out = gunzip(gzip);
    expect(out).toBeInstanceOf(Promise);
    expect(Buffer.compare(await out, bytes)).toBe(0);
  });

  it("rejects corrupt input instead of returning bytes", async () => {
    const corrupt = gzip.slice(0, 100);
    expect(() => gunzip(corrupt)).toThrow();
    asBrowser();
    await expect(gunzip(corrupt)).rejects.toThrow();
  });
});
