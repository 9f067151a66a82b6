// A passport policy keeps what the last tool name resolved to (capability,
// pack id, rule) and skips the context lookups when the request has no
// context object. Neither may change a verdict: 3,000 seeded requests, tools
// changing from call to call, are decided by one long-lived policy and by a
// freshly compiled one each, and a request without context must be decided
// as the same request with `"context":{}` (where the lookups run).
import { PassportPolicy } from "../../policy/passport";
import { RequestView } from "../../policy/request";
import { ByteBuffer } from "../../util/bytes";
import { compilePassport, verdictOf } from "./helpers";
import { XorShift } from "../xorshift";

const random = new XorShift(0x70015);

const DOC = '{"type":"passport","workspace_root":"/workspace","tool_map":{"my_tool":"data.file.read","shipper":"repo.pr.create"},' +
  '"passport":{"status":"active","spec_version":"oap/1.0","capabilities":[{"id":"system.command.execute"},{"id":"data.file.read"},' +
  '{"id":"web.fetch"}],"limits":{"system.command.execute":{"allowed_commands":["ls","cat","git"]},' +
  '"data.file.read":{"allowed_paths":["/workspace/**"]},"web.fetch":{"allowed_domains":["example.com"]}}}}';

const TOOLS: StaticArray<string> = ['"bash"', '"read_file"', '"web_fetch"', '"my_tool"', '"shipper"', '"mcp__gh__issues"', '"zzz"',
  '"ba\\u0073h"', '"b\\u0000sh"', '"Read"', '"send_message"'];
const INPUTS: StaticArray<string> = ['{"command":"ls -la"}', '{"command":"rm -rf /"}', '{"command":"cat ../../etc/passwd"}',
  '{"path":"/workspace/a.ts"}', '{"path":"src/x"}', '{"path":"/etc/shadow"}', '{"url":"https://example.com/a"}',
  '{"url":"http://10.0.0.1/"}', "{}", '{"command":"ls","timeout":5}'];
const CONTEXTS: StaticArray<string> = ['{"workspace_root":"/srv"}', '{"home":"/home/u"}', '{"workspace_root":"/w","workspace_root":"/x"}',
  '{"home":5}', "{}"];

/** The verdict's fields as one string. */
function decide(policy: PassportPolicy, view: RequestView, request: string): string {
  const v = verdictOf(policy, view, request);
  return v.decision.toString() + "|" + v.code + "|" + v.message + "|" + v.policyId + "|" + v.capability + "|" + v.usage.toJSON();
}

/** A request; `context` is "" for none, else the context member's value. */
function request(tool: string, input: string, context: string): string {
  const b = new ByteBuffer(128);
  b.appendString('{"tool_name":' + tool + ',"tool_input":' + input);
  if (context.length > 0) b.appendString(',"context":' + context);
  b.appendString("}");
  return b.toString();
}

describe("passport decisions reuse", () => {
  test("a long-lived policy decides 3,000 seeded requests as a fresh one, and no context as an empty one", () => {
    const kept = compilePassport(DOC);
    const view = new RequestView();
    let denied = 0, allowed = 0, withoutContext = 0;
    for (let round = 0; round < 3000; round++) {
      const tool = TOOLS[<i32>(random.next() % <u32>TOOLS.length)];
      const input = INPUTS[<i32>(random.next() % <u32>INPUTS.length)];
      const r = random.next() % 8;
      const context = r < 3 ? "" : r == 3 ? "null" : CONTEXTS[<i32>(random.next() % <u32>CONTEXTS.length)];
      const text = request(tool, input, context);
      const got = decide(kept, view, text);
      expect(got).toBe(decide(compilePassport(DOC), new RequestView(), text), text);
      if (context.length == 0 || context == "null") {
        withoutContext++;
        expect(got).toBe(decide(kept, view, request(tool, input, "{}")), text);
      }
      if (got.startsWith("0|")) allowed++;
      else denied++;
    }
    expect(allowed).toBeGreaterThan(150);
    expect(denied).toBeGreaterThan(300);
    expect(withoutContext).toBeGreaterThan(1000);
  });
});
