#!/usr/bin/env bash
# Installs what podsim needs on a fresh Debian machine and is a no-op when
# everything is there: the C++ and Emscripten toolchains from Debian's
# packages, the npm dependencies from package-lock.json, and MkDocs for the
# docs-site test in a virtual environment of the build tree.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=()
have() { command -v "$1" >/dev/null 2>&1; }
have cmake || packages+=(cmake)
have ninja || packages+=(ninja-build)
have g++ || packages+=(g++)
have emcc || packages+=(emscripten)
[ -f /usr/include/nlohmann/json.hpp ] || packages+=(nlohmann-json3-dev)
[ -f /usr/include/doctest/doctest.h ] || packages+=(doctest-dev)
have chromium || packages+=(chromium)
have clang++ || packages+=(clang)
have clang-format || packages+=(clang-format)
ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1 ||
  packages+=(libclang-rt-14-dev)
have python3 || packages+=(python3)
# Debian's python3 makes virtual environments only with python3-venv.
have python3 && python3 -c 'import ensurepip, venv' >/dev/null 2>&1 || packages+=(python3-venv)

if [ ${#packages[@]} -gt 0 ]; then
  echo "setup: installing ${packages[*]} (Debian packages)"
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    have sudo || { echo "setup: need root (or sudo) to install: ${packages[*]}" >&2; exit 1; }
    sudo="sudo"
  fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null
fi

# npm dependencies, as package-lock.json pins them. `npm install` rather than
# `npm ci`: the registry reached here lists only this platform's optional
# packages (rollup's native builds), so the lock cannot name the others and
# `npm ci` would refuse it.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "setup: installing npm dependencies"
  npm install --no-audit --no-fund --loglevel=error
fi

# MkDocs, for tests/browser/sites.test.mjs's MkDocs site, from PyPI as
# tests/sites/mkdocs/requirements.txt pins it, in build/mkdocs-venv. Without
# PyPI, the test skips that site and says so; everything else goes on.
mkdocs_venv=build/mkdocs-venv
mkdocs_requirements=tests/sites/mkdocs/requirements.txt
if [ ! -x "$mkdocs_venv/bin/mkdocs" ] || [ "$mkdocs_requirements" -nt "$mkdocs_venv/installed" ]; then
  echo "setup: installing MkDocs into $mkdocs_venv (PyPI)"
  if python3 -m venv "$mkdocs_venv" &&
    "$mkdocs_venv/bin/pip" install --quiet --disable-pip-version-check -r "$mkdocs_requirements"; then
    touch "$mkdocs_venv/installed"
  else
    echo "setup: WARNING: MkDocs could not be installed: the MkDocs site of tests/browser/sites.test.mjs will be skipped" >&2
  fi
fi
