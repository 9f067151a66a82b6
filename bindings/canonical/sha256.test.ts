// SHA-256: the synchronous node:crypto path and WebCrypto give the same digest for the same text.
import { describe, expect, it, vi } from "vitest";
import { sha256Hex, webCryptoSha256Hex } from "./sha256.ts";

describe("sha256Hex", () => {
  it("matches the FIPS 180-2 vectors and WebCrypto on every kind of text", async () => {
    expect(await sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(await sha256Hex("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    for (const text of ["abc", "", "é😀\u2028\u0000", "\ud800 lone", "x".repeat(100_000)]) {
      expect(await sha256Hex(text)).toBe(await webCryptoSha256Hex(new TextEncoder().encode(text)));
    }
  });

  it("loads node:crypto on the first hash, not at import (loading it costs every process ~6 ms)", async () => {
    const getBuiltinModule = process.getBuiltinModule;
    const asked: string[] = [];
    Object.assign(process, { getBuiltinModule: (id: string) => (asked.push(id), getBuiltinModule(id)) });
    try {
      vi.resetModules();
      const fresh = await import("./sha256.ts");
      expect(asked).toEqual([]);
      expect(await fresh.sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
      expect(asked).toEqual(["node:crypto"]);
    } finally {
      Object.assign(process, { getBuiltinModule });
    }
  });
});
