/**
 * @module
 * `portcullis mcp-proxy --policy FILE --name NAME -- <server command…>` (or
 * `--url URL`): an MCP client (Claude Desktop, Cursor, VS Code…) starts this
 * instead of the server, and gets the server's tools judged by the policy.
 * Stdout is the MCP protocol; everything for the operator goes to stderr.
 */

import { parseArgs } from "node:util";
import { loadMcpGuard } from "../mcp-proxy/web-like-tools.ts";
import { samplingSafetyStop } from "../mcp-proxy/sampling-stop.ts";
import { checkServerName, createMcpProxy } from "../mcp-proxy/proxy.ts";
import { PinFileError } from "../mcp-proxy/description-pins.ts";
import { stdioDownstream, upstreamTransport, type Upstream } from "../mcp-proxy/transports.ts";
import { ApprovalGate, MemoryApprovalStore } from "../approvals/index.ts";
import { createApprovalHandler, listen } from "../server/index.ts";
import { UsageError } from "./usage-error.ts";

export interface McpProxyIo {
  stdin?: NodeJS.ReadableStream;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  env?: NodeJS.ProcessEnv;
}

export async function mcpProxyCommand(argv: string[], io: McpProxyIo): Promise<number> {
  const dash = argv.indexOf("--");
  const own = dash < 0 ? argv : argv.slice(0, dash);
  const command = dash < 0 ? [] : argv.slice(dash + 1);
  const env = io.env ?? process.env;
  const { values, positionals } = parseArgs({
    args: own,
    options: {
      policy: { type: "string" },
      name: { type: "string" },
      url: { type: "string" },
      header: { type: "string", multiple: true },
      "show-denied": { type: "boolean" },
      pins: { type: "string" },
      "block-changed": { type: "boolean" },
      "no-pins": { type: "boolean" },
      "no-elicitation": { type: "boolean" },
      "approvals-port": { type: "string" },
      token: { type: "string" },
      timeout: { type: "string" },
    },
    allowPositionals: true,
  });
  if (positionals.length) throw new UsageError(`unexpected argument '${positionals[0]}' (put the server command after --)`);
  if (!values.policy) throw new UsageError("--policy FILE is required");
  if (!values.name) throw new UsageError("--name NAME is required: the server's name in the policy's allowed_servers");
  const nameProblem = checkServerName(values.name);
  if (nameProblem) throw new UsageError(nameProblem);
  if ((command.length > 0) === (values.url !== undefined)) throw new UsageError("give the server as `-- COMMAND ARGS…` or as --url URL (one of the two)");
  if (values["no-pins"] && (values.pins !== undefined || values["block-changed"])) throw new UsageError("--no-pins cannot be combined with --pins or --block-changed");
  const upstream: Upstream = values.url !== undefined
    ? { url: checkedUrl(values.url), headers: headersFrom(values.header ?? []) }
    : { command: command[0]!, args: command.slice(1) };
  const timeout = values.timeout === undefined ? undefined : Number(values.timeout);
  if (timeout !== undefined && !(timeout > 0)) throw new UsageError("--timeout must be a positive number of seconds");
  const port = values["approvals-port"] === undefined ? undefined : Number(values["approvals-port"]);
  if (port !== undefined && !(Number.isInteger(port) && port >= 0 && port <= 65535)) throw new UsageError("--approvals-port must be a port number (0 picks a free one)");
  const token = values.token ?? env.PORTCULLIS_TOKEN;
  if (port !== undefined && !token) throw new UsageError("--approvals-port needs --token T (or PORTCULLIS_TOKEN): no anonymous approvals");

  const log = (line: string) => io.stderr.write(`portcullis mcp-proxy: ${line}\n`);
  const gate = await ApprovalGate.create({ store: new MemoryApprovalStore(), timeoutSeconds: timeout });
  const loaded = await loadMcpGuard(values.policy, { approvals: gate });
  const page = port === undefined ? null : await listen(createApprovalHandler({ gate, guard: loaded.guard.options, tokens: [{ name: "approver", token: token!, role: "approver" }] }), { port, host: "127.0.0.1" });
  if (page) log(`approvals on ${page.url}/`);
  else if (values["no-elicitation"]) log("no --approvals-port and no elicitation: calls the policy asks about stay pending (refused)");

  let relay;
  try {
    relay = createMcpProxy(await stdioDownstream(io.stdin, io.stdout), await upstreamTransport(upstream), {
      guard: loaded.guard,
      server: values.name,
      showDenied: values["show-denied"],
      pins: values["no-pins"] ? false : { block: values["block-changed"], file: values.pins },
      elicitation: !values["no-elicitation"],
      samplingResult: samplingSafetyStop(loaded.safety, log),
      log,
    });
    await relay.start();
  } catch (error) {
    await page?.close();
    await gate.close();
    if (error instanceof PinFileError) {
      log(error.message);
      return 2;
    }
    log(`cannot start: ${(error as Error).message}`);
    return 1;
  }
  const sweeper = setInterval(() => void gate.expireDue().catch(() => {}), 5000);
  const stop = () => void relay.close("stopped by a signal");
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  await relay.closed;
  process.off("SIGINT", stop);
  process.off("SIGTERM", stop);
  clearInterval(sweeper);
  await page?.close();
  await gate.close();
  return 0;
}

function checkedUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`--url must be an http(s) URL, got '${text}'`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new UsageError(`--url must be an http(s) URL, got '${text}'`);
  return url.href;
}

function headersFrom(lines: string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const at = line.indexOf(":");
    if (at <= 0) throw new UsageError(`--header must be 'Name: value', got '${line}'`);
    headers[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return headers;
}
