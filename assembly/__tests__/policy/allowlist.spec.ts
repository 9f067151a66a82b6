import { Json } from "../../json/reader";
import { AllowlistPolicy } from "../../policy/allowlist";
import { RequestView } from "../../policy/request";
import { Verdict, Decision } from "../../policy/verdict";
import { LoadErrors } from "../../policy/load-errors";

const held = new Array<ArrayBuffer>();
function compile(doc: string, errors: LoadErrors = new LoadErrors()): AllowlistPolicy | null {
  const bytes = String.UTF8.encode(doc, false);
  held.push(bytes);
  const json = new Json();
  json.reset(changetype<usize>(bytes), bytes.byteLength);
  expect(json.validate()).toBe(true);
  return AllowlistPolicy.compile(json, json.root(), errors);
}
function decide(policy: AllowlistPolicy, tool: string): Verdict {
  const req = '{"tool_name":' + '"' + tool + '","tool_input":{}}';
  const bytes = String.UTF8.encode(req, false);
  held.push(bytes);
  const view = new RequestView();
  const verdict = new Verdict();
  if (view.parse(changetype<usize>(bytes), bytes.byteLength, verdict)) policy.evaluate(view, NaN, verdict);
  return verdict;
}

describe("AllowlistPolicy (DeerFlow semantics)", () => {
  test("no restrictions allows all", () => {
    expect(decide(compile("{}")!, "bash").decision).toBe(Decision.Allow);
  });
  test("denied tools", () => {
    const p = compile('{"denied_tools":["bash","write_file"]}')!;
    const v = decide(p, "bash");
    expect(v.decision).toBe(Decision.Deny);
    expect(v.code).toBe("oap.tool_not_allowed");
    expect(v.message).toBe("tool 'bash' is denied");
    expect(decide(p, "web_search").decision).toBe(Decision.Allow);
  });
  test("allowed tools block the unlisted", () => {
    const p = compile('{"allowed_tools":["web_search","read_file"]}')!;
    expect(decide(p, "bash").message).toBe("tool 'bash' not in allowlist");
    expect(decide(p, "web_search").decision).toBe(Decision.Allow);
  });
  test("an empty allowlist blocks everything", () => {
    const p = compile('{"allowed_tools":[]}')!;
    expect(decide(p, "bash").decision).toBe(Decision.Deny);
    expect(decide(p, "read_file").decision).toBe(Decision.Deny);
  });
  test("a null allowlist means no allowlist", () => {
    expect(decide(compile('{"allowed_tools":null}')!, "bash").decision).toBe(Decision.Allow);
  });
  test("deny wins when a tool is in both lists", () => {
    const p = compile('{"allowed_tools":["bash","web_search"],"denied_tools":["bash"]}')!;
    expect(decide(p, "bash").message).toBe("tool 'bash' is denied");
  });
  test("rejects unknown keys and wrong types", () => {
    const errors = new LoadErrors();
    expect(compile('{"allowed_tool":["bash"],"denied_tools":"bash"}', errors) == null).toBe(true);
    expect(errors.count).toBe(2);
    expect(errors.paths[0]).toBe("/allowed_tool");
    expect(errors.paths[1]).toBe("/denied_tools");
  });
});
