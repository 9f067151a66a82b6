/**
 * @module
 * Tool-name matching for the tool-result middleware: exact, case-sensitive names (as DeerFlow
 * matches them), plus `*` wildcards (`mcp__*`, `mcp__browser__*`, `*_fetch`). No regular
 * expressions are built from configuration, so a pattern cannot be made to backtrack.
 */

/** A matcher for a list of names and patterns. */
export function toolNameMatcher(patterns: readonly string[]): (name: string) => boolean {
  const exact = new Set<string>();
  const wildcards: string[][] = [];
  for (const p of patterns) {
    if (p.includes("*")) wildcards.push(p.split("*"));
    else exact.add(p);
  }
  return (name) => exact.has(name) || wildcards.some((parts) => matchParts(parts, name));
}

/** `parts` is a pattern split on `*`: the first part is a prefix, the last a suffix, the rest in order between. */
function matchParts(parts: string[], name: string): boolean {
  const first = parts[0];
  const last = parts[parts.length - 1];
  if (name.length < first.length + last.length || !name.startsWith(first) || !name.endsWith(last)) return false;
  let at = first.length;
  const end = name.length - last.length;
  // Leftmost match of each middle part is always safe for `*`-only patterns (greedy is not needed).
  for (let i = 1; i < parts.length - 1; i++) {
    const found = name.indexOf(parts[i], at);
    if (found < 0 || found + parts[i].length > end) return false;
    at = found + parts[i].length;
  }
  return true;
}
