// Options of one sanitize() call. Every layer is on by default and can be switched off alone;
// the order they run in is fixed (see sanitize.ts).

export class SanitizeOptions {
  /** Layer 1: zero-width and bidi controls, BOM, word joiner, variation selectors, fillers... */
  invisible: bool = true;
  /** Layer 2: C0 except \t and \n, DEL, C1; CRLF and CR become LF; U+2028/U+2029 become LF. */
  controls: bool = true;
  /** Layer 3: remaining format characters (Cf) and noncharacters. */
  format: bool = true;
  /** Layer 4: NFC with the embedded tables. */
  nfc: bool = true;
  /** Layer 5: private-use characters. */
  privateUse: bool = true;
  /** Layer 6: tag characters U+E0000-E007F (always decoded into the report). */
  tags: bool = true;
  /** Layer 7: runs of horizontal whitespace become one space; \n and \t are kept. */
  whitespace: bool = true;
  /**
   * Layer 8: cap on the content, in Unicode code points (not bytes, not UTF-16 units), marker
   * included. 0 means no cap. Applied after escaping and marker neutralisation, before the fence.
   */
  maxLength: i32 = 0;
  /** Escape DeerFlow's 40 framework tag names (<system>, </think ...) as &lt; / &gt;. */
  escapeFrameworkTags: bool = true;
  /** Neutralise spoofed <<<EXTERNAL_UNTRUSTED_CONTENT>>> markers (forced on when fencing). */
  markers: bool = true;
  /** Treat the input as HTML and convert it to text first. */
  html: bool = false;
  /** When non-empty, wrap the content in the fence with this id ([0-9A-Za-z_-], up to 128). */
  fenceId: string = "";
  /** Label for the fence's Source: line (sanitized to one line). Empty means "External". */
  source: string = "";
}
