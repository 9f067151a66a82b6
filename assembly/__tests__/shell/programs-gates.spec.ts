// The walk and the built-in checks skip a view whose command id is not in a gate set derived from the
// program rows (`walks()`, `checked()`). A rule added to walk.ts's bookkeeping or danger.ts's view() for a
// program whose row lacks the bit would never run: every row's names, with argument tails that reach each
// rule, must give the same tables and findings gated as ungated (a walk doing bookkeeping for every named
// view; checkEveryPipe looking at every view).
import { Parser } from "../../shell/syntax/parser";
import { Walker } from "../../shell/interp/walk";
import { DangerChecker } from "../../shell/danger";
import { IntList, Script } from "../../shell/syntax/nodes";
import { programRows } from "../../shell/programs";

const TAILS = [
  "", " x", " -", " -v 'a[$(id)]'", " 'a[$(id)]'", " 0777 f", " a+rwx f", " -C /tmp -xf a.tar", " -C sub all", " /tmp",
  " +1", " -n r=x", " -i n=1", " A=1", " 'x = 1'", " -r a b", " -v v '%s' 1", " -C cb -c 1 arr", " ab opt",
  " /dev/stdin", " <(echo id)", " -rf /", " -R 777 /", " -R u /etc", " / -delete", " ~ /dev/null", " if=x of=/dev/sda",
  " cf /dev/sda x", " -9 -1", " -h now", " reboot", " 0", " -e /bin/sh h 1", " exec:sh tcp:h:1", " /dev/sda",
  " push -f origin main", " run build", " i x", " --no-preserve-root x", " -a /src /", " /dev/sda1",
];

function list(l: IntList): string {
  let out = "";
  for (let i = 0; i < l.length; i++) out += l.get(i).toString() + ",";
  return out + ";";
}

function text(s: Script, w: i32): string {
  return w < 0 ? w.toString() : String.UTF8.decodeUnsafe(s.wordPtr(w), <usize>s.wordLen(w), false);
}

/** The tables the walk fills, as text. */
function digest(s: Script): string {
  let out = s.commandCount.toString() + "/" + s.wordCount.toString() + "/" + s.viewCount.toString() + ":";
  for (let v = 0; v < s.viewCount; v++) out += s.vFlags(v).toString() + " " + s.vInfo(v).toString() + "|";
  for (let i = 0; i < s.argvFlat.length; i++) out += text(s, s.argvFlat.get(i)) + " ";
  out += list(s.envWords) + list(s.cdCmds) + list(s.cdTransient) + list(s.arithWords) + list(s.dynNames) +
    list(s.intNames) + list(s.namerefs);
  for (let i = 0; i < s.cdWords.length; i++) out += text(s, s.cdWords.get(i)) + ",";
  return out;
}

function found(d: DangerChecker, s: Script, every: bool): string {
  d.message = "";
  return (every ? d.checkEveryPipe(s) : d.check(s)) ? d.message : "";
}

describe("the oracle build", () => {
  test("reads the toggle (compiled with ORACLES: npm run test:oracles)", () => {
    // Without ORACLES the core never reads gated, and both runs below would be the same code.
    expect(isDefined(ORACLES)).toBe(true);
  });
});

describe("gate sets derived from the program rows", () => {
  test("every row's names: the gated walk and checks answer as the ungated ones", () => {
    const gatedP = new Parser(), fullP = new Parser();
    const gated = new Walker(gatedP), full = new Walker(fullP);
    full.gated = false;
    const fast = new DangerChecker(), every = new DangerChecker();
    const rows = programRows();
    let walked = 0, hits = 0;
    for (let r = 0; r < rows.length; r++) {
      if ((rows[r].info & 0xff) == 0) continue;
      // Rules go by Cmd id (npm's also by the name `npm`, its row's first): each row's first name.
      const names = rows[r].names.split(" ");
      for (let n = 0; n < 1; n++) {
        for (let t = 0; t < TAILS.length; t++) {
          const cmd = names[n] + TAILS[t];
          const b = String.UTF8.encode(cmd, false);
          const okGated = gatedP.parseTop(changetype<usize>(b), b.byteLength) && gated.run();
          const okFull = fullP.parseTop(changetype<usize>(b), b.byteLength) && full.run();
          expect(okGated).toBe(okFull, cmd);
          if (!okGated) continue;
          expect(digest(gatedP.script)).toBe(digest(fullP.script), cmd);
          const want = found(every, fullP.script, true);
          expect(found(fast, gatedP.script, false)).toBe(want, cmd);
          if (want.length > 0) hits++;
          walked++;
        }
      }
    }
    expect(walked).toBeGreaterThan(2500);
    expect(hits).toBeGreaterThan(100);
  });
});
