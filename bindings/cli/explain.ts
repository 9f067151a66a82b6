/**
 * @module
 * `portcullis explain`: one call's decision, the rule that made it, each step
 * the core consulted (in words, or JSON with --json) and what the call would do.
 */

import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { loadGuard } from "../config/load-guard.ts";
import { explainProvider } from "../providers/index.ts";
import type { GuardrailRequest } from "../core/index.ts";
import { UsageError } from "./usage-error.ts";
import { explanationLines } from "./explain-text.ts";

export async function explainCommand(args: string[], io: { stdout: NodeJS.WritableStream }): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: {
      policy: { type: "string" }, tool: { type: "string" }, input: { type: "string" }, cwd: { type: "string" },
      call: { type: "string" }, json: { type: "boolean" },
    },
    allowPositionals: true,
  });
  if (positionals.length) throw new UsageError(`unexpected argument '${positionals[0]}'`);
  if (!values.policy) throw new UsageError("--policy FILE is required");
  const request = values.call !== undefined ? readCall(values.call, values.tool, values.input) : callFromFlags(values.tool, values.input);
  if (values.cwd) request.context = { ...(request.context ?? {}), workspace_root: resolve(values.cwd) };
  const { guard } = await loadGuard(values.policy);
  const d = await guard.evaluate(request);
  const traces = await explainProvider(guard.provider, request);
  const exit = d.decision === "allow" ? 0 : d.decision === "ask" ? 3 : 1;
  if (values.json) {
    const rule = typeof d.metadata?.rule === "string" ? d.metadata.rule : d.rule ?? "";
    const reason = d.reasons[0];
    io.stdout.write(JSON.stringify({ decision: d.decision, code: reason?.code ?? "", message: reason?.message ?? "", rule, traces }, null, 2) + "\n");
    return exit;
  }
  const rule = d.metadata?.rule;
  const lines = [
    `decision: ${d.decision}`,
    `reason:   ${d.reasons[0]?.code ?? ""} ${d.reasons[0]?.message ?? ""}`.trimEnd(),
    `rule:     ${typeof rule === "string" ? `${rule} (${String(d.metadata?.rule_at ?? "")})` : d.metadata?.fallback ? "none matched (the fallback decided)" : d.rule ? d.rule : d.decision === "allow" ? "an allow rule (every simple command matched one)" : "a built-in check of the core"}`,
    ...explanationLines(traces),
  ];
  io.stdout.write(lines.join("\n") + "\n");
  return exit;
}

function callFromFlags(tool: string | undefined, input: string | undefined): GuardrailRequest {
  if (!tool) throw new UsageError("--tool NAME (or --call FILE) is required");
  let toolInput: Record<string, unknown> = {};
  if (input !== undefined) {
    try {
      toolInput = JSON.parse(input);
      if (toolInput === null || typeof toolInput !== "object" || Array.isArray(toolInput)) throw new Error("expected a JSON object");
    } catch (error) {
      throw new UsageError(`--input must be a JSON object: ${(error as Error).message}`);
    }
  }
  return { tool_name: tool, tool_input: toolInput };
}

/** A whole call from a file: {tool_name, tool_input, context?}, as a hook or the server receives it. */
function readCall(path: string, tool: string | undefined, input: string | undefined): GuardrailRequest {
  if (tool !== undefined || input !== undefined) throw new UsageError("--call FILE replaces --tool and --input");
  const file = resolve(path);
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new UsageError(`cannot read ${file}: ${(error as Error).message}`);
  }
  let call: GuardrailRequest;
  try {
    call = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${file}: not JSON: ${(error as Error).message}`);
  }
  if (!call || typeof call !== "object" || Array.isArray(call) || typeof call.tool_name !== "string") {
    throw new UsageError(`${file}: expected a call object with a string tool_name`);
  }
  if (call.tool_input === undefined) call.tool_input = {};
  return call;
}
