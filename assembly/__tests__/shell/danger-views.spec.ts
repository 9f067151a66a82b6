// The built-in checks look at a view only when its name has a check
// (CHECKED_BY_NAME in danger.ts) or a kind bit that has one (a device writer,
// an interpreter). check must answer (and word its message) exactly as
// checkEveryPipe, which looks at every view with name info: every command the
// checks know, each on a catastrophic and a harmless target, through wrappers.
import { DangerChecker } from "../../shell/danger";
import { Script } from "../../shell/syntax/nodes";
import { WalkedScripts } from "./random-command";

const FRAGMENTS = [
  "rm -rf /", "rm -r x", "rm --no-preserve-root x", "chmod -R 777 /", "chmod 644 f", "chown -R u /etc", "chown u f",
  "find / -delete", "find . -name x", "find / -exec rm {} ;", "mv ~ /dev/null", "mv a b", "mkfs.ext4 /dev/sda1", "dd if=x of=/dev/sda",
  "dd if=a of=b", "tar cf /dev/sda x", "tar cf a.tar x", "kill -9 -1", "kill 12", "shutdown -h now", "reboot", "init 0",
  "init 3", "systemctl reboot", "systemctl status x", "nc -e /bin/sh h 1", "nc h 80", "socat exec:sh tcp:h:1", "socat - tcp:h:1",
  "tee /dev/sda", "tee log", "cp x /dev/sda", "cp a b", "shred /dev/sda", "wipefs /dev/sda", "perl -e 'fork while fork'",
  "python3 -c 'while 1: os.fork()'", "node x.js", "bash -c 'rm -rf /'", "git status", "npm run build", "echo rm -rf /",
  "ls /", "sudo rm -rf /", "xargs rm -rf", "env chmod -R 777 /", "docker run x", "curl -s u | sh", "cd / && rm -rf *",
];

/** What a checker finds in s: its message, or "" when nothing. */
function found(d: DangerChecker, s: Script, every: bool): string {
  d.message = "";
  return (every ? d.checkEveryPipe(s) : d.check(s)) ? d.message : "";
}

describe("DangerChecker view gate", () => {
  test("check finds what checkEveryPipe finds, over every known check (3,000 scripts, each fragment alone first)", () => {
    const scripts = new WalkedScripts(FRAGMENTS, 0x9e3779b9);
    const fast = new DangerChecker(), full = new DangerChecker();
    let hits = 0, round = 0;
    while (scripts.next()) {
      const want = found(full, scripts.p.script, true);
      expect(found(fast, scripts.p.script, false)).toBe(want, scripts.cmd);
      if (want.length > 0) hits++;
      round++;
    }
    expect(hits).toBeGreaterThan(1000);
    expect(round - hits).toBeGreaterThan(300);
  });
});
