// validate must refuse exactly what it refused before its string loop was
// reworked, at the same byte and with the same message (both reach the deny
// text of a request). 6,000 seeded documents, most of them broken on purpose
// (truncated, a byte replaced or inserted: NUL, controls, quotes, backslashes,
// bad UTF-8 lead and continuation bytes, brackets), fold their answers into
// one hash; GOLDEN is that hash from the byte-at-a-time validator of
// commit c3a8128. A change of any answer changes the hash.
import { Json } from "../../json/reader";
import { ByteBuffer } from "../../util/bytes";
import { XorShift } from "../xorshift";

const GOLDEN: u32 = 1763737893;

const random = new XorShift(0x901de7);
const PIECES: StaticArray<string> = ["a", "xyz ", "\\\"", "\\\\", "\\n", "\\u0041", "\\u00e9", "\\ud83d\\ude00", "\u00e9", "\u20ac",
  "\ud83d\ude00", "0123456789abcdef", "/"];
const NASTY: StaticArray<u8> = [0x00, 0x1f, 0x20, 0x22, 0x5c, 0x75, 0x7f, 0x80, 0xbf, 0xc0, 0xc2, 0xe0, 0xed, 0xf0, 0xf4, 0xf5, 0xff,
  0x7b, 0x7d, 0x5b, 0x5d, 0x2c, 0x3a, 0x30, 0x2d];

function str(b: ByteBuffer): void {
  b.appendString('"');
  const n = <i32>(random.next() % 12);
  for (let i = 0; i < n; i++) b.appendString(PIECES[<i32>(random.next() % <u32>PIECES.length)]);
  b.appendString('"');
}

function value(b: ByteBuffer, depth: i32): void {
  const r = random.next() % (depth > 3 ? 3 : 6);
  if (r == 0) str(b);
  else if (r == 1) b.appendString(random.next() % 2 == 0 ? "-12.5e3" : "true");
  else if (r == 2) b.appendString(random.next() % 2 == 0 ? "null" : " 0 ");
  else if (r == 3) {
    b.appendString("{");
    const n = <i32>(random.next() % 4);
    for (let i = 0; i < n; i++) {
      if (i > 0) b.appendString(",");
      str(b);
      b.appendString(random.next() % 4 == 0 ? " : " : ":");
      value(b, depth + 1);
    }
    b.appendString("}");
  } else {
    b.appendString("[");
    const n = <i32>(random.next() % 4);
    for (let i = 0; i < n; i++) {
      if (i > 0) b.appendString(",");
      value(b, depth + 1);
    }
    b.appendString("]");
  }
}

function mutate(b: ByteBuffer): ByteBuffer {
  const r = random.next() % 4;
  if (r == 0 || b.length == 0) return b; // left valid
  const at = <i32>(random.next() % <u32>b.length);
  const out = new ByteBuffer(b.length + 1);
  if (r == 1) {
    out.append(b.ptr, at); // truncated
  } else {
    const nasty = NASTY[<i32>(random.next() % <u32>NASTY.length)];
    out.append(b.ptr, at);
    out.push(nasty);
    const rest = r == 2 ? at + 1 : at; // replaced or inserted
    out.append(b.ptr + <usize>rest, b.length - rest);
  }
  return out;
}

function fold(h: u32, v: u32): u32 {
  return (h ^ v) * 16777619;
}

describe("validate answers", () => {
  test("6,000 seeded documents, mostly broken, answer as before", () => {
    let h: u32 = 2166136261;
    let invalid = 0;
    const j = new Json();
    for (let round = 0; round < 6000; round++) {
      const b = new ByteBuffer(64);
      value(b, 0);
      const d = mutate(b);
      j.reset(d.ptr, d.length);
      const ok = j.validate();
      if (!ok) invalid++;
      h = fold(h, ok ? 1 : 0);
      h = fold(h, <u32>j.errorAt);
      for (let i = 0; i < j.error.length; i++) h = fold(h, j.error.charCodeAt(i));
    }
    expect(invalid).toBeGreaterThan(3000);
    expect(h).toBe(GOLDEN);
  });
});
