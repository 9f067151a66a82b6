// guard.safetyStop over the SDK's own OpenAIChatCompletionsModel (the model class behind Azure and every
// OpenAI-compatible provider), end to end through the real runner: a stub client returns what those providers send.
import { describe, expect, it, vi } from "vitest";
import { Agent, OpenAIChatCompletionsModel, OpenAIResponsesModel, run, setTracingDisabled } from "@openai/agents";
import { z } from "zod";
import { createOpenAIAgentsGuard } from "../../bindings/adapters/openai-agents.ts";
import { testCore } from "../../bindings/safety/_test-core.ts";
import { scriptedPolicy } from "./_policy.ts";

setTracingDisabled(true);

type Chunk = Record<string, unknown>;
const ARGS = JSON.stringify({ command: "ls /tmp/x" });

const chunk = (choice: Record<string, unknown>, extra: Chunk = {}): Chunk => ({
  id: "c1", object: "chat.completion.chunk", created: 1, model: "gpt-4o", choices: [{ index: 0, finish_reason: null, ...choice }], ...extra,
});
/** A tool call streamed in two deltas, then the given closing chunks. */
const callChunks = (...closing: Chunk[]): Chunk[] => [
  chunk({ delta: { role: "assistant", tool_calls: [{ index: 0, id: "call_1", type: "function", function: { name: "bash", arguments: "" } }] } }),
  chunk({ delta: { tool_calls: [{ index: 0, function: { arguments: ARGS } }] } }),
  ...closing,
];
const finish = (reason: string, extra: Record<string, unknown> = {}) => chunk({ delta: {}, finish_reason: reason, ...extra });
const textChunks = (): Chunk[] => [chunk({ delta: { role: "assistant", content: "done" }, finish_reason: "stop" })];

const completion = (reason: string, choice: Record<string, unknown> = {}) => ({
  id: "c1", object: "chat.completion", created: 1, model: "gpt-4o",
  choices: [{ index: 0, finish_reason: reason, message: { role: "assistant", content: null, tool_calls: [{ id: "call_1", type: "function", function: { name: "bash", arguments: ARGS } }] }, ...choice }],
  usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
});
const textCompletion = () => ({
  id: "c2", object: "chat.completion", created: 1, model: "gpt-4o",
  choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content: "done" } }],
  usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
});

/** A client whose first answer is scripted and whose later answers are plain text. */
function client(first: { stream?: Chunk[]; whole?: object }) {
  let turn = 0;
  return {
    baseURL: "https://api.openai.com/v1",
    chat: {
      completions: {
        create: async (body: { stream?: boolean }) => {
          const isFirst = turn++ === 0;
          if (body.stream) {
            const list = isFirst ? first.stream ?? [] : textChunks();
            const it = (async function* () { yield* list; })() as AsyncGenerator<Chunk> & { controller: AbortController };
            it.controller = new AbortController();
            return it;
          }
          return isFirst ? first.whole : textCompletion();
        },
      },
    },
  };
}

async function runWith(first: { stream?: Chunk[]; whole?: object }, stream: boolean) {
  const guard = createOpenAIAgentsGuard({ provider: scriptedPolicy });
  const bash = vi.fn(async ({ command }: { command: string }) => `ran ${command}`);
  const model = new OpenAIChatCompletionsModel(client(first) as never, "gpt-4o");
  const agent = new Agent({
    name: "a", instructions: "help", model: guard.safetyStop(testCore(), model),
    tools: [guard.tool({ name: "bash", description: "run", parameters: z.object({ command: z.string() }), execute: bash })],
  });
  let output: unknown;
  if (stream) {
    const streamed = await run(agent, "go", { stream: true, maxTurns: 3 });
    for await (const _event of streamed) { /* drain */ }
    await streamed.completed;
    if (streamed.error) throw streamed.error;
    output = streamed.finalOutput;
  } else {
    output = (await run(agent, "go", { maxTurns: 3 })).finalOutput;
  }
  return { bash, output };
}

describe("guard.safetyStop over OpenAIChatCompletionsModel", () => {
  describe("non-stream: the reason sits at providerData.choices[i]", () => {
    it.each(["content_filter", "CONTENT_FILTER", " content-filter "])("finish_reason %j runs no tool", async (reason) => {
      const { bash } = await runWith({ whole: completion(reason) }, false);
      expect(bash).not.toHaveBeenCalled();
    });

    it("camelCase finishReason on the choice runs no tool", async () => {
      const whole = completion("tool_calls");
      const { finish_reason: _, ...choice } = whole.choices[0];
      const { bash } = await runWith({ whole: { ...whole, choices: [{ ...choice, finishReason: "content_filter" }] } }, false);
      expect(bash).not.toHaveBeenCalled();
    });

    it("benign twin: finish_reason tool_calls runs the tool once", async () => {
      const { bash } = await runWith({ whole: completion("tool_calls", { content_filter_results: { violence: { filtered: false, severity: "safe" } } }) }, false);
      expect(bash).toHaveBeenCalledTimes(1);
    });
  });

  describe("stream: the reason is only in the raw chunks before response_done", () => {
    it("a content_filter finish chunk runs no tool", async () => {
      const { bash } = await runWith({ stream: callChunks(finish("content_filter")) }, true);
      expect(bash).not.toHaveBeenCalled();
    });

    it("the finish reason in the same chunk as the arguments runs no tool", async () => {
      const [start, args] = callChunks();
      const { bash } = await runWith({ stream: [start, { ...args, choices: [{ ...(args.choices as object[])[0], finish_reason: "content_filter" }] }] }, true);
      expect(bash).not.toHaveBeenCalled();
    });

    it("Azure's late annotation after a tool_calls finish (filtered: true) runs no tool", async () => {
      const late = chunk({ delta: {}, content_filter_results: { violence: { filtered: true, severity: "high" } } });
      const { bash } = await runWith({ stream: callChunks(finish("tool_calls"), late) }, true);
      expect(bash).not.toHaveBeenCalled();
    });

    it("Azure's late content_filter finish after a tool_calls finish runs no tool", async () => {
      const { bash } = await runWith({ stream: callChunks(finish("tool_calls"), finish("content_filter")) }, true);
      expect(bash).not.toHaveBeenCalled();
    });

    it("a mid-stream error event (error + finish_reason error) runs no tool", async () => {
      const error = chunk({ delta: { content: "" }, finish_reason: "error" }, { error: { code: "server_error", message: "Provider disconnected" } });
      const { bash } = await runWith({ stream: callChunks(error) }, true);
      expect(bash).not.toHaveBeenCalled();
    });

    it("a stream that ends with no finish reason runs no tool", async () => {
      const { bash } = await runWith({ stream: callChunks() }, true);
      expect(bash).not.toHaveBeenCalled();
    });

    it("benign twin: a tool_calls finish runs the tool once", async () => {
      const { bash } = await runWith({ stream: callChunks(finish("tool_calls")) }, true);
      expect(bash).toHaveBeenCalledTimes(1);
    });

    it("benign twin: Azure's annotation with nothing filtered runs the tool once", async () => {
      const note = chunk({ delta: {}, content_filter_results: { violence: { filtered: false, severity: "safe" } } });
      const { bash } = await runWith({ stream: callChunks(finish("tool_calls"), note) }, true);
      expect(bash).toHaveBeenCalledTimes(1);
    });

    it("a filtered turn with text and no call keeps its text (a partial answer passes)", async () => {
      const { bash, output } = await runWith({ stream: [chunk({ delta: { role: "assistant", content: "partial" } }), finish("content_filter")] }, true);
      expect(bash).not.toHaveBeenCalled();
      expect(output).toContain("partial");
    });
  });
});

describe("guard.safetyStop over OpenAIResponsesModel (streamed raw events are Responses events)", () => {
  const usage = { input_tokens: 1, output_tokens: 1, total_tokens: 2, input_tokens_details: { cached_tokens: 0 }, output_tokens_details: { reasoning_tokens: 0 } };
  const call = { id: "fc_1", type: "function_call", status: "completed", call_id: "call_1", name: "bash", arguments: ARGS };
  const message = { id: "msg_1", type: "message", role: "assistant", status: "completed", content: [{ type: "output_text", text: "done", annotations: [] }] };
  const response = (id: string, output: object[], status = "completed") => ({ id, object: "response", created_at: 1, status, model: "gpt-4.1", output, usage, incomplete_details: null, error: null });
  const events = (first: boolean) => first
    ? [
      { type: "response.created", sequence_number: 0, response: response("r1", [], "in_progress") },
      { type: "response.output_item.added", sequence_number: 1, output_index: 0, item: { ...call, status: "in_progress", arguments: "" } },
      { type: "response.function_call_arguments.delta", sequence_number: 2, item_id: "fc_1", output_index: 0, delta: ARGS },
      { type: "response.output_item.done", sequence_number: 3, output_index: 0, item: call },
      { type: "response.completed", sequence_number: 4, response: response("r1", [call]) },
    ]
    : [
      { type: "response.created", sequence_number: 0, response: response("r2", [], "in_progress") },
      { type: "response.completed", sequence_number: 1, response: response("r2", [message]) },
    ];

  it("benign twin: a completed function call runs the tool once", async () => {
    let turn = 0;
    const stub = { baseURL: "https://api.openai.com/v1", responses: { create: async () => (async function* () { yield* events(turn++ === 0); })() } };
    const guard = createOpenAIAgentsGuard({ provider: scriptedPolicy });
    const bash = vi.fn(async ({ command }: { command: string }) => `ran ${command}`);
    const agent = new Agent({
      name: "a", instructions: "help", model: guard.safetyStop(testCore(), new OpenAIResponsesModel(stub as never, "gpt-4.1")),
      tools: [guard.tool({ name: "bash", description: "run", parameters: z.object({ command: z.string() }), execute: bash })],
    });
    const streamed = await run(agent, "go", { stream: true, maxTurns: 3 });
    for await (const _event of streamed) { /* drain */ }
    await streamed.completed;
    expect(streamed.error ?? null).toBeNull();
    expect(bash).toHaveBeenCalledTimes(1);
    expect(streamed.finalOutput).toBe("done");
  });
});
