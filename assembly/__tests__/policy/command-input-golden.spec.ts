// The command rule's reading of tool_input (command, cmd, timeout, cwd, env)
// and of request.context must decide as it did before the fields were found
// in one pass (RequestView.findInput): 5,000 seeded requests whose members
// are drawn from the fields, escaped and near-miss spellings of them, repeats,
// values of every type and fillers (sometimes more members than the index
// holds) fold their verdicts (decision, code, message) into one hash; GOLDEN
// is that hash from the per-field lookups of commit a285b85.
import { jsonOf, utf8Of } from "./helpers";
import { PassportPolicy } from "../../policy/passport";
import { LoadErrors } from "../../policy/load-errors";
import { RequestView } from "../../policy/request";
import { Verdict } from "../../policy/verdict";
import { ByteBuffer } from "../../util/bytes";
import { XorShift } from "../xorshift";

// Updated when the rule changed on purpose: a command stating no timeout is allowed under
// max_execution_time (with an obligation), an argv-array `command` is judged as its shell
// line, and a zero or negative timeout has its own message; and a tool_input.env key that makes programs
// load code (the generator's `PATH`) is denied as it is when the command assigns it.
const GOLDEN: u32 = 1232893298;

const random = new XorShift(0x60fde7);

function policy(): PassportPolicy {
  const doc = '{"type":"passport","passport":{"status":"active","spec_version":"oap/1.0","assurance_level":"L2",' +
    '"capabilities":[{"id":"system.command.execute"}],"limits":{"system.command.execute":{"allowed_commands":["ls","echo","git status"],' +
    '"max_execution_time":60,"allowed_working_directories":["/w"],"blocked_env_vars":["LD_PRELOAD"]}}}}';
  const json = jsonOf(doc);
  expect(json.validate()).toBe(true);
  const p = PassportPolicy.compile(json, json.root(), new LoadErrors());
  expect(p != null).toBe(true);
  return p!;
}

const KEYS: StaticArray<string> = ['"command"', '"cmd"', '"timeout"', '"cwd"', '"env"', '"comm\\u0061nd"', '"c\\u006dd"',
  '"timeouts"', '"cw"', '"env\\n"', '"commands_and_more"', '"c\u00f6mmand"'];
const VALUES: StaticArray<string> = ['"ls"', '"echo hi"', '"git status"', '"rm -rf /"', '"ls\\u0000"', '""', "5", "500", "-1",
  "1.5e1", "0", "null", "true", "[]", '["ls"]', "{}", '{"PATH":"/bin"}', '{"LD_PRELOAD":"x"}', '{"A":1,"A":2}', '"/w"', '"/etc"',
  '"/w/../etc"'];
const CONTEXTS: StaticArray<string> = ["", ',"context":null', ',"context":{}', ',"context":{"workspace_root":"/w"}',
  ',"context":{"home":"/h","workspace_root":"/etc"}', ',"context":{"home":1}', ',"context":{"home":"/h","home":"/i"}',
  ',"context":{"workspace_root":"/w","workspace_root":"/w"}'];

function member(b: ByteBuffer, key: string, value: string): void {
  if (b.length > 0 && load<u8>(b.ptr + <usize>(b.length - 1)) != 0x7b) b.appendString(",");
  b.appendString(key + ":" + value);
}

function pick(list: StaticArray<string>, under: i32 = 0): string {
  return list[<i32>(random.next() % <u32>(under > 0 ? under : list.length))];
}

function request(): string {
  const b = new ByteBuffer(256);
  b.appendString('{"tool_name":"bash","tool_input":{');
  if (random.next() % 2 == 0) {
    // Mostly well-formed, so that the later fields are reached and many requests are allowed.
    member(b, '"command"', pick(VALUES, 4));
    if (random.next() % 2 == 0) member(b, '"timeout"', random.next() % 2 == 0 ? "5" : "500");
    if (random.next() % 2 == 0) member(b, '"cwd"', random.next() % 2 == 0 ? '"/w"' : '"/etc"');
    if (random.next() % 2 == 0) member(b, '"env"', random.next() % 2 == 0 ? '{"PATH":"/bin"}' : '{"LD_PRELOAD":"x"}');
    if (random.next() % 4 == 0) member(b, pick(KEYS), pick(VALUES));
  } else {
    const members = random.next() % 10 == 0 ? 31 + <i32>(random.next() % 4) : <i32>(random.next() % 6);
    for (let i = 0; i < members; i++) {
      const filler = members > 6 && random.next() % 4 != 0;
      member(b, filler ? '"f' + i.toString() + '"' : pick(KEYS), pick(VALUES));
    }
  }
  b.appendString("}");
  b.appendString(random.next() % 4 != 0 ? pick(CONTEXTS, 4) : pick(CONTEXTS));
  b.appendString("}");
  return b.toString();
}

function fold(h: u32, v: u32): u32 {
  return (h ^ v) * 16777619;
}

function foldString(h: u32, s: string): u32 {
  for (let i = 0; i < s.length; i++) h = fold(h, s.charCodeAt(i));
  return fold(h, 0);
}

describe("command rule on tool_input", () => {
  test("5,000 seeded requests decide as before", () => {
    const p = policy();
    const view = new RequestView();
    let h: u32 = 2166136261;
    let allowed = 0, duplicates = 0;
    for (let round = 0; round < 5000; round++) {
      const b = utf8Of(request());
      const v = new Verdict();
      if (view.parse(changetype<usize>(b), b.byteLength, v)) p.evaluate(view, NaN, v);
      h = fold(h, <u32>v.decision);
      h = foldString(h, v.code);
      h = foldString(h, v.message);
      if (v.code == "oap.allowed") allowed++;
      if (v.message.startsWith("duplicate key")) duplicates++;
    }
    expect(allowed).toBeGreaterThan(100);
    expect(duplicates).toBeGreaterThan(300);
    expect(h).toBe(GOLDEN);
  });
});
