// What the policy knows about command names: which are wrappers (they run
// another command), shells and interpreters, downloaders, decoders, and the
// few commands the built-in checks and flag tables care about. The names and
// their info come from the program rows (programs/); this file looks them up.
//
// Lookup is by basename and ASCII case-insensitive: on a case-insensitive file
// system `SUDO` runs sudo, and a deny-side rule must not be dodged by case.

import { ByteBuffer, allocZeroed, toLowerAscii } from "../../util/bytes";
import { IntList } from "../syntax/nodes";

export { Cmd, Kind, cmdId } from "./ids";
import { Cmd, Kind, cmdId } from "./ids";
import { programRows } from "./registry";

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
export function commandInfo(ptr: usize, len: i32): i32 {
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

function hasPrefix(p: usize, n: i32, prefix: string): bool {
  const m = prefix.length;
  if (n < m) return false;
  for (let i = 0; i < m; i++) {
    if (toLowerAscii(<u32>load<u8>(p + <usize>i)) != <u32>prefix.charCodeAt(i)) return false;
  }
  return true;
}

/** `prefix` followed only by digits and dots (at least one). */
function versioned(p: usize, n: i32, prefix: string): bool {
  const m = prefix.length;
  if (n <= m || !hasPrefix(p, n, prefix)) return false;
  for (let i = m; i < n; i++) {
    const c = <u32>load<u8>(p + <usize>i);
    if (c != 0x2e && c - 0x30 >= 10) return false;
  }
  return true;
}
