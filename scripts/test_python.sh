#!/usr/bin/env bash
# Builds the Python package batchla with `pip install .` in a virtual
# environment and runs its tests (tests/python) against SciPy.
#
#   scripts/test_python.sh [pytest arguments...]
#
# Environment:
#   BATCHLA_PYTHON_VENV  the virtual environment (default build-python-venv;
#                        created when missing, reused otherwise)
#   BATCHLA_CUDA         AUTO, ON or OFF for the package's C library
#                        (default OFF here: the CUDA drivers take minutes to
#                        compile, and the CuPy tests need a GPU and CuPy;
#                        the package itself defaults to AUTO)
# Installs python3-venv / python3-dev with apt when they are missing (as
# scripts/deps.sh does for the C build). Exits non-zero when a step or a
# test fails.
set -euo pipefail
cd "$(dirname "$0")/.."

venv=${BATCHLA_PYTHON_VENV:-build-python-venv}
export BATCHLA_CUDA=${BATCHLA_CUDA:-OFF}

source scripts/apt.sh

missing=()
command -v python3 >/dev/null || missing+=(python3)
command -v cmake >/dev/null || missing+=(cmake)
command -v gcc >/dev/null || missing+=(gcc)
if ((${#missing[@]})); then apt_install "${missing[@]}"; fi
missing=()
python3 -c "import ensurepip, venv" 2>/dev/null || missing+=(python3-venv)
python3 - <<'PY' || missing+=(python3-dev)
import os, sys, sysconfig
sys.exit(not os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h")))
PY
if ((${#missing[@]})); then apt_install "${missing[@]}"; fi

if ! "$venv/bin/python" -c "" 2>/dev/null; then
  rm -rf "$venv"
  python3 -m venv "$venv"
fi
py="$(cd "$venv" && pwd)/bin/python"
"$py" -m pip install -q --upgrade pip
"$py" -m pip install -q --upgrade numpy scipy pytest mpmath "dask[array]"
# The package as a user installs it (isolated build, scikit-build-core);
# the CMake build directory is kept between runs.
"$py" -m pip install -q . -Cbuild-dir=build-python-wheel

# Outside the source tree, so that the installed package is imported.
cd tests/python
"$py" -m pytest -q -rs -p no:cacheprovider "$@" .
