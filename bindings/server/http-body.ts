/**
 * @module
 * Reading what a client sends: a size-limited UTF-8 JSON body (the limit is
 * enforced while reading, not trusted from Content-Length), strict parsing
 * (duplicate keys refused), and bodies whose unknown fields are errors.
 */

import { parseJsonStrict } from "../canonical/index.ts";
import { concatBytes } from "../core/concat-bytes.ts";

/** A client error: the handler answers with `status` and this message, never a 500. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "HttpError";
  }
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** The body as JSON, or undefined when it is empty and `optional`. */
export async function readJsonBody(request: Request, maxBytes: number, optional = false): Promise<unknown> {
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > maxBytes) throw tooLarge(maxBytes);
  const bytes = await readLimited(request, maxBytes);
  if (bytes.length === 0) {
    if (optional) return undefined;
    throw new HttpError(400, "invalid_body", "a JSON body is required");
  }
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    throw new HttpError(415, "unsupported_media_type", "send the body as Content-Type: application/json");
  }
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw new HttpError(400, "invalid_body", "the body is not valid UTF-8");
  }
  try {
    return parseJsonStrict(text);
  } catch (error) {
    throw new HttpError(400, "invalid_body", (error as Error).message);
  }
}

async function readLimited(request: Request, maxBytes: number): Promise<Uint8Array> {
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return chunks.length ? concatBytes(chunks) : new Uint8Array(0);
}

function tooLarge(maxBytes: number): HttpError {
  return new HttpError(413, "body_too_large", `the body is larger than ${maxBytes} bytes`);
}

/** An object body with only the `allowed` fields, each checked by its own test. */
export function strictObject(value: unknown, fields: Record<string, (v: unknown) => string | null>, what: string): Record<string, unknown> {
  if (value === undefined) return {};
  if (value === null || typeof value !== "object" || Array.isArray(value)) throw new HttpError(400, "invalid_body", `${what} must be a JSON object`);
  for (const [key, item] of Object.entries(value)) {
    const check = Object.hasOwn(fields, key) ? fields[key] : null;
    if (!check) {
      throw new HttpError(400, "invalid_body", `unknown field ${JSON.stringify(key)} in ${what}; expected ${Object.keys(fields).join(", ") || "no fields"}`);
    }
    const problem = check(item);
    if (problem) throw new HttpError(400, "invalid_body", `${key}: ${problem}`);
  }
  return value as Record<string, unknown>;
}

export const isString = (v: unknown) => (typeof v === "string" ? null : "expected a string");
export const isInteger = (v: unknown) => (Number.isInteger(v) ? null : "expected a whole number");
export const isObject = (v: unknown) => (v !== null && typeof v === "object" && !Array.isArray(v) ? null : "expected a JSON object");
