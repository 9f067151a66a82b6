// File tools the built-in checks and blocked_patterns know (GNU coreutils 9). Flag aliases let a pattern
// `rm -rf` match `rm -fr`, `rm -r -f`, `rm --recursive --force` and `rm --rec --f`.

import { Cmd, Kind } from "./ids";
import { EffectFrom, ProgramRow, deletes, program, reads, writes } from "./spec";

const O = EffectFrom.OPERANDS;
const V = EffectFrom.OPTION_VALUE;
/** cp/mv/install SOURCE… TARGET, or `-t DIR SOURCE…`. */
const BUT_LAST = EffectFrom.OPERANDS_BUT_LAST;
const LAST = EffectFrom.LAST_OPERAND;
const NO_T = "!-t !--target-directory";
const T = "-t --target-directory";
/** Each source lands in the target directory as TARGET/NAME (EffectFrom.INTO_TARGET). */
const INTO = EffectFrom.INTO_TARGET;
/** cp's options that copy directories with everything in them. */
const R = "-r -R --recursive -a --archive";
/** `-S SUFFIX`: the backup of each destination, named destination + SUFFIX (EffectFrom.BACKUPS). */
const BACKUPS = EffectFrom.BACKUPS;
const SUFFIX = "-S --suffix";
const NOT_R = "!-r !-R !--recursive !-a !--archive";

export function fileRows(rows: ProgramRow[]): void {
  rows.push(program("rm grm", Cmd.RM)
    .options("", "recursive/r force/f interactive? dir/d verbose/v one-file-system no-preserve-root preserve-root?")
    .flags("recursive/r force/f interactive/i dir/d verbose/v").checked()
    // A directory's tree goes with it: `rm -r .github` deletes a blocked `.github/workflows`.
    .effect(deletes(O).tree()));
  rows.push(program("cp gcp", Cmd.CP | Kind.DEVICE_WRITER)
    .options("tS", "target-directory=/t suffix=/S backup? reflink? sparse= preserve? no-preserve= " +
      "recursive/r force/f archive/a interactive/i no-clobber/n update? verbose/v link/l symbolic-link/s " +
      "no-dereference/P dereference/L no-target-directory/T")
    .flags("recursive/r force/f archive/a interactive/i no-clobber/n update/u verbose/v link/l symbolic-link/s " +
      "no-dereference/p dereference/l target-directory/t suffix/s backup/b", "a:rdp")
    // `cp hooks .git/` writes .git/hooks; `cp -r x new` makes `new` a copy of x, tree and all.
    .effect(reads(BUT_LAST, "", NO_T).tree()).effect(reads(O, "", T).tree())
    .effect(writes(LAST, "", NO_T + " " + NOT_R)).effect(writes(EffectFrom.NEW_TARGET, "", R + " " + NO_T).tree())
    .effect(writes(V, T)).effect(writes(INTO).tree(R)).effect(writes(BACKUPS, SUFFIX)));
  rows.push(program("mv gmv", Cmd.MV)
    .options("tS", "target-directory=/t suffix=/S backup? force/f interactive/i no-clobber/n update? verbose/v " +
      "no-target-directory/T")
    .flags("force/f interactive/i no-clobber/n update/u verbose/v target-directory/t suffix/s").checked()
    // What mv moves goes with its tree: out of the source, into TARGET/NAME or a new TARGET.
    .effect(deletes(BUT_LAST, "", NO_T).tree()).effect(deletes(O, "", T).tree())
    .effect(writes(EffectFrom.NEW_TARGET, "", NO_T).tree()).effect(writes(V, T)).effect(writes(INTO).tree())
    .effect(writes(BACKUPS, SUFFIX)));
  rows.push(program("chmod gchmod", Cmd.CHMOD)
    .options("", "reference= recursive/R verbose/v changes/c silent/f quiet/f")
    .flags("recursive/r verbose/v changes/c silent/f quiet/f").checked()
    // The mode comes first (`chmod -w f` spells it as an option), unless --reference gives it.
    .effect(writes(EffectFrom.OPERANDS_AFTER_FIRST, "", "!--reference !-r !-w !-x !-X !-s !-t").tree("-R --recursive"))
    .effect(writes(O, "", "--reference -r -w -x -X -s -t").tree("-R --recursive")).effect(reads(V, "--reference")));
  rows.push(program("chown chgrp gchown gchgrp", Cmd.CHOWN)
    .options("", "reference= from= recursive/R verbose/v changes/c silent/f quiet/f no-dereference/h")
    .flags("recursive/r verbose/v changes/c silent/f quiet/f no-dereference/h").checked()
    .effect(writes(EffectFrom.OPERANDS_AFTER_FIRST, "", "!--reference").tree("-R --recursive"))
    .effect(writes(O, "", "--reference").tree("-R --recursive"))
    .effect(reads(V, "--reference")));
  // A symbolic link's relative target is resolved from the link's directory, not the working directory:
  // LINK_TARGETS judges it from there (`ln -s ../../etc/passwd out/x` reaches /etc/passwd).
  rows.push(program("ln gln", Cmd.LN)
    .options("tS", "target-directory=/t suffix=/S backup? force/f symbolic/s relative/r logical/L physical/P " +
      "no-dereference/n no-target-directory/T interactive/i verbose/v")
    .flags("force/f symbolic/s")
    .effect(reads(EffectFrom.LINK_TARGETS)).effect(writes(LAST, "", NO_T)).effect(writes(V, T)).effect(writes(INTO))
    .effect(writes(BACKUPS, SUFFIX)));
  rows.push(program("tee gtee", Cmd.TEE | Kind.DEVICE_WRITER).options("", "append/a output-error?").effect(writes(O)));
  rows.push(program("shred gshred", Cmd.SHRED | Kind.DEVICE_WRITER)
    .options("ns", "iterations=/n size=/s random-source= remove? zero/z force/f verbose/v exact/x")
    .flags("remove/u zero/z iterations/n force/f verbose/v").checked()
    .effect(deletes(O)));
  rows.push(program("dd gdd", Cmd.DD).checked()
    .effect(reads(EffectFrom.OPERAND_SETTING, "if=")).effect(writes(EffectFrom.OPERAND_SETTING, "of=")));
  rows.push(program("cat", Cmd.CAT).effect(reads(O)));
  rows.push(program("install ginstall").options("gmoSt", "group=/g mode=/m owner=/o suffix=/S target-directory=/t " +
    "strip-program= backup? directory/d compare/C preserve-timestamps/p strip/s verbose/v no-target-directory/T")
    .effect(reads(BUT_LAST, "", NO_T + " !-d !--directory")).effect(reads(O, "", T))
    .effect(writes(LAST, "", NO_T + " !-d !--directory")).effect(writes(O, "", "-d --directory")).effect(writes(V, T))
    .effect(writes(INTO, "", "!-d !--directory")).effect(writes(BACKUPS, SUFFIX)));
  rows.push(program("touch").options("dtr", "date=/d reference=/r time= no-create/c no-dereference/h")
    .effect(writes(O)).effect(reads(V, "-r --reference")));
  rows.push(program("mkdir").options("m", "mode=/m context? parents/p verbose/v").effect(writes(O)));
}
