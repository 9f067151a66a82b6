// The files a Codex `apply_patch` patch touches, from its file headers:
//
//   *** Begin Patch
//   *** Add File: <path>       (followed by `+` lines)
//   *** Update File: <path>    (optionally `*** Move to: <path>`, then hunks)
//   *** Delete File: <path>
//   *** End Patch
//
// Every one is a write. Headers are matched after leading blanks (a lenient
// applier may accept them indented) and with a trailing CR removed; body
// lines start with `+`, `-`, ` ` or `@@`, so they never look like headers.

const HEADERS: StaticArray<string> = ["*** Add File:", "*** Update File:", "*** Delete File:", "*** Move to:"];

function isMarker(line: string): bool {
  const t = line.trimEnd();
  return t == "*** Begin Patch" || t == "*** End Patch" || t == "*** End of File";
}

/** The paths the patch names, in order; null when a header carries no path or is not one of the known ones. */
export function patchFiles(patch: string): Array<string> | null {
  const out = new Array<string>();
  let start = 0;
  while (start <= patch.length) {
    let end = patch.indexOf("\n", start);
    if (end < 0) end = patch.length;
    let line = patch.substring(start, end);
    if (line.endsWith("\r")) line = line.substring(0, line.length - 1);
    let i = 0;
    while (i < line.length && (line.charCodeAt(i) == 0x20 || line.charCodeAt(i) == 0x09)) i++;
    let known = false;
    for (let h = 0; h < HEADERS.length; h++) {
      if (line.startsWith(HEADERS[h], i)) {
        const path = line.substring(i + HEADERS[h].length).trim();
        if (path.length == 0) return null;
        out.push(path);
        known = true;
        break;
      }
    }
    // Any other `***` line at the start is a header this reader does not know (`*** add file:`,
    // `***  Add File:`): an applier that accepts it would write a file nobody checked.
    if (!known && i == 0 && line.startsWith("***") && !isMarker(line)) return null;
    start = end + 1;
  }
  return out;
}
