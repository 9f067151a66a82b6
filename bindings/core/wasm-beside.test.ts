import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { wasmBeside } from "./wasm-beside.ts";

// Node reads a wasm module from the digest-named file beside the bundle; every other case answers null, and the
// caller inflates the inlined copy.
const dir = mkdtempSync(join(tmpdir(), "portcullis-beside-"));
const base = pathToFileURL(join(dir, "index-ABC.js")).href;
writeFileSync(join(dir, "policy-0123456789abcdef.wasm"), new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]));
const host = globalThis as { Deno?: unknown };
const getBuiltinModule = process.getBuiltinModule;

describe("wasmBeside", () => {
  afterEach(() => {
    delete host.Deno;
    Object.assign(process, { getBuiltinModule });
  });

  it("reads the file in the bundle's folder", () => {
    expect([...(wasmBeside("policy-0123456789abcdef.wasm", base) ?? [])]).toEqual([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]);
  });

  it("answers null for a file that is not there (a bundle copied elsewhere)", () => {
    expect(wasmBeside("policy-fedcba9876543210.wasm", base)).toBeNull();
  });

  it("answers null where the bundle is not a file (a browser; a Worker's is checked in the runtime matrix)", () => {
    expect(wasmBeside("policy-0123456789abcdef.wasm", "https://example.com/index.js")).toBeNull();
  });

  it("in Deno, reads only where read permission is already granted (asking would prompt)", () => {
    const read: URL[] = [];
    const deno = (state: string) => ({
      permissions: { querySync: () => ({ state }) },
      readFileSync: (url: URL) => (read.push(url), new Uint8Array([1, 2])),
    });
    host.Deno = deno("granted");
    expect([...(wasmBeside("policy-0123456789abcdef.wasm", base) ?? [])]).toEqual([1, 2]);
    expect(read.map(String)).toEqual([new URL("policy-0123456789abcdef.wasm", base).href]);
    for (const state of ["prompt", "denied"]) {
      host.Deno = deno(state);
      expect(wasmBeside("policy-0123456789abcdef.wasm", base), state).toBeNull();
    }
    host.Deno = {};
    expect(wasmBeside("policy-0123456789abcdef.wasm", base)).toBeNull();
    expect(read).toHaveLength(1);
  });

  it("answers null when the read is refused (Node's permission model) or fs cannot be had", () => {
    const refusing = { readFileSync: () => { throw Object.assign(new Error("denied"), { code: "ERR_ACCESS_DENIED" }); } };
    Object.assign(process, { getBuiltinModule: () => refusing });
    expect(wasmBeside("policy-0123456789abcdef.wasm", base)).toBeNull();
    Object.assign(process, { getBuiltinModule: undefined });
    expect(wasmBeside("policy-0123456789abcdef.wasm", base)).toBeNull();
  });
});
