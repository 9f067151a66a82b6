// The config's proof sections (docs/audit-and-receipts.md): `audit: {path, chain: true}` writes a chain that
// survives a reload, `receipts: {private_key_path}` signs every decision with the digest of the loaded policy.
import { afterAll, describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadGuard } from "../node.ts";
import { ConfigError } from "./parse-config.ts";
import { isBlockedToolResult, type BlockedToolResult } from "../middleware/index.ts";
import { verifyAuditChain, verifyReceipt } from "../proof/index.ts";
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";

const dir = mkdtempSync(join(tmpdir(), "portcullis-proof-config-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const passport = fileURLToPath(new URL("../../examples/passport.json", import.meta.url));
const call = (command: string) => ({ tool_name: "bash", tool_input: { command: `${command} --token=SECRET-42`, timeout: 30, cwd: "/workspace" }, tool_call_id: command });

function pem(label: string, der: ArrayBuffer): string {
  return `-----BEGIN ${label}-----\n${Buffer.from(der).toString("base64")}\n-----END ${label}-----\n`;
}

describe("config proof sections", () => {
  it("audit.chain writes a hash chain that a reloaded guard continues, without arguments", async () => {
    const config = join(dir, "chain.json");
    writeFileSync(config, JSON.stringify({ guardrails: { passport, audit: { path: "./chain.jsonl", chain: true } } }));
    for (let round = 0; round < 2; round++) {
      const { guard } = await loadGuard(config);
      await guard.guardToolCall(call("git status"), () => "ran");
      await guard.guardToolCall(call("rm -rf"), () => "ran");
    }
    const text = readFileSync(join(dir, "chain.jsonl"), "utf8");
    expect(await verifyAuditChain(text)).toMatchObject({ ok: true, count: 4 });
    expect(text).not.toContain("SECRET-42");
    expect(text.split("\n").slice(0, -1).map((l) => JSON.parse(l).action)).toEqual(["allow_tool_call", "deny_tool_call", "allow_tool_call", "deny_tool_call"]);
  });

  it("receipts.private_key_path signs decisions with the policy's digest", async () => {
    const keys = (await crypto.subtle.generateKey({ name: "Ed25519" }, true, ["sign", "verify"])) as CryptoKeyPair;
    writeFileSync(join(dir, "key.pem"), pem("PRIVATE KEY", await crypto.subtle.exportKey("pkcs8", keys.privateKey)));
    const config = join(dir, "receipts.json");
    writeFileSync(config, JSON.stringify({ guardrails: { passport, receipts: { private_key_path: "./key.pem" } } }));
    const { guard } = await loadGuard(config);
    const result = await guard.guardToolCall(call("rm -rf"), () => "ran");
    expect(isBlockedToolResult(result)).toBe(true);
    const receipt = (result as BlockedToolResult).receipt!;
    expect(receipt.policy_digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(await verifyReceipt(receipt, keys.publicKey)).toBe(true);

    // Another policy, another digest.
    const otherPassport = { ...JSON.parse(readFileSync(passport, "utf8")), name: "other-helper" };
    writeFileSync(join(dir, "other-passport.json"), JSON.stringify(otherPassport));
    writeFileSync(config, JSON.stringify({ guardrails: { passport: "./other-passport.json", receipts: { private_key_path: "./key.pem" } } }));
    const other = await (await loadGuard(config)).guard.guardToolCall(call("rm -rf"), () => "ran");
    expect((other as BlockedToolResult).receipt!.policy_digest).not.toBe(receipt.policy_digest);
  });

  it("a tracer given to loadGuard gets a span per call naming the policy's digest", async () => {
    const exporter = new InMemorySpanExporter();
    const tracer = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }).getTracer("test");
    const config = join(dir, "traced.json");
    writeFileSync(config, JSON.stringify({ guardrails: { passport } }));
    const { guard } = await loadGuard(config, { tracer });
    await guard.guardToolCall(call("rm -rf"), () => "ran");
    const [span] = exporter.getFinishedSpans();
    expect(span.attributes).toMatchObject({ "portcullis.decision": "deny", "gen_ai.tool.call.id": "rm -rf" });
    expect(span.attributes["portcullis.policy.digest"]).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(JSON.stringify(span.attributes)).not.toContain("SECRET-42");
  });

  it("a missing or unusable key is a config error at load time, naming the path", async () => {
    const config = join(dir, "bad-key.json");
    writeFileSync(config, JSON.stringify({ guardrails: { passport, receipts: { private_key_path: "./nope.pem" } } }));
    await expect(loadGuard(config)).rejects.toThrow(ConfigError);
    await expect(loadGuard(config)).rejects.toThrow(/receipts\/private_key_path.*no such file|no such file/s);
    writeFileSync(join(dir, "junk.pem"), "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n");
    writeFileSync(config, JSON.stringify({ guardrails: { passport, receipts: { private_key_path: "./junk.pem" } } }));
    await expect(loadGuard(config)).rejects.toThrow(/Ed25519 private key/);
    writeFileSync(config, JSON.stringify({ guardrails: { passport, receipts: {} } }));
    await expect(loadGuard(config)).rejects.toThrow(ConfigError);
  });
});
