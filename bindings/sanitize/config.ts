/**
 * @module
 * The `sanitizer:` section of the config file (schemas/guardrails-config.schema.json), turned
 * into ToolResultSanitizer options. The schema has validated types and names by the time this
 * runs (loadGuard); the ToolResultSanitizer constructor checks again for direct callers.
 */

import type { SanitizeFlag } from "./options.ts";
import type { LayerOptions, ToolResultSanitizerOptions } from "./tool-result.ts";

export interface SanitizerSection {
  enabled?: boolean;
  tools?: string[];
  default_tools?: boolean;
  fence?: boolean;
  html?: boolean | "auto";
  max_length?: number;
  layers?: {
    invisible?: boolean;
    controls?: boolean;
    format?: boolean;
    nfc?: boolean;
    private_use?: boolean;
    tags?: boolean;
    whitespace?: boolean;
    escape_framework_tags?: boolean;
    markers?: boolean;
  };
  withhold_on?: SanitizeFlag[];
}

/** Layer names in the config file and on the command line (snake_case) → option names. */
export const LAYER_NAMES: Record<string, keyof LayerOptions> = {
  invisible: "invisible",
  controls: "controls",
  format: "format",
  nfc: "nfc",
  private_use: "privateUse",
  tags: "tags",
  whitespace: "whitespace",
  escape_framework_tags: "escapeFrameworkTags",
  markers: "markers",
};

/** Whether the section turns tool-result sanitizing on (it is on when the section is absent). */
export function sanitizerEnabled(section: SanitizerSection | undefined): boolean {
  return section?.enabled !== false;
}

export function toolResultOptionsFromConfig(section: SanitizerSection | undefined): ToolResultSanitizerOptions {
  const s = section ?? {};
  const layers: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(s.layers ?? {})) {
    const name = LAYER_NAMES[key];
    if (name) layers[name] = value;
  }
  if (s.max_length !== undefined) layers.maxLength = s.max_length;
  const options: ToolResultSanitizerOptions = { layers: layers as LayerOptions };
  if (s.tools !== undefined) options.tools = s.tools;
  if (s.default_tools !== undefined) options.defaultTools = s.default_tools;
  if (s.fence !== undefined) options.fence = s.fence;
  if (s.html !== undefined) options.html = s.html;
  if (s.withhold_on !== undefined) options.withholdOn = s.withhold_on;
  return options;
}
