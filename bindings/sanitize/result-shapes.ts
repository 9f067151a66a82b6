/**
 * @module
 * Walks a tool result and sanitizes every piece of text the model can read, keeping the result's
 * shape. Understood shapes:
 * - a string;
 * - a message: an object with `content` (a string or a block list) — a LangChain ToolMessage
 *   (class instance; `lc_kwargs.content` is rewritten too, other fields such as `artifact` are
 *   left alone because the model does not see them) or a plain object such as an MCP
 *   `CallToolResult` (its other fields, e.g. `structuredContent`, are walked as data);
 * - content blocks: strings, `{type: "text", text}`, MCP `image`/`audio` (`data` kept when it is
 *   base64), `resource` (`text` sanitized, `blob` kept when base64), anything else walked as data;
 * - a LangGraph `Command` whose `update` holds messages;
 * - plain data (objects, arrays, strings, numbers, booleans, null, dates).
 * "Text" (a string result, message content, a text block, a resource's text) gets every layer,
 * the cap and the fence; other strings in data (and object keys) get the layers and escaping but
 * no cap and no fence. Anything else — binary data, functions, symbols, Map/Set, instances of other
 * classes, cycles, nesting deeper than MAX_DEPTH — is not understood, and the walk reports it so
 * the caller withholds the whole result (fail closed).
 */

import type { SanitizeReport } from "./options.ts";

const MAX_DEPTH = 64;
const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

/** What the walker needs: sanitize a piece of text, or a data string. */
export interface TextSanitizers {
  text(text: string): string;
  data(text: string): string;
}

/** Thrown inside the walk when a part of the result is not understood. */
export class UnsupportedResult extends Error {
  constructor(readonly path: string, what: string) {
    super(`${what} at ${path || "/"}`);
  }
}

const isPlainObject = (x: object): boolean => {
  const proto = Object.getPrototypeOf(x);
  return proto === Object.prototype || proto === null;
};

/** A message-like object: its `content` is what the model reads. */
export function isMessageLike(x: unknown): x is { content: unknown } {
  if (x === null || typeof x !== "object" || Array.isArray(x) || !("content" in x)) return false;
  const content = (x as { content: unknown }).content;
  return typeof content === "string" || Array.isArray(content);
}

/** A LangGraph Command (`lg_name: "Command"`) carrying a state update. */
export function isCommandLike(x: unknown): x is { update: unknown } {
  return x !== null && typeof x === "object" && (x as { lg_name?: unknown }).lg_name === "Command" && "update" in x;
}

/** Set an own property, even one named `__proto__` (JSON.parse makes those; `=` would swap the prototype). */
function define(obj: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}

/** A shallow copy that keeps the prototype (class instances stay instances). */
function cloneWith<T extends object>(source: T, changes: Record<string, unknown>): T {
  const copy = Object.create(Object.getPrototypeOf(source), Object.getOwnPropertyDescriptors(source));
  for (const key of Object.keys(changes)) define(copy, key, changes[key]);
  return copy;
}

export class ResultWalker {
  private readonly ancestors = new Set<object>();
  constructor(private readonly sanitize: TextSanitizers) {}

  /** The result with its text sanitized (the same object when nothing changed). Throws UnsupportedResult. */
  result(value: unknown): unknown {
    if (typeof value === "string") return this.sanitize.text(value);
    if (isCommandLike(value)) return this.command(value);
    if (isMessageLike(value)) return this.message(value, "");
    if (value !== null && typeof value === "object" && !Array.isArray(value) && !isPlainObject(value)) {
      throw new UnsupportedResult("", `an instance of ${value.constructor?.name ?? "an unknown class"}`);
    }
    return this.data(value, "", 0);
  }

  private message<T extends { content: unknown }>(message: T, path: string): T {
    const content = this.content(message.content, `${path}/content`);
    const plain = isPlainObject(message);
    if (!plain) {
      // A class instance (ToolMessage): only content reaches the model; keep the rest as it is.
      if (content === message.content) return message;
      const changes: Record<string, unknown> = { content };
      const kwargs = (message as { lc_kwargs?: unknown }).lc_kwargs;
      if (kwargs && typeof kwargs === "object" && "content" in kwargs) changes.lc_kwargs = { ...kwargs, content };
      return cloneWith(message, changes);
    }
    // A plain message (MCP CallToolResult, a {role, content} dict): the other fields are data.
    let changed = content !== message.content;
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(message)) {
      if (key === "content") {
        define(out, key, content);
        continue;
      }
      const v = (message as Record<string, unknown>)[key];
      const next = this.data(v, `${path}/${key}`, 1);
      const k = this.key(key, out, path);
      if (next !== v || k !== key) changed = true;
      define(out, k, next);
    }
    return changed ? (out as T) : message;
  }

  private command<T extends { update: unknown }>(command: T): T {
    const update = command.update;
    if (update === null || typeof update !== "object" || Array.isArray(update)) {
      throw new UnsupportedResult("/update", "a Command update that is not an object");
    }
    const messages = (update as { messages?: unknown }).messages;
    if (!Array.isArray(messages)) return command; // no messages: nothing reaches the model from here
    let changed = false;
    const next = messages.map((m, i) => {
      const path = `/update/messages/${i}`;
      const out = isMessageLike(m) ? this.message(m, path) : this.data(m, path, 2);
      if (out !== m) changed = true;
      return out;
    });
    return changed ? cloneWith(command, { update: { ...update, messages: next } }) : command;
  }

  /** Message content: a string, or a list of blocks. */
  private content(content: unknown, path: string): unknown {
    if (typeof content === "string") return this.sanitize.text(content);
    const blocks = content as unknown[];
    let changed = false;
    const out = blocks.map((block, i) => {
      const next = this.block(block, `${path}/${i}`);
      if (next !== block) changed = true;
      return next;
    });
    return changed ? out : content;
  }

  private block(block: unknown, path: string): unknown {
    if (typeof block === "string") return this.sanitize.text(block);
    if (block === null || typeof block !== "object" || Array.isArray(block) || !isPlainObject(block)) {
      return this.data(block, path, 2);
    }
    const b = block as Record<string, unknown>;
    switch (b.type) {
      case "text":
        return this.fields(b, path, { text: "text" });
      case "image":
      case "audio":
        return this.fields(b, path, { data: "base64" });
      case "resource":
        return this.fields(b, path, { resource: "resource" });
      default:
        return this.data(b, path, 2);
    }
  }

  /** A plain object whose listed keys have a role; the other keys are data. */
  private fields(obj: Record<string, unknown>, path: string, roles: Record<string, "text" | "base64" | "resource">): Record<string, unknown> {
    let changed = false;
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(obj)) {
      const v = obj[key];
      const role = roles[key];
      let next: unknown;
      if (role === "text" && typeof v === "string") next = this.sanitize.text(v);
      else if (role === "base64" && typeof v === "string" && BASE64.test(v)) next = v;
      else if (role === "resource" && v !== null && typeof v === "object" && isPlainObject(v)) {
        next = this.fields(v as Record<string, unknown>, `${path}/${key}`, { text: "text", blob: "base64" });
      } else next = this.data(v, `${path}/${key}`, 3);
      const k = this.key(key, out, path);
      if (next !== v || k !== key) changed = true;
      define(out, k, next);
    }
    return changed ? out : obj;
  }

  /** Plain data: strings sanitized as data, containers walked, everything else refused. */
  private data(value: unknown, path: string, depth: number): unknown {
    switch (typeof value) {
      case "string":
        return this.sanitize.data(value);
      case "number":
      case "boolean":
      case "bigint":
      case "undefined":
        return value;
      case "object":
        break;
      default:
        throw new UnsupportedResult(path, `a ${typeof value}`);
    }
    if (value === null || value instanceof Date) return value;
    if (depth > MAX_DEPTH) throw new UnsupportedResult(path, `nesting deeper than ${MAX_DEPTH}`);
    if (this.ancestors.has(value)) throw new UnsupportedResult(path, "a cycle");
    if (isMessageLike(value) && !isPlainObject(value)) return this.message(value, path);
    if (!Array.isArray(value) && !isPlainObject(value)) {
      throw new UnsupportedResult(path, `an instance of ${value.constructor?.name ?? "an unknown class"}`);
    }
    this.ancestors.add(value);
    try {
      let changed = false;
      if (Array.isArray(value)) {
        const out = value.map((v, i) => {
          const next = this.data(v, `${path}/${i}`, depth + 1);
          if (next !== v) changed = true;
          return next;
        });
        return changed ? out : value;
      }
      const out: Record<string, unknown> = {};
      for (const key of Object.keys(value)) {
        const v = (value as Record<string, unknown>)[key];
        const next = this.data(v, `${path}/${key}`, depth + 1);
        const k = this.key(key, out, path);
        if (next !== v || k !== key) changed = true;
        define(out, k, next);
      }
      return changed ? out : value;
    } finally {
      this.ancestors.delete(value);
    }
  }

  /** Object keys are data too; two keys that sanitize to one would lose a value, so that is refused. */
  private key(key: string, out: Record<string, unknown>, path: string): string {
    const k = this.sanitize.data(key);
    if (Object.prototype.hasOwnProperty.call(out, k)) throw new UnsupportedResult(path, `two keys that read the same ("${k}")`);
    return k;
  }
}

/** Sum several reports into one (flags united, decoded tags joined by "\n"). */
export function mergeReports(reports: SanitizeReport[]): SanitizeReport {
  const total: SanitizeReport = {
    removed: { invisible: 0, controls: 0, format: 0, nfc: 0, privateUse: 0, tags: 0, whitespace: 0, truncated: 0 },
    invalid: 0, escapedTags: 0, markers: 0, htmlDropped: 0, decodedTags: "", flags: [], inputBytes: 0, outputBytes: 0,
  };
  const tags: string[] = [];
  for (const r of reports) {
    for (const k of Object.keys(total.removed) as (keyof SanitizeReport["removed"])[]) total.removed[k] += r.removed[k];
    total.invalid += r.invalid;
    total.escapedTags += r.escapedTags;
    total.markers += r.markers;
    total.htmlDropped += r.htmlDropped;
    total.inputBytes += r.inputBytes;
    total.outputBytes += r.outputBytes;
    if (r.decodedTags) tags.push(r.decodedTags);
    for (const f of r.flags) if (!total.flags.includes(f)) total.flags.push(f);
  }
  total.decodedTags = tags.join("\n");
  return total;
}
