// The `portcullis` command as a user runs it: the built bundle, real files,
// real processes. Exit codes and output shapes are a stable contract.
import { describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const cli = fileURLToPath(new URL("../dist/cli.js", import.meta.url));
const fixture = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const passport = fixture("./vectors/policies/core-passport.json");
const NOW = "2026-11-22T00:00:00Z";

function run(args: string[], input?: string | Buffer) {
  const r = spawnSync(process.execPath, [cli, ...args], { input, encoding: "utf8" });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe("portcullis eval", () => {
  it("writes exactly one decision per input line, in order, and survives bad lines", () => {
    const lines = [
      '{"tool_name":"bash","tool_input":{"command":"git status"}}',
      "this is not json",
      "",
      '{"tool_name":"bash","tool_input":{"command":"curl x"}}',
      '{"tool_name":"nope","tool_input":{}}',
    ];
    const r = run(["eval", "--policy", passport, "--now", NOW], lines.join("\r\n"));
    expect(r.code).toBe(0);
    const out = r.stdout.trim().split("\n").map((l) => JSON.parse(l));
    expect(out.map((d) => d.decision)).toEqual(["allow", "deny", "deny", "deny", "deny"]);
    expect(out.map((d) => d.reasons[0].code)).toEqual([
      "oap.allowed",
      "oap.invalid_context",
      "oap.invalid_context",
      "oap.command_not_allowed",
      "oap.unknown_capability",
    ]);
    for (const d of out) expect(d.allow).toBe(d.decision === "allow");
  });

  it("denies invalid UTF-8 on the wire instead of repairing it", () => {
    const bytes = Buffer.concat([Buffer.from('{"tool_name":"bash","tool_input":{"command":"git status'), Buffer.from([0xff]), Buffer.from('"}}\n')]);
    const r = spawnSync(process.execPath, [cli, "eval", "--policy", passport, "--now", NOW], { input: bytes, encoding: "utf8" });
    expect(JSON.parse(r.stdout).reasons[0].code).toBe("oap.invalid_context");
  });

  it("reads --input files", () => {
    const dir = mkdtempSync(join(tmpdir(), "portcullis-"));
    const file = join(dir, "requests.jsonl");
    writeFileSync(file, '{"tool_name":"bash","tool_input":{"command":"ls"},"context":{"workspace_root":"/workspace"}}\n');
    const r = run(["eval", "--policy", passport, "--now", NOW, "--input", file]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).decision).toBe("allow");
  });

  it("honours --now for expiry", () => {
    const r = run(["eval", "--policy", passport, "--now", "2031-01-01T00:00:00Z"], '{"tool_name":"bash","tool_input":{"command":"ls"}}\n');
    expect(JSON.parse(r.stdout).reasons[0].code).toBe("oap.passport_expired");
  });

  it("exits 2 for usage errors and unreadable or invalid policy files, naming the file", () => {
    expect(run(["eval"]).code).toBe(2);
    expect(run(["eval", "--policy", passport, "--now", "yesterday"]).code).toBe(2);
    expect(run(["eval", "--policy", passport, "--bogus"]).code).toBe(2);
    expect(run(["frobnicate"]).code).toBe(2);
    const missing = run(["eval", "--policy", "/nonexistent/passport.json"], "");
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("/nonexistent/passport.json");
    const typo = run(["eval", "--policy", fixture("./fixtures/config/bad-passport-typo.json")], "");
    expect(typo.code).toBe(2);
    expect(typo.stderr).toMatch(/bad-passport-typo\.json:\d+:\d+ .*alowed_commands/);
  });

  it("is deterministic: the same input gives byte-identical output", () => {
    const input = '{"tool_name":"bash","tool_input":{"command":"git status"}}\n{"tool_name":"x"}\n';
    const a = run(["eval", "--policy", passport, "--now", NOW], input).stdout;
    const b = run(["eval", "--policy", passport, "--now", NOW], input).stdout;
    expect(a).toBe(b);
  });
});

describe("portcullis check", () => {
  it("exits 0 on allow, 1 on deny, 3 on ask", () => {
    const allow = run(["check", "--policy", passport, "--now", NOW, "--tool", "bash", "--input", '{"command":"git status"}']);
    expect(allow.code).toBe(0);
    expect(JSON.parse(allow.stdout).decision).toBe("allow");
    const deny = run(["check", "--policy", passport, "--now", NOW, "--tool", "bash", "--input", '{"command":"curl x"}']);
    expect(deny.code).toBe(1);
    const ask = run(["check", "--policy", fixture("./vectors/policies/core-approval.json"), "--tool", "bash", "--input", '{"command":"git log"}']);
    expect(ask.code).toBe(3);
    expect(JSON.parse(ask.stdout).reasons[0].code).toBe("oap.approval_required");
  });

  it("passes --context to the policy", () => {
    const r = run(["check", "--policy", passport, "--now", NOW, "--tool", "read_file", "--input", '{"path":"a.txt"}', "--context", '{"workspace_root":"/workspace"}']);
    expect(JSON.parse(r.stdout).reasons[0].code).not.toBe("oap.invalid_context");
  });

  it("rejects a malformed --input with exit 2", () => {
    expect(run(["check", "--policy", passport, "--tool", "bash", "--input", "{nope"]).code).toBe(2);
    expect(run(["check", "--policy", passport, "--input", "{}"]).code).toBe(2);
  });
});

describe("--usage", () => {
  const messaging = fixture("./vectors/policies/messaging.json");
  const send = '{"to":"alice@example.com","message":"hi"}';

  it("judges rate limits by the counters given, and by none used yet without it", () => {
    const fresh = run(["check", "--policy", messaging, "--now", NOW, "--tool", "send_message", "--input", send]);
    expect(fresh.code).toBe(0);
    expect(JSON.parse(fresh.stdout).metadata.usage_limited).toBe(true);
    const busy = run(["check", "--policy", messaging, "--now", NOW, "--tool", "send_message", "--input", send, "--usage", '{"calls_last_minute":5}']);
    expect(busy.code).toBe(1);
    expect(JSON.parse(busy.stdout).reasons[0].code).toBe("oap.rate_limit_exceeded");
  });

  it("applies to every line of eval, and the request cannot override it", () => {
    const line = (extra: string) => `{"tool_name":"send_message","tool_input":{"to":"alice@example.com","message":"hi"${extra}}}`;
    const input = [line(""), line(',"calls_today":0'), '{"tool_name":"send_message","tool_input":{"to":"alice@example.com"},"context":{"usage":{"calls_today":0}}}'].join("\n");
    const r = run(["eval", "--policy", messaging, "--now", NOW, "--usage", '{"calls_today":100}'], input);
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split("\n").map((l) => JSON.parse(l).reasons[0].code)).toEqual(Array(3).fill("oap.rate_limit_exceeded"));
  });

  it("exits 2 for counters it does not know or cannot read", () => {
    for (const bad of ['{"calls_per_minute":1}', '{"calls_today":-1}', '{"calls_today":1.5}', "[]", "nope"]) {
      const r = run(["eval", "--policy", messaging, "--now", NOW, "--usage", bad], "");
      expect(r.code, bad).toBe(2);
      expect(r.stderr).toContain("--usage");
    }
  });
});

describe("portcullis validate", () => {
  it("exits 0 for valid configs and passports", () => {
    const r = run(["validate", fixture("../examples/guardrails.yaml"), fixture("../examples/passport.json"), passport]);
    // The examples allow interpreters beside file and web scopes: validate says so on stderr, and they stay valid.
    for (const line of r.stderr.split("\n").filter(Boolean)) expect(line).toMatch(/: warning: \S+ can run any code; the .* scopes cannot bind it/);
    expect(r.code).toBe(0);
  });

  it("exits 1 with file:line:column, path and expectation for invalid ones", () => {
    const r = run(["validate", fixture("./fixtures/config/bad-provider-use.yaml"), fixture("./fixtures/providers/bad-limits.json")]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/bad-provider-use\.yaml:\d+:\d+ \/guardrails\/provider\/use: expected one of/);
    expect(r.stderr).toMatch(/bad-limits\.json:\d+:\d+ \/limits\/system\.command\.execute\/max_execution_time/);
    const text = readFileSync(fixture("./fixtures/providers/bad-limits.json"), "utf8").split("\n");
    const line = Number(/bad-limits\.json:(\d+):/.exec(r.stderr)![1]);
    expect(text[line - 1]).toContain("max_execution_time");
  });
});

describe("--workspace-root, --cwd and --home", () => {
  const policy = fixture("../examples/passport.json");
  const read = (path: string, ...flags: string[]) => run(["check", "--policy", policy, "--now", NOW, "--tool", "read_file", "--input", JSON.stringify({ path }), ...flags]);

  it("resolve relative paths and ~ without a context in the request", () => {
    expect(JSON.parse(read("src/a.ts").stdout).reasons[0].code).toBe("oap.invalid_context");
    expect(read("src/a.ts", "--workspace-root", "/workspace").code).toBe(0);
    expect(read("src/a.ts", "--cwd", "/workspace").code).toBe(0);
    expect(read("../etc/passwd", "--workspace-root", "/workspace").code).toBe(1);
    expect(read("~/notes.md", "--home", "/workspace/home").code).toBe(0);
    expect(read("~/notes.md", "--home", "/root").code).toBe(1);
  });

  it("win over the policy's own workspace_root", () => {
    // examples/guardrails.yaml says workspace_root: /workspace; the flag moves it, so src/a.ts is outside.
    const r = run(["check", "--policy", fixture("../examples/guardrails.yaml"), "--now", NOW, "--tool", "read_file", "--input", '{"path":"src/a.ts"}', "--workspace-root", "/srv"]);
    expect(JSON.parse(r.stdout).reasons[0].code).toBe("oap.path_not_allowed");
  });

  it("cannot be widened by a request's context: a different workspace_root or home is denied", () => {
    const widen = read("src/a.ts", "--workspace-root", "/srv", "--context", '{"workspace_root":"/workspace"}');
    expect(widen.code).toBe(1);
    expect(JSON.parse(widen.stdout).reasons[0]).toMatchObject({ code: "oap.invalid_context", message: expect.stringContaining("--workspace-root") });
    expect(read("~/a", "--home", "/workspace/h", "--context", '{"home":"/"}').code).toBe(1);
    // the same value, or none, is fine
    expect(read("src/a.ts", "--workspace-root", "/workspace", "--context", '{"workspace_root":"/workspace"}').code).toBe(0);
    const lines = [
      '{"tool_name":"read_file","tool_input":{"path":"src/a.ts"}}',
      '{"tool_name":"read_file","tool_input":{"path":"src/a.ts"},"context":{"workspace_root":"/"}}',
      '{"tool_name":"read_file","tool_input":{"path":"src/a.ts"},"context":{"workspace_root":"/workspace","workspace_root":"/"}}',
      '{"tool_name":"read_file","tool_input":{"path":"src/a.ts"},"context":{"workspace_root":null}}',
      // spelt with an escape, or hidden behind a second context: still seen
      '{"tool_name":"read_file","tool_input":{"path":"src/a.ts"},"context":{"workspace\\u005froot":"/"}}',
      '{"tool_name":"read_file","tool_input":{"path":"src/a.ts"},"context":{"workspace_root":"/"},"context":{}}',
      '{"tool_name":"read_file","tool_input":{"path":"src/a.ts"},"context":{"workspace_root":7}}',
    ];
    const r = run(["eval", "--policy", policy, "--now", NOW, "--workspace-root", "/workspace"], lines.join("\n"));
    expect(r.stdout.trim().split("\n").map((l) => JSON.parse(l).decision)).toEqual(["allow", "deny", "deny", "allow", "deny", "deny", "deny"]);
  });

  it("are directories: relative ones resolve against the shell's directory; --cwd and --workspace-root must agree", () => {
    const r = spawnSync(process.execPath, [cli, "check", "--policy", policy, "--now", NOW, "--tool", "read_file", "--input", '{"path":"src/a.ts"}', "--workspace-root", "."], { cwd: tmpdir(), encoding: "utf8" });
    expect(JSON.parse(r.stdout).reasons[0].code).toBe("oap.path_not_allowed");
    expect(read("a", "--cwd", "/workspace", "--workspace-root", "/workspace").code).toBe(0);
    expect(read("a", "--cwd", "/workspace/x", "--workspace-root", "/workspace").code).toBe(2);
    expect(read("a", "--home", "").code).toBe(2);
  });
});

describe("policy files the CLI cannot use", () => {
  it("a missing file: cannot read FILE: no such file, exit 2", () => {
    const r = run(["check", "--policy", "/nonexistent/passport.json", "--tool", "bash"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe("portcullis: cannot read /nonexistent/passport.json: no such file\n");
  });

  it("a .json file with a syntax error: the JSON parser's message at file:line:col", () => {
    const r = run(["eval", "--policy", fixture("./fixtures/config/bad-syntax.json")], "");
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/bad-syntax\.json:4:53 \(root\): syntax error: unexpected "\]"/);
    expect(r.stderr).not.toMatch(/yaml|flow collection/i);
  });

  it("a bare JSON passport with a missing comma: check exits 2 with the JSON parser's message at file:line:col", () => {
    const dir = mkdtempSync(join(tmpdir(), "portcullis-bad-passport-"));
    const file = join(dir, "passport.json");
    writeFileSync(file, '{\n  "spec_version": "oap/1.0",\n  "status": "active"\n  "capabilities": []\n}\n');
    const r = run(["check", "--policy", file, "--tool", "bash", "--input", '{"command":"ls"}']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toBe(`portcullis: invalid policy file\n${file}:4:3 (root): syntax error: expected ',' or '}'\n`);
  });

  it("validate reads DeerFlow's configs as their documentation shows them", () => {
    const ok = run(["validate", fixture("./fixtures/config/deerflow/allowlist-denied.yaml"), fixture("./fixtures/config/deerflow/full-config.yaml")]);
    expect(ok.stderr).toBe("");
    expect(ok.code).toBe(0);
    const deny = run(["check", "--policy", fixture("./fixtures/config/deerflow/full-config.yaml"), "--tool", "bash", "--input", '{"command":"echo hello"}']);
    expect(JSON.parse(deny.stdout).reasons[0]).toEqual({ code: "oap.tool_not_allowed", message: "tool 'bash' is denied" });
  });
});

describe("portcullis eval as a pipeline stage", () => {
  it("ends quietly when its reader goes away (| head -1), and keeps memory flat under a slow reader", () => {
    const line = '{"tool_name":"bash","tool_input":{"command":"git status"}}\n';
    const dir = mkdtempSync(join(tmpdir(), "portcullis-pipe-"));
    const input = join(dir, "in.jsonl");
    writeFileSync(input, line.repeat(200_000));
    // A shell pipeline closes eval's stdout after one line: no EPIPE stack, status 0.
    const r = spawnSync("bash", ["-c", `set -o pipefail; "${process.execPath}" "${cli}" eval --policy "${passport}" --now ${NOW} --input "${input}" | head -1`], { encoding: "utf8" });
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).decision).toBe("allow");
  });
});
