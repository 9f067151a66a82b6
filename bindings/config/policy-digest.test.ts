// The policy digest: the same policy digests the same whatever its formatting or syntax; any change to what is
// enforced, in the config or in a passport file it names, changes it.
import { describe, expect, it } from "vitest";
import "../index.ts";
import { loadGuardFromText, type ConfigHost } from "./index.ts";
import { yamlSyntax } from "./yaml-syntax.ts";

const passport = {
  passport_id: "ap_digest", kind: "template", spec_version: "oap/1.0", owner_id: "o", owner_type: "user", assurance_level: "L0",
  status: "active", regions: ["US"], created_at: "2026-01-01T00:00:00Z", updated_at: "2026-01-01T00:00:00Z", version: "1.0.0", capabilities: [{ id: "system.command.execute" }],
  limits: { "system.command.execute": { allowed_commands: ["ls"] } },
};

function hostWith(files: Record<string, string>): ConfigHost {
  return { readFile: (path) => ({ file: `/policies/${path}`, text: files[path] }) };
}

describe("policy digest", () => {
  it("is a SHA-256 hex that ignores formatting, key order and JSON versus YAML", async () => {
    const config = { guardrails: { fail_closed: true, provider: { use: "portcullis:AllowlistProvider", config: { allowed_tools: ["bash"] } } } };
    const compact = await loadGuardFromText(JSON.stringify(config));
    const pretty = await loadGuardFromText(JSON.stringify({ guardrails: { provider: config.guardrails.provider, fail_closed: true } }, null, 2));
    const yaml = await loadGuardFromText("guardrails:\n  provider:\n    use: portcullis:AllowlistProvider\n    config: {allowed_tools: [bash]}\n  fail_closed: true\n", { syntax: yamlSyntax });
    expect(compact.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(pretty.digest).toBe(compact.digest);
    expect(yaml.digest).toBe(compact.digest);
    expect(compact.guard.policyDigest).toBe(compact.digest);
    const other = await loadGuardFromText(JSON.stringify({ guardrails: { ...config.guardrails, fail_closed: false } }));
    expect(other.digest).not.toBe(compact.digest);
  });

  it("covers a passport named by path: editing the passport file changes the digest, the config text unchanged", async () => {
    const config = JSON.stringify({ guardrails: { passport: "passport.json" } });
    const one = await loadGuardFromText(config, { host: hostWith({ "passport.json": JSON.stringify(passport) }) });
    const reordered = await loadGuardFromText(config, { host: hostWith({ "passport.json": JSON.stringify(Object.fromEntries(Object.entries(passport).reverse()), null, 1) }) });
    const edited = { ...passport, limits: { "system.command.execute": { allowed_commands: ["ls", "rm"] } } };
    const two = await loadGuardFromText(config, { host: hostWith({ "passport.json": JSON.stringify(edited) }) });
    expect(reordered.digest).toBe(one.digest);
    expect(two.digest).not.toBe(one.digest);
    expect(one.sources).toEqual(["/policies/passport.json"]);
    const decision = await one.guard.evaluate({ tool_name: "bash", tool_input: { command: "ls" } });
    expect(decision.policy_digest).toBe(one.digest);
  });
});
