// The built-in checks search pipes for a download or decoder feeding an
// interpreter only when some view is a download or a decoder. check must
// answer (and word its message) exactly as checkEveryPipe, which always
// searches: pipes, process and command substitutions, wrappers and payloads.
import { DangerChecker } from "../../shell/danger";
import { WalkedScripts } from "./random-command";

const FRAGMENTS = [
  "curl -s x", "sh", "bash -s", "python3", "base64 -d f", "xxd -r p", "wget -O- u", "bash <(curl x)", "curl x > >(sh)",
  "eval \"$(curl x)\"", "sh -c \"$(base64 -d f)\"", "ls", "cat f", "echo x", "openssl enc -d -in f", "perl", "node",
  "git status", "tee log.txt", "sudo bash", "xargs sh", "nc -l 80", "rev", "tr a b", "grep x", "source /dev/stdin",
];

describe("DangerChecker pipe search", () => {
  test("check answers as checkEveryPipe (3,000 scripts)", () => {
    const scripts = new WalkedScripts(FRAGMENTS, 0x3c6ef372);
    const fast = new DangerChecker(), full = new DangerChecker();
    let hits = 0, quiet = 0;
    while (scripts.next()) {
      const s = scripts.p.script, cmd = scripts.cmd;
      fast.message = ""; full.message = "";
      const want = full.checkEveryPipe(s);
      expect(fast.check(s)).toBe(want, cmd);
      expect(fast.message).toBe(full.message, cmd);
      if (want) hits++; else quiet++;
    }
    expect(hits).toBeGreaterThan(800);
    expect(quiet).toBeGreaterThan(800);
  });
});
