// Ways to make an allowed program run other code that no argv shows: an
// environment variable the program (or its loader) reads code or config from
// (`GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.fsmonitor … git status`,
// `npm_config_script_shell=/tmp/x npm test`, `LD_PRELOAD=…`, `BASH_ENV=…`), or
// an option that names a program to run (`npm test --script-shell=/tmp/x`,
// `tar --to-com=…` — GNU long options may be abbreviated —, `sort
// --compress-program=…`, `git ls-remote --upload-pack=…`). Found by a
// red-team review; each is code we cannot inspect, so the call is denied.

import { Script } from "./syntax/nodes";
import { envName } from "./expand/argv";
import { WordFlag } from "./syntax/tokens";
import { Cmd, CodeHandling, GIT_FILE_VARIABLES, GIT_TRACE_VARIABLES, ProgramRow, Style, cmdId, cmdSet, inCmdSet, longTable, programRows } from "./programs";
import { toLowerAscii } from "../util/bytes";

// Variable names are case-sensitive, except npm's: it reads npm_config_* in
// any case. A trailing `*` matches any rest. Variables whose value is one command line
// (GIT_SSH_COMMAND, EDITOR, …) are parsed and checked instead (walk.ts).
// Variables that act on whatever program runs (the loader, the shell's command lookup, bash's imported
// functions), and cargo's, which has no row; each program's own are its row's env column (programs/).
const ANY_PROGRAM_VARIABLES: string[] = [
  "BASH_FUNC_*", "LD_*", "DYLD_*", "GCONV_PATH", "GLIBC_TUNABLES", "LOCPATH", "NLSPATH", "MALLOC_TRACE", "PATH", "CDPATH",
  "RUSTC_WRAPPER", "RUSTC_WORKSPACE_WRAPPER", "CARGO_BUILD_RUSTC_WRAPPER", "CARGO_BUILD_RUSTC",
  // less, the pager of git, man and others: `LESS='+!cmd'` runs cmd; a lesskey file binds keys to commands.
  "LESS", "LESSKEY", "LESSKEYIN", "LESSKEY_SYSTEM", "LESSKEYIN_SYSTEM", "LESSEDIT",
  // Names bash and coreutils make that the command does not show: GLOBIGNORE lets `*` match dot-files,
  // SIMPLE_BACKUP_SUFFIX names the backups of `cp -b`/`mv -b`.
  "GLOBIGNORE", "SIMPLE_BACKUP_SUFFIX",
  // The shell many programs start for a command they run: flock -c, script -c, ssh's ProxyCommand, vim's `:!`.
  "SHELL",
];
let codeVariableList: string[] | null = null;

/** ANY_PROGRAM_VARIABLES and every row's env column, each name once (made on first use, as the rows are). */
function codeVariables(): string[] {
  let out = codeVariableList;
  if (out !== null) return out;
  out = ANY_PROGRAM_VARIABLES.slice();
  const rows = programRows();
  for (let r = 0; r < rows.length; r++) {
    const names = rows[r].codeEnv.split(" ");
    for (let i = 0; i < names.length; i++) if (names[i].length > 0 && !out.includes(names[i])) out.push(names[i]);
  }
  codeVariableList = out;
  return out;
}
const NPM_CONFIG = "npm_config_";

// Variables whose value is a command line a program runs. In the command they are parsed and checked
// (walk.ts); in tool_input.env only their names are seen, so there they count as code.
const COMMAND_LINE_VARIABLES: string[] = [
  "GIT_SSH_COMMAND", "GIT_SSH", "GIT_EDITOR", "GIT_PAGER", "GIT_SEQUENCE_EDITOR", "GIT_ASKPASS", "GIT_EXTERNAL_DIFF",
  "EDITOR", "VISUAL", "PAGER", "MANPAGER", "SYSTEMD_PAGER", "SSH_ASKPASS", "SUDO_ASKPASS", "LESSOPEN", "LESSCLOSE",
  "PROMPT_COMMAND", "RSYNC_RSH", "GIT_PROXY_COMMAND", "BROWSER",
];

/**
 * Is `name` (a key of tool_input.env) a variable that makes programs load code or run a command line?
 * The same list as for assignments in the command, plus the command-line variables, whose value is not
 * seen here.
 */
export function isCodeVariableName(name: string): bool {
  // CDPATH in tool_input.env is judged where it acts: every relative `cd` then counts as unknown (policy/command/).
  if (name == "CDPATH") return false;
  const b = String.UTF8.encode(name, false);
  const p = changetype<usize>(b), len = b.byteLength;
  if (startsLower(p, len, NPM_CONFIG) || startsLower(p, len, "bash_func_")) return true;
  const variables = codeVariables();
  for (let k = 0; k < variables.length; k++) if (matches(variables[k], p, len)) return true;
  for (let k = 0; k < COMMAND_LINE_VARIABLES.length; k++) if (matches(COMMAND_LINE_VARIABLES[k], p, len)) return true;
  return false;
}

/**
 * A variable whose value is a command line, given a value the analysis cannot read: `GIT_EDITOR=$(cat f)`,
 * `export PAGER="$x"`, `read GIT_EXTERNAL_DIFF`, `printf -v`, `mapfile`, `for EDITOR in …`, `${PAGER:=…}`, an
 * append (`+=`) or an element (`[0]=`). A program the command runs (now, or after an `export`) runs that text.
 * Plain values (`GIT_EDITOR=true`, `export PAGER=cat`) are parsed and checked as commands (walk.ts); a bare
 * `export NAME` passes, since every value the command can give NAME is one of the above. The name, or "".
 */
export function commandVariableUnseen(s: Script): string {
  for (let i = 0, n = s.envWords.length; i < n; i++) {
    const w = s.envWords.get(i);
    const len = envName(s, w);
    if (len <= 0) continue; // computed names: codeVariableSet
    const p = s.wordPtr(w);
    let listed = false;
    for (let k = 0; k < COMMAND_LINE_VARIABLES.length && !listed; k++) listed = matches(COMMAND_LINE_VARIABLES[k], p, len);
    if (!listed) continue;
    const name = String.UTF8.decodeUnsafe(p, <usize>len, false);
    let computed = s.envCmds.get(i) < 0 && len == s.wordLen(w); // a loop variable (`${X:=…}` is in dynNames too)
    for (let k = 0, m = s.dynNames.length; k < m && !computed; k++) computed = s.dynNames.get(k) == w;
    if (!computed && len < s.wordLen(w)) computed = load<u8>(p + <usize>len) != 0x3d || !s.isStatic(w); // `+=`, `[i]=`, `$(…)`
    if (computed) return name;
  }
  return "";
}

/**
 * `HOME=/tmp/x git status`, `export XDG_CONFIG_HOME=…; git log`, or either in tool_input.env: git reads
 * ~/.gitconfig and $XDG_CONFIG_HOME/git/config. What moves them, when the script runs git, or "".
 */
export function gitConfigMoved(s: Script, envKeys: Array<string>): string {
  let git = false;
  for (let v = 0, n = s.viewCount; v < n && !git; v++) git = cmdId(s.vInfo(v)) == Cmd.GIT;
  if (!git) return "";
  for (let i = 0; i < envKeys.length; i++) {
    const k = envKeys[i];
    if (k == "HOME" || k == "XDG_CONFIG_HOME") return "tool_input.env sets " + k;
  }
  for (let i = 0, n = s.envWords.length; i < n; i++) {
    const w = s.envWords.get(i);
    const len = envName(s, w);
    if (len <= 0) continue;
    const p = s.wordPtr(w);
    if (matches("HOME", p, len) || matches("XDG_CONFIG_HOME", p, len)) {
      return "the command sets " + String.UTF8.decodeUnsafe(p, <usize>len, false);
    }
  }
  return "";
}

/**
 * A key of tool_input.env that names a file git writes (GIT_TRACE…, GIT_INDEX_FILE), when the script runs git:
 * its value is not seen, so the file scopes cannot judge that write. The key, or "".
 */
export function gitFileFromEnv(s: Script, envKeys: Array<string>): string {
  if (envKeys.length == 0) return "";
  let git = false;
  for (let v = 0, n = s.viewCount; v < n && !git; v++) git = cmdId(s.vInfo(v)) == Cmd.GIT;
  if (!git) return "";
  for (let i = 0; i < envKeys.length; i++) {
    const k = envKeys[i];
    if (GIT_TRACE_VARIABLES.includes(k) || GIT_FILE_VARIABLES.includes(k)) return k;
  }
  return "";
}

/** The first variable the script sets that makes programs load code (its name, or a description), or "". */
export function codeVariableSet(s: Script): string {
  for (let i = 0, n = s.envWords.length; i < n; i++) {
    const w = s.envWords.get(i);
    const len = envName(s, w);
    // A name computed at run time (`export "$V"=…`, `read "$N"`) could be any of the list below.
    if (len < 0) return "a variable whose name is computed at run time";
    const p = s.wordPtr(w);
    if (len == 0) {
      // `env 'BASH_FUNC_x%%=() { …; }'` defines a function every bash child imports.
      if (startsLower(p, s.wordLen(w), "bash_func_")) return "BASH_FUNC_…";
      continue;
    }
    let hit = startsLower(p, len, NPM_CONFIG);
    const variables = codeVariables();
    for (let k = 0; !hit && k < variables.length; k++) hit = matches(variables[k], p, len);
    if (hit) return String.UTF8.decodeUnsafe(p, <usize>len, false);
  }
  return "";
}

// Options that run code the analysis cannot read, per command: each row's `refuses` entries, and the
// abbreviations of its `runsWhole` ones (whose whole spelling the walk reads as code), from the row and its
// subcommand rows (programs/). GNU getopt and npm's nopt take any unambiguous prefix of a long option, git's
// parse-options one of two letters, so a word that is a prefix of a listed option counts too; rows whose
// grammar spells long options whole (rg, clap) only match whole.
class CodeOptionList {
  /** Long spellings with their dashes ("--to-command"). */
  names: string[] = [];
  /** The walk reads the code of the whole spelling (CHECKED_WHOLE): only an abbreviation is refused here. */
  whole: bool[] = [];
  /**
   * The program's own options that spell the start of a listed one (tar `--checkpoint`, npm `--global`): made
   * from `row` the first time a word matches a listed option, since most calls never get that far and git's
   * subcommands alone have thousands of long options to compare.
   */
  own: string[] | null = null;
  row: ProgramRow | null = null;
  prefixes: bool = true;
  /** Options of one dash spelt whole (go's flag package), compared by goProgramOption. */
  singleDash: bool = false;
}

const lists = new StaticArray<CodeOptionList | null>(256);

function addRow(list: CodeOptionList, row: ProgramRow): void {
  const single = (row.grammar.style & Style.SINGLE_DASH_LONG) != 0;
  for (let i = 0; i < row.runsCode.length; i++) {
    const c = row.runsCode[i];
    if (c.handling == CodeHandling.CHECKED) continue;
    const parts = c.option.split(" ");
    for (let j = 0; j < parts.length; j++) {
      const o = parts[j];
      if (!(o.startsWith("--") || (single && o.length > 2))) continue; // short options: the walk's rules
      const at = list.names.indexOf(o);
      if (at < 0) { list.names.push(o); list.whole.push(c.handling == CodeHandling.CHECKED_WHOLE); }
      else if (c.handling == CodeHandling.REFUSED) list.whole[at] = false;
    }
  }
  for (let i = 0; i < row.subcommands.length; i++) addRow(list, row.subcommands[i]);
}

function addOwn(list: CodeOptionList, own: string[], row: ProgramRow): void {
  const t = longTable(row.grammar);
  for (let i = 0; i < t.names.length; i++) {
    const name = "--" + t.names[i];
    if (list.names.includes(name) || own.includes(name)) continue;
    for (let k = 0; k < list.names.length; k++) {
      if (list.names[k].length > name.length && list.names[k].startsWith(name)) { own.push(name); break; }
    }
  }
  for (let i = 0; i < row.subcommands.length; i++) addOwn(list, own, row.subcommands[i]);
}

/** list.own, made on first use. */
function ownOf(list: CodeOptionList): string[] {
  let own = list.own;
  if (own === null) {
    own = [];
    addOwn(list, own, changetype<ProgramRow>(list.row));
    list.own = own;
  }
  return own;
}

/** The ids with a list, as a cmdSet; fills `lists` from the rows. */
function codeOptionIds(): usize {
  const ids = new Array<i32>();
  const rows = programRows();
  for (let r = 0; r < rows.length; r++) {
    const id = rows[r].info & 0xff;
    if (id == 0) continue;
    const list = new CodeOptionList();
    addRow(list, rows[r]);
    if (list.names.length == 0) continue;
    list.row = rows[r];
    const style = rows[r].grammar.style;
    // git's rows say EXACT_LONG for how the walk reads its global options; parse-options takes abbreviations.
    list.prefixes = id == Cmd.GIT || (style & Style.EXACT_LONG) == 0;
    list.singleDash = (style & Style.SINGLE_DASH_LONG) != 0;
    lists[id] = list;
    ids.push(id);
  }
  // npx is `npm exec`: it reads npm's options.
  lists[Cmd.NPX] = lists[Cmd.NPM];
  if (lists[Cmd.NPX] !== null) ids.push(Cmd.NPX);
  return cmdSet(ids);
}

/**
 * The ids with a list (codeOptionIds), made by programOptionOf's first call; until then (0) the gate lets every
 * id through, so an instance that judges no command never builds the program rows.
 */
let readsProgramOptions: usize = 0;

/**
 * The option word in view v's argv that names a program to run, or -1. Inlined up to the view's id, which
 * settles most views (ls, echo, grep) without a call.
 */
// @ts-ignore: decorator
@inline export function programOption(s: Script, v: i32): i32 {
  const set = readsProgramOptions;
  return set == 0 || inCmdSet(set, s.vInfo(v)) ? programOptionOf(s, v) : -1;
}

/** programOption without the inlined test of the id (exported for the spec that compares the two). */
export function programOptionOf(s: Script, v: i32): i32 {
  if (readsProgramOptions == 0) readsProgramOptions = codeOptionIds(); // fills `lists`
  const id = cmdId(s.vInfo(v));
  const list = lists[id];
  if (list === null) return -1;
  const git = id == Cmd.GIT;
  const cmd = s.vCmd(v), start = s.vStart(v), end = s.vEnd(v);
  if (end <= start) return -1;
  if (list.singleDash) return goProgramOption(s, cmd, start, end, list.names);
  if (id == Cmd.MAKE) {
    const assignment = makeShellAssignment(s, cmd, start, end);
    if (assignment >= 0) return assignment;
  }
  // `git rebase --exec cmd` is parsed and checked as a command (wrappers.ts); its abbreviations are not.
  let rebase = false, clone = false;
  if (git) {
    for (let k = start + 1; k < end; k++) {
      const q = s.wordPtr(s.arg(cmd, k)), m = s.wordLen(s.arg(cmd, k));
      if (isName(q, m, "rebase")) rebase = true;
      if (isName(q, m, "clone") || isName(q, m, "submodule")) clone = true;
    }
  }
  const names = list.names;
  const shortest = git ? 4 : 5;
  for (let k = start + 1; k < end; k++) {
    const w = s.arg(cmd, k);
    const p = s.wordPtr(w), n = s.wordLen(w);
    if (n == 2 && load<u8>(p) == 0x2d && load<u8>(p + 1) == 0x2d) break; // `--`: operands follow
    if (git && n >= 2 && load<u8>(p) == 0x2d && load<u8>(p + 1) == 0x4f) return w; // grep -O<pager>
    if (git && gitCodeWord(p, n, clone)) return w;
    // git's parse-options takes a two-letter abbreviation (`rebase --ex`), GNU getopt and nopt three.
    if (n < shortest || load<u8>(p) != 0x2d || load<u8>(p + 1) != 0x2d) continue;
    let m = 0;
    while (m < n && load<u8>(p + <usize>m) != 0x3d) m++; // the option name ends at `=`
    let listed = false;
    for (let o = 0; o < names.length && !listed; o++) {
      const opt = names[o];
      if (m > opt.length || (!list.prefixes && m != opt.length) || (list.whole[o] && m == opt.length)) continue;
      // `git rebase --exec cmd`: the command is parsed and checked (wrappers.ts), not an abbreviation of --exec-path.
      if (rebase && m == 6) continue;
      let same = true;
      for (let i = 0; i < m; i++) {
        if (toLowerAscii(<u32>load<u8>(p + <usize>i)) != <u32>opt.charCodeAt(i)) { same = false; break; }
      }
      listed = same;
    }
    if (!listed) continue;
    // Options of their own that spell the start of a listed one are not abbreviations of it:
    // tar's `--checkpoint` (not `--checkpoint-action`), npm's `--global` (not `--globalconfig`; `npm ls --global`
    // and `npm ls -g` are the same call).
    const own = ownOf(list);
    let mine = false;
    for (let o = 0; o < own.length && !mine; o++) mine = isName(p, m, own[o]);
    if (!mine) return w;
  }
  return -1;
}

/**
 * git words that run code no option list shows: an `ext::` remote runs its command (`git clone 'ext::sh -c
 * …'`); `clone -c key=value` sets config for the new repository (core.sshCommand, core.hooksPath…);
 * `init --shared=0777` (or `all`/`world`/`everybody`) lets any local user plant hooks.
 */
function gitCodeWord(p: usize, n: i32, clone: bool): bool {
  if (startsLower(p, n, "ext::")) return true;
  if (clone && n >= 2 && load<u8>(p) == 0x2d && load<u8>(p + 1) == 0x63) return true; // -c, -ckey=value
  if (startsLower(p, n, "--shared=")) {
    const v = p + 9, m = n - 9;
    if (startsLower(v, m, "all") || startsLower(v, m, "world") || startsLower(v, m, "everybody")) return true;
    // An octal mode whose last digit lets others write (2, 3, 6, 7).
    const c = m > 0 ? <u32>load<u8>(v + <usize>(m - 1)) : 0;
    return m >= 3 && c >= 0x30 && c <= 0x37 && ((c - 0x30) & 2) != 0;
  }
  return false;
}

/** `go test -exec prog`, `go build -toolexec=prog`, `go vet -vettool prog`, `-overlay file`. */
function goProgramOption(s: Script, cmd: i32, start: i32, end: i32, names: string[]): i32 {
  for (let k = start + 1; k < end; k++) {
    const w = s.arg(cmd, k);
    let p = s.wordPtr(w), n = s.wordLen(w);
    if (n == 2 && load<u8>(p) == 0x2d && load<u8>(p + 1) == 0x2d) break;
    if (n > 2 && load<u8>(p) == 0x2d && load<u8>(p + 1) == 0x2d) { p++; n--; } // --exec is -exec
    let m = 0;
    while (m < n && load<u8>(p + <usize>m) != 0x3d) m++;
    for (let o = 0; o < names.length; o++) if (isName(p, m, names[o])) return w;
  }
  return -1;
}

/**
 * make runs code from its command line, not only from the makefile: a
 * variable assigned with `:=`/`::=` expands `$(shell …)` at once, `!=` runs
 * its value, `SHELL=`/`.SHELLFLAGS=` choose what runs recipes, `-E`/`--eval`
 * is makefile text, and `-f -` (or `/dev/fd/N`, `<( )`) reads a makefile we
 * cannot see. Denied: `!=`, a `$` in an assigned value, those variables, a
 * computed word (it may be any of these), `-E`, and such makefiles.
 */
// make variables that choose the shell recipes run in (`make SHELL=/tmp/x`, `.SHELLFLAGS='-c curl…|sh #'`).
const MAKE_VARIABLES = ["SHELL", ".SHELLFLAGS", "MAKESHELL"];

function makeShellAssignment(s: Script, cmd: i32, start: i32, end: i32): i32 {
  let options = true;
  for (let k = start + 1; k < end; k++) {
    const w = s.arg(cmd, k);
    const p = s.wordPtr(w), n = s.wordLen(w);
    if (!s.isStatic(w)) {
      // Only `-j$(nproc)`/`-l$N` may be computed: any other option could turn out to be `-E…` or `-f -`.
      const a = s.attrPtr(w);
      if (n < 3 || load<u8>(p) != 0x2d || load<u8>(a) == 2 || load<u8>(a + 1) == 2) return w;
      const letter = load<u8>(p + 1);
      if (letter != 0x6a && letter != 0x6c) return w;
      continue;
    }
    if (options && n == 2 && isName(p, 2, "--")) { options = false; continue; }
    if (options && n >= 2 && load<u8>(p) == 0x2d && load<u8>(p + 1) != 0x2d) {
      for (let j = 1; j < n; j++) {
        const c = <u32>load<u8>(p + <usize>j);
        if (c == 0x45) return w; // -E text
        if (c == 0x66) { // -f file
          if (j + 1 < n) { if (unseenMakefile(p + <usize>(j + 1), n - j - 1)) return w; }
          else if (k + 1 < end && unseenMakefileWord(s, s.arg(cmd, ++k))) return s.arg(cmd, k);
          break;
        }
        if (c == 0x43 || c == 0x49 || c == 0x6f || c == 0x57) { if (j + 1 == n) k++; break; } // -C -I -o -W take a value
      }
      continue;
    }
    if (options && n > 2 && load<u8>(p) == 0x2d) {
      let m = 0;
      while (m < n && load<u8>(p + <usize>m) != 0x3d) m++;
      if (isPrefixOf(p, m, "--file", 4) || isPrefixOf(p, m, "--makefile", 4)) {
        if (m < n) { if (unseenMakefile(p + <usize>(m + 1), n - m - 1)) return w; }
        else if (k + 1 < end && unseenMakefileWord(s, s.arg(cmd, k + 1))) return s.arg(cmd, k + 1);
      }
      continue;
    }
    // find's `{}` (or xargs -I{}) as an operand: a file name chosen at run time, which make reads as an
    // assignment if it holds `=` (`./X!=cmd` runs cmd).
    for (let i = 0; i + 1 < n; i++) if (load<u8>(p + <usize>i) == 0x7b && load<u8>(p + <usize>i + 1) == 0x7d) return w;
    let eq = 0;
    while (eq < n && load<u8>(p + <usize>eq) != 0x3d) eq++;
    if (eq == n) continue; // a target
    if (eq > 0 && load<u8>(p + <usize>eq - 1) == 0x21) return w; // NAME != command
    for (let i = eq + 1; i < n; i++) if (load<u8>(p + <usize>i) == 0x24) return w; // $(shell …), $(VAR)
    let name = eq;
    while (name > 0) {
      const c = load<u8>(p + <usize>name - 1);
      if (c != 0x3a && c != 0x2b && c != 0x3f && c != 0x20 && c != 0x09) break;
      name--;
    }
    let from = 0;
    while (from < name && (load<u8>(p + <usize>from) == 0x20 || load<u8>(p + <usize>from) == 0x09)) from++;
    if (startsLower(p + <usize>from, name - from, "override") && name - from > 8) {
      from += 8;
      while (from < name && (load<u8>(p + <usize>from) == 0x20 || load<u8>(p + <usize>from) == 0x09)) from++;
    }
    for (let i = from; i < name; i++) if (load<u8>(p + <usize>i) == 0x24) return w; // a computed name
    for (let o = 0; o < MAKE_VARIABLES.length; o++) if (isName(p + <usize>from, name - from, MAKE_VARIABLES[o])) return w;
  }
  return -1;
}

/** A makefile we cannot see: stdin, a /dev or /proc path (`/dev/fd/3`), or computed (`<( )`). */
function unseenMakefileWord(s: Script, w: i32): bool {
  return !s.isStatic(w) || (s.wordFlags(w) & WordFlag.SUBST) != 0 || unseenMakefile(s.wordPtr(w), s.wordLen(w));
}

function unseenMakefile(p: usize, n: i32): bool {
  return isName(p, n, "-") || startsLower(p, n, "/dev/") || startsLower(p, n, "/proc/");
}

/** Is (p, m) a prefix of `name` at least `min` bytes long (GNU getopt_long abbreviations)? */
function isPrefixOf(p: usize, m: i32, name: string, min: i32): bool {
  if (m < min || m > name.length) return false;
  for (let i = 0; i < m; i++) if (<u32>load<u8>(p + <usize>i) != <u32>name.charCodeAt(i)) return false;
  return true;
}

function isName(p: usize, n: i32, lit: string): bool {
  if (n != lit.length) return false;
  for (let i = 0; i < n; i++) if (<u32>load<u8>(p + <usize>i) != <u32>lit.charCodeAt(i)) return false;
  return true;
}

/** Exact match of (p, n) with an entry that may end in `*`. */
function matches(entry: string, p: usize, n: i32): bool {
  const m = entry.length;
  const star = m > 0 && entry.charCodeAt(m - 1) == 0x2a;
  const fixed = star ? m - 1 : m;
  if (star ? n < fixed : n != fixed) return false;
  for (let i = 0; i < fixed; i++) if (<u32>load<u8>(p + <usize>i) != <u32>entry.charCodeAt(i)) return false;
  return true;
}

/** (p, n) starts with the lowercase `lit`, in any case. */
function startsLower(p: usize, n: i32, lit: string): bool {
  if (n < lit.length) return false;
  for (let i = 0; i < lit.length; i++) if (toLowerAscii(<u32>load<u8>(p + <usize>i)) != <u32>lit.charCodeAt(i)) return false;
  return true;
}
