#!/usr/bin/env python3
"""batchla's spheroidal batch drivers against SciPy, speed and accuracy.

  python3 bench/spheroidal_scipy.py LIB [--reps R] [--ref FILE] [--quick]

LIB is the shared library (build/libbatchla.so), loaded through ctypes.
Both libraries on the same inputs in one run:

  A  characteristic values lambda_mn(c) of n - m = 0..100 for m = 0 and 1
     at 10^4 values c = linspace(0.01, 100, 10^4), prolate and oblate.
     SciPy: pro_cv(m, n, c) / obl_cv per value, one timed run (10^6
     values take SciPy minutes); batchla: one bla_dspheroidal_cv_all_batch
     call per kind and m.
  B  angular and radial functions on a grid with repeated (m, n, c): the
     64 triples m in {0, 1, 2, 5}, n - m in {0, 1, 5, 10}, c in {1, 5, 20,
     50}, each at 250 arguments (angular: eta in (-1, 1); prolate radial:
     xi in [1.005, 10], oblate radial: xi in [0, 10]). SciPy: pro_ang1,
     pro_rad1, pro_rad2 (obl_*) per value, each call expanding its (m, n,
     c) again; batchla: bla_dspheroidal_angular_batch and
     bla_dspheroidal_radial_batch (both kinds of radial function in one
     call), each distinct (m, n, c) expanded once.

Timing: best of R rounds (median and spread (max - min) / median shown
too), the sides rotating which runs first, after one untimed run. batchla
runs with exec.threads = 1 and with every CPU of the process; SciPy's
ufuncs are single-threaded. SciPy runs in a child process (see below).

Accuracy, against tests/data/spheroidal_ref.txt (mpmath, 25 digits, see
tests/data/gen_spheroidal_ref.py): every record there within the
libraries' shared domain (n - m <= 100 for the characteristic values).
Errors: characteristic values |v - ref| / max(|ref|, 1); angular values
|v - ref| / ||Ps^m_n||_2 (the norm over [-1, 1], sqrt(2/(2n+1) (n+m)! /
(n-m)!)), derivatives / (that norm times n + 1 + c);
radial values |v - ref| / sqrt(R1^2 + R2^2) (ref). An entry is wrong above
1e-8; NaN is wrong. SciPy's pro_ang1 / obl_ang1 are normalized as Flammer
(S(0) = P^m_n(0) for n - m even, S'(0) = P^m_n'(0) for n - m odd); they
are compared with the reference's Meixner-Schafke values times the
factor of the reference's `flam` record, so only (m, n, c) with such a
record enter SciPy's angular column.

SciPy's specfun corrupts its heap at some arguments (every c = 100 point
of the radial functions, in SciPy 1.17.1), which aborts the process: its
calls run in forked children, a batch whose child dies is split until the
points that kill it are found, and those count as crashes.

Markdown report on stdout, progress on stderr. --quick: A on 200 values
of c and m = 0 only, B on 16 triples, R = 3.
"""

import argparse
import collections
import ctypes
import math
import multiprocessing
import os
import platform
import sys
import time

import numpy as np
import scipy
import scipy.special as sc

from scipy_side import (DVec, DVecBatch, Exec, Library, cpu_model, dvec,
                        dvec_batch, exec_host, fmt_err, iptr, stats,
                        time_sides)

WRONG = 1e-8
KINDS = (("P", 0, "prolate", "pro"), ("O", 1, "oblate", "obl"))


def log(*a):
    print("spheroidal_scipy:", *a, file=sys.stderr, flush=True)


# ---- the library through ctypes ---------------------------------------------


IP = ctypes.POINTER(ctypes.c_int)
EP = ctypes.POINTER(Exec)
I64 = ctypes.c_int64
INT = ctypes.c_int


class Batchla(Library):
    def __init__(self, path):
        super().__init__(path, {
            "bla_dspheroidal_cv_all_batch": [INT, INT, DVec, DVecBatch, IP,
                                             EP],
            "bla_dspheroidal_angular_batch": [INT, IP, I64, IP, I64] +
            [DVec] * 4 + [IP, EP],
            "bla_dspheroidal_radial_batch": [INT, IP, I64, IP, I64] +
            [DVec] * 6 + [IP, EP]})

    def cv_all(self, kind, m, c, lam, info, threads):
        self.call("bla_dspheroidal_cv_all_batch", kind, m, dvec(c),
                  dvec_batch(lam), iptr(info), exec_host(threads))

    def angular(self, kind, m, n, c, eta, s, sp, info, threads):
        self.call("bla_dspheroidal_angular_batch", kind, iptr(m), 1, iptr(n),
                  1, dvec(c), dvec(eta), dvec(s), dvec(sp), iptr(info),
                  exec_host(threads))

    def radial(self, kind, m, n, c, xi, out, info, threads):
        self.call("bla_dspheroidal_radial_batch", kind, iptr(m), 1, iptr(n),
                  1, dvec(c), dvec(xi), *[dvec(o) for o in out], iptr(info),
                  exec_host(threads))


# ---- SciPy in forked children -------------------------------------------------


def _scipy_call(fname, args):
    out = getattr(sc, fname)(*args)
    return tuple(np.asarray(o, dtype=np.float64) for o in (
        out if isinstance(out, tuple) else (out,)))


def _child(conn, fn, args):
    conn.send(fn(*args))
    conn.close()


def in_child(fn, *args):
    """fn(*args) in a forked child; None when the child dies."""
    ctx = multiprocessing.get_context("fork")
    rd, wr = ctx.Pipe(False)
    p = ctx.Process(target=_child, args=(wr, fn, args))
    p.start()
    wr.close()
    try:
        out = rd.recv()
    except EOFError:
        out = None
    p.join()
    return out if p.exitcode == 0 else None


def scipy_guarded(fname, args, nout):
    """SciPy's fname at the points args (1-d arrays of one length), each
    batch in a child; the points whose call kills a child are NaN.
    Returns (nout arrays, crash mask)."""
    npts = len(args[0])
    out = [np.full(npts, np.nan) for _ in range(nout)]
    crash = np.zeros(npts, dtype=bool)
    todo = [(0, npts)]
    while todo:
        lo, hi = todo.pop()
        if lo == hi:
            continue
        res = in_child(_scipy_call, fname, [a[lo:hi] for a in args])
        if res is not None:
            for o, r in zip(out, res):
                o[lo:hi] = r
        elif hi - lo == 1:
            crash[lo] = True
        else:
            mid = (lo + hi) // 2
            todo += [(lo, mid), (mid, hi)]
    return out, crash


def _scipy_timed(calls, reps):
    """Best, median and spread of reps rounds of every call (fname, args),
    and the first call's outputs of the last round."""
    ts = []
    for _ in range(reps):
        t0 = time.perf_counter()
        outs = [_scipy_call(fname, args) for fname, args in calls]
        ts.append(time.perf_counter() - t0)
    return stats(ts), outs[0]


# ---- references ---------------------------------------------------------------


def read_reference(path):
    """{'cv': [...], 'ang': [...], 'rad': [...], 'flam': {...}} of the
    reference file's records (kind as 0 / 1)."""
    recs = collections.defaultdict(list)
    flam = {}
    with open(path) as fh:
        for line in fh:
            f = line.split()
            if not f or f[0].startswith("#"):
                continue
            kind = 0 if f[1] == "P" else 1
            m, n = int(f[2]), int(f[3])
            vals = [float(v) for v in f[4:]]
            if f[0] == "flam":
                flam[(kind, m, n, vals[0])] = vals[1]
            else:
                recs[f[0]].append((kind, m, n, *vals))
    recs["flam"] = flam
    return recs


def worst(err):
    """Worst error (NaN: inf) and count above WRONG."""
    err = np.where(np.isnan(err), np.inf, err)
    return (float(err.max()) if err.size else None,
            int(np.count_nonzero(err > WRONG)))


# ---- accuracy -------------------------------------------------------------------


def accuracy_cv(bla, ref):
    rows = []
    for kind, kc, kname, pre in KINDS:
        recs = [r for r in ref["cv"] if r[0] == kc and r[2] - r[1] <= 100]
        if not recs:
            continue
        m, n, c, v = _columns(recs, 2)
        mine = np.empty(len(recs))
        for key in sorted(set(zip(m, c))):
            sel = (m == key[0]) & (c == key[1])
            top = int(n[sel].max() - key[0]) + 1
            lam = np.empty((1, top))
            info = np.zeros(1, dtype=np.int32)
            bla.cv_all(kc, int(key[0]), np.array([key[1]]), lam, info, 1)
            mine[sel] = lam[0, n[sel] - key[0]]
        (theirs,), crash = scipy_guarded(pre + "_cv", (m, n, c), 1)
        scale = np.maximum(np.abs(v), 1)
        rows.append(("%s characteristic values" % kname, len(recs),
                     worst(np.abs(mine - v) / scale),
                     worst(np.abs(theirs - v) / scale), int(crash.sum())))
    return rows


def _norm(m, n):
    """The L2 norm of Ps^m_n over [-1, 1]: sqrt(2/(2n+1) (n+m)!/(n-m)!)."""
    return math.exp(0.5 * (math.log(2 / (2 * n + 1)) + math.lgamma(n + m + 1)
                           - math.lgamma(n - m + 1)))


def _scales(recs):
    """The scales of S and dS/deta at each record: Ps's norm, and that
    times n + 1 + c (the derivative's size grows with both)."""
    s = np.array([_norm(r[1], r[2]) for r in recs])
    return s, s * np.array([r[2] + 1 + r[3] for r in recs])


def _columns(recs, nreal):
    """m, n (int32) and the nreal real columns after them of records."""
    m = np.array([r[1] for r in recs], dtype=np.int32)
    n = np.array([r[2] for r in recs], dtype=np.int32)
    return [m, n] + [np.array([r[3 + k] for r in recs]) for k in range(nreal)]


def accuracy_angular(bla, ref):
    rows = []
    for kind, kc, kname, pre in KINDS:
        recs = [r for r in ref["ang"] if r[0] == kc]
        if not recs:
            continue
        m, n, c, eta, s, sp = _columns(recs, 4)
        ss, sps = _scales(recs)
        mine, minep = np.empty(len(recs)), np.empty(len(recs))
        info = np.zeros(len(recs), dtype=np.int32)
        bla.angular(kc, m, n, c, eta, mine, minep, info, 1)
        fl = np.array([ref["flam"].get(r[:4], np.nan) for r in recs])
        have = ~np.isnan(fl)
        (th, thp), crash = scipy_guarded(
            pre + "_ang1", (m[have], n[have], c[have], eta[have]), 2)
        for name, mine_k, want, sc_k, th_k in (
                ("S", mine, s, ss, th), ("dS/deta", minep, sp, sps, thp)):
            rows.append(("%s angular %s" % (kname, name), len(recs),
                         worst(np.abs(mine_k - want) / sc_k),
                         worst(np.abs(th_k - fl[have] * want[have]) /
                               (np.abs(fl[have]) * sc_k[have])),
                         int(crash.sum())))
    return rows


def accuracy_radial(bla, ref):
    rows = []
    for kind, kc, kname, pre in KINDS:
        recs = [r for r in ref["rad"] if r[0] == kc]
        if not recs:
            continue
        m, n, c, xi, *want = _columns(recs, 6)
        scale = np.hypot(want[0], want[2])
        scalep = np.hypot(want[1], want[3])
        mine = [np.empty(len(recs)) for _ in range(4)]
        info = np.zeros(len(recs), dtype=np.int32)
        bla.radial(kc, m, n, c, xi, mine, info, 1)
        first, crash1 = scipy_guarded(pre + "_rad1", (m, n, c, xi), 2)
        second, crash2 = scipy_guarded(pre + "_rad2", (m, n, c, xi), 2)
        theirs = first + second
        for k, name in enumerate(("R1", "R1'", "R2", "R2'")):
            sk = scale if k % 2 == 0 else scalep
            rows.append(("%s radial %s" % (kname, name), len(recs),
                         worst(np.abs(mine[k] - want[k]) / sk),
                         worst(np.abs(theirs[k] - want[k]) / sk),
                         int((crash1 if k < 2 else crash2).sum())))
    return rows


# ---- speed ----------------------------------------------------------------------


def speed_cv(bla, ncs, ms, reps, sci_reps, threads_all):
    c = np.linspace(0.01, 100, ncs)
    rows = []
    for kind, kc, kname, pre in KINDS:
        for m in ms:
            n = np.arange(m, m + 101, dtype=np.int32)
            lam = np.empty((ncs, 101))
            info = np.zeros(ncs, dtype=np.int32)
            calls = [(pre + "_cv", (m, n[:, None], c[None, :]))]
            timed = in_child(_scipy_timed, calls, sci_reps)
            sci, theirs = timed if timed else (None, None)
            bla.cv_all(kc, m, c, lam, info, 1)
            t = time_sides([
                ("1", lambda: bla.cv_all(kc, m, c, lam, info, 1)),
                ("all", lambda: bla.cv_all(kc, m, c, lam, info,
                                           threads_all))], reps)
            diff = (np.abs(theirs[0].T - lam) / np.maximum(np.abs(lam), 1)
                    if theirs else np.full(lam.shape, np.nan))
            rows.append(("%s cv, m = %d" % (kname, m), lam.size, sci,
                         stats(t["1"]), stats(t["all"]),
                         int(np.count_nonzero(info)),
                         int(np.count_nonzero(~(diff <= WRONG)))))
    return rows


def grid_b(quick):
    ms, dn, cs = (0, 1, 2, 5), (0, 1, 5, 10), (1.0, 5.0, 20.0, 50.0)
    if quick:
        ms, dn = (0, 2), (0, 5)
    return [(m, m + d, c) for m in ms for d in dn for c in cs]


def speed_functions(bla, quick, reps, threads_all):
    npts = 250
    trip = grid_b(quick)
    m = np.repeat(np.array([t[0] for t in trip], dtype=np.int32), npts)
    n = np.repeat(np.array([t[1] for t in trip], dtype=np.int32), npts)
    c = np.repeat(np.array([t[2] for t in trip]), npts)
    count = m.size
    info = np.zeros(count, dtype=np.int32)
    rows = []
    for kind, kc, kname, pre in KINDS:
        eta = np.tile(np.linspace(-0.995, 0.995, npts), len(trip))
        xi = np.tile(np.geomspace(1.005, 10, npts) if kc == 0 else
                     np.linspace(0, 10, npts), len(trip))
        s, sp = np.empty(count), np.empty(count)
        out = [np.empty(count) for _ in range(4)]
        for what, calls, run in (
                ("angular", [(pre + "_ang1", (m, n, c, eta))],
                 lambda th: bla.angular(kc, m, n, c, eta, s, sp, info, th)),
                ("radial (both kinds)",
                 [(pre + "_rad1", (m, n, c, xi)),
                  (pre + "_rad2", (m, n, c, xi))],
                 lambda th: bla.radial(kc, m, n, c, xi, out, info, th))):
            timed = in_child(_scipy_timed, calls, reps)
            sci = timed[0] if timed else None
            run(1)
            t = time_sides([("1", lambda: run(1)),
                            ("all", lambda: run(threads_all))], reps)
            rows.append(("%s %s" % (kname, what), count, sci, stats(t["1"]),
                         stats(t["all"]), int(np.count_nonzero(info)), None))
    return rows


# ---- report ---------------------------------------------------------------------


def us(t, count):
    return "%.3g" % (t * 1e6 / count)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("lib")
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--ref", default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), os.pardir, "tests",
        "data", "spheroidal_ref.txt"))
    ap.add_argument("--quick", action="store_true")
    a = ap.parse_args()
    reps = 3 if a.quick else max(a.reps, 3)
    bla = Batchla(a.lib)
    threads_all = len(os.sched_getaffinity(0))
    print("# Spheroidal functions: batchla %s against SciPy %s\n" % (
        bla.version, scipy.__version__))
    print("%s, %d CPUs; Python %s, NumPy %s. Times per value in us; SciPy "
          "single-threaded; batchla with 1 thread and with %d.\n" % (
              cpu_model(), threads_all, platform.python_version(),
              np.__version__, threads_all))

    log("speed, workflow A")
    rows = speed_cv(bla, 200 if a.quick else 10000,
                    (0,) if a.quick else (0, 1), reps, 1, threads_all)
    log("speed, workflow B")
    rows += speed_functions(bla, a.quick, reps, threads_all)
    print("| workflow | values | SciPy | batchla, 1 thread | speedup | "
          "batchla, %d threads | batchla info != 0 | SciPy differs > 1e-8 |"
          % threads_all)
    print("|---|---|---|---|---|---|---|---|")
    for name, count, sci, one, al, bad, diff in rows:
        print("| %s | %d | %s | %s (median %s, spread %.0f%%) | %s | %s | "
              "%d | %s |" % (
                  name, count, us(sci[0], count) if sci else "crashed",
                  us(one[0], count), us(one[1], count), 100 * one[2],
                  "%.1fx" % (sci[0] / one[0]) if sci else "n/a",
                  us(al[0], count), bad, "n/a" if diff is None else diff))

    log("accuracy against", a.ref)
    ref = read_reference(a.ref)
    rows = accuracy_cv(bla, ref) + accuracy_angular(bla, ref) + \
        accuracy_radial(bla, ref)
    print("\n| quantity | reference points | batchla worst | batchla wrong "
          "| SciPy worst | SciPy wrong | SciPy crashes |")
    print("|---|---|---|---|---|---|---|")
    for name, count, (bw, bn), (sw, sn), crashes in rows:
        print("| %s | %d | %s | %d | %s | %d | %d |" % (
            name, count, fmt_err(bw), bn, fmt_err(sw), sn, crashes))
    print("\nWrong: error above %.0e (NaN counts as wrong). Errors: "
          "characteristic values relative to max(|v|, 1), angular values to "
          "the L2 norm of Ps^m_n (derivatives: times n + 1 + c), radial "
          "values to "
          "sqrt(R1^2 + R2^2)." % WRONG)


if __name__ == "__main__":
    main()
