/**
 * @module
 * Operating `portcullis serve`: health and readiness probes, Prometheus
 * metrics (prom-client, loaded only here), JSON logs, policy reload.
 */
export { createOpsHandler, type OpsHandlerOptions } from "./ops-handler.ts";
export { checkReadiness, PROBE_DEADLINE_MS, type ReadinessCheck, type ReadinessReport } from "./readiness.ts";
export { createServerMetrics, MAX_REASON_LABELS, type ServerMetrics, type MetricsOptions } from "./metrics.ts";
export { createJsonLog, errorText, type JsonLog, type LogFields, type LogLevel } from "./json-log.ts";
export { countingStore, type StoreErrorSink } from "./store-errors.ts";
export { watchFiles, type FileWatch } from "./file-watch.ts";
export { createPolicyReloader, type PolicyReloader, type PolicyReloaderOptions } from "./policy-reload.ts";
export { checkPolicyTests } from "./policy-tests.ts";
