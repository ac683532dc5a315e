#!/usr/bin/env bash
# Fails when a C++ source differs from what clang-format (.clang-format,
# Google style) writes; `bash scripts/check-format.sh --fix` rewrites them.
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t files < <(find core bench tests wasm -path wasm/build -prune -o \( -name '*.cc' -o -name '*.h' \) -print | sort)
if [ "${1:-}" = "--fix" ]; then
  clang-format -i "${files[@]}"
else
  clang-format --dry-run -Werror "${files[@]}"
fi
