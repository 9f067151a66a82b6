/**
 * @module
 * One SQLite file for every portcullis store kind on a single Node host
 * (approvals today; rate-limit counters can share it). SQLite is the
 * node-sqlite3-wasm build: real file I/O through Node's fs, nothing compiled
 * or downloaded at install. Its lock is a `<file>.lock` directory, held only
 * while a statement or transaction runs; a busy file is retried here with a
 * short async back-off, so other processes on the host can share the file,
 * and a lock whose holder died is taken over (stale-lock.ts).
 */

import { DEFAULT_STALE_AFTER_MS, LockOwner, StaleLockWatch } from "./stale-lock.ts";

export interface SqliteOptions {
  /** How long to keep retrying a locked database before failing (default 5000 ms). */
  busyTimeoutMs?: number;
  /**
   * A lock held this long by one holder counts as abandoned by a process that
   * died, and is removed (default 3000 ms). A lock whose file no other live
   * process has open is removed at once.
   */
  staleLockMs?: number;
}

/** Where a store keeps its tables: its own file, or a connection shared with other stores. */
export interface SqliteStoreOptions extends SqliteOptions {
  /** The database file (created when missing). */
  path?: string;
  /** Or a connection to share with other stores; the store then leaves closing it to you. */
  connection?: SqliteConnection;
}

type Params = (string | number | null)[];

/** The part of node-sqlite3-wasm's Database we use. */
interface WasmDatabase {
  run(sql: string, values?: Params): { changes: number };
  get(sql: string, values?: Params): Record<string, unknown> | null;
  all(sql: string, values?: Params): Record<string, unknown>[];
  exec(sql: string): void;
  close(): void;
  readonly inTransaction: boolean;
  readonly isOpen: boolean;
}

export class SqliteConnection {
  private constructor(
    readonly path: string,
    private readonly db: WasmDatabase,
    private readonly busyTimeoutMs: number,
    private readonly owner: LockOwner,
    private readonly watch: StaleLockWatch,
  ) {}

  static async open(path: string, options: SqliteOptions = {}): Promise<SqliteConnection> {
    if (typeof path !== "string" || path === "") throw new TypeError("sqlite: a database file path is required");
    let module: { Database?: new (path: string) => WasmDatabase; default?: { Database: new (path: string) => WasmDatabase } };
    try {
      module = await import("node-sqlite3-wasm");
    } catch (error) {
      throw new Error(`sqlite store needs the optional package node-sqlite3-wasm (npm install node-sqlite3-wasm): ${(error as Error).message}`);
    }
    const Database = module.Database ?? module.default!.Database;
    const busy = options.busyTimeoutMs ?? 5000;
    const owner = LockOwner.register(path);
    const watch = new StaleLockWatch(path, options.staleLockMs ?? DEFAULT_STALE_AFTER_MS);
    try {
      const db = await retryBusy(() => new Database(path), busy, path, watch);
      return new SqliteConnection(path, db, busy, owner, watch);
    } catch (error) {
      owner.release();
      throw error;
    }
  }

  /** One statement, retried while another process holds the lock. */
  run(sql: string, params: Params = []): Promise<number> {
    return this.retry(() => this.db.run(sql, params).changes);
  }

  get<T>(sql: string, params: Params = []): Promise<T | null> {
    return this.retry(() => this.db.get(sql, params) as T | null);
  }

  all<T>(sql: string, params: Params = []): Promise<T[]> {
    return this.retry(() => this.db.all(sql, params) as T[]);
  }

  /**
   * `fn` runs synchronously between BEGIN IMMEDIATE and COMMIT, so nothing in
   * this process interleaves and other processes wait on the file lock.
   */
  transaction<T>(fn: (db: Pick<WasmDatabase, "run" | "get" | "all">) => T): Promise<T> {
    return this.retry(() => {
      this.db.exec("BEGIN IMMEDIATE");
      try {
        const result = fn(this.db);
        this.db.exec("COMMIT");
        return result;
      } catch (error) {
        if (this.db.inTransaction) this.db.exec("ROLLBACK");
        throw error;
      }
    });
  }

  /**
   * Bring one store kind's tables to the newest version: `steps[i]` takes the
   * schema from version i to i + 1. Versions are kept per kind, so store kinds
   * evolve independently in one file.
   */
  async migrate(kind: string, steps: string[]): Promise<void> {
    await this.transaction((db) => {
      db.run("CREATE TABLE IF NOT EXISTS portcullis_schema (kind TEXT PRIMARY KEY, version INTEGER NOT NULL)");
      const row = db.get("SELECT version FROM portcullis_schema WHERE kind = ?", [kind]);
      const version = row ? Number(row.version) : 0;
      if (version > steps.length) {
        throw new Error(`sqlite: ${this.path} holds ${kind} schema version ${version}, newer than this portcullis knows (${steps.length})`);
      }
      for (let v = version; v < steps.length; v++) {
        for (const statement of steps[v].split(";").map((s) => s.trim()).filter(Boolean)) db.run(statement);
      }
      db.run("INSERT INTO portcullis_schema (kind, version) VALUES (?, ?) ON CONFLICT(kind) DO UPDATE SET version = excluded.version", [kind, steps.length]);
    });
  }

  close(): void {
    if (this.db.isOpen) this.db.close();
    this.owner.release();
  }

  /**
   * The connection a store of `kind` works on, its tables migrated: the one
   * given (`owned: false`, the caller closes it) or a new one to `path`.
   */
  static async forStore(options: SqliteStoreOptions, kind: string, steps: string[]): Promise<{ db: SqliteConnection; owned: boolean }> {
    const owned = !options.connection;
    const db = options.connection ?? (await SqliteConnection.open(options.path ?? "", options));
    try {
      await db.migrate(kind, steps);
    } catch (error) {
      if (owned) db.close();
      throw error;
    }
    return { db, owned };
  }

  private retry<T>(fn: () => T): Promise<T> {
    return retryBusy(fn, this.busyTimeoutMs, this.path, this.watch);
  }
}

async function retryBusy<T>(fn: () => T, timeoutMs: number, path: string, watch: StaleLockWatch): Promise<T> {
  const started = Date.now();
  for (let wait = 2; ; wait = Math.min(wait * 2, 50)) {
    try {
      return fn();
    } catch (error) {
      if (!/database is locked|SQLITE_BUSY/i.test((error as Error)?.message ?? "")) throw error;
      if (watch.check()) continue;
      if (Date.now() - started >= timeoutMs) {
        throw new Error(`sqlite: ${path} stayed locked for ${timeoutMs} ms by a process that is still running`);
      }
      await new Promise((resolve) => setTimeout(resolve, wait + Math.random() * wait));
    }
  }
}
