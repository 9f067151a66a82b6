// Json.keyEqualsTail settles a key of 9 to 15 bytes spelled without escapes
// with one eight-byte compare past the key word, and must answer exactly as
// keyEquals: seeded keys made from literals of 5 to 17 bytes by changing,
// dropping, adding or escaping a byte, or not at all, are compared in
// objects that end right after the key or go on, so the tail window meets
// the end of the document too.
import { Json, literalKeyWord, literalTailWord, tailMask } from "../../json/reader";
import { ByteBuffer } from "../../util/bytes";
import { XorShift } from "../xorshift";

const random = new XorShift(0x7a11);

const LITERALS: StaticArray<string> = ["tool_name", "tool_input", "context", "abcdefgh", "abcdefghijklmno", "abcdefghijklmnop",
  "x_y_z_w_v", "tool_call_id", "work\u00e9space_root"];

/** The JSON text of a key near `s`, with its quotes. */
function nearKey(s: string): string {
  let t = s;
  const r = random.next() % 6;
  const at = <i32>(random.next() % <u32>(s.length + 1));
  if (r == 0 && at < s.length) t = s.substring(0, at) + String.fromCharCode(0x61 + <i32>(random.next() % 26)) + s.substring(at + 1);
  else if (r == 1 && at < s.length) t = s.substring(0, at) + s.substring(at + 1);
  else if (r == 2) t = s.substring(0, at) + "_" + s.substring(at);
  const b = new ByteBuffer(32);
  b.push(0x22);
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i);
    if (random.next() % 9 == 0) b.appendString("\\u00" + (c < 16 ? "0" : "") + c.toString(16));
    else b.appendString(t.charAt(i));
  }
  b.push(0x22);
  return b.toString();
}

describe("Json.keyEqualsTail", () => {
  test("answers as keyEquals for 20,000 seeded keys", () => {
    const j = new Json();
    let equal = 0, fast = 0;
    for (let round = 0; round < 20000; round++) {
      const literal = LITERALS[<i32>(random.next() % <u32>LITERALS.length)];
      const text = "{" + nearKey(literal) + ":1" + (random.next() % 2 == 0 ? "" : ',"k":[1,2,3]') + "}";
      const bytes = String.UTF8.encode(text, false);
      j.reset(changetype<usize>(bytes), bytes.byteLength);
      expect(j.validate()).toBe(true, text);
      const pos = j.firstMember(0);
      const word = j.keyWord(pos);
      const want = j.keyEquals(pos, word, literal, literalKeyWord(literal));
      const tail = literalTailWord(literal);
      const got = j.keyEqualsTail(pos, word, literal, literalKeyWord(literal), tail, tailMask(tail));
      expect(got).toBe(want, text + " vs " + literal);
      if (want) equal++;
      if (want && literalTailWord(literal) != 0 && pos + 17 <= bytes.byteLength && text.indexOf("\\") < 0) fast++;
    }
    expect(equal).toBeGreaterThan(2000);
    expect(fast).toBeGreaterThan(1000);
  });

  test("the tail word: bytes 9 to 15 and the quote, only for plain ASCII literals of 9 to 15 bytes", () => {
    expect(literalTailWord("tool_name")).toBe(<u64>0x2265);
    expect(literalTailWord("tool_input")).toBe(<u64>0x227475);
    expect(literalTailWord("abcdefghijklmno")).toBe(<u64>0x226f6e6d6c6b6a69);
    expect(literalTailWord("abcdefgh")).toBe(0);
    expect(literalTailWord("abcdefghijklmnop")).toBe(0);
    expect(literalTailWord("work\u00e9space_root")).toBe(0);
    expect(tailMask(0x2265)).toBe(<u64>0xffff);
    expect(tailMask(0x226f6e6d6c6b6a69)).toBe(~(<u64>0));
    expect(tailMask(0)).toBe(0);
  });
});
