/**
 * @module
 * Ask the human in the MCP client (elicitation, form mode) about a call the
 * policy asked about. The answer becomes the ApprovalGate's decision —
 * `gate.approve` / `gate.reject` on the pending action — so it is signed and
 * audited exactly like one made on the approval page, and the retried call
 * consumes it once.
 */

import type { ApprovalGate } from "../approvals/index.ts";
import type { BlockedToolResult } from "../middleware/guard-tool-call.ts";

/** An MCP `elicitation/create` form request and its result, as the SDK types them (kept structural). */
export interface ElicitRequest {
  mode?: "form";
  message: string;
  requestedSchema: {
    type: "object";
    properties: Record<string, { type: "boolean"; title?: string; description?: string; default?: boolean }>;
    required?: string[];
  };
}
export interface ElicitAnswer {
  action: "accept" | "decline" | "cancel";
  content?: Record<string, unknown>;
}
export type Elicit = (request: ElicitRequest) => Promise<ElicitAnswer>;

/** Who decided, as recorded on the action. */
export const ELICITATION_APPROVER = "mcp-elicitation";

/** The arguments are shown in full up to this length: the human approves what they read. */
const MAX_SHOWN_ARGS = 4000;

/**
 * Only an explicit accept with `approve: true` approves; decline, cancel, a
 * missing or non-boolean field reject. "unanswered" when the client failed
 * (the action stays pending for the approval page).
 */
export async function askByElicitation(
  elicit: Elicit,
  gate: ApprovalGate,
  blocked: BlockedToolResult,
  args: Record<string, unknown>,
): Promise<"approved" | "rejected" | "unanswered"> {
  const id = blocked.action_id!;
  let shown = JSON.stringify(args);
  if (shown.length > MAX_SHOWN_ARGS) shown = `${shown.slice(0, MAX_SHOWN_ARGS)}… (${shown.length} characters; see the approval page)`;
  const reason = blocked.decision.reasons[0];
  const why = reason ? `${reason.message} (${reason.code})` : "the policy asks a human";
  let answer: ElicitAnswer;
  try {
    answer = await elicit({
      mode: "form",
      message: `Allow the tool '${blocked.name}' to run with the arguments ${shown}? ${why}. Pending action ${id}.`,
      requestedSchema: {
        type: "object",
        properties: { approve: { type: "boolean", title: "Approve this call", description: `Run '${blocked.name}' once with exactly these arguments`, default: false } },
        required: ["approve"],
      },
    });
  } catch {
    return "unanswered";
  }
  const approved = answer?.action === "accept" && answer.content?.approve === true;
  try {
    if (approved) await gate.approve(id, { scope: "once", decidedBy: ELICITATION_APPROVER });
    else await gate.reject(id, { message: answer?.action === "accept" ? "not approved in the client" : `the human chose ${String(answer?.action)} in the client`, decidedBy: ELICITATION_APPROVER });
  } catch {
    // Decided meanwhile (the page, or a parallel identical call): the gate's record stands, judging again reads it.
  }
  return approved ? "approved" : "rejected";
}
