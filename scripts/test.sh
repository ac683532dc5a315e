#!/usr/bin/env bash
# Every test: set-up if needed, the C++ format check, the builds (native,
# WebAssembly, the page and its embed), the doctest suites (ctest), the Node
# tests (JS API, types, CLI, gallery, conformance cases, the differential
# goldens), the page, the embed and the installed package in Chromium, a short
# fuzz pass, and where Go is present a short live campaign against the oracle.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/check-format.sh
node scripts/check-layers.mjs
node scripts/check-function-length.mjs
bash scripts/build.sh all
(cd build && ctest --output-on-failure)
node --test --test-reporter=spec tests/node/ tests/browser/
# A short, bounded fuzz pass (longer runs: bash scripts/fuzz.sh SECONDS).
bash scripts/fuzz.sh 30
# Where Go is present: upstream's own scheduler (the oracle) against the conformance cases and
# a short live campaign of fixed seeds at both levels and of workload runs (docs/fidelity.md). Without Go, the
# committed goldens above (tests/node/differential.test.mjs) stand in for it.
if command -v go >/dev/null 2>&1; then
  bash scripts/build.sh oracle
  bash scripts/build.sh oracle-v1.31
  bash scripts/build.sh oracle-v1.37
  (cd oracle && go test ./...)
  node scripts/differential/run.mjs --no-build --conformance
  # The goldens' own seeds, asked of upstream again: any difference beyond those listed fails.
  node scripts/differential/run.mjs --no-build --no-shrink --known tests/differential/known.json \
    --level decision --seed 20261127 --count 60
  node scripts/differential/run.mjs --no-build --no-shrink --known tests/differential/known.json \
    --level run --seed 20261128 --count 30
  node scripts/differential/run.mjs --no-build --no-shrink --known tests/differential/known.json \
    --level run --workloads --seed 20261129 --count 10
  # The v1.35 oracle against the profile v1.35 (docs/semantics.md#v135), on the seeds its
  # goldens had while it was current.
  node scripts/differential/run.mjs --no-build --no-shrink --oracle-version 1.35 \
    --level decision --seed 20261127 --count 60
  node scripts/differential/run.mjs --no-build --no-shrink --oracle-version 1.35 \
    --level run --seed 20261128 --count 30
else
  echo "test.sh: no Go on this machine: the live oracle campaign is skipped (the goldens ran)"
fi
