// `portcullis hook serve`: the resident server answers hook events as the one-shot hook does, reloads an edited
// policy, and blocks (HTTP 500; the curl client then exits 2) whenever the one-shot hook would exit 2 — including
// when the server is down.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { mkdtempSync, writeFileSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const cli = fileURLToPath(new URL("../dist/cli.js", import.meta.url));
const event = (command: string) => JSON.stringify({ session_id: "s", cwd: "/tmp", hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command } });
const client = (url: string, body: string) => spawnSync("sh", ["-c", `curl -sSf --data-binary @- ${url}/hooks/claude-code || exit 2`], { input: body, encoding: "utf8" });

describe("hook serve", () => {
  const dir = mkdtempSync(join(tmpdir(), "pc-resident-"));
  const policy = join(dir, "settings.json");
  let server: ChildProcess;
  let url = "";

  beforeAll(async () => {
    writeFileSync(policy, JSON.stringify({ permissions: { allow: ["Bash(git status)"], deny: ["Bash(curl:*)"] } }));
    server = spawn(process.execPath, [cli, "hook", "serve", "--policy", policy, "--port", "0"], { stdio: ["ignore", "pipe", "pipe"] });
    url = await new Promise<string>((resolve, reject) => {
      server.stdout!.on("data", (d: Buffer) => {
        const m = /on (http:\/\/[^:]+:\d+)/.exec(d.toString());
        if (m) resolve(m[1]!);
      });
      server.once("exit", (code) => reject(new Error(`server exited ${code}`)));
    });
  });
  afterAll(() => server?.kill("SIGTERM"));

  it("answers like the one-shot hook", () => {
    const allow = client(url, event("git status"));
    expect(allow.status).toBe(0);
    expect(JSON.parse(allow.stdout).hookSpecificOutput.permissionDecision).toBe("allow");
    const oneShot = spawnSync(process.execPath, [cli, "hook", "claude-code", "--policy", policy], { input: event("git status; curl x"), encoding: "utf8" });
    const resident = client(url, event("git status; curl x"));
    expect(resident.stdout).toBe(oneShot.stdout);
    expect(JSON.parse(resident.stdout).hookSpecificOutput.permissionDecision).toBe("deny");
  });

  it("blocks an unreadable event, and re-reads an edited policy (a broken one blocks)", () => {
    expect(client(url, "not json").status).toBe(2);
    writeFileSync(policy, JSON.stringify({ permissions: { allow: ["Bash(git status"] } }));
    utimesSync(policy, new Date(), new Date(Date.now() + 5000));
    expect(client(url, event("git status")).status).toBe(2);
    writeFileSync(policy, JSON.stringify({ permissions: { allow: ["Bash(ls)"] } }));
    utimesSync(policy, new Date(), new Date(Date.now() + 10000));
    const r = client(url, event("ls"));
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).hookSpecificOutput.permissionDecision).toBe("allow");
  });

  it("a server that is down blocks", () => {
    expect(client("http://127.0.0.1:9", event("git status")).status).toBe(2);
  });
});
