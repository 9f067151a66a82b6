/**
 * @module
 * Taking over a lock a crashed process left behind.
 *
 * node-sqlite3-wasm locks a database by creating the directory `<file>.lock`
 * and removes it when the statement or transaction ends. A process killed in
 * between (kill -9, OOM, power loss) leaves the directory, and every later
 * statement would see SQLITE_BUSY forever. Two facts decide when the
 * directory may be removed:
 *
 * - Owners. Every connection registers `<file>.owners/<host>-<pid>-<nonce>`
 *   before it opens the file and removes it on close or exit. When no owner
 *   other than this process is alive and the lock is older than any statement
 *   takes (FAST_TAKEOVER_MS), nobody holds it (this process does not: it only
 *   looks while it is waiting). The age matters for a process that opened the
 *   file without registering (an older portcullis during a rolling upgrade,
 *   or the user's own code): its live lock is never taken at once.
 * - Age. Statements run synchronously and briefly, so a live holder releases
 *   within milliseconds. The same lock directory (same inode and change time)
 *   seen for `staleAfterMs` belongs to a process that died (its owner entry may
 *   outlive it when its pid was reused) or is frozen.
 *
 * Removal is serialized by a second directory, `<file>.takeover`, and the lock
 * is re-checked under it, so two waiters cannot both remove locks and one of
 * them break a lock a third process just took.
 */

import { mkdirSync, readdirSync, rmdirSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { randomBytes } from "node:crypto";
import { join } from "node:path";

/** How long one lock directory may stay before it counts as abandoned (default 3000 ms). */
export const DEFAULT_STALE_AFTER_MS = 3000;

/** With no other owner alive, a lock this old is abandoned: statements hold it for milliseconds. */
const FAST_TAKEOVER_MS = 500;

/** A takeover directory older than this was left by a process that died while taking over. */
const TAKEOVER_ABANDONED_MS = 10_000;

const HOST = hostname().replace(/[^A-Za-z0-9.-]/g, "_");

/** This process's registration as a user of one database file. */
export class LockOwner {
  private released = false;
  private readonly onExit = () => this.release();

  private constructor(private readonly entry: string) {
    process.once("exit", this.onExit);
  }

  static register(path: string): LockOwner {
    const dir = `${path}.owners`;
    mkdirSync(dir, { recursive: true });
    const entry = join(dir, `${HOST}-${process.pid}-${randomBytes(6).toString("hex")}`);
    writeFileSync(entry, "");
    return new LockOwner(entry);
  }

  release(): void {
    if (this.released) return;
    this.released = true;
    process.removeListener("exit", this.onExit);
    try {
      unlinkSync(this.entry);
    } catch {
      // Already gone: nothing to release.
    }
  }
}

/** Watches `<path>.lock` while this process waits for it, and removes it once abandoned. */
export class StaleLockWatch {
  private seen: string | null = null;
  private seenSince = 0;

  constructor(
    private readonly path: string,
    private readonly staleAfterMs = DEFAULT_STALE_AFTER_MS,
  ) {}

  /** Called after each SQLITE_BUSY. True when it removed an abandoned lock (retry at once). */
  check(now = Date.now()): boolean {
    const lock = identity(`${this.path}.lock`);
    if (lock === null) return false;
    if (lock !== this.seen) {
      this.seen = lock;
      this.seenSince = now;
    }
    const age = identityAge(`${this.path}.lock`) ?? 0;
    const abandoned = (age >= FAST_TAKEOVER_MS && !otherOwnerAlive(this.path)) || now - this.seenSince >= this.staleAfterMs;
    return abandoned && this.removeIfStill(lock);
  }

  private removeIfStill(lock: string): boolean {
    const takeover = `${this.path}.takeover`;
    if (!enter(takeover)) return false;
    try {
      if (identity(`${this.path}.lock`) !== lock) return false;
      rmdirSync(`${this.path}.lock`);
      this.seen = null;
      return true;
    } catch {
      return false;
    } finally {
      try {
        rmdirSync(takeover);
      } catch {
        // Someone judged it abandoned; the lock was re-checked under it either way.
      }
    }
  }
}

function identity(path: string): string | null {
  try {
    const stat = statSync(path);
    return `${stat.ino}:${stat.ctimeMs}`;
  } catch {
    return null;
  }
}

function enter(takeover: string): boolean {
  try {
    mkdirSync(takeover);
    return true;
  } catch {
    const since = identityAge(takeover);
    if (since !== null && since > TAKEOVER_ABANDONED_MS) {
      try {
        rmdirSync(takeover);
      } catch {
        // Another waiter removed it first.
      }
    }
    return false;
  }
}

function identityAge(path: string): number | null {
  try {
    return Date.now() - statSync(path).ctimeMs;
  } catch {
    return null;
  }
}

/**
 * True when some process other than this one has the file open. Entries of
 * dead processes on this host are removed on the way; entries of other hosts
 * (a shared network file system) always count as alive.
 */
function otherOwnerAlive(path: string): boolean {
  const dir = `${path}.owners`;
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return false;
  }
  let alive = false;
  for (const entry of entries) {
    const match = /^(.*)-(\d+)-[0-9a-f]+$/.exec(entry);
    if (match === null) continue;
    const [, host, pidText] = match;
    const pid = Number(pidText);
    if (host !== HOST) {
      alive = true;
    } else if (pid !== process.pid) {
      if (processAlive(pid)) alive = true;
      else {
        try {
          unlinkSync(join(dir, entry));
        } catch {
          // Removed by another waiter.
        }
      }
    }
  }
  return alive;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
