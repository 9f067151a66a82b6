// The validator's string window (stringStops) and structure walk against the validator they replaced
// (reader-before.ts): on every input both give the same verdict, the same error position and message, the
// same span table (every key's value, every value's follower, every container's and string's end, in the
// same slots) and the same decoded copy of every string value.
// Inputs: each string piece that needs a look — every escape, \u escapes and surrogates good and bad, UTF-8
// at every edge (overlong, surrogates, the 4-byte maximum and past it, lone continuation bytes, sequences cut
// short), NUL, controls, 0x7F — inside strings of 0 to 40 bytes after pads of 0 to 8, so that each lands at
// every offset of an eight-byte window and at the end of the input; every prefix of a request; seeded random
// documents, most of them broken; random bytes over JSON's alphabet; huge strings; deep nesting.
import { Json } from "../../json/reader";
import { JsonBefore } from "./reader-before";
import { ByteBuffer } from "../../util/bytes";
import { XorShift } from "../xorshift";

const now = new Json();
const before = new JsonBefore();
const SPAN_TABLE_BYTES: i32 = 256 * 16;
let compared = 0;
/** Reused for every generated input (a fresh buffer each would leave the collector most of the run). */
const scratch = new ByteBuffer(256);
const scratch2 = new ByteBuffer(256);
let valid = 0;

function describeInput(p: usize, n: i32): string {
  let s = "";
  for (let i = 0; i < n && i < 200; i++) {
    const b = load<u8>(p + <usize>i);
    s += b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : "\\x" + (<u32>b).toString(16);
  }
  return s;
}

/** Validate (p, n) with both; fail the spec on any difference (expect only then: it is slow in a loop of 100,000). */
function same(p: usize, n: i32): void {
  now.reset(p, n);
  before.reset(p, n);
  const a = now.validate();
  const b = before.validate();
  compared++;
  if (a != b || now.errorAt != before.errorAt || now.error != before.error) {
    const what = describeInput(p, n);
    expect(a).toBe(b, what);
    expect(now.errorAt).toBe(before.errorAt, what);
    expect(now.error).toBe(before.error, what);
  }
  if (memory.compare(now.spanTable(), changetype<usize>(before.spans), SPAN_TABLE_BYTES) != 0) {
    expect(false).toBe(true, "span table: " + describeInput(p, n));
  }
  if (!a) return;
  valid++;
  // Each string value recorded in this document: its decoded copy.
  const gen = before.generation;
  const table = changetype<usize>(before.spans);
  for (let s = 0; s < 256; s++) {
    const key = load<u64>(table + (<usize>s << 4));
    if ((key & 0xffffffff00000000) != gen || (key & 0x80000000) != 0) continue;
    const pos = <i32>(key & 0x7fffffff);
    if (load<u8>(p + <usize>pos) != 0x22) continue;
    const count = <i32>(load<u32>(table + (<usize>s << 4), 12) & 0x7fffffff);
    const from = <usize>(pos + 1);
    if (memory.compare(now.decodedCopies() + from, changetype<usize>(before.decoded) + from, <usize>count) != 0) {
      expect(false).toBe(true, "decoded: " + describeInput(p, n));
    }
  }
}

function sameText(b: ByteBuffer): void {
  same(b.ptr, b.length);
}

// String pieces that need a look, as raw bytes.
const PIECES: StaticArray<string> = [
  '\\"', "\\\\", "\\/", "\\b", "\\f", "\\n", "\\r", "\\t", "\\u0000", "\\u0041", "\\u00e9", "\\u07ff", "\\u0800", "\\uffff",
  "\\ud83d\\ude00", "\\udbff\\udfff", "\\ud800", "\\udc00", "\\ud800x", "\\ud800\\u0041", "\\ud800\\", "\\u12", "\\u12g4", "\\uGGGG",
  "\\x", "\\U0041", "\\", "\\'", "\\ ", '"', "a", " ", "~",
];
// Raw bytes: controls, DEL, every kind of UTF-8 lead and continuation, good and bad sequences.
const RAW: StaticArray<StaticArray<u8>> = [
  [0x00], [0x01], [0x09], [0x0a], [0x1f], [0x7f], [0x80], [0xbf], [0xc0, 0x80], [0xc1, 0xbf], [0xc2, 0x80], [0xdf, 0xbf],
  [0xe0, 0x80, 0x80], [0xe0, 0x9f, 0xbf], [0xe0, 0xa0, 0x80], [0xed, 0x9f, 0xbf], [0xed, 0xa0, 0x80], [0xed, 0xbf, 0xbf],
  [0xef, 0xbf, 0xbf], [0xf0, 0x8f, 0xbf, 0xbf], [0xf0, 0x90, 0x80, 0x80], [0xf4, 0x8f, 0xbf, 0xbf], [0xf4, 0x90, 0x80, 0x80],
  [0xf5, 0x80, 0x80, 0x80], [0xf8], [0xfe], [0xff], [0xc2], [0xe2, 0x82], [0xf0, 0x9f, 0x98], [0xc2, 0x41], [0xe2, 0x28, 0xa1],
  [0xf0, 0x9f, 0x41, 0x80], [0x80, 0x80], [0xc3, 0xa9],
];

function pieceBytes(b: ByteBuffer, k: i32): void {
  if (k < PIECES.length) b.appendString(PIECES[k]);
  else {
    const raw = RAW[k - PIECES.length];
    for (let i = 0; i < raw.length; i++) b.push(raw[i]);
  }
}

describe("the validator against the one before", () => {
  test("each piece at every offset of strings of 0 to 40 bytes, closed, cut at the end, and in keys", () => {
    const kinds = PIECES.length + RAW.length;
    for (let k = 0; k < kinds; k++) {
      for (let pad = 0; pad < 9; pad++) {
        for (let before = 0; before <= 40; before++) {
          for (let shape = 0; shape < 4; shape++) {
            const b = scratch;
            b.reset();
            b.appendString(shape == 3 ? "{" : "[");
            for (let i = 0; i < pad; i++) b.appendString(" ");
            b.appendString('"');
            for (let i = 0; i < before; i++) b.push(<u8>(0x61 + (i % 26)));
            pieceBytes(b, k);
            if (shape == 0) b.appendString('"]');
            else if (shape == 1) b.appendString('xyz"');
            else if (shape == 3) b.appendString('":1}');
            // shape 2: the input ends right after the piece
            sameText(b);
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(40000);
  });

  test("every prefix of requests, and every byte of them replaced", () => {
    const texts: StaticArray<string> = [
      '{"tool_name":"bash","tool_input":{"command":"git status && echo \\"done; really\\" | tee log.txt","timeout":120},"tool_call_id":"call_0002"}',
      '{ "tool_name" : "web_search" ,\n\t"tool_input" : { "query" : "caf\u00e9 \\u00e9\\ud83d\\ude00" , "n" : [1, -2.5e+3, true, false, null, {}, []] } }',
      '[{"a":{"b":[{"c":"\\u0041"}]}},"x",0,-0.0e-0,{"":""}]',
    ];
    const NASTY: StaticArray<u8> = [0x00, 0x1f, 0x20, 0x22, 0x2c, 0x3a, 0x5b, 0x5c, 0x5d, 0x7b, 0x7d, 0x7f, 0x80, 0xc2, 0xed, 0xf4, 0xff];
    for (let t = 0; t < texts.length; t++) {
      const full = new ByteBuffer(256);
      full.appendString(texts[t]);
      for (let n = 0; n <= full.length; n++) same(full.ptr, n);
      for (let at = 0; at < full.length; at++) {
        for (let k = 0; k < NASTY.length; k++) {
          const b = scratch;
          b.reset();
          b.append(full.ptr, full.length);
          store<u8>(b.ptr + <usize>at, NASTY[k]);
          sameText(b);
        }
      }
    }
  });

  test("seeded random documents, most of them broken", () => {
    const random = new XorShift(0x5eed0017);
    for (let round = 0; round < 20000; round++) {
      const b = scratch;
      b.reset();
      randomValue(random, b, 0);
      const r = random.next() % 4;
      if (r == 0 || b.length == 0) {
        sameText(b);
        continue;
      }
      const at = <i32>(random.next() % <u32>b.length);
      const out = scratch2;
      out.reset();
      out.append(b.ptr, at);
      if (r >= 2) {
        pieceBytes(out, <i32>(random.next() % <u32>(PIECES.length + RAW.length)));
        const rest = r == 2 ? at + 1 : at;
        out.append(b.ptr + <usize>rest, b.length - rest);
      }
      sameText(out);
    }
    expect(valid).toBeGreaterThan(5000);
  });

  test("random bytes over JSON's alphabet", () => {
    const random = new XorShift(0xb17e5);
    const ALPHABET = '{}[]:,"\\ \t\n0123456789-+.eEtrunfalsx/u\x00\x1f\x7f\u00e9';
    const alphabet = String.UTF8.encode(ALPHABET);
    const an = alphabet.byteLength;
    for (let round = 0; round < 20000; round++) {
      const n = <i32>(random.next() % 48);
      const b = scratch;
      b.reset();
      for (let i = 0; i < n; i++) b.push(load<u8>(changetype<usize>(alphabet) + <usize>(random.next() % <u32>an)));
      sameText(b);
    }
  });

  test("huge strings and deep nesting", () => {
    const big = new ByteBuffer(1 << 20);
    big.appendString('{"command":"');
    for (let i = 0; i < 300000; i++) big.push(<u8>(0x20 + (i * 7) % 95 == 0x22 || 0x20 + (i * 7) % 95 == 0x5c ? 0x61 : 0x20 + (i * 7) % 95));
    const body = big.length;
    big.appendString('","timeout":1}');
    sameText(big);
    // An escape, a control and a bad byte far in.
    const cuts: StaticArray<u8> = [0x5c, 0x01, 0xff, 0x22];
    for (let k = 0; k < cuts.length; k++) {
      const b = new ByteBuffer(big.length);
      b.append(big.ptr, big.length);
      store<u8>(b.ptr + <usize>(body - 3), cuts[k]);
      sameText(b);
      same(b.ptr, body - 2);
    }
    for (let depth = 125; depth <= 131; depth++) {
      for (let kind = 0; kind < 3; kind++) {
        const b = new ByteBuffer(depth * 8);
        for (let i = 0; i < depth; i++) b.appendString(kind == 0 ? "[" : kind == 1 ? '{"k":' : '[{"a":1},');
        b.appendString("0");
        for (let i = depth - 1; i >= 0; i--) b.appendString(kind == 1 ? "}" : "]");
        sameText(b);
      }
    }
    const deep = new ByteBuffer(200000);
    for (let i = 0; i < 100000; i++) deep.push(0x5b);
    sameText(deep);
  });
});

function randomString(random: XorShift, b: ByteBuffer): void {
  b.push(0x22);
  const n = <i32>(random.next() % 5);
  for (let i = 0; i < n; i++) {
    if (random.next() % 2 == 0) {
      const run = <i32>(random.next() % 24);
      for (let k = 0; k < run; k++) b.push(<u8>(0x20 + random.next() % 95 == 0x22 ? 0x41 : 0x20 + random.next() % 95));
    } else {
      pieceBytes(b, <i32>(random.next() % <u32>(PIECES.length + RAW.length)));
    }
  }
  b.push(0x22);
}

function randomValue(random: XorShift, b: ByteBuffer, depth: i32): void {
  if (random.next() % 5 == 0) b.appendString(" ");
  const r = random.next() % (depth > 3 ? 4 : 6);
  if (r == 0 || r == 1) randomString(random, b);
  else if (r == 2) b.appendString(random.next() % 2 == 0 ? "-12.5e3" : "true");
  else if (r == 3) b.appendString(random.next() % 2 == 0 ? "null" : "0");
  else if (r == 4) {
    b.appendString("{");
    const n = <i32>(random.next() % 4);
    for (let i = 0; i < n; i++) {
      if (i > 0) b.appendString(random.next() % 4 == 0 ? " , " : ",");
      randomString(random, b);
      b.appendString(random.next() % 4 == 0 ? " :\n" : ":");
      randomValue(random, b, depth + 1);
    }
    b.appendString("}");
  } else {
    b.appendString("[");
    const n = <i32>(random.next() % 4);
    for (let i = 0; i < n; i++) {
      if (i > 0) b.appendString(",");
      randomValue(random, b, depth + 1);
    }
    b.appendString("]");
  }
  if (random.next() % 5 == 0) b.appendString("\t");
}
