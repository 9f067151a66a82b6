// system.command.execute: the command string is parsed as a shell script
// (assembly/shell/) and every simple command it would run is checked — each
// `;`/`&&`/`|` segment, subshell, loop body, function, `$( )`, `<( )`, the
// code of `sh -c`/`eval`/`trap`/heredocs fed to a shell, and the command each
// wrapper (`sudo`, `xargs`, `find -exec`, …) runs — APort's first-token check
// sees only the start of the string.
//
// Order (the first failure wins):
//   1. input and parse: empty, over 64 KiB, NUL, invalid UTF-8 → oap.invalid_context;
//      unparseable (unterminated quote, too deep, unsupported construct) →
//      oap.command_injection_detected
//   2. built-in catastrophic checks (unless builtin_checks is false) → oap.dangerous_operation
//   3. allowed_commands, per command in order: a name computed at run time or
//      not in the list → oap.command_not_allowed (builtins that only change the
//      shell's state, shell/interp/state-builtins.ts, need no entry unless
//      require_listed_builtins is set); code we cannot see (`sh -c "$X"`,
//      `eval "$X"`, a shell reading an unknown pipe) → oap.command_injection_detected
//   4. blocked_patterns → oap.blocked_pattern
//   5. max_execution_time against the stated timeout (tool_input.timeout / timeout_ms, in the
//      tool's unit) → oap.limit_exceeded; none stated → allowed with a max_execution_time obligation
//   6. allowed_working_directories against tool_input.cwd and every `cd` → oap.directory_not_allowed
//   7. blocked_env_vars against tool_input.env, `VAR=…` prefixes, `env`/`export`/… → oap.env_var_blocked
//   8. variables that make programs load code (GIT_CONFIG_*, npm_config_*, LD_PRELOAD, PATH, BASH_ENV, …;
//      shell/hidden-code.ts), in the command or tool_input.env; a file the command writes and then runs or
//      loads (shell/interp/writes-then-runs.ts); HOME or XDG_CONFIG_HOME moved while git runs
//      → oap.command_injection_detected
//   9. arithmetic reading a value from outside the command (`read x; echo $((x))`; shell/syntax/arith.ts)
//      → oap.command_injection_detected
//  10. the passport's data.file.read / data.file.write / web.fetch limits on what the command reads, writes
//      and contacts (command-scopes.ts) → their codes; unbound_programs → ask or oap.command_not_allowed
// Throughout, the analysis counts its work (util/budget.ts); past the budget → oap.work_budget_exceeded.
//
// Unlike APort, a missing or empty allowed_commands allows nothing (fail closed).

// One function per step, each in its own file; this file runs them in order.

import { overBudget } from "../../../util/budget";
import { Code, Verdict } from "../../verdict";
import { ScopePlace, checkScopes } from "./command-scopes";
import { trace } from "../../trace";
import { traceCommandAllowed, traceCommandParsed, traceCommandStep } from "../../trace-command";
import { Analysis, AnalysisStatus, setsVariable } from "../../../shell";
import { CommandInput, CommandLimits } from "./limits";
import { analyzeStep, commandRun, dirFlow } from "./run";
import { builtinChecksStep } from "./builtin-checks";
import { allowedCommandsStep } from "./allowed-commands";
import { blockedPatternsStep } from "./blocked-patterns";
import { executionTimeStep } from "./execution-time";
import { workingDirectoriesStep } from "./working-directories";
import { envVarsStep } from "./env-vars";
import { hiddenCodeStep } from "./hidden-code";
import { overWorkBudget } from "./messages";


/** Returns true when allowed; otherwise fills verdict via verdict.deny(code, message) and returns false. */
export function checkCommand(limits: CommandLimits, input: CommandInput, verdict: Verdict): bool {
  if (!limits.compiled) {
    const e = limits.compile();
    if (e.length > 0) return verdict.deny(Code.POLICY_ERROR, "system.command.execute limits: " + e);
  }
  const r = commandRun();
  // `trace.on` only while `explain` runs: each step is named before it runs (trace-command.ts).
  if (trace.on) traceCommandStep(1, true, 0);
  if (!analyzeStep(input, r, verdict)) {                                       // 1
    // Parsed, then over the budget following its directory changes: the trace names the commands too.
    if (trace.on && r.a !== null && (r.a as Analysis).status == AnalysisStatus.BUDGET_PLACES) traceCommandParsed(r.s);
    return false;
  }
  if (trace.on) traceCommandParsed(r.s);
  if (trace.on) traceCommandStep(2, limits.builtinChecks, 0);
  if (limits.builtinChecks && !builtinChecksStep(r, verdict)) return false; // 2
  if (trace.on) traceCommandStep(3, true, 0);
  if (!allowedCommandsStep(limits, r, verdict)) return false;                  // 3
  if (trace.on) {
    traceCommandAllowed(limits.allowedCommands, r.s);
    traceCommandStep(4, limits.patterns.length > 0, limits.patterns.length);
  }
  if (!blockedPatternsStep(limits, r, verdict)) return false;                  // 4
  if (trace.on) traceCommandStep(5, limits.maxExecutionTime == limits.maxExecutionTime, 0);
  if (!executionTimeStep(limits, input, verdict)) return false;                // 5
  if (trace.on) traceCommandStep(6, limits.allowedWorkingDirectories !== null, 0);
  if (!workingDirectoriesStep(limits, input, r, verdict)) return false;        // 6
  if (trace.on) traceCommandStep(7, limits.envBlocked.length > 0, 0);
  if (!envVarsStep(limits, input, r, verdict)) return false;                   // 7
  if (trace.on) traceCommandStep(8, true, 0);
  if (!hiddenCodeStep(input, r, verdict)) return false;                        // 8, 9
  if (overBudget()) return overWorkBudget(verdict, "its checks");
  // 10. File and web scopes.
  if (trace.on) traceCommandStep(10, limits.scopes.active(), 0);
  if (limits.scopes.active()) {
    const at = scopePlace;
    at.cwdPtr = r.toolCwd.ptr; at.cwdLen = r.cwdOk ? r.toolCwd.length : 0;
    at.homePtr = r.homeCanon.ptr; at.homeLen = r.homeLen;
    at.cdpath = r.cdpath || setsVariable(r.s, "CDPATH");
    at.workspaceRoot = input.workspaceRoot; at.home = input.home;
    if (!checkScopes(limits.scopes, r.s, r.tracker, dirFlow(r), at, verdict)) return false;
  }
  return true;
}

const scopePlace = new ScopePlace();
