// Shrinks a failing script: deletes chunks (lines, then words, then single characters, as in delta debugging)
// while the failure persists, so the report shows the smallest script that still makes bash run a forbidden
// command the analysis allows. Candidates are checked in batches (one bash batch each), since starting bash is
// the expensive part.

/** `failing(scripts) → Promise<boolean[]>`; `budget` caps how many candidate scripts are tried. */
export async function shrink(script, failing, budget = 3000) {
  let best = script;
  let tries = 0;
  for (const split of [splitLines, splitWords, splitChars]) {
    let pieces = split(best);
    let size = Math.max(1, pieces.length >> 1);
    while (size >= 1 && tries < budget) {
      // Every deletion of `size` consecutive pieces; the first that still fails wins, and the same size is
      // tried again on what is left.
      const starts = [];
      for (let at = 0; at + size <= pieces.length; at += size) starts.push(at);
      const candidates = starts.map((at) => [...pieces.slice(0, at), ...pieces.slice(at + size)].join(""));
      tries += candidates.length;
      const results = candidates.length ? await failing(candidates) : [];
      const hit = results.indexOf(true);
      if (hit >= 0) {
        best = candidates[hit];
        pieces = split(best);
        size = Math.min(size, Math.max(1, pieces.length >> 1));
      } else {
        size = size === 1 ? 0 : size >> 1;
      }
    }
  }
  return { script: best, tries };
}

const splitLines = (s) => s.split(/(?<=\n)/);
const splitWords = (s) => s.split(/(?<=[ \t\n;|&])|(?=[ \t\n;|&])/);
const splitChars = (s) => [...s];
