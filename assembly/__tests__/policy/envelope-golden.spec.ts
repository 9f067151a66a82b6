// RequestView.parse walks the envelope in batches of the member index's size
// (Json.membersFrom) and must answer as the member-by-member walk of commit
// cc42dd9: which field is found where, and which refusal comes first (the
// first repeated field in document order). 5,000 seeded envelopes of up to
// 80 members — the fields, escaped and near-miss spellings, repeats, fillers
// and values of every type, also past the 32nd member — fold the verdict and
// the positions into one hash; GOLDEN is that hash from the old walk.
import { RequestView } from "../../policy/request";
import { Verdict } from "../../policy/verdict";
import { ByteBuffer } from "../../util/bytes";
import { utf8Of } from "./helpers";
import { XorShift } from "../xorshift";

const GOLDEN: u32 = 1078309401;

const random = new XorShift(0xe27e1);

const KEYS: StaticArray<string> = ['"tool_name"', '"tool_input"', '"context"', '"tool_n\\u0061me"', '"tool_input\\u0000"',
  '"tool_nam"', '"tool_names"', '"contexts"', '"tool_call_id"', '"c\\u006fntext"', '"tool_input_and_more"'];
const VALUES: StaticArray<string> = ['"bash"', '"ba\\u0000sh"', '"' + "n".repeat(300) + '"', "{}", '{"command":"ls"}', "null",
  "12", "[]", "true", '"x"'];

function envelope(): string {
  const b = new ByteBuffer(256);
  b.appendString("{");
  const roll = random.next() % 4;
  const members = roll == 0 ? 28 + <i32>(random.next() % 52) : <i32>(random.next() % 7);
  for (let i = 0; i < members; i++) {
    if (i > 0) b.appendString(random.next() % 8 == 0 ? " ,\n" : ",");
    const filler = members > 7 && random.next() % 5 != 0;
    b.appendString(filler ? '"f' + i.toString() + '"' : KEYS[<i32>(random.next() % <u32>KEYS.length)]);
    b.appendString(":");
    b.appendString(VALUES[<i32>(random.next() % <u32>VALUES.length)]);
  }
  b.appendString("}");
  return b.toString();
}

function fold(h: u32, v: u32): u32 {
  return (h ^ v) * 16777619;
}

describe("request envelope", () => {
  test("5,000 seeded envelopes parse as before", () => {
    const view = new RequestView();
    let h: u32 = 2166136261;
    let parsed = 0, duplicates = 0, large = 0;
    for (let round = 0; round < 5000; round++) {
      const text = envelope();
      const b = utf8Of(text);
      const v = new Verdict();
      const ok = view.parse(changetype<usize>(b), b.byteLength, v);
      h = fold(h, ok ? 1 : 0);
      for (let i = 0; i < v.message.length; i++) h = fold(h, v.message.charCodeAt(i));
      h = fold(h, <u32>view.toolNamePos);
      h = fold(h, <u32>view.toolInputPos);
      h = fold(h, <u32>view.contextPos);
      if (ok) parsed++;
      if (v.message.startsWith("duplicate key")) duplicates++;
      if (text.length > 400 && v.message.startsWith("duplicate key")) large++;
    }
    expect(parsed).toBeGreaterThan(100);
    expect(duplicates).toBeGreaterThan(500);
    expect(large).toBeGreaterThan(200);
    expect(h).toBe(GOLDEN);
  });
});
