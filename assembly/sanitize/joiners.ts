// Layer 1's exceptions (layers.ts): the invisible characters real text needs, decided from the
// character layer 1 kept last and the next input character.
import { propsOf, decodeUtf8, F_EMOJI, F_JOINER } from "./props";

const ZWNJ: u32 = 0x200c;
const ZWJ: u32 = 0x200d;
const VS15: u32 = 0xfe0e;
const VS16: u32 = 0xfe0f;
const KEYCAP: u32 = 0x20e3;
const CANCEL_TAG: u32 = 0xe007f;

/**
 * The exceptions real text needs: ZWJ inside an emoji sequence, ZWJ/ZWNJ between letters of
 * scripts that use them (Persian, Indic...) or right after a virama, one VS15/VS16 right after
 * an emoji (keycaps too).
 * "Before" is the last character layer 1 kept, "after" the next input character.
 */
export function keepInvisible(cp: u32, last: u32, lastProps: u32, next: usize, end: usize): bool {
  if (cp == ZWJ || cp == ZWNJ) {
    // After an Indic virama they choose the written form (Malayalam chillu ന്‍, half forms),
    // also at the end of a word.
    if (isVirama(last)) return true;
    if (next >= end) return false;
    const nextProps = propsOf(decodeUtf8(next, end) & 0xffffff);
    if (cp == ZWJ && (nextProps & F_EMOJI) != 0) {
      if ((lastProps & F_EMOJI) != 0 || last == VS16 || last == KEYCAP || last == CANCEL_TAG) return true;
    }
    return (lastProps & F_JOINER) != 0 && (nextProps & F_JOINER) != 0;
  }
  if (cp == VS16 || cp == VS15) {
    // Emoji bases, and the ASCII keycap bases # * 0-9.
    return (lastProps & F_EMOJI) != 0 || last == 0x23 || last == 0x2a || last - 0x30 < 10;
  }
  return false;
}

/** The viramas of the Indic scripts from Devanagari to Malayalam (U+094D + 0x80 k), and Sinhala's al-lakuna. */
function isVirama(cp: u32): bool {
  return (cp - 0x094d < 0x401 && ((cp - 0x094d) & 0x7f) == 0) || cp == 0x0dca;
}

