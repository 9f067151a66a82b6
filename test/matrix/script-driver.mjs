// Node, Deno and Bun: cases as JSON on stdin, results as a JSON array on stdout. "portcullis" resolves through
// package.json `exports` the way each runtime does it (a self-reference: this file is inside the package).
// No permissions needed in Deno: the default entry carries its wasm inline.
import * as api from "portcullis";
import { yamlSyntax } from "portcullis/yaml";
import * as sanitizer from "portcullis/sanitize";
import { replay } from "./replay.mjs";

async function readStdin() {
  if (globalThis.Deno) return await new Response(globalThis.Deno.stdin.readable).text();
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  return Buffer.concat(chunks).toString("utf8");
}

const cases = JSON.parse(await readStdin());
const results = await replay({ api, yamlSyntax, sanitizer }, cases);
const runtime = globalThis.Deno ? "deno" : globalThis.Bun ? "bun" : "node";
console.log(JSON.stringify({ runtime, results }));
