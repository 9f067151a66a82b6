// `enforcement` at a passport's top level and in each limits block
// (policy/enforcement.ts): the core decides the same in every mode — the
// bindings apply the mode — but refuses a value it does not know.
import { jsonOf, utf8Of } from "./helpers";
import { PassportPolicy } from "../../policy/passport";
import { LoadErrors } from "../../policy/load-errors";
import { RequestView } from "../../policy/request";
import { Verdict, Code, Decision } from "../../policy/verdict";

function compile(top: string, limits: string, errors: LoadErrors): PassportPolicy | null {
  const doc = '{"type":"passport","passport":{"status":"active","spec_version":"oap/1.0"' + top +
    ',"capabilities":[{"id":"system.command.execute"},{"id":"web.fetch"}],"limits":' + limits + "}}";
  const json = jsonOf(doc);
  expect(json.validate()).toBe(true);
  return PassportPolicy.compile(json, json.root(), errors);
}
function firstError(top: string, limits: string): string {
  const errors = new LoadErrors();
  expect(compile(top, limits, errors) == null).toBe(true);
  return errors.paths[0] + " " + errors.messages[0];
}
function decide(p: PassportPolicy, request: string): Verdict {
  const view = new RequestView();
  const verdict = new Verdict();
  expect(view.usage.parse(jsonOf("{}"))).toBe(true);
  const b = utf8Of(request);
  if (view.parse(changetype<usize>(b), b.byteLength, verdict)) p.evaluate(view, NaN, verdict);
  return verdict;
}

describe("enforcement modes in a passport", () => {
  test("every mode loads, at the top level and in any enforced capability's block", () => {
    const modes = ["enforce", "warn", "shadow"];
    for (let i = 0; i < modes.length; i++) {
      const mode = '"' + modes[i] + '"';
      const errors = new LoadErrors();
      const p = compile(',"enforcement":' + mode, '{"system.command.execute":{"allowed_commands":["ls"],"enforcement":' + mode + '},"web.fetch.v1":{"enforcement":' + mode + "}}", errors);
      expect(errors.count).toBe(0);
      expect(p != null).toBe(true);
    }
  });
  test("the core decides the same whatever the mode (the bindings apply it)", () => {
    const p = compile(',"enforcement":"shadow"', '{"system.command.execute":{"allowed_commands":["ls"],"enforcement":"shadow"}}', new LoadErrors())!;
    const v = decide(p, '{"tool_name":"bash","tool_input":{"command":"whoami"},"context":{"workspace_root":"/w"}}');
    expect(v.decision).toBe(Decision.Deny);
    expect(v.code).toBe(Code.COMMAND_NOT_ALLOWED);
  });
  test("an unknown or mistyped mode is a load error with its path", () => {
    expect(firstError(',"enforcement":"off"', "{}")).toBe('/passport/enforcement expected "enforce", "warn" or "shadow"');
    expect(firstError(',"enforcement":true', "{}")).toBe('/passport/enforcement expected "enforce", "warn" or "shadow"');
    expect(firstError("", '{"system.command.execute":{"enforcement":"Shadow"}}')).toBe('/passport/limits/system.command.execute/enforcement expected "enforce", "warn" or "shadow"');
    expect(firstError("", '{"web.fetch":{"enforcement":null}}')).toBe('/passport/limits/web.fetch/enforcement expected "enforce", "warn" or "shadow"');
  });
  test("a duplicated mode key is an error, not a guess", () => {
    expect(firstError(',"enforcement":"enforce","enforcement":"shadow"', "{}")).toBe("/passport/enforcement duplicate key 'enforcement'");
    expect(firstError("", '{"web.fetch":{"enforcement":"enforce","enforcement":"shadow"}}').includes("duplicate key 'enforcement'")).toBe(true);
  });
});
