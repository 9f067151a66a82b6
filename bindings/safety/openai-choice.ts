/**
 * @module
 * One OpenAI Chat Completions choice (whole or streamed), read in both
 * spellings a client may hand over: snake_case (the API, the openai SDK) and
 * camelCase (the legacy Azure OpenAI JS SDK: toolCalls, functionCall,
 * finishReason, contentFilterResults). Also when an OpenAI-compatible stream
 * reports that it failed.
 */

import type { SuppressedCall } from "./rewrite.ts";

type Bag = Record<string, unknown>;
const isObject = (x: unknown): x is Bag => typeof x === "object" && x !== null && !Array.isArray(x);
const list = (x: unknown): unknown[] => (Array.isArray(x) ? x : []);
const str = (x: unknown) => (typeof x === "string" && x ? x : undefined);

/** The keys a choice's tool calls may sit under, both spellings. */
export const CALL_KEYS = ["tool_calls", "toolCalls"] as const;
export const FUNCTION_CALL_KEYS = ["function_call", "functionCall"] as const;

/** The choice's message (a completion) or delta (a streamed chunk); {} when it has neither. */
export function choiceBody(choice: Bag): Bag {
  return isObject(choice.delta) ? choice.delta : isObject(choice.message) ? choice.message : {};
}

/** The finish reason in either spelling, when it is a string. */
export function finishReasonOf(choice: Bag): string | undefined {
  const reason = choice.finish_reason ?? choice.finishReason;
  return typeof reason === "string" ? reason : undefined;
}

/** Azure's per-choice annotation, in either spelling. */
export function filterResultsOf(choice: Bag): unknown {
  return choice.content_filter_results ?? choice.contentFilterResults;
}

/**
 * The tool-call parts a choice's body carries: whether it carries any, and
 * the calls it starts (a name or an id appears). A call listed in both
 * spellings starts once.
 */
export function callParts(body: Bag): { part: boolean; started: SuppressedCall[] } {
  let part = false;
  const started: SuppressedCall[] = [];
  const seen = new Set<string>();
  for (const key of CALL_KEYS) {
    for (const tc of list(body[key])) {
      part = true;
      const fn = isObject(tc) && isObject(tc.function) ? tc.function : {};
      const id = isObject(tc) ? str(tc.id) : undefined;
      if (id !== undefined && seen.has(id)) continue;
      if (id !== undefined) seen.add(id);
      if (id || str(fn.name)) started.push({ name: str(fn.name) ?? "unknown", id });
    }
  }
  const fc = body.function_call ?? body.functionCall;
  if (isObject(fc)) {
    part = true;
    if (str(fc.name)) started.push({ name: str(fc.name)! });
  }
  return { part, started };
}

/**
 * Whether a chunk says the stream failed: a top-level `error` (OpenAI, vLLM,
 * SGLang, OpenRouter's mid-stream error) or `type: "error"`.
 */
export function chunkFailed(chunk: Bag): boolean {
  return (chunk.error !== undefined && chunk.error !== null && chunk.error !== false) || chunk.type === "error";
}

/** Whether a choice finished with an error (OpenRouter: "error if the model finishes the request with an error"). */
export function choiceFailed(choice: Bag): boolean {
  return finishReasonOf(choice)?.trim().toLowerCase() === "error";
}
