// `npm pack` as a release would run it, installed into a fresh project the way a user installs it: the tarball
// must import, its CLI must run, and it must carry the built files and nothing of the sources or tests.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("..", import.meta.url));
const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const npx = process.platform === "win32" ? "npx.cmd" : "npx";
// The user's npm, not the old one a dev dependency (glob-promise → npm-install-peers) puts in node_modules/.bin,
// which vitest's PATH puts first.
const env = { ...process.env, PATH: (process.env.PATH ?? "").split(delimiter).filter((dir) => !dir.includes("node_modules")).join(delimiter) };
let work: string;
let project: string;
let files: string[];

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), "portcullis-pack-"));
  // prepack builds when dist/ is missing or stale (after `npm run build` it is fresh, so this is quick).
  const packed = JSON.parse(execFileSync(npm, ["pack", "--json", "--pack-destination", work], { cwd: root, env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }));
  files = packed[0].files.map((f: { path: string }) => f.path);
  project = join(work, "consumer");
  execFileSync("mkdir", ["-p", project]);
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }));
  // Offline: the package has no dependencies to fetch (its peers are optional), so the tarball is all it takes.
  execFileSync(npm, ["install", "--offline", "--no-audit", "--no-fund", join(work, packed[0].filename)], { cwd: project, env, stdio: "ignore" });
}, 240_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("npm pack → npm install <tarball>", () => {
  it("ships the build, the schemas and the README, not sources or tests", () => {
    expect(files).toEqual(expect.arrayContaining(["dist/index.js", "dist/cli.js", "dist/node.js", "dist/policy.wasm", "schemas/guardrails-config.schema.json", "README.md", "package.json"]));
    expect(files.filter((f) => /^(assembly|bindings|test|scripts|bench|examples)\//.test(f))).toEqual([]);
  });

  it('import("portcullis") and its subpaths work and decide', () => {
    const script = `
      const { AllowlistProvider } = await import("portcullis");
      const { loadGuard } = await import("portcullis/node");
      await import("portcullis/yaml");
      await import("portcullis/sanitize");
      const provider = await AllowlistProvider.create({ allowed_tools: ["web_search"] });
      console.log(provider.evaluateSync({ tool_name: "bash", tool_input: {} }).decision, typeof loadGuard);`;
    const r = spawnSync(process.execPath, ["--input-type=module", "-e", script], { cwd: project, encoding: "utf8" });
    expect(r.stderr).toBe("");
    expect(r.stdout.trim()).toBe("deny function");
  });

  it("npx portcullis --help exits 0, and the CLI judges a call", () => {
    const help = spawnSync(npx, ["--offline", "portcullis", "--help"], { cwd: project, env, encoding: "utf8" });
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^usage: portcullis <command>/);
    const version = spawnSync(npx, ["--offline", "portcullis", "--version"], { cwd: project, env, encoding: "utf8" });
    expect(version.stdout).toBe(JSON.parse(readFileSync(join(root, "package.json"), "utf8")).version + "\n");
    const check = spawnSync(npx, ["--offline", "portcullis", "check", "--policy", join(root, "examples/passport.json"), "--tool", "bash", "--input", '{"command":"rm -rf /"}'], { cwd: project, env, encoding: "utf8" });
    expect(check.status).toBe(1);
    expect(JSON.parse(check.stdout).decision).toBe("deny");
  });

  it("portcullis/ai-sdk resolves, works, and uses the main entry's module instance (no copy of the core)", () => {
    // The adapter needs `ai` only for types: without it installed, it still judges calls.
    const script = `
      const { ApprovalGate, AllowlistProvider } = await import("portcullis");
      const { createAiSdkGuard } = await import("portcullis/ai-sdk");
      const provider = await AllowlistProvider.create({ allowed_tools: ["web_search"] });
      const asks = { name: "asks", evaluate: () => ({ decision: "ask", allow: false, reasons: [{ code: "oap.approval_required", message: "a human decides" }] }) };
      const gate = await ApprovalGate.create({});
      const { tools, toolApproval } = createAiSdkGuard({ provider: asks, approvals: gate }).wrap({ bash: { execute: async () => "ran" } });
      const status = await toolApproval({ toolCall: { toolName: "bash", input: {}, toolCallId: "c1" } });
      const denied = await createAiSdkGuard({ provider }).wrap({ bash: { execute: async () => "ran" } }).tools.bash.execute({}, { toolCallId: "c2", messages: [] }).catch((e) => e.message);
      console.log(status.type, (await gate.listActions()).length, denied.slice(0, 16));`;
    const r = spawnSync(process.execPath, ["--input-type=module", "-e", script], { cwd: project, encoding: "utf8" });
    expect(r.stderr).toBe("");
    expect(r.stdout.trim()).toBe("user-approval 1 Guardrail denied");
    for (const adapter of ["ai-sdk", "langchain", "openai-agents"]) {
      const file = readFileSync(join(project, "node_modules/portcullis/dist", `${adapter}.js`), "utf8");
      expect(file).toMatch(/from "portcullis";/);
      expect(file).not.toMatch(/WebAssembly/); // the core lives in the main entry only
      expect(file.length).toBeLessThan(20_000);
    }
  });
});
