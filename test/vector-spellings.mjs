// A command vector may list `spellings`: other commands that must get the same
// decision (and code) as its own — `rm -fr /`, `r''m -rf /`, `\rm -rf /` beside
// `rm -rf /`. Every replay (API, CLI, runtimes, the core spec) expands a case
// into one vector per spelling, named after the case and the spelling.

/** @param {any} v a vector as read from a .jsonl line; @returns {any[]} */
export function expandSpellings(v) {
  if (!v || !("spellings" in v)) return [v];
  const where = `vector '${v.name}'`;
  const { spellings, ...base } = v;
  if (!Array.isArray(spellings) || spellings.length === 0 || !spellings.every((s) => typeof s === "string" && s.length > 0)) {
    throw new Error(`${where}: spellings must be a non-empty array of non-empty strings`);
  }
  const command = base.request?.tool_input?.command;
  if (typeof command !== "string") throw new Error(`${where}: spellings need request.tool_input.command`);
  if (new Set([command, ...spellings]).size !== spellings.length + 1) throw new Error(`${where}: a spelling repeats`);
  return [
    base,
    ...spellings.map((s) => ({
      ...base,
      name: `${base.name} [${s}]`,
      request: { ...base.request, tool_input: { ...base.request.tool_input, command: s } },
    })),
  ];
}
