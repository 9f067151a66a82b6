/**
 * @module
 * The `safety_finish_reason` section of a config file: validated with
 * errors that name the file, line:column and JSON path, then compiled into a
 * ready safety core. An absent section means DeerFlow's default (enabled,
 * built-in detectors); `enabled: false` gives the disabled core.
 */

import { CoreError } from "../core/abi.ts";
import { disabledSafetyCore, safeParseSafetyConfig, toCoreConfig, type SafetyConfigIssue, type SafetyCore } from "../safety/index.ts";
import { ConfigError } from "./config-error.ts";

/** Builds the wasm core for a detector config (null = the defaults). */
export type MakeSafetyCore = (config: object | null) => SafetyCore;

/**
 * Where the section sits: the file's name, the section's JSON pointer in it,
 * and how to turn a pointer into line:column (the file's own syntax, so YAML
 * support stays out of the bundles that do not need it).
 */
export interface SectionSource {
  file: string;
  pointer: string;
  locate: (pointer: string) => { line: number; column: number };
}

function located(at: SectionSource, issues: SafetyConfigIssue[]): ConfigError {
  return new ConfigError(issues.map((issue) => ({ ...at.locate(issue.path), file: at.file, path: issue.path, message: issue.message })));
}

/**
 * A core compiled on first use, so a run that never checks a model turn (a
 * CLI `eval`, a guard-only service) pays no wasm compile. The section is
 * already fully checked when this is built: safeParseSafetyConfig mirrors
 * the core's own checks (safety-section.test.ts holds them to it). Should
 * the core still refuse, detect throws and the turn fails closed
 * (SafetyCheckError).
 */
export function lazySafetyCore(make: () => SafetyCore): SafetyCore {
  let core: SafetyCore | undefined;
  return {
    enabled: true,
    detect: (json, shape) => (core ??= make()).detect(json, shape),
  };
}

/** Validate the section and build its safety core; throws ConfigError. */
export function buildSafetyCore(section: unknown, at: SectionSource, make: MakeSafetyCore): SafetyCore {
  const parsed = safeParseSafetyConfig(section, at.pointer);
  if (!parsed.success) throw located(at, parsed.issues);
  if (!parsed.output.enabled) return disabledSafetyCore;
  try {
    return make(parsed.output.detectors ? toCoreConfig(parsed.output) : null);
  } catch (error) {
    // The core re-checks the detector list; its paths are relative to the section.
    if (error instanceof CoreError && error.code === "policy_invalid") {
      throw located(at, error.issues.map((issue) => ({ path: at.pointer + issue.path, message: issue.message })));
    }
    throw error;
  }
}
