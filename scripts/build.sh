#!/usr/bin/env bash
# Builds the native core, its tests and benchmarks (build/) and the
# WebAssembly engine (build-wasm/ -> wasm/build/podsim.{mjs,wasm}).
# Usage: build.sh [native|wasm|all]   (default: all)
set -euo pipefail
cd "$(dirname "$0")/.."
what="${1:-all}"
werror=OFF
[ "${CI:-}" = "true" ] && werror=ON

if [ "$what" = native ] || [ "$what" = all ]; then
  cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DPODSIM_WERROR="$werror" >/dev/null
  cmake --build build
fi
if [ "$what" = wasm ] || [ "$what" = all ]; then
  # Debian's emcc runs its JS tools with this machine's node, which needs
  # Debian's node modules (acorn) on its path.
  export NODE_PATH=/usr/share/nodejs
  emcmake cmake -S . -B build-wasm -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DBUILD_TESTING=OFF -DPODSIM_WERROR="$werror" >/dev/null
  cmake --build build-wasm
fi
