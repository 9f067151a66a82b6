// The one entry to the shell analysis: a command's bytes and where it runs in, an Analysis out: its
// views (every simple command it would run, syntax/nodes.ts), their facts (assignments, directory changes,
// code, effects) and places (the directory each command runs in, interp/cwd.ts). The command rule reads
// only this; the parser, the walk and the directory tracker stay behind it. One Analysis per instance,
// reused call after call, so analyzing allocates nothing of its own.

import { Parser } from "./syntax/parser";
import { Walker } from "./interp/walk";
import { CwdTracker, setsVariable } from "./interp/cwd";
import { DirFlow } from "./interp/dir-flow";
import { InputProblem, inputProblem } from "./syntax/input";
import { MAX_INPUT, ParseError } from "./syntax/tokens";
import { Script } from "./syntax/nodes";
import { overBudget } from "../util/budget";

/** Where the command runs, as the host says. Paths are canonical bytes (length 0: unknown). */
export class AnalysisEnv {
  cwdPtr: usize = 0;
  cwdLen: i32 = 0;
  homePtr: usize = 0;
  homeLen: i32 = 0;
  /** The host's environment for the command sets HOME (tool_input.env), so `~` is not the home above. */
  homeSet: bool = false;
  /** …sets CDPATH, so a relative cd may go below any of its entries. */
  cdpathSet: bool = false;
  /** The bytes are known to be UTF-8 without NUL (the host checked them). */
  checkedText: bool = false;
}

/** How an analysis ended; only OK leaves views, facts and places to read. */
export const enum AnalysisStatus {
  OK = 0,
  /** No bytes, or only blanks. */
  BLANK = 1,
  TOO_LONG = 2,
  NUL = 3,
  NOT_UTF8 = 4,
  /** The script cannot be parsed safely (Analysis.error, Analysis.errorMessage). */
  UNPARSEABLE = 5,
  /** Only comments and blanks: no command. */
  NO_COMMAND = 6,
  /** The work budget (util/budget.ts) ran out while parsing. */
  BUDGET_PARSING = 7,
  /** …while following the directory changes. */
  BUDGET_PLACES = 8,
}

export class Analysis {
  status: AnalysisStatus = AnalysisStatus.OK;
  /** The command or the host's environment sets HOME. */
  homeWritten: bool = false;
  /** The home's length for `~` and a bare cd: 0 once the command or the host's environment sets HOME. */
  homeLen: i32 = 0;
  parser: Parser;
  walker: Walker;
  /** Places: where each command runs. */
  places: CwdTracker = new CwdTracker();
  env: AnalysisEnv = new AnalysisEnv();
  flow: DirFlow = new DirFlow();
  flowDone: bool = false;

  constructor() {
    const p = new Parser();
    this.parser = p;
    this.walker = new Walker(p);
  }

  /** Views and facts. */
  get script(): Script { return this.parser.script; }
  get error(): ParseError { return this.parser.err; }
  get errorMessage(): string { return this.parser.errMsg; }

  /**
   * Where commands may run when any cd may fail (interp/dir-flow.ts; the places above take every cd as
   * successful). Made on first use, once per analysis; needs a known cwd.
   */
  dirFlow(): DirFlow {
    const f = this.flow;
    if (!this.flowDone) {
      this.flowDone = true;
      const env = this.env;
      f.run(this.parser, this.places, env.cwdPtr, env.cwdLen, env.cdpathSet || setsVariable(this.script, "CDPATH"));
    }
    return f;
  }
}

let shared: Analysis | null = null;

/** Analyze the command (ptr, len) run in `env`. The result is the instance's one Analysis, overwritten by the next call. */
export function analyze(ptr: usize, len: i32, env: AnalysisEnv): Analysis {
  let a = shared;
  if (a === null) { a = new Analysis(); shared = a; }
  a.env = env;
  a.flowDone = false;
  a.status = run(a, ptr, len, env);
  return a;
}

function run(a: Analysis, ptr: usize, len: i32, env: AnalysisEnv): AnalysisStatus {
  if (len <= 0 || isBlankOnly(ptr, len)) return AnalysisStatus.BLANK;
  if (len > MAX_INPUT) return AnalysisStatus.TOO_LONG;
  const problem = env.checkedText ? InputProblem.NONE : inputProblem(ptr, len);
  if (problem == InputProblem.NUL) return AnalysisStatus.NUL;
  if (problem == InputProblem.UTF8) return AnalysisStatus.NOT_UTF8;
  const p = a.parser;
  if (!p.parseTop(ptr, len, true) || !a.walker.run()) return AnalysisStatus.UNPARSEABLE;
  if (p.script.commandCount == 0 && !p.contentSeen) return AnalysisStatus.NO_COMMAND;
  if (overBudget()) return AnalysisStatus.BUDGET_PARSING;
  // `HOME=/etc; cd; cat shadow`: once the command sets HOME, `~` and a bare cd go wherever it says.
  a.homeWritten = setsVariable(p.script, "HOME") || env.homeSet;
  a.homeLen = a.homeWritten ? 0 : env.homeLen;
  a.places.run(p, env.cwdPtr, env.cwdLen, env.homePtr, a.homeLen);
  if (overBudget()) return AnalysisStatus.BUDGET_PLACES;
  return AnalysisStatus.OK;
}

function isBlankOnly(p: usize, n: i32): bool {
  for (let i = 0; i < n; i++) {
    const c = load<u8>(p + <usize>i);
    if (c != 0x20 && c != 0x09 && c != 0x0a && c != 0x0d) return false;
  }
  return true;
}
