#!/usr/bin/env bash
# Builds the libFuzzer targets of tests/fuzz (clang, AddressSanitizer,
# UndefinedBehaviorSanitizer; the library instrumented too) and runs each
# for a while on its corpus: the committed seeds and regression inputs of
# tests/fuzz, plus a scratch corpus in build-fuzz/corpus/<target> where new
# inputs go. Prints each target's executions and coverage; exits non-zero
# when any target found a crash, with the reproducer's path.
# Usage: scripts/fuzz.sh [--seconds N | --runs N | --replay] [--seed S]
#                        [target...]
#   targets: tridiag schur qz cholesky bessel mathieu stebz mateq riccati
#            spheroidal
#            (default: all)
#   --seconds N  per target (default 60; --seconds 3600 for a long run)
#   --runs N     N executions per target from an empty scratch corpus:
#                nearly the same inputs on every run of one build (CI's run)
#   --replay     run each committed input once (corpus and regressions),
#                no new inputs
#   --seed S     libFuzzer's seed (default 1; 0 draws a new seed each run)
# The environment passes through: BLA_FUZZ_AVOID (tests/fuzz/README.md),
# OMP_NUM_THREADS (default 2 here).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/apt.sh

seconds=60
runs=0
seed=1
replay=0
targets=()
while (($#)); do
  case "$1" in
  --seconds)
    seconds="$2"
    shift 2
    ;;
  --seconds=*)
    seconds="${1#--seconds=}"
    shift
    ;;
  --runs)
    runs="$2"
    shift 2
    ;;
  --runs=*)
    runs="${1#--runs=}"
    shift
    ;;
  --replay)
    replay=1
    shift
    ;;
  --seed)
    seed="$2"
    shift 2
    ;;
  --seed=*)
    seed="${1#--seed=}"
    shift
    ;;
  -h | --help)
    sed -n '2,20p' "$0"
    exit 0
    ;;
  *)
    targets+=("$1")
    shift
    ;;
  esac
done
if ((${#targets[@]} == 0)); then
  targets=(tridiag schur qz cholesky bessel mathieu stebz mateq riccati
    spheroidal)
fi

# clang with its libFuzzer runtime and OpenMP (libomp), when missing.
packages=(cmake make clang libomp-dev)
if apt-cache show libclang-rt-dev >/dev/null 2>&1; then
  packages+=(libclang-rt-dev) # Debian 12 ships libFuzzer separately
fi
install_missing "${packages[@]}"

build=build-fuzz
cmake -S tests/fuzz -B "$build" -DCMAKE_C_COMPILER=clang >/dev/null
cmake --build "$build" -j "$(nproc)" --target "${targets[@]/#/fuzz_}"

export OMP_NUM_THREADS="${OMP_NUM_THREADS:-2}"
export LSAN_OPTIONS="suppressions=$PWD/tests/fuzz/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
export UBSAN_OPTIONS="print_stacktrace=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"

failed=()
for t in "${targets[@]}"; do
  corpus="$build/corpus/$t"
  artifacts="$build/artifacts/$t"
  log="$build/fuzz-$t.log"
  mkdir -p "$corpus" "$artifacts" "tests/fuzz/corpus/$t"
  dirs=("$corpus" "tests/fuzz/corpus/$t")
  if [ -d "tests/fuzz/regressions/$t" ]; then
    dirs+=("tests/fuzz/regressions/$t")
  fi
  rm -f "$artifacts"/crash-* "$artifacts"/leak-* "$artifacts"/timeout-* \
    "$artifacts"/oom-*
  rc=0
  if ((replay)); then
    echo "== fuzz_$t: replay"
  elif ((runs)); then
    echo "== fuzz_$t: $runs executions, seed $seed"
    # Nearly the same inputs on every run of one build: one thread
    # (counters hit from several threads race), no comparison tracing (it
    # records operands that differ from run to run, such as addresses),
    # and no scratch corpus left by an earlier run.
    length=(-runs="$runs" -use_cmp=0)
    export OMP_THREAD_LIMIT=1
    rm -rf "$corpus"
    mkdir -p "$corpus"
  else
    echo "== fuzz_$t: ${seconds} s, seed $seed"
    length=(-max_total_time="$seconds")
  fi
  if ((replay)); then
    length=(-runs=0)
    dirs=("tests/fuzz/corpus/$t")
    if [ -d "tests/fuzz/regressions/$t" ]; then
      dirs+=("tests/fuzz/regressions/$t")
    fi
  fi
  "./$build/fuzz_$t" -seed="$seed" "${length[@]}" \
    -print_final_stats=1 \
    -timeout=25 -rss_limit_mb=2048 -max_len=4096 \
    -artifact_prefix="$artifacts/" "${dirs[@]}" >"$log" 2>&1 || rc=$?
  execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" |
    grep -o '[0-9]*$' || true)
  cov=$(grep -o 'cov: [0-9]* ft: [0-9]*' "$log" | tail -n 1 || true)
  echo "   executions: ${execs:-?}, coverage: ${cov:-?} (log: $log)"
  repro=$(ls "$artifacts"/crash-* "$artifacts"/leak-* "$artifacts"/timeout-* \
    "$artifacts"/oom-* 2>/dev/null || true)
  if [ "$rc" -ne 0 ] || [ -n "$repro" ]; then
    grep -E -A12 'batchla fuzz violation|ERROR: |runtime error' "$log" |
      head -n 24 | sed 's/^/   /' || true
    for r in $repro; do
      echo "   reproducer: $r (run: ./$build/fuzz_$t $r)"
    done
    failed+=("$t")
  fi
done

if ((${#failed[@]})); then
  echo "fuzz: failures in: ${failed[*]}"
  exit 1
fi
echo "fuzz: no failures"
