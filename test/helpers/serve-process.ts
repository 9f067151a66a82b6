/**
 * @module
 * Tests only: `portcullis serve` as an operator runs it — the built CLI in its
 * own process on a random port, with an approver token and an agent token.
 */

import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";

export const cli = fileURLToPath(new URL("../../dist/cli.js", import.meta.url));
export const approvalPolicy = fileURLToPath(new URL("../vectors/policies/core-approval.json", import.meta.url));
export const TOKEN = "approver-token-0123456789";
export const AGENT = "agent-token-0123456789abcd";
export const SECRET = "serve-test-secret-0123456789abcdef0123";

export interface Server {
  url: string;
  child: ChildProcess;
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

const running = new Set<ChildProcess>();

/** Kill every server a test left running. */
export function killServers(): void {
  for (const child of running) child.kill("SIGKILL");
}

export async function serve(args: string[], env: Record<string, string> = {}, policyFile = approvalPolicy): Promise<Server> {
  const child = spawn(process.execPath, [cli, "serve", "--policy", policyFile, "--port", "0", "--token", TOKEN, "--agent-token", AGENT, ...args], {
    env: { ...process.env, PORTCULLIS_APPROVAL_SECRET: SECRET, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  let out = "";
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => (running.delete(child), resolve(code))));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start: ${out}`)), 20_000);
    child.stdout!.on("data", () => {
      const match = /approvals on (http:\/\/[0-9.]+:\d+)\//.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    void exited.then((code) => reject(new Error(`serve exited with ${code}: ${out}`)));
  });
  return {
    url,
    child,
    output: () => out,
    stop: (signal = "SIGTERM") => {
      child.kill(signal);
      return exited;
    },
  };
}

export async function api(server: Server, method: string, path: string, body?: unknown, token = TOKEN) {
  const response = await fetch(server.url + path, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

/** A bash call the core-approval policy asks about. */
export const gitCall = (command = "git push origin main", extra: Record<string, unknown> = {}) =>
  ({ tool_name: "bash", tool_input: { command }, agent_id: "a1", thread_id: "t1", ...extra });
