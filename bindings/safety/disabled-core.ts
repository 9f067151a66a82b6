/**
 * @module
 * The core `safety_finish_reason: {enabled: false}` gives: it detects
 * nothing, and guardStream passes streams through untouched. Code that
 * applies the safety stop can then run the same whatever the config says.
 */

import type { DetectResult, SafetyCore } from "./types.ts";

export const disabledSafetyCore: SafetyCore = Object.freeze({
  enabled: false,
  detect: (): DetectResult => ({ terminated: false, signal: false }),
});
