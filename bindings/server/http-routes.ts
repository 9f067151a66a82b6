/**
 * @module
 * The approval API's routes, behind createApprovalHandler (http-handler.ts), which imports this module on the
 * first request: an agent that only judges calls never loads it.
 *
 *   GET  /                           the approval page (static; its data comes from the API)
 *   POST /api/evaluate               request in, decision out (ask → metadata.action_id); an approval
 *                                    limit answers 429 (too many open actions) or 413 (call too large)
 *   GET  /api/actions?status=&limit=&cursor=  approver; newest first, `next_cursor` pages on
 *   GET  /api/actions/:id            approver or agent; with `what_will_happen` (what-will-happen.ts)
 *   POST /api/actions/:id/approve    approver  {"scope"?, "ttl_seconds"?, "updated_input"?}
 *   POST /api/actions/:id/reject     approver  {"message"?}
 */

import type { GuardrailRequest } from "../core/decision.ts";
import { loadSchemaValidators, type SchemaValidators } from "../config/index.ts";
import { judge } from "../middleware/index.ts";
import { ApprovalError, ACTION_STATUSES, isActionId, type ApprovalErrorCode, type ActionStatus, type ApprovalScope, type ActionQuery } from "../approvals/index.ts";
import { authenticate, type ApiRole, type ApiToken } from "./http-auth.ts";
import type { ApprovalHandler, ApprovalHandlerOptions, HandlerGuard } from "./http-handler.ts";
import { HttpError, isInteger, isObject, isString, readJsonBody, strictObject } from "./http-body.ts";
import { loadPageAssets } from "./page-assets.ts";
import { whatWillHappen } from "./what-will-happen.ts";

const STATUS_OF: Record<ApprovalErrorCode, number> = {
  not_found: 404, conflict: 409, expired: 409, tampered: 409, invalid_request: 400, edit_denied: 422, store_error: 503,
};

const API_HEADERS = {
  "content-type": "application/json; charset=utf-8",
  "cache-control": "no-store",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "x-frame-options": "DENY",
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
  "cross-origin-resource-policy": "same-origin",
};

const ACTION_PATH = /^\/api\/actions\/([^/]+)(?:\/(approve|reject))?$/;

/** The handler for options createApprovalHandler has checked (`tokens` normalized, `maxBodyBytes` set). */
export function approvalRoutes(options: ApprovalHandlerOptions & { tokens: ApiToken[]; maxBodyBytes: number }): ApprovalHandler {
  const { gate, tokens, maxBodyBytes: maxBody } = options;
  const policy = typeof options.guard === "function" ? options.guard : () => options.guard as HandlerGuard;
  const onError = options.onError ?? ((error: unknown) => console.warn(`portcullis: approval API: ${(error as Error)?.message ?? error}`));
  const page = options.page ?? true;
  // Judging an edited call runs nothing: the usage it would charge is released.
  const reevaluate = async (request: GuardrailRequest) => (await judge(request, policy(), { usage: "release", approvals: false })).decision;

  async function route(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const path = url.pathname;
    const method = request.method;

    if (!path.startsWith("/api/")) {
      const asset = page ? (await loadPageAssets()).get(path) : undefined;
      if (!asset) throw new HttpError(404, "not_found", `no route ${path}`);
      if (method !== "GET" && method !== "HEAD") throw methodNotAllowed("GET");
      return new Response(method === "HEAD" ? null : asset.body, { headers: asset.headers });
    }

    if (path === "/api/evaluate") {
      if (method !== "POST") throw methodNotAllowed("POST");
      await requireRole(request, ["agent", "approver"]);
      const body = await readJsonBody(request, maxBody);
      const schemas = await loadSchemaValidators();
      if (!schemas.validateRequest(body)) throw new HttpError(400, "invalid_request", requestProblem(schemas));
      const unknown = Object.keys(body as object).find((key) => !REQUEST_FIELDS.includes(key));
      if (unknown !== undefined) {
        throw new HttpError(400, "invalid_request", `unknown field ${JSON.stringify(unknown)} in the request; expected ${REQUEST_FIELDS.join(", ")}`);
      }
      const current = policy(); // one policy for the whole request
      if (!(current.enabled ?? true)) return json(200, { decision: "allow", allow: true, reasons: [{ code: "oap.allowed", message: "guardrails are disabled" }] });
      // The agent runs the call itself, out of our sight: an allowed usage-limited call counts now.
      const judged = await judge(body as GuardrailRequest, { ...current, approvals: gate }, { usage: "count" });
      if (judged.outcome?.kind === "limited") {
        const tooLarge = judged.decision.metadata?.limit === "action_bytes";
        return json(tooLarge ? 413 : 429, judged.decision, tooLarge ? {} : { "retry-after": "30" });
      }
      return json(200, judged.decision);
    }

    if (path === "/api/actions") {
      if (method !== "GET") throw methodNotAllowed("GET");
      await requireRole(request, ["approver"]);
      const query = listQuery(url.searchParams);
      const { actions, next } = await gate.listPage(query);
      return json(200, { actions, next_cursor: next ? `${next.created_ms}.${next.id}` : null });
    }

    const match = ACTION_PATH.exec(path);
    if (!match) throw new HttpError(404, "not_found", `no route ${path}`);
    const [, id, verb] = match;
    if (!verb) {
      if (method !== "GET") throw methodNotAllowed("GET");
      await requireRole(request, ["agent", "approver"]);
      const action = isActionId(id) ? await gate.getAction(id) : null;
      if (!action) throw new HttpError(404, "not_found", `no action ${id}`);
      // Only a record that passes its signature check is explained: its request is what the agent sent.
      const stored = action.verified ? await gate.store.get(id) : null;
      const what = stored ? await whatWillHappen(policy().provider, stored.request) : null;
      return json(200, { ...action, what_will_happen: what });
    }
    if (method !== "POST") throw methodNotAllowed("POST");
    const who = await requireRole(request, ["approver"]);
    if (verb === "approve") {
      const body = strictObject(await readJsonBody(request, maxBody, true), {
        scope: isString, ttl_seconds: isInteger, updated_input: isObject,
      }, "the approve body");
      const action = await gate.approve(id, {
        scope: body.scope as ApprovalScope | undefined,
        ttlSeconds: body.ttl_seconds as number | undefined,
        updatedInput: body.updated_input as Record<string, unknown> | undefined,
        decidedBy: who.name,
      }, reevaluate);
      return json(200, action);
    }
    const body = strictObject(await readJsonBody(request, maxBody, true), { message: isString }, "the reject body");
    return json(200, await gate.reject(id, { message: body.message as string | undefined, decidedBy: who.name }));
  }

  async function requireRole(request: Request, roles: ApiRole[]): Promise<ApiToken> {
    const who = await authenticate(request, tokens);
    if (!who) throw new HttpError(401, "unauthorized", "send Authorization: Bearer <token>");
    if (!roles.includes(who.role)) throw new HttpError(403, "forbidden", `a ${who.role} token cannot do this`);
    return who;
  }

  return async (request: Request): Promise<Response> => {
    try {
      return await route(request);
    } catch (error) {
      return errorResponse(error, onError);
    }
  };
}

/**
 * The top-level fields of a request (schemas/request.schema.json's properties). The schema lets a host's own
 * fields through; over HTTP an unknown one is a 400, so a misspelt `contxt` or `agentId` is not silently
 * judged without what it meant to say.
 */
export const REQUEST_FIELDS = ["tool_name", "tool_input", "agent_id", "thread_id", "run_id", "tool_call_id", "is_subagent", "user_id", "timestamp", "context"];

function requestProblem({ validateRequest, describeSchemaError }: SchemaValidators): string {
  const first = validateRequest.errors?.[0];
  if (!first) return "not a valid request";
  const where = first.instancePath || "/";
  const missing = first.params?.missingProperty;
  return missing ? `${where}: missing required field "${missing}"` : `${where}: ${describeSchemaError(first)}`;
}

function listQuery(params: URLSearchParams): ActionQuery {
  const out: ActionQuery = {};
  for (const [key, value] of params) {
    const cursor = key === "cursor" && out.after === undefined ? /^([0-9]{1,15})\.(.+)$/.exec(value) : null;
    if (cursor && isActionId(cursor[2])) {
      out.after = { created_ms: Number(cursor[1]), id: cursor[2] };
      continue;
    }
    if (key === "cursor") throw new HttpError(400, "invalid_query", "cursor must be a next_cursor value from an earlier page (once)");
    if (key === "status" && out.status === undefined && ACTION_STATUSES.includes(value as ActionStatus)) out.status = value as ActionStatus;
    else if (key === "limit" && out.limit === undefined && /^[1-9][0-9]{0,3}$/.test(value) && Number(value) <= 1000) out.limit = Number(value);
    else if (key === "status") throw new HttpError(400, "invalid_query", `status must be one of ${ACTION_STATUSES.join(", ")} (once)`);
    else if (key === "limit") throw new HttpError(400, "invalid_query", "limit must be a whole number from 1 to 1000 (once)");
    else throw new HttpError(400, "invalid_query", `unknown query parameter ${JSON.stringify(key)}; expected status, limit, cursor`);
  }
  return out;
}

function methodNotAllowed(allow: string): HttpError {
  return new HttpError(405, "method_not_allowed", `use ${allow}`, { allow });
}

function json(status: number, body: unknown, extraHeaders: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...API_HEADERS, ...extraHeaders } });
}

function errorResponse(error: unknown, onError: (error: unknown) => void): Response {
  if (error instanceof HttpError) {
    const headers: Record<string, string> = {};
    if (error.status === 401) headers["www-authenticate"] = 'Bearer realm="portcullis"';
    if (error.status === 405) headers.allow = String(error.extra.allow);
    return json(error.status, { error: { code: error.code, message: error.message } }, headers);
  }
  if (error instanceof ApprovalError) {
    const body: Record<string, unknown> = { error: { code: error.code, message: error.message } };
    if (error.decision) body.decision = error.decision;
    return json(STATUS_OF[error.code], body);
  }
  // A store (or a policy) that fails: the client did nothing wrong, and nothing was approved.
  onError(error);
  return json(503, { error: { code: "unavailable", message: "the approval store or policy failed; nothing was decided" } });
}
