// validate leaves each string value's unescaped bytes behind, and
// decodeString copies them instead of decoding the raw bytes again. Every
// copy must be what decoding the raw bytes gives (decodeBodyAt, with the
// copies switched off): random documents of nested objects and arrays whose
// strings mix escapes, \u escapes, surrogate pairs and raw UTF-8, short and
// past the eight-byte copy's 64 bytes, decoded with and without the copies,
// also with another document validated in between (each reader keeps its own copies).
import { Json, JsonType, decodedEntries } from "../../json/reader";
import { ByteBuffer } from "../../util/bytes";
import { XorShift } from "../xorshift";

const random = new XorShift(0xdec0de5);

// JSON text of a string's pieces: plain runs are added separately.
const PIECES: StaticArray<string> = [
  '\\"', "\\\\", "\\/", "\\b", "\\f", "\\n", "\\r", "\\t", "\\u0000", "\\u0041", "\\u07ff", "\\u0800", "\\uffff",
  "\\ud800\\udc00", "\\udbff\\udfff", "\u00e9", "\u20ac", "\ud83d\ude00", "'",
];

function str(b: ByteBuffer): void {
  b.push(0x22);
  const n = <i32>(random.next() % 6);
  for (let i = 0; i < n; i++) {
    if (random.next() % 2 == 0) {
      const run = <i32>(random.next() % 40);
      for (let k = 0; k < run; k++) b.push(<u8>(0x61 + random.next() % 26));
    } else {
      b.appendString(PIECES[<i32>(random.next() % <u32>PIECES.length)]);
    }
  }
  b.push(0x22);
}

function value(b: ByteBuffer, depth: i32): void {
  const r = random.next() % (depth > 3 ? 3 : 6);
  if (r <= 1) str(b);
  else if (r == 2) b.appendString(random.next() % 2 == 0 ? "7" : "false");
  else if (r == 3) {
    b.push(0x7b);
    const n = <i32>(random.next() % 4);
    for (let i = 0; i < n; i++) {
      if (i > 0) b.push(0x2c);
      str(b);
      b.appendString(random.next() % 4 == 0 ? " : " : ":");
      value(b, depth + 1);
    }
    b.push(0x7d);
  } else {
    b.push(0x5b);
    const n = <i32>(random.next() % 4);
    for (let i = 0; i < n; i++) {
      if (i > 0) b.push(0x2c);
      value(b, depth + 1);
    }
    b.push(0x5d);
  }
}

/** Every string in the document (keys and values), in document order. */
function strings(j: Json, pos: i32, out: Array<i32>): void {
  const t = j.typeAt(pos);
  if (t == JsonType.String) out.push(pos);
  else if (t == JsonType.Object) {
    for (let m = j.firstMember(pos); m >= 0; m = j.nextMember(m)) {
      out.push(m);
      strings(j, j.memberValue(m), out);
    }
  } else if (t == JsonType.Array) {
    for (let e = j.firstElement(pos); e >= 0; e = j.nextElement(e)) strings(j, e, out);
  }
}

/** Decode every string with the copies on (into `on`) and off (into `off`), each after a prefix; flags appended as a byte. */
function decodeAll(j: Json, at: Array<i32>, on: ByteBuffer, off: ByteBuffer, between: Json | null, other: ByteBuffer): i32 {
  let long = 0;
  for (let i = 0; i < at.length; i++) {
    if (between != null) {
      // Another document validated after this one: its copies must not be read for this one.
      between.reset(other.ptr, other.length);
      between.validate();
    }
    on.push(0x7c);
    expect(j.decodeString(at[i], on)).toBe(true);
    on.push(j.decodedUnicodeEscape ? 1 : 0);
    decodedEntries = false;
    off.push(0x7c);
    expect(j.decodeString(at[i], off)).toBe(true);
    off.push(j.decodedUnicodeEscape ? 1 : 0);
    decodedEntries = true;
    if (j.skipValue(at[i]) - at[i] > 80) long++; // decoded past 64 bytes: the bulk copy
  }
  return long;
}

function sameBytes(a: ByteBuffer, b: ByteBuffer, doc: ByteBuffer): void {
  const same = a.length == b.length && memory.compare(a.ptr, b.ptr, <usize>a.length) == 0;
  if (!same) expect(a.toString()).toBe(b.toString(), doc.toString());
}

/** One random document decoded with and without the copies (another validated between steps when given); its strings of over 80 bytes. */
function round(j: Json, between: Json | null): i32 {
  const doc = new ByteBuffer(256);
  value(doc, 0);
  const other = new ByteBuffer(256);
  value(other, 0);
  j.reset(doc.ptr, doc.length);
  expect(j.validate()).toBe(true, doc.toString());
  const at = new Array<i32>();
  strings(j, j.root(), at);
  const on = new ByteBuffer(16);
  const off = new ByteBuffer(16);
  const long = decodeAll(j, at, on, off, between, other);
  sameBytes(on, off, doc);
  return long;
}

describe("the oracle build", () => {
  test("reads the toggle (compiled with ORACLES: npm run test:oracles)", () => {
    // Without ORACLES the core never reads decodedEntries, and both runs below would be the same code.
    expect(isDefined(ORACLES)).toBe(true);
  });
});

describe("validate's decoded copies", () => {
  test("decode to the raw bytes' decoding in 4,000 random documents", () => {
    const j = new Json();
    let long = 0;
    for (let i = 0; i < 4000; i++) long += round(j, null);
    expect(long).toBeGreaterThan(200);
  });

  test("each reader copies from its own document when another is validated in between", () => {
    const between = new Json();
    let long = 0;
    // A fresh reader each round: fresh readers share a generation, so only the copies tell the documents apart.
    for (let i = 0; i < 2000; i++) long += round(new Json(), between);
    expect(long).toBeGreaterThan(100);
  });
});
