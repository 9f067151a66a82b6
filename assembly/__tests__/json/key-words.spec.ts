// Key words (json/reader.ts) let a lookup compare one integer per member. They
// may only ever settle a comparison the way the full compare would: each
// member key of a document is compared with each literal both ways, over keys
// of every length around eight bytes, with escapes, non-ASCII and the key
// last in the document (so its eight-byte load would run past the end).
import { Json, literalKeyWord } from "../../json/reader";
import { ByteBuffer } from "../../util/bytes";
import { XorShift } from "../xorshift";

const held = new Array<ArrayBuffer>();

function doc(s: string): Json {
  const bytes = String.UTF8.encode(s, false);
  held.push(bytes);
  const j = new Json();
  j.reset(changetype<usize>(bytes), bytes.byteLength);
  expect(j.validate()).toBe(true, s);
  return j;
}

// Raw JSON spellings of keys: plain, escaped (`\u0061` is `a`, `\/` is `/`), non-ASCII, empty.
const RAW_KEYS = [
  "a", "ab", "command", "commands", "comman", "cmd", "tool_nam", "tool_name", "tool_names", "tool_input",
  "tool_call_id", "context", "", "comm\\u0061nd", "\\u0063ommand", "tool_nam\\u0065", "a\\/b", "a/b",
  "caf\\u00e9", "café", "timeout", "timeou", "x\\\"y", "x\\\\y", "abcdefg", "abcdefgh", "abcdefghi",
];
// AS literals to look up: the decoded forms above and near misses.
const LITERALS = [
  "a", "ab", "command", "commands", "comman", "cmd", "tool_nam", "tool_name", "tool_names", "tool_input",
  "tool_call_id", "context", "", "a/b", "café", "cafe", "timeout", "x\"y", "x\\y", "abcdefg", "abcdefgh",
  "abcdefghi", "abcdefgi", "tool_namf",
];

describe("key words", () => {
  test("decide every member key against every literal as the full compare does", () => {
    let escapedEqual = 0;
    for (let k = 0; k < RAW_KEYS.length; k++) {
      // The key first, with a value after it, and last, with its quote near the document's end.
      const texts = ['{"' + RAW_KEYS[k] + '":1,"zz":2}', '{"zz":2,"' + RAW_KEYS[k] + '":1}'];
      for (let t = 0; t < texts.length; t++) {
        const j = doc(texts[t]);
        let m = j.firstMember(j.root());
        while (m >= 0) {
          const word = j.keyWord(m);
          for (let l = 0; l < LITERALS.length; l++) {
            const lit = LITERALS[l];
            const want = j.stringEquals(m, lit);
            if (want && RAW_KEYS[k].includes("\\")) escapedEqual++;
            expect(j.keyEquals(m, word, lit, literalKeyWord(lit))).toBe(want, texts[t] + " vs " + lit);
          }
          m = j.nextMember(m);
        }
      }
    }
    // The escaped spellings meet their literals too (7 of them, each in two documents).
    expect(escapedEqual).toBe(14);
  });

  test("a literal built at run time gets the word of the same text as a constant", () => {
    const parts = ["tool", "_", "name"];
    const built = parts.join("");
    expect(literalKeyWord(built)).toBe(literalKeyWord("tool_name"));
    // Twice, so the constant's cached word is the one compared.
    expect(literalKeyWord("tool_name")).toBe(literalKeyWord(built));
  });

  test("Json.get finds escaped keys and reports duplicates through key words", () => {
    const j = doc('{"comm\\u0061nd":"x","cmd":"y"}');
    expect(j.get(j.root(), "command")).toBeGreaterThan(0);
    const d = doc('{"command":"x","comm\\u0061nd":"y"}');
    expect(d.get(d.root(), "command")).toBe(-2);
  });

  test("3,000 random keys around eight bytes decide as their decoded bytes do", () => {
    // Pieces as JSON text and as the literal's text: plain, escaped, non-ASCII.
    const raw = ["t", "o", "_", "n", "\\u006e", "\\/", "/", "\u00e9", "\\u00e9", "x"];
    const lit = ["t", "o", "_", "n", "n", "/", "/", "\u00e9", "\u00e9", "x"];
    const random = new XorShift(0x6b657973);
    const decoded = new ByteBuffer(32);
    let equal = 0;
    for (let round = 0; round < 3000; round++) {
      // A key and a literal from the same pieces, the literal changed in one place half the time.
      let key = "", name = "";
      const n = <i32>(random.next() % 14);
      const change = random.next() % 2 == 0 ? <i32>(random.next() % 14) : -1;
      for (let i = 0; i < n; i++) {
        const k = <i32>(random.next() % <u32>raw.length);
        key += raw[k];
        name += i == change ? lit[(k + 1) % lit.length] : lit[k];
      }
      const text = random.next() % 2 == 0 ? '{"' + key + '":1}' : '{"a":[],"' + key + '":{}}';
      const j = doc(text);
      const m = random.next() % 2 == 0 || text.startsWith('{"' + key) ? j.firstMember(j.root()) : j.nextMember(j.firstMember(j.root()));
      if (text.startsWith('{"a"') && m == j.firstMember(j.root())) continue;
      decoded.reset();
      expect(j.decodeString(m, decoded)).toBe(true);
      const want = decoded.toString() == name;
      if (want) equal++;
      expect(j.keyEquals(m, j.keyWord(m), name, literalKeyWord(name))).toBe(want, text + " vs " + name);
      expect(j.stringEquals(m, name)).toBe(want, text + " vs " + name);
    }
    expect(equal).toBeGreaterThan(500);
    expect(equal).toBeLessThan(2500);
  });
});
