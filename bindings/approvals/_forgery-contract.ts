/**
 * @module
 * Tests only: attacks on the approval records themselves, as someone who
 * can write to the store (a shared Redis, a copied SQLite file) but does not
 * hold the signing secret would make them. Every one must end in a deny or
 * a refused decision, never in a call that runs.
 */

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { argsDigest, contextDigest, matchKey, ruleKey as keyOf } from "./digest.ts";
import { ApprovalSigner } from "./signing.ts";
import { pendingClaims } from "./integrity.ts";
import type { PendingAction } from "./pending-action.ts";
import { gitCall, testEnv, type Backend, type TestEnv } from "./_test-env.ts";

export function describeForgeryAttacks(name: string, makeBackend: () => Promise<Backend>): void {
  describe(`forgery and tampering (${name} store)`, () => {
    let env: TestEnv;
    beforeEach(async () => {
      env = await testEnv(await makeBackend());
    });
    afterEach(async () => {
      await env.close();
    });

    const pending = async (command = "git status") => {
      const { outcome } = await env.call(gitCall(command));
      return (await env.store.get(outcome!.action!.id))!;
    };
    const approvedOnce = async (command = "git status") => {
      const action = await pending(command);
      await env.gate.approve(action.id);
      return (await env.store.get(action.id))!;
    };
    /** Overwrite a record behind the gate's back. */
    const tamper = async (action: PendingAction, change: (a: PendingAction) => PendingAction) => {
      expect(await env.store.transition(action.id, action.status, change(structuredClone(action)))).toBe(true);
    };
    const expectDenied = async (command: string, code = "oap.approval_invalid") => {
      const { decision } = await env.call(gitCall(command));
      expect(decision.allow).toBe(false);
      expect(decision.reasons[0].code).toBe(code);
    };

    it("refuses forged and malformed ids", async () => {
      for (const id of ["act_" + "0".repeat(32), "act_x", "../../etc/passwd", "", "act_" + "A".repeat(32), "*", "a:act_1"]) {
        await expect(env.gate.approve(id), id).rejects.toMatchObject({ code: "not_found" });
        await expect(env.gate.reject(id), id).rejects.toMatchObject({ code: "not_found" });
        expect(await env.gate.getAction(id)).toBeNull();
      }
    });

    it("refuses a pending action planted without the key", async () => {
      const planted: PendingAction = { ...(await pending()), id: "act_" + "ab".repeat(16) };
      const signer = await ApprovalSigner.random();
      planted.signature = await signer.sign(pendingClaims(planted));
      const replacing = (await env.store.findLatest(planted.match_key))?.id ?? null;
      expect(await env.store.create(planted, { replacing, maxPendingPerAgent: 100, now: Date.now() })).toBe("created");
      expect(await env.gate.getAction(planted.id)).toMatchObject({ verified: false });
      await expect(env.gate.approve(planted.id)).rejects.toMatchObject({ code: "tampered" });
      await expectDenied("git status");
      expect(env.events.map((e) => e.action)).toContain("approval_invalid");
    });

    it("refuses an action whose shown arguments were swapped after the ask", async () => {
      const action = await pending("git status");
      await tamper(action, (a) => ({ ...a, request: { ...a.request, tool_input: { command: "git push --force" } } }));
      await expect(env.gate.approve(action.id)).rejects.toMatchObject({ code: "tampered" });
      const digest = await argsDigest({ command: "git push --force" });
      await tamper({ ...action }, (a) => ({ ...a, args_digest: digest }));
      await expect(env.gate.approve(action.id)).rejects.toMatchObject({ code: "tampered" });
    });

    it("refuses a context swapped in the stored request (it would change how an edit is judged)", async () => {
      const action = await pending();
      await tamper(action, (a) => ({ ...a, request: { ...a.request, context: { workspace_root: "/" } } }));
      await expect(env.gate.approve(action.id)).rejects.toMatchObject({ code: "tampered" });
    });

    it("refuses a status flipped to approved without a signed decision", async () => {
      const action = await pending();
      await tamper(action, (a) => ({ ...a, status: "approved" }));
      await expectDenied("git status");
    });

    it("refuses a decision copied from another action", async () => {
      const donor = await approvedOnce("git log");
      const action = await pending("git status");
      await tamper(action, (a) => ({ ...a, status: "approved", resolution: donor.resolution }));
      await expectDenied("git status");
    });

    it("refuses a rejection flipped to an approval", async () => {
      const action = await pending();
      await env.gate.reject(action.id, { message: "no" });
      const rejected = (await env.store.get(action.id))!;
      await tamper(rejected, (a) => ({ ...a, status: "approved" }));
      await expectDenied("git status");
      await tamper({ ...rejected, status: "approved" }, (a) => ({ ...a, resolution: { ...a.resolution!, kind: "once" } }));
      await expectDenied("git status");
    });

    it("refuses a widened decision: once turned into a policy-wide window", async () => {
      const action = await approvedOnce();
      await tamper(action, (a) => ({ ...a, resolution: { ...a.resolution!, kind: "window", scope: "policy", valid_until: "2099-01-01T00:00:00.000Z" } }));
      await expectDenied("git status");
    });

    it("refuses an approval moved to another tool or other arguments through the index", async () => {
      const action = await approvedOnce("git status");
      const here = { tool_name: "bash", args_digest: action.args_digest, context_digest: action.context_digest, agent_id: "a1", thread_id: "t1" };
      const elsewhere = { workspace_root: "/somewhere/else" };
      for (const call of [
        { ...here, tool_name: "exec" },
        { ...here, args_digest: await argsDigest({ command: "git push --force" }) },
        { ...here, agent_id: "a2" },
        { ...here, context_digest: await contextDigest(elsewhere) },
      ]) await env.store.linkMatch(await matchKey(call), action.id);
      const exec = await env.call({ ...gitCall("git status"), tool_name: "exec" });
      expect(exec.decision.reasons[0].code).toBe("oap.approval_invalid");
      await expectDenied("git push --force");
      const other = await env.call(gitCall("git status", { agent_id: "a2" }));
      expect(other.decision.reasons[0].code).toBe("oap.approval_invalid");
      const moved = await env.call(gitCall("git status", { context: elsewhere }));
      expect(moved.decision.reasons[0].code).toBe("oap.approval_invalid");
      expect((await env.call(gitCall("git status"))).decision.allow).toBe(true); // the real approval still works once
    });

    it("refuses an approval whose tool name was rewritten in the record", async () => {
      const action = await approvedOnce();
      await tamper(action, (a) => ({ ...a, tool_name: "exec", request: { ...a.request, tool_name: "exec" } }));
      await expect(env.gate.getAction(action.id)).resolves.toMatchObject({ verified: false });
    });

    it("refuses edited arguments swapped after the human approved them", async () => {
      const action = await pending();
      await env.gate.approve(action.id, { updatedInput: { command: "git log" } }, (r) => env.provider.evaluate(r));
      const approved = (await env.store.get(action.id))!;
      await tamper(approved, (a) => ({ ...a, resolution: { ...a.resolution!, updated_input: { command: "git push --force" } } }));
      await expectDenied("git log");
      const tampered = (await env.store.get(action.id))!;
      const digest = await argsDigest({ command: "git push --force" });
      await tamper(tampered, (a) => ({ ...a, resolution: { ...a.resolution!, updated_digest: digest } }));
      await env.store.linkMatch(await matchKey({ tool_name: "bash", args_digest: digest, context_digest: action.context_digest, agent_id: "a1", thread_id: "t1" }), action.id);
      await expectDenied("git push --force");
    });

    it("refuses forged and re-keyed always rules", async () => {
      const action = await pending("git status");
      await env.gate.approve(action.id, { scope: "policy" });
      const ruleKey = (await env.store.get(action.id))!.resolution!.rule_key!;
      const rule = (await env.store.getRule(ruleKey))!;
      const pushDigest = await argsDigest({ command: "git push --force" });
      const pushKey = await keyOf("bash", pushDigest, rule.context_digest, "policy", null);
      await env.store.putRule({ ...rule, key: pushKey }); // a real signature, filed under another call's key
      await expectDenied("git push --force");
      await env.store.putRule({ ...rule, key: pushKey, args_digest: pushDigest }); // fields changed: signature breaks
      await expectDenied("git push --force");
      await env.store.putRule({ ...rule, expires_at: null, scope: "policy", signature: "0".repeat(64) });
      await expectDenied("git status");
    });

    it("refuses records signed with another deployment's key", async () => {
      const other = await env.another({ secret: "another-deployment-secret-0123456789abcdef" });
      const asked = await env.provider.evaluate(gitCall("git status"));
      const outcome = await other.check(gitCall("git status"), asked);
      await other.approve(outcome.action!.id);
      await expectDenied("git status");
      await expect(env.gate.approve(outcome.action!.id)).rejects.toMatchObject({ code: "tampered" });
    });
  });
}
