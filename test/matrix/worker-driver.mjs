// workerd: bundled by `wrangler deploy --dry-run`, which resolves "portcullis" and "portcullis/sanitize" through the
// `workerd` export condition (dist/workerd.js and dist/sanitize-workerd.js: policy.wasm and sanitize.wasm as
// precompiled modules). POST / the cases, get the results; POST /approvals {"passport": text}, get the approval
// API flow's transcript.
import * as api from "portcullis";
import { yamlSyntax } from "portcullis/yaml";
import * as sanitizer from "portcullis/sanitize";
import { replay } from "./replay.mjs";
import { approvalFlow } from "./approval-flow.mjs";

export default {
  async fetch(request) {
    const input = await request.json();
    if (new URL(request.url).pathname === "/approvals") {
      return Response.json({ runtime: "workerd", transcript: await approvalFlow(api, input.passport) });
    }
    return Response.json({ runtime: "workerd", results: await replay({ api, yamlSyntax, sanitizer }, input) });
  },
};
