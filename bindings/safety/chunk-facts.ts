/**
 * @module
 * What one streamed chunk carries, whatever its provider: the tool calls it
 * starts, whether it carries any part of a tool call, visible text, and
 * whether it ends the turn. Chunk shapes: OpenAI Chat Completions chunks,
 * Anthropic Messages events, Gemini / Vertex `streamGenerateContent` chunks,
 * Bedrock ConverseStream events (also wrapped as {event}, as Strands Agents
 * yields them), OpenAI Responses events, LangChain message chunks, AI SDK
 * stream parts (fullStream: tool-call, tool-input-*, text-delta, finish-step,
 * finish, error, abort). An error event (`type: "error"`, a bare `{error}`, a
 * choice finished with "error", a Bedrock `*Exception`) marks the turn failed.
 * Reading errs towards "tool call": an unknown part is held, never streamed live.
 */

import { callParts, choiceBody, choiceFailed, chunkFailed, finishReasonOf } from "./openai-choice.ts";
import { asList as list, isObject, nonEmpty as str, type JsonObject as Bag } from "./json-guards.ts";
import { AI_SDK_CALL_PARTS, CONTENT_CALLS, RESPONSES_CALLS, type SuppressedCall } from "./rewrite.ts";

const nonBlank = (x: unknown) => typeof x === "string" && x.trim() !== "";

export interface ChunkFacts {
  /** Tool calls this chunk starts (a name or id appears); continuations are not repeated. */
  calls: SuppressedCall[];
  /** The chunk carries part of a tool call (a start, an argument delta, a whole call). */
  toolCall: boolean;
  text: boolean;
  /** The turn ended normally (single-stream shapes). */
  final: boolean;
  /** The turn ended abnormally (a failed response, an error event): nothing held may be released. */
  failed: boolean;
  /** A summary of turns already ended (the AI SDK's finish part after its finish-step parts). */
  summary: boolean;
  /** Choices / candidates this chunk carries, by index, and those it finishes (multi-choice shapes). */
  indexes: number[];
  finished: number[];
}

/** Read the facts of one streamed chunk. */
export function chunkFacts(chunk: unknown): ChunkFacts {
  const facts: ChunkFacts = { calls: [], toolCall: false, text: false, final: false, failed: false, summary: false, indexes: [], finished: [] };
  if (!isObject(chunk)) return facts;
  const call = (name: unknown, id: unknown, starts: boolean) => {
    facts.toolCall = true;
    if (starts) facts.calls.push({ name: str(name) ?? "unknown", id: str(id) });
  };
  if (Array.isArray(chunk.choices)) {
    facts.failed = chunkFailed(chunk);
    chunk.choices.forEach((choice, position) => {
      if (!isObject(choice)) return;
      const index = typeof choice.index === "number" ? choice.index : position;
      facts.indexes.push(index);
      const body = choiceBody(choice);
      for (const [name, id, starts] of callParts(body)) call(name, id, starts);
      if (nonBlank(body.content)) facts.text = true;
      if (choiceFailed(choice)) facts.failed = true;
      else if (finishReasonOf(choice) !== undefined) facts.finished.push(index);
    });
    return facts;
  }
  // Strands Agents yields each Bedrock ConverseStream event wrapped: {event: {contentBlockStart: …}}.
  if (isObject(chunk.event) && isBedrockEvent(chunk.event)) return chunkFacts(chunk.event);
  if (Array.isArray(chunk.candidates) || isObject(chunk.promptFeedback) || isObject(chunk.prompt_feedback)) {
    list(chunk.candidates).forEach((cand, position) => {
      if (!isObject(cand)) return;
      const index = typeof cand.index === "number" ? cand.index : position;
      facts.indexes.push(index);
      const parts = isObject(cand.content) ? list(cand.content.parts) : [];
      for (const p of parts) {
        if (!isObject(p)) continue;
        const fc = p.functionCall ?? p.function_call;
        // Vertex streams arguments as partialArgs: only the part with the name starts the call.
        const f = isObject(fc) ? fc : {};
        if (fc !== undefined) call(f.name, f.id, !!str(f.name));
        else if (p.thought !== true && nonBlank(p.text)) facts.text = true;
      }
      if (typeof (cand.finishReason ?? cand.finish_reason) === "string") facts.finished.push(index);
    });
    const feedback = chunk.promptFeedback ?? chunk.prompt_feedback;
    if (isObject(feedback) && (feedback.blockReason ?? feedback.block_reason)) facts.final = true;
    return facts;
  }
  const type = typeof chunk.type === "string" ? chunk.type : "";
  if (AI_SDK_PARTS.has(type)) return aiSdkFacts(chunk, type, facts, call);
  if (type.startsWith("message_") || type.startsWith("content_block_") || type === "ping" || type === "error") return anthropicFacts(chunk, type, facts, call);
  if (type.startsWith("response.")) return responsesFacts(chunk, type, facts, call);
  if (isBedrockEvent(chunk)) return bedrockFacts(chunk, facts, call);
  // A bare error event with no type (OpenAI, vLLM, SGLang after a finish; Gemini's {error: {code, status}}).
  facts.failed = !("type" in chunk) && chunkFailed(chunk);
  return langChainFacts(chunk, facts, call);
}

/**
 * A ConverseStream event member that bears on a turn (messageStart/Stop,
 * contentBlockStart/Delta/Stop); an *Exception member ends the stream with an
 * error. A `metadata` event (usage) carries no fact and reads as nothing either way.
 */
const isBedrockEvent = (chunk: Bag) => Object.keys(chunk).some((k) => /^(messageSt|contentBlock[SD])|Exception$/.test(k));

type Call = (name: unknown, id: unknown, starts: boolean) => void;

const AI_SDK_PARTS = new Set([...AI_SDK_CALL_PARTS, "tool-call-streaming-start", "tool-call-delta", "text-delta", "finish-step", "finish", "abort"]);

function aiSdkFacts(chunk: Bag, type: string, facts: ChunkFacts, call: Call): ChunkFacts {
  if (type === "tool-call" || type === "tool-input-start" || type === "tool-call-streaming-start") call(chunk.toolName, chunk.toolCallId ?? chunk.id, true);
  else if (type.startsWith("tool-")) facts.toolCall = true;
  else if (type === "text-delta" && (nonBlank(chunk.text) || nonBlank(chunk.textDelta) || nonBlank(chunk.delta))) facts.text = true;
  // A step ends at finish-step (the SDK runs tools between steps); an aborted stream never releases.
  facts.final = type === "finish-step" || type === "finish";
  facts.summary = type === "finish";
  facts.failed = type === "abort";
  return facts;
}

function anthropicFacts(chunk: Bag, type: string, facts: ChunkFacts, call: Call): ChunkFacts {
  if (type === "content_block_start" && isObject(chunk.content_block)) {
    const block = chunk.content_block;
    if (block.type === "tool_use") call(block.name, block.id, true);
    else if (nonBlank(block.text)) facts.text = true;
  } else if (type === "content_block_delta" && isObject(chunk.delta)) {
    if (chunk.delta.type === "input_json_delta") facts.toolCall = true;
    else if (nonBlank(chunk.delta.text)) facts.text = true;
  } else if (type === "message_delta") {
    facts.final = isObject(chunk.delta) && typeof chunk.delta.stop_reason === "string";
  } else if (type === "error") {
    facts.failed = true;
  }
  return facts;
}


function responsesFacts(chunk: Bag, type: string, facts: ChunkFacts, call: Call): ChunkFacts {
  const item = isObject(chunk.item) ? chunk.item : undefined;
  if (item && typeof item.type === "string" && RESPONSES_CALLS.has(item.type)) {
    call(item.name, item.call_id ?? item.id, type === "response.output_item.added");
  } else if (type.includes("function_call_arguments") || type.includes("custom_tool_call_input")) {
    facts.toolCall = true;
  } else if (type === "response.output_text.delta" && nonBlank(chunk.delta)) {
    facts.text = true;
  }
  facts.final = type === "response.completed" || type === "response.incomplete";
  facts.failed = type === "response.failed" || type === "response.error";
  return facts;
}

function bedrockFacts(chunk: Bag, facts: ChunkFacts, call: Call): ChunkFacts {
  const use = ((chunk.contentBlockStart as Bag | null | undefined)?.start as Bag | null | undefined)?.toolUse;
  if (isObject(use)) call(use.name, use.toolUseId, true);
  const delta = isObject(chunk.contentBlockDelta) && isObject(chunk.contentBlockDelta.delta) ? chunk.contentBlockDelta.delta : {};
  if (isObject(delta.toolUse)) facts.toolCall = true;
  if (nonBlank(delta.text)) facts.text = true;
  facts.final = isObject(chunk.messageStop);
  facts.failed = Object.keys(chunk).some((k) => /Exception$/.test(k));
  return facts;
}

function langChainFacts(chunk: Bag, facts: ChunkFacts, call: Call): ChunkFacts {
  // Structured calls, and calls kept only as content blocks (Anthropic tool_use, LangChain v1 tool_call).
  const blocks = list(chunk.content).filter((b) => isObject(b) && CONTENT_CALLS.has(b.type as string));
  for (const tc of [...list(chunk.tool_call_chunks), ...list(chunk.tool_calls), ...blocks]) {
    const t = isObject(tc) ? tc : {};
    call(t.name, t.id, !!(str(t.id) || str(t.name)));
  }
  // Raw provider fields repeat the structured chunks, and Strands Agents' own events report a tool use in
  // progress: they mark a tool call but start none.
  const kwargs = isObject(chunk.additional_kwargs) ? chunk.additional_kwargs : {};
  if (callParts(kwargs).length > 0 || isObject(chunk.current_tool_use) || isObject((chunk.delta as Bag | null | undefined)?.toolUse)) facts.toolCall = true;
  const content = chunk.content;
  if (nonBlank(content) || (Array.isArray(content) && content.some((b) => nonBlank(b) || (isObject(b) && nonBlank(b.text))))) facts.text = true;
  for (const meta of [chunk.response_metadata, chunk.additional_kwargs]) {
    if (!isObject(meta)) continue;
    for (const key of ["finish_reason", "finishReason", "stop_reason", "stopReason"]) if (typeof meta[key] === "string") facts.final = true;
    if (isObject(meta.incomplete_details)) facts.final = true;
  }
  return facts;
}
