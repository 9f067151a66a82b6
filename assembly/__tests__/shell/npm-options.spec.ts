// npm's own code options (`-c`, `--call`, `--package`) are looked for only in
// words that start with `-`: each spelling, in any position before `--`, must
// still make its code a payload (here `id`, a view of its own) or flag it as
// code we cannot see; after `--`, or as a plain operand, it is npm's argument.
import { Parser } from "../../shell/syntax/parser";
import { Walker } from "../../shell/interp/walk";
import { ViewFlag } from "../../shell/syntax/nodes";
import { bytesIs } from "../../shell/expand/argv";

const RUNS_ID = [
  "npm -c id exec", "npm exec -c id", "npm run x -c id", "npm --call id exec", "npm --call=id exec", "npm --CALL=id x",
  "npm exec --Call id", "pnpm -c id", "yarn x y --call=id",
];
const HIDDEN = ["npm --package=./p exec x", "npm exec --package ./p x", "npm x --PACKAGE=y z", "yarn --package y"];
const PLAIN = ["npm run x -- -c id", "npm run c id", "npm test call=id", "npm run -- --package=y", "npm run build -- --prod"];

function walk(p: Parser, w: Walker, cmd: string): void {
  const b = String.UTF8.encode(cmd, false);
  expect(p.parseTop(changetype<usize>(b), b.byteLength) && w.run()).toBe(true, cmd);
}

function runsId(p: Parser): bool {
  const s = p.script;
  for (let v = 0; v < s.viewCount; v++) {
    const name = s.viewArg(v, 0);
    if (bytesIs(s.wordPtr(name), s.wordLen(name), "id")) return true;
  }
  return false;
}

describe("npm's code options", () => {
  test("are found in every spelling and position, and only there", () => {
    const p = new Parser();
    const w = new Walker(p);
    for (let i = 0; i < RUNS_ID.length; i++) {
      walk(p, w, RUNS_ID[i]);
      expect(runsId(p)).toBe(true, RUNS_ID[i]);
    }
    for (let i = 0; i < HIDDEN.length; i++) {
      walk(p, w, HIDDEN[i]);
      expect((p.script.vFlags(0) & ViewFlag.PAYLOAD_DYNAMIC) != 0).toBe(true, HIDDEN[i]);
    }
    for (let i = 0; i < PLAIN.length; i++) {
      walk(p, w, PLAIN[i]);
      expect(runsId(p)).toBe(false, PLAIN[i]);
      expect((p.script.vFlags(0) & ViewFlag.PAYLOAD_DYNAMIC) == 0).toBe(true, PLAIN[i]);
    }
  });
});
