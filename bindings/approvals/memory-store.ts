/**
 * @module
 * The default store: a Map in this process (browsers, edge functions, one
 * Node process). Records are copied in and out as JSON text, so nothing a
 * caller holds can change what is stored. Every method does its work
 * synchronously before its promise settles, which makes `transition`
 * atomic in a single JS thread.
 */

import type { ActionStatus, ApprovalRule, PendingAction } from "./pending-action.ts";
import { listLimit, type ActionQuery, type ApprovalStore } from "./store.ts";

export class MemoryApprovalStore implements ApprovalStore {
  readonly kind = "memory";
  readonly durable = false;
  private readonly actions = new Map<string, string>();
  private readonly matches = new Map<string, string>();
  private readonly rules = new Map<string, string>();

  async create(action: PendingAction): Promise<void> {
    if (this.actions.has(action.id)) throw new Error(`action ${action.id} already exists`);
    this.actions.set(action.id, JSON.stringify(action));
    this.matches.set(action.match_key, action.id);
  }

  async get(id: string): Promise<PendingAction | null> {
    const text = this.actions.get(id);
    return text === undefined ? null : (JSON.parse(text) as PendingAction);
  }

  async list(query?: ActionQuery): Promise<PendingAction[]> {
    const limit = listLimit(query);
    const out: PendingAction[] = [];
    // Insertion order is creation order: walk it backwards for newest first.
    const texts = [...this.actions.values()];
    for (let i = texts.length - 1; i >= 0 && out.length < limit; i--) {
      const action = JSON.parse(texts[i]) as PendingAction;
      if (!query?.status || action.status === query.status) out.push(action);
    }
    return out;
  }

  async findLatest(matchKey: string): Promise<PendingAction | null> {
    const id = this.matches.get(matchKey);
    return id === undefined ? null : this.get(id);
  }

  async linkMatch(matchKey: string, id: string): Promise<void> {
    this.matches.set(matchKey, id);
  }

  async transition(id: string, from: ActionStatus, next: PendingAction): Promise<boolean> {
    const text = this.actions.get(id);
    if (text === undefined || (JSON.parse(text) as PendingAction).status !== from) return false;
    this.actions.set(id, JSON.stringify(next));
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
    for (const [id, text] of this.actions) {
      const action = JSON.parse(text) as PendingAction;
      if (Date.parse(action.created_at) < before) {
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
}
