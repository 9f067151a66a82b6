/**
 * @module
 * `portcullis serve`: the approval API and page on Node, over a policy file
 * and a store. This also makes portcullis a policy decision point that
 * agents in any language call over HTTP. Secrets never go on the command
 * line of a durable deployment: the signing secret comes from the
 * environment or a file, and the tokens may too.
 *
 * Operation: /healthz, /readyz and /metrics beside the API, one JSON log
 * line per request, decision, approval event and error on stdout, and
 * policy reload on SIGHUP or, with --watch, when the policy file changes.
 */

import { appendFileSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { parseArgs } from "node:util";
import { loadGuard } from "../config/load-guard.ts";
import { jsonLinesSink } from "../middleware/index.ts";
import { ApprovalGate, MemoryApprovalStore, type ApprovalAuditSink, type ApprovalEvent, type ApprovalStore } from "../approvals/index.ts";
import { SqliteApprovalStore, SqliteConnection, SqliteUsageStore } from "../stores/sqlite/index.ts";
import { RedisApprovalStore, RedisConnection, RedisUsageStore, redactUrl } from "../stores/redis/index.ts";
import { MemoryUsageStore } from "../usage/index.ts";
import type { UsageStore } from "../usage/types.ts";
import { listen, createApprovalHandler, normalizeTokens, type ApiToken } from "../server/index.ts";
import type { AuditSink } from "../middleware/index.ts";
import {
  checkReadiness, countingStore, createJsonLog, createOpsHandler, createPolicyReloader, createServerMetrics, errorText, watchFiles,
  type FileWatch, type JsonLog, type ReadinessCheck,
} from "../server/ops/index.ts";

import { ServeStartError, ServeUsageError } from "./serve-errors.ts";

export { ServeStartError, ServeUsageError };

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
      watch: { type: "boolean" },
      "metrics-public": { type: "boolean" },
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
  const log = createJsonLog((line) => io.stdout.write(line));
  const storeKind = storeSpec.split(":")[0].replace(/^rediss$/, "redis");
  const metrics = await createServerMetrics({ pendingActions: async () => (await store.list({ status: "pending", limit: 1000 })).length });
  // Every failing store call is counted and logged; the caller still gets the error and fails closed.
  const onStoreError = (operation: string, error: unknown) => {
    metrics.storeError(storeKind, operation);
    log.error("store_error", { store: storeKind, operation, message: errorText(error) });
  };
  const store = countingStore(stores.approvals, onStoreError);
  const usage = countingStore(stores.usage, onStoreError);
  const decisionSinks: AuditSink[] = [(event) => metrics.recordDecision(event), (event) => log.info("decision", eventFields(event))];
  // Rate limits and daily caps count in the same store as approvals, so every server on it shares them.
  const load = (file: string) => loadGuard(file, { usage, audit: decisionSinks });
  const loaded = await load(values.policy).catch(async (error) => {
    await stores.close();
    throw error;
  });
  const guard = loaded.guard;
  metrics.policy(guard.policyDigest);
  const auditPath = loaded.config.guardrails.audit?.path;
  const approvalSinks: ApprovalAuditSink[] = [(event) => metrics.recordApproval(event), (event) => log.info("approval", eventFields(event))];
  const audit = auditPath ? [jsonLinesSink<ApprovalEvent>((line) => appendFileSync(resolve(dirname(loaded.file), auditPath), line)), ...approvalSinks] : approvalSinks;
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
    // The guard is read per request: a reload takes over from the next request, requests in flight finish on the old policy.
    const api = createApprovalHandler({ gate, guard: () => guard.options, tokens, onError: (error) => log.error("error", { where: "api", message: errorText(error) }) });
    const ready: ReadinessCheck[] = [
      { name: "policy", probe: async () => { if (!guard.provider) throw new Error("no policy loaded"); } },
      { name: "store", probe: () => probeStore(stores, storeKind, log) },
    ];
    // A store that fails the probe or outlasts its deadline (e.g. a SQLite lock held elsewhere) counts as a store error.
    const notReady = (name: string, reason: string) => {
      if (name === "store") metrics.storeError(storeKind, "ping");
      log.warn("not_ready", { check: name, reason });
    };
    handler = createOpsHandler({ api, tokens: normalizeTokens(tokens), readiness: () => checkReadiness(ready, undefined, notReady), metrics, metricsPublic: values["metrics-public"] ?? false, log });
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
    gate.expireDue().catch((error) => log.error("error", { where: "expiry", message: errorText(error) }));
  }, 5000);
  let watcher: FileWatch | null = null;
  const reloader = createPolicyReloader({
    guard, file: loaded.file, load, log, metrics,
    onApplied: (next) => watcher?.update([next.file, ...next.sources]),
  });
  if (values.watch) watcher = watchFiles([loaded.file, ...loaded.sources], () => void reloader.reload());
  const onHangup = () => void reloader.reload();
  process.on("SIGHUP", onHangup);
  const shownStore = storeSpec.startsWith("redis") ? redactUrl(storeSpec) : storeSpec;
  log.info("listening", {
    message: `portcullis: approvals on ${server.url}/ (policy ${loaded.file}, store ${shownStore})`,
    url: server.url, policy: loaded.file, policy_digest: guard.policyDigest, store: shownStore, watch: Boolean(values.watch),
  });

  await (io.stopped ?? untilSignal());
  process.off("SIGHUP", onHangup);
  watcher?.close();
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
  /** A cheap query on the shared connection: resolves while the store answers. */
  ping(): Promise<void>;
  /** Closes the connection both stores share (after the gate closed its store). */
  close(): Promise<void>;
}

/** The readiness probe's store check: the error's details go to the log, the (unauthenticated) probe says only "down". */
async function probeStore(stores: Stores, kind: string, log: JsonLog): Promise<void> {
  try {
    await stores.ping();
  } catch (error) {
    log.warn("store_probe_failed", { store: kind, message: errorText(error) });
    throw new Error(`the ${kind} store does not answer`);
  }
}

/** A decision or approval event as log fields (they carry ids and codes, never arguments). */
function eventFields(event: object): Record<string, string | number | boolean | null | string[]> {
  const { timestamp: _timestamp, action, ...rest } = event as Record<string, never> & { timestamp: string; action: string };
  return { ...rest, outcome: action };
}

/** Approvals and usage counters on one connection to one store. */
async function openStores(spec: string): Promise<Stores> {
  if (spec === "memory") return { approvals: new MemoryApprovalStore(), usage: new MemoryUsageStore(), ping: async () => {}, close: async () => {} };
  if (spec.startsWith("sqlite:")) {
    const path = spec.slice("sqlite:".length);
    if (!path) throw new ServeUsageError("--store sqlite:PATH needs a file path");
    const connection = await SqliteConnection.open(resolve(path));
    // A read of the file: it waits on the file lock like every statement, so a stuck lock shows.
    const ping = async () => void (await connection.get("SELECT count(*) AS n FROM portcullis_schema"));
    return shareConnection(async () => connection.close(), ping, () => SqliteApprovalStore.open({ connection }), () => SqliteUsageStore.open({ connection }));
  }
  if (/^rediss?:\/\//.test(spec)) {
    const connection = await RedisConnection.connect(spec);
    const ping = async () => void (await connection.command("PING"));
    return shareConnection(() => connection.close(), ping, () => RedisApprovalStore.open({ connection }), () => RedisUsageStore.open({ connection }));
  }
  throw new ServeUsageError(`--store must be memory, sqlite:PATH or redis://HOST:PORT, got '${spec}'`);
}

async function shareConnection(
  close: () => Promise<void>, ping: () => Promise<void>, approvals: () => Promise<ApprovalStore>, usage: () => Promise<UsageStore>,
): Promise<Stores> {
  try {
    return { approvals: await approvals(), usage: await usage(), ping, close };
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
