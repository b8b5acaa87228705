#!/usr/bin/env bash
# Installs what batchla's build, tests, benchmarks and demo need on Debian
# or Ubuntu, when it is missing. The CUDA toolkit is optional: with nvcc on
# PATH the CUDA drivers are built too.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/apt.sh"

packages=(cmake make gcc pkg-config libcriterion-dev liblapacke-dev
          libopenblas-dev libgsl-dev)
install_missing "${packages[@]}"
if [ -d /usr/local/cuda/bin ] && ! command -v nvcc >/dev/null; then
  export PATH="/usr/local/cuda/bin:$PATH"
fi
