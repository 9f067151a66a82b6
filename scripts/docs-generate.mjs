// Writes the generated parts of the docs from their sources, so they cannot drift:
//   docs/cli.md           each command's `--help` text, from the built CLI (dist/cli.js; `npm run build` first)
//   docs/reason-codes.md  the table of reason codes: the core's list (assembly/policy/verdict.ts, namespace Code)
//                         plus the codes the TypeScript host sets, with their meanings from scripts/docs-reason-codes.json
// `--check` writes nothing and exits 1 when a committed page differs from what would be written.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { root } from "./docs-blocks.mjs";

const check = process.argv.includes("--check");
const read = (path) => readFileSync(join(root, path), "utf8");

/** Replaces the text between `<!-- generated:NAME -->` and `<!-- /generated:NAME -->`. */
function splice(page, name, body) {
  const text = read(page);
  const start = `<!-- generated:${name} (scripts/docs-generate.mjs; do not edit) -->\n`;
  const end = `<!-- /generated:${name} -->`;
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`${page}: no ${start.trim()} … ${end} markers`);
  return { page, before: text, after: text.slice(0, from + start.length) + body + text.slice(to) };
}

function cliHelp() {
  const cli = join(root, "dist/cli.js");
  const help = (...args) => execFileSync(process.execPath, [cli, ...args], { encoding: "utf8" }).trimEnd();
  const overview = help("--help");
  const verbs = [...overview.matchAll(/^ {2}([a-z-]+) {2,}/gm)].map((m) => m[1]);
  if (verbs.length === 0) throw new Error("portcullis --help lists no commands");
  const sections = [`### \`portcullis --help\`\n\n\`\`\`text\n${overview}\n\`\`\`\n`];
  for (const verb of verbs) sections.push(`### \`portcullis ${verb}\`\n\n\`\`\`text\n${help(verb, "--help")}\n\`\`\`\n`);
  return sections.join("\n");
}

function sourcesUnder(dir) {
  const out = [];
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourcesUnder(path));
    else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts")) out.push(path);
  }
  return out;
}

function reasonCodes() {
  const meanings = JSON.parse(read("scripts/docs-reason-codes.json"));
  const verdict = read("assembly/policy/verdict.ts");
  const namespace = /export namespace Code \{([\s\S]*?)\n\}/.exec(verdict);
  if (!namespace) throw new Error("assembly/policy/verdict.ts: no `export namespace Code`");
  const core = [...namespace[1].matchAll(/= "(oap\.[a-z_]+)"/g)].map((m) => m[1]);
  const host = sourcesUnder("bindings").map(read).join("\n");
  const problems = [];
  for (const code of core) if (!(code in meanings)) problems.push(`${code} (core) has no meaning in scripts/docs-reason-codes.json`);
  const hostOnly = Object.keys(meanings).filter((code) => !core.includes(code));
  for (const code of hostOnly) if (!host.includes(`"${code}"`)) problems.push(`${code} is neither in the core's Code list nor set anywhere in bindings/`);
  if (problems.length) throw new Error(problems.join("\n"));
  const row = (code, by) => `| \`${code}\` | ${by} | ${meanings[code]} |`;
  return [
    "| code | set by | meaning |",
    "|---|---|---|",
    ...core.map((code) => row(code, "core")),
    ...hostOnly.map((code) => row(code, "host")),
    "",
  ].join("\n");
}

const results = [splice("docs/cli.md", "cli-help", cliHelp() + "\n"), splice("docs/reason-codes.md", "reason-codes", reasonCodes())];
let stale = 0;
for (const { page, before, after } of results) {
  if (before === after) continue;
  if (check) {
    stale++;
    console.error(`${page} is stale: run node scripts/docs-generate.mjs`);
  } else {
    writeFileSync(join(root, page), after);
    console.log(`wrote ${page}`);
  }
}
process.exit(stale ? 1 : 0);
