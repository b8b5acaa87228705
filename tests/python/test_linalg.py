"""batchla's linear algebra against SciPy, on the C tests' matrix classes,
both dtypes, with LAPACK-style ratios where a decomposition is not
unique."""

import numpy as np
import pytest
import scipy.linalg as sl

import batchla as bl
from helpers import (BAND_CLASSES, DTYPES, GENERAL_CLASSES, SIZES,
                     SPD_CLASSES, THRESH, TRIDIAGONAL_CLASSES, eigenvalue_ratio,
                     general, is_quasi_triangular, mT, norm1,
                     orthogonality_ratio, residual_ratio, spd, to_band,
                     tridiagonal, tridiagonal_dense, ulp)


def rng_for(*key):
    return np.random.default_rng(abs(hash(key)) % 2**32)


def dname(dtype):
    return np.dtype(dtype).name


# ---- Symmetric tridiagonal -------------------------------------------------

def scipy_tridiagonal_eigenvalues(d, e):
    if d.shape[-1] == 0:
        return np.zeros(d.shape)
    return np.stack([sl.eigvalsh_tridiagonal(dd, ee) for dd, ee in zip(d, e)])


@pytest.mark.parametrize("dtype", DTYPES, ids=dname)
@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize("kind", TRIDIAGONAL_CLASSES)
def test_eigvalsh_tridiagonal(kind, n, dtype):
    d, e = tridiagonal(kind, n, dtype, rng_for("st", kind, n))
    w = bl.eigvalsh_tridiagonal(d.astype(dtype), e.astype(dtype))
    assert w.dtype == dtype and w.shape == d.shape
    assert np.all(np.diff(w, axis=-1) >= 0)
    ref = scipy_tridiagonal_eigenvalues(d, e)
    scale = norm1(tridiagonal_dense(d, e))
    assert eigenvalue_ratio(w, ref, scale, dtype) < THRESH


@pytest.mark.parametrize("dtype", DTYPES, ids=dname)
@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize("kind", TRIDIAGONAL_CLASSES)
def test_eigh_tridiagonal(kind, n, dtype):
    d, e = tridiagonal(kind, n, dtype, rng_for("st", kind, n))
    w, v = bl.eigh_tridiagonal(d.astype(dtype), e.astype(dtype))
    assert w.dtype == dtype and v.dtype == dtype
    assert v.shape == d.shape + (n,)
    t = tridiagonal_dense(d, e)
    assert residual_ratio(t, v.astype(float) * w[..., None, :] @ mT(v), dtype) \
        < THRESH
    assert orthogonality_ratio(v, dtype) < THRESH
    ref = scipy_tridiagonal_eigenvalues(d, e)
    assert eigenvalue_ratio(w, ref, norm1(t), dtype) < THRESH
    # the same eigenvalues as the eigenvalue-only driver, to rounding
    w2 = bl.eigvalsh_tridiagonal(d.astype(dtype), e.astype(dtype))
    assert eigenvalue_ratio(w, w2.astype(float), norm1(t), dtype) < THRESH


def test_eigh_tridiagonal_select_index():
    # bisection and inverse iteration (tests/python/test_select.py): the
    # eigenpairs of the whole decomposition to rounding, vectors up to sign
    d, e = tridiagonal("random", 8, np.float64, rng_for("sel"))
    w, v = bl.eigh_tridiagonal(d, e)
    ws, vs = bl.eigh_tridiagonal(d, e, select="i", select_range=(2, 4))
    np.testing.assert_allclose(ws, w[..., 2:5], rtol=0, atol=1e-14)
    np.testing.assert_allclose(np.abs(np.sum(vs * v[..., 2:5], axis=-2)), 1,
                               rtol=0, atol=1e-10)
    ref = sl.eigvalsh_tridiagonal(d[0], e[0], select="i", select_range=(2, 4))
    np.testing.assert_allclose(ws[0], ref, atol=1e-13)
    assert bl.eigh_tridiagonal(d, e, eigvals_only=True).shape == d.shape


# ---- Hessenberg and Schur --------------------------------------------------

@pytest.mark.parametrize("dtype", DTYPES, ids=dname)
@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize("kind", GENERAL_CLASSES)
def test_hessenberg(kind, n, dtype):
    a = general(kind, n, dtype, rng_for("hs", kind, n)).astype(dtype)
    h, q = bl.hessenberg(a, calc_q=True)
    assert h.dtype == dtype and q.dtype == dtype and h.shape == a.shape
    assert np.all(np.tril(h, -2) == 0)
    assert residual_ratio(a, q.astype(float) @ h @ mT(q), dtype) < THRESH
    assert orthogonality_ratio(q, dtype) < THRESH
    np.testing.assert_array_equal(bl.hessenberg(a), h)
    if n:
        # the same Householder convention as LAPACK's dgehrd (SciPy)
        href = np.stack([sl.hessenberg(m.astype(float)) for m in a])
        assert residual_ratio(href, h, dtype) < THRESH * 1e3 or kind != "random"


def schur_eigenvalues(t):
    """Eigenvalues read off real Schur forms, sorted, per problem."""
    return np.stack([np.sort_complex(np.linalg.eigvals(m)) for m in t]) \
        if t.shape[-1] else np.zeros(t.shape[:-1], complex)


@pytest.mark.parametrize("dtype", DTYPES, ids=dname)
@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize("kind", GENERAL_CLASSES)
def test_schur(kind, n, dtype):
    a = general(kind, n, dtype, rng_for("schur", kind, n)).astype(dtype)
    t, z = bl.schur(a)
    assert t.dtype == dtype and z.dtype == dtype and t.shape == a.shape
    assert is_quasi_triangular(t)
    assert residual_ratio(a, z.astype(float) @ t @ mT(z), dtype) < THRESH
    assert orthogonality_ratio(z, dtype) < THRESH
    if kind == "random" and n:
        # well-conditioned eigenvalues: the same as SciPy's, to the
        # eigenvalue condition (loose, a few thousand ulp of |A|)
        ref = np.stack([np.sort_complex(sl.eigvals(m.astype(float)))
                        for m in a])
        ours = schur_eigenvalues(t.astype(float))
        tol = 1e4 * ulp(dtype) * norm1(a.astype(float)).max() * n
        assert np.max(np.abs(ours - ref)) < tol
        tref, _ = sl.schur(a[0].astype(float))
        assert is_quasi_triangular(tref[None])


def test_hessenberg_qz_beyond_overflow():
    # Finite entries whose H, or generalized eigenvalue, overflows: an
    # error that says so.
    a = np.full((3, 3), 1.7e308)
    with pytest.raises(np.linalg.LinAlgError, match="overflow threshold"):
        bl.hessenberg(a)
    with pytest.raises(np.linalg.LinAlgError, match="overflow threshold"):
        bl.qz(np.full((2, 2), 1.7e308), np.eye(2))


def test_schur_beyond_overflow():
    # Finite entries, an eigenvalue of 3.6e308: an error that says so.
    a = np.full((3, 2, 2), 1.7e308)
    a[0] = a[2] = [[1.0, 2.0], [3.0, 4.0]]
    with pytest.raises(np.linalg.LinAlgError, match="overflow threshold"):
        bl.schur(a)


# ---- QZ ----------------------------------------------------------------------

@pytest.mark.parametrize("dtype", DTYPES, ids=dname)
@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize("kind", GENERAL_CLASSES + ["singular_b"])
def test_qz(kind, n, dtype):
    rng = rng_for("qz", kind, n)
    a = general("random" if kind == "singular_b" else kind, n, dtype, rng)
    b = general("random" if kind in ("jordan", "singular_b") else kind, n,
                dtype, rng)
    if kind == "singular_b" and n:
        b[:, n // 2, :] = 0  # an infinite eigenvalue per problem
    a, b = a.astype(dtype), b.astype(dtype)
    aa, bb, q, z = bl.qz(a, b)
    for x in (aa, bb, q, z):
        assert x.dtype == dtype and x.shape == a.shape
    assert is_quasi_triangular(aa, standard=False)
    assert np.all(np.tril(bb, -1) == 0)
    assert residual_ratio(a, q.astype(float) @ aa @ mT(z), dtype) < THRESH
    assert residual_ratio(b, q.astype(float) @ bb @ mT(z), dtype) < THRESH
    assert orthogonality_ratio(q, dtype) < THRESH
    assert orthogonality_ratio(z, dtype) < THRESH
    ar, ai, beta = bl.qz_eigenvalues(a, b)
    assert ar.shape == a.shape[:-1] and ar.dtype == dtype
    assert np.all(beta >= 0)
    if kind in ("random", "singular_b") and n:
        # chordal distance to SciPy's eigenvalues (random pencils:
        # well-conditioned in the homogeneous sense)
        for p in range(a.shape[0]):
            al, be = sl.eigvals(a[p].astype(float), b[p].astype(float),
                                homogeneous_eigvals=True)
            ours = np.stack([ar[p] + 1j * ai[p], beta[p]]).astype(complex)
            ref = np.stack([al, be])
            ours /= np.linalg.norm(ours, axis=0)
            ref /= np.linalg.norm(ref, axis=0)
            for k in range(n):
                dist = np.abs(ours[0] * ref[1, k] - ours[1] * ref[0, k])
                assert dist.min() < 1e3 * n * ulp(dtype) ** 0.5
    if kind == "singular_b" and n:
        assert np.all(np.min(beta, -1) <= 1e2 * ulp(dtype) * norm1(b))


# ---- Cholesky ----------------------------------------------------------------

def check_solve(a, x, b, dtype, ref, cond):
    """The solutions x of a x = b: every residual |b - a x|_1 / (|a|_1
    |x|_1 n ulp) below THRESH, and the first within THRESH n cond ulp of
    SciPy's ref."""
    n = a.shape[-1]
    ax = a.astype(float) @ x
    den = norm1(a.astype(float)) * norm1(x.astype(float)) * n * ulp(dtype)
    assert (norm1(b - ax) / np.where(den > 0, den, 1)).max() < THRESH
    assert np.abs(x[0] - ref).max() <= (
        THRESH * n * cond * ulp(dtype) * np.abs(ref).max())


@pytest.mark.parametrize("dtype", DTYPES, ids=dname)
@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize("kind", SPD_CLASSES)
@pytest.mark.parametrize("lower", [False, True])
def test_cholesky_and_solve(kind, n, dtype, lower):
    rng = rng_for("po", kind, n)
    a = spd(kind, n, dtype, rng).astype(dtype)
    c = bl.cholesky(a, lower=lower)
    assert c.dtype == dtype and c.shape == a.shape
    if lower:
        assert np.all(np.triu(c, 1) == 0)
        prod = c.astype(float) @ mT(c)
    else:
        assert np.all(np.tril(c, -1) == 0)
        prod = mT(c).astype(float) @ c
    assert residual_ratio(a, prod, dtype) < THRESH
    if n:
        ref = np.stack([sl.cholesky(m.astype(float), lower=lower) for m in a])
        cond = np.linalg.cond(a.astype(float)).max()
        err = np.abs(c - ref).max() / np.abs(ref).max()
        assert err < THRESH * n * ulp(dtype) * max(np.sqrt(cond), 1)
    b = rng.uniform(-1, 1, (a.shape[0], n, 3)).astype(dtype)
    x = bl.cho_solve((c, lower), b)
    assert x.dtype == dtype and x.shape == b.shape
    if n:
        ref = sl.cho_solve((c[0].astype(float), lower), b[0].astype(float))
        check_solve(a, x, b, dtype, ref, np.linalg.cond(a[0].astype(float)))


@pytest.mark.parametrize("dtype", DTYPES, ids=dname)
@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize("kind", BAND_CLASSES)
@pytest.mark.parametrize("kd", [0, 1, 2, 5])
@pytest.mark.parametrize("lower", [False, True])
def test_cholesky_banded_and_solve(kind, n, dtype, kd, lower):
    rng = rng_for("pb", kind, n, kd)
    a = spd(kind, n, dtype, rng, kd=kd)
    ab = to_band(a, kd, lower).astype(dtype)
    cb = bl.cholesky_banded(ab, lower=lower)
    assert cb.dtype == dtype and cb.shape == ab.shape
    if n:
        ref = np.stack([sl.cholesky_banded(m.astype(float), lower=lower)
                        for m in ab])
        # the factor is unique and the band classes well-conditioned
        # relative to their diagonal: entrywise against SciPy
        scale = np.abs(ref).max(axis=(-2, -1), keepdims=True)
        assert np.max(np.abs(cb - ref) / scale) < THRESH * n * ulp(dtype)
    b = rng.uniform(-1, 1, (a.shape[0], n, 2)).astype(dtype)
    x = bl.cho_solve_banded((cb, lower), b)
    assert x.dtype == dtype and x.shape == b.shape
    if n:
        ref = sl.cho_solve_banded((cb[0].astype(float), lower),
                                  b[0].astype(float))
        check_solve(a, x, b, dtype, ref, np.linalg.cond(a[0]))
