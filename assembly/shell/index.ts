// The shell package: a POSIX/bash parser that finds every simple command a
// command string would run, and the rules the command policy applies to them.
export { Parser } from "./parser";
export { Walker } from "./walk";
export { CdScope, Script, ViewFlag } from "./nodes";
export { DangerChecker, searchesCdpath } from "./danger";
export { BlockedPattern, CompiledPattern, PatternHit, PatternMatcher, compilePattern, globMatch } from "./pattern";
export { CwdTracker, CdResult, setsVariable } from "./cwd";
export { InputProblem, inputProblem, isValidUtf8 } from "./input";
export { CommandDirs, EXACT_TOOL_CWD, NOT_EXACT } from "./command-dirs";
export { EffectList, ScopeEffectKind, collectEffects, effectProgram } from "./effects";
export { showArgv, showBytes, showCommand, showWord } from "./message";
export { MAX_INPUT, ParseError, WordFlag, WordKind } from "./tokens";
export { AllowList, compileAllowEntry, isFunctionCall } from "./allow";
export { isStateBuiltin } from "./state-builtins";
export { writtenThenRun } from "./writes-then-runs";
export { envName } from "./argv";
export { codeVariableSet, gitConfigMoved, isCodeVariableName, programOption } from "./hidden-code";
export { ArithTaint, arithTainted } from "./arith";
