// Whitespace is exactly tab, LF, CR and space (RFC 8259), wherever a token
// may be surrounded by it: every one of the 256 byte values is put at every
// such place, and validate and navigation must agree with that definition.
import { Json, JsonType } from "../../json/reader";
import { ByteBuffer } from "../../util/bytes";

function isJsonWs(b: u32): bool {
  return b == 0x09 || b == 0x0a || b == 0x0d || b == 0x20;
}

/** `{"a":true,"b":[null]}` (words: no byte value merges into them) with `b` at gap `gap` (0..11: before each token, or at the end). */
function doc(b: u8, gap: i32): ByteBuffer {
  const tokens: StaticArray<string> = ["{", '"a"', ":", "true", ",", '"b"', ":", "[", "null", "]", "}"];
  const out = new ByteBuffer(32);
  for (let t = 0; t < tokens.length; t++) {
    if (gap == t) out.push(b);
    out.appendString(tokens[t]);
  }
  if (gap == tokens.length) out.push(b);
  return out;
}

describe("JSON whitespace", () => {
  test("each byte value at each gap is whitespace exactly when RFC 8259 says so", () => {
    const j = new Json();
    let valid = 0;
    for (let b = 0; b < 256; b++) {
      for (let gap = 0; gap <= 11; gap++) {
        const d = doc(<u8>b, gap);
        j.reset(d.ptr, d.length);
        const ok = j.validate();
        expect(ok).toBe(isJsonWs(b), "byte " + b.toString() + " at gap " + gap.toString());
        if (!ok) continue;
        valid++;
        const root = j.root();
        expect(j.typeAt(root)).toBe(JsonType.Object);
        expect(j.typeAt(j.get(root, "a"))).toBe(JsonType.True);
        const arr = j.get(root, "b");
        expect(j.typeAt(arr)).toBe(JsonType.Array);
        expect(j.typeAt(j.firstElement(arr))).toBe(JsonType.Null);
        expect(j.nextElement(j.firstElement(arr))).toBe(-1);
      }
    }
    expect(valid).toBe(4 * 12);
  });
});
