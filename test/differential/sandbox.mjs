// Runs generated scripts in real bash and reports which probe programs each one ran, with which argv.
//
// Safety: a script can only ever run probes. PATH holds nothing but the probe directory (every probe is a
// symlink to one recorder that appends its argv to a log), scripts get a fresh empty directory as cwd and
// HOME, stdin is /dev/null, and resource limits cap CPU time, file size and processes. When the host allows
// it (root, or unprivileged user namespaces), each batch also runs in new network and PID namespaces (no
// network; every leftover process dies with the batch) and, as root, under an otherwise unused uid.
import { spawn, spawnSync } from "node:child_process";
import { chmodSync, chownSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Probe programs on PATH. Which of them the passport allows is the analysis side's business. */
export const PROBES = ["probe", "tool", "evil"];

const BASH = "/bin/bash";
const SH = "/bin/sh";
/** Seconds of CPU one script may use (busy loops); hangs without CPU are caught by the batch timeout. */
const CPU_SECONDS = 2;

/** The bash under test: its path and `bash --version` first line; throws a clear error when missing. */
export function bashVersion() {
  if (!existsSync(BASH)) throw new Error(`bash not found at ${BASH}: install it (Debian: apt-get install -y bash)`);
  const r = spawnSync(BASH, ["--norc", "--noprofile", "-c", 'printf "%s" "$BASH_VERSION"'], { encoding: "utf8" });
  if (r.status !== 0) throw new Error(`${BASH} does not run: ${r.stderr || r.error}`);
  return r.stdout;
}

/** How much isolation this host gives us: namespaces and a uid of our own when possible. */
function isolation() {
  const ok = (cmd, args) => spawnSync(cmd, args, { stdio: "ignore" }).status === 0;
  const root = process.getuid?.() === 0;
  // A uid no account uses, so the process limit counts only our scripts' processes and no file is theirs.
  const taken = new Set((existsSync("/etc/passwd") ? readFileSync("/etc/passwd", "utf8") : "").split("\n").map((l) => Number(l.split(":")[2])));
  let uid = 61000 + (process.pid % 2000);
  while (taken.has(uid)) uid++;
  if (root && ok("unshare", ["--net", "--pid", "--fork", "--kill-child", "setpriv", `--reuid=${uid}`, `--regid=${uid}`, "--clear-groups", "--no-new-privs", "true"])) {
    return { name: `net+pid namespaces, uid ${uid}`, uid, prefix: ["unshare", "--net", "--pid", "--fork", "--kill-child", "setpriv", `--reuid=${uid}`, `--regid=${uid}`, "--clear-groups", "--no-new-privs", "--inh-caps=-all", "--bounding-set=-all"] };
  }
  if (ok("unshare", ["--user", "--map-root-user", "--net", "--pid", "--fork", "--kill-child", "true"])) {
    return { name: "user+net+pid namespaces", uid: undefined, prefix: ["unshare", "--user", "--map-root-user", "--net", "--pid", "--fork", "--kill-child"] };
  }
  return { name: "resource limits only (no namespaces available)", uid: undefined, prefix: [] };
}

export class Sandbox {
  constructor() {
    this.root = mkdtempSync(join(tmpdir(), "portcullis-diff-"));
    this.iso = isolation();
    this.batch = 0;
    this.recorder = join(this.root, "recorder");
    // One record per run: script number, probe name, argc, then each argument; every field NUL-terminated. A
    // single printf is a single write to an O_APPEND file, so concurrent probes never interleave their records.
    // The probe is found through PATH, so $0 is its path in the batch's bin directory, next to the batch's log.
    writeFileSync(this.recorder, `#!${SH}\nprintf '%s\\0' "\${PCD_ID:-?}" "\${0##*/}" "$#" "$@" >> "\${0%/bin/*}/log"\n`);
    chmodSync(this.recorder, 0o755);
    this.fifo = join(this.root, "fifo");
    if (spawnSync("mkfifo", ["-m", "0666", this.fifo]).status !== 0) throw new Error("mkfifo failed");
    chmodSync(this.root, 0o755);
  }

  close() {
    rmSync(this.root, { recursive: true, force: true });
  }

  /**
   * Runs scripts (strings) in one sandboxed batch; resolves to one result per script:
   * { runs: [{name, argv}], status: exit status or null when the batch timed out, unknownRuns }.
   * A batch that times out is split and rerun, down to single scripts.
   */
  async run(scripts, timeoutMs = 20_000 + 200 * scripts.length) {
    const id = `b${++this.batch}`;
    const dir = join(this.root, id);
    const own = (p) => { if (this.iso.uid !== undefined) chownSync(p, this.iso.uid, this.iso.uid); };
    mkdirSync(dir);
    own(dir);
    mkdirSync(join(dir, "bin"));
    for (const p of PROBES) symlinkSync(this.recorder, join(dir, "bin", p));
    for (const f of ["status", "log"]) {
      writeFileSync(join(dir, f), "");
      own(join(dir, f));
    }
    scripts.forEach((s, i) => {
      writeFileSync(join(dir, `${i}.sh`), s);
      mkdirSync(join(dir, `w${i}`));
      own(join(dir, `w${i}`));
    });
    const status = join(dir, "status");
    // The driver is not generated: it only uses builtins. Each script gets its own bash whose environment is
    // exactly PATH (the batch's probes), HOME (its cwd) and PCD_ID (its number, read by the recorder).
    const driver = [
      `ulimit -t ${CPU_SECONDS} -f 2048 -v 1048576 -u 512 2>/dev/null || ulimit -t ${CPU_SECONDS} -f 2048`,
      `for ((i = 0; i < ${scripts.length}; i++)); do`,
      `  ( cd "${dir}/w$i" || exit 125; HOME="${dir}/w$i" PCD_ID="$i" exec ${BASH} --norc --noprofile "${dir}/$i.sh" ) </dev/null >/dev/null 2>&1`,
      `  printf '%s %s\\n' "$i" "$?" >> "${status}"`,
      `done`,
      // Background probes of the last scripts may still be starting; give them a moment before the batch (and,
      // with a PID namespace, every process left in it) ends. Reading a FIFO nobody writes is a builtin sleep.
      `read -r -t 0.05 <> "${this.fifo}"`,
    ].join("\n");
    writeFileSync(join(dir, "driver.sh"), driver);
    const argv = [...this.iso.prefix, "/usr/bin/env", "-i", `PATH=${join(dir, "bin")}`, BASH, "--norc", "--noprofile", join(dir, "driver.sh")];
    const timedOut = await new Promise((resolve, reject) => {
      const child = spawn(argv[0], argv.slice(1), { stdio: "ignore" });
      const timer = setTimeout(() => { child.kill("SIGKILL"); resolve(true); }, timeoutMs);
      child.on("error", (e) => { clearTimeout(timer); reject(e); });
      child.on("exit", () => { clearTimeout(timer); resolve(false); });
    });
    const results = this.#collect(dir, scripts.length);
    rmSync(dir, { recursive: true, force: true });
    const unclear = results.unknown || timedOut;
    if (unclear && scripts.length > 1) {
      // Runs we cannot attribute (a script cleared the environment) or a hang: split until each is alone.
      const half = Math.ceil(scripts.length / 2);
      const [a, b] = await Promise.all([this.run(scripts.slice(0, half)), this.run(scripts.slice(half))]);
      return [...a, ...b];
    }
    return results.perScript.map((r) => ({ ...r, timedOut, unknownRuns: results.unknown }));
  }

  #collect(dir, n) {
    const perScript = Array.from({ length: n }, () => ({ runs: [], status: null }));
    let unknown = 0;
    const logFile = join(dir, "log");
    if (existsSync(logFile)) {
      const fields = readFileSync(logFile, "latin1").split("\0");
      fields.pop();
      for (let k = 0; k < fields.length; ) {
        const who = fields[k], name = fields[k + 1], argc = Number(fields[k + 2]);
        if (!Number.isInteger(argc) || argc < 0 || k + 3 + argc > fields.length) { unknown++; break; }
        const argv = fields.slice(k + 3, k + 3 + argc);
        k += 3 + argc;
        const i = Number(who);
        // A run whose script number is gone (the script cleared its environment): only a lone script owns it.
        if (n === 1 && who === "?") { perScript[0].runs.push({ name, argv }); unknown++; continue; }
        if (!/^[0-9]+$/.test(who) || i >= n) { unknown++; continue; }
        perScript[i].runs.push({ name, argv });
      }
    }
    for (const line of readFileSync(join(dir, "status"), "utf8").split("\n")) {
      const [i, s] = line.split(" ");
      if (line && perScript[Number(i)]) perScript[Number(i)].status = Number(s);
    }
    return { perScript, unknown };
  }
}
