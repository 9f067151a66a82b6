/**
 * @module
 * One OpenAI Chat Completions choice (whole or streamed), read in both
 * spellings a client may hand over: snake_case (the API, the openai SDK) and
 * camelCase (the legacy Azure OpenAI JS SDK: toolCalls, functionCall,
 * finishReason, contentFilterResults). Also when an OpenAI-compatible stream
 * reports that it failed. Kept small: the default entry imports it.
 */

import { isObject, nonEmpty, type JsonObject as Bag } from "./json-guards.ts";
import type { SuppressedCall } from "./rewrite.ts";

/** The keys a choice's calls may sit under, both spellings: lists, then a legacy single call. */
export const CALL_KEYS = ["tool_calls", "toolCalls", "function_call", "functionCall"];

/** The choice's message (a completion) or delta (a streamed chunk); {} when it has neither. */
export const choiceBody = (choice: Bag): Bag => (isObject(choice.delta) ? choice.delta : isObject(choice.message) ? choice.message : {});

/** The finish reason in either spelling, when it is a string. */
export const finishReasonOf = (choice: Bag): string | undefined => {
  const reason = choice.finish_reason ?? choice.finishReason;
  return typeof reason === "string" ? reason : undefined;
};

/**
 * The calls a choice's body carries, as [name, id, started] (started: a name
 * or an id appears, so the part begins a call); a legacy single call has no id.
 */
export function callParts(body: Bag): Array<[string | undefined, string | undefined, boolean]> {
  const parts: Array<[string | undefined, string | undefined, boolean]> = [];
  for (const key of CALL_KEYS) {
    const value = body[key];
    for (const call of Array.isArray(value) ? value : isObject(value) ? [{ function: value }] : []) {
      const fn = isObject(call) && isObject(call.function) ? call.function : {};
      const id = isObject(call) ? nonEmpty(call.id) : undefined;
      parts.push([nonEmpty(fn.name), id, !!(id || nonEmpty(fn.name))]);
    }
  }
  return parts;
}

/** The calls a body's parts start (`every`: all its parts, as a whole message's), a call listed in both spellings once. */
export function startedCalls(parts: ReturnType<typeof callParts>, every = false): SuppressedCall[] {
  const calls: SuppressedCall[] = [];
  for (const [name, id, started] of parts) {
    if ((every || started) && !(id && calls.some((c) => c.id === id))) calls.push({ name: name ?? "unknown", id });
  }
  return calls;
}

/**
 * Whether a chunk says the stream failed: a top-level `error` (OpenAI, vLLM,
 * SGLang, OpenRouter's mid-stream error) or `type: "error"`.
 */
export const chunkFailed = (chunk: Bag): boolean => !!chunk.error || chunk.type === "error";

/** Whether a choice finished with an error (OpenRouter: "error if the model finishes the request with an error"). */
export const choiceFailed = (choice: Bag): boolean => /^\s*error\s*$/i.test(finishReasonOf(choice) ?? "");
