// `node examples/mcp/client.mjs`: an MCP client (as Claude Desktop, Cursor or VS Code would be) using the `dev`
// server twice: through `portcullis mcp-proxy` (the server unchanged), then guarded in-process with
// portcullis/mcp. Both judge the same calls against examples/mcp/passport.json the same way.
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const here = (file) => fileURLToPath(new URL(file, import.meta.url));
const cli = here("../../dist/cli.js"); // `npx portcullis` once the package is installed
const servers = {
  proxy: [cli, "mcp-proxy", "--policy", here("passport.json"), "--name", "dev", "--", process.execPath, here("dev-server.mjs")],
  adapter: [here("guarded-server.mjs")],
};
const calls = [
  ["read_notes", {}],
  ["bash", { command: "git log --oneline -3" }],
  ["bash", { command: "rm -rf /" }],
  ["delete_everything", {}],
];

for (const [how, args] of Object.entries(servers)) {
  const client = new Client({ name: "example-client", version: "1.0.0" });
  await client.connect(new StdioClientTransport({ command: process.execPath, args }));
  const { tools } = await client.listTools();
  console.log(`${how}: tools ${tools.map((t) => t.name).join(", ")}`);
  for (const [name, input] of calls) {
    const result = await client.callTool({ name, arguments: input });
    console.log(`${how}: ${result.isError ? "deny " : "allow"} ${name} ${JSON.stringify(input)} -> ${result.content[0].text}`);
  }
  await client.close();
}
