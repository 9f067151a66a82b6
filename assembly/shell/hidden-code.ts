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
import { Cmd, cmdId, cmdSet, inCmdSet } from "./programs";
import { toLowerAscii } from "../util/bytes";
import { programRows } from "./programs";

// Variable names are case-sensitive, except npm's: it reads npm_config_* in
// any case. A trailing `*` matches any rest. Variables whose value is one command line
// (GIT_SSH_COMMAND, EDITOR, …) are parsed and checked instead (walk.ts).
// Variables that act on whatever program runs (the loader, the shell's command lookup, bash's imported
// functions), and cargo's, which has no row; each program's own are its row's env column (programs/).
const ANY_PROGRAM_VARIABLES: string[] = [
  "BASH_FUNC_*", "LD_PRELOAD", "LD_LIBRARY_PATH", "LD_AUDIT", "DYLD_*", "PATH", "CDPATH",
  "RUSTC_WRAPPER", "RUSTC_WORKSPACE_WRAPPER", "CARGO_BUILD_RUSTC_WRAPPER", "CARGO_BUILD_RUSTC",
];
const CODE_VARIABLES = codeVariables();

/** ANY_PROGRAM_VARIABLES and every row's env column, each name once. */
function codeVariables(): string[] {
  const out = ANY_PROGRAM_VARIABLES.slice();
  const rows = programRows();
  for (let r = 0; r < rows.length; r++) {
    const names = rows[r].codeEnv.split(" ");
    for (let i = 0; i < names.length; i++) if (names[i].length > 0 && !out.includes(names[i])) out.push(names[i]);
  }
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
  for (let k = 0; k < CODE_VARIABLES.length; k++) if (matches(CODE_VARIABLES[k], p, len)) return true;
  for (let k = 0; k < COMMAND_LINE_VARIABLES.length; k++) if (matches(COMMAND_LINE_VARIABLES[k], p, len)) return true;
  return false;
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
    for (let k = 0; !hit && k < CODE_VARIABLES.length; k++) hit = matches(CODE_VARIABLES[k], p, len);
    if (hit) return String.UTF8.decodeUnsafe(p, <usize>len, false);
  }
  return "";
}

// Options that name a program to run, per command (basename). GNU getopt, git's
// parse-options and npm's nopt take any unambiguous prefix of a long option, so
// a word that is a prefix of one of these (at least `--` and three letters)
// counts too; rg (clap) takes whole names only.
const NPM_OPTIONS = ["--script-shell", "--node-options", "--userconfig", "--globalconfig", "--init-module",
  "--editor", "--browser", "--viewer", "--shell", "--onload-script"];
const TAR_OPTIONS = ["--to-command", "--checkpoint-action", "--use-compress-program", "--info-script",
  "--new-volume-script", "--rsh-command", "--rmt-command"];
// …of which the tar wrapper parses the full spellings as code (wrappers.ts), so only abbreviations are flagged here.
const TAR_PARSED = 5;
const SORT_OPTIONS = ["--compress-program"];
const RG_OPTIONS = ["--pre"];
const MAKE_OPTIONS = ["--eval"];
// --exec: rebase's command, and the remote program of archive/push/fetch-pack; grep -O runs a pager.
// --exec-path: where git finds its own programs; --git-dir/--work-tree (and clone/init --separate-git-dir,
// --template): a repository, its config and hooks, chosen elsewhere; instaweb --httpd and send-email
// --sendmail-cmd/--smtp-server (a path there is a program) run what they name; clone --config sets config.
const GIT_OPTIONS = ["--upload-pack", "--receive-pack", "--config-env", "--exec", "--open-files-in-pager",
  "--exec-path", "--git-dir", "--work-tree", "--separate-git-dir", "--template", "--httpd", "--sendmail-cmd",
  "--smtp-server", "--config"];
// go's flag package: one or two dashes, whole names only, `-exec=prog` or `-exec prog`.
const GO_OPTIONS = ["-exec", "-toolexec", "-vettool", "-overlay"];
// make variables that choose the shell recipes run in (`make SHELL=/tmp/x`, `.SHELLFLAGS='-c curl…|sh #'`).
const MAKE_VARIABLES = ["SHELL", ".SHELLFLAGS", "MAKESHELL"];

/** The options of command `id` that name a program (by the name table, names.ts, not by comparing names here), or null. */
function programOptions(id: i32): string[] | null {
  switch (id) {
    case Cmd.NPM: case Cmd.NPX: return NPM_OPTIONS;
    case Cmd.TAR: return TAR_OPTIONS;
    case Cmd.SORT: return SORT_OPTIONS;
    case Cmd.RG: return RG_OPTIONS;
    case Cmd.MAKE: return MAKE_OPTIONS;
    case Cmd.GIT: return GIT_OPTIONS;
    case Cmd.GO: return GO_OPTIONS;
  }
  return null; // most commands: their argv is not read at all
}

/** The ids programOptions has a list for, found by asking it about every id. */
function programOptionIds(): usize {
  const ids = new Array<i32>();
  for (let id = 0; id < 256; id++) if (programOptions(id) !== null) ids.push(id);
  return cmdSet(ids);
}

const READS_PROGRAM_OPTIONS = programOptionIds();

/**
 * The option word in view v's argv that names a program to run, or -1. Inlined up to the view's id, which
 * settles most views (ls, echo, grep) without a call.
 */
// @ts-ignore: decorator
@inline export function programOption(s: Script, v: i32): i32 {
  return inCmdSet(READS_PROGRAM_OPTIONS, s.vInfo(v)) ? programOptionOf(s, v) : -1;
}

/** programOption without the inlined test of the id (exported for the spec that compares the two). */
export function programOptionOf(s: Script, v: i32): i32 {
  const list = programOptions(cmdId(s.vInfo(v)));
  if (list === null) return -1;
  const prefixes = list != RG_OPTIONS;
  const parsed = list == TAR_OPTIONS ? TAR_PARSED : 0;
  const cmd = s.vCmd(v), start = s.vStart(v), end = s.vEnd(v);
  if (end <= start) return -1;
  if (list == GO_OPTIONS) return goProgramOption(s, cmd, start, end);
  if (list == MAKE_OPTIONS) {
    const assignment = makeShellAssignment(s, cmd, start, end);
    if (assignment >= 0) return assignment;
  }
  // `git rebase --exec cmd` is parsed and checked as a command (wrappers.ts); its abbreviations are not.
  let rebase = false, clone = false;
  if (list == GIT_OPTIONS) {
    for (let k = start + 1; k < end; k++) {
      const q = s.wordPtr(s.arg(cmd, k)), m = s.wordLen(s.arg(cmd, k));
      if (isName(q, m, "rebase")) rebase = true;
      if (isName(q, m, "clone") || isName(q, m, "submodule")) clone = true;
    }
  }
  for (let k = start + 1; k < end; k++) {
    const w = s.arg(cmd, k);
    const p = s.wordPtr(w), n = s.wordLen(w);
    if (n == 2 && load<u8>(p) == 0x2d && load<u8>(p + 1) == 0x2d) break; // `--`: operands follow
    if (list == GIT_OPTIONS && n >= 2 && load<u8>(p) == 0x2d && load<u8>(p + 1) == 0x4f) return w; // grep -O<pager>
    if (list == GIT_OPTIONS && gitCodeWord(p, n, clone)) return w;
    // git's parse-options takes a two-letter abbreviation (`rebase --ex`), GNU getopt and nopt three.
    if (n < (list == GIT_OPTIONS ? 4 : 5) || load<u8>(p) != 0x2d || load<u8>(p + 1) != 0x2d) continue;
    let m = 0;
    while (m < n && load<u8>(p + <usize>m) != 0x3d) m++; // the option name ends at `=`
    // Options of their own that spell the start of a listed one are not abbreviations of it:
    // tar's `--checkpoint` (not `--checkpoint-action`), npm's `--global` (not `--globalconfig`; `npm ls --global`
    // and `npm ls -g` are the same call).
    if (list == TAR_OPTIONS && m == 12 && isName(p, 12, "--checkpoint")) continue;
    if (list == NPM_OPTIONS && m == 8 && isName(p, 8, "--global")) continue;
    for (let o = 0; o < list.length; o++) {
      const opt = list[o];
      if (m > opt.length || (!prefixes && m != opt.length) || (o < parsed && m == opt.length)) continue;
      // `git rebase --exec cmd`: the command is parsed and checked (wrappers.ts), not an abbreviation of --exec-path.
      if (rebase && m == 6) continue;
      let same = true;
      for (let i = 0; i < m; i++) {
        if (toLowerAscii(<u32>load<u8>(p + <usize>i)) != <u32>opt.charCodeAt(i)) { same = false; break; }
      }
      if (same) return w;
    }
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
function goProgramOption(s: Script, cmd: i32, start: i32, end: i32): i32 {
  for (let k = start + 1; k < end; k++) {
    const w = s.arg(cmd, k);
    let p = s.wordPtr(w), n = s.wordLen(w);
    if (n == 2 && load<u8>(p) == 0x2d && load<u8>(p + 1) == 0x2d) break;
    if (n > 2 && load<u8>(p) == 0x2d && load<u8>(p + 1) == 0x2d) { p++; n--; } // --exec is -exec
    let m = 0;
    while (m < n && load<u8>(p + <usize>m) != 0x3d) m++;
    for (let o = 0; o < GO_OPTIONS.length; o++) if (isName(p, m, GO_OPTIONS[o])) return w;
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
