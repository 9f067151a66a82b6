// guardStream over framework envelopes: LangChain streamEvents events and LangGraph "messages" tuples.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { AIMessageChunk } from "@langchain/core/messages";
import { guardStream } from "./stream.ts";
import { testCore } from "./_test-core.ts";
import type { SafetyTerminationMetadata } from "./types.ts";

const core = testCore();
const SENTINEL = "TRUNCATED_ARGS_SENTINEL";
const vectors = readFileSync(resolve(import.meta.dirname, "../../test/vectors/safety/streams/langchain.jsonl"), "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l));
const safe: object[] = vectors[0].chunks;
const filtered: object[] = vectors[1].chunks;

async function run(chunks: unknown[]) {
  const terminations: SafetyTerminationMetadata[] = [];
  const out: unknown[] = [];
  for await (const c of guardStream((async function* () { yield* structuredClone(chunks); })(), { core, onTermination: (m) => terminations.push(m) })) out.push(c);
  return { out, terminations };
}

const envelopes: Array<[string, (chunk: object) => unknown]> = [
  ["streamEvents on_chat_model_stream", (chunk) => ({ event: "on_chat_model_stream", run_id: "r", name: "ChatOpenAI", tags: [], metadata: {}, data: { chunk } })],
  ["LangGraph messages tuple", (chunk) => [chunk, { langgraph_node: "agent", langgraph_step: 1 }]],
  ["LangGraph messages tuple among several modes", (chunk) => ["messages", [chunk, { langgraph_node: "agent" }]]],
  ["LangGraph subgraph messages tuple", (chunk) => [["child:1"], "messages", [chunk, { langgraph_node: "agent" }]]],
];

describe("guardStream opens framework envelopes", () => {
  it.each(envelopes)("%s: a content_filter stop after tool call chunks releases no call part", async (_name, wrap) => {
    const { out, terminations } = await run(filtered.map(wrap));
    expect(JSON.stringify(out)).not.toContain(SENTINEL);
    expect(out).toHaveLength(2);
    expect(out[0]).toEqual(wrap(filtered[0]));
    expect(terminations).toHaveLength(1);
    expect(terminations[0]).toMatchObject({ detector: "openai_compatible_content_filter", suppressed_tool_call_count: 1, suppressed_tool_call_names: ["write_file"] });
    // The stop chunk keeps its envelope, with the rewritten chunk inside.
    expect(JSON.stringify(out[1])).toContain("were suppressed");
    expect(Array.isArray(out[1])).toBe(Array.isArray(wrap(filtered[0])));
  });

  it.each(envelopes)("%s: benign twin, a tool_calls finish releases every chunk unchanged", async (_name, wrap) => {
    const { out, terminations } = await run(safe.map(wrap));
    expect(out).toEqual(safe.map(wrap));
    expect(terminations).toEqual([]);
  });

  it("streamEvents with live AIMessageChunk instances and the closing on_chat_model_end", async () => {
    const chunks = [
      new AIMessageChunk({ content: "", tool_call_chunks: [{ name: "bash", args: "", id: "call_1", index: 0 }] }),
      new AIMessageChunk({ content: "", tool_call_chunks: [{ args: `{"command": "rm -rf /tmp/x${SENTINEL}`, index: 0 }] }),
      new AIMessageChunk({ content: "", response_metadata: { finish_reason: "content_filter" } }),
    ];
    const events = [
      ...chunks.map((chunk) => ({ event: "on_chat_model_stream", data: { chunk } })),
      { event: "on_chat_model_end", data: { output: chunks.reduce((a, b) => a.concat(b)) } },
    ];
    const out: unknown[] = [];
    for await (const c of guardStream((async function* () { yield* events; })(), { core })) out.push(c);
    expect(JSON.stringify(out)).not.toContain(SENTINEL);
    expect(out).toHaveLength(1);
  });

  it("other LangGraph modes pass as before", async () => {
    const update = ["updates", { agent: { messages: [{ type: "ai", content: "", tool_calls: [{ id: "c", name: "bash", args: {} }] }] } }];
    const { out, terminations } = await run([update]);
    expect(out).toEqual([update]);
    expect(terminations).toEqual([]);
  });
});
