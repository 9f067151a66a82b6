/**
 * @module
 * "What will happen" for the person deciding on a pending action: each program a command would run with what
 * it reads, writes, deletes or contacts, each URL's host, and the step of the policy that asked. Computed from the
 * stored request by the policy in force (the core's evaluation trace), when the action is shown.
 */

import type { ExplanationEffect, ExplanationHost, GuardrailRequest } from "../core/index.ts";
import { explainProvider, type GuardrailProvider } from "../providers/index.ts";

export interface WhatWillHappen {
  programs: ExplanationEffect[];
  hosts: ExplanationHost[];
  /** The step that asked (or denied), with its rule and words; null when the policy in force now allows the call. */
  why: { step: string; rule: string; detail: string } | null;
}

/** Null when no policy of the provider can explain (a rule file, a custom provider) or explaining fails. */
export async function whatWillHappen(provider: GuardrailProvider, request: GuardrailRequest): Promise<WhatWillHappen | null> {
  let traces;
  try {
    traces = await explainProvider(provider, request);
  } catch {
    return null;
  }
  if (traces.length === 0) return null;
  const deciding = traces.flatMap((t) => t.steps).find((s) => s.result === "ask" || s.result === "deny");
  return {
    programs: traces.flatMap((t) => t.effects),
    hosts: traces.flatMap((t) => t.hosts),
    why: deciding ? { step: deciding.step, rule: deciding.rule, detail: deciding.detail } : null,
  };
}
