/**
 * @module
 * Rate-limit counters in Redis, for agents in many processes on many hosts.
 * Calls and amounts are sorted sets scored by time (an amount's member ends
 * in `:<amount>`); an idempotency key is a hash holding its time and owner.
 * One Lua script counts and, for `reserve`, checks every limit and records
 * the call in the same atomic step on the server, so of two workers racing
 * for the last unit exactly one gets it. The windows are computed here from
 * the caller's clock (`now`), never the server's; Redis expiry only
 * collects keys no window can see.
 */

import { randomUUID } from "node:crypto";
import { amountKey, callsKey, deadBefore, idempotencyKey, recordsOf } from "../../usage/entries.ts";
import type { ReserveResult, UsageCharge, UsageLimit, UsageSnapshot, UsageStore } from "../../usage/types.ts";
import { DAY_MS, IDEMPOTENCY_TTL_MS, MINUTE_MS, utcDayStart } from "../../usage/index.ts";
import { RedisConnection, type RedisStoreOptions } from "./connection.ts";

const KIND = "usage";
/** Collect keys two days after their last write (longer than every window). */
const KEEP_MS = 2 * DAY_MS;
const LIMITS: UsageLimit[] = ["per_minute", "per_day", "daily_cap", "idempotency_key"];

// KEYS: calls, amounts, idempotency key, reservation record.
// ARGV: mode ('read' | 'reserve'), minute start (exclusive), day start, key TTL start (exclusive),
//       per_minute, per_day, daily_cap, amount ('' when absent), records (c, a, k flags), id, now, dead before, keep ms,
//       the reservation record (what settle needs to release it).
// Returns {0, minute, today, amount, seen} for a read, {1, id} for a reservation, {2, limit index} when refused.
const COUNT_AND_RESERVE = `
local minute = redis.call('ZCOUNT', KEYS[1], '(' .. ARGV[2], '+inf')
local today = redis.call('ZCOUNT', KEYS[1], ARGV[3], '+inf')
local amount = 0
for _, m in ipairs(redis.call('ZRANGE', KEYS[2], ARGV[3], '+inf', 'BYSCORE')) do
  amount = amount + tonumber(string.match(m, ':(%d+)$'))
end
local seen = 0
local at = redis.call('HGET', KEYS[3], 'at')
if at and tonumber(at) > tonumber(ARGV[4]) then seen = 1 end
if ARGV[1] == 'read' then return {0, minute, today, amount, seen} end

if ARGV[5] ~= '' and minute + 1 > tonumber(ARGV[5]) then return {2, 0} end
if ARGV[6] ~= '' and today + 1 > tonumber(ARGV[6]) then return {2, 1} end
if ARGV[7] ~= '' and amount + tonumber(ARGV[8] ~= '' and ARGV[8] or '0') > tonumber(ARGV[7]) then return {2, 2} end
if string.find(ARGV[9], 'k') and seen == 1 then return {2, 3} end

local id, now, keep = ARGV[10], ARGV[11], ARGV[13]
if string.find(ARGV[9], 'c') then
  redis.call('ZADD', KEYS[1], now, id)
  redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[12])
  redis.call('PEXPIRE', KEYS[1], keep)
end
if string.find(ARGV[9], 'a') then
  redis.call('ZADD', KEYS[2], now, id .. ':' .. ARGV[8])
  redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', ARGV[12])
  redis.call('PEXPIRE', KEYS[2], keep)
end
if string.find(ARGV[9], 'k') then
  redis.call('HSET', KEYS[3], 'at', now, 'owner', id)
  redis.call('PEXPIRE', KEYS[3], keep)
end
redis.call('SET', KEYS[4], ARGV[14], 'PX', keep)
return {1, id}`;

// KEYS: reservation record, calls, amounts, idempotency key. ARGV: id, ran ('1' | '0'), amount member.
// Only the first settle of a reservation acts; releasing removes exactly what it recorded.
const SETTLE = `
if redis.call('DEL', KEYS[1]) == 0 then return 0 end
if ARGV[2] == '1' then return 1 end
redis.call('ZREM', KEYS[2], ARGV[1])
redis.call('ZREM', KEYS[3], ARGV[3])
if redis.call('HGET', KEYS[4], 'owner') == ARGV[1] then redis.call('DEL', KEYS[4]) end
return 1`;

/** What a reservation record holds: the keys it wrote to and its amount member. */
interface Reservation {
  keys: [string, string, string];
  amount: string;
}

export type RedisUsageStoreOptions = RedisStoreOptions;

export class RedisUsageStore implements UsageStore {
  readonly kind = "redis";
  readonly durable = true;

  private constructor(
    private readonly redis: RedisConnection,
    private readonly owned: boolean,
  ) {}

  static async open(options: RedisUsageStoreOptions): Promise<RedisUsageStore> {
    const { redis, owned } = await RedisConnection.forStore(options);
    return new RedisUsageStore(redis, owned);
  }

  async read(scope: string, charge: UsageCharge, now: number): Promise<UsageSnapshot> {
    const [, minute, today, amount, seen] = await this.run("read", scope, charge, now, "");
    return {
      calls_last_minute: Number(minute),
      calls_today: Number(today),
      amount_today: charge.currency === undefined ? 0 : Number(amount),
      idempotency_key_seen: charge.idempotency_key !== undefined && Number(seen) === 1,
    };
  }

  async reserve(scope: string, charge: UsageCharge, now: number): Promise<ReserveResult> {
    const id = randomUUID();
    const [status, value] = await this.run("reserve", scope, charge, now, id);
    if (Number(status) === 1 && value === id) return { ok: true, reservation: id };
    const exceeded = LIMITS[Number(value)];
    if (Number(status) !== 2 || !exceeded) throw new Error(`redis usage store: unexpected answer ${JSON.stringify([status, value])}`);
    return { ok: false, exceeded };
  }

  async settle(reservation: string, ran: boolean): Promise<void> {
    const recordKey = this.key(`r:${reservation}`);
    const stored = await this.redis.command("GET", recordKey);
    if (typeof stored !== "string") return; // unknown, settled already, or collected
    const record = JSON.parse(stored) as Reservation;
    await this.redis.eval(SETTLE, [recordKey, ...record.keys], [reservation, ran ? "1" : "0", record.amount]);
  }

  async close(): Promise<void> {
    if (this.owned) await this.redis.close();
  }

  private key(name: string): string {
    return this.redis.key(KIND, name);
  }

  private async run(mode: "read" | "reserve", scope: string, charge: UsageCharge, now: number, id: string): Promise<unknown[]> {
    if (!Number.isSafeInteger(now)) throw new TypeError(`redis usage store: now must be whole epoch milliseconds, got ${now}`);
    if (charge.amount !== undefined && !(Number.isSafeInteger(charge.amount) && charge.amount >= 0)) {
      throw new TypeError(`redis usage store: amount must be a whole number >= 0, got ${charge.amount}`);
    }
    const records = recordsOf(charge);
    const flags = `${records.calls ? "c" : ""}${records.amount ? "a" : ""}${records.key ? "k" : ""}`;
    const optional = (n: number | undefined) => (n === undefined ? "" : String(n));
    const keys = [
      this.key(`c:${callsKey(scope, charge)}`), this.key(`a:${amountKey(scope, charge)}`),
      this.key(`k:${idempotencyKey(scope, charge)}`), this.key(`r:${id}`),
    ];
    const record: Reservation = { keys: [keys[0], keys[1], keys[2]], amount: `${id}:${charge.amount ?? 0}` };
    const args = [
      mode, now - MINUTE_MS, utcDayStart(now), now - IDEMPOTENCY_TTL_MS,
      optional(charge.per_minute), optional(charge.per_day), optional(charge.daily_cap), optional(charge.amount),
      flags, id, now, deadBefore(now), KEEP_MS, JSON.stringify(record),
    ];
    const answer = await this.redis.eval(COUNT_AND_RESERVE, keys, args);
    if (!Array.isArray(answer)) throw new Error("redis usage store: the script answered no list");
    return answer;
  }
}
