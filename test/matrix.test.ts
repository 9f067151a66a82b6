// The runtime matrix: the shared vectors (decisions, safety stops, the sanitizer) replayed through the public API
// of the built package (dist/) in Node, Deno, Bun, workerd (wrangler's bundle, run by miniflare) and headless Chromium. Every runtime's results must be
// byte-identical to Node's (serialised JSON); Node's must match what the vectors expect.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import { buildCases, sanitizeProblems, type Cases } from "./matrix/cases.ts";
import { maskFenceId } from "./matrix/replay.mjs";
import { launchChromium, ROOT, run, scriptCommand, startWorker } from "./matrix/runtimes.ts";
import { serveStatic, STRICT_CSP } from "../examples/browser/serve.mjs";

interface Replayed {
  runtime: string;
  results: string[];
}

const { cases, labels, replayedFiles } = buildCases();
let baseline: string[] = [];

async function replayInScript(runtime: "node" | "deno" | "bun", input: Cases): Promise<Replayed> {
  const [command, args] = scriptCommand(runtime, join(ROOT, "test/matrix/script-driver.mjs"));
  const result = await run(command, args, { input: JSON.stringify(input) });
  if (result.status !== 0) throw new Error(`${runtime} exited with ${result.status}:\n${result.stderr}`);
  return JSON.parse(result.stdout.trim().split("\n").pop()!) as Replayed;
}

/** Every result equal to Node's, or a failure naming the runtime, the vector and both outputs. */
function expectSameAsNode(replayed: Replayed, runtime: string) {
  expect(replayed.runtime).toBe(runtime);
  expect(replayed.results.length, `${runtime}: number of results`).toBe(baseline.length);
  const mismatches = replayed.results.flatMap((result, i) =>
    result === baseline[i] ? [] : [`${labels[i]!.file}: ${labels[i]!.name}\n    node:     ${baseline[i]}\n    ${(runtime + ":").padEnd(10)}${result}`],
  );
  expect(mismatches, `${runtime} differs from Node on ${mismatches.length} vectors:\n${mismatches.slice(0, 10).join("\n")}`).toEqual([]);
}

describe("runtime matrix", () => {
  beforeAll(async () => {
    baseline = (await replayInScript("node", cases)).results;
  });

  it("replays every request, safety and sanitizer vector file", () => {
    expect(replayedFiles).toEqual(
      expect.arrayContaining(["core.jsonl", "commands-files.jsonl", "paths.jsonl", "urls.jsonl", "safety/providers.jsonl", "sanitize.jsonl"]),
    );
    expect(cases.sanitize.length).toBeGreaterThanOrEqual(100);
    expect(cases.sanitize.filter((v) => v.fenceId !== null).length).toBeGreaterThan(0);
    expect(labels.length).toBeGreaterThan(1000);
  });

  it("Node: the built package decides what the vectors expect", () => {
    expect(baseline.length).toBe(labels.length);
    const wrong = baseline.flatMap((result, i) => {
      const { expect: want, file, name } = labels[i]!;
      const got = JSON.parse(result);
      if (want.sanitize) {
        // The vector's expectations on the fixed-id result; the shared sanitize() must agree once its random id is masked.
        const problems = sanitizeProblems(want.sanitize, got.fixed);
        if (JSON.stringify(maskFenceId(got.fixed)) !== JSON.stringify(got.shared)) problems.push(`shared sanitize() differs: ${JSON.stringify(got.shared)}`);
        return problems.length ? [`${file}: ${name}: ${problems.join("; ")}`] : [];
      }
      const ok = want.terminated !== undefined
        ? got.terminated === want.terminated
        : got.decision === want.decision && (!want.code || got.reasons[0].code === want.code);
      return ok ? [] : [`${file}: ${name}: ${result}`];
    });
    expect(wrong).toEqual([]);
  });

  it("Deno decides byte for byte like Node (no permissions granted)", async () => {
    expectSameAsNode(await replayInScript("deno", cases), "deno");
  });

  it("Bun decides byte for byte like Node", async () => {
    expectSameAsNode(await replayInScript("bun", cases), "bun");
  });

  it("workerd decides byte for byte like Node (wrangler resolves the workerd condition)", async () => {
    const worker = await startWorker(join(ROOT, "test/matrix/wrangler.toml"));
    try {
      const response = await worker.fetch("/", { method: "POST", body: JSON.stringify(cases) });
      expect(response.status).toBe(200);
      expectSameAsNode((await response.json()) as Replayed, "workerd");
    } finally {
      await worker.close();
    }
  });

  it("workerd: the inline entry (wasm as bytes) fails closed, naming the workerd condition", async () => {
    const worker = await startWorker(join(ROOT, "test/matrix/inline-wrangler.toml"));
    try {
      const decision = (await (await worker.fetch("/")).json()) as { decision: string; reasons: { code: string; message: string }[] };
      expect(decision.decision).toBe("deny");
      expect(decision.reasons[0]!.code).toBe("oap.evaluator_error");
      expect(decision.reasons[0]!.message).toMatch(/code generation disallowed.*import portcullis through the workerd\/worker export condition/is);
    } finally {
      await worker.close();
    }
  });

  describe("Chromium", () => {
    let browser: Awaited<ReturnType<typeof launchChromium>>;
    let server: { url: string; close(): Promise<void> };
    beforeAll(async () => {
      browser = await launchChromium();
      server = await serveStatic({ root: ROOT, csp: STRICT_CSP });
    });
    afterAll(async () => {
      await browser?.close();
      await server?.close();
    });

    // default: wasm inlined; bare: portcullis/bare given policy.wasm by WebAssembly.compileStreaming.
    it.each(["default", "bare"])(`decides byte for byte like Node under CSP "${STRICT_CSP}" (%s entry)`, async (entry) => {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(String(error)));
      await page.goto(`${server.url}/test/matrix/browser-driver.html`);
      await page.waitForFunction(() => document.documentElement.dataset.ready === "true", undefined, { timeout: 20_000 });
      const replayed = await page.evaluate(([input, name]) => (window as any).portcullisReplay(input, name), [cases, entry]);
      expect(errors).toEqual([]);
      expectSameAsNode(replayed as Replayed, "chromium");
    });
  });
});
