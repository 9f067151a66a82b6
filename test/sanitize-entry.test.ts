// The sanitizer ships as its own entry and wasm: `portcullis/sanitize` carries sanitize.wasm,
// the default entry `portcullis` does not (most deployments never sanitize).
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";

const dist = (file: string) => readFileSync(new URL(`../dist/${file}`, import.meta.url), "utf8");
const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
const sanitizeWasm = readFileSync(new URL("../build/sanitize.wasm", import.meta.url));
// The entry inlines the module gzip-compressed, as base64 (scripts/embed-wasm.mjs).
const inlined = /SANITIZE_WASM_GZIP_BASE64 = "([^"]+)"/.exec(
  readFileSync(new URL("../bindings/core/generated/sanitize-wasm.ts", import.meta.url), "utf8"),
)![1];
// A stretch of it that is not the gzip header (which every gzip stream shares).
const marker = inlined.slice(4000, 4080);

describe("packaging", () => {
  it("exports ./sanitize and ./sanitize.wasm next to the default entry", () => {
    expect(pkg.exports["./sanitize"]).toEqual({
      types: "./dist/sanitize.d.ts",
      workerd: "./dist/sanitize-workerd.js",
      worker: "./dist/sanitize-workerd.js",
      default: "./dist/sanitize.js",
    });
    expect(pkg.exports["./sanitize.wasm"]).toBe("./dist/sanitize.wasm");
    expect(readFileSync(new URL("../dist/sanitize.wasm", import.meta.url)).equals(sanitizeWasm)).toBe(true);
  });

  it("portcullis/sanitize inlines sanitize.wasm; the default entry does not; Workers import it precompiled", () => {
    expect(gunzipSync(Buffer.from(inlined, "base64")).equals(sanitizeWasm)).toBe(true);
    expect(dist("sanitize.js")).toContain(marker);
    expect(dist("sanitize-workerd.js")).toMatch(/from\s*"\.\/sanitize\.wasm"/);
    expect(dist("sanitize-workerd.js")).not.toContain(marker);
    expect(dist("sanitize-workerd.js")).not.toContain("AGFzbQ"); // no wasm inlined at all (base64 of "\0asm")
    expect(dist("index.js")).not.toContain(marker);
    expect(dist("index.js")).not.toContain("SANITIZE_WASM_GZIP_BASE64");
  });

  it("the built entry works on its own", async () => {
    const entry = await import(new URL("../dist/sanitize.js", import.meta.url).href);
    expect(entry.sanitize("a\u200Bb").text).toBe("ab");
    expect(typeof entry.createToolResultSanitizer).toBe("function");
  });
});
