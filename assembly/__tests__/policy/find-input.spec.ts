// RequestView.findInput finds a rule's tool_input fields in one pass over the
// member index; every answer (position, absent, DUPLICATE) must be what
// Json.get, the member-by-member search, gives for that key. Seeded random
// tool_input objects draw their keys from a pool of near misses: escaped
// spellings, prefixes and extensions, long keys, non-ASCII, repeats, and
// sometimes more members than the index holds.
import { RequestView, InputKeys } from "../../policy/request";
import { Verdict } from "../../policy/verdict";
import { ByteBuffer } from "../../util/bytes";
import { XorShift } from "../xorshift";

const random = new XorShift(0xf1d1a7);

// Raw JSON key spellings (with quotes).
const POOL: StaticArray<string> = ['"command"', '"comm\\u0061nd"', '"cmd"', '"cmd\\n"', '"timeout"', '"timeouts"', '"cwd"',
  '"env"', '"en"', '"commander_of_keys"', '"commander_of_keyz"', '"c\\u00f6mmand"', '"c\u00f6mmand"', '"tool_input"', '""',
  '"k\\\\"', '"\\ud83d\\ude00"'];
const VALUES: StaticArray<string> = ['"ls"', "12", "null", "{}", '{"A":1}', "[1,2]", "true", '"' + "x".repeat(40) + '"'];

const SETS: StaticArray<InputKeys> = [
  new InputKeys(["command", "cmd", "timeout", "cwd", "env"]),
  new InputKeys(["commander_of_keys", "c\u00f6mmand", "", "k\\", "\ud83d\ude00", "tool_input"]),
  new InputKeys(["env"]),
];

const held = new Array<ArrayBuffer>();

function request(members: i32): string {
  const b = new ByteBuffer(256);
  b.appendString('{"tool_name":"bash"');
  if (members >= 0) {
    b.appendString(',"tool_input":{');
    for (let i = 0; i < members; i++) {
      if (i > 0) b.appendString(random.next() % 5 == 0 ? " , " : ",");
      // Filler keys make large objects without crowding out the pool's.
      b.appendString(random.next() % 3 == 0 ? '"f' + i.toString() + '"' : POOL[<i32>(random.next() % <u32>POOL.length)]);
      b.appendString(":");
      b.appendString(VALUES[<i32>(random.next() % <u32>VALUES.length)]);
    }
    b.appendString("}");
  }
  b.appendString("}");
  return b.toString();
}

describe("RequestView.findInput", () => {
  test("answers as Json.get on 4,000 random tool_input objects", () => {
    const r = new RequestView();
    const v = new Verdict();
    const out = new StaticArray<i32>(8);
    let found = 0, duplicates = 0, large = 0;
    for (let round = 0; round < 4000; round++) {
      const roll = random.next() % 10;
      const members = roll == 0 ? -1 : roll == 1 ? 30 + <i32>(random.next() % 8) : <i32>(random.next() % 6);
      if (members > 32) large++;
      const text = request(members);
      const bytes = String.UTF8.encode(text, false);
      held.push(bytes);
      expect(r.parse(changetype<usize>(bytes), bytes.byteLength, v)).toBe(true, text);
      const keys = SETS[<i32>(random.next() % <u32>SETS.length)];
      r.findInput(keys, out);
      for (let k = 0; k < keys.keys.length; k++) {
        const want = r.toolInputPos < 0 ? -1 : r.json.get(r.toolInputPos, keys.keys[k]);
        expect(out[k]).toBe(want, text + " key " + keys.keys[k]);
        if (want >= 0) found++;
        if (want == -2) duplicates++;
      }
    }
    expect(found).toBeGreaterThan(1000);
    expect(duplicates).toBeGreaterThan(200);
    expect(large).toBeGreaterThan(100);
  });

  test("the readers of found fields answer as the readers by key", () => {
    const r = new RequestView();
    const v = new Verdict();
    const a = new Verdict();
    const b = new Verdict();
    const keys = SETS[0];
    const out = new StaticArray<i32>(8);
    const bytesA = new ByteBuffer(64);
    const bytesB = new ByteBuffer(64);
    const namesA = new Array<string>();
    const namesB = new Array<string>();
    let refused = 0;
    for (let round = 0; round < 2000; round++) {
      const text = request(<i32>(random.next() % 6));
      const bytes = String.UTF8.encode(text, false);
      held.push(bytes);
      expect(r.parse(changetype<usize>(bytes), bytes.byteLength, v)).toBe(true, text);
      r.findInput(keys, out);
      for (let k = 0; k < keys.keys.length; k++) {
        const key = keys.keys[k];
        a.reset();
        b.reset();
        const reader = <i32>(random.next() % 4);
        if (reader == 0) {
          expect(r.bytesAt(out[k], key, bytesA, a)).toBe(r.inputBytes(key, bytesB, b), text);
          expect(bytesA.toString()).toBe(bytesB.toString(), text);
        } else if (reader == 1) {
          const x = r.numberAt(out[k], key, a);
          const failed = r.failed;
          const y = r.inputNumber(key, b);
          expect(isNaN(x) ? isNaN(y) : x == y).toBe(true, text);
          expect(failed).toBe(r.failed, text);
        } else if (reader == 2) {
          const x = r.stringAt(out[k], key, a);
          const failed = r.failed;
          expect(x).toBe(r.inputString(key, b), text);
          expect(failed).toBe(r.failed, text);
        } else {
          r.keysAt(out[k], key, namesA, a);
          const failed = r.failed;
          r.inputKeys(key, namesB, b);
          expect(namesA.join(",")).toBe(namesB.join(","), text);
          expect(failed).toBe(r.failed, text);
        }
        expect(a.code).toBe(b.code, text);
        expect(a.message).toBe(b.message, text);
        if (a.message.length > 0) refused++;
      }
    }
    expect(refused).toBeGreaterThan(500);
  });

  test("indexes each request on its first lookup, never answering from an earlier request's index", () => {
    // Parse builds no index; the first lookup does. Requests share their prefix, so a stale index of an
    // earlier request would sit at the same tool_input position and answer wrongly.
    const r = new RequestView();
    const v = new Verdict();
    const out = new StaticArray<i32>(8);
    let checked = 0;
    for (let round = 0; round < 3000; round++) {
      const input = request(<i32>(random.next() % 6));
      const context = request(<i32>(random.next() % 6));
      // The same members as a context object too: {"tool_name":…,"tool_input":{…},"context":{…}}.
      const contextObject = context.indexOf("{", 1) >= 0 ? context.substring(context.indexOf("{", 1), context.length - 1) : "{}";
      const text = input.substring(0, input.length - 1) + ',"context":' + contextObject + "}";
      const bytes = String.UTF8.encode(text, false);
      held.push(bytes);
      expect(r.parse(changetype<usize>(bytes), bytes.byteLength, v)).toBe(true, text);
      // Some requests are decided without any lookup (a tool allowlist reads neither object).
      if (random.next() % 3 == 0) continue;
      const keys = SETS[<i32>(random.next() % <u32>SETS.length)];
      const contextFirst = random.next() % 2 == 0;
      for (let pass = 0; pass < 2; pass++) {
        if ((pass == 0) == contextFirst) {
          for (let k = 0; k < keys.keys.length; k++) {
            const want = r.json.get(r.contextPos, keys.keys[k]);
            v.reset();
            expect(r.member(r.contextPos, keys.keys[k], v)).toBe(want == -2 ? -3 : want, text + " context key " + keys.keys[k]);
            checked++;
          }
        } else {
          r.findInput(keys, out);
          for (let k = 0; k < keys.keys.length; k++) {
            expect(out[k]).toBe(r.toolInputPos < 0 ? -1 : r.json.get(r.toolInputPos, keys.keys[k]), text + " key " + keys.keys[k]);
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(10000);
  });

  test("a key listed twice is refused when the set is made", () => {
    expect(() => { new InputKeys(["cwd", "env", "cwd"]); }).toThrow();
  });
});
