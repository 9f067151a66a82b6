/**
 * @module
 * The core's evaluation trace (policy.wasm `explain`, assembly/policy/trace.ts): each step a decision consulted
 * and its result, what a command would run and touch, and the hosts of its URLs. Plain, deterministic JSON; rules
 * are pointers into what the user wrote (`/limits/…`, not the core's `/passport/limits/…`).
 */

/** One step of an evaluation, in the order it ran. */
export interface ExplanationStep {
  step: string;
  /** pass: checked and passed; skip: the policy does not set what it checks; deny/ask: the step that decided. */
  result: "pass" | "skip" | "deny" | "ask" | "needs_usage";
  /** JSON pointer into the policy, or `builtin:<id>`. */
  rule: string;
  detail: string;
}

/** A program a command would run, with what it reads, writes, deletes and contacts (paths as written). */
export interface ExplanationEffect {
  program: string;
  command: string;
  reads: string[];
  writes: string[];
  deletes: string[];
  contacts: string[];
  /** It runs code whose reads, writes and connections cannot be known (an interpreter, `npm run`, `make`). */
  unbound: boolean;
}

/** A URL of the call, its host, and the kind of destination ("" for a public name). */
export interface ExplanationHost {
  url: string;
  host: string;
  kind: string;
}

export interface Explanation {
  decision: "allow" | "deny" | "ask" | "needs_usage";
  code: string;
  rule: string;
  message: string;
  steps: ExplanationStep[];
  effects: ExplanationEffect[];
  hosts: ExplanationHost[];
}

/** The core sees a passport under `/passport` of its document; the user wrote the passport itself. */
export function userPointer(rule: string): string {
  return rule.startsWith("/passport/") ? rule.slice("/passport".length) : rule;
}

/** The same, for pointers quoted inside a step's words. */
function userPointersIn(text: string): string {
  return text.replace(/(^|[\s(])\/passport\//g, "$1/");
}

/** Parse the core's trace JSON; rules become the user's pointers. Throws on a malformed document. */
export function parseExplanation(json: string): Explanation {
  const raw = JSON.parse(json) as Explanation;
  if (!raw || typeof raw !== "object" || !Array.isArray(raw.steps) || !Array.isArray(raw.effects) || !Array.isArray(raw.hosts)) {
    throw new TypeError("policy.wasm returned a malformed evaluation trace");
  }
  raw.rule = userPointer(raw.rule);
  for (const step of raw.steps) {
    step.rule = userPointer(step.rule);
    step.detail = userPointersIn(step.detail);
  }
  return raw;
}
