// The shell package: a POSIX/bash parser that finds every simple command a
// command string would run, and the rules the command policy applies to them.
export { Parser } from "./parser";
export { Walker } from "./walk";
export { Script, ViewFlag } from "./nodes";
export { DangerChecker } from "./danger";
export { BlockedPattern, PatternMatcher, compilePattern, globMatch } from "./pattern";
export { CwdTracker, CdResult } from "./cwd";
export { isValidUtf8 } from "./input";
export { EffectList, ScopeEffectKind, collectEffects, effectProgram } from "./effects";
export { showArgv, showCommand, showWord } from "./message";
export { AllowList, compileAllowEntry } from "./allow";
export { WordFlag } from "./tokens";
