// Script#viewName and the word row readers (rowPtr, rowLen, rowInfo) read a
// row once where viewArg and wordPtr/wordLen/wordFlags read it per field: they
// must give the same values for every view and every word.
import { Script, rowInfo, rowLen } from "../../shell/syntax/nodes";
import { WalkedScripts } from "./random-command";

const FRAGMENTS = [
  "git status", "sudo env X=1 nice ls -la", "find . -exec rm {} ;", "xargs -I{} cp {} x", "sh -c 'ls; echo $(id)'",
  "echo \"a $b\" *.txt {a,b}", "x=1 y=$(ls) cmd > f", "eval 'ls'", "npm run build", "chmod 0777 f",
];

function check(s: Script, cmd: string): void {
  for (let v = 0; v < s.viewCount; v++) expect(s.viewName(v)).toBe(s.viewArg(v, 0), cmd);
  for (let w = 0; w < s.wordCount; w++) {
    const r = s.wordRow(w);
    expect(s.rowPtr(r)).toBe(s.wordPtr(w), cmd);
    expect(rowLen(r)).toBe(s.wordLen(w), cmd);
    expect(rowInfo(r)).toBe(s.wordFlags(w), cmd);
  }
}

describe("row accessors", () => {
  test("read what the per-field accessors read (1,000 scripts)", () => {
    const scripts = new WalkedScripts(FRAGMENTS, 0x4cf5ad43, 1000);
    let views = 0;
    while (scripts.next()) { check(scripts.p.script, scripts.cmd); views += scripts.p.script.viewCount; }
    expect(views).toBeGreaterThan(2000);
  });
});
