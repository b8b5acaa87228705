"""Spheroidal wave functions with scipy.special's names and conventions
(pro_cv, obl_cv, pro_ang1, obl_ang1, pro_rad1, pro_rad2, obl_rad1,
obl_rad2), and all characteristic values at once (spheroidal_cv_all).

Conventions (include/batchla/special/spheroidal.h): the characteristic
values lambda_mn(c) are SciPy's (and Flammer's); the angular functions are
returned, as SciPy's, in Flammer's normalization, S_mn(c, 0) = P^m_n(0)
for n - m even and S_mn'(c, 0) = P^m_n'(0) for n - m odd; the radial
functions are Flammer's, R^(1) ~ j_n(c xi) and R^(2) ~ y_n(c xi) as xi ->
infinity. As in scipy.special an entry outside the domain, or one whose
evaluation fails its accuracy check, is NaN; nothing raises for it.
"""

import numpy as np

from . import _gufuncs
from ._common import as_real, cast, result_dtype
from ._special import _cuda, _orders, _raise_driver_errors, _xp

__all__ = ["spheroidal_cv_all", "pro_cv", "obl_cv", "pro_ang1", "obl_ang1",
           "pro_rad1", "pro_rad2", "obl_rad1", "obl_rad2"]

# The kind's prefix of the extension's gufuncs, and its bla_spheroidal_kind.
_KINDS = {"prolate": ("pro", 0), "oblate": ("obl", 1)}


def _kind(kind):
    try:
        return _KINDS[kind]
    except (KeyError, TypeError):
        raise ValueError(
            f"kind: expected 'prolate' or 'oblate', got {kind!r}") from None


def _gufunc(prefix, what):
    return getattr(_gufuncs, f"{prefix}_{what}")


def spheroidal_cv_all(kind, m, c, count):
    """Characteristic values lambda_{m,m}(c) .. lambda_{m,m+count-1}(c).

    kind 'prolate' or 'oblate', m a non-negative integer, c an array of
    non-negative reals (any shape). Returns an array of shape
    c.shape + (count,): [..., k] = scipy.special.pro_cv(m, m + k, c) (or
    obl_cv). One tridiagonal eigenvalue computation per parity of n - m
    gives every n. Negative or non-finite c gives NaN.
    """
    prefix, k = _kind(kind)
    m = int(m)
    count = int(count)
    if m < 0 or count < 0:
        raise ValueError("m and count must be non-negative integers")
    xp = _xp(c)
    c = as_real(c, "c", xp)
    c = cast(c, result_dtype(c))
    if xp is not np:
        lam, info = _cuda().spheroidal_cv_all(k, m, c, count)
    else:
        lam, info = _gufunc(prefix, "cv_all")(
            np.intc(m), c, out=(np.empty(c.shape + (count,), c.dtype), None))
    _raise_driver_errors(info, "spheroidal_cv_all")
    return lam


def _entries(m, n, c, x=None):
    """m, n as C ints (-1 where not an integer >= 0; n also -1 below m),
    c and x (when given) as reals of the result dtype, all broadcast."""
    xp = _xp(m, n, c) if x is None else _xp(m, n, c, x)
    reals = [as_real(c, "c", xp)] + ([] if x is None else [as_real(x, "x", xp)])
    dt = result_dtype(*reals)
    mi, ni = _orders(m, xp, 0), _orders(n, xp, 0)
    mi, ni, *reals = xp.broadcast_arrays(mi, ni, *[cast(a, dt) for a in reals])
    ni = xp.where(ni >= mi, ni, -1).astype(np.intc)
    return (xp, mi, ni, *reals)


def _cv(kind, m, n, c):
    xp, mi, ni, c = _entries(m, n, c)
    out = xp.full(mi.shape, np.nan, c.dtype)
    valid = (mi >= 0) & (ni >= 0)
    # Each distinct m once: every distinct c, all n up to the largest.
    for mv in np.unique(np.asarray(_host(mi[valid]))):
        sel = valid & (mi == mv)
        uc, inverse = xp.unique(c[sel], return_inverse=True)
        top = int((ni[sel] - mv).max()) + 1
        lam = spheroidal_cv_all(kind, int(mv), uc, top)
        out[sel] = lam[inverse.ravel(), ni[sel] - mv]
    return out


def _host(a):
    return a.get() if hasattr(a, "get") else a


def pro_cv(m, n, c):
    """Characteristic value lambda_mn(c) of the prolate spheroidal wave
    functions, as scipy.special.pro_cv (m, n integers, n >= m >= 0, c >= 0;
    else NaN). Also for n - m above 198, where SciPy returns NaN."""
    return _cv("prolate", m, n, c)


def obl_cv(m, n, c):
    """Characteristic value lambda_mn(c) of the oblate spheroidal wave
    functions, as scipy.special.obl_cv (see pro_cv)."""
    return _cv("oblate", m, n, c)


def _angular(kind, m, n, c, x):
    # Flammer's normalization, S = F Ps, formed by the library's driver.
    xp, mi, ni, c, x = _entries(m, n, c, x)
    prefix, k = _kind(kind)
    if xp is not np:
        s, sp, info = _cuda().spheroidal_angular_flammer(k, mi, ni, c, x)
    else:
        s, sp, info = _gufunc(prefix, "angular_flammer")(mi, ni, c, x)
    _raise_driver_errors(info, "spheroidal_angular_flammer")
    return s, sp


def pro_ang1(m, n, c, x):
    """Prolate angular function of the first kind S_mn(c, x) and its
    derivative, as scipy.special.pro_ang1: (s, sp). m, n integers with
    n >= m >= 0, c >= 0, -1 <= x <= 1 (else NaN)."""
    return _angular("prolate", m, n, c, x)


def obl_ang1(m, n, c, x):
    """Oblate angular function of the first kind S_mn(-ic, x) and its
    derivative, as scipy.special.obl_ang1 (see pro_ang1)."""
    return _angular("oblate", m, n, c, x)


def _radial(kind, which, m, n, c, x):
    xp, mi, ni, c, x = _entries(m, n, c, x)
    prefix, k = _kind(kind)
    if xp is not np:
        r1, r1p, r2, r2p, info = _cuda().spheroidal_radial(k, mi, ni, c, x)
    else:
        r1, r1p, r2, r2p, info = _gufunc(prefix, "radial")(mi, ni, c, x)
    _raise_driver_errors(info, "spheroidal_radial")
    return (r1, r1p) if which == 1 else (r2, r2p)


def pro_rad1(m, n, c, x):
    """Prolate radial function of the first kind R^(1)_mn(c, x) and its
    derivative, as scipy.special.pro_rad1: (r, rp). x >= 1 (x = 1 only
    for R^(1)), c > 0; NaN outside the domain or where the evaluation fails
    its Wronskian check."""
    return _radial("prolate", 1, m, n, c, x)


def pro_rad2(m, n, c, x):
    """Prolate radial function of the second kind R^(2)_mn(c, x) and its
    derivative, as scipy.special.pro_rad2 (see pro_rad1; x > 1)."""
    return _radial("prolate", 2, m, n, c, x)


def obl_rad1(m, n, c, x):
    """Oblate radial function of the first kind R^(1)_mn(-ic, i x) and its
    derivative, as scipy.special.obl_rad1: (r, rp), x >= 0, c > 0."""
    return _radial("oblate", 1, m, n, c, x)


def obl_rad2(m, n, c, x):
    """Oblate radial function of the second kind R^(2)_mn(-ic, i x) and its
    derivative, as scipy.special.obl_rad2 (see obl_rad1)."""
    return _radial("oblate", 2, m, n, c, x)
