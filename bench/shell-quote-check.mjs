// The command check a JS guard typically does (and APort's evaluator does in bash), the bench's baseline: split the
// string into commands with shell-quote, check each command's first word against allowed_commands and the whole
// string against blocked_patterns as substrings. Much weaker than ours (no wrappers, substitutions, payloads, flag
// reordering), so it is the lower bound a JS user pays for even a naive check.
import { createRequire } from "node:module";

const SEPARATORS = new Set(["&&", "||", ";", "|", "&", "|&", ";;", "(", ")"]);

/** A check of a command string against the passport's command limits; throws when shell-quote is not installed. */
export function shellQuoteCheck(limits) {
  const { parse } = createRequire(import.meta.url)("shell-quote");
  const allowed = new Set(limits.allowed_commands);
  const blocked = limits.blocked_patterns ?? [];
  return (cmd) => {
    let atStart = true;
    for (const t of parse(cmd)) {
      if (typeof t === "object" && t !== null) {
        if ("op" in t && SEPARATORS.has(t.op)) atStart = true;
        continue;
      }
      if (atStart) {
        if (!allowed.has(t)) return false;
        atStart = false;
      }
    }
    for (const b of blocked) if (cmd.includes(b)) return false;
    return true;
  };
}
