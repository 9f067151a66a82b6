// decodeString copies eight bytes a step and reports whether it met a \u
// escape; the command check trusts that report to skip its UTF-8/NUL pass.
// Strings are built piece by piece beside the bytes they stand for, so every
// answer is compared with an exact expectation: escapes of every kind at every
// offset, raw non-ASCII, \u0000, surrogate pairs, strings that end the
// document (the byte-at-a-time tail) and long ones (the recorded end).
import { Json } from "../../json/reader";
import { ByteBuffer } from "../../util/bytes";
import { inputProblem, InputProblem } from "../../shell/syntax/input";
import { XorShift } from "../xorshift";

const random = new XorShift(0x5eed0de);

/** One string: its JSON text (with quotes), the bytes it stands for, whether it holds a \u escape. */
class Sample {
  text: ByteBuffer = new ByteBuffer(64);
  bytes: ByteBuffer = new ByteBuffer(64);
  unicode: bool = false;
}

const SIMPLE: StaticArray<string> = ['\\"', "\\\\", "\\/", "\\b", "\\f", "\\n", "\\r", "\\t"];
const SIMPLE_BYTES: StaticArray<string> = ['"', "\\", "/", "\b", "\f", "\n", "\r", "\t"];
const UNICODE: StaticArray<string> = ["\\u0000", "\\u0041", "\\u00e9", "\\u2028", "\\ud83d\\ude00", "\\uFFFF", "\\u005C"];
const UNICODE_BYTES: StaticArray<string> = ["\u0000", "A", "\u00e9", "\u2028", "\ud83d\ude00", "\uffff", "\\"];
const RAW: StaticArray<string> = ["\u00e9", "\u20ac", "\ud83d\ude00", "~", " "];

function plain(s: Sample, n: i32): void {
  for (let i = 0; i < n; i++) {
    let c = <u8>(0x20 + random.next() % 95);
    if (c == 0x22 || c == 0x5c) c = 0x61;
    s.text.push(c);
    s.bytes.push(c);
  }
}

function piece(s: Sample): void {
  const r = random.next() % 8;
  if (r < 3) {
    plain(s, <i32>(random.next() % 30));
  } else if (r < 5) {
    const k = <i32>(random.next() % <u32>SIMPLE.length);
    s.text.appendString(SIMPLE[k]);
    s.bytes.appendString(SIMPLE_BYTES[k]);
  } else if (r == 5) {
    const k = <i32>(random.next() % <u32>UNICODE.length);
    s.text.appendString(UNICODE[k]);
    s.bytes.appendString(UNICODE_BYTES[k]);
    s.unicode = true;
  } else {
    const k = <i32>(random.next() % <u32>RAW.length);
    s.text.appendString(RAW[k]);
    s.bytes.appendString(RAW[k]);
  }
}

function randomSample(): Sample {
  const s = new Sample();
  s.text.push(0x22);
  const n = <i32>(random.next() % 7);
  for (let i = 0; i < n; i++) piece(s);
  s.text.push(0x22);
  return s;
}

/** A sample of `before` plain bytes, `escape` (JSON text, bytes), `after` plain bytes. */
function sampleWith(before: i32, text: string, bytes: string, unicode: bool, after: i32): Sample {
  const s = new Sample();
  s.text.push(0x22);
  plain(s, before);
  s.text.appendString(text);
  s.bytes.appendString(bytes);
  plain(s, after);
  s.text.push(0x22);
  s.unicode = unicode;
  return s;
}

let checked = 0;

/** Decode the sample at pos after a random prefix in out; the prefix, the bytes and the flag must be exact. */
function expectDecoded(j: Json, pos: i32, s: Sample, doc: ByteBuffer): void {
  const out = new ByteBuffer(<i32>(1 + random.next() % 16));
  const prefix = <i32>(random.next() % 12);
  for (let i = 0; i < prefix; i++) out.push(<u8>(0x30 + i));
  let ok = j.decodeString(pos, out) && out.length == prefix + s.bytes.length && j.decodedUnicodeEscape == s.unicode &&
    memory.compare(out.ptr + <usize>prefix, s.bytes.ptr, <usize>s.bytes.length) == 0;
  for (let i = 0; i < prefix; i++) ok = ok && load<u8>(out.ptr + <usize>i) == <u8>(0x30 + i);
  // What the command check relies on: without a \u escape, valid UTF-8 and no NUL.
  if (!j.decodedUnicodeEscape) ok = ok && inputProblem(out.ptr + <usize>prefix, out.length - prefix) == InputProblem.NONE;
  if (!ok) expect(ok).toBe(true, doc.toString() + " at " + pos.toString() + ": got " + out.toString() + ", want " + s.bytes.toString());
  checked++;
}

/** The samples in an array (with random blanks), and alone as the whole document; each decoded. */
function checkSamples(samples: Array<Sample>): void {
  const doc = new ByteBuffer(256);
  doc.push(0x5b);
  const at = new Array<i32>();
  for (let i = 0; i < samples.length; i++) {
    if (i > 0) doc.push(0x2c);
    if (random.next() % 3 == 0) doc.appendString(" \n");
    at.push(doc.length);
    doc.append(samples[i].text.ptr, samples[i].text.length);
  }
  doc.push(0x5d);
  const j = new Json();
  j.reset(doc.ptr, doc.length);
  if (!j.validate()) expect(false).toBe(true, "invalid: " + doc.toString());
  for (let i = 0; i < samples.length; i++) expectDecoded(j, at[i], samples[i], doc);
  // Alone: the string ends the document, so its last bytes go the byte-at-a-time way.
  for (let i = 0; i < samples.length; i++) {
    const s = samples[i];
    j.reset(s.text.ptr, s.text.length);
    if (!j.validate()) expect(false).toBe(true, "invalid: " + s.text.toString());
    expectDecoded(j, 0, s, s.text);
  }
}

describe("Json.decodeString", () => {
  test("every escape at every offset, in short and long strings, inside and at the end of the document", () => {
    checked = 0;
    for (let before = 0; before <= 40; before++) {
      const after = <i32>(random.next() % 20);
      const samples = new Array<Sample>();
      for (let k = 0; k < SIMPLE.length; k++) samples.push(sampleWith(before, SIMPLE[k], SIMPLE_BYTES[k], false, after));
      for (let k = 0; k < UNICODE.length; k++) samples.push(sampleWith(before, UNICODE[k], UNICODE_BYTES[k], true, after));
      for (let k = 0; k < RAW.length; k++) samples.push(sampleWith(before, RAW[k], RAW[k], false, after));
      samples.push(sampleWith(before, "", "", false, 0));
      checkSamples(samples);
    }
    expect(checked).toBe(41 * 2 * (8 + 7 + 5 + 1));
  });

  test("3,000 random documents of mixed strings", () => {
    checked = 0;
    let unicode = 0, other = 0;
    for (let round = 0; round < 3000; round++) {
      const samples = new Array<Sample>();
      const n = 1 + <i32>(random.next() % 4);
      for (let i = 0; i < n; i++) {
        const s = randomSample();
        if (s.unicode) unicode++;
        else other++;
        samples.push(s);
      }
      checkSamples(samples);
    }
    expect(unicode).toBeGreaterThan(1000);
    expect(other).toBeGreaterThan(1000);
    expect(checked).toBe(2 * (unicode + other));
  });

  test("a value that is not a string, or an unterminated one, decodes to nothing and claims no clean bytes", () => {
    const out = new ByteBuffer(8);
    const j = new Json();
    const docs: StaticArray<string> = ['"abc', '"ab\\"', '"ab\\', "12", "[]", "{}", "null", '"x\\u0041'];
    for (let i = 0; i < docs.length; i++) {
      const b = String.UTF8.encode(docs[i], false);
      j.reset(changetype<usize>(b), b.byteLength);
      out.reset();
      expect(j.decodeString(0, out)).toBe(false, docs[i]);
      expect(out.length).toBe(0, docs[i]);
      expect(j.decodedUnicodeEscape).toBe(true, docs[i]);
    }
  });
});
