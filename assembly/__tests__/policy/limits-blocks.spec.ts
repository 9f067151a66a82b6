// Where a passport keeps a capability's limits, and the load errors that
// keep a limit from being silently dropped (rules/registry.ts).
import { jsonOf, utf8Of } from "./helpers";
import { PassportPolicy } from "../../policy/passport";
import { LoadErrors } from "../../policy/load-errors";
import { RequestView } from "../../policy/request";
import { Verdict, Code } from "../../policy/verdict";

function compile(limits: string, caps: string, errors: LoadErrors): PassportPolicy | null {
  const doc = '{"type":"passport","tool_map":{"refund":"finance.payment.refund","export":"data.export","charge":"payments.charge"},' +
    '"passport":{"status":"active","spec_version":"oap/1.0","assurance_level":"L2","regions":["US"],"capabilities":' + caps + ',"limits":' + limits + "}}";
  const json = jsonOf(doc);
  expect(json.validate()).toBe(true);
  return PassportPolicy.compile(json, json.root(), errors);
}
function firstError(limits: string, caps: string = '[{"id":"messaging.send"}]'): string {
  const errors = new LoadErrors();
  const p = compile(limits, caps, errors);
  expect(p == null).toBe(true);
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

describe("limits blocks", () => {
  test("found under the pack name and the versioned pack id", () => {
    const a = compile('{"messaging.message.send":{"allowed_recipients":["a"]}}', '[{"id":"messaging.send"}]', new LoadErrors())!;
    expect(decide(a, '{"tool_name":"send_message","tool_input":{"to":"b"}}').code).toBe(Code.RECIPIENT_NOT_ALLOWED);
    const b = compile('{"data.export.create.v1":{"max_export_rows":1}}', '[{"id":"data.export"}]', new LoadErrors())!;
    expect(decide(b, '{"tool_name":"export","tool_input":{"format":"csv","limit":2}}').code).toBe(Code.LIMIT_EXCEEDED);
    const c = compile('{"payments.refund":{"currency_limits":{"USD":{"max_per_tx":1}}}}', '[{"id":"finance.payment.refund"}]', new LoadErrors())!;
    const r = '{"tool_name":"refund","tool_input":{"order_id":"o","customer_id":"c","amount":2,"currency":"USD","region":"US","reason_code":"x","idempotency_key":"kkkkkkkk"}}';
    expect(decide(c, r).code).toBe(Code.LIMIT_EXCEEDED);
  });
  test("two blocks for one capability is an error", () => {
    expect((firstError('{"messaging.send":{},"messaging.message.send":{}}')).includes("a second limits block")).toBe(true);
  });
  test("APort's flat messaging keys are read; beside a block they are an error", () => {
    const flat = compile('{"allowed_recipients":["ops"],"system.command.execute":{"allowed_commands":["ls"]}}', '[{"id":"messaging.message.send"}]', new LoadErrors())!;
    expect(decide(flat, '{"tool_name":"send_message","tool_input":{"to":"dev"}}').code).toBe(Code.RECIPIENT_NOT_ALLOWED);
    expect((firstError('{"msgs_per_min":1,"messaging.send":{}}')).includes("flat messaging keys")).toBe(true);
    expect(firstError('{"msgs_per_min":"1"}')).toBe("/passport/limits/msgs_per_min expected a whole number >= 0");
  });
  test("unknown, mistyped and unsupported keys are load errors", () => {
    expect((firstError('{"messaging.send":{"msgs_per_minute":1}}')).includes("unknown key 'msgs_per_minute'")).toBe(true);
    expect((firstError('{"messaging.send":{"msgs_per_min":1.5}}')).includes("whole number")).toBe(true);
    expect((firstError('{"messaging.send":{"allowed_recipients":[{"id":"a","limits":{}}]}}')).includes("per-recipient limits")).toBe(true);
    expect((firstError('{"mcp.tool.execute":{"require_session_tracking":true}}', '[{"id":"mcp.tool.execute"}]')).includes("not supported")).toBe(true);
    expect((firstError('{"mcp.tool.execute":{"allowed_servers":["ws://x"]}}', '[{"id":"mcp.tool.execute"}]')).includes("allowed_servers[0]")).toBe(true);
    expect((firstError('{"payments.charge":{"currency_limits":{"usd":{"max_per_tx":1}}}}', '[{"id":"payments.charge"}]')).includes("ISO 4217")).toBe(true);
    expect((firstError('{"payments.charge":{"currency_limits":{"USD":{"daily_cap":1}}}}', '[{"id":"payments.charge"}]')).includes("max_per_tx is required")).toBe(true);
    expect((firstError('{"payments.charge":{"require_assurance_at_least":"L5"}}', '[{"id":"payments.charge"}]')).includes("L4FIN")).toBe(true);
    expect((firstError('{"data.export":{"allow_pii":"yes"}}', '[{"id":"data.export"}]')).includes("true or false")).toBe(true);
  });
  test("a block for a capability the passport does not hold is still checked", () => {
    expect((firstError('{"payments.charge":{"max_items":1}}', "[]")).includes("unknown key 'max_items'")).toBe(true);
  });
  test("passport assurance_level and regions are checked", () => {
    const errors = new LoadErrors();
    const doc = '{"type":"passport","passport":{"status":"active","spec_version":"oap/1.0","assurance_level":"L9","regions":"US","capabilities":[],"limits":{}}}';
    const j = jsonOf(doc);
    expect(j.validate()).toBe(true);
    expect(PassportPolicy.compile(j, j.root(), errors) == null).toBe(true);
    expect((errors.paths).includes("/passport/assurance_level")).toBe(true);
    expect((errors.paths).includes("/passport/regions")).toBe(true);
  });
});
