#!/usr/bin/env bash
# Installs what batchla's build, tests, benchmarks and demo need on Debian
# or Ubuntu, when it is missing. The CUDA toolkit is optional: with nvcc on
# PATH the CUDA drivers are built too.
set -euo pipefail

packages=(cmake make gcc pkg-config libcriterion-dev liblapacke-dev
          libopenblas-dev libgsl-dev)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
    missing+=("$p")
done
if ((${#missing[@]})); then
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  echo "installing: ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi
if [ -d /usr/local/cuda/bin ] && ! command -v nvcc >/dev/null; then
  export PATH="/usr/local/cuda/bin:$PATH"
fi
