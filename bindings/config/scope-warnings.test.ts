// Docs: docs/limits/system-command-execute.md (File and web scopes bind commands).
import { describe, expect, it } from "vitest";
import { scopeWarnings } from "./scope-warnings.ts";

const passport = (command: Record<string, unknown>, scopes: Record<string, unknown> = { "data.file.read": { allowed_paths: ["/workspace"] } }) => ({
  limits: { "system.command.execute": command, ...scopes },
});

describe("scopeWarnings", () => {
  it("warns for each interpreter in allowed_commands when a scope binds commands", () => {
    const w = scopeWarnings(passport({ allowed_commands: ["git", "node", "/usr/bin/python3 -m pytest", "make"] }));
    expect(w).toEqual([
      "node can run any code; the data.file.read scopes cannot bind it (set unbound_programs to 'ask' or 'deny' to stop its runs)",
      "python3 can run any code; the data.file.read scopes cannot bind it (set unbound_programs to 'ask' or 'deny' to stop its runs)",
      "make can run any code; the data.file.read scopes cannot bind it (set unbound_programs to 'ask' or 'deny' to stop its runs)",
    ]);
  });

  it("names every declared scope and the ask setting", () => {
    const w = scopeWarnings(passport({ allowed_commands: ["npm run test"], unbound_programs: "ask" }, {
      "data.file.write": { allowed_paths: ["/workspace/out"] }, "web.fetch": { allowed_domains: ["github.com"] },
    }));
    expect(w).toEqual(["npm can run any code; the data.file.write, web.fetch scopes cannot bind it (its runs ask a human (unbound_programs: ask))"]);
  });

  it("warns for '*'", () => {
    expect(scopeWarnings(passport({ allowed_commands: ["*"] }))[0]).toMatch(/allows every program/);
  });

  it("is silent without scopes, with bind_scopes false, with unbound_programs deny, or without interpreters", () => {
    expect(scopeWarnings(passport({ allowed_commands: ["node"] }, {}))).toEqual([]);
    expect(scopeWarnings(passport({ allowed_commands: ["node"], bind_scopes: false }))).toEqual([]);
    expect(scopeWarnings(passport({ allowed_commands: ["node"], unbound_programs: "deny" }))).toEqual([]);
    expect(scopeWarnings(passport({ allowed_commands: ["git", "cat", "nodemon-like"] }))).toEqual([]);
  });
});
