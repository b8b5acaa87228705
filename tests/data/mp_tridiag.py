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
