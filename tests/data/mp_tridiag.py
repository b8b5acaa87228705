"""The symmetric tridiagonal solve in mpmath that the Mathieu references
share: tests/data/gen_mathieu_ref.py and bench/mathieu_scipy.py find
eigenvectors by inverse iteration with it."""

import mpmath


def gtsv(d, e, b, tiny):
    """Solve T x = b, T symmetric tridiagonal with diagonal d and
    off-diagonal e[:n - 1], by Gaussian elimination with partial pivoting
    in the order of LAPACK dgtsv; a zero pivot is replaced by tiny (the
    shifted matrix of inverse iteration is singular to working
    precision)."""
    n = len(d)
    d = list(d)
    dl = list(e[:n - 1])
    du = list(e[:n - 1])
    du2 = [mpmath.mpf(0)] * max(n - 2, 0)
    b = list(b)
    for i in range(n - 1):
        if abs(d[i]) >= abs(dl[i]):
            if d[i] == 0:
                d[i] = tiny
            f = dl[i] / d[i]
            d[i + 1] -= f * du[i]
            b[i + 1] -= f * b[i]
        else:
            f = d[i] / dl[i]
            d[i] = dl[i]
            t = d[i + 1]
            d[i + 1] = du[i] - f * t
            if i < n - 2:
                du2[i] = du[i + 1]
                du[i + 1] = -f * du2[i]
            du[i] = t
            b[i], b[i + 1] = b[i + 1], b[i] - f * b[i + 1]
    if d[n - 1] == 0:
        d[n - 1] = tiny
    x = [mpmath.mpf(0)] * n
    x[n - 1] = b[n - 1] / d[n - 1]
    if n > 1:
        x[n - 2] = (b[n - 2] - du[n - 2] * x[n - 1]) / d[n - 2]
    for i in range(n - 3, -1, -1):
        x[i] = (b[i] - du[i] * x[i + 1] - du2[i] * x[i + 2]) / d[i]
    return x


def inverse_iteration(d, e, lam, dps, tiny, steps=None):
    """Unit eigenvector of the symmetric tridiagonal (d, e) for the
    eigenvalue lam, its largest component positive, by inverse iteration
    with gtsv.

    Each step shrinks the error of every component by about the rounding
    level relative to the largest one, so the smallest components (the
    tails, down to 1e-200 and below) need several steps; it stops when no
    component changes in its own leading dps - 8 digits, or after the
    given number of steps (two are enough for a Rayleigh quotient)."""
    n = len(d)
    x = [mpmath.mpf(1) / (1 + (7 * r) % 11) for r in range(n)]
    tol = mpmath.mpf(10) ** (8 - dps)
    shifted = [v - lam for v in d]
    for it in range(100):
        y = gtsv(shifted, e, x, tiny)
        s = mpmath.sqrt(mpmath.fsum(v * v for v in y))
        big = max(range(n), key=lambda r: abs(y[r]))
        if y[big] < 0:
            s = -s
        y = [v / s for v in y]
        change = max(abs(u - v) / abs(v) for u, v in zip(x, y))
        x = y
        if steps is not None and it + 1 >= steps:
            return x
        if it >= 1 and change < tol:
            return x
    raise RuntimeError("inverse iteration did not converge")
