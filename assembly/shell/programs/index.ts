// Program knowledge as rows (spec.ts), one option parser over them (parse.ts), and the registry of rows.
export {
  CodeIn, CodeOption, DescribeHook, EffectFrom, EffectKind, EffectRule, OptionGrammar, ProgramFacts, ProgramRow,
  Style, contacts, deletes, program, reads, writes,
} from "./spec";
export { LongValue, ParsedArgs, parseArgs } from "./parse";
export { programRows, rowNamed, rowOf } from "./registry";
