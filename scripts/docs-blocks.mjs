// The fenced code blocks of README.md and docs/**/*.md, with their info strings read: shared by the docs
// snippet test and the link check. A block's info string is a language and attributes:
//   ```js                 run with node (an ES module; `portcullis` resolves to this package)
//   ```sh                 run with bash; a line ending in `# exit N` (or `# exit N: oap.code`) must exit N
//                         (and print the code); other lines must succeed
//   ```json / ```yaml     parsed
//   file=NAME             also written to NAME in the page's scratch directory, for later blocks
//   validate              also accepted by `portcullis validate`
//   fragment              part of a larger program: shown, not run
//   ```text (or no language): output or prose, not code
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

export const root = fileURLToPath(new URL("..", import.meta.url));

/** README.md and every Markdown page under docs/, as paths relative to the repository root. */
export function docPages() {
  const pages = ["README.md"];
  const walk = (dir) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory() && !entry.name.startsWith(".") && entry.name !== "node_modules") walk(path);
      else if (entry.isFile() && entry.name.endsWith(".md")) pages.push(path);
    }
  };
  walk("docs");
  return pages.sort();
}

/** The fenced blocks of one page: {page, line, lang, attrs: {fragment?, validate?, file?}, code}. */
export function blocksOf(page) {
  const lines = readFileSync(join(root, page), "utf8").split("\n");
  const blocks = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^( *)(`{3,})(.*)$/.exec(lines[i]);
    if (!open) continue;
    const [, indent, fence, info] = open;
    const body = [];
    let j = i + 1;
    for (; j < lines.length && !new RegExp(`^ *${fence}\\s*$`).test(lines[j]); j++) body.push(lines[j].startsWith(indent) ? lines[j].slice(indent.length) : lines[j]);
    if (j === lines.length) throw new Error(`${page}:${i + 1}: unterminated code block`);
    const [lang = "", ...words] = info.trim().split(/\s+/).filter(Boolean);
    const attrs = {};
    for (const word of words) {
      const [key, value] = word.split("=");
      attrs[key] = value ?? true;
    }
    blocks.push({ page, line: i + 1, lang, attrs, code: body.join("\n") + "\n" });
    i = j;
  }
  return blocks;
}

/** Markdown text outside fenced blocks (for the link check). */
export function proseOf(page) {
  const out = [];
  let fence = null;
  for (const line of readFileSync(join(root, page), "utf8").split("\n")) {
    const open = /^ *(`{3,})/.exec(line);
    if (fence === null && open) fence = open[1];
    else if (fence !== null && new RegExp(`^ *${fence}\\s*$`).test(line)) fence = null;
    else if (fence === null) out.push(line);
    if (fence !== null || open) out.push("");
  }
  return out;
}

export const relativeToRoot = (path) => relative(root, path);
