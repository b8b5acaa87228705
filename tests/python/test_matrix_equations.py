"""batchla's Sylvester and Lyapunov solvers against SciPy, on the C tests'
matrix classes, both dtypes: the residual ratio of the equation (as
tests/test_matrix_equations.c defines it) below THRESH, the solution equal
to SciPy's on well-conditioned equations, batches broadcast, and SciPy's
errors."""

import zlib

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


# ---- Algebraic Riccati equations --------------------------------------------

def are_rng(*key):
    """A generator seeded by key, the same in every run."""
    return np.random.default_rng(zlib.crc32(repr(key).encode()))


def are_problems(rng, batch, n, m, shift=0.0):
    """Random stabilizable and detectable problems (a, b, q, r): a of
    spectral radius about 0.6 plus shift (some eigenvalues unstable in
    either sense when shift is small), b random (controllable almost
    surely), q and r symmetric positive definite."""
    a = rng.uniform(-1, 1, batch + (n, n)) / np.sqrt(n) + shift * np.eye(n)
    b = rng.uniform(-1, 1, batch + (n, m))
    c = rng.uniform(-1, 1, batch + (n, n))
    q = c @ mT(c) / n + np.eye(n)
    g = rng.uniform(-1, 1, batch + (m, m))
    r = g @ mT(g) / m + np.eye(m)
    return a, b, q, r


def are_resid(kind, a, b, q, r, x):
    """|residual|_1 / (the sum of the terms' 1-norms), the worst over the
    batch, in float64."""
    a, b, q, r, x = (v.astype(float) for v in (a, b, q, r, x))
    if kind == "continuous":
        k = x @ b @ np.linalg.solve(r, mT(b) @ x)
        terms = (mT(a) @ x, x @ a, k, q)
        res = terms[0] + terms[1] - terms[2] + terms[3]
    else:
        axb = mT(a) @ x @ b
        k = axb @ np.linalg.solve(r + mT(b) @ x @ b, mT(axb))
        terms = (mT(a) @ x @ a, x, k, q)
        res = terms[0] - terms[1] - terms[2] + terms[3]
    return float(np.max(norm1(res) / sum(norm1(t) for t in terms)))


def solve_are(lib, kind, *args, **kwargs):
    return getattr(lib, f"solve_{kind}_are")(*args, **kwargs)


ARE_KINDS = ["continuous", "discrete"]


@pytest.mark.parametrize("dtype", DTYPES, ids=dname)
@pytest.mark.parametrize("n,m", [(1, 1), (2, 3), (4, 2), (5, 2), (8, 4),
                                 (16, 8), (32, 16)])
@pytest.mark.parametrize("kind", ARE_KINDS)
def test_are_against_scipy(kind, n, m, dtype):
    """A batch of shape (2, 3): each X equal to SciPy's on the same
    (rounded) inputs, symmetric, with a small residual. With q >= I the
    size of X measures the conditioning: where it is large, SciPy's X has
    the larger residual, so the difference and the residual are scaled by
    it."""
    rng = are_rng("are-scipy", kind, n, m)
    shift = -0.3 if kind == "continuous" else 0.0
    args = [v.astype(dtype) for v in are_problems(rng, (2, 3), n, m, shift)]
    x = solve_are(bl, kind, *args)
    assert x.dtype == dtype and x.shape == (2, 3, n, n)
    tol = 100 * n * ulp(dtype)
    for i in np.ndindex(2, 3):
        ref = solve_are(sl, kind, *(v[i].astype(float) for v in args))
        scale = np.abs(ref).max()
        err = np.abs(x[i] - ref).max() / scale
        assert err < tol * max(1.0, scale), (i, err, scale)
    assert np.abs(x - mT(x)).max() <= tol * np.abs(x).max()
    assert are_resid(kind, *args, x) < tol * max(1.0, np.abs(x).max())


@pytest.mark.parametrize("kind", ARE_KINDS)
def test_are_broadcast_and_out(kind):
    rng = are_rng("are-broadcast", kind)
    a, b, q, r = are_problems(rng, (), 4, 2)
    bb = b + rng.uniform(-0.1, 0.1, (2, 1, 4, 2))
    qq = q + np.eye(4) * np.arange(5)[:, None, None]
    x = solve_are(bl, kind, a, bb, qq, r)
    assert x.shape == (2, 5, 4, 4)
    for i in range(2):
        for j in range(5):
            ref = solve_are(sl, kind, a, bb[i, 0], qq[j], r)
            assert np.allclose(x[i, j], ref, rtol=1e-11, atol=0)
    out = np.empty((4, 4))
    res = solve_are(bl, kind, a, b, q, r, out=out)
    assert res is out
    assert np.allclose(out, solve_are(sl, kind, a, b, q, r), rtol=1e-11)
    # Fortran order and negative strides give the same bits; balanced is
    # accepted and changes nothing (the pencil is always balanced).
    y = solve_are(bl, kind, np.asfortranarray(a), b[::-1, ::-1], q, r,
                  balanced=False)
    assert np.array_equal(
        y, solve_are(bl, kind, a, np.ascontiguousarray(b[::-1, ::-1]), q, r))


# SciPy's infeasible example (test_solvers.py): r = diag(-10, 0.1) is not
# positive definite.
def _infeasible_a():
    a = np.triu(np.ones((3, 3)))
    a[0, 1] = -1
    return a


INFEASIBLE = (_infeasible_a(),
              np.array([[1.0, 1, 0], [0, 0, 1]]).T,
              np.full((3, 3), -2.0) + np.diag([8, -1, -1.9]),
              np.diag([-10, 0.1]))


@pytest.mark.parametrize("dtype", DTYPES, ids=dname)
@pytest.mark.parametrize("kind", ARE_KINDS)
def test_are_info(kind, dtype):
    """Each info code the batch can produce becomes LinAlgError naming the
    first failing problem and the count; the other problems are solved."""
    r0 = INFEASIBLE[3]
    with pytest.raises(bl.LinAlgError, match="is not positive definite"):
        solve_are(bl, kind, *(v.astype(dtype) for v in INFEASIBLE))
    # A batch: problem 1 with that r, problem 2 with eigenvalues on the
    # boundary (nothing controllable, q = 0).
    rng = are_rng("are-info", kind)
    a, b, q, r = (v.astype(dtype) for v in are_problems(rng, (4,), 3, 2))
    r[1] = r0
    a[2] = np.diag([0, -1, -2] if kind == "continuous" else [1, 0.5, 0.25])
    b[2] = 0
    q[2] = 0
    with pytest.raises(bl.LinAlgError) as err:
        solve_are(bl, kind, a, b, q, r)
    assert err.value.index == (1,) and err.value.count == 2
    assert list(err.value.info) == [0, 2, 1, 0]
    assert "is not positive definite" in str(err.value)
    boundary = "imaginary axis" if kind == "continuous" else "unit circle"
    with pytest.raises(bl.LinAlgError, match=f"info 1: .*{boundary}"):
        solve_are(bl, kind, a[2:], b[2:], q[2:], r[2:])


@pytest.mark.parametrize("kind", ARE_KINDS)
def test_are_errors(kind):
    rng = are_rng("are-errors", kind)
    a, b, q, r = are_problems(rng, (3,), 3, 2)
    with pytest.raises(ValueError, match="b: expected"):
        solve_are(bl, kind, a, b[..., :2, :], q, r)
    with pytest.raises(ValueError, match="q: expected"):
        solve_are(bl, kind, a, b, q[..., :2, :2], r)
    with pytest.raises(ValueError, match="square"):
        solve_are(bl, kind, a, b, q, r[..., :1])
    with pytest.raises(ValueError, match="q: expected symmetric"):
        solve_are(bl, kind, a, b, q + np.triu(np.ones((3, 3)), 1), r)
    with pytest.raises(ValueError, match="r: expected symmetric"):
        solve_are(bl, kind, a, b, q, r + np.triu(np.ones((2, 2)), 1))
    with pytest.raises(NotImplementedError, match="e and s"):
        solve_are(bl, kind, a, b, q, r, e=np.eye(3))
    with pytest.raises(NotImplementedError, match="e and s"):
        solve_are(bl, kind, a, b, q, r, s=np.zeros((3, 2)))
    # A NaN in one problem: ValueError naming the argument; without
    # check_finite that problem is NaN and the others are solved.
    for name, arg in (("a", 0), ("r", 3)):
        bad = [a.copy(), b, q, r.copy()]
        bad[arg][1, 0, 0] = np.nan
        with pytest.raises(ValueError, match=f"{name} must not contain"):
            solve_are(bl, kind, *bad)
        x = solve_are(bl, kind, *bad, check_finite=False)
        assert np.isnan(x[1]).all()
        for p in (0, 2):
            assert np.allclose(x[p], solve_are(sl, kind, a[p], b[p], q[p],
                                               r[p]), rtol=1e-11)
