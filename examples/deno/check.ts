// deno run --allow-read=examples --allow-write=examples examples/deno/check.ts bash '{"command":"rm -rf /"}'
//
// One tool call judged by the config in examples/guardrails.yaml, in Deno. The config names its passport by path
// and an audit file, so the guard gets a host that reads and appends through Deno's own APIs — the only
// permissions it needs are read and write on examples/. Prints the decision; exits 0 allow, 1 deny, 3 ask.
// Outside this repository, import from "npm:portcullis" and "npm:portcullis/yaml".
import { loadGuardFromText, type ConfigHost } from "portcullis";
import { yamlSyntax } from "portcullis/yaml";

const config = new URL("../guardrails.yaml", import.meta.url);

// Files are named as URLs, so paths in the config resolve against the config's own URL.
const host: ConfigHost = {
  readFile: (path, from) => {
    const url = new URL(path, from);
    return { file: url.href, text: Deno.readTextFileSync(url) };
  },
  auditFile: (path, from) => (event) => Deno.writeTextFileSync(new URL(path, from), JSON.stringify(event) + "\n", { append: true }),
};

const [tool_name = "bash", args = "{}"] = Deno.args;
const { guard } = await loadGuardFromText(Deno.readTextFileSync(config), {
  file: config.href,
  syntax: yamlSyntax,
  host,
  // Pinned so the output is the same every day (the example passport expires at the end of 2030).
  clock: () => Date.parse("2026-11-22T12:00:00Z"),
});
const decision = await guard.evaluate({ tool_name, tool_input: JSON.parse(args) });
console.log(JSON.stringify(decision));
Deno.exit({ allow: 0, deny: 1, ask: 3 }[decision.decision]);
