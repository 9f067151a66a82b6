// One command decision's shared state: the parser and its helpers for the life of the instance (tables grow
// to the largest command seen and are reused, so memory stays flat), the parsed script, and where it runs
// (the tool's cwd and home, canonical, cached across calls: the host usually passes the same ones).

import { ByteBuffer } from "../../../util/bytes";
import { canonicalizePath } from "../../../util/path";
import { overBudget } from "../../../util/budget";
import { Code, Verdict } from "../../verdict";
import {
  CwdTracker, DangerChecker, DirFlow, InputProblem, MAX_INPUT, ParseError, Parser, PatternMatcher, Script, Walker, inputProblem,
  setsVariable,
} from "../../../shell";
import { CommandInput } from "./limits";
import { hasKey, overWorkBudget } from "./messages";

export class CommandRun {
  p: Parser;
  walker: Walker;
  danger: DangerChecker = new DangerChecker();
  matcher: PatternMatcher = new PatternMatcher();
  tracker: CwdTracker = new CwdTracker();
  /** Where commands may run when cds may fail: made by `dirFlow` for the steps that need it, once per call. */
  flow: DirFlow = new DirFlow();
  flowDone: bool = false;
  /** The tool's working directory, canonical ("" when unknown or unresolvable), and the home. */
  toolCwd: ByteBuffer = new ByteBuffer(128);
  homeCanon: ByteBuffer = new ByteBuffer(64);
  scratch: ByteBuffer = new ByteBuffer(128);
  lastHome: string = "\u0000";
  lastCwd: string = "\u0000";
  lastRoot: string = "\u0000";
  lastCwdOk: bool = false;

  // This call's facts, set by parse and place.
  /** The home's length for `~` and a bare cd: 0 once the command or tool_input.env sets HOME. */
  homeLen: i32 = 0;
  homeWritten: bool = false;
  /** tool_input.env sets CDPATH. */
  cdpath: bool = false;
  cwdOk: bool = false;
  cwdString: string | null = null;

  constructor() {
    const p = new Parser();
    this.p = p;
    this.walker = new Walker(p);
  }

  get s(): Script { return this.p.script; }
}

let shared: CommandRun | null = null;

/** The instance's one CommandRun. */
export function commandRun(): CommandRun {
  let r = shared;
  if (r === null) { r = new CommandRun(); shared = r; }
  return r;
}

/** Step 1, input and parse: the command's bytes, then the script they parse to (and every command it runs). */
export function parseStep(input: CommandInput, r: CommandRun, verdict: Verdict): bool {
  const ptr = input.commandPtr, len = input.commandLen;
  if (len <= 0 || isBlankOnly(ptr, len)) return verdict.deny(Code.INVALID_CONTEXT, "command is empty");
  if (len > MAX_INPUT) return verdict.deny(Code.INVALID_CONTEXT, "command is longer than 64 KiB");
  const problem = input.knownUtf8WithoutNul ? InputProblem.NONE : inputProblem(ptr, len);
  if (problem == InputProblem.NUL) return verdict.deny(Code.INVALID_CONTEXT, "command contains a NUL byte");
  if (problem == InputProblem.UTF8) return verdict.deny(Code.INVALID_CONTEXT, "command is not valid UTF-8");
  const p = r.p;
  const s = p.script;
  if (!p.parseTop(ptr, len, true) || !r.walker.run()) {
    const why = p.err == ParseError.TOO_DEEP ? "nesting too deep: " : p.err == ParseError.UNSUPPORTED ? "unsupported construct: " : "";
    return verdict.deny(Code.COMMAND_INJECTION_DETECTED, "command cannot be parsed safely (" + why + p.errMsg + ")");
  }
  if (s.commandCount == 0 && !p.contentSeen) return verdict.deny(Code.INVALID_CONTEXT, "command is empty (only blanks or comments)");
  if (overBudget()) return overWorkBudget(verdict, "parsing");
  return true;
}

/**
 * Where the command runs: the tool's cwd (or the workspace root) and home, canonical, and each cd the script
 * makes (the tracker). Needed by the built-in checks (`cd / && rm -rf *`), blocked_patterns and rule 6.
 */
export function placeStep(input: CommandInput, r: CommandRun, verdict: Verdict): bool {
  const s = r.s;
  const homeCanon = r.homeCanon, toolCwd = r.toolCwd;
  if (input.home != r.lastHome) {
    r.lastHome = input.home;
    homeCanon.reset();
    if (input.home.startsWith("/")) {
      const h = canonicalizePath(input.home, "/", "");
      if (h !== null) homeCanon.appendString(h);
    }
    r.lastCwd = "\u0000";
  }
  let cwdString: string | null = input.cwd;
  if (cwdString === null && input.workspaceRoot.length > 0) cwdString = input.workspaceRoot;
  const cwdKey = cwdString === null ? "\u0000null" : cwdString;
  if (cwdKey != r.lastCwd || input.workspaceRoot != r.lastRoot) {
    r.lastCwd = cwdKey;
    r.lastRoot = input.workspaceRoot;
    toolCwd.reset();
    r.lastCwdOk = false;
    if (cwdString !== null) {
      const c = canonicalizePath(cwdString, input.workspaceRoot, input.home);
      if (c !== null) { toolCwd.appendString(c); r.lastCwdOk = true; }
    }
  }
  r.cwdString = cwdString;
  r.cwdOk = r.lastCwdOk;
  // `HOME=/etc; cd; cat shadow`: once the command sets HOME, `~` and a bare cd go wherever it says.
  // tool_input.env may set them too (`{"HOME": "/etc"}`).
  r.homeWritten = setsVariable(s, "HOME") || hasKey(input.envKeys, "HOME");
  r.homeLen = r.homeWritten ? 0 : homeCanon.length;
  r.cdpath = hasKey(input.envKeys, "CDPATH");
  r.tracker.run(r.p, toolCwd.ptr, toolCwd.length, homeCanon.ptr, r.homeLen);
  r.flowDone = false;
  if (overBudget()) return overWorkBudget(verdict, "following its directory changes");
  return true;
}

/** Every directory a command of the script may run in, counting that a cd may fail (only for a known tool cwd). */
export function dirFlow(r: CommandRun): DirFlow {
  const f = r.flow;
  if (!r.flowDone) {
    r.flowDone = true;
    f.run(r.p, r.tracker, r.toolCwd.ptr, r.toolCwd.length, r.cdpath || setsVariable(r.s, "CDPATH"));
  }
  return f;
}

function isBlankOnly(p: usize, n: i32): bool {
  for (let i = 0; i < n; i++) {
    const c = load<u8>(p + <usize>i);
    if (c != 0x20 && c != 0x09 && c != 0x0a && c != 0x0d) return false;
  }
  return true;
}
