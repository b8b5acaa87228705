#!/usr/bin/env python3
"""batchla's Python package against SciPy, one thread, batches of 10^4.

  python bench/python/bench_python.py [--count N] [--reps R] [--quick]
                                      [--only TEXT]

Each row runs the same inputs through batchla (one call on the whole
batch, batchla.set_num_threads(1)) and through what a SciPy user writes:
SciPy's own call on the nD batch where SciPy accepts one (scipy.linalg's
batched functions loop in Python inside SciPy; scipy.special's ufuncs
broadcast in C), else a Python loop over the problems. OpenBLAS/OpenMP
are limited to one thread before NumPy and SciPy are imported.

Before timing, every row cross-checks the two results (eigenvalues and
functions agree, factors reproduce the input to a LAPACK-style ratio); a
row whose check fails is printed as FAILED, never with a timing.

Timing: R rounds (R >= 5), the two sides alternating which runs first,
one untimed warm-up call each; the median time per batch of each side, the
ratio of the medians, and the spread (max - min) / median of each side.

The per-call overhead rows time a batch of one problem many times: the C
driver called through ctypes on the shipped shared library (exec NULL),
the raw gufunc (batchla._gufuncs), and the public function with and
without check_finite, against SciPy's call on the single problem.

Markdown on stdout, progress on stderr."""

import os

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ[_var] = "1"

import argparse  # noqa: E402
import platform  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402

import numpy as np  # noqa: E402
import scipy  # noqa: E402
import scipy.linalg as sl  # noqa: E402
import scipy.special as sc  # noqa: E402

import batchla as bl  # noqa: E402
from batchla import _capi, _gufuncs  # noqa: E402

EPS = np.finfo(np.float64).eps


def log(*args):
    print(*args, file=sys.stderr, flush=True)


def scipy_batched(func, *arrays, **kwargs):
    """SciPy's own nD call when it accepts the batch, else a Python loop;
    returns (callable, how)."""
    try:
        func(*(a[:2] for a in arrays), **kwargs)
        return (lambda: func(*arrays, **kwargs)), "SciPy nD call"
    except (ValueError, TypeError):
        def loop():
            outs = [func(*(a[p] for a in arrays), **kwargs)
                    for p in range(arrays[0].shape[0])]
            if isinstance(outs[0], tuple):
                return tuple(np.stack(o) for o in zip(*outs))
            return np.stack(outs)
        return loop, "Python loop"


def time_pair(fa, fb, reps):
    """Median seconds of fa and fb over reps rounds, alternating which runs
    first; (median_a, spread_a, median_b, spread_b)."""
    ta, tb = [], []
    fa()
    fb()
    for r in range(reps):
        order = [(fa, ta), (fb, tb)] if r % 2 == 0 else [(fb, tb), (fa, ta)]
        for f, acc in order:
            t0 = time.perf_counter()
            f()
            acc.append(time.perf_counter() - t0)
    ma, mb = np.median(ta), np.median(tb)
    return ma, (max(ta) - min(ta)) / ma, mb, (max(tb) - min(tb)) / mb


def ratio(x, y):
    """|x - y|_1 / (|x|_1 n eps), per problem, maximum."""
    n = x.shape[-1]
    num = np.abs(x - y).sum(-2).max(-1)
    den = np.abs(x).sum(-2).max(-1) * n * EPS
    return float(np.max(num / den))


def mT(a):
    return np.swapaxes(a, -1, -2)


# ---- the rows ---------------------------------------------------------------

def row_eigh_tridiagonal(rng, count):
    n = 32
    d = rng.uniform(-1, 1, (count, n))
    e = rng.uniform(-1, 1, (count, n - 1))
    ours = lambda: bl.eigh_tridiagonal(d, e)  # noqa: E731
    theirs, how = scipy_batched(sl.eigh_tridiagonal, d, e)
    w, v = ours()
    w2, v2 = theirs()
    t = np.zeros((count, n, n))
    i = np.arange(n)
    t[:, i, i] = d
    t[:, i[:-1], i[1:]] = e
    t[:, i[1:], i[:-1]] = e
    ok = (np.abs(w - w2).max() < 50 * n * EPS * 3
          and ratio(t, v * w[:, None, :] @ mT(v)) < 50)
    return "eigh_tridiagonal, n = 32 (values and vectors)", how, ours, \
        theirs, ok, "about 6 n^3 = 2e5 flops per problem (QL/QR with vectors)"


def row_schur(rng, count):
    n = 16
    a = rng.uniform(-1, 1, (count, n, n))
    ours = lambda: bl.schur(a)  # noqa: E731
    theirs, how = scipy_batched(sl.schur, a)
    t, z = ours()
    t2, z2 = theirs()
    ok = ratio(a, z @ t @ mT(z)) < 50 and ratio(a, z2 @ t2 @ mT(z2)) < 50
    w1 = np.sort_complex(np.linalg.eigvals(t[:50]))
    w2 = np.sort_complex(np.linalg.eigvals(t2[:50]))
    ok = ok and np.abs(w1 - w2).max() < 1e-8
    return "schur, n = 16", how, ours, theirs, ok, \
        "about 25 n^3 = 1e5 flops per problem (Hessenberg + QR + vectors)"


def row_qz(rng, count):
    n = 16
    a = rng.uniform(-1, 1, (count, n, n))
    b = rng.uniform(-1, 1, (count, n, n))
    ours = lambda: bl.qz(a, b)  # noqa: E731
    theirs, how = scipy_batched(sl.qz, a, b)
    aa, bb, q, z = ours()
    aa2, bb2, q2, z2 = theirs()
    ok = (ratio(a, q @ aa @ mT(z)) < 50 and ratio(b, q @ bb @ mT(z)) < 50
          and ratio(a, q2 @ aa2 @ mT(z2)) < 50)
    ar, ai, be = bl.qz_eigenvalues(a[:20], b[:20])
    for p in range(20):
        al, bt = sl.eigvals(a[p], b[p], homogeneous_eigvals=True)
        ours_h = np.stack([ar[p] + 1j * ai[p], be[p]])
        ours_h /= np.linalg.norm(ours_h, axis=0)
        ref = np.stack([al, bt]) / np.linalg.norm(np.stack([al, bt]), axis=0)
        for k in range(n):
            dist = np.abs(ours_h[0] * ref[1, k] - ours_h[1] * ref[0, k])
            ok = ok and dist.min() < 1e-8
    return "qz, n = 16 (with Q and Z)", how, ours, theirs, ok, \
        "about 66 n^3 = 2.7e5 flops per problem (LAPACK's dgges estimate)"


def row_cholesky_banded(rng, count):
    n, kd = 64, 2
    ab = np.empty((count, kd + 1, n))
    ab[:, :kd] = rng.uniform(-1, 1, (count, kd, n))
    ab[:, kd] = 2 * kd + 1 + rng.uniform(0, 1, (count, n))  # dominant
    rhs = rng.uniform(-1, 1, (count, n, 1))

    def ours():
        c = bl.cholesky_banded(ab)
        return c, bl.cho_solve_banded((c, False), rhs)

    def one(abp, bp):
        c = sl.cholesky_banded(abp)
        return c, sl.cho_solve_banded((c, False), bp)

    theirs, how = scipy_batched(one, ab, rhs)
    c, x = ours()
    c2, x2 = theirs()
    ok = (np.abs(c - c2).max() < 1e-13 * np.abs(c2).max()
          and np.abs(x - x2).max() < 1e-12 * np.abs(x2).max())
    return "cholesky_banded + cho_solve_banded, n = 64, kd = 2", how, ours, \
        theirs, ok, ("about n kd^2 + 4 n kd = 1.3e3 flops and 2 kB per "
                     "problem: bound by memory and per-problem overhead")


def row_mathieu_ab(rng, count):
    q = np.linspace(0, 15, count)  # SciPy's values are right below q ~ 20
    mmax = 10
    m = np.arange(mmax + 1)[:, None]
    ours = lambda: bl.mathieu_ab_all(q, mmax)  # noqa: E731

    def theirs():
        return (sc.mathieu_a(m, q).T, sc.mathieu_b(m[1:], q).T)

    a, b = ours()
    a2, b2 = theirs()
    ok = (np.abs(a - a2).max() < 1e-10 * np.abs(a2).max()
          and np.abs(b - b2).max() < 1e-10 * np.abs(b2).max())
    return ("mathieu a_0..a_10, b_1..b_10 at 10^4 q in [0, 15] "
            "(batchla mathieu_ab_all)"), \
        "SciPy ufuncs mathieu_a, mathieu_b, broadcast", ours, theirs, ok, \
        "21 values per q; batchla one eigenvalue solve per class and q"


def row_mathieu_cem(rng, count):
    pairs = 10
    m = np.arange(pairs)[:, None]
    q = np.linspace(0.5, 12, pairs)[:, None]
    x = np.linspace(0, 360, count // pairs)
    ours = lambda: bl.mathieu_cem(m, q, x)  # noqa: E731
    theirs = lambda: sc.mathieu_cem(m, q, x)  # noqa: E731
    y, yp = ours()
    y2, yp2 = theirs()
    ok = (np.abs(y - y2).max() < 1e-10
          and np.abs(yp - yp2).max() < 1e-10 * np.abs(yp2).max())
    return "mathieu_cem, 10 (m, q) pairs x 1000 x", \
        "SciPy ufunc mathieu_cem, broadcast", ours, theirs, ok, \
        "batchla expands each (m, q) once and sums the series per x"


def row_spherical_jn_all(rng, count):
    nmax = 20
    x = rng.uniform(0, 50, count)
    n = np.arange(nmax + 1)
    ours = lambda: bl.spherical_jn_all(nmax, x)  # noqa: E731
    theirs = lambda: sc.spherical_jn(n, x[:, None])  # noqa: E731
    ok = np.abs(ours() - theirs()).max() < 1e-12
    return "spherical_jn_all, orders 0..20 at 10^4 x in [0, 50]", \
        "SciPy ufunc spherical_jn, broadcast over n", ours, theirs, ok, \
        "batchla one recurrence per x for all 21 orders"


def spherical_ik_row(name, nmax):
    def row(rng, count):
        x = rng.uniform(0.1, 50, count)
        n = np.arange(nmax + 1)
        ours_f = getattr(bl, f"spherical_{name}_all")
        theirs_f = getattr(sc, f"spherical_{name}")
        ours = lambda: ours_f(nmax, x)  # noqa: E731
        theirs = lambda: theirs_f(n, x[:, None])  # noqa: E731
        ok = (np.abs(ours() - theirs()) <= 1e-12 * np.abs(theirs())).all()
        return f"spherical_{name}_all, orders 0..{nmax} at 10^4 x in " \
            "[0.1, 50]", f"SciPy ufunc spherical_{name}, broadcast over n", \
            ours, theirs, ok, "batchla one recurrence per x for all " \
            f"{nmax + 1} orders"
    row.__name__ = f"row_spherical_{name}_all"
    return row


def equation_resid(kind, a, b, q, x):
    """The residual ratio of tests/test_matrix_equations.c, per problem,
    maximum."""
    def n1(m):
        return np.abs(m).sum(-2).max(-1)
    if kind == "sylvester":
        r, den = a @ x + x @ b - q, n1(a) + n1(b)
    elif kind == "continuous":
        r, den = a @ x + x @ mT(a) - q, 2 * n1(a)
    else:
        r, den = a @ x @ mT(a) - x + q, n1(a) ** 2 + 1
    return float(np.max(n1(r) / (den * n1(x) * x.shape[-1] * EPS)))


def equation_row(kind, n):
    """A x + x b = q (Sylvester), a x + x a^T = q, a x a^T - x + q = 0 at
    order n; a / sqrt(n) for the discrete equation (stable), q symmetric."""
    def row(rng, count):
        a = rng.uniform(-1, 1, (count, n, n))
        if kind == "discrete":
            a /= np.sqrt(n)
        b = rng.uniform(-1, 1, (count, n, n))
        q = rng.uniform(-1, 1, (count, n, n))
        q = q + mT(q)
        if kind == "sylvester":
            ours = lambda: bl.solve_sylvester(a, b, q)  # noqa: E731
            theirs, how = scipy_batched(sl.solve_sylvester, a, b, q)
        else:
            name = f"solve_{kind}_lyapunov"
            ours = lambda: getattr(bl, name)(a, q)  # noqa: E731
            theirs, how = scipy_batched(getattr(sl, name), a, q)
        ok = (equation_resid(kind, a, b, q, ours()) < 50
              and equation_resid(kind, a, b, q, theirs()) < 50)
        return (f"solve_{kind}{'' if kind == 'sylvester' else '_lyapunov'}, "
                f"n = {n}"), how, ours, theirs, ok, \
            ("two real Schur forms, about 60 n^3 flops per problem"
             if kind == "sylvester" else
             "one real Schur form, about 35 n^3 flops per problem")
    return row


def are_resid(kind, a, b, q, r, x):
    """The Riccati residual |res|_1 / (the sum of the terms' 1-norms) / eps
    / max(1, max |X|) (with q >= I the size of X measures the
    conditioning), per problem, maximum."""
    def n1(m):
        return np.abs(m).sum(-2).max(-1)
    if kind == "continuous":
        terms = (mT(a) @ x, x @ a, x @ b @ np.linalg.solve(r, mT(b) @ x), q)
        res = terms[0] + terms[1] - terms[2] + terms[3]
    else:
        axb = mT(a) @ x @ b
        terms = (mT(a) @ x @ a, x,
                 axb @ np.linalg.solve(r + mT(b) @ x @ b, mT(axb)), q)
        res = terms[0] - terms[1] - terms[2] + terms[3]
    size = np.maximum(1, np.abs(x).max(axis=(-2, -1)))
    return float(np.max(n1(res) / (sum(n1(t) for t in terms) * EPS * size)))


def riccati_row(kind, n):
    """The stabilizing X of the continuous or discrete Riccati equation at
    order n with m = n / 2 inputs: a / sqrt(n) (spectral radius about 0.6,
    shifted by -0.3 for the continuous equation), q = c c^T / n + I,
    r = g g^T / m + I."""
    m = n // 2

    def row(rng, count):
        a = rng.uniform(-1, 1, (count, n, n)) / np.sqrt(n)
        if kind == "continuous":
            a -= 0.3 * np.eye(n)
        b = rng.uniform(-1, 1, (count, n, m))
        c = rng.uniform(-1, 1, (count, n, n))
        q = c @ mT(c) / n + np.eye(n)
        g = rng.uniform(-1, 1, (count, m, m))
        r = g @ mT(g) / m + np.eye(m)
        name = f"solve_{kind}_are"
        ours = lambda: getattr(bl, name)(a, b, q, r)  # noqa: E731
        theirs, how = scipy_batched(getattr(sl, name), a, b, q, r)
        ok = (are_resid(kind, a, b, q, r, ours()) < 50 * n
              and are_resid(kind, a, b, q, r, theirs()) < 50 * n)
        return f"{name}, n = {n}, m = {m}", how, ours, theirs, ok, \
            ("QZ of the pencil (order 2n once compressed), reordering, "
             "one Newton step (a Lyapunov or Stein solve)")
    return row


ROWS = [row_eigh_tridiagonal, row_schur, row_qz, row_cholesky_banded,
        row_mathieu_ab, row_mathieu_cem, row_spherical_jn_all,
        equation_row("sylvester", 4), equation_row("sylvester", 16),
        equation_row("continuous", 4), equation_row("continuous", 16),
        equation_row("discrete", 16)] + [
            riccati_row(kind, n) for kind in ("continuous", "discrete")
            for n in (4, 8, 16, 32)] + [
                spherical_ik_row("in", 20), spherical_ik_row("kn", 20)]


# ---- per-call overhead -----------------------------------------------------

def overhead_rows(calls, reps):
    """Microseconds per call on a batch of one (median of reps rounds of
    `calls` calls)."""
    lib = _capi.library()
    rows = []
    for name, n in (("sterf", 4), ("potrf", 4)):
        rng = np.random.default_rng(7)
        if name == "sterf":
            d0 = rng.uniform(-1, 1, n)
            e0 = rng.uniform(-1, 1, n - 1)
            d, e = d0.copy(), e0.copy()
            info = np.zeros(1, np.intc)
            dv = _capi.VecBatch(d.ctypes.data, 1, n, n, 1)
            ev = _capi.VecBatch(e.ctypes.data, 1, n - 1, n - 1, 1)
            drv = lib.bla_dsterf_batch
            ip = info.ctypes.data

            def c_call():
                d[:] = d0  # the driver overwrites its input, as LAPACK's
                e[:] = e0
                return drv(dv, ev, ip, None)

            def c_copy_only():
                d[:] = d0
                e[:] = e0

            raw = lambda: _gufuncs.sterf(d0, e0)  # noqa: E731
            public = lambda: bl.eigvalsh_tridiagonal(d0, e0)  # noqa: E731
            public_nc = lambda: bl.eigvalsh_tridiagonal(  # noqa: E731
                d0, e0, check_finite=False)
            spy = lambda: sl.eigvalsh_tridiagonal(d0, e0)  # noqa: E731
            check = (c_call() == 0 and np.array_equal(np.sort(d), public())
                     and np.allclose(public(), spy(), atol=1e-14))
            label = "eigvalsh_tridiagonal, n = 4 (bla_dsterf_batch)"
        else:
            g = rng.uniform(-1, 1, (n, n))
            a0 = g @ g.T + n * np.eye(n)
            a = a0.copy()
            info = np.zeros(1, np.intc)
            am = _capi.MatBatch(a.ctypes.data, 1, n, n, n * n, n, 1)
            drv = lib.bla_dpotrf_batch
            ip = info.ctypes.data

            def c_call():
                a[:] = a0
                return drv(_capi.BLA_UPPER, am, ip, None)

            def c_copy_only():
                a[:] = a0

            raw = lambda: _gufuncs.potrf_upper(a0)  # noqa: E731
            public = lambda: bl.cholesky(a0)  # noqa: E731
            public_nc = lambda: bl.cholesky(a0, check_finite=False)  # noqa
            spy = lambda: sl.cholesky(a0)  # noqa: E731
            check = (c_call() == 0
                     and np.array_equal(np.triu(a), public())
                     and np.allclose(public(), spy(), atol=1e-14))
            label = "cholesky, n = 4 (bla_dpotrf_batch)"
        if not check:
            rows.append((label, None))
            continue
        funcs = [("C driver via ctypes (inputs restored)", c_call),
                 ("ctypes: restoring the inputs only", c_copy_only),
                 ("raw gufunc", raw), ("batchla, check_finite=False",
                                       public_nc),
                 ("batchla (check_finite=True)", public),
                 (f"SciPy {scipy.__version__}", spy)]
        times = {k: [] for k, _ in funcs}
        for f in funcs:
            f[1]()
        for r in range(reps):
            for k, f in (funcs if r % 2 == 0 else funcs[::-1]):
                t0 = time.perf_counter()
                for _ in range(calls):
                    f()
                times[k].append((time.perf_counter() - t0) / calls * 1e6)
        rows.append((label, {k: (np.median(v), (max(v) - min(v)) /
                                 np.median(v)) for k, v in times.items()}))
    return rows


# ---- report -------------------------------------------------------------------

def describe():
    try:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"],
                                capture_output=True, text=True,
                                cwd=os.path.dirname(__file__)).stdout.strip()
    except OSError:
        commit = "?"
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return commit, cpu


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--count", type=int, default=10000)
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--calls", type=int, default=2000,
                    help="calls per round in the overhead rows")
    ap.add_argument("--quick", action="store_true",
                    help="count 1000, calls 200 (a smoke run, not a result)")
    ap.add_argument("--only", default="",
                    help="time only the rows whose problem contains TEXT, "
                    "and no overhead rows (every row's inputs are still "
                    "drawn and cross-checked, so the inputs are those of "
                    "the full run)")
    args = ap.parse_args()
    if args.quick:
        args.count, args.calls = 1000, 200
    if args.reps < 5 and not args.quick:
        ap.error("--reps must be at least 5")
    bl.set_num_threads(1)
    commit, cpu = describe()
    rng = np.random.default_rng(2024)

    print(f"Commit {commit}; `python bench/python/bench_python.py"
          f"{' --quick' if args.quick else ''}"
          f"{f' --only {args.only}' if args.only else ''}`; {cpu}; one thread "
          f"(batchla.set_num_threads(1), OpenBLAS/OpenMP limited to 1); "
          f"Python {platform.python_version()}, NumPy {np.__version__}, "
          f"SciPy {scipy.__version__}, batchla {bl.__version__}; "
          f"float64, batches of {args.count}, uniform(-1, 1) random inputs "
          f"(SPD band: diagonally dominant); median of {args.reps} rounds, "
          "sides alternating.\n")
    print("| problem | SciPy side | SciPy ms | batchla ms | speedup "
          "| spread SciPy / batchla | cost |")
    print("|---|---|---:|---:|---:|---|---|")
    for make in ROWS:
        name, how, ours, theirs, ok, cost = make(rng, args.count)
        log(f"{name}: cross-check {'ok' if ok else 'FAILED'}")
        if not ok:
            print(f"| {name} | {how} | FAILED | FAILED | cross-check failed "
                  "| | |")
            continue
        if args.only not in name:
            continue
        mb, sb, ms, ss = time_pair(ours, theirs, args.reps)
        print(f"| {name} | {how} | {ms * 1e3:.3g} | {mb * 1e3:.3g} | "
              f"{ms / mb:.2g}x | {ss:.0%} / {sb:.0%} | {cost} |", flush=True)

    if args.only:
        return
    print(f"\nPer-call overhead on a batch of one, microseconds per call "
          f"(median of {args.reps} rounds of {args.calls} calls, spread in "
          "parentheses):\n")
    rows = overhead_rows(args.calls, args.reps)
    keys = None
    for label, res in rows:
        if res is None:
            print(f"| {label} | cross-check FAILED |")
            continue
        if keys is None:
            keys = list(res)
            print("| problem | " + " | ".join(keys) + " |")
            print("|---" * (len(keys) + 1) + "|")
        print(f"| {label} | " + " | ".join(
            f"{res[k][0]:.2g} ({res[k][1]:.0%})" for k in keys) + " |")


if __name__ == "__main__":
    main()
