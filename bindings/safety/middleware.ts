/**
 * @module
 * DeerFlow's SafetyFinishReasonMiddleware over any message shape: detect in
 * the wasm core, rewrite in TS, then emit an event and a journal record that
 * never carry tool arguments. Idempotent: a rewritten turn has no tool calls
 * and visible text, so a second pass leaves it alone. A turn the core cannot
 * read throws SafetyCheckError (check.ts) instead of passing unchecked.
 */

import { isControlFlowSignal } from "../middleware/index.ts";
import { detectTurn } from "./check.ts";
import { stoppingChoices } from "./per-choice.ts";
import { rewriteMessage, type SuppressedCall } from "./rewrite.ts";
import type {
  DetectResult, SafetyCore, SafetyJournalRecord, SafetyShape, SafetyTerminationEvent, SafetyTerminationMetadata,
} from "./types.ts";

export interface SafetyStopOptions {
  core: SafetyCore;
  /** Name the input shape instead of letting the core guess. */
  shape?: SafetyShape;
  /** Stream-writer analogue; a throw is swallowed unless it is control flow. A returned promise is awaited by applySafetyStopAsync. */
  onEvent?: (event: SafetyTerminationEvent) => unknown;
  /** Run-journal analogue; a throw (or rejection) is reported to onWarning and the run goes on. */
  journal?: (record: SafetyJournalRecord) => unknown;
  onWarning?: (message: string, error?: unknown) => void;
  /** Errors that must escape (LangGraph's GraphBubbleUp and friends by default). */
  isControlFlow?: (error: unknown) => boolean;
}

/** DeerFlow's runtime context: `thread_id` is read; `stop_reason` is set to "safety_capped" on a stop. */
export interface SafetyStopContext {
  thread_id?: string;
  stop_reason?: string;
}

export interface SafetyStopResult {
  terminated: boolean;
  /** The rewritten message (same shape as the input), or the input itself when untouched. */
  message: unknown;
  detection: DetectResult;
  metadata?: SafetyTerminationMetadata;
  event?: SafetyTerminationEvent;
}

interface Stop {
  result: SafetyStopResult;
  event?: SafetyTerminationEvent;
  record?: () => SafetyJournalRecord;
}

function prepare(message: unknown, options: SafetyStopOptions, context: SafetyStopContext): Stop {
  let detection = detectTurn(options.core, message, options.shape ?? "auto");
  let only: Set<number> | undefined;
  if (detection.terminated) {
    const split = stoppingChoices(options.core, message, detection);
    if (split) ({ positions: only, detection } = split);
  }
  if (!detection.terminated || !detection.detector || !detection.shape) {
    return { result: { terminated: false, message, detection } };
  }
  const termination = {
    detector: detection.detector,
    reason_field: detection.reason_field ?? "",
    reason_value: detection.reason_value ?? "",
    extras: detection.extras ?? {},
  };
  const { message: rewritten, metadata, calls } = rewriteMessage(message, detection.shape, termination, [], detection.at ?? "", only);
  const event = buildEvent(metadata, context.thread_id);
  context.stop_reason = "safety_capped";
  return {
    result: { terminated: true, message: rewritten, detection, metadata, event },
    event,
    record: () => buildJournalRecord(metadata, calls, messageId(message, detection.at)),
  };
}

/** Check one model turn; rewrite it when the provider stopped it for safety. */
export function applySafetyStop(message: unknown, options: SafetyStopOptions, context: SafetyStopContext = {}): SafetyStopResult {
  const stop = prepare(message, options, context);
  for (const sink of sinks(options, stop)) {
    try {
      const pending = sink.run();
      // A sink that returns a promise belongs with applySafetyStopAsync; never leave its rejection unhandled.
      if (pending instanceof Promise) pending.catch((error) => sink.failed(error, false));
    } catch (error) {
      sink.failed(error, true);
    }
  }
  return stop.result;
}

/** applySafetyStop for async sinks (DeerFlow's aafter_model): the event and journal are awaited. */
export async function applySafetyStopAsync(message: unknown, options: SafetyStopOptions, context: SafetyStopContext = {}): Promise<SafetyStopResult> {
  const stop = prepare(message, options, context);
  for (const sink of sinks(options, stop)) {
    try {
      await sink.run();
    } catch (error) {
      sink.failed(error, true);
    }
  }
  return stop.result;
}

/**
 * DeerFlow's after_model over a message list: only the last message is
 * checked, and it is replaced in a new list when the turn is rewritten. An
 * empty list or a last message that is not the model's passes through.
 */
export function applySafetyStopToMessages(messages: readonly unknown[], options: SafetyStopOptions, context: SafetyStopContext = {}): SafetyStopResult & { messages: readonly unknown[] } {
  if (messages.length === 0) return { terminated: false, message: undefined, detection: { terminated: false }, messages };
  const result = applySafetyStop(messages[messages.length - 1], options, context);
  return { ...result, messages: result.terminated ? [...messages.slice(0, -1), result.message] : messages };
}

interface Sink {
  run(): unknown;
  failed(error: unknown, canThrow: boolean): void;
}

function sinks(options: SafetyStopOptions, stop: Stop): Sink[] {
  const isControlFlow = options.isControlFlow ?? isControlFlowSignal;
  const out: Sink[] = [];
  const { event, record } = stop;
  if (!event || !record) return out;
  const rethrow = (error: unknown, canThrow: boolean) => {
    if (isControlFlow(error) && canThrow) throw error;
  };
  if (options.onEvent) {
    const onEvent = options.onEvent;
    // DeerFlow ignores a failing stream writer (it logs at debug level).
    out.push({ run: () => onEvent(event), failed: rethrow });
  }
  if (options.journal) {
    const journal = options.journal;
    out.push({
      run: () => journal(record()),
      failed: (error, canThrow) => {
        rethrow(error, canThrow);
        options.onWarning?.("Failed to record middleware:safety_termination event", error);
      },
    });
  }
  return out;
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

function messageId(message: unknown, at = ""): string | undefined {
  if (typeof message !== "object" || message === null) return undefined;
  let m = message as Record<string, unknown>;
  // The turn inside an envelope (a batch line, a message list), where the core found it.
  for (const key of at ? at.slice(1).split("/") : []) {
    const next = (m as Record<string, unknown>)[key];
    if (typeof next !== "object" || next === null) return undefined;
    m = next as Record<string, unknown>;
  }
  const target = "lc" in m && typeof m.kwargs === "object" && m.kwargs !== null ? (m.kwargs as Record<string, unknown>) : m;
  return typeof target.id === "string" ? target.id : undefined;
}
