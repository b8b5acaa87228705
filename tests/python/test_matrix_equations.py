"""batchla's Sylvester and Lyapunov solvers against SciPy, on the C tests'
matrix classes, both dtypes: the residual ratio of the equation (as
tests/test_matrix_equations.c defines it) below THRESH, the solution equal
to SciPy's on well-conditioned equations, batches broadcast, and SciPy's
errors."""

import numpy as np
import pytest
import scipy.linalg as sl

import batchla as bl
from helpers import DTYPES, GENERAL_CLASSES, SIZES, THRESH, general, mT, ulp


def rng_for(*key):
    return np.random.default_rng(abs(hash(key)) % 2**32)


def dname(dtype):
    return np.dtype(dtype).name


def norm1(a):
    """1-norm of each matrix of a batch (0 for empty matrices)."""
    if a.shape[-1] == 0 or a.shape[-2] == 0:
        return np.zeros(a.shape[:-2])
    return np.abs(a).sum(axis=-2).max(axis=-1)


def ratio(kind, a, b, q, x, dtype):
    """|residual|_1 / (norms |X|_1 k ulp), the worst over the batch."""
    a, q, x = (v.astype(float) for v in (a, q, x))
    k = max(x.shape[-2:]) if x.size else 0
    if k == 0:
        return 0.0
    if kind == "sylvester":
        b = b.astype(float)
        r = a @ x + x @ b - q
        den = norm1(a) + norm1(b)
    elif kind == "continuous":
        r = a @ x + x @ mT(a) - q
        den = 2 * norm1(a)
    else:
        r = a @ x @ mT(a) - x + q
        den = norm1(a) ** 2 + 1
    den = den * norm1(x) * k * ulp(dtype)
    return float(np.max(norm1(r) / np.maximum(den, np.finfo(float).tiny)))


def solve(lib, kind, a, b, q):
    """kind's equation by lib: batchla or scipy.linalg (the same names)."""
    if kind == "sylvester":
        return lib.solve_sylvester(a, b, q)
    return getattr(lib, f"solve_{kind}_lyapunov")(a, q)


# The Jordan block and the clustered class (eigenvalue 1 repeated, not
# diagonalizable) make the discrete equation singular at every level: its
# solution overflows.
CASES = ([("sylvester", k) for k in GENERAL_CLASSES]
         + [("continuous", k) for k in GENERAL_CLASSES]
         + [("discrete", k) for k in GENERAL_CLASSES
            if k not in ("jordan", "clustered")])


@pytest.mark.parametrize("dtype", DTYPES, ids=dname)
@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize("kind,cls", CASES)
def test_residual(kind, cls, n, dtype):
    rng = rng_for("mateq", kind, cls, n)
    a = general(cls, n, dtype, rng).astype(dtype)
    m = max(n - 1, 1) if kind == "sylvester" else n
    # b's eigenvalues near 2 (radius about 0.6): away from -1, the
    # eigenvalue of the Jordan class, whose amplification of a near
    # singularity would overflow the solution.
    b = (general("random", m, dtype, rng) / np.sqrt(m)
         + 2 * np.eye(m)).astype(dtype)
    q = rng.uniform(-1, 1, (a.shape[0], n, m))
    if kind != "sylvester":
        q = q + mT(q)
    q = q.astype(dtype)
    x = solve(bl, kind, a, b, q)
    assert x.dtype == dtype and x.shape == q.shape
    assert ratio(kind, a, b, q, x, dtype) < THRESH


@pytest.mark.parametrize("dtype", DTYPES, ids=dname)
@pytest.mark.parametrize("n", [1, 4, 13, 32])
@pytest.mark.parametrize("kind", ["sylvester", "continuous", "discrete"])
def test_against_scipy(kind, n, dtype):
    """Well-conditioned equations (a stable, b shifted): the same X as
    SciPy's, and a residual no worse than a few times SciPy's."""
    rng = rng_for("mateq-scipy", kind, n)
    a = rng.uniform(-1, 1, (3, n, n)) / np.sqrt(n)
    a = a - (2 * np.eye(n) if kind != "discrete" else 0)
    b = rng.uniform(-1, 1, (3, n, n)) / np.sqrt(n) - 2 * np.eye(n)
    q = rng.uniform(-1, 1, (3, n, n))
    q = q + mT(q)
    a, b, q = (v.astype(dtype) for v in (a, b, q))
    x = solve(bl, kind, a, b, q)
    for p in range(3):
        ref = solve(sl, kind, a[p].astype(float), b[p].astype(float),
                    q[p].astype(float))
        err = np.abs(x[p] - ref).max() / np.abs(ref).max()
        assert err < 1e3 * n * ulp(dtype)
    assert ratio(kind, a, b, q, x, dtype) < THRESH


def test_broadcast_and_out():
    rng = rng_for("mateq-broadcast")
    a = rng.uniform(-1, 1, (4, 4)) - 3 * np.eye(4)
    b = rng.uniform(-1, 1, (2, 1, 3, 3)) - 3 * np.eye(3)
    q = rng.uniform(-1, 1, (5, 4, 3))
    x = bl.solve_sylvester(a, b, q)
    assert x.shape == (2, 5, 4, 3)
    for i in range(2):
        for j in range(5):
            ref = sl.solve_sylvester(a, b[i, 0], q[j])
            assert np.allclose(x[i, j], ref, rtol=1e-12, atol=1e-12)
    out = np.empty((4, 4))
    qq = q[0, :, :1] @ q[0, :, :1].T
    res = bl.solve_continuous_lyapunov(a, qq, out=out)
    assert res is out
    assert np.allclose(out, sl.solve_continuous_lyapunov(a, qq))
    # Fortran order and a negative stride give the same bits.
    y = bl.solve_discrete_lyapunov(np.asfortranarray(a / 8), qq[::-1, ::-1])
    assert np.array_equal(
        y, bl.solve_discrete_lyapunov(a / 8, np.ascontiguousarray(qq[::-1,
                                                                     ::-1])))


def test_errors():
    a = np.eye(3) * 2
    with pytest.raises(ValueError, match="q"):
        bl.solve_sylvester(a, np.eye(2), np.ones((3, 3)))
    with pytest.raises(ValueError, match="square"):
        bl.solve_continuous_lyapunov(np.ones((3, 2)), np.ones((3, 2)))
    with pytest.raises(ValueError, match="method"):
        bl.solve_discrete_lyapunov(a, a, method="kronecker")
    bad = np.stack([a, a, a])
    bad[1, 0, 0] = np.nan
    with pytest.raises(ValueError, match="infs or NaNs"):
        bl.solve_continuous_lyapunov(bad, np.eye(3))
    # Without check_finite: that problem NaN, the others solved.
    x = bl.solve_continuous_lyapunov(bad, np.eye(3), check_finite=False)
    assert np.isnan(x[1]).all()
    assert np.allclose(x[0], np.eye(3) / 4) and np.allclose(x[2], x[0])
    # A singular equation (a and -a share eigenvalue 0) is solved with
    # perturbed values and raises nothing, as in SciPy.
    z = np.diag([0.0, 1.0])
    x = bl.solve_continuous_lyapunov(z, np.diag([0.0, 2.0]))
    assert np.isfinite(x).all() and np.isclose(x[1, 1], 1.0)
