#!/usr/bin/env python3
"""DPSS windows: batchla.dpss against scipy.signal.windows.dpss, one thread.

  python bench/python/bench_dpss.py [--reps R] [--quick]

Each row computes the K tapers (and ratios) of length M for a family of
half-bandwidths NW (NW times 1, 1.01, 1.02, ...: one batch call in
batchla, a Python loop of scipy.signal.windows.dpss calls in SciPy), the
sizes of SciPy's own examples. The two results are cross-checked before
timing (windows within 1e-11, ratios within 1e-10); a row whose check fails
prints FAILED. Timing, as bench_python.py: R rounds alternating the sides,
the median per side, the ratio of medians, the spread of each side.
Markdown on stdout, progress on stderr."""

import os

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ[_var] = "1"

import argparse  # noqa: E402
import platform  # noqa: E402

import numpy as np  # noqa: E402
import scipy  # noqa: E402
from scipy.signal import windows as sw  # noqa: E402

import batchla as bl  # noqa: E402
from bench_python import describe, log, time_pair  # noqa: E402

# (M, NW, K, number of NW values in the family)
SIZES = [(256, 2.5, 4, 64), (512, 4, 7, 32), (2048, 4, 7, 8),
         (4096, 8, 15, 4)]


def row(m, nw0, k, count, reps):
    nw = nw0 * (1 + 0.01 * np.arange(count))

    def ours():
        return bl.dpss(m, nw, k, return_ratios=True)

    def theirs():
        outs = [sw.dpss(m, v, k, return_ratios=True) for v in nw]
        return (np.stack([o[0] for o in outs]), np.stack([o[1] for o in outs]))

    (w1, r1), (w2, r2) = ours(), theirs()
    ok = (np.abs(w1 - w2).max() <= 1e-11 and np.abs(r1 - r2).max() <= 1e-10)
    log(f"M {m} NW {nw0} K {k}: cross-check {'ok' if ok else 'FAILED'}")
    if not ok:
        return None
    mb, sb, ms, ss = time_pair(ours, theirs, reps)
    return mb / count, sb, ms / count, ss


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--quick", action="store_true",
                    help="the two smaller sizes, 3 rounds (a smoke run)")
    args = ap.parse_args()
    sizes = SIZES[:2] if args.quick else SIZES
    if args.quick:
        args.reps = 3
    bl.set_num_threads(1)
    commit, cpu = describe()
    print(f"Commit {commit}; `python bench/python/bench_dpss.py"
          f"{' --quick' if args.quick else ''}`; {cpu}; one thread; Python "
          f"{platform.python_version()}, NumPy {np.__version__}, SciPy "
          f"{scipy.__version__}; windows and ratios; median of {args.reps} "
          "rounds, sides alternating; time per NW value.\n")
    print("| M, NW, K | NW values | SciPy ms | batchla ms | speedup "
          "| spread SciPy / batchla |")
    print("|---|---:|---:|---:|---:|---|")
    for m, nw0, k, count in sizes:
        res = row(m, nw0, k, count, args.reps)
        if res is None:
            print(f"| {m}, {nw0}, {k} | {count} | FAILED | FAILED | | |")
            continue
        mb, sb, ms, ss = res
        print(f"| {m}, {nw0}, {k} | {count} | {ms * 1e3:.3g} | "
              f"{mb * 1e3:.3g} | {ms / mb:.2g}x | {ss:.0%} / {sb:.0%} |",
              flush=True)


if __name__ == "__main__":
    main()
