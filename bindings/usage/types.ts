/**
 * @module
 * The usage contract between the wasm core and a UsageStore. The core keeps
 * no state: for a call whose capability has rate limits, daily caps or
 * idempotency replay it describes a UsageCharge; the provider reads the
 * counters for that charge from its store and passes them in beside the
 * request (never inside it); guardToolCall reserves the charge before the
 * tool runs and settles it afterwards (kept if the tool ran, released if it
 * threw), so a call counts only when it actually ran.
 */

/** What one call consumes and the limits on it, as the core writes it (assembly/policy/usage-charge.ts). */
export interface UsageCharge {
  capability: string;
  /** Calls allowed in any sliding 60 s window (msgs_per_min, max_calls_per_minute, max_requests_per_min). */
  per_minute?: number;
  /** Calls allowed per UTC day (msgs_per_day). */
  per_day?: number;
  /** ISO 4217 code of `amount`. */
  currency?: string;
  /** Minor units. */
  amount?: number;
  /** Minor units of `currency` allowed per UTC day for this capability. */
  daily_cap?: number;
  /** A key seen before (or reserved by a call still running) is a replay. */
  idempotency_key?: string;
}

/** The counters the core judges a charge by; all for the charge's scope and capability. */
export interface UsageSnapshot {
  /** Calls that ran or are running, in the 60 s before now: (now - 60000, now]. */
  calls_last_minute: number;
  /** Calls that ran or are running since 00:00:00.000 UTC of now's day. */
  calls_today: number;
  /** Minor units of the charge's currency since 00:00 UTC. */
  amount_today: number;
  /** Whether the charge's idempotency key was used in the last 24 h. */
  idempotency_key_seen: boolean;
}

/** The limit a reservation would have crossed. */
export type UsageLimit = "per_minute" | "per_day" | "daily_cap" | "idempotency_key";

export type ReserveResult =
  | { ok: true; reservation: string }
  | { ok: false; exceeded: UsageLimit };

/**
 * Where counters live. Every method may return a value or a promise; the
 * in-memory store answers synchronously, so PassportProvider.evaluateSync
 * works with it.
 *
 * `scope` is an opaque key naming whose counters these are (a passport, or a
 * passport and agent, or a passport, agent and thread: PassportProvider's
 * `usage_scope`). `now` is epoch milliseconds from the provider's clock.
 */
export interface UsageStore {
  /** The counters for `charge` at `now`, counting reserved calls as used. */
  read(scope: string, charge: UsageCharge, now: number): UsageSnapshot | Promise<UsageSnapshot>;
  /**
   * Check and reserve in one atomic step: when one more call (and its amount)
   * keeps every limit in the charge, and its idempotency key is unused,
   * record it as pending and return its id; otherwise say which limit it
   * would cross and record nothing. This closes the race between two calls
   * judged at the same time: both may pass the core's check, only one can
   * reserve the last slot.
   */
  reserve(scope: string, charge: UsageCharge, now: number): ReserveResult | Promise<ReserveResult>;
  /** The reserved call ran (`ran`: it stays counted) or did not (it is released, as if never reserved). */
  settle(reservation: string, ran: boolean): void | Promise<void>;
}
