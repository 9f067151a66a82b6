// Node, Deno and Bun: cases as JSON on stdin, results as a JSON array on stdout. "portcullis" resolves through
// package.json `exports` the way each runtime does it (a self-reference: this file is inside the package).
// No permissions needed in Deno: the default entry carries its wasm inline.
// With the argument `approvals`, stdin is {"passport": text} and the approval API's flow runs instead.
import * as api from "portcullis";
import { yamlSyntax } from "portcullis/yaml";
import * as sanitizer from "portcullis/sanitize";
import { replay } from "./replay.mjs";
import { approvalFlow } from "./approval-flow.mjs";

async function readStdin() {
  if (globalThis.Deno) return await new Response(globalThis.Deno.stdin.readable).text();
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  return Buffer.concat(chunks).toString("utf8");
}

const input = JSON.parse(await readStdin());
const runtime = globalThis.Deno ? "deno" : globalThis.Bun ? "bun" : "node";
const mode = globalThis.Deno ? globalThis.Deno.args[0] : process.argv[2];
if (mode === "approvals") {
  console.log(JSON.stringify({ runtime, transcript: await approvalFlow(api, input.passport) }));
} else {
  console.log(JSON.stringify({ runtime, results: await replay({ api, yamlSyntax, sanitizer }, input) }));
}
