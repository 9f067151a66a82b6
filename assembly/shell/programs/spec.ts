// The shape of one program's row: its names, its option grammar, what its options do (run code, change
// directory), the environment variables it loads code from, flag aliases for blocked_patterns, and its
// effects (what it reads, writes, deletes or contacts). A row is data; the walker and the checks read it.
// Rows are built with the chained setters below so each stays a few lines (see the family files).

import { Script } from "../syntax/nodes";
import { Bytes, utf8 } from "../../util/bytes";

export { EffectFrom, EffectKind, EffectRule, contacts, deletes, method, reads, writes } from "./effect";
import { EffectRule } from "./effect";

/** How an option grammar reads a command line (bits of OptionGrammar.style). */
export const enum Style {
  /** GNU getopt: options anywhere before `--`, operands among them. Without it, the first operand ends the options. */
  PERMUTE = 1,
  /** `-name` is one option word, never a cluster of letters (find, java, go). */
  SINGLE_DASH_LONG = 2,
  /** Long options must be spelt whole (GNU getopt_long accepts any unique prefix: `--dir` for `--directory`). */
  EXACT_LONG = 4,
  /** The first word may be a cluster without a dash whose letters take the following words (`tar xCf dir a.tar`). */
  OLD_STYLE = 8,
  /** `+x` is an option word too (shells: `bash +e`). */
  PLUS = 16,
  /** `--` is an ordinary word, not the end of the options (echo). */
  NO_END_MARK = 32,
  /** A short option's value is always the next word (npm's nopt: `-cid` is `-c -i -d`). */
  SEPARATE_VALUES = 64,
}

/**
 * Which options take a value. Short options: `valueShorts` take one (attached, `-fx.tar`, or the next word,
 * `-f x.tar`); `optionalShorts` take one only attached (`make -j4`, `-j`). Long options, space-separated:
 * `name` a flag, `name=` takes a value (`--name=v` or `--name v`), `name?` takes one only after `=`; any may
 * end in `/c`, the short option it spells (`directory=/C`). A name written with its dash (`-TT=`) is a
 * single-dash option spelt whole among clustered shorts (zip). Case-sensitive, as the tools are.
 */
export class OptionGrammar {
  /** `longs` split (parse.ts longTable), on first use. */
  table: LongTable | null = null;
  /** valueShorts and optionalShorts' ASCII letters as 128-bit sets (lo: 0-63, hi: 64-127), for parseArgs. */
  valueLo: u64 = 0;
  valueHi: u64 = 0;
  optionalLo: u64 = 0;
  optionalHi: u64 = 0;
  /** `dashed`: -1 until first asked (most grammars never are, and every one is made when the module starts). */
  private dashedKnown: i32 = -1;

  constructor(
    public valueShorts: string,
    public optionalShorts: string,
    public longs: string,
    public style: i32,
  ) {
    for (let i = 0; i < valueShorts.length; i++) {
      const c = <u32>valueShorts.charCodeAt(i);
      if (c < 64) this.valueLo |= (<u64>1) << <u64>c;
      else if (c < 128) this.valueHi |= (<u64>1) << <u64>(c - 64);
    }
    for (let i = 0; i < optionalShorts.length; i++) {
      const c = <u32>optionalShorts.charCodeAt(i);
      if (c < 64) this.optionalLo |= (<u64>1) << <u64>c;
      else if (c < 128) this.optionalHi |= (<u64>1) << <u64>(c - 64);
    }
  }

  /** Some long option is spelt with its dash (`-TT=`): LongTable.dashed, known without splitting `longs`. */
  get dashed(): bool {
    let known = this.dashedKnown;
    if (known < 0) this.dashedKnown = known = hasDashedLong(this.longs) ? 1 : 0;
    return known != 0;
  }
}

/** Whether some entry of `longs` starts with `-`. */
function hasDashedLong(longs: string): bool {
  let start = true;
  for (let i = 0, n = longs.length; i < n; i++) {
    const c = longs.charCodeAt(i);
    if (start && c == 0x2d) return true;
    start = c == 0x20;
  }
  return false;
}

/** A long option's value, as OptionGrammar.longs spells it. */
export const enum LongValue { NONE = 0, REQUIRED = 1, OPTIONAL = 2 }

/** OptionGrammar.longs, split once per grammar. */
export class LongTable {
  names: string[] = [];
  value: LongValue[] = [];
  alias: u32[] = [];

  constructor(spec: string) {
    const parts = spec.split(" ");
    for (let i = 0; i < parts.length; i++) {
      let e = parts[i];
      if (e.length == 0) continue;
      let alias: u32 = 0;
      const slash = e.indexOf("/");
      if (slash >= 0) { alias = <u32>e.charCodeAt(slash + 1); e = e.substring(0, slash); }
      let value = LongValue.NONE;
      if (e.endsWith("=")) { value = LongValue.REQUIRED; e = e.substring(0, e.length - 1); }
      else if (e.endsWith("?")) { value = LongValue.OPTIONAL; e = e.substring(0, e.length - 1); }
      if (e.charCodeAt(0) == 0x2d) this.dashed = true;
      this.names.push(e);
      this.value.push(value);
      this.alias.push(alias);
    }
  }

  /** Single-dash names in a grammar of clustered shorts (zip's `-TT`): entries that start with `-`. */
  dashed: bool = false;

  /** Index of the long option (p, n): exact, else (unless `exact`) the one it is a unique prefix of; -1. */
  find(p: usize, n: i32, exact: bool): i32 {
    let found = -1;
    for (let i = 0; i < this.names.length; i++) {
      const name = this.names[i];
      if (n > name.length || !sameBytes(p, n, name)) continue;
      if (name.charCodeAt(0) == 0x2d && n < name.length) continue; // a dashed name is spelt whole
      if (n == name.length) return i;
      if (exact) continue;
      if (found >= 0) found = -2; // ambiguous: getopt_long refuses it
      else if (found == -1) found = i;
    }
    return found < 0 ? -1 : found;
  }

  indexOf(name: string): i32 {
    for (let i = 0; i < this.names.length; i++) if (this.names[i] == name) return i;
    return -1;
  }
}

export function sameBytes(p: usize, n: i32, name: string): bool {
  for (let k = 0; k < n; k++) if (<u32>load<u8>(p + <usize>k) != <u32>name.charCodeAt(k)) return false;
  return true;
}

/** An option whose value (or, for WHOLE_LINE, the words after it) is code the program runs. */
export const enum CodeIn {
  SHELL_TEXT = 1, // the value is shell code (`sh -c`, `tar --to-command`, `rsync -e`)
  PROGRAM = 2,    // the value names a program or code we cannot read (`tar -I`, `git clone -u`): dynamic
  ANY_USE = 3,    // the option itself makes the call run code nobody can see (`npm --package`, `npx -p`)
  FIRST_OPERAND = 4, // the flag makes the first operand shell code (`sh -c 'code'`)
}

/** What the analysis does with a code option (CodeOption.handling). */
export const enum CodeHandling {
  /** The walk reads the code and checks it like any command (interp/wrappers.ts). */
  CHECKED = 0,
  /**
   * The code cannot be read: the option is refused whatever its value, spelt whole or abbreviated as the
   * program accepts (shell/hidden-code.ts). `make --eval`, `sort --compress-program`, `git --exec-path`.
   */
  REFUSED = 1,
  /** The walk checks the code when the option is spelt whole; an abbreviation is refused (tar `--to-com=`). */
  CHECKED_WHOLE = 2,
}

export class CodeOption {
  constructor(
    /** Spellings, space-separated: "-I --use-compress-program". */
    public option: string,
    public how: CodeIn,
    /** "" for any; else the subcommand it belongs to (git "rebase"). */
    public subcommand: string,
    /** "" for any value; else only a value starting with this (any case) is code, after it (`exec=`). */
    public prefix: string,
    public handling: CodeHandling = CodeHandling.CHECKED,
  ) {}
}

/** Procedural knowledge no table states (sed scripts, awk programs, git -c alias.*): argv[start, end) of `cmd`. */
export type DescribeHook = (s: Script, cmd: i32, start: i32, end: i32, facts: ProgramFacts) => void;

/**
 * What a program's rules found in one call, as plain data the walker applies: nested code to analyze,
 * directories the command runs in, whether its program comes from stdin. Programs fill it; they never call
 * the walker. Word indexes are Script words; offsets are byte offsets into them.
 */
export class ProgramFacts {
  // Nested code: the text of word `codeWord[i]` from byte `codeOffset[i]`, `codeLength[i]` bytes (-1: the rest).
  codeWord: i32[] = [];
  codeOffset: i32[] = [];
  codeLength: i32[] = [];
  /** Code that exists but cannot be read (computed at run time, a fetched package, a config key). */
  hiddenCode: bool = false;
  /** The program reads its code from stdin. */
  codeFromStdin: bool = false;
  // Directories the command alone runs in (`tar -C d`): word, byte offset, relative to the previous one.
  cdWord: i32[] = [];
  cdOffset: i32[] = [];
  cdNested: bool[] = [];
  /**
   * Both kinds in the order the rule found them (code i as 2i, directory i as 2i + 1): a directory named
   * before code is where that code runs (`git -C a -c alias.x='!cmd'`), so the walk records them so.
   */
  order: i32[] = [];

  reset(): void {
    // Most programs record nothing: a list already empty is left alone (its length setter is a call and a
    // capacity check, where a look at the length is one load).
    if (this.codeWord.length != 0) this.codeWord.length = 0;
    if (this.codeOffset.length != 0) this.codeOffset.length = 0;
    if (this.codeLength.length != 0) this.codeLength.length = 0;
    this.hiddenCode = false;
    this.codeFromStdin = false;
    if (this.cdWord.length != 0) this.cdWord.length = 0;
    if (this.cdOffset.length != 0) this.cdOffset.length = 0;
    if (this.cdNested.length != 0) this.cdNested.length = 0;
    if (this.order.length != 0) this.order.length = 0;
  }

  code(word: i32, offset: i32, length: i32 = -1): void {
    this.order.push(this.codeWord.length << 1);
    this.codeWord.push(word);
    this.codeOffset.push(offset);
    this.codeLength.push(length);
  }

  /** `word` -1: a directory known only at run time. */
  cd(word: i32, offset: i32, nested: bool): void {
    this.order.push((this.cdWord.length << 1) | 1);
    this.cdWord.push(word);
    this.cdOffset.push(offset);
    this.cdNested.push(nested);
  }
}

/** Which of the analysis' rules a row has (bits of ProgramRow.rules): gate sets are derived from them. */
export const enum Rule {
  CHECK = 2, // the built-in checks by name (danger.ts)
  FLAGS = 4, // a flag table for blocked_patterns (flags.ts)
}

/**
 * A row's subcommand names as bytes, grouped by their first byte (`start[b]` to `start[b + 1]`), in the rows'
 * order within a group: a word is compared only with the names that start as it does, and the first listed wins.
 */
export class SubcommandTable {
  names: StaticArray<Bytes> = new StaticArray<Bytes>(0);
  rows: StaticArray<ProgramRow> = new StaticArray<ProgramRow>(0);
  start: StaticArray<i32> = new StaticArray<i32>(257);

  constructor(row: ProgramRow) {
    const names: Bytes[] = [];
    const rows: ProgramRow[] = [];
    for (let i = 0; i < row.subcommands.length; i++) {
      const parts = row.subcommands[i].names.split(" ");
      for (let j = 0; j < parts.length; j++) {
        if (parts[j].length == 0) continue;
        names.push(utf8(parts[j]));
        rows.push(row.subcommands[i]);
      }
    }
    // A counting sort by first byte, stable.
    const count = new StaticArray<i32>(257);
    for (let i = 0; i < names.length; i++) count[<i32>names[i][0] + 1]++;
    for (let b = 1; b < 257; b++) count[b] += count[b - 1];
    for (let b = 0; b < 257; b++) this.start[b] = count[b];
    const sortedNames = new StaticArray<Bytes>(names.length);
    const sortedRows = new StaticArray<ProgramRow>(names.length);
    for (let i = 0; i < names.length; i++) {
      const at = count[<i32>names[i][0]]++;
      sortedNames[at] = names[i];
      sortedRows[at] = rows[i];
    }
    this.names = sortedNames;
    this.rows = sortedRows;
  }
}

/** One program: everything the analysis knows about it. Built with `program(names, id)` and the setters. */
export class ProgramRow {
  grammar: OptionGrammar = new OptionGrammar("", "", "", Style.PERMUTE);
  /** Options that run code. */
  runsCode: CodeOption[] = [];
  /** Spellings of the options that make the command run in another directory ("-C --directory"). */
  changesDirectory: string = "";
  /** Environment variables whose value is code or a program it loads, space-separated ("NODE_OPTIONS"). */
  codeEnv: string = "";
  /** blocked_patterns flag aliases, lowercase: "recursive/r force/f" (a long name compares as its letter). */
  flagAliases: string = "";
  /** Flags that set others: "a:rdp" (-a also sets -r, -d, -p). */
  flagImplies: string = "";
  /** What it reads, writes, deletes, contacts. */
  effects: EffectRule[] = [];
  /** Subcommands with their own grammar (git clone, npm exec): parseArgs switches to them. */
  subcommands: ProgramRow[] = [];
  /** Rule bits: which gate sets hold this row's Cmd id (registry.ts derives them). */
  rules: i32 = 0;
  /** Procedural rules no table states; null for most programs. */
  describe: DescribeHook | null = null;
  /** The first of `names`: what an effect of a subcommand row names it by. */
  firstName: string;
  /** Its subcommands' names by first byte (parse.ts subcommandOf), built on first use. */
  subTable: SubcommandTable | null = null;
  /** Which effects its rules and its subcommands' can give, as the effects engine's Wanted bits (-1: not yet known). */
  effectWants: i32 = -1;

  constructor(
    /** Names, space-separated ("tar gtar bsdtar"); looked up by basename, ASCII case-insensitively. */
    public names: string,
    /** Its names.ts info (Cmd id | Kind bits); 0 for a program the walk has no rule for. */
    public info: i32,
  ) {
    const space = names.indexOf(" ");
    this.firstName = space < 0 ? names : names.substring(0, space);
  }

  /** Short options that take a value, ones whose value is only attached, and the long options (OptionGrammar). */
  options(valueShorts: string, longs: string = "", optionalShorts: string = ""): ProgramRow {
    this.grammar = new OptionGrammar(valueShorts, optionalShorts, longs, this.grammar.style);
    return this;
  }

  /** Replace the grammar's Style bits (default PERMUTE). */
  style(bits: i32): ProgramRow {
    this.grammar.style = bits;
    return this;
  }

  /** Options whose code the walk reads and checks (CodeHandling.CHECKED). */
  runs(option: string, how: CodeIn, subcommand: string = "", prefix: string = ""): ProgramRow {
    this.runsCode.push(new CodeOption(option, how, subcommand, prefix));
    return this;
  }

  /** Options whose code the walk checks when spelt whole; their abbreviations are refused (CHECKED_WHOLE). */
  runsWhole(option: string, how: CodeIn, prefix: string = ""): ProgramRow {
    this.runsCode.push(new CodeOption(option, how, "", prefix, CodeHandling.CHECKED_WHOLE));
    return this;
  }

  /** Options that run code nobody can read: refused in every spelling, whatever their value (REFUSED). */
  refuses(option: string, how: CodeIn): ProgramRow {
    this.runsCode.push(new CodeOption(option, how, "", "", CodeHandling.REFUSED));
    return this;
  }

  cd(option: string): ProgramRow {
    this.changesDirectory = option;
    return this;
  }

  env(names: string): ProgramRow {
    // Added to, never replaced: a row may name its variables in more than one place.
    this.codeEnv = this.codeEnv.length > 0 ? this.codeEnv + " " + names : names;
    return this;
  }

  /**
   * Flag aliases and implications for blocked_patterns. Which options take a value there is the grammar's
   * (and past a subcommand, its row's): flags.ts.
   */
  flags(aliases: string, implies: string = ""): ProgramRow {
    this.flagAliases = aliases;
    this.flagImplies = implies;
    this.rules |= Rule.FLAGS;
    return this;
  }

  /** The built-in checks have a rule for this program by name (danger.ts). */
  checked(): ProgramRow {
    this.rules |= Rule.CHECK;
    return this;
  }

  effect(rule: EffectRule): ProgramRow {
    this.effects.push(rule);
    return this;
  }

  sub(row: ProgramRow): ProgramRow {
    this.subcommands.push(row);
    return this;
  }

  hook(fn: DescribeHook): ProgramRow {
    this.describe = fn;
    return this;
  }
}

/** A new row: `program("tar gtar bsdtar", Cmd.TAR | Kind.WRAPPER).options("bCfF…", "directory=/C …")`. */
export function program(names: string, info: i32 = 0): ProgramRow {
  return new ProgramRow(names, info);
}
