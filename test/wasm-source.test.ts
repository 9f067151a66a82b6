// Where each runtime's default entry gets policy.wasm: Node and Bun read the digest-named file beside the bundle,
// Deno only with read permission already granted, and every other case inflates the inlined copy. A copy of the
// entry's files with garbage under the digest name shows which one a runtime took: reading it fails to compile
// (a load error, never an allow), inflating decides.
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { staticClosure } from "../scripts/check-exports.mjs";
import { ROOT, run, runtimeBin } from "./matrix/runtimes.ts";

const dist = join(ROOT, "dist");
const digestName = readdirSync(dist).find((f) => /^policy-[0-9a-f]{16}\.wasm$/.test(f))!;

/** The entry's files in a fresh folder, with `bytes` under the digest name; the script that decides once there. */
function entryCopy(bytes: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), "portcullis-source-"));
  for (const file of staticClosure(dist, "index.js").files) copyFileSync(join(dist, file), join(dir, file));
  writeFileSync(join(dir, digestName), bytes);
  writeFileSync(join(dir, "package.json"), '{"type":"module"}');
  writeFileSync(
    join(dir, "decide.mjs"),
    `import { AllowlistProvider } from "./index.js";
    try {
      console.log(new AllowlistProvider({ allowed_tools: ["web_search"] }).evaluateSync({ tool_name: "web_search", tool_input: {} }).decision);
    } catch (error) {
      console.log(error.code);
    }\n`,
  );
  return join(dir, "decide.mjs");
}

const GARBAGE = new Uint8Array([0, 0x61, 0x73, 0x6d, 9, 9, 9, 9]);

/** Node with portcullis/sanitize: garbage under sanitize.wasm's digest name, then one sanitize() call. */
function sanitizeCopy(bytes: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), "portcullis-sanitize-source-"));
  copyFileSync(join(dist, "sanitize.js"), join(dir, "sanitize.js"));
  writeFileSync(join(dir, readdirSync(dist).find((f) => /^sanitize-[0-9a-f]{16}\.wasm$/.test(f))!), bytes);
  writeFileSync(join(dir, "package.json"), '{"type":"module"}');
  writeFileSync(
    join(dir, "clean.mjs"),
    `import { sanitize } from "./sanitize.js";
    try {
      console.log(sanitize("a\\u200Bb").text);
    } catch (error) {
      console.log(error.code);
    }\n`,
  );
  return join(dir, "clean.mjs");
}

describe("where the default entry gets policy.wasm", () => {
  it("Node reads the digest-named file", async () => {
    expect((await run(process.execPath, [entryCopy(GARBAGE)])).stdout.trim()).toBe("load_failed");
  });

  it("portcullis/sanitize in Node reads sanitize.wasm's digest-named file the same way", async () => {
    expect((await run(process.execPath, [sanitizeCopy(GARBAGE)])).stdout.trim()).toBe("load_failed");
    expect((await run(process.execPath, [sanitizeCopy(readFileSync(join(dist, "sanitize.wasm")))])).stdout.trim()).toBe("ab");
  });

  it("Bun reads it too", async () => {
    expect((await run(runtimeBin("bun"), [entryCopy(GARBAGE)])).stdout.trim()).toBe("load_failed");
  });

  it("Deno reads it only with read permission granted, and never prompts for it", async () => {
    const script = entryCopy(GARBAGE);
    expect((await run(runtimeBin("deno"), ["run", "--no-prompt", script])).stdout.trim()).toBe("allow");
    expect((await run(runtimeBin("deno"), ["run", "--no-prompt", "--allow-read", script])).stdout.trim()).toBe("load_failed");
  });
});
