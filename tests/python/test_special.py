"""Bessel functions of all orders and Mathieu functions against
scipy.special, both dtypes (float32 against the float64 reference at the
float32 argument), with broadcasting and layouts."""

import numpy as np
import pytest
import scipy.special as sc

import batchla as bl

ORDERS = 40
X_ANY = np.concatenate([np.linspace(-50, 50, 101), [0.0, 1e-3, 0.1, 200.0,
                                                    1000.0]])
X_POS = X_ANY[X_ANY > 0]

BESSEL = [
    # (batchla, SciPy reference (n, x), x domain, oscillatory: has zeros)
    (bl.jn_all, sc.jv, X_ANY, True),
    (bl.yn_all, sc.yn, X_POS, True),
    (bl.spherical_jn_all, sc.spherical_jn, X_ANY, True),
    (bl.spherical_yn_all, sc.spherical_yn, X_POS, True),
    (bl.spherical_in_all, sc.spherical_in, X_ANY, False),
    (bl.spherical_kn_all, sc.spherical_kn, X_POS, False),
]


def bessel_check(got, ref, dtype, oscillatory):
    """got within rtol |ref| (+ atol for the oscillatory functions, whose
    zeros make a relative error meaningless; their oscillations are of
    size <= 1) where ref is representable in dtype; +-inf where ref
    overflows it; tiny or 0 where it underflows."""
    info = np.finfo(dtype)
    rtol = 1e-11 if dtype == np.float64 else 2e-5
    atol = 1e-14 if dtype == np.float64 else 1e-6
    got = got.astype(np.float64)
    finite = np.isfinite(ref) & (np.abs(ref) < info.max / 8)
    normal = finite & (np.abs(ref) > info.tiny * 1e6)
    with np.errstate(invalid="ignore"):  # inf - inf where both overflow
        err = np.abs(got - ref)
    bound = rtol * np.abs(ref) + (atol if oscillatory else 0.0)
    bad = normal & ~(err <= bound)
    assert not bad.any(), (np.argwhere(bad)[:5], got[bad][:5], ref[bad][:5])
    over = np.isinf(ref) | (np.abs(ref) > float(info.max) * 2)
    assert np.all(np.isinf(got[over]) | (np.abs(got[over]) > info.max / 8))
    under = np.abs(ref) < info.tiny / 2
    assert np.all(np.abs(got[under]) <= info.tiny * 1e6)


@pytest.mark.parametrize("dtype", [np.float32, np.float64],
                         ids=["float32", "float64"])
@pytest.mark.parametrize("func, ref, xs, oscillatory", BESSEL,
                         ids=[b[0].__name__ for b in BESSEL])
def test_bessel_all_against_scipy(func, ref, xs, oscillatory, dtype):
    x = xs.astype(dtype)
    got = func(ORDERS, x)
    assert got.shape == x.shape + (ORDERS + 1,) and got.dtype == dtype
    want = ref(np.arange(ORDERS + 1), x.astype(np.float64)[:, None])
    bessel_check(got, want, dtype, oscillatory)


@pytest.mark.parametrize("func", [b[0] for b in BESSEL],
                         ids=[b[0].__name__ for b in BESSEL])
def test_bessel_all_shapes_and_layouts(func):
    x = np.linspace(0.5, 30, 24).reshape(2, 3, 4)
    got = func(6, x)
    assert got.shape == (2, 3, 4, 7)
    np.testing.assert_array_equal(func(6, x[:, ::-1, ::2]),
                                  got[:, ::-1, ::2])
    np.testing.assert_array_equal(func(6, np.asfortranarray(x)), got)
    # the recurrence starts from the highest order wanted: the low orders
    # of a longer sequence may differ in the last bit
    np.testing.assert_allclose(func(0, x)[..., 0], got[..., 0], rtol=1e-14)
    assert func(3, 2.0).shape == (4,)
    assert func(3, np.zeros((0, 2))).shape == (0, 2, 4)
    assert func(3, [1, 2]).dtype == np.float64


def test_bessel_outside_the_domain_is_nan():
    # SciPy: yn(n, x < 0) is NaN too; spherical_yn / spherical_kn continue
    # to negative x (documented difference)
    assert np.isnan(bl.yn_all(3, [-1.0, 0.0, np.inf])).all()
    assert np.isnan(bl.spherical_yn_all(3, -1.0)).all()
    assert np.isnan(bl.spherical_kn_all(3, -1.0)).all()
    assert np.isnan(bl.jn_all(3, np.nan)).all()


# ---- Mathieu ------------------------------------------------------------------

Q_TEST = np.concatenate([np.linspace(-10, 15, 51), [1e-8, -1e-8]])


@pytest.mark.parametrize("dtype", [np.float32, np.float64],
                         ids=["float32", "float64"])
def test_mathieu_characteristic_values(dtype):
    q = Q_TEST.astype(dtype)
    m = np.arange(11)
    tol = 1e-12 if dtype == np.float64 else 2e-6
    a = bl.mathieu_a(m, q[:, None])
    b = bl.mathieu_b(m[1:], q[:, None])
    assert a.shape == (q.size, 11) and a.dtype == dtype
    qd = q.astype(np.float64)[:, None]
    ref_a, ref_b = sc.mathieu_a(m, qd), sc.mathieu_b(m[1:], qd)
    np.testing.assert_allclose(a, ref_a, rtol=tol,
                               atol=tol * np.abs(ref_a).max())
    np.testing.assert_allclose(b, ref_b, rtol=tol,
                               atol=tol * np.abs(ref_b).max())
    aa, bb = bl.mathieu_ab_all(q, 10)
    assert aa.shape == (q.size, 11) and bb.shape == (q.size, 10)
    np.testing.assert_array_equal(aa, a)
    np.testing.assert_array_equal(bb, b)
    # DLMF 28.2.16: a_2n+1(-q) = b_2n+1(q) (float32: to an ulp or two)
    np.testing.assert_allclose(bl.mathieu_a(3, -q), bl.mathieu_b(3, q),
                               rtol=0 if dtype == np.float64 else 3e-7)


def test_mathieu_characteristic_values_broadcast_and_orders():
    a = bl.mathieu_a(np.arange(4)[:, None], np.array([[0.5, 2.0, 5.0]]))
    assert a.shape == (4, 3)
    np.testing.assert_array_equal(a[2], bl.mathieu_a(2, [0.5, 2.0, 5.0]))
    assert np.isnan(bl.mathieu_a([-1, 1.5], 1.0)).all()
    assert np.isnan(bl.mathieu_b(0, 1.0))
    assert bl.mathieu_a(np.array(3.0), 2.0) == bl.mathieu_a(3, 2.0)
    assert bl.mathieu_a([], []).shape == (0,)
    a, b = bl.mathieu_ab_all(1.0, 0)
    assert a.shape == (1,) and b.shape == (0,)


X_DEG = np.linspace(-360, 360, 49)


@pytest.mark.parametrize("dtype", [np.float32, np.float64],
                         ids=["float32", "float64"])
@pytest.mark.parametrize("func, ref, m0", [
    (bl.mathieu_cem, sc.mathieu_cem, 0), (bl.mathieu_sem, sc.mathieu_sem, 1)],
    ids=["cem", "sem"])
def test_mathieu_angular_against_scipy(func, ref, m0, dtype):
    m = np.arange(m0, 9)[:, None, None]
    q = np.array([-8.0, -1.0, 0.0, 0.5, 2.0, 10.0])[:, None].astype(dtype)
    x = X_DEG.astype(dtype)
    y, yp = func(m, q, x)
    assert y.shape == (m.size, q.size, x.size) and y.dtype == dtype
    y2, yp2 = ref(m, q.astype(np.float64), x.astype(np.float64))
    tol = 1e-12 if dtype == np.float64 else 5e-5
    np.testing.assert_allclose(y, y2, atol=tol * 2)
    np.testing.assert_allclose(yp, yp2, atol=tol * np.abs(yp2).max())


def test_mathieu_angular_derivative_is_per_radian():
    """x in degrees, derivative per radian: SciPy's convention."""
    h = 1e-4  # degrees
    y, yp = bl.mathieu_cem(3, 2.0, 40.0)
    fd = (bl.mathieu_cem(3, 2.0, 40.0 + h)[0]
          - bl.mathieu_cem(3, 2.0, 40.0 - h)[0]) / (2 * h) * 180 / np.pi
    assert abs(fd - yp) < 1e-7


@pytest.mark.parametrize("dtype", [np.float32, np.float64],
                         ids=["float32", "float64"])
@pytest.mark.parametrize("func, ref, m0", [
    (bl.mathieu_modcem1, sc.mathieu_modcem1, 0),
    (bl.mathieu_modcem2, sc.mathieu_modcem2, 0),
    (bl.mathieu_modsem1, sc.mathieu_modsem1, 1),
    (bl.mathieu_modsem2, sc.mathieu_modsem2, 1)],
    ids=["modcem1", "modcem2", "modsem1", "modsem2"])
def test_mathieu_radial_against_scipy(func, ref, m0, dtype):
    m = np.arange(m0, 6)[:, None, None]
    q = np.array([0.5, 1.0, 2.0, 5.0, 10.0])[:, None].astype(dtype)
    z = np.linspace(0, 2, 11).astype(dtype)
    y, yp = func(m, q, z)
    assert y.shape == (m.size, q.size, z.size) and y.dtype == dtype
    y2, yp2 = ref(m, q.astype(np.float64), z.astype(np.float64))
    tol = 1e-12 if dtype == np.float64 else 1e-4
    np.testing.assert_allclose(y, y2, rtol=tol, atol=tol)
    np.testing.assert_allclose(yp, yp2, rtol=tol, atol=tol)


def test_mathieu_outside_the_domain_is_nan():
    assert np.isnan(bl.mathieu_modcem1(1, -1.0, 0.5)).all()  # as SciPy
    assert np.isnan(bl.mathieu_modcem1(1, 0.0, 0.5)).all()
    assert np.isnan(bl.mathieu_modsem1(0, 1.0, 0.5)).all()
    # SciPy extends the radial functions to z < 0; batchla returns NaN
    assert np.isnan(bl.mathieu_modcem2(1, 1.0, -0.5)).all()
    assert np.isnan(bl.mathieu_cem(-1, 1.0, 10.0)).all()


def test_mathieu_layouts():
    q = np.linspace(0.5, 8, 6)
    x = np.linspace(0, 180, 10)
    y, yp = bl.mathieu_cem(2, q[:, None], x)
    y2, yp2 = bl.mathieu_cem(2, q[::-1, None], x[::-1])
    np.testing.assert_array_equal(y2, y[::-1, ::-1])
    y3, _ = bl.mathieu_cem(np.full((6, 10), 2), np.asfortranarray(
        np.broadcast_to(q[:, None], (6, 10))), x)
    np.testing.assert_array_equal(y3, y)
