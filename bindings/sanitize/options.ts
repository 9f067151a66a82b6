/**
 * @module
 * Options of one sanitize call and the report that comes back. Every layer is on by default,
 * including the length cap (DEFAULT_MAX_LENGTH); switch one off with `false` (or `maxLength: 0`).
 */

import { OPTION_BITS, SanitizeError } from "./abi.ts";

/** Default cap in code points: DeerFlow's fallback budget for one tool result. */
export const DEFAULT_MAX_LENGTH = 30_000;

export interface SanitizeOptions {
  /** Layer 1: zero-width characters, bidi controls, BOM, word joiner, fillers, stray variation selectors. */
  invisible?: boolean;
  /** Layer 2: C0 (except tab and newline), DEL, C1; CRLF, CR, U+2028/2029 become LF. */
  controls?: boolean;
  /** Layer 3: remaining format characters (Cf) and noncharacters. */
  format?: boolean;
  /** Layer 4: NFC from the embedded Unicode tables. */
  nfc?: boolean;
  /** Layer 5: private-use characters. */
  privateUse?: boolean;
  /** Layer 6: tag characters U+E0000–E007F (what they spelled is always reported). */
  tags?: boolean;
  /** Layer 7: runs of horizontal whitespace become one space; newlines and tabs are kept. */
  whitespace?: boolean;
  /** Layer 8: cap in Unicode code points, marker included; 0 = no cap. Default DEFAULT_MAX_LENGTH. */
  maxLength?: number;
  /** Escape DeerFlow's 40 framework tag names (`<system>` → `&lt;system&gt;`). */
  escapeFrameworkTags?: boolean;
  /** Neutralise spoofed `<<<EXTERNAL_UNTRUSTED_CONTENT>>>` markers (always on when wrapping). */
  markers?: boolean;
  /** Convert HTML to text first (drops scripts, styles, comments and hidden elements). Default false. */
  html?: boolean;
  /** Wrap the result in the untrusted-content fence; a string is the `Source:` label (true = "External"). */
  wrap?: string | boolean;
}

export type SanitizeFlag = "bidi_override" | "tag_smuggling" | "marker_spoof" | "truncated";

export interface SanitizeReport {
  /** Code points removed (or replaced) per layer; `nfc` counts the segments NFC rewrote. */
  removed: {
    invisible: number;
    controls: number;
    format: number;
    nfc: number;
    privateUse: number;
    tags: number;
    whitespace: number;
    truncated: number;
  };
  /** Malformed UTF-8 sequences (and lone surrogates) replaced by U+FFFD. */
  invalid: number;
  /** Framework tags escaped. */
  escapedTags: number;
  /** Spoofed fence markers replaced by `[[MARKER_SANITIZED]]`. */
  markers: number;
  /** HTML elements dropped with their content (script, style, hidden…). */
  htmlDropped: number;
  /** The ASCII that removed tag characters spelled (runs separated by "\n"): evidence of smuggling. */
  decodedTags: string;
  flags: SanitizeFlag[];
  inputBytes: number;
  outputBytes: number;
}

export interface SanitizeResult {
  text: string;
  report: SanitizeReport;
  /** The fence id, when the result was wrapped. */
  fenceId?: string;
}

const LAYER_KEYS = ["invisible", "controls", "format", "nfc", "privateUse", "tags", "whitespace", "escapeFrameworkTags", "markers"] as const;
const KNOWN = new Set<string>([...LAYER_KEYS, "maxLength", "html", "wrap"]);
const ALL_LAYERS = LAYER_KEYS.reduce((bits, key) => bits | OPTION_BITS[key], 0);
/** Longest Source: label sent to the core, in UTF-16 units (the core keeps 200 code points of it). */
const MAX_LABEL_UNITS = 1024;

export interface ResolvedOptions {
  flags: number;
  maxLength: number;
  /** The Source: label when wrapping, else null. */
  wrap: string | null;
}

const DEFAULTS: ResolvedOptions = { flags: ALL_LAYERS, maxLength: DEFAULT_MAX_LENGTH, wrap: null };

/** Check and pack options; throws SanitizeError("invalid_options") naming the bad key. */
export function resolveOptions(options: SanitizeOptions | undefined): ResolvedOptions {
  if (options === undefined) return DEFAULTS;
  if (options === null || typeof options !== "object") throw invalid("", "expected an options object");
  let flags = ALL_LAYERS;
  for (const key of Object.keys(options)) {
    if (!KNOWN.has(key)) throw invalid(key, `unknown option (expected one of ${[...KNOWN].join(", ")})`);
  }
  for (const key of LAYER_KEYS) {
    const value = options[key];
    if (value === undefined) continue;
    if (typeof value !== "boolean") throw invalid(key, "expected a boolean");
    if (!value) flags &= ~OPTION_BITS[key];
  }
  if (options.html !== undefined) {
    if (typeof options.html !== "boolean") throw invalid("html", "expected a boolean");
    if (options.html) flags |= OPTION_BITS.html;
  }
  let maxLength = DEFAULT_MAX_LENGTH;
  if (options.maxLength !== undefined) {
    const n = options.maxLength;
    if (typeof n !== "number" || !Number.isInteger(n) || n < 0 || n > 0x7fffffff) {
      throw invalid("maxLength", "expected a whole number of code points, 0 for no cap");
    }
    maxLength = n;
  }
  let wrap: string | null = null;
  if (options.wrap !== undefined && options.wrap !== false) {
    if (options.wrap === true) wrap = "";
    else if (typeof options.wrap === "string") wrap = options.wrap.slice(0, MAX_LABEL_UNITS);
    else throw invalid("wrap", "expected a Source: label (string) or a boolean");
  }
  return { flags, maxLength, wrap };
}

function invalid(key: string, message: string): SanitizeError {
  return new SanitizeError("invalid_options", key ? `sanitize option '${key}': ${message}` : `sanitize options: ${message}`);
}
