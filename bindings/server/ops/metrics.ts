/**
 * @module
 * Prometheus metrics for `portcullis serve`, through prom-client on a
 * registry of its own (never the process-global one a host may use):
 *
 *   portcullis_decisions_total{decision,reason}          every judged call; reason = the deciding (first) reason code
 *   portcullis_decision_duration_seconds{decision}       judging time (policy and usage store), a histogram
 *   portcullis_pending_actions                           actions waiting for a human (read from the store at scrape)
 *   portcullis_approvals_total{outcome}                  approval events: requested, granted, edited, rejected, …
 *   portcullis_store_errors_total{store,operation}       failed store operations, the readiness ping included
 *   portcullis_policy_reloads_total{result}              applied or refused
 *   portcullis_policy_info{digest}                       1 for the policy in force
 *
 * plus prom-client's default process metrics. Label values come from fixed
 * sets or are checked: a provider's own reason codes cannot grow the
 * number of series without bound (past 100 codes, or for a code that is not
 * a plain identifier, `reason="other"`).
 *
 * prom-client is loaded when the metrics are created, so only `portcullis
 * serve` (the CLI bundle) carries it.
 */

import type { DecisionEvent } from "../../middleware/index.ts";
import type { ApprovalEvent } from "../../approvals/index.ts";

export interface ServerMetrics {
  /** A decision sink (pass it in `audit`). */
  recordDecision(event: DecisionEvent): void;
  /** An approval audit sink (pass it to the gate's `audit`). */
  recordApproval(event: ApprovalEvent): void;
  storeError(store: string, operation: string): void;
  reload(result: "applied" | "refused"): void;
  /** The policy now in force. */
  policy(digest: string | null): void;
  /** The exposition text and its content type. */
  render(): Promise<{ body: string; contentType: string }>;
}

export interface MetricsOptions {
  /** How many actions are pending, asked at each scrape; a failure shows NaN (and counts as a store error by whoever wraps the store). */
  pendingActions?: () => Promise<number>;
}

/** Distinct reason codes kept as label values before the rest count as "other". */
export const MAX_REASON_LABELS = 100;
const REASON = /^[a-z][a-z0-9_]*(\.[a-z0-9_]+)*$/;
const DURATION_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5];

export async function createServerMetrics(options: MetricsOptions = {}): Promise<ServerMetrics> {
  // prom-client is CommonJS: Node and a split bundle (the CLI's) hand it over as the namespace's `default`.
  type PromClient = typeof import("prom-client");
  const loaded = (await import("prom-client")) as unknown as PromClient & { default?: PromClient };
  const prom: PromClient = loaded.default ?? loaded;
  const registry = new prom.Registry();
  const registers = [registry];
  prom.collectDefaultMetrics({ register: registry });
  const decisions = new prom.Counter({ name: "portcullis_decisions_total", help: "Judged tool calls by decision and deciding reason code.", labelNames: ["decision", "reason"], registers });
  const duration = new prom.Histogram({ name: "portcullis_decision_duration_seconds", help: "Time to judge one call (policy and usage store).", labelNames: ["decision"], buckets: DURATION_BUCKETS, registers });
  const approvals = new prom.Counter({ name: "portcullis_approvals_total", help: "Approval events by outcome (requested, granted, edited, rejected, timeout, expired, consumed, invalid).", labelNames: ["outcome"], registers });
  const storeErrors = new prom.Counter({ name: "portcullis_store_errors_total", help: "Failed store operations (the readiness ping included).", labelNames: ["store", "operation"], registers });
  const reloads = new prom.Counter({ name: "portcullis_policy_reloads_total", help: "Policy reloads, applied or refused.", labelNames: ["result"], registers });
  const policyInfo = new prom.Gauge({ name: "portcullis_policy_info", help: "1 for the digest of the policy in force.", labelNames: ["digest"], registers });
  const pending = options.pendingActions;
  new prom.Gauge({
    name: "portcullis_pending_actions",
    help: "Actions waiting for a human decision (at most 1000 are counted).",
    registers,
    async collect() {
      if (!pending) return this.set(0);
      try {
        this.set(await pending());
      } catch {
        this.set(Number.NaN); // unknown, not zero: the store did not answer
      }
    },
  });

  const reasons = new Set<string>();
  const reasonLabel = (code: string | undefined): string => {
    if (code === undefined) return "none";
    if (!REASON.test(code) || code.length > 64) return "other";
    if (reasons.has(code)) return code;
    if (reasons.size >= MAX_REASON_LABELS) return "other";
    reasons.add(code);
    return code;
  };

  return {
    recordDecision(event) {
      decisions.inc({ decision: event.decision, reason: reasonLabel(event.reason_codes[0]) });
      duration.observe({ decision: event.decision }, event.duration_ms / 1000);
    },
    recordApproval(event) {
      approvals.inc({ outcome: event.action.replace(/^approval_/, "") });
    },
    storeError(store, operation) {
      storeErrors.inc({ store, operation });
    },
    reload(result) {
      reloads.inc({ result });
    },
    policy(digest) {
      policyInfo.reset();
      if (digest) policyInfo.set({ digest }, 1);
    },
    async render() {
      return { body: await registry.metrics(), contentType: registry.contentType };
    },
  };
}
