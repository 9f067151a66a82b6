/**
 * @module
 * The approval API as a web-standard `(Request) => Promise<Response>`
 * handler: Node (through portcullis/node `listen`), Deno, Bun and Workers
 * serve it as is. It is also a policy decision point agents in any language
 * can call. Client mistakes get a 4xx with a reason, a failing store a 503;
 * nothing a client sends can produce a 500. The routes (http-routes.ts) load
 * on the first request, so the default entry's file leaves them out.
 */

import type { GuardOptions } from "../middleware/index.ts";
import type { ApprovalGate } from "../approvals/index.ts";
import { normalizeTokens, type ApiToken } from "./http-auth.ts";

export interface ApprovalHandlerOptions {
  gate: ApprovalGate;
  /**
   * The policy: judges /api/evaluate and edited approvals (the same options guardToolCall takes, minus approvals).
   * A function is asked once per request, so a reloaded policy (Guard.reload) takes over from the next request.
   */
  guard: HandlerGuard | (() => HandlerGuard);
  /** One approver token, or named tokens with roles. */
  tokens: string | ApiToken[];
  /** Largest accepted body (default 1 MiB). */
  maxBodyBytes?: number;
  /** Serve the approval page at GET / (default true). */
  page?: boolean;
  /** Told about failures that answer 503 (default: a warning on the console). */
  onError?: (error: unknown) => void;
}

export type HandlerGuard = Omit<GuardOptions, "approvals" | "waitForApproval"> & { enabled?: boolean };

export type ApprovalHandler = (request: Request) => Promise<Response>;

/** Checks the options now (a bad token or body limit throws here, not on the first request). */
export function createApprovalHandler(options: ApprovalHandlerOptions): ApprovalHandler {
  const tokens = normalizeTokens(options.tokens);
  const maxBodyBytes = options.maxBodyBytes ?? 1024 * 1024;
  if (!Number.isInteger(maxBodyBytes) || maxBodyBytes < 1024) throw new TypeError("approval API: maxBodyBytes must be a whole number of at least 1024");
  const checked = { ...options, tokens, maxBodyBytes };
  const onError = options.onError ?? ((error: unknown) => console.warn(`portcullis: approval API: ${(error as Error)?.message ?? error}`));
  let routes: Promise<ApprovalHandler> | null = null;
  return async (request: Request): Promise<Response> => {
    routes ??= import("./http-routes.ts").then((module) => module.approvalRoutes(checked));
    let handle: ApprovalHandler;
    try {
      handle = await routes;
    } catch (error) {
      routes = null; // the next request tries again
      onError(error);
      return Response.json({ error: { code: "unavailable", message: "the approval API could not load; nothing was decided" } }, { status: 503, headers: { "cache-control": "no-store" } });
    }
    return handle(request);
  };
}
