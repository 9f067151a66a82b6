// A program's effects, as plain data in its row (ProgramRow.effects): which operands or option values it
// reads, writes, deletes or contacts. shell/interp/effects.ts finds those words with parseArgs over the row's own
// grammar and hands the list to the policy, which judges them by the passport's file and web scopes.

/** What an effect does to the thing its text names. The numbers are the effects list's (shell/interp/effects.ts). */
export const enum EffectKind {
  READ = 0,
  WRITE = 1,
  DELETE = 2,
  CONTACT = 3, // a URL or a host
  /** Not an effect: the request method of the call's contacts (curl -X, -d). `path` or the option's value. */
  METHOD = 4,
}

/** Which words of a call an effect applies to (operands are the non-option words, after any subcommand). */
export const enum EffectFrom {
  /** Every operand. */
  OPERANDS = 0,
  /** Every operand but the last (`cp a b dir`: a and b). */
  OPERANDS_BUT_LAST = 1,
  /** The last operand, when there are at least two (`cp a dir`: dir). */
  LAST_OPERAND = 2,
  FIRST_OPERAND = 3,
  OPERANDS_AFTER_FIRST = 4,
  /** The value of the option `option` names (every time it is given; `-o F`, `-oF`, `--output=F`, `--output F`). */
  OPTION_VALUE = 5,
  /** grep's files: the operands after the pattern, or every operand when a pattern option (`option`) is given. */
  FILES_AFTER_PATTERN = 6,
  /** find's starting points: the operands before the first expression word, or `.` when there is none. */
  LEADING_OPERANDS = 7,
  /** The file in `option`'s value when it names one: `@file` (curl -d), `name@file` (--data-urlencode), `name=@file` or `name=<file` (curl -F). */
  OPTION_AT_FILE = 8,
  /** The second operand (`git clone URL DIR`: DIR). */
  SECOND_OPERAND = 9,
  /** Not a word: the rule's `path` (`.` = the working directory; "" = a place no path names, such as npm's global prefix). */
  ALWAYS = 10,
  /** Every operand, or the working directory when there is none (`ls`, `du`, `tree`). */
  OPERANDS_OR_CWD = 11,
  /** The setting in `option`'s value after its first `=` (`git -c remote.x.url=URL`). */
  OPTION_SETTING = 12,
  /** Operands spelt `option` + text, the text (`dd if=FILE`: option "if="). */
  OPERAND_SETTING = 13,
  /** The values the script assigns to the environment variable `option` (any case): `npm_config_registry=URL npm i`. */
  ENV_VALUE = 14,
  /** The rule's `path`, when the call has no operand and no subcommand (bare `yarn` installs). */
  WITHOUT_OPERANDS = 15,
  /**
   * ln's targets (every operand but the link; all of them with -t). A symbolic link's relative target is
   * resolved from the directory the link is made in (with -r, ln makes it relative itself): judged from there.
   */
  LINK_TARGETS = 16,
  /**
   * METHOD only: the method a header in `option`'s value overrides the request's with (`X-HTTP-Method-Override`,
   * `X-Method-Override`, `X-HTTP-Method`); a header file (`@file`) names a method nobody can know.
   */
  HEADER_METHOD = 17,
  /** The files sed's script reads (`r`, `R`: kind READ) or writes (`w`, `W`, `s///w`: WRITE); any file when it cannot be read. */
  SED_SCRIPT_FILES = 18,
  /**
   * The values operands set for a key ending in `option` (any case): `KEY VALUE` or `KEY=VALUE`
   * (`npm config set registry URL`, `@scope:registry=URL`); a key computed at run time may be any, so its
   * value is one nobody can know.
   */
  CONFIG_VALUE = 19,
  /**
   * Each source joined under the target directory, where `cp a b DIR` puts them: DIR/a and DIR/b (the last
   * operand, or with -t every -t value and every operand as a source). A source's last segment is what is joined.
   */
  INTO_TARGET = 20,
  /**
   * The last operand (at least two) when it may be a directory the program makes (`cp -r a b` when b does not
   * exist): not `.`, `..`, `~` or a path ending in `/`, `/.` or `/..`, which name directories that exist.
   */
  NEW_TARGET = 21,
  /** As FILES_AFTER_PATTERN, or the working directory when there are none (`grep -r x`, `rg x`). */
  FILES_AFTER_PATTERN_OR_CWD = 22,
  /**
   * The backups cp, mv, ln and install make with a suffix (`option`: `-S SUFFIX`, `--suffix=SUFFIX`; it implies
   * `-b`): every destination — the last operand, and each source's name under the target directory — with the
   * suffix appended (`cp -b -S rc x .npm` writes `.npmrc`). A suffix or destination computed at run time is a
   * place no path names.
   */
  BACKUPS = 23,
  /**
   * As ENV_VALUE, but only values that are paths (`/…`, `~…`, or computed at run time): `GIT_TRACE=/tmp/t` names
   * a file, while `GIT_TRACE=1` or `true` names none (git takes those as a file descriptor or stderr).
   */
  ENV_PATH = 24,
}

/**
 * One effect: `kind` on the words `from` picks. `when` limits it to some calls: space-separated terms, an
 * option (`-r`, `--recursive`, find's `-delete`), an option with a value (`--location=global`: that value, in any
 * case, or one computed at run time), `$NAME` (the script assigns the variable a value), `@name` (the program is
 * called by that name), `#word` (the first operand is that word, or one computed at run time) or `#N` (a digit:
 * the call has at least N operands); the rule applies when any plain term holds (or there is none) and no
 * `!term` does. `also` adds a second condition of the same terms that must hold too.
 */
export class EffectRule {
  constructor(
    public kind: EffectKind,
    public from: EffectFrom,
    /** The option's spellings ("-o --output") for the OPTION_* forms, the pattern options for FILES_AFTER_PATTERN,
     * the prefix for OPERAND_SETTING, the variable for ENV_VALUE. */
    public option: string,
    public when: string,
    /** ALWAYS, WITHOUT_OPERANDS: the path or URL it acts on; METHOD: the method. */
    public path: string,
  ) {}

  /** The effects engine's compiled form of this rule (its index there, -1 until first use). */
  compiled: i32 = -1;
  /** What the effects engine found the rule needs of a call before it can apply (its Gate bits, -1 until first use). */
  gate: i32 = -1;
  /** null: the effect is on the path alone; else it reaches everything under it too, when these terms hold ("" = always). */
  treeWhen: string | null = null;

  /** null: `when` alone decides; else the rule applies only when these terms hold too (as `when` reads them). */
  alsoWhen: string | null = null;

  /** A second condition the call must meet as well (`--global` and a value to set: `also("#2 --unset")`). */
  also(when: string): EffectRule {
    this.alsoWhen = when;
    return this;
  }

  /**
   * The effect reaches everything under its path (`rm -r`, `grep -r`, `find`, `cp -r`): a blocked place inside
   * that tree is refused as the path itself would be. Always, or when `when` holds (the same terms as `when`).
   */
  tree(when: string = ""): EffectRule {
    this.treeWhen = when;
    return this;
  }
}

// Short builders keep a row's effects one line each: `reads(EffectFrom.OPTION_VALUE, "-f --file")`.
export function reads(from: EffectFrom, option: string = "", when: string = "", path: string = ""): EffectRule {
  return new EffectRule(EffectKind.READ, from, option, when, path);
}
export function writes(from: EffectFrom, option: string = "", when: string = "", path: string = ""): EffectRule {
  return new EffectRule(EffectKind.WRITE, from, option, when, path);
}
export function deletes(from: EffectFrom, option: string = "", when: string = "", path: string = ""): EffectRule {
  return new EffectRule(EffectKind.DELETE, from, option, when, path);
}
export function contacts(from: EffectFrom, option: string = "", when: string = "", path: string = ""): EffectRule {
  return new EffectRule(EffectKind.CONTACT, from, option, when, path);
}
/** The method of the call's contacts: `method(EffectFrom.ALWAYS, "", "-d --data", "POST")`, or an option's value. */
export function method(from: EffectFrom, option: string = "", when: string = "", path: string = ""): EffectRule {
  return new EffectRule(EffectKind.METHOD, from, option, when, path);
}
