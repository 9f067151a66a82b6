#!/usr/bin/env bash
# Where a decision's time goes, per wasm function: perf samples V8's jitted
# code through its jitdump. Build the wasm with names first:
#   npx asc assembly/index.ts --config asconfig.json --target release --debug --outFile /tmp/named.wasm
#   bench/profile/functions.sh /tmp/named.wasm cmd
# Needs perf (Debian linux-perf; cpu-clock sampling works without hardware counters).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
wasm=$1; kind=${2:-cmd}
dir=$(mktemp -d)
cd "$dir"
perf record -q -e cpu-clock -F 20000 -k 1 -o perf.data \
  node --perf-prof --no-liftoff --no-wasm-tier-up "$here/decisions.mjs" "$wasm" "$kind" "${N:-200000}" >/dev/null 2>&1
perf inject --jit -i perf.data -o perf.jit.data >/dev/null 2>&1
perf report -i perf.jit.data --stdio 2>/dev/null | grep -v '^#' | grep -v '^$' |
  sed -e 's/jitted-[0-9-]*\.so *//' -e 's/-turbofan//' -e 's/JS://' | head -"${TOP:-40}"
rm -rf "$dir"
