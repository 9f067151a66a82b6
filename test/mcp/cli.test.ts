// `portcullis mcp-proxy` as an MCP client starts it: dist/cli.js as a child process, a real SDK client on its stdio.
import { afterEach, describe, expect, it } from "vitest";
import { spawn, spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { createInterface } from "node:readline";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { fixture, textOf } from "./harness.ts";
import { startHttpMcp, type HttpMcp } from "./http-server.ts";

const cli = fileURLToPath(new URL("../../dist/cli.js", import.meta.url));
const policy = fixture("dev-passport.json");
const server = [process.execPath, fixture("dev-server.mjs")];

let client: Client | undefined;
let http: HttpMcp | undefined;
afterEach(async () => {
  await client?.close();
  await http?.close();
  client = http = undefined;
});

async function connect(args: string[]): Promise<Client> {
  const c = new Client({ name: "cli-test", version: "1.0.0" });
  await c.connect(new StdioClientTransport({ command: process.execPath, args: [cli, "mcp-proxy", ...args], stderr: "pipe" }));
  return c;
}

describe("portcullis mcp-proxy (the CLI)", () => {
  it("guards a stdio server: hidden tools, a denied exec call, an allowed call", async () => {
    client = await connect(["--policy", policy, "--name", "dev", "--", ...server]);
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toContain("bash");
    expect(names).not.toContain("delete_everything");
    const denied = await client.callTool({ name: "bash", arguments: { command: "rm -rf /" } });
    expect(denied.isError).toBe(true);
    expect(textOf(denied)).toMatch(/^Guardrail denied: tool 'mcp__dev__bash'/);
    expect(textOf(await client.callTool({ name: "bash", arguments: { command: "echo ok" } }))).toBe("ran: echo ok");
  });

  it("guards a Streamable HTTP server (--url)", async () => {
    http = await startHttpMcp();
    client = await connect(["--policy", policy, "--name", "dev", "--url", http.url]);
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(["shell"]);
    const denied = await client.callTool({ name: "shell", arguments: { command: "rm -rf /" } });
    expect(denied.isError).toBe(true);
    expect(textOf(await client.callTool({ name: "shell", arguments: { command: "ls" } }))).toBe("ran: ls");
    expect(http.calls).toEqual(["shell:ls"]);
  });

  it("survives lines from the client that are not JSON-RPC", async () => {
    const child = spawn(process.execPath, [cli, "mcp-proxy", "--policy", policy, "--name", "dev", "--", ...server], { stdio: ["pipe", "pipe", "pipe"] });
    const lines = createInterface({ input: child.stdout! });
    const answers = new Map<unknown, Record<string, unknown>>();
    lines.on("line", (line) => {
      const m = JSON.parse(line) as Record<string, unknown>;
      answers.set(m.id, m);
    });
    const send = (text: string) => child.stdin!.write(text + "\n");
    try {
      send("this is not json");
      send('{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}');
      send('{"jsonrpc":"2.0","id":');
      send('{"jsonrpc":"1.0","id":7,"method":"tools/call"}');
      send('{"jsonrpc":"2.0","method":"notifications/initialized"}');
      send('{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"bash","arguments":{"command":"rm -rf /"}}}');
      send('{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"bash","arguments":{"command":"echo still here"}}}');
      const deadline = Date.now() + 30_000;
      while (!(answers.has(1) && answers.has(2) && answers.has(3)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect((answers.get(1)!.result as { serverInfo: { name: string } }).serverInfo.name).toBe("dev-fixture");
      expect((answers.get(2)!.result as { isError: boolean }).isError).toBe(true);
      expect(textOf(answers.get(3)!.result)).toBe("ran: echo still here");
      expect(answers.has(7)).toBe(false);
    } finally {
      child.kill();
    }
  });

  it("serves the approval page: a call the policy asks about waits there, and runs once approved", async () => {
    const token = "approver-token-for-the-mcp-proxy-test";
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [cli, "mcp-proxy", "--policy", fixture("ask-passport.json"), "--name", "dev", "--approvals-port", "0", "--token", token, "--", ...server],
      stderr: "pipe",
    });
    let stderr = "";
    transport.stderr!.on("data", (chunk) => (stderr += chunk));
    client = new Client({ name: "cli-test", version: "1.0.0" });
    await client.connect(transport);
    const first = await client.callTool({ name: "bash", arguments: { command: "git status" } });
    expect(textOf(first)).toMatch(/^Action requires approval \(ID: /);
    const id = (first._meta as Record<string, string>)["portcullis/action_id"]!;
    const base = /approvals on (http:\/\/127\.0\.0\.1:\d+)\//.exec(stderr)![1]!;
    const auth = { authorization: `Bearer ${token}`, "content-type": "application/json" };
    expect((await fetch(`${base}/api/actions/${id}/approve`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" })).status).toBe(401);
    expect((await fetch(`${base}/api/actions/${id}/approve`, { method: "POST", headers: auth, body: "{}" })).status).toBe(200);
    expect(textOf(await client.callTool({ name: "bash", arguments: { command: "git status" } }))).toBe("ran: git status");
    expect(textOf(await client.callTool({ name: "bash", arguments: { command: "git status" } }))).toMatch(/^Action requires approval/);
  });

  it("exits when the client goes away (stdin ends), stopping the server", () => {
    const run = spawnSync(process.execPath, [cli, "mcp-proxy", "--policy", policy, "--name", "dev", "--", ...server], { encoding: "utf8", input: "", timeout: 20_000 });
    expect(run.error).toBeUndefined();
    expect(run.status).toBe(0);
    expect(run.stderr).toMatch(/closing: the client closed/);
  });

  it.each([
    [["--policy", policy, "--", ...server], /--name NAME is required/],
    [["--policy", policy, "--name", "a__b", "--", ...server], /must not contain '__'/],
    [["--policy", policy, "--name", "dev"], /one of the two/],
    [["--policy", policy, "--name", "dev", "--url", "file:///etc/passwd"], /--url must be an http\(s\) URL/],
    [["--policy", fixture("../../fixtures/providers/bad-limits.json"), "--name", "dev", "--", ...server], /invalid policy file/],
    [["--policy", policy, "--name", "dev", "--approvals-port", "0", "--", ...server], /needs --token/],
  ])("refuses bad usage with exit 2: %j", (args, message) => {
    const run = spawnSync(process.execPath, [cli, "mcp-proxy", ...args], { encoding: "utf8", env: { ...process.env, PORTCULLIS_TOKEN: "" }, input: "" });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stdout).toBe("");
  });
});
