// The built-in checks skip a view whose command id is not in a gate set derived from the program rows
// (`checked()`). A rule added to danger.ts's view() for a program whose row lacks the bit would never run:
// every row's names, with argument tails that reach each rule, must give the same findings gated as
// ungated (checkEveryPipe looking at every view).
import { Parser } from "../../shell/syntax/parser";
import { Walker } from "../../shell/interp/walk";
import { DangerChecker } from "../../shell/danger";
import { Script } from "../../shell/syntax/nodes";
import { programRows } from "../../shell/programs";

const TAILS = [
  "", " x", " -", " -v 'a[$(id)]'", " 'a[$(id)]'", " 0777 f", " a+rwx f", " -C /tmp -xf a.tar", " -C sub all", " /tmp",
  " +1", " -n r=x", " -i n=1", " A=1", " 'x = 1'", " -r a b", " -v v '%s' 1", " -C cb -c 1 arr", " ab opt",
  " /dev/stdin", " <(echo id)", " -rf /", " -R 777 /", " -R u /etc", " / -delete", " ~ /dev/null", " if=x of=/dev/sda",
  " cf /dev/sda x", " -9 -1", " -h now", " reboot", " 0", " -e /bin/sh h 1", " exec:sh tcp:h:1", " /dev/sda",
  " push -f origin main", " run build", " i x", " --no-preserve-root x", " -a /src /", " /dev/sda1",
];

function found(d: DangerChecker, s: Script, every: bool): string {
  d.message = "";
  return (every ? d.checkEveryPipe(s) : d.check(s)) ? d.message : "";
}

describe("gate sets derived from the program rows", () => {
  test("every row's names: the gated checks answer as the ungated ones", () => {
    const p = new Parser();
    const walker = new Walker(p);
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
          if (!(p.parseTop(changetype<usize>(b), b.byteLength) && walker.run())) continue;
          const want = found(every, p.script, true);
          expect(found(fast, p.script, false)).toBe(want, cmd);
          if (want.length > 0) hits++;
          walked++;
        }
      }
    }
    expect(walked).toBeGreaterThan(2500);
    expect(hits).toBeGreaterThan(100);
  });
});
