// The default entry (wasm inlined as bytes) in workerd, which refuses to compile wasm from bytes: the guard must
// deny, with a reason that names the fix, rather than allow or crash.
import { AllowlistProvider, createGuard } from "../../dist/index.js";

export default {
  async fetch() {
    const guard = createGuard({ provider: new AllowlistProvider({ allowed_tools: ["web_search"] }) });
    return Response.json(await guard.evaluate({ tool_name: "web_search", tool_input: {} }));
  },
};
