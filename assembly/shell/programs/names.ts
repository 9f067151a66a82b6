// What the policy knows about command names: which are wrappers (they run
// another command), shells and interpreters, downloaders, decoders, and the
// few commands the built-in checks and flag tables care about. The names and
// their info come from the program rows (programs/); this file looks them up.
//
// Lookup is by basename and ASCII case-insensitive: on a case-insensitive file
// system `SUDO` runs sudo, and a deny-side rule must not be dodged by case.

import { ByteBuffer, allocZeroed, toLowerAscii } from "../../util/bytes";

export { Cmd, Kind, cmdId } from "./ids";
import { Cmd, Kind, cmdId } from "./ids";
import { programRows } from "./registry";
import { sameBytes } from "../../util/path";

/** A set of Cmd ids, one byte per id (ids are below 256): membership of a view is one load of its info's id. */
export function cmdSet(ids: i32[]): usize {
  const set = allocZeroed(256);
  for (let i = 0; i < ids.length; i++) store<u8>(set + <usize>cmdId(ids[i]), 1);
  return set;
}

/** Is the Cmd id of `info` in `set` (cmdSet)? */
// @ts-ignore: decorator
@inline export function inCmdSet(set: usize, info: i32): bool {
  return load<u8>(set + <usize>cmdId(info)) != 0;
}

const SLOTS: i32 = 1024;

// A slot is four i32s: the name's hash, its length (0: an empty slot), its offset in `names`, its info.
const SLOT_HASH = 0, SLOT_LEN = 1, SLOT_OFF = 2, SLOT_INFO = 3;

class NameTable {
  /** The names, ASCII-lower-cased. */
  names: ByteBuffer = new ByteBuffer(4096);
  slots: StaticArray<i32> = new StaticArray<i32>(SLOTS * 4);

  /** Add a name; the first info added for a name is the one find returns. */
  add(name: string, info: i32): void {
    const off = this.names.length;
    this.names.appendString(name);
    const len = this.names.length - off;
    if (len == 0) return; // find never looks up an empty name
    const p = this.names.ptr + <usize>off;
    for (let i = 0; i < len; i++) store<u8>(p + <usize>i, <u8>toLowerAscii(<u32>load<u8>(p + <usize>i)));
    const h = hashLower(p, len);
    let at = h & (SLOTS - 1);
    // A name added again goes further along its probe sequence, where find never gets: the first one wins.
    while (this.slots[at * 4 + SLOT_LEN] != 0) at = (at + 1) & (SLOTS - 1);
    this.slots[at * 4 + SLOT_HASH] = h;
    this.slots[at * 4 + SLOT_LEN] = len;
    this.slots[at * 4 + SLOT_OFF] = off;
    this.slots[at * 4 + SLOT_INFO] = info;
  }

  /** The info of the name (ptr, len) whose hashLower is h, any ASCII case, len > 0; 0 when unknown. */
  find(ptr: usize, len: i32, h: i32): i32 {
    const slots = changetype<usize>(this.slots);
    let at = h & (SLOTS - 1);
    while (true) {
      const e = slots + (<usize>at << 4); // at < SLOTS: inside the array
      const n = load<i32>(e, SLOT_LEN << 2);
      if (n == 0) return 0;
      // The whole hash first: a different name in the slot rarely gets to the bytes.
      if (load<i32>(e, SLOT_HASH << 2) == h && n == len) {
        // Names are mostly written in lower case: the same bytes as the lower-case key settle it a word at a
        // time; only other bytes (`SUDO`, a hash collision) get the byte-wise folded compare.
        const key = this.names.ptr + <usize>load<i32>(e, SLOT_OFF << 2);
        if (sameBytes(ptr, key, len) || sameLower(ptr, key, len)) return load<i32>(e, SLOT_INFO << 2);
      }
      at = (at + 1) & (SLOTS - 1);
    }
    return 0;
  }
}

// FNV-1a over the ASCII-lower-cased bytes, last byte first: pathInfo hashes a path's basename while it
// looks for the `/` before it, in one backward pass.
const HASH_SEED: u32 = 2166136261;

// @ts-ignore: decorator
@inline function hashStep(h: u32, c: u32): u32 {
  return (h ^ toLowerAscii(c)) * 16777619;
}

// @ts-ignore: decorator
@inline function hashEnd(h: u32): i32 {
  return <i32>(h ^ (h >> 15));
}

// @ts-ignore: decorator
@inline function hashLower(p: usize, n: i32): i32 {
  let h = HASH_SEED;
  for (let i = n - 1; i >= 0; i--) h = hashStep(h, <u32>load<u8>(p + <usize>i));
  return hashEnd(h);
}

/** Do the n bytes at a, ASCII-lower-cased, equal the n lower-case bytes at key? */
function sameLower(a: usize, key: usize, n: i32): bool {
  for (let i = 0; i < n; i++) {
    if (toLowerAscii(<u32>load<u8>(a + <usize>i)) != <u32>load<u8>(key + <usize>i)) return false;
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
export function commandInfo(ptr: usize, len: i32): i32 {
  if (len <= 0) return 0;
  return infoOf(ptr, len, hashLower(ptr, len));
}

/**
 * commandInfo of the basename of the path (p, n) (basenameOffset's: the last byte always belongs to it),
 * found and hashed in one backward pass: what the walk asks of every command name.
 */
export function pathInfo(p: usize, n: i32): i32 {
  pathBase = 0;
  if (n <= 0) return 0;
  let i = n - 1;
  let h = hashStep(HASH_SEED, <u32>load<u8>(p + <usize>i));
  while (i > 0) {
    const c = <u32>load<u8>(p + <usize>i - 1);
    if (c == 0x2f) break;
    h = hashStep(h, c);
    i--;
  }
  pathBase = i;
  return infoOf(p + <usize>i, n - i, hashEnd(h));
}

/** Where the last pathInfo found the basename (basenameOffset's answer): the walk's test for a `/`. */
export let pathBase: i32 = 0;

/** commandInfo of (ptr, len), len > 0, whose hashLower is h. */
function infoOf(ptr: usize, len: i32, h: i32): i32 {
  let t = table;
  if (t === null) { t = build(); table = t; }
  const info = t.find(ptr, len, h);
  if (info != 0) return info;
  // Versioned names: python3.12, perl5.36, ruby3.2, php8.2, lua5.4, node20, mkfs.ext4.
  if (isMkfs(ptr, len)) return Cmd.MKFS;
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

/**
 * hasPrefix(p, n, "mkfs") in one load: a byte or 0x20 is a given lower-case letter only when the byte is that
 * letter in either case, as toLowerAscii has it.
 */
export function isMkfs(p: usize, n: i32): bool {
  return n >= 4 && (load<u32>(p) | 0x20202020) == 0x73666b6d; // "mkfs"
}

export function hasPrefix(p: usize, n: i32, prefix: string): bool {
  const m = prefix.length;
  if (n < m) return false;
  for (let i = 0; i < m; i++) {
    if (toLowerAscii(<u32>load<u8>(p + <usize>i)) != <u32>prefix.charCodeAt(i)) return false;
  }
  return true;
}

/** `prefix` followed only by digits and dots (at least one). */
export function versioned(p: usize, n: i32, prefix: string): bool {
  const m = prefix.length;
  if (n <= m || !hasPrefix(p, n, prefix)) return false;
  for (let i = m; i < n; i++) {
    const c = <u32>load<u8>(p + <usize>i);
    if (c != 0x2e && c - 0x30 >= 10) return false;
  }
  return true;
}
