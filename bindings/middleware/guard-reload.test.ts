// Guard.reload: an atomic policy swap. A call in flight finishes on the policy it started with; a refused
// candidate changes nothing; every decision names the digest of the policy that made it.
import { describe, expect, it } from "vitest";
import "../index.ts";
import type { Decision, GuardrailRequest } from "../core/decision.ts";
import type { GuardrailProvider } from "../providers/types.ts";
import { loadGuardFromText } from "../config/index.ts";
import { Guard, ReloadError } from "./guard.ts";
import type { DecisionEvent } from "./audit.ts";

const call: GuardrailRequest = { tool_name: "bash", tool_input: { command: "ls" } };
const allow: Decision = { decision: "allow", allow: true, reasons: [] };
const deny: Decision = { decision: "deny", allow: false, reasons: [{ code: "oap.denied", message: "no" }] };

/** A provider whose decisions wait until the test releases them. */
function slowProvider(decision: Decision) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let started!: () => void;
  const begun = new Promise<void>((resolve) => (started = resolve));
  const provider: GuardrailProvider = { name: "slow", evaluate: async () => (started(), await gate, decision) };
  return { provider, release, begun };
}
const fixed = (decision: Decision, name = "fixed"): GuardrailProvider => ({ name, evaluate: () => decision });

describe("Guard.reload", () => {
  it("a call in flight during a reload is judged by the old policy; the next call by the new one", async () => {
    const slow = slowProvider(allow);
    const events: DecisionEvent[] = [];
    const guard = new Guard({ provider: slow.provider, policyDigest: "a".repeat(64), audit: [(e) => void events.push(e)] });
    let ran = 0;
    const inFlight = guard.guardToolCall(call, async () => (ran++, "ran"));
    const evaluating = guard.evaluate(call);
    await slow.begun;
    const result = await guard.reload({ provider: fixed(deny), policyDigest: "b".repeat(64), audit: [(e) => void events.push(e)] });
    expect(result).toEqual({ previous: "a".repeat(64), current: "b".repeat(64) });
    slow.release();
    expect(await inFlight).toBe("ran");
    expect(ran).toBe(1);
    expect(await evaluating).toMatchObject({ decision: "allow", policy_digest: "a".repeat(64) });
    expect(await guard.evaluate(call)).toMatchObject({ decision: "deny", policy_digest: "b".repeat(64) });
    const after = await guard.guardToolCall(call, async () => (ran++, "ran"));
    expect(after).toMatchObject({ status: "error", decision: { decision: "deny", policy_digest: "b".repeat(64) } });
    expect(ran).toBe(1);
    // Guard.evaluate is audited like every judged call: the two in flight on the old policy, the two after on the new.
    expect(events.map((e) => [e.decision, e.policy_digest])).toEqual([
      ["allow", "a".repeat(64)], ["allow", "a".repeat(64)], ["deny", "b".repeat(64)], ["deny", "b".repeat(64)],
    ]);
  });

  it("refuses a candidate its check rejects, and one without a provider; the old policy keeps deciding", async () => {
    const guard = new Guard({ provider: fixed(deny), policyDigest: "c".repeat(64) });
    await expect(guard.reload({ provider: fixed(allow) }, { verify: () => { throw new Error("policy test 2 failed: expected deny, got allow"); } }))
      .rejects.toThrow(new ReloadError("reload refused: policy test 2 failed: expected deny, got allow"));
    await expect(guard.reload({ provider: { name: "x" } as unknown as GuardrailProvider })).rejects.toBeInstanceOf(ReloadError);
    await expect(guard.reload(null as unknown as Guard)).rejects.toBeInstanceOf(ReloadError);
    expect(await guard.evaluate(call)).toMatchObject({ decision: "deny", policy_digest: "c".repeat(64) });
    expect(guard.policyDigest).toBe("c".repeat(64));
  });

  it("a provider cannot claim a digest: the guard's own replaces it", async () => {
    const liar = fixed({ ...allow, policy_digest: "f".repeat(64) } as Decision);
    expect((await new Guard({ provider: liar }).evaluate(call)).policy_digest).toBeUndefined();
    expect((await new Guard({ provider: liar, policyDigest: "d".repeat(64) }).evaluate(call)).policy_digest).toBe("d".repeat(64));
  });

  it("swaps whole guards loaded from config text, and the decision's digest changes with the policy", async () => {
    const text = (allowed: string[]) => JSON.stringify({ guardrails: { provider: { use: "portcullis:AllowlistProvider", config: { allowed_tools: allowed } } } });
    const first = await loadGuardFromText(text(["bash"]));
    const second = await loadGuardFromText(text(["web_search"]));
    const guard = first.guard;
    const before = await guard.evaluate(call);
    expect(before).toMatchObject({ decision: "allow", policy_digest: first.digest });
    await guard.reload(second.guard);
    const after = await guard.evaluate(call);
    expect(after.decision).toBe("deny");
    expect(after.policy_digest).toBe(second.digest);
    expect(second.digest).not.toBe(first.digest);
  });
});
