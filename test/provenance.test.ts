// Every decision names the rule that decided it (Decision.rule): a JSON
// pointer into the policy exactly as the user wrote it, or a built-in
// check's id. These cases pin the pointer for each kind of check and
// resolve it against the passport, so a pointer that names the wrong entry
// — or an entry that does not exist — fails.
import { describe, expect, it } from "vitest";
import { AllowlistProvider, PassportProvider } from "../bindings/index.ts";

const passport = {
  spec_version: "oap/1.0",
  status: "active",
  capabilities: [
    { id: "system.command.execute" }, { id: "data.file.read" }, { id: "data.file.write" }, { id: "web.fetch" },
    { id: "messaging.message.send" },
  ],
  limits: {
    "system.command.execute": {
      allowed_commands: ["ls", "cat", "rm", "git", "echo"],
      blocked_patterns: ["rm -rf", "git push --force", "/etc/shadow"],
      max_execution_time: 60,
    },
    "data.file.read": { allowed_paths: ["/workspace", "/data"], blocked_paths: ["/workspace/secret"] },
    "data.file.write": { allowed_paths: ["/workspace/out"], allowed_extensions: [".md"], approval_required: true },
    "web.fetch": { allowed_domains: ["github.com"], blocked_domains: ["gist.github.com"] },
    "messaging.message.send": { allowed_recipients: ["#ops"], max_message_length: 20 },
  },
};

/** The value at a JSON pointer, or undefined when the path does not exist. */
function at(doc: unknown, pointer: string): unknown {
  let node: unknown = doc;
  for (const raw of pointer.split("/").slice(1)) {
    const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (node === null || typeof node !== "object" || !(key in (node as object))) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

const cases: [tool: string, input: Record<string, unknown>, decision: string, rule: string, value?: unknown][] = [
  ["bash", { command: "git push -f origin main" }, "deny", "/limits/system.command.execute/blocked_patterns/1", "git push --force"],
  ["bash", { command: "cd /etc && cat shadow" }, "deny", "/limits/system.command.execute/blocked_patterns/2", "/etc/shadow"],
  ["bash", { command: "ls && rm -fr build" }, "deny", "/limits/system.command.execute/blocked_patterns/0", "rm -rf"],
  ["bash", { command: "ls; curl https://x" }, "deny", "/limits/system.command.execute/allowed_commands"],
  ["bash", { command: "rm -r /" }, "deny", "builtin:dangerous_operation"],
  ["bash", { command: "ls", timeout: 600 }, "deny", "/limits/system.command.execute/max_execution_time", 60],
  ["bash", { command: "ls -la" }, "allow", "/limits/system.command.execute"],
  ["bash", {}, "deny", "builtin:request"],
  ["read_file", { path: "/data/x.csv" }, "allow", "/limits/data.file.read/allowed_paths/1", "/data"],
  ["read_file", { path: "/workspace/secret/key" }, "deny", "/limits/data.file.read/blocked_paths/0", "/workspace/secret"],
  ["read_file", { path: "/workspace/.env" }, "deny", "builtin:sensitive_file"],
  ["read_file", { path: "/tmp/a" }, "deny", "/limits/data.file.read/allowed_paths"],
  ["write_file", { path: "/workspace/out/a.txt", content: "x" }, "deny", "/limits/data.file.write/allowed_extensions"],
  ["write_file", { path: "/workspace/out/a.md", content: "x" }, "ask", "/limits/data.file.write/approval_required", true],
  ["web_fetch", { url: "https://gist.github.com/x" }, "deny", "/limits/web.fetch/blocked_domains"],
  ["web_fetch", { url: "https://example.com/" }, "deny", "/limits/web.fetch/allowed_domains"],
  ["web_fetch", { url: "http://169.254.169.254/latest" }, "deny", "/limits/web.fetch/allow_private_destinations"],
  ["send_message", { recipient: "#random", content: "hi" }, "deny", "/limits/messaging.message.send/allowed_recipients"],
  ["send_message", { recipient: "#ops", content: "x".repeat(40) }, "deny", "/limits/messaging.message.send/max_message_length", 20],
  ["charge_card", { amount: 1 }, "deny", "/tool_map"],
];

describe("every decision names the rule that decided it", () => {
  const provider = new PassportProvider({ passport, tool_map: { send_message: "messaging.message.send" }, workspace_root: "/workspace" });

  it.each(cases)("%s %j → %s by %s", async (tool, input, decision, rule, value) => {
    const d = await provider.evaluate({ tool_name: tool, tool_input: input });
    expect(d.decision).toBe(decision);
    expect(d.rule).toBe(rule);
    if (rule.startsWith("/limits/")) {
      // The pointer stays inside the passport: its parent exists, and an entry's value is the entry that decided.
      expect(at(passport, rule.slice(0, rule.lastIndexOf("/")))).toBeDefined();
      if (value !== undefined) expect(at(passport, rule)).toEqual(value);
    }
  });

  it("names the passport's own fields for passport-wide checks", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...passport, status: "suspended" }, "/status"],
      [{ ...passport, spec_version: "oap/0.9" }, "/spec_version"],
      [{ ...passport, expires_at: "2020-01-01T00:00:00Z" }, "/expires_at"],
      [{ ...passport, capabilities: [{ id: "data.file.read" }] }, "/capabilities"],
    ];
    for (const [p, rule] of cases) {
      const d = await new PassportProvider({ passport: p }).evaluate({ tool_name: "bash", tool_input: { command: "ls" } });
      expect([d.decision, d.rule]).toEqual(["deny", rule]);
    }
  });

  it("names the allowlist entry that allowed or denied", async () => {
    const provider = new AllowlistProvider({ allowed_tools: ["bash", "read", "write"], denied_tools: ["write"] });
    const rules = [];
    for (const tool of ["read", "write", "shell"]) rules.push((await provider.evaluate({ tool_name: tool, tool_input: {} })).rule);
    expect(rules).toEqual(["/allowed_tools/1", "/denied_tools/0", "/allowed_tools"]);
  });
});
