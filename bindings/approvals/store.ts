/**
 * @module
 * Where pending actions and "always allow" rules live. One atomic primitive,
 * `transition` (compare-and-set on the status), carries every state change,
 * so approve, reject, expire and consume are atomic in each store: two
 * workers racing to consume one approval cannot both win.
 */

import type { ActionStatus, ApprovalRule, PendingAction } from "./pending-action.ts";

export interface ActionQuery {
  status?: ActionStatus;
  /** Newest first; stores cap it at 1000. */
  limit?: number;
  /** Only actions listed after this one (the previous page's last action): pages never repeat or skip. */
  after?: ActionCursor;
}

/** A position in the newest-first order: creation time, then id (descending) for actions created in the same millisecond. */
export interface ActionCursor {
  created_ms: number;
  id: string;
}

/** What `create` checks atomically with the write. */
export interface CreateGuard {
  /** The action this call's match key must still point at (null: none), or another worker created one meanwhile. */
  replacing: string | null;
  /** Refuse when the agent already has this many pending actions not yet due. */
  maxPendingPerAgent: number;
  /** Epoch ms: pending actions due at or before it no longer count. */
  now: number;
}

/** `created`; `raced`: the match key moved on (look again); `full`: the agent is at its pending cap. */
export type CreateResult = "created" | "raced" | "full";

export interface ApprovalStore {
  /** "memory", "sqlite", "redis", or your own. */
  readonly kind: string;
  /** True when records survive a restart: such a store needs a fixed signing secret. */
  readonly durable: boolean;
  /**
   * Save a new action and make it the latest for its `match_key` — only if the
   * key still points at `guard.replacing` and the agent is under its cap, all
   * in one atomic step, so identical calls racing in many processes create one
   * action between them.
   */
  create(action: PendingAction, guard: CreateGuard): Promise<CreateResult>;
  get(id: string): Promise<PendingAction | null>;
  list(query?: ActionQuery): Promise<PendingAction[]>;
  /** The action most recently created for (or linked to) this match key. */
  findLatest(matchKey: string): Promise<PendingAction | null>;
  /** Point a further match key at an action (the edited arguments of an approval). */
  linkMatch(matchKey: string, id: string): Promise<void>;
  /** Replace the action with `next` only if its stored status is still `from`. True when it did. */
  transition(id: string, from: ActionStatus, next: PendingAction): Promise<boolean>;
  putRule(rule: ApprovalRule): Promise<void>;
  getRule(key: string): Promise<ApprovalRule | null>;
  /** Actions whose `dueAt` is at or before `now`, earliest first: what the expiry sweep must look at (indexed). */
  due(now: number, limit: number): Promise<PendingAction[]>;
  /** Delete actions created before `before` (epoch ms) and rules that expired before it. Returns how many. */
  purge(before: number): Promise<number>;
  close(): Promise<void>;
}

export const MAX_LIST_LIMIT = 1000;

/**
 * When an action next needs the sweep: a pending action at its expiry, an
 * approve-once or window at the end of its validity; never for anything else.
 */
export function dueAt(action: PendingAction): number | null {
  if (action.status === "pending") return Date.parse(action.expires_at);
  const r = action.resolution;
  if (action.status === "approved" && r && r.kind !== "rule" && r.valid_until) return Date.parse(r.valid_until);
  return null;
}

/** The agent a pending-action cap counts against ("" for calls without agent_id). */
export function capKey(action: PendingAction): string {
  return action.agent_id ?? "";
}

/** True when `action` comes after `cursor` in the newest-first order. */
export function isAfter(action: { created_ms: number; id: string }, cursor: ActionCursor | undefined): boolean {
  if (!cursor) return true;
  return action.created_ms < cursor.created_ms || (action.created_ms === cursor.created_ms && action.id < cursor.id);
}

export function listLimit(query: ActionQuery | undefined): number {
  const limit = query?.limit ?? 100;
  return Number.isInteger(limit) && limit > 0 ? Math.min(limit, MAX_LIST_LIMIT) : 100;
}

/**
 * Read a record a store kept as JSON text. A value someone wrote by hand may
 * not be JSON: it becomes an object the gate's integrity check refuses.
 */
export function parseStoredRecord<T>(value: unknown): T | null {
  if (typeof value !== "string") return null;
  try {
    return JSON.parse(value) as T;
  } catch {
    return { malformed: true } as T;
  }
}
