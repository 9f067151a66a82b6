/**
 * @module
 * Approvals in Redis, for agents in many processes on many hosts. Each
 * action is a hash (status, created, record) indexed by a sorted set per
 * status; `create` and `transition` are Lua scripts, so the status check and
 * the write are one atomic step on the server: of two workers consuming one
 * approval, exactly one sees `approved`. Two more sorted sets index what the
 * gate asks often: `due` (when the sweep must next look at an action) and,
 * per agent, its pending actions by expiry (the cap).
 */

import { ACTION_STATUSES, type ActionStatus, type ApprovalRule, type PendingAction } from "../../approvals/pending-action.ts";
import {
  capKey, dueAt, isAfter, listLimit, parseStoredRecord as parse, type ActionQuery, type ApprovalStore, type CreateGuard, type CreateResult,
} from "../../approvals/store.ts";
import { RedisConnection, type RedisStoreOptions } from "./connection.ts";

const KIND = "approvals";

// KEYS: action, status set, all set, match key, due set, agent's pending set.
// ARGV: id, status, created ms, record, replacing ('' for none), cap, now ms, due ms.
// Returns -1 (id taken), 0 (the match key moved on), 2 (agent at its cap) or 1 (created).
const CREATE = `
if redis.call('EXISTS', KEYS[1]) == 1 then return -1 end
if (redis.call('GET', KEYS[4]) or '') ~= ARGV[5] then return 0 end
if redis.call('ZCOUNT', KEYS[6], '(' .. ARGV[7], '+inf') >= tonumber(ARGV[6]) then return 2 end
redis.call('HSET', KEYS[1], 'status', ARGV[2], 'created', ARGV[3], 'record', ARGV[4])
redis.call('ZADD', KEYS[2], ARGV[3], ARGV[1])
redis.call('ZADD', KEYS[3], ARGV[3], ARGV[1])
redis.call('SET', KEYS[4], ARGV[1])
redis.call('ZADD', KEYS[5], ARGV[8], ARGV[1])
redis.call('ZADD', KEYS[6], ARGV[8], ARGV[1])
return 1`;

// KEYS: action, from set, to set, due set, agent's pending set. ARGV: id, from, to, record, due ms ('' for none).
const TRANSITION = `
if redis.call('HGET', KEYS[1], 'status') ~= ARGV[2] then return 0 end
redis.call('HSET', KEYS[1], 'status', ARGV[3], 'record', ARGV[4])
if ARGV[2] ~= ARGV[3] then
  redis.call('ZREM', KEYS[2], ARGV[1])
  redis.call('ZADD', KEYS[3], redis.call('HGET', KEYS[1], 'created'), ARGV[1])
end
if ARGV[5] == '' then redis.call('ZREM', KEYS[4], ARGV[1]) else redis.call('ZADD', KEYS[4], ARGV[5], ARGV[1]) end
if ARGV[3] ~= 'pending' then redis.call('ZREM', KEYS[5], ARGV[1]) end
return 1`;

// KEYS: action, its status set, all set, its match-link set, due set, agent's pending set. ARGV: id.
const DELETE = `
redis.call('ZREM', KEYS[2], ARGV[1])
redis.call('ZREM', KEYS[3], ARGV[1])
redis.call('ZREM', KEYS[5], ARGV[1])
redis.call('ZREM', KEYS[6], ARGV[1])
redis.call('DEL', KEYS[1], KEYS[4])
return 1`;

// KEYS: match key. ARGV: id. Drop a match link only if it still points at this action.
const UNLINK = `
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 1`;

export type RedisApprovalStoreOptions = RedisStoreOptions;

export class RedisApprovalStore implements ApprovalStore {
  readonly kind = "redis";
  readonly durable = true;

  private constructor(
    private readonly redis: RedisConnection,
    private readonly owned: boolean,
  ) {}

  static async open(options: RedisApprovalStoreOptions): Promise<RedisApprovalStore> {
    const { redis, owned } = await RedisConnection.forStore(options);
    return new RedisApprovalStore(redis, owned);
  }

  private key(name: string): string {
    return this.redis.key(KIND, name);
  }

  private statusKey(status: string): string {
    if (!ACTION_STATUSES.includes(status as ActionStatus)) throw new TypeError(`redis store: unknown status '${status}'`);
    return this.key(`s:${status}`);
  }

  private agentKey(action: PendingAction): string {
    return this.key(`p:${capKey(action)}`);
  }

  async create(action: PendingAction, guard: CreateGuard): Promise<CreateResult> {
    const keys = [
      this.key(`a:${action.id}`), this.statusKey(action.status), this.key("all"), this.key(`m:${action.match_key}`),
      this.key("due"), this.agentKey(action),
    ];
    const result = Number(await this.redis.eval(CREATE, keys, [
      action.id, action.status, Date.parse(action.created_at), JSON.stringify(action),
      guard.replacing ?? "", guard.maxPendingPerAgent, guard.now, dueAt(action) ?? 0,
    ]));
    if (result === -1) throw new Error(`action ${action.id} already exists`);
    return result === 1 ? "created" : result === 2 ? "full" : "raced";
  }

  async get(id: string): Promise<PendingAction | null> {
    return parse<PendingAction>(await this.redis.command("HGET", this.key(`a:${id}`), "record"));
  }

  async list(query?: ActionQuery): Promise<PendingAction[]> {
    const set = query?.status ? this.statusKey(query.status) : this.key("all");
    const limit = listLimit(query);
    const after = query?.after;
    // Newest first; members with one score come in reverse byte order, which is the cursor's id order.
    const ties = after
      ? ((await this.redis.command("ZRANGE", set, after.created_ms, after.created_ms, "BYSCORE", "REV")) as string[])
          .filter((id) => isAfter({ created_ms: after.created_ms, id }, after))
      : [];
    const top = after ? `(${after.created_ms}` : "+inf";
    const older = (await this.redis.command("ZRANGE", set, top, "-inf", "BYSCORE", "REV", "LIMIT", 0, limit)) as string[];
    const ids = [...ties, ...older].slice(0, limit);
    const records = await Promise.all(ids.map((id) => this.get(id)));
    return records.filter((r): r is PendingAction => r !== null);
  }

  async due(now: number, limit: number): Promise<PendingAction[]> {
    const ids = (await this.redis.command("ZRANGE", this.key("due"), "-inf", now, "BYSCORE", "LIMIT", 0, limit)) as string[];
    const records = await Promise.all(ids.map((id) => this.get(id)));
    return records.filter((r): r is PendingAction => r !== null);
  }

  async findLatest(matchKey: string): Promise<PendingAction | null> {
    const id = await this.redis.command("GET", this.key(`m:${matchKey}`));
    return typeof id === "string" ? this.get(id) : null;
  }

  async linkMatch(matchKey: string, id: string): Promise<void> {
    await this.redis.command("SET", this.key(`m:${matchKey}`), id);
    await this.redis.command("SADD", this.key(`ml:${id}`), matchKey);
  }

  async transition(id: string, from: ActionStatus, next: PendingAction): Promise<boolean> {
    const keys = [this.key(`a:${id}`), this.statusKey(from), this.statusKey(next.status), this.key("due"), this.agentKey(next)];
    return Number(await this.redis.eval(TRANSITION, keys, [id, from, next.status, JSON.stringify(next), dueAt(next) ?? ""])) === 1;
  }

  async putRule(rule: ApprovalRule): Promise<void> {
    const expires = rule.expires_at === null ? Number.NaN : Date.parse(rule.expires_at);
    // Redis drops the rule itself once it expires; the gate checks expires_at as well.
    const ttl = Number.isFinite(expires) && expires > Date.now() ? ["PXAT", expires] : [];
    await this.redis.command("SET", this.key(`r:${rule.key}`), JSON.stringify(rule), ...ttl);
  }

  async getRule(key: string): Promise<ApprovalRule | null> {
    return parse<ApprovalRule>(await this.redis.command("GET", this.key(`r:${key}`)));
  }

  async purge(before: number): Promise<number> {
    const ids = (await this.redis.command("ZRANGE", this.key("all"), "-inf", `(${before}`, "BYSCORE")) as string[];
    for (const id of ids) {
      const action = await this.get(id);
      const links = (await this.redis.command("SMEMBERS", this.key(`ml:${id}`))) as string[];
      for (const matchKey of [action?.match_key, ...links]) {
        if (typeof matchKey === "string") await this.redis.eval(UNLINK, [this.key(`m:${matchKey}`)], [id]);
      }
      const status = (await this.redis.command("HGET", this.key(`a:${id}`), "status")) as string | null;
      const statusSet = status && ACTION_STATUSES.includes(status as ActionStatus) ? this.statusKey(status) : this.key("s:pending");
      const agentSet = action && typeof action === "object" && "agent_id" in action ? this.agentKey(action) : this.key("p:");
      await this.redis.eval(DELETE, [this.key(`a:${id}`), statusSet, this.key("all"), this.key(`ml:${id}`), this.key("due"), agentSet], [id]);
    }
    return ids.length;
  }

  async close(): Promise<void> {
    if (this.owned) await this.redis.close();
  }
}

