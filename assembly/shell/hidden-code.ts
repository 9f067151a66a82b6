// Ways to make an allowed program run other code that no argv shows: an
// environment variable the program (or its loader) reads code or config from
// (`GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.fsmonitor … git status`,
// `npm_config_script_shell=/tmp/x npm test`, `LD_PRELOAD=…`, `BASH_ENV=…`), or
// an option that names a program to run (`npm test --script-shell=/tmp/x`,
// `tar --to-com=…` — GNU long options may be abbreviated —, `sort
// --compress-program=…`, `git ls-remote --upload-pack=…`). Found by a
// red-team review; each is code we cannot inspect, so the call is denied.

import { Script } from "./nodes";
import { envName } from "./argv";
import { Cmd, cmdId } from "./names";
import { toLowerAscii } from "../util/bytes";

// Variable names are case-sensitive, except npm's: it reads npm_config_* in
// any case. A trailing `*` matches any rest. Variables whose value is one command line
// (GIT_SSH_COMMAND, EDITOR, …) are parsed and checked instead (walk.ts).
const CODE_VARIABLES: string[] = [
  "GIT_CONFIG", "GIT_CONFIG_PARAMETERS", "GIT_CONFIG_COUNT", "GIT_CONFIG_KEY_*", "GIT_CONFIG_VALUE_*",
  "GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM", "GIT_EXEC_PATH", "GIT_TEMPLATE_DIR", "GIT_DIR",
  "NODE_OPTIONS", "BASH_ENV", "ENV", "SHELLOPTS", "BASHOPTS", "PS4", "BASH_FUNC_*",
  "LD_PRELOAD", "LD_LIBRARY_PATH", "LD_AUDIT", "DYLD_*", "PYTHONPATH", "PYTHONHOME", "PERL5OPT", "PERL5LIB",
  "PERLLIB", "RUBYOPT", "RUBYLIB", "PATH", "CDPATH", "MAKEFLAGS", "MFLAGS", "GNUMAKEFLAGS", "TAR_OPTIONS",
  "GOFLAGS", "RUSTC_WRAPPER", "RUSTC_WORKSPACE_WRAPPER", "CARGO_BUILD_RUSTC_WRAPPER", "CARGO_BUILD_RUSTC",
];
const NPM_CONFIG = "npm_config_";

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
const NPM_OPTIONS = ["--script-shell", "--node-options", "--userconfig", "--globalconfig"];
const TAR_OPTIONS = ["--to-command", "--checkpoint-action", "--use-compress-program", "--info-script",
  "--new-volume-script", "--rsh-command", "--rmt-command"];
// …of which the tar wrapper parses the full spellings as code (wrappers.ts), so only abbreviations are flagged here.
const TAR_PARSED = 5;
const SORT_OPTIONS = ["--compress-program"];
const RG_OPTIONS = ["--pre"];
const MAKE_OPTIONS = ["--eval"];
const GIT_OPTIONS = ["--upload-pack", "--receive-pack", "--config-env"];
// go's flag package: one or two dashes, whole names only, `-exec=prog` or `-exec prog`.
const GO_OPTIONS = ["-exec", "-toolexec", "-vettool", "-overlay"];
// make variables that choose the shell recipes run in (`make SHELL=/tmp/x`, `.SHELLFLAGS='-c curl…|sh #'`).
const MAKE_VARIABLES = ["SHELL", ".SHELLFLAGS", "MAKESHELL"];

/** The option word in argv[start, end) of `cmd` that names a program to run, or -1. */
export function programOption(s: Script, cmd: i32, start: i32, end: i32, info: i32): i32 {
  if (end <= start) return -1;
  let list: string[] | null = null;
  let prefixes = true;
  let parsed = 0;
  switch (cmdId(info)) { // by the name table (names.ts), not by comparing names here
    case Cmd.NPM: case Cmd.NPX: list = NPM_OPTIONS; break;
    case Cmd.TAR: list = TAR_OPTIONS; parsed = TAR_PARSED; break;
    case Cmd.SORT: list = SORT_OPTIONS; break;
    case Cmd.RG: list = RG_OPTIONS; prefixes = false; break;
    case Cmd.MAKE: {
      const assignment = makeShellAssignment(s, cmd, start, end);
      if (assignment >= 0) return assignment;
      list = MAKE_OPTIONS;
      break;
    }
    case Cmd.GIT: list = GIT_OPTIONS; break;
    case Cmd.GO: return goProgramOption(s, cmd, start, end);
    default: return -1;
  }
  if (list === null) return -1;
  for (let k = start + 1; k < end; k++) {
    const w = s.arg(cmd, k);
    const p = s.wordPtr(w), n = s.wordLen(w);
    if (n == 2 && load<u8>(p) == 0x2d && load<u8>(p + 1) == 0x2d) break; // `--`: operands follow
    if (n < 5 || load<u8>(p) != 0x2d || load<u8>(p + 1) != 0x2d) continue;
    let m = 0;
    while (m < n && load<u8>(p + <usize>m) != 0x3d) m++; // the option name ends at `=`
    if (list == TAR_OPTIONS && m == 12 && isName(p, 12, "--checkpoint")) continue; // an option of its own, not an abbreviation
    for (let o = 0; o < list.length; o++) {
      const opt = list[o];
      if (m > opt.length || (!prefixes && m != opt.length) || (o < parsed && m == opt.length)) continue;
      let same = true;
      for (let i = 0; i < m; i++) {
        if (toLowerAscii(<u32>load<u8>(p + <usize>i)) != <u32>opt.charCodeAt(i)) { same = false; break; }
      }
      if (same) return w;
    }
  }
  return -1;
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
 * A `make` operand assigning SHELL, .SHELLFLAGS or MAKESHELL (`NAME=`, `:=`,
 * `::=`, `+=`, `?=`, `!=`), or a makefile read from stdin (`-f -`,
 * `--file=/dev/stdin`): recipes we cannot see.
 */
function makeShellAssignment(s: Script, cmd: i32, start: i32, end: i32): i32 {
  for (let k = start + 1; k < end; k++) {
    const w = s.arg(cmd, k);
    const p = s.wordPtr(w), n = s.wordLen(w);
    if (isName(p, n, "-f") || isName(p, n, "--file") || isName(p, n, "--makefile")) {
      if (k + 1 < end && isStdinName(s, s.arg(cmd, k + 1))) return w;
      continue;
    }
    if ((n > 2 && isName(p, 2, "-f") && isStdinBytes(p + 2, n - 2)) ||
        (n > 7 && isName(p, 7, "--file=") && isStdinBytes(p + 7, n - 7)) ||
        (n > 11 && isName(p, 11, "--makefile=") && isStdinBytes(p + 11, n - 11))) return w;
    let m = 0;
    while (m < n && load<u8>(p + <usize>m) != 0x3d) m++;
    if (m == n) continue;
    let name = m;
    while (name > 0) {
      const c = load<u8>(p + <usize>name - 1);
      if (c != 0x3a && c != 0x2b && c != 0x3f && c != 0x21 && c != 0x20) break;
      name--;
    }
    let from = 0;
    while (from < name && load<u8>(p + <usize>from) == 0x20) from++;
    if (startsLower(p + <usize>from, name - from, "override ")) from += 9;
    for (let o = 0; o < MAKE_VARIABLES.length; o++) if (isName(p + <usize>from, name - from, MAKE_VARIABLES[o])) return w;
  }
  return -1;
}

function isStdinName(s: Script, w: i32): bool {
  return isStdinBytes(s.wordPtr(w), s.wordLen(w));
}

function isStdinBytes(p: usize, n: i32): bool {
  return isName(p, n, "-") || isName(p, n, "/dev/stdin") || isName(p, n, "/dev/fd/0") || isName(p, n, "/proc/self/fd/0");
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
