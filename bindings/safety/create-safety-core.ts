import { sharedModuleSync } from "../core/shared.ts";
import { WasmSafetyCore } from "./core.ts";

/** The safety-stop detectors on the entry's policy.wasm; `config` is `{detectors: [{use, config}]}` or null for the defaults. */
export function createSafetyCore(config: object | null = null): WasmSafetyCore {
  return WasmSafetyCore.createSync(sharedModuleSync(), config);
}
