#!/usr/bin/env python3
"""batchla's Mathieu batch drivers against SciPy, speed and accuracy.

  python3 bench/mathieu_scipy.py LIB [--reps R] [--workers W]
                                 [--ref FILE] [--quick]

LIB is the shared library (build/libbatchla.so), loaded through ctypes.
Two workflows, both libraries on the same inputs in one process:

  A  the inputs of SciPy's own Mathieu benchmark:
       rng = np.random.default_rng(1234)
       q = 2**rng.uniform(1, 7, size=100)[:, None]
       m = rng.integers(1, 100, size=100)[:, None]
       x = np.linspace(0, 360, 1000)                  (degrees)
     SciPy: mathieu_cem(m, q, x) and mathieu_sem(m, q, x), each two
     100 x 1000 arrays (value, x-derivative). batchla:
     bla_dmathieu_angular_batch over the 10^5 entries flattened (m and q
     repeated, x varying fastest), x in radians = deg * pi / 180. SciPy's
     derivative is with respect to x in radians although x is given in
     degrees (the script checks this by a finite difference), so the two
     derivatives are compared as they are.
  B  characteristic values a_0..a_100 and b_1..b_100 at 10^4 values
     q = np.linspace(0, 1000, 10000): SciPy mathieu_a(m[:, None],
     q[None, :]) and mathieu_b, batchla one bla_dmathieu_ab_all_batch
     call; and the same at the 1000 negative values -q[::10].

Timing: best of R rounds (R >= 5; median and spread (max - min) / median
shown too), the sides rotating which runs first from round to round,
after one untimed run whose results are the ones checked. batchla runs
with exec.threads = 1 and with every CPU of the process; SciPy's ufuncs
are single-threaded. Only the calls are timed (inputs prepared before).

Accuracy, against references computed here with mpmath (mp.dps = 30) by
the library's own method, independently implemented: the symmetric
tridiagonal recurrence matrices of DLMF 28.4.5-8 (see
include/batchla/special/mathieu.h), truncated at k + 16 + ceil(2
sqrt|q|) rows for the k-th eigenvalue of a class (adding 60 rows changes
no eigenvalue by more than 3e-29 relative at |q| = 1000), eigenvalues by
mpmath's implicit QL (tridiag_eigen), eigenvectors by inverse iteration
in mp, DLMF normalization and signs (ce_m(0, q) > 0, se_m'(0, q) > 0, by
continuity from q = 0; read at x = pi/2 with the equivalent (-1)^k rule
where that is better conditioned). Before use the mp routines are
checked against tests/data/mathieu_ref.txt (25 digits written) when it is
present.

  A: 20 of the 100 (m, q) pairs x 50 of the 1000 x (both spread evenly),
     both kinds. Error of f = |f - ref| / max_x |ref|, of f' = |f' - ref'|
     / max_x |ref'|, the maxima over a 4096-point grid of [0, 2 pi]
     (evaluated in double from the mp coefficients). SciPy is referred to
     the function at its exact degree argument, batchla at the double
     radian argument it received. An entry is wrong when the error of f
     or of f' exceeds 1e-8; a pair whose wrong entries all become right
     when the values are negated is a sign-only mismatch (counted
     separately; still an error of that library).
  B: 30 of the q values (every m), and the corresponding 30 negative
     values through DLMF 28.2.16 (a_2n(-q) = a_2n(q), a_2n+1(-q) =
     b_2n+1(q), b_2n+2(-q) = b_2n+2(q)). Error = |v - ref| / max(|ref|,
     1); wrong when above 1e-8. A NaN is wrong.

Besides the subsample, every SciPy value is compared with batchla's (the
cross-check); the pairs (A) and q values (B) where they disagree by more
than 1e-8 are listed, and up to --extra of them per workflow part are
referred to mpmath too, to say which side is wrong.

A last probe evaluates mathieu_cem/sem (50 x) at every (m, q) of workflow
B inside A's range (2 <= q <= 128) where SciPy's a_m/b_m disagrees with
batchla: workflow A's 100 random pairs can miss those narrow q windows.

Markdown report on stdout, progress on stderr; about 2.5 minutes on two
cores. --quick: B on 2000 (and 200 negative) q, 8 pairs and 10 q values in
the references, no extra references (about 35 s).
"""

import argparse
import ctypes
import math
import multiprocessing
import os
import platform
import sys
import time

import mpmath
import numpy as np
import scipy
import scipy.special as sc
from mpmath import mp
from mpmath.matrices.eigen_symmetric import tridiag_eigen

# The tridiagonal solve of the test references (tests/data).
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                os.pardir, "tests", "data"))
from mp_tridiag import gtsv  # noqa: E402
from scipy_side import (DVec, DVecBatch, Exec, Library, compact,  # noqa: E402
                        cpu_model, dvec, dvec_batch, exec_host, fmt_err, iptr,
                        stats, time_sides)

DPS = 30
WRONG = 1e-8
CE, SE = 0, 1
KIND_NAME = ("ce", "se")

# ---- the library through ctypes ---------------------------------------------


IP = ctypes.POINTER(ctypes.c_int)
EP = ctypes.POINTER(Exec)


class Batchla(Library):
    def __init__(self, path):
        super().__init__(path, {
            "bla_dmathieu_angular_batch": [
                ctypes.c_int, IP, ctypes.c_int64, DVec, DVec, DVec, DVec, IP,
                EP],
            "bla_dmathieu_ab_all_batch": [DVec, DVecBatch, DVecBatch, IP, EP]})

    def angular(self, kind, m, q, x, f, fp, info, threads):
        self.call("bla_dmathieu_angular_batch", kind, iptr(m), 1, dvec(q),
                  dvec(x), dvec(f), dvec(fp), iptr(info), exec_host(threads))

    def ab_all(self, q, a, b, info, threads):
        self.call("bla_dmathieu_ab_all_batch", dvec(q), dvec_batch(a),
                  dvec_batch(b), iptr(info), exec_host(threads))


# ---- mpmath references -------------------------------------------------------
#
# Classes as in mathieu.h: 0 ce_2n (A_2r), 1 ce_2n+1 (A_2r+1), 2 se_2n+1
# (B_2r+1), 3 se_2n+2 (B_2r+2); row r has frequency freq(cls, r).


def mclass(kind, m):
    """(class, index k within the class) of ce_m or se_m."""
    if kind == CE:
        return (0, m // 2) if m % 2 == 0 else (1, (m - 1) // 2)
    return (2, (m - 1) // 2) if m % 2 else (3, (m - 2) // 2)


def freq(cls, r):
    return (2 * r, 2 * r + 1, 2 * r + 1, 2 * r + 2)[cls]


def nrows(k, q):
    return k + 16 + int(math.ceil(2 * math.sqrt(abs(q))))


def mp_matrix(cls, q, n):
    q = mp.mpf(q)
    d = [mp.mpf(freq(cls, r)) ** 2 for r in range(n)]
    if cls == 1:
        d[0] += q
    elif cls == 2:
        d[0] -= q
    e = [q] * n
    if cls == 0 and n > 1:
        e[0] = mp.sqrt(2) * q
    e[n - 1] = mp.mpf(0)
    return d, e


def mp_eigenvalues(cls, q, n):
    d, e = mp_matrix(cls, q, n)
    tridiag_eigen(mp, d, e)
    return d  # ascending


def mp_coeffs(kind, m, q):
    """(a_m or b_m, [A or B coefficients of the class], class) at q."""
    cls, k = mclass(kind, m)
    n = nrows(k, q)
    lam = mp_eigenvalues(cls, q, n)[k]
    d, e = mp_matrix(cls, q, n)
    dd = [v - lam for v in d]
    tiny = mp.eps * (1 + max(abs(v) for v in dd) + 2 * max(
        [abs(v) for v in e[:n - 1]] + [0]))
    v = [mp.mpf(1) / (r + 1) for r in range(n)]
    for _ in range(3):
        v = gtsv(dd, e, v, tiny)
        s = mp.sqrt(mp.fsum(c * c for c in v))
        v = [c / s for c in v]
    # Sign: at x = 0 (ce value, se derivative) or at pi/2 with the (-1)^k
    # rule, whichever sum cancels less.
    w0 = [(freq(cls, r) if cls >= 2 else 1) for r in range(n)]
    w1 = [(freq(cls, r) if cls in (1, 3) else 1) * (-1) ** r
          for r in range(n)]
    c = list(v)
    if cls == 0:
        c[0] = v[0] / mp.sqrt(2)
    s0 = mp.fsum(w * a for w, a in zip(w0, c))
    a0 = mp.fsum(abs(w * a) for w, a in zip(w0, c))
    s1 = mp.fsum(w * a for w, a in zip(w1, c))
    a1 = mp.fsum(abs(w * a) for w, a in zip(w1, c))
    if abs(s0) * a1 >= abs(s1) * a0:
        sgn = 1 if s0 > 0 else -1
    else:
        sgn = 1 if (s1 > 0) == (k % 2 == 0) else -1
    return lam, [sgn * a for a in c], cls


def mp_angular(kind, cls, c, xs):
    """f and f' (d/dx) at the mp arguments xs from coefficients c."""
    fs, fps = [], []
    for x in xs:
        z = mp.expj(x)
        z2 = z * z
        w = mp.mpc(1) if cls == 0 else (z2 if cls == 3 else z)
        f = fp = mp.mpf(0)
        for r, a in enumerate(c):
            fr = freq(cls, r)
            if kind == CE:
                f += a * w.real
                fp -= fr * a * w.imag
            else:
                f += a * w.imag
                fp += fr * a * w.real
            w *= z2
        fs.append(f)
        fps.append(fp)
    return fs, fps


def grid_max(kind, cls, c):
    """max |f| and max |f'| over 4096 points of [0, 2 pi], in double."""
    x = np.linspace(0, 2 * np.pi, 4096, endpoint=False)
    fr = np.array([freq(cls, r) for r in range(len(c))], dtype=float)
    cc = np.array([float(a) for a in c])
    ph = np.outer(fr, x)
    if kind == CE:
        f = cc @ np.cos(ph)
        fp = -(cc * fr) @ np.sin(ph)
    else:
        f = cc @ np.sin(ph)
        fp = (cc * fr) @ np.cos(ph)
    return float(np.max(np.abs(f))), float(np.max(np.abs(fp)))


def task_ang(args):
    """Worker: reference of one (kind, m, q) at degree and radian points."""
    kind, m, q, xdeg, xrad = args
    mp.dps = DPS
    lam, c, cls = mp_coeffs(kind, m, q)
    deg = [mp.mpf(float(v)) * mp.pi / 180 for v in xdeg]
    rad = [mp.mpf(float(v)) for v in xrad]
    fd, fpd = mp_angular(kind, cls, c, deg)
    fr, fpr = mp_angular(kind, cls, c, rad)
    smax, spmax = grid_max(kind, cls, c)
    return dict(lam=lam, fd=fd, fpd=fpd, fr=fr, fpr=fpr, smax=smax,
                spmax=spmax)


def task_eig(args):
    """Worker: the first kmax + 1 eigenvalues of class cls at q."""
    cls, q, kmax = args
    mp.dps = DPS
    return mp_eigenvalues(cls, q, nrows(kmax, q))[:kmax + 1]


def ab_from_classes(ev):
    """a_0..a_100, b_1..b_100 from the class eigenvalues ev[cls]."""
    a = [ev[0][n // 2] if n % 2 == 0 else ev[1][n // 2] for n in range(101)]
    b = [ev[2][(n - 1) // 2] if n % 2 else ev[3][(n - 2) // 2]
         for n in range(1, 101)]
    return a, b


def eig_tasks(q):
    return [(0, q, 50), (1, q, 49), (2, q, 49), (3, q, 49)]


# ---- timing -------------------------------------------------------------------


def log(*a):
    print("mathieu_scipy:", *a, file=sys.stderr, flush=True)


# ---- errors -------------------------------------------------------------------


def mperr(v, ref, scale):
    """|v - ref| / scale in double, v a double (NaN: inf)."""
    if not math.isfinite(v):
        return math.inf
    return float(abs(mp.mpf(v) - ref) / scale)


def ang_errors(f, fp, rf, rfp, smax, spmax):
    """Per-point errors of f and f' and the same with both negated."""
    ef = [mperr(a, b, smax) for a, b in zip(f, rf)]
    efp = [mperr(a, b, spmax) for a, b in zip(fp, rfp)]
    nf = [mperr(-a, b, smax) if math.isfinite(a) else math.inf
          for a, b in zip(f, rf)]
    nfp = [mperr(-a, b, spmax) if math.isfinite(a) else math.inf
           for a, b in zip(fp, rfp)]
    return ef, efp, nf, nfp


class AngAcc:
    """Accumulates one library's accuracy over the reference pairs."""

    def __init__(self):
        self.worst_f = self.worst_fp = 0.0
        self.worst_at = None
        self.wrong = self.sign_only = self.entries = 0
        self.bad_pairs = []  # (m, q, worst, sign_only)

    def add(self, m, q, ef, efp, nf, nfp):
        wrong = [max(a, b) > WRONG for a, b in zip(ef, efp)]
        nwrong = sum(wrong)
        self.entries += len(ef)
        worst = max(max(ef), max(efp))
        if self.worst_at is None or worst > self.worst_at[2]:
            self.worst_at = (m, q, worst)
        self.worst_f = max(self.worst_f, max(ef))
        self.worst_fp = max(self.worst_fp, max(efp))
        if nwrong:
            neg_ok = all(max(a, b) <= WRONG for a, b in zip(nf, nfp))
            self.wrong += nwrong
            if neg_ok:
                self.sign_only += nwrong
            self.bad_pairs.append((m, q, worst, neg_ok))


# ---- main ---------------------------------------------------------------------


def check_references(ref_path, pool):
    """The mp routines against the 50-digit reference file."""
    if not os.path.exists(ref_path):
        log("reference file %s not found: mp self-check skipped" % ref_path)
        return "not run (%s not found)" % ref_path
    q0 = 100.0
    want = {("ce", 0, 100.0), ("ce", 25, 100.0), ("se", 10, 100.0),
            ("se", 51, 1000.0), ("ce", 5, -100.0)}
    recs = {"a": None, "b": None}
    ang = []
    with open(ref_path) as fh:
        for line in fh:
            t = line.split()
            if not t or t[0].startswith("#"):
                continue
            if t[0] in ("a", "b") and float(t[1]) == q0:
                recs[t[0]] = [mp.mpf(v) for v in t[3:]]
            elif (t[0] == "ang" and
                  (t[1], int(t[2]), float(t[3])) in want):
                ang.append((CE if t[1] == "ce" else SE, int(t[2]),
                            float(t[3]), float(t[4]), mp.mpf(t[5]),
                            mp.mpf(t[6])))
    if recs["a"] is None or recs["b"] is None or not ang:
        return "not run (no q = 100 records in %s)" % ref_path
    ev = pool.map(task_eig, eig_tasks(q0))
    a, b = ab_from_classes(ev)
    ew = max(float(abs(x - y) / max(abs(y), 1))
             for x, y in zip(a + b, recs["a"] + recs["b"]))
    groups = {}
    for kind, m, q, x, f, fp in ang:
        groups.setdefault((kind, m, q), []).append((x, f, fp))
    tasks = [(kind, m, q, [0.0], [x for x, _, _ in pts])
             for (kind, m, q), pts in groups.items()]
    res = pool.map(task_ang, tasks)
    fw = 0.0
    for (key, pts), r in zip(groups.items(), res):
        scale = max([abs(f) for _, f, _ in pts] + [1e-300])
        pscale = max([abs(fp) for _, _, fp in pts] + [1e-300])
        for (x, f, fp), g, gp in zip(pts, r["fr"], r["fpr"]):
            fw = max(fw, float(abs(g - f) / scale), float(abs(gp - fp) /
                                                          pscale))
    msg = ("a_0..a_100, b_1..b_100 at q = 100 within %.1e relative; "
           "%s (%d points) within %.1e of their scale" % (
               ew, ", ".join("%s_%d(q = %g)" % (KIND_NAME[k], m, q)
                             for k, m, q in groups), len(ang), fw))
    if ew > 1e-23 or fw > 1e-23:  # the file has 25 digits
        raise SystemExit("mathieu_scipy: the mp references disagree with "
                         "%s: %s" % (ref_path, msg))
    return msg


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("lib")
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--workers", type=int, default=0)
    ap.add_argument("--ref", default=os.path.join(
        here, "..", "tests", "data", "mathieu_ref.txt"))
    ap.add_argument("--extra", type=int, default=6,
                    help="disagreeing pairs / q values also referred to mp")
    ap.add_argument("--quick", action="store_true")
    o = ap.parse_args()
    if o.reps < 5:
        ap.error("--reps must be at least 5")
    t_start = time.perf_counter()
    mp.dps = DPS
    nref_a, nref_b = (8, 10) if o.quick else (20, 30)
    extra = 0 if o.quick else o.extra
    ncpu = len(os.sched_getaffinity(0))
    workers = o.workers or ncpu
    bla = Batchla(o.lib)
    ctx = multiprocessing.get_context("fork")
    pool = ctx.Pool(workers)
    selfcheck = check_references(o.ref, pool)
    log("mp self-check:", selfcheck)
    rows = []
    notes = []

    # SciPy's derivative: radians or degrees?
    f1, _ = sc.mathieu_cem(3, 5.0, 30.0 + 1e-4)
    f0, _ = sc.mathieu_cem(3, 5.0, 30.0 - 1e-4)
    _, d = sc.mathieu_cem(3, 5.0, 30.0)
    fd_rad = (f1 - f0) / 2e-4 * 180 / np.pi
    if abs(fd_rad - d) > 1e-6 * abs(d):
        raise SystemExit("mathieu_scipy: SciPy's derivative is not per "
                         "radian (finite difference %r, returned %r)" %
                         (fd_rad, d))

    # ---- workflow A ---------------------------------------------------------
    rng = np.random.default_rng(1234)
    qA = 2 ** rng.uniform(1, 7, size=100)[:, None]
    mA = rng.integers(1, 100, size=100)[:, None]
    xA = np.linspace(0, 360, 1000)
    npair, nx = 100, 1000
    m_flat = np.ascontiguousarray(np.repeat(mA[:, 0], nx), dtype=np.int32)
    q_flat = np.ascontiguousarray(np.repeat(qA[:, 0], nx), dtype=np.float64)
    xr = xA * (np.pi / 180)
    x_flat = np.ascontiguousarray(np.tile(xr, npair), dtype=np.float64)
    f_b = np.empty(npair * nx)
    fp_b = np.empty(npair * nx)
    info = np.zeros(npair * nx, dtype=np.int32)
    pi_idx = np.unique(np.round(np.linspace(0, npair - 1, nref_a)).astype(int))
    xi_idx = np.unique(np.round(np.linspace(0, nx - 1, 50)).astype(int))
    for kind, sfun in ((CE, sc.mathieu_cem), (SE, sc.mathieu_sem)):
        kn = KIND_NAME[kind]
        t_phase = time.perf_counter()
        log("workflow A, %s: cross-check runs" % kn)
        fs, fps = sfun(mA, qA, xA)
        bla.angular(kind, m_flat, q_flat, x_flat, f_b, fp_b, info, 1)
        if np.any(info != 0):
            notes.append("A %s: batchla info != 0 at %d entries" %
                         (kn, int(np.sum(info != 0))))
        fb = f_b.reshape(npair, nx).copy()
        fpb = fp_b.reshape(npair, nx).copy()
        # threads must not change a bit
        bla.angular(kind, m_flat, q_flat, x_flat, f_b, fp_b, info, ncpu)
        same = (np.array_equal(fb.ravel(), f_b) and
                np.array_equal(fpb.ravel(), fp_b))
        if not same:
            notes.append("A %s: batchla's results differ between 1 and %d "
                         "threads" % (kn, ncpu))
        # cross-check: every SciPy value against batchla's
        sf = np.max(np.abs(fb), axis=1)[:, None]
        sfp = np.max(np.abs(fpb), axis=1)[:, None]
        dis = np.maximum(np.abs(fs - fb) / sf, np.abs(fps - fpb) / sfp)
        dis[~np.isfinite(dis)] = np.inf
        disn = np.maximum(np.abs(fs + fb) / sf, np.abs(fps + fpb) / sfp)
        pdis = np.max(dis, axis=1)
        bad = [int(p) for p in np.argsort(-pdis) if pdis[p] > WRONG]
        log("workflow A, %s: SciPy and batchla disagree (> %g) at %d of 100 "
            "pairs, %d of 10^5 entries" % (kn, WRONG, len(bad),
                                         int(np.sum(dis > WRONG))))
        # timing
        out = np.empty_like(f_b), np.empty_like(fp_b)

        def run_scipy():
            sfun(mA, qA, xA)

        def run_bla(nt):
            return lambda: bla.angular(kind, m_flat, q_flat, x_flat, out[0],
                                       out[1], info, nt)
        sides = [("SciPy", run_scipy), ("batchla 1", run_bla(1)),
                 ("batchla %d" % ncpu, run_bla(ncpu))]
        log("workflow A, %s: timing, %d rounds" % (kn, o.reps))
        t = time_sides(sides, o.reps)
        # references
        ref_pairs = list(pi_idx) + [p for p in bad if p not in set(pi_idx)
                                    ][:extra]
        log("workflow A, %s: mp references for %d pairs x %d points" %
            (kn, len(ref_pairs), len(xi_idx)))
        tasks = [(kind, int(mA[p, 0]), float(qA[p, 0]), list(xA[xi_idx]),
                  list(xr[xi_idx])) for p in ref_pairs]
        res = pool.map(task_ang, tasks, chunksize=1)
        acc = {"SciPy": AngAcc(), "batchla": AngAcc()}
        blame = []
        for j, (p, r) in enumerate(zip(ref_pairs, res)):
            m, q = int(mA[p, 0]), float(qA[p, 0])
            es = ang_errors(fs[p, xi_idx], fps[p, xi_idx], r["fd"], r["fpd"],
                            r["smax"], r["spmax"])
            eb = ang_errors(fb[p, xi_idx], fpb[p, xi_idx], r["fr"], r["fpr"],
                            r["smax"], r["spmax"])
            if j < len(pi_idx):
                acc["SciPy"].add(m, q, *es)
                acc["batchla"].add(m, q, *eb)
            else:
                blame.append((m, q, max(max(es[0]), max(es[1])),
                              max(max(eb[0]), max(eb[1])),
                              all(max(a, b) <= WRONG
                                  for a, b in zip(es[2], es[3]))))
        # rows
        vals = npair * nx
        ts = stats(t["SciPy"])
        for name in ("SciPy", "batchla 1", "batchla %d" % ncpu):
            best, med, spr = stats(t[name])
            a = acc["SciPy" if name == "SciPy" else "batchla"]
            rows.append(dict(
                wf="A %s_m(x, q), 100 (m, q) x 1000 x" % kn, lib=name,
                best=best, med=med, spr=spr, ns=best / vals * 1e9,
                speed=ts[0] / best,
                err="%s / %s" % (fmt_err(a.worst_f), fmt_err(a.worst_fp)),
                wrong="%d of %d (%d sign-only)" % (a.wrong, a.entries,
                                                     a.sign_only)))
        for lib in ("SciPy", "batchla"):
            a = acc[lib]
            if a.worst_at:
                notes.append("A %s, %s: worst error at m = %d, q = %r" % (
                    kn, lib, a.worst_at[0], a.worst_at[1]))
            for m, q, w, so in a.bad_pairs:
                notes.append("A %s, %s wrong (reference subsample): m = %d, "
                             "q = %r, worst error %.1e%s" % (
                                 kn, lib, m, q, w,
                                 ", sign only" if so else ""))
        if bad:
            lst = ", ".join("(%d, %.6g)%s" % (
                int(mA[p, 0]), float(qA[p, 0]),
                " sign" if np.max(disn[p]) <= WRONG else "")
                for p in bad[:30])
            notes.append("A %s: SciPy vs batchla disagree (> %g of the "
                         "function's scale) at %d of 100 pairs (m, q): %s%s"
                         % (kn, WRONG, len(bad), lst,
                            " ..." if len(bad) > 30 else ""))
        for m, q, es, eb, so in blame:
            notes.append("A %s, disagreeing pair m = %d, q = %r referred to "
                         "mp: SciPy error %.1e%s, batchla error %.1e" % (
                             kn, m, q, es, " (sign only)" if so and
                             es > WRONG else "", eb))
        log("workflow A, %s: %.0f s" % (kn, time.perf_counter() - t_phase))

    # ---- workflow B -----------------------------------------------------------
    # The references at |q| serve both signs (DLMF 28.2.16); eig_cache
    # holds the class eigenvalues by (class, |q|).
    eig_cache = {}
    nqB = 2000 if o.quick else 10000
    stride = 10
    qpos = np.linspace(0, 1000, nqB)
    ref_pos = stride * np.unique(np.round(np.linspace(
        0, (nqB - 1) // stride, nref_b)).astype(int))
    for neg in (False, True):
        if neg:
            qB = -qpos[::stride]
            ref_idx = ref_pos // stride
        else:
            qB = qpos
            ref_idx = ref_pos
        qB = np.ascontiguousarray(qB)
        nq = qB.size
        ma = np.arange(0, 101)
        mb = np.arange(1, 101)
        wf = "B a_0..100, b_1..100, %d q in [%s]" % (
            nq, "-1000, 0" if neg else "0, 1000")
        t_phase = time.perf_counter()
        log("%s: cross-check runs" % wf)
        sa = sc.mathieu_a(ma[:, None], qB[None, :]).T
        sb = sc.mathieu_b(mb[:, None], qB[None, :]).T
        A = np.empty((nq, 101))
        B = np.empty((nq, 100))
        infb = np.zeros(nq, dtype=np.int32)
        bla.ab_all(qB, A, B, infb, 1)
        if np.any(infb != 0):
            notes.append("%s: batchla info != 0 at %d q" % (
                wf, int(np.sum(infb != 0))))
        A2, B2 = np.empty_like(A), np.empty_like(B)
        bla.ab_all(qB, A2, B2, infb, ncpu)
        if not (np.array_equal(A, A2) and np.array_equal(B, B2)):
            notes.append("%s: batchla's results differ between 1 and %d "
                         "threads" % (wf, ncpu))
        dis_a = np.abs(sa - A) / np.maximum(np.abs(A), 1)
        dis_b = np.abs(sb - B) / np.maximum(np.abs(B), 1)
        dis_a[~np.isfinite(dis_a)] = np.inf
        dis_b[~np.isfinite(dis_b)] = np.inf
        qdis = np.maximum(np.max(dis_a, axis=1), np.max(dis_b, axis=1))
        badq = [int(i) for i in np.argsort(-qdis, kind="stable")
                if qdis[i] > WRONG]
        ndis = int(np.sum(dis_a > WRONG) + np.sum(dis_b > WRONG))
        log("%s: SciPy and batchla disagree (> %g) at %d of %d q, %d of %d "
            "values" % (wf, WRONG, len(badq), nq, ndis, 201 * nq))

        def run_scipy():
            sc.mathieu_a(ma[:, None], qB[None, :])
            sc.mathieu_b(mb[:, None], qB[None, :])

        def run_bla(nt):
            return lambda: bla.ab_all(qB, A2, B2, infb, nt)
        sides = [("SciPy", run_scipy), ("batchla 1", run_bla(1)),
                 ("batchla %d" % ncpu, run_bla(ncpu))]
        log("%s: timing, %d rounds" % (wf, o.reps))
        t = time_sides(sides, o.reps)
        # references: the subsample, then the worst disagreements
        extra_idx = [i for i in badq if i not in set(ref_idx)][:extra]
        all_idx = list(ref_idx) + extra_idx
        qs = [abs(float(qB[i])) for i in all_idx]
        tasks = [tk for q in qs for tk in eig_tasks(q)
                 if (tk[0], tk[1]) not in eig_cache]
        log("%s: mp references at %d q (%d class matrices to compute)" % (
            wf, len(qs), len(tasks)))
        tasks.sort(key=lambda tk: -tk[1])
        for tk, g in zip(tasks, pool.map(task_eig, tasks, chunksize=1)):
            eig_cache[(tk[0], tk[1])] = g
        wrong = {"SciPy": 0, "batchla": 0}
        worst = {"SciPy": (0.0, None), "batchla": (0.0, None)}
        wrong_list = {"SciPy": [], "batchla": []}
        other_order = {"SciPy": 0, "batchla": 0}
        blame = []
        names = ["a_%d" % n for n in range(101)] + [
            "b_%d" % n for n in range(1, 101)]
        for j, i in enumerate(all_idx):
            ev = [eig_cache[(tk[0], tk[1])] for tk in eig_tasks(qs[j])]
            a, b = ab_from_classes(ev)
            if neg:  # a_2n+1(-q) = b_2n+1(q) and the converse
                a, b = ([a[n] if n % 2 == 0 else b[n - 1]
                         for n in range(101)],
                        [a[n] if n % 2 else b[n - 1] for n in range(1, 101)])
            refs = a + b
            for lib, va, vb in (("SciPy", sa[i], sb[i]),
                                ("batchla", A[i], B[i])):
                vals = [float(v) for v in list(va) + list(vb)]
                errs = [mperr(v, r, max(abs(r), 1))
                        for v, r in zip(vals, refs)]
                if j < len(ref_idx):
                    nw = [k for k, e in enumerate(errs) if e > WRONG]
                    wrong[lib] += len(nw)
                    for k in nw:
                        # the characteristic value of another order?
                        hit = [names[jj] for jj, r in enumerate(refs)
                               if jj != k and math.isfinite(vals[k]) and
                               abs(vals[k] - float(r)) <= 1e-10 * max(
                                   abs(float(r)), 1)]
                        other_order[lib] += bool(hit)
                        wrong_list[lib].append((names[k], float(qB[i]),
                                                errs[k], vals[k],
                                                float(refs[k]), hit))
                    k = int(np.argmax(errs))
                    if errs[k] > worst[lib][0]:
                        worst[lib] = (errs[k], (names[k], float(qB[i])))
                else:
                    k = int(np.argmax(errs))
                    blame.append((lib, float(qB[i]), names[k], errs[k]))
        vals = 201 * nq
        ts = stats(t["SciPy"])
        nref = 201 * len(ref_idx)
        for name in ("SciPy", "batchla 1", "batchla %d" % ncpu):
            best, med, spr = stats(t[name])
            lib = "SciPy" if name == "SciPy" else "batchla"
            rows.append(dict(wf=wf, lib=name, best=best, med=med, spr=spr,
                             ns=best / vals * 1e9, speed=ts[0] / best,
                             err=fmt_err(worst[lib][0]),
                             wrong="%d of %d" % (wrong[lib], nref)))
        for lib in ("SciPy", "batchla"):
            if worst[lib][1]:
                notes.append("%s, %s: worst error at %s, q = %r" % (
                    wf, lib, worst[lib][1][0], worst[lib][1][1]))
            if wrong_list[lib]:
                notes.append(
                    "%s, %s: %d wrong values in the subsample, %d of them "
                    "equal (to 1e-10) to the characteristic value of "
                    "another order at the same q; the first ones:" % (
                        wf, lib, len(wrong_list[lib]), other_order[lib]))
            for nm, q, e, v, r, hit in wrong_list[lib][:8]:
                notes.append("  %s(q = %r) = %.17g, reference %.17g, error "
                             "%.1e%s" % (nm, q, v, r, e,
                                         " (= %s)" % ", ".join(hit)
                                         if hit else ""))
        if badq:
            da = np.where(np.max(dis_a, axis=0) > WRONG)[0]
            db = np.where(np.max(dis_b, axis=0) > WRONG)[0] + 1
            qq = np.abs(qB[badq])
            first = []
            for nm, col in [("a_%d" % n, dis_a[:, n]) for n in (0, 5, 10, 20,
                                                                50, 100)] + [
                    ("b_%d" % n, dis_b[:, n - 1]) for n in (5, 10, 20, 50,
                                                            100)]:
                w = np.where(col > WRONG)[0]
                first.append("%s: %s" % (nm, "%d q, smallest |q| %.4g" % (
                    w.size, np.min(np.abs(qB[w]))) if w.size else "none"))
            notes.append(
                "%s: every value compared, SciPy vs batchla disagree (> %g) "
                "at %d of %d values, %d of %d q (|q| in [%.4g, %.4g]); "
                "orders a: %s; b: %s. By order: %s" % (
                    wf, WRONG, ndis, 201 * nq, len(badq), nq, np.min(qq),
                    np.max(qq), compact(da), compact(db), "; ".join(first)))
            nan_s = int(np.sum(~np.isfinite(sa)) + np.sum(~np.isfinite(sb)))
            if nan_s:
                idx = np.argwhere(~np.isfinite(np.concatenate([sa, sb],
                                                              axis=1)))
                lst = ", ".join("%s(q = %r)" % (
                    ("a_%d" % c) if c < 101 else ("b_%d" % (c - 100)),
                    float(qB[r])) for r, c in idx[:8])
                notes.append("%s: SciPy returned NaN %d times: %s%s" % (
                    wf, nan_s, lst, " ..." if nan_s > 8 else ""))
        for lib, q, nm, e in blame:
            notes.append("%s, disagreeing q = %r referred to mp: %s worst "
                         "error %.1e (at %s)" % (wf, q, lib, e, nm))
        log("%s: %.0f s" % (wf, time.perf_counter() - t_phase))
        if not neg:
            b_pos = (qB, dis_a, dis_b)

    # ---- A at the (m, q) where SciPy's characteristic value is wrong ----------
    # Workflow A's 100 random pairs may miss the narrow q windows where
    # mathieu_a/b fail; this probes mathieu_cem/sem in those windows (the
    # range of A: m >= 1, 2 <= q <= 128), on 50 x, against batchla.
    qB, dis_a, dis_b = b_pos
    xs = np.linspace(0, 360, 50)
    for kind, sfun, dis, m0 in ((CE, sc.mathieu_cem, dis_a, 0),
                                (SE, sc.mathieu_sem, dis_b, 1)):
        kn = KIND_NAME[kind]
        cand = [(int(c) + m0, float(qB[r])) for r, c in np.argwhere(dis > WRONG)
                if 2 <= qB[r] <= 128 and int(c) + m0 >= 1]
        if not cand:
            continue
        mm = np.array([m for m, _ in cand])[:, None]
        qq = np.array([q for _, q in cand])[:, None]
        fs, fps = sfun(mm, qq, xs)
        n = len(cand) * xs.size
        fb, fpb = np.empty(n), np.empty(n)
        inf = np.zeros(n, dtype=np.int32)
        bla.angular(kind, np.ascontiguousarray(np.repeat(mm[:, 0], xs.size),
                                               dtype=np.int32),
                    np.ascontiguousarray(np.repeat(qq[:, 0], xs.size)),
                    np.ascontiguousarray(np.tile(xs * (np.pi / 180),
                                                 len(cand))), fb, fpb, inf, 1)
        fb = fb.reshape(len(cand), xs.size)
        fpb = fpb.reshape(len(cand), xs.size)
        d = np.maximum(np.max(np.abs(fs - fb), axis=1) /
                       np.max(np.abs(fb), axis=1),
                       np.max(np.abs(fps - fpb), axis=1) /
                       np.max(np.abs(fpb), axis=1))
        d[~np.isfinite(d)] = np.inf
        badp = [i for i in np.argsort(-d, kind="stable") if d[i] > WRONG]
        lst = ", ".join("(%d, %r): %.1e" % (cand[i][0], cand[i][1], d[i])
                        for i in badp[:4])
        notes.append(
            "A %s in the windows where SciPy's %s is wrong (%d (m, q) of "
            "workflow B with 2 <= q <= 128, m >= 1; 50 x each): SciPy's "
            "mathieu_%sm disagrees with batchla (> %g of the scale) at %d "
            "of them%s" % (kn, "a_m" if kind == CE else "b_m", len(cand),
                           "ce" if kind == CE else "se", WRONG, len(badp),
                           "; worst (m, q): " + lst if badp else ""))
        if badp and extra:
            i = badp[0]
            r = task_ang((kind, cand[i][0], cand[i][1], list(xs),
                          list(xs * (np.pi / 180))))
            es = ang_errors(fs[i], fps[i], r["fd"], r["fpd"], r["smax"],
                            r["spmax"])
            eb = ang_errors(fb[i], fpb[i], r["fr"], r["fpr"], r["smax"],
                            r["spmax"])
            notes.append("A %s, (m, q) = (%d, %r) referred to mp: SciPy "
                         "error %.1e, batchla error %.1e" % (
                             kn, cand[i][0], cand[i][1],
                             max(max(es[0]), max(es[1])),
                             max(max(eb[0]), max(eb[1]))))

    pool.close()
    pool.join()

    # ---- report ---------------------------------------------------------------
    print("## batchla Mathieu functions vs SciPy (bench/mathieu_scipy.py)\n")
    print("- command: `%s`" % " ".join([os.path.basename(sys.executable)] +
                                       sys.argv))
    print("- batchla %s (%s); SciPy %s, NumPy %s, mpmath %s (backend %s), "
          "Python %s" % (bla.version, os.path.abspath(o.lib),
                         scipy.__version__, np.__version__,
                         mpmath.__version__, mpmath.libmp.BACKEND,
                         platform.python_version()))
    print("- CPU: %s, %d CPUs for this process; load average at end %.2f" %
          (cpu_model(), ncpu, os.getloadavg()[0]))
    print("- mp references (mp.dps = %d) checked against the reference "
          "file: %s" % (DPS, selfcheck))
    print("- time: best of %d rounds (median; spread = (max - min) / median),"
          " sides rotating; ns per value = best / values (A: one value = "
          "f and f' at one (m, q, x); B: one characteristic value)" %
          o.reps)
    print("- speedup = SciPy's best time / this row's best time")
    print("- worst error (subsample vs mpmath): A: f / f', each relative to "
          "its max over x for that (m, q); B: relative to max(|v|, 1). "
          "Wrong: error > %g (A: entries with f or f' wrong); A: %d pairs x "
          "%d x points per kind; B: %d q x 201 values" % (
              WRONG, len(pi_idx), len(xi_idx), nref_b))
    print()
    print("| workflow | library (threads) | time (s) | ns per value | speedup "
          "vs SciPy | worst error | wrong values |")
    print("|---|---|---|---|---|---|---|")
    for r in rows:
        print("| %s | %s | %.3g (median %.3g, spread %.0f%%) | %.3g | %.3g | "
              "%s | %s |" % (r["wf"], r["lib"], r["best"], r["med"],
                             100 * r["spr"], r["ns"], r["speed"], r["err"],
                             r["wrong"]))
    print()
    if notes:
        print("### Notes\n")
        for n in notes:
            print("- " + n)
        print()
    print("Not measured: float, the radial functions, other q ranges and "
          "orders, other machines. Total script time %.0f s." %
          (time.perf_counter() - t_start))


if __name__ == "__main__":
    main()
