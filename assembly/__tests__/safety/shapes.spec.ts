import { detectSafetyStop, SafetyConfig } from "../../safety/index";
import { Json } from "../../json/reader";
import { ByteBuffer } from "../../util/bytes";
import { LoadErrors } from "../../policy/load-errors";

const out = new ByteBuffer(256);
const held = new Array<ArrayBuffer>();
const defaults = SafetyConfig.defaults();

function detect(doc: string, shape: i32 = 0, config: SafetyConfig = defaults): string {
  const bytes = String.UTF8.encode(doc, false);
  held.push(bytes);
  detectSafetyStop(changetype<usize>(bytes), bytes.byteLength, config, out, shape);
  return out.toString();
}

function compile(doc: string): SafetyConfig | null {
  const bytes = String.UTF8.encode(doc, false);
  held.push(bytes);
  const j = new Json();
  j.reset(changetype<usize>(bytes), bytes.byteLength);
  expect(j.validate()).toBe(true);
  return SafetyConfig.compile(j, j.root(), new LoadErrors());
}

function has(s: string, part: string): bool {
  return s.includes(part);
}

const CALL = '{"id":"c1","name":"bash","args":{"cmd":"rm -rf /"}}';
function lc(meta: string): string {
  return '{"type":"ai","content":"","tool_calls":[' + CALL + '],"response_metadata":' + meta + "}";
}
function gemini(reason: string): string {
  return '{"candidates":[{"content":{"role":"model","parts":[{"functionCall":{"name":"bash","args":{}}}]},"finishReason":' + reason + "}]}";
}
function stops(doc: string, shape: i32 = 0): bool {
  return has(detect(doc, shape), '"terminated":true');
}

describe("matching", () => {
  test("trimmed, any case, hyphen or underscore, enum-class prefix dropped", () => {
    expect(stops(lc('{"finish_reason":" content_filter\\n"}'))).toBe(true);
    expect(stops(lc('{"finish_reason":"content-filter"}'))).toBe(true);
    expect(stops(lc('{"finish_reason":"Content-Filter"}'))).toBe(true);
    expect(stops(gemini('"FinishReason.SAFETY"'))).toBe(true);
    expect(stops(gemini('"  prohibited-content "'))).toBe(true);
    expect(stops(lc('{"finish_reason":"content_filterx"}'))).toBe(false);
    expect(stops(lc('{"finish_reason":"FinishReason.STOP"}'))).toBe(false);
  });
  test("integer FinishReason as proto-plus to_dict() writes it, both numberings", () => {
    expect(stops(gemini("3"))).toBe(true); // SAFETY in both
    expect(stops(gemini("4"))).toBe(true); // RECITATION
    expect(stops(gemini("10"))).toBe(true); // Vertex MODEL_ARMOR
    expect(stops(gemini("11"))).toBe(true); // Gemini API IMAGE_SAFETY
    expect(stops(gemini("17"))).toBe(true); // Gemini API IMAGE_RECITATION
    expect(stops(gemini("1"))).toBe(false); // STOP
    expect(stops(gemini("2"))).toBe(false); // MAX_TOKENS
    expect(stops(gemini("5"))).toBe(false); // OTHER
    expect(stops(gemini("12"))).toBe(false); // UNEXPECTED_TOOL_CALL
    expect(stops(gemini("3.5"))).toBe(false);
    expect(has(detect(gemini("3")), '"reason_value":"3"')).toBe(true);
    // Integers are Gemini's numbering only: the OpenAI detector alone ignores them.
    expect(has(detect(lc('{"finish_reason":3}')), '"detector":"gemini_safety"')).toBe(true);
    const openai = compile('{"detectors":[{"use":"openai_compatible_content_filter"}]}')!;
    expect(has(detect(lc('{"finish_reason":3}'), 0, openai), '"signal":false')).toBe(true);
  });
  test("an integer matches only through a configured name", () => {
    const c = compile('{"detectors":[{"use":"gemini_safety","config":{"finish_reasons":["SPII"]}}]}')!;
    expect(has(detect(gemini("8"), 0, c), '"terminated":true')).toBe(true); // Vertex SPII
    expect(has(detect(gemini("9"), 0, c), '"terminated":true')).toBe(true); // Gemini API SPII
    expect(has(detect(gemini("3"), 0, c), '"terminated":true')).toBe(false);
  });
  test("stop_reason as an object with type; the AI SDK's {unified, raw}", () => {
    expect(stops('{"type":"message","role":"assistant","content":[{"type":"tool_use","id":"t","name":"bash","input":{}}],"stop_reason":{"type":"refusal"}}')).toBe(true);
    expect(stops('{"type":"message","role":"assistant","content":[{"type":"tool_use","id":"t","name":"bash","input":{}}],"stop_reason":{"type":"tool_use"}}')).toBe(false);
    expect(stops('{"content":[{"type":"tool-call","toolCallId":"1","toolName":"bash","input":"{}"}],"finishReason":{"unified":"tool-calls","raw":"content_filter"}}', 7)).toBe(true);
  });
});

describe("defaults", () => {
  test("Vertex MODEL_ARMOR finish reason", () => {
    expect(stops(gemini('"MODEL_ARMOR"'))).toBe(true);
  });
  test("every block reason blocks, OTHER and JAILBREAK included, as names or numbers", () => {
    const names = ["SAFETY", "OTHER", "BLOCKLIST", "PROHIBITED_CONTENT", "IMAGE_SAFETY", "MODEL_ARMOR", "JAILBREAK"];
    for (let i = 0; i < names.length; i++) {
      expect(stops('{"promptFeedback":{"blockReason":"' + names[i] + '"}}')).toBe(true);
    }
    expect(stops('{"prompt_feedback":{"block_reason":6}}')).toBe(true);
    expect(stops('{"prompt_feedback":{"block_reason":99}}')).toBe(true);
    expect(stops('{"prompt_feedback":{"block_reason":0}}')).toBe(false);
    expect(stops('{"promptFeedback":{"blockReason":"BLOCKED_REASON_UNSPECIFIED"}}')).toBe(false);
  });
  test("finish reason OTHER stays a normal end", () => {
    expect(stops(gemini('"OTHER"'))).toBe(false);
  });
  test("block_reasons is configurable apart from finish_reasons", () => {
    const c = compile('{"detectors":[{"use":"gemini_safety","config":{"finish_reasons":["SAFETY"],"block_reasons":["SAFETY"]}}]}')!;
    expect(has(detect('{"promptFeedback":{"blockReason":"OTHER"}}', 0, c), '"terminated":false')).toBe(true);
    expect(compile('{"detectors":[{"use":"gemini_safety","config":{"block_reasons":[]}}]}') == null).toBe(true);
    expect(compile('{"detectors":[{"use":"openai_compatible_content_filter","config":{"block_reasons":["X"]}}]}') == null).toBe(true);
  });
});

describe("envelopes", () => {
  const chat = '{"object":"chat.completion","choices":[{"index":0,"message":{"role":"assistant","content":null,"tool_calls":[{"id":"c","type":"function","function":{"name":"bash","arguments":"{}"}}]},"finish_reason":"content_filter"}]}';
  const msg = '{"id":"m","type":"message","role":"assistant","content":[{"type":"tool_use","id":"t","name":"bash","input":{}}],"stop_reason":"refusal"}';
  test("OpenAI Batch line", () => {
    const r = detect('{"id":"b","custom_id":"r1","response":{"status_code":200,"request_id":"q","body":' + chat + '},"error":null}');
    expect(has(r, '"terminated":true')).toBe(true);
    expect(has(r, '"shape":"openai_chat"')).toBe(true);
    expect(has(r, '"at":"/response/body"')).toBe(true);
  });
  test("Anthropic Message Batches result", () => {
    const r = detect('{"custom_id":"r1","result":{"type":"succeeded","message":' + msg + "}}");
    expect(has(r, '"terminated":true')).toBe(true);
    expect(has(r, '"at":"/result/message"')).toBe(true);
  });
  test("Gemini and Vertex batch outputs", () => {
    expect(has(detect('{"key":"k","response":' + gemini('"SAFETY"') + "}"), '"at":"/response"')).toBe(true);
    expect(stops('{"request":{"contents":[]},"response":' + gemini('"SAFETY"') + ',"status":""}')).toBe(true);
  });
  test("Claude Agent SDK assistant message, named or guessed", () => {
    const doc = '{"type":"assistant","message":' + msg + ',"parent_tool_use_id":null,"session_id":"s"}';
    expect(stops(doc)).toBe(true);
    expect(has(detect(doc, 10), '"at":"/message"')).toBe(true);
    expect(has(detect(msg, 10), '"error":"unknown shape')).toBe(true);
  });
  test("messages_to_dict, LangGraph state and a bare list: the last message", () => {
    const dict = '{"type":"ai","data":' + lc('{"finish_reason":"content_filter"}') + "}";
    expect(has(detect("[" + '{"type":"human","data":{"content":"hi"}},' + dict + "]"), '"at":"/1/data"')).toBe(true);
    expect(stops('{"messages":[{"type":"human","content":"x"},' + lc('{"finish_reason":"content_filter"}') + "]}")).toBe(true);
    expect(stops('{"messages":[' + lc('{"finish_reason":"content_filter"}') + ',{"type":"tool","content":"ok"}]}')).toBe(false);
  });
  test("ChatGeneration generation_info", () => {
    const doc = '{"type":"ChatGeneration","text":"","generation_info":{"finish_reason":"content_filter"},"message":{"type":"ai","content":"","tool_calls":[' + CALL + "]}}";
    const r = detect(doc);
    expect(has(r, '"terminated":true')).toBe(true);
    expect(has(r, '"at":"/message"')).toBe(true);
  });
  test("Strands AgentResult and stream event", () => {
    expect(stops('{"stop_reason":"guardrail_intervened","message":{"role":"assistant","content":[{"toolUse":{"toolUseId":"t","name":"bash","input":{}}}]}}')).toBe(true);
    expect(stops('{"event":{"messageStop":{"stopReason":"content_filtered"}}}')).toBe(true);
    expect(stops('{"stop_reason":"end_turn","message":{"role":"assistant","content":[{"toolUse":{"toolUseId":"t","name":"bash","input":{}}}]}}')).toBe(false);
  });
});

describe("envelope attacks", () => {
  const filtered = '{"choices":[{"message":{"tool_calls":[{"id":"c"}]},"finish_reason":"content_filter"}]}';
  const benign = '{"choices":[{"message":{"content":"ok"},"finish_reason":"stop"}]}';
  test("a repeated envelope key is an error, never a pass", () => {
    expect(has(detect('{"response":{"body":' + benign + '},"response":{"body":' + filtered + "}}"), '"error":"duplicate key')).toBe(true);
    expect(has(detect('{"response":{"body":' + benign + ',"body":' + filtered + "}}"), '"error":"duplicate key')).toBe(true);
    expect(has(detect('{"messages":[],"messages":[' + filtered + "]}"), '"error":"duplicate key')).toBe(true);
    expect(has(detect('{"result":{"message":{},"message":' + filtered + "}}"), '"error":"duplicate key')).toBe(true);
  });
  test("envelopes nested past 32 levels are an error, never a pass; within them the turn is found", () => {
    let doc = filtered;
    for (let i = 0; i < 100; i++) doc = "[" + doc + "]";
    expect(has(detect(doc), '"error":"envelopes nested deeper than 32')).toBe(true);
    let env = filtered;
    for (let i = 0; i < 6; i++) env = '{"messages":[' + env + "]}";
    expect(has(detect(env), '"terminated":true')).toBe(true);
  });
  test("memory stays flat across envelope detections", () => {
    const doc = '{"custom_id":"r","response":{"status_code":200,"body":' + filtered + "}}";
    const bytes = String.UTF8.encode(doc, false);
    const ptr = changetype<usize>(bytes);
    detectSafetyStop(ptr, bytes.byteLength, defaults, out);
    __collect();
    const before = memory.size();
    for (let i = 0; i < 5000; i++) detectSafetyStop(ptr, bytes.byteLength, defaults, out);
    __collect();
    expect(memory.size()).toBe(before);
  });
});

describe("framework shapes", () => {
  test("AI SDK: unified content-filter, raw reason under tool-calls, steps, stream parts", () => {
    const calls = '"toolCalls":[{"type":"tool-call","toolCallId":"1","toolName":"bash","input":{}}]';
    expect(stops("{" + calls + ',"text":"","finishReason":"content-filter"}')).toBe(true);
    expect(stops("{" + calls + ',"text":"","finishReason":"tool-calls","rawFinishReason":"content_filter"}')).toBe(true);
    expect(stops("{" + calls + ',"text":"","finishReason":"tool-calls","providerMetadata":{"azure":{"finishReason":"content_filter"}}}')).toBe(true);
    expect(stops("{" + calls + ',"text":"","finishReason":"tool-calls","rawFinishReason":"tool_calls"}')).toBe(false);
    expect(stops('{"text":"","finishReason":"tool-calls","steps":[{"finishReason":"tool-calls","rawFinishReason":"refusal","content":[{"type":"tool-call","toolCallId":"1","toolName":"bash","input":{}}]}]}')).toBe(true);
    expect(stops('{"type":"finish-step","finishReason":"content-filter","rawFinishReason":"content_filter"}')).toBe(true);
    expect(stops('{"type":"finish","finishReason":"stop"}')).toBe(false);
    expect(has(detect('{"type":"tool-call","toolCallId":"1","toolName":"bash","input":{}}', 7), '"tool_calls":1')).toBe(true);
  });
  test("OpenAI Agents ModelResponse", () => {
    const doc = '{"output":[{"type":"function_call","callId":"c","name":"bash","arguments":"{}"}],"usage":{},"responseId":"r","providerData":{"incomplete_details":{"reason":"content_filter"}}}';
    expect(has(detect(doc), '"shape":"openai_agents"')).toBe(true);
    expect(stops(doc)).toBe(true);
    expect(stops('{"output":[{"type":"function_call","callId":"c","name":"bash","arguments":"{}"}],"usage":{},"responseId":"r"}', 8)).toBe(false);
  });
  test("OpenAI Agents ModelResponse from a Chat Completions model: providerData is the raw response", () => {
    const out = '{"output":[{"type":"function_call","callId":"c","name":"bash","arguments":"{}"}],"usage":{},"responseId":"r",';
    const choice = (reason: string, extra: string = ""): string =>
      '{"index":0,"finish_reason":"' + reason + '"' + extra + ',"message":{"role":"assistant","content":null,"tool_calls":[{"id":"c","type":"function","function":{"name":"bash","arguments":"{}"}}]}}';
    const raw = (choices: string): string => out + '"providerData":{"id":"r","object":"chat.completion","choices":[' + choices + "]}}";
    expect(stops(raw(choice("content_filter")))).toBe(true);
    expect(stops(raw(choice("content_filter")), 8)).toBe(true);
    expect(stops(raw(choice("tool_calls")), 8)).toBe(false);
    // Another choice's stop, a camelCase reason, the snake_case container, a repeated key: all read.
    expect(stops(raw(choice("tool_calls") + "," + choice("content_filter")), 8)).toBe(true);
    expect(stops(out + '"providerData":{"choices":[{"index":0,"finishReason":"content_filter"}]}}', 8)).toBe(true);
    expect(stops(out + '"provider_data":{"choices":[{"index":0,"finish_reason":"content_filter"}]}}', 8)).toBe(true);
    expect(stops(out + '"providerData":{"choices":[{"finish_reason":"content_filter"}],"choices":[{"finish_reason":"tool_calls"}]}}', 8)).toBe(true);
    // Azure's annotation travels as the detector's extras.
    const azure = detect(raw(choice("content_filter", ',"content_filter_results":{"violence":{"filtered":true,"severity":"high"}}')), 8);
    expect(has(azure, '"extras":{"content_filter_results":{"violence"')).toBe(true);
  });
  test("MCP sampling CreateMessageResult", () => {
    const doc = '{"role":"assistant","content":[{"type":"tool_use","id":"t","name":"bash","input":{}}],"model":"m","stopReason":"refusal"}';
    expect(has(detect(doc), '"shape":"mcp_sampling"')).toBe(true);
    expect(stops(doc)).toBe(true);
    expect(stops('{"role":"assistant","content":{"type":"text","text":""},"model":"m","stopReason":"content_filter"}', 9)).toBe(true);
    expect(stops('{"role":"assistant","content":{"type":"text","text":"hi"},"model":"m","stopReason":"endTurn"}', 9)).toBe(false);
  });
  test("calls kept where a guessed or serialised turn keeps them", () => {
    // An MCP CreateMessageResult without its model is still MCP sampling (it was read as Bedrock: tool_use uncounted).
    const mcp = detect('{"role":"assistant","stopReason":"refusal","content":[{"type":"tool_use","id":"t","name":"bash","input":{}}]}');
    expect(has(mcp, '"shape":"mcp_sampling"')).toBe(true);
    expect(has(mcp, '"tool_calls":1')).toBe(true);
    expect(has(detect('{"output":{"message":{"role":"assistant","content":[]}},"stopReason":"guardrail_intervened"}'), '"shape":"bedrock"')).toBe(true);
    // An AI SDK result serialised without its toolCalls getter.
    const call = '{"type":"tool-call","toolCallId":"1","toolName":"bash","input":{}}';
    expect(has(detect('{"text":"x","finishReason":"content-filter","staticToolCalls":[' + call + '],"dynamicToolCalls":[' + call + "]}"), '"tool_calls":2')).toBe(true);
    expect(stops('{"text":"x","finishReason":"content-filter","dynamicToolCalls":[' + call + "]}")).toBe(true);
    // A Responses MCP approval request runs on the server once approved.
    expect(stops('{"object":"response","status":"incomplete","incomplete_details":{"reason":"content_filter"},"output":[{"type":"mcp_approval_request","id":"m","name":"x","server_label":"s","arguments":"{}"}]}')).toBe(true);
  });
  test("a named shape the input does not have is an error, never a pass", () => {
    const chat = '{"choices":[{"message":{"tool_calls":[{}]},"finish_reason":"content_filter"}]}';
    expect(has(detect(chat, 7), '"error":"unknown shape')).toBe(true);
    expect(has(detect(chat, 8), '"error":"unknown shape')).toBe(true);
    expect(has(detect(chat, 9), '"error":"unknown shape')).toBe(true);
    expect(has(detect(chat, 1), '"error":"unknown shape')).toBe(true);
    expect(has(detect("{}", 11), '"error":"unknown shape code"')).toBe(true);
  });
});

describe("LangChain tool calls kept elsewhere", () => {
  test("Anthropic tool_use and v1 tool_call content blocks, camelCase toolCalls", () => {
    const meta = '"response_metadata":{"stop_reason":"refusal"}';
    expect(has(detect('{"type":"ai","content":[{"type":"text","text":"x"},{"type":"tool_use","id":"t","name":"bash","input":{}}],' + meta + "}"), '"tool_calls":1')).toBe(true);
    expect(has(detect('{"type":"ai","content":[{"type":"tool_call","id":"t","name":"bash","args":{}}],' + meta + "}"), '"terminated":true')).toBe(true);
    expect(has(detect('{"type":"ai","content":"x","toolCalls":[' + CALL + "]," + meta + "}"), '"terminated":true')).toBe(true);
  });
  test("OpenAI chat choices in camelCase (the legacy Azure OpenAI JS SDK): toolCalls, functionCall, finishReason", () => {
    const tc = '{"id":"call_1","type":"function","function":{"name":"bash","arguments":"{}"}}';
    const choice = (reason: string, message: string): string => '{"choices":[{"index":0,"finishReason":"' + reason + '","message":' + message + "}]}";
    const withText = choice("content_filter", '{"role":"assistant","content":"partial","toolCalls":[' + tc + "]}");
    expect(stops(withText)).toBe(true);
    expect(has(detect(withText, 2), '"tool_calls":1')).toBe(true);
    expect(stops(choice("content_filter", '{"role":"assistant","content":"partial","functionCall":{"name":"bash","arguments":"{}"}}'), 2)).toBe(true);
    expect(stops('{"choices":[{"index":0,"delta":{"toolCalls":[' + tc + ']},"finish_reason":"content_filter"}]}')).toBe(true);
    // Both spellings of one call count once; a normal finish keeps it.
    expect(has(detect(choice("content_filter", '{"content":"x","tool_calls":[' + tc + '],"toolCalls":[' + tc + "]}")), '"tool_calls":1')).toBe(true);
    expect(stops(choice("tool_calls", '{"role":"assistant","content":null,"toolCalls":[' + tc + "]}"))).toBe(false);
  });
  test("an lc key alone does not make a message serialized", () => {
    const r = detect('{"lc":1,"kwargs":{},"type":"ai","content":"","tool_calls":[' + CALL + '],"response_metadata":{"finish_reason":"content_filter"}}');
    expect(has(r, '"terminated":true')).toBe(true);
  });
});
