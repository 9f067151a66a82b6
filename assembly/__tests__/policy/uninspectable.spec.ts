// Step 3 of checkCommand reads a view's four "cannot inspect" flags
// (PAYLOAD_DYNAMIC, GLOB_OPTION, XARGS_OPTION, STDIN_UNKNOWN) behind one test of
// them all. A script with any of them on any view must never be allowed, even
// where every command name is: seeded random scripts mixing each kind with
// plain commands, wrappers and payloads.
import { CommandInput, CommandLimits, checkCommand } from "../../policy/capabilities/command";
import { Code, Verdict } from "../../policy/verdict";
import { ViewFlag } from "../../shell/syntax/nodes";
import { WalkedScripts } from "../shell/random-command";

const FRAGMENTS = [
  "bash -c \"$X\"", "eval \"$Y\"", "cat f | sh", "tar cf x.tar *", "sed -i s/a/b/ \"$f\"", "echo x | xargs sed",
  "find . | xargs make", "git status", "ls -la src", "npm run build -- --prod", "echo 'done; really'", "head -n 20",
  "sudo tar cf y *", "nice -n 5 bash", "grep -rn TODO src", "xargs -0 rg --", "env -S \"$Z\" ls",
];
const UNINSPECTABLE = ViewFlag.PAYLOAD_DYNAMIC | ViewFlag.GLOB_OPTION | ViewFlag.XARGS_OPTION | ViewFlag.STDIN_UNKNOWN;

describe("views that cannot be inspected", () => {
  test("are never allowed, whatever runs around them (3,000 scripts)", () => {
    const limits = new CommandLimits();
    limits.allowedCommands = ["*"];
    limits.builtinChecks = false;
    expect(limits.compile()).toBe("");
    const scripts = new WalkedScripts(FRAGMENTS, 0x9908b0df);
    let flagged = 0, clean = 0;
    while (scripts.next()) {
      const s = scripts.p.script, cmd = scripts.cmd, b = scripts.bytes;
      let flags = 0;
      for (let v = 0; v < s.viewCount; v++) flags |= s.vFlags(v);
      const input = new CommandInput();
      input.commandPtr = changetype<usize>(b);
      input.commandLen = b.byteLength;
      input.cwd = "/w";
      const verdict = new Verdict();
      const allowed = checkCommand(limits, input, verdict);
      if ((flags & UNINSPECTABLE) == 0) { clean++; continue; }
      flagged++;
      expect(allowed).toBe(false, cmd);
      if ((flags & ViewFlag.NAME_DYNAMIC) == 0) expect(verdict.code).toBe(Code.COMMAND_INJECTION_DETECTED, cmd);
    }
    expect(flagged).toBeGreaterThan(1500);
    expect(clean).toBeGreaterThan(100);
  });
});
