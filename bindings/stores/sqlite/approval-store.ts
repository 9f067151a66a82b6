/**
 * @module
 * Approvals in a SQLite file: durable across restarts of a single host.
 * `transition` is one `UPDATE … WHERE id = ? AND status = ?`, which SQLite
 * applies atomically even when several processes share the file.
 */

import type { ActionStatus, ApprovalRule, PendingAction } from "../../approvals/pending-action.ts";
import { listLimit, parseStoredRecord as parse, type ActionQuery, type ApprovalStore } from "../../approvals/store.ts";
import { SqliteConnection, type SqliteStoreOptions } from "./connection.ts";

const SCHEMA = [
  `CREATE TABLE portcullis_actions (id TEXT PRIMARY KEY, status TEXT NOT NULL, created_ms INTEGER NOT NULL, record TEXT NOT NULL);
   CREATE INDEX portcullis_actions_status ON portcullis_actions (status, created_ms);
   CREATE INDEX portcullis_actions_created ON portcullis_actions (created_ms);
   CREATE TABLE portcullis_action_matches (match_key TEXT PRIMARY KEY, id TEXT NOT NULL);
   CREATE TABLE portcullis_approval_rules (key TEXT PRIMARY KEY, expires_ms INTEGER, record TEXT NOT NULL)`,
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

  async create(action: PendingAction): Promise<void> {
    await this.db.transaction((db) => {
      db.run("INSERT INTO portcullis_actions (id, status, created_ms, record) VALUES (?, ?, ?, ?)", [
        action.id, action.status, Date.parse(action.created_at), JSON.stringify(action),
      ]);
      db.run("INSERT OR REPLACE INTO portcullis_action_matches (match_key, id) VALUES (?, ?)", [action.match_key, action.id]);
    });
  }

  async get(id: string): Promise<PendingAction | null> {
    const row = await this.db.get<{ record: string }>("SELECT record FROM portcullis_actions WHERE id = ?", [id]);
    return row ? parse<PendingAction>(row.record) : null;
  }

  async list(query?: ActionQuery): Promise<PendingAction[]> {
    const limit = listLimit(query);
    const rows = query?.status
      ? await this.db.all<{ record: string }>(
          "SELECT record FROM portcullis_actions WHERE status = ? ORDER BY created_ms DESC, rowid DESC LIMIT ?", [query.status, limit])
      : await this.db.all<{ record: string }>("SELECT record FROM portcullis_actions ORDER BY created_ms DESC, rowid DESC LIMIT ?", [limit]);
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
    const changes = await this.db.run("UPDATE portcullis_actions SET status = ?, record = ? WHERE id = ? AND status = ?", [
      next.status, JSON.stringify(next), id, from,
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

