#!/usr/bin/env bash
# Every test: set-up if needed, the C++ format check, both builds, the
# doctest suites (ctest), the Node tests of the JS API, the CLI, the gallery
# and the conformance cases, the page in Chromium, and a short fuzz pass.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/check-format.sh
bash scripts/build.sh all
(cd build && ctest --output-on-failure)
npx vite build --logLevel warn
node --test --test-reporter=spec tests/node/ tests/browser/
# A short, bounded fuzz pass (longer runs: bash scripts/fuzz.sh SECONDS).
bash scripts/fuzz.sh 30
