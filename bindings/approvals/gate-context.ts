/**
 * @module
 * What the gate's parts share: the store, the signer, the clock, the limits
 * and the audit sinks, checked once when the gate is created.
 */

import type { Clock } from "../providers/types.ts";
import { buildApprovalEvent, type ApprovalAuditSink, type ApprovalEventAction, type EventCall } from "./events.ts";
import { MemoryApprovalStore } from "./memory-store.ts";
import type { PendingAction } from "./pending-action.ts";
import { ApprovalSigner, type SecretInput } from "./signing.ts";
import type { ApprovalStore } from "./store.ts";

export interface ApprovalGateOptions {
  /** Where actions live (default: a new MemoryApprovalStore). */
  store?: ApprovalStore;
  /** HMAC key, at least 32 bytes. Required for a durable store; a random one otherwise. */
  secret?: SecretInput;
  /** A pending action not decided within this is denied as a timeout (default 900 s, OWASP APTS-HO-003). */
  timeoutSeconds?: number;
  /** How long an approve-once stays usable after the decision (default 900 s). */
  approvalTtlSeconds?: number;
  /** The longest `ttl_seconds` an approval window or rule may ask for (default 30 days). */
  maxWindowSeconds?: number;
  /** Actions created longer ago than this are purged (default 7 days). */
  retentionSeconds?: number;
  /** Open (pending, not yet timed out) actions one agent may have at once; more are denied (default 100). */
  maxPendingPerAgent?: number;
  /** The largest call (canonical JSON bytes) that may wait for a human; larger ones are denied (default 65536). */
  maxActionBytes?: number;
  /** Epoch-ms clock (tests pin it). */
  clock?: Clock;
  /** Receives every approval event. A failing sink is reported and changes nothing. */
  audit?: ApprovalAuditSink[];
}

export interface GateContext {
  store: ApprovalStore;
  signer: ApprovalSigner;
  clock: Clock;
  timeoutMs: number;
  approvalTtlMs: number;
  maxWindowMs: number;
  retentionMs: number;
  maxPendingPerAgent: number;
  maxActionBytes: number;
  emit(
    action: ApprovalEventAction,
    subject: { action?: PendingAction | null; call?: EventCall },
    extra?: Parameters<typeof buildApprovalEvent>[3],
  ): Promise<void>;
  /** Replace `current` with `next` if its stored status is still the one `current` has. */
  swap(current: PendingAction, next: PendingAction): Promise<boolean>;
}

export async function createGateContext(options: ApprovalGateOptions = {}): Promise<GateContext> {
  const store = options.store ?? new MemoryApprovalStore();
  if (store.durable && options.secret === undefined) {
    throw new TypeError(
      `approvals: the ${store.kind} store keeps actions across restarts, so it needs a fixed \`secret\` (32+ bytes) to sign them; ` +
        "a random key would make every stored approval invalid after a restart",
    );
  }
  const signer = options.secret === undefined ? await ApprovalSigner.random() : await ApprovalSigner.create(options.secret);
  const clock = options.clock ?? Date.now;
  const sinks = [...(options.audit ?? [])];
  return {
    store,
    signer,
    clock,
    timeoutMs: seconds("timeoutSeconds", options.timeoutSeconds, 900),
    approvalTtlMs: seconds("approvalTtlSeconds", options.approvalTtlSeconds, 900),
    maxWindowMs: seconds("maxWindowSeconds", options.maxWindowSeconds, 30 * 86400),
    retentionMs: seconds("retentionSeconds", options.retentionSeconds, 7 * 86400),
    maxPendingPerAgent: count("maxPendingPerAgent", options.maxPendingPerAgent, 100),
    maxActionBytes: count("maxActionBytes", options.maxActionBytes, 65536),
    async emit(action, subject, extra) {
      const event = buildApprovalEvent(action, clock(), subject, extra);
      for (const sink of sinks) {
        try {
          await sink(event);
        } catch (error) {
          console.warn(`portcullis: failed to record approval event: ${(error as Error)?.message ?? error}`);
        }
      }
    },
    swap(current, next) {
      return store.transition(current.id, current.status, next);
    },
  };
}

function seconds(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback * 1000;
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0) {
    throw new TypeError(`approvals: ${name} must be a positive number of seconds, got ${String(value)}`);
  }
  return value * 1000;
}

function count(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value < 1) throw new TypeError(`approvals: ${name} must be a whole number of at least 1, got ${String(value)}`);
  return value;
}
