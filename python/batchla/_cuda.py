"""The CuPy path: the CUDA batch drivers on CuPy arrays, with their device
pointers and CuPy's current stream.

Each function mirrors a host gufunc (python/src/loops.inc): inputs a driver
overwrites are copied into freshly allocated C-ordered outputs (broadcast
over the batch); inputs it only reads are passed in place when their batch
dimensions collapse into one stride, else as a contiguous copy. The info
array is a device array; the caller turns it into exceptions (which
synchronizes). CuPy is imported here only, never when batchla is."""

import ctypes
import math

import cupy as cp
import numpy as np

from . import _capi
from ._capi import MatBatch, Vec, VecBatch

if not _capi.cuda_available():
    raise ImportError(
        "batchla was built without its CUDA drivers (no nvcc when it was "
        "installed); reinstall with the CUDA toolkit on PATH to use CuPy "
        "arrays")


def _exec():
    return _capi.cuda_exec(cp.cuda.get_current_stream().ptr)


def _call(name, dtype, *args):
    ex = _exec()
    st = _capi.driver(name, dtype)(*args, ctypes.byref(ex))
    _capi.check_status(st, name)


def _elements(strides, itemsize):
    if any(s % itemsize for s in strides):
        return None
    return [s // itemsize for s in strides]


def _collapsed(a, nbatch):
    """(a, count, bs, core strides in elements) for a's batch dimensions
    collapsed into one stride; a contiguous copy when they do not collapse
    (or a stride is not a multiple of the item size)."""
    for attempt in range(2):
        el = _elements(a.strides, a.itemsize)
        if el is not None:
            dims = [(s, st) for s, st in zip(a.shape[:nbatch], el[:nbatch])
                    if s != 1]
            if all(dims[i][1] == dims[i + 1][1] * dims[i + 1][0]
                   for i in range(len(dims) - 1)):
                bs = dims[-1][1] if dims else 0
                return a, math.prod(a.shape[:nbatch]), bs, el[nbatch:]
        a = cp.ascontiguousarray(a)
    raise AssertionError("unreachable")


def _mat(a, nbatch):
    a, count, bs, (rs, cs) = _collapsed(a, nbatch)
    return MatBatch(a.data.ptr, count, a.shape[-2], a.shape[-1], bs, rs, cs), a


def _vecb(a, nbatch):
    a, count, bs, (inc,) = _collapsed(a, nbatch)
    return VecBatch(a.data.ptr, count, a.shape[-1], bs, inc), a


def _vec(a):
    """A batch of scalars (shape = batch shape) as one strided vector."""
    a, count, inc, _ = _collapsed(a, a.ndim)
    return Vec(a.data.ptr, count, inc), a


def _none_mat(count, n):
    return MatBatch(None, count, n, n, 0, 0, 0)


def _filled(shape, dtype, src):
    out = cp.empty(shape, dtype)
    out[...] = src
    return out


def _info(batch):
    return cp.empty(batch, np.intc)


def _lower(shape, k):
    """Mask of the entries (i, j) with j <= i + k of each matrix: the lower
    triangle up to the k-th superdiagonal (k < 0: below the diagonal)."""
    return cp.tri(shape[-2], shape[-1], k, dtype=bool)


# ---- Tridiagonal ------------------------------------------------------------

def _tridiagonal(d, e, vectors):
    batch = np.broadcast_shapes(d.shape[:-1], e.shape[:-1])
    n = d.shape[-1]
    w = _filled(batch + (n,), d.dtype, d)
    ew = _filled(batch + (e.shape[-1],), d.dtype, e)
    info = _info(batch)
    nb = len(batch)
    wv, _ = _vecb(w, nb)
    ev, _ = _vecb(ew, nb)
    if not vectors:
        _call("sterf_batch", d.dtype, wv, ev, info.data.ptr)
        return w, info
    v = cp.empty(batch + (n, n), d.dtype)
    vm, _ = _mat(v, nb)
    _call("steqr_batch", d.dtype, _capi.BLA_COMPZ_INIT, wv, ev, vm,
          info.data.ptr)
    return w, v, info


def sterf(d, e):
    return _tridiagonal(d, e, False)


def steqr(d, e):
    return _tridiagonal(d, e, True)


# ---- Hessenberg, Schur, QZ ------------------------------------------------

def hessenberg(a, calc_q):
    batch, n, nb = a.shape[:-2], a.shape[-1], a.ndim - 2
    h = _filled(a.shape, a.dtype, a)
    tau = cp.empty(batch + (max(n - 1, 0),), a.dtype)
    info = _info(batch)
    hm, _ = _mat(h, nb)
    tv, _ = _vecb(tau, nb)
    _call("gehrd_batch", a.dtype, hm, tv, info.data.ptr)
    res = [h]
    if calc_q:
        q = h.copy()
        info2 = _info(batch)
        qm, _ = _mat(q, nb)
        _call("orghr_batch", a.dtype, qm, tv, info2.data.ptr)
        info = cp.where(info == 0, info2, info)
        res.append(q)
    h[...] = cp.where(_lower(h.shape, -2), 0, h)  # zero below the subdiagonal
    return tuple(res) + (info,)


def schur(a):
    batch, n, nb = a.shape[:-2], a.shape[-1], a.ndim - 2
    t = _filled(a.shape, a.dtype, a)
    z = cp.empty(a.shape, a.dtype)
    wr = cp.empty(batch + (n,), a.dtype)
    wi = cp.empty(batch + (n,), a.dtype)
    info = _info(batch)
    _call("schur_batch", a.dtype, _mat(t, nb)[0], _vecb(wr, nb)[0],
          _vecb(wi, nb)[0], _mat(z, nb)[0], info.data.ptr)
    return t, z, info


def _pencil(a, b, vectors):
    shape = np.broadcast_shapes(a.shape, b.shape)
    batch, n, nb = shape[:-2], shape[-1], len(shape) - 2
    aa = _filled(shape, a.dtype, a)
    bb = _filled(shape, a.dtype, b)
    ev = [cp.empty(batch + (n,), a.dtype) for _ in range(3)]
    info = _info(batch)
    if vectors:
        q = cp.empty(shape, a.dtype)
        z = cp.empty(shape, a.dtype)
        qm, zm = _mat(q, nb)[0], _mat(z, nb)[0]
    else:
        count = math.prod(batch)
        qm = zm = _none_mat(count, n)
    _call("qz_batch", a.dtype, _mat(aa, nb)[0], _mat(bb, nb)[0],
          *[_vecb(v, nb)[0] for v in ev], qm, zm, info.data.ptr)
    if vectors:
        return aa, bb, q, z, info
    return ev[0], ev[1], ev[2], info


def qz(a, b):
    return _pencil(a, b, True)


def qz_eigenvalues(a, b):
    return _pencil(a, b, False)


# ---- Sylvester, Lyapunov and Riccati equations ------------------------------

def _equation(name, inputs, rhs=None):
    """X of the equation, the read-only inputs broadcast over the batch: rhs
    copied into a fresh output (Sylvester, Lyapunov), or without rhs a
    fresh output of the first input's shape (Riccati)."""
    mats = inputs if rhs is None else inputs + (rhs,)
    batch = np.broadcast_shapes(*[v.shape[:-2] for v in mats])
    nb = len(batch)
    if rhs is None:
        x = cp.empty(batch + inputs[0].shape[-2:], inputs[0].dtype)
    else:
        x = _filled(batch + rhs.shape[-2:], rhs.dtype, rhs)
    info = _info(batch)
    views = [_mat(cp.broadcast_to(v, batch + v.shape[-2:]), nb)
             for v in inputs]
    _call(name, x.dtype, *[v[0] for v in views], _mat(x, nb)[0],
          info.data.ptr)
    return x, info


def solve_sylvester(a, b, c):
    return _equation("solve_sylvester_batch", (a, b), c)


def solve_continuous_lyapunov(a, q):
    return _equation("solve_continuous_lyapunov_batch", (a,), q)


def solve_discrete_lyapunov(a, q):
    return _equation("solve_discrete_lyapunov_batch", (a,), q)


def solve_continuous_are(a, b, q, r):
    return _equation("solve_continuous_are_batch", (a, b, q, r))


def solve_discrete_are(a, b, q, r):
    return _equation("solve_discrete_are_batch", (a, b, q, r))


# ---- Cholesky ------------------------------------------------------------------

def _uplo(lower):
    return _capi.BLA_LOWER if lower else _capi.BLA_UPPER


def potrf(a, lower):
    batch, nb = a.shape[:-2], a.ndim - 2
    c = _filled(a.shape, a.dtype, a)
    info = _info(batch)
    _call("potrf_batch", a.dtype, _uplo(lower), _mat(c, nb)[0], info.data.ptr)
    keep = _lower(c.shape, 0) if lower else ~_lower(c.shape, -1)
    c[...] = cp.where(keep, c, 0)
    return c, info


def _solve(name, factor, b, lower, kd=None):
    batch = np.broadcast_shapes(factor.shape[:-2], b.shape[:-2])
    nb = len(batch)
    f = cp.broadcast_to(factor, batch + factor.shape[-2:])
    x = _filled(batch + b.shape[-2:], factor.dtype, b)
    info = _info(batch)
    fm, f = _mat(f, nb)
    args = (_uplo(lower),) + (() if kd is None else (kd,))
    _call(name, factor.dtype, *args, fm, _mat(x, nb)[0], info.data.ptr)
    return x, info


def potrs(c, b, lower):
    return _solve("potrs_batch", c, b, lower)


def pbtrf(ab, lower):
    batch, nb = ab.shape[:-2], ab.ndim - 2
    c = _filled(ab.shape, ab.dtype, ab)
    info = _info(batch)
    _call("pbtrf_batch", ab.dtype, _uplo(lower), ab.shape[-2] - 1,
          _mat(c, nb)[0], info.data.ptr)
    return c, info


def pbtrs(cb, b, lower):
    return _solve("pbtrs_batch", cb, b, lower, kd=cb.shape[-2] - 1)


# ---- Special functions -------------------------------------------------------

_BESSEL = {
    "jn_all": "bessel_j_all_batch",
    "yn_all": "bessel_y_all_batch",
    "spherical_jn_all": "sph_bessel_j_all_batch",
    "spherical_yn_all": "sph_bessel_y_all_batch",
    "spherical_in_all": "sph_bessel_i_all_batch",
    "spherical_kn_all": "sph_bessel_k_all_batch",
}


def bessel(what, x, k):
    out = cp.empty(x.shape + (k,), x.dtype)
    info = _info(x.shape)
    xv, x = _vec(x)
    _call(_BESSEL[what], x.dtype, xv, _vecb(out, x.ndim)[0], info.data.ptr)
    return out, info


def mathieu_ab_all(q, mmax):
    a = cp.empty(q.shape + (mmax + 1,), q.dtype)
    b = cp.empty(q.shape + (mmax,), q.dtype)
    info = _info(q.shape)
    qv, q = _vec(q)
    _call("mathieu_ab_all_batch", q.dtype, qv, _vecb(a, q.ndim)[0],
          _vecb(b, q.ndim)[0], info.data.ptr)
    return a, b, info


def _entries(m, q, x):
    """m, q, x broadcast to one shape, each as a strided vector; the arrays
    (perhaps copies) are returned too, to be kept alive over the call."""
    m, q, x = cp.broadcast_arrays(m, q, x)
    mv, m = _vec(m)
    qv, q = _vec(q)
    xv, x = _vec(x)
    return (m, q, x), mv, qv, xv, x.shape


def _kind(kind):
    return _capi.BLA_MATHIEU_SE if kind == "se" else _capi.BLA_MATHIEU_CE


def mathieu_angular(kind, m, q, x):
    keep, mv, qv, xv, shape = _entries(m, q, x)
    f = cp.empty(shape, q.dtype)
    fp = cp.empty(shape, q.dtype)
    info = _info(shape)
    _call("mathieu_angular_batch", q.dtype, _kind(kind), mv.data, mv.inc, qv,
          xv, _vec(f)[0], _vec(fp)[0], info.data.ptr)
    del keep
    return f, fp, info


def mathieu_radial(kind, m, q, z):
    keep, mv, qv, zv, shape = _entries(m, q, z)
    outs = [cp.empty(shape, q.dtype) for _ in range(4)]
    info = _info(shape)
    _call("mathieu_radial_batch", q.dtype, _kind(kind), mv.data, mv.inc, qv,
          zv, *[_vec(o)[0] for o in outs], info.data.ptr)
    del keep
    return tuple(outs) + (info,)


def spheroidal_cv_all(kind, m, c, count):
    lam = cp.empty(c.shape + (count,), c.dtype)
    info = _info(c.shape)
    cv, c = _vec(c)
    _call("spheroidal_cv_all_batch", c.dtype, kind, m, cv,
          _vecb(lam, c.ndim)[0], info.data.ptr)
    return lam, info


def _spheroidal(name, kind, m, n, c, x, nout):
    """The driver name over the entries (m, n, c, x) (one shape), with
    nout real outputs of that shape."""
    shape = m.shape
    keep = [_vec(a) for a in (m, n, c, x)]
    outs = [cp.empty(shape, c.dtype) for _ in range(nout)]
    info = _info(shape)
    _call(name, c.dtype, kind, keep[0][0].data, keep[0][0].inc,
          keep[1][0].data, keep[1][0].inc, *[v for v, _ in keep[2:]],
          *[_vec(o)[0] for o in outs], info.data.ptr)
    del keep
    return tuple(outs) + (info,)


def spheroidal_angular_flammer(kind, m, n, c, x):
    return _spheroidal("spheroidal_angular_flammer_batch", kind, m, n, c, x,
                       2)


def spheroidal_radial(kind, m, n, c, x):
    return _spheroidal("spheroidal_radial_batch", kind, m, n, c, x, 4)
