// The shell package: a POSIX/bash parser that finds every simple command a
// command string would run, and the rules the command policy applies to them.
export { Parser } from "./parser";
export { Walker } from "./walk";
export { Script, ViewFlag } from "./nodes";
export { DangerChecker } from "./danger";
export { BlockedPattern, PatternMatcher, compilePattern, globMatch } from "./pattern";
export { CwdTracker, CdResult } from "./cwd";
export { CommandDirs, EXACT_TOOL_CWD, NOT_EXACT } from "./command-dirs";
export { isValidUtf8 } from "./input";
export { EffectList, ScopeEffectKind, collectEffects, effectProgram } from "./effects";
export { showCommand, showWord } from "./message";
export { WordFlag } from "./tokens";
