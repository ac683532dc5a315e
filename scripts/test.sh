#!/usr/bin/env bash
# Every test: set-up if needed, the C++ format check, the builds (native,
# WebAssembly, the page and its embed), the doctest suites (ctest), the Node
# tests (JS API, types, CLI, gallery, conformance cases), the page, the embed
# and the installed package in Chromium, and a short fuzz pass.
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
