"""Test matrices (the classes the C tests use, after LAPACK's test
catalogues) and LAPACK-style test ratios.

Every generator returns float64 arrays with a leading batch dimension,
built for the precision under test (its ulp and its under- and overflow
thresholds) and exactly representable in it."""

import numpy as np

SIZES = [0, 1, 2, 3, 5, 8, 13, 32]
DTYPES = [np.float32, np.float64]
THRESH = 50.0  # LAPACK's test threshold on the ratios below
BATCH = 6


def ulp(dtype):
    return float(np.finfo(dtype).eps)


def big_scale(dtype, n):
    """dchkst's sqrt(ovfl) ulp / n: near overflow once squared."""
    return float(np.sqrt(np.finfo(dtype).max)) * ulp(dtype) / max(n, 1)


def small_scale(dtype, n):
    """dchkst's sqrt(unfl) n / ulp: near underflow once squared."""
    return float(np.sqrt(np.finfo(dtype).tiny)) * max(n, 1) / ulp(dtype)


def rounded(x, dtype):
    return np.asarray(x, dtype=np.float64).astype(dtype).astype(np.float64)


def orthogonal(rng, n):
    g = rng.standard_normal((n, n))
    q, r = np.linalg.qr(g)
    return q * np.sign(np.diag(r) + (np.diag(r) == 0))


def _batch(rng, count, make):
    return np.stack([make(rng) for _ in range(count)])


# ---- Symmetric tridiagonal -------------------------------------------------

TRIDIAGONAL_CLASSES = ["random", "graded", "clustered", "wilkinson", "big",
                       "small"]


def _tridiagonal_of(a):
    """The tridiagonal matrix orthogonally similar to symmetric a."""
    import scipy.linalg as sl
    n = a.shape[0]
    if n < 3:
        return np.diag(a).copy(), np.diag(a, 1).copy()
    h = sl.hessenberg(a)
    return np.diag(h).copy(), np.diag(h, -1).copy()


def tridiagonal(kind, n, dtype, rng, count=BATCH):
    """(d, e) of shapes (count, n), (count, max(n-1, 0))."""
    eps = ulp(dtype)

    def make(rng):
        e_len = max(n - 1, 0)
        if kind == "random":
            d, e = rng.uniform(-1, 1, n), rng.uniform(-1, 1, e_len)
        elif kind == "graded":
            # diagonally dominant, geometric diagonal down to ulp
            d = np.geomspace(1, eps, n) if n > 1 else np.ones(n)
            e = np.sqrt(d[:-1] * d[1:]) / 2 * rng.uniform(-1, 1, e_len)
        elif kind == "clustered":
            lam = np.ones(n)
            if n:
                lam[-1] = eps
            lam *= rng.choice([-1.0, 1.0], n)
            u = orthogonal(rng, n)
            d, e = _tridiagonal_of(u @ np.diag(lam) @ u.T)
        elif kind == "wilkinson":
            d = np.abs(np.arange(n) - (n - 1) / 2)
            e = np.ones(e_len)
        elif kind == "big":
            s = big_scale(dtype, n)
            d, e = s * rng.uniform(-1, 1, n), s * rng.uniform(-1, 1, e_len)
        elif kind == "small":
            s = small_scale(dtype, n)
            d, e = s * rng.uniform(-1, 1, n), s * rng.uniform(-1, 1, e_len)
        else:
            raise ValueError(kind)
        return rounded(d, dtype), rounded(e, dtype)

    pairs = [make(rng) for _ in range(count)]
    return (np.stack([p[0] for p in pairs]).reshape(count, n),
            np.stack([p[1] for p in pairs]).reshape(count, max(n - 1, 0)))


def tridiagonal_dense(d, e):
    n = d.shape[-1]
    t = np.zeros(d.shape[:-1] + (n, n))
    idx = np.arange(n)
    t[..., idx, idx] = d
    if n > 1:
        t[..., idx[:-1], idx[1:]] = e
        t[..., idx[1:], idx[:-1]] = e
    return t


# ---- Nonsymmetric ----------------------------------------------------------

GENERAL_CLASSES = ["random", "graded", "clustered", "jordan", "big", "small"]


def general(kind, n, dtype, rng, count=BATCH):
    eps = ulp(dtype)

    def make(rng):
        if kind == "random":
            a = rng.uniform(-1, 1, (n, n))
        elif kind == "graded":
            dg = np.geomspace(1, np.sqrt(eps), n) if n > 1 else np.ones(n)
            a = dg[:, None] * rng.uniform(-1, 1, (n, n)) * dg[None, :]
        elif kind == "clustered":
            lam = np.ones(n)
            if n:
                lam[-1] = eps
            t = np.diag(lam * rng.choice([-1.0, 1.0], n))
            t += np.triu(rng.uniform(-1, 1, (n, n)), 1)
            u = orthogonal(rng, n)
            a = u @ t @ u.T
        elif kind == "jordan":
            a = np.eye(n) + np.eye(n, k=-1)
        elif kind == "big":
            a = big_scale(dtype, n) * rng.uniform(-1, 1, (n, n))
        elif kind == "small":
            a = small_scale(dtype, n) * rng.uniform(-1, 1, (n, n))
        else:
            raise ValueError(kind)
        return rounded(a, dtype)

    return _batch(rng, count, make).reshape(count, n, n)


# ---- Symmetric positive definite, dense and banded -------------------------

SPD_CLASSES = ["random", "graded", "clustered", "big", "small"]
BAND_CLASSES = ["random", "graded", "big", "small"]


def spd(kind, n, dtype, rng, count=BATCH, kd=None):
    """count SPD n x n matrices; with kd, zero beyond kd off the diagonal."""
    eps = ulp(dtype)
    band = (np.abs(np.subtract.outer(np.arange(n), np.arange(n))) <= kd
            if kd is not None else np.ones((n, n), bool))

    def make(rng):
        if kind == "graded":
            # a well-conditioned band core, graded by a geometric diagonal
            # scaling (condition about 1/sqrt(eps))
            core = spd("random", n, dtype, rng, 1, kd)[0]
            dg = np.geomspace(1, eps ** 0.25, n) if n > 1 else np.ones(n)
            a = dg[:, None] * core * dg[None, :]
        elif kind == "clustered":
            # dense only: 1, ..., 1, 1/cond with cond = sqrt(0.1/eps)
            lam = np.ones(n)
            if n:
                lam[-1] = np.sqrt(eps / 0.1)
            u = orthogonal(rng, n)
            a = u @ np.diag(lam) @ u.T
        else:
            g = rng.uniform(-1, 1, (n, n)) * band
            a = (g + g.T) / 2
            a += np.diag(np.abs(a).sum(axis=1) + 1.0)
            if kind == "big":
                a *= big_scale(dtype, n) ** 2 / max(n, 1)
            elif kind == "small":
                a *= small_scale(dtype, n) ** 2
        a = (a + a.T) / 2 * band
        return rounded(a, dtype)

    return _batch(rng, count, make).reshape(count, n, n)


def to_band(a, kd, lower):
    """LAPACK band storage (..., kd+1, n) of symmetric a."""
    n = a.shape[-1]
    ab = np.zeros(a.shape[:-2] + (kd + 1, n))
    for j in range(n):
        for i in range(max(0, j - kd), min(n, j + kd + 1)):
            if lower and i >= j:
                ab[..., i - j, j] = a[..., i, j]
            if not lower and i <= j:
                ab[..., kd + i - j, j] = a[..., i, j]
    return ab


# ---- Ratios ----------------------------------------------------------------

def norm1(a):
    """|a|_1 per problem (max column sum), batch-shaped."""
    if a.shape[-1] == 0 or a.shape[-2] == 0:
        return np.zeros(a.shape[:-2])
    return np.abs(a).sum(axis=-2).max(axis=-1)


def mT(a):
    return np.swapaxes(a, -1, -2)


def residual_ratio(a, approx, dtype):
    """max over the batch of |a - approx|_1 / (|a|_1 n ulp), in float64 on
    the dtype's results; LAPACK's ratio, scaled to avoid over- and
    underflow (both sides divided by |a|)."""
    n = a.shape[-1]
    if a.size == 0:
        return 0.0
    a = a.astype(np.float64)
    approx = approx.astype(np.float64)
    na = norm1(a)
    na = np.where(na > 0, na, 1.0)[..., None, None]
    r = norm1(a / na - approx / na)
    return float(np.max(r / (max(n, 1) * ulp(dtype))))


def orthogonality_ratio(q, dtype):
    """|I - q^T q|_1 / (n ulp)."""
    n = q.shape[-1]
    if q.size == 0:
        return 0.0
    q = q.astype(np.float64)
    r = norm1(np.eye(n) - mT(q) @ q)
    return float(np.max(r / (max(n, 1) * ulp(dtype))))


def is_quasi_triangular(t, standard=True):
    """Real Schur form: zero below the subdiagonal, no two consecutive
    nonzero subdiagonal entries and, with standard, each 2x2 block with
    equal diagonal and off-diagonals of opposite signs (LAPACK's standard
    form of a real Schur form; a generalized Schur form's blocks are not
    standardized)."""
    n = t.shape[-1]
    if np.any(np.tril(t, -2) != 0):
        return False
    if n < 2:
        return True
    sub = np.diagonal(t, -1, -2, -1)
    if np.any((sub[..., 1:] != 0) & (sub[..., :-1] != 0)):
        return False
    if not standard:
        return True
    p, i = np.nonzero(sub != 0)
    for pi, ii in zip(p, i):
        m = t.reshape((-1, n, n))[pi]
        if m[ii, ii] != m[ii + 1, ii + 1]:
            return False
        if m[ii, ii + 1] * m[ii + 1, ii] >= 0:
            return False
    return True


def eigenvalue_ratio(w, ref, scale, dtype):
    """max |w - ref| / (scale n ulp) over sorted real spectra."""
    n = w.shape[-1]
    if w.size == 0:
        return 0.0
    scale = np.where(scale > 0, scale, 1.0)[..., None]
    err = np.abs(np.sort(w.astype(np.float64), -1) - np.sort(ref, -1)) / scale
    return float(np.max(err / (max(n, 1) * ulp(dtype))))
