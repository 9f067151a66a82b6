// workerd: bundled by `wrangler deploy --dry-run`, which resolves "portcullis" through the `workerd` export
// condition (dist/workerd.js, policy.wasm as a precompiled module). POST the cases, get the results.
import * as api from "portcullis";
import { yamlSyntax } from "portcullis/yaml";
import { replay } from "./replay.mjs";

export default {
  async fetch(request) {
    const cases = await request.json();
    return Response.json({ runtime: "workerd", results: await replay({ api, yamlSyntax }, cases) });
  },
};
