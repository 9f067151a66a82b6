// Envelopes around a model turn: batch result lines, message lists and
// framework wrappers. Each is peeled to the turn inside, and the way in is
// kept as a JSON Pointer (TurnView.at) so the rewrite edits that same turn.
// Documented shapes followed:
// - OpenAI Batch output line: {id, custom_id, response: {status_code, request_id, body}, error}
//   (body: a Chat Completions or Responses object);
// - Anthropic Message Batches result: {custom_id, result: {type: "succeeded", message}};
// - Gemini API batch output {key, response} and Vertex AI batch prediction output
//   {request, response, status} (response: a GenerateContentResponse);
// - LangChain messages_to_dict(): [{type, data}] and message_to_dict(): {type, data};
// - LangGraph state {messages: [...]} and a bare message list: the last message is the turn;
// - LangChain ChatGeneration {text, message, generation_info, type: "ChatGeneration"};
// - Claude Agent SDK SDKAssistantMessage {type: "assistant", message, parent_tool_use_id, session_id};
// - Strands Agents stream event {event: {messageStop | contentBlockStart | ...}}.

import { DUPLICATE, Json, JsonType } from "../json/reader";
import { Shape, TurnView, has, hasString } from "./shape";

/** Far deeper than any real wrapping (a batch line around a list around a message); past it, an error. */
const MAX_PEEL = 32;

/** What peeling found: the turn's position and, when the envelope decides it, its shape. */
export class Peeled {
  root: i32 = -1;
  shape: Shape = Shape.Auto;
  /** ChatGeneration.generation_info, read before the message's own metadata; -1 when none. */
  generationInfo: i32 = -1;
  /** Why the envelope cannot be read ("" when it can). */
  error: string = "";
}

/** Keys that decide how an envelope is opened. */
const ENVELOPE_KEYS: StaticArray<string> = ["messages", "data", "message", "generation_info", "response", "body", "result", "event", "type"];

/**
 * A repeated envelope key: which copy a host reads depends on its parser,
 * so the turn cannot be located, and that is an error rather than a pass.
 */
function duplicateKey(json: Json, r: i32): string {
  for (let i = 0; i < ENVELOPE_KEYS.length; i++) {
    if (json.get(r, ENVELOPE_KEYS[i]) == DUPLICATE) return ENVELOPE_KEYS[i];
  }
  const response = json.get(r, "response");
  if (isObject(json, response) && json.get(response, "body") == DUPLICATE) return "body";
  const result = json.get(r, "result");
  if (isObject(json, result) && json.get(result, "message") == DUPLICATE) return "message";
  return "";
}

const peeled = new Peeled();

function isObject(json: Json, pos: i32): bool {
  return json.typeAt(pos) == JsonType.Object;
}

/** The last element of the array at pos and its index, or -1. */
function lastElement(json: Json, arr: i32, index: StaticArray<i32>): i32 {
  let last = -1;
  let i = 0;
  let e = json.firstElement(arr);
  while (e >= 0) {
    last = e;
    index[0] = i++;
    e = json.nextElement(e);
  }
  return last;
}

const indexOut = new StaticArray<i32>(1);

/**
 * Peel the envelopes around root. `langchainOnly` keeps to LangChain's own
 * wrappers (a caller named that shape). A message list with no element
 * leaves root on the list, which no analyzer reads as a model turn.
 */
export function peel(json: Json, root: i32, view: TurnView, langchainOnly: bool): Peeled {
  peeled.root = root;
  peeled.shape = Shape.Auto;
  peeled.generationInfo = -1;
  peeled.error = "";
  for (let step = 0; step < MAX_PEEL; step++) {
    const r = peeled.root;
    if (json.typeAt(r) == JsonType.Array) {
      const last = lastElement(json, r, indexOut);
      if (last < 0) return peeled;
      view.at += "/" + indexOut[0].toString();
      peeled.root = last;
      continue;
    }
    if (!isObject(json, r)) return peeled;
    const dup = duplicateKey(json, r);
    if (dup.length > 0) {
      peeled.error = "duplicate key \"" + dup + "\" in an envelope: the turn inside cannot be located";
      return peeled;
    }
    const messages = json.get(r, "messages");
    if (json.typeAt(messages) == JsonType.Array && !has(json, r, "choices") && !has(json, r, "candidates") &&
        !has(json, r, "content") && !has(json, r, "role")) {
      view.at += "/messages";
      peeled.root = messages;
      continue;
    }
    const data = json.get(r, "data");
    if (isObject(json, data) && json.typeAt(json.get(r, "type")) == JsonType.String && !has(json, r, "content")) {
      view.at += "/data";
      peeled.root = data;
      peeled.shape = Shape.LangChain;
      continue;
    }
    const message = json.get(r, "message");
    if (isObject(json, message) && (has(json, r, "generation_info") || hasString(json, r, "type", "ChatGeneration") || hasString(json, r, "type", "ChatGenerationChunk"))) {
      const info = json.get(r, "generation_info");
      if (isObject(json, info)) peeled.generationInfo = info;
      view.at += "/message";
      peeled.root = message;
      peeled.shape = Shape.LangChain;
      return peeled;
    }
    if (langchainOnly) return peeled;
    if (isObject(json, message) && (hasString(json, r, "type", "assistant") || hasString(json, r, "type", "user"))) {
      view.at += "/message";
      peeled.root = message;
      peeled.shape = Shape.Anthropic;
      return peeled;
    }
    const response = json.get(r, "response");
    const body = json.get(response, "body");
    if (isObject(json, response) && isObject(json, body)) {
      view.at += "/response/body";
      peeled.root = body;
      continue;
    }
    if (isObject(json, response) && (json.typeAt(json.get(response, "candidates")) == JsonType.Array || has(json, response, "promptFeedback") || has(json, response, "prompt_feedback"))) {
      view.at += "/response";
      peeled.root = response;
      peeled.shape = Shape.Gemini;
      return peeled;
    }
    const result = json.get(r, "result");
    if (isObject(json, result) && isObject(json, json.get(result, "message"))) {
      view.at += "/result/message";
      peeled.root = json.get(result, "message");
      peeled.shape = Shape.Anthropic;
      return peeled;
    }
    const event = json.get(r, "event");
    if (isObject(json, event) && !has(json, r, "type") && !has(json, r, "choices")) {
      view.at += "/event";
      peeled.root = event;
      peeled.shape = Shape.Bedrock;
      return peeled;
    }
    return peeled;
  }
  peeled.error = "envelopes nested deeper than " + MAX_PEEL.toString() + " levels: the turn inside cannot be located";
  return peeled;
}
