import { describe, expect, it } from "vitest";
import { inspect } from "node:util";
import { ApprovalSigner, constantTimeEqual } from "./signing.ts";

const SECRET = "0123456789abcdef0123456789abcdef";

describe("ApprovalSigner", () => {
  it("signs canonical claims: key order does not matter, any change does", async () => {
    const signer = await ApprovalSigner.create(SECRET);
    const sig = await signer.sign({ id: "act_1", tool_name: "bash", args_digest: "ab" });
    expect(sig).toMatch(/^[0-9a-f]{64}$/);
    expect(await signer.verify({ args_digest: "ab", tool_name: "bash", id: "act_1" }, sig)).toBe(true);
    expect(await signer.verify({ id: "act_1", tool_name: "Bash", args_digest: "ab" }, sig)).toBe(false);
    expect(await signer.verify({ id: "act_1", tool_name: "bash", args_digest: "ab", extra: null }, sig)).toBe(false);
  });

  it("refuses signatures from another key, and malformed ones", async () => {
    const a = await ApprovalSigner.create(SECRET);
    const b = await ApprovalSigner.create(SECRET.toUpperCase());
    const claims = { id: "x" };
    const sig = await a.sign(claims);
    expect(await b.verify(claims, sig)).toBe(false);
    for (const bad of ["", "zz", sig.toUpperCase(), sig.slice(2), sig + "00", null, 42, { sig }]) {
      expect(await a.verify(claims, bad)).toBe(false);
    }
    expect(await (await ApprovalSigner.random()).verify(claims, sig)).toBe(false);
  });

  it("refuses short secrets", async () => {
    await expect(ApprovalSigner.create("short")).rejects.toThrow(/at least 32 bytes/);
    await expect(ApprovalSigner.create(new Uint8Array(31))).rejects.toThrow(/at least 32 bytes/);
  });

  it("never shows the key when logged or serialised", async () => {
    const signer = await ApprovalSigner.create(SECRET);
    expect(JSON.stringify({ signer })).not.toContain("0123");
    expect(inspect(signer, { showHidden: true, depth: 5 })).not.toContain("0123");
  });
});

describe("constantTimeEqual", () => {
  it("compares by content only", async () => {
    expect(await constantTimeEqual("token-aaaaaaaaaaaaaaaa", "token-aaaaaaaaaaaaaaaa")).toBe(true);
    expect(await constantTimeEqual("token-aaaaaaaaaaaaaaaa", "token-aaaaaaaaaaaaaaab")).toBe(false);
    expect(await constantTimeEqual("token", "token-aaaaaaaaaaaaaaaa")).toBe(false);
    expect(await constantTimeEqual("", "")).toBe(true);
  });
});
