/**
 * @module
 * A client's answer to the server's `sampling/createMessage` is a model turn.
 * When the provider cut that turn off for safety (a content filter, a refusal)
 * the server must not get the tool calls left in it: they are removed, as
 * for any other model turn, and the answer says why. An answer that is not a
 * sampling result at all is refused (the server gets an error), never passed
 * on unchecked.
 */

import { applySafetyStop, type SafetyCore } from "../safety/index.ts";

export function samplingSafetyStop(core: SafetyCore, log: (line: string) => void): (result: unknown) => unknown {
  return (result) => {
    const checked = applySafetyStop(result, { core, shape: "mcp_sampling" });
    if (checked.terminated) {
      const names = checked.metadata?.suppressed_tool_call_names ?? [];
      log(`a sampling answer the provider stopped for safety (${checked.metadata?.reason_value}) reaches the server without its ${names.length} tool call(s)`);
    }
    return checked.message;
  };
}
