"""Errors as a SciPy user expects them: ValueError for shapes and non-finite
input (check_finite), LinAlgError naming the failing batch index, NaN and
no exception for the special functions."""

import numpy as np
import pytest

import batchla as bl
from batchla import _common, _gufuncs
from helpers import general, spd, to_band


def spd_batch(count=5, n=4):
    return spd("random", n, np.float64, np.random.default_rng(0), count=count)


# ---- shapes ----------------------------------------------------------------

@pytest.mark.parametrize("call, match", [
    (lambda: bl.eigvalsh_tridiagonal(np.ones(4), np.ones(4)), "e: .*n-1 = 3"),
    (lambda: bl.eigh_tridiagonal(np.ones(4), np.ones(2)), "^e: "),
    (lambda: bl.eigvalsh_tridiagonal(np.float64(1), np.ones(0)), "^d: "),
    (lambda: bl.eigh_tridiagonal(np.ones(4), np.ones(3), select="i",
                                 select_range=(2, 7)), "select_range"),
    (lambda: bl.schur(np.ones((3, 4))), "^a: .*square"),
    (lambda: bl.schur(np.ones(3)), "^a: "),
    (lambda: bl.hessenberg(np.ones((2, 3, 4))), "^a: "),
    (lambda: bl.qz(np.ones((3, 3)), np.ones((4, 4))), "^b: "),
    (lambda: bl.qz(np.ones((3, 2)), np.ones((3, 3))), "^a: "),
    (lambda: bl.qz_eigenvalues(np.eye(3), np.ones((3, 4))), "^b: "),
    (lambda: bl.cholesky(np.ones((2, 3))), "^a: "),
    (lambda: bl.cho_solve((np.eye(3), False), np.ones(4)), "^b: .*3 rows"),
    (lambda: bl.cho_solve((np.eye(3), False), np.ones((2, 4, 1))), "^b: "),
    (lambda: bl.cho_solve((np.ones((3, 2)), False), np.ones(3)), "^c: "),
    (lambda: bl.cho_solve(np.eye(3), np.ones(3)), "c_and_lower"),
    (lambda: bl.cholesky_banded(np.ones(3)), "^ab: "),
    (lambda: bl.cholesky_banded(np.ones((0, 3))), "^ab: "),
    (lambda: bl.cho_solve_banded((np.ones((2, 3)), False), np.ones(4)),
     "^b: "),
    (lambda: bl.jn_all(-1, 1.0), "nmax"),
    (lambda: bl.jn_all(2.5, 1.0), "nmax"),
    (lambda: bl.mathieu_ab_all(1.0, -2), "mmax"),
    (lambda: bl.qz(np.eye(2), np.eye(2), out=(np.empty((2, 2)),)), "out"),
])
def test_shape_errors_name_the_argument(call, match):
    with pytest.raises(ValueError, match=match):
        call()


def test_broadcast_mismatch_is_a_value_error():
    with pytest.raises(ValueError):
        bl.qz(np.ones((2, 3, 3)), np.ones((4, 3, 3)))
    with pytest.raises(ValueError):
        bl.eigvalsh_tridiagonal(np.ones((2, 4)), np.ones((3, 3)))


@pytest.mark.parametrize("dtype", [np.complex128, np.longdouble, object])
def test_unsupported_dtypes(dtype):
    if np.dtype(dtype) == np.dtype(np.float64):
        pytest.skip("long double is double on this platform")
    with pytest.raises(TypeError):
        bl.schur(np.eye(3).astype(dtype))


def test_unsupported_options():
    with pytest.raises(NotImplementedError):
        bl.schur(np.eye(2), output="complex")
    with pytest.raises(NotImplementedError):
        bl.schur(np.eye(2), sort="lhp")
    with pytest.raises(NotImplementedError):
        bl.qz(np.eye(2), np.eye(2), output="complex")
    with pytest.raises(ValueError, match="select"):
        bl.eigvalsh_tridiagonal(np.ones(3), np.ones(2), select="x")


# ---- non-finite input ---------------------------------------------------------

NONFINITE_CALLS = {
    "eigvalsh_tridiagonal": lambda x: bl.eigvalsh_tridiagonal(x[1, 0, :3],
                                                             x[1, 1, :2]),
    "eigh_tridiagonal": lambda x: bl.eigh_tridiagonal(x[1, 0, :3], x[1, 1, :2]),
    "hessenberg": lambda x: bl.hessenberg(x),
    "schur": lambda x: bl.schur(x),
    "qz": lambda x: bl.qz(x, np.eye(4)),
    "qz_eigenvalues": lambda x: bl.qz_eigenvalues(np.eye(4), x),
    "cholesky": lambda x: bl.cholesky(x),
    "cho_solve": lambda x: bl.cho_solve((np.eye(4), False), x),
    "cholesky_banded": lambda x: bl.cholesky_banded(x),
    "cho_solve_banded": lambda x: bl.cho_solve_banded((np.ones((1, 4)), False),
                                                      x),
}


@pytest.mark.parametrize("name", sorted(NONFINITE_CALLS))
@pytest.mark.parametrize("bad", [np.nan, np.inf, -np.inf])
def test_nonfinite_input_raises(name, bad):
    x = spd_batch(3)
    x[1, 0, 0] = bad
    with pytest.raises(ValueError, match="infs or NaNs"):
        NONFINITE_CALLS[name](x)


# The routines whose core reads every entry report a non-finite input in
# info (no scan before the call): every position, and the argument named.
INFO_CHECKED_CALLS = {
    "eigvalsh_tridiagonal": (lambda d, e, a, b: bl.eigvalsh_tridiagonal(d, e),
                             ("d", "e")),
    "eigh_tridiagonal": (lambda d, e, a, b: bl.eigh_tridiagonal(d, e),
                         ("d", "e")),
    "hessenberg": (lambda d, e, a, b: bl.hessenberg(a, calc_q=True), ("a",)),
    "schur": (lambda d, e, a, b: bl.schur(a), ("a",)),
    "qz": (lambda d, e, a, b: bl.qz(a, b), ("A", "B")),
    "qz_eigenvalues": (lambda d, e, a, b: bl.qz_eigenvalues(a, b), ("a", "b")),
}


@pytest.mark.parametrize("name", sorted(INFO_CHECKED_CALLS))
def test_nonfinite_anywhere_raises_naming_the_argument(name):
    call, names = INFO_CHECKED_CALLS[name]
    rng = np.random.default_rng(5)
    base = {"d": rng.standard_normal((2, 4)), "e": rng.standard_normal((2, 3)),
            "a": rng.standard_normal((2, 4, 4)),
            "b": rng.standard_normal((2, 4, 4))}
    which = [k for k in ("d", "e") if k in names] or \
        [k for k in ("a", "b") if k.upper() in names or k in names]
    for arg, label in zip(which, names):
        for pos in range(base[arg][1].size):
            x = {k: v.copy() for k, v in base.items()}
            x[arg][1].flat[pos] = np.nan
            with pytest.raises(ValueError,
                               match=f"^{label} must not contain infs or NaNs"):
                call(x["d"], x["e"], x["a"], x["b"])
    w = call(base["d"], base["e"], base["a"], base["b"])
    assert all(np.isfinite(np.asarray(r)).all()
               for r in (w if isinstance(w, tuple) else (w,)))


def test_check_finite_false_gives_nan_in_that_problem_only():
    a = general("random", 4, np.float64, np.random.default_rng(1), count=3)
    a[1, 2, 2] = np.nan
    t, z = bl.schur(a, check_finite=False)
    assert np.isnan(t[1]).all() and np.isnan(z[1]).all()
    assert np.isfinite(t[[0, 2]]).all()
    np.testing.assert_array_equal(t[0], bl.schur(a[0])[0])
    s = spd_batch(3)
    s[2, 0, 0] = np.inf
    c = bl.cholesky(s, check_finite=False)
    assert np.isnan(c[2]).any() and np.isfinite(c[:2]).all()


def test_cholesky_scans_the_unreferenced_triangle_like_scipy():
    s = spd_batch(1)[0]
    s[3, 0] = np.nan  # below the diagonal: not read by lower=False
    with pytest.raises(ValueError):
        bl.cholesky(s)
    c = bl.cholesky(s, check_finite=False)
    assert np.isfinite(c).all()


# ---- numerical failure: LinAlgError -------------------------------------------

def test_linalg_error_names_first_index_and_count():
    s = spd_batch(count=12).reshape(3, 4, 4, 4)
    s[1, 2] = -np.eye(4)
    s[2, 0, 2, 2] = -50.0
    with pytest.raises(np.linalg.LinAlgError) as err:
        bl.cholesky(s)
    msg = str(err.value)
    assert "2 of 12" in msg and "(1, 2)" in msg and "order 1" in msg
    assert err.value.index == (1, 2) and err.value.count == 2
    assert err.value.info.shape == (3, 4)
    assert err.value.info[1, 2] == 1 and err.value.info[2, 0] == 3
    assert isinstance(err.value, bl.LinAlgError)
    with pytest.raises(np.linalg.LinAlgError, match="order 1"):
        bl.cholesky(-np.eye(3))
    ab = to_band(spd_batch(2), 1, True)
    ab[1, 0, 3] = -1
    with pytest.raises(np.linalg.LinAlgError, match=r"\(1,\).*order 4"):
        bl.cholesky_banded(ab, lower=True)


def test_info_codes_to_exceptions():
    """The chunk codes the extension writes when a driver call itself
    fails (they cannot be provoked from Python with valid arguments)."""
    base = _gufuncs.INFO_STATUS_BASE
    meaning = str
    with pytest.raises(MemoryError, match="allocated"):
        _common.raise_on_info(np.array([0, base - 2]), "f", meaning)
    with pytest.raises(RuntimeError, match="invalid argument"):
        _common.raise_on_info(np.array([base - 1]), "f", meaning)
    with pytest.raises(RuntimeError, match="CUDA"):
        _common.raise_on_info(np.array([base - 4]), "f", meaning)
    with pytest.raises(ValueError, match="stride"):
        _common.raise_on_info(np.array([_gufuncs.INFO_BAD_STRIDE]), "f",
                              meaning)
    with pytest.raises(ValueError, match="infs or NaNs"):
        _common.raise_on_info(np.array([0, -1]), "f", meaning)
    _common.raise_on_info(np.array([0, -1]), "f", meaning, check_finite=False)
    _common.raise_on_info(np.zeros((0,), np.intc), "f", meaning)
    with pytest.raises(np.linalg.LinAlgError, match="the problem, info 2"):
        _common.raise_on_info(np.array(2), "f", meaning)


# ---- special functions: NaN, no exception ---------------------------------------

def test_special_functions_give_nan_not_exceptions():
    with np.errstate(all="raise"):
        assert np.isnan(bl.yn_all(3, -1.0)).all()
        assert np.isnan(bl.spherical_kn_all(3, 0.0)).all()
        assert np.isnan(bl.jn_all(3, np.nan)).all()
        assert np.isnan(bl.mathieu_a(-1, 1.0))
        assert np.isnan(bl.mathieu_b(0, 1.0))
        assert np.isnan(bl.mathieu_a(2.5, 1.0))
        assert np.isnan(bl.mathieu_cem(1.5, 1.0, 10.0)).all()
        assert np.isnan(bl.mathieu_sem(0, 1.0, 10.0)).all()
        assert np.isnan(bl.mathieu_cem(1, np.inf, 10.0)).all()
        assert np.isnan(bl.mathieu_modcem1(1, -1.0, 0.5)).all()
        assert np.isnan(bl.mathieu_modsem2(1, 1.0, -0.5)).all()
        a, b = bl.mathieu_ab_all(np.array([1.0, np.nan]), 3)
        assert np.isnan(a[1]).all() and np.isfinite(a[0]).all()
    with pytest.raises(TypeError):
        bl.jn_all(3, np.ones(2, complex))
