// canonicalizeBytesInto copies a path (or base) whose segments are all plain names whole instead of reading it
// segment by segment (plainSegments). The differential check: the same answer and the same bytes as the
// function before that copy (path-before.ts) for random paths, bases and homes — with the attack bytes
// (`..`, `.`, `//`, a trailing `/` or `/.`, NUL, `~`, `~user`, non-ASCII) at every offset around the eight-byte
// words the scan reads — in both modes (a canonical base copied whole, or any base read).

import { ByteBuffer } from "../../util/bytes";
import { canonicalizeBytesInto, canonicalizePathInto, plainSegments } from "../../util/path";
import { canonicalizeBytesIntoBefore } from "./path-before";
import { XorShift } from "../xorshift";

const PARTS: StaticArray<string> = [
  "a", "b", "src", "components", "é", ".", "..", "...", "/", "//", "~", "~u", ".x", "x.", "\u0000", " ", "*", "/.", "/..",
  "./", "../", "abcdefg", "build-log.txt", "ｆ", "\u2024",
];

function randomText(rng: XorShift, lead: string, most: u32): string {
  let s = lead;
  const n = <i32>(rng.next() % most);
  for (let i = 0; i < n; i++) s += PARTS[<i32>(rng.next() % <u32>PARTS.length)];
  return s;
}

function bytesOf(text: string, out: ByteBuffer): void {
  out.reset();
  out.appendString(text);
}

/** Both functions on (path, base, home) in one mode: the same answer and bytes. */
function agree(path: ByteBuffer, base: ByteBuffer, home: ByteBuffer, canonical: bool, a: ByteBuffer, b: ByteBuffer): bool {
  const ra = canonicalizeBytesInto(a, path.ptr, path.length, base.ptr, base.length, home.ptr, home.length, canonical);
  const rb = canonicalizeBytesIntoBefore(b, path.ptr, path.length, base.ptr, base.length, home.ptr, home.length, canonical);
  if (ra != rb) return false;
  if (!ra) return true;
  return a.length == b.length && memory.compare(a.ptr, b.ptr, <usize>a.length) == 0;
}

const LEADS: StaticArray<string> = ["", "/", "~", "~/", ".", "x", "src/", "//", "/.", "~root"];

describe("canonicalizeBytesInto against the function before plain paths were copied whole", () => {
  test("random paths under canonical bases and homes (the copied-whole mode)", () => {
    const rng = new XorShift(0x9a7b1e55);
    const path = new ByteBuffer(64), base = new ByteBuffer(64), home = new ByteBuffer(64);
    const a = new ByteBuffer(8), b = new ByteBuffer(8);
    let differ = 0, plainCopies = 0;
    for (let round = 0; round < 20000; round++) {
      if (!canonicalizePathInto(base, randomText(rng, "/", 5), "/", "")) base.reset();
      if (rng.next() % 5 == 0) base.reset();
      if (!canonicalizePathInto(home, randomText(rng, "/", 4), "/", "")) home.reset();
      if (rng.next() % 4 == 0) home.reset();
      bytesOf(randomText(rng, LEADS[<i32>(rng.next() % <u32>LEADS.length)], 7), path);
      if (path.length > 0 && plainSegments(path.ptr, path.length, load<u8>(path.ptr) == 0x2f)) plainCopies++;
      if (!agree(path, base, home, true, a, b)) differ++;
    }
    expect(differ).toBe(0);
    expect(plainCopies).toBeGreaterThan(2000); // the rounds reach the copy, not only the slow path
  });

  test("random paths under any base and home (the base read, or copied when plain)", () => {
    const rng = new XorShift(0x51ab0d17);
    const path = new ByteBuffer(64), base = new ByteBuffer(64), home = new ByteBuffer(64);
    const a = new ByteBuffer(8), b = new ByteBuffer(8);
    let differ = 0;
    for (let round = 0; round < 20000; round++) {
      bytesOf(randomText(rng, LEADS[<i32>(rng.next() % <u32>LEADS.length)], 5), base);
      bytesOf(randomText(rng, LEADS[<i32>(rng.next() % <u32>LEADS.length)], 4), home);
      bytesOf(randomText(rng, LEADS[<i32>(rng.next() % <u32>LEADS.length)], 7), path);
      if (!agree(path, base, home, false, a, b)) differ++;
    }
    expect(differ).toBe(0);
  });

  test("one attack byte pair at every offset of paths 1 to 24 bytes long", () => {
    const pairs: StaticArray<string> = ["/.", "//", "/", ".", "\u0000", "/..", "~", "é"];
    const path = new ByteBuffer(64), base = new ByteBuffer(64), home = new ByteBuffer(64);
    const a = new ByteBuffer(8), b = new ByteBuffer(8);
    canonicalizePathInto(base, "/workspace", "/", "");
    canonicalizePathInto(home, "/home/agent", "/", "");
    let differ = 0;
    for (let len = 1; len <= 24; len++) {
      for (let at = 0; at < len; at++) {
        for (let k = 0; k < pairs.length; k++) {
          const text = "abcdefghijklmnopqrstuvwx".substring(0, at) + pairs[k] + "abcdefghijklmnopqrstuvwx".substring(at, len);
          for (let lead = 0; lead < 3; lead++) {
            bytesOf((lead == 0 ? "" : lead == 1 ? "/" : "~/") + text, path);
            if (!agree(path, base, home, true, a, b)) differ++;
            if (!agree(path, base, home, false, a, b)) differ++;
            // The text as the base: read (or copied) as a directory.
            bytesOf("/" + text, base);
            bytesOf("q/r", path);
            if (!agree(path, base, home, false, a, b)) differ++;
            canonicalizePathInto(base, "/workspace", "/", "");
          }
        }
      }
    }
    expect(differ).toBe(0);
  });

  test("the plain copy's own answers", () => {
    const a = new ByteBuffer(8), base = new ByteBuffer(16), p = new ByteBuffer(16);
    canonicalizePathInto(base, "/workspace", "/", "");
    bytesOf("notes/todo.txt", p);
    expect(canonicalizeBytesInto(a, p.ptr, p.length, base.ptr, base.length, 0, 0, true)).toBe(true);
    expect(a.toString()).toBe("/workspace/notes/todo.txt");
    bytesOf("src/../../etc/passwd", p);
    expect(canonicalizeBytesInto(a, p.ptr, p.length, base.ptr, base.length, 0, 0, true)).toBe(true);
    expect(a.toString()).toBe("/etc/passwd");
    bytesOf("src/a\u0000b", p);
    expect(canonicalizeBytesInto(a, p.ptr, p.length, base.ptr, base.length, 0, 0, true)).toBe(false);
    bytesOf("/abcdefgh/.", p);
    expect(canonicalizeBytesInto(a, p.ptr, p.length, base.ptr, base.length, 0, 0, true)).toBe(true);
    expect(a.toString()).toBe("/abcdefgh");
    canonicalizePathInto(base, "/", "/", "");
    bytesOf("x/y", p);
    expect(canonicalizeBytesInto(a, p.ptr, p.length, base.ptr, base.length, 0, 0, true)).toBe(true);
    expect(a.toString()).toBe("/x/y");
  });
});
