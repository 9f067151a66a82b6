// A Cloudflare Worker that judges tool calls: POST /evaluate with a request
// ({"tool_name": "...", "tool_input": {...}}), get the decision as JSON. Run it locally with
//   npx wrangler@4.86.0 dev -c examples/worker/wrangler.toml
// wrangler resolves "portcullis" through the `workerd` export condition, which imports policy.wasm as a
// precompiled module (Workers refuse to compile wasm from bytes).
import { PassportProvider } from "portcullis";
import passport from "../passport.json" with { type: "json" };

// Compiled once per isolate, on the first request.
let provider;

const json = (body, status = 200) => Response.json(body, { status });

export default {
  async fetch(request) {
    const { pathname } = new URL(request.url);
    if (pathname !== "/evaluate") return json({ error: "not found: POST /evaluate" }, 404);
    if (request.method !== "POST") return json({ error: "method not allowed: POST /evaluate" }, 405);
    provider ??= await PassportProvider.create({ passport, workspace_root: "/workspace" });
    // The raw body goes to the core as it came: malformed JSON or a non-request is a deny with the reason,
    // never a crash and never an allow.
    const decision = provider.evaluateJsonSync(await request.text());
    return json(decision, decision.reasons[0]?.code === "oap.invalid_context" ? 400 : 200);
  },
};
