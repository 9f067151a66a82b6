/**
 * @module
 * YAML 1.2 (and so JSON) through the `yaml` package, with positions. Kept
 * out of the default entry — `yaml` is ~100 KB minified — and shipped as
 * `portcullis/yaml`; `portcullis/node` uses it for every config file.
 */

import { isAlias, isMap, isNode, isPair, isScalar, isSeq, LineCounter, parseDocument, visit } from "yaml";
import type { Document, Node as YamlNode, Pair } from "yaml";
import { decodePointer, type ConfigSyntax, type SourceLocator } from "./syntax.ts";

export const yamlSyntax: ConfigSyntax = {
  name: "yaml",
  parse(source: string) {
    const lineCounter = new LineCounter();
    const doc = parseDocument(source, { lineCounter, uniqueKeys: true, prettyErrors: false });
    if (doc.errors.length > 0) {
      return {
        problems: doc.errors.map((e) => {
          const at = lineCounter.linePos(e.pos[0]);
          return { line: at.line, column: at.col, message: e.message.split("\n")[0]! };
        }),
      };
    }
    try {
      return { value: doc.toJS({ maxAliasCount: 100 }) as unknown };
    } catch (error) {
      // An alias bomb (`&a [*b, *b, …]` nested): refused at the first alias, as a config error, not a crash.
      const at = lineCounter.linePos(firstAliasOffset(doc));
      return { problems: [{ line: at.line, column: at.col, message: `YAML aliases expand too far (${(error as Error).message}); write the values out` }] };
    }
  },
  locator: (source: string) => new YamlLocator(source),
};

/** Where the document's first alias (`*name`) starts, or 0. */
function firstAliasOffset(doc: Document): number {
  let offset = 0;
  visit(doc, {
    Alias(_key, node) {
      offset = node.range?.[0] ?? 0;
      return visit.BREAK;
    },
  });
  return offset;
}

/** The 1-based line and column of a JSON pointer in a YAML or JSON source (its deepest existing ancestor if absent). */
export function locatePointer(source: string, pointer: string): { line: number; column: number } {
  return new YamlLocator(source).locate(decodePointer(pointer));
}

class YamlLocator implements SourceLocator {
  private readonly lineCounter = new LineCounter();
  private readonly doc: Document | undefined;

  constructor(source: string) {
    try {
      // JSON is YAML 1.2 (flow style); duplicate keys are tolerated here (the last one wins, as in JSON.parse).
      this.doc = parseDocument(source, { lineCounter: this.lineCounter, uniqueKeys: false, prettyErrors: false });
    } catch {
      this.doc = undefined;
    }
  }

  /**
   * Position of the value at `segments`: the start of its key when it is a member of an object (so the line shows
   * `key: value`), the start of the item in an array. With `key`, the position of that key inside the object.
   * When the path does not exist in the source, the deepest existing ancestor.
   */
  locate(segments: readonly string[], key?: string): { line: number; column: number } {
    const doc = this.doc;
    if (!doc) return { line: 1, column: 1 };
    let node: unknown = doc.contents;
    let offset = rangeStart(node) ?? 0;
    for (const segment of segments) {
      node = this.deref(node);
      const next = this.child(node, segment);
      if (!next) break;
      node = next.node;
      offset = next.offset ?? rangeStart(node) ?? offset;
    }
    if (key !== undefined) {
      const pair = this.findPair(this.deref(node), key);
      const start = pair ? (rangeStart(pair.key) ?? rangeStart(pair.value)) : undefined;
      if (start !== undefined) offset = start;
    }
    const { line, col } = this.lineCounter.linePos(offset);
    return { line, column: col };
  }

  /** The parsed value at `segments` (used when an error carries no `data`). */
  valueAt(segments: readonly string[]): unknown {
    if (!this.doc) return undefined;
    let value: unknown;
    try {
      value = this.doc.toJS({ maxAliasCount: 1000 });
    } catch {
      return undefined;
    }
    for (const s of segments) {
      if (value === null || typeof value !== "object") return undefined;
      value = (value as Record<string, unknown>)[s];
    }
    return value;
  }

  private deref(node: unknown): unknown {
    let current = node;
    for (let i = 0; i < 100 && isAlias(current) && this.doc; i++) current = current.resolve(this.doc);
    return current;
  }

  private child(node: unknown, segment: string): { node: unknown; offset: number | undefined } | undefined {
    if (isMap(node)) {
      const pair = this.findPair(node, segment);
      if (!pair) return undefined;
      return { node: pair.value, offset: rangeStart(pair.key) ?? rangeStart(pair.value) };
    }
    if (isSeq(node) && /^(0|[1-9]\d*)$/.test(segment)) {
      const item = node.items[Number(segment)];
      if (item === undefined) return undefined;
      return { node: item, offset: rangeStart(isPair(item) ? item.key : item) };
    }
    return undefined;
  }

  private findPair(node: unknown, key: string): Pair | undefined {
    if (!isMap(node)) return undefined;
    let found: Pair | undefined;
    for (const pair of node.items) {
      const k = isScalar(pair.key) ? pair.key.value : pair.key;
      if (String(k) === key) found = pair; // last one wins, like JSON.parse
    }
    return found;
  }
}

function rangeStart(node: unknown): number | undefined {
  return isNode(node) && (node as YamlNode).range ? (node as YamlNode).range![0] : undefined;
}
