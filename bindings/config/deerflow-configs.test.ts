// DeerFlow's and APort's guardrails configs, as their documentation shows them, load unchanged (or fail with a
// message that says what to do); a whole DeerFlow config.yaml loads with its other sections ignored.
import { describe, expect, it } from "vitest";
import { fileURLToPath } from "node:url";
import { loadGuard } from "../node.ts";
import { ConfigError } from "./parse-config.ts";
import { AllowlistProvider } from "../providers/allowlist.ts";
import { PassportProvider } from "../providers/passport.ts";
import { validateConfig } from "./generated/validators.js";
import { parseText } from "./parse-config.ts";
import { yamlSyntax } from "./yaml-syntax.ts";
import { readFileSync } from "node:fs";

const at = (p: string) => fileURLToPath(new URL(`../../test/fixtures/config/${p}`, import.meta.url));
const NOW = () => Date.parse("2026-11-22T00:00:00Z");
const call = (tool_name: string, tool_input: Record<string, unknown> = {}) => ({ tool_name, tool_input });

async function loadError(file: string): Promise<string> {
  const error = await loadGuard(at(file), { clock: NOW }).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ConfigError);
  return (error as Error).message;
}

/** The ahead-of-time validator's verdict on a fixture: it must agree with what loads. */
const schemaAccepts = (file: string) => validateConfig(parseText(readFileSync(at(file), "utf8"), file, yamlSyntax));

describe("DeerFlow's AllowlistProvider by its class path", () => {
  it("denied_tools: bash and write_file denied, others allowed", async () => {
    const { guard } = await loadGuard(at("deerflow/allowlist-denied.yaml"));
    expect(guard.provider).toBeInstanceOf(AllowlistProvider);
    expect((await guard.evaluate(call("bash", { command: "ls" }))).reasons[0]).toEqual({ code: "oap.tool_not_allowed", message: "tool 'bash' is denied" });
    expect((await guard.evaluate(call("write_file"))).decision).toBe("deny");
    expect((await guard.evaluate(call("web_search"))).decision).toBe("allow");
    expect(schemaAccepts("deerflow/allowlist-denied.yaml")).toBe(true);
  });

  it("allowed_tools: only those run", async () => {
    const { guard } = await loadGuard(at("deerflow/allowlist-allowed.yaml"));
    expect((await guard.evaluate(call("read_file"))).decision).toBe("allow");
    expect((await guard.evaluate(call("bash"))).reasons[0].message).toBe("tool 'bash' not in allowlist");
  });

  it("keeps the allowlist's config strict under the alias", async () => {
    const source = "guardrails:\n  provider:\n    use: deerflow.guardrails.builtin:AllowlistProvider\n    config:\n      denied_tool: [bash]\n";
    const { loadGuardFromText } = await import("./guard-from-text.ts");
    const error = await loadGuardFromText(source, { file: "c.yaml", syntax: yamlSyntax }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain('unknown key "denied_tool" (did you mean "denied_tools"?)');
  });
});

describe("APort's OAPGuardrailProvider by its class path", () => {
  it("passport_path names the passport; the built-in passport provider judges it", async () => {
    const { guard } = await loadGuard(at("deerflow/aport-passport-path.yaml"), { clock: NOW });
    expect(guard.provider).toBeInstanceOf(PassportProvider);
    expect((await guard.evaluate(call("bash", { command: "git status", timeout: 30 }))).decision).toBe("allow");
    expect((await guard.evaluate(call("bash", { command: "git status && rm -rf ~", timeout: 30 }))).decision).toBe("deny");
    expect(guard.options.passport).toBe("ap_7f3c9a2e5b8d4f1a9c6e2b7d4a8f3c1e");
    expect(schemaAccepts("deerflow/aport-passport-path.yaml")).toBe(true);
  });

  it("without a passport it fails closed, saying where to put one", async () => {
    expect(await loadError("deerflow/aport-no-passport.yaml")).toMatch(/aport-no-passport\.yaml:5:3 \/guardrails\/provider: OAPGuardrailProvider reads its passport from APort's config .* set config\.passport_path or guardrails\.passport/);
  });

  it("refuses a passport given twice, warn mode and APort's config file, naming the key", async () => {
    expect(await loadError("deerflow/aport-passport-twice.yaml")).toMatch(/:7:7 \/guardrails\/provider\/config\/passport_path: the passport is given twice/);
    expect(await loadError("deerflow/aport-warn.yaml")).toMatch(/\/enforcement_mode: expected "enforce", got "warn" \(portcullis never turns a deny into an allow/);
    expect(await loadError("deerflow/aport-config-path.yaml")).toMatch(/\/config_path: .*APort's own config file is not read/);
    expect(schemaAccepts("deerflow/aport-warn.yaml")).toBe(false);
    expect(schemaAccepts("deerflow/aport-config-path.yaml")).toBe(false);
  });

  it("says a misspelt built-in is not a Python class path", async () => {
    const { loadGuardFromText } = await import("./guard-from-text.ts");
    const error = await loadGuardFromText("guardrails:\n  provider:\n    use: portcullis:Passport\n", { file: "c.yaml", syntax: yamlSyntax }).catch((e: unknown) => e);
    expect((error as Error).message).toContain('(did you mean "portcullis:PassportProvider"?)');
    expect((error as Error).message).not.toContain("Python");
  });

  it("does not take a Python class path as a provider", async () => {
    expect(await loadError("deerflow/python-provider.yaml")).toMatch(/\/guardrails\/provider\/use: expected .* got "my_oap_provider:MyOAPProvider" — a Python class path: providers here are JavaScript modules/);
  });
});

describe("a whole DeerFlow config.yaml", () => {
  it("loads its guardrails section and ignores models, tools, sandbox and the rest", async () => {
    const { guard, config } = await loadGuard(at("deerflow/full-config.yaml"));
    expect(guard.provider).toBeInstanceOf(AllowlistProvider);
    expect((await guard.evaluate(call("bash"))).decision).toBe("deny");
    expect((config as unknown as Record<string, unknown>).models).toBeDefined();
    expect(schemaAccepts("deerflow/full-config.yaml")).toBe(true);
  });

  it("stays strict inside guardrails: and for a misspelt section name", async () => {
    expect(await loadError("deerflow/full-config-typo.yaml")).toContain('full-config-typo.yaml:54:5 /guardrails/provider: unknown key "confg" (did you mean "config"?)');
    expect(await loadError("deerflow/full-config-section-typo.yaml")).toContain('unknown key "guardrail" (did you mean "guardrails"?)');
  });

  it("still refuses a top-level key that is neither portcullis's nor DeerFlow's", async () => {
    const { loadGuardFromText } = await import("./guard-from-text.ts");
    const source = "models: []\nmy_section: {}\nguardrails:\n  provider:\n    use: portcullis:AllowlistProvider\n";
    const error = await loadGuardFromText(source, { file: "c.yaml", syntax: yamlSyntax }).catch((e: unknown) => e);
    expect((error as Error).message).toContain('unknown key "my_section"');
  });
});

describe("policy file errors", () => {
  it("a .json file with a syntax error gets a JSON parser's message at file:line:col", async () => {
    const message = await loadError("bad-syntax.json");
    expect(message).toMatch(/bad-syntax\.json:4:53 \(root\): syntax error: unexpected "\]"/);
    expect(message).not.toMatch(/yaml|flow|collection/i);
  });

  it("a missing file says so, without calling it invalid", async () => {
    const message = await loadError("does-not-exist.json");
    expect(message).toBe(`cannot read ${at("does-not-exist.json")}: no such file`);
  });
});

describe("passport_path on portcullis:PassportProvider", () => {
  it("names the passport file, relative to the config", async () => {
    const { loadGuardFromText } = await import("./guard-from-text.ts");
    const { nodeConfigHost } = await import("./load-guard.ts");
    const file = at("deerflow/inline.yaml");
    const source = "guardrails:\n  provider:\n    use: portcullis:PassportProvider\n    config:\n      passport_path: ../../../../examples/passport.json\n      workspace_root: /workspace\n";
    const { guard } = await loadGuardFromText(source, { file, syntax: yamlSyntax, host: nodeConfigHost, clock: NOW });
    expect((await guard.evaluate(call("read_file", { path: "src/a.ts" }))).decision).toBe("allow");
    expect((await guard.evaluate(call("read_file", { path: "/etc/passwd" }))).decision).toBe("deny");
  });
});

describe("~/ in a passport path", () => {
  it("is the home directory", async () => {
    const { nodeConfigHost } = await import("./load-guard.ts");
    const { homedir } = await import("node:os");
    const error = (() => {
      try {
        nodeConfigHost.readFile!("~/.portcullis-no-such-dir/passport.json", "/etc/guardrails.yaml");
      } catch (e) {
        return e as Error;
      }
    })();
    expect(error?.message).toBe(`cannot read ${homedir()}/.portcullis-no-such-dir/passport.json: no such file`);
  });
});
