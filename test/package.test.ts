// The built package (dist/) as users get it: what package.json promises exists, each runtime entry has the
// loading strategy its runtime needs, and nothing generates code at run time (Workers and a strict CSP forbid it).
import { copyFileSync, mkdtempSync, readFileSync, readdirSync, writeFileSync, mkdirSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { checkPackage, DEFAULT_ENTRY_BUDGET, staticClosure } from "../scripts/check-exports.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const dist = (file: string) => readFileSync(join(root, "dist", file), "utf8");
// An inlined wasm: base64 of "\0asm" (raw) or of gzip's magic bytes (how the default entry carries policy.wasm).
const INLINED_WASM = /AGFzbQ|"H4sI/;

describe("package.json exports", () => {
  it("every target exists after the build", () => {
    expect(checkPackage(root)).toEqual([]);
  });

  it("the check catches a missing target, a missing imported .wasm and a missing digest-named one", () => {
    const dir = mkdtempSync(join(tmpdir(), "portcullis-exports-"));
    mkdirSync(join(dir, "dist"));
    writeFileSync(join(dir, "dist/index.js"), "export {};\n");
    writeFileSync(join(dir, "dist/workerd.js"), 'import m from "./policy.wasm";\nexport default m;\n');
    writeFileSync(join(dir, "dist/node.js"), 'export const file = "policy-0123456789abcdef.wasm";\n');
    const exports = { ".": { workerd: "./dist/workerd.js", default: "./dist/index.js" }, "./yaml": { types: "./dist/yaml.d.ts", default: "./dist/yaml.js" } };
    writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "x", exports, bin: { x: "./dist/cli.js" } }));
    expect(checkPackage(dir)).toEqual([
      'exports../yaml.types: "./dist/yaml.d.ts" does not exist after the build',
      'exports../yaml.default: "./dist/yaml.js" does not exist after the build',
      'bin.x: "./dist/cli.js" does not exist after the build',
      'dist/node.js: names "policy-0123456789abcdef.wasm", which the build did not copy',
      'dist/workerd.js: imports "./policy.wasm", which the build did not copy',
    ]);
  });

  it("routes Workers to the precompiled-module entry and everyone else to the inline one", () => {
    const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
    expect(pkg.exports["."]).toMatchObject({ workerd: "./dist/workerd.js", worker: "./dist/workerd.js", default: "./dist/index.js" });
    expect(dist("workerd.js")).toMatch(/from\s*"\.\/policy\.wasm"/);
    expect(dist("workerd.js")).not.toMatch(INLINED_WASM);
    expect(dist("index.js")).toMatch(/"H4sI[A-Za-z0-9+/]{1000}/); // policy.wasm's gzip, inlined as base64
    expect(dist("yaml.js")).not.toMatch(INLINED_WASM);
    expect(dist("yaml.js")).not.toMatch(/\.wasm"/);
  });

  it("runtime entries generate no code at run time and need no Node builtins", () => {
    const chunks = readdirSync(join(root, "dist")).filter((f) => /^(index|workerd|bare)-[A-Z0-9]+\.js$/.test(f));
    expect(chunks.length).toBeGreaterThan(0);
    for (const file of ["index.js", ...chunks, "workerd.js", "bare.js", "yaml.js", "sanitize.js", "sanitize-workerd.js"]) {
      const code = dist(file);
      // A call, not the string ajv keeps in a helper's `.code` ('require("ajv/dist/runtime/ucs2length")').
      for (const pattern of [/new Function\s*\(/, /(?<![\w$."'])eval\s*\(/, /(?<![\w$."'])require\s*\(/, /from\s*"node:/]) {
        expect(pattern.test(code), `${file} matches ${pattern}`).toBe(false);
      }
    }
  });
});

describe("the default entry's size", () => {
  it("index.js and the chunks it imports statically stay within the budget", () => {
    const entry = staticClosure(join(root, "dist"), "index.js");
    expect(entry.files[0]).toBe("index.js");
    expect(entry.bytes, entry.files.join(", ")).toBeLessThanOrEqual(DEFAULT_ENTRY_BUDGET);
  });

  it("the check counts the chunks an entry imports statically, not those it imports on demand", () => {
    const dir = mkdtempSync(join(tmpdir(), "portcullis-budget-"));
    mkdirSync(join(dir, "dist"));
    writeFileSync(join(dir, "dist/index.js"), 'import{a}from"./chunk-SHARED.js";export const b=()=>import("./chunk-LAZY.js");\n');
    writeFileSync(join(dir, "dist/chunk-SHARED.js"), `export const a="${"x".repeat(1000)}";\n`);
    writeFileSync(join(dir, "dist/chunk-LAZY.js"), `export const c="${"y".repeat(5000)}";\n`);
    writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "x", main: "./dist/index.js" }));
    const closure = staticClosure(join(dir, "dist"), "index.js");
    expect(closure.files).toEqual(["index.js", "chunk-SHARED.js"]);
    expect(checkPackage(dir, closure.bytes)).toEqual([]);
    expect(checkPackage(dir, closure.bytes - 1)).toEqual([
      `dist/index.js with the chunks it imports statically (index.js, chunk-SHARED.js) is ${closure.bytes} bytes, over its budget of ${closure.bytes - 1}`,
    ]);
  });

  it("a first decision needs only index.js and its static chunks (no chunk loaded on demand, no validators)", () => {
    const dir = mkdtempSync(join(tmpdir(), "portcullis-entry-"));
    for (const file of staticClosure(join(root, "dist"), "index.js").files) copyFileSync(join(root, "dist", file), join(dir, file));
    const passport = readFileSync(join(root, "examples/passport.json"), "utf8");
    const script = `const api = await import(${JSON.stringify(join(dir, "index.js"))});
      const provider = new api.PassportProvider({ passport: ${passport}, workspace_root: "/workspace" });
      const allowed = provider.evaluateSync({ tool_name: "bash", tool_input: { command: "git status && ls -la src", timeout: 60 } });
      const denied = await provider.evaluate({ tool_name: "bash", tool_input: { command: "rm -rf /" } });
      console.log(allowed.decision, denied.decision);`;
    const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
    expect(run.stderr).toBe("");
    expect(run.stdout.trim()).toBe("allow deny");
  });
});

describe("entries in Node", () => {
  it("the default entry's on-demand paths work from dist/ (config loading, receipts, audit chains, streams)", async () => {
    const api = await import(join(root, "dist/index.js"));
    const loaded = await api.loadGuardFromText(readFileSync(join(root, "examples/passport.json"), "utf8"), { file: "passport.json" });
    expect((await loaded.guard.evaluate({ tool_name: "bash", tool_input: { command: "rm -rf /" } })).decision).toBe("deny");
    const keys = (await crypto.subtle.generateKey({ name: "Ed25519" }, true, ["sign", "verify"])) as CryptoKeyPair;
    const signer = await api.ReceiptSigner.create(keys.privateKey);
    const receipt = await signer.sign({ tool_name: "bash", tool_input: {} }, { decision: "deny", allow: false, reasons: [{ code: "x", message: "m" }] });
    expect(await api.verifyReceipt(receipt, keys.publicKey)).toBe(true);
    expect(await api.verifyReceipt({ ...receipt, decision: "allow" }, keys.publicKey)).toBe(false);
    const lines: string[] = [];
    const sink = api.chainedJsonLinesSink((line: string) => void lines.push(line));
    await sink({ a: 1 });
    await sink({ a: 2 });
    expect(await api.verifyAuditChain(lines.join(""))).toMatchObject({ ok: true, count: 2 });
    expect(await api.chainHeadOf(lines[1].trimEnd())).toMatchObject({ seq: 1 });
    async function* chunks() {
      yield { choices: [{ index: 0, delta: { content: "hi" } }] };
      yield { choices: [{ index: 0, delta: {}, finish_reason: "stop" }] };
    }
    const out: unknown[] = [];
    for await (const chunk of api.guardStream(chunks(), { core: api.createSafetyCore() })) out.push(chunk);
    expect(out).toHaveLength(2);
  });

  it("portcullis/bare has no wasm until one is provided, then decides like the default entry", async () => {
    expect(dist("bare.js")).not.toMatch(INLINED_WASM);
    expect(dist("bare.js")).not.toMatch(/\.wasm"/);
    const bare = await import(join(root, "dist/bare.js"));
    const provider = new bare.AllowlistProvider({ allowed_tools: ["web_search"] });
    await expect(provider.ready()).rejects.toMatchObject({ code: "not_ready" });
    bare.provideWasm(new WebAssembly.Module(readFileSync(join(root, "dist/policy.wasm"))));
    expect((await provider.evaluate({ tool_name: "web_search", tool_input: {} })).decision).toBe("allow");
    expect((await provider.evaluate({ tool_name: "bash", tool_input: {} })).decision).toBe("deny");
  });

  it("in Node the default entry reads policy.wasm from the digest-named file beside it; a copy without it inflates", () => {
    const named = readdirSync(join(root, "dist")).filter((f) => /^policy-[0-9a-f]{16}\.wasm$/.test(f));
    expect(named).toHaveLength(1);
    expect(readFileSync(join(root, "dist", named[0])).equals(readFileSync(join(root, "dist/policy.wasm")))).toBe(true);
    expect(staticClosure(join(root, "dist"), "index.js").files.map(dist).join("")).toContain(`"${named[0]}"`);
    const decide = (entry: string) => {
      const script = `const api = await import(${JSON.stringify(entry)});
        const provider = new api.AllowlistProvider({ allowed_tools: ["web_search"] });
        const decision = provider.evaluateSync({ tool_name: "web_search", tool_input: {} }).decision;
        console.log(decision, process.moduleLoadList.some((m) => /zlib/.test(m)) ? "inflated" : "read");`;
      const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
      expect(run.stderr).toBe("");
      return run.stdout.trim();
    };
    expect(decide(join(root, "dist/index.js"))).toBe("allow read");
    const dir = mkdtempSync(join(tmpdir(), "portcullis-copied-"));
    for (const file of staticClosure(join(root, "dist"), "index.js").files) copyFileSync(join(root, "dist", file), join(dir, file));
    copyFileSync(join(root, "dist/policy.wasm"), join(dir, "policy.wasm")); // an undigested name is never read
    expect(decide(join(dir, "index.js"))).toBe("allow inflated");
  });

  it("the default and node entries decide with the inlined wasm", async () => {
    for (const entry of ["index.js", "node.js"]) {
      const api = await import(join(root, "dist", entry));
      const provider = await api.AllowlistProvider.create({ allowed_tools: ["web_search"] });
      expect(provider.evaluateSync({ tool_name: "web_search", tool_input: {} }).decision, entry).toBe("allow");
      expect(provider.evaluateSync({ tool_name: "bash", tool_input: {} }).decision, entry).toBe("deny");
      expect(api.createSafetyCore().detect('{"choices":[{"finish_reason":"content_filter","message":{}}]}').terminated, entry).toBe(true);
    }
  });
});
