// Here-document bodies: read after the newline that ends their command line,
// up to the delimiter line (or the end of input, as bash accepts). With a
// quoted delimiter the body is literal; otherwise `$…`, backticks and `\\` work
// as inside double quotes, so `$( )` in a body runs and is parsed here. See
// lexer.ts for the class chain.

import { Attr, Ch, WordFlag, WordKind } from "./tokens";
import { Expander } from "./expand";

export class Heredocs extends Expander {
  /** Read the bodies of all pending here-documents, starting at pos. */
  readHeredocs(): bool {
    const s = this.script;
    while (this.hdRead < this.hdWord.length) {
      const i = this.hdRead++;
      const rw = this.hdWord.get(i);
      const strip = this.hdStrip.get(i) != 0;
      const quoted = (s.wordFlags(rw) & WordFlag.QUOTED) != 0;
      this.delim.reset();
      this.delim.append(s.wordPtr(rw), s.wordLen(rw));
      const dl = this.delim.length;
      // Find the delimiter line (or end of input: bash accepts that too).
      const bodyStart = this.pos;
      let line = this.pos;
      let bodyEnd = this.end;
      let after = this.end;
      while (line < this.end) {
        let eol = line;
        while (eol < this.end && this.ch(eol) != Ch.NL) eol++;
        let ls = line;
        if (strip) while (ls < eol && this.ch(ls) == Ch.TAB) ls++;
        if (eol - ls == dl && memory.compare(this.src + <usize>ls, this.delim.ptr, <usize>dl) == 0) {
          bodyEnd = line;
          after = eol < this.end ? eol + 1 : eol;
          break;
        }
        line = eol + 1;
      }
      if (!this.enterLevel()) return false;
      const savedEnd = this.end;
      const savedCmd = this.curCmd;
      this.curCmd = this.hdCmd.get(i);
      this.end = bodyEnd;
      this.pos = bodyStart;
      const ok = this.scanHeredocBody(strip, quoted);
      this.end = savedEnd;
      this.curCmd = savedCmd;
      if (!ok) return false;
      const body = s.commitWord(this.b(), WordKind.HEREDOC_BODY, 0);
      this.leaveLevel();
      s.setWAux2(rw, body);
      this.pos = after;
    }
    return true;
  }

  /** Body of a here-document: literal when the delimiter was quoted, else like "…" without the quotes. */
  scanHeredocBody(strip: bool, quoted: bool): bool {
    const b = this.b();
    let lineStart = true;
    while (this.pos < this.end) {
      if (lineStart && strip) {
        while (this.pos < this.end && this.ch(this.pos) == Ch.TAB) this.pos++;
        if (this.pos >= this.end) break;
      }
      lineStart = false;
      const c = this.ch(this.pos);
      if (c == Ch.NL) {
        b.push(c, Attr.QUOTED);
        this.pos++;
        lineStart = true;
        continue;
      }
      if (quoted) { b.push(c, Attr.QUOTED); this.pos++; continue; }
      if (c == Ch.BACKSLASH) { this.scanQuotedEscape(false); continue; }
      if (c == Ch.DOLLAR) { if (!this.scanDollar(true)) return false; continue; }
      if (c == Ch.BACKTICK) { if (!this.scanBacktick(false)) return false; continue; }
      b.push(c, Attr.QUOTED);
      this.pos++;
    }
    return true;
  }

}
