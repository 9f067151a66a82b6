/**
 * @module
 * The enforcement modes a passport sets: `enforcement` at its top level (the
 * default for every capability) and `limits.<capability>.enforcement` (that
 * capability only; the more specific one wins). A limits block may be keyed
 * by the capability id or its OAP pack id with or without the version
 * (`system.command.execute`, `system.command.execute.v1`), as the core reads
 * it; a decision names both its capability and its pack (`policy_id`).
 */

import type { Decision } from "../core/index.ts";
import { isEnforcementMode, type EnforcementMode } from "./enforcement.ts";

/** Picks the mode that applies to one decision. */
export type ModeResolver = (decision: Decision) => EnforcementMode;

/** A mode value that is not one of the three, with the JSON pointer (relative to the passport) where it is. */
export class EnforcementModeError extends TypeError {
  constructor(readonly path: string, readonly value: unknown) {
    super(`${path}: expected "enforce", "warn" or "shadow", got ${JSON.stringify(value)}`);
    this.name = "EnforcementModeError";
  }
}

const segment = (key: string) => key.replace(/~/g, "~0").replace(/\//g, "~1");

/** The refund capability's block may still use its name before OAP renamed it. */
const LEGACY_BLOCKS: Record<string, string> = { "payments.refund": "finance.payment.refund" };

/**
 * The passport's modes as a resolver, or null when it sets none (everything
 * enforced: the caller skips the step). Throws EnforcementModeError for an
 * unknown value anywhere, including blocks of capabilities the core does not enforce.
 */
export function passportModes(passport: Record<string, unknown> | undefined | null): ModeResolver | null {
  if (!passport || typeof passport !== "object") return null;
  let fallback: EnforcementMode = "enforce";
  let any = false;
  if ("enforcement" in passport) {
    if (!isEnforcementMode(passport.enforcement)) throw new EnforcementModeError("/enforcement", passport.enforcement);
    fallback = passport.enforcement;
    any = true;
  }
  const byBlock = new Map<string, EnforcementMode>();
  const limits = passport.limits;
  if (limits && typeof limits === "object" && !Array.isArray(limits)) {
    for (const [key, block] of Object.entries(limits as Record<string, unknown>)) {
      if (!block || typeof block !== "object" || !("enforcement" in block)) continue;
      const mode = (block as Record<string, unknown>).enforcement;
      if (!isEnforcementMode(mode)) throw new EnforcementModeError(`/limits/${segment(key)}/enforcement`, mode);
      byBlock.set(LEGACY_BLOCKS[key] ?? key, mode);
      any = true;
    }
  }
  if (!any) return null;
  if (byBlock.size === 0) return () => fallback;
  return (decision) => {
    const capability = decision.metadata?.capability;
    const pack = decision.policy_id;
    const names = [
      typeof capability === "string" ? capability : undefined,
      pack,
      pack?.replace(/\.v\d+$/, ""),
    ];
    for (const name of names) {
      const mode = name === undefined ? undefined : byBlock.get(name);
      if (mode) return mode;
    }
    return fallback;
  };
}
