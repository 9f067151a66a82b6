/**
 * @module
 * The OAP 1.0 passport provider: status kill switch, spec_version, expiry,
 * tool -> capability mapping, and each capability's limits, all decided in
 * the wasm core.
 */

import { WasmProvider } from "./wasm-provider.ts";
import type { Clock, GuardrailProvider } from "./types.ts";

export interface PassportConfig {
  /** The OAP passport object. */
  passport: Record<string, unknown>;
  /** Extra tool name -> capability id entries; they win over the built-in map. */
  tool_map?: Record<string, string>;
  /** Base for relative paths in file and command rules (request.context.workspace_root overrides it). */
  workspace_root?: string;
  /** What `~` means in paths (request.context.home overrides it). */
  home?: string;
  /** Epoch-ms clock for expiry; defaults to Date.now. */
  clock?: Clock;
}

export class PassportProvider extends WasmProvider implements GuardrailProvider {
  readonly name = "passport";
  readonly passportId: string | undefined;

  constructor(config: PassportConfig) {
    const document: Record<string, unknown> = { type: "passport", passport: config?.passport };
    if (config?.tool_map !== undefined) document.tool_map = config.tool_map;
    if (config?.workspace_root !== undefined) document.workspace_root = config.workspace_root;
    if (config?.home !== undefined) document.home = config.home;
    super(JSON.stringify(document), config?.clock);
    const id = (config?.passport as { passport_id?: unknown } | undefined)?.passport_id;
    this.passportId = typeof id === "string" ? id : undefined;
  }

  static create(config: PassportConfig): Promise<PassportProvider> {
    return new PassportProvider(config).ready();
  }
}
