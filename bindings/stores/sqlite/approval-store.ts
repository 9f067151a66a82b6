/**
 * @module
 * Approvals in a SQLite file: durable across restarts of a single host.
 * `transition` is one `UPDATE … WHERE id = ? AND status = ?`, which SQLite
 * applies atomically even when several processes share the file.
 */

import type { ActionStatus, ApprovalRule, PendingAction } from "../../approvals/pending-action.ts";
import {
  capKey, dueAt, listLimit, parseStoredRecord as parse, type ActionQuery, type ApprovalStore, type CreateGuard, type CreateResult,
} from "../../approvals/store.ts";
import { SqliteConnection, type SqliteStoreOptions } from "./connection.ts";

const SCHEMA = [
  `CREATE TABLE portcullis_actions (id TEXT PRIMARY KEY, status TEXT NOT NULL, created_ms INTEGER NOT NULL, record TEXT NOT NULL);
   CREATE INDEX portcullis_actions_status ON portcullis_actions (status, created_ms);
   CREATE INDEX portcullis_actions_created ON portcullis_actions (created_ms);
   CREATE TABLE portcullis_action_matches (match_key TEXT PRIMARY KEY, id TEXT NOT NULL);
   CREATE TABLE portcullis_approval_rules (key TEXT PRIMARY KEY, expires_ms INTEGER, record TEXT NOT NULL)`,
  // Whose an action is and when the sweep must next look at it, both indexed: counting an agent's pending
  // actions and finding overdue ones never reads every record.
  `ALTER TABLE portcullis_actions ADD COLUMN agent TEXT NOT NULL DEFAULT '';
   ALTER TABLE portcullis_actions ADD COLUMN due_ms INTEGER;
   UPDATE portcullis_actions SET agent = coalesce(json_extract(record, '$.agent_id'), ''),
     due_ms = CASE
       WHEN status = 'pending' THEN CAST(round((julianday(json_extract(record, '$.expires_at')) - 2440587.5) * 86400000) AS INTEGER)
       WHEN status = 'approved' AND json_extract(record, '$.resolution.kind') <> 'rule'
         THEN CAST(round((julianday(json_extract(record, '$.resolution.valid_until')) - 2440587.5) * 86400000) AS INTEGER)
     END;
   CREATE INDEX portcullis_actions_due ON portcullis_actions (due_ms) WHERE due_ms IS NOT NULL;
   CREATE INDEX portcullis_actions_agent ON portcullis_actions (agent, status, due_ms)`,
];

export type SqliteApprovalStoreOptions = SqliteStoreOptions;

export class SqliteApprovalStore implements ApprovalStore {
  readonly kind = "sqlite";
  readonly durable = true;

  private constructor(
    private readonly db: SqliteConnection,
    private readonly owned: boolean,
  ) {}

  static async open(options: SqliteApprovalStoreOptions): Promise<SqliteApprovalStore> {
    const { db, owned } = await SqliteConnection.forStore(options, "approvals", SCHEMA);
    return new SqliteApprovalStore(db, owned);
  }

  async create(action: PendingAction, guard: CreateGuard): Promise<CreateResult> {
    return this.db.transaction((db): CreateResult => {
      const current = db.get("SELECT id FROM portcullis_action_matches WHERE match_key = ?", [action.match_key]);
      if (((current?.id as string | undefined) ?? null) !== guard.replacing) return "raced";
      const pending = db.get("SELECT count(*) AS n FROM portcullis_actions WHERE agent = ? AND status = 'pending' AND due_ms > ?", [
        capKey(action), guard.now,
      ]);
      if (Number(pending?.n ?? 0) >= guard.maxPendingPerAgent) return "full";
      db.run("INSERT INTO portcullis_actions (id, status, created_ms, record, agent, due_ms) VALUES (?, ?, ?, ?, ?, ?)", [
        action.id, action.status, Date.parse(action.created_at), JSON.stringify(action), capKey(action), dueAt(action),
      ]);
      db.run("INSERT OR REPLACE INTO portcullis_action_matches (match_key, id) VALUES (?, ?)", [action.match_key, action.id]);
      return "created";
    });
  }

  async get(id: string): Promise<PendingAction | null> {
    const row = await this.db.get<{ record: string }>("SELECT record FROM portcullis_actions WHERE id = ?", [id]);
    return row ? parse<PendingAction>(row.record) : null;
  }

  async list(query?: ActionQuery): Promise<PendingAction[]> {
    const where: string[] = [];
    const params: (string | number)[] = [];
    if (query?.status) where.push("status = ?"), params.push(query.status);
    if (query?.after) {
      where.push("(created_ms < ? OR (created_ms = ? AND id < ?))");
      params.push(query.after.created_ms, query.after.created_ms, query.after.id);
    }
    const rows = await this.db.all<{ record: string }>(
      `SELECT record FROM portcullis_actions ${where.length ? `WHERE ${where.join(" AND ")}` : ""} ORDER BY created_ms DESC, id DESC LIMIT ?`,
      [...params, listLimit(query)],
    );
    return rows.map((row) => parse<PendingAction>(row.record)!);
  }

  async due(now: number, limit: number): Promise<PendingAction[]> {
    const rows = await this.db.all<{ record: string }>(
      "SELECT record FROM portcullis_actions WHERE due_ms IS NOT NULL AND due_ms <= ? ORDER BY due_ms LIMIT ?", [now, limit]);
    return rows.map((row) => parse<PendingAction>(row.record)!);
  }

  async findLatest(matchKey: string): Promise<PendingAction | null> {
    const row = await this.db.get<{ record: string }>(
      "SELECT a.record FROM portcullis_action_matches m JOIN portcullis_actions a ON a.id = m.id WHERE m.match_key = ?", [matchKey]);
    return row ? parse<PendingAction>(row.record) : null;
  }

  async linkMatch(matchKey: string, id: string): Promise<void> {
    await this.db.run("INSERT OR REPLACE INTO portcullis_action_matches (match_key, id) VALUES (?, ?)", [matchKey, id]);
  }

  async transition(id: string, from: ActionStatus, next: PendingAction): Promise<boolean> {
    const changes = await this.db.run("UPDATE portcullis_actions SET status = ?, record = ?, due_ms = ? WHERE id = ? AND status = ?", [
      next.status, JSON.stringify(next), dueAt(next), id, from,
    ]);
    return changes === 1;
  }

  async putRule(rule: ApprovalRule): Promise<void> {
    await this.db.run("INSERT OR REPLACE INTO portcullis_approval_rules (key, expires_ms, record) VALUES (?, ?, ?)", [
      rule.key, rule.expires_at === null ? null : Date.parse(rule.expires_at), JSON.stringify(rule),
    ]);
  }

  async getRule(key: string): Promise<ApprovalRule | null> {
    const row = await this.db.get<{ record: string }>("SELECT record FROM portcullis_approval_rules WHERE key = ?", [key]);
    return row ? parse<ApprovalRule>(row.record) : null;
  }

  async purge(before: number): Promise<number> {
    return this.db.transaction((db) => {
      const actions = db.run("DELETE FROM portcullis_actions WHERE created_ms < ?", [before]).changes;
      db.run("DELETE FROM portcullis_action_matches WHERE id NOT IN (SELECT id FROM portcullis_actions)");
      const rules = db.run("DELETE FROM portcullis_approval_rules WHERE expires_ms IS NOT NULL AND expires_ms < ?", [before]).changes;
      return actions + rules;
    });
  }

  async close(): Promise<void> {
    if (this.owned) this.db.close();
  }
}

