/**
 * @module
 * Strict JSON (RFC 8259) with positions, without the `yaml` package: a
 * scanner checks the grammar, rejects duplicate keys (JSON.parse would keep
 * the last `"status"`, so a passport could say both "suspended" and
 * "active") and records where each member starts; JSON.parse then builds
 * the value from text the scanner accepted.
 */

import type { ConfigSyntax, SourceLocator } from "./syntax.ts";

/** Deeper nesting is refused with a ConfigError instead of a stack overflow. */
const MAX_DEPTH = 512;

interface Member {
  keyOffset: number;
  node: JsonNode;
}
interface JsonNode {
  offset: number;
  members?: Map<string, Member>;
  items?: JsonNode[];
}

class ScanError {
  constructor(readonly offset: number, readonly message: string) {}
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const LITERAL = /true|false|null/y;
const WHITESPACE = /[ \t\n\r]*/y;
/** A whole valid string token; when it does not match, the slow scan below finds the offending character. */
const STRING = /"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y;

class Scanner {
  private pos = 0;
  /** `lenient` (locating only): a repeated key replaces the earlier one, as in JSON.parse. */
  constructor(private readonly text: string, private readonly lenient = false) {}

  document(): JsonNode {
    if (this.text.charCodeAt(0) === 0xfeff) this.pos = 1;
    this.skip();
    const root = this.value(0);
    this.skip();
    if (this.pos < this.text.length) this.fail("unexpected content after the JSON value");
    return root;
  }

  private fail(message: string, offset = this.pos): never {
    throw new ScanError(offset, message);
  }

  private skip(): void {
    WHITESPACE.lastIndex = this.pos;
    WHITESPACE.exec(this.text);
    this.pos = WHITESPACE.lastIndex;
  }

  private value(depth: number): JsonNode {
    if (depth > MAX_DEPTH) this.fail(`nested deeper than ${MAX_DEPTH} levels`);
    const offset = this.pos;
    const c = this.text[this.pos];
    if (c === "{") return this.object(depth);
    if (c === "[") return this.array(depth);
    if (c === '"') {
      this.skipString();
      return { offset };
    }
    for (const pattern of [NUMBER, LITERAL]) {
      pattern.lastIndex = this.pos;
      if (pattern.test(this.text)) {
        this.pos = pattern.lastIndex;
        return { offset };
      }
    }
    return this.fail(c === undefined ? "unexpected end of text" : `unexpected ${JSON.stringify(c)}`);
  }

  private object(depth: number): JsonNode {
    const node: JsonNode = { offset: this.pos, members: new Map() };
    this.pos++;
    this.skip();
    if (this.text[this.pos] === "}") {
      this.pos++;
      return node;
    }
    for (;;) {
      const keyOffset = this.pos;
      if (this.text[this.pos] !== '"') this.fail("expected a double-quoted key");
      const key = this.string();
      if (node.members!.has(key) && !this.lenient) this.fail(`duplicate key ${JSON.stringify(key)}`, keyOffset);
      this.skip();
      if (this.text[this.pos] !== ":") this.fail("expected ':' after the key");
      this.pos++;
      this.skip();
      node.members!.set(key, { keyOffset, node: this.value(depth + 1) });
      this.skip();
      const c = this.text[this.pos++];
      if (c === "}") return node;
      if (c !== ",") this.fail("expected ',' or '}'", this.pos - 1);
      this.skip();
    }
  }

  private array(depth: number): JsonNode {
    const node: JsonNode = { offset: this.pos, items: [] };
    this.pos++;
    this.skip();
    if (this.text[this.pos] === "]") {
      this.pos++;
      return node;
    }
    for (;;) {
      node.items!.push(this.value(depth + 1));
      this.skip();
      const c = this.text[this.pos++];
      if (c === "]") return node;
      if (c !== ",") this.fail("expected ',' or ']'", this.pos - 1);
      this.skip();
    }
  }

  /** A key: the string token decoded (escapes can spell the same key differently). */
  private string(): string {
    const start = this.pos;
    this.skipString();
    const token = this.text.slice(start, this.pos);
    return token.includes("\\") ? (JSON.parse(token) as string) : token.slice(1, -1);
  }

  private skipString(): void {
    STRING.lastIndex = this.pos;
    if (STRING.test(this.text)) {
      this.pos = STRING.lastIndex;
      return;
    }
    const start = this.pos++;
    for (;;) {
      const code = this.text.charCodeAt(this.pos);
      if (Number.isNaN(code)) this.fail("unterminated string", start);
      if (code < 0x20) this.fail("control character in a string (escape it)");
      this.pos++;
      if (code === 0x22) break;
      if (code === 0x5c) {
        const escape = this.text[this.pos];
        if (escape === "u") {
          if (!/^[0-9a-fA-F]{4}$/.test(this.text.slice(this.pos + 1, this.pos + 5))) this.fail("bad \\u escape", this.pos - 1);
          this.pos += 5;
        } else if (escape !== undefined && '"\\/bfnrt'.includes(escape)) {
          this.pos++;
        } else {
          this.fail("bad escape", this.pos - 1);
        }
      }
    }
  }
}

function position(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf("\n"); i !== -1 && i < offset; i = text.indexOf("\n", i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

class JsonLocator implements SourceLocator {
  private readonly root: JsonNode | undefined;
  private value: unknown;

  constructor(private readonly text: string) {
    try {
      this.root = new Scanner(text, true).document();
    } catch {
      this.root = undefined; // broken text: everything is located at its start
    }
  }

  locate(segments: readonly string[], key?: string): { line: number; column: number } {
    let node = this.root;
    if (!node) return { line: 1, column: 1 };
    let offset = node.offset;
    for (const segment of segments) {
      const next = child(node, segment);
      if (!next) break;
      node = next.node;
      offset = next.offset;
    }
    const member = key !== undefined ? node.members?.get(key) : undefined;
    if (member) offset = member.keyOffset;
    return position(this.text, offset);
  }

  valueAt(segments: readonly string[]): unknown {
    if (!this.root) return undefined;
    this.value ??= JSON.parse(this.text.replace(/^\uFEFF/, ""));
    let value = this.value;
    for (const s of segments) {
      if (value === null || typeof value !== "object") return undefined;
      value = (value as Record<string, unknown>)[s];
    }
    return value;
  }
}

function child(node: JsonNode, segment: string): { node: JsonNode; offset: number } | undefined {
  const member = node.members?.get(segment);
  if (member) return { node: member.node, offset: member.keyOffset };
  if (node.items && /^(0|[1-9]\d*)$/.test(segment)) {
    const item = node.items[Number(segment)];
    if (item) return { node: item, offset: item.offset };
  }
  return undefined;
}

export const jsonSyntax: ConfigSyntax = {
  name: "json",
  parse(source: string) {
    try {
      new Scanner(source).document();
    } catch (error) {
      if (!(error instanceof ScanError)) throw error;
      return { problems: [{ ...position(source, error.offset), message: error.message }] };
    }
    return { value: JSON.parse(source.replace(/^\uFEFF/, "")) as unknown };
  },
  locator: (source: string) => new JsonLocator(source),
};
