/**
 * @module
 * Rate-limit counters in a SQLite file: durable across restarts, shared by
 * the processes of one host. Every entry a reservation records (a call, an
 * amount, an idempotency key) is a row tagged with the reservation's id;
 * `reserve` counts and inserts inside one BEGIN IMMEDIATE transaction, so two
 * processes cannot both take the last unit of a limit. Keeping a call clears
 * the tag; releasing one deletes its rows. A process that dies between
 * reserve and settle leaves its call counted (fail closed) until the windows
 * pass it.
 */

import { randomUUID } from "node:crypto";
import { crossedLimit } from "../../usage/charges.ts";
import { amountKey, callsKey, deadBefore, idempotencyKey, recordsOf } from "../../usage/entries.ts";
import type { ReserveResult, UsageCharge, UsageSnapshot, UsageStore } from "../../usage/types.ts";
import { IDEMPOTENCY_TTL_MS, MINUTE_MS, utcDayStart } from "../../usage/index.ts";
import { SqliteConnection, type SqliteStoreOptions } from "./connection.ts";

// kind: 'c' a call, 'a' an amount, 'k' an idempotency key. reservation: NULL once kept.
const SCHEMA = [
  `CREATE TABLE portcullis_usage (kind TEXT NOT NULL, key TEXT NOT NULL, at INTEGER NOT NULL, amount INTEGER NOT NULL, reservation TEXT);
   CREATE INDEX portcullis_usage_key ON portcullis_usage (kind, key, at);
   CREATE INDEX portcullis_usage_reservation ON portcullis_usage (reservation)`,
];

type Db = Parameters<Parameters<SqliteConnection["transaction"]>[0]>[0];

export type SqliteUsageStoreOptions = SqliteStoreOptions;

export class SqliteUsageStore implements UsageStore {
  readonly kind = "sqlite";
  readonly durable = true;

  private constructor(
    private readonly db: SqliteConnection,
    private readonly owned: boolean,
  ) {}

  static async open(options: SqliteUsageStoreOptions): Promise<SqliteUsageStore> {
    const { db, owned } = await SqliteConnection.forStore(options, "usage", SCHEMA);
    return new SqliteUsageStore(db, owned);
  }

  read(scope: string, charge: UsageCharge, now: number): Promise<UsageSnapshot> {
    return this.db.transaction((db) => snapshot(db, scope, charge, now));
  }

  reserve(scope: string, charge: UsageCharge, now: number): Promise<ReserveResult> {
    return this.db.transaction((db): ReserveResult => {
      const exceeded = crossedLimit(charge, snapshot(db, scope, charge, now));
      if (exceeded) return { ok: false, exceeded };
      const id = randomUUID();
      const records = recordsOf(charge);
      const insert = (kind: string, key: string, amount: number) =>
        db.run("INSERT INTO portcullis_usage (kind, key, at, amount, reservation) VALUES (?, ?, ?, ?, ?)", [kind, key, now, amount, id]);
      if (records.calls) insert("c", callsKey(scope, charge), 0);
      if (records.amount) insert("a", amountKey(scope, charge), charge.amount!);
      if (records.key) insert("k", idempotencyKey(scope, charge), 0);
      // Rows no window can see any more: dropped here so the file stays bounded by a day of calls.
      db.run("DELETE FROM portcullis_usage WHERE kind IN ('c', 'a') AND key IN (?, ?) AND at <= ?", [callsKey(scope, charge), amountKey(scope, charge), deadBefore(now)]);
      db.run("DELETE FROM portcullis_usage WHERE kind = 'k' AND at <= ?", [now - IDEMPOTENCY_TTL_MS]);
      return { ok: true, reservation: id };
    });
  }

  async settle(reservation: string, ran: boolean): Promise<void> {
    if (ran) await this.db.run("UPDATE portcullis_usage SET reservation = NULL WHERE reservation = ?", [reservation]);
    else await this.db.run("DELETE FROM portcullis_usage WHERE reservation = ?", [reservation]);
  }

  async close(): Promise<void> {
    if (this.owned) this.db.close();
  }
}

/** The counters, read inside a transaction so a reservation sees what it checks. Later timestamps count (fail closed). */
function snapshot(db: Db, scope: string, charge: UsageCharge, now: number): UsageSnapshot {
  const number = (sql: string, params: (string | number)[]) => Number(Object.values(db.get(sql, params) ?? { n: 0 })[0] ?? 0);
  const calls = callsKey(scope, charge);
  const count = "SELECT COUNT(*) AS n FROM portcullis_usage WHERE kind = 'c' AND key = ? AND at > ?";
  return {
    calls_last_minute: number(count, [calls, now - MINUTE_MS]),
    calls_today: number(count, [calls, utcDayStart(now) - 1]),
    amount_today: charge.currency === undefined ? 0
      : number("SELECT COALESCE(SUM(amount), 0) AS n FROM portcullis_usage WHERE kind = 'a' AND key = ? AND at >= ?", [amountKey(scope, charge), utcDayStart(now)]),
    idempotency_key_seen: charge.idempotency_key !== undefined
      && number("SELECT COUNT(*) AS n FROM portcullis_usage WHERE kind = 'k' AND key = ? AND at > ?", [idempotencyKey(scope, charge), now - IDEMPOTENCY_TTL_MS]) > 0,
  };
}
