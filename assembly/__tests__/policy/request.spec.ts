import { RequestView } from "../../policy/request";
import { Verdict, Code } from "../../policy/verdict";
import { ByteBuffer } from "../../util/bytes";

const held = new Array<ArrayBuffer>();

function view(s: string, verdict: Verdict): RequestView | null {
  const bytes = String.UTF8.encode(s, false);
  held.push(bytes);
  const r = new RequestView();
  return r.parse(changetype<usize>(bytes), bytes.byteLength, verdict) ? r : null;
}

function manyMembers(n: i32, last: string): string {
  const b = new ByteBuffer(n * 12);
  b.appendString('{"tool_name":"bash","tool_input":{');
  for (let i = 0; i < n; i++) b.appendString('"k' + i.toString() + '":' + i.toString() + ",");
  b.appendString(last + "}}");
  return b.toString();
}

describe("RequestView members of tool_input and context", () => {
  test("fields are found and duplicates refused on the indexed path", () => {
    const v = new Verdict();
    const r = view('{"tool_name":"bash","tool_input":{"command":"ls","timeout":5,"cwd":"/w"},"context":{"home":"/h"}}', v)!;
    expect(r.inputString("command", v)).toBe("ls");
    expect(r.inputNumber("timeout", v)).toBe(5.0);
    expect(r.inputString("cwd", v)).toBe("/w");
    expect(r.inputString("missing", v)).toBeNull();
    expect(r.contextString("home", v)).toBe("/h");
    const d = new Verdict();
    const dup = view('{"tool_name":"bash","tool_input":{"command":"ls","x":1,"command":"rm -rf /"}}', d)!;
    expect(dup.inputString("command", d)).toBeNull();
    expect(dup.failed).toBe(true);
    expect(d.code).toBe(Code.INVALID_CONTEXT);
  });
  test("an object too large to index is searched directly, duplicates included", () => {
    const v = new Verdict();
    const big = view(manyMembers(40, '"command":"ls"'), v)!;
    expect(big.inputString("command", v)).toBe("ls");
    expect(big.inputNumber("k39", v)).toBe(39.0);
    const d = new Verdict();
    const dup = view(manyMembers(40, '"command":"ls","command":"id"'), d)!;
    expect(dup.inputString("command", d)).toBeNull();
    expect(d.code).toBe(Code.INVALID_CONTEXT);
  });
  test("a reused view forgets the previous request's members", () => {
    const v = new Verdict();
    const bytesA = String.UTF8.encode('{"tool_name":"bash","tool_input":{"command":"ls"}}', false);
    const bytesB = String.UTF8.encode('{"tool_name":"bash","tool_input":{"cmd":"pwd"}}', false);
    const r = new RequestView();
    expect(r.parse(changetype<usize>(bytesA), bytesA.byteLength, v)).toBe(true);
    expect(r.inputString("command", v)).toBe("ls");
    expect(r.parse(changetype<usize>(bytesB), bytesB.byteLength, v)).toBe(true);
    expect(r.inputString("command", v)).toBeNull();
    expect(r.inputString("cmd", v)).toBe("pwd");
  });
});
