// Programs that move bytes over the network or turn bytes into other bytes (curl 8, wget 1.21, netcat,
// socat, openssl, and the decoders a downloaded payload passes through before it runs).

import { Cmd, Kind } from "./ids";
import { CodeIn, EffectFrom, ProgramRow, contacts, method, program, reads, writes } from "./spec";

const O = EffectFrom.OPERANDS;
const V = EffectFrom.OPTION_VALUE;
const ALWAYS = EffectFrom.ALWAYS;
/** curl's options that send a body (POST unless -G or -X says otherwise). */
const CURL_DATA = "-d --data --data-binary --data-raw --data-ascii --data-urlencode --json -F --form --form-string";

export function transferRows(rows: ProgramRow[]): void {
  rows.push(program("nc ncat netcat", Cmd.NC | Kind.DOWNLOAD).checked());
  rows.push(program("socat", Cmd.SOCAT | Kind.DOWNLOAD).checked());
  // curl: every operand is a URL, and so are its proxies and resolver addresses (--resolve and --connect-to
  // name another address for a host: judged as destinations, which they are not written as, so refused).
  // -T, -d @file and -F name=@file upload files; -o, -O, the cookie jar and the traces write.
  rows.push(program("curl", Cmd.CURL | Kind.DOWNLOAD).options("AbcCdDeEFHKmoPQrTtuUwxXyYz",
    "user-agent=/A cookie=/b cookie-jar=/c continue-at=/C data=/d data-binary= data-raw= data-ascii= data-urlencode= " +
    "json= dump-header=/D referer=/e cert=/E key= cacert= form=/F form-string= header=/H config=/K max-time=/m " +
    "connect-timeout= output=/o output-dir= quote=/Q range=/r upload-file=/T telnet-option=/t user=/u proxy-user=/U " +
    "write-out=/w proxy=/x request=/X speed-limit=/Y speed-time=/y time-cond=/z url= resolve= connect-to= trace= " +
    "trace-ascii= stderr= retry= request-target= proxy-header= netrc-file= unix-socket= abstract-unix-socket= interface= dns-servers= doh-url= " +
    "preproxy= socks5= socks5-hostname= socks4= socks4a= variable= expand-url= ftp-port=/P " +
    // Every other option that takes a value (curl 8 `--help all`): its value is not a URL.
    "alt-svc= aws-sigv4= capath= cert-type= ciphers= create-file-mode= crlfile= curves= delegation= dns-interface= " +
    "dns-ipv4-addr= dns-ipv6-addr= egd-file= engine= etag-compare= etag-save= expect100-timeout= ftp-account= " +
    "ftp-alternative-to-user= ftp-method= ftp-ssl-ccc-mode= happy-eyeballs-timeout-ms= hostpubmd5= hostpubsha256= " +
    "hsts= keepalive-time= key-type= krb= libcurl= limit-rate= local-port= login-options= mail-auth= mail-from= " +
    "mail-rcpt= max-filesize= max-redirs= noproxy= oauth2-bearer= parallel-max= pass= pinnedpubkey= proto= " +
    "proto-default= proto-redir= proxy-cacert= proxy-capath= proxy-cert= proxy-cert-type= proxy-ciphers= " +
    "proxy-crlfile= proxy-key= proxy-key-type= proxy-pass= proxy-pinnedpubkey= proxy-service-name= " +
    "proxy-tls13-ciphers= proxy-tlsauthtype= proxy-tlspassword= proxy-tlsuser= pubkey= random-file= rate= " +
    "retry-delay= retry-max-time= sasl-authzid= service-name= socks5-gssapi-service= tftp-blksize= tls-max= " +
    "tls13-ciphers= tlsauthtype= tlspassword= tlsuser= url-query= ip-tos= vlan-priority= ech= ssl-sessions= " +
    "trace-config= upload-flags= knownhosts= sigalgs= proxy-sigalgs= " +
    "remote-name/O remote-name-all head/I get/G location/L silent/s insecure/k fail/f show-error/S")
    .effect(contacts(O))
    .effect(contacts(V, "--url -x --proxy --preproxy --resolve --connect-to --doh-url --dns-servers --socks5 " +
      "--socks5-hostname --socks4 --socks4a --unix-socket --abstract-unix-socket"))
    .effect(writes(V, "-o --output --output-dir -c --cookie-jar -D --dump-header --trace --trace-ascii --stderr " +
      "--libcurl --etag-save --hsts --alt-svc --ssl-sessions"))
    .effect(writes(ALWAYS, "", "-O --remote-name --remote-name-all !--output-dir", "."))
    .effect(reads(V, "-T --upload-file -K --config --netrc-file --etag-compare --hsts --alt-svc --ssl-sessions"))
    // A config file names URLs the command does not show: a contact with no address written out.
    .effect(contacts(ALWAYS, "", "-K --config", ""))
    // -w @file prints the file as the format; --data-urlencode name@file sends it.
    .effect(reads(EffectFrom.OPTION_AT_FILE, "-d --data --data-binary --data-ascii --data-urlencode --json -F --form " +
      "-w --write-out -H --header --proxy-header --variable"))
    // The method: a body makes it POST, -T PUT, -I HEAD, -G GET; -X says it outright (last rule wins).
    .effect(method(ALWAYS, "", CURL_DATA, "POST")).effect(method(ALWAYS, "", "-T --upload-file", "PUT"))
    .effect(method(ALWAYS, "", "-I --head", "HEAD")).effect(method(ALWAYS, "", "-G --get", "GET"))
    .effect(method(V, "-X --request"))
    // A method-override header makes the server act on that method (after -X: a server honours the header).
    .effect(method(EffectFrom.HEADER_METHOD, "-H --header"))
    .flags("output/o remote-name/o silent/s location/l insecure/k data/d header/h request/x user/u fail/f " +
      "show-error/s upload-file/t form/f")
    // The proxy the environment names carries every request: a contact. CURL_HOME moves the .curlrc it reads.
    .effect(contacts(EffectFrom.ENV_VALUE, "http_proxy")).effect(contacts(EffectFrom.ENV_VALUE, "https_proxy"))
    .effect(contacts(EffectFrom.ENV_VALUE, "all_proxy")).effect(contacts(EffectFrom.ENV_VALUE, "ftp_proxy"))
    .env("CURL_HOME"));
  // wget saves into the working directory unless -O or -P names the place; -e runs a wgetrc command, which
  // can name any output file: a write to a place no path names.
  rows.push(program("wget wget2", Cmd.WGET | Kind.DOWNLOAD).options("OoPaeTtUwlQiDARIXB",
    "output-document=/O output-file=/o append-output=/a directory-prefix=/P input-file=/i timeout=/T tries=/t " +
    "wait=/w quota=/Q user-agent=/U level=/l domains=/D accept=/A reject=/R execute=/e include-directories=/I " +
    "exclude-directories=/X base=/B post-data= post-file= body-data= body-file= method= header= user= password= " +
    "load-cookies= save-cookies= config= ca-certificate= certificate= private-key= bind-address= spider " +
    "report-speed= rejected-log= retry-on-http-error= start-pos= progress= dns-timeout= connect-timeout= " +
    "read-timeout= waitretry= limit-rate= restrict-file-names= prefer-family= use-askpass= local-encoding= " +
    "remote-encoding= cut-dirs= http-user= http-password= default-page= compression= proxy-user= proxy-password= " +
    "referer= secure-protocol= certificate-type= private-key-type= ca-directory= crl-file= pinnedpubkey= ciphers= " +
    "ftp-user= ftp-password= warc-file= warc-header= warc-max-size= warc-dedup= warc-tempdir= hsts-file= backups= " +
    "accept-regex= reject-regex= regex-type= exclude-domains= follow-tags= ignore-tags= " +
    "recursive/r mirror/m page-requisites/p span-hosts/H")
    .flags("output-document/o quiet/q recursive/r no-parent/n mirror/m")
    // The program that prints a password; WGET_ASKPASS names it too.
    .refuses("--use-askpass", CodeIn.PROGRAM)
    .env("WGET_ASKPASS")
    .effect(contacts(O))
    // -r and -m save a whole site's tree there.
    .effect(writes(V, "-O --output-document -o --output-file -a --append-output -P --directory-prefix --save-cookies " +
      "--rejected-log --warc-file --warc-tempdir --hsts-file")
      .tree("-r --recursive -m --mirror"))
    .effect(writes(ALWAYS, "", "!-O !--output-document !-P !--directory-prefix !--spider", ".").tree("-r --recursive -m --mirror"))
    .effect(reads(V, "-i --input-file --post-file --body-file --load-cookies --config --certificate --private-key " +
      "--ca-certificate --ca-directory --crl-file --warc-dedup --hsts-file"))
    .effect(writes(ALWAYS, "", "-e --execute", ""))
    // An input file or a wgetrc names URLs the command does not show; -H follows links to hosts only the
    // pages name.
    .effect(contacts(ALWAYS, "", "-i --input-file --config -e --execute -H --span-hosts", ""))
    .effect(method(ALWAYS, "", "--post-data --post-file", "POST")).effect(method(V, "--method"))
    .effect(method(EffectFrom.HEADER_METHOD, "--header"))
    // As curl's: the environment's proxies are contacts; WGETRC and SYSTEM_WGETRC name a config file.
    .effect(contacts(EffectFrom.ENV_VALUE, "http_proxy")).effect(contacts(EffectFrom.ENV_VALUE, "https_proxy"))
    .effect(contacts(EffectFrom.ENV_VALUE, "ftp_proxy"))
    .env("WGETRC SYSTEM_WGETRC"));
  rows.push(program("fetch aria2c http https xh httpie lwp-request lwp-download GET telnet tftp ftp curlie wcurl",
    Kind.DOWNLOAD));
  rows.push(program("openssl", Cmd.OPENSSL | Kind.DECODER | Kind.DOWNLOAD));
  rows.push(program("base64 gbase64 base32 basenc rev", Kind.DECODER)
    .options("w", "wrap=/w decode/d ignore-garbage/i").effect(reads(O)));
  // `xxd IN OUT` writes OUT; its long options take one dash and are spelt whole (`-cols 8`).
  rows.push(program("xxd", Kind.DECODER).options("cglosnR", "-cols= -groupsize= -len= -offset= -seek= -name=")
    .effect(reads(EffectFrom.FIRST_OPERAND)).effect(writes(EffectFrom.SECOND_OPERAND)));
  rows.push(program("uudecode gunzip zcat gzip bunzip2 bzcat bzip2 unxz xzcat xz unzstd zstdcat zstd lzcat unlzma tr",
    Kind.DECODER));
}
