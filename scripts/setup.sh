#!/usr/bin/env bash
# Installs from Debian 12 packages what is missing:
#   bash scripts/setup.sh          everything the build and the tests need (developers, CI)
#   bash scripts/setup.sh --play   only what playing needs: build turf and its web client
#                                  (scripts/play.sh; no test libraries, sanitizers or browsers)
# Never installs libboost-dev / libboost-all-dev / python3-scipy (they replace Boost 1.81 with 1.74;
# see shared/research/dependencies.md). Safe to run again: it installs nothing when all is there.
set -euo pipefail

# What playing needs: the compiler and build tools, and the libraries `turf` links.
play=(
  g++ cmake ninja-build                       # compiler and build
  nlohmann-json3-dev libcli11-dev             # JSON, command line
  libboost1.81-dev libsqlite3-dev             # turf serve: Boost.Beast 1.81 (never libboost-dev), SQLite
  libsodium-dev pkgconf                       # cryptography: the record seal, token hashes, OS randomness
)

# What developing needs on top of it.
packages=(
  libgtest-dev libgmock-dev librapidcheck-dev # tests
  libbenchmark-dev                            # micro-benchmarks
  clang-19 libclang-rt-19-dev                 # sanitizer builds (clang 14 cannot build our C++20)
  clang-format                                # formatting check
  python3-dev pybind11-dev python3-numpy python3-pytest  # the Python module (Debian's python3)
  python3-distributed                         # turf sim on a Dask cluster (python3 -m turf.cluster)
  chromium                                    # the browser tests (web client, balance lab report)
  tmux bsdutils                               # the hot-seat test in a real terminal (tmux, script)
)

if [ "${1:-}" = "--play" ]; then packages=("${play[@]}"); else packages=("${play[@]}" "${packages[@]}"); fi

# node and npm build the web client (web/, from its package-lock.json). A node from another
# source (e.g. NodeSource, which bundles npm) is used as it is.
command -v node >/dev/null || packages+=(nodejs)
command -v npm >/dev/null || packages+=(npm)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null; then sudo="sudo"; else
    echo "setup: these packages are missing and we are not root: ${missing[*]}" >&2
    exit 1
  fi
fi
echo "setup: installing ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
