// The command rule skips checkCommand's UTF-8/NUL pass when the command came
// from a JSON string without \u escapes (RequestView.plainBytes). Every
// decision through a request must be the one checkCommand gives the same
// bytes with the pass run: commands with \u0000, escapes and non-ASCII at
// random places, under "command", "cmd" or both.
import { jsonOf, utf8Of } from "./helpers";
import { PassportPolicy } from "../../policy/passport";
import { LoadErrors } from "../../policy/load-errors";
import { RequestView } from "../../policy/request";
import { Verdict, Decision } from "../../policy/verdict";
import { CommandLimits, CommandInput, checkCommand } from "../../policy/capabilities/command";
import { ByteBuffer } from "../../util/bytes";
import { XorShift } from "../xorshift";

const random = new XorShift(0xc0ffee);
const ALLOWED = '["ls","echo","git status"]';

function policy(): PassportPolicy {
  const doc = '{"type":"passport","passport":{"status":"active","spec_version":"oap/1.0","assurance_level":"L2",' +
    '"capabilities":[{"id":"system.command.execute"}],"limits":{"system.command.execute":{"allowed_commands":' + ALLOWED + "}}}}";
  const json = jsonOf(doc);
  expect(json.validate()).toBe(true);
  const p = PassportPolicy.compile(json, json.root(), new LoadErrors());
  expect(p != null).toBe(true);
  return p!;
}

function limits(): CommandLimits {
  const l = new CommandLimits();
  l.allowedCommands = ["ls", "echo", "git status"];
  expect(l.compile()).toBe("");
  return l;
}

/** Pieces of a command as JSON string text. */
const PIECES: StaticArray<string> = [
  "ls", "echo", " ", " hi", "git status", " && ", "; ", " | ", "rm -rf /", "\\\"", "\\\\", "\\n", "\\t", "\\/",
  "\\u0000", "\\u00e9", "\\u0041", "\\ud83d\\ude00", "\u00e9", "\ud83d\ude00", "x".repeat(30),
];

/** The verdict through the request, and checkCommand's on the decoded bytes with the byte check run. */
function expectSameDecision(p: PassportPolicy, l: CommandLimits, text: string, key: i32): Verdict {
  const member = '"command":"' + text + '"';
  const alternate = '"cmd":"' + text + '"';
  const request = '{"tool_name":"bash","tool_input":{' + (key == 0 ? member : key == 1 ? alternate : member + "," + alternate) + "}}";
  const view = new RequestView();
  const got = new Verdict();
  const b = utf8Of(request);
  if (view.parse(changetype<usize>(b), b.byteLength, got)) p.evaluate(view, NaN, got);

  const bytes = new ByteBuffer(16);
  const j = jsonOf('"' + text + '"');
  expect(j.validate()).toBe(true, text);
  expect(j.decodeString(0, bytes)).toBe(true);
  const input = new CommandInput();
  input.commandPtr = bytes.ptr;
  input.commandLen = bytes.length;
  const want = new Verdict();
  checkCommand(l, input, want);
  if (got.code != want.code || got.message != want.message) {
    expect(got.code + " " + got.message).toBe(want.code + " " + want.message, request);
  }
  return got;
}

let p: PassportPolicy | null = null;
let l: CommandLimits | null = null;

describe("command bytes from a request", () => {
  beforeAll(() => {
    p = policy();
    l = limits();
  });
  test("hand-picked commands decide as checkCommand with its byte check", () => {
    const texts: StaticArray<string> = ["ls", "ls\\u0000", "\\u0000ls", "ls \\u0000 -la", "echo \\u00e9", "echo \u00e9",
      "echo \\\"a\\\"", "ls\\n", "", " ", "echo \\ud83d\\ude00", "git status\\u0000 && ls"];
    for (let i = 0; i < texts.length; i++) for (let key = 0; key < 3; key++) expectSameDecision(p!, l!, texts[i], key);
    // The NUL is refused as such, not parsed.
    const view = new RequestView();
    const v = new Verdict();
    const b = utf8Of('{"tool_name":"bash","tool_input":{"command":"ls\\u0000rm -rf /"}}');
    expect(view.parse(changetype<usize>(b), b.byteLength, v)).toBe(true);
    p!.evaluate(view, NaN, v);
    expect(v.message).toBe("command contains a NUL byte");
  });
  test("2,000 random commands", () => {
    let allowed = 0, nul = 0;
    for (let round = 0; round < 2000; round++) {
      let text = "";
      const n = 1 + <i32>(random.next() % 6);
      for (let i = 0; i < n; i++) text += PIECES[<i32>(random.next() % <u32>PIECES.length)];
      const v = expectSameDecision(p!, l!, text, <i32>(random.next() % 3));
      if (v.decision == Decision.Allow) allowed++;
      if (v.message == "command contains a NUL byte") nul++;
    }
    expect(allowed).toBeGreaterThan(50);
    expect(nul).toBeGreaterThan(100);
  });
  test("plainBytes is set exactly for strings without a \\u escape", () => {
    const v = new Verdict();
    const view = new RequestView();
    const texts: StaticArray<string> = ["ls", "a\\u0041", "\u00e9\\n", "\\ud83d\\ude00"];
    const plain: StaticArray<bool> = [true, false, true, false];
    for (let i = 0; i < texts.length; i++) {
      const b = utf8Of('{"tool_name":"bash","tool_input":{"command":"' + texts[i] + '","n":1}}');
      expect(view.parse(changetype<usize>(b), b.byteLength, v)).toBe(true);
      expect(view.inputBytes("command", new ByteBuffer(4), v)).toBe(1);
      expect(view.plainBytes).toBe(plain[i], texts[i]);
      expect(view.inputBytes("n", new ByteBuffer(4), v)).toBe(-1);
      expect(view.plainBytes).toBe(false);
      expect(view.inputBytes("absent", new ByteBuffer(4), v)).toBe(0);
      expect(view.plainBytes).toBe(false);
    }
  });
});
