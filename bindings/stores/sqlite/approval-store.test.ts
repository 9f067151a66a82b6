import { afterAll, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SqliteApprovalStore } from "./approval-store.ts";
import { SqliteConnection } from "./connection.ts";
import { describeApprovalFlows } from "../../approvals/_gate-contract.ts";
import { describeForgeryAttacks } from "../../approvals/_forgery-contract.ts";
import { gitCall, testEnv } from "../../approvals/_test-env.ts";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A fresh database file; every open() is a separate connection to it. */
async function sqliteBackend() {
  const dir = mkdtempSync(join(tmpdir(), "portcullis-sqlite-"));
  dirs.push(dir);
  const path = join(dir, "approvals.db");
  return { open: () => SqliteApprovalStore.open({ path }), cleanup: async () => {} };
}

describeApprovalFlows("sqlite", sqliteBackend);
describeForgeryAttacks("sqlite", sqliteBackend);

describe("SqliteApprovalStore", () => {
  it("keeps actions and rules in the file: a new connection after closing sees them", async () => {
    const backend = await sqliteBackend();
    const env = await testEnv(backend);
    const { outcome } = await env.call(gitCall());
    const id = outcome!.action!.id;
    await env.gate.approve((await env.call(gitCall("git fetch"))).outcome!.action!.id, { scope: "policy" });
    await env.close();
    const reopened = await testEnv(backend);
    expect(await reopened.gate.getAction(id)).toMatchObject({ status: "pending", verified: true });
    expect((await reopened.call(gitCall("git fetch", { agent_id: "other" }))).decision.allow).toBe(true);
    await reopened.close();
  });

  it("shares one connection between stores and leaves closing it to the owner", async () => {
    const dir = mkdtempSync(join(tmpdir(), "portcullis-sqlite-"));
    dirs.push(dir);
    const connection = await SqliteConnection.open(join(dir, "shared.db"));
    const a = await SqliteApprovalStore.open({ connection });
    const b = await SqliteApprovalStore.open({ connection }); // migrating twice is a no-op
    await a.close();
    expect(await b.list()).toEqual([]);
    expect(await connection.get<{ version: number }>("SELECT version FROM portcullis_schema WHERE kind = 'approvals'")).toEqual({ version: 2 });
    connection.close();
  });

  it("refuses a file written by a newer schema, and a file that is not a database", async () => {
    const dir = mkdtempSync(join(tmpdir(), "portcullis-sqlite-"));
    dirs.push(dir);
    const connection = await SqliteConnection.open(join(dir, "new.db"));
    await connection.migrate("approvals", ["CREATE TABLE x (a)", "CREATE TABLE y (a)", "CREATE TABLE z (a)"]);
    connection.close();
    await expect(SqliteApprovalStore.open({ path: join(dir, "new.db") })).rejects.toThrow(/newer than this portcullis knows/);
    writeFileSync(join(dir, "junk.db"), "this is not a database, it is text ".repeat(200));
    await expect(SqliteApprovalStore.open({ path: join(dir, "junk.db") })).rejects.toThrow();
    await expect(SqliteApprovalStore.open({})).rejects.toThrow(/path is required/);
  });

  it("migrates a file written by the first schema: old rows get their agent and due time, so sweep and cap see them", async () => {
    const backend = await sqliteBackend();
    const env = await testEnv(backend);
    const pending = (await env.call(gitCall("git old pending"))).outcome!.action!;
    const approved = (await env.call(gitCall("git old approved"))).outcome!.action!;
    await env.gate.approve(approved.id);
    const connection = (env.store as unknown as { db: SqliteConnection }).db;
    // Back to the first schema's shape: no agent, no due time.
    await connection.run("UPDATE portcullis_actions SET agent = '', due_ms = NULL");
    await connection.run("UPDATE portcullis_schema SET version = 1 WHERE kind = 'approvals'");
    await connection.run("DROP INDEX portcullis_actions_due");
    await connection.run("DROP INDEX portcullis_actions_agent");
    await connection.run("ALTER TABLE portcullis_actions DROP COLUMN agent");
    await connection.run("ALTER TABLE portcullis_actions DROP COLUMN due_ms");
    const reopened = await SqliteApprovalStore.open({ path: connection.path });
    const rows = await (reopened as unknown as { db: SqliteConnection }).db.all<{ id: string; agent: string; due_ms: number }>(
      "SELECT id, agent, due_ms FROM portcullis_actions ORDER BY due_ms");
    const approvedRecord = (await reopened.get(approved.id))!;
    expect(rows).toEqual([
      { id: pending.id, agent: "a1", due_ms: Date.parse(pending.expires_at) },
      { id: approved.id, agent: "a1", due_ms: Date.parse(approvedRecord.resolution!.valid_until!) },
    ]);
    await reopened.close();
    await env.close();
  });

  it("hands a hand-written row that is not JSON to the gate as an invalid record", async () => {
    const backend = await sqliteBackend();
    const env = await testEnv(backend);
    const id = (await env.call(gitCall())).outcome!.action!.id;
    const connection = (env.store as unknown as { db: SqliteConnection }).db;
    await connection.run("UPDATE portcullis_actions SET record = 'not json' WHERE id = ?", [id]);
    expect((await env.call(gitCall())).decision.reasons[0].code).toBe("oap.approval_invalid");
    await env.close();
  });
});
