#!/usr/bin/env bash
# Set-up if needed, build the engine and the page, and serve the playground
# (the URL is printed; the default scenario is loaded and simulated).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build.sh wasm web
# The same static server the package ships (podsim serve); it prints the URL.
exec node wasm/cli.mjs serve "$@"
