// The built-in checks search pipes for a download or decoder feeding an
// interpreter only when some view is a download or a decoder. check must
// answer (and word its message) exactly as checkEveryPipe, which always
// searches: pipes, process and command substitutions, wrappers and payloads.
import { Parser } from "../../shell/parser";
import { Walker } from "../../shell/walk";
import { DangerChecker } from "../../shell/danger";
import { XorShift } from "../xorshift";
import { randomCommand } from "./random-command";

const FRAGMENTS = [
  "curl -s x", "sh", "bash -s", "python3", "base64 -d f", "xxd -r p", "wget -O- u", "bash <(curl x)", "curl x > >(sh)",
  "eval \"$(curl x)\"", "sh -c \"$(base64 -d f)\"", "ls", "cat f", "echo x", "openssl enc -d -in f", "perl", "node",
  "git status", "tee log.txt", "sudo bash", "xargs sh", "nc -l 80", "rev", "tr a b", "grep x", "source /dev/stdin",
];

const random = new XorShift(0x3c6ef372);

describe("DangerChecker pipe search", () => {
  test("check answers as checkEveryPipe (3,000 scripts)", () => {
    const p = new Parser();
    const w = new Walker(p);
    const fast = new DangerChecker(), full = new DangerChecker();
    let hits = 0, quiet = 0;
    for (let round = 0; round < 3000; round++) {
      const cmd = round < FRAGMENTS.length ? FRAGMENTS[round] : randomCommand(random, FRAGMENTS);
      const b = String.UTF8.encode(cmd, false);
      if (!p.parseTop(changetype<usize>(b), b.byteLength) || !w.run()) continue;
      fast.message = ""; full.message = "";
      const want = full.checkEveryPipe(p.script);
      expect(fast.check(p.script)).toBe(want, cmd);
      expect(fast.message).toBe(full.message, cmd);
      if (want) hits++; else quiet++;
    }
    expect(hits).toBeGreaterThan(800);
    expect(quiet).toBeGreaterThan(800);
  });
});
