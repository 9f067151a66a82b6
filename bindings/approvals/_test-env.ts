/**
 * @module
 * Tests only: a gate over a given store backend with a pinned clock, the real
 * passport policy of test/vectors/policies/core-approval.json (`git …` asks,
 * everything else is denied) and an event log, shared by the store suites.
 */

import { readFileSync } from "node:fs";
import "../index.ts"; // provides the inlined release wasm
import { PassportProvider } from "../providers/passport.ts";
import type { Decision, GuardrailRequest } from "../core/decision.ts";
import { ApprovalGate } from "./gate.ts";
import type { ApprovalGateOptions } from "./gate-context.ts";
import type { GateOutcome } from "./check-call.ts";
import type { ApprovalEvent } from "./events.ts";
import type { ApprovalStore } from "./store.ts";

export const SECRET = "test-secret-0123456789abcdef-0123456789";
export const T0 = Date.parse("2026-11-22T10:00:00Z");

/** A store backend: `open()` may be called several times for several connections to the same data. */
export interface Backend {
  open(): Promise<ApprovalStore>;
  cleanup(): Promise<void>;
}

export interface TestEnv {
  gate: ApprovalGate;
  store: ApprovalStore;
  provider: PassportProvider;
  events: ApprovalEvent[];
  /** Move the pinned clock. */
  advance(seconds: number): void;
  now(): number;
  /** What an agent's call gets: the policy's decision, then the gate's when the policy asks. */
  call(request: GuardrailRequest): Promise<{ decision: Decision; outcome: GateOutcome | null }>;
  /** Another gate over another connection to the same backend (same secret and clock). */
  another(options?: Partial<ApprovalGateOptions>): Promise<ApprovalGate>;
  close(): Promise<void>;
}

const passport = JSON.parse(readFileSync(new URL("../../test/vectors/policies/core-approval.json", import.meta.url), "utf8"));

export async function testEnv(backend: Backend, options: Partial<ApprovalGateOptions> = {}): Promise<TestEnv> {
  let now = T0;
  const clock = () => now;
  const events: ApprovalEvent[] = [];
  const provider = await PassportProvider.create({ passport, clock });
  const stores: ApprovalStore[] = [];
  const gateFor = async (extra: Partial<ApprovalGateOptions>) => {
    const store = await backend.open();
    stores.push(store);
    return ApprovalGate.create({ store, secret: SECRET, clock, timeoutSeconds: 600, audit: [(e) => void events.push(e)], ...options, ...extra });
  };
  const gate = await gateFor({});
  return {
    gate,
    store: stores[0],
    provider,
    events,
    advance: (seconds) => void (now += seconds * 1000),
    now: clock,
    async call(request) {
      const decision = await provider.evaluate(request);
      if (decision.decision !== "ask") return { decision, outcome: null };
      const outcome = await gate.check(request, decision);
      return { decision: outcome.decision, outcome };
    },
    another: gateFor,
    async close() {
      for (const store of stores) await store.close();
      await backend.cleanup();
    },
  };
}

/** A `git` call in thread t1 of agent a1 (the policy asks about it). */
export function gitCall(command = "git push origin main", extra: Partial<GuardrailRequest> = {}): GuardrailRequest {
  return { tool_name: "bash", tool_input: { command }, agent_id: "a1", thread_id: "t1", tool_call_id: "call_1", ...extra };
}
