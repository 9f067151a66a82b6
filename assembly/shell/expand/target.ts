// What a path operand refers to, for the built-in checks: `/`, everything in
// `/` (`/*`), home (`~`, `$HOME`, `~user`), a top-level system directory, or
// something else. Works on a word's text and Attr so that `"/*"` (quoted, a
// file literally named `*`) differs from `/*` (a glob), and `$X/` (which is `/`
// when X is empty) is caught. Also expands brace alternatives (`{/,x}`).

import { ByteBuffer } from "../../util/bytes";
import { popComponent } from "../../util/path";
import { bytesIs, bytesIsLower } from "./argv";
import { arithExpansionEnd } from "../syntax/arith";
import { isNameChar } from "../syntax/chars";
import { IntList } from "../syntax/nodes";
import { Attr, Ch, MAX_BRACE_ALTERNATIVES } from "../syntax/tokens";

export const enum Target {
  UNKNOWN = 0,    // computed at run time, or relative with no known cwd
  OTHER = 1,
  ROOT = 2,
  ROOT_CHILDREN = 3,
  HOME = 4,
  HOME_CHILDREN = 5,
  SYSTEM = 6,     // /etc, /usr, … or an ancestor of home
  SYSTEM_CHILDREN = 7,
  UNCHECKABLE = 8, // too many possible values to try (shell/expand/expansion-text.ts): fail closed
  COMPUTED = 9,    // a path the command computes at run time, which could be any of the above
}

/**
 * How `classify` treats run-time parts the command does not spell (`$X`, `$(…)`, `${x:-word}` when x is set).
 * A final component computed at run time can be anything (`"$X"` is `/`, `"/tmp/$X"` is `/tmp/../etc`), and
 * an unquoted one can split into several paths (`$X/build` with X=`/ x` is `/` and `x/build`). Numbers
 * (`$$`, `$RANDOM`, `${#x}`, `$((…))`), `$HOME` and `$PWD` are not such parts.
 */
export namespace Computed {
  /** Only `$X/…` (X empty) is followed: what the other checks (mv) need. */
  export const IGNORE: i32 = 0;
  /** A final component computed at run time is COMPUTED (recursive deletes and mode changes). */
  export const FINAL: i32 = 1;
  /** …and so is any part, when an unquoted expansion can split the word. */
  export const SPLITS: i32 = 2;
}

// @ts-ignore: decorator
@inline export function isCatastrophic(t: i32): bool {
  return t >= Target.ROOT;
}

/** Top-level directories whose loss breaks the system (case-insensitive: macOS). */
const SYSTEM_DIRS = "bin boot dev etc home lib lib32 lib64 libx32 opt proc root run sbin srv sys usr var " +
  "users system library applications volumes private snap mnt media";

export class TargetClassifier {
  out: ByteBuffer = new ByteBuffer(128);
  /** plainPath's result. */
  plain: ByteBuffer = new ByteBuffer(64);
  /** Canonical home, or empty when unknown (then `~` is a marker). */
  home: ByteBuffer = new ByteBuffer(64);
  /** The command or tool_input.env sets HOME: `~` and `$HOME` are then values computed at run time, as `$X` is. */
  homeWritten: bool = false;
  /** `$(mktemp …)` prints a new path (false when the script defines a mktemp function or an alias). */
  trustMktemp: bool = true;

  /** Classify (t, a, n) resolved against the canonical cwd (cwdLen 0 = unknown); `computed` is a Computed mode. */
  classify(t: usize, a: usize, n: i32, cwd: usize, cwdLen: i32, computed: i32 = Computed.IGNORE): i32 {
    if (n <= 0) return Target.UNKNOWN;
    if (this.isComputed(t, a, n, computed)) return Target.COMPUTED;
    const out = this.out;
    out.reset();
    let i = 0;
    let homeMarker = false;
    const c0 = <u32>load<u8>(t), a0 = <u32>load<u8>(a);
    if (c0 == Ch.TILDE && a0 == Attr.UNQUOTED) {
      let j = 1;
      while (j < n && <u32>load<u8>(t + <usize>j) != Ch.SLASH) j++;
      if (j == 2 && <u32>load<u8>(t + 1) == Ch.PLUS) {
        if (cwdLen <= 0) return Target.UNKNOWN;
        out.append(cwd, cwdLen);
      } else if (j == 2 && <u32>load<u8>(t + 1) == Ch.MINUS) {
        // $OLDPWD, which may come from the environment: any directory, as `$OLDPWD` is (`~-/*` is `/*` at worst).
        if (j == n) return computed == Computed.IGNORE ? Target.UNKNOWN : Target.COMPUTED;
        out.push(<u8>Ch.SLASH);
      } else if (j == 1 && this.homeWritten) { // `HOME=/; rm -rf ~/etc`: as `$X/etc`
        if (j == n) return computed == Computed.IGNORE ? Target.UNKNOWN : Target.COMPUTED;
        out.push(<u8>Ch.SLASH);
      } else if (j > 1 || this.home.length == 0) { // ~user, or home unknown
        out.push(<u8>Ch.TILDE);
        homeMarker = true;
      } else {
        out.append(this.home.ptr, this.home.length);
      }
      i = j;
    } else if (a0 == Attr.EXPANSION) {
      let j = 0;
      while (j < n && <u32>load<u8>(a + <usize>j) == Attr.EXPANSION) j++;
      const named = knownName(t, j, this.homeWritten);
      if (named == NAME_HOME && (j == n || <u32>load<u8>(t + <usize>j) == Ch.SLASH)) {
        if (this.home.length == 0) { out.push(<u8>Ch.TILDE); homeMarker = true; }
        else out.append(this.home.ptr, this.home.length);
      } else if (named == NAME_PWD && (j == n || <u32>load<u8>(t + <usize>j) == Ch.SLASH)) {
        if (cwdLen <= 0) return Target.UNKNOWN; // like `.` with no cwd known
        out.append(cwd, cwdLen);
        homeMarker = <u32>load<u8>(cwd) == Ch.TILDE;
      } else if (j < n && <u32>load<u8>(t + <usize>j) == Ch.SLASH) {
        out.push(<u8>Ch.SLASH); // `$X/…` is `/…` when X is empty or unset
      } else {
        return Target.UNKNOWN;
      }
      i = j;
    } else if (c0 == Ch.SLASH) {
      out.push(<u8>Ch.SLASH);
    } else {
      if (cwdLen <= 0) return Target.UNKNOWN;
      out.append(cwd, cwdLen);
      homeMarker = <u32>load<u8>(cwd) == Ch.TILDE; // `cd ~` with home unknown
    }
    let glob = false;
    while (i < n) {
      while (i < n && <u32>load<u8>(t + <usize>i) == Ch.SLASH) i++;
      const start = i;
      let wild = false;
      while (i < n) {
        const c = <u32>load<u8>(t + <usize>i);
        if (c == Ch.SLASH) break;
        const at = <u32>load<u8>(a + <usize>i);
        if (at == Attr.EXPANSION || (at == Attr.UNQUOTED && (c == Ch.STAR || c == Ch.QUESTION || c == Ch.LBRACKET))) wild = true;
        i++;
      }
      const len = i - start;
      if (len == 0) break;
      if (wild) {
        let j = i;
        while (j < n && <u32>load<u8>(t + <usize>j) == Ch.SLASH) j++;
        if (j < n) {
          // In the middle, a value can climb anywhere (`"/tmp/$X/etc"` is /etc with X=..): what follows is
          // below any directory, as after a leading `$X/`. A glob is one name there (`/*/../*` is /*,
          // `/e*/*` /etc/*): a placeholder that `..` removes and kind() takes for any top-level directory.
          if (hasExpansion(a, start, i)) { out.reset(); out.push(<u8>Ch.SLASH); homeMarker = false; continue; }
          if (!(out.length == 1 && <u32>load<u8>(out.ptr) == Ch.SLASH)) out.push(<u8>Ch.SLASH);
          out.push(ANY_NAME);
          continue;
        }
        glob = true;
        break;
      }
      const s = t + <usize>start;
      if (len == 1 && <u32>load<u8>(s) == Ch.DOT) continue;
      if (len == 2 && <u32>load<u8>(s) == Ch.DOT && <u32>load<u8>(s + 1) == Ch.DOT) {
        if (homeMarker && out.length == 1) return Target.SYSTEM; // above an unknown home
        popComponent(out);
        continue;
      }
      if (!(out.length == 1 && <u32>load<u8>(out.ptr) == Ch.SLASH)) out.push(<u8>Ch.SLASH);
      out.append(s, len);
      if (isProcLink(out.ptr, out.length)) { out.reset(); out.push(<u8>Ch.SLASH); } // `/proc/self/root/*` is /*
    }
    return this.kind(glob, homeMarker);
  }

  /** Does (t, a, n) hold a run-time part that makes it any path, under Computed mode `computed`? */
  isComputed(t: usize, a: usize, n: i32, computed: i32): bool {
    if (computed == Computed.IGNORE) return false;
    const parts = computedParts(t, a, n, this.trustMktemp, this.homeWritten);
    return parts == PARTS_FINAL || (parts == PARTS_INNER && computed == Computed.SPLITS);
  }

  /**
   * (t, a, n) with its run-time parts made plain, as classify reads them, into `plain` (a cd target's path):
   * up to the last component with a value that may be any text, `/` (`"$X/etc"` is /etc, `"/tmp/$X/.."`
   * any directory); a leading `$HOME` is `~`, `$PWD` `~+`. False when there is nothing to make plain.
   */
  plainPath(t: usize, a: usize, n: i32): bool {
    const out = this.plain;
    out.reset();
    let from = 0;
    if (n > 0 && <u32>load<u8>(a) == Attr.EXPANSION) {
      let j = 0;
      while (j < n && <u32>load<u8>(a + <usize>j) == Attr.EXPANSION) j++;
      const named = knownName(t, j, this.homeWritten);
      if (named != NAME_OTHER && (j == n || <u32>load<u8>(t + <usize>j) == Ch.SLASH)) {
        out.push(<u8>Ch.TILDE);
        if (named == NAME_PWD) out.push(<u8>Ch.PLUS);
        from = j;
      }
    }
    let cut = -1;
    for (let i = from; i < n;) {
      if (<u32>load<u8>(a + <usize>i) != Attr.EXPANSION) { i++; continue; }
      let j = i;
      while (j < n && <u32>load<u8>(a + <usize>j) == Attr.EXPANSION) j++;
      if (!numbersOnly(t, i, j) && !(this.trustMktemp && isMktemp(t, i, j))) {
        cut = j;
        while (cut < n && !isSeparator(t, a, cut)) cut++;
      }
      i = j;
    }
    if (cut >= 0) { out.reset(); out.push(<u8>Ch.SLASH); from = cut; }
    if (from == 0) return false;
    out.append(t + <usize>from, n - from);
    return true;
  }

  private kind(glob: bool, homeMarker: bool): i32 {
    const p = this.out.ptr, n = this.out.length;
    if (homeMarker) {
      if (n == 1) return glob ? Target.HOME_CHILDREN : Target.HOME;
      return Target.OTHER;
    }
    if (n == 1 && <u32>load<u8>(p) == Ch.SLASH) return glob ? Target.ROOT_CHILDREN : Target.ROOT;
    if (n == 2 && <u32>load<u8>(p + 1) == ANY_NAME) return glob ? Target.SYSTEM_CHILDREN : Target.SYSTEM; // `/e*/*`
    const h = this.home;
    if (h.length > 0) {
      if (n == h.length && memory.compare(p, h.ptr, <usize>n) == 0) return glob ? Target.HOME_CHILDREN : Target.HOME;
      // an ancestor of home (/home, /Users)
      if (n < h.length && memory.compare(p, h.ptr, <usize>n) == 0 && <u32>load<u8>(h.ptr + <usize>n) == Ch.SLASH) {
        return glob ? Target.SYSTEM_CHILDREN : Target.SYSTEM;
      }
    }
    if (<u32>load<u8>(p) == Ch.SLASH && isSystemDir(p + 1, n - 1)) return glob ? Target.SYSTEM_CHILDREN : Target.SYSTEM;
    return Target.OTHER;
  }
}

/**
 * Is the canonical path (p, n) a link the kernel keeps to a directory: a process's root or working directory
 * (`/proc/self/root` is `/`, `/proc/1/cwd`), or an open descriptor (`/dev/fd/3`, `/proc/self/fd/3`)? What is
 * below it is below `/` or any directory: `/` stands for it.
 */
export function isProcLink(p: usize, n: i32): bool {
  if (n < 8 || <u32>load<u8>(p) != Ch.SLASH) return false;
  let k = 0, i = 1;
  let first = 0, prev = 0; // 1: proc, 2: dev; the previous component: 3 fd, 4 task
  while (i <= n) {
    let j = i;
    while (j < n && <u32>load<u8>(p + <usize>j) != Ch.SLASH) j++;
    const c = p + <usize>i, m = j - i;
    if (k == 0) {
      first = bytesIs(c, m, "proc") ? 1 : bytesIs(c, m, "dev") ? 2 : 0;
      if (first == 0) return false;
    } else if (j == n) {
      // The last component: root or cwd of a process (/proc/X/…), or an entry of an fd directory.
      if (prev == 3) return true;
      return first == 1 && k >= 2 && prev != 4 && (bytesIs(c, m, "root") || bytesIs(c, m, "cwd"));
    }
    prev = bytesIs(c, m, "fd") ? 3 : bytesIs(c, m, "task") ? 4 : 0;
    k++;
    i = j + 1;
  }
  return false;
}

/** A path component a glob matched (a NUL, which no word holds). */
const ANY_NAME: u8 = 0;

/** Does [i, j) of the Attr at a hold an expansion? */
function hasExpansion(a: usize, i: i32, j: i32): bool {
  for (let k = i; k < j; k++) if (<u32>load<u8>(a + <usize>k) == Attr.EXPANSION) return true;
  return false;
}

const NAME_OTHER = 0, NAME_HOME = 1, NAME_PWD = 2;

/** `$HOME`/`${HOME}` (unless the command sets HOME: then it is any value) or `$PWD`/`${PWD}` spelled by the n bytes at t. */
function knownName(t: usize, n: i32, homeWritten: bool): i32 {
  let p = t + 1, m = n - 1;
  if (m >= 2 && <u32>load<u8>(p) == Ch.LBRACE && <u32>load<u8>(p + <usize>m - 1) == Ch.RBRACE) { p++; m -= 2; }
  if (bytesIs(p, m, "HOME")) return homeWritten ? NAME_OTHER : NAME_HOME;
  if (bytesIs(p, m, "PWD")) return NAME_PWD;
  return NAME_OTHER;
}

const PARTS_NONE = 0, PARTS_INNER = 1, PARTS_FINAL = 2;

/**
 * Where (t, a, n) has run-time parts that could be any text: none, only before its final path component,
 * or in it. Path separators are unexpanded `/`; trailing ones end no component.
 */
function computedParts(t: usize, a: usize, n: i32, trustMktemp: bool, homeWritten: bool): i32 {
  let e = n;
  while (e > 0 && isSeparator(t, a, e - 1)) e--;
  let f = e;
  while (f > 0 && !isSeparator(t, a, f - 1)) f--;
  let inner = false;
  let i = 0;
  while (i < n) {
    if (<u32>load<u8>(a + <usize>i) != Attr.EXPANSION) { i++; continue; }
    let j = i;
    while (j < n && <u32>load<u8>(a + <usize>j) == Attr.EXPANSION) j++;
    // A leading `$HOME` or `$PWD` alone is resolved (home, cwd); numbers cannot climb or split.
    if (!(i == 0 && knownName(t, j, homeWritten) != NAME_OTHER) && !numbersOnly(t, i, j) && !(trustMktemp && isMktemp(t, i, j))) {
      if (j > f && i < e) return PARTS_FINAL;
      inner = true;
    }
    i = j;
  }
  return inner ? PARTS_INNER : PARTS_NONE;
}

// @ts-ignore: decorator
@inline function isSeparator(t: usize, a: usize, i: i32): bool {
  return <u32>load<u8>(t + <usize>i) == Ch.SLASH && <u32>load<u8>(a + <usize>i) != Attr.EXPANSION;
}

/**
 * `$(mktemp)`, the lexer's mark for a substitution that is one mktemp with plain words (shell/syntax/expand.ts):
 * a path mktemp has just created, never `/`, home or a system directory (its last component is the
 * template's random letters; a suffix may not hold a `/`).
 */
function isMktemp(t: usize, i: i32, j: i32): bool {
  return bytesIs(t + <usize>i, j - i, "$(mktemp)");
}

/** Is the expansion run [i, j) made only of expansions whose value is a number? */
function numbersOnly(t: usize, i: i32, j: i32): bool {
  while (i < j) {
    const k = numberExpansionEnd(t, i, j);
    if (k <= i) return false;
    i = k;
  }
  return true;
}

/** End of a number-valued expansion at i (`$$ $! $# $? $RANDOM $BASHPID $PPID $UID $EUID ${#x} $((…))`), or -1. */
function numberExpansionEnd(t: usize, i: i32, j: i32): i32 {
  if (i + 1 >= j || <u32>load<u8>(t + <usize>i) != Ch.DOLLAR) return -1;
  const c = <u32>load<u8>(t + <usize>i + 1);
  if (c == Ch.DOLLAR || c == 0x21 || c == Ch.HASH || c == 0x3f) return i + 2;
  if (c == Ch.LPAREN || c == Ch.LBRACKET) return arithExpansionEnd(t, i, j); // `$(( ))`, `$[ ]`; -1 for `$( )`
  let p = i + 1, braced = false;
  if (c == Ch.LBRACE) {
    braced = true;
    p++;
    if (p < j && <u32>load<u8>(t + <usize>p) == Ch.HASH) { // ${#x}: a length
      let k = p + 1;
      while (k < j && <u32>load<u8>(t + <usize>k) != Ch.RBRACE) k++;
      return k < j && k > p + 1 ? k + 1 : -1;
    }
  }
  let k = p;
  while (k < j && isNameChar(<u32>load<u8>(t + <usize>k))) k++;
  const q = t + <usize>p, m = k - p;
  const numeric = bytesIs(q, m, "RANDOM") || bytesIs(q, m, "BASHPID") || bytesIs(q, m, "PPID") || bytesIs(q, m, "UID") ||
    bytesIs(q, m, "EUID");
  if (!numeric) return -1;
  if (!braced) return k;
  return k < j && <u32>load<u8>(t + <usize>k) == Ch.RBRACE ? k + 1 : -1;
}

function isSystemDir(p: usize, n: i32): bool {
  for (let i = 0; i < n; i++) if (<u32>load<u8>(p + <usize>i) == Ch.SLASH) return false;
  const list = SYSTEM_DIRS;
  const m = list.length;
  let i = 0;
  while (i < m) {
    let j = i;
    while (j < m && list.charCodeAt(j) != 0x20) j++;
    if (j - i == n && bytesIsLower(p, n, list.substring(i, j))) return true;
    i = j + 1;
  }
  return false;
}

/**
 * Brace expansion of one word into alternatives (text + Attr), as bash does
 * before globbing: `{/,x}` → `/`, `x`; `-r{f,}` → `-rf`, `-r`; `{-../}` →
 * `-`, `.`, `/`. At most MAX_BRACE_ALTERNATIVES; `truncated` reports more.
 */
export class BraceExpander {
  text: ByteBuffer = new ByteBuffer(128);
  attr: ByteBuffer = new ByteBuffer(128);
  start: IntList = new IntList(16);
  len: IntList = new IntList(16);
  truncated: bool = false;
  private tmpText: Array<ByteBuffer> = [new ByteBuffer(64), new ByteBuffer(64), new ByteBuffer(64), new ByteBuffer(64)];
  private tmpAttr: Array<ByteBuffer> = [new ByteBuffer(64), new ByteBuffer(64), new ByteBuffer(64), new ByteBuffer(64)];

  expand(t: usize, a: usize, n: i32): i32 {
    this.text.reset(); this.attr.reset(); this.start.reset(); this.len.reset();
    this.truncated = false;
    this.expandInto(t, a, n, 0);
    return this.start.length;
  }

  private emit(t: usize, a: usize, n: i32): void {
    if (this.start.length >= MAX_BRACE_ALTERNATIVES) { this.truncated = true; return; }
    this.start.push(this.text.length);
    this.len.push(n);
    this.text.append(t, n);
    this.attr.append(a, n);
  }

  private expandInto(t: usize, a: usize, n: i32, depth: i32): void {
    // The first unquoted {…} with a top-level comma or a range.
    let open = -1, close = -1;
    for (let i = 0; i < n && close < 0; i++) {
      if (<u32>load<u8>(a + <usize>i) != Attr.UNQUOTED || <u32>load<u8>(t + <usize>i) != Ch.LBRACE) continue;
      let d = 0, comma = false;
      for (let j = i + 1; j < n; j++) {
        if (<u32>load<u8>(a + <usize>j) != Attr.UNQUOTED) continue;
        const c = <u32>load<u8>(t + <usize>j);
        if (c == Ch.LBRACE) d++;
        else if (c == Ch.RBRACE) {
          if (d == 0) { if (comma || isRange(t, i + 1, j)) { open = i; close = j; } break; }
          d--;
        } else if (c == Ch.COMMA && d == 0) comma = true;
      }
    }
    if (open < 0 || depth >= 4) { this.emit(t, a, n); return; }
    const bt = this.tmpText[depth], ba = this.tmpAttr[depth];
    if (isRange(t, open + 1, close)) {
      const lo = <u32>load<u8>(t + <usize>open + 1), hi = <u32>load<u8>(t + <usize>close - 1);
      const step: i32 = lo <= hi ? 1 : -1;
      for (let c = <i32>lo; ; c += step) {
        bt.reset(); ba.reset();
        bt.append(t, open); ba.append(a, open);
        bt.push(<u8>c); ba.push(<u8>Attr.UNQUOTED);
        bt.append(t + <usize>close + 1, n - close - 1); ba.append(a + <usize>close + 1, n - close - 1);
        this.expandInto(bt.ptr, ba.ptr, bt.length, depth + 1);
        if (c == <i32>hi || this.truncated) break;
      }
      return;
    }
    let s = open + 1, d = 0;
    for (let j = open + 1; j <= close; j++) {
      const c = <u32>load<u8>(t + <usize>j), un = <u32>load<u8>(a + <usize>j) == Attr.UNQUOTED;
      if (un && c == Ch.LBRACE) { d++; continue; }
      if (un && c == Ch.RBRACE && d > 0) { d--; continue; }
      if (j < close && !(un && c == Ch.COMMA && d == 0)) continue;
      bt.reset(); ba.reset();
      bt.append(t, open); ba.append(a, open);
      bt.append(t + <usize>s, j - s); ba.append(a + <usize>s, j - s);
      bt.append(t + <usize>close + 1, n - close - 1); ba.append(a + <usize>close + 1, n - close - 1);
      this.expandInto(bt.ptr, ba.ptr, bt.length, depth + 1);
      if (this.truncated) return;
      s = j + 1;
    }
  }
}

/** `x..y` with single characters (the only ranges that can make `/` or `~`), or digits. */
function isRange(t: usize, from: i32, to: i32): bool {
  if (to - from == 4) {
    return <u32>load<u8>(t + <usize>from + 1) == Ch.DOT && <u32>load<u8>(t + <usize>from + 2) == Ch.DOT;
  }
  return false;
}
