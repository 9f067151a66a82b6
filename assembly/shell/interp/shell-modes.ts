// Shell options, variables and builtins that change how bash reads or runs the rest of the command in ways
// the analysis does not follow. The parser reads bash 5.2 with its default options; each form below makes
// bash read the same text differently (or run text no command shows), so the command is refused:
//   BASH_COMPAT below 4.3, `shopt -s compat31…compat42`  `'…'` in a quoted `${x/pat/rep}` stops quoting
//   `set -k`, `set -o keyword`, `bash -k`                 `NAME=value` operands become the environment
//   `shopt -s cdable_vars`, `bash -O cdable_vars`         `cd NAME` goes to $NAME
//   `shopt -u globskipdots`, `bash +O globskipdots`       `.?`, `.*` and `.[.]` match `..`
//   a path through such a glob (`.?/etc/passwd`)          the same in bash 5.1 and older, by default
//   `set -H`, `set -o histexpand`, `bash -H`              `!!` re-runs a history entry
//   a name the command defines with `alias`               the alias's text joins the words after it
//   `hash -p PATH NAME`, BASH_CMDS[NAME]=PATH             NAME runs PATH
//   BASH_ALIASES[NAME]=TEXT                               defines an alias
//   `fc` (but `fc -l`)                                    runs history entries and its editor string
//   `compgen -W` with `$`, `` ` `` or a computed list, `-F` the word list is expanded again; a function runs
//   `mapfile -C` / `readarray -C`                         the callback gets each line as words (`eval`)
//   `declare -a NAME=$x` and a computed value for a name the command makes an array (`declare -a`, `b=(…)`,
//   `b[i]=…`, `mapfile`, `read -a`): bash re-reads
//                                                         `(…)` in the value as a compound assignment

import { Script } from "../syntax/nodes";
import { Attr, WordFlag } from "../syntax/tokens";
import { envName, wordIs } from "../expand/argv";
import { Cmd, Kind, cmdId } from "../programs";
import { globMayClimb } from "../expand/climbing-glob";

const BASH_COMPAT = "BASH_COMPAT";

/** Is `name` (a key of tool_input.env) a variable that changes how bash reads code? Its value is not seen. */
export function isReadingVariableName(name: string): bool {
  return name == BASH_COMPAT;
}

/** What in the command changes how bash reads or runs the rest (a description), or "". */
export function shellModeChange(s: Script): string {
  const compat = compatSet(s);
  if (compat.length > 0) return compat;
  const climb = climbingGlob(s);
  if (climb >= 0) {
    return "the command names '" + text(s, climb) + "', whose wildcard segment may match '..' (bash 5.1 and older, or " +
      "with globskipdots off), a climb out of the directory it seems to stay in";
  }
  // Reused call after call: a decision allocates nothing here unless the command names an alias or an array.
  const aliases = definedAliases, arrays = arrayNames;
  aliases.length = 0;
  arrays.length = 0;
  let declares = false;
  for (let v = 0, n = s.viewCount; v < n; v++) {
    const why = viewModeChange(s, v, aliases, arrays);
    if (why.length > 0) return why;
    declares = declares || cmdId(s.vInfo(v)) == Cmd.DECLARE;
  }
  if (aliases.length == 0 && !declares) return "";
  recordAssignedArrays(s, arrays);
  // Uses of a defined alias, and computed values declared into arrays, once every view is known.
  for (let v = 0, n = s.viewCount; v < n; v++) {
    const name = s.viewName(v);
    if (aliases.length > 0 && s.isStatic(name) && aliases.includes(text(s, name))) {
      return "the command runs '" + text(s, name) + "', an alias it defines; the alias's text would join the words " +
        "after it, which the analysis does not do (write the command out)";
    }
    if (cmdId(s.vInfo(v)) == Cmd.DECLARE) {
      const why = computedArrayValue(s, v, arrays);
      if (why.length > 0) return why;
    }
  }
  return "";
}

const definedAliases = new Array<string>();
const arrayNames = new Array<string>();

/** An operand or redirection word with a wildcard segment that may match `..` and a `/` after it (`.?/etc`), or -1. */
function climbingGlob(s: Script): i32 {
  if ((s.wordFlagsSeen & WordFlag.GLOB) == 0) return -1;
  for (let v = 0, n = s.viewCount; v < n; v++) {
    for (let k = 1, argc = s.viewArgc(v); k < argc; k++) {
      const w = s.viewArg(v, k);
      if ((s.wordFlags(w) & WordFlag.GLOB) != 0 && globMayClimb(s.wordPtr(w), s.wordLen(w), true)) return w;
    }
  }
  for (let i = 0, n = s.redirFlat.length; i < n; i++) {
    const w = s.redirFlat.get(i);
    if ((s.wordFlags(w) & WordFlag.GLOB) != 0 && globMayClimb(s.wordPtr(w), s.wordLen(w), true)) return w;
  }
  return -1;
}

/**
 * BASH_COMPAT set to anything but a level of 4.3 or above written out; BASH_ALIASES or BASH_CMDS set at all
 * (an element of either defines an alias or binds a command name to a program, as `alias` and `hash -p` do).
 */
function compatSet(s: Script): string {
  for (let i = 0, n = s.envWords.length; i < n; i++) {
    const w = s.envWords.get(i);
    const len = envName(s, w);
    // BASH_ALIASES, BASH_CMDS and BASH_COMPAT: only a name of 9 to 12 bytes that starts with `B` is decoded.
    if (len < 9 || len > 12 || load<u8>(s.wordPtr(w)) != 0x42) continue;
    const name = text(s, w).substring(0, len);
    if (name == "BASH_ALIASES" || name == "BASH_CMDS") {
      return "the command sets " + name + ", which defines aliases or binds command names to programs the command does not show";
    }
    if (name != BASH_COMPAT) continue;
    if (!s.isStatic(w) || s.wordLen(w) == len || !compatAtLeast43(text(s, w).substring(len))) {
      return "the command sets BASH_COMPAT to a level that is not 4.3 or above written out; " +
        "below 4.3 bash reads quotes inside ${x/pat/rep} differently";
    }
  }
  return "";
}

/** `=43`, `=4.3`, `=50`, `=5.2`: a compatibility level bash reads quotes at as the analysis does. */
function compatAtLeast43(value: string): bool {
  if (!value.startsWith("=")) return false;
  const v = value.substring(1);
  let level = -1;
  if (v.length == 2 && isDigit(v, 0) && isDigit(v, 1)) level = I32.parseInt(v);
  else if (v.length == 3 && isDigit(v, 0) && v.charCodeAt(1) == 0x2e && isDigit(v, 2)) level = I32.parseInt(v.charAt(0) + v.charAt(2));
  return level >= 43;
}

function viewModeChange(s: Script, v: i32, aliases: Array<string>, arrays: Array<string>): string {
  // set, shopt, alias, hash, fc and compgen are compared as text; the rest by their ids, so most views stop
  // here, decoding nothing.
  const nameWord = s.viewName(v);
  const info = s.vInfo(v), id = cmdId(info);
  const n = s.wordLen(nameWord), c = n > 0 ? load<u8>(s.wordPtr(nameWord)) : 0;
  const spelled = n >= 2 && n <= 7 && (c == 0x73 || c == 0x61 || c == 0x68 || c == 0x66 || c == 0x63);
  if (!spelled && id != Cmd.SHELL && id != Cmd.MAPFILE && id != Cmd.READ && id != Cmd.DECLARE) return "";
  if (!s.isStatic(nameWord)) return "";
  if ((info & Kind.SHELL) != 0 && id == Cmd.SHELL) return shellOptions(s, v, text(s, nameWord));
  const name = spelled ? text(s, nameWord) : "";
  if (name.length > 0) {
    if (name == "set") return setOptions(s, v);
    if (name == "shopt") return shoptOptions(s, v);
    if (name == "alias") return aliasNames(s, v, aliases);
    if (name == "hash") {
      return clusterHas(s, v, "p", "")
        ? "the command runs 'hash -p', which makes a command name run another program" : "";
    }
    if (name == "fc") {
      return onlyClusters(s, v, "lnr")
        ? "" : "the command runs 'fc', which runs commands from the shell's history and its editor string";
    }
    if (name == "compgen") return compgenList(s, v);
  }
  if (cmdId(info) == Cmd.MAPFILE) {
    recordArrayOperand(s, v, arrays);
    return clusterHas(s, v, "C", "dnOsuc")
      ? "the command runs '" + text(s, nameWord) + " -C', whose callback gets each line it reads as words (with eval: as code)" : "";
  }
  if (cmdId(info) == Cmd.READ) {
    if (clusterHas(s, v, "a", "dinNptu")) recordArrayOperand(s, v, arrays);
    return "";
  }
  if (cmdId(info) == Cmd.DECLARE) {
    if (clusterHas(s, v, "aA", "")) recordDeclaredNames(s, v, arrays);
    if (clusterHas(s, v, "n", "")) return namerefToMode(s, v);
  }
  return "";
}

/** `declare -n r=BASH_COMPAT`: assignments to r then set the variable it names. */
function namerefToMode(s: Script, v: i32): string {
  for (let k = 1, argc = s.viewArgc(v); k < argc; k++) {
    const t = text(s, s.viewArg(v, k));
    const eq = t.indexOf("=");
    if (eq < 0) continue;
    const target = t.substring(eq + 1);
    if (target == BASH_COMPAT || target.startsWith("BASH_ALIASES") || target.startsWith("BASH_CMDS")) {
      return "the command makes a nameref to " + target + ", which changes how bash reads the command or what a command name runs";
    }
  }
  return "";
}

/** `bash -k`, `-o keyword`, `-O cdable_vars`, `+O globskipdots`, `-O compat42`, `-H`: options before the code. */
function shellOptions(s: Script, v: i32, name: string): string {
  for (let k = 1, argc = s.viewArgc(v); k < argc; k++) {
    const w = s.viewArg(v, k);
    const p = s.wordPtr(w), n = s.wordLen(w);
    if (n == 0) return "";
    const sign = load<u8>(p);
    if (sign != 0x2d && sign != 0x2b) return ""; // the first operand ends the options
    if (!s.isStatic(w)) return "'" + name + "' gets an option computed at run time, which may change how it reads its code";
    if (n == 2 && load<u8>(p, 1) == sign) return ""; // -- or ++
    if (n > 1 && load<u8>(p, 1) == 0x2d) {
      // --norc, --login; --rcfile and --init-file take the next word.
      if (wordIs(s, w, "--rcfile") || wordIs(s, w, "--init-file")) k++;
      continue;
    }
    const t = text(s, w);
    for (let i = 1; i < n; i++) {
      const c = t.charAt(i);
      if (sign == 0x2d && (c == "k" || c == "H")) return modeMessage(name + " -" + c, c == "k" ? KEYWORD : HISTORY);
      if (c == "o" || c == "O") {
        if (++k >= argc) return "";
        const o = s.viewArg(v, k);
        if (!s.isStatic(o)) return "'" + name + "' gets an option computed at run time, which may change how it reads its code";
        const why = c == "o" ? setOptionEffect(text(s, o), sign == 0x2d) : shoptEffect(text(s, o), sign == 0x2d);
        if (why.length > 0) return modeMessage(name + " " + String.fromCharCode(sign) + c + " " + text(s, o), why);
      }
    }
  }
  return "";
}

/** `set -k`, `set -H`, `set -o keyword`, `set -o histexpand`. */
function setOptions(s: Script, v: i32): string {
  for (let k = 1, argc = s.viewArgc(v); k < argc; k++) {
    const w = s.viewArg(v, k);
    const p = s.wordPtr(w), n = s.wordLen(w);
    if (n == 0) return "";
    const sign = load<u8>(p);
    if (sign != 0x2d && sign != 0x2b) return ""; // positional parameters follow
    if (!s.isStatic(w)) return "'set' gets an option computed at run time, which may change how bash reads the rest";
    if (n == 1 || (n == 2 && load<u8>(p, 1) == 0x2d)) return ""; // `set -` and `set --` end the options
    const t = text(s, w);
    for (let i = 1; i < n; i++) {
      const c = t.charAt(i);
      if (sign == 0x2d && (c == "k" || c == "H")) return modeMessage("set -" + c, c == "k" ? KEYWORD : HISTORY);
      if (c == "o") {
        if (++k >= argc) return "";
        const o = s.viewArg(v, k);
        if (!s.isStatic(o)) return "'set' gets an option computed at run time, which may change how bash reads the rest";
        const why = setOptionEffect(text(s, o), sign == 0x2d);
        if (why.length > 0) return modeMessage("set " + String.fromCharCode(sign) + "o " + text(s, o), why);
      }
    }
  }
  return "";
}

/** `shopt -s compat42`, `shopt -s cdable_vars`, `shopt -u globskipdots`, `shopt -so keyword`. */
function shoptOptions(s: Script, v: i32): string {
  let on = true, setNames = false, turns = false;
  for (let k = 1, argc = s.viewArgc(v); k < argc; k++) {
    const w = s.viewArg(v, k);
    if (!s.isStatic(w)) return "'shopt' gets an option computed at run time, which may change how bash reads the rest";
    const t = text(s, w);
    if (t.startsWith("-") && t.length > 1 && !turns) {
      if (t == "--") { turns = true; continue; }
      for (let i = 1; i < t.length; i++) {
        const c = t.charAt(i);
        if (c == "s") on = true;
        else if (c == "u") on = false;
        else if (c == "o") setNames = true;
      }
      continue;
    }
    turns = true;
    const why = setNames ? setOptionEffect(t, on) : shoptEffect(t, on);
    if (why.length > 0) return modeMessage("shopt " + (on ? "-s " : "-u ") + t, why);
  }
  return "";
}

const KEYWORD = "every NAME=value operand becomes an environment variable of the command (GIT_CONFIG_*, LD_PRELOAD, …)";
const HISTORY = "'!' words re-run commands from the history, which the command does not show";
const CDABLE = "'cd NAME' may go to the directory in $NAME, so the analysis cannot know where later paths are";
const SKIPDOTS = "'.?', '.*' and '.[.]' may then match '..', a climb the paths were not judged with";
const COMPAT = "bash then reads quotes inside ${x/pat/rep} as an older bash did, not as the analysis reads them";

/** What turning set option `o` on (or off) changes, or "". */
function setOptionEffect(o: string, on: bool): string {
  if (!on) return "";
  if (o == "keyword") return KEYWORD;
  if (o == "histexpand") return HISTORY;
  return "";
}

/** What turning shopt option `o` on (or off) changes, or "". */
function shoptEffect(o: string, on: bool): string {
  if (on && o == "cdable_vars") return CDABLE;
  if (on && o.startsWith("compat")) return COMPAT;
  if (!on && o == "globskipdots") return SKIPDOTS;
  return "";
}

function modeMessage(what: string, why: string): string {
  return "the command turns on '" + what + "': " + why;
}

/** Record the names `alias NAME=…` defines; a name computed at run time could be any command's. */
function aliasNames(s: Script, v: i32, aliases: Array<string>): string {
  for (let k = 1, argc = s.viewArgc(v); k < argc; k++) {
    const w = s.viewArg(v, k);
    const t = text(s, w);
    const eq = t.indexOf("=");
    if (eq < 0) continue; // `alias NAME` prints it; `alias -p` prints all
    // The name is every byte before the first `=` that the shell did not compute.
    const a = s.attrPtr(w);
    for (let i = 0; i < eq; i++) {
      if (load<u8>(a + <usize>i) == Attr.EXPANSION) return "the command defines an alias whose name is computed at run time";
    }
    aliases.push(t.substring(0, eq));
  }
  return "";
}

/** `compgen -W LIST` expands LIST again (a `$( )` in it runs); `-F FUNC` runs a function. */
function compgenList(s: Script, v: i32): string {
  if (clusterHas(s, v, "F", "oAGWPSXC")) return "the command runs 'compgen -F', which runs a function to make completions";
  for (let k = 1, argc = s.viewArgc(v); k < argc; k++) {
    const w = s.viewArg(v, k);
    const t = text(s, w);
    if (!s.isStatic(w) || t.includes("$") || t.includes("`")) {
      return "the command runs 'compgen' with a word list bash expands again (a $( ) in it runs), which cannot be checked";
    }
  }
  return "";
}

/** The last operand of `mapfile NAME` / `read -a NAME` (MAPFILE when none) is an array. */
function recordArrayOperand(s: Script, v: i32, arrays: Array<string>): void {
  const argc = s.viewArgc(v);
  if (argc < 2) return;
  const w = s.viewArg(v, argc - 1);
  if (envName(s, w) == s.wordLen(w)) arrays.push(text(s, w));
}

/** `b=(…)`, `b+=(…)` and `b[i]=…` make b an array. */
function recordAssignedArrays(s: Script, arrays: Array<string>): void {
  for (let i = 0, n = s.envWords.length; i < n; i++) {
    const w = s.envWords.get(i);
    const len = envName(s, w), wl = s.wordLen(w);
    if (len <= 0 || len >= wl) continue;
    const p = s.wordPtr(w);
    let at = len;
    if (load<u8>(p + <usize>at) == 0x5b) { arrays.push(text(s, w).substring(0, len)); continue; } // [
    if (load<u8>(p + <usize>at) == 0x2b) at++; // +=
    if (at + 1 < wl && load<u8>(p + <usize>at) == 0x3d && load<u8>(p + <usize>at + 1) == 0x28) arrays.push(text(s, w).substring(0, len));
  }
}

/** The names `declare -a NAME…` / `local -A NAME=…` make arrays. */
function recordDeclaredNames(s: Script, v: i32, arrays: Array<string>): void {
  for (let k = 1, argc = s.viewArgc(v); k < argc; k++) {
    const w = s.viewArg(v, k);
    const len = envName(s, w);
    if (len > 0) arrays.push(text(s, w).substring(0, len));
  }
}

/**
 * `declare -a b=$x`, `local -A m=$(cat f)`, or `declare b=$x` for a b the command makes an array: bash reads
 * a value that expands to `(…)` as a compound assignment and runs the `$( )` in it. A value written out as
 * `(…)` is parsed and checked by the walk.
 */
function computedArrayValue(s: Script, v: i32, arrays: Array<string>): string {
  const declaresArray = clusterHas(s, v, "aA", "");
  for (let k = 1, argc = s.viewArgc(v); k < argc; k++) {
    const w = s.viewArg(v, k);
    const len = envName(s, w);
    if (len <= 0 || len >= s.wordLen(w) || (s.wordFlags(w) & WordFlag.DYNAMIC) == 0) continue;
    const name = text(s, w).substring(0, len);
    if (!declaresArray && !arrays.includes(name)) continue;
    // A compound value written out: the `(` after `=` (or `+=`) is unquoted source text.
    let at = len;
    if (load<u8>(s.wordPtr(w) + <usize>at) == 0x2b) at++;
    at++;
    if (at < s.wordLen(w) && load<u8>(s.wordPtr(w) + <usize>at) == 0x28 && load<u8>(s.attrPtr(w) + <usize>at) == Attr.UNQUOTED) continue;
    return "'" + text(s, s.viewName(v)) + "' gives array '" + name + "' a value computed at run time; bash reads a value " +
      "that expands to (…) as a compound assignment and runs any $( ) in it, so it cannot be checked";
  }
  return "";
}

/**
 * Does an option cluster of view v (`-xp`, before the first operand) hold one of `letters`? Letters in
 * `valued` take the rest of the cluster or the next word as their value.
 */
function clusterHas(s: Script, v: i32, letters: string, valued: string): bool {
  for (let k = 1, argc = s.viewArgc(v); k < argc; k++) {
    const w = s.viewArg(v, k);
    const t = text(s, w);
    if (t == "--" || !(t.startsWith("-") || t.startsWith("+")) || t.length < 2) return false;
    // A computed cluster may hold any letter.
    if (!s.isStatic(w)) return true;
    for (let i = 1; i < t.length; i++) {
      const c = t.charAt(i);
      if (letters.includes(c)) return true;
      if (valued.includes(c)) {
        if (i == t.length - 1) k++;
        break;
      }
    }
  }
  return false;
}

/** Are all of view v's operands option clusters of `letters` only (`fc -l`, `fc -ln`)? A bare `fc` edits and runs. */
function onlyClusters(s: Script, v: i32, letters: string): bool {
  const argc = s.viewArgc(v);
  if (argc < 2) return false;
  let listed = false;
  for (let k = 1; k < argc; k++) {
    const w = s.viewArg(v, k);
    if (!s.isStatic(w)) return false;
    const t = text(s, w);
    if (!t.startsWith("-") || t.length < 2) continue; // a history number or prefix: `fc -l 1 5`
    if (isDigit(t, 1)) continue; // `fc -l -5`: the last five
    for (let i = 1; i < t.length; i++) {
      const c = t.charAt(i);
      if (!letters.includes(c)) return false;
      if (c == "l") listed = true;
    }
  }
  return listed;
}

function text(s: Script, w: i32): string {
  return String.UTF8.decodeUnsafe(s.wordPtr(w), <usize>s.wordLen(w), false);
}

function isDigit(t: string, i: i32): bool {
  const c = t.charCodeAt(i);
  return c >= 0x30 && c <= 0x39;
}
