// Every fenced block of README.md and docs/**/*.md is accounted for: JSON and YAML parse (and, marked
// `validate`, pass `portcullis validate`), JavaScript runs with node, shell runs with bash (a line ending in
// `# exit N: oap.code` must exit N and print that code), and anything else is marked `fragment` or is `text`.
// Each page runs in its own scratch directory inside the repository, so `import "portcullis"` resolves to this
// package (Node's self-reference) and files written by `file=NAME` blocks are there for the blocks after them.
import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { blocksOf, docPages, root } from "../scripts/docs-blocks.mjs";

interface Block { page: string; line: number; lang: string; attrs: Record<string, string | true>; code: string }

const cli = join(root, "dist/cli.js");
const scratch = mkdtempSync(join(root, ".docs-scratch-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

// `npx portcullis …` and `portcullis …` in shell blocks run this checkout's CLI; any other npx package, and npm
// itself, are refused (the scratch directory is inside this package: `npm install` there would change it).
const bin = join(scratch, "bin");
mkdirSync(bin);
for (const [name, script] of [
  ["portcullis", `#!/bin/sh\nexec "${process.execPath}" "${cli}" "$@"\n`],
  ["npx", `#!/bin/sh\n[ "$1" = "-y" ] && shift\nif [ "$1" = portcullis ]; then shift; exec "${process.execPath}" "${cli}" "$@"; fi\necho "docs test: npx $1 is not available here" >&2\nexit 127\n`],
  ["npm", `#!/bin/sh\necho "docs test: npm is not run from snippets; mark the block fragment" >&2\nexit 127\n`],
]) {
  writeFileSync(join(bin, name), script);
  chmodSync(join(bin, name), 0o755);
}
const env = { ...process.env, PATH: `${bin}:${process.env.PATH}` };

const PROSE = new Set(["", "text"]);
const RUN = new Set(["js", "sh", "json", "yaml"]);

/** A shell block as a checked script: `# exit N[: code]` lines are run and compared; the rest must succeed. */
export function checkedShell(code: string): string {
  const out = ["set -e -o pipefail"];
  code.split("\n").forEach((line, index) => {
    const expect = /^(.*?)\s+#\s*exit (\d+)(?::\s*(oap\.[a-z_]+))?/.exec(line);
    if (!expect) return out.push(line);
    const [, command, status, reason] = expect;
    out.push(`__out=$( ${command} 2>&1 ) && __status=0 || __status=$?`, `printf '%s\\n' "$__out"`);
    out.push(`[ "$__status" = ${status} ] || { echo "line ${index + 1}: exit $__status, the docs say ${status}" >&2; exit 90; }`);
    if (reason) out.push(`case "$__out" in *'"${reason}"'*) ;; *) echo "line ${index + 1}: no ${reason} in the output" >&2; exit 91;; esac`);
  });
  return out.join("\n") + "\n";
}

function run(command: string, args: string[], cwd: string, input?: string) {
  return spawnSync(command, args, { cwd, env, input, encoding: "utf8", timeout: 30_000 });
}

const pages: string[] = docPages();
describe.each(pages)("%s", (page) => {
  const blocks = blocksOf(page) as Block[];
  const dir = join(scratch, page.replace(/[/.]/g, "_"));
  mkdirSync(dir, { recursive: true });

  it("marks every code block runnable, fragment or text", () => {
    const unmarked = blocks.filter((b) => !PROSE.has(b.lang) && !b.attrs.fragment && !RUN.has(b.lang));
    expect(unmarked.map((b) => `${page}:${b.line} \`\`\`${b.lang}`), "mark these `fragment` or make them runnable").toEqual([]);
  });

  const runnable = blocks.filter((b) => RUN.has(b.lang) && !b.attrs.fragment);
  if (runnable.length === 0) return;
  it(`runs its ${runnable.length} runnable blocks in order`, () => {
    for (const block of runnable) {
      const where = `${page}:${block.line}`;
      if (typeof block.attrs.file === "string") writeFileSync(join(dir, block.attrs.file), block.code);
      if (block.lang === "json") expect(() => JSON.parse(block.code), where).not.toThrow();
      if (block.lang === "yaml") expect(() => parseYaml(block.code), where).not.toThrow();
      if (block.attrs.validate) {
        expect(typeof block.attrs.file, `${where}: validate needs file=NAME`).toBe("string");
        const result = run(process.execPath, [cli, "validate", block.attrs.file as string], dir);
        expect(result.status, `${where}: portcullis validate\n${result.stdout}${result.stderr}`).toBe(0);
      }
      if (block.lang === "js") {
        const file = join(dir, `block-${block.line}.mjs`);
        writeFileSync(file, block.code);
        const result = run(process.execPath, [file], dir);
        expect(result.status, `${where}\n${result.stdout}${result.stderr}`).toBe(0);
      }
      if (block.lang === "sh") {
        const result = run("bash", ["-c", checkedShell(block.code)], dir);
        expect(result.status, `${where}\n${result.stdout}${result.stderr}`).toBe(0);
      }
    }
  }, 120_000);
});
