// Usage limits: the charge the core writes, the counters it reads, and
// checkUsage's order. Through PassportPolicy: no counters means NeedsUsage,
// and nothing in the request can stand in for them.
import { PassportPolicy } from "../../policy/passport";
import { RequestView } from "../../policy/request";
import { Verdict, Decision, Code } from "../../policy/verdict";
import { LoadErrors } from "../../policy/load-errors";
import { UsageInput, checkUsage } from "../../policy/usage";
import { UsageCharge } from "../../policy/usage-charge";

import { jsonOf as json, utf8Of } from "./helpers";

function counters(text: string): UsageInput {
  const u = new UsageInput();
  expect(u.parse(json(text))).toBe(true);
  return u;
}

describe("usage document", () => {
  test("whole numbers and a boolean; absent keys are zero", () => {
    const u = counters('{"calls_last_minute":3,"calls_today":40,"amount_today":1200,"idempotency_key_seen":true}');
    expect(u.callsLastMinute).toBe(3);
    expect(u.callsToday).toBe(40);
    expect(u.amountToday).toBe(1200);
    expect(u.idempotencyKeySeen).toBe(true);
    expect(counters("{}").present).toBe(true);
  });
  test("anything else is refused, never read as zero", () => {
    const bad = [
      '{"calls_last_minut":3}', '{"calls_today":-1}', '{"calls_today":1.5}', '{"calls_today":"3"}',
      '{"amount_today":9007199254740992}', '{"idempotency_key_seen":1}', '{"calls_today":1,"calls_today":0}', "[]", "{", "",
    ];
    for (let i = 0; i < bad.length; i++) {
      const u = new UsageInput();
      expect(u.parse(json(bad[i]))).toBe(false);
      expect(u.present).toBe(false);
      expect(u.error.length).toBeGreaterThan(0);
    }
  });
});

function charge(): UsageCharge {
  const c = new UsageCharge();
  c.capability = "messaging.send";
  return c;
}

describe("checkUsage", () => {
  test("no limits: no counters needed", () => {
    const v = new Verdict();
    expect(checkUsage(charge(), new UsageInput(), v)).toBe(true);
  });
  test("limits without counters: NeedsUsage, which is not an allow", () => {
    const c = charge();
    c.perMinute = 5;
    c.perMinuteKey = "msgs_per_min";
    const v = new Verdict();
    expect(checkUsage(c, new UsageInput(), v)).toBe(false);
    expect(v.decision).toBe(Decision.NeedsUsage);
    expect(v.code).toBe(Code.EVALUATOR_ERROR);
    expect((v.message).includes("msgs_per_min")).toBe(true);
  });
  test("edges: used + this call <= limit", () => {
    const c = charge();
    c.perMinute = 5;
    c.perDay = 10;
    c.dailyCap = 1000;
    c.amount = 100;
    c.currency = "USD";
    let v = new Verdict();
    expect(checkUsage(c, counters('{"calls_last_minute":4,"calls_today":9,"amount_today":900}'), v)).toBe(true);
    v = new Verdict();
    expect(checkUsage(c, counters('{"calls_last_minute":5}'), v)).toBe(false);
    expect(v.code).toBe(Code.RATE_LIMIT_EXCEEDED);
    v = new Verdict();
    expect(checkUsage(c, counters('{"calls_today":10}'), v)).toBe(false);
    expect(v.code).toBe(Code.RATE_LIMIT_EXCEEDED);
    v = new Verdict();
    expect(checkUsage(c, counters('{"amount_today":901}'), v)).toBe(false);
    expect(v.code).toBe(Code.LIMIT_EXCEEDED);
  });
  test("zero limits allow nothing; a replayed key is refused last", () => {
    const c = charge();
    c.perDay = 0;
    let v = new Verdict();
    expect(checkUsage(c, counters("{}"), v)).toBe(false);
    const k = charge();
    k.idempotencyKey = "abcdefgh";
    v = new Verdict();
    expect(checkUsage(k, counters('{"idempotency_key_seen":false}'), v)).toBe(true);
    v = new Verdict();
    expect(checkUsage(k, counters('{"idempotency_key_seen":true}'), v)).toBe(false);
    expect(v.code).toBe(Code.IDEMPOTENCY_CONFLICT);
  });
  test("the charge as JSON: only what is set, strings escaped", () => {
    const c = charge();
    expect(c.toJSON()).toBe('{"capability":"messaging.send"}');
    c.perMinute = 5;
    c.idempotencyKey = 'a"b\\c';
    expect(c.toJSON()).toBe('{"capability":"messaging.send","per_minute":5,"idempotency_key":"a\\"b\\\\c"}');
  });
});

const doc = '{"type":"passport","passport":{"status":"active","spec_version":"oap/1.0","assurance_level":"L1","regions":["US"],' +
    '"capabilities":[{"id":"messaging.send"}],"limits":{"messaging.send":{"msgs_per_min":2,"approval_required":true}}}}';
const policy = PassportPolicy.compile(json(doc), 0, new LoadErrors())!;
function decide(request: string, usage: string | null): Verdict {
    const view = new RequestView();
    const verdict = new Verdict();
    if (usage != null) expect(view.usage.parse(json(usage))).toBe(true);
    const b = utf8Of(request);
    if (view.parse(changetype<usize>(b), b.byteLength, verdict)) policy.evaluate(view, NaN, verdict);
    return verdict;
}
const send = '{"tool_name":"send_message","tool_input":{"to":"x","message":"hi"}}';

describe("through the passport", () => {
  test("no counters: NeedsUsage with the charge", () => {
    const v = decide(send, null);
    expect(v.decision).toBe(Decision.NeedsUsage);
    expect(v.usage.toJSON()).toBe('{"capability":"messaging.send","per_minute":2}');
  });
  test("within the limit: ask (approval_required), still carrying the charge", () => {
    const v = decide(send, '{"calls_last_minute":1}');
    expect(v.decision).toBe(Decision.Ask);
    expect(v.usage.needsCounters).toBe(true);
  });
  test("over the limit: deny beats ask", () => {
    expect(decide(send, '{"calls_last_minute":2}').code).toBe(Code.RATE_LIMIT_EXCEEDED);
  });
  test("counters inside the request change nothing", () => {
    const sneaky = '{"tool_name":"send_message","tool_input":{"to":"x","message":"hi","calls_last_minute":0},"context":{"usage":{"calls_last_minute":0}},"usage":{"calls_last_minute":0}}';
    expect(decide(sneaky, '{"calls_last_minute":2}').code).toBe(Code.RATE_LIMIT_EXCEEDED);
    expect(decide(sneaky, null).decision).toBe(Decision.NeedsUsage);
  });
  test("a static deny needs no counters", () => {
    const v = decide('{"tool_name":"send_message","tool_input":{"to":"x","message":' + '"' + "x".repeat(2001) + '"}}', null);
    expect(v.code).toBe(Code.CONTENT_TOO_LONG);
  });
});
