import { readFileSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { guardStream } from "./stream.ts";
import { SafetyCheckError } from "./check.ts";
import { disabledSafetyCore } from "./disabled-core.ts";
import { testCore } from "./_test-core.ts";
import type { SafetyCore, SafetyTerminationEvent, SafetyTerminationMetadata } from "./types.ts";

const DIR = resolve(import.meta.dirname, "../../test/vectors/safety/streams");
const SENTINEL = "TRUNCATED_ARGS_SENTINEL";
const core = testCore();

interface StreamVector {
  name: string;
  config?: object;
  chunks: unknown[];
  expect: {
    /** Input chunk indexes yielded unchanged, and "stop" where the rewritten stop chunk comes. */
    output: (number | "stop")[];
    stop?: number;
    stop_contains?: string;
    terminated: boolean;
    detector?: string;
    reason_field?: string;
    reason_value?: string;
    suppressed_tool_calls?: number;
    names?: string[];
    extras?: Record<string, unknown>;
  };
}

async function* source<T>(chunks: T[]) {
  yield* chunks;
}

async function run(chunks: unknown[], c: SafetyCore = core) {
  const terminations: { metadata: SafetyTerminationMetadata; event: SafetyTerminationEvent; explanation: string }[] = [];
  const out: unknown[] = [];
  const stream = guardStream(source(structuredClone(chunks)), { core: c, threadId: "t-1", onTermination: (metadata, event, explanation) => terminations.push({ metadata, event, explanation }) });
  for await (const chunk of stream) out.push(chunk);
  return { out, terminations };
}

for (const file of readdirSync(DIR).filter((f) => f.endsWith(".jsonl"))) {
  const vectors = readFileSync(join(DIR, file), "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l) as StreamVector);
  describe(`stream fixtures: ${file}`, () => {
    it.each(vectors.map((v) => [v.name, v] as const))("%s", async (_name, v) => {
      const { out, terminations } = await run(v.chunks, v.config ? testCore(v.config) : core);
      const x = v.expect;
      expect(out).toHaveLength(x.output.length);
      x.output.forEach((slot, i) => {
        if (slot === "stop") return;
        expect(out[i]).toEqual(v.chunks[slot]);
      });
      if (!x.terminated) {
        expect(terminations).toEqual([]);
        return;
      }
      // Nothing of a cut-off tool call reaches the consumer, whatever the shape.
      expect(JSON.stringify(out)).not.toContain(SENTINEL);
      expect(terminations).toHaveLength(1);
      const { metadata, event, explanation } = terminations[0];
      expect(metadata).toMatchObject({ detector: x.detector, reason_value: x.reason_value, suppressed_tool_call_count: x.suppressed_tool_calls, suppressed_tool_call_names: x.names });
      if (x.reason_field) expect(metadata.reason_field).toBe(x.reason_field);
      if (x.extras) expect(metadata.extras).toEqual(x.extras);
      expect(event).toEqual({ type: "safety_termination", detector: x.detector, reason_field: metadata.reason_field, reason_value: x.reason_value, suppressed_tool_call_count: x.suppressed_tool_calls, suppressed_tool_call_names: x.names, thread_id: "t-1" });
      expect(explanation).toContain(x.suppressed_tool_calls! > 0 ? "were suppressed" : "returned no content");
      const at = x.output.indexOf("stop");
      if (at < 0) return;
      const stop = out[at] as Record<string, unknown>;
      // LangChain messages carry the stamp in additional_kwargs, provider payloads at the top, an {event} wrapper on the event.
      const inner = (key: string) => (stop[key] as Record<string, unknown> | undefined)?.safety_termination;
      const stamp = stop.safety_termination ?? inner("additional_kwargs") ?? inner("event");
      expect(stamp).toEqual(metadata);
      if (x.stop_contains) expect(JSON.stringify(stop)).toContain(x.stop_contains);
      // The rewritten stop chunk carries no executable call any more.
      expect(core.detect(JSON.stringify(stop)).tool_calls).toBe(0);
    });
  });
}

describe("guardStream semantics", () => {
  const role = { object: "chat.completion.chunk", choices: [{ index: 0, delta: { role: "assistant" }, finish_reason: null }] };
  const call = { object: "chat.completion.chunk", choices: [{ index: 0, delta: { tool_calls: [{ index: 0, id: "c1", type: "function", function: { name: "bash", arguments: "{}" } }] }, finish_reason: null }] };
  const end = (reason: string) => ({ object: "chat.completion.chunk", choices: [{ index: 0, delta: {}, finish_reason: reason }] });

  it("text before the first tool call streams live; held chunks wait for the finish", async () => {
    const seen: string[] = [];
    async function* slow() {
      yield role;
      seen.push("role consumed before the call was produced");
      yield call;
      seen.push("call produced");
      yield end("tool_calls");
    }
    const out: unknown[] = [];
    for await (const chunk of guardStream(slow(), { core })) {
      out.push(chunk);
      if (chunk === role) expect(seen).toEqual([]);
      if (chunk === call) expect(seen).toEqual(["role consumed before the call was produced", "call produced"]);
    }
    expect(out).toEqual([role, call, end("tool_calls")]);
  });

  it("a source that throws propagates the error and releases nothing held", async () => {
    async function* broken() {
      yield role;
      yield call;
      throw new Error("socket hang up");
    }
    const out: unknown[] = [];
    await expect(async () => {
      for await (const chunk of guardStream(broken(), { core })) out.push(chunk);
    }).rejects.toThrow("socket hang up");
    expect(out).toEqual([role]);
  });

  it("a chunk the core cannot read throws SafetyCheckError; held calls stay held", async () => {
    const failing: SafetyCore = { detect: () => ({ terminated: false, error: "trap" }) };
    const out: unknown[] = [];
    await expect(async () => {
      for await (const chunk of guardStream(source([role, call, end("tool_calls")]), { core: failing })) out.push(chunk);
    }).rejects.toThrow(SafetyCheckError);
    expect(out).toEqual([]);
  });

  it("breaking off early closes the source", async () => {
    let closed = false;
    async function* tracked() {
      try {
        yield role;
        yield call;
      } finally {
        closed = true;
      }
    }
    for await (const _chunk of guardStream(tracked(), { core })) break;
    expect(closed).toBe(true);
  });

  it("chunks after a finished turn are judged as a new turn", async () => {
    const { out, terminations } = await run([role, call, end("tool_calls"), call]);
    expect(out).toEqual([role, call, end("tool_calls")]);
    expect(terminations.map((t) => t.metadata.detector)).toEqual(["stream_incomplete"]);
  });

  it("after a safety stop, later chunks that carry a tool call are dropped", async () => {
    const usage = { object: "chat.completion.chunk", choices: [], usage: { total_tokens: 3 } };
    const { out } = await run([role, call, end("content_filter"), call, usage]);
    expect(out).toHaveLength(3);
    expect(out[2]).toEqual(usage);
  });

  it("a disabled core passes the stream through untouched, even an incomplete one", async () => {
    const { out, terminations } = await run([role, call], disabledSafetyCore);
    expect(out).toEqual([role, call]);
    expect(terminations).toEqual([]);
  });

  it("n=2 in shared chunks: the filtered choice leaves each chunk, the other choice's parts stay in place", async () => {
    const both = (a: object, b: object) => ({ object: "chat.completion.chunk", choices: [{ index: 0, ...a }, { index: 1, ...b }] });
    const callDelta = (id: string, name: string, args: string) => ({ delta: { tool_calls: [{ index: 0, id, type: "function", function: { name, arguments: args } }] }, finish_reason: null });
    const chunks = [
      both({ delta: { role: "assistant" }, finish_reason: null }, { delta: { role: "assistant" }, finish_reason: null }),
      both(callDelta("c0", "read_file", "{}"), callDelta("c1", "bash", SENTINEL)),
      both({ delta: {}, finish_reason: "tool_calls" }, { delta: {}, finish_reason: "content_filter" }),
    ];
    const { out, terminations } = await run(chunks);
    expect(out).toHaveLength(3);
    expect(out[0]).toEqual(chunks[0]);
    expect(out[1]).toEqual({ ...chunks[1], choices: [chunks[1].choices[0]] });
    const stop = out[2] as { choices: { index: number; delta: { content?: string; tool_calls?: unknown }; finish_reason: string }[]; safety_termination: unknown };
    expect(stop.choices.map((c) => c.index)).toEqual([0, 1]);
    expect(stop.choices[0]).toEqual(chunks[2].choices[0]);
    expect(stop.choices[1].delta.content).toContain("were suppressed");
    expect(JSON.stringify(out)).not.toContain(SENTINEL);
    expect(terminations.map((t) => t.metadata.suppressed_tool_call_names)).toEqual([["bash"]]);
    expect(stop.safety_termination).toEqual(terminations[0].metadata);
  });

  it("Azure: a held call waits for the stream's end, not the finish chunk", async () => {
    const seen: string[] = [];
    async function* azure() {
      yield role;
      yield call;
      yield end("tool_calls");
      seen.push("finish consumed");
      yield { object: "chat.completion.chunk", choices: [{ index: 0, delta: {}, finish_reason: null, content_filter_results: { hate: { filtered: false, severity: "safe" } } }] };
      seen.push("annotation consumed");
    }
    const out: unknown[] = [];
    for await (const chunk of guardStream(azure(), { core })) {
      if (chunk === call) expect(seen).toEqual(["finish consumed", "annotation consumed"]);
      out.push(chunk);
    }
    expect(out).toHaveLength(4);
  });

  it("non-object chunks (strings, bytes) pass: there is nothing in them the guard can execute", async () => {
    const bytes = new Uint8Array([1, 2]);
    const { out } = await run(["data: [DONE]", bytes]);
    expect(out).toEqual(["data: [DONE]", bytes]);
  });
});
