// What one call would consume, and the limits on it: the half of the usage
// contract the core writes (usage.ts reads the other half). The host reads
// these counters from its UsageStore before judging the call and records
// them once the call has run.

import { jsonQuote } from "./load-errors";
import { ByteBuffer } from "../util/bytes";

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
    const out = new ByteBuffer(128);
    this.writeTo(out);
    return out.toString();
  }

  /** The JSON appended to `out` without building intermediate strings (this runs on every usage-limited call). */
  writeTo(out: ByteBuffer): void {
    out.appendString('{"capability":');
    appendJsonString(out, this.capability);
    if (this.perMinute >= 0) appendNumber(out, ',"per_minute":', this.perMinute);
    if (this.perDay >= 0) appendNumber(out, ',"per_day":', this.perDay);
    if (this.currency.length > 0) {
      out.appendString(',"currency":');
      appendJsonString(out, this.currency);
    }
    if (this.amount >= 0) appendNumber(out, ',"amount":', this.amount);
    if (this.dailyCap >= 0) appendNumber(out, ',"daily_cap":', this.dailyCap);
    if (this.idempotencyKey.length > 0) {
      out.appendString(',"idempotency_key":');
      appendJsonString(out, this.idempotencyKey);
    }
    out.push(0x7d);
  }
}

function appendNumber(out: ByteBuffer, key: string, n: i64): void {
  out.appendString(key);
  out.appendString(n.toString());
}

/** A JSON string literal; the common case (nothing to escape) is appended as is. */
function appendJsonString(out: ByteBuffer, s: string): void {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c == 0x22 || c == 0x5c) {
      out.appendString(jsonQuote(s));
      return;
    }
  }
  out.push(0x22);
  out.appendString(s);
  out.push(0x22);
}
