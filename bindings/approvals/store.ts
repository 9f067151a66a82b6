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
}

export interface ApprovalStore {
  /** "memory", "sqlite", "redis", or your own. */
  readonly kind: string;
  /** True when records survive a restart: such a store needs a fixed signing secret. */
  readonly durable: boolean;
  /** Save a new action and make it the latest for its `match_key`. */
  create(action: PendingAction): Promise<void>;
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
  /** Delete actions created before `before` (epoch ms) and rules that expired before it. Returns how many. */
  purge(before: number): Promise<number>;
  close(): Promise<void>;
}

export const MAX_LIST_LIMIT = 1000;

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
