#!/usr/bin/env bash
# Set-up if needed, build the engine and the page, and serve the playground
# (the URL is printed; the default scenario is loaded and simulated).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build.sh wasm
npx vite build --logLevel warn
echo "podsim playground: open the URL below (Ctrl+C stops the server)"
exec npx vite preview "$@"
