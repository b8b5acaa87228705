"""Reference solutions of the spheroidal radial equations for
tests/test_spheroidal_ode.c, written to spheroidal_ode_ref.txt.

Equations (Flammer 1957, ch. 4; DLMF 30.2.1 with gamma^2 = +-c^2):
  prolate: ((xi^2 - 1) R')' - (lam - c^2 xi^2 + m^2/(xi^2 - 1)) R = 0
  oblate:  ((xi^2 + 1) R')' - (lam - c^2 xi^2 - m^2/(xi^2 + 1)) R = 0

lam is the characteristic value lambda_mn(c) of Flammer's normalization
(SciPy's pro_cv / obl_cv), found by bisection with a Sturm count on the
symmetrized recurrence of the d_r coefficients (Flammer ch. 3; c^2 -> -c^2
for oblate), rounded to a double; the references are for that double
exactly, as for c, xi0 and xi1. Each line holds the two solutions that
start at xi0 with (R, R') = (1, 0) and (0, 1), at xi1.

The integrator here is a Taylor-series method in mpmath whose recurrence is
built by multiplying the coefficient polynomials of the equation times p
generically (not from the hand expansion of the C code); the script checks
it by the equation's residual at mid-step, by mpmath.odefun on a few
short paths, and runs every case twice, at 50 digits with steps of at
most rho/3 and 6/kappa and at 64 digits with rho/4 and 3/kappa, and
requires agreement to 1e-30 relative to the solutions' size.

Run: python3 gen_spheroidal_ode_ref.py > spheroidal_ode_ref.txt
(about half an hour, mostly the c = 1000 paths); with --from K it
writes only the lines of cases K, K+1, ... (to finish a run that was cut
short; the list of cases is in main)."""

import os
import sys

import mpmath
from mpmath import mp, mpf


def dr_matrix(oblate, m, c, parity, rows):
    """Diagonal and off-diagonal of the symmetrized d_r recurrence."""
    c2 = -mpf(c) ** 2 if oblate else mpf(c) ** 2
    d, e = [], []
    for i in range(rows):
        r = 2 * i + parity
        mr = m + r
        beta = mr * (mr + 1) + (2 * mr * (mr + 1) - 2 * m * m - 1) * c2 / (
            (2 * mr - 1) * (2 * mr + 3))
        d.append(beta)
        if i + 1 < rows:
            alpha = (2 * m + r + 2) * (2 * m + r + 1) * c2 / (
                (2 * mr + 3) * (2 * mr + 5))
            rr = r + 2
            gamma = rr * (rr - 1) * c2 / ((2 * (m + rr) - 3) *
                                          (2 * (m + rr) - 1))
            e.append(mpmath.sqrt(alpha * gamma))
    return d, e


def sturm_count(d, e, x):
    """Number of eigenvalues below x (LDL^T pivots of T - x I)."""
    count, q = 0, mpf(1)
    for i in range(len(d)):
        q = d[i] - x - (e[i - 1] ** 2 / q if i > 0 else 0)
        if q == 0:
            q = mpf(10) ** (-mp.dps)
        if q < 0:
            count += 1
    return count


def char_value(oblate, m, n, c, rows):
    parity = (n - m) % 2
    idx = (n - m) // 2
    d, e = dr_matrix(oblate, m, c, parity, rows)
    bound = max(abs(x) for x in d) + 2 * max([abs(x) for x in e] + [0])
    lo, hi = -bound, bound
    for _ in range(400):
        mid = (lo + hi) / 2
        if sturm_count(d, e, mid) > idx:
            hi = mid
        else:
            lo = mid
        if hi - lo < mpf(10) ** (-mp.dps + 5) * (1 + abs(mid)):
            break
    return (lo + hi) / 2


def polymul(a, b):
    out = [mpf(0)] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        for j, y in enumerate(b):
            out[i + j] += x * y
    return out


def step_coeffs(oblate, m, c, lam, x):
    """Coefficients about x, in t, of p^2, p p' and (lam - c^2 xi^2) p - s m^2
    (the equation times p: p^2 R'' + p p' R' - ((...) p - s m^2) R = 0)."""
    s = 1 if oblate else -1
    p = [x * x + s, 2 * x, mpf(1)]
    dp = [2 * x, mpf(2)]
    g = [lam - c * c * x * x, -2 * c * c * x, -c * c]
    q = polymul(g, p)
    q[0] -= s * m * m
    return polymul(p, p), polymul(p, dp), q


def taylor(coefs, y, yp, h, tol, maxk=4000):
    """Taylor coefficients a_k h^k of the solution with R = y, R' = yp."""
    A, B, Q = coefs
    sa = [A[j] * h ** j for j in range(len(A))]
    sb = [B[j] * h ** (j + 1) for j in range(len(B))]
    sq = [Q[j] * h ** (j + 2) for j in range(len(Q))]
    b = [y, yp * h]
    total = y + yp * h
    k = 0
    while True:
        s = mpf(0)
        for j in range(1, len(sa)):
            i = k + 2 - j
            if i >= 2:
                s += sa[j] * i * (i - 1) * b[i]
        for j in range(len(sb)):
            i = k + 1 - j
            if i >= 1:
                s += sb[j] * i * b[i]
        for j in range(len(sq)):
            i = k - j
            if i >= 0:
                s -= sq[j] * b[i]
        b.append(-s / (sa[0] * (k + 2) * (k + 1)))
        total += b[-1]
        k += 1
        scale = abs(y) + abs(yp * h) + abs(total)
        if k > 8 and all(abs(v) * len(b) <= tol * scale for v in b[-4:]):
            return b
        if k > maxk:
            raise RuntimeError("series did not converge")


def residual_check(oblate, m, c, lam, x, h, b):
    """The equation's residual at x + h/2 from the series, relative."""
    t = mpf(1) / 2
    r = sum(v * t ** k for k, v in enumerate(b))
    rp = sum(k * v * t ** (k - 1) for k, v in enumerate(b) if k >= 1) / h
    rpp = sum(k * (k - 1) * v * t ** (k - 2)
              for k, v in enumerate(b) if k >= 2) / h ** 2
    xi = x + h / 2
    s = 1 if oblate else -1
    p = xi * xi + s
    res = (p * rpp + 2 * xi * rp -
           (lam - c * c * xi * xi - s * m * m / p) * r)
    size = abs(p * rpp) + abs(2 * xi * rp) + abs(
        (abs(lam) + c * c * xi * xi + m * m / abs(p)) * r)
    return abs(res) / size


def integrate(oblate, m, c, lam, xi0, xi1, frac, theta, check=False):
    """Carry (1, 0) and (0, 1) from xi0 to xi1; returns R1, R1', R2, R2'."""
    tol = mpf(10) ** (-mp.dps + 3)
    sols = [[mpf(1), mpf(0)], [mpf(0), mpf(1)]]
    x = xi0
    worst = mpf(0)
    while x != xi1:
        s = 1 if oblate else -1
        p = x * x + s
        rho = mpmath.sqrt(p) if oblate else x - 1
        kap = mpmath.sqrt((abs(lam) + c * c * x * x) / p + m * m / p ** 2)
        h = min(frac * rho, theta / kap) if kap > 0 else frac * rho
        if abs(xi1 - x) <= h:
            h = xi1 - x
        elif xi1 < x:
            h = -h
        coefs = step_coeffs(oblate, m, c, lam, x)
        for sol in sols:
            b = taylor(coefs, sol[0], sol[1], h, tol)
            if check:
                worst = max(worst, residual_check(oblate, m, c, lam, x, h, b))
            sol[0] = sum(b)
            sol[1] = sum(k * v for k, v in enumerate(b)) / h
        x = x + h if abs(xi1 - x - h) > 0 else xi1
    if check and worst > mpf(10) ** (-mp.dps + 8):
        raise RuntimeError("residual check failed: %s" % worst)
    return sols[0][0], sols[0][1], sols[1][0], sols[1][1]


def odefun_check(oblate, m, c, lam, xi0, xi1):
    """The same pair by mpmath.odefun (independent of the recurrence)."""
    s = 1 if oblate else -1

    def f(x, y):
        p = x * x + s
        return [y[1], (-2 * x * y[1] +
                       (lam - c * c * x * x - s * m * m / p) * y[0]) / p]

    # odefun integrates forward only: substitute xi = xi0 + sgn t.
    sgn = 1 if xi1 > xi0 else -1

    def g(t, y):
        d = f(xi0 + sgn * t, [y[0], sgn * y[1]])
        return [d[0] * sgn, d[1]]

    out = []
    for y0 in ([mpf(1), mpf(0)], [mpf(0), mpf(1)]):
        sol = mpmath.odefun(g, 0, [y0[0], sgn * y0[1]])
        v = sol(abs(xi1 - xi0))
        out += [v[0], sgn * v[1]]
    return out


def compare(a, b):
    """Largest difference of R's and of R''s relative to their envelope."""
    er = max(abs(a[0] - b[0]), abs(a[2] - b[2])) / mpmath.sqrt(
        a[0] ** 2 + a[2] ** 2)
    ed = max(abs(a[1] - b[1]), abs(a[3] - b[3])) / mpmath.sqrt(
        a[1] ** 2 + a[3] ** 2)
    return max(er, ed)


def main():
    out = sys.stdout
    if "--from" in sys.argv:
        out = open(os.devnull, "w")
    out.write("# Spheroidal radial ODE references, written by "
              "gen_spheroidal_ode_ref.py.\n"
              "# kind m n c lambda xi0 xi1 R1 R1' R2 R2' at xi1, where "
              "(R1, R1') = (1, 0) and\n# (R2, R2') = (0, 1) at xi0; kind P "
              "prolate, O oblate; lambda = lambda_mn(c) rounded\n"
              "# to a double (the references hold for the doubles "
              "written).\n")
    known = [(0, 0, 0, 10, 9.228304297249945),
             (0, 0, 3, 100, 693.1824972334459),
             (1, 0, 3, 100, -9405.038297658548)]
    mp.dps = 40
    for oblate, m, n, c, val in known:
        lam = char_value(oblate, m, n, c, 200)
        if abs(lam - val) > 1e-12 * abs(val):
            raise RuntimeError("characteristic value check failed: %s %s"
                               % (lam, val))
    cases = []
    for c in (1.0, 10.0, 100.0, 1000.0):
        for m in (0, 1, 5):
            for l in (0, 3):
                for oblate in (0, 1):
                    cases.append((oblate, m, m + l, c))
    for c in (1.0, 100.0):
        for m in (0, 5):
            for oblate in (0, 1):
                cases.append((oblate, m, m + 100, c))
    for c in (1.0, 100.0):
        for l in (0, 3):
            for oblate in (0, 1):
                cases.append((oblate, 10, 10 + l, c))
    for oblate in (0, 1):
        cases.append((oblate, 0, 100, 1000.0))
    first = 0
    if len(sys.argv) > 2 and sys.argv[1] == "--from":
        first = int(sys.argv[2])
    idx = 0
    odefun_done = 0
    for case, (oblate, m, n, c) in enumerate(cases):
        if case == first:
            out = sys.stdout
        if case < first:
            idx += 1
            continue
        mp.dps = 40
        lam = float(char_value(oblate, m, n, c, 150 + int(c) // 2 + n))
        mp.dps = 45
        lam2 = float(char_value(oblate, m, n, c, 300 + int(c) + 2 * n))
        if lam != lam2:
            raise RuntimeError("characteristic value not converged in rows")
        paths = ([(2.0, 0.0), (1.0, 0.0)] if oblate else
                 [((1.2, 2.0, 3.0)[idx % 3], 1.001), (1.5, 1.1)])
        idx += 1
        for xi0, xi1 in paths:
            args = (oblate, m, mpf(c), mpf(lam), mpf(xi0), mpf(xi1))
            mp.dps = 50
            a = integrate(*args, frac=mpf(1) / 3, theta=6,
                          check=(c <= 10.0))
            mp.dps = 64
            b = integrate(*args, frac=mpf(1) / 4, theta=3)
            if compare(a, b) > mpf(10) ** -30:
                raise RuntimeError("precision check failed %s" % (args,))
            if c <= 10.0 and odefun_done < 4 and xi1 != 1.001:
                mp.dps = 30
                o = odefun_check(*args)
                if compare(b, o) > mpf(10) ** -22:
                    raise RuntimeError("odefun check failed %s" % (args,))
                odefun_done += 1
            mp.dps = 64
            out.write("%s %d %d %s %s %s %s %s\n" % (
                "O" if oblate else "P", m, n, repr(c), repr(lam), repr(xi0),
                repr(xi1), " ".join(mpmath.nstr(v, 25, min_fixed=1,
                                                  max_fixed=0) for v in b)))
            out.flush()
    if first == 0 and odefun_done < 4:
        raise RuntimeError("too few odefun checks")


if __name__ == "__main__":
    main()
