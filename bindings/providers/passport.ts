/**
 * @module
 * The OAP 1.0 passport provider: status kill switch, spec_version, expiry,
 * tool -> capability mapping, and each capability's limits, all decided in
 * the wasm core. Usage-based limits (msgs_per_min, daily_cap, …) read their
 * counters from a UsageStore, in memory unless one is given.
 */

import { WasmProvider } from "./wasm-provider.ts";
import type { Clock, GuardrailProvider } from "./types.ts";
import type { GuardrailRequest } from "../core/decision.ts";
import { MemoryUsageStore } from "../usage/index.ts";
import type { UsageStore } from "../usage/types.ts";
import { passportModes } from "../enforcement/index.ts";

/** Whose counters a call counts against. */
export type UsageScope = "passport" | "agent" | "thread";

export interface PassportConfig {
  /** The OAP passport object. */
  passport: Record<string, unknown>;
  /** Extra tool name -> capability id entries; they win over the built-in map. */
  tool_map?: Record<string, string>;
  /** Base for relative paths in file and command rules (request.context.workspace_root overrides it). */
  workspace_root?: string;
  /** What `~` means in paths (request.context.home overrides it). */
  home?: string;
  /** Epoch-ms clock for expiry and usage windows; defaults to Date.now. */
  clock?: Clock;
  /** Counters for rate limits, daily caps and idempotency replay; a new MemoryUsageStore by default. */
  usage?: UsageStore;
  /**
   * `passport` (default): every agent and thread using this passport shares
   * its limits. `agent`: counted per request `agent_id` as well. `thread`:
   * per `agent_id` and `thread_id`. A narrower scope multiplies what the
   * passport allows by the number of agents or threads: choose it only when
   * the host, not the model, decides how many there are.
   */
  usage_scope?: UsageScope;
}

export class PassportProvider extends WasmProvider implements GuardrailProvider {
  readonly name = "passport";
  readonly passportId: string | undefined;
  /** Where this provider's usage counters live (guardToolCall records allowed calls here). */
  readonly usage: UsageStore;

  constructor(config: PassportConfig) {
    const document: Record<string, unknown> = { type: "passport", passport: config?.passport };
    if (config?.tool_map !== undefined) document.tool_map = config.tool_map;
    if (config?.workspace_root !== undefined) document.workspace_root = config.workspace_root;
    if (config?.home !== undefined) document.home = config.home;
    const id = (config?.passport as { passport_id?: unknown } | undefined)?.passport_id;
    const passportId = typeof id === "string" ? id : undefined;
    const store = config?.usage ?? new MemoryUsageStore();
    const scope = usageScope(config?.usage_scope ?? "passport", passportId ?? "");
    super(JSON.stringify(document), config?.clock, { store, scope });
    // `enforcement` (top level and per limits block): warn and shadow soften the decision after the core made it.
    this.modes = passportModes(config?.passport);
    this.passportId = passportId;
    this.usage = store;
  }

  static create(config: PassportConfig): Promise<PassportProvider> {
    return new PassportProvider(config).ready();
  }
}

/** The scope key: a JSON array, so no id can be spelled to look like another scope. */
function usageScope(kind: UsageScope, passportId: string): (request: GuardrailRequest) => string {
  if (kind !== "passport" && kind !== "agent" && kind !== "thread") {
    throw new TypeError(`PassportProvider: usage_scope must be "passport", "agent" or "thread", got ${JSON.stringify(kind)}`);
  }
  const text = (v: unknown) => (typeof v === "string" ? v : "");
  if (kind === "passport") return () => JSON.stringify([passportId]);
  if (kind === "agent") return (r) => JSON.stringify([passportId, text(r.agent_id)]);
  return (r) => JSON.stringify([passportId, text(r.agent_id), text(r.thread_id)]);
}
