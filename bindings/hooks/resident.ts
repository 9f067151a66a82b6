/**
 * @module
 * The resident hook server (`portcullis hook serve`): one process keeps the
 * policy compiled and answers `POST /hooks/<agent>` with exactly what
 * `portcullis hook <agent>` would print, so a hook call costs a tiny client
 * (`curl`) instead of a Node start. The policy file is re-read when its
 * modification time changes (Claude Code adds "always allow" rules to it).
 *
 * Fail closed over HTTP: an answer that must block (the one-shot hook would
 * exit 2) is HTTP 500 with the agent's deny as its body, so the client
 * command `curl -sSf … || exit 2` exits 2, and so does any connection error
 * (server down). An agent's own HTTP hook type treats such errors as
 * non-blocking (the call runs): do not point one at this server.
 */

import { statSync } from "node:fs";
import { resolve } from "node:path";
import { loadGuard, type LoadedGuard } from "../config/load-guard.ts";
import type { AuditSink } from "../middleware/audit.ts";
import { HOOK_AGENTS } from "./index.ts";
import type { HookReply } from "./adapter.ts";

export interface ResidentOptions {
  policy: string;
  /** The address the server listens on (`--host`): a Host header may name it, besides IP literals and localhost. */
  host?: string;
  audit?: AuditSink[];
  /** Judges one parsed event with a loaded guard (the same function the one-shot hook uses). */
  judge(guard: LoadedGuard["guard"], agent: string, event: string): Promise<HookReply>;
}

const MAX_EVENT_BYTES = 8 * 1024 * 1024;

/**
 * Why a request did not come from a hook's own client, or null. A web page can POST here (a form, or fetch in
 * no-cors mode, needs no preflight) and, through DNS rebinding, under a host name of its own: browsers send
 * `Origin` with such a POST and `Sec-Fetch-*` headers with every request, and curl sends neither; a Host that
 * is not an IP literal, localhost or the listening address is a name the server was not started under.
 */
export function refusal(request: Request, listening?: string): string | null {
  if (request.headers.has("origin") || request.headers.has("sec-fetch-site") || request.headers.has("sec-fetch-mode")) return "refused: a request from a web page (Origin or Sec-Fetch-* header)";
  const host = request.headers.get("host");
  if (host === null) return null;
  const name = host.replace(/:\d+$/, "").replace(/^\[(.*)\]$/, "$1").toLowerCase();
  const ip = /^\d{1,3}(\.\d{1,3}){3}$/.test(name) || name.includes(":");
  if (ip || name === "localhost" || (listening !== undefined && name === listening.toLowerCase())) return null;
  return `refused: Host '${host.slice(0, 100)}' is not this server's address`;
}

export function residentHandler(options: ResidentOptions): (request: Request) => Promise<Response> {
  const file = resolve(options.policy);
  let loaded: { mtime: number; guard: Promise<LoadedGuard> } | null = null;
  const guard = (): Promise<LoadedGuard> => {
    const mtime = statSync(file).mtimeMs;
    if (!loaded || loaded.mtime !== mtime) loaded = { mtime, guard: loadGuard(file, { audit: options.audit ?? [] }) };
    const current = loaded;
    // A policy that failed to load is tried again on the next call, not cached as broken.
    current.guard.catch(() => {
      if (loaded === current) loaded = null;
    });
    return current.guard;
  };
  return async (request) => {
    const refused = refusal(request, options.host);
    if (refused) return new Response(`${refused}\n`, { status: 403 });
    const match = /^\/hooks\/([a-z-]+)$/.exec(new URL(request.url).pathname);
    const adapter = match ? HOOK_AGENTS[match[1]!] : undefined;
    if (request.method !== "POST" || !adapter) return new Response("POST /hooks/claude-code|gemini-cli|cursor|codex\n", { status: 404 });
    let reply: HookReply;
    try {
      const body = await request.arrayBuffer();
      if (body.byteLength > MAX_EVENT_BYTES) throw new Error(`the hook event is over ${MAX_EVENT_BYTES} bytes`);
      const text = new TextDecoder("utf-8", { fatal: true }).decode(body);
      reply = await options.judge((await guard()).guard, adapter.agent, text);
    } catch (error) {
      reply = adapter.failure(error instanceof Error ? error.message.split("\n").join("; ") : String(error));
    }
    const status = reply.exitCode === 0 ? 200 : 500;
    return new Response(reply.stdout || reply.stderr || "", { status, headers: { "content-type": "application/json" } });
  };
}
