// What one call would consume, and the limits on it: the half of the usage
// contract the core writes (usage.ts reads the other half). The host reads
// these counters from its UsageStore before judging the call and records
// them once the call has run.

import { jsonQuote } from "./load-errors";

/** What one call would consume, and the limits on it. Reused across calls. */
export class UsageCharge {
  capability: string = "";
  /** Calls per sliding minute and per UTC day; -1 = no limit. */
  perMinute: i64 = -1;
  perDay: i64 = -1;
  /** The limit keys as the passport spells them, for messages. */
  perMinuteKey: string = "";
  perDayKey: string = "";
  /** Money: ISO 4217 code, minor units, and the day's cap in that currency (-1 = none). */
  currency: string = "";
  amount: i64 = -1;
  dailyCap: i64 = -1;
  /** A replayed key is refused; "" = the call carries none. */
  idempotencyKey: string = "";

  reset(): void {
    this.capability = "";
    this.perMinute = -1;
    this.perDay = -1;
    this.perMinuteKey = "";
    this.perDayKey = "";
    this.currency = "";
    this.amount = -1;
    this.dailyCap = -1;
    this.idempotencyKey = "";
  }

  /** True when judging the call needs the host's counters. */
  get needsCounters(): bool {
    return this.perMinute >= 0 || this.perDay >= 0 || this.dailyCap >= 0 || this.idempotencyKey.length > 0;
  }

  /** `{"capability":…,"per_minute":…,…}`: what the host reads before, and records after, the call. */
  toJSON(): string {
    let s = '{"capability":' + jsonQuote(this.capability);
    if (this.perMinute >= 0) s += ',"per_minute":' + this.perMinute.toString();
    if (this.perDay >= 0) s += ',"per_day":' + this.perDay.toString();
    if (this.currency.length > 0) s += ',"currency":' + jsonQuote(this.currency);
    if (this.amount >= 0) s += ',"amount":' + this.amount.toString();
    if (this.dailyCap >= 0) s += ',"daily_cap":' + this.dailyCap.toString();
    if (this.idempotencyKey.length > 0) s += ',"idempotency_key":' + jsonQuote(this.idempotencyKey);
    return s + "}";
  }
}
