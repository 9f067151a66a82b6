// Load-time problems with a policy, as data: a JSON pointer and what was
// expected. The host prints them with the file name and line:column.

export class LoadErrors {
  paths: Array<string> = [];
  messages: Array<string> = [];

  add(path: string, message: string): void {
    if (this.paths.length < 50) {
      this.paths.push(path);
      this.messages.push(message);
    }
  }

  get count(): i32 {
    return this.paths.length;
  }

  /** `[{"path":…,"message":…}]` for the host. */
  toJSON(): string {
    let out = "[";
    for (let i = 0; i < this.paths.length; i++) {
      if (i > 0) out += ",";
      out += '{"path":' + jsonQuote(this.paths[i]) + ',"message":' + jsonQuote(this.messages[i]) + "}";
    }
    return out + "]";
  }
}

/** Escape a string as a JSON string literal (the \u form for controls). */
export function jsonQuote(s: string): string {
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c == 0x22) out += '\\"';
    else if (c == 0x5c) out += "\\\\";
    else if (c < 0x20) {
      const hex = c.toString(16);
      out += "\\u" + "0000".substring(hex.length) + hex;
    } else out += String.fromCharCode(c);
  }
  return out + '"';
}

/** A JSON pointer segment (RFC 6901: `~` -> `~0`, `/` -> `~1`). */
export function pointerSegment(key: string): string {
  return key.replaceAll("~", "~0").replaceAll("/", "~1");
}
