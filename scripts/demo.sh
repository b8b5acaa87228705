#!/usr/bin/env bash
# Builds batchla and runs the main demo: 10^5 tridiagonal eigenproblems of
# order 32 with vectors, checked against LAPACK.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j "$(nproc)" --target demo_steqr >/dev/null
./build/examples/demo_steqr "$@"
