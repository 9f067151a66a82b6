// Mutations of the shared command corpora (test/vectors/commands-*.jsonl): each command is moved onto the probe
// vocabulary (programs the dev passport allows become `probe`, every other program `evil`, `/` becomes `_`), then
// mutated: grown with grammar fragments, wrapped in quoting or expansion contexts, or cut and spliced.
import { readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Grammar, payloadCommand } from "./grammar.mjs";

const vectors = fileURLToPath(new URL("../vectors/", import.meta.url));

/** Real programs the corpora's dev passport allows: stand-ins for `probe`. */
const ALLOWED_PROGRAMS = new Set(
  "git npm npx node yarn pnpm ls cat grep rg head tail wc sort uniq cut tr sed awk jq find xargs pwd mkdir touch cp mv diff make python3 go cargo tsc eslint prettier vitest which date env sleep tee basename dirname realpath stat du file chmod tar gzip unzip cd pushd popd ulimit fc".split(" "),
);
/** Everything else that runs a program or is dangerous in bash itself becomes `evil`. */
const OTHER_PROGRAMS = new Set(
  "rm curl wget nc ncat netcat socat ssh scp rsync sudo su doas bash sh zsh dash ksh fish python python2 perl ruby php lua busybox base64 xxd openssl dd mkfs shred kill pkill killall enable suspend chown ln mount telnet ftp nohup timeout nice ionice setsid stdbuf chroot runuser strace gdb vim vi nano less more man mktemp install id whoami crontab at systemctl service reboot shutdown halt poweroff iptables useradd passwd docker kubectl aws gcloud az terraform pip pip3 gem apt apt-get yum dnf brew curlie http source".split(" "),
);

/** The corpora's commands, moved onto the probe vocabulary. */
export function loadCorpus() {
  const out = [];
  for (const file of readdirSync(vectors).filter((f) => /^commands-.*\.jsonl$/.test(f)).sort()) {
    for (const line of readFileSync(vectors + file, "utf8").split("\n")) {
      if (!line.trim()) continue;
      const command = JSON.parse(line).request?.tool_input?.command;
      if (typeof command === "string" && command.length < 2000) out.push(toProbes(command));
    }
  }
  return out;
}

export function toProbes(command) {
  return command
    .replace(/[A-Za-z_][A-Za-z0-9_.+-]*/g, (w) => (ALLOWED_PROGRAMS.has(w) ? "probe" : OTHER_PROGRAMS.has(w) ? "evil" : w))
    // No real path: `/` goes, and so do the escapes that spell it ($'\x2f', $'\57', $'\u002f').
    .replace(/\//g, "_")
    .replace(/\\(x2[fF]|0?57|u002[fF]|U0000002[fF])/g, "_");
}

/** A mutated corpus script. */
export function corpusScript(rng, corpus) {
  let s = rng.pick(corpus);
  const g = new Grammar(rng);
  const steps = 1 + rng.int(2);
  for (let i = 0; i < steps; i++) {
    s = rng.weighted([
      [3, () => s],
      [3, () => insertAt(rng, s, " " + g.word(1) + " ")],
      [2, () => `eval ${g.quoteAsWord(s)}`],
      [2, () => `probe "$(${s})"`],
      [2, () => `probe "\${x:-${s.replace(/[\\"$`}]/g, (c) => "\\" + c)}}"`],
      [2, () => `{ probe <<${rng.pick(["E", "'E'"])}\n${s}\nE\n}`],
      [2, () => `${s}${g.separator()}${g.statement(1)}`],
      [1, () => `f() { ${s}\n}; f`],
      [1, () => `( ${s}\n)`],
      [1, () => s.replace(/'/g, '"')],
      [1, () => s.replace(/"/g, "'")],
      [1, () => deleteChar(rng, s)],
      [1, () => s.replace(/probe/, () => payloadCommand(rng))],
      [1, () => s.replace(/probe/g, "tool")],
      [1, () => insertAt(rng, s, rng.pick(["'", '"', "\\", "`", "$", "#", "\n", "\\\n", "$(", ")", "}"]))],
    ]);
  }
  return s;
}

function insertAt(rng, s, text) {
  const at = rng.int(s.length + 1);
  return s.slice(0, at) + text + s.slice(at);
}

function deleteChar(rng, s) {
  const at = rng.int(Math.max(1, s.length));
  return s.slice(0, at) + s.slice(at + 1);
}
