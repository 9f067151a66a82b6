/**
 * @module
 * API-level safety errors (the seed's last section): some providers refuse
 * with an error instead of a stop reason. Recognise the known shapes and
 * return the same termination result, so callers handle both paths alike.
 */

import type { SafetyTermination } from "./types.ts";

export interface ProviderErrorTermination extends SafetyTermination {
  terminated: true;
}

type Bag = Record<string, unknown>;
const isObject = (x: unknown): x is Bag => typeof x === "object" && x !== null;

const NESTED = ["error", "body", "response", "data", "cause", "innererror"];
const READ = ["code", "type", "status", "statusCode", "content_filter_result", "content_filter_results"];

/** x[key], or undefined when reading it throws (a getter, a revoked proxy): classifying must never throw. */
function read(x: Bag, key: string): unknown {
  try {
    return key in x ? x[key] : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Plain snapshots of the objects an SDK error may nest its body in (OpenAI,
 * Azure, axios, fetch wrappers, cause chains), at most 12, each read once.
 */
function layers(error: unknown): Bag[] {
  const seen: unknown[] = [];
  const out: Bag[] = [];
  const queue: unknown[] = [error];
  while (queue.length && out.length < 12) {
    let x = queue.shift();
    if (typeof x === "string") {
      try {
        x = JSON.parse(x);
      } catch {
        continue;
      }
    }
    if (!isObject(x) || seen.includes(x)) continue;
    seen.push(x);
    const bag: Bag = {};
    for (const key of READ) bag[key] = read(x, key);
    out.push(bag);
    for (const key of NESTED) {
      const next = read(x, key);
      if (next !== undefined) queue.push(next);
    }
  }
  return out;
}

const str = (x: unknown): string | undefined => (typeof x === "string" && x ? x : typeof x === "number" ? String(x) : undefined);

/** A safety termination when `error` is a provider's safety refusal; otherwise null. */
export function classifyProviderError(error: unknown): ProviderErrorTermination | null {
  const bags = layers(error);
  const status = bags.map((b) => b.status ?? b.statusCode).find((s) => typeof s === "number");
  for (const bag of bags) {
    const code = str(bag.code);
    const type = str(bag.type);
    // OpenAI / Azure: code "content_filter" (Azure adds innererror.content_filter_result).
    if (code?.toLowerCase() === "content_filter" || code === "content_policy_violation" || code === "ResponsibleAIPolicyViolation") {
      const inner = bags.find((b) => isObject(b.content_filter_result) || isObject(b.content_filter_results));
      const extras: Bag = {};
      if (inner) extras.content_filter_result = structuredClone(inner.content_filter_result ?? inner.content_filter_results);
      if (status !== undefined) extras.status = status;
      return { terminated: true, detector: "openai_content_filter_error", reason_field: "error.code", reason_value: code, extras };
    }
    // GLM (Zhipu): error code 1301, the safety audit ("contentFilter").
    if (code === "1301" || type === "contentFilter") {
      return { terminated: true, detector: "glm_safety_audit_error", reason_field: "error.code", reason_value: code ?? type!, extras: status !== undefined ? { status } : {} };
    }
    // Alibaba Cloud Model Studio: DataInspectionFailed (data_inspection_failed in OpenAI-compatible mode).
    if (code === "DataInspectionFailed" || code === "data_inspection_failed" || type === "data_inspection_failed") {
      return { terminated: true, detector: "alibaba_data_inspection_failed", reason_field: "error.code", reason_value: code ?? type!, extras: status !== undefined ? { status } : {} };
    }
  }
  return null;
}
