// A process that dies while it holds the SQLite lock must not wedge the file
// for everyone after it; a live holder must still be waited for.
import { afterAll, describe, expect, it } from "vitest";
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { once } from "node:events";
import { SqliteApprovalStore, SqliteConnection, SqliteUsageStore } from "../dist/stores/sqlite.js";
import { messages, scope, T0 } from "../bindings/usage/_usage-contract.ts";

const HOLDER = join(import.meta.dirname, "fixtures/sqlite/lock-holder.mjs");
const dirs: string[] = [];
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill("SIGKILL");
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function freshFile(): string {
  const dir = mkdtempSync(join(tmpdir(), "portcullis-lock-"));
  dirs.push(dir);
  return join(dir, "store.db");
}

/** Starts the holder fixture; resolves once it reports ready (or has died, for "crash"). */
async function holder(path: string, mode: "crash" | "hold" | "idle"): Promise<ChildProcess> {
  const child = spawn(process.execPath, [HOLDER, path, mode], { stdio: ["pipe", "pipe", "inherit"] });
  children.push(child);
  if (mode === "crash") {
    const [, signal] = await once(child, "exit");
    expect(signal).toBe("SIGKILL");
  } else {
    await once(child.stdout!, "data");
  }
  return child;
}

async function finish(child: ChildProcess): Promise<void> {
  child.stdin!.write("done\n");
  await once(child, "exit");
}

describe("SQLite lock left by a crashed process", () => {
  it("is taken over within a second when no other process has the file open, and the unfinished write is rolled back", async () => {
    const path = freshFile();
    await holder(path, "crash");
    expect(existsSync(`${path}.lock`)).toBe(true);
    const started = Date.now();
    const db = await SqliteConnection.open(path, { busyTimeoutMs: 2000, staleLockMs: 60_000 });
    expect(await db.all("SELECT v FROM t")).toEqual([]);
    expect(Date.now() - started).toBeLessThan(1500);
    db.close();
  });

  it("is taken over after staleLockMs while another live process has the file open", async () => {
    const path = freshFile();
    const idle = await holder(path, "idle");
    await holder(path, "crash");
    const db = await SqliteConnection.open(path, { busyTimeoutMs: 5000, staleLockMs: 300 });
    expect(await db.all("SELECT v FROM t")).toEqual([]);
    db.close();
    await finish(idle);
  });

  it("survives repeated crashes: every restart opens and writes", async () => {
    const path = freshFile();
    for (let round = 0; round < 5; round++) {
      await holder(path, "crash");
      const db = await SqliteConnection.open(path, { busyTimeoutMs: 2000 });
      await db.run("INSERT INTO t (v) VALUES (?)", [`round ${round}`]);
      db.close();
    }
    const db = await SqliteConnection.open(path);
    expect((await db.all<{ v: string }>("SELECT v FROM t")).map((row) => row.v)).toEqual([0, 1, 2, 3, 4].map((n) => `round ${n}`));
    db.close();
  });

  it("is never taken from a live holder within staleLockMs: the waiter fails closed, naming the file", async () => {
    const path = freshFile();
    const live = await holder(path, "hold");
    const db = await SqliteConnection.open(path, { busyTimeoutMs: 400, staleLockMs: 60_000 });
    await expect(db.all("SELECT v FROM t")).rejects.toThrow(/store\.db stayed locked for 400 ms by a process that is still running/);
    db.close();
    await finish(live);
    const after = await SqliteConnection.open(path, { busyTimeoutMs: 2000 });
    expect(await after.all("SELECT v FROM t")).toEqual([]);
    after.close();
  });

  it("removes its owner entry on close, so a later crash leaves nothing that looks alive", async () => {
    const path = freshFile();
    const db = await SqliteConnection.open(path);
    db.close();
    const idle = await holder(path, "idle");
    await finish(idle);
    await holder(path, "crash");
    const started = Date.now();
    const again = await SqliteConnection.open(path, { busyTimeoutMs: 2000, staleLockMs: 60_000 });
    expect(await again.all("SELECT v FROM t")).toEqual([]);
    expect(Date.now() - started).toBeLessThan(1500);
    again.close();
  });

  it("a store waiting for a live holder fails closed: a usage reservation is refused, never counted as nothing", async () => {
    const path = freshFile();
    const usage = await SqliteUsageStore.open({ path, busyTimeoutMs: 300 });
    const approvals = await SqliteApprovalStore.open({ path, busyTimeoutMs: 300 });
    const live = await holder(path, "hold");
    await expect(usage.reserve(scope, messages, T0)).rejects.toThrow(/stayed locked for 300 ms/);
    await expect(approvals.list()).rejects.toThrow(/stayed locked for 300 ms/);
    await finish(live);
    expect((await usage.reserve(scope, messages, T0)).ok).toBe(true);
    expect(await approvals.list()).toEqual([]);
    await usage.close();
    await approvals.close();
  });

  it("a fresh lock held by a process that never registered (an older version, other code) is not taken at once", async () => {
    const path = freshFile();
    const setup = await SqliteConnection.open(path);
    await setup.run("CREATE TABLE t (v TEXT)");
    setup.close();
    mkdirSync(`${path}.lock`); // held by someone who is not in the owners list
    const db = await SqliteConnection.open(path, { busyTimeoutMs: 300, staleLockMs: 60_000 });
    await expect(db.all("SELECT v FROM t")).rejects.toThrow(/stayed locked/);
    db.close();
    rmdirSync(`${path}.lock`);
  });
});
