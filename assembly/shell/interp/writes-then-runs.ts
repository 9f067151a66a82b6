// A command that writes a file and runs what loads it: the code that runs is
// what was written, which no argv shows. `echo 'rm -rf /' > f; bash f`,
// `. ./f`, `./f`; git config, hooks and attributes (`>> .git/config; git
// log`, `> .git/hooks/pre-commit; git commit`); npm's package.json and .npmrc
// (`> package.json; npm test`, `npm pkg set scripts.test=…; npm test`); a
// makefile before make, or one `make -f` names; a config `ssh -F` names; a
// shell's start-up file (`~/.bashrc`) before a shell. Writes seen: output redirections, `tee`, the target of
// `cp`/`mv`, `npm pkg set|delete` and `npm set-script`. Denied whenever both
// are in the command (a loop or a function can put the run after the write).
//
// A static here-document written by `cat > f` and run as a shell script is
// judged as that script instead (script-file.ts).
//
// Not seen: a target computed at run time (`> "$F"`), files written by other
// programs (`sed -i`, `python -c`, `git apply`), and a file written by one
// tool call and run by the next — an allowed interpreter runs whatever its
// file holds (`bash build.sh`).

import { Script, viewRowArgc, viewRowInfo } from "../syntax/nodes";
import { Attr, WordFlag, writesFile } from "../syntax/tokens";
import { Cmd, cmdId } from "../programs";
import { basenameOffset, bytesIs, indexOf } from "../expand/argv";
import { ViewBits, bitsOfView, viewBits } from "./view-summary";
import { overBudget, spend } from "../../util/budget";

/** What loads a written file, by its name. */
const enum Loader { NONE = 0, GIT = 1, NPM = 2, MAKE = 3 }

/**
 * The programs whose views write a file named in their argv (tee, cp, mv, npm), as bits of their Cmd id less
 * Cmd.CP (every one of them within 64 of it): one shift and test per view.
 */
const WRITERS: u64 = (<u64>1 << <u64>(Cmd.CP - Cmd.CP)) | (<u64>1 << <u64>(Cmd.MV - Cmd.CP)) | (<u64>1 << <u64>(Cmd.TEE - Cmd.CP)) |
  (<u64>1 << <u64>(Cmd.NPM - Cmd.CP));

/** The first written file that the command then runs or loads, described for a message, or "". */
export function writtenThenRun(s: Script): string {
  summary = -1;
  // Output redirections, in command order: the walk flattens the commands in order, each command's
  // redirections side by side in redirFlat, so one pass over it meets them as a loop over the commands would
  // (a command not flattened has none), without a look at every command that has none.
  const redirs = s.redirFlat;
  for (let k = 0, m = redirs.length; k < m && !overBudget(); k++) {
    const r = redirs.get(k);
    const op = s.wAux(r) & 0xff;
    if (writesFile(op)) {
      if (checked(s, r)) continue; // its text was judged as the script that runs (script-file.ts)
      const why = runs(s, r);
      if (why.length > 0) return why;
    }
  }
  for (let v = 0, n = s.viewCount; v < n && !overBudget(); v++) {
    // The program first, from the view's row read once: most views write nothing, whatever their argc.
    const row = s.viewRow(v);
    const id = cmdId(viewRowInfo(row));
    const bit = <u32>(id - Cmd.CP);
    if (bit >= 64 || ((WRITERS >> <u64>bit) & 1) == 0) continue;
    const argc = viewRowArgc(row);
    if (argc < 2) continue;
    if (id == Cmd.TEE) {
      for (let k = 1; k < argc; k++) {
        const w = s.viewArg(v, k);
        if (s.wordLen(w) > 0 && load<u8>(s.wordPtr(w)) == 0x2d) continue;
        const why = runs(s, w);
        if (why.length > 0) return why;
      }
    } else if (id == Cmd.CP || id == Cmd.MV) {
      const why = runs(s, s.viewArg(v, argc - 1));
      if (why.length > 0) return why;
    } else if (id == Cmd.NPM && npmWritesManifest(s, v, argc) && (summaryOf(s) & RUNS_NPM) != 0) {
      return "'" + showName(s, v) + "' changes package.json, whose scripts npm then runs";
    }
  }
  return "";
}

export function checked(s: Script, r: i32): bool {
  for (let i = 0, n = s.checkedWrites.length; i < n; i++) if (s.checkedWrites.get(i) == r) return true;
  return false;
}

/** Does the command run or load the file named by word w? A description, or "". */
function runs(s: Script, w: i32): string {
  const p = s.wordPtr(w), n = s.wordLen(w);
  // A glob or brace target (`>> f*`) is a file the run may be, compared below; a computed one is not seen.
  if (n == 0 || (s.wordFlags(w) & WordFlag.DYNAMIC) != 0) return "";
  // Each written file is compared with every view: charged, so that many of both end in a budget denial.
  if (!spend(2 * <i64>s.viewCount)) return "";
  const sum = summaryOf(s);
  // Only a view that runs git, npm or make loads a file by its name; only a name with a `/`, a shell or
  // `source` runs one: most scripts have none of them, and no written file is compared with their views.
  if ((sum & RUNS_LOADER) != 0 && s.isStatic(w)) {
    const loader = loaderOf(s, w);
    if (loader != Loader.NONE && (sum & (1 << loader)) != 0) {
      return "the command writes '" + String.UTF8.decodeUnsafe(p, <usize>n, false) + "', which " +
        (loader == Loader.GIT ? "git" : loader == Loader.NPM ? "npm" : "make") + " then loads";
    }
  }
  // `bash < f`, `bash 3< f <&3`: the written file as the shell's stdin.
  for (let i = 0, m = s.stdinViews.length; i < m; i++) {
    if (mayBeSameFile(s, s.stdinFiles.get(i), w)) return ranMessage(s, w, s.stdinViews.get(i));
  }
  const loaded = loadedByName(s, w);
  if (loaded.length > 0) return loaded;
  if ((sum & RUNS_FILE) == 0) return "";
  for (let v = 0, m = s.viewCount; v < m; v++) {
    const argc = s.viewArgc(v);
    const name = s.viewArg(v, 0);
    // `./f`, `/tmp/f`: the written file as the command.
    if (hasSlash(s, name) && mayBeSameFile(s, name, w)) return ranMessage(s, w, v);
    // `bash f`, `sh ./f`, `. f`, `source f`: the first operand that is not an option.
    const id = cmdId(s.vInfo(v));
    if (id != Cmd.SHELL && id != Cmd.SOURCE) continue;
    for (let k = 1; k < argc; k++) {
      const a = s.viewArg(v, k);
      if (s.wordLen(a) > 0 && load<u8>(s.wordPtr(a)) == 0x2d && id == Cmd.SHELL) {
        if (s.wordLen(a) == 2 && load<u8>(s.wordPtr(a) + 1) == 0x63) break; // -c: the code is the operand, seen
        continue;
      }
      if (mayBeSameFile(s, a, w)) return ranMessage(s, w, v);
      break;
    }
  }
  return "";
}

/**
 * A program told to load the written file by an option (`make -f F`, `make --file=F`, `ssh -F F`, `ssh -o
 * Include=F`), or a shell that reads it at start-up (`~/.bashrc` with `bash -i`, `~/.profile` with `bash -l`,
 * `~/.zshenv` with any zsh). A description, or "".
 */
function loadedByName(s: Script, w: i32): string {
  const startup = isShellStartupFile(s, w);
  for (let v = 0, m = s.viewCount; v < m; v++) {
    const id = cmdId(s.vInfo(v));
    if (id == Cmd.MAKE || id == Cmd.SSH || id == Cmd.SCP) {
      if (namesFileInOptions(s, v, w, id == Cmd.MAKE ? 0x66 : 0x46)) {
        return "the command writes '" + wordText(s, w) + "', which '" + showName(s, v) + "' then loads as code";
      }
    } else if (startup && (id == Cmd.SHELL || id == Cmd.SU || id == Cmd.SCRIPT)) {
      // Which start-up files a shell reads depends on -i, -l, a login via su, and the shell: any of them counts.
      return "the command writes '" + wordText(s, w) + "', which the shell '" + showName(s, v) + "' may run at start-up";
    }
  }
  return "";
}

/**
 * Does an argument of view v name the file w: as a word of its own (the value of `-f F`; a target of the same
 * name counts too), after the option letter `letter` in a cluster (`-fF`, `-sfF`), after `=` (`--file=F`,
 * `--makefile=F`, an abbreviation, `-o Include=F`) or after a space (`-o 'Include F'`)?
 */
function namesFileInOptions(s: Script, v: i32, w: i32, letter: u8): bool {
  for (let k = 1, argc = s.viewArgc(v); k < argc; k++) {
    const a = s.viewArg(v, k);
    if (!s.isStatic(a)) continue;
    if (samePath(s, a, w)) return true;
    const p = s.wordPtr(a), n = s.wordLen(a);
    const cluster = n >= 2 && load<u8>(p) == 0x2d && load<u8>(p + 1) != 0x2d;
    for (let j = 0; j < n; j++) {
      const c = load<u8>(p + <usize>j);
      if ((cluster && c == letter) || c == 0x3d || c == 0x20) {
        if (samePathAt(s, a, j + 1, w)) return true;
      }
    }
  }
  return false;
}

/** Word a from byte `off` and word b name the same file, with leading `./` segments dropped. */
function samePathAt(s: Script, a: i32, off: i32, b: i32): bool {
  let pa = s.wordPtr(a) + <usize>off, na = s.wordLen(a) - off, pb = s.wordPtr(b), nb = s.wordLen(b);
  while (na > 2 && load<u16>(pa) == 0x2f2e) { pa += 2; na -= 2; }
  while (nb > 2 && load<u16>(pb) == 0x2f2e) { pb += 2; nb -= 2; }
  return na > 0 && na == nb && memory.compare(pa, pb, <usize>na) == 0;
}

/** The start-up files of bash, sh, zsh and ksh, by their basename (wherever they are: HOME may be moved). */
function isShellStartupFile(s: Script, w: i32): bool {
  const p = s.wordPtr(w), n = s.wordLen(w);
  const b = basenameOffset(p, n);
  const base = p + <usize>b, bn = n - b;
  if (bn < 6 || load<u8>(base) != 0x2e) return false;
  for (let i = 0; i < SHELL_STARTUP_FILES.length; i++) if (bytesIs(base, bn, SHELL_STARTUP_FILES[i])) return true;
  return false;
}

const SHELL_STARTUP_FILES: StaticArray<string> = [
  ".bashrc", ".bash_profile", ".bash_login", ".bash_logout", ".profile", ".shrc", ".kshrc", ".mkshrc",
  ".zshenv", ".zshrc", ".zprofile", ".zlogin", ".zlogout",
];

function wordText(s: Script, w: i32): string {
  return String.UTF8.decodeUnsafe(s.wordPtr(w), <usize>s.wordLen(w), false);
}

export function ranMessage(s: Script, w: i32, v: i32): string {
  return "the command writes '" + String.UTF8.decodeUnsafe(s.wordPtr(w), <usize>s.wordLen(w), false) +
    "' and runs it ('" + showName(s, v) + "'), so what runs cannot be checked";
}

export function showName(s: Script, v: i32): string {
  const w = s.viewArg(v, 0);
  let out = String.UTF8.decodeUnsafe(s.wordPtr(w), <usize>s.wordLen(w), false);
  if (s.viewArgc(v) > 1) {
    const a = s.viewArg(v, 1);
    out += " " + String.UTF8.decodeUnsafe(s.wordPtr(a), <usize>s.wordLen(a), false);
  }
  return out;
}

/** The program that loads a file of this name. */
function loaderOf(s: Script, w: i32): Loader {
  const p = s.wordPtr(w), n = s.wordLen(w);
  const b = basenameOffset(p, n);
  const base = p + <usize>b, bn = n - b;
  // Every name below starts with `.`, `p`, `M`, `m` or `G` and is 6 to 14 bytes long.
  const c = bn > 0 ? <u32>load<u8>(base) : 0;
  const named = bn >= 6 && bn <= 14 && (c == 0x2e || c == 0x70 || c == 0x4d || c == 0x6d || c == 0x47);
  if (named && (bytesIs(base, bn, ".gitconfig") || bytesIs(base, bn, ".gitattributes") || bytesIs(base, bn, ".gitmodules"))) return Loader.GIT;
  // .git/config, .git/hooks/*, ~/.config/git/config: `git/` ends at a `/`, so it is in the directories (before
  // b) or ends the name (basenameOffset counts a last `/` as the basename's): most names have neither.
  const end = n > 0 && load<u8>(p + <usize>n - 1) == 0x2f ? n : b;
  if (end > 0 && gitPath(p, n, end)) return Loader.GIT;
  if (!named) return Loader.NONE;
  if (bytesIs(base, bn, "package.json") || bytesIs(base, bn, ".npmrc") || bytesIs(base, bn, ".yarnrc") ||
    bytesIs(base, bn, ".yarnrc.yml") || bytesIs(base, bn, ".pnpmfile.cjs")) return Loader.NPM;
  if (bytesIs(base, bn, "Makefile") || bytesIs(base, bn, "makefile") || bytesIs(base, bn, "GNUmakefile")) return Loader.MAKE;
  return Loader.NONE;
}

/**
 * Does (p, n) contain `.git/` or `git/config`? Both hold `git/`: one scan for it, four bytes a load, over the
 * first `end` bytes, which hold every `/` of the name.
 */
export function gitPath(p: usize, n: i32, end: i32): bool {
  for (let i = 0; i + 4 <= end; i++) {
    if (load<u32>(p + <usize>i) != 0x2f746967) continue; // "git/"
    if (i > 0 && load<u8>(p + <usize>i - 1) == 0x2e) return true;
    if (i + 10 <= n && load<u32>(p + <usize>i, 4) == 0x666e6f63 && load<u16>(p + <usize>i, 8) == 0x6769) return true; // "conf" "ig"
  }
  return false;
}

// What the views of the script run, as bits (view-summary.ts): the loaders (bit 1 << Loader), and whether
// a view may run a file by its path (its name has a `/`, or it is a shell or `source`). Noted by the walk;
// computed here, once per writtenThenRun on the first written file, when the walk did not note every view.
const RUNS_GIT = ViewBits.RUNS_GIT, RUNS_NPM = ViewBits.RUNS_NPM, RUNS_MAKE = ViewBits.RUNS_MAKE;
const RUNS_LOADER = RUNS_GIT | RUNS_NPM | RUNS_MAKE;
const RUNS_FILE = ViewBits.RUNS_FILE;

/** This script's RUNS_* bits; -1 until the first written file asks. */
let summary: i32 = -1;

function summaryOf(s: Script): i32 {
  let sum = summary;
  if (sum >= 0) return sum;
  sum = viewBits(s);
  if (sum < 0) sum = summaryOfViews(s);
  sum &= RUNS_LOADER | RUNS_FILE;
  summary = sum;
  return sum;
}

/** The RUNS_* bits read from every view (exported for the spec that compares them with the walk's). */
export function summaryOfViews(s: Script): i32 {
  let sum = 0;
  for (let v = 0, n = s.viewCount; v < n; v++) {
    sum |= bitsOfView(s.vInfo(v), false);
    if ((sum & RUNS_FILE) == 0 && hasSlash(s, s.viewName(v))) sum |= RUNS_FILE;
  }
  return sum & (RUNS_LOADER | RUNS_FILE);
}

/** `npm pkg set …`, `npm pkg delete …`, `npm set-script …`: a change to package.json. */
export function npmWritesManifest(s: Script, v: i32, argc: i32): bool {
  const sub = s.viewArg(v, 1);
  if (bytesIs(s.wordPtr(sub), s.wordLen(sub), "set-script")) return true;
  if (!bytesIs(s.wordPtr(sub), s.wordLen(sub), "pkg") || argc < 3) return false;
  const op = s.viewArg(v, 2);
  return !(bytesIs(s.wordPtr(op), s.wordLen(op), "get"));
}

export function hasSlash(s: Script, w: i32): bool {
  return indexOf(s.wordPtr(w), s.wordLen(w), 0x2f) >= 0;
}

/**
 * Could run word `run` and written word `written` (static) name the same file? The directory part is not
 * compared: a `cd` between them, `/workspace/f`, `out/../f` and `~/…` all spell one file several ways. So the
 * last segments are compared: equal, either a glob or brace (`f*`, `[f]`, `{f,g}`), `.`/`..`, or the run's computed at run time
 * (`"$PWD/f"`) count as the same file.
 */
export function mayBeSameFile(s: Script, run: i32, written: i32): bool {
  const pr = s.wordPtr(run), nr = s.wordLen(run), pw = s.wordPtr(written), nw = s.wordLen(written);
  const br = lastSegment(pr, nr), bw = lastSegment(pw, nw);
  const a = s.attrPtr(run);
  for (let i = br; i < nr; i++) if (load<u8>(a + <usize>i) == Attr.EXPANSION) return true;
  if (((s.wordFlags(run) | s.wordFlags(written)) & (WordFlag.GLOB | WordFlag.BRACE)) != 0) return true;
  const lr = nr - br, lw = nw - bw;
  if (lr == 0 || lw == 0 || dots(pr + <usize>br, lr) || dots(pw + <usize>bw, lw)) return true;
  return lr == lw && memory.compare(pr + <usize>br, pw + <usize>bw, <usize>lr) == 0;
}

/** Where the last path segment of (p, n) starts, trailing slashes left out of it. */
function lastSegment(p: usize, n: i32): i32 {
  let end = n;
  while (end > 1 && load<u8>(p + <usize>end - 1) == 0x2f) end--;
  let i = end;
  while (i > 0 && load<u8>(p + <usize>i - 1) != 0x2f) i--;
  return i;
}

/** `.` or `..` (a segment that names a directory by where it is). */
function dots(p: usize, n: i32): bool {
  return (n == 1 && load<u8>(p) == 0x2e) || (n == 2 && load<u16>(p) == 0x2e2e);
}

/** The same file, with leading `./` segments dropped (`f`, `./f`, `././f`). */
export function samePath(s: Script, a: i32, b: i32): bool {
  if (!s.isStatic(a)) return false;
  let pa = s.wordPtr(a), na = s.wordLen(a), pb = s.wordPtr(b), nb = s.wordLen(b);
  while (na > 2 && load<u16>(pa) == 0x2f2e) { pa += 2; na -= 2; }
  while (nb > 2 && load<u16>(pb) == 0x2f2e) { pb += 2; nb -= 2; }
  return na == nb && memory.compare(pa, pb, <usize>na) == 0;
}
