// Checks every Markdown link and image of README.md and docs/**/*.md that points inside the repository: the
// file exists and, with a #fragment, the target page has a heading with that anchor (GitHub's and VitePress's
// slug: lower case, punctuation dropped, spaces as hyphens). External links are not fetched (no network in CI).
// Prints each broken link as file:line and exits 1 when there is one.
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { docPages, proseOf, root } from "./docs-blocks.mjs";

/** The anchor GitHub gives a heading. */
export function slug(heading) {
  return heading
    .replace(/`/g, "")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

function anchorsOf(page) {
  const anchors = new Set();
  const seen = new Map();
  for (const line of proseOf(page)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = slug(heading[1]);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

export function brokenLinks() {
  const broken = [];
  for (const page of docPages()) {
    proseOf(page).forEach((line, index) => {
      const text = line.replace(/`[^`]*`/g, "");
      for (const [, target] of text.matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
        const [path, fragment] = target.split("#");
        const file = path === "" ? page : normalize(join(dirname(page), decodeURIComponent(path)));
        const where = `${page}:${index + 1}: ${target}`;
        if (file.startsWith("..") || !existsSync(join(root, file))) {
          broken.push(`${where} (no such file)`);
          continue;
        }
        if (fragment === undefined) continue;
        if (statSync(join(root, file)).isDirectory() || !file.endsWith(".md")) broken.push(`${where} (an anchor into a non-Markdown file)`);
        else if (!anchorsOf(file).has(fragment)) broken.push(`${where} (no heading #${fragment} in ${file})`);
      }
    });
  }
  return broken;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const broken = brokenLinks();
  for (const line of broken) console.error(line);
  console.log(broken.length ? `${broken.length} broken links` : "all links resolve");
  process.exit(broken.length ? 1 : 0);
}
