// Programs that move bytes over the network or turn bytes into other bytes (curl 8, wget 1.21, netcat,
// socat, openssl, and the decoders a downloaded payload passes through before it runs).

import { Cmd, Kind } from "./ids";
import { ProgramRow, program } from "./spec";

export function transferRows(rows: ProgramRow[]): void {
  rows.push(program("nc ncat netcat", Cmd.NC | Kind.DOWNLOAD).checked());
  rows.push(program("socat", Cmd.SOCAT | Kind.DOWNLOAD).checked());
  rows.push(program("curl", Cmd.CURL | Kind.DOWNLOAD).options("odHXuTFAeEbrwxyzC")
    .flags("output/o remote-name/o silent/s location/l insecure/k data/d header/h request/x user/u fail/f " +
      "show-error/s upload-file/t form/f", "odHXuTFAeEbrwxyzC"));
  rows.push(program("wget wget2", Cmd.WGET | Kind.DOWNLOAD).options("OoPaeTtUwlQ")
    .flags("output-document/o quiet/q recursive/r no-parent/n mirror/m", "OoPaeTtUwlQ"));
  rows.push(program("fetch aria2c http https xh httpie lwp-request lwp-download GET telnet tftp ftp curlie wcurl",
    Kind.DOWNLOAD));
  rows.push(program("openssl", Cmd.OPENSSL | Kind.DECODER | Kind.DOWNLOAD));
  rows.push(program("base64 gbase64 base32 basenc xxd uudecode gunzip zcat gzip bunzip2 bzcat bzip2 " +
    "unxz xzcat xz unzstd zstdcat zstd lzcat unlzma rev tr", Kind.DECODER));
}
