// Pieces of the command rule's deny messages, and its small shared helpers.

import { WORK_BUDGET } from "../../../util/budget";
import { Code, Verdict } from "../../verdict";
import { Script, showArgv, showWord } from "../../../shell";

/** Deny: the analysis needs more work than a decision may spend (util/budget.ts), so it stops, failing closed. */
export function overWorkBudget(verdict: Verdict, phase: string): bool {
  return verdict.deny(Code.WORK_BUDGET_EXCEEDED, "command needs more analysis work than a decision may spend (" +
    WORK_BUDGET.toString() + " units, reached in " + phase + "): split it into smaller commands");
}

/** View v's words, for a message. */
export function showView(s: Script, v: i32): string {
  return showArgv(s, s.vCmd(v), s.vStart(v), s.vEnd(v));
}

/** " (run by 'sudo')" for a view a wrapper runs, else "". */
export function runBy(s: Script, v: i32): string {
  const parent = s.vParent(v);
  return parent >= 0 ? " (run by '" + showWord(s, s.viewArg(parent, 0)) + "')" : "";
}

/** A number of seconds, for a message. */
export function fmt(x: f64): string {
  if (x == Math.floor(x) && Math.abs(x) < 1e15) return (<i64>x).toString();
  return x.toString();
}

// @ts-ignore: decorator
@inline export function hasKey(keys: Array<string>, name: string): bool {
  for (let i = 0; i < keys.length; i++) if (keys[i] == name) return true;
  return false;
}
