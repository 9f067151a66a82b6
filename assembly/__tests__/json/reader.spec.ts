import { Json, JsonType, DUPLICATE } from "../../json/reader";
import { ByteBuffer } from "../../util/bytes";

function doc(s: string): Json {
  const bytes = String.UTF8.encode(s, false);
  const j = new Json();
  // Keep the bytes alive for the test's duration.
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
