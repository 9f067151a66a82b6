// Framework forms of a model turn, read like the provider shapes (metadata
// containers, tool calls the host would execute, visible text). Documented
// shapes followed:
// - AI SDK: a generateText / streamText result {text, content, toolCalls,
//   finishReason, rawFinishReason, providerMetadata, steps}, one step (the
//   same fields), a stream part ({type: "tool-call" | "tool-input-start" |
//   "tool-input-delta" | "text-delta" | "finish-step" | "finish", ...}) and a
//   language-model result whose finishReason is {unified, raw};
// - OpenAI Agents SDK ModelResponse {output: [items], usage, responseId | response_id, providerData}
//   (a Chat Completions model's providerData is the raw response: its choices are read);
// - MCP sampling CreateMessageResult {role, content: block | block[], model, stopReason};
//   tool_use blocks carry the calls.

import { Json, JsonType } from "../json/reader";
import { TurnView, arrayCount, blankString, has, hasString } from "./shape";

function isObject(json: Json, pos: i32): bool {
  return json.typeAt(pos) == JsonType.Object;
}

/** Each object member of `holder` (providerMetadata: {openai: {...}, anthropic: {...}}) as its own group. */
function addChildren(json: Json, holder: i32, view: TurnView, group: i32): i32 {
  if (!isObject(json, holder)) return group;
  let m = json.firstMember(holder);
  while (m >= 0) {
    view.add(json, json.memberValue(m), group++);
    m = json.nextMember(m);
  }
  return group;
}

/** AI SDK stream parts that carry part of a tool call the SDK or host will execute. */
function isToolPart(json: Json, type: i32): bool {
  return json.stringEquals(type, "tool-call") || json.stringEquals(type, "tool-input-start") ||
    json.stringEquals(type, "tool-input-delta") || json.stringEquals(type, "tool-input-end") ||
    json.stringEquals(type, "tool-call-streaming-start") || json.stringEquals(type, "tool-call-delta");
}

/** Whether the object looks like an AI SDK result, step or stream part. */
export function looksLikeAiSdk(json: Json, root: i32): bool {
  if (!isObject(json, root)) return false;
  const type = json.get(root, "type");
  if (json.typeAt(type) == JsonType.String) {
    return isToolPart(json, type) || json.stringEquals(type, "finish-step") || json.stringEquals(type, "finish") ||
      json.stringEquals(type, "text-delta") || json.stringEquals(type, "text") || json.stringEquals(type, "start-step") ||
      json.stringEquals(type, "text-start") || json.stringEquals(type, "text-end") || json.stringEquals(type, "start") ||
      json.stringEquals(type, "reasoning-delta") || json.stringEquals(type, "error") || json.stringEquals(type, "abort");
  }
  if (!has(json, root, "finishReason") && !has(json, root, "steps") && !has(json, root, "toolCalls")) return false;
  return !has(json, root, "role") && !has(json, root, "choices") && !has(json, root, "candidates");
}

/** Tool calls and text of one AI SDK result or step (its own fields only). */
function readStep(json: Json, step: i32, view: TurnView): i32 {
  let calls = arrayCount(json, json.get(step, "toolCalls"));
  // toolCalls is a getter over these two on a live result: a serialised one may keep only them.
  const split = arrayCount(json, json.get(step, "staticToolCalls")) + arrayCount(json, json.get(step, "dynamicToolCalls"));
  if (split > calls) calls = split;
  let fromContent = 0;
  const content = json.get(step, "content");
  let c = json.typeAt(content) == JsonType.Array ? json.firstElement(content) : -1;
  while (c >= 0) {
    const type = json.get(c, "type");
    if (json.typeAt(type) == JsonType.String && isToolPart(json, type)) fromContent++;
    else if (hasString(json, c, "type", "text")) {
      const text = json.get(c, "text");
      if (json.typeAt(text) == JsonType.String && !blankString(json, text)) view.blank = false;
    }
    c = json.nextElement(c);
  }
  const text = json.get(step, "text");
  if (json.typeAt(text) == JsonType.String && !blankString(json, text)) view.blank = false;
  if (fromContent > calls) calls = fromContent;
  return calls;
}

export function analyzeAiSdk(json: Json, root: i32, view: TurnView): void {
  view.add(json, root, 0);
  let group = addChildren(json, json.get(root, "providerMetadata"), view, 1);
  const type = json.get(root, "type");
  if (json.typeAt(type) == JsonType.String) {
    // One stream part.
    if (isToolPart(json, type)) view.toolCalls = 1;
    if (json.stringEquals(type, "text-delta") || json.stringEquals(type, "text")) {
      let text = json.get(root, "text");
      if (json.typeAt(text) != JsonType.String) text = json.get(root, "delta");
      if (json.typeAt(text) == JsonType.String && !blankString(json, text)) view.blank = false;
    }
    return;
  }
  let calls = readStep(json, root, view);
  // A result's last step is the turn whose calls are pending; earlier steps' calls already ran.
  const steps = json.get(root, "steps");
  let last = -1;
  let s = json.typeAt(steps) == JsonType.Array ? json.firstElement(steps) : -1;
  while (s >= 0) {
    if (isObject(json, s)) {
      view.add(json, s, group++);
      group = addChildren(json, json.get(s, "providerMetadata"), view, group);
      last = s;
    }
    s = json.nextElement(s);
  }
  if (last >= 0) {
    const stepCalls = readStep(json, last, view);
    if (stepCalls > calls) calls = stepCalls;
  }
  view.toolCalls = calls;
}

/** Output items the client executes (hosted tools already ran on the server). */
function isAgentsCall(json: Json, type: i32): bool {
  return json.stringEquals(type, "function_call") || json.stringEquals(type, "computer_call") ||
    json.stringEquals(type, "shell_call") || json.stringEquals(type, "local_shell_call") ||
    json.stringEquals(type, "apply_patch_call") || json.stringEquals(type, "custom_tool_call");
}

/**
 * A ModelResponse's providerData, and, when it is a raw Chat Completions
 * response (OpenAIChatCompletionsModel keeps it there), each of its choices
 * as its own group: the finish reason and content_filter_results sit on the choice.
 */
function addProviderData(json: Json, data: i32, view: TurnView, group: i32): i32 {
  view.add(json, data, group++);
  // Every copy of a repeated "choices" key: no copy can hide a stopped choice.
  let m = isObject(json, data) ? json.firstMember(data) : -1;
  while (m >= 0) {
    const choices = json.memberValue(m);
    if (json.stringEquals(m, "choices") && json.typeAt(choices) == JsonType.Array) {
      let c = json.firstElement(choices);
      while (c >= 0) {
        view.add(json, c, group++);
        c = json.nextElement(c);
      }
    }
    m = json.nextMember(m);
  }
  return group;
}

export function analyzeOpenAIAgents(json: Json, root: i32, view: TurnView): void {
  let group = 0;
  view.add(json, root, group++);
  group = addProviderData(json, json.get(root, "providerData"), view, group);
  group = addProviderData(json, json.get(root, "provider_data"), view, group);
  const output = json.get(root, "output");
  let e = json.typeAt(output) == JsonType.Array ? json.firstElement(output) : -1;
  while (e >= 0) {
    view.add(json, json.get(e, "providerData"), group++);
    const type = json.get(e, "type");
    if (json.typeAt(type) == JsonType.String) {
      if (isAgentsCall(json, type)) view.toolCalls++;
      else if (json.stringEquals(type, "message")) {
        const content = json.get(e, "content");
        let c = json.typeAt(content) == JsonType.Array ? json.firstElement(content) : -1;
        while (c >= 0) {
          const text = json.get(c, "text");
          if (json.typeAt(text) == JsonType.String && !blankString(json, text)) view.blank = false;
          c = json.nextElement(c);
        }
      }
    }
    e = json.nextElement(e);
  }
}

function mcpBlock(json: Json, block: i32, view: TurnView): void {
  if (hasString(json, block, "type", "tool_use")) view.toolCalls++;
  else if (hasString(json, block, "type", "text")) {
    const text = json.get(block, "text");
    if (json.typeAt(text) == JsonType.String && !blankString(json, text)) view.blank = false;
  } else if (isObject(json, block)) {
    view.blank = false; // an image or audio block is content
  }
}

export function analyzeMcpSampling(json: Json, root: i32, view: TurnView): void {
  const role = json.get(root, "role");
  if (json.typeAt(role) == JsonType.String && !json.stringEquals(role, "assistant")) view.ai = false;
  view.add(json, root, 0);
  view.add(json, json.get(root, "_meta"), 1);
  const content = json.get(root, "content");
  if (json.typeAt(content) == JsonType.Array) {
    let c = json.firstElement(content);
    while (c >= 0) {
      mcpBlock(json, c, view);
      c = json.nextElement(c);
    }
  } else {
    mcpBlock(json, content, view);
  }
}
