/**
 * @module
 * A response with several choices (OpenAI n > 1) or candidates (Gemini
 * candidateCount > 1) is judged one choice at a time: a filtered choice's
 * calls are suppressed, another choice's are not, and one choice's reason
 * never combines with another's calls or blank content.
 */

import { detectTurn } from "./check.ts";
import type { DetectResult, SafetyCore } from "./types.ts";

const LISTS: Partial<Record<string, string>> = { openai_chat: "choices", gemini: "candidates" };

/** The turn at a JSON Pointer (the core's `at`), or undefined. */
export function turnAt(message: unknown, at = ""): unknown {
  let value = message;
  for (const key of at ? at.slice(1).split("/").map((s) => s.replaceAll("~1", "/").replaceAll("~0", "~")) : []) {
    if (typeof value !== "object" || value === null) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/**
 * For a multi-choice turn: the positions that stop on their own, and the
 * detection of the first of them (or a pass). Undefined for a turn with one
 * choice, which the whole-turn detection already decided.
 */
export function stoppingChoices(core: SafetyCore, message: unknown, detection: DetectResult): { positions: Set<number>; detection: DetectResult } | undefined {
  const key = detection.shape ? LISTS[detection.shape] : undefined;
  const turn = turnAt(message, detection.at);
  if (!key || typeof turn !== "object" || turn === null) return undefined;
  const list = (turn as Record<string, unknown>)[key];
  if (!Array.isArray(list) || list.length < 2) return undefined;
  const positions = new Set<number>();
  let first: DetectResult | undefined;
  list.forEach((choice, i) => {
    const one = detectTurn(core, { ...(turn as object), [key]: [choice] }, detection.shape);
    if (!one.terminated) return;
    positions.add(i);
    first ??= one;
  });
  return { positions, detection: first ? { ...first, at: detection.at } : { ...detection, terminated: false } };
}
