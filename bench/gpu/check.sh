#!/usr/bin/env bash
# bench/gpu/check.sh: every GPU check in one command, for a machine with an
# NVIDIA GPU (written for the H200, sm_90):
#   1. build batchla with CUDA for sm_90, tests and benchmarks included;
#   2. run the CUDA tests (ctest, a family at a time) under compute-sanitizer;
#   3. run the demo (GPU part included) and bench_steqr_gpu;
#   4. run bench_{schur,cholesky,bessel,qz,mathieu}_gpu --quick.
# Results: $OUT/gpu_check.md (summary and benchmark tables) and
# $OUT/gpu_check.log (every command's output); without OUT, the build dir.
#
#   bench/gpu/check.sh [--quick]
#   env: BUILD_DIR (build-gpu), JOBS (nproc), TEST_TIMEOUT (40 s a family),
#        BENCH_TIMEOUT (240 s), FAMILY_TIMEOUT (60 s each), CUDA_ARCH (90)
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${BUILD_DIR:-$root/build-gpu}
out=${OUT:-$build}
jobs=${JOBS:-$(nproc)}
test_timeout=${TEST_TIMEOUT:-40}
bench_timeout=${BENCH_TIMEOUT:-240}
quick=
[ "${1:-}" = --quick ] && quick=--quick
mkdir -p "$out" "$build"
summary=$out/gpu_check.md
log=$out/gpu_check.log
: >"$summary"
: >"$log"
export PATH=/usr/local/cuda/bin:$PATH
failed=0

note() { printf '%s\n' "$*" | tee -a "$summary"; }

# step LABEL CMD...: runs CMD with its output in the log, notes the outcome.
step() {
  local label=$1 t0=$SECONDS rc
  shift
  printf '\n== %s: %s\n' "$label" "$*" >>"$log"
  "$@" >>"$log" 2>&1
  rc=$?
  if [ $rc -eq 0 ]; then
    note "- $label: ok ($((SECONDS - t0)) s)"
  else
    note "- $label: FAILED, exit $rc ($((SECONDS - t0)) s; see gpu_check.log)"
  fi
  return $rc
}

# bench NAME OUTFILE LIMIT ARGS...: runs bench NAME for at most LIMIT
# seconds, its table into OUTFILE and the summary, its progress into the
# log; notes the outcome.
bench() {
  local name=$1 file=$2 limit=$3 t0=$SECONDS rc
  shift 3
  if [ ! -x "$build/bench/$name" ]; then
    note "- $name not built (see the log)"
    failed=1
    return
  fi
  note ""
  timeout "$limit" "$build/bench/$name" "$@" >"$file" 2>>"$log"
  rc=$?
  tee -a "$summary" <"$file"
  note ""
  note "- $name${*:+ $*}: exit $rc ($((SECONDS - t0)) s)"
  [ $rc -eq 0 ] || failed=1
}

note "# GPU check ($(date -u '+%Y-%m-%d %H:%M UTC'))"
note ""
note "- commit: $(git -C "$root" rev-parse HEAD 2>/dev/null || echo unknown)"
note "- GPU: $(nvidia-smi --query-gpu=name,driver_version,memory.total \
  --format=csv,noheader 2>/dev/null || echo 'nvidia-smi failed')"
note "- nvcc: $(nvcc --version 2>/dev/null | tail -1)"
note "- host: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2-), \
$(nproc) CPUs"

# 1. Build. Tests need Criterion and LAPACKE; without them, build the rest.
cfg=(-S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DBATCHLA_CUDA=ON
  "-DCMAKE_CUDA_ARCHITECTURES=${CUDA_ARCH:-90}" -DBATCHLA_BUILD_BENCH=ON
  -DBATCHLA_BUILD_EXAMPLES=ON)
tests=1
if ! step "configure (tests on)" cmake "${cfg[@]}" -DBATCHLA_BUILD_TESTS=ON
then
  tests=0
  step "configure (tests off)" cmake "${cfg[@]}" -DBATCHLA_BUILD_TESTS=OFF ||
    exit 1
fi
step "build" cmake --build "$build" -j "$jobs" || exit 1

# 2. CUDA tests under compute-sanitizer (it follows ctest's children).
if [ $tests = 1 ]; then
  san=$(command -v compute-sanitizer ||
    ls /usr/local/cuda/compute-sanitizer/compute-sanitizer 2>/dev/null)
  [ -n "$san" ] || note "- compute-sanitizer not found: CUDA tests run without it"
  # One family at a time, each with its own time limit, so that a slow
  # family under the sanitizer cannot hide the results of the others.
  for fam in steqr schur qz cholesky bessel mathieu; do
    if [ -n "$san" ]; then
      step "ctest ${fam}_cuda under compute-sanitizer memcheck" \
        timeout "$test_timeout" "$san" --tool memcheck \
        --target-processes all --error-exitcode 86 --print-limit 20 \
        ctest --test-dir "$build" -R "^${fam}_cuda" --output-on-failure \
        --no-tests=error || failed=1
    else
      step "ctest ${fam}_cuda" timeout "$test_timeout" \
        ctest --test-dir "$build" -R "^${fam}_cuda" --output-on-failure \
        --no-tests=error || failed=1
    fi
  done
  grep -E 'tests passed|tests failed|ERROR SUMMARY' "$log" | sed 's/^/  /' |
    tee -a "$summary"
else
  note "- tests not built (configure with tests failed; see the log)"
  failed=1
fi

# 3. Demo and benchmark.
if [ -x "$build/examples/demo_steqr" ]; then
  step "demo_steqr" timeout 180 "$build/examples/demo_steqr" || failed=1
  sed -n '/^GPU$/,$p' "$log" | sed 's/^/  /' | tee -a "$summary"
fi
bench bench_steqr_gpu "$out/gpu_bench.md" "$bench_timeout" $quick \
  --budget $((bench_timeout - 60))

# 4. The other families' GPU benchmarks, in their short form (--quick): the
# device time of one session is short, and steqr's table comes first.
for fam in schur cholesky bessel qz mathieu; do
  bench "bench_${fam}_gpu" "$out/gpu_bench_$fam.md" "${FAMILY_TIMEOUT:-60}" \
    --quick
done
exit $failed
