/**
 * @module
 * Rewrite a safety-stopped model turn, keeping its shape (DeerFlow
 * `_build_suppressed_message` + `clone_ai_message_with_tool_calls`):
 * clear the tool calls and the provider's raw tool-call fields, keep the
 * partial text and append the explanation, stamp `safety_termination`.
 * The input is never mutated; ids and unrelated fields are kept. Only the
 * top levels are copied (see copyTop): deeper values are shared with it.
 */

import { stringifyDeep } from "./deep-json.ts";
import { asList as asArray, isObject, nonEmpty, type JsonObject as Json } from "./json-guards.ts";
import { CALL_KEYS, callParts, startedCalls } from "./openai-choice.ts";
import { emptyExplanation, suppressedExplanation } from "./templates.ts";
import type { SafetyShape, SafetyTermination, SafetyTerminationMetadata } from "./types.ts";


/** A suppressed call as recorded: name and id only, never arguments. */
export interface SuppressedCall {
  name: string;
  id?: string;
}

export interface RewriteOutcome {
  message: unknown;
  metadata: SafetyTerminationMetadata;
  calls: SuppressedCall[];
}

/** Content blocks that are calls the host executes: Anthropic tool_use, LangChain v1 tool_call. */
export const CONTENT_CALLS = new Set(["tool_use", "tool_call", "function_call"]);

/** Client tool-call items of the Responses API (server tools already ran). */
export const RESPONSES_CALLS = new Set(["function_call", "custom_tool_call", "computer_call", "local_shell_call", "shell_call", "apply_patch_call", "mcp_approval_request"]);

function nameOf(x: unknown): string {
  return (isObject(x) && nonEmpty(x.name)) || "unknown";
}

function idOf(x: unknown, key = "id"): string | undefined {
  return isObject(x) ? nonEmpty(x[key]) : undefined;
}

/** Append the explanation DeerFlow's way: alone, after "\n\n", or as a trailing text block. */
export function appendExplanation(content: unknown, explanation: string, block: (text: string) => unknown = (text) => ({ type: "text", text })): unknown {
  if (content === null || content === undefined || content === "") return explanation;
  if (typeof content === "string") return `${content}\n\n${explanation}`;
  if (Array.isArray(content)) return content.length === 0 ? [block(explanation)] : [...content, block(`\n\n${explanation}`)];
  return `${typeof content === "object" ? stringifyDeep(content) : String(content)}\n\n${explanation}`;
}

export function explanationFor(t: SafetyTermination, calls: number): string {
  return (calls > 0 ? suppressedExplanation : emptyExplanation)(t.reason_field, t.reason_value, t.detector);
}

export function metadataFor(t: SafetyTermination, calls: SuppressedCall[]): SafetyTerminationMetadata {
  return {
    detector: t.detector,
    reason_field: t.reason_field,
    reason_value: t.reason_value,
    suppressed_tool_call_count: calls.length,
    suppressed_tool_call_names: calls.map((c) => c.name),
    extras: structuredClone(t.extras ?? {}),
  };
}

/**
 * Calls suppressed earlier in a stream, then the ones found in this chunk;
 * a call seen in both (a final event repeating the whole output) counts once.
 */
function mergeCalls(prior: SuppressedCall[], found: SuppressedCall[]): SuppressedCall[] {
  const ids = new Set(prior.map((c) => c.id).filter((id) => id !== undefined));
  return [...prior, ...found.filter((c) => c.id === undefined || !ids.has(c.id))];
}

/**
 * Rewrite `message` (already detected as `shape`) for termination `t`.
 * `prior` lists calls a stream already suppressed before this, its stop chunk.
 * `at` is the core's JSON Pointer to the turn inside an envelope (a batch
 * line, a message list): the turn there is rewritten, the envelope copied
 * along the way and otherwise kept. `only` limits a multi-choice turn's
 * rewrite to the choices (candidates) at those positions.
 */
export function rewriteMessage(
  message: unknown, shape: Exclude<SafetyShape, "auto">, t: SafetyTermination, prior: SuppressedCall[] = [], at = "", only?: ReadonlySet<number>,
): RewriteOutcome {
  const all = (found: SuppressedCall[]) => mergeCalls(prior, found);
  const outcome = rewriteAt(message, pointerSegments(at), (turn) => rewriteShape(copyTop(turn, EDITED_LEVELS) as Json, shape, t, all, only));
  // The stamp on the message and the metadata handed back must not alias.
  return { ...outcome, metadata: structuredClone(outcome.metadata) };
}

/** RFC 6901 segments of a pointer ("" = the whole document). */
function pointerSegments(at: string): string[] {
  if (!at) return [];
  if (!at.startsWith("/")) throw new Error(`not a JSON Pointer: ${JSON.stringify(at)}`);
  return at.slice(1).split("/").map((s) => s.replaceAll("~1", "/").replaceAll("~0", "~"));
}

/** Copy each container on the path and rewrite the turn at its end. */
function rewriteAt(value: unknown, path: string[], rewrite: (turn: unknown) => RewriteOutcome): RewriteOutcome {
  if (path.length === 0) return rewrite(value);
  const [key, ...rest] = path;
  if (Array.isArray(value)) {
    const copy = [...value];
    const outcome = rewriteAt(copy[Number(key)], rest, rewrite);
    copy[Number(key)] = outcome.message;
    return { ...outcome, message: copy };
  }
  if (!isObject(value)) throw new Error(`the turn's path ends at a ${value === null ? "null" : typeof value}, not a container`);
  // A live LangChain message (a Serializable with lc_kwargs) was read by the core as its JSON form
  // {lc, type, id, kwargs}; its `kwargs` are the instance's own fields, so that step stays on the instance.
  if (key === "kwargs" && !("kwargs" in value) && "lc_kwargs" in value) return rewriteAt(value, rest, rewrite);
  const copy: Json = { ...value };
  const outcome = rewriteAt(copy[key], rest, rewrite);
  copy[key] = outcome.message;
  return { ...outcome, message: copy };
}

function rewriteShape(copy: Json, shape: Exclude<SafetyShape, "auto">, t: SafetyTermination, all: Merge, only?: ReadonlySet<number>): RewriteOutcome {
  switch (shape) {
    case "openai_chat":
      return rewriteChoices(copy, t, all, only);
    case "openai_responses":
    case "openai_agents":
      return rewriteResponses(copy, t, all);
    case "anthropic":
      return rewriteBlocks(copy, t, "anthropic", all);
    case "gemini":
      return rewriteGemini(copy, t, all, only);
    case "bedrock":
      return rewriteBlocks(copy, t, "bedrock", all);
    case "ai_sdk":
      return rewriteAiSdk(copy, t, all);
    case "mcp_sampling":
      return rewriteMcp(copy, t, all);
    default:
      return rewriteLangChain(copy, t, all);
  }
}

type Merge = (found: SuppressedCall[]) => SuppressedCall[];

/**
 * The rewrite edits nothing deeper than a Responses event's
 * response.output[i].content (level 4); one more level for margin.
 */
const EDITED_LEVELS = 6;

/**
 * Copy arrays and objects down to `levels` levels and share what lies deeper
 * (DeerFlow's model_copy is shallow too). A full deep clone of model-made
 * arguments overflows the stack at a few thousand levels; these are dropped
 * or left untouched anyway. Dates, maps, sets and binary data are shared.
 */
function copyTop(value: unknown, levels: number): unknown {
  if (levels === 0 || typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) return value.map((v) => copyTop(v, levels - 1));
  if (value instanceof Date || value instanceof Map || value instanceof Set || value instanceof RegExp || value instanceof ArrayBuffer || ArrayBuffer.isView(value)) return value;
  const out: Json = {};
  for (const [key, v] of Object.entries(value)) out[key] = copyTop(v, levels - 1);
  return out;
}

function rewriteLangChain(root: Json, t: SafetyTermination, merge: Merge): RewriteOutcome {
  // The core points into kwargs for the serialized form {lc, type: "constructor", id, kwargs}: root is the message.
  const target = root;
  const kwargs = isObject(target.additional_kwargs) ? (target.additional_kwargs as Json) : undefined;
  const structured = [...asArray(target.tool_calls), ...asArray(target.toolCalls)];
  let calls: SuppressedCall[] = structured.map((c) => ({ name: nameOf(c), id: idOf(c) }));
  // Calls kept as content blocks (Anthropic tool_use, LangChain v1 tool_call) go too; one already listed counts once.
  if (Array.isArray(target.content)) {
    const ids = new Set(calls.map((c) => c.id).filter(Boolean));
    target.content = target.content.filter((b) => {
      if (!isObject(b) || !CONTENT_CALLS.has(b.type as string)) return true;
      if (!ids.has(idOf(b))) calls.push({ name: nameOf(b), id: idOf(b) });
      return false;
    });
  }
  if (calls.length === 0) {
    // Fail closed beyond DeerFlow: a message that kept only raw fields or chunks.
    const chunks = asArray(target.tool_call_chunks).map((c) => ({ name: nameOf(c), id: idOf(c) }));
    const raw = callParts(kwargs ?? {}).map(([name, id]) => ({ name: name ?? "unknown", id }));
    calls = raw.length >= chunks.length ? raw : chunks;
  }
  calls = merge(calls);
  target.content = appendExplanation(target.content, explanationFor(t, calls.length));
  target.tool_calls = [];
  if ("toolCalls" in target) target.toolCalls = [];
  if ("tool_call_chunks" in target) target.tool_call_chunks = [];
  const extra: Json = kwargs ?? {};
  // No call is kept, so no raw entry survives and the key goes (DeerFlow keeps raw entries by kept id).
  for (const key of CALL_KEYS) delete extra[key];
  const metadata = metadataFor(t, calls);
  extra.safety_termination = metadata;
  target.additional_kwargs = extra;
  if (isObject(target.response_metadata) && target.response_metadata.finish_reason === "tool_calls") {
    target.response_metadata.finish_reason = "stop";
  }
  return { message: root, metadata, calls };
}

function rewriteChoices(root: Json, t: SafetyTermination, merge: Merge, only?: ReadonlySet<number>): RewriteOutcome {
  let calls: SuppressedCall[] = [];
  const touched: Json[] = [];
  for (const [position, choice] of asArray(root.choices).entries()) {
    if (!isObject(choice) || (only && !only.has(position))) continue;
    const msg = isObject(choice.message) ? choice.message : isObject(choice.delta) ? choice.delta : undefined;
    if (!msg) continue;
    const before = calls.length;
    // Both spellings (the legacy Azure OpenAI JS SDK writes toolCalls); a call listed in both counts once.
    calls.push(...startedCalls(callParts(msg), true));
    for (const key of CALL_KEYS) delete msg[key];
    if (calls.length > before || isBlank(msg.content)) touched.push(msg);
    for (const key of ["finish_reason", "finishReason"]) if (choice[key] === "tool_calls") choice[key] = "stop";
  }
  calls = merge(calls);
  const text = explanationFor(t, calls.length);
  for (const msg of touched) msg.content = appendExplanation(msg.content, text);
  const metadata = metadataFor(t, calls);
  root.safety_termination = metadata;
  return { message: root, metadata, calls };
}

function rewriteResponses(outer: Json, t: SafetyTermination, merge: Merge): RewriteOutcome {
  const root = isObject(outer.response) && !Array.isArray(outer.output) ? (outer.response as Json) : outer;
  let calls: SuppressedCall[] = [];
  const output = asArray(root.output).filter((item) => {
    if (isObject(item) && typeof item.type === "string" && RESPONSES_CALLS.has(item.type)) {
      calls.push({ name: nameOf(item), id: idOf(item, "call_id") ?? idOf(item, "callId") ?? idOf(item) });
      return false;
    }
    return true;
  });
  calls = merge(calls);
  const text = explanationFor(t, calls.length);
  const block = (s: string) => ({ type: "output_text", text: s, annotations: [] });
  const lastMessage = [...output].reverse().find((item) => isObject(item) && item.type === "message") as Json | undefined;
  if (lastMessage) lastMessage.content = appendExplanation(lastMessage.content, text, block);
  else output.push({ type: "message", role: "assistant", status: "completed", content: [block(text)] });
  root.output = output;
  if (typeof root.output_text === "string") root.output_text = appendExplanation(root.output_text, text);
  const metadata = metadataFor(t, calls);
  outer.safety_termination = metadata;
  return { message: outer, metadata, calls };
}

function rewriteBlocks(root: Json, t: SafetyTermination, provider: "anthropic" | "bedrock", merge: Merge): RewriteOutcome {
  let holder: Json = root;
  if (provider === "anthropic" && isObject(root.message)) holder = root.message as Json;
  if (provider === "bedrock" && isObject(root.output) && isObject((root.output as Json).message)) holder = (root.output as Json).message as Json;
  // Strands Agents AgentResult: {stop_reason, message: {role, content}}.
  else if (provider === "bedrock" && isObject(root.message)) holder = root.message as Json;
  let calls: SuppressedCall[] = [];
  const isCall = (b: unknown) => (provider === "anthropic" ? isObject(b) && b.type === "tool_use" : isObject(b) && isObject(b.toolUse));
  let content = holder.content;
  if (Array.isArray(content)) {
    content = content.filter((b) => {
      if (!isCall(b)) return true;
      const call = provider === "anthropic" ? (b as Json) : ((b as Json).toolUse as Json);
      calls.push({ name: nameOf(call), id: idOf(call, provider === "anthropic" ? "id" : "toolUseId") });
      return false;
    });
  }
  calls = merge(calls);
  const block = provider === "anthropic" ? (s: string) => ({ type: "text", text: s }) : (s: string) => ({ text: s });
  // A streamed stop event (message_delta, messageStop) carries no content to extend.
  const hasBody = provider === "anthropic" ? root.type !== "message_delta" : holder !== root;
  if (hasBody) holder.content = appendExplanation(content, explanationFor(t, calls.length), block);
  const metadata = metadataFor(t, calls);
  root.safety_termination = metadata;
  return { message: root, metadata, calls };
}

function rewriteGemini(root: Json, t: SafetyTermination, merge: Merge, only?: ReadonlySet<number>): RewriteOutcome {
  let calls: SuppressedCall[] = [];
  const touched: Json[] = [];
  for (const [position, candidate] of asArray(root.candidates).entries()) {
    if (!isObject(candidate) || (only && !only.has(position))) continue;
    if (!isObject(candidate.content)) candidate.content = { role: "model", parts: [] };
    const content = candidate.content as Json;
    const before = calls.length;
    const parts = asArray(content.parts).filter((p) => {
      const call = isObject(p) ? (p.functionCall ?? p.function_call) : undefined;
      if (call === undefined) return true;
      calls.push({ name: nameOf(call), id: idOf(call) });
      return false;
    });
    content.parts = parts;
    const blank = parts.every((p) => !isObject(p) || p.thought === true || typeof p.text !== "string" || !p.text.trim());
    if (calls.length > before || blank) touched.push(content);
  }
  calls = merge(calls);
  const text = explanationFor(t, calls.length);
  for (const content of touched) content.parts = appendExplanation(content.parts, text, (s) => ({ text: s }));
  const metadata = metadataFor(t, calls);
  root.safety_termination = metadata;
  return { message: root, metadata, calls };
}

/** AI SDK parts that carry a tool call the SDK or host would execute. */
export const AI_SDK_CALL_PARTS = new Set(["tool-call", "tool-input-start", "tool-input-delta", "tool-input-end"]);

/** An AI SDK result or step: calls leave toolCalls and content (every step's), the text gets the explanation. */
function rewriteAiSdk(root: Json, t: SafetyTermination, merge: Merge): RewriteOutcome {
  const found = new Map<string, SuppressedCall>();
  const unnamed: SuppressedCall[] = [];
  const note = (c: unknown) => {
    const call = { name: isObject(c) && typeof c.toolName === "string" && c.toolName ? c.toolName : "unknown", id: idOf(c, "toolCallId") };
    if (call.id === undefined) unnamed.push(call);
    else if (!found.has(call.id)) found.set(call.id, call);
  };
  const strip = (step: Json) => {
    // toolCalls is a getter over staticToolCalls and dynamicToolCalls on a live result.
    for (const key of ["toolCalls", "staticToolCalls", "dynamicToolCalls"]) {
      if (Array.isArray(step[key])) {
        (step[key] as unknown[]).forEach(note);
        step[key] = [];
      }
    }
    if (Array.isArray(step.content)) {
      step.content = step.content.filter((p) => {
        if (!isObject(p) || !AI_SDK_CALL_PARTS.has(p.type as string)) return true;
        if (p.type === "tool-call") note(p);
        return false;
      });
    }
  };
  const isPart = typeof root.type === "string";
  if (isPart && AI_SDK_CALL_PARTS.has(root.type as string)) note(root);
  if (!isPart) strip(root);
  // The turn's top levels are copies (copyTop), steps and their content included.
  const steps = asArray(root.steps).filter(isObject) as Json[];
  steps.forEach(strip);
  // The last step's calls are the result's too: one id counts once.
  const calls = merge([...found.values(), ...unnamed]);
  const text = explanationFor(t, calls.length);
  // A stream part (finish-step, finish) stops without content to extend.
  if (!isPart) {
    if (Array.isArray(root.content)) root.content = appendExplanation(root.content, text);
    if (typeof root.text === "string" || !Array.isArray(root.content)) root.text = appendExplanation(root.text, text);
    const last = steps[steps.length - 1];
    if (last && Array.isArray(last.content)) last.content = appendExplanation(last.content, text);
    if (last && typeof last.text === "string") last.text = appendExplanation(last.text, text);
  }
  const metadata = metadataFor(t, calls);
  root.safety_termination = metadata;
  return { message: root, metadata, calls };
}

/** An MCP CreateMessageResult: tool_use blocks leave, the explanation is a text block. */
function rewriteMcp(root: Json, t: SafetyTermination, merge: Merge): RewriteOutcome {
  let calls: SuppressedCall[] = [];
  const isCall = (b: unknown) => isObject(b) && b.type === "tool_use";
  const blocks = Array.isArray(root.content) ? root.content : root.content === undefined || root.content === null ? [] : [root.content];
  const kept = blocks.filter((b) => {
    if (!isCall(b)) return true;
    calls.push({ name: nameOf(b), id: idOf(b) });
    return false;
  });
  calls = merge(calls);
  const explanation = explanationFor(t, calls.length);
  const lone = !Array.isArray(root.content) && kept.length === 1 && isObject(kept[0]) && kept[0].type === "text" ? (kept[0] as Json) : undefined;
  if (lone) root.content = { ...lone, text: appendExplanation(lone.text, explanation) };
  else if (!Array.isArray(root.content) && kept.length === 0) root.content = { type: "text", text: explanation };
  else root.content = [...kept, { type: "text", text: kept.length === 0 ? explanation : `\n\n${explanation}` }];
  const metadata = metadataFor(t, calls);
  root.safety_termination = metadata;
  return { message: root, metadata, calls };
}

/** DeerFlow's blank test on visible content (Python whitespace). */
export function isBlank(content: unknown): boolean {
  if (content === null || content === undefined || content === false || content === 0 || content === "") return true;
  if (typeof content === "string") return content.trim() === "";
  if (Array.isArray(content)) {
    return content.every((b) => (typeof b === "string" ? b.trim() === "" : !isObject(b) || typeof b.text !== "string" || b.text.trim() === ""));
  }
  return isObject(content) && Object.keys(content).length === 0;
}
