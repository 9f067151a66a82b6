import { Json, JsonType, DUPLICATE } from "../../json/reader";
import { ByteBuffer } from "../../util/bytes";

function doc(s: string): Json {
  return point(new Json(), s);
}

/** Point reader j at the UTF-8 bytes of s (kept alive for the test's duration). */
function point(j: Json, s: string): Json {
  const bytes = String.UTF8.encode(s, false);
  held.push(bytes);
  j.reset(changetype<usize>(bytes), bytes.byteLength);
  return j;
}
const held = new Array<ArrayBuffer>();

function valid(s: string): bool {
  return doc(s).validate();
}

function repeat(s: string, n: i32): string {
  const b = new ByteBuffer(n * s.length);
  for (let i = 0; i < n; i++) b.appendString(s);
  return b.toString();
}

describe("Json.validate", () => {
  test("accepts RFC 8259 documents", () => {
    expect(valid('{"a":[1,-2.5e3,true,false,null,"x\\u00e9\\ud83d\\ude00"]}')).toBe(true);
    expect(valid("  0 ")).toBe(true);
    expect(valid('"\\"\\\\\\/\\b\\f\\n\\r\\t"')).toBe(true);
    expect(valid("[]")).toBe(true);
    expect(valid("{}")).toBe(true);
  });
  test("rejects malformed documents", () => {
    expect(valid("")).toBe(false);
    expect(valid("{")).toBe(false);
    expect(valid('{"a":1,}')).toBe(false);
    expect(valid("[1,]")).toBe(false);
    expect(valid("01")).toBe(false);
    expect(valid("1.")).toBe(false);
    expect(valid("-")).toBe(false);
    expect(valid("tru")).toBe(false);
    expect(valid('{"a" 1}')).toBe(false);
    expect(valid('{1:2}')).toBe(false);
    expect(valid("[1] [2]")).toBe(false);
    expect(valid('"\\x41"')).toBe(false);
    expect(valid('"a\tb"')).toBe(false); // raw control character
    expect(valid('"\\ud800"')).toBe(false); // lone surrogate escape
    expect(valid('"\\udc00\\ud800"')).toBe(false);
    expect(valid("NaN")).toBe(false);
  });
  test("rejects invalid UTF-8 inside strings", () => {
    const bad: u8[][] = [[0x22, 0xc0, 0xaf, 0x22], [0x22, 0xed, 0xa0, 0x80, 0x22], [0x22, 0xff, 0x22], [0x22, 0xe2, 0x82, 0x22], [0x22, 0xf4, 0x90, 0x80, 0x80, 0x22]];
    for (let i = 0; i < bad.length; i++) {
      const arr = bad[i];
      const buf = new StaticArray<u8>(arr.length);
      for (let k = 0; k < arr.length; k++) buf[k] = arr[k];
      const j = new Json();
      j.reset(changetype<usize>(buf), buf.length);
      expect(j.validate()).toBe(false);
    }
  });
  test("rejects NUL bytes outside strings and raw ones inside", () => {
    const buf = new StaticArray<u8>(4);
    buf[0] = 0x22; buf[1] = 0x61; buf[2] = 0; buf[3] = 0x22;
    const j = new Json();
    j.reset(changetype<usize>(buf), 4);
    expect(j.validate()).toBe(false);
  });
  test("100k-deep nesting fails cleanly instead of overflowing", () => {
    expect(valid(repeat("[", 100000) + repeat("]", 100000))).toBe(false);
    expect(valid(repeat('{"a":', 100000) + "1" + repeat("}", 100000))).toBe(false);
    expect(valid(repeat("[", 100) + repeat("]", 100))).toBe(true);
  });
});

describe("Json navigation", () => {
  test("get finds members after unescaping keys and skips nested values", () => {
    const j = doc('{"x":{"command":"no"},"tool_input":{"comm\\u0061nd":"ls -la","n":[1,{"command":2}]}}');
    expect(j.validate()).toBe(true);
    const input = j.get(j.root(), "tool_input");
    expect(j.typeAt(input)).toBe(JsonType.Object);
    expect(j.readString(j.get(input, "command"))).toBe("ls -la");
    expect(j.get(input, "missing")).toBe(-1);
  });
  test("whitespace of every kind and length between tokens reads like none", () => {
    const WS = [" ", "\n", "\t", "\r", " \r\n\t ", "    "];
    for (let k = 0; k < WS.length; k++) {
      const w = WS[k];
      const j = doc(w + "{" + w + '"a"' + w + ":" + w + "[" + w + "1" + w + "," + w + '"x"' + w + "]" + w + "," + w +
        '"b"' + w + ":" + w + "{" + w + '"c"' + w + ":" + w + "null" + w + "}" + w + "," + w + '"d"' + w + ":" + w + "{" + w + "}" + w + "}" + w);
      expect(j.validate()).toBe(true, "ws " + k.toString());
      const root = j.root();
      expect(j.typeAt(root)).toBe(JsonType.Object);
      const a = j.get(root, "a");
      const first = j.firstElement(a);
      expect(j.readNumber(first)).toBe(1.0);
      expect(j.readString(j.nextElement(first))).toBe("x");
      expect(j.nextElement(j.nextElement(first))).toBe(-1);
      expect(j.typeAt(j.get(j.get(root, "b"), "c"))).toBe(JsonType.Null);
      expect(j.firstMember(j.get(root, "d"))).toBe(-1);
    }
  });
  test("duplicate keys are reported, not resolved", () => {
    const j = doc('{"command":"ls","command":"rm -rf /"}');
    expect(j.validate()).toBe(true);
    expect(j.get(j.root(), "command")).toBe(DUPLICATE);
  });
  test("reads numbers, string arrays and non-ASCII strings", () => {
    const j = doc('{"t": 12.5e1, "a": ["x", "ü"], "b": ["x", 1]}');
    expect(j.validate()).toBe(true);
    expect(j.readNumber(j.get(j.root(), "t"))).toBe(125.0);
    const a = j.readStringArray(j.get(j.root(), "a"))!;
    expect(a.length).toBe(2);
    expect(a[1]).toBe("ü");
    expect(j.readStringArray(j.get(j.root(), "b"))).toBeNull();
  });
});

describe("Json eight-byte string scanning", () => {
  // The validator, skipper and decoder look at eight bytes at a time; every
  // special byte must be seen at every offset within and across those words.
  const filler = "abcdefghijklmnopqrstuvwxyz0123456789";
  test("a control character, quote or backslash at any offset of a long string is handled", () => {
    for (let at = 0; at < 30; at++) {
      const head = filler.substring(0, at), tail = filler.substring(at);
      // A raw control byte is invalid wherever it sits.
      expect(valid('"' + head + "\u0001" + tail + '"')).toBe(false);
      expect(valid('"' + head + "\u001f" + tail + '"')).toBe(false);
      // A raw quote ends the string early: what follows is not JSON.
      expect(valid('"' + head + '"' + tail + '"')).toBe(false);
      // An escape anywhere is decoded, a bad one rejected.
      const j = doc('{"k":"' + head + '\\"' + tail + '","after":1}');
      expect(j.validate()).toBe(true);
      expect(j.readString(j.get(j.root(), "k"))).toBe(head + '"' + tail);
      expect(j.readNumber(j.get(j.root(), "after"))).toBe(1.0);
      expect(valid('"' + head + "\\q" + tail + '"')).toBe(false);
      // Non-ASCII at any offset is validated as UTF-8 and decoded intact.
      const u = doc('{"k":"' + head + "é" + tail + '"}');
      expect(u.validate()).toBe(true);
      expect(u.readString(u.get(u.root(), "k"))).toBe(head + "é" + tail);
    }
  });
  test("a byte that is not UTF-8, at any offset, is rejected; several special bytes in one word are each seen", () => {
    for (let at = 0; at < 30; at++) {
      for (let k = 0; k < 3; k++) {
        const bad: u8 = k == 0 ? 0x80 : k == 1 ? 0xff : 0xc0;
        const b = new ByteBuffer(64);
        b.push(0x22);
        b.appendString(filler.substring(0, at));
        b.push(bad);
        b.appendString(filler.substring(at));
        b.push(0x22);
        const j = new Json();
        j.reset(b.ptr, b.length);
        expect(j.validate()).toBe(false);
      }
      const head = filler.substring(0, at), tail = filler.substring(at);
      const j = doc('["' + head + '\\\\\\"\\n' + tail + '",2]');
      expect(j.validate()).toBe(true);
      const first = j.firstElement(j.root());
      expect(j.readString(first)).toBe(head + '\\"\n' + tail);
      expect(j.readNumber(j.nextElement(first))).toBe(2.0);
    }
  });
  test("DEL and bytes just below and above the control range", () => {
    expect(valid('"' + filler + "\u007f" + filler + '"')).toBe(true); // DEL is allowed raw by RFC 8259
    expect(valid('"' + filler + " " + filler + '"')).toBe(true);
  });
});

describe("Json.readNumber", () => {
  test("integers take the fast path, everything else the exact parser", () => {
    const j = doc('[120, -5, 0, -0, 999999999999999, 1e3, 1.5, -2.25e-1, 123456789012345678, 1E+2]');
    expect(j.validate()).toBe(true);
    const expected: f64[] = [120, -5, 0, -0.0, 999999999999999, 1000, 1.5, -0.225, 123456789012345678, 100];
    let e = j.firstElement(j.root());
    for (let i = 0; i < expected.length; i++) {
      expect(j.readNumber(e)).toBe(expected[i]);
      e = j.nextElement(e);
    }
    expect(e).toBe(-1);
  });
});

// validate records where containers and long strings end; navigation must
// land exactly where a cold byte scan does, on this document and no other.
const spanLong = "a long string value with \\\"escapes\\\" and ] } [ { inside it";
const spanText = '{"s":"' + spanLong + '","o":{"p":[1,{"q":"' + spanLong + '"},[]],"r":{}},"a":[["' + spanLong + '"],{}],"z":7}';
/** Members at the same positions as spanText's, with shorter values. */
const SHORTER = '{"s":"short","o":{"p":1},"a":[],"z":8}';
function members(j: Json): Array<i32> {
  const out = new Array<i32>();
  let m = j.firstMember(j.root());
  while (m >= 0) {
    out.push(m);
    m = j.nextMember(m);
  }
  return out;
}

describe("Json recorded spans", () => {
  test("skips after validate land where a cold scan lands", () => {
    const cold = doc(spanText);
    const coldMembers = members(cold); // never validated: no spans, every value scanned
    const warm = doc(spanText);
    expect(warm.validate()).toBe(true);
    const warmMembers = members(warm);
    expect(warmMembers.length).toBe(4);
    for (let i = 0; i < coldMembers.length; i++) expect(warmMembers[i]).toBe(coldMembers[i]);
    expect(warm.readNumber(warm.get(warm.root(), "z"))).toBe(7.0);
    const o = warm.get(warm.root(), "o");
    expect(warm.skipValue(o)).toBe(cold.skipValue(o));
  });
  test("a reused reader forgets the spans of its previous document", () => {
    const j = doc(spanText);
    expect(j.validate()).toBe(true);
    // Same positions, different lengths: the old spans would skip into the middle of a value.
    point(j, SHORTER);
    expect(j.readNumber(j.get(j.root(), "z"))).toBe(8.0);
    expect(members(j).length).toBe(4);
  });
  test("after 2^32 documents the table is emptied, not matched again", () => {
    const j = doc(spanText);
    expect(j.validate()).toBe(true);
    // The last generation before the counter wraps: the next reset would be generation zero again.
    j.generation = <u64>0xffffffff << 32;
    point(j, SHORTER);
    expect(j.generation).toBe(<u64>1 << 32);
    // Once more: without the emptying, this generation is the first document's, and its spans would match.
    point(j, SHORTER);
    expect(j.readNumber(j.get(j.root(), "z"))).toBe(8.0);
    expect(members(j).length).toBe(4);
  });
});
