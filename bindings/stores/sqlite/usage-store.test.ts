import { afterAll, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SqliteUsageStore } from "./usage-store.ts";
import { SqliteApprovalStore } from "./approval-store.ts";
import { SqliteConnection } from "./connection.ts";
import { describeUsageStore, messages, ran, refund, scope, T0 } from "../../usage/_usage-contract.ts";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function freshPath(name = "usage.db"): string {
  const dir = mkdtempSync(join(tmpdir(), "portcullis-sqlite-"));
  dirs.push(dir);
  return join(dir, name);
}

/** A fresh database file; every open() is a separate connection to it. */
describeUsageStore("sqlite", async () => {
  const path = freshPath();
  return { open: () => SqliteUsageStore.open({ path }) };
}, true);

describe("SqliteUsageStore", () => {
  it("keeps counters and idempotency keys in the file: a restart finds them", async () => {
    const path = freshPath();
    const first = await SqliteUsageStore.open({ path });
    await ran(first, messages, T0);
    await ran(first, refund("key-00001", 4000), T0);
    const pending = await first.reserve(scope, messages, T0 + 1);
    await first.close();
    const again = await SqliteUsageStore.open({ path });
    expect(await again.read(scope, refund("key-00001"), T0 + 2)).toMatchObject({ amount_today: 4000, idempotency_key_seen: true });
    // A call reserved before the restart and never settled stays counted (fail closed)...
    expect((await again.read(scope, messages, T0 + 2)).calls_last_minute).toBe(2);
    // ...until a later process settles it by id.
    if (pending.ok) await again.settle(pending.reservation, false);
    expect((await again.read(scope, messages, T0 + 2)).calls_last_minute).toBe(1);
    await again.close();
  });

  it("shares one file and connection with the approval store", async () => {
    const connection = await SqliteConnection.open(freshPath("shared.db"));
    const approvals = await SqliteApprovalStore.open({ connection });
    const usage = await SqliteUsageStore.open({ connection });
    await ran(usage, messages, T0);
    await usage.close(); // not owned: the connection stays open
    expect(await approvals.list()).toEqual([]);
    expect((await usage.read(scope, messages, T0)).calls_today).toBe(1);
    expect(await connection.all("SELECT kind, version FROM portcullis_schema ORDER BY kind")).toEqual([
      { kind: "approvals", version: 2 }, { kind: "usage", version: 1 },
    ]);
    connection.close();
  });

  it("needs a path", async () => {
    await expect(SqliteUsageStore.open({})).rejects.toThrow(/path is required/);
  });
});
