// workerd: bundled by `wrangler deploy --dry-run`, which resolves "portcullis" and "portcullis/sanitize" through the
// `workerd` export condition (dist/workerd.js and dist/sanitize-workerd.js: policy.wasm and sanitize.wasm as
// precompiled modules). POST the cases, get the results.
import * as api from "portcullis";
import { yamlSyntax } from "portcullis/yaml";
import * as sanitizer from "portcullis/sanitize";
import { replay } from "./replay.mjs";

export default {
  async fetch(request) {
    const cases = await request.json();
    return Response.json({ runtime: "workerd", results: await replay({ api, yamlSyntax, sanitizer }, cases) });
  },
};
