#!/usr/bin/env bash
# Builds batchla with warnings as errors and runs the whole test suite.
# Usage: scripts/test.sh [build-dir]   (default: build)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/deps.sh
build="${1:-build}"
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DBATCHLA_WERROR=ON
cmake --build "$build" -j "$(nproc)"
ctest --test-dir "$build" --output-on-failure
# The Python package, built and tested in a virtual environment.
scripts/test_python.sh
