// "What will happen" for a person deciding on a command: each program the
// command would run, with what it reads, writes, deletes or contacts. The
// list comes from the shell effects engine (shell/interp/effects.ts: the same list
// the file and web scopes bind), read only through its output; paths are as
// the command writes them. Built only when the trace is on.

import { EffectList, ScopeEffectKind, Script, collectEffects, effectProgram, showArgv, showCommand, showWord } from "../shell";
import { TraceEffect } from "./trace";

const effects = new EffectList();

/** The programs script s runs, in order, each with its effects; redirections go to the command they belong to. */
export function whatHappens(s: Script): Array<TraceEffect> {
  collectEffects(s, effects);
  const out = new Array<TraceEffect>();
  // The entry of each view, and of each command's redirections (-1: none yet).
  const byView = new Map<i32, TraceEffect>();
  const byCmd = new Map<i32, TraceEffect>();
  for (let v = 0, n = s.viewCount; v < n; v++) {
    if (s.viewArgc(v) == 0) continue;
    const entry = new TraceEffect();
    const name = s.viewArg(v, 0);
    entry.program = s.isStatic(name) ? effectProgram(s, v) : showWord(s, name);
    entry.command = showArgv(s, s.vCmd(v), s.vStart(v), s.vEnd(v));
    out.push(entry);
    byView.set(v, entry);
    // A command's own redirections belong to the program it runs (not to what a wrapper runs).
    if (s.vParent(v) < 0 && !byCmd.has(s.vCmd(v))) byCmd.set(s.vCmd(v), entry);
  }
  for (let e = 0, n = effects.count; e < n; e++) {
    const v = effects.view.get(e);
    let entry: TraceEffect;
    if (v >= 0 && byView.has(v)) entry = byView.get(v);
    else {
      const c = effects.cmd.get(e);
      if (byCmd.has(c)) entry = byCmd.get(c);
      else {
        entry = new TraceEffect();
        entry.command = s.cArgc(c) == 0 ? "a redirection" : showCommand(s, c);
        out.push(entry);
        byCmd.set(c, entry);
      }
    }
    const text = effectText(s, e);
    const kind = <ScopeEffectKind>effects.kind.get(e);
    const into = kind == ScopeEffectKind.READ ? entry.reads : kind == ScopeEffectKind.WRITE ? entry.writes
      : kind == ScopeEffectKind.DELETE ? entry.deletes : entry.contacts;
    if (!into.includes(text)) into.push(text);
  }
  for (let i = 0, n = effects.unbound.length; i < n; i++) {
    const v = effects.unbound.get(i);
    if (byView.has(v)) byView.get(v).unbound = true;
  }
  return out;
}

/** The effect's text as the command writes it (a fixed path, or its part of a word). */
function effectText(s: Script, e: i32): string {
  const w = effects.word.get(e);
  if (w < 0) return effects.fixed[effects.fixedIndex.get(e)];
  const start = effects.start.get(e), end = effects.end.get(e);
  return String.UTF8.decodeUnsafe(s.wordPtr(w) + <usize>start, <usize>(end - start), false);
}
