// Rate limits, daily caps and idempotency replay: the limits that need state.
//
// The core keeps none. A rule that passed its static checks describes what
// the call would consume (a UsageCharge: which counters, which limits); the
// host reads those counters from its UsageStore and passes them in as a
// separate input (UsageInput) — never inside the request, whose tool_input
// the model writes and whose context is not trusted for counters. Without
// counters the call cannot be judged: the decision is NeedsUsage, which a
// host that does not understand it reads as a deny.
//
// The host counts an allowed call only once it has actually run (the
// bindings' guardToolCall), so the counters are "calls that ran or are
// running", and the check is `used + this call <= limit`.

import { Json, JsonType } from "../json/reader";
import { quote } from "./capabilities/web/web";
import { Verdict, Code } from "./verdict";
import { UsageCharge } from "./usage-charge";

/** The usage document's keys, in slot order. */
const COUNTERS: StaticArray<string> = ["calls_last_minute", "calls_today", "amount_today", "idempotency_key_seen"];
const seen = new StaticArray<bool>(4);

/** The counters the host supplied for this call's charge. */
export class UsageInput {
  /** False when the host passed no usage document at all. */
  present: bool = false;
  callsLastMinute: i64 = 0;
  callsToday: i64 = 0;
  /** Minor units of the charge's currency, for its capability, since 00:00 UTC. */
  amountToday: i64 = 0;
  idempotencyKeySeen: bool = false;
  /** Why the document was refused ("" when it was not). */
  error: string = "";

  reset(): void {
    this.present = false;
    this.callsLastMinute = 0;
    this.callsToday = 0;
    this.amountToday = 0;
    this.idempotencyKeySeen = false;
    this.error = "";
  }

  /**
   * Read the host's usage document (a JSON object; absent keys are zero).
   * Strict: an unknown or mistyped key is a host bug, and guessing could
   * turn it into an allow. Returns false with `error` set.
   */
  parse(json: Json): bool {
    this.reset();
    if (!json.validate()) return this.fail("usage is not valid JSON: " + json.error);
    const root = json.root();
    if (json.typeAt(root) != JsonType.Object) return this.fail("usage must be a JSON object");
    for (let k = 0; k < seen.length; k++) seen[k] = false;
    let m = json.firstMember(root);
    while (m >= 0) {
      const v = json.memberValue(m);
      // Keys compare in place: this runs on every usage-limited call.
      let slot = -1;
      for (let k = 0; k < COUNTERS.length; k++) {
        if (json.stringEquals(m, COUNTERS[k])) {
          slot = k;
          break;
        }
      }
      if (slot < 0) return this.fail("usage has an unknown key '" + json.readString(m)! + "' (expected calls_last_minute, calls_today, amount_today, idempotency_key_seen)");
      if (seen[slot]) return this.fail("usage has a duplicate key '" + COUNTERS[slot] + "'");
      seen[slot] = true;
      if (slot == 3) {
        const t = json.typeAt(v);
        if (t != JsonType.True && t != JsonType.False) return this.fail("usage.idempotency_key_seen must be true or false");
        this.idempotencyKeySeen = t == JsonType.True;
        m = json.nextMember(m);
        continue;
      }
      const n = json.readWhole(v);
      if (n < 0) return this.fail("usage." + COUNTERS[slot] + " must be a whole number >= 0");
      if (slot == 0) this.callsLastMinute = n;
      else if (slot == 1) this.callsToday = n;
      else this.amountToday = n;
      m = json.nextMember(m);
    }
    this.present = true;
    return true;
  }

  private fail(message: string): bool {
    this.error = message;
    return false;
  }
}

/**
 * Judge the charge against the counters. Order: per minute, per day, daily
 * cap, idempotency replay. True = within every limit; otherwise the verdict
 * holds the deny. Without counters the verdict becomes NeedsUsage.
 */
export function checkUsage(charge: UsageCharge, usage: UsageInput, verdict: Verdict): bool {
  if (!charge.needsCounters) return true;
  if (!usage.present) {
    return verdict.needUsage(
      "capability '" + charge.capability + "' has limits that need usage counters (" + describe(charge) +
        "), and the host supplied none; give the provider a UsageStore",
    );
  }
  if (charge.perMinute >= 0 && usage.callsLastMinute + 1 > charge.perMinute) {
    return verdict.deny(
      Code.RATE_LIMIT_EXCEEDED,
      calls(usage.callsLastMinute) + " of '" + charge.capability + "' in the last minute; " +
        charge.perMinuteKey + " is " + charge.perMinute.toString(),
      charge.perMinuteKey,
    );
  }
  if (charge.perDay >= 0 && usage.callsToday + 1 > charge.perDay) {
    return verdict.deny(
      Code.RATE_LIMIT_EXCEEDED,
      calls(usage.callsToday) + " of '" + charge.capability + "' today (UTC); " +
        charge.perDayKey + " is " + charge.perDay.toString(),
      charge.perDayKey,
    );
  }
  // Both terms are at most 2^53 - 1, so the sum cannot overflow an i64.
  if (charge.dailyCap >= 0 && usage.amountToday + charge.amount > charge.dailyCap) {
    return verdict.deny(
      Code.LIMIT_EXCEEDED,
      "daily_cap for " + charge.currency + " is " + charge.dailyCap.toString() + " (minor units); " +
        usage.amountToday.toString() + " already used today (UTC), and this call adds " + charge.amount.toString(),
      "currency_limits",
    );
  }
  if (charge.idempotencyKey.length > 0 && usage.idempotencyKeySeen) {
    return verdict.deny(
      Code.IDEMPOTENCY_CONFLICT,
      "idempotency_key " + quote(charge.idempotencyKey) + " was already used; a replay could repeat the payment",
    );
  }
  return true;
}

function calls(n: i64): string {
  return n.toString() + (n == 1 ? " call" : " calls");
}

function describe(charge: UsageCharge): string {
  let s = "";
  if (charge.perMinute >= 0) s += charge.perMinuteKey;
  if (charge.perDay >= 0) s += (s.length > 0 ? ", " : "") + charge.perDayKey;
  if (charge.dailyCap >= 0) s += (s.length > 0 ? ", " : "") + "daily_cap";
  if (charge.idempotencyKey.length > 0) s += (s.length > 0 ? ", " : "") + "idempotency replay";
  return s;
}
