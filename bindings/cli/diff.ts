/**
 * @module
 * `portcullis diff --policy OLD --policy NEW --input calls.jsonl`: judge
 * recorded calls (the JSON Lines `eval` reads) by two policies and report
 * every call they decide differently — the offline twin of ShadowProvider.
 * Decisions are compared as ShadowProvider compares them: the decision, then
 * the reason codes. Exit 0 when none differ, 1 when some do, 2 for usage or
 * policy-file errors.
 */

import { createReadStream } from "node:fs";
import { parseArgs } from "node:util";
import { loadGuard } from "../node.ts";
import type { Decision, GuardrailRequest } from "../core/index.ts";
import { decisionsDiffer } from "../providers/index.ts";
import type { Guard } from "../middleware/index.ts";
import { byteLines } from "./byte-lines.ts";
import { clockFrom } from "./clock-flag.ts";
import { UsageError } from "./usage-error.ts";

type Io = { stdout: NodeJS.WritableStream; stdin: NodeJS.ReadableStream & AsyncIterable<Uint8Array | string> };

const utf8 = new TextDecoder("utf-8", { fatal: true });

export async function diffCommand(args: string[], io: Io): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: { policy: { type: "string", multiple: true }, input: { type: "string" }, now: { type: "string" }, strict: { type: "boolean" } },
    allowPositionals: true,
  });
  if (positionals.length) throw new UsageError(`unexpected argument '${positionals[0]}'`);
  const policies = values.policy ?? [];
  if (policies.length !== 2) throw new UsageError(`give two policies: --policy OLD --policy NEW (got ${policies.length})`);
  const options = { clock: clockFrom(values.now), strict: values.strict === true };
  const [before, after] = [await loadGuard(policies[0], options), await loadGuard(policies[1], options)];
  const input = values.input ? await openInput(values.input) : io.stdin;
  let calls = 0;
  let differing = 0;
  const transitions = new Map<string, number>();
  let out = "";
  let lineNumber = 0;
  for await (const line of byteLines(input)) {
    lineNumber++;
    const parsed = readRequest(line);
    if (parsed === null) continue; // a blank line is no call
    calls++;
    const old = await decide(before.guard, parsed);
    const next = await decide(after.guard, parsed);
    if (!decisionsDiffer(old, next)) continue;
    differing++;
    const change = `${old.decision} -> ${next.decision}`;
    transitions.set(change, (transitions.get(change) ?? 0) + 1);
    out += `line ${lineNumber}: ${describeCall(parsed)}\n  old: ${describeDecision(old)}\n  new: ${describeDecision(next)}\n`;
  }
  const summary = [...transitions].map(([change, n]) => `${n} ${change}`).join(", ");
  out += differing === 0
    ? `${calls} calls: the two policies decide every one the same\n`
    : `${calls} calls: ${differing} decided differently${summary ? ` (${summary})` : ""}\n`;
  io.stdout.write(out);
  return differing ? 1 : 0;
}

async function openInput(file: string): Promise<AsyncIterable<Uint8Array>> {
  const stream = createReadStream(file);
  try {
    await new Promise<void>((resolveOpen, rejectOpen) => stream.once("open", () => resolveOpen()).once("error", rejectOpen));
  } catch (error) {
    throw new UsageError(`cannot read --input: ${(error as Error).message}`);
  }
  return stream;
}

/** The line's request, an error text when it is not one (both policies deny it alike), or null for a blank line. */
function readRequest(line: Uint8Array): GuardrailRequest | string | null {
  let text: string;
  try {
    text = utf8.decode(line);
  } catch {
    return "the line is not valid UTF-8";
  }
  if (text.trim() === "") return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return `request is not valid JSON: ${(error as Error).message}`;
  }
  if (value === null || typeof value !== "object" || Array.isArray(value) || typeof (value as GuardrailRequest).tool_name !== "string") {
    return "request must be an object with a string tool_name";
  }
  return value as GuardrailRequest;
}

async function decide(guard: Guard, request: GuardrailRequest | string): Promise<Decision> {
  if (typeof request === "string") return { decision: "deny", allow: false, reasons: [{ code: "oap.invalid_context", message: request }] };
  // A copy each: neither policy sees what the other's provider may have added.
  return guard.evaluate(structuredClone(request));
}

function describeCall(request: GuardrailRequest | string): string {
  if (typeof request === "string") return `(unreadable: ${request})`;
  const input = JSON.stringify(request.tool_input ?? {});
  return `${request.tool_name} ${input.length > 160 ? `${input.slice(0, 160)}…` : input}`;
}

function describeDecision(decision: Decision): string {
  const codes = decision.reasons.map((r) => r.code).join(", ") || "no reason code";
  const would = decision.metadata?.would_decide;
  const mode = typeof would === "string" ? ` [${String(decision.metadata?.enforcement)}: would ${would}]` : "";
  const message = decision.reasons[0]?.message;
  return `${decision.decision} (${codes})${mode}${message ? ` — ${message}` : ""}`;
}
