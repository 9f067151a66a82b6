// wordIs is inlined up to the length and the first byte, and calls bytesIs
// only when both agree. It must answer as bytesIs over the word's text: every
// literal the walk and the rules ask about, against those words, their
// prefixes, other cases, the empty word and random words of the same lengths.
import { Parser } from "../../shell/parser";
import { Walker } from "../../shell/walk";
import { bytesIs, wordIs } from "../../shell/argv";
import { XorShift } from "../xorshift";

const WORDS = ["--", "-c", "-C", "npm", "config", "status", "rebase", "set", "dlx", "run", "exec", "x", "-", "{}", ";", "+",
  "/dev/stdin", "read", "-v", "-x", "--exec", "-exec", "Config", "conf", "configs", "grep", "push", ""];

/** A word quoted, so `;` and the empty word are words too. */
function quoted(word: string): string {
  return "'" + word + "'";
}

describe("wordIs", () => {
  test("answers as bytesIs on the word's text (300 commands)", () => {
    const random = new XorShift(0x7feb352d);
    const p = new Parser();
    const w = new Walker(p);
    const alphabet = "-cnofigrsbexd";
    let equal = 0;
    for (let round = 0; round < 300; round++) {
      // A literal, its word (or a random one of its length) and some other words.
      const lit = WORDS[<i32>(random.next() % <u32>WORDS.length)];
      let cmd = "echo " + quoted(lit);
      for (let k = 0; k < 3; k++) {
        let word = "";
        for (let i = 0; i < lit.length; i++) word += alphabet.charAt(<i32>(random.next() % <u32>alphabet.length));
        cmd += " " + quoted(word) + " " + quoted(WORDS[<i32>(random.next() % <u32>WORDS.length)]);
      }
      const b = String.UTF8.encode(cmd, false);
      expect(p.parseTop(changetype<usize>(b), b.byteLength) && w.run()).toBe(true, cmd);
      const s = p.script;
      for (let k = 0; k < s.cArgc(0); k++) {
        const word = s.arg(0, k);
        for (let j = 0; j < WORDS.length; j++) {
          const want = bytesIs(s.wordPtr(word), s.wordLen(word), WORDS[j]);
          expect(wordIs(s, word, WORDS[j])).toBe(want, cmd);
          if (want) equal++;
        }
      }
    }
    expect(equal).toBeGreaterThan(600);
  });
});
