// What a program does to files and hosts, as plain data: one ScopeEffectRule per
// operand or option value that it reads, writes, deletes or contacts. The rows
// themselves are tables a reader can audit (readers.ts, writers.ts,
// network.ts); shell/effects.ts applies them to a command's words.

export const enum ScopeEffectKind { READ = 0, WRITE = 1, DELETE = 2, CONTACT = 3 }

export const enum ScopeEffectFrom {
  /** Every operand. */
  OPERANDS = 0,
  /** Every operand but the last (`cp a b dir`: a and b). */
  OPERANDS_BUT_LAST = 1,
  /** The last operand, when there are at least two (`cp a dir`: dir). */
  LAST_OPERAND = 2,
  FIRST_OPERAND = 3,
  OPERANDS_AFTER_FIRST = 4,
  /** The value of `option` (every time it is given; `-o F`, `-oF`, `--output=F`, `--output F`). */
  OPTION_VALUE = 5,
  /** grep's files: the operands after the pattern, or every operand when a pattern option (`option`, space-separated) is given. */
  FILES_AFTER_PATTERN = 6,
  /** find's starting points: the operands before the first expression word (`-name`, `(`, `!`). */
  LEADING_OPERANDS = 7,
  /** The file in `option`'s value when it names one: `@file` (curl -d), `name=@file` or `name=<file` (curl -F). */
  OPTION_AT_FILE = 8,
  /** The second operand (`git clone URL DIR`: DIR). */
  SECOND_OPERAND = 9,
  /** Not an operand: the rule's `path` (`.` = the working directory; "" = a place no path names, such as npm's global prefix). */
  ALWAYS = 10,
  /** Every operand, or the working directory when there is none (`ls`, `du`, `tree`). */
  OPERANDS_OR_CWD = 11,
}

export class ScopeEffectRule {
  constructor(
    public kind: ScopeEffectKind,
    public from: ScopeEffectFrom,
    /** OPTION_VALUE / OPTION_AT_FILE: the option ("-o", "--output"); FILES_AFTER_PATTERN: the pattern options. */
    public option: string = "",
    /** Only for this subcommand (git clone, npm install); "" = any. */
    public subcommand: string = "",
    /** Only when one of these options (space-separated) is given; `!-O` = only when none of them is. */
    public when: string = "",
    /** ALWAYS: the path it acts on. */
    public path: string = "",
  ) {}
}

/** One program's names, the option grammar its operands are found by, and its effects. */
export class EffectRow {
  constructor(
    /** Command names (basenames, lower case). */
    public names: Array<string>,
    /** Short options that take a value (`-o FILE`, `-oFILE`), as one string of letters. */
    public shortValued: string,
    /** Long options that take a value (`--output=FILE`, `--output FILE`). */
    public longValued: Array<string>,
    public effects: Array<ScopeEffectRule>,
    /** The first operand names a subcommand (git, npm); options before it are the program's own. */
    public subcommands: bool = false,
    /** Options take one dash and are whole words (find's `-fprint FILE`): listed in longValued. */
    public singleDash: bool = false,
  ) {}
}

// Short constructors keep the tables one line per rule.
export function reads(from: ScopeEffectFrom, option: string = "", subcommand: string = "", when: string = "", path: string = ""): ScopeEffectRule {
  return new ScopeEffectRule(ScopeEffectKind.READ, from, option, subcommand, when, path);
}
export function writes(from: ScopeEffectFrom, option: string = "", subcommand: string = "", when: string = "", path: string = ""): ScopeEffectRule {
  return new ScopeEffectRule(ScopeEffectKind.WRITE, from, option, subcommand, when, path);
}
export function deletes(from: ScopeEffectFrom, option: string = "", subcommand: string = "", when: string = ""): ScopeEffectRule {
  return new ScopeEffectRule(ScopeEffectKind.DELETE, from, option, subcommand, when);
}
export function contacts(from: ScopeEffectFrom, option: string = "", subcommand: string = "", when: string = ""): ScopeEffectRule {
  return new ScopeEffectRule(ScopeEffectKind.CONTACT, from, option, subcommand, when);
}
