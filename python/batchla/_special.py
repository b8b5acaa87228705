"""Special functions: Bessel functions of all orders at once, and Mathieu
functions with scipy.special's names and conventions.

As in scipy.special, these never raise for a value outside the domain or a
failed evaluation: that entry is NaN. Arguments broadcast as NumPy does;
float32 in gives float32 out (float32 accuracy), anything else float64.
A cupy.ndarray argument runs on the GPU and returns CuPy arrays.
"""

import numpy as np

from . import _gufuncs
from ._common import (any_cuda, as_real, cast, host_copy, out_tuple,
                      raise_on_info)
from ._common import result_dtype

__all__ = [
    "jn_all", "yn_all", "spherical_jn_all", "spherical_yn_all",
    "spherical_in_all", "spherical_kn_all", "mathieu_a", "mathieu_b",
    "mathieu_ab_all", "mathieu_cem", "mathieu_sem", "mathieu_modcem1",
    "mathieu_modcem2", "mathieu_modsem1", "mathieu_modsem2",
]


def _xp(*arrays):
    if any_cuda(*arrays):
        import cupy
        return cupy
    return np


def _cuda():
    from . import _cuda as cuda
    return cuda


def _raise_driver_errors(info, what):
    """Only a failure of the call itself raises; per-entry info (domain,
    non-finite input, non-convergence) leaves NaN, as scipy.special does."""
    info = host_copy(info)
    bad = info[info <= _gufuncs.INFO_STATUS_BASE - 1]
    if bad.size:
        raise_on_info(bad[:1], what, lambda v: "", False)


def _count(nmax, name):
    try:
        n = int(nmax)
    except (TypeError, ValueError):
        raise ValueError(f"{name}: expected a non-negative integer") from None
    if n != nmax or n < 0:
        raise ValueError(f"{name}: expected a non-negative integer, got {nmax}")
    return n


def _real_arg(x, name):
    """(xp, x): x's array module, and x as a real array of its result
    dtype."""
    xp = _xp(x)
    x = as_real(x, name, xp)
    return xp, cast(x, result_dtype(x))


def _refuse_cupy_out(out, what):
    if out is not None:
        raise NotImplementedError(f"{what}: out= with CuPy arrays")


# ---- Bessel functions of all orders ---------------------------------------

def _bessel_all(gufunc, what, nmax, x, out):
    nmax = _count(nmax, "nmax")
    xp, x = _real_arg(x, "x")
    if xp is not np:
        _refuse_cupy_out(out, what)
        res, info = _cuda().bessel(what, x, nmax + 1)
    else:
        if out is None:
            out = np.empty(x.shape + (nmax + 1,), x.dtype)
        elif out.shape != x.shape + (nmax + 1,):
            raise ValueError(
                f"out: expected shape {x.shape + (nmax + 1,)}, got {out.shape}")
        res, info = gufunc(x, out=(out, None))
    _raise_driver_errors(info, what)
    return res


def jn_all(nmax, x, out=None):
    """Bessel functions of the first kind J_0(x), ..., J_nmax(x) at once.

    x : array (any shape), any real x. Returns (..., nmax+1):
    out[..., n] = scipy.special.jv(n, x). One backward recurrence gives
    every order for about the cost of one. Non-finite x gives NaN.
    """
    return _bessel_all(_gufuncs.bessel_j_all, "jn_all", nmax, x, out)


def yn_all(nmax, x, out=None):
    """Bessel functions of the second kind Y_0(x), ..., Y_nmax(x), x > 0.

    Returns (..., nmax+1): out[..., n] = scipy.special.yn(n, x). x <= 0 or
    non-finite gives NaN (as scipy.special.yn for x < 0; at x = 0 SciPy
    gives -inf, batchla NaN). Orders past overflow are -inf.
    """
    return _bessel_all(_gufuncs.bessel_y_all, "yn_all", nmax, x, out)


def spherical_jn_all(nmax, x, out=None):
    """Spherical Bessel functions j_0(x), ..., j_nmax(x), any real x.

    Returns (..., nmax+1): out[..., n] = scipy.special.spherical_jn(n, x).
    """
    return _bessel_all(_gufuncs.sph_bessel_j_all, "spherical_jn_all", nmax, x,
                       out)


def spherical_yn_all(nmax, x, out=None):
    """Spherical Bessel functions y_0(x), ..., y_nmax(x), x > 0.

    Returns (..., nmax+1): out[..., n] = scipy.special.spherical_yn(n, x)
    for x > 0. Differs from SciPy for x <= 0: batchla gives NaN, SciPy the
    continuation y_n(-x) = (-1)^(n+1) y_n(x) (and -inf at 0).
    """
    return _bessel_all(_gufuncs.sph_bessel_y_all, "spherical_yn_all", nmax, x,
                       out)


def spherical_in_all(nmax, x, out=None):
    """Modified spherical Bessel functions i_0(x), ..., i_nmax(x), any real
    x. Returns (..., nmax+1): out[..., n] = scipy.special.spherical_in(n, x).
    Values past overflow are +-inf.
    """
    return _bessel_all(_gufuncs.sph_bessel_i_all, "spherical_in_all", nmax, x,
                       out)


def spherical_kn_all(nmax, x, out=None):
    """Modified spherical Bessel functions k_0(x), ..., k_nmax(x), x > 0.

    Returns (..., nmax+1): out[..., n] = scipy.special.spherical_kn(n, x)
    for x > 0. Differs from SciPy for x <= 0: batchla gives NaN, SciPy a
    continuation to negative x (and inf at 0).
    """
    return _bessel_all(_gufuncs.sph_bessel_k_all, "spherical_kn_all", nmax, x,
                       out)


# ---- Mathieu functions -----------------------------------------------------

def _orders(m, xp, minimum):
    """m as C ints; -1 (an invalid order: NaN results) where m is not an
    integer >= minimum, as scipy.special returns NaN there."""
    m = xp.asarray(m)
    if m.dtype.kind == "c":
        raise TypeError("m: complex input is not supported")
    if m.dtype.kind in "biu":
        valid = (m >= minimum) & (m <= np.iinfo(np.intc).max)
        return xp.where(valid, m, -1).astype(np.intc)
    mf = m.astype(np.float64)
    valid = xp.isfinite(mf) & (mf == xp.floor(mf)) & (mf >= minimum)
    valid &= mf <= np.iinfo(np.intc).max
    return xp.where(valid, mf, -1).astype(np.intc)


def mathieu_ab_all(q, mmax, out=None):
    """All characteristic values a_0(q)..a_mmax(q) and b_1(q)..b_mmax(q)
    at once.

    q : array (any shape), any finite real q. Returns (a, b) with shapes
    (..., mmax+1) and (..., mmax): a[..., m] = scipy.special.mathieu_a(m, q),
    b[..., m-1] = scipy.special.mathieu_b(m, q). One eigenvalue computation
    per recurrence class gives every order. Non-finite q gives NaN.
    Where SciPy is wrong: scipy.special.mathieu_a/_b return wrong values
    (another order's value) in narrow q windows, increasingly for q above
    about 20 (see bench/mathieu_scipy.py); batchla's are accurate there.
    """
    mmax = _count(mmax, "mmax")
    xp, q = _real_arg(q, "q")
    if xp is not np:
        _refuse_cupy_out(out, "mathieu_ab_all")
        a, b, info = _cuda().mathieu_ab_all(q, mmax)
    else:
        a, b = out_tuple(out, 2)
        a, b, info = _gufuncs.mathieu_ab_all(
            q, out=(np.empty(q.shape + (mmax + 1,), q.dtype) if a is None
                    else a,
                    np.empty(q.shape + (mmax,), q.dtype) if b is None else b,
                    None))
    _raise_driver_errors(info, "mathieu_ab_all")
    return a, b


def _characteristic(m, q, odd):
    xp = _xp(m, q)
    q = as_real(q, "q", xp)
    q = cast(q, result_dtype(q))
    mi = _orders(m, xp, 1 if odd else 0)
    mi, q = xp.broadcast_arrays(mi, q)
    if mi.size == 0:
        return xp.empty(mi.shape, q.dtype)
    # Every distinct q once, all orders up to the largest asked for.
    uq, inverse = xp.unique(q.ravel(), return_inverse=True)
    top = int(mi.max())
    if top < 0:
        return xp.full(mi.shape, np.nan, q.dtype)
    a, b = mathieu_ab_all(uq, max(top, 1))
    table = b if odd else a
    col = (mi.ravel() - (1 if odd else 0)).clip(0, None)
    values = table[inverse.ravel(), col]
    values = xp.where(mi.ravel() >= 0, values, xp.nan).astype(q.dtype)
    return values.reshape(mi.shape)


def mathieu_a(m, q):
    """Characteristic value a_m(q) of the even Mathieu functions ce_m.

    m, q broadcast; m a non-negative integer (else NaN), any finite real q.
    As scipy.special.mathieu_a, which it corrects where SciPy returns
    another order's value (see mathieu_ab_all). Computed by mathieu_ab_all
    once per distinct q.
    """
    return _characteristic(m, q, odd=False)


def mathieu_b(m, q):
    """Characteristic value b_m(q) of the odd Mathieu functions se_m.

    m, q broadcast; m a positive integer (else NaN), any finite real q.
    As scipy.special.mathieu_b (see mathieu_a).
    """
    return _characteristic(m, q, odd=True)


def _mathieu_args(m, q, x, minimum, degrees):
    xp = _xp(m, q, x)
    q = as_real(q, "q", xp)
    x = as_real(x, "x", xp)
    dt = result_dtype(q, x)
    q, x = cast(q, dt), cast(x, dt)
    if degrees:
        x = (x * dt.type(np.pi / 180)).astype(dt)
    return xp, _orders(m, xp, minimum), q, x


def _angular(gufunc, kind, what, m, q, x):
    xp, m, q, x = _mathieu_args(m, q, x, 1 if kind == "se" else 0, True)
    if xp is not np:
        f, fp, info = _cuda().mathieu_angular(kind, m, q, x)
    else:
        f, fp, info = gufunc(m, q, x)
    _raise_driver_errors(info, what)
    return f, fp


def mathieu_cem(m, q, x):
    """Even Mathieu function ce_m(x, q) and its derivative.

    m, q, x broadcast; x in degrees, as scipy.special.mathieu_cem; the
    derivative is with respect to x in radians (d ce_m / dx for x measured
    in radians), which is also what SciPy returns although it takes x in
    degrees. m a non-negative integer, any finite real q. Returns (y, yp).
    Normalization and signs DLMF 28.2 (ce_m(0, q) > 0), SciPy's where SciPy
    is right: scipy.special.mathieu_cem returns wrong values for some
    (m, q) (wrong characteristic value, hence wrong function, or a wrong
    sign), mostly for q above about 20; batchla is accurate there. Invalid
    arguments give NaN.
    """
    return _angular(_gufuncs.mathieu_ce, "ce", "mathieu_cem", m, q, x)


def mathieu_sem(m, q, x):
    """Odd Mathieu function se_m(x, q) and its derivative.

    As mathieu_cem (x in degrees, derivative per radian), with m a positive
    integer; se_m'(0, q) > 0.
    """
    return _angular(_gufuncs.mathieu_se, "se", "mathieu_sem", m, q, x)


def _radial(gufunc, kind, which, what, m, q, x):
    xp, m, q, x = _mathieu_args(m, q, x, 1 if kind == "se" else 0, False)
    if xp is not np:
        f1, f1p, f2, f2p, info = _cuda().mathieu_radial(kind, m, q, x)
    else:
        f1, f1p, f2, f2p, info = gufunc(m, q, x)
    _raise_driver_errors(info, what)
    return (f1, f1p) if which == 1 else (f2, f2p)


def mathieu_modcem1(m, q, x):
    """Even modified Mathieu function of the first kind Mc_m^(1)(x, q) and
    its x-derivative (DLMF 28.20), as scipy.special.mathieu_modcem1.

    m a non-negative integer, q > 0, x >= 0 (x real, not degrees), else NaN
    (SciPy also gives NaN for q < 0; for x < 0 SciPy extends the function,
    batchla returns NaN). Evaluated by the Bessel-product series with a
    Wronskian check; an entry that fails the check is NaN.
    """
    return _radial(_gufuncs.mathieu_mc, "ce", 1, "mathieu_modcem1", m, q, x)


def mathieu_modcem2(m, q, x):
    """Even modified Mathieu function of the second kind Mc_m^(2)(x, q) and
    its x-derivative, as scipy.special.mathieu_modcem2 (see
    mathieu_modcem1 for the domain)."""
    return _radial(_gufuncs.mathieu_mc, "ce", 2, "mathieu_modcem2", m, q, x)


def mathieu_modsem1(m, q, x):
    """Odd modified Mathieu function of the first kind Ms_m^(1)(x, q) and
    its x-derivative, as scipy.special.mathieu_modsem1 (m >= 1; see
    mathieu_modcem1 for the domain)."""
    return _radial(_gufuncs.mathieu_ms, "se", 1, "mathieu_modsem1", m, q, x)


def mathieu_modsem2(m, q, x):
    """Odd modified Mathieu function of the second kind Ms_m^(2)(x, q) and
    its x-derivative, as scipy.special.mathieu_modsem2 (m >= 1; see
    mathieu_modcem1 for the domain)."""
    return _radial(_gufuncs.mathieu_ms, "se", 2, "mathieu_modsem2", m, q, x)
