/**
 * @module
 * DeerFlow's AllowlistProvider: `allowed_tools` absent = no restriction,
 * `[]` = nothing allowed; `denied_tools` wins; exact, case-sensitive names.
 * The decision is made by the wasm core.
 */

import { WasmProvider } from "./wasm-provider.ts";
import type { Clock, GuardrailProvider } from "./types.ts";

export interface AllowlistConfig {
  allowed_tools?: string[] | null;
  denied_tools?: string[] | null;
  /** Epoch-ms clock: accepted for symmetry with the other providers and never read (no allowlist decision depends on the time). */
  clock?: Clock;
}

const noClock: Clock = () => 0;

export class AllowlistProvider extends WasmProvider implements GuardrailProvider {
  readonly name = "allowlist";

  constructor(config: AllowlistConfig = {}) {
    const document: Record<string, unknown> = { type: "allowlist" };
    if (config.allowed_tools != null) document.allowed_tools = config.allowed_tools;
    if (config.denied_tools != null) document.denied_tools = config.denied_tools;
    // No decision of a tool allowlist depends on the time: reading a clock per call was a measurable share of one.
    super(JSON.stringify(document), noClock);
  }

  /** Construct and compile; rejects with the policy's issues when it is invalid. */
  static create(config: AllowlistConfig = {}): Promise<AllowlistProvider> {
    return new AllowlistProvider(config).ready();
  }
}
