// The shell package: a POSIX/bash parser that finds every simple command a
// command string would run, and the rules the command policy applies to them.
// analyze() is the one way in: bytes and where they run, an Analysis out (views, facts, places).
export { Analysis, AnalysisEnv, AnalysisStatus, analyze } from "./analysis";
export { CdScope, Script, ViewFlag } from "./syntax/nodes";
export { DangerChecker, searchesCdpath } from "./danger";
export { BlockedPattern, CompiledPattern, PatternHit, PatternMatcher, compilePattern, globMatch } from "./pattern";
export { CwdTracker, CdResult, setsVariable } from "./interp/cwd";
export { CommandDirs, EXACT_TOOL_CWD, NOT_EXACT } from "./interp/command-dirs";
export { DirFlow, FlowProblem, REACHED_AT_EXIT } from "./interp/dir-flow";
export { EffectList, ScopeEffectKind, Wanted, collectEffects, effectProgram } from "./interp/effects";
export { showArgv, showBytes, showCommand, showWord } from "./message";
export { ParseError, WordFlag, WordKind } from "./syntax/tokens";
export { AllowList, compileAllowEntry, isFunctionCall } from "./allow";
export { isStateBuiltin } from "./interp/state-builtins";
export { writtenThenRun } from "./interp/writes-then-runs";
export { isReadingVariableName, shellModeChange } from "./interp/shell-modes";
export { loaderOfPlace, loadersRun, writerOf } from "./interp/loaded-places";
export { envName } from "./expand/argv";
export { proxyFromEnv } from "./proxy-env";
export { codeVariableSet, commandVariableUnseen, gitConfigMoved, gitFileFromEnv, isCodeVariableName, programOption } from "./hidden-code";
export { ArithTaint, arithTainted } from "./syntax/arith";
export { LoopReadings } from "./interp/loop-values";
export { bracketEnd } from "./expand/glob-overlap";
