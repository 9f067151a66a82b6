/**
 * @module
 * OpenAI Chat Completions streams (Azure OpenAI's included), decided per
 * choice when the stream ends:
 * - Azure's asynchronous content filter annotates after a choice's finish
 *   chunk (a later chunk with finish_reason "content_filter", or
 *   content_filter_results with a category `filtered: true`), so nothing
 *   held is released before the stream has ended;
 * - with n > 1 each choice is judged alone: a filtered choice's calls are
 *   suppressed, another choice's calls are released, in either arrival order;
 * - a choice whose tool call never finished (no finish reason), calls a
 *   choice starts after its finish, a choice that finished with "error", and
 *   every call once an error event arrived (a top-level `error`, with or
 *   without choices, or `type: "error"`) are suppressed as "stream_incomplete";
 * - choices are read in snake_case and camelCase (openai-choice.ts).
 * Text before the first tool call of any choice streams live; from then on
 * every chunk is held, in order.
 */

import { detectTurn } from "./check.ts";
import { buildEvent } from "./middleware.ts";
import { isObject, type JsonObject as Bag } from "./json-guards.ts";
import { CALL_KEYS, callParts, choiceBody, choiceFailed, chunkFailed, finishReasonOf, startedCalls } from "./openai-choice.ts";
import { appendExplanation, explanationFor, metadataFor, type SuppressedCall } from "./rewrite.ts";
import type { GuardStreamOptions } from "./stream.ts";
import type { SafetyTermination } from "./types.ts";

const INCOMPLETE = "stream_incomplete";

interface Choice {
  calls: SuppressedCall[];
  /** Calls started after this choice's finish chunk. */
  lateCalls: SuppressedCall[];
  tool: boolean;
  text: boolean;
  finished: boolean;
  late: boolean;
  stop?: SafetyTermination;
}

interface Held<T> {
  chunk: T;
  /** Choices whose stop signal came in this chunk. */
  stops: Set<number>;
  /** Choices whose tool-call parts in this chunk came after their finish. */
  late: Set<number>;
}

/** Azure's annotation of a choice: a category marked filtered. */
function filteredAnnotation(choice: Bag): SafetyTermination | undefined {
  const results = choice.content_filter_results ?? choice.contentFilterResults;
  if (!isObject(results)) return undefined;
  const filtered = Object.values(results).some((r) => isObject(r) && r.filtered === true);
  if (!filtered) return undefined;
  return { detector: "openai_compatible_content_filter", reason_field: "content_filter_results", reason_value: "filtered", extras: { content_filter_results: structuredClone(results) } };
}

/** A failed stream (an error event) or choice (finish_reason "error"): its calls may be cut off. */
const failure = (field: string): SafetyTermination => ({ detector: INCOMPLETE, reason_field: field, reason_value: "error", extras: {} });

export class ChoiceStream<T> {
  private held: Held<T>[] = [];
  private choices = new Map<number, Choice>();
  private order: number[] = [];
  /** Set by an error event: every choice with a call part is suppressed. */
  private failed: SafetyTermination | undefined;

  constructor(private readonly options: GuardStreamOptions) {}

  private state(index: number): Choice {
    let s = this.choices.get(index);
    if (!s) {
      s = { calls: [], lateCalls: [], tool: false, text: false, finished: false, late: false };
      this.choices.set(index, s);
    }
    return s;
  }

  /** The chunks to yield now (live text), holding the rest. */
  accept(chunk: T): T[] {
    if (!isObject(chunk) || !Array.isArray(chunk.choices)) {
      // A bare error event (no choices) fails the stream: no choice's call is released.
      if (isObject(chunk) && chunkFailed(chunk)) this.failed ??= failure("error");
      if (this.held.length > 0) {
        this.held.push({ chunk, stops: new Set(), late: new Set() });
        return [];
      }
      return [chunk];
    }
    const entry: Held<T> = { chunk, stops: new Set(), late: new Set() };
    if (chunkFailed(chunk)) this.failed ??= failure("error");
    let tool = false;
    chunk.choices.forEach((choice, position) => {
      if (!isObject(choice)) return;
      const index = typeof choice.index === "number" ? choice.index : position;
      const s = this.state(index);
      const delta = choiceBody(choice);
      const parts = callParts(delta);
      const started = startedCalls(parts);
      if (parts.length > 0) {
        tool = true;
        if (s.finished) {
          s.late = true;
          entry.late.add(index);
          s.lateCalls.push(...(started.length ? started : [{ name: "unknown" }]));
        } else {
          s.tool = true;
          s.calls.push(...started);
        }
      }
      if (typeof delta.content === "string" && delta.content.trim() !== "") s.text = true;
      if (finishReasonOf(choice) !== undefined) s.finished = true;
      if (s.stop) return;
      // The choice alone, as the core reads a whole chunk: another choice's reason cannot reach it.
      const result = detectTurn(this.options.core, { ...chunk, choices: [choice] }, this.options.shape ?? "auto");
      const stop: SafetyTermination | undefined = result.signal === true && result.detector
        ? { detector: result.detector, reason_field: result.reason_field ?? "", reason_value: result.reason_value ?? "", extras: result.extras ?? {} }
        : filteredAnnotation(choice);
      // A failure matters only to a choice with call parts (its text already streamed).
      const failed = s.tool || s.late ? (choiceFailed(choice) ? failure("finish_reason") : chunkFailed(chunk) ? failure("error") : undefined) : undefined;
      const t = stop ?? failed;
      if (t && (s.tool || s.late || !s.text)) {
        s.stop = t;
        entry.stops.add(index);
        this.order.push(index);
      }
    });
    if (this.held.length > 0 || tool || entry.stops.size > 0) {
      this.held.push(entry);
      return [];
    }
    return [chunk];
  }

  /** The stream has ended: release, rewrite or drop what was held, and report once. */
  finish(): T[] {
    const suppressed = (index: number) => {
      const s = this.choices.get(index)!;
      return !!s.stop || (s.tool && (!s.finished || this.failed !== undefined));
    };
    const indexes = [...this.choices.keys()];
    const whole = indexes.filter(suppressed);
    const lateOnly = indexes.filter((i) => !suppressed(i) && this.choices.get(i)!.late);
    if (whole.length === 0 && lateOnly.length === 0) return this.held.map((h) => h.chunk);
    const first = this.order.length > 0 ? this.choices.get(this.order[0])!.stop! : undefined;
    const t: SafetyTermination = first ?? this.failed ?? { detector: INCOMPLETE, reason_field: "finish_reason", reason_value: "", extras: {} };
    const calls: SuppressedCall[] = [];
    for (const i of whole) {
      const s = this.choices.get(i)!;
      const all = [...s.calls, ...s.lateCalls];
      calls.push(...(all.length === 0 && s.tool ? [{ name: "unknown" }] : all));
    }
    for (const i of lateOnly) calls.push(...this.choices.get(i)!.lateCalls);
    const metadata = metadataFor(t, calls);
    const out: T[] = [];
    for (const h of this.held) {
      const chunk = h.chunk;
      if (!isObject(chunk) || !Array.isArray(chunk.choices)) {
        // The error event that failed the stream says so.
        out.push(isObject(chunk) && chunkFailed(chunk) ? ({ ...chunk, safety_termination: structuredClone(metadata) } as T) : chunk);
        continue;
      }
      let touched = false;
      const kept: unknown[] = [];
      chunk.choices.forEach((choice, position) => {
        const index = isObject(choice) && typeof choice.index === "number" ? choice.index : position;
        const drop = whole.includes(index) || (lateOnly.includes(index) && h.late.has(index));
        if (!drop) {
          kept.push(choice);
          return;
        }
        touched = true;
        if (!h.stops.has(index)) return;
        // The choice's stop chunk stays, its call parts removed and the explanation in its content.
        kept.push(stopChoice(choice as Bag, explanationFor(this.choices.get(index)!.stop!, metadata.suppressed_tool_call_count)));
        return;
      });
      if (!touched) out.push(chunk);
      else if (kept.length > 0) out.push({ ...chunk, choices: kept, ...(h.stops.size > 0 ? { safety_termination: structuredClone(metadata) } : {}) } as T);
    }
    this.options.onTermination?.(metadata, buildEvent(metadata, this.options.threadId), explanationFor(t, metadata.suppressed_tool_call_count));
    return out;
  }
}

/** A copy of the choice with its call parts removed and the explanation appended to its content. */
function stopChoice(choice: Bag, explanation: string): Bag {
  const key = isObject(choice.delta) ? "delta" : isObject(choice.message) ? "message" : "delta";
  const delta: Bag = { ...(isObject(choice[key]) ? (choice[key] as Bag) : {}) };
  for (const k of CALL_KEYS) delete delta[k];
  delta.content = appendExplanation(delta.content, explanation);
  return {
    ...choice, [key]: delta,
    ...(choice.finish_reason === "tool_calls" ? { finish_reason: "stop" } : {}),
    ...(choice.finishReason === "tool_calls" ? { finishReason: "stop" } : {}),
  };
}
