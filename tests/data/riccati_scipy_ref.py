"""Checks the Riccati test cases of tests/support/bla_test_riccati.c
against SciPy's own (scipy/linalg/tests/test_solvers.py, classes
TestSolveContinuousAre and TestSolveDiscreteAre), and tabulates how
SciPy's solvers do on them.

For each case: (a) the matrices written by tests/riccati_dump must equal
SciPy's bit for bit, else the largest difference relative to the matrix's
largest entry is shown; (b) solve_continuous_are / solve_discrete_are is
run and its X measured by bla_test_care_residual / bla_test_dare_residual
(through riccati_dump, so the residual is the one the C tests use). For
SciPy's five CARE known failures the table adds condition estimates.

Not run by ctest. With the repository's venv (needs pytest to import
SciPy's test module):
    build-python-venv/bin/python tests/data/riccati_scipy_ref.py \
        [build-wt/tests/riccati_dump] > tests/data/riccati_scipy_ref.txt
"""
import os
import subprocess
import sys

import numpy as np
import scipy
import scipy.linalg as sl
from scipy.linalg.tests.test_solvers import (TestSolveContinuousAre,
                                             TestSolveDiscreteAre)

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DUMP = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "build-wt", "tests", "riccati_dump")
DARE_FIRST_REAL = 3  # SciPy's DARE cases 0-2 are complex


def dump(kind, k):
    out = subprocess.run([DUMP, kind, str(k)], check=True, capture_output=True, text=True).stdout.split()
    n, m, fail, tol = int(out[0]), int(out[1]), int(out[2]), float(out[3])
    v = np.array([float(s) for s in out[4:]])
    sizes = [(n, n), (n, m), (n, n), (m, m)]
    mats, pos = [], 0
    for r, c in sizes:
        mats.append(v[pos:pos + r * c].reshape((r, c), order="F"))
        pos += r * c
    return mats, fail, tol


def resid(kind, k, x):
    text = "\n".join("%.17g" % v for v in np.asarray(x).ravel(order="F"))
    out = subprocess.run([DUMP, kind, str(k), "resid"], input=text, check=True,
                         capture_output=True, text=True).stdout.split()
    return float(out[0]), float(out[1])


def compare(ours, theirs):
    diffs = []
    for o, t in zip(ours, theirs):
        t = np.atleast_2d(np.asarray(t, dtype=float))
        if o.shape != t.shape:
            return "shape %s vs %s" % (o.shape, t.shape)
        if not np.array_equal(o, t):
            scale = np.max(np.abs(t)) or 1.0
            diffs.append(np.max(np.abs(o - t)) / scale)
    return "exact" if not diffs else "diff %.1e" % max(diffs)


def care_conditions(a, b, q, r):
    r = np.atleast_2d(r).astype(float)
    g = b @ np.linalg.solve(r, b.T)
    h = np.block([[a, -g], [-q, -a.T]])
    lam = np.linalg.eigvals(h)
    n = a.shape[0]
    _, u, _ = sl.schur(h, sort="lhp")
    return (np.min(np.abs(lam.real)) / np.max(np.abs(lam)), np.linalg.cond(r),
            np.linalg.cond(u[:n, :n]))


def main():
    print("SciPy %s, numpy %s: scipy.linalg.solve_continuous_are / "
          "solve_discrete_are on the cases of SciPy's test_solvers.py" % (scipy.__version__, np.__version__))
    print("maxabs: max |Res_ij| and relres: ||Res||_F / sum of the terms' norms, both in long double "
          "(bla_test_care_residual / bla_test_dare_residual); tol: SciPy's threshold on maxabs "
          "(- where SciPy marks the case xfail); data: riccati_dump's matrices against SciPy's.")
    hdr = "%-34s %4s %4s %5s %8s %-11s %-6s %10s %10s %4s" % (
        "case", "n", "m", "xfail", "tol", "data", "raised", "maxabs", "relres", "ok")
    conds = []
    for kind, cls, solver, first in (("care", TestSolveContinuousAre, sl.solve_continuous_are, 0),
                                     ("dare", TestSolveDiscreteAre, sl.solve_discrete_are, DARE_FIRST_REAL)):
        print()
        print(kind.upper())
        print(hdr)
        for j, (a, b, q, r, known) in enumerate(cls.cases[first:], start=first):
            k = j - first
            mats, fail, tol = dump(kind, k)
            data = compare(mats, (a, b, q, r))
            raised, big, rel = "no", float("nan"), float("nan")
            try:
                x = solver(a, b, q, r)
                big, rel = resid(kind, k, x)
            except Exception as e:  # noqa: BLE001 -- tabulated, not raised
                raised = type(e).__name__
            label = "%s %d (scipy case %d)" % (kind.upper(), k, j)
            ok = "-" if fail else ("yes" if big < tol else "NO")
            print("%-34s %4d %4d %5s %8s %-11s %-6s %10.2e %10.2e %4s" % (
                label, mats[0].shape[0], mats[1].shape[1], "yes" if fail else "no",
                "-" if fail else "%.1e" % tol, data, raised, big, rel, ok))
            assert fail == (known is not None), (kind, j)
            theirs = cls.max_tol[j] if kind == "dare" else (
                0.0 if cls.min_decimal[j] is None else 1.5 * 10**-cls.min_decimal[j])
            assert tol == theirs, (kind, j, tol, theirs)
            if kind == "care" and fail:
                conds.append((label, known) + care_conditions(a, b, q, r))
    print()
    print("CARE known failures: min |Re(lambda)| / max |lambda| over the Hamiltonian's eigenvalues, "
          "cond(R), cond(U11) of its stable invariant subspace (X = U21 U11^-1)")
    for label, known, sep, cr, cu in conds:
        print("%-34s %-24s %10.2e %10.2e %10.2e" % (label, known, sep, cr, cu))


if __name__ == "__main__":
    main()
