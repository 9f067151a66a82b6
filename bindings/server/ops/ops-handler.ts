/**
 * @module
 * The operator endpoints in front of the approval API, and one log line per
 * request:
 *
 *   GET /healthz   the process answers (no auth): {"status":"ok"}
 *   GET /readyz    it can decide (no auth): 200 or 503 {"ready", "checks": [{name, ok, reason?}]}
 *   GET /metrics   Prometheus text; needs a token of the API (approver or agent) unless `metricsPublic`
 *
 * The probes say only what is up or down, never where a store is or what
 * a policy holds, since anyone who reaches the port may read them.
 * Everything else goes to the API handler.
 */

import { authenticate, type ApiToken } from "../http-auth.ts";
import type { FetchHandler } from "../node-listener.ts";
import type { JsonLog } from "./json-log.ts";
import type { ServerMetrics } from "./metrics.ts";
import type { ReadinessReport } from "./readiness.ts";

export interface OpsHandlerOptions {
  /** The approval API (createApprovalHandler). */
  api: FetchHandler;
  /** The API's tokens (normalized): any of them may read /metrics. */
  tokens: ApiToken[];
  readiness: () => Promise<ReadinessReport>;
  metrics?: ServerMetrics;
  /** Serve /metrics without a token (for a scraper on a private network). Default false. */
  metricsPublic?: boolean;
  /** One `request` line per request: method, path, status, duration. */
  log?: JsonLog;
}

const HEADERS = { "cache-control": "no-store", "x-content-type-options": "nosniff" };

export function createOpsHandler(options: OpsHandlerOptions): FetchHandler {
  const { api, tokens, log } = options;

  async function route(request: Request, path: string): Promise<Response> {
    if (path !== "/healthz" && path !== "/readyz" && path !== "/metrics") return api(request);
    if (request.method !== "GET" && request.method !== "HEAD") {
      return json(405, { error: { code: "method_not_allowed", message: "use GET" } }, { allow: "GET, HEAD" });
    }
    if (path === "/healthz") return json(200, { status: "ok" });
    if (path === "/readyz") {
      const report = await options.readiness();
      return json(report.ready ? 200 : 503, report);
    }
    if (!options.metrics) return json(404, { error: { code: "not_found", message: "metrics are off" } });
    if (!options.metricsPublic && !(await authenticate(request, tokens))) {
      return json(401, { error: { code: "unauthorized", message: "send Authorization: Bearer <token> (or start serve with --metrics-public)" } }, { "www-authenticate": 'Bearer realm="portcullis"' });
    }
    const { body, contentType } = await options.metrics.render();
    return new Response(body, { status: 200, headers: { ...HEADERS, "content-type": contentType } });
  }

  return async (request) => {
    const started = performance.now();
    const path = new URL(request.url).pathname;
    let response: Response;
    try {
      response = await route(request, path);
    } catch (error) {
      log?.error("error", { where: "ops", message: error instanceof Error ? error.message : String(error) });
      response = json(503, { error: { code: "unavailable", message: "the server could not answer; nothing was decided" } });
    }
    log?.info("request", {
      method: request.method,
      path: path.length > 200 ? `${path.slice(0, 200)}…` : path,
      status: response.status,
      duration_ms: Math.round((performance.now() - started) * 1000) / 1000,
    });
    return response;
  };
}

function json(status: number, body: unknown, extra: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...HEADERS, "content-type": "application/json; charset=utf-8", ...extra } });
}
