// The walker's lookups and checks as they were before their fast paths (state-builtins.ts,
// writes-then-runs.ts, programs/names.ts), kept here unchanged so the differential specs can compare
// every answer of the new code with the old one.
import { Script } from "../../shell/syntax/nodes";
import { Redir, WordFlag, writesFile } from "../../shell/syntax/tokens";
import { Cmd, Kind, cmdId, programRows } from "../../shell/programs";
import { basenameOffset, bytesIs, envName, indexOf, wordIs } from "../../shell/expand/argv";
import { overBudget, spend } from "../../util/budget";
import { ByteBuffer, toLowerAscii } from "../../util/bytes";
import { IntList } from "../../shell/syntax/nodes";
// Helpers the fast paths did not change are the shipped ones.
import { jobsOnly, namesOnly, setOptionsOnly } from "../../shell/interp/state-builtins";
import { checked, hasSlash, mayBeSameFile, npmWritesManifest, ranMessage, showName } from "../../shell/interp/writes-then-runs";
import { hasPrefix, versioned } from "../../shell/programs/names";

// ---- state-builtins.ts ----

/** Is view v one of the builtins above, used in one of the allowed forms? */
export function isStateBuiltinBefore(s: Script, v: i32): bool {
  const name = s.viewArg(v, 0);
  if (!s.isStatic(name)) return false;
  const p = s.wordPtr(name), n = s.wordLen(name);
  const argc = s.viewArgc(v);
  switch (n) {
    case 1:
      return bytesIs(p, n, ":") || bytesIs(p, n, "[");
    case 2:
      return bytesIs(p, n, "cd");
    case 3:
      return bytesIs(p, n, "set") ? setOptionsOnly(s, v, argc) : false;
    case 4:
      if (bytesIs(p, n, "wait")) return jobsOnly(s, v, argc);
      return bytesIs(p, n, "test") || bytesIs(p, n, "true") || bytesIs(p, n, "exit") || bytesIs(p, n, "popd");
    case 5:
      if (bytesIs(p, n, "false") || bytesIs(p, n, "shift") || bytesIs(p, n, "pushd")) return true;
      return bytesIs(p, n, "unset") ? namesOnly(s, v, argc, "-v", "-f", false) : false;
    case 6:
      if (bytesIs(p, n, "return")) return true;
      return bytesIs(p, n, "export") ? namesOnly(s, v, argc, "-n", "-p", true) : false;
  }
  return false;
}

// ---- writes-then-runs.ts ----

/** What loads a written file, by its name. */
const enum Loader { NONE = 0, GIT = 1, NPM = 2, MAKE = 3 }

/** The first written file that the command then runs or loads, described for a message, or "". */
export function writtenThenRunBefore(s: Script): string {
  for (let c = 0, n = s.commandCount; c < n && !overBudget(); c++) {
    // Output redirections.
    for (let k = 0, m = s.cRedirN(c); k < m && !overBudget(); k++) {
      const r = s.redirFlat.get(s.cRedir(c) + k);
      const op = s.wAux(r) & 0xff;
      if (writesFile(op)) {
        if (checked(s, r)) continue; // its text was judged as the script that runs (script-file.ts)
        const why = runs(s, r);
        if (why.length > 0) return why;
      }
    }
  }
  for (let v = 0, n = s.viewCount; v < n && !overBudget(); v++) {
    const argc = s.viewArgc(v);
    if (argc < 2) continue;
    const id = cmdId(s.vInfo(v));
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
    } else if (id == Cmd.NPM && npmWritesManifest(s, v, argc) && runsLoader(s, Loader.NPM)) {
      return "'" + showName(s, v) + "' changes package.json, whose scripts npm then runs";
    }
  }
  return "";
}

/** Does the command run or load the file named by word w? A description, or "". */
function runs(s: Script, w: i32): string {
  const p = s.wordPtr(w), n = s.wordLen(w);
  // A glob or brace target (`>> f*`) is a file the run may be, compared below; a computed one is not seen.
  if (n == 0 || (s.wordFlags(w) & WordFlag.DYNAMIC) != 0) return "";
  // Each written file is compared with every view: charged, so that many of both end in a budget denial.
  if (!spend(2 * <i64>s.viewCount)) return "";
  const loader = s.isStatic(w) ? loaderOf(s, w) : Loader.NONE;
  if (loader != Loader.NONE && runsLoader(s, loader)) {
    return "the command writes '" + String.UTF8.decodeUnsafe(p, <usize>n, false) + "', which " +
      (loader == Loader.GIT ? "git" : loader == Loader.NPM ? "npm" : "make") + " then loads";
  }
  for (let i = 0, m = s.stdinViews.length; i < m; i++) {
    if (mayBeSameFile(s, s.stdinFiles.get(i), w)) return ranMessage(s, w, s.stdinViews.get(i));
  }
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

/** The program that loads a file of this name. */
function loaderOf(s: Script, w: i32): Loader {
  const p = s.wordPtr(w), n = s.wordLen(w);
  const b = basenameOffset(p, n);
  const base = p + <usize>b, bn = n - b;
  if (bytesIs(base, bn, ".gitconfig") || bytesIs(base, bn, ".gitattributes") || bytesIs(base, bn, ".gitmodules")) return Loader.GIT;
  if (contains(p, n, ".git/") || contains(p, n, "git/config")) return Loader.GIT; // .git/config, .git/hooks/*, ~/.config/git/config
  if (bytesIs(base, bn, "package.json") || bytesIs(base, bn, ".npmrc") || bytesIs(base, bn, ".yarnrc") ||
    bytesIs(base, bn, ".yarnrc.yml") || bytesIs(base, bn, ".pnpmfile.cjs")) return Loader.NPM;
  if (bytesIs(base, bn, "Makefile") || bytesIs(base, bn, "makefile") || bytesIs(base, bn, "GNUmakefile")) return Loader.MAKE;
  return Loader.NONE;
}

/** Does some view run the program that loads files of this kind? */
function runsLoader(s: Script, loader: Loader): bool {
  for (let v = 0, n = s.viewCount; v < n; v++) {
    const id = cmdId(s.vInfo(v));
    if (loader == Loader.GIT && id == Cmd.GIT) return true;
    if (loader == Loader.NPM && (id == Cmd.NPM || id == Cmd.NPX)) return true;
    if (loader == Loader.MAKE && id == Cmd.MAKE) return true;
  }
  return false;
}

function contains(p: usize, n: i32, lit: string): bool {
  const m = lit.length;
  for (let i = 0; i + m <= n; i++) if (bytesIs(p + <usize>i, m, lit)) return true;
  return false;
}

// ---- programs/names.ts ----

const SLOTS: i32 = 1024;

class NameTable {
  names: ByteBuffer = new ByteBuffer(4096);
  offs: IntList = new IntList(256);
  lens: IntList = new IntList(256);
  infos: IntList = new IntList(256);
  slots: StaticArray<i32> = new StaticArray<i32>(SLOTS);

  add(name: string, info: i32): void {
    const off = this.names.length;
    this.names.appendString(name);
    const len = this.names.length - off;
    const e = this.infos.push(info);
    this.offs.push(off);
    this.lens.push(len);
    let h = hashLower(this.names.ptr + <usize>off, len) & (SLOTS - 1);
    while (this.slots[h] != 0) h = (h + 1) & (SLOTS - 1);
    this.slots[h] = e + 1;
  }

  find(ptr: usize, len: i32): i32 {
    let h = hashLower(ptr, len) & (SLOTS - 1);
    while (true) {
      const e = this.slots[h] - 1;
      if (e < 0) return 0;
      if (this.lens.get(e) == len && equalLower(ptr, this.names.ptr + <usize>this.offs.get(e), len)) {
        return this.infos.get(e);
      }
      h = (h + 1) & (SLOTS - 1);
    }
  }
}

function hashLower(p: usize, n: i32): i32 {
  let h: u32 = 2166136261;
  for (let i = 0; i < n; i++) {
    h ^= toLowerAscii(<u32>load<u8>(p + <usize>i));
    h *= 16777619;
  }
  return <i32>(h ^ (h >> 15));
}

function equalLower(a: usize, b: usize, n: i32): bool {
  for (let i = 0; i < n; i++) {
    if (toLowerAscii(<u32>load<u8>(a + <usize>i)) != toLowerAscii(<u32>load<u8>(b + <usize>i))) return false;
  }
  return true;
}

let table: NameTable | null = null;

function addAll(t: NameTable, names: string, info: i32): void {
  const parts = names.split(" ");
  for (let i = 0; i < parts.length; i++) t.add(parts[i], info);
}

/** The table of every name of every program row (programs/registry.ts): the rows are the one list. */
function build(): NameTable {
  const t = new NameTable();
  const rows = programRows();
  for (let i = 0; i < rows.length; i++) addAll(t, rows[i].names, rows[i].info);
  return t;
}

/** Name info (Cmd | Kind bits) for a command basename; 0 when unknown. */
export function commandInfoBefore(ptr: usize, len: i32): i32 {
  let t = table;
  if (t === null) { t = build(); table = t; }
  if (len <= 0) return 0;
  const info = t.find(ptr, len);
  if (info != 0) return info;
  // Versioned names: python3.12, perl5.36, ruby3.2, php8.2, lua5.4, node20, mkfs.ext4.
  if (hasPrefix(ptr, len, "mkfs")) return Cmd.MKFS;
  // A versioned name ends in a digit or a dot; most unknown names (grep, head) stop here.
  const last = <u32>load<u8>(ptr + <usize>len - 1);
  if (last != 0x2e && last - 0x30 >= 10) return 0;
  if (versioned(ptr, len, "python") || versioned(ptr, len, "pypy")) return Cmd.PYTHON | Kind.INTERP;
  if (versioned(ptr, len, "perl")) return Cmd.PERL | Kind.INTERP;
  if (versioned(ptr, len, "ruby")) return Cmd.RUBY | Kind.INTERP;
  if (versioned(ptr, len, "node")) return Cmd.NODE | Kind.INTERP;
  if (versioned(ptr, len, "php") || versioned(ptr, len, "lua")) return Cmd.INTERP_OTHER | Kind.INTERP;
  return 0;
}


// ---- expand/argv.ts ----

/** Offset of the basename in (p, n): after the last `/` (a trailing `/` is kept). */
export function basenameOffsetBefore(p: usize, n: i32): i32 {
  let i = n - 1;
  while (i > 0 && <u32>load<u8>(p + <usize>i - 1) != 0x2f) i--;
  return i < 0 ? 0 : i;
}

/** Index of the first `c` in (p, n), or -1. */
export function indexOfBefore(p: usize, n: i32, c: u32): i32 {
  for (let i = 0; i < n; i++) if (<u32>load<u8>(p + <usize>i) == c) return i;
  return -1;
}

// ---- programs/name-table.ts (through registry.ts) ----

let rowNames: string[] | null = null;
let rowIndexes: i32[] = [];

/** The index in programRows() of the last row with a name equal to (p, n), ASCII case-insensitive; -1 if none. */
export function rowIndexBefore(p: usize, n: i32): i32 {
  if (n <= 0 || n > 64) return -1;
  let names = rowNames;
  if (names === null) {
    names = [];
    const rows = programRows();
    for (let i = 0; i < rows.length; i++) {
      const parts = rows[i].names.split(" ");
      for (let j = 0; j < parts.length; j++) { names.push(parts[j]); rowIndexes.push(i); }
    }
    rowNames = names;
  }
  for (let i = names.length - 1; i >= 0; i--) {
    const name = names[i];
    if (name.length != n) continue;
    let same = true;
    for (let k = 0; k < n && same; k++) same = toLowerAscii(<u32>load<u8>(p + <usize>k)) == toLowerAscii(<u32>name.charCodeAt(k));
    if (same) return rowIndexes[i];
  }
  return -1;
}

// ---- interp/view-summary.ts: the bits as read from every view ----

/** git 2, npm/npx 4, make 8; 16 for a shell, `source` or a name with a `/`; 32 for ln, cp, mount. */
export function viewBitsBefore(s: Script): i32 {
  let bits = 0;
  for (let v = 0, n = s.viewCount; v < n; v++) {
    const id = cmdId(s.vInfo(v));
    if (id == Cmd.GIT) bits |= 2;
    if (id == Cmd.NPM || id == Cmd.NPX) bits |= 4;
    if (id == Cmd.MAKE) bits |= 8;
    const name = s.viewArg(v, 0);
    if (id == Cmd.SHELL || id == Cmd.SOURCE || indexOfBefore(s.wordPtr(name), s.wordLen(name), 0x2f) >= 0) bits |= 16;
    if (id == Cmd.LN || id == Cmd.CP || id == Cmd.MOUNT) bits |= 32;
  }
  return bits;
}
