// Whether mktemp can be trusted to print a fresh path (no function or alias
// redefines it) is a property of the script being checked. The working
// directories a computed `cd` may reach are found before the built-in checks
// run, and must use this script's answer, not the one of the script checked
// before it: `cd "$(mktemp -d)" && rm -rf *` with mktemp redefined is `rm -rf /*`.
import { CommandInput, CommandLimits, checkCommand } from "../../policy/capabilities/command";
import { Code, Verdict } from "../../policy/verdict";

function check(cmd: string): string {
  const l = new CommandLimits();
  l.allowedCommands = ["*"];
  l.compile();
  const i = new CommandInput();
  const b = String.UTF8.encode(cmd, false);
  i.commandPtr = changetype<usize>(b);
  i.commandLen = b.byteLength;
  const v = new Verdict();
  return checkCommand(l, i, v) ? "allow" : v.code;
}

const REDEFINED = [
  "mktemp() { echo /; }; cd \"$(mktemp -d)\" && rm -rf *",
  "shopt -s expand_aliases\nalias mktemp='echo /'\ncd \"$(mktemp -d)\" && rm -rf *",
];

describe("mktemp trust for computed cd targets", () => {
  test("a redefined mktemp makes `cd \"$(mktemp -d)\" && rm -rf *` a delete of everything in /, after any script", () => {
    const before = ["ls", "cd \"$(mktemp -d)\" && rm -rf *", "echo hi", "mktemp() { echo /; }"];
    for (let i = 0; i < before.length; i++) {
      for (let k = 0; k < REDEFINED.length; k++) {
        check(before[i]);
        expect(check(REDEFINED[k])).toBe(Code.DANGEROUS_OPERATION, before[i] + " then " + REDEFINED[k]);
      }
    }
  });

  test("the real mktemp's fresh directory stays allowed, after any script", () => {
    const before = ["ls", REDEFINED[0], REDEFINED[1]];
    for (let i = 0; i < before.length; i++) {
      check(before[i]);
      expect(check("cd \"$(mktemp -d)\" && rm -rf *")).toBe("allow", before[i]);
    }
  });
});
