/**
 * @module
 * DeerFlow's and APort's class paths for the providers portcullis has built
 * in, so their existing `guardrails:` sections load unchanged. The schema
 * (schemas/guardrails-config.schema.json) lists the same names and checks
 * their config keys; this maps each to the built-in and its options.
 */

/** DeerFlow's AllowlistProvider (the harness package, its re-export, and the pre-harness `src.` path). */
export const DEERFLOW_ALLOWLIST = ["deerflow.guardrails.builtin:AllowlistProvider", "deerflow.guardrails:AllowlistProvider", "src.guardrails.builtin:AllowlistProvider"];

/** APort's OAPGuardrailProvider (its module and the package's re-export). */
export const APORT_PROVIDER = ["aport_guardrails.providers.generic:OAPGuardrailProvider", "aport_guardrails.providers:OAPGuardrailProvider"];

export interface ResolvedUse {
  /** The built-in it names: `portcullis:…`, or the input unchanged. */
  use: string;
  /** For APort's provider: the passport file its config names. */
  passportPath?: string;
  /** The options for the built-in (APort-only keys removed). */
  config: Record<string, unknown>;
}

/** `use` and `config` as the built-in provider takes them. */
export function resolveUse(use: string, config: Record<string, unknown>): ResolvedUse {
  if (DEERFLOW_ALLOWLIST.includes(use)) return { use: "portcullis:AllowlistProvider", config };
  // passport_path is APort's key; portcullis:PassportProvider takes it too (the schema gives both one config).
  if (APORT_PROVIDER.includes(use) || use === "portcullis:PassportProvider") {
    // framework only picks APort's config directory; enforcement_mode can only be "enforce" and config_path only
    // null (the schema refuses the rest), so neither changes a decision.
    const { passport_path, framework: _framework, enforcement_mode: _mode, config_path: _configPath, ...options } = config;
    return typeof passport_path === "string"
      ? { use: "portcullis:PassportProvider", passportPath: passport_path, config: options }
      : { use: "portcullis:PassportProvider", config: options };
  }
  return { use, config };
}
