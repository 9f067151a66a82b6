import { describe, expect, it } from "vitest";
import "../index.ts"; // provides the inlined release wasm
import { guardToolCall } from "./guard-tool-call.ts";
import type { DecisionEvent } from "./audit.ts";
import type { EnforcementWarning } from "./enforcement-warning.ts";
import { PassportProvider } from "../providers/passport.ts";

const passport = (enforcement: string) => ({
  passport_id: "p1",
  spec_version: "oap/1.0",
  status: "active",
  enforcement,
  capabilities: [{ id: "system.command.execute" }],
  limits: { "system.command.execute": { allowed_commands: ["ls"] } },
});
const call = (command: string) => ({ tool_name: "bash", tool_input: { command }, tool_call_id: "c1", context: { workspace_root: "/w" } });

async function run(enforcement: string, command: string, result: unknown) {
  const events: DecisionEvent[] = [];
  const warnings: EnforcementWarning[] = [];
  let ran = false;
  const out = await guardToolCall(call(command), async () => { ran = true; return result; }, {
    provider: new PassportProvider({ passport: passport(enforcement) }),
    onDecision: (e) => void events.push(e),
    onWarning: (w) => void warnings.push(w),
  });
  return { out, events, warnings, ran };
}

describe("guardToolCall under warn and shadow", () => {
  it("warn runs the call, appends the warning to a string result and tells the host", async () => {
    const { out, events, warnings, ran } = await run("warn", "whoami", "root");
    expect(ran).toBe(true);
    expect(out).toMatch(/^root\n\nGuardrail warning: tool 'bash' ran, but the policy being rolled out says it would be blocked \(oap.command_not_allowed\)/);
    expect(warnings).toHaveLength(1);
    expect(warnings[0].decision.metadata).toMatchObject({ enforcement: "warn", would_decide: "deny" });
    expect(events[0]).toMatchObject({ action: "allow_tool_call", decision: "allow", enforcement: "warn", would_decide: "deny", reason_codes: ["oap.command_not_allowed"] });
  });

  it("warn leaves a structured result as the tool gave it", async () => {
    const { out, warnings } = await run("warn", "whoami", { rows: 1 });
    expect(out).toEqual({ rows: 1 });
    expect(warnings).toHaveLength(1);
  });

  it("shadow runs the call silently; only the event says what would have happened", async () => {
    const { out, events, warnings } = await run("shadow", "whoami", "root");
    expect(out).toBe("root");
    expect(warnings).toHaveLength(0);
    expect(events[0]).toMatchObject({ decision: "allow", enforcement: "shadow", would_decide: "deny" });
  });

  it("an allowed call carries no warning and no enforcement fields", async () => {
    const { out, events, warnings } = await run("warn", "ls", "a b");
    expect(out).toBe("a b");
    expect(warnings).toHaveLength(0);
    expect(events[0].enforcement).toBeUndefined();
    expect(events[0].would_decide).toBeUndefined();
  });

  it("a malformed call is still blocked under warn", async () => {
    let ran = false;
    const out = await guardToolCall({ tool_name: "bash", tool_input: { command: 42 } } as never, async () => { ran = true; }, {
      provider: new PassportProvider({ passport: passport("warn") }),
    });
    expect(ran).toBe(false);
    expect(out).toMatchObject({ status: "error", decision: { decision: "deny" } });
  });
});
