// A hook answers before the agent runs the call, out of our sight: an
// allowed usage-limited call counts when it is judged (nothing is left
// reserved), and each hook event records one audit event.
import { describe, expect, it } from "vitest";
import "../index.ts"; // provides the inlined release wasm
import { PassportProvider } from "../providers/index.ts";
import { MemoryUsageStore } from "../usage/index.ts";
import { Guard, type DecisionEvent } from "../middleware/index.ts";
import { HOOK_AGENTS } from "../hooks/index.ts";
import { judgeEventText } from "./hook.ts";

const T = Date.parse("2026-11-22T10:00:00Z");
const passport = {
  passport_id: "ap_hook", kind: "template", spec_version: "oap/1.0", owner_id: "o", owner_type: "org", assurance_level: "L2",
  status: "active", regions: ["US"], created_at: "2026-01-01T00:00:00Z", updated_at: "2026-01-01T00:00:00Z", version: "1.0.0",
  capabilities: [{ id: "mcp.tool.execute" }], limits: { "mcp.tool.execute": { allowed_servers: ["dev"], max_calls_per_minute: 1 } },
};
const scope = { policy: "/etc/portcullis/policy.json", guardCode: [], home: "/home/dev" };
const event = JSON.stringify({ session_id: "s1", cwd: "/workspace", hook_event_name: "PreToolUse", tool_name: "mcp__dev__notes", tool_input: {} });

describe("portcullis hook and usage limits", () => {
  it("counts an allowed call when the hook answers, so the next one is over the limit", async () => {
    const usage = new MemoryUsageStore();
    const events: DecisionEvent[] = [];
    const guard = new Guard({ provider: new PassportProvider({ passport, clock: () => T, usage }), onDecision: (e) => void events.push(e) });
    const adapter = HOOK_AGENTS["claude-code"];
    const answer = async () => JSON.parse((await judgeEventText(guard, adapter, event, scope)).stdout).hookSpecificOutput;
    expect((await answer()).permissionDecision).toBe("allow");
    const second = await answer();
    expect(second.permissionDecision).toBe("deny");
    expect(second.permissionDecisionReason).toContain("oap.rate_limit_exceeded");
    expect(usage.pendingCount).toBe(0);
    expect(events.map((e) => [e.action, (e as DecisionEvent & { session_id?: string }).session_id])).toEqual([["allow_tool_call", "s1"], ["deny_tool_call", "s1"]]);
  });
});
