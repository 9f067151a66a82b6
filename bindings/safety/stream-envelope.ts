/**
 * @module
 * Framework envelopes around one model chunk in a stream, opened so
 * guardStream judges the chunk inside and rewrites it in place:
 * - LangChain `streamEvents` events: `{event: "on_chat_model_stream", data: {chunk}}`
 *   and `{event: "on_chat_model_end", data: {output}}` (the whole message);
 * - LangGraph `streamMode: "messages"` tuples: `[chunk, metadata]`, also as
 *   `["messages", [chunk, metadata]]` (several modes) and
 *   `[namespace, "messages", [chunk, metadata]]` (subgraphs).
 * Other envelopes (LangGraph `values` / `updates` states, which repeat past
 * turns) are not opened.
 */

import { isObject } from "./json-guards.ts";

export interface OpenedChunk {
  inner: unknown;
  /** The envelope again, around a (rewritten) inner chunk. */
  wrap: (inner: unknown) => unknown;
}

const EVENT_KEYS: Record<string, string> = { on_chat_model_stream: "chunk", on_chat_model_end: "output" };

/** The model chunk inside a known envelope, or undefined when the chunk is not wrapped. */
export function openEnvelope(chunk: unknown): OpenedChunk | undefined {
  if (isObject(chunk) && typeof chunk.event === "string" && isObject(chunk.data)) {
    const key = EVENT_KEYS[chunk.event];
    const data = chunk.data;
    if (key === undefined || !isObject(data[key])) return undefined;
    return { inner: data[key], wrap: (inner) => ({ ...chunk, data: { ...data, [key]: inner } }) };
  }
  if (!Array.isArray(chunk)) return undefined;
  // [chunk, metadata]
  if (chunk.length === 2 && isObject(chunk[0]) && isObject(chunk[1])) {
    const metadata = chunk[1];
    return { inner: chunk[0], wrap: (inner) => [inner, metadata] };
  }
  // ["messages", tuple] or [namespace, "messages", tuple]
  const at = chunk.length === 2 && chunk[0] === "messages" ? 1 : chunk.length === 3 && Array.isArray(chunk[0]) && chunk[1] === "messages" ? 2 : -1;
  const opened = at > 0 ? openEnvelope(chunk[at]) : undefined;
  if (!opened) return undefined;
  return { inner: opened.inner, wrap: (inner) => chunk.map((part, i) => (i === at ? opened.wrap(inner) : part)) };
}
