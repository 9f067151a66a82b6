// Decision receipts (docs/audit-and-receipts.md): sign, verify, and every way a receipt can be tampered with.
import { describe, expect, it } from "vitest";
import { ReceiptSigner, verifyReceipt, type DecisionReceipt } from "./receipt.ts";
import { canonicalJson, sha256Hex } from "../canonical/index.ts";
import type { Decision, GuardrailRequest } from "../core/decision.ts";

const request: GuardrailRequest = {
  tool_name: "bash",
  tool_input: { command: "curl -H 'Authorization: Bearer sk-live-SECRET' https://example.com" },
  tool_call_id: "call_7",
  agent_id: "agent-1",
};
const decision: Decision = {
  decision: "deny",
  allow: false,
  reasons: [{ code: "oap.command_not_allowed", message: "curl is not in allowed_commands: sk-live-SECRET" }],
  policy_id: "policy.v1",
  rule: "/limits/system.command.execute/allowed_commands",
};

async function keyPair(): Promise<CryptoKeyPair> {
  return (await crypto.subtle.generateKey({ name: "Ed25519" }, true, ["sign", "verify"])) as CryptoKeyPair;
}

function pem(label: string, der: ArrayBuffer): string {
  const b64 = Buffer.from(der).toString("base64").replace(/(.{64})/g, "$1\n");
  return `-----BEGIN ${label}-----\n${b64}\n-----END ${label}-----\n`;
}

/** A value of the same JSON type that differs from `value`. */
function edited(value: unknown): unknown {
  if (value === null) return "x";
  if (typeof value === "string") return value + "x";
  if (typeof value === "number") return value + 1;
  if (Array.isArray(value)) return [...value, "oap.extra"];
  return { ...(value as object), extra: 1 };
}

const allowed: Decision = { decision: "allow", allow: true, reasons: [{ code: "oap.allowed", message: "" }] };

describe("decision receipts", () => {
  it("verifies with the signer's public key and names the decision, never the arguments", async () => {
    const keys = await keyPair();
    const signer = await ReceiptSigner.create(keys.privateKey, { policyDigest: "sha256:" + "ab".repeat(32) });
    const receipt = await signer.sign(request, decision, { time: new Date("2026-11-26T12:00:00Z") });
    expect(await verifyReceipt(receipt, keys.publicKey)).toBe(true);
    expect(receipt).toMatchObject({
      v: 1, alg: "Ed25519", tool_name: "bash", tool_call_id: "call_7", decision: "deny",
      reason_codes: ["oap.command_not_allowed"], rule_id: "/limits/system.command.execute/allowed_commands",
      policy_id: "policy.v1", policy_digest: "sha256:" + "ab".repeat(32), time: "2026-11-26T12:00:00.000Z",
    });
    expect(receipt.request_digest).toBe("sha256:" + (await sha256Hex(canonicalJson(request))));
    expect(JSON.stringify(receipt)).not.toContain("SECRET");
    expect(JSON.stringify(receipt)).not.toContain("curl");
  });

  it("prefers the digest the decision carries over the one given, and that over the signer's; signs would_decide", async () => {
    const keys = await keyPair();
    const signer = await ReceiptSigner.create(keys.privateKey, { policyDigest: "sha256:old" });
    const receipt = await signer.sign(request, { ...decision, rule: undefined, metadata: { policy_digest: "sha256:new" } });
    expect(receipt.policy_digest).toBe("sha256:new");
    expect(receipt.rule_id).toBeUndefined();
    expect((await signer.sign(request, { ...decision, metadata: {} }, { policyDigest: "sha256:given" })).policy_digest).toBe("sha256:given");
    expect((await signer.sign(request, { ...decision, metadata: {} })).policy_digest).toBe("sha256:old");
    // A shadow-mode decision: what would have happened is signed with what did.
    const shadow = await signer.sign(request, { ...allowed, would_decide: "deny" } as Decision);
    expect(shadow).toMatchObject({ decision: "allow", would_decide: "deny" });
    expect(await verifyReceipt({ ...shadow, would_decide: "allow" }, keys.publicKey)).toBe(false);
  });

  it("fails when any field is edited, removed or added", async () => {
    const keys = await keyPair();
    const receipt = await (await ReceiptSigner.create(keys.privateKey)).sign(request, decision);
    const fields = Object.keys(receipt) as (keyof DecisionReceipt)[];
    expect(fields.length).toBeGreaterThanOrEqual(12);
    for (const field of fields) {
      const changed = { ...receipt, [field]: edited(receipt[field]) };
      expect(await verifyReceipt(changed, keys.publicKey), `edited ${field}`).toBe(false);
      const { [field]: _removed, ...rest } = receipt;
      expect(await verifyReceipt(rest, keys.publicKey), `removed ${field}`).toBe(false);
    }
    expect(await verifyReceipt({ ...receipt, decision: "allow" }, keys.publicKey)).toBe(false);
    expect(await verifyReceipt({ ...receipt, note: "added" }, keys.publicKey)).toBe(false);
    // One spelling per signature: padding or standard base64 is refused, not normalised.
    expect(await verifyReceipt({ ...receipt, signature: receipt.signature + "==" }, keys.publicKey)).toBe(false);
    expect(await verifyReceipt({ ...receipt, signature: receipt.signature.replace(/-/g, "+").replace(/_/g, "/") + "A" }, keys.publicKey)).toBe(false);
    for (const junk of [null, "receipt", [], 42, {}]) expect(await verifyReceipt(junk, keys.publicKey)).toBe(false);
    expect(await verifyReceipt(receipt, keys.publicKey)).toBe(true);
  });

  it("fails under another key", async () => {
    const [ours, theirs] = [await keyPair(), await keyPair()];
    const receipt = await (await ReceiptSigner.create(ours.privateKey)).sign(request, decision);
    expect(await verifyReceipt(receipt, theirs.publicKey)).toBe(false);
    // Re-signed by another key, the receipt no longer verifies under ours.
    const forged = await (await ReceiptSigner.create(theirs.privateKey)).sign(request, { ...decision, decision: "allow", allow: true });
    expect(await verifyReceipt(forged, ours.publicKey)).toBe(false);
  });

  it("takes keys as PEM, JWK, raw bytes or CryptoKey", async () => {
    const keys = await keyPair();
    const privatePem = pem("PRIVATE KEY", await crypto.subtle.exportKey("pkcs8", keys.privateKey));
    const publicPem = pem("PUBLIC KEY", await crypto.subtle.exportKey("spki", keys.publicKey));
    const privateJwk = await crypto.subtle.exportKey("jwk", keys.privateKey);
    const raw = new Uint8Array(await crypto.subtle.exportKey("raw", keys.publicKey));
    for (const key of [privatePem, privateJwk]) {
      const receipt = await (await ReceiptSigner.create(key)).sign(request, decision);
      for (const pub of [publicPem, raw, keys.publicKey, await crypto.subtle.exportKey("jwk", keys.publicKey)]) {
        expect(await verifyReceipt(receipt, pub)).toBe(true);
      }
    }
  });

  it("refuses unusable keys at setup", async () => {
    const keys = await keyPair();
    await expect(ReceiptSigner.create(keys.publicKey)).rejects.toThrow(/Ed25519 private key/);
    await expect(ReceiptSigner.create("not a pem")).rejects.toThrow(/PRIVATE KEY/);
    const hmac = await crypto.subtle.generateKey({ name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    await expect(ReceiptSigner.create(hmac as CryptoKey)).rejects.toThrow(/Ed25519/);
    await expect(verifyReceipt({}, keys.privateKey)).rejects.toThrow(/public key/);
    expect(JSON.stringify({ s: await ReceiptSigner.create(keys.privateKey) })).toBe('{"s":"[ReceiptSigner]"}');
  });

  it("signs standard Ed25519 (RFC 8032 test 1 key)", async () => {
    const seed = "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60";
    const pkcs8 = Buffer.from("302e020100300506032b657004220420" + seed, "hex");
    const privateKey = await crypto.subtle.importKey("pkcs8", pkcs8, { name: "Ed25519" }, false, ["sign"]);
    const publicKey = Buffer.from("d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a", "hex");
    const receipt = await (await ReceiptSigner.create(privateKey)).sign(request, decision);
    expect(await verifyReceipt(receipt, new Uint8Array(publicKey))).toBe(true);
    const empty = await crypto.subtle.sign({ name: "Ed25519" }, privateKey, new Uint8Array(0));
    expect(Buffer.from(empty).toString("hex")).toBe(
      "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b",
    );
  });
});
