#!/usr/bin/env bash
# Fuzzes the decoder and the whole simulate call with libFuzzer (clang with
# the address and undefined-behaviour sanitizers). Each target runs for the
# given seconds (default 300; CI runs a short bounded pass). A crash leaves
# its input in build-fuzz/crashes/: copy it to tests/fuzz/regressions/ so
# that it becomes a regression test.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-300}"
cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_COMPILER=clang++ -DPODSIM_FUZZ=ON -DBUILD_TESTING=OFF >/dev/null
cmake --build build-fuzz
node scripts/fuzz-corpus.mjs build-fuzz/seeds >/dev/null
mkdir -p build-fuzz/crashes
for target in decode_fuzzer simulate_fuzzer; do
  mkdir -p "build-fuzz/corpus-$target"
  echo "fuzz: $target for ${seconds}s"
  "build-fuzz/tests/fuzz/$target" -max_total_time="$seconds" -max_len=65536 \
    -timeout=20 -rss_limit_mb=4096 -print_final_stats=0 \
    -artifact_prefix=build-fuzz/crashes/ "build-fuzz/corpus-$target" build-fuzz/seeds \
    tests/fuzz/regressions 2>&1 | grep -E "DONE|INFO: Seed|==[0-9]+==|SUMMARY" || true
  if ls build-fuzz/crashes/* >/dev/null 2>&1; then
    echo "fuzz: $target found a crash: see build-fuzz/crashes/" >&2
    exit 1
  fi
done
echo "fuzz: no crashes"
