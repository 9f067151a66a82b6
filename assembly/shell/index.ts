// The shell package: a POSIX/bash parser that finds every simple command a
// command string would run, and the rules the command policy applies to them.
export { Parser } from "./syntax/parser";
export { Walker } from "./interp/walk";
export { CdScope, Script, ViewFlag } from "./syntax/nodes";
export { DangerChecker, searchesCdpath } from "./danger";
export { BlockedPattern, CompiledPattern, PatternHit, PatternMatcher, compilePattern, globMatch } from "./pattern";
export { CwdTracker, CdResult, setsVariable } from "./interp/cwd";
export { InputProblem, inputProblem, isValidUtf8 } from "./syntax/input";
export { CommandDirs, EXACT_TOOL_CWD, NOT_EXACT } from "./interp/command-dirs";
export { EffectList, ScopeEffectKind, Wanted, collectEffects, effectProgram } from "./interp/effects";
export { showArgv, showBytes, showCommand, showWord } from "./message";
export { MAX_INPUT, ParseError, WordFlag, WordKind } from "./syntax/tokens";
export { AllowList, compileAllowEntry, isFunctionCall } from "./allow";
export { isStateBuiltin } from "./interp/state-builtins";
export { writtenThenRun } from "./interp/writes-then-runs";
export { envName } from "./expand/argv";
export { codeVariableSet, gitConfigMoved, isCodeVariableName, programOption } from "./hidden-code";
export { ArithTaint, arithTainted } from "./syntax/arith";
