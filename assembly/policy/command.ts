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
//      shell's state, shell/state-builtins.ts, need no entry unless
//      require_listed_builtins is set); code we cannot see (`sh -c "$X"`,
//      `eval "$X"`, a shell reading an unknown pipe) → oap.command_injection_detected
//   4. blocked_patterns → oap.blocked_pattern
//   5. max_execution_time against the stated timeout (tool_input.timeout / timeout_ms, in the
//      tool's unit) → oap.limit_exceeded; none stated → allowed with a max_execution_time obligation
//   6. allowed_working_directories against tool_input.cwd and every `cd` → oap.directory_not_allowed
//   7. blocked_env_vars against tool_input.env, `VAR=…` prefixes, `env`/`export`/… → oap.env_var_blocked
//   8. variables that make programs load code (GIT_CONFIG_*, npm_config_*, LD_PRELOAD, PATH, BASH_ENV, …;
//      shell/hidden-code.ts), in the command or tool_input.env; a file the command writes and then runs or
//      loads (shell/writes-then-runs.ts); HOME or XDG_CONFIG_HOME moved while git runs
//      → oap.command_injection_detected
//   9. arithmetic reading a value from outside the command (`read x; echo $((x))`; shell/arith.ts)
//      → oap.command_injection_detected
//  10. the passport's data.file.read / data.file.write / web.fetch limits on what the command reads, writes
//      and contacts (command-scopes.ts) → their codes; unbound_programs → ask or oap.command_not_allowed
// Throughout, the analysis counts its work (util/budget.ts); past the budget → oap.work_budget_exceeded.
//
// Unlike APort, a missing or empty allowed_commands allows nothing (fail closed).

import { Bytes, ByteBuffer, utf8 } from "../util/bytes";
import { canonicalizePath, pathWithinBytes } from "../util/path";
import { Code, Verdict, Obligation } from "./verdict";
import { Parser } from "../shell/parser";
import { Walker } from "../shell/walk";
import { DangerChecker, searchesCdpath } from "../shell/danger";
import { BlockedPattern, PatternMatcher, compileError, compilePattern, globMatch } from "../shell/pattern";
import { CdResult, CwdTracker, setsVariable } from "../shell/cwd";
import { CdScope, Script, ViewFlag } from "../shell/nodes";
import { ParseError, MAX_INPUT, WordKind } from "../shell/tokens";
import { showArgv, showBytes, showCommand, showWord } from "../shell/message";
import { InputProblem, inputProblem } from "../shell/input";
import { AllowList, compileAllowEntry, isFunctionCall } from "../shell/allow";
import { isStateBuiltin } from "../shell/state-builtins";
import { writtenThenRun } from "../shell/writes-then-runs";
import { envName } from "../shell/argv";
import { codeVariableSet, gitConfigMoved, isCodeVariableName, programOption } from "../shell/hidden-code";
import { ArithTaint, arithTainted } from "../shell/arith";
import { WORK_BUDGET, overBudget, spend } from "../util/budget";
import { CommandScopes, checkScopes } from "./command-scopes";
import { trace } from "./trace";
import { traceCommandParsed, traceCommandStep, traceCommandAllowed } from "./trace-command";

export class CommandLimits {
  allowedCommands: Array<string> | null = null;
  blockedPatterns: Array<string> = [];
  builtinChecks: bool = true;
  /** Builtins that only change the shell's state need listing too (APort's strict reading); shell/state-builtins.ts. */
  requireListedBuiltins: bool = false;
  maxExecutionTime: f64 = NaN;
  allowedWorkingDirectories: Array<string> | null = null;
  blockedEnvVars: Array<string> = [];
  /** The passport's file and web scopes, which bind what commands do too (command-scopes.ts). */
  scopes: CommandScopes = new CommandScopes();

  // Compiled by compile().
  allowAny: bool = false;
  allow: AllowList = new AllowList();
  patterns: Array<BlockedPattern> = [];
  dirs: Array<Bytes> = [];         // canonical absolute entries
  dirsRaw: Array<string> = [];     // `~…` or relative entries, resolved per call
  envBlocked: Array<Bytes> = [];
  compiled: bool = false;

  /** Precompute matchers; returns "" or a human-readable error. Called once at policy load. */
  compile(): string {
    this.allowAny = false;
    this.allow = new AllowList();
    const list = this.allowedCommands;
    if (list !== null) {
      for (let i = 0; i < list.length; i++) {
        const e = list[i].trim();
        if (e.length == 0) return "allowed_commands[" + i.toString() + "] is empty";
        if (e == "*") { this.allowAny = true; continue; }
        if (e.startsWith("=") && e.slice(1).trim().length == 0) return "allowed_commands[" + i.toString() + "] is empty";
        this.allow.add(compileAllowEntry(e));
      }
    }
    this.patterns = [];
    for (let i = 0; i < this.blockedPatterns.length; i++) {
      const p = compilePattern(this.blockedPatterns[i]);
      if (p === null) return "blocked_patterns[" + i.toString() + "]: " + compileError;
      this.patterns.push(p);
    }
    if (!(this.maxExecutionTime != this.maxExecutionTime) && !(this.maxExecutionTime > 0)) {
      return "max_execution_time must be a positive number of seconds";
    }
    this.dirs = [];
    this.dirsRaw = [];
    const dirs = this.allowedWorkingDirectories;
    if (dirs !== null) {
      for (let i = 0; i < dirs.length; i++) {
        const d = dirs[i];
        if (d.length == 0) return "allowed_working_directories[" + i.toString() + "] is empty";
        if (d.startsWith("/")) {
          const c = canonicalizePath(d, "/", "");
          if (c === null) return "allowed_working_directories[" + i.toString() + "] is not a valid path";
          this.dirs.push(utf8(c));
        } else {
          this.dirsRaw.push(d);
        }
      }
    }
    this.envBlocked = [];
    for (let i = 0; i < this.blockedEnvVars.length; i++) {
      const v = this.blockedEnvVars[i].trim();
      if (v.length == 0) return "blocked_env_vars[" + i.toString() + "] is empty";
      this.envBlocked.push(utf8(v));
    }
    this.compiled = true;
    return "";
  }
}

export class CommandInput {
  commandPtr: usize = 0;
  commandLen: i32 = 0;
  /** The caller vouches that the command is valid UTF-8 without NUL (RequestView.plainBytes): the byte check is skipped. */
  knownUtf8WithoutNul: bool = false;
  /** The stated timeout in seconds (NaN: none stated), and how it was stated (for messages). */
  timeout: f64 = NaN;
  timeoutText: string = "";
  /** The call asks to run in the background (Claude Code `run_in_background`). */
  background: bool = false;
  cwd: string | null = null;
  workspaceRoot: string = "";
  home: string = "";
  envKeys: Array<string> = [];
}

// One parser and its helpers for the life of the instance: tables grow to the
// largest command seen and are reused, so memory stays flat (STYLE.md §2).
let parser: Parser | null = null;
let walker: Walker | null = null;
let danger: DangerChecker | null = null;
let matcher: PatternMatcher | null = null;
let tracker: CwdTracker | null = null;
const toolCwd = new ByteBuffer(128);
const homeCanon = new ByteBuffer(64);
const scratch = new ByteBuffer(128);
let lastHome: string = "\u0000";
let lastCwd: string = "\u0000";
let lastRoot: string = "\u0000";
let lastCwdOk: bool = false;

/** Returns true when allowed; otherwise fills verdict via verdict.deny(code, message) and returns false. */
export function checkCommand(limits: CommandLimits, input: CommandInput, verdict: Verdict): bool {
  if (!limits.compiled) {
    const e = limits.compile();
    if (e.length > 0) return verdict.deny(Code.POLICY_ERROR, "system.command.execute limits: " + e);
  }
  const ptr = input.commandPtr, len = input.commandLen;
  // 1. Input.
  if (trace.on) traceCommandStep(1, true, 0);
  if (len <= 0 || isBlankOnly(ptr, len)) return verdict.deny(Code.INVALID_CONTEXT, "command is empty");
  if (len > MAX_INPUT) return verdict.deny(Code.INVALID_CONTEXT, "command is longer than 64 KiB");
  const problem = input.knownUtf8WithoutNul ? InputProblem.NONE : inputProblem(ptr, len);
  if (problem == InputProblem.NUL) return verdict.deny(Code.INVALID_CONTEXT, "command contains a NUL byte");
  if (problem == InputProblem.UTF8) return verdict.deny(Code.INVALID_CONTEXT, "command is not valid UTF-8");
  let p = parser;
  if (p === null) {
    p = new Parser();
    parser = p;
    walker = new Walker(p);
    danger = new DangerChecker();
    matcher = new PatternMatcher();
    tracker = new CwdTracker();
  }
  const s = p.script;
  if (!p.parseTop(ptr, len, true) || !walker!.run()) {
    const why = p.err == ParseError.TOO_DEEP ? "nesting too deep: " : p.err == ParseError.UNSUPPORTED ? "unsupported construct: " : "";
    return verdict.deny(Code.COMMAND_INJECTION_DETECTED, "command cannot be parsed safely (" + why + p.errMsg + ")");
  }
  if (s.commandCount == 0 && !p.contentSeen) return verdict.deny(Code.INVALID_CONTEXT, "command is empty (only blanks or comments)");
  if (overBudget()) return overWorkBudget(verdict, "parsing");
  if (trace.on) traceCommandParsed(s);

  // Working directories, needed by the built-in checks (`cd / && rm -rf *`) and by rule 6.
  // Canonical forms are cached: the host usually passes the same home and cwd.
  if (input.home != lastHome) {
    lastHome = input.home;
    homeCanon.reset();
    if (input.home.startsWith("/")) {
      const h = canonicalizePath(input.home, "/", "");
      if (h !== null) homeCanon.appendString(h);
    }
    lastCwd = "\u0000";
  }
  let cwdString: string | null = input.cwd;
  if (cwdString === null && input.workspaceRoot.length > 0) cwdString = input.workspaceRoot;
  const cwdKey = cwdString === null ? "\u0000null" : cwdString;
  if (cwdKey != lastCwd || input.workspaceRoot != lastRoot) {
    lastCwd = cwdKey;
    lastRoot = input.workspaceRoot;
    toolCwd.reset();
    lastCwdOk = false;
    if (cwdString !== null) {
      const c = canonicalizePath(cwdString, input.workspaceRoot, input.home);
      if (c !== null) { toolCwd.appendString(c); lastCwdOk = true; }
    }
  }
  const cwdOk = lastCwdOk;
  const t = tracker!;
  // `HOME=/etc; cd; cat shadow`: once the command sets HOME, `~` and a bare cd go wherever it says.
  // tool_input.env may set them too (`{"HOME": "/etc"}`).
  const homeWritten = setsVariable(s, "HOME") || hasKey(input.envKeys, "HOME");
  const homeLen = homeWritten ? 0 : homeCanon.length;
  const cdpath = hasKey(input.envKeys, "CDPATH");
  t.run(p, toolCwd.ptr, toolCwd.length, homeCanon.ptr, homeLen);
  if (overBudget()) return overWorkBudget(verdict, "following its directory changes");

  // 2. Built-in catastrophic checks.
  if (trace.on) traceCommandStep(2, limits.builtinChecks, 0);
  if (limits.builtinChecks) {
    const d = danger!;
    d.cls.home.reset();
    d.cls.home.append(homeCanon.ptr, homeCanon.length);
    d.cls.homeWritten = homeWritten;
    d.resetCwds();
    if (toolCwd.length > 0) d.addCwd(toolCwd.ptr, toolCwd.length);
    // With CDPATH set (tool_input.env, or the script), `cd etc/..` may enter $CDPATH/etc/.. (CDPATH=/: /).
    const cdpathAny = cdpath || setsVariable(s, "CDPATH");
    for (let i = 0; i < t.count && !overBudget(); i++) {
      const r = t.result.get(i);
      if (cdpathAny && s.cdTransient.get(i) == CdScope.SHELL) d.addCdpath(s, s.cdWords.get(i)); // env -C does not search it
      if (r == CdResult.OK) d.addCwd(t.text.ptr + <usize>t.cdStart.get(i), t.cdLen.get(i));
      else if (r == CdResult.DYNAMIC) d.addWrittenCwds(s, s.cdWords.get(i), homeCanon.ptr, homeLen);
      else if (r == CdResult.UNRESOLVED || r == CdResult.REPEATED) {
        // Relative to a directory that is not tracked: under any candidate so far (`cd "$d"; cd ../..`);
        // `cd -` with $OLDPWD not known; `~…` with no home known, `~user`, `~+/..`.
        const w = s.cdWords.get(i);
        if (w == -1) d.addHome(homeCanon.ptr, homeLen); // a bare cd, home not known or set by the command
        else if (w >= 0 && s.wordLen(w) > 0 && s.isStatic(w)) {
          // In a loop, `cd ..` climbs as often as it runs: to `/` at worst.
          if (r == CdResult.REPEATED && hasDotDot(s.wordPtr(w), s.wordLen(w))) d.addCwd(changetype<usize>(ROOT_DIR), 1);
          else d.addTarget(s.wordPtr(w), s.attrPtr(w), s.wordLen(w), homeCanon.ptr, homeLen);
        }
      }
    }
    const dangerous = d.check(s);
    if (overBudget()) return overWorkBudget(verdict, "the built-in checks");
    if (dangerous) return verdict.deny(Code.DANGEROUS_OPERATION, d.message);
  }

  // 3. allowed_commands, and code that cannot be inspected.
  if (trace.on) traceCommandStep(3, true, 0);
  const functions = s.fName.length > 0;
  // Read once, not per view.
  const allowAny = limits.allowAny, allowNone = limits.allow.size == 0;
  // An empty list still allows nothing at all, builtins included.
  const stateBuiltins = !limits.requireListedBuiltins && !allowNone;
  for (let v = 0, n = s.viewCount; v < n; v++) {
    // A call is looked up among the functions defined before it: views × functions (util/budget.ts).
    if (functions && !spend(<i64>s.fName.length)) return overWorkBudget(verdict, "allowed_commands");
    const flags = s.vFlags(v);
    if ((flags & ViewFlag.NAME_DYNAMIC) != 0) {
      return verdict.deny(Code.COMMAND_NOT_ALLOWED, "command '" + showView(s, v) + "'" + runBy(s, v) +
        " has a name computed at run time (variable, substitution, glob or brace expansion), so it cannot be checked against allowed_commands");
    }
    if (!allowAny && !(functions && s.vParent(v) < 0 && isFunctionCall(s, v)) && !(stateBuiltins && isStateBuiltin(s, v))) {
      if (allowNone) {
        return verdict.deny(Code.COMMAND_NOT_ALLOWED, "command '" + showView(s, v) + "'" + runBy(s, v) +
          " is not allowed: allowed_commands is empty or missing, so no command is allowed");
      }
      if (!limits.allow.matches(s, v, scratch)) return verdict.deny(Code.COMMAND_NOT_ALLOWED, "command '" + showView(s, v) + "'" + runBy(s, v) + " is not in allowed_commands");
    }
    if ((flags & UNINSPECTABLE) != 0) {
      if ((flags & ViewFlag.PAYLOAD_DYNAMIC) != 0) {
        return verdict.deny(Code.COMMAND_INJECTION_DETECTED, "command '" + showView(s, v) + "' runs code computed at run time, which cannot be inspected");
      }
      if ((flags & ViewFlag.GLOB_OPTION) != 0) {
        return verdict.deny(Code.COMMAND_INJECTION_DETECTED, "command '" + showView(s, v) + "' has a glob or a value computed at run time that can be one of its options, " +
          "and some of them run programs (a file named like an option would be read as one): put -- before it, or write ./*");
      }
      if ((flags & ViewFlag.XARGS_OPTION) != 0) {
        return verdict.deny(Code.COMMAND_INJECTION_DETECTED, "command '" + showView(s, v) + "'" + runBy(s, v) +
          " gets words from xargs that it could read as options, and some of them run programs: end its options with -- before them");
      }
      if ((flags & ViewFlag.STDIN_UNKNOWN) != 0) {
        return verdict.deny(Code.COMMAND_INJECTION_DETECTED, "command '" + showView(s, v) + "' reads commands from a pipe whose content cannot be inspected");
      }
    }
    const option = programOption(s, v);
    if (option >= 0) {
      return verdict.deny(Code.COMMAND_INJECTION_DETECTED, "command '" + showView(s, v) + "' passes " + showWord(s, option) +
        ", which makes it run a program that cannot be checked against allowed_commands");
    }
  }

  if (trace.on) traceCommandAllowed(limits.allowedCommands, s);
  // 4. blocked_patterns.
  if (trace.on) traceCommandStep(4, limits.patterns.length > 0, limits.patterns.length);
  const m = matcher!;
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
    }
    if (overBudget()) return overWorkBudget(verdict, "blocked_patterns");
    if (!m.mayMatch(s, pat)) continue;
    const v = m.find(s, pat);
    if (overBudget()) return overWorkBudget(verdict, "blocked_patterns");
    if (v == -2) {
      const who = s.cArgc(m.redirCmd) == 0 ? "a redirection (of a compound command, or bare: `< f`, `$(< f)`) goes" : "command '" + showCommand(s, m.redirCmd) + "' redirects";
      return verdict.deny(Code.BLOCKED_PATTERN, who + " to " +
        showWord(s, m.redirWord) + resolvedVia(m) + ", which matches blocked pattern '" + pat.raw + "'", "blocked_patterns/" + i.toString());
    }
    if (v == -3) {
      const what = s.wordKind(m.valueWord) == WordKind.ASSIGN ? "assigns " : "loops over ";
      return verdict.deny(Code.BLOCKED_PATTERN, "the command " + what + showWord(s, m.valueWord) + resolvedVia(m) +
        ", which matches blocked pattern '" + pat.raw + "' (a variable's value becomes an argument where it is used)", "blocked_patterns/" + i.toString());
    }
    if (v >= 0) {
      return verdict.deny(Code.BLOCKED_PATTERN, "command '" + showArgv(s, s.vCmd(v), s.vStart(v), s.vEnd(v)) +
        "'" + resolvedVia(m) + " matches blocked pattern '" + pat.raw + "'", "blocked_patterns/" + i.toString());
    }
  }

  // 5. max_execution_time. A stated timeout (already in seconds) must be
  // within it; a call that states none is allowed (OAP: `!timeout || timeout
  // <= max_execution_time`), and either way the host is obliged to stop the
  // call at the limit (the tool may not honour its own timeout argument).
  if (trace.on) traceCommandStep(5, limits.maxExecutionTime == limits.maxExecutionTime, 0);
  const max = limits.maxExecutionTime;
  if (max == max) {
    const to = input.timeout;
    if (to == to && (!(to > 0) || to > max)) {
      return verdict.deny(Code.LIMIT_EXCEEDED, (input.timeoutText.length > 0 ? input.timeoutText : "timeout " + fmt(to) + " s") + " is not within max_execution_time (" + fmt(max) + " s)", "max_execution_time");
    }
    if (input.background) {
      return verdict.deny(Code.LIMIT_EXCEEDED, "a background command outlives the call, so max_execution_time (" + fmt(max) + " s) cannot be enforced", "max_execution_time");
    }
    verdict.oblige(Obligation.MaxExecutionTime, max);
  }

  // 6. allowed_working_directories.
  if (trace.on) traceCommandStep(6, limits.allowedWorkingDirectories !== null, 0);
  if (limits.allowedWorkingDirectories !== null) {
    if (!cwdOk) {
      return verdict.deny(Code.DIRECTORY_NOT_ALLOWED, cwdString === null
        ? "the working directory is unknown (no cwd and no workspace root), so allowed_working_directories cannot be checked"
        : "working directory '" + cwdString + "' cannot be resolved to an absolute path");
    }
    if (!dirAllowed(limits, input, toolCwd.ptr, toolCwd.length)) {
      return verdict.deny(Code.DIRECTORY_NOT_ALLOWED, "working directory '" + toolCwd.toString() + "' is not in allowed_working_directories");
    }
    for (let i = 0; i < t.count; i++) {
      const r = t.result.get(i);
      const cmd = s.cdCmds.get(i);
      const shown = showArgv(s, cmd, 0, s.cArgc(cmd));
      if (r == CdResult.DYNAMIC) {
        return verdict.deny(Code.DIRECTORY_NOT_ALLOWED, "command '" + shown + "' changes to a directory computed at run time, so allowed_working_directories cannot be checked");
      }
      if (r == CdResult.REPEATED) {
        return verdict.deny(Code.DIRECTORY_NOT_ALLOWED, "command '" + shown + "' changes to a relative directory inside a loop or function, " +
          "which may run any number of times, so allowed_working_directories cannot be checked (use an absolute path)");
      }
      if (r == CdResult.UNRESOLVED) {
        return verdict.deny(Code.DIRECTORY_NOT_ALLOWED, "command '" + shown + "' changes to a directory that cannot be resolved");
      }
      if (r == CdResult.OK && !dirAllowed(limits, input, t.text.ptr + <usize>t.cdStart.get(i), t.cdLen.get(i))) {
        return verdict.deny(Code.DIRECTORY_NOT_ALLOWED, "command '" + shown + "' changes to '" +
          showBytes(t.text.ptr + <usize>t.cdStart.get(i), t.cdLen.get(i)) + "', which is not in allowed_working_directories");
      }
    }
  }

  // 7. blocked_env_vars.
  if (trace.on) traceCommandStep(7, limits.envBlocked.length > 0, 0);
  if (limits.envBlocked.length > 0) {
    for (let i = 0; i < input.envKeys.length; i++) {
      const k = utf8(input.envKeys[i]);
      if (envBlocked(limits, changetype<usize>(k), k.length)) {
        return verdict.deny(Code.ENV_VAR_BLOCKED, "tool_input.env sets '" + input.envKeys[i] + "', which is in blocked_env_vars");
      }
    }
    for (let i = 0, n = s.envWords.length; i < n; i++) {
      const w = s.envWords.get(i), cmd = s.envCmds.get(i);
      const nameLen = envName(s, w);
      const by = cmd >= 0 ? "command '" + showCommand(s, cmd) + "'" : "the command";
      if (nameLen < 0) {
        return verdict.deny(Code.ENV_VAR_BLOCKED, by + " sets a variable whose name is computed at run time, so blocked_env_vars cannot be checked");
      }
      if (nameLen > 0 && envBlocked(limits, s.wordPtr(w), nameLen)) {
        return verdict.deny(Code.ENV_VAR_BLOCKED, by + " sets '" + showBytes(s.wordPtr(w), nameLen) + "', which is in blocked_env_vars");
      }
    }
  }
  // 8. Variables that make programs load code (after blocked_env_vars, which names the user's own list),
  // set in the command or in tool_input.env alike.
  if (trace.on) traceCommandStep(8, true, 0);
  const variable = codeVariableSet(s);
  if (variable.length > 0) {
    return verdict.deny(Code.COMMAND_INJECTION_DETECTED, "the command sets " + variable +
      ", which can make programs load code or configuration that cannot be checked against allowed_commands");
  }
  for (let i = 0; i < input.envKeys.length; i++) {
    if (isCodeVariableName(input.envKeys[i])) {
      return verdict.deny(Code.COMMAND_INJECTION_DETECTED, "tool_input.env sets " + input.envKeys[i] +
        ", which can make programs load code or configuration that cannot be checked against allowed_commands");
    }
  }
  const written = writtenThenRun(s);
  if (written.length > 0) return verdict.deny(Code.COMMAND_INJECTION_DETECTED, written);
  const config = gitConfigMoved(s, input.envKeys);
  if (config.length > 0) {
    return verdict.deny(Code.COMMAND_INJECTION_DETECTED, config + " while the command runs git, which then reads its configuration " +
      "(aliases, core.pager, core.sshCommand, hooks) from a place the command chooses");
  }
  if (trace.on) traceCommandStep(9, true, 0);
  // 9. Arithmetic on values from outside the command: bash runs `$( )` in their array subscripts (shell/arith.ts).
  if (arithTainted(s, taint)) {
    if (taint.nameref) {
      return verdict.deny(Code.COMMAND_INJECTION_DETECTED, "nameref '" + taint.name + "' gets a target that is not a plain name written in the command; " +
        "bash evaluates a subscript in it (running any $( ) inside) whenever the nameref is used, so it cannot be checked");
    }
    const what = taint.name.length == 0 ? "the output of a command substitution"
      : taint.name.startsWith("$") || taint.name.startsWith("${") ? taint.name : "'" + taint.name + "'";
    return verdict.deny(Code.COMMAND_INJECTION_DETECTED, "arithmetic '" + showWord(s, taint.word) + "' reads " + what +
      ", a value from outside the command; bash runs any $( ) in an array subscript inside it, so it cannot be checked (assign the value in the command, or compute it without shell arithmetic)");
  }
  if (overBudget()) return overWorkBudget(verdict, "its checks");
  // 10. File and web scopes.
  if (trace.on) traceCommandStep(10, limits.scopes.active(), 0);
  if (limits.scopes.active()) {
    const cwdText = cwdOk ? toolCwd.toString() : "";
    if (!checkScopes(limits.scopes, s, t, cwdText, input.workspaceRoot, input.home, verdict)) return false;
  }
  return true;
}

const taint = new ArithTaint();

/** Deny: the analysis needs more work than a decision may spend (util/budget.ts), so it stops, failing closed. */
function overWorkBudget(verdict: Verdict, phase: string): bool {
  return verdict.deny(Code.WORK_BUDGET_EXCEEDED, "command needs more analysis work than a decision may spend (" +
    WORK_BUDGET.toString() + " units, reached in " + phase + "): split it into smaller commands");
}

/** View flags that deny on their own, after the allowlist (step 3). */
const UNINSPECTABLE = ViewFlag.PAYLOAD_DYNAMIC | ViewFlag.GLOB_OPTION | ViewFlag.XARGS_OPTION | ViewFlag.STDIN_UNKNOWN;

const TILDE: Bytes = utf8("~");
const ROOT_DIR: Bytes = utf8("/");

// @ts-ignore: decorator
@inline function hasKey(keys: Array<string>, name: string): bool {
  for (let i = 0; i < keys.length; i++) if (keys[i] == name) return true;
  return false;
}

/** How a path word met the pattern, when the command does not spell the path out. */
function resolvedVia(m: PatternMatcher): string {
  if (m.via == 1) return " (a path in it resolves to '" + showBytes(m.resolved.ptr, m.resolved.length) + "')";
  if (m.via == 2) return " (a relative path in it, from a directory that is not known, could be that path)";
  if (m.via == 3) return " (its variables have more written values than can be tried, so it counts as a match)";
  if (m.via == 4) return " (a word in it is computed at run time and may be the option or operand the pattern names, so it counts as a match; write it out)";
  return "";
}

/** Does the path (p, n) have a `..` segment? */
function hasDotDot(p: usize, n: i32): bool {
  for (let i = 0; i + 1 < n; i++) {
    if (load<u8>(p + <usize>i) != 0x2e || load<u8>(p + <usize>(i + 1)) != 0x2e) continue;
    if ((i == 0 || load<u8>(p + <usize>(i - 1)) == 0x2f) && (i + 2 == n || load<u8>(p + <usize>(i + 2)) == 0x2f)) return true;
  }
  return false;
}

function showView(s: Script, v: i32): string {
  return showArgv(s, s.vCmd(v), s.vStart(v), s.vEnd(v));
}

function runBy(s: Script, v: i32): string {
  const parent = s.vParent(v);
  return parent >= 0 ? " (run by '" + showWord(s, s.viewArg(parent, 0)) + "')" : "";
}

function envBlocked(limits: CommandLimits, p: usize, n: i32): bool {
  for (let i = 0; i < limits.envBlocked.length; i++) {
    const b = limits.envBlocked[i];
    // Variable names are case-sensitive; entries may use * and ? globs.
    if (globMatchExact(changetype<usize>(b), b.length, p, n)) return true;
  }
  return false;
}

function globMatchExact(pp: usize, pn: i32, t: usize, tn: i32): bool {
  let pi = 0, ti = 0, star = -1, mark = 0;
  while (ti < tn) {
    if (pi < pn) {
      const pc = load<u8>(pp + <usize>pi);
      if (pc == 0x2a) { star = pi++; mark = ti; continue; }
      if (pc == 0x3f || pc == load<u8>(t + <usize>ti)) { pi++; ti++; continue; }
    }
    if (star < 0) return false;
    pi = star + 1;
    ti = ++mark;
  }
  while (pi < pn && load<u8>(pp + <usize>pi) == 0x2a) pi++;
  return pi == pn;
}

function dirAllowed(limits: CommandLimits, input: CommandInput, p: usize, n: i32): bool {
  for (let i = 0; i < limits.dirs.length; i++) {
    const d = limits.dirs[i];
    if (pathWithinBytes(p, n, changetype<usize>(d), d.length)) return true;
  }
  for (let i = 0; i < limits.dirsRaw.length; i++) {
    const c = canonicalizePath(limits.dirsRaw[i], input.workspaceRoot, input.home);
    if (c === null) continue;
    const d = utf8(c);
    if (pathWithinBytes(p, n, changetype<usize>(d), d.length)) return true;
  }
  return false;
}

function isBlankOnly(p: usize, n: i32): bool {
  for (let i = 0; i < n; i++) {
    const c = load<u8>(p + <usize>i);
    if (c != 0x20 && c != 0x09 && c != 0x0a && c != 0x0d) return false;
  }
  return true;
}

function fmt(x: f64): string {
  if (x == Math.floor(x) && Math.abs(x) < 1e15) return (<i64>x).toString();
  return x.toString();
}
