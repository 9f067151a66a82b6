import { readFileSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { applySafetyStop } from "./middleware.ts";
import { testCore } from "./_test-core.ts";
import type { SafetyShape } from "./types.ts";

const DIR = resolve(import.meta.dirname, "../../test/vectors/safety");
const defaultCore = testCore();

/** Put in the arguments of calls that must be suppressed: it must not survive the rewrite. */
const SENTINEL = "SUPPRESSED_ARGS_SENTINEL";

interface Vector {
  name: string;
  config?: object;
  /** The shape named by the caller (an adapter); absent = guessed. */
  shape?: SafetyShape;
  input: unknown;
  /** A stop event with no content to extend: stamped only, so not idempotent by content. */
  stop_event_only?: boolean;
  expect: {
    terminated: boolean; detector?: string; reason_field?: string; reason_value?: string; suppressed_tool_calls: number;
    /** Calls of choices that did not stop, kept by the rewrite (n > 1); 0 when absent. */
    kept_tool_calls?: number;
    /** When given, the extras carried (Azure content_filter_results, Gemini safety_ratings). */
    extras?: Record<string, unknown>;
  };
}

for (const file of readdirSync(DIR).filter((f) => f.endsWith(".jsonl"))) {
  const vectors = readFileSync(join(DIR, file), "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l) as Vector);
  describe(file, () => {
    it.each(vectors.map((v) => [v.name, v] as const))("%s", (_name, v) => {
      const core = v.config ? testCore(v.config) : defaultCore;
      const r = applySafetyStop(v.input, { core, shape: v.shape });
      expect(r.terminated).toBe(v.expect.terminated);
      if (!v.expect.terminated) {
        expect(r.message).toBe(v.input);
        return;
      }
      expect(r.metadata).toMatchObject({
        detector: v.expect.detector, reason_field: v.expect.reason_field, reason_value: v.expect.reason_value,
        suppressed_tool_call_count: v.expect.suppressed_tool_calls,
      });
      if (v.expect.extras) expect(r.metadata!.extras).toEqual(v.expect.extras);
      expect(JSON.stringify(r.message)).toContain('"safety_termination"');
      // No part of a suppressed call survives, wherever the turn kept it.
      expect(JSON.stringify(r.message)).not.toContain(SENTINEL);
      if (v.stop_event_only) return;
      // The rewrite keeps the shape, executes nothing, and is idempotent.
      expect(r.detection.shape).toBe(core.detect(JSON.stringify(r.message), v.shape).shape);
      const again = core.detect(JSON.stringify(r.message), v.shape);
      expect(again.tool_calls).toBe(v.expect.kept_tool_calls ?? 0);
      // A second pass leaves it alone (a multi-choice turn is judged per choice, as the first pass did).
      expect(applySafetyStop(r.message, { core, shape: v.shape }).terminated).toBe(false);
      if (!v.expect.kept_tool_calls) expect(again.terminated).toBe(false);
      expect(JSON.stringify(r.message)).toContain("The model provider stopped this response");
    });
  });
}
