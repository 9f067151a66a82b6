// system.command.execute rules through checkCommand: each rule, the order
// between them, and the messages.
import { CommandInput, CommandLimits, checkCommand } from "../../policy/capabilities/command";
import { Code, Verdict, Obligation } from "../../policy/verdict";

class Opts {
  allowed: Array<string> | null = ["*"];
  patterns: Array<string> = [];
  builtin: bool = true;
  max: f64 = NaN;
  dirs: Array<string> | null = null;
  env: Array<string> = [];
  timeout: f64 = NaN;
  background: bool = false;
  cwd: string | null = null;
  root: string = "";
  home: string = "";
  envKeys: Array<string> = [];
}

let last = new Verdict();

function check(cmd: string, o: Opts): string {
  const l = new CommandLimits();
  l.allowedCommands = o.allowed;
  l.blockedPatterns = o.patterns;
  l.builtinChecks = o.builtin;
  l.maxExecutionTime = o.max;
  l.allowedWorkingDirectories = o.dirs;
  l.blockedEnvVars = o.env;
  const err = l.compile();
  if (err.length > 0) return "compile: " + err;
  const i = new CommandInput();
  const b = String.UTF8.encode(cmd, false);
  i.commandPtr = changetype<usize>(b);
  i.commandLen = b.byteLength;
  i.timeout = o.timeout;
  i.background = o.background;
  i.cwd = o.cwd;
  i.workspaceRoot = o.root;
  i.home = o.home;
  i.envKeys = o.envKeys;
  last = new Verdict();
  return checkCommand(l, i, last) ? "allow" : last.code;
}

function allowing(list: Array<string>): Opts { const o = new Opts(); o.allowed = list; return o; }
function patterns(list: Array<string>): Opts { const o = new Opts(); o.patterns = list; return o; }

describe("input", () => {
  test("empty, blank, comments, NUL, invalid UTF-8 are invalid context", () => {
    const o = new Opts();
    expect(check("", o)).toBe(Code.INVALID_CONTEXT);
    expect(check(" \n\t", o)).toBe(Code.INVALID_CONTEXT);
    expect(check("# x", o)).toBe(Code.INVALID_CONTEXT);
    expect(check("ls\0", o)).toBe(Code.INVALID_CONTEXT);
    expect(check("[[ -f x ]]", o)).toBe("allow"); // runs no simple command, but is not empty
    const l = new CommandLimits(); l.allowedCommands = ["*"]; l.compile();
    const bad: u8[] = [0x6c, 0x73, 0x20, 0xc3, 0x28]; // "ls " + broken sequence
    const i = new CommandInput();
    const a = new Uint8Array(bad.length);
    for (let k = 0; k < bad.length; k++) a[k] = bad[k];
    i.commandPtr = a.dataStart; i.commandLen = a.length;
    const v = new Verdict();
    expect(checkCommand(l, i, v)).toBe(false);
    expect(v.code).toBe(Code.INVALID_CONTEXT);
    const over = new Uint8Array(65537);
    over.fill(0x61);
    i.commandPtr = over.dataStart; i.commandLen = over.length;
    expect(checkCommand(l, i, v)).toBe(false);
    expect(v.message).toBe("command is longer than 64 KiB");
  });
  test("a NUL byte or a broken UTF-8 sequence is found at every offset (the scans go eight bytes at a time)", () => {
    const l = new CommandLimits(); l.allowedCommands = ["*"]; l.compile();
    const text = "echo abcdefghijklmnopqrstuvwxyz0123456789";
    for (let at = 0; at < text.length; at++) {
      for (let kind = 0; kind < 3; kind++) {
        const a = new Uint8Array(text.length + 1);
        for (let k = 0; k < text.length; k++) a[k < at ? k : k + 1] = <u8>text.charCodeAt(k);
        // kind 0: NUL; 1: a lone continuation byte; 2: a truncated two-byte lead.
        a[at] = kind == 0 ? 0 : kind == 1 ? 0x80 : 0xc3;
        const i = new CommandInput();
        i.commandPtr = a.dataStart; i.commandLen = a.length;
        const v = new Verdict();
        expect(checkCommand(l, i, v)).toBe(false);
        expect(v.code).toBe(Code.INVALID_CONTEXT);
      }
    }
    expect(check("echo " + text + " é ü ✓", new Opts())).toBe("allow");
  });
  test("unparseable is command injection, with the parser's reason", () => {
    expect(check("echo 'x", new Opts())).toBe(Code.COMMAND_INJECTION_DETECTED);
    expect(last.message).toBe("command cannot be parsed safely (unterminated single quote)");
  });
});

describe("allowed_commands", () => {
  test("null and [] allow nothing", () => {
    expect(check("ls", allowing([]))).toBe(Code.COMMAND_NOT_ALLOWED);
    const o = new Opts(); o.allowed = null;
    expect(check("ls", o)).toBe(Code.COMMAND_NOT_ALLOWED);
    expect(last.message).toBe("command 'ls' is not allowed: allowed_commands is empty or missing, so no command is allowed");
  });
  test("every segment must be allowed", () => {
    const o = allowing(["git", "ls"]);
    expect(check("git status && ls -la | git log", o)).toBe("allow");
    expect(check("git status && curl x", o)).toBe(Code.COMMAND_NOT_ALLOWED);
    expect(last.message).toBe("command 'curl x' is not in allowed_commands");
  });
  test("whole words: sh does not allow shred, node not nodemon", () => {
    expect(check("shred x", allowing(["sh"]))).toBe(Code.COMMAND_NOT_ALLOWED);
    expect(check("nodemon", allowing(["node"]))).toBe(Code.COMMAND_NOT_ALLOWED);
  });
  test("multi-word prefixes", () => {
    const o = allowing(["npm run test", "git status"]);
    expect(check("npm run test -- --watch", o)).toBe("allow");
    expect(check("npm run testx", o)).toBe(Code.COMMAND_NOT_ALLOWED);
    expect(check("npm run build", o)).toBe(Code.COMMAND_NOT_ALLOWED);
    expect(check("git status", o)).toBe("allow");
    expect(check("git", o)).toBe(Code.COMMAND_NOT_ALLOWED);
  });
  test("names match bare names and system bin paths; path entries match exactly", () => {
    const o = allowing(["git", "./gradlew", "/opt/tool/bin/x"]);
    expect(check("/usr/bin/git status", o)).toBe("allow");
    expect(check("/usr/bin/../bin/git status", o)).toBe("allow");
    expect(check("/tmp/evil/git status", o)).toBe(Code.COMMAND_NOT_ALLOWED);
    expect(check("./git", o)).toBe(Code.COMMAND_NOT_ALLOWED);
    expect(check("GIT status", o)).toBe(Code.COMMAND_NOT_ALLOWED);
    expect(check("./gradlew build", o)).toBe("allow");
    expect(check("gradlew build", o)).toBe(Code.COMMAND_NOT_ALLOWED);
    expect(check("/opt/tool/bin//x", o)).toBe("allow");
  });
  test("wrappers and what they run must both pass", () => {
    expect(check("sudo rm x", allowing(["rm"]))).toBe(Code.COMMAND_NOT_ALLOWED);
    expect(last.message).toBe("command 'sudo rm x' is not in allowed_commands");
    expect(check("sudo rm x", allowing(["sudo"]))).toBe(Code.COMMAND_NOT_ALLOWED);
    expect(last.message).toBe("command 'rm x' (run by 'sudo') is not in allowed_commands");
    expect(check("sudo rm x", allowing(["sudo", "rm"]))).toBe("allow");
  });
  test("a name computed at run time is never allowed, even by *", () => {
    expect(check("$X -rf y", new Opts())).toBe(Code.COMMAND_NOT_ALLOWED);
    expect(last.message).toBe("command '$X -rf y' has a name computed at run time (variable, substitution, glob or brace expansion), so it cannot be checked against allowed_commands");
  });
  test("functions defined in the command are checked by their body", () => {
    expect(check("f() { ls; }; f", allowing(["ls"]))).toBe("allow");
    expect(check("f() { rm x; }; f", allowing(["ls"]))).toBe(Code.COMMAND_NOT_ALLOWED);
    expect(check("f; f() { ls; }", allowing(["ls"]))).toBe(Code.COMMAND_NOT_ALLOWED);
  });
  test("code we cannot see is command injection", () => {
    expect(check("bash -c \"$X\"", new Opts())).toBe(Code.COMMAND_INJECTION_DETECTED);
    expect(last.message).toBe("command 'bash -c $X' runs code computed at run time, which cannot be inspected");
    expect(check("cat f | sh", new Opts())).toBe(Code.COMMAND_INJECTION_DETECTED);
    expect(last.message).toBe("command 'sh' reads commands from a pipe or a descriptor whose content cannot be inspected");
  });
});

describe("blocked_patterns", () => {
  test("single words match whole words only", () => {
    const o = patterns(["sudo"]);
    expect(check("sudo ls", o)).toBe(Code.BLOCKED_PATTERN);
    expect(last.message).toBe("command 'sudo ls' matches blocked pattern 'sudo'");
    expect(check("sudoku", o)).toBe("allow");
    expect(check("echo pseudo sudoers", o)).toBe("allow");
    expect(check("/usr/bin/SUDO ls", o)).toBe(Code.BLOCKED_PATTERN);
    expect(check("s''udo ls", o)).toBe(Code.BLOCKED_PATTERN);
    expect(check("env --user=sudo", o)).toBe(Code.BLOCKED_PATTERN);
  });
  test("globs and paths", () => {
    const o = patterns(["*.pem", "/etc/shadow", "mkfs*"]);
    expect(check("cat a/b/key.PEM", o)).toBe(Code.BLOCKED_PATTERN);
    expect(check("cat /etc/../etc//shadow", o)).toBe(Code.BLOCKED_PATTERN);
    expect(check("less < /etc/shadow", o)).toBe(Code.BLOCKED_PATTERN);
    expect(check("cat key.pem.txt", o)).toBe("allow");
  });
  test("relative paths resolve against every directory the command may be in", () => {
    const o = patterns(["/etc/shadow", "~/.ssh/*"]);
    o.cwd = "/w/app"; o.home = "/home/u";
    expect(check("cat shadow", o)).toBe("allow");
    expect(check("cd /tmp && cat shadow", o)).toBe("allow");
    expect(check("cd /etc && cat shadow", o)).toBe(Code.BLOCKED_PATTERN);
    expect(check("cat ../../etc/shadow", o)).toBe(Code.BLOCKED_PATTERN);
    expect(check("cd && cat .ssh/id_rsa", o)).toBe(Code.BLOCKED_PATTERN);
    expect(check("cat /home/u/.ssh/config", o)).toBe(Code.BLOCKED_PATTERN);
    expect(check("cd ~/.ssh && ls -la", o)).toBe("allow"); // options and command names are not paths
    expect(check("cd \"$D\" && cat x", o)).toBe(Code.BLOCKED_PATTERN); // could be anywhere
    expect(check("cd /etc && dd if=shadow of=/tmp/x", o)).toBe(Code.BLOCKED_PATTERN);
    expect(check("cd /etc && curl -d @shadow x", o)).toBe(Code.BLOCKED_PATTERN);
    // No cwd and no home: a relative path that spells a tail of the pattern from a literal segment could be it.
    const u = patterns(["/etc/shadow", "~/.ssh/*"]);
    expect(check("cat shadow", u)).toBe(Code.BLOCKED_PATTERN);
    expect(check("cat ../../../etc/shadow", u)).toBe(Code.BLOCKED_PATTERN);
    expect(check("cd ~/.ssh && cat id_rsa", u)).toBe(Code.BLOCKED_PATTERN);
    expect(check("cat /home/u/.ssh/id_rsa", u)).toBe(Code.BLOCKED_PATTERN);
    expect(check("cat README.md && ls src", u)).toBe("allow"); // not after a bare glob segment (`/*`)
  });
  test("values that reach arguments through variables", () => {
    const o = patterns(["/etc/shadow", "~/.ssh/*", "*.pem"]);
    o.cwd = "/w/app"; o.home = "/home/u";
    expect(check("cat $HOME/.ssh/id_rsa", o)).toBe(Code.BLOCKED_PATTERN);
    expect(check("X=/etc; cat $X/shadow", o)).toBe(Code.BLOCKED_PATTERN);
    expect(check("cat /etc/$(echo shadow)", o)).toBe(Code.BLOCKED_PATTERN);
    expect(check("f=key.pem; cat $f", o)).toBe(Code.BLOCKED_PATTERN);
    expect(check("for f in *; do cat \"$f\"; done", o)).toBe(Code.BLOCKED_PATTERN);
    expect(check("for f in src/*.ts; do cat \"$f\"; done", o)).toBe("allow");
    expect(check("cat \"$f\" $DIR/src/a.ts $HOME/.config", o)).toBe("allow");
    // A written value is one reading of the variable, never the only one.
    expect(check("E=/tmp; read E <<< /etc; cat $E/shadow", o)).toBe(Code.BLOCKED_PATTERN);
    expect(check("E=/tmp cat $E/shadow", o)).toBe(Code.BLOCKED_PATTERN);
    expect(check("E=/etc; echo x > $E/shadow", o)).toBe(Code.BLOCKED_PATTERN);
  });
  test("globs: globstar, POSIX classes, and long brackets fail closed", () => {
    const o = patterns(["/etc/shadow"]);
    o.cwd = "/w/app";
    expect(check("cat /etc/**/shadow", o)).toBe(Code.BLOCKED_PATTERN);
    expect(check("cat /etc/**/**/**/**/**/**/shadow", o)).toBe(Code.BLOCKED_PATTERN);
    expect(check("cat /etc/sh[[:alpha:]]dow", o)).toBe(Code.BLOCKED_PATTERN);
    expect(check("cat /etc/sh[[:alpha:]]xdow src/**/*.ts", o)).toBe("allow"); // a class is one byte
    let wide = "cat /etc/sh[";
    for (let i = 0; i < 300; i++) wide += "b";
    expect(check(wide + "]xdow", o)).toBe(Code.BLOCKED_PATTERN); // read as one byte it could not be /etc/shadow
  });
  test("flags in any order, split, long or abbreviated", () => {
    const o = patterns(["rm -rf"]);
    const hits = ["rm -rf x", "rm -fr x", "rm -r -f x", "rm -R --force x", "rm --recursive --force x",
      "rm --rec --for x", "rm x -rf", "sudo rm -rf x", "bash -c 'rm -fr x'", "RM -RF x"];
    for (let i = 0; i < hits.length; i++) expect(check(hits[i], o)).toBe(Code.BLOCKED_PATTERN, hits[i]);
    const misses = ["rm -r x", "rm -f x", "rm x", "echo rm -rf", "rm -- -rf"];
    for (let i = 0; i < misses.length; i++) expect(check(misses[i], o)).toBe("allow", misses[i]);
  });
  test("multi-word patterns: operands in order, flags anywhere", () => {
    const o = patterns(["git push --force", "dd if=", "chmod 777"]);
    expect(check("git push origin main -f", o)).toBe(Code.BLOCKED_PATTERN);
    // --force-with-lease, --mirror and a +refspec overwrite remote history too.
    expect(check("git push --force-with-lease", o)).toBe(Code.BLOCKED_PATTERN);
    expect(check("git push origin +main", o)).toBe(Code.BLOCKED_PATTERN);
    expect(check("git push origin main", o)).toBe("allow");
    expect(check("git -f push", o)).toBe(Code.BLOCKED_PATTERN);
    expect(check("dd if=/dev/zero of=x", o)).toBe(Code.BLOCKED_PATTERN);
    expect(check("chmod -R 777 d", o)).toBe(Code.BLOCKED_PATTERN);
    expect(check("chmod 755 d", o)).toBe("allow");
    expect(check("chmod 0777 d", o)).toBe(Code.BLOCKED_PATTERN);
    expect(check("chmod a=rwx d", o)).toBe(Code.BLOCKED_PATTERN);
    expect(check("chmod a=rwx,o-w d", o)).toBe("allow");
  });
  test("pipe and redirection patterns", () => {
    const o = patterns(["cat * | grep", "> /dev/sd*"]);
    o.builtin = false;
    expect(check("cat -n x | tee f | grep y", o)).toBe(Code.BLOCKED_PATTERN);
    expect(check("grep y f | cat -n x", o)).toBe("allow");
    expect(check("cat -n x; grep y f", o)).toBe("allow");
    expect(check("echo x >/dev/sdb", o)).toBe(Code.BLOCKED_PATTERN);
    expect(last.message).toBe("command 'echo x' redirects to /dev/sdb, which matches blocked pattern '> /dev/sd*'");
    expect(check("cat < /dev/sdb", o)).toBe("allow");
  });
  test("an empty pattern is a compile error", () => {
    expect(check("ls", patterns(["  "]))).toBe("compile: blocked_patterns[0]: blocked pattern '  ' is empty");
  });
});

describe("built-in checks", () => {
  test("recursive delete of / and home, in every spelling", () => {
    const o = new Opts();
    const hits = ["rm -rf /", "rm -fr /*", "rm -Rf ~/", "rm --recursive --force \"$HOME\"", "{rm,-rf,/}",
      "rm -rf //", "rm -r /.", "cd / && rm -rf *", "rm -rf \"$X/\"", "find / -delete", "sudo rm -rf ~root", "rm -rf \"$X\""];
    for (let i = 0; i < hits.length; i++) expect(check(hits[i], o)).toBe(
      i == 4 ? Code.COMMAND_NOT_ALLOWED : Code.DANGEROUS_OPERATION, hits[i]);
    expect(check("rm -rf /", o)).toBe(Code.DANGEROUS_OPERATION);
    expect(last.message).toBe("command 'rm -rf /' is a recursive delete of / (built-in check)");
    const misses = ["rm -rf build", "rm -rf /tmp/x", "rm -rf ~/.cache", "rm /", "rm -f \"$X\"", "echo rm -rf /"];
    for (let i = 0; i < misses.length; i++) expect(check(misses[i], o)).toBe("allow", misses[i]);
  });
  test("a recursive delete of a path computed at run time", () => {
    const o = new Opts();
    // The final component, or an unquoted part (it may split off a `/`), is something the command cannot show.
    const hits = ["rm -rf \"$X\"", "rm -rf \"$(echo /)\"", "rm -rf /tmp/\"$X\"", "rm -rf $X/build", "read d; rm -rf \"$d\"",
      "rm -rf \"${X:-build}\"", "echo / | xargs rm -rf", "rm $(echo -rf /)", "a='x /'; rm -rf $a", "IFS=x; a=/x; rm -rf $a",
      // A prefix IFS counts unless it is for read alone; an alias can redefine mktemp; a computed cd may be /.
      "a=/x; IFS=x eval 'rm -rf $a'", "shopt -s expand_aliases\nalias mktemp='echo /'\nd=$(mktemp -d); rm -rf \"$d\"",
      "cd \"$X\" && rm -rf *", "cd \"$X\" && rm -rf \"$PWD\""];
    for (let i = 0; i < hits.length; i++) expect(check(hits[i], o)).toBe(Code.DANGEROUS_OPERATION, hits[i]);
    expect(check("rm -rf \"$(echo /)\"", o)).toBe(Code.DANGEROUS_OPERATION);
    expect(last.message).toBe("command 'rm -rf $(…)' is a recursive delete of a path computed at run time, which could be / " +
      "(write the path out, or set the variable to it in this command) (built-in check)");
    // Numbers, $HOME/$PWD with a literal rest, a quoted computed part before a literal last component,
    // mktemp's fresh path, and anything without -r stay allowed.
    const misses = ["rm -rf \"/tmp/b.$$\"", "rm -rf \"out-$((1 + 2))\"", "rm -rf \"$HOME/.cache\"", "rm -rf \"$PWD/build\"",
      "rm -rf \"$X/build\"", "d=$(mktemp -d); rm -rf \"$d\"", "rm -f \"$X\"", "d=build; rm -rf \"$d\"", "mv \"$X\" y",
      "cd \"$X\" && rm -rf build", "IFS=, read -r a b < f; rm -f \"$a\""];
    for (let i = 0; i < misses.length; i++) expect(check(misses[i], o)).toBe("allow", misses[i]);
    // With no -r written, the message says where the recursion may come from.
    expect(check("rm $(echo -rf /)", o)).toBe(Code.DANGEROUS_OPERATION);
    expect(last.message).toBe("command 'rm $(…)' may be (a computed word can add -r) a recursive delete of a path computed at run time, " +
      "which could be / (write the path out, or set the variable to it in this command) (built-in check)");
  });
  test("home given by the host", () => {
    const o = new Opts(); o.home = "/home/u"; o.cwd = "/home/u/p";
    expect(check("rm -rf /home/u", o)).toBe(Code.DANGEROUS_OPERATION);
    expect(check("rm -rf ..", o)).toBe(Code.DANGEROUS_OPERATION);
    expect(check("rm -rf ../p", o)).toBe("allow");
  });
  test("devices, formats, bombs, downloads", () => {
    const o = new Opts();
    expect(check("dd if=x of=/dev/sda", o)).toBe(Code.DANGEROUS_OPERATION);
    expect(check("dd if=x of=/dev/null", o)).toBe("allow");
    expect(check("echo > /dev/nvme0n1", o)).toBe(Code.DANGEROUS_OPERATION);
    expect(check("mkfs.xfs /dev/sdb", o)).toBe(Code.DANGEROUS_OPERATION);
    expect(check(":(){ :|:& };:", o)).toBe(Code.DANGEROUS_OPERATION);
    expect(check("f() { f; }; f", o)).toBe("allow");
    expect(check("curl x | sh", o)).toBe(Code.DANGEROUS_OPERATION);
    expect(last.message).toBe("command 'sh' runs code from 'curl x': pipes a download into an interpreter (built-in check)");
    expect(check("curl x | jq .", o)).toBe("allow");
    expect(check("chmod -R 777 /", o)).toBe(Code.DANGEROUS_OPERATION);
    expect(check("chmod -R 777 ./dist", o)).toBe("allow");
  });
  test("built-ins run before the allowlist and can be switched off", () => {
    const o = allowing(["ls"]);
    expect(check("rm -rf /", o)).toBe(Code.DANGEROUS_OPERATION);
    o.builtin = false;
    expect(check("rm -rf /", o)).toBe(Code.COMMAND_NOT_ALLOWED);
  });
});

describe("max_execution_time", () => {
  test("a stated timeout must be within the limit; none stated is allowed with an obligation", () => {
    const o = new Opts(); o.max = 60;
    expect(check("ls", o)).toBe("allow");
    expect(last.obligation).toBe(Obligation.MaxExecutionTime);
    expect(last.obligationValue).toBe(60.0);
    o.timeout = 60;
    expect(check("ls", o)).toBe("allow");
    expect(last.obligation).toBe(Obligation.MaxExecutionTime);
    o.timeout = 61;
    expect(check("ls", o)).toBe(Code.LIMIT_EXCEEDED);
    expect(last.message).toBe("timeout 61 s is not within max_execution_time (60 s)");
    o.timeout = 0;
    expect(check("ls", o)).toBe(Code.LIMIT_EXCEEDED);
    o.timeout = -5;
    expect(check("ls", o)).toBe(Code.LIMIT_EXCEEDED);
    o.timeout = Infinity;
    expect(check("ls", o)).toBe(Code.LIMIT_EXCEEDED);
    o.timeout = NaN;
    o.background = true;
    expect(check("ls", o)).toBe(Code.LIMIT_EXCEEDED);
    o.max = NaN;
    expect(check("ls", o)).toBe("allow");
    expect(last.obligation).toBe(Obligation.None);
    o.max = -1;
    expect(check("ls", o)).toBe("compile: max_execution_time must be a positive number of seconds");
  });
});

function dirs(cwd: string | null): Opts {
  const o = new Opts(); o.dirs = ["/w", "~/proj"]; o.cwd = cwd; o.root = "/w"; o.home = "/home/u"; return o;
}

function env(): Opts { const o = new Opts(); o.env = ["LD_PRELOAD", "PATH", "DYLD_*"]; return o; }

describe("allowed_working_directories", () => {
  test("tool cwd, canonical, whole segments", () => {
    expect(check("ls", dirs("/w/a"))).toBe("allow");
    expect(check("ls", dirs("a/../b"))).toBe("allow");
    expect(check("ls", dirs(null))).toBe("allow"); // the workspace root
    expect(check("ls", dirs("/home/u/proj/x"))).toBe("allow");
    expect(check("ls", dirs("/w-secrets"))).toBe(Code.DIRECTORY_NOT_ALLOWED);
    expect(check("ls", dirs("/w/../etc"))).toBe(Code.DIRECTORY_NOT_ALLOWED);
    expect(last.message).toBe("working directory '/etc' is not in allowed_working_directories");
    const o = dirs(null); o.root = "";
    expect(check("ls", o)).toBe(Code.DIRECTORY_NOT_ALLOWED);
  });
  test("every cd is followed, per subshell", () => {
    expect(check("cd a && cd .. && ls", dirs("/w"))).toBe("allow");
    expect(check("cd .. && ls", dirs("/w"))).toBe(Code.DIRECTORY_NOT_ALLOWED);
    expect(last.message).toBe("command 'cd ..' changes to '/', which is not in allowed_working_directories");
    expect(check("(cd a/b) && cd ../.. && ls", dirs("/w/x"))).toBe(Code.DIRECTORY_NOT_ALLOWED);
    expect(check("(cd a/b && cd ../..) && ls", dirs("/w/x"))).toBe("allow");
    expect(check("cd ~/proj && ls", dirs("/w"))).toBe("allow");
    expect(check("cd && ls", dirs("/w"))).toBe(Code.DIRECTORY_NOT_ALLOWED);
    expect(check("cd \"$D\"", dirs("/w"))).toBe(Code.DIRECTORY_NOT_ALLOWED);
    expect(check("cd /w/a && cd - && ls", dirs("/w"))).toBe("allow");
  });
});

describe("blocked_env_vars", () => {
  test("prefix assignments, env, export, loops, reads, tool_input.env", () => {
    const hits = ["LD_PRELOAD=x ls", "env -i PATH=/x ls", "export PATH=/x", "declare -x PATH", "for PATH in x; do :; done",
      "read PATH", ": ${LD_PRELOAD:=x}", "DYLD_INSERT_LIBRARIES=x ls", "sudo LD_PRELOAD=x ls", "export \"$V\"=1",
      "bash -c 'PATH=/x ls'"];
    for (let i = 0; i < hits.length; i++) expect(check(hits[i], env())).toBe(Code.ENV_VAR_BLOCKED, hits[i]);
    expect(check("LD_PRELOAD=x ls", env())).toBe(Code.ENV_VAR_BLOCKED);
    expect(last.message).toBe("command 'LD_PRELOAD=x ls' sets 'LD_PRELOAD', which is in blocked_env_vars");
    const misses = ["MYPATH=x ls", "path=x ls", "echo PATH=x", "export FOO=1"];
    for (let i = 0; i < misses.length; i++) expect(check(misses[i], env())).toBe("allow", misses[i]);
    const o = env(); o.envKeys = ["FOO", "LD_PRELOAD"];
    expect(check("ls", o)).toBe(Code.ENV_VAR_BLOCKED);
    expect(last.message).toBe("tool_input.env sets 'LD_PRELOAD', which is in blocked_env_vars");
  });
});

describe("order", () => {
  test("parse → built-in → allowlist → patterns → timeout → cwd → env", () => {
    const o = allowing(["ls", "cd"]); o.patterns = ["ls"]; o.max = 10; o.dirs = ["/w"]; o.cwd = "/etc"; o.env = ["X"];
    expect(check("X=1 ls; rm -rf /; curl '", o)).toBe(Code.COMMAND_INJECTION_DETECTED);
    expect(check("X=1 ls; rm -rf /; curl", o)).toBe(Code.DANGEROUS_OPERATION);
    expect(check("X=1 ls; curl", o)).toBe(Code.COMMAND_NOT_ALLOWED);
    expect(check("X=1 ls", o)).toBe(Code.BLOCKED_PATTERN);
    o.patterns = [];
    o.timeout = 11;
    expect(check("X=1 ls", o)).toBe(Code.LIMIT_EXCEEDED);
    o.timeout = 5;
    expect(check("X=1 ls", o)).toBe(Code.DIRECTORY_NOT_ALLOWED);
    o.cwd = "/w";
    expect(check("X=1 ls", o)).toBe(Code.ENV_VAR_BLOCKED);
    expect(check("ls", o)).toBe("allow");
  });
  test("messages are cut to about 120 bytes", () => {
    let long = "curl";
    for (let i = 0; i < 50; i++) long += " argument";
    expect(check(long, allowing(["ls"]))).toBe(Code.COMMAND_NOT_ALLOWED);
    expect(last.message.length < 170).toBe(true);
    expect(last.message.includes("…' is not in allowed_commands")).toBe(true);
  });
});
