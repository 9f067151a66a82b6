/**
 * @module
 * Tool descriptions pinned by hash. A server that shows a harmless
 * description first and a different one later (a "rug pull": new
 * instructions for the model, or a new argument) is reported, and with
 * `block` the changed tool is hidden and its calls refused until a person
 * re-pins it (deletes the pin file entry). The hash covers the description
 * and the input schema, whose property descriptions the model reads too.
 * Pins live for the session, or in a JSON file that keeps first sight across
 * restarts.
 */

import { readFileSync, writeFileSync, renameSync } from "node:fs";
import { canonicalJson, sha256Hex } from "../canonical/index.ts";

export interface PinnedTool {
  name: string;
  description?: unknown;
  inputSchema?: unknown;
}

export interface DescriptionChange {
  server: string;
  tool: string;
  pinned: string;
  seen: string;
  /** True when the tool is now blocked (option `block`). */
  blocked: boolean;
}

export interface DescriptionPinsOptions {
  /** The proxied server's name: pins are kept per server. */
  server: string;
  /** Hide and refuse a tool whose description changed (default false: report only). */
  block?: boolean;
  /** A JSON file `{server: {tool: sha256}}` read at start and written when a tool is first seen. */
  file?: string;
  /** Told about every change (once per tool and changed hash). */
  onChange?: (change: DescriptionChange) => void;
}

export class PinFileError extends Error {}

/** The hash a tool is pinned by. */
export function toolDigest(tool: PinnedTool): Promise<string> {
  return sha256Hex(canonicalJson({ description: tool.description ?? null, inputSchema: tool.inputSchema ?? null }));
}

export class DescriptionPins {
  readonly #pins: Map<string, string>;
  readonly #all: Record<string, Record<string, string>>;
  readonly #changed = new Map<string, string>();
  readonly #options: DescriptionPinsOptions;

  constructor(options: DescriptionPinsOptions) {
    this.#options = options;
    this.#all = options.file ? readPinFile(options.file) : {};
    this.#pins = new Map(Object.entries(this.#all[options.server] ?? {}));
  }

  /** Pin a tool on first sight; report (once per new hash) when it differs from its pin. */
  async check(tool: PinnedTool): Promise<"new" | "same" | "changed"> {
    const seen = await toolDigest(tool);
    const pinned = this.#pins.get(tool.name);
    if (pinned === undefined) {
      this.#pins.set(tool.name, seen);
      this.#save();
      return "new";
    }
    if (pinned === seen) {
      this.#changed.delete(tool.name);
      return "same";
    }
    if (this.#changed.get(tool.name) !== seen) {
      this.#changed.set(tool.name, seen);
      try {
        this.#options.onChange?.({ server: this.#options.server, tool: tool.name, pinned, seen, blocked: this.#options.block === true });
      } catch {
        // A failing reporter never changes what is blocked.
      }
    }
    return "changed";
  }

  /** Why a tool must not run (its description changed and `block` is on), or null. */
  blockedReason(tool: string): string | null {
    if (!this.#options.block || !this.#changed.has(tool)) return null;
    return `the description of MCP tool '${tool}' changed after it was first seen (pinned sha256 ${this.#pins.get(tool)!.slice(0, 16)}…); a person must review and re-pin it`;
  }

  #save(): void {
    const file = this.#options.file;
    if (!file) return;
    this.#all[this.#options.server] = Object.fromEntries(this.#pins);
    // Write then rename: a crash never leaves a half-written pin file (which would refuse to load).
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, JSON.stringify(this.#all, null, 2) + "\n");
    renameSync(temp, file);
  }
}

function readPinFile(file: string): Record<string, Record<string, string>> {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return {};
    throw new PinFileError(`cannot read the pin file ${file}: ${(error as Error).message}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new PinFileError(`${file}: not JSON (${(error as Error).message})`);
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) throw new PinFileError(`${file}: expected an object {server: {tool: sha256}}`);
  for (const [server, tools] of Object.entries(value)) {
    if (tools === null || typeof tools !== "object" || Array.isArray(tools)) throw new PinFileError(`${file}: /${server} must be an object {tool: sha256}`);
    for (const [tool, hash] of Object.entries(tools)) {
      if (typeof hash !== "string" || !/^[0-9a-f]{64}$/.test(hash)) throw new PinFileError(`${file}: /${server}/${tool} must be a sha256 hex string`);
    }
  }
  return value as Record<string, Record<string, string>>;
}
