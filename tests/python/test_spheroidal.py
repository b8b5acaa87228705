"""Spheroidal wave functions against scipy.special where SciPy is right
(small c, low orders), against published values where it is not, both
dtypes, with broadcasting and the domain's NaN."""

import numpy as np
import pytest
import scipy.special as sc

import batchla as bl

DTYPES = pytest.mark.parametrize("dtype", [np.float32, np.float64],
                                 ids=["float32", "float64"])


def tol_of(dtype, double):
    return double if dtype == np.float64 else 5e-5


@DTYPES
@pytest.mark.parametrize("ours, ref", [(bl.pro_cv, sc.pro_cv),
                                       (bl.obl_cv, sc.obl_cv)],
                         ids=["pro_cv", "obl_cv"])
def test_characteristic_values_against_scipy(ours, ref, dtype):
    m = np.arange(4)[:, None, None]
    n = m + np.arange(8)[:, None]
    c = np.array([0.1, 1.0, 3.0, 8.0]).astype(dtype)
    v = ours(m, n, c)
    assert v.shape == (4, 8, 4) and v.dtype == dtype
    r = ref(m, n, c.astype(np.float64))
    tol = tol_of(dtype, 1e-12)
    np.testing.assert_allclose(v, r, rtol=tol, atol=tol)


def test_characteristic_values_published_and_all():
    # Flammer's / SciPy's values (the published checks)
    assert abs(bl.pro_cv(0, 0, 10.0) - 9.228304297249945) < 1e-13 * 10
    assert abs(bl.pro_cv(0, 3, 100.0) - 693.1824972334459) < 1e-13 * 694
    assert abs(bl.obl_cv(0, 3, 100.0) + 9405.038297658548) < 1e-13 * 9406
    c = np.array([0.5, 20.0, 300.0])
    lam = bl.spheroidal_cv_all("prolate", 2, c, 250)
    assert lam.shape == (3, 250)
    # pro_cv's truncation is sized for its own n: equal to rounding
    np.testing.assert_allclose(lam[:, 7], bl.pro_cv(2, 9, c), rtol=4e-16)
    # SciPy gives NaN above n - m = 198; the values go on, increasing
    assert np.all(np.diff(lam, axis=1) > 0)
    assert np.isnan(sc.pro_cv(2, 2 + 240, 0.5))
    lam_o = bl.spheroidal_cv_all("oblate", 0, c, 5)
    np.testing.assert_allclose(lam_o[:, 3], bl.obl_cv(0, 3, c), rtol=4e-16)
    with pytest.raises(ValueError):
        bl.spheroidal_cv_all("spherical", 0, c, 5)


@DTYPES
@pytest.mark.parametrize("ours, ref", [(bl.pro_ang1, sc.pro_ang1),
                                       (bl.obl_ang1, sc.obl_ang1)],
                         ids=["pro_ang1", "obl_ang1"])
def test_angular_against_scipy(ours, ref, dtype):
    m = np.arange(3)[:, None, None, None]
    n = m + np.arange(4)[:, None, None]
    c = np.array([0.5, 2.0, 5.0])[:, None].astype(dtype)
    x = np.linspace(-0.95, 0.95, 9).astype(dtype)
    s, sp = ours(m, n, c, x)
    assert s.shape == (3, 4, 3, 9) and s.dtype == dtype
    r, rp = ref(m, n, c.astype(np.float64), x.astype(np.float64))
    tol = tol_of(dtype, 1e-11)
    scale = np.abs(r).max(axis=-1, keepdims=True)
    scalep = np.abs(rp).max(axis=-1, keepdims=True)
    assert np.all(np.abs(s - r) <= tol * scale)
    assert np.all(np.abs(sp - rp) <= tol * scalep)


def test_angular_where_scipy_is_wrong():
    """SciPy 1.17's pro_ang1(0, 0, 100, 0.5) is -7.2e-5; the function has
    no zeros in (-1, 1) and the true value is +1.69e-6."""
    s, _ = bl.pro_ang1(0, 0, 100.0, 0.5)
    assert 1.68e-6 < s < 1.70e-6


@DTYPES
@pytest.mark.parametrize("prefix", ["pro", "obl"])
def test_angular_is_the_factor_times_ps(prefix, dtype):
    # The library forms S = F Ps: the same bits as the factor gufunc's F
    # times the angular gufunc's Ps, NaN where Ps is (eta outside [-1, 1]).
    from batchla import _gufuncs as g
    m = np.array([0, 1, 2, 0, 3, 1], np.intc)
    n = np.array([0, 2, 5, 3, 3, 1], np.intc)
    c = np.array([1.0, 5.0, 2.0, 20.0, 0.5, 3.0]).astype(dtype)
    x = np.array([0.3, -0.5, 0.9, 0.1, 2.0, 1.0]).astype(dtype)
    s, sp, info = getattr(g, prefix + "_angular_flammer")(m, n, c, x)
    ps, psp, info_ps = getattr(g, prefix + "_angular")(m, n, c, x)
    f, info_f = getattr(g, prefix + "_flammer")(m, n, c)
    np.testing.assert_array_equal(info, info_ps)
    assert not info_f.any()
    assert info[4] == -6 and np.isnan(s[4]) and np.isnan(sp[4])
    assert np.array_equal(s, f * ps, equal_nan=True)
    assert np.array_equal(sp, f * psp, equal_nan=True)


@DTYPES
@pytest.mark.parametrize("prefix, lo, sign", [("pro", 1.5, -1),
                                              ("obl", 0.5, 1)],
                         ids=["prolate", "oblate"])
def test_radial_against_scipy(prefix, lo, sign, dtype):
    """Both kinds satisfy the Wronskian R1 R2' - R1' R2 = 1 / (c (x^2 -+
    1)) everywhere; they equal SciPy's where SciPy's pair satisfies it
    (SciPy's R2 fails it at about a fifth of these points, mostly near
    the small end of x, where it returns values off by up to 100%)."""
    m = np.arange(3)[:, None, None, None]
    n = m + np.arange(3)[:, None, None]
    c = np.array([1.0, 2.0, 4.0])[:, None].astype(dtype)
    x = np.linspace(lo, 4.0, 7).astype(dtype)
    r1, r1p = getattr(bl, prefix + "_rad1")(m, n, c, x)
    r2, r2p = getattr(bl, prefix + "_rad2")(m, n, c, x)
    assert r1.shape == (3, 3, 3, 7) and r2.dtype == dtype
    cd, xd = c.astype(np.float64), x.astype(np.float64)
    w = 1 / (cd * (xd * xd + sign))
    tol = tol_of(dtype, 1e-12)
    mine = (r1.astype(np.float64) * r2p - r1p.astype(np.float64) * r2) / w
    assert np.all(np.abs(mine - 1) <= 10 * tol)
    f1, f1p = getattr(sc, prefix + "_rad1")(m, n, cd, xd)
    f2, f2p = getattr(sc, prefix + "_rad2")(m, n, cd, xd)
    good = np.abs((f1 * f2p - f1p * f2) / w - 1) <= 1e-12
    assert good.sum() >= good.size // 2
    tol = tol_of(dtype, 1e-9)
    for ours, ref in ((r1, f1), (r1p, f1p), (r2, f2), (r2p, f2p)):
        np.testing.assert_allclose(ours[good], ref[good], rtol=tol, atol=tol)


def test_radial_where_scipy_is_wrong():
    """Van Buren's table, prolate, c = 100, xi = 1.05, m = n = 0: SciPy
    1.17 gives R1 = -0.0136."""
    r1, r1p = bl.pro_rad1(0, 0, 100.0, 1.05)
    assert abs(r1 - 1.62655600264315e-2) < 1e-11
    assert abs(r1p - 1.81917956764314) < 1e-9


def test_outside_the_domain_is_nan():
    assert np.isnan(bl.pro_cv(2, 1, 1.0))  # n < m
    assert np.isnan(bl.pro_cv(-1, 1, 1.0))
    assert np.isnan(bl.pro_cv(1.5, 3, 1.0))
    assert np.isnan(bl.obl_cv(0, 0, -1.0))
    assert np.isnan(bl.pro_ang1(0, 0, 1.0, 1.5)).all()
    assert np.isnan(bl.pro_rad1(0, 0, 1.0, 0.5)).all()
    assert np.isnan(bl.obl_rad1(0, 0, 1.0, -0.5)).all()
    # one bad entry leaves the others alone
    v = bl.pro_cv([0, 0, 0], [0, -1, 2], 1.0)
    assert np.isnan(v[1]) and np.isfinite(v[[0, 2]]).all()
    assert v[2] == bl.pro_cv(0, 2, 1.0)


def test_layouts_and_broadcast():
    c = np.linspace(0.5, 8, 6)
    x = np.linspace(-0.9, 0.9, 10)
    s, sp = bl.pro_ang1(1, 3, c[:, None], x)
    s2, sp2 = bl.pro_ang1(1, 3, c[::-1, None], x[::-1])
    np.testing.assert_array_equal(s2, s[::-1, ::-1])
    s3, _ = bl.pro_ang1(np.full((6, 10), 1), 3, np.asfortranarray(
        np.broadcast_to(c[:, None], (6, 10))), x)
    np.testing.assert_array_equal(s3, s)
    assert bl.pro_cv([], [], []).shape == (0,)
