"""Selected eigenpairs of symmetric tridiagonal matrices (select='i' and
select='v' of eigvalsh_tridiagonal / eigh_tridiagonal: bisection and
inverse iteration) against scipy.linalg, with residual and orthogonality
ratios for the vectors (sign-independent)."""

import zlib

import numpy as np
import pytest
import scipy.linalg as sl

import batchla as bl
from batchla import _gufuncs
from helpers import (THRESH, _tridiagonal_of, norm1, orthogonal,
                     tridiagonal, tridiagonal_dense, ulp)

SEL_SIZES = [1, 2, 5, 32, 100]
SEL_KINDS = ["random", "clustered"]
DTYPES = [np.float32, np.float64]


def rng_for(*key):
    return np.random.default_rng(zlib.crc32(repr(key).encode()))


def dname(dtype):
    return np.dtype(dtype).name


def index_ranges(n):
    """(lo, hi) pairs: single ends, a middle block, all but one."""
    r = {(0, 0), (n - 1, n - 1), (n // 3, (2 * n) // 3)}
    if n > 1:
        r |= {(1, n - 1), (0, n - 2)}
    return sorted(r)


def pair_residual(d, e, w, v, dtype):
    """max_j |T v_j - w_j v_j|_1 / (|T|_1 n ulp), float64 on the results."""
    n = d.shape[-1]
    t = tridiagonal_dense(d.astype(float), e.astype(float))
    v = v.astype(float)
    r = np.abs(t @ v - v * w.astype(float)[..., None, :]).sum(axis=-2)
    nt = np.maximum(norm1(t), np.finfo(float).tiny)[..., None]
    return float(np.max(r / nt, initial=0.0) / (max(n, 1) * ulp(dtype)))


def column_orthogonality(v, dtype):
    """|I - V^T V|_1 / (n ulp) for n x k V."""
    n, k = v.shape[-2:]
    v = v.astype(float)
    r = np.abs(np.eye(k) - np.swapaxes(v, -1, -2) @ v).sum(axis=-2)
    return float(np.max(r, initial=0.0) / (max(n, 1) * ulp(dtype)))


def value_tolerance(d, e, dtype):
    """Eigenvalue error bound per problem: a small multiple of n ulp |T|."""
    n = d.shape[-1]
    t = tridiagonal_dense(d.astype(float), e.astype(float))
    return 4 * max(n, 1) * ulp(dtype) * norm1(t)


def scipy_eig(d, e, **kw):
    return sl.eigh_tridiagonal(d.astype(float), e.astype(float), **kw)


def scipy_index_values(d, e, lo, hi):
    """SciPy's select='i' (LAPACK dstebz), or, where dstebz fails (its info
    2 on some tight clusters), SciPy's whole spectrum sliced."""
    d, e = d.astype(float), e.astype(float)
    try:
        return sl.eigvalsh_tridiagonal(d, e, select="i",
                                       select_range=(lo, hi))
    except np.linalg.LinAlgError:
        return sl.eigvalsh_tridiagonal(d, e)[lo:hi + 1]


# ---- select='i' ----------------------------------------------------------------

@pytest.mark.parametrize("dtype", DTYPES, ids=dname)
@pytest.mark.parametrize("n", SEL_SIZES)
@pytest.mark.parametrize("kind", SEL_KINDS)
def test_select_index(kind, n, dtype):
    d, e = tridiagonal(kind, n, dtype, rng_for("si", kind, n), count=3)
    d, e = d.astype(dtype), e.astype(dtype)
    tol = value_tolerance(d, e, dtype)
    for lo, hi in index_ranges(n):
        k = hi - lo + 1
        w = bl.eigvalsh_tridiagonal(d, e, select="i", select_range=(lo, hi))
        assert w.dtype == dtype and w.shape == (3, k)
        w2, v = bl.eigh_tridiagonal(d, e, select="i", select_range=(lo, hi))
        assert w2.dtype == dtype and v.dtype == dtype
        assert v.shape == (3, n, k)
        # bisection gives the same bits with or without vectors
        np.testing.assert_array_equal(w2, w)
        assert np.all(np.diff(w, axis=-1) >= 0)
        for p in range(3):
            ref = scipy_index_values(d[p], e[p], lo, hi)
            assert np.max(np.abs(w[p] - ref)) <= tol[p]
            if kind == "random" and dtype == np.float64:
                # well-separated eigenvalues: the vectors are SciPy's, up
                # to sign
                _, vref = scipy_eig(d[p], e[p], select="i",
                                    select_range=(lo, hi))
                cos = np.abs(np.sum(v[p] * vref, axis=0))
                np.testing.assert_allclose(cos, 1, atol=1e-8)
        assert pair_residual(d, e, w2, v, dtype) < THRESH
        assert column_orthogonality(v, dtype) < THRESH


def test_select_index_whole_range_is_select_all():
    d, e = tridiagonal("random", 9, np.float64, rng_for("whole"), count=2)
    w, v = bl.eigh_tridiagonal(d, e)
    ws, vs = bl.eigh_tridiagonal(d, e, select="i", select_range=(0, 8))
    np.testing.assert_array_equal(ws, w)
    np.testing.assert_array_equal(vs, v)
    np.testing.assert_array_equal(
        bl.eigvalsh_tridiagonal(d, e, select="index", select_range=(0, 8)),
        bl.eigvalsh_tridiagonal(d, e))


def test_select_index_vector_sign_convention():
    d, e = tridiagonal("random", 12, np.float64, rng_for("sign"), count=4)
    _, v = bl.eigh_tridiagonal(d, e, select="i", select_range=(3, 7))
    big = np.argmax(np.abs(v), axis=-2)  # the first largest entry
    assert np.all(np.take_along_axis(v, big[..., None, :], axis=-2) > 0)


@pytest.mark.parametrize("select", ["i", "I", "index", 2])
def test_select_index_aliases(select):
    d, e = tridiagonal("random", 6, np.float64, rng_for("alias"), count=1)
    w = bl.eigvalsh_tridiagonal(d[0], e[0], select=select,
                                select_range=np.array([1, 3], np.int64))
    ref = sl.eigvalsh_tridiagonal(d[0], e[0], select="i", select_range=(1, 3))
    np.testing.assert_allclose(w, ref, rtol=0, atol=1e-14)


# ---- select='v' ----------------------------------------------------------------

def gaps_interval(w_all, i, j):
    """(vl, vu) halfway between eigenvalues, holding w_all[i..j]."""
    n = w_all.size
    lo = w_all[0] - 1 if i == 0 else (w_all[i - 1] + w_all[i]) / 2
    hi = w_all[-1] + 1 if j == n - 1 else (w_all[j] + w_all[j + 1]) / 2
    return lo, hi


@pytest.mark.parametrize("dtype", DTYPES, ids=dname)
@pytest.mark.parametrize("n", SEL_SIZES)
@pytest.mark.parametrize("kind", SEL_KINDS)
def test_select_value_one_problem(kind, n, dtype):
    d, e = tridiagonal(kind, n, dtype, rng_for("sv", kind, n), count=1)
    d, e = d[0].astype(dtype), e[0].astype(dtype)
    tol = value_tolerance(d, e, dtype)
    w_all = sl.eigvalsh_tridiagonal(d.astype(float), e.astype(float))
    if kind == "clustered":
        # eigenvalues +-1 and one of size ulp: intervals between them
        intervals = [(-2.0, -0.5), (-0.5, 0.5), (0.5, 2.0), (-2.0, 2.0),
                     (3.0, 4.0)]
    else:
        intervals = [gaps_interval(w_all, i, j)
                     for i, j in index_ranges(n) if
                     i == 0 or w_all[i] - w_all[i - 1] > 100 * tol] + \
            [(w_all[-1] + 1, w_all[-1] + 2)]
    for vl, vu in intervals:
        ref, vref = scipy_eig(d, e, select="v", select_range=(vl, vu))
        m = ref.size
        w = bl.eigvalsh_tridiagonal(d, e, select="v", select_range=(vl, vu))
        assert w.dtype == dtype and w.shape == (m,)
        w2, v = bl.eigh_tridiagonal(d, e, select="v", select_range=(vl, vu))
        assert w2.shape == (m,) and v.shape == (n, m) and v.dtype == dtype
        np.testing.assert_array_equal(w2, w)
        if m:
            assert np.max(np.abs(w - ref)) <= tol
            assert pair_residual(d, e, w2, v, dtype) < THRESH
            assert column_orthogonality(v, dtype) < THRESH
            if kind == "random" and dtype == np.float64:
                cos = np.abs(np.sum(v * vref, axis=0))
                np.testing.assert_allclose(cos, 1, atol=1e-8)


def known_spectrum(rng, n, m, count, dtype):
    """count tridiagonals with m eigenvalues in (0, 1] and n - m in
    (1.1, 2] (or (-1, -0.1])."""
    ds, es = [], []
    for _ in range(count):
        lam = np.concatenate([rng.uniform(0.1, 0.9, m),
                              rng.uniform(1.1, 2.0, n - m) *
                              rng.choice([-1.0, 1.0], n - m)])
        u = orthogonal(rng, n)
        d, e = _tridiagonal_of(u @ np.diag(lam) @ u.T)
        ds.append(d)
        es.append(e)
    return (np.array(ds).reshape(count, n).astype(dtype),
            np.array(es).reshape(count, max(n - 1, 0)).astype(dtype))


@pytest.mark.parametrize("dtype", DTYPES, ids=dname)
@pytest.mark.parametrize("n", [2, 5, 32, 100])
def test_select_value_batch(n, dtype):
    m = max(n // 3, 1)
    d, e = known_spectrum(rng_for("svb", n), n, m, 4, dtype)
    w = bl.eigvalsh_tridiagonal(d, e, select="v", select_range=(0.0, 1.0))
    w2, v = bl.eigh_tridiagonal(d, e, select="v", select_range=(0.0, 1.0))
    assert w.shape == (4, m) and w2.shape == (4, m) and v.shape == (4, n, m)
    np.testing.assert_array_equal(w2, w)
    tol = value_tolerance(d, e, dtype)
    for p in range(4):
        ref = sl.eigvalsh_tridiagonal(d[p].astype(float), e[p].astype(float),
                                      select="v", select_range=(0.0, 1.0))
        assert np.max(np.abs(w[p] - ref)) <= tol[p]
    assert pair_residual(d, e, w2, v, dtype) < THRESH
    assert column_orthogonality(v, dtype) < THRESH


def test_select_value_batch_with_different_counts():
    d = np.array([[1.0, 2.0, 3.0], [1.0, 2.0, 5.0]])
    e = np.zeros((2, 2))
    with pytest.raises(ValueError, match="different number"):
        bl.eigvalsh_tridiagonal(d, e, select="v", select_range=(0, 4))
    with pytest.raises(ValueError, match="different number"):
        bl.eigh_tridiagonal(d, e, select="v", select_range=(0, 4))
    # one problem at a time works
    w = bl.eigvalsh_tridiagonal(d[1], e[1], select="v", select_range=(0, 4))
    np.testing.assert_allclose(w, [1, 2], atol=1e-14)


def test_select_value_half_open_and_empty():
    d, e = np.array([1.0, 2.0, 3.0, 4.0]), np.zeros(3)
    # (vl, vu]: 2 excluded, 3 included (diagonal: exact eigenvalues)
    w = bl.eigvalsh_tridiagonal(d, e, select="v", select_range=(2, 3))
    np.testing.assert_array_equal(w, [3.0])
    w, v = bl.eigh_tridiagonal(d, e, select="v", select_range=(10, 11))
    assert w.shape == (0,) and v.shape == (4, 0)
    w, v = bl.eigh_tridiagonal(np.tile(d, (3, 1)), np.zeros((3, 3)),
                               select="v", select_range=(10, 11))
    assert w.shape == (3, 0) and v.shape == (3, 4, 0)
    w = bl.eigvalsh_tridiagonal(d, e, select="v",
                                select_range=(-np.inf, np.inf))
    np.testing.assert_array_equal(w, d)


@pytest.mark.parametrize("select", ["v", "V", "value", 1])
def test_select_value_aliases(select):
    d, e = np.array([1.0, 2.0, 3.0]), np.array([0.1, 0.1])
    w = bl.eigvalsh_tridiagonal(d, e, select=select, select_range=(1.5, 2.5))
    ref = sl.eigvalsh_tridiagonal(d, e, select="v", select_range=(1.5, 2.5))
    np.testing.assert_allclose(w, ref, rtol=0, atol=1e-14)


# ---- layouts -------------------------------------------------------------------

@pytest.mark.parametrize("dtype", DTYPES, ids=dname)
def test_select_broadcasting(dtype):
    rng = rng_for("bcast")
    n = 7
    d = rng.uniform(-1, 1, (3, 1, n)).astype(dtype)
    e = rng.uniform(-1, 1, (4, n - 1)).astype(dtype)
    w, v = bl.eigh_tridiagonal(d, e, select="i", select_range=(2, 4))
    assert w.shape == (3, 4, 3) and v.shape == (3, 4, n, 3)
    for i in range(3):
        for j in range(4):
            wi, vi = bl.eigh_tridiagonal(d[i, 0], e[j], select="i",
                                         select_range=(2, 4))
            np.testing.assert_array_equal(w[i, j], wi)
            np.testing.assert_array_equal(v[i, j], vi)
    # select='v' over a broadcast batch with one count everywhere
    wv = bl.eigvalsh_tridiagonal(d, e, select="v",
                                 select_range=(-np.inf, np.inf))
    assert wv.shape == (3, 4, n)
    # bisection: the same bits whichever range selects an eigenvalue (the
    # whole index range would run sterf)
    np.testing.assert_array_equal(
        wv[..., :-1],
        bl.eigvalsh_tridiagonal(d, e, select="i", select_range=(0, n - 2)))
    # one e for every d
    w1 = bl.eigvalsh_tridiagonal(d[:, 0], e[0], select="i",
                                 select_range=(0, 1))
    assert w1.shape == (3, 2)
    for i in range(3):
        np.testing.assert_array_equal(
            w1[i], bl.eigvalsh_tridiagonal(d[i, 0], e[0], select="i",
                                           select_range=(0, 1)))


@pytest.mark.parametrize("dtype", DTYPES, ids=dname)
def test_select_non_contiguous(dtype):
    d, e = tridiagonal("random", 10, dtype, rng_for("nc"), count=6)
    d, e = d.astype(dtype), e.astype(dtype)
    w, v = bl.eigh_tridiagonal(d, e, select="i", select_range=(3, 6))
    # every other problem, reversed, in Fortran order, with strided entries
    big_d = np.zeros((6, 20), dtype)
    big_d[:, ::2] = d
    big_e = np.asfortranarray(e[::-1])
    w2, v2 = bl.eigh_tridiagonal(big_d[::-1, ::2][::-1], big_e[::-1],
                                 select="i", select_range=(3, 6))
    np.testing.assert_array_equal(w2, w)
    np.testing.assert_array_equal(v2, v)
    w3, v3 = bl.eigh_tridiagonal(d[::2], e[::2], select="i",
                                 select_range=(3, 6))
    np.testing.assert_array_equal(w3, w[::2])
    np.testing.assert_array_equal(v3, v[::2])
    # out= arrays that are views with strides of their own
    wo = np.zeros((6, 8), dtype)[:, ::2]
    vo = np.zeros((6, 4, 10), dtype).transpose(0, 2, 1)
    rw, rv = bl.eigh_tridiagonal(d, e, select="i", select_range=(3, 6),
                                 out=(wo, vo))
    assert rw is wo and rv is vo
    np.testing.assert_array_equal(wo, w)
    np.testing.assert_array_equal(vo, v)
    # select='v' on views
    lo, hi = -np.inf, np.inf
    wv, vv = bl.eigh_tridiagonal(big_d[:, ::2], big_e, select="v",
                                 select_range=(lo, hi))
    wa, va = bl.eigh_tridiagonal(d, e[::-1], select="v", select_range=(lo, hi))
    np.testing.assert_array_equal(wv, wa)
    np.testing.assert_array_equal(vv, va)


def test_gufunc_scalars_per_problem():
    """The scalar operands may differ per problem (a run of equal values
    per driver call)."""
    d, e = tridiagonal("random", 8, np.float64, rng_for("runs"), count=5)
    il = np.array([0, 0, 3, 5, 0], np.intc)
    w = np.empty((5, 3))
    w, info = _gufuncs.stebz_index(d, e, il, 0.0, out=(w, None))
    assert not info.any()
    for p in range(5):
        ref = bl.eigvalsh_tridiagonal(d[p], e[p], select="i",
                                      select_range=(il[p], il[p] + 2))
        np.testing.assert_array_equal(w[p], ref)
    vl = np.array([-np.inf, -0.5, -0.5, 0.0, 0.0])
    wv, cnt, info = _gufuncs.stebz_value(d, e, vl, np.inf, 0.0)
    assert not info.any()
    for p in range(5):
        ref = bl.eigvalsh_tridiagonal(d[p], e[p], select="v",
                                      select_range=(vl[p], np.inf))
        assert cnt[p] == ref.size
        np.testing.assert_array_equal(wv[p, :cnt[p]], ref)
        assert np.all(np.isnan(wv[p, cnt[p]:]))


# ---- tol -----------------------------------------------------------------------

def test_select_tol_is_the_absolute_tolerance():
    d, e = tridiagonal("random", 32, np.float64, rng_for("tol"), count=2)
    exact = bl.eigvalsh_tridiagonal(d, e, select="i", select_range=(4, 20))
    loose = bl.eigvalsh_tridiagonal(d, e, select="i", select_range=(4, 20),
                                    tol=1e-3)
    err = np.abs(loose - exact)
    assert err.max() <= 1e-3
    assert err.max() > 1e-10  # the tolerance was used
    # negative: the default
    np.testing.assert_array_equal(
        bl.eigvalsh_tridiagonal(d, e, select="i", select_range=(4, 20),
                                tol=-1.0), exact)
    w, _ = bl.eigh_tridiagonal(d, e, select="i", select_range=(4, 20),
                               tol=1e-3)
    np.testing.assert_array_equal(w, loose)
    # select='a' ignores it
    np.testing.assert_array_equal(bl.eigvalsh_tridiagonal(d, e, tol=1e-3),
                                  bl.eigvalsh_tridiagonal(d, e))


# ---- errors --------------------------------------------------------------------

D4, E4 = np.array([1.0, 2.0, 3.0, 4.0]), np.array([0.5, 0.5, 0.5])


@pytest.mark.parametrize("kw, match", [
    (dict(select="x", select_range=(0, 1)), "select"),
    (dict(select=5), "select"),
    (dict(select=[1], select_range=(0, 1)), "select"),
    (dict(select="i"), "select_range"),
    (dict(select="i", select_range=(1, 2, 3)), "select_range"),
    (dict(select="i", select_range=(2, 1)), "select_range: .*lo <= hi"),
    (dict(select="i", select_range=(-1, 1)), "select_range: out of bounds"),
    (dict(select="i", select_range=(1, 4)), "select_range: out of bounds"),
    (dict(select="i", select_range=(1.0, 2.0)), "select_range: .*integers"),
    (dict(select="v"), "select_range"),
    (dict(select="v", select_range=(2, 1)), "select_range: .*vl < vu"),
    (dict(select="v", select_range=(1, 1)), "select_range: .*vl < vu"),
    (dict(select="v", select_range=(np.nan, 1)), "select_range"),
    (dict(select="v", select_range=("a", "b")), "select_range"),
    (dict(select="i", select_range=(0, 1), tol=np.nan), "tol"),
    (dict(select="v", select_range=(0, 1), tol=np.inf), "tol"),
    (dict(select="v", select_range=(0, 1), out=np.empty(4)), "out"),
])
@pytest.mark.parametrize("vectors", [False, True])
def test_select_argument_errors(kw, match, vectors):
    with pytest.raises(ValueError, match=match):
        if vectors:
            bl.eigh_tridiagonal(D4, E4, **kw)
        else:
            bl.eigvalsh_tridiagonal(D4, E4, **kw)


@pytest.mark.parametrize("select, rng", [("i", (1, 2)), ("v", (-10, 10))])
@pytest.mark.parametrize("vectors", [False, True])
@pytest.mark.parametrize("bad", [np.nan, np.inf])
@pytest.mark.parametrize("arg", ["d", "e"])
def test_select_nonfinite(select, rng, vectors, bad, arg):
    d, e = tridiagonal("random", 5, np.float64, rng_for("nf"), count=3)
    x = {"d": d, "e": e}
    x[arg][1, 2] = bad

    def call(check_finite):
        if vectors:
            return bl.eigh_tridiagonal(d, e, select=select, select_range=rng,
                                       check_finite=check_finite)
        return bl.eigvalsh_tridiagonal(d, e, select=select,
                                       select_range=rng,
                                       check_finite=check_finite)

    with pytest.raises(ValueError, match=f"^{arg} must not contain infs"):
        call(True)
    res = call(False)
    w = res[0] if vectors else res
    assert w.shape == (3, 2 if select == "i" else 5)
    assert np.all(np.isnan(w[1]))
    good = [0, 2]
    ref = bl.eigvalsh_tridiagonal(d[good], e[good], select=select,
                                  select_range=rng)
    np.testing.assert_array_equal(w[good], ref)
    if vectors:
        assert np.all(np.isnan(res[1][1]))
        assert not np.isnan(res[1][good]).any()



def test_select_eigenvalue_beyond_overflow():
    # Finite entries whose smallest eigenvalue (about -2.6e308) overflows:
    # an error that says so, never -inf.
    d = np.array([-1.6e308, -1.5e308, 1e307])
    e = np.array([1e308, 1e308])
    with pytest.raises(np.linalg.LinAlgError, match="overflow threshold"):
        bl.eigvalsh_tridiagonal(d, e, select="i", select_range=(0, 0))
    # The other two are finite: the dense solver on T / 2^16, scaled back.
    t = (np.diag(d) + np.diag(e, 1) + np.diag(e, -1)) / 2.0**16
    np.testing.assert_allclose(
        bl.eigvalsh_tridiagonal(d, e, select="i", select_range=(1, 2)),
        np.linalg.eigvalsh(t)[1:] * 2.0**16, rtol=1e-13)
