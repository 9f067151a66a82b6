// Program knowledge as rows (spec.ts), one option parser over them (parse.ts), and the registry of rows.
export {
  CodeHandling, CodeIn, CodeOption, DescribeHook, Rule, EffectFrom, EffectKind, EffectRule, OptionGrammar, ProgramFacts, ProgramRow,
  Style, LongTable, LongValue, contacts, deletes, method, program, reads, writes,
} from "./spec";
export { ParsedArgs, parseArgs } from "./parse";
export { Spellings, longTable } from "./spellings";
export { programRows, ruleSet, rowNamed, rowOf, rowOfId } from "./registry";
export { NameTable } from "./name-table";
export { Cmd, Kind, cmdId } from "./ids";
export { FlagSet, collectFlags, flagTable, isFlagWord, longToShort } from "./flags";
export { cmdSet, commandInfo, inCmdSet, pathBase, pathInfo } from "./names";
export { npmCommand } from "./npm-commands";
export { describeGit, gitSubcommandAt, isSafeGitKey } from "./git-config";
export { GIT_FILE_VARIABLES, GIT_TRACE_VARIABLES, PROXY_VARIABLES } from "./git";
export { SedFiles, sedFiles } from "./sed-script";
