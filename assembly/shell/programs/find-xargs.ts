// find and xargs: programs that run other programs over files. GNU findutils 4.9.

import { Cmd, Kind } from "./ids";
import { EffectFrom, ProgramRow, Style, deletes, program, reads, writes } from "./spec";

const V = EffectFrom.OPTION_VALUE;

export function findRows(rows: ProgramRow[]): void {
  // find's expression words are single-dash long options; -exec … ; runs a command (a sibling view).
  rows.push(program("find gfind", Cmd.FIND | Kind.WRAPPER)
    .options("D", "name= iname= path= ipath= wholename= iwholename= regex= iregex= lname= ilname= type= xtype= " +
      "perm= user= group= uid= gid= size= newer= anewer= cnewer= samefile= links= inum= mtime= mmin= atime= amin= " +
      "ctime= cmin= used= maxdepth= mindepth= fstype= context= fprint= fprint0= fprintf= fls= printf= regextype= " +
      "files0-from= newerXY= delete print print0 prune quit ls depth mount xdev follow noleaf daystart H L P D=")
    .style(Style.PERMUTE | Style.SINGLE_DASH_LONG | Style.EXACT_LONG)
    .flags("").checked()
    // It reads its starting points and everything under them (-delete deletes there); -fprint FILE and kin
    // write. What -exec runs applies its own effects, and a `{}` it is given is under the starting points.
    .effect(reads(EffectFrom.LEADING_OPERANDS).tree()).effect(deletes(EffectFrom.LEADING_OPERANDS, "", "-delete").tree())
    .effect(writes(V, "-fprint -fprint0 -fprintf -fls"))
    .effect(reads(V, "-newer -anewer -cnewer -samefile -files0-from")));
  rows.push(program("fd fdfind", Cmd.FD | Kind.WRAPPER)
    .options("xXedtEcjS", "exec=/x exec-batch=/X extension=/e max-depth=/d type=/t exclude=/E color=/c threads=/j size=/S"));
  rows.push(program("xargs gxargs", Cmd.XARGS | Kind.WRAPPER)
    .options("adEILnPs",
      "arg-file=/a delimiter=/d eof?/E replace?/I max-lines?/L max-args=/n max-procs=/P max-chars=/s " +
      "process-slot-var= null/0 no-run-if-empty/r verbose/t interactive/p exit/x open-tty/o", "eil")
    .style(0)
    .flags("null/0 no-run-if-empty/r")
    // -a names the file xargs reads its arguments from instead of stdin.
    .effect(reads(V, "-a --arg-file")));
}
