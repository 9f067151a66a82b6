// allowed_commands entries. An entry is a command name (`git`), a path
// (`/usr/bin/git`, `./gradlew`: argv[0] must be that path), or a multi-word
// prefix (`npm run test`, `git status`) matched on whole words. A name entry
// matches a bare name, or an absolute path in a system bin directory with that
// basename (`/usr/bin/git`); not `./git` or `/tmp/x/git`, which are other
// programs that happen to share the name. Comparison is exact (case-sensitive).
// Two forms compile rule syntaxes of coding agents (Claude Code `Bash(npm run
// test:*)`, `Bash(npm run build)`): a last word ending in `*` (`npm run test*`)
// matches any static word starting with the text before it (`test:unit`), and
// a leading `=` (`=npm run build`) admits exactly those words, no further
// arguments.

import { ByteBuffer, Bytes, inWordList, utf8 } from "../util/bytes";
import { canonicalizeAbsoluteInto } from "../util/path";
import { hasByte } from "../util/swar";
import { basenameOffset, indexOf, nameKey } from "./expand/argv";
import { Script, rowInfo, rowLen } from "./syntax/nodes";
import { Ch, WordFlag } from "./syntax/tokens";

@final export class AllowEntry {
  words: Array<Bytes> = [];
  path: bool = false;
  canonical: Bytes | null = null;
  /** The last word ended in `*`: it matches a static word starting with its text. */
  lastPrefix: bool = false;
  /** `=` in front: argv has exactly these words. */
  exact: bool = false;
  /** Next entry with the same first word (AllowList index chain), -1. */
  next: i32 = -1;
  /** wordKey of the first word: most entries that cannot match are told apart by it, without a byte compare. */
  key: u64 = 0;
  /** The first word's length. */
  firstLen: i32 = 0;
  /** One word and no `=`: the name alone settles it (restMatches is true). */
  nameOnly: bool = false;
}

export function compileAllowEntry(e: string): AllowEntry {
  const entry = new AllowEntry();
  if (e.startsWith("=")) {
    entry.exact = true;
    e = e.slice(1);
  }
  const parts = e.split(" ");
  for (let i = 0; i < parts.length; i++) {
    const w = parts[i].trim();
    if (w.length > 0) entry.words.push(utf8(w));
  }
  const lastWord = parts.length > 1 ? parts[parts.length - 1].trim() : "";
  if (!entry.exact && entry.words.length > 1 && lastWord.length > 1 && lastWord.endsWith("*")) {
    entry.lastPrefix = true;
    entry.words[entry.words.length - 1] = utf8(lastWord.slice(0, lastWord.length - 1));
  }
  const first = entry.words[0];
  entry.path = indexOf(changetype<usize>(first), first.length, Ch.SLASH) >= 0;
  if (entry.path && first.length > 0 && first[0] == Ch.SLASH) {
    const out = new ByteBuffer(first.length + 1);
    if (canonicalizeAbsoluteInto(out, changetype<usize>(first), first.length)) entry.canonical = out.toBytes();
  }
  return entry;
}

const TRUSTED_DIRS = "/bin /sbin /usr/bin /usr/sbin /usr/local/bin /usr/local/sbin /opt/homebrew/bin " +
  "/opt/homebrew/sbin /opt/local/bin /snap/bin /usr/games";

// @ts-ignore: decorator
@inline function same(p: usize, n: i32, b: Bytes): bool {
  return n == b.length && memory.compare(p, changetype<usize>(b), <usize>n) == 0;
}

const SLOTS: i32 = 128;

/** Word flags of a name that may stand for other text than its own (Script#isStatic is false). */
const NOT_TEXT = WordFlag.DYNAMIC | WordFlag.GLOB | WordFlag.BRACE;

/** The compiled allowed_commands: name entries hashed by their first word, path entries in a list. */
export class AllowList {
  entries: Array<AllowEntry> = [];
  paths: Array<AllowEntry> = [];
  slots: StaticArray<i32> = new StaticArray<i32>(SLOTS);
  add(e: AllowEntry): void {
    if (e.path) { this.paths.push(e); return; }
    const first = e.words[0];
    e.key = wordKey(changetype<usize>(first), first.length);
    e.firstLen = first.length;
    e.nameOnly = e.words.length == 1 && !e.exact;
    const h = slotOf(e.key, first.length);
    e.next = this.slots[h] - 1;
    this.slots[h] = this.entries.length + 1;
    this.entries.push(e);
  }

  get size(): i32 {
    return this.entries.length + this.paths.length;
  }

  /** Does view v match some entry? `scratch` is for canonical paths. */
  matches(s: Script, v: i32, scratch: ByteBuffer): bool {
    const r = s.wordRow(s.viewName(v));
    const p = s.rowPtr(r), n = rowLen(r);
    if ((rowInfo(r) & NOT_TEXT) != 0) return false; // !isStatic
    for (let i = 0, m = this.paths.length; i < m; i++) {
      const e = this.paths[i];
      let ok = same(p, n, e.words[0]);
      if (!ok) {
        const c = e.canonical;
        ok = c !== null && n > 0 && <u32>load<u8>(p) == Ch.SLASH && canonicalizeAbsoluteInto(scratch, p, n) &&
          same(scratch.ptr, scratch.length, c);
      }
      if (ok && restMatches(e, s, v)) return true;
    }
    let np = p, nn = n;
    let key = wordKey(p, n);
    // Up to eight bytes the key is the name's bytes (nameKey; zero above): a `/` is found in it at once.
    if (n <= 8 ? hasByte(key, Ch.SLASH) : indexOf(p, n, Ch.SLASH) >= 0) {
      // An absolute path in a system bin directory stands for its basename.
      if (<u32>load<u8>(p) != Ch.SLASH || !canonicalizeAbsoluteInto(scratch, p, n)) return false;
      const b = basenameOffset(scratch.ptr, scratch.length);
      if (!trustedDir(scratch.ptr, b > 1 ? b - 1 : 1)) return false;
      np = scratch.ptr + <usize>b;
      nn = scratch.length - b;
      key = wordKey(np, nn);
    }
    for (let i = unchecked(this.slots[slotOf(key, nn)]) - 1; i >= 0; ) { // slotOf < SLOTS
      const e = unchecked(this.entries[i]); // i < length: add links only pushed entries
      // The key settles names of up to 8 bytes; a longer one is compared after its key matched.
      if (e.key == key && e.firstLen == nn && (nn <= 8 || same(np, nn, e.words[0])) && (e.nameOnly || restMatches(e, s, v))) return true;
      i = e.next;
    }
    return false;
  }
}

/**
 * A name's first and last eight bytes as one u64 (nameKey, exact with the length for up to 8 bytes): the
 * slot and a first compare come from two loads instead of a loop over the bytes.
 */
// @ts-ignore: decorator
@inline function wordKey(p: usize, n: i32): u64 {
  if (n > 8) return load<u64>(p) ^ rotl<u64>(load<u64>(p + <usize>(n - 8)), 29);
  return n > 0 ? nameKey(p, n) : 0;
}

// @ts-ignore: decorator
@inline function slotOf(key: u64, n: i32): i32 {
  return <i32>(((key + <u64>n) * 0x9e3779b97f4a7c15) >> 57) & (SLOTS - 1);
}

/** Words after the first: argv[1…] of the view must equal them (static words only). */
export function restMatches(e: AllowEntry, s: Script, v: i32): bool {
  const words = e.words;
  const m = words.length;
  if (e.exact && s.viewArgc(v) != m) return false;
  if (m == 1) return true;
  if (s.viewArgc(v) < m) return false;
  for (let i = 1; i < m; i++) {
    const w = s.viewArg(v, i);
    if (!s.isStatic(w)) return false;
    const last = i == m - 1 && e.lastPrefix;
    const n = last ? words[i].length : s.wordLen(w);
    if (last && s.wordLen(w) < n) return false;
    if (!same(s.wordPtr(w), n, words[i])) return false;
  }
  return true;
}

function trustedDir(p: usize, n: i32): bool {
  return inWordList(TRUSTED_DIRS, p, n);
}

/** A call of a function the script defined earlier (its body's commands are checked instead). */
export function isFunctionCall(s: Script, v: i32): bool {
  if (s.fName.length == 0) return false;
  const name = s.viewArg(v, 0);
  const cmd = s.vCmd(v);
  for (let f = 0, m = s.fName.length; f < m; f++) {
    if (s.fFirst.get(f) > cmd) continue;
    const fw = s.fName.get(f);
    if (s.wordLen(fw) == s.wordLen(name) && memory.compare(s.wordPtr(fw), s.wordPtr(name), <usize>s.wordLen(name)) == 0) return true;
  }
  return false;
}
