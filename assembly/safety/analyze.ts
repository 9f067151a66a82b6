// Fill a TurnView from a validated JSON document: pick the shape (or take
// the one named), then collect metadata containers, count the tool calls the
// host would execute, and decide whether the visible content is blank.

import { Json, JsonType } from "../json/reader";
import { Shape, TurnView, arrayCount, blankContent, blankString, has, hasString, shapeName, truthy } from "./shape";
import { peel } from "./envelope";
import { analyzeAiSdk, analyzeMcpSampling, analyzeOpenAIAgents, looksLikeAiSdk } from "./frameworks";

/** Guess the shape of the object at root. */
export function detectShape(json: Json, root: i32): Shape {
  if (json.typeAt(json.get(root, "choices")) == JsonType.Array) return Shape.OpenAIChat;
  if (looksLikeAiSdk(json, root)) return Shape.AiSdk;
  if (json.typeAt(json.get(root, "output")) == JsonType.Array && !has(json, root, "status") && !has(json, root, "object") &&
      (has(json, root, "responseId") || has(json, root, "response_id") || has(json, root, "providerData"))) return Shape.OpenAIAgents;
  // An MCP CreateMessageResult; `model` is required by the spec but a client may drop it: its tool_use blocks still count.
  if (hasString(json, root, "role", "assistant") && has(json, root, "stopReason") && has(json, root, "content") && !has(json, root, "output")) return Shape.McpSampling;
  if (json.typeAt(json.get(root, "candidates")) == JsonType.Array || has(json, root, "promptFeedback") || has(json, root, "prompt_feedback")) return Shape.Gemini;
  if (hasString(json, root, "object", "response")) return Shape.OpenAIResponses;
  if (json.typeAt(json.get(root, "output")) == JsonType.Array && has(json, root, "status")) return Shape.OpenAIResponses;
  if (json.typeAt(json.get(root, "response")) == JsonType.Object && startsWithString(json, json.get(root, "type"), "response.")) return Shape.OpenAIResponses;
  if (json.typeAt(json.get(root, "output")) == JsonType.Object || has(json, root, "stopReason") || has(json, root, "messageStop")) return Shape.Bedrock;
  // Strands Agents AgentResult: {stop_reason, message: {role, content: [Bedrock blocks]}}.
  if (has(json, root, "stop_reason") && json.typeAt(json.get(root, "message")) == JsonType.Object && !has(json, root, "type")) return Shape.Bedrock;
  if (hasString(json, root, "type", "message") || hasString(json, root, "type", "message_delta") || hasString(json, root, "type", "message_start")) return Shape.Anthropic;
  if (hasString(json, root, "role", "assistant") && has(json, root, "stop_reason") && json.typeAt(json.get(root, "content")) == JsonType.Array) return Shape.Anthropic;
  return Shape.LangChain;
}

function startsWithString(json: Json, pos: i32, prefix: string): bool {
  if (json.typeAt(pos) != JsonType.String) return false;
  const s = json.readString(pos);
  return s != null && s.startsWith(prefix);
}

/**
 * Fill `view` for the document at root, in the shape named (Auto: guessed,
 * after peeling envelopes). Returns "" or, when the caller named a shape the
 * input does not have, why not: an unknown shape is an error, never a pass.
 */
export function analyze(json: Json, root: i32, named: Shape, view: TurnView): string {
  let shape = named;
  let generationInfo = -1;
  if (named == Shape.Auto || named == Shape.LangChain || named == Shape.ClaudeAgentSdk) {
    const p = peel(json, root, view, named == Shape.LangChain);
    if (p.error.length > 0) return p.error;
    if (named == Shape.ClaudeAgentSdk && p.shape != Shape.Anthropic) {
      return "unknown shape: claude_agent_sdk expects an SDK message {type: \"assistant\", message}";
    }
    root = p.root;
    generationInfo = p.generationInfo;
    if (named == Shape.Auto) shape = p.shape;
    else if (named == Shape.ClaudeAgentSdk) shape = Shape.Anthropic;
  }
  if (json.typeAt(root) != JsonType.Object) {
    if (named != Shape.Auto) return "unknown shape: " + shapeName(named) + " expects a JSON object";
    // An empty message list: no turn to check.
    view.shape = Shape.LangChain;
    view.ai = false;
    return "";
  }
  if (shape == Shape.Auto) shape = detectShape(json, root);
  else if (!shapeMatches(json, root, shape)) return "unknown shape: the input is not " + shapeName(named) + " (" + expectation(shape) + ")";
  view.shape = shape;
  view.borrowKeys = shape == Shape.AiSdk || shape == Shape.McpSampling;
  if (generationInfo >= 0) view.add(json, generationInfo, 1000000);
  if (shape == Shape.LangChain) analyzeLangChain(json, root, view);
  else if (shape == Shape.AiSdk) analyzeAiSdk(json, root, view);
  else if (shape == Shape.OpenAIAgents) analyzeOpenAIAgents(json, root, view);
  else if (shape == Shape.McpSampling) analyzeMcpSampling(json, root, view);
  else if (shape == Shape.OpenAIChat) analyzeOpenAIChat(json, root, view);
  else if (shape == Shape.OpenAIResponses) analyzeResponses(json, root, view);
  else if (shape == Shape.Anthropic) analyzeAnthropic(json, root, view);
  else if (shape == Shape.Gemini) analyzeGemini(json, root, view);
  else analyzeBedrock(json, root, view);
  return "";
}

/**
 * Whether a named framework shape fits the object. The provider shapes keep
 * their permissive reading (a stream of one provider carries many event
 * kinds, each read as that provider's).
 */
function shapeMatches(json: Json, root: i32, shape: Shape): bool {
  if (shape == Shape.AiSdk) return looksLikeAiSdk(json, root);
  if (shape == Shape.OpenAIAgents) return json.typeAt(json.get(root, "output")) == JsonType.Array;
  if (shape == Shape.McpSampling) return has(json, root, "content") && (has(json, root, "role") || has(json, root, "stopReason"));
  if (shape == Shape.LangChain) {
    return has(json, root, "content") || has(json, root, "tool_calls") || has(json, root, "toolCalls") ||
      has(json, root, "tool_call_chunks") || has(json, root, "response_metadata") || has(json, root, "additional_kwargs") ||
      (has(json, root, "lc") && has(json, root, "kwargs"));
  }
  return true;
}

function expectation(shape: Shape): string {
  if (shape == Shape.AiSdk) return "expected a generateText/streamText result, a step or a stream part";
  if (shape == Shape.OpenAIAgents) return "expected a ModelResponse with an output array";
  if (shape == Shape.McpSampling) return "expected a CreateMessageResult with role and content";
  if (shape == Shape.LangChain) return "expected an AIMessage: content, tool_calls, response_metadata";
  return "unexpected input";
}

function isAiName(json: Json, pos: i32): bool {
  return json.stringEquals(pos, "ai") || json.stringEquals(pos, "AIMessage") || json.stringEquals(pos, "AIMessageChunk") ||
    json.stringEquals(pos, "assistant") || json.stringEquals(pos, "model");
}

function analyzeLangChain(json: Json, root: i32, view: TurnView): void {
  // The LangChain serialized form: {lc: 1, type: "constructor", id: [..., "AIMessage"], kwargs: {...}}.
  const kwargs = json.get(root, "kwargs");
  // Serialized only when the whole message says so: {lc, type: "constructor", id, kwargs}.
  if (has(json, root, "lc") && json.typeAt(kwargs) == JsonType.Object && hasString(json, root, "type", "constructor")) {
    const id = json.get(root, "id");
    let last = -1;
    let e = json.firstElement(id);
    while (json.typeAt(id) == JsonType.Array && e >= 0) {
      last = e;
      e = json.nextElement(e);
    }
    if (last < 0 || !isAiName(json, last)) {
      view.ai = false;
      return;
    }
    root = kwargs;
    view.at += "/kwargs";
  }
  // A message typed or roled as something else is not the model's turn.
  const type = json.get(root, "type");
  if (json.typeAt(type) == JsonType.String && !isAiName(json, type)) view.ai = false;
  const role = json.get(root, "role");
  if (json.typeAt(role) == JsonType.String && !isAiName(json, role)) view.ai = false;
  if (type == -2 || role == -2) view.ai = true; // ambiguous: treat as the model's, so it is checked
  if (!view.ai) return;

  const meta = json.get(root, "response_metadata");
  const kw = json.get(root, "additional_kwargs");
  view.addEach(json, root, "additional_kwargs", view.addEach(json, root, "response_metadata", 0));
  view.extrasFrom = json.typeAt(meta) == JsonType.Object ? meta : -2;

  // Structured tool_calls are what DeerFlow reads; the raw provider fields and
  // streamed chunks are counted too, so a message that kept only those fails closed.
  let calls = arrayCount(json, json.get(root, "tool_calls"));
  const chunks = arrayCount(json, json.get(root, "tool_call_chunks"));
  if (chunks > calls) calls = chunks;
  // LangChain.js spells it toolCalls in some serialisations.
  const camel = arrayCount(json, json.get(root, "toolCalls"));
  if (camel > calls) calls = camel;
  // Calls kept only as content blocks: Anthropic tool_use, LangChain v1 standard tool_call.
  const blocks = contentCalls(json, json.get(root, "content"));
  if (blocks > calls) calls = blocks;
  if (json.typeAt(kw) == JsonType.Object) {
    let raw = arrayCount(json, json.get(kw, "tool_calls"));
    if (truthy(json, json.get(kw, "function_call"))) raw++;
    if (raw > calls) calls = raw;
  }
  view.toolCalls = calls;
  view.blank = blankContent(json, json.get(root, "content"));
}

/** Content blocks that are tool calls the host executes. */
function contentCalls(json: Json, content: i32): i32 {
  if (json.typeAt(content) != JsonType.Array) return 0;
  let n = 0;
  let c = json.firstElement(content);
  while (c >= 0) {
    if (hasString(json, c, "type", "tool_use") || hasString(json, c, "type", "tool_call") || hasString(json, c, "type", "function_call")) n++;
    c = json.nextElement(c);
  }
  return n;
}

function analyzeOpenAIChat(json: Json, root: i32, view: TurnView): void {
  const choices = json.get(root, "choices");
  let group = 0;
  let e = json.typeAt(choices) == JsonType.Array ? json.firstElement(choices) : -1;
  while (e >= 0) {
    view.add(json, e, group++);
    // A completion has `message`; a streamed chunk has `delta`.
    let msg = json.get(e, "message");
    if (json.typeAt(msg) != JsonType.Object) msg = json.get(e, "delta");
    if (json.typeAt(msg) == JsonType.Object) {
      // The legacy Azure OpenAI JS SDK spells a choice's calls toolCalls / functionCall.
      let calls = arrayCount(json, json.get(msg, "tool_calls"));
      const camel = arrayCount(json, json.get(msg, "toolCalls"));
      if (camel > calls) calls = camel;
      if (truthy(json, json.get(msg, "function_call")) || truthy(json, json.get(msg, "functionCall"))) calls++;
      view.toolCalls += calls;
      if (!blankContent(json, json.get(msg, "content"))) view.blank = false;
    }
    e = json.nextElement(e);
  }
}

function analyzeResponses(json: Json, root: i32, view: TurnView): void {
  // A streamed event ({type: "response.incomplete", response: {...}}) wraps the response.
  const inner = json.get(root, "response");
  if (json.typeAt(inner) == JsonType.Object && json.typeAt(json.get(root, "output")) != JsonType.Array) root = inner;
  view.add(json, root, 0);
  const output = json.get(root, "output");
  let e = json.firstElement(output);
  while (json.typeAt(output) == JsonType.Array && e >= 0) {
    const type = json.get(e, "type");
    if (json.typeAt(type) == JsonType.String) {
      if (json.stringEquals(type, "message")) {
        const content = json.get(e, "content");
        let c = json.firstElement(content);
        while (json.typeAt(content) == JsonType.Array && c >= 0) {
          if (hasString(json, c, "type", "output_text")) {
            const text = json.get(c, "text");
            if (json.typeAt(text) == JsonType.String && !blankString(json, text)) view.blank = false;
          }
          c = json.nextElement(c);
        }
      } else if (isClientToolCall(json, type)) {
        view.toolCalls++;
      }
    }
    e = json.nextElement(e);
  }
}

/** Output items the client executes (server-side tools such as web_search_call already ran). */
function isClientToolCall(json: Json, type: i32): bool {
  return json.stringEquals(type, "function_call") || json.stringEquals(type, "custom_tool_call") ||
    json.stringEquals(type, "computer_call") || json.stringEquals(type, "local_shell_call") ||
    json.stringEquals(type, "shell_call") || json.stringEquals(type, "apply_patch_call") ||
    // The server runs an MCP call once the client approves it.
    json.stringEquals(type, "mcp_approval_request");
}

function analyzeAnthropic(json: Json, root: i32, view: TurnView): void {
  // Streamed: message_start wraps the message; message_delta carries stop_reason in `delta`.
  const message = json.get(root, "message");
  if (json.typeAt(message) == JsonType.Object) root = message;
  const delta = json.get(root, "delta");
  if (hasString(json, root, "type", "message_delta") && json.typeAt(delta) == JsonType.Object) view.add(json, delta, 0);
  view.add(json, root, 0);
  const content = json.get(root, "content");
  if (json.typeAt(content) == JsonType.String) {
    view.blank = blankString(json, content);
    return;
  }
  let c = json.firstElement(content);
  while (json.typeAt(content) == JsonType.Array && c >= 0) {
    if (hasString(json, c, "type", "tool_use")) view.toolCalls++;
    else if (hasString(json, c, "type", "text")) {
      const text = json.get(c, "text");
      if (json.typeAt(text) == JsonType.String && !blankString(json, text)) view.blank = false;
    }
    c = json.nextElement(c);
  }
}

function analyzeGemini(json: Json, root: i32, view: TurnView): void {
  const candidates = json.get(root, "candidates");
  let group = 0;
  let e = json.firstElement(candidates);
  while (json.typeAt(candidates) == JsonType.Array && e >= 0) {
    view.add(json, e, group++);
    const content = json.get(e, "content");
    const parts = json.get(content, "parts");
    let p = json.firstElement(parts);
    while (json.typeAt(parts) == JsonType.Array && p >= 0) {
      if (has(json, p, "functionCall") || has(json, p, "function_call")) view.toolCalls++;
      else if (!blankBlock(json, p)) view.blank = false;
      p = json.nextElement(p);
    }
    e = json.nextElement(e);
  }
  // A prompt blocked before generation: no candidates, promptFeedback.blockReason.
  let feedback = json.get(root, "promptFeedback");
  if (json.typeAt(feedback) != JsonType.Object) feedback = json.get(root, "prompt_feedback");
  view.add(json, feedback, group);
}

function blankBlock(json: Json, p: i32): bool {
  if (json.typeAt(p) != JsonType.Object) return true;
  const thought = json.get(p, "thought");
  if (json.typeAt(thought) == JsonType.True) return true;
  const text = json.get(p, "text");
  return json.typeAt(text) != JsonType.String || blankString(json, text);
}

function analyzeBedrock(json: Json, root: i32, view: TurnView): void {
  // Streamed: {messageStop: {stopReason}}.
  const stop = json.get(root, "messageStop");
  if (json.typeAt(stop) == JsonType.Object) view.add(json, stop, 0);
  view.add(json, root, 0);
  let message = json.get(json.get(root, "output"), "message");
  // Strands Agents AgentResult keeps the Bedrock message at the top.
  if (json.typeAt(message) != JsonType.Object) message = json.get(root, "message");
  const content = json.get(message, "content");
  let c = json.firstElement(content);
  while (json.typeAt(content) == JsonType.Array && c >= 0) {
    if (has(json, c, "toolUse")) view.toolCalls++;
    else {
      const text = json.get(c, "text");
      if (json.typeAt(text) == JsonType.String && !blankString(json, text)) view.blank = false;
    }
    c = json.nextElement(c);
  }
}
