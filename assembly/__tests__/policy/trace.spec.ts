// The evaluation trace (policy/trace.ts): every step a decision consults, in
// order, with its result; off by default; the same bytes every time.
import { jsonOf, utf8Of } from "./helpers";
import { PassportPolicy } from "../../policy/passport";
import { AllowlistPolicy } from "../../policy/allowlist";
import { LoadErrors } from "../../policy/load-errors";
import { RequestView } from "../../policy/request";
import { Verdict, Decision } from "../../policy/verdict";
import { trace } from "../../policy/trace";

const LIMITS = '{"system.command.execute":{"allowed_commands":["git status","cat","ls"],"blocked_patterns":["*.env"],' +
  '"max_execution_time":30},"data.file.read":{"allowed_paths":["/workspace"]}}';

function passport(limits: string = LIMITS): PassportPolicy {
  const doc = '{"type":"passport","passport":{"status":"active","spec_version":"oap/1.0","capabilities":' +
    '[{"id":"system.command.execute"},{"id":"data.file.read"},{"id":"web.fetch"}],"limits":' + limits + "}}";
  const json = jsonOf(doc);
  expect(json.validate()).toBe(true);
  const errors = new LoadErrors();
  const p = PassportPolicy.compile(json, json.root(), errors);
  expect(errors.count).toBe(0);
  return p!;
}

const verdict = new Verdict();

/** Decide with the trace on; returns the trace JSON. */
function traced(p: PassportPolicy, request: string): string {
  const view = new RequestView();
  verdict.reset();
  expect(view.usage.parse(jsonOf("{}"))).toBe(true);
  const b = utf8Of(request);
  trace.reset(true);
  if (view.parse(changetype<usize>(b), b.byteLength, verdict)) p.evaluate(view, NaN, verdict);
  const out = trace.toJSON(verdict);
  trace.reset(false);
  return out;
}

/** The step names of a trace JSON, in order, with their results: "name=result|…". */
function stepsOf(json: string): string {
  let out = "";
  let at = json.indexOf("{\"step\":");
  while (at >= 0) {
    const nameStart = at + 9;
    const nameEnd = json.indexOf("\"", nameStart);
    const resultStart = json.indexOf("\"result\":\"", nameEnd) + 10;
    const resultEnd = json.indexOf("\"", resultStart);
    out += (out.length > 0 ? "|" : "") + json.substring(nameStart, nameEnd) + "=" + json.substring(resultStart, resultEnd);
    at = json.indexOf("{\"step\":", resultEnd);
  }
  return out;
}

/** as-pect's toContain is for arrays: a substring check that shows the text when it fails. */
function expectIn(text: string, part: string): void {
  if (!text.includes(part)) log(text);
  expect(text.includes(part)).toBe(true, part);
}

const CMD = '{"tool_name":"Bash","tool_input":{"command":"git status && cat /workspace/a.txt"}}';

describe("evaluation trace", () => {
  test("an allowed command lists every step, in order, as passed or skipped", () => {
    const json = traced(passport(), CMD);
    expect(verdict.decision).toBe(Decision.Allow);
    expect(stepsOf(json)).toBe(
      "passport status=pass|spec_version=pass|expires_at=skip|tool mapping=pass|capability granted=pass|" +
      "limits of system.command.execute=pass|command parses=pass|built-in dangerous operations=pass|allowed_commands=pass|" +
      "blocked_patterns=pass|max_execution_time=pass|allowed_working_directories=skip|blocked_env_vars=skip|" +
      "built-in hidden code=pass|built-in arithmetic=pass|file and web scopes=pass|rate limits=skip|approval_required=skip");
  });

  test("allowed_commands names the entry that admitted each simple command", () => {
    const json = traced(passport(), CMD);
    expectIn(json, "'git status' by allowed_commands/0 (git status)");
    expectIn(json, "'cat /workspace/a.txt' by allowed_commands/1 (cat)");
    expectIn(json, "\"rule\":\"/passport/limits/system.command.execute/allowed_commands\"");
  });

  test("the file scope names the entry that allows each path the command reads", () => {
    const json = traced(passport(), CMD);
    expectIn(json, "/passport/limits/data.file.read/allowed_paths/0 allows /workspace/a.txt");
  });

  test("what will happen: each program with what it reads, writes, deletes and contacts", () => {
    const json = traced(passport('{"system.command.execute":{"allowed_commands":["*"]}}'),
      '{"tool_name":"Bash","tool_input":{"command":"cat in.txt > out.txt; rm -f old.log; curl https://example.com/x; node x.js"}}');
    expectIn(json, "{\"program\":\"cat\",\"command\":\"cat in.txt\",\"reads\":[\"in.txt\"],\"writes\":[\"out.txt\"],\"deletes\":[],\"contacts\":[],\"unbound\":false}");
    expectIn(json, "{\"program\":\"rm\",\"command\":\"rm -f old.log\",\"reads\":[],\"writes\":[],\"deletes\":[\"old.log\"]");
    expectIn(json, "\"contacts\":[\"https://example.com/x\"]");
    expectIn(json, "{\"program\":\"node\",\"command\":\"node x.js\"");
    expectIn(json, "\"unbound\":true}");
  });

  test("a deny names the step that decided, with its rule and message, and no later step", () => {
    const json = traced(passport(), '{"tool_name":"Bash","tool_input":{"command":"cat .env"}}');
    expect(verdict.decision).toBe(Decision.Deny);
    const steps = stepsOf(json);
    expect(steps.endsWith("allowed_commands=pass|blocked_patterns=deny")).toBe(true);
    expectIn(json, "{\"step\":\"blocked_patterns\",\"result\":\"deny\",\"rule\":\"/passport/limits/system.command.execute/blocked_patterns/0\"");
    // What the denied command would have done is still shown.
    expectIn(json, "\"reads\":[\".env\"]");
  });

  test("a deny in allowed_commands", () => {
    const json = traced(passport(), '{"tool_name":"Bash","tool_input":{"command":"rm x"}}');
    expect(stepsOf(json).endsWith("built-in dangerous operations=pass|allowed_commands=deny")).toBe(true);
  });

  test("a tool no capability maps ends at the tool mapping", () => {
    const json = traced(passport(), '{"tool_name":"frobnicate","tool_input":{}}');
    expect(stepsOf(json)).toBe("passport status=pass|spec_version=pass|expires_at=skip|tool mapping=deny");
  });

  test("approval_required asks at its own step", () => {
    const json = traced(passport('{"system.command.execute":{"allowed_commands":["ls"],"approval_required":true}}'),
      '{"tool_name":"Bash","tool_input":{"command":"ls"}}');
    expect(verdict.decision).toBe(Decision.Ask);
    expect(stepsOf(json).endsWith("rate limits=skip|approval_required=ask")).toBe(true);
  });

  test("a URL's host and the allowed_domains entry that admitted it", () => {
    const json = traced(passport('{"web.fetch":{"allowed_domains":["example.com","*.example.org"]}}'),
      '{"tool_name":"web_fetch","tool_input":{"url":"https://docs.example.org/a"}}');
    expect(verdict.decision).toBe(Decision.Allow);
    expectIn(json, "{\"url\":\"https://docs.example.org/a\",\"host\":\"docs.example.org\",\"kind\":\"\"}");
    expectIn(json, "by allowed_domains/1 (*.example.org)");
    const priv = traced(passport('{"web.fetch":{"allowed_domains":["*"]}}'), '{"tool_name":"web_fetch","tool_input":{"url":"http://169.254.169.254/"}}');
    expectIn(priv, "\"host\":\"169.254.169.254\"");
    expect(stepsOf(priv).endsWith("limits of web.fetch=deny")).toBe(true);
  });

  test("the same call gives the same bytes", () => {
    const p = passport();
    expect(traced(p, CMD)).toBe(traced(p, CMD));
  });

  test("off by default: a decision without the trace records nothing", () => {
    const p = passport();
    trace.reset(false);
    const view = new RequestView();
    const v = new Verdict();
    expect(view.usage.parse(jsonOf("{}"))).toBe(true);
    const b = utf8Of(CMD);
    if (view.parse(changetype<usize>(b), b.byteLength, v)) p.evaluate(view, NaN, v);
    expect(v.decision).toBe(Decision.Allow);
    expect(trace.steps.length).toBe(0);
    expect(trace.effects.length).toBe(0);
  });

  test("allowlist: the allowed_tools entry that matched, and denied_tools", () => {
    const json = jsonOf('{"type":"allowlist","allowed_tools":["read","bash"],"denied_tools":["rm"]}');
    expect(json.validate()).toBe(true);
    const policy = AllowlistPolicy.compile(json, json.root(), new LoadErrors())!;
    const view = new RequestView();
    verdict.reset();
    const b = utf8Of('{"tool_name":"bash","tool_input":{}}');
    trace.reset(true);
    if (view.parse(changetype<usize>(b), b.byteLength, verdict)) policy.evaluate(view, NaN, verdict);
    const out = trace.toJSON(verdict);
    trace.reset(false);
      expect(stepsOf(out)).toBe("allowed_tools=pass|denied_tools=pass");
    expectIn(out, "{\"step\":\"allowed_tools\",\"result\":\"pass\",\"rule\":\"/allowed_tools/1\",\"detail\":\"matched /allowed_tools/1\"}");
  });

  test("attack: the trace never changes a decision (a tool outside allowed_tools is denied, traced or not)", () => {
    const json = jsonOf('{"type":"allowlist","allowed_tools":["read"],"denied_tools":["rm"]}');
    expect(json.validate()).toBe(true);
    const policy = AllowlistPolicy.compile(json, json.root(), new LoadErrors())!;
    for (let on = 0; on < 2; on++) {
      for (let t = 0; t < 2; t++) {
        const view = new RequestView();
        const v = new Verdict();
        const b = utf8Of(t == 0 ? '{"tool_name":"bash","tool_input":{}}' : '{"tool_name":"rm","tool_input":{}}');
        trace.reset(on == 1);
        if (view.parse(changetype<usize>(b), b.byteLength, v)) policy.evaluate(view, NaN, v);
        trace.reset(false);
        expect(v.decision).toBe(Decision.Deny);
      }
    }
    const p = passport();
    for (let on = 0; on < 2; on++) {
      trace.reset(on == 1);
      const view = new RequestView();
      const v = new Verdict();
      expect(view.usage.parse(jsonOf("{}"))).toBe(true);
      const b = utf8Of('{"tool_name":"Bash","tool_input":{"command":"cat /etc/passwd .env"}}');
      if (view.parse(changetype<usize>(b), b.byteLength, v)) p.evaluate(view, NaN, v);
      trace.reset(false);
      expect(v.decision).toBe(Decision.Deny);
    }
  });
});
