/**
 * @module
 * Bearer tokens for the approval API. No route that shows or changes an
 * action is anonymous. Two roles: an `approver` may do everything; an
 * `agent` token may only ask for decisions and read one action by id, so a
 * process that runs agents cannot approve its own calls. Tokens are compared
 * in constant time, every one of them, whatever matches first.
 */

import { constantTimeEqual } from "../approvals/index.ts";

export type ApiRole = "approver" | "agent";

export interface ApiToken {
  /** Who decided: recorded as `decided_by` and in audit events. */
  name: string;
  token: string;
  role: ApiRole;
}

/** Long enough that guessing is hopeless: 16 characters (`openssl rand -hex 16` gives 32). */
export const MIN_TOKEN_LENGTH = 16;

export function normalizeTokens(tokens: string | ApiToken[] | undefined): ApiToken[] {
  const list: ApiToken[] = typeof tokens === "string" ? [{ name: "approver", token: tokens, role: "approver" }] : tokens ?? [];
  if (!Array.isArray(list) || list.length === 0) throw new TypeError("approval API: at least one token is required (no anonymous approvals)");
  const names = new Set<string>();
  const seen = new Map<string, string>();
  for (const entry of list) {
    if (!entry || typeof entry.token !== "string" || entry.token.length < MIN_TOKEN_LENGTH) {
      throw new TypeError(`approval API: every token must be a string of at least ${MIN_TOKEN_LENGTH} characters`);
    }
    if (/[\s\x00-\x1f\x7f]/.test(entry.token)) throw new TypeError("approval API: tokens cannot contain spaces or control characters");
    if (entry.role !== "approver" && entry.role !== "agent") throw new TypeError(`approval API: token role must be 'approver' or 'agent', got '${entry.role}'`);
    if (typeof entry.name !== "string" || entry.name === "" || names.has(entry.name)) {
      throw new TypeError("approval API: every token needs a distinct, non-empty name");
    }
    names.add(entry.name);
    // The same secret under two names would let whoever holds it act as both (an agent approving itself).
    const other = seen.get(entry.token);
    if (other !== undefined) throw new TypeError(`approval API: tokens '${other}' and '${entry.name}' are the same; every token must be distinct`);
    seen.set(entry.token, entry.name);
  }
  return list.map((t) => ({ ...t }));
}

/** The token the request presents, or null. Only `Authorization: Bearer <token>` counts (never a URL). */
export async function authenticate(request: Request, tokens: ApiToken[]): Promise<ApiToken | null> {
  const header = request.headers.get("authorization");
  const match = header ? /^Bearer ([^\s]+)$/i.exec(header) : null;
  const presented = match ? match[1] : "";
  let found: ApiToken | null = null;
  for (const entry of tokens) {
    if ((await constantTimeEqual(presented, entry.token)) && match && found === null) found = entry;
  }
  return found;
}
