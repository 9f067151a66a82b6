// System administration: disks, processes, power, services, containers (util-linux 2.39, procps, systemd,
// docker 2x, kubectl 1.3x). Most have a built-in check by name (danger.ts).

import { Cmd, Kind } from "./ids";
import { EffectFrom, ProgramRow, program, reads, writes } from "./spec";

export function systemRows(rows: ProgramRow[]): void {
  rows.push(program("mkfs mke2fs mkdosfs newfs", Cmd.MKFS).checked()); // and mkfs.<type> (names.ts)
  rows.push(program("kill", Cmd.KILL).options("sn", "signal=/s").style(0).flags("signal/s", "sn").checked());
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
  rows.push(program("docker podman nerdctl", Cmd.DOCKER)
    .flags("force/f volume/v interactive/i tty/t detach/d all/a env/e publish/p user/u workdir/w network/9", "vepuwlhnc"));
  rows.push(program("kubectl", Cmd.KUBECTL)
    .flags("all-namespaces/a namespace/n filename/f output/o", "nflco"));
}
