#!/usr/bin/env bash
# Every test: set-up if needed, both builds, the doctest suites (ctest), and
# the Node tests of the JS API, the CLI and the conformance cases.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build.sh all
(cd build && ctest --output-on-failure)
npx vite build --logLevel warn
node --test --test-reporter=spec tests/node/ tests/browser/
