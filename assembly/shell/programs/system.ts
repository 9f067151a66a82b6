// System administration: disks, processes, power, services, containers (util-linux 2.39, procps, systemd,
// docker 2x, kubectl 1.3x). Most have a built-in check by name (danger.ts).

import { Cmd, Kind } from "./ids";
import { EffectFrom, ProgramRow, program, reads, writes } from "./spec";

export function systemRows(rows: ProgramRow[]): void {
  rows.push(program("mkfs mke2fs mkdosfs newfs", Cmd.MKFS).checked()); // and mkfs.<type> (names.ts)
  rows.push(program("kill", Cmd.KILL).options("sn", "signal=/s").style(0).flags("signal/s").checked());
  rows.push(program("shutdown reboot halt poweroff", Cmd.POWER).checked());
  rows.push(program("init telinit", Cmd.INIT).checked());
  rows.push(program("systemctl", Cmd.SYSTEMCTL).checked());
  rows.push(program("mount", Cmd.MOUNT).options("oOtLUTN", "options=/o test-opts=/O types=/t label=/L uuid=/U " +
    "fstab=/T namespace=/N bind/B rbind/R move/M"));
  rows.push(program("truncate", Cmd.TRUNCATE | Kind.DEVICE_WRITER).checked()
    .options("sr", "size=/s reference=/r no-create/c io-blocks/o")
    .effect(writes(EffectFrom.OPERANDS)).effect(reads(EffectFrom.OPTION_VALUE, "-r --reference")));
  rows.push(program("wipefs blkdiscard ddrescue badblocks zerofree hdparm sgdisk flashrom mkswap " +
    "sfdisk fdisk cfdisk gdisk parted", Cmd.DEVTOOL | Kind.DEVICE_WRITER).checked()
    // Each writes the device or file it is given. Their grammars differ and are not listed: an option's value
    // counts as an operand too (judged as a write; never a device left unjudged).
    .effect(writes(EffectFrom.OPERANDS)));
  // docker (CLI 2x, cobra): the global options come before the subcommand, whose own options follow it; a
  // short option's value is attached or the next word, whatever it looks like (`docker run -v -f x` mounts "-f").
  rows.push(program("docker podman nerdctl", Cmd.DOCKER)
    .options("cHl", "config= context=/c host=/H log-level=/l")
    .flags("force/f volume/v interactive/i tty/t detach/d all/a env/e publish/p user/u workdir/w network/9")
    // Long options are listed where a value matters here; one not listed reads as a flag (more flags, never fewer).
    .sub(program("run create").options("acehlmpuvw", "attach=/a cpu-shares=/c env=/e hostname=/h label=/l memory=/m " +
      "publish=/p user=/u volume=/v workdir=/w name= network= entrypoint= mount="))
    .sub(program("exec").options("euw", "env=/e user=/u workdir=/w"))
    .sub(program("build").options("cfmt", "cpu-shares=/c file=/f memory=/m tag=/t"))
    .sub(program("compose").options("fp", "file=/f project-name=/p"))
    .sub(program("ps").options("fn", "filter=/f last=/n"))
    .sub(program("logs").options("n", "tail=/n"))
    .sub(program("kill").options("s", "signal=/s"))
    .sub(program("stop restart").options("st", "signal=/s timeout=/t")));
  // kubectl 1.3x (pflag): options anywhere; most commands read -f/-o/-l/-c/-k/-L with a value, logs -f is --follow.
  rows.push(program("kubectl", Cmd.KUBECTL)
    .options("cfklLnosv", "namespace=/n server=/s v=/v context= cluster= user= kubeconfig= " +
      "container=/c filename=/f kustomize=/k selector=/l label-columns=/L output=/o")
    .flags("all-namespaces/a namespace/n filename/f output/o")
    .sub(program("logs").options("clnsv", "namespace=/n server=/s v=/v container=/c selector=/l tail=")));
}
