// The built package (dist/) as users get it: what package.json promises exists, each runtime entry has the
// loading strategy its runtime needs, and nothing generates code at run time (Workers and a strict CSP forbid it).
import { mkdtempSync, readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { checkPackage } from "../scripts/check-exports.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const dist = (file: string) => readFileSync(join(root, "dist", file), "utf8");
// An inlined wasm: base64 of "\0asm" (raw) or of gzip's magic bytes (how the default entry carries policy.wasm).
const INLINED_WASM = /AGFzbQ|"H4sI/;

describe("package.json exports", () => {
  it("every target exists after the build", () => {
    expect(checkPackage(root)).toEqual([]);
  });

  it("the check catches a missing target and a missing imported .wasm", () => {
    const dir = mkdtempSync(join(tmpdir(), "portcullis-exports-"));
    mkdirSync(join(dir, "dist"));
    writeFileSync(join(dir, "dist/index.js"), "export {};\n");
    writeFileSync(join(dir, "dist/workerd.js"), 'import m from "./policy.wasm";\nexport default m;\n');
    const exports = { ".": { workerd: "./dist/workerd.js", default: "./dist/index.js" }, "./yaml": { types: "./dist/yaml.d.ts", default: "./dist/yaml.js" } };
    writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "x", exports, bin: { x: "./dist/cli.js" } }));
    expect(checkPackage(dir)).toEqual([
      'exports../yaml.types: "./dist/yaml.d.ts" does not exist after the build',
      'exports../yaml.default: "./dist/yaml.js" does not exist after the build',
      'bin.x: "./dist/cli.js" does not exist after the build',
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
    for (const file of ["index.js", "workerd.js", "bare.js", "yaml.js", "sanitize.js", "sanitize-workerd.js"]) {
      const code = dist(file);
      // A call, not the string ajv keeps in a helper's `.code` ('require("ajv/dist/runtime/ucs2length")').
      for (const pattern of [/new Function\s*\(/, /(?<![\w$."'])eval\s*\(/, /(?<![\w$."'])require\s*\(/, /from\s*"node:/]) {
        expect(pattern.test(code), `${file} matches ${pattern}`).toBe(false);
      }
    }
  });
});

describe("entries in Node", () => {
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
