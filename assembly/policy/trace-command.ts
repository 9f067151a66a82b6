// What the trace records for a command (policy/command.ts): its steps in
// order, which allowed_commands entry admitted each simple command, and what
// the command would do (what-happens.ts). The decision itself only asks
// whether some entry matches (shell/allow.ts hashes them); naming the entry
// is work done for a person reading the trace, so it runs only when the
// trace is on. Rules are relative to the command's limits block.

import { ByteBuffer } from "../util/bytes";
import { AllowList, Script, compileAllowEntry, showArgv } from "../shell";
import { trace } from "./trace";
import { whatHappens } from "./what-happens";

/** Step `step` of command.ts's order begins; `applies` false: the policy does not set what it checks. */
export function traceCommandStep(step: i32, applies: bool, count: i32): void {
  if (step == 1) trace.begin("command parses", "builtin:command_injection", "the command is a shell script that can be read in full");
  else if (step == 2) {
    if (applies) trace.begin("built-in dangerous operations", "builtin:dangerous_operation", "none found");
    else trace.skip("built-in dangerous operations", "builtin_checks", "builtin_checks is false");
  } else if (step == 3) trace.begin("allowed_commands", "allowed_commands");
  else if (step == 4) {
    if (applies) trace.begin("blocked_patterns", "blocked_patterns", "none of " + count.toString() + " matched");
    else trace.skip("blocked_patterns", "blocked_patterns", "no patterns are set");
  } else if (step == 5) {
    if (applies) trace.begin("max_execution_time", "max_execution_time", "the stated timeout is within it; the host stops the call at the limit");
    else trace.skip("max_execution_time", "max_execution_time", "not set");
  } else if (step == 6) {
    if (applies) trace.begin("allowed_working_directories", "allowed_working_directories", "the working directory and every cd are within it");
    else trace.skip("allowed_working_directories", "allowed_working_directories", "not set");
  } else if (step == 7) {
    if (applies) trace.begin("blocked_env_vars", "blocked_env_vars", "no blocked variable is set");
    else trace.skip("blocked_env_vars", "blocked_env_vars", "not set");
  } else if (step == 8) {
    trace.begin("built-in hidden code", "builtin:command_injection",
      "no variable that loads code, no file written and then run, no git configuration moved");
  } else if (step == 9) {
    trace.begin("built-in arithmetic", "builtin:command_injection", "no arithmetic on values from outside the command");
  } else if (step == 10) {
    if (applies) trace.begin("file and web scopes", "bind_scopes", "");
    else trace.skip("file and web scopes", "bind_scopes", "no data.file.read, data.file.write or web.fetch limits bind commands");
  }
}

/** The command parsed: record what it would do. */
export function traceCommandParsed(s: Script): void {
  trace.effects = whatHappens(s);
}

const scratch = new ByteBuffer(64);

/** allowed_commands passed: name the entry that admitted each simple command. */
export function traceCommandAllowed(entries: Array<string> | null, s: Script): void {
  const lists = new Array<AllowList | null>();
  let star = -1;
  if (entries !== null) {
    for (let i = 0; i < entries.length; i++) {
      const e = entries[i].trim();
      if (e == "*") {
        if (star < 0) star = i;
        lists.push(null);
        continue;
      }
      const one = new AllowList();
      one.add(compileAllowEntry(e));
      lists.push(one);
    }
  }
  for (let v = 0, n = s.viewCount; v < n; v++) {
    if (s.viewArgc(v) == 0) continue;
    let found = -1;
    for (let i = 0; i < lists.length && found < 0; i++) {
      const one = lists[i];
      if (one !== null && one.matches(s, v, scratch)) found = i;
    }
    if (found < 0) found = star;
    const shown = "'" + showArgv(s, s.vCmd(v), s.vStart(v), s.vEnd(v)) + "'";
    trace.note(found >= 0 ? shown + " by allowed_commands/" + found.toString() + " (" + entries![found].trim() + ")"
      : shown + " needs no entry (a builtin that only changes the shell's state, or a function the command defines)");
  }
}
