// A grammar-based generator of bash scripts over a harmless vocabulary. The only programs it names are the
// probes (`probe` and `tool`, allowed; `evil`, forbidden) and bash builtins; its only `/` are ${x/a/b} operators,
// so no script names a real path. Most of what it builds hides `evil` or `tool --force` behind some layer of quoting, expansion or
// indirection: the interesting scripts are those the analysis allows, and the question is whether bash agrees
// that the hidden command never runs.

/** Parameter operators, each with the kind of word it takes. */
const PARAM_OPS = [
  ["-", "value"], [":-", "value"], ["=", "value"], [":=", "value"], ["+", "value"], [":+", "value"],
  ["?", "value"], [":?", "value"],
  ["#", "pattern"], ["##", "pattern"], ["%", "pattern"], ["%%", "pattern"],
  ["/", "replace"], ["//", "replace"], ["/#", "replace"], ["/%", "replace"],
  ["^", "pattern"], ["^^", "pattern"], [",", "pattern"], [",,", "pattern"],
  [":", "substring"], ["@Q", "none"], ["@P", "none"], ["@E", "none"], ["@A", "none"], ["@a", "none"], ["@U", "none"],
];
const NAMES = ["x", "y", "a", "IFS", "1", "@", "*", "#", "a[1]", "a[@]", "!x", "#x", "!a[@]"];
const LITERALS = ["a", "x", "1", "0", "evil", "probe", "tool", "--force", "-f", "b c", "#", "*", "?", "~", "=", ":", ".", "-", "[1]"];

/** What a script may run: the forbidden probe, the blocked argv, or harmless commands. */
export function payloadCommand(rng) {
  return rng.weighted([
    [5, "evil"],
    [2, () => `evil ${rng.pick(LITERALS.filter((l) => !/[ #*?~]/.test(l)))}`],
    [3, "tool --force"],
    [1, "tool a --force"],
    [3, () => `${rng.pick(["probe", "tool"])} ${rng.pick(["a", "1", "-x", "--forc", "force"])}`],
    [2, "echo hi"],
  ]);
}

export class Grammar {
  constructor(rng) {
    this.rng = rng;
  }

  /** A whole script: one to four statements joined by separators. */
  script() {
    const n = 1 + this.rng.int(this.rng.chance(0.7) ? 2 : 4);
    let out = "";
    for (let i = 0; i < n; i++) {
      if (i > 0) out += this.separator();
      out += this.statement(2);
    }
    return out + (this.rng.chance(0.1) ? " # " + payloadCommand(this.rng) : "");
  }

  separator() {
    return this.rng.weighted([
      [4, "; "], [3, "\n"], [2, " && "], [2, " || "], [2, " | "], [1, " & "], [1, " |& "],
      [1, () => ` # ${this.rng.pick(["c", "'", "$(evil)", "`evil` \\"])}\n`], [1, ";\\\n"],
    ]);
  }

  statement(depth) {
    const r = this.rng;
    if (depth <= 0) return this.simple(0);
    return r.weighted([
      [12, () => this.simple(depth)],
      [3, () => this.assignThenUse(depth)],
      [2, () => `{ ${this.statement(depth - 1)}; }`],
      [2, () => `( ${this.statement(depth - 1)} )`],
      [1, () => `if ${this.statement(depth - 1)}; then ${this.statement(depth - 1)}; else ${this.statement(depth - 1)}; fi`],
      [1, () => `for v in ${this.word(depth - 1)} ${this.word(depth - 1)}; do ${this.statement(depth - 1)}; done`],
      [1, () => `while false; do ${this.statement(depth - 1)}; done`],
      [1, () => `case ${this.word(depth - 1)} in a|${this.word(0)}) ${this.statement(depth - 1)};; *) ${this.statement(depth - 1)};; esac`],
      [2, () => `f() { ${this.statement(depth - 1)}; }; f ${this.word(depth - 1)}`],
      [1, () => `! ${this.simple(depth - 1)}`],
      [1, () => `[[ ${this.word(depth - 1)} ${r.pick(["==", "!=", "=~", "<"])} ${this.word(depth - 1)} ]] && ${this.simple(depth - 1)}`],
      [1, () => `time ${this.simple(depth - 1)}`],
      [1, () => `function g { ${this.statement(depth - 1)}; }; g`],
      [1, () => `coproc { ${this.statement(depth - 1)}; }; wait`],
      [4, () => `eval ${this.quoteAsWord(this.statement(depth - 1))}`],
      [4, () => this.heredoc(depth)],
      [2, () => `probe <<< ${this.word(depth - 1)}`],
      [3, () => this.arithmetic(depth)],
      [4, () => this.dataBecomesCode(depth)],
      [1, () => `probe ${r.pick(["<", ">"])}(${this.statement(depth - 1)})`],
      [1, () => `probe \`${this.backtickBody(this.statement(depth - 1))}\``],
    ]);
  }

  simple(depth) {
    const r = this.rng;
    const name = r.weighted([[10, "probe"], [2, "tool"], [3, "echo"], [1, "printf '%s\\n'"], [1, "true"], [1, ":"], [1, "command probe"], [1, "builtin echo"], [1, "exec probe"]]);
    const n = r.int(4);
    let out = name;
    for (let i = 0; i < n; i++) out += " " + this.word(depth);
    if (r.chance(0.08)) out += " " + r.pick(["> o", "2>&1", ">> o", "< o", "<> o", ">&2"]);
    return out;
  }

  assignThenUse(depth) {
    const r = this.rng;
    // `tool` is the program with a blocked pattern; values that reach its argv are what that pattern must see.
    const user = r.chance(0.5) ? "tool" : "probe";
    const value = r.chance(0.5) ? this.quoteAsWord(payloadCommand(r)) : this.word(depth - 1);
    return r.weighted([
      [3, () => `x=${value}; ${user} $x`],
      [2, () => `x=${value}; ${user} "$x"`],
      [1, () => `x=${value} ${user}`],
      [2, () => `a=(${value} ${this.word(depth - 1)}); ${user} "\${a[@]}"`],
      [1, () => `declare x=${value}; ${user} \${x}`],
      [1, () => `x=${value}; ${user} \${x${r.pick(["#", "%", ":-", "/a/"])}${this.word(0)}}`],
    ]);
  }

  /** Text as one shell word that evaluates to exactly that text, quoted one of several ways. */
  quoteAsWord(text) {
    return this.rng.weighted([
      [4, () => (text.includes("'") ? `'${text.replace(/'/g, "'\\''")}'` : `'${text}'`)],
      [3, () => `"${text.replace(/[\\"$`]/g, (c) => "\\" + c)}"`],
      [2, () => `$'${text.replace(/[\\']/g, (c) => "\\" + c).replace(/\n/g, "\\n").replace(/e/g, () => (this.rng.chance(0.5) ? "\\x65" : "e"))}'`],
      [1, () => text.replace(/[^A-Za-z0-9_-]/g, (c) => (c === "\n" ? "'\n'" : "\\" + c))],
    ]);
  }

  backtickBody(text) {
    return text.replace(/[\\`$]/g, (c) => (c === "$" ? "$" : "\\" + c));
  }

  /** A word in unquoted command-argument position. */
  word(depth) {
    const r = this.rng;
    const parts = 1 + (r.chance(0.3) ? r.int(3) : 0);
    let out = "";
    for (let i = 0; i < parts; i++) out += this.part("plain", depth);
    return out;
  }

  /**
   * One piece of a word in a context: plain (unquoted), dq (inside "…"), dqword (the word of ${…} inside "…"),
   * word (the word of ${…} unquoted), heredoc (an unquoted here-document body).
   */
  part(ctx, depth) {
    const r = this.rng;
    const inQuotes = ctx !== "plain" && ctx !== "word";
    const sub = () => this.statement(Math.max(0, depth - 1));
    const options = [
      [6, () => this.literal(ctx)],
      [4, () => (inQuotes ? `'${this.part(ctx, depth - 1)}'` : `'${this.singleQuoted()}'`)],
      [depth > 0 && !inQuotes ? 3 : 0, () => `"${this.seq("dq", depth - 1)}"`],
      [depth > 0 && ctx === "dqword" ? 2 : 0, () => `"${this.seq("dq", depth - 1)}"`],
      [!inQuotes ? 2 : 0, () => `$'${this.ansiC()}'`],
      [!inQuotes ? 1 : 0, () => `$"${this.seq("dq", depth - 1)}"`],
      [3, () => "\\" + r.pick(["$", "'", '"', "`", "\\", "(", ")", " ", "{", "}", "\n"])],
      [depth > 0 ? 5 : 0, () => this.param(ctx, depth - 1)],
      [2, () => `$${r.pick(["x", "y", "1", "@", "*", "#", "?", "-", "IFS"])}`],
      [depth > 0 ? 4 : 0, () => `$(${sub()})`],
      [depth > 0 ? 2 : 0, () => (ctx === "dq" || ctx === "dqword" ? `\`${this.backtickBody(sub()).replace(/"/g, '\\"')}\`` : `\`${this.backtickBody(sub())}\``)],
      [depth > 0 ? 2 : 0, () => `$((${this.arith(depth - 1)}))`],
      [depth > 0 ? 1 : 0, () => `$[${this.arith(depth - 1)}]`],
      [depth > 0 && !inQuotes ? 1 : 0, () => `<(${sub()})`],
      [1, () => r.pick(["$(evil)", "`evil`", "$(tool --force)", "${x:-$(evil)}"]).replace(/^/, inQuotes || r.chance(0.5) ? "'" : "\\").replace(/$/, inQuotes ? "'" : "")],
      // Where `'` is an ordinary character (an unquoted here-document, the word of ${x:-…} in "…"), a payload
      // between single quotes runs.
      [inQuotes ? 3 : 0, () => `'${r.chance(0.6) ? `$(${payloadCommand(r)})` : `\`${payloadCommand(r)}\``}'`],
    ];
    return r.weighted(options.filter(([w]) => w > 0));
  }

  seq(ctx, depth) {
    const n = 1 + this.rng.int(3);
    let out = "";
    for (let i = 0; i < n; i++) out += this.part(ctx, Math.max(0, depth));
    return out;
  }

  literal(ctx) {
    const l = this.rng.pick(LITERALS);
    if (ctx === "plain" || ctx === "word") return l.replace(/[ #*?~]/g, (c) => "\\" + c);
    if (ctx === "dqword" || ctx === "word") return l.replace(/[}]/g, "\\}");
    return l;
  }

  singleQuoted() {
    return this.rng.pick(["$(evil)", "`evil`", "a\"b", "${x:-$(evil)}", "\\", "$(tool --force)", " evil ", "\" $(evil) \"", "x"]);
  }

  ansiC() {
    return this.rng.pick(["\\x65vil", "\\'$(evil)\\'", "a\\\\", "\\n", "$(evil)", "\\u0065", "\\e", "\\101", "\\cA", "' \\''"]).replace("' \\''", "\\' ");
  }

  param(ctx, depth) {
    const r = this.rng;
    const [op, kind] = r.pick(PARAM_OPS);
    const name = r.pick(NAMES);
    const wordCtx = ctx === "dq" || ctx === "dqword" || ctx === "heredoc" ? "dqword" : "word";
    let word = "";
    if (kind === "value" || kind === "pattern") word = this.seq(wordCtx, depth);
    else if (kind === "replace") word = this.seq(wordCtx, depth) + (r.chance(0.7) ? "/" + this.seq(wordCtx, depth) : "");
    else if (kind === "substring") word = this.arith(0) + (r.chance(0.5) ? ":" + this.arith(0) : "");
    // Operators that do not apply to a name (`${#x:-…}`) are syntax errors: bash runs nothing then.
    return "${" + name + op + word + "}";
  }

  /** An arithmetic expression; array subscripts and substitutions inside it are expanded by bash. */
  arith(depth) {
    const r = this.rng;
    return r.weighted([
      [3, () => r.pick(["1", "x", "1+2", "x+1", "-1", "a[1]", "0?1:2"])],
      [2, () => `a[${depth > 0 ? this.part("dq", depth - 1) : "1"}]`],
      [depth > 0 ? 2 : 0, () => `$(${this.statement(depth - 1)})`],
      [1, () => `a['$(evil)']`],
      [1, () => `x${r.pick(["+", "*", "=", "-"])}1`],
    ]);
  }

  arithmetic(depth) {
    const r = this.rng;
    const e = () => this.arith(depth - 1);
    return r.weighted([
      [2, () => `(( ${e()} ))`],
      [2, () => `probe $(( ${e()} ))`],
      [1, () => `probe $[ ${e()} ]`],
      [1, () => `let ${this.quoteAsWord(e())}`],
      [1, () => `a[${e()}]=1`],
      [1, () => `declare -i n=${this.quoteAsWord(e())}`],
      [1, () => `probe \${x:${e()}:${e()}}`],
      [1, () => `for (( i = 0; i < ${e()}; i++ )); do ${this.simple(0)}; done`],
    ]);
  }

  /** Builtins that turn a string into code: the string holds a payload behind quoting. */
  dataBecomesCode(depth) {
    const r = this.rng;
    const p = payloadCommand(r);
    const sub = r.pick([`$(${p})`, `\`${p}\``]);
    const code = this.quoteAsWord(r.chance(0.5) ? `a[${sub}]` : sub);
    return r.weighted([
      [2, () => `x=${code}; (( x ))`],
      [1, () => `x=${code}; probe $(( x ))`],
      [1, () => `x=${code}; [[ $x -eq 1 ]]`],
      [1, () => `x=${code}; probe \${!x}`],
      [2, () => `x=${code}; probe "\${x@P}"`],
      [1, () => `printf -v ${code} %s 1`],
      // Options with their value glued on (`-vNAME`, `-Ccallback`) are read by bash just the same.
      [1, () => `printf -v${code} %s 1`],
      [1, () => `mapfile -C${this.quoteAsWord(p.split(" ")[0])} -c1 a <<< x`],
      [1, () => `read -r${r.pick(["", "a"])} ${code} <<< 1`],
      [1, () => `read ${code} <<< 1`],
      [1, () => `unset ${code}`],
      [1, () => `test -v ${code}`],
      [1, () => `declare ${code}=1`],
      [1, () => `a=(1); let ${code}`],
      [2, () => `trap ${this.quoteAsWord(p)} ${r.pick(["EXIT", "ERR", "DEBUG", "RETURN"])}; probe`],
      [2, () => `PS4=${this.quoteAsWord(sub)}; set -x; probe`],
      [1, () => `mapfile -C ${this.quoteAsWord(p.split(" ")[0])} -c 1 a <<< x`],
      [2, () => `shopt -s expand_aliases; alias ${r.pick(["probe", "echo", "q"])}=${this.quoteAsWord(p + " ")}\n${r.pick(["probe", "echo", "q"])} a`],
      [1, () => `IFS=${r.pick(["v", "_", "i", "e"])}; x=${r.pick(["evil", "probe_a", "e_vil"])}; $x`],
      [1, () => `set -- ${this.quoteAsWord(p)}; eval "$1"`],
      [1, () => `f() { ${p}; }; ${r.pick(["unset -f f; f", "true", "command -v f"])}`],
      [1, () => `echo ${this.quoteAsWord(p)} | { read -r l; probe "$l"; }`],
    ]);
  }

  heredoc(depth) {
    const r = this.rng;
    const delim = r.pick(["E", "EOF", "'E'", '"E"', "\\E", "E\\", "'E'x", "E''", "$'E'", "E\\\n", "E\\\n\\\n", "\\\nE"]);
    const plain = delim.replace(/\\\n/g, "").replace(/^\$/, "").replace(/['"\\]/g, "");
    const dash = r.chance(0.3);
    const lines = 1 + r.int(3);
    let body = "";
    for (let i = 0; i < lines; i++) body += (dash && r.chance(0.5) ? "\t" : "") + this.seq("heredoc", depth - 1) + "\n";
    body += (dash ? "\t" : "") + plain + "\n";
    // In a brace group, so the body can sit anywhere a statement can (in $( ), eval, after a separator).
    return `{ ${r.pick(["probe", "echo", "read -r l"])} <<${dash ? "-" : ""}${delim}\n${body}}`;
  }
}
