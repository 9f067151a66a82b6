// The proxy in front of a real MCP server from npm (@modelcontextprotocol/server-filesystem, stdio).
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { existsSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createRequire } from "node:module";
import { ListRootsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { proxied, textOf, type Proxied } from "./harness.ts";

const serverEntry = createRequire(import.meta.url).resolve("@modelcontextprotocol/server-filesystem/dist/index.js");
let dir: string;
let session: Proxied | undefined;

beforeEach(() => {
  dir = realpathSync(mkdtempSync(join(tmpdir(), "mcp-proxy-fs-")));
  writeFileSync(join(dir, "notes.txt"), "hello from the filesystem server\n");
});
afterEach(async () => {
  await session?.close();
  session = undefined;
  rmSync(dir, { recursive: true, force: true });
});

const fsProxy = (extra: Parameters<typeof proxied>[0] = {}) =>
  proxied({ server: "fs", upstream: { command: process.execPath, args: [serverEntry, dir] }, ...extra });

describe("mcp-proxy in front of @modelcontextprotocol/server-filesystem", () => {
  it("hides the write tools the passport blocks and lists the rest", async () => {
    session = await fsProxy();
    const names = (await session.client.listTools()).tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(["read_text_file", "list_directory"]));
    for (const hidden of ["write_file", "edit_file", "move_file"]) expect(names).not.toContain(hidden);
  });

  it("passes an allowed read through and denies a write, which never reaches the server", async () => {
    session = await fsProxy();
    const read = await session.client.callTool({ name: "read_text_file", arguments: { path: join(dir, "notes.txt") } });
    expect(read.isError).toBeFalsy();
    expect(textOf(read)).toContain("hello from the filesystem server");
    const write = await session.client.callTool({ name: "write_file", arguments: { path: join(dir, "pwned.txt"), content: "x" } });
    expect(write.isError).toBe(true);
    expect(textOf(write)).toMatch(/^Guardrail denied: tool 'mcp__fs__write_file' was blocked \(oap\.tool_not_allowed\)/);
    expect(existsSync(join(dir, "pwned.txt"))).toBe(false);
    // The session goes on.
    const listing = await session.client.callTool({ name: "list_directory", arguments: { path: dir } });
    expect(textOf(listing)).toContain("notes.txt");
  });

  it("passes the server's own requests (roots/list) to the client and the answer back", async () => {
    let asked = 0;
    session = await fsProxy({
      capabilities: { roots: { listChanged: true } },
      setup: (client) =>
        client.setRequestHandler(ListRootsRequestSchema, async () => {
          asked++;
          return { roots: [{ uri: `file://${dir}`, name: "tmp" }] };
        }),
    });
    const deadline = Date.now() + 5000;
    while (asked === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(asked).toBeGreaterThan(0);
    const allowed = await session.client.callTool({ name: "list_allowed_directories", arguments: {} });
    expect(textOf(allowed)).toContain(dir);
  });
});
