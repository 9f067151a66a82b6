/**
 * @module
 * The default store: a Map in this process (browsers, edge functions, one
 * Node process). Records are copied in and out as JSON text, so nothing a
 * caller holds can change what is stored; the few fields the store itself
 * looks at (status, creation time, when it is due, whose it is) sit next to
 * the text, so listing, counting and sweeping never parse every record.
 * Every method does its work synchronously before its promise settles, which
 * makes `create` and `transition` atomic in a single JS thread.
 */

import type { ActionStatus, ApprovalRule, PendingAction } from "./pending-action.ts";
import { capKey, dueAt, isAfter, listLimit, type ActionQuery, type ApprovalStore, type CreateGuard, type CreateResult } from "./store.ts";

interface Entry {
  text: string;
  id: string;
  status: ActionStatus;
  created_ms: number;
  due: number | null;
  agent: string;
}

export class MemoryApprovalStore implements ApprovalStore {
  readonly kind = "memory";
  readonly durable = false;
  private readonly actions = new Map<string, Entry>();
  private readonly matches = new Map<string, string>();
  private readonly rules = new Map<string, string>();
  /** Pending action ids per agent, for the cap. */
  private readonly pendingByAgent = new Map<string, Set<string>>();

  async create(action: PendingAction, guard: CreateGuard): Promise<CreateResult> {
    if (this.actions.has(action.id)) throw new Error(`action ${action.id} already exists`);
    if ((this.matches.get(action.match_key) ?? null) !== guard.replacing) return "raced";
    if (this.pendingCount(capKey(action), guard.now) >= guard.maxPendingPerAgent) return "full";
    this.put(action);
    this.matches.set(action.match_key, action.id);
    return "created";
  }

  async get(id: string): Promise<PendingAction | null> {
    const entry = this.actions.get(id);
    return entry === undefined ? null : (JSON.parse(entry.text) as PendingAction);
  }

  async list(query?: ActionQuery): Promise<PendingAction[]> {
    const limit = listLimit(query);
    const out: PendingAction[] = [];
    // Insertion order is creation order: walk it backwards for newest first.
    const entries = [...this.actions.values()].sort((a, b) => b.created_ms - a.created_ms || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
    for (const entry of entries) {
      if (out.length >= limit) break;
      if (query?.status && entry.status !== query.status) continue;
      if (!isAfter(entry, query?.after)) continue;
      out.push(JSON.parse(entry.text) as PendingAction);
    }
    return out;
  }

  async due(now: number, limit: number): Promise<PendingAction[]> {
    const due = [...this.actions.values()].filter((e) => e.due !== null && e.due <= now).sort((a, b) => a.due! - b.due!);
    return due.slice(0, limit).map((e) => JSON.parse(e.text) as PendingAction);
  }

  async findLatest(matchKey: string): Promise<PendingAction | null> {
    const id = this.matches.get(matchKey);
    return id === undefined ? null : this.get(id);
  }

  async linkMatch(matchKey: string, id: string): Promise<void> {
    this.matches.set(matchKey, id);
  }

  async transition(id: string, from: ActionStatus, next: PendingAction): Promise<boolean> {
    const entry = this.actions.get(id);
    if (entry === undefined || entry.status !== from) return false;
    this.put(next);
    return true;
  }

  async putRule(rule: ApprovalRule): Promise<void> {
    this.rules.set(rule.key, JSON.stringify(rule));
  }

  async getRule(key: string): Promise<ApprovalRule | null> {
    const text = this.rules.get(key);
    return text === undefined ? null : (JSON.parse(text) as ApprovalRule);
  }

  async purge(before: number): Promise<number> {
    let removed = 0;
    for (const [id, entry] of this.actions) {
      if (entry.created_ms < before) {
        this.pendingByAgent.get(entry.agent)?.delete(id);
        this.actions.delete(id);
        removed++;
      }
    }
    for (const [key, id] of this.matches) if (!this.actions.has(id)) this.matches.delete(key);
    for (const [key, text] of this.rules) {
      const rule = JSON.parse(text) as ApprovalRule;
      if (rule.expires_at !== null && Date.parse(rule.expires_at) < before) {
        this.rules.delete(key);
        removed++;
      }
    }
    return removed;
  }

  async close(): Promise<void> {}

  private put(action: PendingAction): void {
    const agent = capKey(action);
    const entry: Entry = {
      text: JSON.stringify(action), id: action.id, status: action.status,
      created_ms: Date.parse(action.created_at), due: dueAt(action), agent,
    };
    this.actions.set(action.id, entry);
    let pending = this.pendingByAgent.get(agent);
    if (action.status === "pending") {
      if (!pending) this.pendingByAgent.set(agent, (pending = new Set()));
      pending.add(action.id);
    } else {
      pending?.delete(action.id);
    }
  }

  private pendingCount(agent: string, now: number): number {
    let count = 0;
    for (const id of this.pendingByAgent.get(agent) ?? []) {
      const due = this.actions.get(id)?.due;
      if (due !== null && due !== undefined && due > now) count++;
    }
    return count;
  }
}
