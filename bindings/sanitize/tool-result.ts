/**
 * @module
 * The tool-result middleware: sanitizes (and fences) what a tool returned before the model reads
 * it, for DeerFlow's web tools by default and any tool named in the options — MCP tools included
 * (`mcp__server__tool`, or a pattern such as `mcp__*`), which DeerFlow misses. Pass it to
 * `guardToolCall(request, run, {provider, sanitizer})`, or call `sanitizeToolResult` yourself.
 *
 * Fail closed: when the sanitizer fails, or the result holds something it does not understand
 * (see result-shapes.ts), or a configured evidence flag is raised, the result is withheld — the
 * model gets a notice instead, never the raw content.
 */

import type { Sanitizer } from "./sanitizer.ts";
import { SanitizeError } from "./abi.ts";
import { resolveOptions, type SanitizeFlag, type SanitizeOptions, type SanitizeReport } from "./options.ts";
import { ResultWalker, UnsupportedResult, isMessageLike, mergeReports } from "./result-shapes.ts";
import { toolNameMatcher } from "./tool-names.ts";

/** Tools whose results are untrusted by default (DeerFlow's ToolResultSanitizationMiddleware). */
export const DEFAULT_SANITIZED_TOOLS: readonly string[] = ["web_fetch", "web_search", "image_search", "web_capture"];

/** `Source:` labels of the default tools (OpenClaw's); other tools are labelled with their name. */
const SOURCE_LABELS = new Map<string, string>([
  ["web_fetch", "Web Fetch"],
  ["web_search", "Web Search"],
  ["image_search", "Image Search"],
  ["web_capture", "Web Capture"],
]);

const FLAGS: readonly SanitizeFlag[] = ["bidi_override", "tag_smuggling", "marker_spoof", "truncated"];
const LOOKS_LIKE_HTML = /^\s*<(?:!doctype\s+html|html[\s>])/i;

export type LayerOptions = Omit<SanitizeOptions, "wrap" | "html">;

export interface ToolResultSanitizerOptions {
  /** Further tool names or `*` patterns whose results are sanitized (e.g. `fetch_url`, `mcp__*`). */
  tools?: string[];
  /** Also sanitize DEFAULT_SANITIZED_TOOLS (default true). */
  defaultTools?: boolean;
  /** Wrap text in the `<<<EXTERNAL_UNTRUSTED_CONTENT>>>` fence (default true). */
  fence?: boolean;
  /** Convert text from HTML first: true, false, or "auto" (default: when it starts like an HTML page). */
  html?: boolean | "auto";
  /** Layer switches and the cap (`maxLength`), as for sanitize(). */
  layers?: LayerOptions;
  /** Withhold the whole result when the report raises one of these flags (default none). */
  withholdOn?: SanitizeFlag[];
  /** Called once per sanitized result, with the merged report (errors in it are reported, never change the outcome). */
  onReport?: (event: ToolResultEvent) => void;
}

export interface ToolResultEvent {
  tool_name: string;
  tool_call_id?: string;
  report: SanitizeReport;
  /** True when the model got a notice instead of the result. */
  withheld: boolean;
  /** Why it was withheld. */
  reason?: string;
}

/** The part of a request the middleware reads. */
export interface ToolCallRef {
  tool_name: string;
  tool_call_id?: string | null;
}

export class ToolResultSanitizer {
  private readonly matches: (name: string) => boolean;
  private readonly fence: boolean;
  private readonly html: boolean | "auto";
  private readonly layers: LayerOptions;
  private readonly withholdOn: SanitizeFlag[];
  private readonly onReport?: (event: ToolResultEvent) => void;

  private readonly core: () => Sanitizer;

  /**
   * `sanitizer` is an instance, or a function that returns one on first use (so loading a config
   * compiles nothing until a result needs it). Checks its options now; throws
   * SanitizeError("invalid_options") naming the bad one.
   */
  constructor(sanitizer: Sanitizer | (() => Sanitizer), options: ToolResultSanitizerOptions = {}) {
    this.core = typeof sanitizer === "function" ? sanitizer : () => sanitizer;
    const tools = options.tools ?? [];
    if (!Array.isArray(tools) || tools.some((t) => typeof t !== "string" || t.length === 0)) {
      throw new SanitizeError("invalid_options", "tools: expected a list of tool names or patterns");
    }
    const names = options.defaultTools === false ? tools : [...DEFAULT_SANITIZED_TOOLS, ...tools];
    this.matches = toolNameMatcher(names);
    this.fence = options.fence ?? true;
    this.html = options.html ?? "auto";
    if (this.html !== true && this.html !== false && this.html !== "auto") {
      throw new SanitizeError("invalid_options", 'html: expected true, false or "auto"');
    }
    this.layers = { ...(options.layers ?? {}) };
    resolveOptions(this.layers); // validate now, not on the first result
    this.withholdOn = options.withholdOn ?? [];
    for (const flag of this.withholdOn) {
      if (!FLAGS.includes(flag)) throw new SanitizeError("invalid_options", `withholdOn: unknown flag '${flag}' (expected ${FLAGS.join(", ")})`);
    }
    this.onReport = options.onReport;
  }

  /** Whether results of this tool are sanitized. */
  appliesTo(toolName: string): boolean {
    return this.matches(toolName);
  }

  /** The result as the model may read it: sanitized, or withheld; unchanged for other tools. */
  sanitizeToolResult<T>(request: ToolCallRef, result: T): T {
    const name = String(request.tool_name);
    if (!this.matches(name)) return result;
    const reports: SanitizeReport[] = [];
    const label = SOURCE_LABELS.get(name) ?? name;
    const text = (value: string): string => {
      const html = this.html === "auto" ? LOOKS_LIKE_HTML.test(value.slice(0, 1024)) : this.html;
      const out = this.core().sanitize(value, { ...this.layers, html, wrap: this.fence ? label : false });
      reports.push(out.report);
      return out.text;
    };
    const data = (value: string): string => {
      const out = this.core().sanitize(value, { ...this.layers, maxLength: 0 });
      reports.push(out.report);
      return out.text;
    };
    let sanitized: unknown;
    let reason: string | undefined;
    try {
      sanitized = new ResultWalker({ text, data }).result(result);
    } catch (error) {
      if (error instanceof UnsupportedResult) reason = `the result holds ${error.message}, which the sanitizer does not understand`;
      else if (error instanceof SanitizeError) reason = `the sanitizer failed (${error.code}: ${error.message})`;
      else reason = `it could not be read (${(error as Error)?.message ?? String(error)})`; // a throwing getter, a revoked proxy…
    }
    const report = mergeReports(reports);
    if (reason === undefined) {
      const raised = this.withholdOn.filter((flag) => report.flags.includes(flag));
      if (raised.length) reason = `it carries evidence of prompt injection (${raised.join(", ")})`;
    }
    const id = request.tool_call_id == null ? undefined : String(request.tool_call_id);
    this.emit({ tool_name: name, tool_call_id: id, report, withheld: reason !== undefined, reason });
    if (reason !== undefined) return withheld(result, `[portcullis: the result of tool '${name}' was withheld: ${reason}.]`) as T;
    return sanitized as T;
  }

  private emit(event: ToolResultEvent): void {
    if (!this.onReport) return;
    try {
      this.onReport(event);
    } catch (error) {
      console.warn(`portcullis: tool-result report callback failed: ${(error as Error)?.message ?? error}`);
    }
  }
}

/**
 * The notice in the result's own shape where that is safe: a message keeps its kind with the
 * notice as content (an MCP result becomes one text block with isError), anything else becomes
 * the notice string. Nothing of the original content survives.
 */
function withheld(result: unknown, notice: string): unknown {
  try {
    return withheldLike(result, notice);
  } catch {
    return notice; // the result cannot even be looked at (a throwing getter, a revoked proxy)
  }
}

function withheldLike(result: unknown, notice: string): unknown {
  if (!isMessageLike(result)) return notice;
  const proto = Object.getPrototypeOf(result);
  if (proto === Object.prototype || proto === null) {
    if (Array.isArray(result.content)) return { content: [{ type: "text", text: notice }], isError: true };
    const kept: Record<string, unknown> = {};
    for (const key of ["role", "type", "name", "tool_call_id", "id", "status"]) {
      const v = (result as Record<string, unknown>)[key];
      if (typeof v === "string") kept[key] = v;
    }
    return { ...kept, content: notice };
  }
  // A class instance (ToolMessage): same class, content and its lc_kwargs mirror replaced, artifact dropped.
  const copy = Object.create(proto, Object.getOwnPropertyDescriptors(result));
  const set = (key: string, value: unknown) => Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
  set("content", notice);
  if ("artifact" in copy) set("artifact", undefined);
  const kwargs = (copy as { lc_kwargs?: unknown }).lc_kwargs;
  if (kwargs && typeof kwargs === "object") set("lc_kwargs", { ...kwargs, content: notice, artifact: undefined });
  return copy;
}
