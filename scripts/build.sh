#!/usr/bin/env bash
# Builds the native core, its tests and benchmarks (build/), the WebAssembly
# engine (build-wasm/ -> wasm/build/podsim.{mjs,wasm}) and the page with its
# docs embed (web/dist/, web/dist/embed/), and, when asked by name, the oracle
# (build/oracle/oracle: upstream's kube-scheduler in Go, see docs/fidelity.md), the v1.31
# oracle (oracle-v1.31: build/oracle-v1.31/oracle, decision level only) or the v1.37 oracle
# (oracle-v1.37: build/oracle-v1.37/oracle).
# Usage: build.sh [native|wasm|web|all|oracle|oracle-v1.31|oracle-v1.37]...   (default: all; oracle needs Go)
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -eq 0 ] && set -- all
werror=OFF
[ "${CI:-}" = "true" ] && werror=ON

wants() {
  local part
  for part in "${targets[@]}"; do
    [ "$part" = "$1" ] || [ "$part" = all ] && return 0
  done
  return 1
}
targets=("$@")
for part in "${targets[@]}"; do
  case "$part" in
    native | wasm | web | all | oracle | oracle-v1.31 | oracle-v1.37) ;;
    *) echo "build.sh: unknown part '$part' (native, wasm, web, all, oracle, oracle-v1.31, oracle-v1.37)" >&2; exit 2 ;;
  esac
done

if wants native; then
  cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DPODSIM_WERROR="$werror" >/dev/null
  cmake --build build
fi
if wants wasm; then
  # Debian's emcc runs its JS tools with this machine's node, which needs
  # Debian's node modules (acorn) on its path.
  export NODE_PATH=/usr/share/nodejs
  emcmake cmake -S . -B build-wasm -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DBUILD_TESTING=OFF -DPODSIM_WERROR="$werror" >/dev/null
  cmake --build build-wasm
fi
if wants web; then
  # The page first (it empties web/dist), then the embed into web/dist/embed.
  npx vite build --logLevel warn
  npx vite build --logLevel warn -c vite.embed.config.js
fi
# Not part of all: it needs Go and the module proxy (k8s.io/kubernetes and its staging modules,
# pinned by oracle/go.mod and go.sum).
for part in "${targets[@]}"; do
  if [ "$part" = oracle ]; then
    (cd oracle && go build -o ../build/oracle/oracle .)
  fi
  # oracle/v1.31/ is its own module (k8s.io/kubernetes v1.31.14): the shared files are
  # symlinks to oracle/'s, the rest its own (docs/fidelity.md, "The oracle at v1.31").
  if [ "$part" = oracle-v1.31 ]; then
    (cd oracle/v1.31 && go build -o ../../build/oracle-v1.31/oracle .)
  fi
  # oracle/v1.37/ likewise (k8s.io/kubernetes v1.37.2), both levels (docs/fidelity.md, "The
  # oracle at v1.37").
  if [ "$part" = oracle-v1.37 ]; then
    (cd oracle/v1.37 && go build -o ../../build/oracle-v1.37/oracle .)
  fi
done
