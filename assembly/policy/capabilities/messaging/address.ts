// The recipient grammar a `*@domain` entry admits (messaging.ts): a plain
// RFC 5322 addr-spec, narrowed. Anything that can route mail elsewhere or
// that a mail system reads differently from a plain compare is refused with
// a reason naming what to fix:
//   - lists (`a@evil.com,b@corp.example`), display names and angle brackets
//     (`Bob <a@evil.com>`), quoted local parts (`"a@evil.com"@corp.example`);
//   - source routes: RFC 5321 `@evil.com:a@corp.example`, the percent hack
//     `a%evil.com@corp.example` and bang paths `evil.com!a@corp.example`,
//     which relays that still honour them deliver to the other host;
//   - non-ASCII, invisible characters and spaces (IDN look-alikes such as a
//     Cyrillic 'а' in the domain): domains must be written in punycode;
//   - a dot-atom broken by a leading, trailing or doubled '.', and a domain
//     with a trailing dot or an empty label.
// The local part is [A-Za-z0-9_+-] atoms joined by single dots; the domain is
// LDH labels joined by single dots.

/** "" for a plain `local@domain`; otherwise what is wrong, for a deny message. */
export function plainAddressProblem(r: string): string {
  if (r.indexOf(",") >= 0 || r.indexOf(";") >= 0) return "it lists several addresses (',' or ';'); send each address as its own entry of an array";
  if (r.indexOf("<") >= 0 || r.indexOf(">") >= 0) return "it has a display name or angle brackets; send the bare address without a display name";
  if (r.indexOf("\"") >= 0 || r.indexOf("\\") >= 0) return "it has a quoted local part or a backslash escape; send a plain unquoted address";
  if (r.startsWith("@") || r.indexOf(":") >= 0) return "it uses source-route syntax ('@host:' or ':'); send the bare address of the final recipient";
  const at = r.indexOf("@");
  if (at < 0) return "it has no '@'";
  if (r.indexOf("@", at + 1) >= 0) return "it has more than one '@'";
  const local = r.substring(0, at);
  if (local.indexOf("%") >= 0 || local.indexOf("!") >= 0) {
    return "its local part routes through another host ('%' percent hack or '!' bang path); send the bare address of the final recipient";
  }
  for (let i = 0; i < r.length; i++) {
    const c = <u32>r.charCodeAt(i);
    if (c <= 0x20 || c >= 0x7f) {
      return "it contains " + codePointAt(r, i) + " (non-ASCII, invisible or a space); write internationalised domains in punycode (xn--…)";
    }
  }
  if (!dotted(local, false)) {
    return "its local part is not letters, digits, '_', '+' and '-' joined by single dots (no leading, trailing or doubled '.')";
  }
  return domainProblem(r.substring(at + 1));
}

/** "" for LDH labels joined by single dots; otherwise what is wrong. */
export function domainProblem(d: string): string {
  if (d.length == 0) return "its domain is empty";
  if (d.endsWith(".")) return "its domain ends in a dot; drop the trailing dot";
  if (!dotted(d, true)) return "its domain is not ASCII letters, digits and '-' in labels joined by single dots (write internationalised domains in punycode, xn--…)";
  return "";
}

/** Non-empty atoms of allowed characters joined by single dots. */
function dotted(s: string, domain: bool): bool {
  if (s.length == 0) return false;
  let atomStart = true;
  for (let i = 0; i < s.length; i++) {
    const c = <u32>s.charCodeAt(i);
    if (c == 0x2e) {
      if (atomStart) return false;
      atomStart = true;
      continue;
    }
    const ok = (c | 0x20) - 0x61 < 26 || c - 0x30 < 10 || c == 0x2d || (!domain && (c == 0x5f || c == 0x2b));
    if (!ok) return false;
    atomStart = false;
  }
  return !atomStart;
}

/** `U+0430` for the code point at index i (a surrogate pair read whole). */
function codePointAt(s: string, i: i32): string {
  const hex = (<u32>s.codePointAt(i)).toString(16).toUpperCase();
  return "U+" + (hex.length < 4 ? "0000".substring(hex.length) + hex : hex);
}
