// The evaluation trace: each step a decision consulted and what it found,
// for a person asking why (`portcullis explain`). Off unless the host asks
// for it through the `explain` export; the decision path pays one field load
// and branch per step when it is off (`if (trace.on)`).
//
// Steps begin in the order they run; the first failure wins, so a step that
// began and was not the last one passed, and the last one begun made the
// decision when it is not an allow (its rule and message are the verdict's).
// A step that did not apply (a key the policy does not set) is recorded as
// skipped with the reason.

import { Verdict, Decision } from "./verdict";
import { jsonQuote } from "./load-errors";

export const enum StepResult { PASS = 0, SKIP = 1 }

export class TraceStep {
  constructor(
    public name: string,
    /** JSON pointer (absolute, or relative to the limits block being checked) or `builtin:<id>`. */
    public rule: string,
    /** What the step found when it passed (or why it was skipped). */
    public detail: string,
    public result: StepResult,
  ) {}
}

/** What one simple command (or a redirection of a command) would do. */
export class TraceEffect {
  program: string = "";
  command: string = "";
  reads: Array<string> = [];
  writes: Array<string> = [];
  deletes: Array<string> = [];
  contacts: Array<string> = [];
  /** Runs code whose reads, writes and connections cannot be known (an interpreter, `npm run`, `make`). */
  unbound: bool = false;
}

/** A host a URL of the call resolves to, and what kind of destination it is ("" for a public name). */
export class TraceHost {
  constructor(public url: string, public host: string, public kind: string) {}
}

export class Trace {
  on: bool = false;
  steps: Array<TraceStep> = [];
  effects: Array<TraceEffect> = [];
  hosts: Array<TraceHost> = [];
  /** The limits block being checked: relative rules of the steps inside it are prefixed with it. */
  block: string = "";

  reset(on: bool): void {
    this.on = on;
    this.steps = [];
    this.effects = [];
    this.hosts = [];
    this.block = "";
  }

  /** A step begins; `detail` says what it found if it passes. */
  begin(name: string, rule: string, detail: string = ""): void {
    this.steps.push(new TraceStep(name, this.qualify(rule), detail, StepResult.PASS));
  }

  /** A step that does not apply to this call or policy, and why. */
  skip(name: string, rule: string, why: string): void {
    this.steps.push(new TraceStep(name, this.qualify(rule), why, StepResult.SKIP));
  }

  /** Add to what the current step found (an entry that admitted a path, a command's allow entry). */
  note(detail: string): void {
    if (this.steps.length == 0) return;
    const step = this.steps[this.steps.length - 1];
    step.detail = step.detail.length > 0 ? step.detail + "; " + detail : detail;
  }

  /** A rule as a whole pointer: relative ones are inside the block being checked. */
  qualify(rule: string): string {
    if (rule.length == 0 || rule.startsWith("/") || rule.startsWith("builtin:") || this.block.length == 0) return rule;
    return this.block + "/" + rule;
  }

  /** The trace as JSON, closed by the verdict: the last step begun made a deny or ask. */
  toJSON(verdict: Verdict): string {
    let decider = -1;
    if (verdict.decision != Decision.Allow) {
      for (let i = this.steps.length - 1; i >= 0; i--) {
        if (this.steps[i].result == StepResult.PASS) { decider = i; break; }
      }
    }
    let out = "{\"decision\":" + jsonQuote(decisionName(verdict.decision)) + ",\"code\":" + jsonQuote(verdict.code) +
      ",\"rule\":" + jsonQuote(verdict.rule) + ",\"message\":" + jsonQuote(verdict.message) + ",\"steps\":[";
    for (let i = 0; i < this.steps.length; i++) {
      const step = this.steps[i];
      if (i > 0) out += ",";
      const deciding = i == decider;
      const result = deciding ? decisionName(verdict.decision) : step.result == StepResult.SKIP ? "skip" : "pass";
      out += "{\"step\":" + jsonQuote(step.name) + ",\"result\":" + jsonQuote(result) +
        ",\"rule\":" + jsonQuote(deciding ? verdict.rule : step.rule) +
        ",\"detail\":" + jsonQuote(deciding ? verdict.message : step.detail) + "}";
    }
    out += "],\"effects\":[";
    for (let i = 0; i < this.effects.length; i++) {
      const e = this.effects[i];
      if (i > 0) out += ",";
      out += "{\"program\":" + jsonQuote(e.program) + ",\"command\":" + jsonQuote(e.command) +
        ",\"reads\":" + list(e.reads) + ",\"writes\":" + list(e.writes) + ",\"deletes\":" + list(e.deletes) +
        ",\"contacts\":" + list(e.contacts) + ",\"unbound\":" + (e.unbound ? "true" : "false") + "}";
    }
    out += "],\"hosts\":[";
    for (let i = 0; i < this.hosts.length; i++) {
      const h = this.hosts[i];
      if (i > 0) out += ",";
      out += "{\"url\":" + jsonQuote(h.url) + ",\"host\":" + jsonQuote(h.host) + ",\"kind\":" + jsonQuote(h.kind) + "}";
    }
    return out + "]}";
  }
}

function list(items: Array<string>): string {
  let out = "[";
  for (let i = 0; i < items.length; i++) out += (i > 0 ? "," : "") + jsonQuote(items[i]);
  return out + "]";
}

function decisionName(d: Decision): string {
  if (d == Decision.Allow) return "allow";
  if (d == Decision.Ask) return "ask";
  if (d == Decision.NeedsUsage) return "needs_usage";
  return "deny";
}

/** The one trace of the instance (evaluations do not nest). */
export const trace = new Trace();
