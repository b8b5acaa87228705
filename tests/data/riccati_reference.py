"""Reference solutions of the Riccati test cases (tests/support/
bla_test_riccati.c: SciPy's CAREX and DAREX cases) to about 30 digits,
and the forward errors of SciPy's and batchla's solutions against them.

Method: Newton's method (Kleinman's step for the CARE, Hewer's for the
DARE) in mixed precision. Each residual is evaluated in 50-digit
arithmetic (mpmath) on the data as stored (the doubles riccati_dump
prints), and each correction solves the step's Lyapunov or Stein
equation in double (SciPy). As in iterative refinement, every step
multiplies the error by about cond * eps, so the iteration converges to
the exact solution of the stored data wherever the step's equation is
solvable in double; it stops when the correction is below 1e-32 of X
(Frobenius norms). It starts from SciPy's or batchla's X, whichever has
the smaller residual. Where it does not converge in 200 steps, or the
case is too large for the 50-digit products here (n > 100), the case has
no reference. One case has a closed-form solution instead (EXACT below,
steps 0).

Output (tests/data/riccati_reference.txt), per case: a line
    care|dare K n m converged steps fe_scipy fe_batchla
with fe = ||X - X_ref||_F / ||X_ref||_F (nan where a solver returned no
X), then, when converged, X_ref rounded to double, column-major, one
entry a line. Not run by ctest. Run with a Python that has NumPy, SciPy
and mpmath:
    python tests/data/riccati_reference.py build-me/tests/riccati_dump \\
        > tests/data/riccati_reference.txt
"""
import subprocess
import sys

import mpmath as mp
import numpy as np
import scipy
import scipy.linalg as sl

mp.mp.dps = 50
DUMP = sys.argv[1]
MAX_N = 100
TOL = mp.mpf("1e-32")
MAX_STEPS = 200


def run(*args, text=None):
    return subprocess.run([DUMP] + [str(a) for a in args], input=text, check=True,
                          capture_output=True, text=True).stdout.split()


def case(kind, k):
    out = run(kind, k)
    n, m = int(out[0]), int(out[1])
    v = np.array([float(s) for s in out[4:]])
    mats, pos = [], 0
    for r, c in ((n, n), (n, m), (n, n), (m, m)):
        mats.append(v[pos:pos + r * c].reshape((r, c), order="F"))
        pos += r * c
    return mats


def batchla_x(kind, k, n):
    out = run(kind, k, "solve")
    x = np.array([float(s) for s in out[1:]]).reshape((n, n), order="F")
    return x if int(out[0]) == 0 and np.all(np.isfinite(x)) else None


def relres(kind, k, x):
    text = "\n".join("%.17g" % v for v in x.ravel(order="F"))
    return float(run(kind, k, "resid", text=text)[1])


def mpm(x):
    return mp.matrix(np.asarray(x, dtype=float).tolist())


def to_np(x):
    return np.array([[float(x[i, j]) for j in range(x.cols)] for i in range(x.rows)])


def fnorm(x):
    return mp.sqrt(mp.fsum(v * v for v in x))


def symmetrize(x):
    return (x + x.T) / 2


class Care:
    def __init__(self, a, b, q, r):
        self.a, self.q = mpm(a), mpm(q)
        bm = mpm(b)
        self.g = bm * mp.inverse(mpm(r)) * bm.T

    def step(self, x):
        """The residual of x in 50 digits, and the closed loop in double."""
        atx = self.a.T * x
        gx = self.g * x
        res = atx + atx.T - x * gx + self.q
        return res, to_np(self.a - gx)

    @staticmethod
    def correction(ac, res):
        # Ac^T D + D Ac = -Res
        return sl.solve_continuous_lyapunov(ac.T, -res)


class Dare:
    def __init__(self, a, b, q, r):
        self.a, self.b, self.q, self.r = mpm(a), mpm(b), mpm(q), mpm(r)

    def step(self, x):
        xa = x * self.a
        bxa = self.b.T * xa
        k = mp.inverse(self.r + self.b.T * x * self.b) * bxa
        res = self.a.T * xa - x + self.q - bxa.T * k
        return res, to_np(self.a - self.b * k)

    @staticmethod
    def correction(ac, res):
        # Ac^T D Ac - D + Res = 0
        return sl.solve_discrete_lyapunov(ac.T, res)


# Closed-form solutions where Newton's method cannot reach the reference
# accuracy, each accepted only when its residual in 50 digits is zero.
# CAREX 2.5 (care 10): the Hamiltonian's eigenvalues are +-i, each double;
# X = [2 1; 1 1] solves the equation exactly, its closed loop has the
# eigenvalues +-i (no stabilizing solution: this is its limit), and
# Newton's error only halves per step.
EXACT = {("care", 10): [[2, 1], [1, 1]]}


def reference(eq, x0):
    """Newton from x0; returns (X_ref or None, steps)."""
    x = mpm(x0)
    for steps in range(1, MAX_STEPS + 1):
        res, ac = eq.step(x)
        d = eq.correction(ac, to_np(res))
        if not np.all(np.isfinite(d)):
            return None, steps
        x = symmetrize(x + mpm(d))
        if fnorm(mpm(d)) <= TOL * fnorm(x):
            return x, steps
    return None, MAX_STEPS


def forward(x, xref):
    if x is None or xref is None:
        return float("nan")
    return float(fnorm(mpm(x) - xref) / fnorm(xref))


def main():
    ncare, ndare = (int(v) for v in run("count"))
    print("# Riccati reference solutions: scipy %s, numpy %s, mpmath %s, %d digits"
          % (scipy.__version__, np.__version__, mp.__version__, mp.mp.dps),
          flush=True)
    for kind, count, solver, cls in (("care", ncare, sl.solve_continuous_are, Care),
                                     ("dare", ndare, sl.solve_discrete_are, Dare)):
        for k in range(count):
            a, b, q, r = case(kind, k)
            n, m = b.shape
            ours = batchla_x(kind, k, n)
            try:
                theirs = solver(a, b, q, r)
            except (np.linalg.LinAlgError, ValueError):
                theirs = None
            xref, steps = None, 0
            if n <= MAX_N:
                starts = [x for x in (theirs, ours) if x is not None]
                starts.sort(key=lambda x: relres(kind, k, x))
                if (kind, k) in EXACT:
                    x = mpm(EXACT[(kind, k)])
                    assert fnorm(cls(a, b, q, r).step(x)[0]) == 0, (kind, k)
                    xref = x
                elif starts:
                    xref, steps = reference(cls(a, b, q, r), starts[0])
            print("%s %d %d %d %d %d %.3e %.3e" % (
                kind, k, n, m, xref is not None, steps, forward(theirs, xref),
                forward(ours, xref)), flush=True)
            if xref is not None:
                for j in range(n):
                    for i in range(n):
                        print("%.17g" % float(xref[i, j]))


if __name__ == "__main__":
    main()
