// RFC 8785 canonical JSON and the strict reader: the digest an approval is
// bound to must not depend on how the arguments were spelled, and anything
// JCS cannot express must be refused rather than guessed.
import { describe, expect, it } from "vitest";
import { canonicalJson, parseJsonStrict, JsonInputError, MAX_JSON_DEPTH } from "./canonical-json.ts";
import { argsDigest } from "../approvals/index.ts";

describe("canonicalJson (RFC 8785)", () => {
  it("sorts keys by UTF-16 code units, recursively, and drops whitespace", () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: null } })).toBe('{"a":{"c":null,"d":[3,{"y":2,"z":1}]},"b":1}');
    // RFC 8785 §3.2.3's own example: the key order is by UTF-16 units, so U+1F600 (surrogates D83D DE00) sorts before U+FB33.
    const keys = { "\u20ac": "Euro Sign", "\r": "Carriage Return", "\ufb33": "Hebrew Letter Dalet With Dagesh", "1": "One", "\ud83d\ude00": "Emoji: Grinning Face", "\u0080": "Control", "\u00f6": "Latin Small Letter O With Diaeresis" };
    const order = [...canonicalJson(keys).matchAll(/:"([^"]+)"/g)].map((m) => m[1]);
    expect(order).toEqual([
      "Carriage Return", "One", "Control", "Latin Small Letter O With Diaeresis", "Euro Sign", "Emoji: Grinning Face", "Hebrew Letter Dalet With Dagesh",
    ]);
  });

  it("serialises numbers the ECMAScript way (RFC 8785 §3.2.2.3 examples)", () => {
    const cases: [number, string][] = [
      [0, "0"], [-0, "0"], [1.0, "1"], [1e21, "1e+21"], [1e-7, "1e-7"], [333333333.3333333, "333333333.3333333"],
      [9007199254740992, "9007199254740992"], [-1.5e-10, "-1.5e-10"], [5e-324, "5e-324"], [1.7976931348623157e308, "1.7976931348623157e+308"],
    ];
    for (const [value, text] of cases) expect(canonicalJson(value)).toBe(text);
  });

  it("matches the RFC 8785 test vectors (Appendix B numbers by their IEEE-754 bits, the §3.2.2 example)", () => {
    const bits: [string, string][] = [
      ["0000000000000000", "0"], ["8000000000000000", "0"], ["0000000000000001", "5e-324"], ["8000000000000001", "-5e-324"],
      ["7fefffffffffffff", "1.7976931348623157e+308"], ["ffefffffffffffff", "-1.7976931348623157e+308"],
      ["4340000000000000", "9007199254740992"], ["c340000000000000", "-9007199254740992"], ["4430000000000000", "295147905179352830000"],
      ["44b52d02c7e14af5", "9.999999999999997e+22"], ["44b52d02c7e14af6", "1e+23"], ["44b52d02c7e14af7", "1.0000000000000001e+23"],
      ["444b1ae4d6e2ef4e", "999999999999999700000"], ["444b1ae4d6e2ef4f", "999999999999999900000"], ["444b1ae4d6e2ef50", "1e+21"],
      ["3eb0c6f7a0b5ed8c", "9.999999999999997e-7"], ["3eb0c6f7a0b5ed8d", "0.000001"],
      ["41b3de4355555553", "333333333.3333332"], ["41b3de4355555554", "333333333.33333325"], ["41b3de4355555555", "333333333.3333333"],
      ["41b3de4355555556", "333333333.3333334"], ["41b3de4355555557", "333333333.33333343"],
      ["becbf647612f3696", "-0.0000033333333333333333"], ["43143ff3c1cb0959", "1424953923781206.2"],
    ];
    const view = new DataView(new ArrayBuffer(8));
    for (const [hex, text] of bits) {
      view.setBigUint64(0, BigInt("0x" + hex));
      expect(canonicalJson(view.getFloat64(0)), hex).toBe(text);
    }
    for (const hex of ["7fffffffffffffff", "7ff0000000000000"]) {
      view.setBigUint64(0, BigInt("0x" + hex));
      expect(() => canonicalJson(view.getFloat64(0)), hex).toThrow(JsonInputError);
    }
    const input = '{"numbers":[333333333.33333329,1E30,4.50,2e-3,0.000000000000000000000000001],' +
      '"string":"\\u20ac$\\u000F\\u000aA\'\\u0042\\u0022\\u005c\\\\\\"\\/","literals":[null,true,false]}';
    expect(canonicalJson(JSON.parse(input))).toBe(
      '{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"\u20ac$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}',
    );
  });

  it("escapes strings minimally: controls as \\n or \\u00xx, nothing else", () => {
    expect(canonicalJson("a\"\\\n\u0001\u007f\u2028é😀</script>")).toBe('"a\\"\\\\\\n\\u0001\u007f\u2028é😀</script>"');
  });

  it("gives one digest for every spelling of the same arguments", async () => {
    const spellings = ['{"command":"git status","cwd":"/w"}', '{ "cwd" : "/w", "command" : "git status" }', '{"cwd":"\\/w","command":"git \\u0073tatus"}'];
    const digests = await Promise.all(spellings.map((s) => argsDigest(JSON.parse(s))));
    expect(new Set(digests).size).toBe(1);
    expect(digests[0]).toMatch(/^[0-9a-f]{64}$/);
    expect(await argsDigest({ n: 1.0 })).toBe(await argsDigest(JSON.parse('{"n":1}')));
    expect(await argsDigest({ command: "git status " })).not.toBe(digests[0]);
  });

  it("refuses what JCS cannot express", () => {
    const bad: unknown[] = [
      Number.NaN, Infinity, undefined, () => 1, Symbol("s"), 10n, new Date(0), new Map(), { a: undefined }, ["\ud800"], { "\udc00": 1 }, "x\ud83d",
    ];
    for (const value of bad) expect(() => canonicalJson(value), String(typeof value)).toThrow(JsonInputError);
  });

  it("names where the bad value sits", () => {
    expect(() => canonicalJson({ a: [1, { "b/c": Number.NaN }] })).toThrow("/a/1/b~1c: numbers must be finite");
  });

  it("refuses nesting past the limit instead of overflowing the stack", () => {
    let deep: unknown = 1;
    for (let i = 0; i <= MAX_JSON_DEPTH; i++) deep = [deep];
    expect(() => canonicalJson(deep)).toThrow(/nesting deeper/);
    let ok: unknown = 1;
    for (let i = 0; i < MAX_JSON_DEPTH; i++) ok = [ok];
    expect(() => canonicalJson(ok)).not.toThrow();
    expect(() => parseJsonStrict(JSON.stringify(ok))).not.toThrow();
    let huge: unknown = {};
    for (let i = 0; i < 100_000; i++) huge = { a: huge };
    expect(() => canonicalJson(huge)).toThrow(/nesting deeper/);
  });

  it("keeps __proto__ and constructor as ordinary keys", async () => {
    const parsed = JSON.parse('{"__proto__":{"x":1},"constructor":2}');
    expect(canonicalJson(parsed)).toBe('{"__proto__":{"x":1},"constructor":2}');
    expect(await argsDigest(parsed)).not.toBe(await argsDigest({}));
  });
});

describe("parseJsonStrict", () => {
  it("parses ordinary JSON", () => {
    expect(parseJsonStrict('{"a":[1,{"b":"}"}],"c":"\\"{"}')).toEqual({ a: [1, { b: "}" }], c: '"{' });
  });

  it("refuses duplicate keys, however they are spelled", () => {
    for (const text of ['{"a":1,"a":2}', '{"a":1,"\\u0061":2}', '{"x":{"b":1,"c":{"d":1},"b":2}}', '[{"k":1},{"k":2,"k":3}]']) {
      expect(() => parseJsonStrict(text), text).toThrow(/duplicate key/);
    }
    // The same key in sibling objects, and as a value, is fine.
    expect(parseJsonStrict('[{"k":1},{"k":2}]')).toEqual([{ k: 1 }, { k: 2 }]);
    expect(parseJsonStrict('{"a":"a","b":{"a":"a"}}')).toEqual({ a: "a", b: { a: "a" } });
  });

  it("refuses syntax errors and deep nesting with a reason", () => {
    expect(() => parseJsonStrict("{")).toThrow(/not valid JSON/);
    expect(() => parseJsonStrict("[".repeat(MAX_JSON_DEPTH + 1) + "]".repeat(MAX_JSON_DEPTH + 1))).toThrow(/nesting deeper/);
  });
});
