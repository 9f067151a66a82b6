// One command decision's shared state: the shell analysis of the command (views, facts, places; shell/
// analysis.ts), the checkers the steps reuse, and where it runs (the tool's cwd and home, canonical).

import { ByteBuffer } from "../../../util/bytes";
import { canonicalizePathInto } from "../../../util/path";
import { Code, Verdict } from "../../verdict";
import {
  Analysis, AnalysisEnv, AnalysisStatus, CwdTracker, DangerChecker, DirFlow, ParseError, PatternMatcher, Script, analyze,
} from "../../../shell";
import { CommandInput } from "./limits";
import { hasKey, overWorkBudget } from "./messages";

export class CommandRun {
  /** The analysis of this call's command (the instance's one, set by analyzeStep). */
  a: Analysis | null = null;
  env: AnalysisEnv = new AnalysisEnv();
  danger: DangerChecker = new DangerChecker();
  matcher: PatternMatcher = new PatternMatcher();
  /** The tool's working directory, canonical ("" when unknown or unresolvable), and the home. */
  toolCwd: ByteBuffer = new ByteBuffer(128);
  homeCanon: ByteBuffer = new ByteBuffer(64);
  scratch: ByteBuffer = new ByteBuffer(128);

  // This call's facts, set by analyzeStep.
  /** The home's length for `~` and a bare cd: 0 once the command or tool_input.env sets HOME. */
  homeLen: i32 = 0;
  homeWritten: bool = false;
  /** tool_input.env sets CDPATH. */
  cdpath: bool = false;
  cwdOk: bool = false;
  cwdString: string | null = null;

  /** Views and facts. */
  get s(): Script { return (this.a as Analysis).script; }
  /** Places: where each command runs. */
  get tracker(): CwdTracker { return (this.a as Analysis).places; }
}

let shared: CommandRun | null = null;

/** The instance's one CommandRun. */
export function commandRun(): CommandRun {
  let r = shared;
  if (r === null) { r = new CommandRun(); shared = r; }
  return r;
}

/**
 * Step 1, input and parse: the command's bytes, the script they parse to (and every command it runs), and
 * where each runs — the tool's cwd (or the workspace root) and home, and each cd the script makes. The
 * places are needed by the built-in checks (`cd / && rm -rf *`), blocked_patterns and rule 6.
 */
export function analyzeStep(input: CommandInput, r: CommandRun, verdict: Verdict): bool {
  const env = placeOf(input, r);
  const a = analyze(input.commandPtr, input.commandLen, env);
  r.a = a;
  switch (a.status) {
    case AnalysisStatus.OK: break;
    case AnalysisStatus.BLANK: return verdict.deny(Code.INVALID_CONTEXT, "command is empty");
    case AnalysisStatus.TOO_LONG: return verdict.deny(Code.INVALID_CONTEXT, "command is longer than 64 KiB");
    case AnalysisStatus.NUL: return verdict.deny(Code.INVALID_CONTEXT, "command contains a NUL byte");
    case AnalysisStatus.NOT_UTF8: return verdict.deny(Code.INVALID_CONTEXT, "command is not valid UTF-8");
    case AnalysisStatus.UNPARSEABLE: {
      const why = a.error == ParseError.TOO_DEEP ? "nesting too deep: " : a.error == ParseError.UNSUPPORTED ? "unsupported construct: " : "";
      return verdict.deny(Code.COMMAND_INJECTION_DETECTED, "command cannot be parsed safely (" + why + a.errorMessage + ")");
    }
    case AnalysisStatus.NO_COMMAND: return verdict.deny(Code.INVALID_CONTEXT, "command is empty (only blanks or comments)");
    case AnalysisStatus.BUDGET_PARSING: return overWorkBudget(verdict, "parsing");
    default: return overWorkBudget(verdict, "following its directory changes");
  }
  r.homeWritten = a.homeWritten;
  r.homeLen = a.homeLen;
  return true;
}

/** Where the command runs: the tool's cwd (or the workspace root) and home, canonical. */
function placeOf(input: CommandInput, r: CommandRun): AnalysisEnv {
  const homeCanon = r.homeCanon, toolCwd = r.toolCwd;
  homeCanon.reset();
  // Canonical bytes straight into the buffers: no string made and encoded back each decision (the paths
  // have no NUL or lone surrogate, so the bytes are the ones that round trip gave).
  if (input.home.startsWith("/") && !canonicalizePathInto(homeCanon, input.home, "/", "")) homeCanon.reset();
  let cwdString: string | null = input.cwd;
  if (cwdString === null && input.workspaceRoot.length > 0) cwdString = input.workspaceRoot;
  toolCwd.reset();
  let cwdOk = false;
  if (cwdString !== null) {
    cwdOk = canonicalizePathInto(toolCwd, cwdString, input.workspaceRoot, input.home);
    if (!cwdOk) toolCwd.reset();
  }
  r.cwdString = cwdString;
  r.cwdOk = cwdOk;
  r.cdpath = hasKey(input.envKeys, "CDPATH");
  const env = r.env;
  env.cwdPtr = toolCwd.ptr; env.cwdLen = toolCwd.length;
  env.homePtr = homeCanon.ptr; env.homeLen = homeCanon.length;
  // tool_input.env may set HOME too (`{"HOME": "/etc"}`), and CDPATH.
  env.homeSet = hasKey(input.envKeys, "HOME");
  env.cdpathSet = r.cdpath;
  env.checkedText = input.knownUtf8WithoutNul;
  return env;
}

/** Every directory a command of the script may run in, counting that a cd may fail (only for a known tool cwd). */
export function dirFlow(r: CommandRun): DirFlow {
  return (r.a as Analysis).dirFlow();
}
