/**
 * @module
 * A stream wrapper that holds tool calls back until the turn ends, then
 * releases them (a normal finish) or suppresses them (a safety stop). Text
 * before the first tool call streams live. Fail-closed rules:
 * - a safety stop drops every held chunk; the stop chunk itself is rewritten
 *   like a whole message (its own tool-call parts removed, the explanation
 *   appended where it carries content, `safety_termination` stamped);
 * - a turn that fails (Responses `response.failed`, an `error` event, a
 *   bare `{error}` chunk, a Bedrock `*Exception` event) or a stream that ends
 *   with no finish reason never releases held chunks: the calls may be cut
 *   off. onTermination reports detector "stream_incomplete";
 * - a stream that throws propagates the error with nothing held released;
 * - a chunk the core cannot read throws SafetyCheckError (check.ts);
 * - Chat Completions streams (choices) hold every chunk from the first tool
 *   call to the end of the stream and decide per choice (choice-stream.ts);
 * - with several Gemini candidates, held chunks wait for all of them;
 * - chunks after the end of a turn are judged as a new turn;
 * - a chunk in a LangChain streamEvents event or a LangGraph messages tuple
 *   is judged as itself (stream-envelope.ts).
 * A core built with `enabled: false` passes the stream through untouched.
 */

import { buildEvent } from "./middleware.ts";
import { detectTurn } from "./check.ts";
import { chunkFacts } from "./chunk-facts.ts";
import { openEnvelope } from "./stream-envelope.ts";
import { ChoiceStream } from "./choice-stream.ts";
import { explanationFor, metadataFor, rewriteMessage, type SuppressedCall } from "./rewrite.ts";
import type { DetectResult, SafetyCore, SafetyShape, SafetyTermination, SafetyTerminationEvent, SafetyTerminationMetadata } from "./types.ts";

export interface GuardStreamOptions {
  core: SafetyCore;
  shape?: SafetyShape;
  threadId?: string;
  /** Called once when held chunks are suppressed (a safety stop or an incomplete turn). */
  onTermination?: (metadata: SafetyTerminationMetadata, event: SafetyTerminationEvent, explanation: string) => void;
}

const INCOMPLETE = "stream_incomplete";

/** Yield the stream's chunks, holding every chunk from the first tool call on until the turn ends. */
export async function* guardStream<T>(stream: AsyncIterable<T>, options: GuardStreamOptions): AsyncGenerator<T> {
  if (options.core.enabled === false) {
    yield* stream;
    return;
  }
  const iterator = stream[Symbol.asyncIterator]();
  let exhausted = false;
  const pull = async () => {
    const next = await iterator.next();
    exhausted = next.done === true;
    return next;
  };
  try {
    let turn = new Turn<T>();
    // Chat Completions chunks (choices) are decided per choice at the end of the stream (choice-stream.ts).
    let choices: ChoiceStream<T> | undefined;
    let turnsEnded = 0;
    for (let next = await pull(); !next.done; next = await pull()) {
      const chunk = next.value;
      if (choices === undefined && turn.held.length === 0 && isChoicesChunk(chunk)) choices = new ChoiceStream<T>(options);
      if (choices) {
        yield* choices.accept(chunk);
        continue;
      }
      // A chunk inside a framework envelope (LangChain streamEvents, LangGraph messages tuples) is judged as itself.
      const opened = openEnvelope(chunk);
      const inner = opened ? opened.inner : chunk;
      const facts = chunkFacts(inner);
      // The AI SDK's finish part repeats the reason of steps already decided at their finish-step.
      if (facts.summary && turnsEnded > 0 && !turn.toolSeen && !turn.textSeen) {
        yield chunk;
        continue;
      }
      const result = detectTurn(options.core, inner, options.shape ?? "auto");
      const tools = turn.toolSeen || facts.toolCall;
      const text = turn.textSeen || facts.text;
      const safetyStop = result.signal === true && !!result.detector && (tools || !text);
      if (safetyStop || (facts.failed && tools)) {
        const t: SafetyTermination = safetyStop
          ? { detector: result.detector!, reason_field: result.reason_field ?? "", reason_value: result.reason_value ?? "", extras: result.extras ?? {} }
          : { detector: INCOMPLETE, reason_field: "event", reason_value: failedEvent(chunk), extras: {} };
        // A failure event is rewritten only when it carries calls (response.failed's output); else it is stamped.
        const stopped = stopChunk(inner, safetyStop || (result.tool_calls ?? 0) > 0 ? result : undefined, t, turn.priorCalls(), options);
        yield (opened ? opened.wrap(stopped) : stopped) as T;
        // The turn is over: pass what follows, minus anything that carries a tool call.
        for (let rest = await pull(); !rest.done; rest = await pull()) {
          if (!chunkFacts(openEnvelope(rest.value)?.inner ?? rest.value).toolCall) yield rest.value;
        }
        return;
      }
      turn.toolSeen = tools;
      turn.textSeen = text;
      // A call announced twice (AI SDK tool-input-start, then tool-call) counts once.
      turn.calls.push(...facts.calls.filter((c) => c.id === undefined || !turn.calls.some((p) => p.id === c.id)));
      const final = turn.ends(facts.final, facts.indexes, facts.finished);
      if (turn.toolSeen) turn.held.push(chunk);
      else yield chunk;
      if (final) {
        yield* turn.held;
        turn = new Turn<T>();
        turnsEnded++;
      }
    }
    if (choices) {
      yield* choices.finish();
      return;
    }
    if (turn.held.length > 0) {
      const t: SafetyTermination = { detector: INCOMPLETE, reason_field: "finish_reason", reason_value: "", extras: {} };
      const metadata = metadataFor(t, turn.priorCalls());
      options.onTermination?.(metadata, buildEvent(metadata, options.threadId), explanationFor(t, metadata.suppressed_tool_call_count));
    }
  } finally {
    // Stopped early (the consumer broke off, or a check threw): close the source too.
    if (!exhausted) await iterator.return?.();
  }
}

function isChoicesChunk(chunk: unknown): boolean {
  return typeof chunk === "object" && chunk !== null && Array.isArray((chunk as { choices?: unknown }).choices);
}

/** What one turn of the stream has seen so far. */
class Turn<T> {
  held: T[] = [];
  calls: SuppressedCall[] = [];
  toolSeen = false;
  textSeen = false;
  private open = new Set<number>();
  private done = new Set<number>();

  /** Whether the turn ends with this chunk: a final event, or every open choice finished. */
  ends(final: boolean, indexes: number[], finished: number[]): boolean {
    for (const i of indexes) this.open.add(i);
    for (const i of finished) this.done.add(i);
    return final || (this.done.size > 0 && [...this.open].every((i) => this.done.has(i)));
  }

  /** The calls seen before the stop chunk; argument deltas with no visible start count as one unnamed call. */
  priorCalls(): SuppressedCall[] {
    return this.calls.length === 0 && this.toolSeen ? [{ name: "unknown" }] : [...this.calls];
  }
}

/** What failed the stream: the event's type (`error`, `abort`, `response.failed`), or the exception member's name. */
function failedEvent(chunk: unknown): string {
  if (typeof chunk !== "object" || chunk === null) return "error";
  const bag = chunk as Record<string, unknown>;
  if (typeof bag.type === "string") return bag.type;
  const inner = typeof bag.event === "object" && bag.event !== null ? (bag.event as Record<string, unknown>) : bag;
  return Object.keys(inner).find((k) => k.endsWith("Exception")) ?? "error";
}

function stopChunk<T>(chunk: T, result: DetectResult | undefined, t: SafetyTermination, prior: SuppressedCall[], options: GuardStreamOptions): T {
  let out: T;
  let metadata: SafetyTerminationMetadata;
  if (result && result.ai !== false && result.shape) {
    const rewritten = rewriteMessage(chunk, result.shape, t, prior, result.at ?? "");
    out = rewritten.message as T;
    metadata = rewritten.metadata;
  } else {
    // Not a model turn (an error event): nothing in it to execute; stamp a copy.
    metadata = metadataFor(t, prior);
    out = { ...(chunk as object), safety_termination: metadata } as T;
  }
  options.onTermination?.(metadata, buildEvent(metadata, options.threadId), explanationFor(t, metadata.suppressed_tool_call_count));
  return out;
}
