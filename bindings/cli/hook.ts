/**
 * @module
 * `portcullis hook <agent> --policy FILE`: one agent hook event on stdin, the
 * agent's decision on stdout. Judged through judge(), the path every
 * guarded call takes. Fail closed: a missing or bad policy, an unreadable
 * event or a crash writes the agent's blocking answer and exits 2 — never an
 * exit code the agent reads as "hook failed, run the call anyway".
 */

import { appendFileSync, realpathSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, resolve } from "node:path";
import { parseArgs } from "node:util";
import { loadGuard } from "../config/load-guard.ts";
import { judge, jsonLinesSink, type AuditSink } from "../middleware/index.ts";
import type { Decision } from "../core/decision.ts";
import { HOOK_AGENTS, selfProtectionAsk, type HookAdapter, type HookCall, type HookReply, type ProtectedScope } from "../hooks/index.ts";
import { UsageError } from "./usage-error.ts";
import type { Guard } from "../middleware/guard.ts";

/** Events above this size are refused (a tool call's input is far smaller). */
const MAX_EVENT_BYTES = 8 * 1024 * 1024;

type HookIo = { stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream; stdin: NodeJS.ReadableStream & AsyncIterable<Uint8Array | string> };

export async function hookCommand(args: string[], io: HookIo): Promise<number> {
  const agentName = args.find((a) => !a.startsWith("-"));
  if (agentName === "serve") return serveHooks(args.filter((a) => a !== "serve"), io);
  const adapter = agentName ? HOOK_AGENTS[agentName] : undefined;
  if (!adapter) {
    // Still a blocking exit: a misspelt agent in a hook entry must not let calls through.
    throw new UsageError(`expected an agent: ${Object.keys(HOOK_AGENTS).join(", ")}${agentName ? `, got '${agentName}'` : ""}`);
  }
  let reply: HookReply;
  try {
    reply = await judgeEvent(adapter, args, io);
  } catch (error) {
    reply = adapter.failure(error instanceof Error ? error.message.split("\n").join("; ") : String(error));
  }
  if (reply.stderr) io.stderr.write(reply.stderr);
  if (reply.stdout) io.stdout.write(reply.stdout);
  return reply.exitCode;
}

async function judgeEvent(adapter: HookAdapter, args: string[], io: HookIo): Promise<HookReply> {
  const { values, positionals } = parseArgs({ args, options: { policy: { type: "string" }, audit: { type: "string" } }, allowPositionals: true });
  if (positionals.length !== 1) throw new Error(`unexpected argument '${positionals[1]}'`);
  if (!values.policy) throw new Error("--policy FILE is required");
  const text = await readAll(io.stdin);
  const { guard } = await loadGuard(values.policy, { audit: auditSinks(values.audit) });
  return judgeEventText(guard, adapter, text, protectedScope(values.policy));
}

/** What this hook process protects: its policy file and the directory of the CLI that runs it. */
export function protectedScope(policy: string): ProtectedScope {
  const script = process.argv[1];
  let code: string[] = [];
  if (script) {
    const real = (() => {
      try {
        return realpathSync(script);
      } catch {
        return resolve(script);
      }
    })();
    code = [`${dirname(real)}/**`, resolve(script)];
  }
  return { policy: resolve(policy), guardCode: code, home: homedir() };
}

const auditSinks = (file: string | undefined): AuditSink[] => (file ? [jsonLinesSink((line) => appendFileSync(file, line))] : []);

/** One event's text to the agent's answer: what the one-shot hook and the resident server both do. */
export async function judgeEventText(guard: Guard, adapter: HookAdapter, text: string, scope: ProtectedScope): Promise<HookReply> {
  const call = adapter.toCall(parseEvent(text));
  return adapter.toReply(await judgeHookCall(guard, call, adapter.agent, scope), call);
}

/** `portcullis hook serve --policy FILE --port N [--host ADDR] [--audit FILE]`: until SIGINT/SIGTERM. */
async function serveHooks(args: string[], io: HookIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: { policy: { type: "string" }, port: { type: "string" }, host: { type: "string" }, audit: { type: "string" } },
    allowPositionals: true,
  });
  if (positionals.length) throw new UsageError(`unexpected argument '${positionals[0]}'`);
  if (!values.policy) throw new UsageError("--policy FILE is required");
  const port = Number(values.port ?? "0");
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError("--port N is a port number (0 picks a free one)");
  const scope = protectedScope(values.policy);
  // The server's modules load here only: a one-shot hook process never parses them.
  const [{ residentHandler }, { listen }] = await Promise.all([import("../hooks/resident.ts"), import("../server/index.ts")]);
  const handler = residentHandler({
    policy: values.policy,
    host: values.host ?? "127.0.0.1",
    audit: auditSinks(values.audit),
    judge: (guard, agent, text) => judgeEventText(guard, HOOK_AGENTS[agent]!, text, scope),
  });
  const server = await listen(handler, { port, host: values.host ?? "127.0.0.1" });
  io.stdout.write(`portcullis hook server on ${server.url}: POST ${server.url}/hooks/<agent>\n`);
  await new Promise<void>((done) => {
    process.once("SIGINT", done);
    process.once("SIGTERM", done);
  });
  await server.close();
  return 0;
}

/**
 * judge() with the guard's options; its audit events also carry the agent's
 * session and directory. The agent runs the call itself once we answer, out
 * of our sight: an allowed call's usage counts now.
 */
async function judgeHookCall(guard: Guard, call: HookCall, agent: string, scope: ProtectedScope): Promise<Decision> {
  // A call that reaches a protected place asks (a policy deny still wins); its usage is not counted then.
  const protectedAsk = await selfProtectionAsk(call, scope);
  if (!guard.enabled) return protectedAsk ?? (await guard.judge(call.request)).decision;
  const tag = <E extends object>(event: E) => ({ ...event, agent, hook_event: call.event, session_id: call.session, cwd: call.cwd });
  const options = guard.options;
  const audit = (options.audit ?? []).map((sink): AuditSink => (event) => sink(tag(event)));
  const onDecision = options.onDecision ? (((event) => options.onDecision!(tag(event))) as AuditSink) : undefined;
  const judgement = await judge(call.request, { ...options, audit, onDecision }, { usage: protectedAsk ? "release" : "count" });
  if (protectedAsk && judgement.decision.decision !== "deny") return protectedAsk;
  return judgement.decision;
}

function parseEvent(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`the hook event on stdin is not JSON: ${(error as Error).message}`);
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) throw new Error("the hook event on stdin is not a JSON object");
  return value as Record<string, unknown>;
}

async function readAll(stream: AsyncIterable<Uint8Array | string>): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const b = typeof chunk === "string" ? Buffer.from(chunk) : Buffer.from(chunk);
    size += b.length;
    if (size > MAX_EVENT_BYTES) throw new Error(`the hook event is over ${MAX_EVENT_BYTES} bytes`);
    chunks.push(b);
  }
  return new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks));
}
