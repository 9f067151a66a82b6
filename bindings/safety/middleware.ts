/**
 * @module
 * DeerFlow's SafetyFinishReasonMiddleware over any message shape: detect in
 * the wasm core, rewrite in TS, then emit an event and a journal record that
 * never carry tool arguments. Idempotent: a rewritten turn has no tool calls
 * and visible text, so a second pass leaves it alone.
 */

import { rewriteMessage, type SuppressedCall } from "./rewrite.ts";
import type {
  DetectResult, SafetyCore, SafetyJournalRecord, SafetyShape, SafetyTerminationEvent, SafetyTerminationMetadata,
} from "./types.ts";

export interface SafetyStopOptions {
  core: SafetyCore;
  /** Name the input shape instead of letting the core guess. */
  shape?: SafetyShape;
  /** Stream-writer analogue; a throw is swallowed unless it is control flow. */
  onEvent?: (event: SafetyTerminationEvent) => void;
  /** Run-journal analogue; a throw is reported to onWarning and the run goes on. */
  journal?: (record: SafetyJournalRecord) => void;
  onWarning?: (message: string, error?: unknown) => void;
  /** Errors that must escape (the control-flow class, like LangGraph's GraphBubbleUp). */
  isControlFlow?: (error: unknown) => boolean;
}

export interface SafetyStopResult {
  terminated: boolean;
  /** The rewritten message (same shape as the input), or the input itself when untouched. */
  message: unknown;
  detection: DetectResult;
  metadata?: SafetyTerminationMetadata;
  event?: SafetyTerminationEvent;
}

/** Check one model turn; rewrite it when the provider stopped it for safety. */
export function applySafetyStop(message: unknown, options: SafetyStopOptions, context: { thread_id?: string } = {}): SafetyStopResult {
  let json: string;
  try {
    json = JSON.stringify(message) ?? "null";
  } catch (error) {
    return { terminated: false, message, detection: { terminated: false, error: `message is not serialisable: ${(error as Error).message}` } };
  }
  const detection = options.core.detect(json, options.shape ?? "auto");
  if (!detection.terminated || !detection.detector || !detection.shape) {
    if (detection.error) options.onWarning?.(`safety detection failed: ${detection.error}`);
    return { terminated: false, message, detection };
  }
  const termination = {
    detector: detection.detector,
    reason_field: detection.reason_field ?? "",
    reason_value: detection.reason_value ?? "",
    extras: detection.extras ?? {},
  };
  const { message: rewritten, metadata, calls } = rewriteMessage(message, detection.shape, termination);
  const event = buildEvent(metadata, context.thread_id);
  emit(options, event, metadata, calls, messageId(message));
  return { terminated: true, message: rewritten, detection, metadata, event };
}

export function buildEvent(metadata: SafetyTerminationMetadata, threadId?: string): SafetyTerminationEvent {
  const event: SafetyTerminationEvent = {
    type: "safety_termination",
    detector: metadata.detector,
    reason_field: metadata.reason_field,
    reason_value: metadata.reason_value,
    suppressed_tool_call_count: metadata.suppressed_tool_call_count,
    suppressed_tool_call_names: [...metadata.suppressed_tool_call_names],
  };
  if (threadId !== undefined) event.thread_id = threadId;
  return event;
}

export function buildJournalRecord(metadata: SafetyTerminationMetadata, calls: SuppressedCall[], id?: string): SafetyJournalRecord {
  return {
    tag: "safety_termination",
    name: "SafetyFinishReasonMiddleware",
    hook: "after_model",
    action: "suppress_tool_calls",
    changes: {
      detector: metadata.detector,
      reason_field: metadata.reason_field,
      reason_value: metadata.reason_value,
      suppressed_tool_call_count: metadata.suppressed_tool_call_count,
      suppressed_tool_call_names: [...metadata.suppressed_tool_call_names],
      suppressed_tool_call_ids: calls.map((c) => c.id).filter((id): id is string => !!id),
      message_id: id,
      extras: structuredClone(metadata.extras),
    },
  };
}

function emit(options: SafetyStopOptions, event: SafetyTerminationEvent, metadata: SafetyTerminationMetadata, calls: SuppressedCall[], id?: string): void {
  if (options.onEvent) {
    try {
      options.onEvent(event);
    } catch (error) {
      if (options.isControlFlow?.(error)) throw error;
    }
  }
  if (options.journal) {
    try {
      options.journal(buildJournalRecord(metadata, calls, id));
    } catch (error) {
      if (options.isControlFlow?.(error)) throw error;
      options.onWarning?.("Failed to record middleware:safety_termination event", error);
    }
  }
}

function messageId(message: unknown): string | undefined {
  if (typeof message !== "object" || message === null) return undefined;
  const m = message as Record<string, unknown>;
  const target = "lc" in m && typeof m.kwargs === "object" && m.kwargs !== null ? (m.kwargs as Record<string, unknown>) : m;
  return typeof target.id === "string" ? target.id : undefined;
}
