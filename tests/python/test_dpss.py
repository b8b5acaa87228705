"""batchla.dpss against scipy.signal.windows.dpss, and against a
high-precision solve of the concentration problem for small M."""

import mpmath
import numpy as np
import pytest
from scipy.signal import windows as sw

import batchla as bl

# M up to 4096, NW from 1.5 to 16, K up to 2 NW.
CASES = [(16, 1.5, 3), (17, 4, 8), (64, 2.5, 5), (64, 16, 31), (255, 3, 6),
         (256, 2.5, 4), (257, 2.5, 5), (512, 4, 7), (1000, 1.5, 3),
         (1024, 8, 16), (2048, 4, 7), (4096, 8, 15), (4096, 16, 32)]


@pytest.mark.parametrize("M,NW,K", CASES)
def test_windows_and_ratios_match_scipy(M, NW, K):
    ref, rref = sw.dpss(M, NW, K, return_ratios=True)
    win, rat = bl.dpss(M, NW, K, return_ratios=True)
    assert win.shape == (K, M) and rat.shape == (K,)
    np.testing.assert_allclose(win, ref, rtol=0, atol=1e-12)
    np.testing.assert_allclose(rat, rref, rtol=0, atol=5e-12)
    np.testing.assert_allclose(win @ win.T, np.eye(K), rtol=0, atol=1e-13)
    for k in range(K):  # exact (anti)symmetry
        np.testing.assert_array_equal(win[k], (-1) ** k * win[k, ::-1])


@pytest.mark.parametrize("norm", [None, 2, "approximate", "subsample"])
@pytest.mark.parametrize("sym", [True, False])
@pytest.mark.parametrize("M", [31, 64])
def test_norms_sym_and_singleton_match_scipy(norm, sym, M):
    for kmax in (None, 4):
        ref = sw.dpss(M, 3.5, kmax, sym=sym, norm=norm)
        got = bl.dpss(M, 3.5, kmax, sym=sym, norm=norm)
        assert got.shape == ref.shape
        np.testing.assert_allclose(got, ref, rtol=0, atol=1e-12)
    w, r = bl.dpss(M, 3.5, return_ratios=True)
    w0, r0 = sw.dpss(M, 3.5, return_ratios=True)
    assert np.ndim(r) == 0 and abs(r - r0) < 1e-12


def test_batch_over_nw_equals_single_calls():
    nw = np.array([[1.5, 2.0, 2.5], [3.0, 4.0, 7.5]])
    win, rat = bl.dpss(128, nw, 5, return_ratios=True)
    assert win.shape == (2, 3, 5, 128) and rat.shape == (2, 3, 5)
    for idx in np.ndindex(nw.shape):
        w1, r1 = bl.dpss(128, nw[idx], 5, return_ratios=True)
        np.testing.assert_array_equal(win[idx], w1)
        np.testing.assert_array_equal(rat[idx], r1)


def test_small_m_against_high_precision():
    mpmath.mp.dps = 40
    for M, NW, K in [(8, 1.5, 4), (11, 2, 5), (16, 3, 6)]:
        W = mpmath.mpf(NW) / M
        a = mpmath.matrix(M, M)
        for i in range(M):
            for j in range(M):
                a[i, j] = (2 * W if i == j else
                           mpmath.sin(2 * mpmath.pi * W * (i - j))
                           / (mpmath.pi * (i - j)))
        lam, vec = mpmath.eigsy(a)
        order = sorted(range(M), key=lambda i: -lam[i])
        win, rat = bl.dpss(M, NW, K, return_ratios=True)
        for k in range(K):
            v = np.array([float(vec[i, order[k]]) for i in range(M)])
            v *= np.sign(v @ win[k])
            np.testing.assert_allclose(win[k], v, rtol=0, atol=1e-14)
            assert abs(rat[k] - float(lam[order[k]])) < 1e-14


def test_errors_match_scipy():
    for args in [(8, 4.0, 2), (8, 0.0, 2), (8, -1.0, 2), (8, 2.0, 9),
                 (8, 2.0, 0)]:
        with pytest.raises(ValueError):
            sw.dpss(*args)
        with pytest.raises(ValueError):
            bl.dpss(*args)
    with pytest.raises(ValueError, match="norm"):
        bl.dpss(8, 2.0, 2, norm="max")
    np.testing.assert_array_equal(bl.dpss(1, 2.0, 1), sw.dpss(1, 2.0, 1))
    assert bl.dpss(0, 2.0).shape == sw.dpss(0, 2.0).shape
