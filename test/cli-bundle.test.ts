// How the built CLI starts (dist/cli.js and its cli-<hash>.js chunks): it compiles the policy.wasm the package ships
// beside it (under the name carrying its digest, policy-<hex>.wasm), falls back to the copy inlined in the bundle
// when that file is missing, and never to a weaker answer when the file is there but broken.
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("..", import.meta.url));
const passport = join(root, "examples/passport.json");

/** The CLI's files copied into a fresh directory, with `wasm` as its policy.wasm (none when null). */
function cliCopy(wasm: Uint8Array | null): string {
  const dir = mkdtempSync(join(tmpdir(), "portcullis-cli-"));
  const files = readdirSync(join(root, "dist"));
  for (const file of files.filter((f) => /^cli(-[A-Z0-9]+)?\.js$/.test(f))) copyFileSync(join(root, "dist", file), join(dir, file));
  writeFileSync(join(dir, "package.json"), '{"type":"module"}');
  if (wasm) writeFileSync(join(dir, files.find((f) => /^policy-[0-9a-f]{16}\.wasm$/.test(f))!), wasm);
  return join(dir, "cli.js");
}

function check(cli: string, command: string) {
  const input = JSON.stringify({ command });
  const r = spawnSync(process.execPath, [cli, "check", "--policy", passport, "--tool", "bash", "--input", input, "--workspace-root", "/workspace"], { encoding: "utf8" });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** A module for `node --import` that reports on stderr every cli chunk the process loads. */
function loadTrace(): string {
  const dir = mkdtempSync(join(tmpdir(), "portcullis-trace-"));
  writeFileSync(
    join(dir, "hooks.mjs"),
    'export async function load(url, context, next) {\n  if (/\\/cli-[A-Z0-9]+\\.js$/.test(url)) process.stderr.write(`LOADED ${url.split("/").pop()}\\n`);\n  return next(url, context);\n}\n',
  );
  writeFileSync(join(dir, "trace.mjs"), 'import { register } from "node:module";\nregister("./hooks.mjs", import.meta.url);\n');
  return pathToFileURL(join(dir, "trace.mjs")).href;
}
const LOAD_TRACE = loadTrace();
function loadedChunks(args: string[], input = "") {
  const r = spawnSync(process.execPath, ["--import", LOAD_TRACE, join(root, "dist/cli.js"), ...args], { input, encoding: "utf8" });
  const files = [...r.stderr.matchAll(/^LOADED (cli-[A-Z0-9]+\.js)$/gm)].map((m) => m[1]!);
  return { code: r.status, stdout: r.stdout, text: files.map((f) => readFileSync(join(root, "dist", f), "utf8")).join("\n"), count: files.length };
}
// The yaml package's line counter and the HTTP server: what a JSON policy's one decision never needs.
const YAML_CODE = /LineCounter/;
const SERVER_CODE = /from\s*"node:http"/;

describe("the CLI bundle", () => {
  it("judges a call with a JSON passport without loading the YAML parser or any server code", () => {
    const input = JSON.stringify({ command: "git status" });
    // A passport in a file named .yaml whose text is strict JSON is read as JSON too.
    const dir = mkdtempSync(join(tmpdir(), "portcullis-json-yaml-"));
    copyFileSync(passport, join(dir, "passport.yaml"));
    for (const args of [
      ["check", "--policy", passport, "--tool", "bash", "--input", input, "--workspace-root", "/workspace"],
      ["check", "--policy", join(dir, "passport.yaml"), "--tool", "bash", "--input", input, "--workspace-root", "/workspace"],
      ["hook", "claude-code", "--policy", passport],
    ]) {
      const event = JSON.stringify({ hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "git status" }, cwd: "/workspace" });
      const r = loadedChunks(args, event);
      expect(r.count).toBeGreaterThan(3);
      expect(r.stdout).not.toBe("");
      expect(r.text).not.toMatch(YAML_CODE);
      expect(r.text).not.toMatch(SERVER_CODE);
    }
    // The same trace sees YAML load for a YAML config, so the assertions above can fail.
    const yaml = loadedChunks(["check", "--policy", join(root, "examples/guardrails.yaml"), "--tool", "bash", "--input", input]);
    expect(yaml.stdout).toMatch(/"decision"/);
    expect(yaml.text).toMatch(YAML_CODE);
  });

  it("is a launcher that loads its verbs on demand, with the HTTP server apart from `check`", () => {
    const launcher = readFileSync(join(root, "dist/cli.js"), "utf8");
    expect(launcher.length).toBeLessThan(2000);
    expect(launcher).toMatch(/^#!\/usr\/bin\/env node/);
    const main = /import\("\.\/(cli-[A-Z0-9]+\.js)"\)/.exec(launcher)?.[1];
    expect(main).toBeDefined();
    // What every verb loads: the main chunk and the chunks it imports statically.
    const loaded = new Set<string>();
    const pending = [main!];
    while (pending.length > 0) {
      const file = pending.pop()!;
      if (loaded.has(file)) continue;
      loaded.add(file);
      const code = readFileSync(join(root, "dist", file), "utf8");
      for (const [, next] of code.matchAll(/(?:^|[;}\n])\s*import(?:[^"()]*?from)?\s*"\.\/(cli-[A-Z0-9]+\.js)"/g)) pending.push(next!);
    }
    const eager = [...loaded].map((file) => readFileSync(join(root, "dist", file), "utf8")).join("\n");
    expect(eager).toMatch(/checkCommand|"check"/);
    expect(eager).not.toMatch(/from\s*"node:http"/);
    expect(readdirSync(join(root, "dist")).some((f) => /^cli-/.test(f) && /from\s*"node:http"/.test(readFileSync(join(root, "dist", f), "utf8")))).toBe(true);
  });

  it("decides with the policy.wasm beside it, and with its inlined copy when there is none", () => {
    for (const cli of [cliCopy(readFileSync(join(root, "dist/policy.wasm"))), cliCopy(null)]) {
      expect(check(cli, "git status").code).toBe(0);
      const denied = check(cli, "rm -rf /");
      expect(denied.code).toBe(1);
      expect(JSON.parse(denied.stdout).reasons[0].code).toBe("oap.dangerous_operation");
    }
  });

  it("a missing chunk is an error (exit 2, what hooks read as block), not Node's exit 1", () => {
    const cli = cliCopy(readFileSync(join(root, "dist/policy.wasm")));
    const main = /import\("\.\/(cli-[A-Z0-9]+\.js)"\)/.exec(readFileSync(cli, "utf8"))![1]!;
    rmSync(join(cli, "..", main));
    const r = check(cli, "git status");
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/portcullis: internal error/);
  });

  it("a broken policy.wasm beside it is an error (exit 2), not an allow", () => {
    const cli = cliCopy(readFileSync(join(root, "dist/policy.wasm")).subarray(0, 1000));
    const r = check(cli, "git status");
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/could not compile policy\.wasm/);
  });
});
