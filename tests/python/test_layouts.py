"""Memory layouts, broadcasting, out= and overwrite_*: every layout gives
the contiguous result, inputs are never written unless allowed, and
strided inputs are read in place (no copy)."""

import tracemalloc

import numpy as np
import pytest

import batchla as bl
from helpers import general, spd, to_band, tridiagonal


def layouts(a):
    """Views of the same batch of matrices (..., n, n) in other layouts."""
    f = np.asfortranarray(a)  # column-major batch
    big = np.zeros((a.shape[0] * 2,) + (a.shape[1] * 3, a.shape[2] * 2))
    big[::2, ::3, ::2] = a
    strided = big[::2, ::3, ::2]
    rev = np.ascontiguousarray(a[::-1, ::-1, ::-1])[::-1, ::-1, ::-1]
    trans = np.ascontiguousarray(np.swapaxes(a, -1, -2)).swapaxes(-1, -2)
    return {"fortran": f, "strided": strided, "negative": rev,
            "transposed": trans}


CALLS = {
    "schur": lambda a: bl.schur(a),
    "hessenberg": lambda a: bl.hessenberg(a, calc_q=True),
    "qz": lambda a: bl.qz(a, a.T.T + np.eye(a.shape[-1])),
    "qz_eigenvalues": lambda a: bl.qz_eigenvalues(a, a + np.eye(a.shape[-1])),
    "cholesky": lambda a: bl.cholesky(a @ np.swapaxes(a, -1, -2)
                                      + a.shape[-1] * np.eye(a.shape[-1])),
}


@pytest.mark.parametrize("call", sorted(CALLS))
@pytest.mark.parametrize("layout", ["fortran", "strided", "negative",
                                    "transposed"])
def test_matrix_layouts_match_contiguous(call, layout):
    a = general("random", 7, np.float64, np.random.default_rng(1), count=5)
    want = CALLS[call](a)
    view = layouts(a)[layout]
    before = view.copy()
    got = CALLS[call](view)
    for w, g in zip(want, got):
        np.testing.assert_array_equal(g, w)
    np.testing.assert_array_equal(view, before)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_tridiagonal_layouts(dtype):
    d, e = tridiagonal("random", 9, dtype, np.random.default_rng(2), count=4)
    d, e = d.astype(dtype), e.astype(dtype)
    w, v = bl.eigh_tridiagonal(d, e)
    dd = np.zeros((4, 18), dtype)
    dd[:, ::-2] = d
    d_view = dd[:, ::-2]  # element stride -2
    e_f = np.asfortranarray(e)
    w2, v2 = bl.eigh_tridiagonal(d_view, e_f)
    np.testing.assert_array_equal(w2, w)
    np.testing.assert_array_equal(v2, v)
    w3 = bl.eigvalsh_tridiagonal(d[::-1], e[::-1])
    np.testing.assert_array_equal(w3, bl.eigvalsh_tridiagonal(d, e)[::-1])


def test_broadcasting():
    rng = np.random.default_rng(3)
    d = rng.uniform(-1, 1, (3, 1, 6))
    e = rng.uniform(-1, 1, (1, 4, 5))
    w = bl.eigvalsh_tridiagonal(d, e)
    assert w.shape == (3, 4, 6)
    for i in range(3):
        for j in range(4):
            np.testing.assert_array_equal(
                w[i, j], bl.eigvalsh_tridiagonal(d[i, 0], e[0, j]))
    a = general("random", 5, np.float64, rng, count=2)[:, None]
    b = general("random", 5, np.float64, rng, count=3)
    aa, bb, q, z = bl.qz(a, b)
    assert aa.shape == (2, 3, 5, 5)
    np.testing.assert_array_equal(aa[1, 2], bl.qz(a[1, 0], b[2])[0])
    s = spd("random", 6, np.float64, rng, count=1)[0]
    c = bl.cholesky(s)
    rhs = rng.uniform(-1, 1, (4, 2, 6, 3))
    x = bl.cho_solve((c, False), rhs)
    assert x.shape == rhs.shape
    np.testing.assert_allclose(s @ x, rhs, atol=1e-12)
    x1 = bl.cho_solve((c, False), rhs[0, 0, :, 0])
    assert x1.shape == (6,)
    np.testing.assert_array_equal(x1, x[0, 0, :, 0])


def test_batch_of_several_dimensions_and_empty_batches():
    a = general("random", 4, np.float64, np.random.default_rng(4), count=6)
    t, z = bl.schur(a.reshape(2, 3, 4, 4))
    t1, z1 = bl.schur(a)
    np.testing.assert_array_equal(t.reshape(6, 4, 4), t1)
    t0, z0 = bl.schur(np.zeros((0, 3, 3)))
    assert t0.shape == (0, 3, 3) and z0.shape == (0, 3, 3)
    assert bl.eigvalsh_tridiagonal(np.zeros((2, 0)), np.zeros((2, 0))).shape \
        == (2, 0)
    t, z = bl.schur(np.array([[2.0]]))
    assert t.shape == (1, 1) and z[0, 0] == 1


def test_integer_and_mixed_dtypes():
    a = np.array([[4, 1], [1, 3]])
    c = bl.cholesky(a)
    assert c.dtype == np.float64
    x = bl.cho_solve((c.astype(np.float32), False), np.ones(2))
    assert x.dtype == np.float64
    w = bl.eigvalsh_tridiagonal(np.ones(3, np.float32), np.ones(2, np.float32))
    assert w.dtype == np.float32
    w = bl.eigvalsh_tridiagonal(np.ones(3, np.float16), np.ones(2, np.float16))
    assert w.dtype == np.float32


def test_out_arguments():
    a = general("random", 6, np.float64, np.random.default_rng(5), count=3)
    t_ref, z_ref = bl.schur(a)
    t = np.empty_like(a, order="F")
    zbuf = np.empty((3, 12, 6))
    z = zbuf[:, ::2]
    t2, z2 = bl.schur(a, out=(t, z))
    assert t2 is t and z2 is z
    np.testing.assert_array_equal(t, t_ref)
    np.testing.assert_array_equal(z, z_ref)
    w = np.empty((3, 6))
    d, e = tridiagonal("random", 6, np.float64, np.random.default_rng(6),
                       count=3)
    assert bl.eigvalsh_tridiagonal(d, e, out=w) is w
    np.testing.assert_array_equal(w, bl.eigvalsh_tridiagonal(d, e))
    c = np.empty((3, 6, 6))
    s = spd("random", 6, np.float64, np.random.default_rng(7), count=3)
    assert bl.cholesky(s, out=c) is c
    out = np.empty((3, 6, 2))
    b = np.ones((3, 6, 2))
    assert bl.cho_solve((c, False), b, out=out) is out
    with pytest.raises(ValueError):
        bl.schur(a, out=(np.empty((3, 5, 5)), np.empty((3, 5, 5))))
    j = np.empty((4, 6))
    assert bl.jn_all(5, np.arange(4.0), out=j) is j
    with pytest.raises(ValueError, match="out"):
        bl.jn_all(5, np.arange(4.0), out=np.empty((4, 5)))


def test_inputs_untouched_and_overwrite():
    rng = np.random.default_rng(8)
    a = general("random", 5, np.float64, rng, count=2)
    b = general("random", 5, np.float64, rng, count=2)
    s = spd("random", 5, np.float64, rng, count=2)
    ab = to_band(spd("random", 5, np.float64, rng, count=2, kd=1), 1, False)
    copies = [x.copy() for x in (a, b, s, ab)]
    bl.schur(a)
    bl.hessenberg(a, calc_q=True)
    bl.qz(a, b)
    bl.qz_eigenvalues(a, b)
    c = bl.cholesky(s)
    rhs = np.ones((2, 5, 1))
    bl.cho_solve((c, False), rhs)
    cb = bl.cholesky_banded(ab)
    bl.cho_solve_banded((cb, False), rhs)
    for x, y in zip((a, b, s, ab), copies):
        np.testing.assert_array_equal(x, y)
    np.testing.assert_array_equal(rhs, 1)
    # overwrite_*: the result lands in the input's memory
    t_ref = bl.schur(a)[0]
    a2 = np.asfortranarray(a)
    t, _ = bl.schur(a2, overwrite_a=True)
    np.testing.assert_array_equal(t, t_ref)
    assert np.shares_memory(t, a2)
    np.testing.assert_array_equal(a2, t_ref)
    s2 = s.copy()
    c2 = bl.cholesky(s2, overwrite_a=True)
    assert np.shares_memory(c2, s2)
    np.testing.assert_array_equal(c2, c)
    rhs2 = rhs.copy()
    x = bl.cho_solve((c, False), rhs2, overwrite_b=True)
    assert np.shares_memory(x, rhs2)
    ab2 = ab.copy()
    assert np.shares_memory(bl.cholesky_banded(ab2, overwrite_ab=True), ab2)


def test_unaligned_input():
    """An array whose data is not aligned to its itemsize (a byte offset
    into a buffer) is copied by NumPy and gives the same result."""
    a = general("random", 4, np.float64, np.random.default_rng(9), count=3)
    buf = np.zeros(a.nbytes + 1, np.uint8)
    un = np.ndarray(a.shape, np.float64, buf.data, offset=1)
    un[...] = a
    assert not un.flags.aligned
    np.testing.assert_array_equal(bl.schur(un)[0], bl.schur(a)[0])


def test_strided_inputs_are_not_copied():
    """A read-only strided operand (the factor of cho_solve, negative
    strides, Fortran order) is read in place: the call allocates far less
    than a copy of it."""
    rng = np.random.default_rng(10)
    n, count = 32, 2000
    s = spd("random", n, np.float64, rng, count=1)[0]
    c1 = bl.cholesky(s)
    c = np.asfortranarray(np.broadcast_to(c1, (count, n, n)))[::-1]
    assert not c.flags.c_contiguous and c.strides[0] < 0
    b = np.ones((count, n, 1))
    x = bl.cho_solve((c, False), b, check_finite=False)  # warm up
    tracemalloc.start()
    try:
        x = bl.cho_solve((c, False), b, check_finite=False)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < c.nbytes / 8, (peak, c.nbytes)
    np.testing.assert_allclose(s @ x[0], b[0], atol=1e-10)
