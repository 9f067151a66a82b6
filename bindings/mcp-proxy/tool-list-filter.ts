/**
 * @module
 * `tools/list` as the client sees it: tools the policy can never allow are
 * left out (unless `showDenied`), tools whose pinned description changed are
 * reported and, when pins block, left out too. "Can never allow" is decided
 * by judging the tool with empty arguments and reading why it was denied:
 * only reasons that depend on the name alone (server or tool not allowed,
 * capability not granted, an invalid or ambiguous name, a suspended or
 * expired passport) hide a tool. A tool denied for its arguments stays
 * listed, and every call is judged again anyway: hiding is a convenience for
 * the model, never the enforcement.
 */

import type { Guard } from "../middleware/guard.ts";
import { policyToolName } from "./call-judge.ts";
import type { DescriptionPins } from "./description-pins.ts";

/** Reason codes that no choice of arguments can change. */
export const NAME_LEVEL_CODES: ReadonlySet<string> = new Set([
  "oap.unknown_capability",
  "oap.tool_not_allowed",
  "oap.server_not_allowed",
  "oap.invalid_tool_name",
  "oap.passport_suspended",
  "oap.passport_expired",
  "oap.passport_version_mismatch",
]);

export class MalformedServerResult extends Error {}

export interface ToolListOptions {
  guard: Guard;
  server: string;
  pins?: DescriptionPins | null;
  /** List tools the policy can never allow, too (default false). */
  showDenied?: boolean;
  /** Told about each tool left out (for the proxy's log). */
  onHidden?: (tool: string, why: string) => void;
}

/** Whether some arguments could make the policy allow (or ask about) this tool. */
export async function canEverAllow(guard: Guard, server: string, tool: string): Promise<{ possible: boolean; why: string }> {
  // A probe, not a call: nothing audited, counted or sent to the approvals gate.
  const { decision } = await guard.judge({ tool_name: policyToolName(server, tool), tool_input: {} }, { usage: "release", record: false, approvals: false });
  if (decision.decision !== "deny" || decision.reasons.length === 0) return { possible: true, why: "" };
  const nameLevel = decision.reasons.every((r) => NAME_LEVEL_CODES.has(r.code));
  return { possible: !nameLevel, why: decision.reasons.map((r) => `${r.code}: ${r.message}`).join("; ") };
}

/** The server's `tools/list` result with hidden tools removed; other fields (nextCursor, _meta) kept. */
export async function filterToolList(result: unknown, options: ToolListOptions): Promise<Record<string, unknown>> {
  if (result === null || typeof result !== "object" || Array.isArray(result) || !Array.isArray((result as { tools?: unknown }).tools)) {
    throw new MalformedServerResult("the server's tools/list result has no tools array");
  }
  const tools: unknown[] = (result as { tools: unknown[] }).tools;
  const kept: unknown[] = [];
  for (const tool of tools) {
    if (tool === null || typeof tool !== "object" || typeof (tool as { name?: unknown }).name !== "string") {
      options.onHidden?.(String((tool as { name?: unknown })?.name ?? "?"), "not a tool definition (no string name)");
      continue;
    }
    const name = (tool as { name: string }).name;
    const pin = options.pins ? await options.pins.check(tool as { name: string }) : "new";
    const blocked = pin === "changed" ? options.pins!.blockedReason(name) : null;
    if (blocked !== null) {
      options.onHidden?.(name, blocked);
      continue;
    }
    if (!options.showDenied) {
      const verdict = await canEverAllow(options.guard, options.server, name);
      if (!verdict.possible) {
        options.onHidden?.(name, verdict.why);
        continue;
      }
    }
    kept.push(tool);
  }
  return { ...(result as Record<string, unknown>), tools: kept };
}
