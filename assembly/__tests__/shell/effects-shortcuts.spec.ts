// The effects engine's shortcuts against the engine without them, over every program row's calls and thousands
// of random commands (runners, find -exec, subcommands and options among them), for each mask the command scopes
// ask with: a row none of whose rules gives a wanted kind is skipped unparsed (find's are still read), a script
// with no runner asks no view whether one feeds it, an option rule of a call without options is not tried, a
// rule whose gate the call cannot meet (an option's or a variable's value, a `when` of options and `$NAME`s
// only) is not tried, and a program name whose length and first byte no runner has is not looked up.
import { Script } from "../../shell/syntax/nodes";
import { EffectList, Wanted, collectEffects, setEffectsFastPaths } from "../../shell/interp/effects";
import { EffectFrom, programRows } from "../../shell/programs";
import { WalkedScripts } from "./random-command";

const fast = new EffectList();
const slow = new EffectList();

const MASKS: StaticArray<i32> = [
  Wanted.CONTACTS, Wanted.CONTACTS | Wanted.READS, Wanted.CONTACTS | Wanted.WRITES, Wanted.CONTACTS | Wanted.WRITES | Wanted.METHODS,
  Wanted.CONTACTS | Wanted.UNBOUND, Wanted.READS, Wanted.WRITES, Wanted.ALL,
];

function fragments(): string[] {
  const out: string[] = [
    "find . -name x -exec cat {} +", "find . -exec curl {} \\;", "find src -exec wget -O out {} +", "find src -exec cp {} /tmp \\;", "find a b -exec grep -f {}/.env x {} \\;",
    "xargs cat", "ls | xargs -n1 grep x", "fd -x rm", "parallel cp {} d ::: a", "xargs -I{} cp {} out/{}.bak",
    "git -C repo status", "git push o", "git config --global user.name x", "git worktree add ../wt", "npm i --location=global x",
    "git credential-store --file f store", "npm config set x y --location=project", "git clone https://e.example d", "git config -f .git/config remote.o.url u",
    "npm run build -- --prod --config ./conf/production.json", "npm i -g x", "npm config set registry https://r.example",
    "npm_config_registry=https://x.example npm i", "yarn", "curl -X PUT -d @f -H 'X-HTTP-Method-Override: DELETE' https://a.example",
    "wget -O out https://b.example", "tee -a log", "ls -la src", "grep -rn TODO src", "head -n 20", "cp -r a b", "ln -s a b",
    "dd if=/etc/shadow of=x", "tar -C d -xf a.tar", "sed -i s/a/b/w out f", "rm -rf build", "bash -c 'cat /etc/passwd'",
    "sudo cat f", "env X=1 cat f", "echo hi > out.txt", "cat < in.txt", "sh -c \"sh -c 'find . -exec cat {} +'\"",
  ];
  const rows = programRows();
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    const name = row.firstName;
    out.push(name + " a b/c");
    for (let k = 0; k < row.subcommands.length; k++) out.push(name + " " + row.subcommands[k].firstName + " a b");
    const rules = row.effects.slice(0);
    for (let k = 0; k < row.subcommands.length; k++) for (let e = 0; e < row.subcommands[k].effects.length; e++) rules.push(row.subcommands[k].effects[e]);
    for (let e = 0; e < rules.length; e++) {
      const parts = (rules[e].option + " " + rules[e].when).split(" ");
      for (let k = 0; k < parts.length; k++) {
        const t = parts[k].startsWith("!") ? parts[k].substring(1) : parts[k];
        if (t.startsWith("-")) out.push(name + " " + t + " v.txt x");
        // A `$NAME` term, and an ENV_VALUE rule's variable: the script assigns it (any case), or another.
        else if (t.startsWith("$")) { out.push(t.substring(1) + "=v.txt " + name + " x"); out.push("export " + t.substring(1).toUpperCase() + "=u"); }
      }
      if (rules[e].from == EffectFrom.ENV_VALUE) out.push(rules[e].option + "=https://e.example " + name + " x");
      if (rules[e].from == EffectFrom.ENV_PATH) { out.push(rules[e].option + "=/tmp/t " + name + " x"); out.push(rules[e].option + "=1 " + name + " x"); }
    }
  }
  // Names the runner filter passes and stops: runners in any case, names sharing a runner's length and first byte.
  const NAMES: string[] = [
    "node", "NODE", "Python3", "tsx", "tee", "ts-node", "tsc", ".", "source", "bash", "BASH", "busybox", "ash", "abc", "mksh",
    "yarn", "Yarn", "pnpm", "npm", "NPX", "make", "mak", "perl", "php", "lua", "deno", "bun", "sh", "s", "zsh", "ksh", "dash",
    "/usr/bin/node", "./bash", "x/npm", "aaaaaaaaaaaaaaaaaaaa", "ésh",
  ];
  for (let i = 0; i < NAMES.length; i++) {
    out.push(NAMES[i] + " run x.js");
    out.push(NAMES[i] + " -c 'cat f'");
    out.push(NAMES[i]);
  }
  return out;
}

/** Effects of s with and without the shortcuts; whether they agree in every field and order. Returns the count too. */
function same(s: Script, wanted: i32): bool {
  setEffectsFastPaths(false);
  collectEffects(s, slow, wanted);
  setEffectsFastPaths(true);
  collectEffects(s, fast, wanted);
  if (fast.count != slow.count || fast.unbound.length != slow.unbound.length) return false;
  for (let e = 0; e < slow.count; e++) {
    if (fast.kind.get(e) != slow.kind.get(e) || fast.view.get(e) != slow.view.get(e) || fast.cmd.get(e) != slow.cmd.get(e) ||
      fast.word.get(e) != slow.word.get(e) || fast.start.get(e) != slow.start.get(e) || fast.end.get(e) != slow.end.get(e) ||
      fast.tree.get(e) != slow.tree.get(e) || fast.sub[e] != slow.sub[e] || fast.method[e] != slow.method[e]) return false;
    const a = slow.word.get(e) < 0 ? slow.fixed[slow.fixedIndex.get(e)] : "";
    const b = fast.word.get(e) < 0 ? fast.fixed[fast.fixedIndex.get(e)] : "";
    if (a != b) return false;
  }
  for (let i = 0; i < slow.unbound.length; i++) if (fast.unbound.get(i) != slow.unbound.get(i)) return false;
  return true;
}

describe("effects shortcuts", () => {
  test("give the effects the engine gives without them (every row, random commands, every mask)", () => {
    const scripts = new WalkedScripts(fragments(), 0x2545f491, 3000);
    let scriptsSeen = 0, effects = 0;
    while (scripts.next()) {
      scriptsSeen++;
      for (let m = 0; m < MASKS.length; m++) {
        expect(same(scripts.p.script, MASKS[m])).toBe(true, scripts.cmd);
        effects += slow.count;
      }
    }
    expect(scriptsSeen).toBeGreaterThan(2000);
    expect(effects).toBeGreaterThan(10000);
  });
});
