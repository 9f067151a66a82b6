// Which shape a model turn has, where its stop-reason metadata lives, how
// many tool calls it carries and whether its visible content is blank.
// Shapes: a LangChain-style AI message, a raw provider response (OpenAI
// Chat Completions, OpenAI Responses, Anthropic Messages, Gemini
// generateContent, Bedrock Converse), whole or as one streamed event, or a
// framework's own form of a model turn (AI SDK, OpenAI Agents SDK, MCP
// sampling, Claude Agent SDK). Codes are part of the ABI: new ones are
// appended, never renumbered.

import { DUPLICATE, Json, JsonType } from "../json/reader";
import { ByteBuffer } from "../util/bytes";

export const enum Shape {
  Auto = 0,
  LangChain = 1,
  OpenAIChat = 2,
  OpenAIResponses = 3,
  Anthropic = 4,
  Gemini = 5,
  Bedrock = 6,
  AiSdk = 7,
  OpenAIAgents = 8,
  McpSampling = 9,
  ClaudeAgentSdk = 10,
}

export const LAST_SHAPE: i32 = <i32>Shape.ClaudeAgentSdk;

export function shapeName(shape: Shape): string {
  switch (shape) {
    case Shape.LangChain: return "langchain";
    case Shape.OpenAIChat: return "openai_chat";
    case Shape.OpenAIResponses: return "openai_responses";
    case Shape.Anthropic: return "anthropic";
    case Shape.Gemini: return "gemini";
    case Shape.Bedrock: return "bedrock";
    case Shape.AiSdk: return "ai_sdk";
    case Shape.OpenAIAgents: return "openai_agents";
    case Shape.McpSampling: return "mcp_sampling";
    case Shape.ClaudeAgentSdk: return "claude_agent_sdk";
  }
  return "unknown";
}

/** What the detectors and the trigger need to know about one model turn. */
export class TurnView {
  shape: Shape = Shape.Auto;
  /** False for a message that is not the model's (human, tool, system). */
  ai: bool = true;
  /**
   * Metadata containers, in lookup order. Containers of one group are one
   * DeerFlow lookup (response_metadata, then additional_kwargs: the first
   * non-empty string wins); each choice or candidate is its own group.
   */
  containers: Array<i32> = [];
  groups: Array<i32> = [];
  /** Where extras are read (LangChain: response_metadata only); -1 = the hit's container. */
  extrasFrom: i32 = -1;
  toolCalls: i32 = 0;
  blank: bool = true;
  /** JSON Pointer to the turn inside an envelope (a batch line, a message list); "" = the root. */
  at: string = "";
  /** Every detector reads every stop field (frameworks that put any provider's reason in one field). */
  borrowKeys: bool = false;

  reset(): void {
    this.at = "";
    this.borrowKeys = false;
    this.shape = Shape.Auto;
    this.ai = true;
    this.containers.length = 0;
    this.groups.length = 0;
    this.extrasFrom = -1;
    this.toolCalls = 0;
    this.blank = true;
  }

  add(json: Json, pos: i32, group: i32): void {
    if (json.typeAt(pos) != JsonType.Object) return; // DeerFlow skips a non-dict container
    this.containers.push(pos);
    this.groups.push(group);
  }

  /**
   * The object under `key` in obj, in `group`. A repeated key cannot hide a
   * container: each copy is added in a group of its own, so a copy that
   * signals wins. Returns the group for the next container.
   */
  addEach(json: Json, obj: i32, key: string, group: i32): i32 {
    const separate = json.get(obj, key) == DUPLICATE;
    let m = json.typeAt(obj) == JsonType.Object ? json.firstMember(obj) : -1;
    while (m >= 0) {
      if (json.stringEquals(m, key)) {
        this.add(json, json.memberValue(m), group);
        if (separate) group++;
      }
      m = json.nextMember(m);
    }
    return group;
  }
}

const scratch = new ByteBuffer(256);

/** True for a code point Python's str.isspace() accepts (DeerFlow strips with it). */
function isPySpace(cp: u32): bool {
  if (cp <= 0x20) return cp == 0x20 || (cp >= 0x09 && cp <= 0x0d) || (cp >= 0x1c && cp <= 0x1f);
  if (cp < 0x85) return false;
  return cp == 0x85 || cp == 0xa0 || cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200a) ||
    cp == 0x2028 || cp == 0x2029 || cp == 0x202f || cp == 0x205f || cp == 0x3000;
}

/** Whether the JSON string at pos is empty or whitespace only. */
export function blankString(json: Json, pos: i32): bool {
  scratch.reset();
  if (!json.decodeString(pos, scratch)) return true;
  const p = scratch.ptr;
  const n = scratch.length;
  let i = 0;
  // Validated UTF-8 (the reader checked it), so lead bytes give the length.
  while (i < n) {
    const b0 = <u32>load<u8>(p + <usize>i);
    let cp: u32;
    if (b0 < 0x80) {
      cp = b0;
      i += 1;
    } else if (b0 < 0xe0) {
      cp = ((b0 & 0x1f) << 6) | (<u32>load<u8>(p + <usize>i + 1) & 0x3f);
      i += 2;
    } else if (b0 < 0xf0) {
      cp = ((b0 & 0x0f) << 12) | ((<u32>load<u8>(p + <usize>i + 1) & 0x3f) << 6) | (<u32>load<u8>(p + <usize>i + 2) & 0x3f);
      i += 3;
    } else {
      return false; // astral planes hold no whitespace
    }
    if (!isPySpace(cp)) return false;
  }
  return true;
}

/** Python truthiness of a JSON value (`x or ""`). */
export function truthy(json: Json, pos: i32): bool {
  const t = json.typeAt(pos);
  if (t == JsonType.None || t == JsonType.Null || t == JsonType.False) return false;
  if (t == JsonType.String) return json.skipValue(pos) - pos > 2;
  if (t == JsonType.Number) return json.readNumber(pos) != 0;
  if (t == JsonType.Object) return json.firstMember(pos) >= 0;
  if (t == JsonType.Array) return json.firstElement(pos) >= 0;
  return true;
}

/**
 * DeerFlow's `message_content_to_text(content).strip()` is empty: a string
 * that is blank, or a list whose string items and dict `text` values are all
 * blank. `textKey` is how a block names its text; `skipThoughts` ignores
 * Gemini parts marked `thought: true`.
 */
export function blankContent(json: Json, pos: i32): bool {
  const t = json.typeAt(pos);
  if (t == JsonType.String) return blankString(json, pos);
  if (t == JsonType.Array) {
    let e = json.firstElement(pos);
    while (e >= 0) {
      if (!blankBlock(json, e)) return false;
      e = json.nextElement(e);
    }
    return true;
  }
  // None, "", 0, false, {} are falsy (`content or ""`); anything else is str()-ed.
  return !truthy(json, pos);
}

function blankBlock(json: Json, e: i32): bool {
  const t = json.typeAt(e);
  if (t == JsonType.String) return blankString(json, e);
  if (t != JsonType.Object) return true;
  const thought = json.get(e, "thought");
  if (thought >= 0 && json.typeAt(thought) == JsonType.True) return true;
  const text = json.get(e, "text");
  if (text == -2) return false; // ambiguous: count it as content, which only makes us stricter on tool calls
  return json.typeAt(text) != JsonType.String || blankString(json, text);
}

/**
 * Number of elements of the array at pos (0 when not an array). A duplicated
 * key (pos == DUPLICATE) counts as one call: which copy a host reads depends
 * on its parser, so the turn is treated as carrying one.
 */
export function arrayCount(json: Json, pos: i32): i32 {
  if (pos == DUPLICATE) return 1;
  if (json.typeAt(pos) != JsonType.Array) return 0;
  let n = 0;
  let e = json.firstElement(pos);
  while (e >= 0) {
    n++;
    e = json.nextElement(e);
  }
  return n;
}

/** Whether the object at pos has the string member `key` equal to `value`. */
export function hasString(json: Json, pos: i32, key: string, value: string): bool {
  const v = json.get(pos, key);
  return v >= 0 && json.typeAt(v) == JsonType.String && json.stringEquals(v, value);
}

/** True when the member is present (duplicates count as present). */
export function has(json: Json, pos: i32, key: string): bool {
  const v = json.get(pos, key);
  return v >= 0 || v == -2;
}
