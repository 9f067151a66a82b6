/**
 * @module
 * A stream wrapper that holds tool calls back until the finish reason
 * arrives, then releases them (normal stop) or suppresses them (safety
 * stop). Text before the first tool call streams live. Chunk shapes: OpenAI
 * Chat Completions chunks, Anthropic Messages events, Gemini chunks, Bedrock
 * ConverseStream events, OpenAI Responses events, LangChain message chunks.
 */

import { buildEvent } from "./middleware.ts";
import { emptyExplanation, suppressedExplanation } from "./templates.ts";
import type { SafetyCore, SafetyShape, SafetyTerminationEvent, SafetyTerminationMetadata } from "./types.ts";

type Bag = Record<string, unknown>;
const isObject = (x: unknown): x is Bag => typeof x === "object" && x !== null && !Array.isArray(x);
const list = (x: unknown): unknown[] => (Array.isArray(x) ? x : []);
const nonBlank = (x: unknown) => typeof x === "string" && x.trim() !== "";

/** What one chunk carries: the tool calls it starts, visible text, whether it ends the turn. */
export interface ChunkFacts {
  callNames: string[];
  toolCall: boolean;
  text: boolean;
  final: boolean;
}

/** Read the facts of one streamed chunk, whatever its provider. */
export function chunkFacts(chunk: unknown): ChunkFacts {
  const facts: ChunkFacts = { callNames: [], toolCall: false, text: false, final: false };
  if (!isObject(chunk)) return facts;
  const call = (name: unknown) => {
    facts.toolCall = true;
    if (name !== undefined) facts.callNames.push(typeof name === "string" && name ? name : "unknown");
  };
  if (Array.isArray(chunk.choices)) {
    for (const choice of chunk.choices) {
      if (!isObject(choice)) continue;
      const delta = isObject(choice.delta) ? choice.delta : isObject(choice.message) ? choice.message : {};
      for (const tc of list(delta.tool_calls)) {
        const fn = isObject(tc) && isObject(tc.function) ? tc.function : {};
        call(isObject(tc) && (tc.id || fn.name) ? fn.name : undefined);
      }
      if (isObject(delta.function_call)) call(delta.function_call.name);
      if (nonBlank(delta.content)) facts.text = true;
      if (typeof choice.finish_reason === "string") facts.final = true;
    }
    return facts;
  }
  if (Array.isArray(chunk.candidates) || isObject(chunk.promptFeedback)) {
    for (const cand of list(chunk.candidates)) {
      if (!isObject(cand)) continue;
      const parts = isObject(cand.content) ? list(cand.content.parts) : [];
      for (const p of parts) {
        if (!isObject(p)) continue;
        if (isObject(p.functionCall)) call(p.functionCall.name);
        else if (p.thought !== true && nonBlank(p.text)) facts.text = true;
      }
      if (typeof cand.finishReason === "string") facts.final = true;
    }
    if (isObject(chunk.promptFeedback) && chunk.promptFeedback.blockReason) facts.final = true;
    return facts;
  }
  const type = typeof chunk.type === "string" ? chunk.type : "";
  // Anthropic Messages events.
  if (type === "content_block_start" && isObject(chunk.content_block)) {
    if (chunk.content_block.type === "tool_use") call(chunk.content_block.name);
    else if (nonBlank(chunk.content_block.text)) facts.text = true;
    return facts;
  }
  if (type === "content_block_delta" && isObject(chunk.delta)) {
    if (chunk.delta.type === "input_json_delta") facts.toolCall = true;
    else if (nonBlank(chunk.delta.text)) facts.text = true;
    return facts;
  }
  if (type === "message_delta") {
    facts.final = isObject(chunk.delta) && typeof chunk.delta.stop_reason === "string";
    return facts;
  }
  // OpenAI Responses events.
  if (type.startsWith("response.")) {
    if (type === "response.output_item.added" && isObject(chunk.item) && typeof chunk.item.type === "string" && chunk.item.type.endsWith("_call")) {
      if (["function_call", "custom_tool_call", "computer_call", "local_shell_call", "shell_call", "apply_patch_call"].includes(chunk.item.type)) call(chunk.item.name);
    } else if (type.includes("function_call_arguments") || type.includes("custom_tool_call_input")) facts.toolCall = true;
    else if (type === "response.output_text.delta" && nonBlank(chunk.delta)) facts.text = true;
    facts.final = type === "response.completed" || type === "response.incomplete" || type === "response.failed";
    return facts;
  }
  // Bedrock ConverseStream events.
  if (isObject(chunk.contentBlockStart) || isObject(chunk.contentBlockDelta) || isObject(chunk.messageStop)) {
    const start = isObject(chunk.contentBlockStart) && isObject(chunk.contentBlockStart.start) ? chunk.contentBlockStart.start : {};
    if (isObject(start.toolUse)) call(start.toolUse.name);
    const delta = isObject(chunk.contentBlockDelta) && isObject(chunk.contentBlockDelta.delta) ? chunk.contentBlockDelta.delta : {};
    if (isObject(delta.toolUse)) facts.toolCall = true;
    if (nonBlank(delta.text)) facts.text = true;
    facts.final = isObject(chunk.messageStop);
    return facts;
  }
  // LangChain AIMessageChunk.
  for (const tc of [...list(chunk.tool_call_chunks), ...list(chunk.tool_calls)]) call(isObject(tc) && (tc.id || tc.name) ? tc.name : undefined);
  if (nonBlank(chunk.content) || (Array.isArray(chunk.content) && chunk.content.some((b) => nonBlank(b) || (isObject(b) && nonBlank(b.text))))) facts.text = true;
  for (const meta of [chunk.response_metadata, chunk.additional_kwargs]) {
    if (!isObject(meta)) continue;
    for (const key of ["finish_reason", "finishReason", "stop_reason", "stopReason"]) if (typeof meta[key] === "string") facts.final = true;
    if (isObject(meta.incomplete_details)) facts.final = true;
  }
  return facts;
}

export interface GuardStreamOptions {
  core: SafetyCore;
  shape?: SafetyShape;
  threadId?: string;
  /** Called once when a safety stop suppresses the held chunks. */
  onTermination?: (metadata: SafetyTerminationMetadata, event: SafetyTerminationEvent, explanation: string) => void;
}

/**
 * Yield the stream's chunks, holding every chunk from the first tool call on
 * until the turn ends. On a safety stop (with tool calls, or with no text)
 * the held chunks are dropped and the stop chunk is stamped with
 * `safety_termination`; otherwise they are released in order.
 */
export async function* guardStream<T>(stream: AsyncIterable<T>, options: GuardStreamOptions): AsyncGenerator<T> {
  const held: T[] = [];
  const names: string[] = [];
  let toolSeen = false;
  let textSeen = false;
  for await (const chunk of stream) {
    const facts = chunkFacts(chunk);
    if (facts.toolCall) toolSeen = true;
    if (facts.text) textSeen = true;
    names.push(...facts.callNames);
    const result = options.core.detect(JSON.stringify(chunk) ?? "null", options.shape ?? "auto");
    if (result.signal && result.detector && (toolSeen || !textSeen)) {
      const count = Math.max(names.length, toolSeen ? 1 : 0);
      const metadata: SafetyTerminationMetadata = {
        detector: result.detector,
        reason_field: result.reason_field ?? "",
        reason_value: result.reason_value ?? "",
        suppressed_tool_call_count: count,
        suppressed_tool_call_names: names.length ? [...names] : Array(count).fill("unknown"),
        extras: result.extras ?? {},
      };
      const explain = (count > 0 ? suppressedExplanation : emptyExplanation)(metadata.reason_field, metadata.reason_value, metadata.detector);
      options.onTermination?.(metadata, buildEvent(metadata, options.threadId), explain);
      held.length = 0;
      const stamped = isObject(chunk) ? ({ ...chunk, safety_termination: metadata } as T) : chunk;
      yield stamped;
      // Drain the rest of the turn, dropping any further tool-call chunks.
      for await (const rest of stream) if (!chunkFacts(rest).toolCall) yield rest;
      return;
    }
    if (toolSeen) {
      held.push(chunk);
      if (facts.final) {
        yield* held;
        held.length = 0;
      }
      continue;
    }
    yield chunk;
  }
  // The stream ended without a finish reason: the calls may be cut off, so they are not released.
  if (held.length) {
    const metadata: SafetyTerminationMetadata = {
      detector: "stream_incomplete", reason_field: "finish_reason", reason_value: "", suppressed_tool_call_count: Math.max(names.length, 1),
      suppressed_tool_call_names: names.length ? [...names] : ["unknown"], extras: {},
    };
    options.onTermination?.(metadata, buildEvent(metadata, options.threadId), suppressedExplanation(metadata.reason_field, "", metadata.detector));
  }
}
