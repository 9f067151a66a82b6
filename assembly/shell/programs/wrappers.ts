// Wrappers: programs that run the command in their operands (the walk makes it a view of its own).
// Grammars follow each tool's getopt string (coreutils 9, util-linux 2.39, sudo 1.9, findutils 4.9).
// Without Style.PERMUTE the first operand ends the options: it is the command.

import { Cmd, Kind } from "./ids";
import { CodeIn, ProgramRow, Style, program } from "./spec";

const W = Kind.WRAPPER;

export function wrapperRows(rows: ProgramRow[]): void {
  rows.push(program("env", Cmd.ENV | W).style(0)
    .options("uCSP", "unset=/u chdir=/C split-string=/S ignore-environment/i null/0 debug/v")
    .runs("-S --split-string", CodeIn.SHELL_TEXT).cd("-C --chdir"));
  rows.push(program("nohup", Cmd.NOHUP | W).style(0));
  rows.push(program("timeout gtimeout", Cmd.TIMEOUT | W).style(0)
    .options("sk", "signal=/s kill-after=/k foreground/f preserve-status/p verbose/v"));
  rows.push(program("nice", Cmd.NICE | W).style(0).options("n", "adjustment=/n"));
  rows.push(program("exec", Cmd.EXEC | W).style(0).options("a"));
  rows.push(program("command", Cmd.COMMAND | W).style(0));
  rows.push(program("builtin", Cmd.BUILTIN | W).style(0));
  rows.push(program("sudo", Cmd.SUDO | W).style(0)
    .options("ugCDhprtTU", "user=/u group=/g close-from=/C chdir=/D host=/h prompt=/p role=/r type=/t " +
      "command-timeout=/T other-user=/U preserve-env?/E login/i shell/s edit/e list/l validate/v askpass/A " +
      "background/b non-interactive/n stdin/S remove-timestamp/K reset-timestamp/k set-home/H preserve-groups/P")
    .cd("-D --chdir")
    .flags("user/u shell/s login/i preserve-env/e"));
  rows.push(program("doas", Cmd.DOAS | W).style(0).options("uC"));
  rows.push(program("time gtime", Cmd.TIME | W).style(0)
    .options("fo", "format=/f output=/o append/a portability/p verbose/v quiet/q"));
  rows.push(program("stdbuf gstdbuf", Cmd.STDBUF | W).style(0).options("ioe", "input=/i output=/o error=/e"));
  rows.push(program("setsid", Cmd.SETSID | W).style(0).options("", "ctty/c fork/f wait/w"));
  rows.push(program("ionice", Cmd.IONICE | W).style(0)
    .options("cnpPu", "class=/c classdata=/n pid=/p pgid=/P uid=/u ignore/t"));
  rows.push(program("chroot", Cmd.CHROOT | W).style(0).options("", "userspec= groups= skip-chdir"));
  rows.push(program("strace ltrace", Cmd.STRACE | W).style(0)
    .options("eoOpPsSuEabIXU", "output=/o trace=/e signal= attach=/p user=/u env=/E"));
  rows.push(program("watch", Cmd.WATCH | W).style(0)
    .options("nq", "interval=/n differences?/d exec/x chgexit/g errexit/e beep/b color/c no-title/t precise/p no-wrap/w"));
  rows.push(program("flock", Cmd.FLOCK | W).style(0)
    .options("wEc", "timeout=/w conflict-exit-code=/E command=/c shared/s exclusive/x unlock/u nonblock/n close/o " +
      "no-fork/F verbose/v")
    .runs("-c --command", CodeIn.SHELL_TEXT));
  rows.push(program("taskset", Cmd.TASKSET | W).style(0).options("", "all-tasks/a pid/p cpu-list/c"));
  rows.push(program("chrt", Cmd.CHRT | W).style(0)
    .options("TPD", "sched-runtime=/T sched-period=/P sched-deadline=/D pid/p all-tasks/a"));
  // Wrappers whose options take values.
  rows.push(program("ssh-agent", Cmd.SSH_AGENT | W).style(0).options("aEOPt"));
  rows.push(program("nsenter", Cmd.NSENTER | W).style(0).options("tSG",
    "target=/t setuid=/S setgid=/G root?/r wd?/w wdns= mount?/m uts?/u ipc?/i net?/n pid?/p cgroup?/C user?/U " +
    "time?/T env/e follow-context/Z preserve-credentials", "muinpCUTrwW"));
  rows.push(program("unshare", Cmd.UNSHARE | W).style(0).options("RwSG",
    "root=/R wd=/w setuid=/S setgid=/G propagation= setgroups= map-user= map-group= map-users= map-groups= " +
    "monotonic= boottime= load-interp= mount? uts? ipc? net? pid? user? cgroup? time? mount-proc? kill-child? " +
    "fork/f map-root-user/r map-current-user/c map-auto keep-caps"));
  rows.push(program("numactl", Cmd.NUMACTL | W).style(0).options("CNmpiPb",
    "physcpubind=/C cpunodebind=/N membind=/m preferred=/p interleave=/i preferred-many=/P balancing/b " +
    "localalloc/l all/a huge touch strict"));
  rows.push(program("cgexec", Cmd.CGEXEC | W).style(0).options("g", "sticky"));
  rows.push(program("unbuffer caffeinate torsocks tsocks proxychains proxychains4 fakeroot eatmydata " +
    "catchsegv dbus-run-session dbus-launch nocache firejail rlwrap xvfb-run with-contenv " +
    "systemd-run setpriv prlimit valgrind pkexec runcon chpst sem chronic ifne " +
    "run-one retry entr tini dumb-init linux32 linux64 sandbox-exec bwrap", Cmd.SIMPLE_WRAPPER | W).style(0));
  // The first operand is not the command (a user, a date, an architecture, a lock file).
  rows.push(program("gosu su-exec setuidgid faketime setarch lckdo", Cmd.SKIP1_WRAPPER | W).style(0));
  // runuser -u USER runs its operands as the command; without -u it is su.
  rows.push(program("su runuser", Cmd.SU | W)
    .options("csgGwu", "command=/c session-command= shell=/s group=/g supp-group=/G whitelist-environment=/w " +
      "user=/u login/l preserve-environment/m pty/P")
    .runs("-c --command --session-command", CodeIn.SHELL_TEXT));
  // Programs that run commands in forms the walk does not parse: any call not known to run none is refused
  // (interp/code-runners.ts says which are inert: `tmux ls`, `perf report`, `gdb --version`, `screen -ls`).
  rows.push(program("gdb perf tmux screen start-stop-daemon capsh expect at batch crontab", Cmd.CODE_RUNNER | W)
    .style(0));
  rows.push(program("sg", Cmd.SG | W).style(0));
  rows.push(program("script", Cmd.SCRIPT | W)
    .options("cEIOBTm", "command=/c echo=/E log-in=/I log-out=/O log-io=/B log-timing=/T logging-format=/m")
    .runs("-c --command", CodeIn.SHELL_TEXT));
  rows.push(program("busybox toybox", Cmd.BUSYBOX | W).style(0));
  rows.push(program("parallel", Cmd.PARALLEL | W).style(0)
    .options("jaSdIEnNLlPsX", "jobs=/j arg-file=/a sshlogin=/S delimiter=/d"));
  rows.push(program("man", Cmd.MAN | W).options("CMSeLmprP", "pager=/P").runs("-P --pager", CodeIn.SHELL_TEXT));
  rows.push(program("compgen complete", Cmd.COMPGEN | W).style(0).options("oAGWFPSXC").runs("-C", CodeIn.SHELL_TEXT));
  rows.push(program("enable", Cmd.ENABLE | W).style(0).options("f").runs("-f", CodeIn.ANY_USE));
}
