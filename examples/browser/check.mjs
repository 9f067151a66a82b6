// Client-side check of a tool call. A real page imports "portcullis" through its bundler; this one imports the
// built file by URL (an inline import map would need 'unsafe-inline' in the CSP).
import { PassportProvider, createGuard } from "../../dist/index.js";

const form = document.querySelector("#call");
const output = document.querySelector("#decision");

const passport = await (await fetch("../passport.json")).json();
// The guard fails closed: if the wasm cannot compile (a CSP without 'wasm-unsafe-eval'), every check is a deny
// with oap.evaluator_error and the browser's reason, never an allow.
const guard = createGuard({ provider: new PassportProvider({ passport, workspace_root: "/workspace" }) });

async function check() {
  let tool_input;
  try {
    tool_input = JSON.parse(form.args.value);
  } catch (error) {
    output.dataset.decision = "deny";
    output.textContent = `arguments are not JSON: ${error.message}`;
    return;
  }
  const decision = await guard.evaluate({ tool_name: form.tool.value, tool_input });
  output.dataset.decision = decision.decision;
  output.textContent = `${decision.decision.toUpperCase()} ${decision.reasons[0].code}\n${decision.reasons[0].message}`;
}

form.addEventListener("submit", (event) => {
  event.preventDefault();
  check();
});
await check();
document.documentElement.dataset.ready = "true";
