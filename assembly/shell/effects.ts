// What a command reads, writes, deletes and contacts: each simple command run
// (every view: `sudo cat f` is checked as `cat f` too) is matched with its
// program's effects row (programs/), whose rules pick operands and option
// values out of its words; every output and input redirection of the parsed
// script adds a write or a read. The list is plain data: where each path
// resolves and whether it is allowed is the policy's business
// (policy/command-scopes.ts).
//
// Also found here: runs of programs whose effects cannot be known — an
// interpreter running a script or inline code, `npm run`, `make`, `npx` —
// which no scope can bind.

import { ByteBuffer, toLowerAscii } from "../util/bytes";
import { IntList, Script } from "./nodes";
import { Redir } from "./tokens";
import { basenameOffset, bytesIs } from "./argv";
import { ScopeEffectFrom, ScopeEffectKind, EffectRow, ScopeEffectRule, effectRowOf } from "./programs";

export { ScopeEffectKind } from "./programs";

/** One effect: what (kind), done by which view (-1: a redirection of command `cmd`), on which text. */
export class EffectList {
  kind: IntList = new IntList(16);
  view: IntList = new IntList(16);
  cmd: IntList = new IntList(16);
  /** The word holding the text (-1: a fixed path, `fixed[fixedIndex]`), and the text's bytes [start, end) in it. */
  word: IntList = new IntList(16);
  start: IntList = new IntList(16);
  end: IntList = new IntList(16);
  fixedIndex: IntList = new IntList(16);
  fixed: Array<string> = [];
  /** For CONTACT: the subcommand named it (git push to a local path writes there). */
  sub: Array<string> = [];
  /** Views running code whose effects cannot be known (an interpreter and its script, npm run, make, npx). */
  unbound: IntList = new IntList(4);

  reset(): void {
    this.kind.reset(); this.view.reset(); this.cmd.reset(); this.word.reset();
    this.start.reset(); this.end.reset(); this.fixedIndex.reset();
    this.fixed.length = 0; this.sub.length = 0;
    this.unbound.reset();
  }

  // @ts-ignore: decorator
  @inline get count(): i32 {
    return this.kind.length;
  }

  add(kind: ScopeEffectKind, view: i32, cmd: i32, word: i32, start: i32, end: i32, sub: string): void {
    this.kind.push(<i32>kind); this.view.push(view); this.cmd.push(cmd);
    this.word.push(word); this.start.push(start); this.end.push(end); this.fixedIndex.push(-1);
    this.sub.push(sub);
  }

  addFixed(kind: ScopeEffectKind, view: i32, cmd: i32, path: string): void {
    this.kind.push(<i32>kind); this.view.push(view); this.cmd.push(cmd);
    this.word.push(-1); this.start.push(0); this.end.push(0); this.fixedIndex.push(this.fixed.length);
    this.fixed.push(path);
    this.sub.push("");
  }
}

/** A command's words as its row's option grammar reads them. */
class ParsedArgs {
  subcommand: string = "";
  operands: IntList = new IntList(8);
  /** Per option given: its name (`-o`, `--output`), and its value's word and start (-1: no value). */
  names: Array<string> = [];
  valueWord: IntList = new IntList(8);
  valueStart: IntList = new IntList(8);

  reset(): void {
    this.subcommand = "";
    this.operands.reset();
    this.names.length = 0;
    this.valueWord.reset(); this.valueStart.reset();
  }

  option(name: string, word: i32, start: i32): void {
    this.names.push(name);
    this.valueWord.push(word);
    this.valueStart.push(start);
  }

  /** Is one of the space-separated options given (`!…`: none of them)? */
  given(list: string): bool {
    if (list.length == 0) return true;
    const negate = list.charCodeAt(0) == 0x21;
    for (let i = 0; i < this.names.length; i++) {
      if (listHas(list, negate ? 1 : 0, this.names[i])) return !negate;
    }
    return negate;
  }
}

// Allocation-free helpers for the option grammar (a decision makes no string per option it reads).

/** Is `name` one of the space-separated words of `list` from `from` on? */
function listHas(list: string, from: i32, name: string): bool {
  const m = list.length, n = name.length;
  let i = from;
  while (i < m) {
    let j = i;
    while (j < m && list.charCodeAt(j) != 0x20) j++;
    if (j - i == n) {
      let k = 0;
      while (k < n && list.charCodeAt(i + k) == name.charCodeAt(k)) k++;
      if (k == n) return true;
    }
    i = j + 1;
  }
  return false;
}

/** "-a", "-b", …: a short option's name, made once per byte. */
const SHORT_NAMES: Array<string> = [];
function shortName(c: u32): string {
  if (c >= 128) return "-" + String.fromCharCode(c);
  if (SHORT_NAMES.length == 0) for (let i = 0; i < 128; i++) SHORT_NAMES.push("-" + String.fromCharCode(i));
  return SHORT_NAMES[c];
}

function hasChar(list: string, c: u32): bool {
  for (let i = 0, n = list.length; i < n; i++) if (<u32>list.charCodeAt(i) == c) return true;
  return false;
}

const args = new ParsedArgs();
const nameBuf = new ByteBuffer(32);

/** Fill `out` with the effects of script s. */
export function collectEffects(s: Script, out: EffectList): void {
  out.reset();
  for (let c = 0, n = s.commandCount; c < n; c++) addRedirections(s, c, out);
  for (let v = 0, n = s.viewCount; v < n; v++) {
    const argc = s.viewArgc(v);
    if (argc == 0) continue;
    const nameWord = s.viewArg(v, 0);
    if (!s.isStatic(nameWord)) continue; // a name computed at run time is denied by allowed_commands
    const name = lowerBasename(s, nameWord);
    if (isUnbound(s, v, name, argc)) out.unbound.push(v);
    const row = effectRowOf(name);
    if (row === null) continue;
    parseArgs(s, v, row!, args);
    for (let i = 0; i < row!.effects.length; i++) applyRule(s, v, row!.effects[i], args, out);
  }
}

function addRedirections(s: Script, c: i32, out: EffectList): void {
  for (let k = 0, m = s.cRedirN(c); k < m; k++) {
    const r = s.redirFlat.get(s.cRedir(c) + k);
    const op = s.wAux(r) & 0xff;
    const n = s.wordLen(r);
    if (op == Redir.DUP_IN || op == Redir.DUP_OUT) {
      // `>&2`, `<&0`, `>&-`: a file descriptor, not a file (`>& file` is a file, as `&>` is).
      if (n == 0 || isDigitsOrDash(s, r)) continue;
    }
    if (op == Redir.IN || op == Redir.READ_WRITE || op == Redir.DUP_IN) out.add(ScopeEffectKind.READ, -1, c, r, 0, n, "");
    if (op == Redir.OUT || op == Redir.APPEND || op == Redir.CLOBBER || op == Redir.ALL_OUT || op == Redir.ALL_APPEND ||
      op == Redir.READ_WRITE || op == Redir.DUP_OUT) out.add(ScopeEffectKind.WRITE, -1, c, r, 0, n, "");
  }
}

function isDigitsOrDash(s: Script, w: i32): bool {
  if (!s.isStatic(w)) return false;
  const p = s.wordPtr(w), n = s.wordLen(w);
  for (let i = 0; i < n; i++) {
    const c = <u32>load<u8>(p + <usize>i);
    if (!(c - 0x30 < 10 || (c == 0x2d && i == n - 1))) return false;
  }
  return true;
}

function lowerBasename(s: Script, w: i32): string {
  const p = s.wordPtr(w), n = s.wordLen(w);
  const b = basenameOffset(p, n);
  nameBuf.reset();
  for (let i = b; i < n; i++) nameBuf.push(<u8>toLowerAscii(<u32>load<u8>(p + <usize>i)));
  return nameBuf.toString();
}

function wordText(s: Script, w: i32, from: i32): string {
  return String.UTF8.decodeUnsafe(s.wordPtr(w) + <usize>from, <usize>(s.wordLen(w) - from), false);
}

/** Operands, options and their values of view v, by the row's grammar (GNU: options may follow operands). */
function parseArgs(s: Script, v: i32, row: EffectRow, out: ParsedArgs): void {
  out.reset();
  const argc = s.viewArgc(v);
  if (row.singleDash) { parseFind(s, v, row, out); return; }
  let optionsEnd = false;
  for (let k = 1; k < argc; k++) {
    const w = s.viewArg(v, k);
    const p = s.wordPtr(w), n = s.wordLen(w);
    const dash = n > 1 && load<u8>(p) == 0x2d;
    if (optionsEnd || !dash) {
      if (row.subcommands && out.subcommand.length == 0 && out.operands.length == 0 && s.isStatic(w)) {
        out.subcommand = wordText(s, w, 0);
        continue;
      }
      out.operands.push(w);
      continue;
    }
    if (n == 2 && load<u8>(p + 1) == 0x2d) { optionsEnd = true; continue; }
    if (load<u8>(p + 1) == 0x2d) {
      let eq = 2;
      while (eq < n && load<u8>(p + <usize>eq) != 0x3d) eq++;
      const name = String.UTF8.decodeUnsafe(p, <usize>eq, false);
      if (eq < n) out.option(name, w, eq + 1);
      else if (row.longValued.includes(name) && k + 1 < argc) out.option(name, s.viewArg(v, ++k), 0);
      else out.option(name, -1, 0);
      continue;
    }
    for (let j = 1; j < n; j++) {
      const c = <u32>load<u8>(p + <usize>j);
      const name = shortName(c);
      if (hasChar(row.shortValued, c)) {
        if (j + 1 < n) out.option(name, w, j + 1);
        else if (k + 1 < argc) out.option(name, s.viewArg(v, ++k), 0);
        else out.option(name, -1, 0);
        break;
      }
      out.option(name, -1, 0);
    }
  }
}

/** find [-H|-L|-P] [-D x] [-Olevel] [start…] [expression]: the start points, then `-fprint FILE` and kin. */
function parseFind(s: Script, v: i32, row: EffectRow, out: ParsedArgs): void {
  const argc = s.viewArgc(v);
  let k = 1;
  while (k < argc) {
    const w = s.viewArg(v, k);
    const p = s.wordPtr(w), n = s.wordLen(w);
    if (bytesIs(p, n, "-H") || bytesIs(p, n, "-L") || bytesIs(p, n, "-P") || (n > 2 && bytesIs(p, 2, "-O"))) { k++; continue; }
    if (bytesIs(p, n, "-D")) { k += 2; continue; }
    break;
  }
  for (; k < argc; k++) {
    const w = s.viewArg(v, k);
    const n = s.wordLen(w);
    const c = n > 0 ? <u32>load<u8>(s.wordPtr(w)) : 0;
    if (n > 0 && (c == 0x2d || c == 0x28 || c == 0x21) && s.isStatic(w)) break; // - ( !
    out.operands.push(w);
  }
  for (; k < argc; k++) {
    const w = s.viewArg(v, k);
    const name = wordText(s, w, 0);
    if (row.longValued.includes(name) && k + 1 < argc) out.option(name, s.viewArg(v, ++k), 0);
    else if (name.startsWith("-")) out.option(name, -1, 0);
  }
}

function applyRule(s: Script, v: i32, rule: ScopeEffectRule, a: ParsedArgs, out: EffectList): void {
  if (rule.subcommand.length > 0 && rule.subcommand != a.subcommand) return;
  if (!a.given(rule.when)) return;
  const cmd = s.vCmd(v);
  const ops = a.operands;
  const n = ops.length;
  const from = rule.from;
  if (from == ScopeEffectFrom.OPTION_VALUE || from == ScopeEffectFrom.OPTION_AT_FILE) {
    for (let i = 0; i < a.names.length; i++) {
      if (a.names[i] != rule.option) continue;
      const w = a.valueWord.get(i);
      if (w < 0) continue;
      let start = a.valueStart.get(i), end = s.wordLen(w);
      if (from == ScopeEffectFrom.OPTION_AT_FILE) {
        start = atFileStart(s, w, start);
        if (start < 0) continue;
        end = atFileEnd(s, w, start);
      }
      out.add(rule.kind, v, cmd, w, start, end, a.subcommand);
    }
    return;
  }
  if (from == ScopeEffectFrom.ALWAYS) { out.addFixed(rule.kind, v, cmd, rule.path); return; }
  if (from == ScopeEffectFrom.OPERANDS_OR_CWD && n == 0) { out.addFixed(rule.kind, v, cmd, "."); return; }
  let lo = 0, hi = n;
  if (from == ScopeEffectFrom.OPERANDS_BUT_LAST) hi = n - 1;
  else if (from == ScopeEffectFrom.LAST_OPERAND) { if (n < 2) return; lo = n - 1; }
  else if (from == ScopeEffectFrom.FIRST_OPERAND) hi = n > 0 ? 1 : 0;
  else if (from == ScopeEffectFrom.SECOND_OPERAND) { lo = 1; hi = n > 1 ? 2 : 1; }
  else if (from == ScopeEffectFrom.OPERANDS_AFTER_FIRST) lo = 1;
  else if (from == ScopeEffectFrom.FILES_AFTER_PATTERN) lo = a.given(rule.option) ? 0 : 1;
  for (let i = lo; i < hi; i++) {
    const w = ops.get(i);
    // `-` is standard input or output, not a file.
    if (s.wordLen(w) == 1 && load<u8>(s.wordPtr(w)) == 0x2d && s.isStatic(w)) continue;
    out.add(rule.kind, v, cmd, w, 0, s.wordLen(w), a.subcommand);
  }
}

/** Where the file starts in a value that names one: `@file`, `name=@file`, `name=<file`; -1 when it names none. */
function atFileStart(s: Script, w: i32, from: i32): i32 {
  const p = s.wordPtr(w), n = s.wordLen(w);
  if (from < n && load<u8>(p + <usize>from) == 0x40) return from + 1;
  for (let i = from; i + 1 < n; i++) {
    if (load<u8>(p + <usize>i) != 0x3d) continue;
    const c = load<u8>(p + <usize>(i + 1));
    if (c == 0x40 || c == 0x3c) return i + 2;
  }
  return -1;
}

/** curl -F `name=@file;type=text/plain`: the file ends at `;`. */
function atFileEnd(s: Script, w: i32, start: i32): i32 {
  const p = s.wordPtr(w), n = s.wordLen(w);
  for (let i = start; i < n; i++) if (load<u8>(p + <usize>i) == 0x3b) return i;
  return n;
}

const INTERPRETERS: StaticArray<string> = [
  "node", "nodejs", "deno", "bun", "python", "python2", "python3", "perl", "ruby", "php", "lua", "tsx", "ts-node", "make",
  "gmake", "npx", "pnpx", "bunx", "source", ".",
];
const SHELLS: StaticArray<string> = ["sh", "bash", "dash", "zsh", "ksh", "mksh", "ash", "busybox"];
const NPM_RUNS: StaticArray<string> = [
  "run", "run-script", "rum", "urn", "test", "t", "tst", "start", "stop", "restart", "exec", "x", "explore", "rebuild", "rb",
  "install", "i", "in", "ins", "add", "ci", "clean-install", "install-test", "it", "cit", "install-ci-test", "pack", "publish",
];

/** Does view v run code whose effects cannot be known? */
function isUnbound(s: Script, v: i32, name: string, argc: i32): bool {
  if (INTERPRETERS.includes(name)) return true;
  if (SHELLS.includes(name)) {
    // `bash -c '…'` and a shell reading a here-document: the code is parsed and its commands checked.
    // `bash script.sh`: the script is not.
    for (let k = 1; k < argc; k++) {
      const w = s.viewArg(v, k);
      const p = s.wordPtr(w), n = s.wordLen(w);
      if (n > 1 && load<u8>(p) == 0x2d) {
        if (load<u8>(p + 1) != 0x2d && hasByte(p, n, 0x63)) return false; // -c, -lc, -ec
        continue;
      }
      return true;
    }
    return false;
  }
  if (name == "npm" || name == "pnpm" || name == "yarn") {
    for (let k = 1; k < argc; k++) {
      const w = s.viewArg(v, k);
      const p = s.wordPtr(w), n = s.wordLen(w);
      if (n > 0 && load<u8>(p) == 0x2d) continue;
      return NPM_RUNS.includes(wordText(s, w, 0)) || name != "npm";
    }
    return name == "yarn"; // bare `yarn` installs
  }
  return false;
}

function hasByte(p: usize, n: i32, c: u8): bool {
  for (let i = 0; i < n; i++) if (load<u8>(p + <usize>i) == c) return true;
  return false;
}

/** The program view v runs: its name's lower-case basename. */
export function effectProgram(s: Script, v: i32): string {
  return lowerBasename(s, s.viewArg(v, 0));
}
