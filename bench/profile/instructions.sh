#!/usr/bin/env bash
# Instructions per decision, the same to a few instructions run after run
# whatever else the machine does (wall-clock benches are not): valgrind's
# callgrind counts the whole process for two loop lengths and the difference
# is divided out. TurboFan only, so tiering does not move the number; V8's
# --predictable and no memory reducer, so timers do not decide when the heap is
# collected (without them two runs of one build differed by up to 10 % on a
# loaded machine). Needs valgrind (Debian).
#   bench/profile/instructions.sh [build/policy.wasm] [cmd|cmd-unbound|file|web|short|unknown|noop|allowlist|allowlist-noop|message|refund]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
wasm=${1:-build/policy.wasm}; kind=${2:-cmd}
count() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null \
    node --single-threaded --predictable --no-memory-reducer --no-liftoff --no-wasm-tier-up "$here/decisions.mjs" "$wasm" "$kind" "$1" 2>&1 |
    awk '/Collected/ {print $4}'
}
lo=${LO:-2000}; hi=${HI:-12000}
a=$(count $lo); b=$(count $hi)
echo "$kind: $(( (b - a) / (hi - lo) )) instructions per decision"
