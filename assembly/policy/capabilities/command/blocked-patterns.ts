// Step 4: blocked_patterns, over every command, redirection and written value, with relative paths resolved
// against every directory the command may run in.

import { Bytes, utf8 } from "../../../util/bytes";
import { overBudget } from "../../../util/budget";
import { Code, Verdict } from "../../verdict";
import { CdResult, FlowProblem, PatternHit, PatternMatcher, WordKind, searchesCdpath, showArgv, showBytes, showCommand, showWord } from "../../../shell";
import { CommandLimits } from "./limits";
import { CommandRun, dirFlow } from "./run";
import { overWorkBudget } from "./messages";

const TILDE: Bytes = utf8("~");

export function blockedPatternsStep(limits: CommandLimits, run: CommandRun, verdict: Verdict): bool {
  const s = run.s, t = run.tracker, m = run.matcher;
  const homeCanon = run.homeCanon, toolCwd = run.toolCwd, homeLen = run.homeLen, cdpath = run.cdpath;
  let placed = false;
  for (let i = 0; i < limits.patterns.length; i++) {
    const pat = limits.patterns[i];
    if (pat.anchored && !placed) {
      // Relative words resolve against every directory the command may be in: `cd /etc && cat shadow`.
      placed = true;
      m.resetPlaces(homeCanon.ptr, homeLen, toolCwd.length == 0);
      if (toolCwd.length > 0) m.addPlace(toolCwd.ptr, toolCwd.length);
      for (let k = 0; k < t.count && !overBudget(); k++) {
        const r = t.result.get(k), w = s.cdWords.get(k);
        const cd = s.cdCmds.get(k);
        // With CDPATH from tool_input.env, `cd etc` (even `cd .ssh`) may go to any $CDPATH/etc.
        const viaCdpath = cdpath && w >= 0 && searchesCdpath(s.wordPtr(w), s.wordLen(w));
        if (r == CdResult.OK && !viaCdpath) { m.addPlace(t.text.ptr + <usize>t.cdStart.get(k), t.cdLen.get(k)); continue; }
        if (r == CdResult.UNRESOLVED && w == -1) m.addPlace(changetype<usize>(TILDE), 1);
        else if (r == CdResult.UNRESOLVED && w >= 0 && s.wordLen(w) == 0) m.placeUnknown = true; // find's `{}`
        else if (r == CdResult.UNRESOLVED && !viaCdpath && w >= 0 && !(s.wordLen(w) == 1 && load<u8>(s.wordPtr(w)) == 0x2d)) m.addPlace(s.wordPtr(w), s.wordLen(w));
        else {
          // The agent moved somewhere nobody can name (`cd "$D"`, `cd -`, `popd`, a relative cd in a loop):
          // relative paths after it could be any file at all.
          return verdict.deny(Code.BLOCKED_PATTERN, "command '" + showArgv(s, cd, 0, s.cArgc(cd)) +
            "' changes to a directory that is only known at run time, so relative paths after it cannot be checked against blocked pattern '" +
            pat.raw + "' (cd to a literal path)", "blocked_patterns/" + i.toString());
        }
      }
      // A cd may fail and leave the shell where it was: `cd missing; cd ../../etc; cat shadow` from /w/app reads /etc/shadow.
      if (t.count > 0 && toolCwd.length > 0) {
        const f = dirFlow(run);
        if (f.problem == FlowProblem.NOT_FOLLOWED) {
          // A cd that did not resolve is handled above; each relative cd may also start below a directory not known.
          for (let k = 0; k < t.count; k++) {
            const w = s.cdWords.get(k);
            if (t.result.get(k) == CdResult.OK && w >= 0 && s.wordLen(w) > 0 && load<u8>(s.wordPtr(w)) != 0x2f && load<u8>(s.wordPtr(w)) != 0x7e) {
              m.addPlace(s.wordPtr(w), s.wordLen(w));
            }
          }
        } else if (f.problem != FlowProblem.NONE) {
          const cd = f.problemCmd;
          return verdict.deny(Code.BLOCKED_PATTERN, "command '" + showArgv(s, cd, 0, s.cArgc(cd)) +
            "' may change to a directory that cannot be known when an earlier cd fails, so relative paths after it cannot be checked against blocked pattern '" +
            pat.raw + "' (join each cd to the commands it is for with &&)", "blocked_patterns/" + i.toString());
        }
        const r = f.reached;
        for (let k = 0, n = r.count; k < n; k++) m.addPlace(r.text.ptr + <usize>r.start.get(k), r.len.get(k));
      }
    }
    if (overBudget()) return overWorkBudget(verdict, "blocked_patterns");
    if (!m.mayMatch(s, pat)) continue;
    const hit = m.find(s, pat);
    if (overBudget()) return overWorkBudget(verdict, "blocked_patterns");
    if (hit == PatternHit.REDIRECT) {
      const who = s.cArgc(m.redirCmd) == 0 ? "a redirection (of a compound command, or bare: `< f`, `$(< f)`) goes" : "command '" + showCommand(s, m.redirCmd) + "' redirects";
      return verdict.deny(Code.BLOCKED_PATTERN, who + " to " +
        showWord(s, m.redirWord) + resolvedVia(m) + ", which matches blocked pattern '" + pat.raw + "'", "blocked_patterns/" + i.toString());
    }
    if (hit == PatternHit.VALUE) {
      const what = s.wordKind(m.valueWord) == WordKind.ASSIGN ? "assigns " : "loops over ";
      return verdict.deny(Code.BLOCKED_PATTERN, "the command " + what + showWord(s, m.valueWord) + resolvedVia(m) +
        ", which matches blocked pattern '" + pat.raw + "' (a variable's value becomes an argument where it is used)", "blocked_patterns/" + i.toString());
    }
    if (hit == PatternHit.VIEW) {
      const v = m.view;
      return verdict.deny(Code.BLOCKED_PATTERN, "command '" + showArgv(s, s.vCmd(v), s.vStart(v), s.vEnd(v)) +
        "'" + resolvedVia(m) + " matches blocked pattern '" + pat.raw + "'", "blocked_patterns/" + i.toString());
    }
  }
  return true;
}

/** How a path word met the pattern, when the command does not spell the path out. */
function resolvedVia(m: PatternMatcher): string {
  if (m.via == 1) return " (a path in it resolves to '" + showBytes(m.resolved.ptr, m.resolved.length) + "')";
  if (m.via == 2) return " (a relative path in it, from a directory that is not known, could be that path)";
  if (m.via == 3) return " (its variables have more written values than can be tried, so it counts as a match)";
  if (m.via == 4) return " (a word in it is computed at run time and may be the option or operand the pattern names, so it counts as a match; write it out)";
  return "";
}
