#!/usr/bin/env bash
# Fuzzes the decoder and the whole simulate call with libFuzzer (clang with
# the address and undefined-behaviour sanitizers). Each target runs for the
# given seconds (default 300; CI runs a short bounded pass). A crash leaves
# its input in build-fuzz/crashes/: copy it to tests/fuzz/regressions/ so
# that it becomes a regression test. Any failure of a fuzzer (a crash, a
# timeout, running out of memory, a sanitizer's report, a nonzero exit)
# fails the script; its whole output is in build-fuzz/<target>.log.
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
  log="build-fuzz/$target.log"
  echo "fuzz: $target for ${seconds}s"
  status=0
  "build-fuzz/tests/fuzz/$target" -max_total_time="$seconds" -max_len=65536 \
    -timeout=20 -rss_limit_mb=4096 -print_final_stats=0 \
    -artifact_prefix=build-fuzz/crashes/ "build-fuzz/corpus-$target" build-fuzz/seeds \
    tests/fuzz/regressions >"$log" 2>&1 || status=$?
  # The report: the run's seed and end, and a sanitizer's or libFuzzer's
  # findings (grep finding none of these is no failure).
  grep -E "DONE|INFO: Seed|==[0-9]+==|SUMMARY|runtime error|Test unit written" "$log" || true
  if [ "$status" -ne 0 ]; then
    # The finding from its first line (a sanitizer's stack, say), else the
    # run's last lines.
    first=$(grep -n -m 1 -E "ERROR|runtime error|deadly signal" "$log" | cut -d: -f1 || true)
    echo "fuzz: $target failed (exit $status); all its output is in $log:" >&2
    if [ -n "$first" ]; then sed -n "$first,$((first + 29))p" "$log" >&2; else tail -n 30 "$log" >&2; fi
    exit 1
  fi
  if ls build-fuzz/crashes/* >/dev/null 2>&1; then
    echo "fuzz: $target found a crash: see build-fuzz/crashes/" >&2
    exit 1
  fi
done
echo "fuzz: no failures"
