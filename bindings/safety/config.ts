/**
 * @module
 * Validate `safety_finish_reason: {enabled, detectors: [{use, config}]}`
 * (the seed's YAML). Failures are data with a JSON-pointer path; the core
 * re-checks the detector list when it compiles it.
 */

import { isObject } from "./json-guards.ts";

export interface SafetyDetectorConfig {
  use: string;
  config?: Record<string, string[]> | null;
}

export interface SafetyFinishReasonConfig {
  enabled: boolean;
  detectors: SafetyDetectorConfig[] | null;
}

export interface SafetyConfigIssue {
  path: string;
  message: string;
}

/**
 * Each detector, by short name and DeerFlow class name, with the option its
 * values go under (Gemini also takes `block_reasons`, for a blocked prompt).
 */
export const DETECTORS: Record<string, { className: string; option: string; options?: string[] }> = {
  openai_compatible_content_filter: { className: "OpenAICompatibleContentFilterDetector", option: "finish_reasons" },
  anthropic_refusal: { className: "AnthropicRefusalDetector", option: "stop_reasons" },
  gemini_safety: { className: "GeminiSafetyDetector", option: "finish_reasons", options: ["finish_reasons", "block_reasons"] },
  bedrock_guardrail: { className: "BedrockGuardrailDetector", option: "stop_reasons" },
  openai_responses_content_filter: { className: "OpenAIResponsesContentFilterDetector", option: "reasons" },
};

/**
 * The short name a `use` refers to, or undefined: a short name, a class name,
 * `portcullis:Class` or DeerFlow's `module.path:Class`. A file path
 * (`./x.js:Class`) names a custom detector, which is not supported: the
 * detectors run in the wasm core.
 */
export function resolveDetector(use: string): string | undefined {
  const colon = use.lastIndexOf(":");
  if (colon >= 0 && !/^[A-Za-z_][A-Za-z0-9_.]*$/.test(use.slice(0, colon))) return undefined;
  const name = use.slice(colon + 1);
  return Object.keys(DETECTORS).find((key) => key === name || DETECTORS[key].className === name);
}

/**
 * The built-in detectors in their default order, as a fresh config list:
 * DeerFlow's three (OpenAI-compatible, Anthropic, Gemini), then Bedrock and
 * the OpenAI Responses API. A configured list replaces the defaults, so
 * start from this one to add a value (e.g. GLM's "sensitive").
 */
export function defaultSafetyDetectors(): SafetyDetectorConfig[] {
  return Object.keys(DETECTORS).map((use) => ({ use }));
}


export function safeParseSafetyConfig(input: unknown, base = ""): { success: true; output: SafetyFinishReasonConfig } | { success: false; issues: SafetyConfigIssue[] } {
  const issues: SafetyConfigIssue[] = [];
  const add = (path: string, message: string) => issues.push({ path: base + path, message });
  if (input === undefined || input === null) return { success: true, output: { enabled: true, detectors: null } };
  if (!isObject(input)) {
    add("", "expected an object {enabled, detectors}");
    return { success: false, issues };
  }
  for (const key of Object.keys(input)) if (key !== "enabled" && key !== "detectors") add(`/${key}`, "unknown key (expected enabled or detectors)");
  if (input.enabled !== undefined && typeof input.enabled !== "boolean") add("/enabled", "expected a boolean");
  const enabled = input.enabled !== false;
  let detectors: SafetyDetectorConfig[] | null = null;
  if (input.detectors !== undefined && input.detectors !== null) {
    if (!Array.isArray(input.detectors)) add("/detectors", "expected a list of {use, config}");
    else if (input.detectors.length === 0 && enabled) add("/detectors", "an empty detector list is not allowed; set enabled=false to disable safety-stop detection");
    else {
      detectors = [];
      input.detectors.forEach((entry, i) => {
        const path = `/detectors/${i}`;
        if (!isObject(entry)) return add(path, "expected {use, config}");
        for (const key of Object.keys(entry)) if (key !== "use" && key !== "config") add(`${path}/${key}`, "unknown key (expected use or config)");
        const short = typeof entry.use === "string" ? resolveDetector(entry.use) : undefined;
        if (!short) return add(`${path}/use`, `unknown detector ${JSON.stringify(entry.use)}: expected one of ${Object.keys(DETECTORS).join(", ")} (or its class name); custom detectors are not supported`);
        const options = DETECTORS[short].options ?? [DETECTORS[short].option];
        if (entry.config !== undefined && entry.config !== null) {
          if (!isObject(entry.config)) return add(`${path}/config`, "expected an object");
          for (const [key, value] of Object.entries(entry.config)) {
            if (!options.includes(key)) add(`${path}/config/${key}`, `unknown option (this detector takes ${options.join(" and ")})`);
            else if (value !== null && (!Array.isArray(value) || value.length === 0 || value.some((v) => typeof v !== "string" || !v.trim()))) {
              add(`${path}/config/${key}`, "expected a non-empty list of non-empty strings");
            }
          }
        }
        detectors!.push({ use: short, config: (entry.config as Record<string, string[]> | null | undefined) ?? null });
      });
    }
  }
  if (issues.length) return { success: false, issues };
  return { success: true, output: { enabled, detectors } };
}

/** The core's config form (what safetyLoad compiles). */
export function toCoreConfig(config: SafetyFinishReasonConfig): { detectors: SafetyDetectorConfig[] | null } {
  return { detectors: config.detectors };
}
