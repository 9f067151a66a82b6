/**
 * @module
 * Types shared by the safety-stop bindings.
 */

/**
 * The input shapes the core recognises; "auto" lets it guess (and peels
 * envelopes: batch result lines, message lists, ChatGeneration, Claude Agent
 * SDK messages). Naming a framework shape ("langchain", "ai_sdk",
 * "openai_agents", "mcp_sampling", "claude_agent_sdk") that the input does
 * not have is an error ("unknown shape ..."), never a pass.
 */
export type SafetyShape =
  | "auto" | "langchain" | "openai_chat" | "openai_responses" | "anthropic" | "gemini" | "bedrock"
  | "ai_sdk" | "openai_agents" | "mcp_sampling" | "claude_agent_sdk";

/** The core's shape codes (assembly/safety/shape.ts); new ones are appended, never renumbered. */
export const SHAPE_CODES: Record<SafetyShape, number> = {
  auto: 0, langchain: 1, openai_chat: 2, openai_responses: 3, anthropic: 4, gemini: 5, bedrock: 6,
  ai_sdk: 7, openai_agents: 8, mcp_sampling: 9, claude_agent_sdk: 10,
};

/** What the wasm core reports for one model turn (assembly/safety/detect.ts). */
export interface DetectResult {
  terminated: boolean;
  /** A detector hit, whether or not the turn qualifies (tool calls or blank content). */
  signal?: boolean;
  shape?: Exclude<SafetyShape, "auto">;
  ai?: boolean;
  tool_calls?: number;
  blank?: boolean;
  /** JSON Pointer to the turn inside an envelope (a batch line, a message list); absent = the input itself. */
  at?: string;
  detector?: string;
  reason_field?: string;
  reason_value?: string;
  extras?: Record<string, unknown>;
  error?: string;
}

/** DeerFlow's SafetyTermination: which detector fired, on what. */
export interface SafetyTermination {
  detector: string;
  reason_field: string;
  reason_value: string;
  extras: Record<string, unknown>;
}

/** Stamped as `safety_termination` on the rewritten message. */
export interface SafetyTerminationMetadata extends SafetyTermination {
  suppressed_tool_call_count: number;
  suppressed_tool_call_names: string[];
}

/** The stream event (never carries tool arguments). */
export interface SafetyTerminationEvent {
  type: "safety_termination";
  detector: string;
  reason_field: string;
  reason_value: string;
  suppressed_tool_call_count: number;
  suppressed_tool_call_names: string[];
  thread_id?: string;
}

/** The journal record DeerFlow writes (tag, hook, action kept verbatim). */
export interface SafetyJournalRecord {
  tag: "safety_termination";
  name: "SafetyFinishReasonMiddleware";
  hook: "after_model";
  action: "suppress_tool_calls";
  changes: {
    detector: string;
    reason_field: string;
    reason_value: string;
    suppressed_tool_call_count: number;
    suppressed_tool_call_names: string[];
    suppressed_tool_call_ids: string[];
    message_id?: string;
    extras: Record<string, unknown>;
  };
}

/** The detector seam: the real one calls the wasm core (core.ts). */
export interface SafetyCore {
  /** False for a core built from `safety_finish_reason: {enabled: false}`: nothing is detected or held. */
  readonly enabled?: boolean;
  detect(json: string, shape?: SafetyShape): DetectResult;
}
