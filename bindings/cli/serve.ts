/**
 * @module
 * `portcullis serve`: the approval API and page on Node, over a policy file
 * and a store. This also makes portcullis a policy decision point that
 * agents in any language call over HTTP. Secrets never go on the command
 * line of a durable deployment: the signing secret comes from the
 * environment or a file, and the tokens may too.
 */

import { appendFileSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { parseArgs } from "node:util";
import { loadGuard } from "../config/load-guard.ts";
import { jsonLinesSink } from "../middleware/index.ts";
import { ApprovalGate, MemoryApprovalStore, type ApprovalEvent, type ApprovalStore } from "../approvals/index.ts";
import { SqliteApprovalStore, SqliteConnection, SqliteUsageStore } from "../stores/sqlite/index.ts";
import { RedisApprovalStore, RedisConnection, RedisUsageStore, redactUrl } from "../stores/redis/index.ts";
import { MemoryUsageStore } from "../usage/index.ts";
import type { UsageStore } from "../usage/types.ts";
import { createApprovalHandler, listen, type ApiToken } from "../server/index.ts";

export class ServeUsageError extends Error {}
/** The server could not start (store unreachable, port taken): a message, exit 2, no usage text. */
export class ServeStartError extends Error {}

export interface ServeIo {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  env?: NodeJS.ProcessEnv;
  /** Resolves when the server should stop (default: SIGINT or SIGTERM). */
  stopped?: Promise<void>;
}

export async function serveCommand(args: string[], io: ServeIo): Promise<number> {
  const env = io.env ?? process.env;
  const { values, positionals } = parseArgs({
    args,
    options: {
      policy: { type: "string" },
      port: { type: "string" },
      host: { type: "string" },
      token: { type: "string" },
      "agent-token": { type: "string" },
      store: { type: "string" },
      "secret-file": { type: "string" },
      timeout: { type: "string" },
    },
    allowPositionals: true,
  });
  if (positionals.length) throw new ServeUsageError(`unexpected argument '${positionals[0]}'`);
  if (!values.policy) throw new ServeUsageError("--policy FILE is required");
  const port = Number(values.port);
  if (values.port === undefined || !Number.isInteger(port) || port < 0 || port > 65535) throw new ServeUsageError("--port N is required (0 picks a free port)");
  const tokens = tokenList(values.token ?? env.PORTCULLIS_TOKEN, values["agent-token"] ?? env.PORTCULLIS_AGENT_TOKEN);
  const timeout = values.timeout === undefined ? undefined : Number(values.timeout);
  if (timeout !== undefined && !(timeout > 0)) throw new ServeUsageError("--timeout must be a positive number of seconds");

  const storeSpec = values.store ?? "memory";
  const secret = readSecret(values["secret-file"], env);
  const stores = await openStores(storeSpec).catch((error) => {
    if (error instanceof ServeUsageError) throw error;
    throw new ServeStartError(`cannot open the ${storeSpec.split(":")[0]} store: ${(error as Error).message}`);
  });
  const { approvals: store, usage } = stores;
  // Rate limits and daily caps count in the same store as approvals, so every server on it shares them.
  const loaded = await loadGuard(values.policy, { usage }).catch(async (error) => {
    await stores.close();
    throw error;
  });
  const auditPath = loaded.config.guardrails.audit?.path;
  const audit = auditPath ? [jsonLinesSink<ApprovalEvent>((line) => appendFileSync(resolve(dirname(loaded.file), auditPath), line))] : [];
  let gate: ApprovalGate;
  try {
    gate = await ApprovalGate.create({ store, secret, timeoutSeconds: timeout, audit });
  } catch (error) {
    await stores.close();
    if (error instanceof TypeError) throw new ServeUsageError(`${error.message}: set PORTCULLIS_APPROVAL_SECRET or --secret-file FILE`);
    throw error;
  }

  let handler;
  try {
    handler = createApprovalHandler({ gate, guard: loaded.guard.options, tokens });
  } catch (error) {
    await gate.close();
    await stores.close();
    throw new ServeUsageError((error as Error).message);
  }
  const server = await listen(handler, { port, host: values.host ?? "127.0.0.1" }).catch(async (error) => {
    await gate.close();
    await stores.close();
    throw new ServeStartError(`cannot listen on port ${port}: ${(error as Error).message}`);
  });
  const sweeper = setInterval(() => {
    gate.expireDue().catch((error) => io.stderr.write(`portcullis: expiring actions failed: ${(error as Error).message}\n`));
  }, 5000);
  const shownStore = storeSpec.startsWith("redis") ? redactUrl(storeSpec) : storeSpec;
  io.stdout.write(`portcullis: approvals on ${server.url}/ (policy ${loaded.file}, store ${shownStore})\n`);

  await (io.stopped ?? untilSignal());
  clearInterval(sweeper);
  await server.close();
  await gate.close();
  await stores.close();
  return 0;
}

function tokenList(approver: string | undefined, agent: string | undefined): ApiToken[] {
  if (!approver) throw new ServeUsageError("--token T (or PORTCULLIS_TOKEN) is required: no anonymous approvals");
  const list: ApiToken[] = [{ name: "approver", token: approver, role: "approver" }];
  if (agent === approver) {
    throw new ServeUsageError("--agent-token must differ from --token: an agent holding the approver's token could approve its own calls");
  }
  if (agent) list.push({ name: "agent", token: agent, role: "agent" });
  return list;
}

function readSecret(file: string | undefined, env: NodeJS.ProcessEnv): string | undefined {
  if (file !== undefined) {
    try {
      return readFileSync(file, "utf8").trim();
    } catch (error) {
      throw new ServeUsageError(`cannot read --secret-file: ${(error as Error).message}`);
    }
  }
  return env.PORTCULLIS_APPROVAL_SECRET || undefined;
}

interface Stores {
  approvals: ApprovalStore;
  usage: UsageStore;
  /** Closes the connection both stores share (after the gate closed its store). */
  close(): Promise<void>;
}

/** Approvals and usage counters on one connection to one store. */
async function openStores(spec: string): Promise<Stores> {
  if (spec === "memory") return { approvals: new MemoryApprovalStore(), usage: new MemoryUsageStore(), close: async () => {} };
  if (spec.startsWith("sqlite:")) {
    const path = spec.slice("sqlite:".length);
    if (!path) throw new ServeUsageError("--store sqlite:PATH needs a file path");
    const connection = await SqliteConnection.open(resolve(path));
    return shareConnection(async () => connection.close(), () => SqliteApprovalStore.open({ connection }), () => SqliteUsageStore.open({ connection }));
  }
  if (/^rediss?:\/\//.test(spec)) {
    const connection = await RedisConnection.connect(spec);
    return shareConnection(() => connection.close(), () => RedisApprovalStore.open({ connection }), () => RedisUsageStore.open({ connection }));
  }
  throw new ServeUsageError(`--store must be memory, sqlite:PATH or redis://HOST:PORT, got '${spec}'`);
}

async function shareConnection(close: () => Promise<void>, approvals: () => Promise<ApprovalStore>, usage: () => Promise<UsageStore>): Promise<Stores> {
  try {
    return { approvals: await approvals(), usage: await usage(), close };
  } catch (error) {
    await close();
    throw error;
  }
}

function untilSignal(): Promise<void> {
  return new Promise((resolve) => {
    const stop = () => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      resolve();
    };
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
}
