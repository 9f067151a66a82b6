import { detectSafetyStop, SafetyConfig } from "../../safety/index";
import { Json } from "../../json/reader";
import { ByteBuffer } from "../../util/bytes";
import { LoadErrors } from "../../policy/load-errors";

const out = new ByteBuffer(256);
const held = new Array<ArrayBuffer>();
const defaults = SafetyConfig.defaults();

function detect(doc: string, config: SafetyConfig = defaults, shape: i32 = 0): string {
  const bytes = String.UTF8.encode(doc, false);
  held.push(bytes);
  detectSafetyStop(changetype<usize>(bytes), bytes.byteLength, config, out, shape);
  return out.toString();
}

function compile(doc: string, errors: LoadErrors = new LoadErrors()): SafetyConfig | null {
  const bytes = String.UTF8.encode(doc, false);
  held.push(bytes);
  const j = new Json();
  j.reset(changetype<usize>(bytes), bytes.byteLength);
  expect(j.validate()).toBe(true);
  return SafetyConfig.compile(j, j.root(), errors);
}

function has(s: string, part: string): bool {
  return s.includes(part);
}

const WRITE = '{"id":"call_write_1","name":"write_file","args":{"path":"/mnt/user-data/outputs/x.md","content":"半截"}}';
function ai(content: string, toolCalls: string, meta: string, kwargs: string = "{}"): string {
  return '{"type":"ai","content":' + content + ',"tool_calls":[' + toolCalls + '],"response_metadata":' + meta + ',"additional_kwargs":' + kwargs + "}";
}

describe("openai_compatible_content_filter", () => {
  test("default matches content_filter", () => {
    const r = detect(ai('"partial"', WRITE, '{"finish_reason":"content_filter","model_name":"kimi"}'));
    expect(r).toBe('{"terminated":true,"signal":true,"shape":"langchain","ai":true,"tool_calls":1,"blank":false,"detector":"openai_compatible_content_filter","reason_field":"finish_reason","reason_value":"content_filter","extras":{}}');
  });
  test("case-insensitive, original casing reported", () => {
    const r = detect(ai('""', WRITE, '{"finish_reason":"CONTENT_FILTER"}'));
    expect(has(r, '"reason_value":"CONTENT_FILTER"')).toBe(true);
    expect(has(r, '"terminated":true')).toBe(true);
  });
  test("other finish reasons pass through", () => {
    expect(has(detect(ai('""', WRITE, '{"finish_reason":"stop"}')), '"signal":false')).toBe(true);
    expect(has(detect(ai('""', WRITE, '{"finish_reason":"tool_calls"}')), '"signal":false')).toBe(true);
    expect(has(detect(ai('""', WRITE, '{"finish_reason":"length"}')), '"signal":false')).toBe(true);
  });
  test("missing metadata passes through", () => {
    expect(has(detect('{"type":"ai","content":"","tool_calls":[' + WRITE + "]}"), '"terminated":false')).toBe(true);
  });
  test("non-string finish reasons are ignored", () => {
    expect(has(detect(ai('""', WRITE, '{"finish_reason":42}')), '"signal":false')).toBe(true);
    expect(has(detect(ai('""', WRITE, '{"finish_reason":{"value":"content_filter"}}')), '"signal":false')).toBe(true);
    expect(has(detect(ai('""', WRITE, '{"finish_reason":""}')), '"signal":false')).toBe(true);
  });
  test("falls back to additional_kwargs, and a non-string does not stop the search", () => {
    expect(has(detect(ai('""', WRITE, "{}", '{"finish_reason":"content_filter"}')), '"terminated":true')).toBe(true);
    expect(has(detect(ai('""', WRITE, '{"finish_reason":42}', '{"finish_reason":"content_filter"}')), '"terminated":true')).toBe(true);
    expect(has(detect(ai('""', WRITE, "[]", '{"finish_reason":"content_filter"}')), '"terminated":true')).toBe(true);
  });
  test("response_metadata wins over additional_kwargs", () => {
    expect(has(detect(ai('""', WRITE, '{"finish_reason":"stop"}', '{"finish_reason":"content_filter"}')), '"signal":false')).toBe(true);
  });
  test("configured values replace the default", () => {
    const c = compile('{"detectors":[{"use":"OpenAICompatibleContentFilterDetector","config":{"finish_reasons":["content_filter","sensitive","violation"]}}]}')!;
    expect(has(detect(ai('""', WRITE, '{"finish_reason":"sensitive"}'), c), '"terminated":true')).toBe(true);
    expect(has(detect(ai('""', WRITE, '{"finish_reason":"violation"}'), c), '"terminated":true')).toBe(true);
    expect(has(detect(ai('""', WRITE, '{"finish_reason":"content_filter"}'), c), '"terminated":true')).toBe(true);
    const custom = compile('{"detectors":[{"use":"deerflow.agents.middlewares.safety_termination_detectors:OpenAICompatibleContentFilterDetector","config":{"finish_reasons":["custom_filter"]}}]}')!;
    expect(has(detect(ai('""', WRITE, '{"finish_reason":"content_filter"}'), custom), '"signal":false')).toBe(true);
    expect(has(detect(ai('""', WRITE, '{"finish_reason":"CUSTOM_FILTER"}'), custom), '"terminated":true')).toBe(true);
  });
  test("carries Azure content_filter_results from response_metadata only", () => {
    const r = detect(ai('""', WRITE, '{"finish_reason":"content_filter","content_filter_results":{"hate":{"filtered":true,"severity":"high"}}}'));
    expect(has(r, '"extras":{"content_filter_results":{"hate":{"filtered":true,"severity":"high"}}}')).toBe(true);
    const k = detect(ai('""', WRITE, "{}", '{"finish_reason":"content_filter","content_filter_results":{"hate":{}}}'));
    expect(has(k, '"extras":{}')).toBe(true);
    expect(has(detect(ai('""', WRITE, '{"finish_reason":"content_filter","content_filter_results":{}}')), '"extras":{}')).toBe(true);
  });
  test("a duplicated key cannot hide the stop", () => {
    expect(has(detect(ai('""', WRITE, '{"finish_reason":"stop","finish_reason":"content_filter"}')), '"terminated":true')).toBe(true);
  });
});

describe("anthropic_refusal", () => {
  test("default matches refusal", () => {
    const r = detect(ai('""', WRITE, '{"stop_reason":"refusal"}'));
    expect(has(r, '"detector":"anthropic_refusal","reason_field":"stop_reason","reason_value":"refusal"')).toBe(true);
    expect(has(detect(ai('""', WRITE, '{"stop_reason":"REFUSAL"}')), '"terminated":true')).toBe(true);
  });
  test("other stop reasons pass through", () => {
    expect(has(detect(ai('""', WRITE, '{"stop_reason":"end_turn"}')), '"signal":false')).toBe(true);
    expect(has(detect(ai('""', WRITE, '{"stop_reason":"tool_use"}')), '"signal":false')).toBe(true);
    expect(has(detect(ai('""', WRITE, '{"stop_reason":"max_tokens"}')), '"signal":false')).toBe(true);
  });
  test("does not steal finish_reason", () => {
    const c = compile('{"detectors":[{"use":"anthropic_refusal"}]}')!;
    expect(has(detect(ai('""', WRITE, '{"finish_reason":"refusal"}'), c), '"signal":false')).toBe(true);
  });
  test("reads the raw reason a framework keeps beside its own, and reports that key", () => {
    const c = compile('{"detectors":[{"use":"anthropic_refusal"}]}')!;
    const r = detect(ai('""', WRITE, '{"finish_reason":"stop","raw_finish_reason":"refusal"}'), c);
    expect(has(r, '"terminated":true')).toBe(true);
    expect(has(r, '"reason_field":"raw_finish_reason"')).toBe(true);
  });
});

describe("gemini_safety", () => {
  test("default set covers the documented reasons, any case", () => {
    const reasons = ["SAFETY", "BLOCKLIST", "PROHIBITED_CONTENT", "SPII", "RECITATION", "IMAGE_SAFETY", "IMAGE_PROHIBITED_CONTENT", "IMAGE_RECITATION", "safety"];
    for (let i = 0; i < reasons.length; i++) {
      const r = detect(ai('""', WRITE, '{"finish_reason":"' + reasons[i] + '"}'));
      expect(has(r, '"detector":"gemini_safety"')).toBe(true);
    }
  });
  test("normal and excluded terminations pass through", () => {
    const reasons = ["STOP", "MAX_TOKENS", "LANGUAGE", "NO_IMAGE", "MALFORMED_FUNCTION_CALL", "UNEXPECTED_TOOL_CALL", "OTHER", "IMAGE_OTHER", "FINISH_REASON_UNSPECIFIED"];
    for (let i = 0; i < reasons.length; i++) {
      expect(has(detect(ai('""', WRITE, '{"finish_reason":"' + reasons[i] + '"}')), '"signal":false')).toBe(true);
    }
  });
  test("carries safety_ratings", () => {
    const r = detect(ai('""', WRITE, '{"finish_reason":"SAFETY","safety_ratings":[{"category":"HARM_CATEGORY_HARASSMENT","probability":"HIGH"}]}'));
    expect(has(r, '"extras":{"safety_ratings":[{"category":"HARM_CATEGORY_HARASSMENT","probability":"HIGH"}]}')).toBe(true);
  });
});

describe("trigger", () => {
  test("content filter without tool calls and with text passes through", () => {
    const r = detect(ai('"partial answer"', "", '{"finish_reason":"content_filter"}'));
    expect(has(r, '"terminated":false,"signal":true')).toBe(true);
  });
  test("blank, whitespace, null and missing content backfill", () => {
    expect(has(detect(ai('""', "", '{"finish_reason":"content_filter"}')), '"terminated":true')).toBe(true);
    expect(has(detect(ai('"  \\n\\t\\u3000"', "", '{"finish_reason":"content_filter"}')), '"terminated":true')).toBe(true);
    expect(has(detect(ai("null", "", '{"finish_reason":"content_filter"}')), '"terminated":true')).toBe(true);
    expect(has(detect('{"type":"ai","response_metadata":{"stop_reason":"refusal"}}'), '"terminated":true')).toBe(true);
    expect(has(detect(ai("[]", "", '{"finish_reason":"content_filter"}')), '"terminated":true')).toBe(true);
  });
  test("list content: only text counts", () => {
    expect(has(detect(ai('[{"type":"thinking","thinking":"hmm"}]', "", '{"finish_reason":"content_filter"}')), '"blank":true')).toBe(true);
    expect(has(detect(ai('[{"type":"thinking","thinking":"hmm"},{"type":"text","text":"hi"}]', "", '{"finish_reason":"content_filter"}')), '"terminated":false')).toBe(true);
    expect(has(detect(ai('["  ", {"type":"image_url"}]', "", '{"finish_reason":"content_filter"}')), '"terminated":true')).toBe(true);
  });
  test("no safety signal passes through", () => {
    expect(has(detect(ai('""', "", '{"finish_reason":"stop"}')), '"terminated":false')).toBe(true);
    expect(has(detect(ai('""', WRITE, '{"finish_reason":"tool_calls"}')), '"terminated":false')).toBe(true);
    expect(has(detect(ai('"ok"', WRITE, '{"finish_reason":"stop"}')), '"terminated":false')).toBe(true);
  });
  test("a non-AI message passes through", () => {
    expect(has(detect('{"type":"human","content":"","response_metadata":{"finish_reason":"content_filter"}}'), '"ai":false')).toBe(true);
    expect(has(detect('{"role":"tool","content":""}'), '"terminated":false')).toBe(true);
  });
  test("raw tool-call fields count when structured ones are gone", () => {
    const r = detect(ai('"x"', "", '{"finish_reason":"content_filter"}', '{"tool_calls":[{"id":"c1","type":"function","function":{"name":"bash","arguments":"{\\"cmd\\":\\"rm"}}],"function_call":{"name":"bash"}}'));
    expect(has(r, '"terminated":true')).toBe(true);
    expect(has(r, '"tool_calls":2')).toBe(true);
  });
  test("first detector that hits wins", () => {
    const c = compile('{"detectors":[{"use":"anthropic_refusal"},{"use":"openai_compatible_content_filter"}]}')!;
    const r = detect(ai('""', WRITE, '{"finish_reason":"content_filter","stop_reason":"refusal"}'), c);
    expect(has(r, '"detector":"anthropic_refusal"')).toBe(true);
    const d = detect(ai('""', WRITE, '{"finish_reason":"content_filter","stop_reason":"refusal"}'));
    expect(has(d, '"detector":"openai_compatible_content_filter"')).toBe(true);
  });
  test("LangChain serialized form", () => {
    const r = detect('{"lc":1,"type":"constructor","id":["langchain_core","messages","AIMessage"],"kwargs":{"content":"","tool_calls":[' + WRITE + '],"response_metadata":{"finish_reason":"content_filter"}}}');
    expect(has(r, '"terminated":true')).toBe(true);
    expect(has(detect('{"lc":1,"type":"constructor","id":["langchain_core","messages","HumanMessage"],"kwargs":{"content":""}}'), '"ai":false')).toBe(true);
  });
});

describe("raw provider shapes", () => {
  test("OpenAI Chat Completions", () => {
    const unsafe = '{"object":"chat.completion","choices":[{"index":0,"message":{"role":"assistant","content":null,"tool_calls":[{"id":"c","type":"function","function":{"name":"write_file","arguments":"{\\"path\\":"}}]},"finish_reason":"content_filter","content_filter_results":{"violence":{"filtered":true,"severity":"medium"}}}]}';
    const r = detect(unsafe);
    expect(has(r, '"terminated":true,"signal":true,"shape":"openai_chat","ai":true,"tool_calls":1,"blank":true')).toBe(true);
    expect(has(r, '"extras":{"content_filter_results":{"violence":{"filtered":true,"severity":"medium"}}}')).toBe(true);
    expect(has(detect('{"choices":[{"message":{"content":"hi"},"finish_reason":"stop"}]}'), '"signal":false')).toBe(true);
    // DeepSeek / GLM streamed: the last chunk carries the finish reason.
    expect(has(detect('{"object":"chat.completion.chunk","choices":[{"delta":{},"finish_reason":"content_filter"}]}'), '"terminated":true')).toBe(true);
    // any choice can carry the stop
    expect(has(detect('{"choices":[{"message":{"content":""},"finish_reason":"stop"},{"message":{"content":""},"finish_reason":"content_filter"}]}'), '"terminated":true')).toBe(true);
  });
  test("OpenAI Responses", () => {
    const unsafe = '{"object":"response","status":"incomplete","incomplete_details":{"reason":"content_filter"},"output":[{"type":"function_call","call_id":"c","name":"bash","arguments":"{\\"cmd\\":"}]}';
    const r = detect(unsafe);
    expect(has(r, '"shape":"openai_responses"')).toBe(true);
    expect(has(r, '"detector":"openai_responses_content_filter","reason_field":"incomplete_details.reason","reason_value":"content_filter"')).toBe(true);
    expect(has(r, '"terminated":true')).toBe(true);
    expect(has(detect('{"object":"response","status":"incomplete","incomplete_details":{"reason":"max_output_tokens"},"output":[]}'), '"signal":false')).toBe(true);
    expect(has(detect('{"type":"response.incomplete","response":{"status":"incomplete","incomplete_details":{"reason":"content_filter"},"output":[]}}'), '"terminated":true')).toBe(true);
    expect(has(detect('{"object":"response","status":"completed","output":[{"type":"message","content":[{"type":"output_text","text":"hi"}]}]}'), '"blank":false')).toBe(true);
  });
  test("Anthropic Messages", () => {
    const r = detect('{"type":"message","role":"assistant","content":[{"type":"text","text":"Sure"},{"type":"tool_use","id":"t","name":"bash","input":{}}],"stop_reason":"refusal"}');
    expect(has(r, '"terminated":true,"signal":true,"shape":"anthropic","ai":true,"tool_calls":1,"blank":false,"detector":"anthropic_refusal"')).toBe(true);
    expect(has(detect('{"type":"message","role":"assistant","content":[{"type":"tool_use","id":"t","name":"bash","input":{}}],"stop_reason":"tool_use"}'), '"signal":false')).toBe(true);
    expect(has(detect('{"type":"message_delta","delta":{"stop_reason":"refusal","stop_sequence":null},"usage":{}}'), '"terminated":true')).toBe(true);
  });
  test("Gemini generateContent", () => {
    const r = detect('{"candidates":[{"content":{"role":"model","parts":[{"functionCall":{"name":"bash","args":{}}}]},"finishReason":"SAFETY","safetyRatings":[{"category":"HARM_CATEGORY_HARASSMENT","probability":"HIGH"}]}]}');
    expect(has(r, '"shape":"gemini","ai":true,"tool_calls":1')).toBe(true);
    expect(has(r, '"reason_field":"finish_reason","reason_value":"SAFETY","extras":{"safety_ratings":[{"category":"HARM_CATEGORY_HARASSMENT","probability":"HIGH"}]}')).toBe(true);
    expect(has(detect('{"candidates":[{"content":{"parts":[{"text":"hi"}]},"finishReason":"STOP"}]}'), '"signal":false')).toBe(true);
    const blocked = detect('{"promptFeedback":{"blockReason":"PROHIBITED_CONTENT"}}');
    expect(has(blocked, '"terminated":true')).toBe(true);
    expect(has(blocked, '"reason_field":"block_reason","reason_value":"PROHIBITED_CONTENT"')).toBe(true);
    expect(has(detect('{"candidates":[{"content":{"parts":[{"text":"thinking","thought":true}]},"finishReason":"SAFETY"}]}'), '"blank":true')).toBe(true);
  });
  test("Bedrock Converse", () => {
    const r = detect('{"output":{"message":{"role":"assistant","content":[{"toolUse":{"toolUseId":"t","name":"bash","input":{}}}]}},"stopReason":"guardrail_intervened"}');
    expect(has(r, '"terminated":true,"signal":true,"shape":"bedrock"')).toBe(true);
    expect(has(r, '"detector":"bedrock_guardrail","reason_field":"stopReason","reason_value":"guardrail_intervened"')).toBe(true);
    expect(has(detect('{"output":{"message":{"content":[{"text":""}]}},"stopReason":"content_filtered"}'), '"terminated":true')).toBe(true);
    expect(has(detect('{"output":{"message":{"content":[{"toolUse":{"name":"x"}}]}},"stopReason":"tool_use"}'), '"signal":false')).toBe(true);
    expect(has(detect('{"messageStop":{"stopReason":"guardrail_intervened"}}'), '"terminated":true')).toBe(true);
  });
  test("a named shape overrides the guess", () => {
    expect(has(detect('{"stop_reason":"refusal","content":[]}', defaults, 4), '"shape":"anthropic"')).toBe(true);
    expect(has(detect('{"choices":"x"}', defaults, 2), '"tool_calls":0')).toBe(true);
  });
});

describe("robustness", () => {
  test("bad input gives an error result, never a trap", () => {
    expect(has(detect(""), '"error":"not valid JSON')).toBe(true);
    expect(has(detect("1"), '"error"')).toBe(true);
    expect(has(detect("null"), '"error"')).toBe(true);
    // A list is a message history: its last element is the turn; a number is no model turn.
    expect(has(detect("[1]"), '"terminated":false')).toBe(true);
    expect(has(detect("[]"), '"terminated":false')).toBe(true);
    expect(has(detect('{"a":'), '"error"')).toBe(true);
    expect(has(detect("{}", defaults, 99), '"error"')).toBe(true);
    expect(has(detect('"\\u0000"'), '"error"')).toBe(true);
    let deep = "";
    for (let i = 0; i < 200; i++) deep += "[";
    expect(has(detect(deep), '"error"')).toBe(true);
  });
  test("odd types are tolerated", () => {
    expect(has(detect('{"choices":[1,null,{"message":5}]}'), '"terminated":false')).toBe(true);
    expect(has(detect('{"candidates":[{"content":[]}],"promptFeedback":3}'), '"terminated":false')).toBe(true);
    expect(has(detect('{"type":"ai","content":5,"tool_calls":{},"response_metadata":{"finish_reason":"content_filter"}}'), '"blank":false')).toBe(true);
    expect(has(detect('{"output":{"message":{"content":"x"}},"stopReason":null}'), '"signal":false')).toBe(true);
  });
  test("case folding is ASCII only: look-alikes and Unicode case mappings never match", () => {
    // Providers send ASCII enum values. Python's str.upper() would map U+017F (long s) to S and
    // U+0131 (dotless i) to I; we do not, so every runtime decides alike, with no Unicode tables.
    const lookalikes = [
      "\uFF23\uFF2F\uFF2E\uFF34\uFF25\uFF2E\uFF34_FILTER", // fullwidth CONTENT
      "CONTENT_F\u0130LTER", // capital I with dot
      "content_f\u0131lter", // dotless i
      "content\u200b_filter", // zero-width space
      "content_filter\\u0000", // a JSON-escaped NUL after the value
      "\u017Fafety", // long s: Python's upper() gives SAFETY
      "\u0131mage_safety", // dotless i: Python's upper() gives IMAGE_SAFETY
    ];
    for (let i = 0; i < lookalikes.length; i++) {
      expect(has(detect(ai('""', WRITE, '{"finish_reason":"' + lookalikes[i] + '"}')), '"signal":false')).toBe(true);
    }
    expect(has(detect(ai('""', WRITE, '{"stop_reason":"REFUSAL"}')), '"signal":true')).toBe(true);
    expect(has(detect(ai('""', WRITE, '{"finish_reason":"Image_Safety"}')), '"signal":true')).toBe(true);
  });
  test("a configured non-ASCII value matches byte for byte", () => {
    const c = compile('{"detectors":[{"use":"openai_compatible_content_filter","config":{"finish_reasons":["敏感"]}}]}')!;
    expect(has(detect(ai('""', WRITE, '{"finish_reason":"敏感"}'), c), '"terminated":true')).toBe(true);
    expect(has(detect(ai('""', WRITE, '{"finish_reason":"敏"}'), c), '"signal":false')).toBe(true);
  });
  test("a duplicated container or tool-call list cannot hide a stop or a call", () => {
    const meta = '{"type":"ai","content":"x","tool_calls":[' + WRITE + '],"response_metadata":{"finish_reason":"stop"},"response_metadata":{"finish_reason":"content_filter"}}';
    expect(has(detect(meta), '"terminated":true')).toBe(true);
    const calls = '{"type":"ai","content":"x","tool_calls":[],"tool_calls":[' + WRITE + '],"response_metadata":{"finish_reason":"content_filter"}}';
    expect(has(detect(calls), '"terminated":true')).toBe(true);
    // Without duplicates DeerFlow's order holds: a non-empty response_metadata value decides.
    expect(has(detect(ai('""', WRITE, '{"finish_reason":"stop"}', '{"finish_reason":"content_filter"}')), '"signal":false')).toBe(true);
  });
  test("reason values with escapes are copied verbatim", () => {
    expect(has(detect(ai('""', WRITE, '{"finish_reason":"content\\u005ffilter"}')), '"reason_value":"content\\u005ffilter"')).toBe(true);
  });
});

describe("SafetyConfig.compile", () => {
  test("null or missing detectors means the defaults", () => {
    expect(compile("{}")!.detectors.length).toBe(5);
    expect(compile('{"detectors":null,"enabled":true}')!.detectors.length).toBe(5);
    expect(compile('{"detectors":[{"use":"gemini_safety","config":null}]}')!.detectors.length).toBe(1);
  });
  test("rejects an empty list, unknown detectors and bad options", () => {
    const e = new LoadErrors();
    expect(compile('{"detectors":[]}', e) == null).toBe(true);
    expect(e.messages[0].includes("enabled=false")).toBe(true);
    const u = new LoadErrors();
    expect(compile('{"detectors":[{"use":"builtins:dict"}]}', u) == null).toBe(true);
    expect(u.paths[0]).toBe("/detectors/0/use");
    expect(compile('{"detectors":[{"use":"anthropic_refusal","config":{"finish_reasons":["x"]}}]}') == null).toBe(true);
    expect(compile('{"detectors":[{"use":"openai_compatible_content_filter","config":{"finish_reasons":[]}}]}') == null).toBe(true);
    expect(compile('{"detectors":[{"use":"openai_compatible_content_filter","config":{"finish_reasons":[1]}}]}') == null).toBe(true);
    expect(compile('{"detectors":[{"use":"openai_compatible_content_filter","config":{"finish_reasons":[" "]}}]}') == null).toBe(true);
    expect(compile('{"detectors":{}}') == null).toBe(true);
    expect(compile('{"detector":[]}') == null).toBe(true);
    expect(compile('{"detectors":[{"use":"gemini_safety","extra":1}]}') == null).toBe(true);
  });
  test("class paths resolve, file paths do not (custom detectors are not supported)", () => {
    expect(compile('{"detectors":[{"use":"portcullis:GeminiSafetyDetector"}]}') != null).toBe(true);
    expect(compile('{"detectors":[{"use":"deerflow.agents.middlewares.safety_termination_detectors:AnthropicRefusalDetector"}]}') != null).toBe(true);
    expect(compile('{"detectors":[{"use":"./mine.js:GeminiSafetyDetector"}]}') == null).toBe(true);
    expect(compile('{"detectors":[{"use":":gemini_safety"}]}') == null).toBe(true);
    expect(compile('{"detectors":[{"use":"9x:gemini_safety"}]}') == null).toBe(true);
  });
  test("anthropic and bedrock take stop_reasons, responses takes reasons", () => {
    expect(compile('{"detectors":[{"use":"AnthropicRefusalDetector","config":{"stop_reasons":["refusal","blocked"]}}]}') != null).toBe(true);
    expect(compile('{"detectors":[{"use":"bedrock_guardrail","config":{"stop_reasons":["guardrail_intervened"]}}]}') != null).toBe(true);
    expect(compile('{"detectors":[{"use":"openai_responses_content_filter","config":{"reasons":["content_filter"]}}]}') != null).toBe(true);
  });
});

describe("memory", () => {
  test("stays flat across calls", () => {
    const doc = ai('"partial"', WRITE + "," + WRITE, '{"finish_reason":"content_filter","content_filter_results":{"hate":{"filtered":true}}}');
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
