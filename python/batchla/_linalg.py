"""Batched dense linear algebra with scipy.linalg's names and conventions.

Every function takes arrays with any number of leading batch dimensions
(broadcast against each other as NumPy does) and float32 or float64 data
(integers become float64); the result has the inputs' floating dtype. Any
memory layout is used in place: C or Fortran order, slices, negative
strides. Inputs are never modified unless an ``overwrite_*`` keyword allows
it. The GIL is released while the C library runs. A cupy.ndarray input runs
on the GPU (CuPy's current stream) and returns CuPy arrays.

Errors, as in SciPy: an Inf or a NaN in an input raises ValueError (unless
``check_finite=False``: then the problems with non-finite input get NaN
outputs and the others are solved); a numerical failure raises
``batchla.LinAlgError`` (a numpy.linalg.LinAlgError) naming the first
failing batch index and how many problems failed; a shape that does not fit
raises ValueError naming the argument.
"""

import numpy as np

from . import _gufuncs
from ._common import (NATIVE_DTYPES, as_real, cast, check_finite_arrays,
                      is_cuda_array, out_tuple, raise_on_info, require_ndim,
                      require_square, result_dtype)

__all__ = [
    "eigvalsh_tridiagonal", "eigh_tridiagonal", "hessenberg", "schur", "qz",
    "qz_eigenvalues", "cholesky", "cho_solve", "cholesky_banded",
    "cho_solve_banded", "solve_sylvester", "solve_continuous_lyapunov",
    "solve_discrete_lyapunov", "solve_continuous_are", "solve_discrete_are",
]


def _xp(*arrays):
    for a in arrays:
        if type(a) is not np.ndarray and is_cuda_array(a):
            import cupy
            return cupy
    return np


def _cuda(out=None):
    """The CuPy path (imports CuPy); out= is for NumPy arrays only."""
    if out is not None:
        raise NotImplementedError("out= is not supported with CuPy arrays")
    from . import _cuda as cuda
    return cuda


def _prepare(xp, scan, **arrays):
    """The arrays converted to one floating dtype (no copy when they already
    have it). scan: look for Inf and NaN here, for the routines whose core
    does not read every entry (the others report them in info, see
    raise_on_info's ``named``)."""
    dt = None
    if xp is np:  # the common case: NumPy arrays of one native dtype
        for v in arrays.values():
            if type(v) is not np.ndarray or (dt is not None and v.dtype != dt):
                dt = None
                break
            dt = v.dtype
        if dt not in NATIVE_DTYPES:
            dt = None
    if dt is None:
        arrays = {k: as_real(v, k, xp) for k, v in arrays.items()}
        dt = result_dtype(*arrays.values())
        arrays = {k: cast(v, dt) for k, v in arrays.items()}
    if scan:
        check_finite_arrays(xp, **arrays)
    return dt, arrays


def _overwrite_target(a, shape, dtype):
    """a itself as the output when it may be overwritten: a writeable
    array of exactly the output's shape and dtype (else None)."""
    if (isinstance(a, np.ndarray) and a.flags.writeable and a.shape == shape
            and a.dtype == dtype):
        return a
    return None


# ---- Symmetric tridiagonal eigenproblems ----------------------------------

_SELECT = {0: "a", 1: "v", 2: "i", "a": "a", "v": "v", "i": "i", "all": "a",
           "value": "v", "index": "i"}


def _select_kind(select):
    key = select.lower() if isinstance(select, str) else select
    try:
        return _SELECT[key]
    except (KeyError, TypeError):
        raise ValueError(
            "select: expected 'a', 'v' or 'i' (or 0, 1, 2), got "
            f"{select!r}") from None


def _select_range(select_range, kind, n, dt):
    """(lo, hi) for select='i', (vl, vu) in dtype dt for select='v'."""
    sr = np.asarray(select_range)
    if sr.ndim != 1 or sr.size != 2:
        raise ValueError(
            "select_range: expected a 2-element array-like "
            f"{'(lo, hi)' if kind == 'i' else '(vl, vu)'} with "
            f"select='{kind}', got {select_range!r}")
    if kind == "i":
        if sr.dtype.kind not in "iu":
            raise ValueError(
                "select_range: expected integers (lo, hi) with select='i', "
                f"got dtype {sr.dtype}")
        lo, hi = int(sr[0]), int(sr[1])
        if lo > hi:
            raise ValueError(
                f"select_range: expected lo <= hi, got ({lo}, {hi})")
        if lo < 0 or hi >= n:
            raise ValueError(
                f"select_range: out of bounds: expected 0 <= lo <= hi < n = "
                f"{n}, got ({lo}, {hi})")
        return lo, hi
    if sr.dtype.kind not in "biuf":
        raise ValueError(
            f"select_range: expected real numbers (vl, vu), got dtype "
            f"{sr.dtype}")
    vl, vu = dt.type(sr[0]), dt.type(sr[1])
    if not vl < vu:
        raise ValueError(
            "select_range: expected vl < vu (the eigenvalues in the "
            f"half-open interval (vl, vu]), got ({sr[0]}, {sr[1]})")
    return vl, vu


def _abstol(tol, dt):
    t = dt.type(tol)
    if not np.isfinite(t):
        raise ValueError(f"tol: expected a finite tolerance, got {tol!r}")
    return t


def _tridiagonal_args(d, e, select, select_range):
    """(xp, d, e, kind, range): kind 'a' (sterf/steqr), 'i' with range
    (lo, hi) or 'v' with range (vl, vu)."""
    xp = _xp(d, e)
    dt, arr = _prepare(xp, False, d=d, e=e)
    d, e = arr["d"], arr["e"]
    require_ndim(d, "d", 1, "a diagonal (..., n)")
    require_ndim(e, "e", 1, "an off-diagonal (..., n-1)")
    n = d.shape[-1]
    if e.shape[-1] != max(n - 1, 0):
        raise ValueError(
            f"e: expected off-diagonals of length n-1 = {max(n - 1, 0)} "
            f"(d has n = {n}), got shape {tuple(e.shape)}")
    kind = _select_kind(select)
    if kind == "a":
        return xp, d, e, kind, None
    rng = _select_range(select_range, kind, n, dt)
    if kind == "i" and rng == (0, n - 1):
        return xp, d, e, "a", None  # the whole spectrum: sterf/steqr
    if kind == "v" and xp is not np:
        raise NotImplementedError(
            "select='v' is not supported with CuPy arrays")
    return xp, d, e, kind, rng


def _steqr_meaning(v):
    return (f"the QL/QR iteration failed to converge ({v} off-diagonal "
            "element(s) did not reach zero)")


def _stebz_meaning(v):
    return {1: "the bisection failed to converge",
            2: "the bisection could not bracket the selected eigenvalues",
            3: "a selected eigenvalue lies beyond the overflow threshold"
            }.get(v, f"bisection info {v}")


def _stein_meaning(v):
    return (f"{v} eigenvector(s) failed to converge in inverse iteration "
            "(their columns are NaN)")


def _batch_shape(d, e):
    return np.broadcast_shapes(d.shape[:-1], e.shape[:-1])


def _stebz(what, d, e, kind, rng, tol, out, check_finite):
    """The selected eigenvalues by bisection: select='i' (..., k);
    select='v' (..., m), m the count, the same in every problem of a
    batch (ValueError otherwise)."""
    dt = d.dtype
    abstol = _abstol(tol, dt)
    named = (("d", d), ("e", e))
    if kind == "i":
        lo, hi = rng
        w = out_tuple(out, 1)[0]
        if w is None:
            w = np.empty(_batch_shape(d, e) + (hi - lo + 1,), dt)
        w, info = _gufuncs.stebz_index(d, e, np.intc(lo), abstol,
                                       out=(w, None))
        raise_on_info(info, what, _stebz_meaning, check_finite, named=named)
        return w
    if out is not None:
        raise ValueError(
            f"out: not supported with select='v' (the number of eigenvalues "
            "is known only after the call)")
    vl, vu = rng
    w, count, info = _gufuncs.stebz_value(d, e, vl, vu, abstol)
    raise_on_info(info, what, _stebz_meaning, check_finite, named=named)
    # problems with non-finite input (check_finite=False) count 0 and are
    # NaN: they do not take part in the comparison
    counts = np.unique(count[info == 0])
    if counts.size > 1:
        raise ValueError(
            f"{what}: select='v' found a different number of eigenvalues "
            f"in (vl, vu] in the problems of the batch of shape "
            f"{count.shape} ({counts[0]} to {counts[-1]}); a batch needs "
            "the same count in every problem: solve the problems one by "
            "one, or select by index (select='i')")
    m = int(counts[0]) if counts.size else 0
    return w[..., :m]


def eigvalsh_tridiagonal(d, e, select="a", select_range=None,
                         check_finite=True, tol=0.0, lapack_driver="auto",
                         out=None):
    """Eigenvalues of real symmetric tridiagonal matrices.

    d : (..., n) diagonals; e : (..., n-1) off-diagonals (batch dimensions
    broadcast). Returns w, ascending, as scipy.linalg.eigvalsh_tridiagonal:

    - select='a' (all): w (..., n), by implicit QL/QR (LAPACK's sterf);
      ``tol`` is ignored.
    - select='i', select_range=(lo, hi) (integers, 0-based, inclusive):
      w (..., hi-lo+1), the lo-th through hi-th eigenvalues, by bisection
      (LAPACK's stebz; the whole range (0, n-1) runs sterf).
    - select='v', select_range=(vl, vu): the eigenvalues in the half-open
      interval (vl, vu], by bisection. For one problem (d and e 1-D), w has
      their number m of entries, as SciPy's. For a batch, every problem
      must have the same number m (else ValueError): w (..., m). Problems
      with non-finite input (check_finite=False) are left out of the
      comparison and get NaN.

    ``tol``: the absolute tolerance of the bisection (select='i' and 'v'):
    an eigenvalue has converged when it lies in an interval of this width;
    <= 0 (default): ulp times the norm of each unreduced block.
    ``lapack_driver`` is accepted for compatibility and ignored. ``out``:
    an array for w (select='a' and 'i'). select='v' is not supported with
    CuPy arrays; select='i' with CuPy arrays runs sterf and selects.
    """
    xp, d, e, kind, rng = _tridiagonal_args(d, e, select, select_range)
    if kind == "a" or xp is not np:
        if xp is not np:
            w, info = _cuda(out).sterf(d, e)
        else:
            w, info = _gufuncs.sterf(d, e, out=(out_tuple(out, 1)[0], None))
        raise_on_info(info, "eigvalsh_tridiagonal", _steqr_meaning,
                      check_finite, named=(("d", d), ("e", e)))
        return w if kind == "a" else w[..., rng[0]:rng[1] + 1]
    return _stebz("eigvalsh_tridiagonal", d, e, kind, rng, tol, out,
                  check_finite)


def eigh_tridiagonal(d, e, eigvals_only=False, select="a", select_range=None,
                     check_finite=True, tol=0.0, lapack_driver="auto",
                     out=None):
    """Eigenvalues and eigenvectors of real symmetric tridiagonal matrices.

    d : (..., n) diagonals; e : (..., n-1) off-diagonals. Returns (w, v),
    the eigenvectors as columns (v[..., :, i] belongs to w[..., i]), as
    scipy.linalg.eigh_tridiagonal:

    - select='a': w (..., n) ascending, v (..., n, n), by implicit QL/QR
      (LAPACK's steqr); ``tol`` is ignored.
    - select='i', select_range=(lo, hi) (0-based, inclusive): w (..., k),
      v (..., n, k), k = hi-lo+1, by bisection and inverse iteration
      (LAPACK's stebz and stein; the whole range runs steqr).
    - select='v', select_range=(vl, vu): the eigenpairs with eigenvalues
      in (vl, vu]. One problem (d and e 1-D): w (m,), v (n, m), m their
      number, as SciPy's. A batch: every problem must have the same m
      (else ValueError): w (..., m), v (..., n, m).

    The vectors of stein are unit, each with its first largest-magnitude
    entry positive. ``tol``: the bisection's absolute tolerance (see
    eigvalsh_tridiagonal). ``lapack_driver`` is accepted and ignored.
    ``out``: (w, v) (select='a' and 'i'). select='v' is not supported with
    CuPy arrays.
    """
    if eigvals_only:
        return eigvalsh_tridiagonal(d, e, select, select_range, check_finite,
                                    tol, out=out)
    xp, d, e, kind, rng = _tridiagonal_args(d, e, select, select_range)
    named = (("d", d), ("e", e))
    if kind == "a" or xp is not np:
        if xp is not np:
            w, v, info = _cuda(out).steqr(d, e)
        else:
            w, v, info = _gufuncs.steqr(d, e,
                                        out=out_tuple(out, 2) + (None,))
        raise_on_info(info, "eigh_tridiagonal", _steqr_meaning, check_finite,
                      named=named)
        if kind == "a":
            return w, v
        sel = slice(rng[0], rng[1] + 1)
        return w[..., sel], v[..., sel]
    outs = out_tuple(out, 2) if kind == "i" else (out, None)
    w = _stebz("eigh_tridiagonal", d, e, kind, rng, tol, outs[0],
               check_finite)
    if w.shape[-1] == 0:
        return w, np.empty(w.shape[:-1] + (d.shape[-1], 0), d.dtype)
    v, info = _gufuncs.stein(d, e, w, out=(outs[1], None))
    raise_on_info(info, "eigh_tridiagonal", _stein_meaning, check_finite,
                  named=named)
    return w, v


# ---- Hessenberg and Schur -------------------------------------------------

def _square_arg(name, a, scan):
    xp = _xp(a)
    dt, arr = _prepare(xp, scan, **{name: a})
    a = arr[name]
    require_square(a, name)
    return xp, dt, a


def hessenberg(a, calc_q=False, overwrite_a=False, check_finite=True,
               out=None):
    """Hessenberg form of square matrices: a = q h q^T.

    a : (..., n, n). Returns h, or (h, q) with calc_q, as
    scipy.linalg.hessenberg (h is zero below its first subdiagonal).
    overwrite_a: h may be written into a. ``out``: h or (h, q).
    """
    xp, dt, a = _square_arg("a", a, False)
    outs = out_tuple(out, 2 if calc_q else 1)
    if overwrite_a and outs[0] is None:
        outs = (_overwrite_target(a, a.shape, dt),) + outs[1:]
    if xp is not np:
        res = _cuda(out).hessenberg(a, calc_q)
    elif calc_q:
        res = _gufuncs.hessenberg_q(a, out=outs + (None,))
    else:
        res = _gufuncs.hessenberg(a, out=outs + (None,))
    raise_on_info(res[-1], "hessenberg",
                  lambda v: ("an entry of h lies beyond the overflow "
                             "threshold (every output is NaN)" if v == 1
                             else f"failure {v}"),
                  check_finite, named=(("a", a),))
    return (res[0], res[1]) if calc_q else res[0]


def _schur_meaning(v, n):
    if v == n + 1:
        return ("an eigenvalue or an entry of t lies beyond the overflow "
                "threshold (every output is NaN)")
    return (f"the QR iteration failed to converge at row {v} (eigenvalues "
            "after it are valid, every other output is NaN)")


def schur(a, output="real", lwork=None, overwrite_a=False, sort=None,
          check_finite=True, out=None):
    """Real Schur decomposition a = z t z^T of square matrices.

    a : (..., n, n). Returns (t, z): t quasi-upper triangular (1x1 and 2x2
    diagonal blocks, each 2x2 block with complex conjugate eigenvalues, in
    LAPACK's standard form), z orthogonal, as
    scipy.linalg.schur(a, output='real'). Only output='real' and sort=None
    are supported; lwork is ignored. Like LAPACK dgees without balancing.
    overwrite_a: t may be written into a. ``out``: (t, z).
    """
    if output not in ("real", "r"):
        raise NotImplementedError("schur: only output='real' is supported")
    if sort is not None:
        raise NotImplementedError("schur: sort is not supported")
    xp, dt, a = _square_arg("a", a, False)
    outs = out_tuple(out, 2)
    if overwrite_a and outs[0] is None:
        outs = (_overwrite_target(a, a.shape, dt), outs[1])
    if xp is not np:
        t, z, info = _cuda(out).schur(a)
    else:
        t, z, info = _gufuncs.schur(a, out=outs + (None,))
    raise_on_info(info, "schur", lambda v: _schur_meaning(v, a.shape[-1]),
                  check_finite, named=(("a", a),))
    return t, z


# ---- QZ -------------------------------------------------------------------

def _pencil_args(a, b):
    xp = _xp(a, b)
    dt, arr = _prepare(xp, False, a=a, b=b)
    a, b = arr["a"], arr["b"]
    require_square(a, "a")
    require_square(b, "b")
    if a.shape[-1] != b.shape[-1]:
        raise ValueError(
            f"b: expected the size of a (n = {a.shape[-1]}), got shape "
            f"{tuple(b.shape)}")
    return xp, dt, a, b


def _qz_meaning(v, n):
    if v == 2 * n + 1:
        return ("an eigenvalue or an entry of the Schur form lies beyond the "
                "overflow threshold (every output is NaN)")
    return ("the QZ iteration failed to converge" if v > 0 else f"info {v}")


def qz(A, B, output="real", lwork=None, sort=None, overwrite_a=False,
       overwrite_b=False, check_finite=True, out=None):
    """Generalized real Schur (QZ) decomposition of pencils (A, B).

    A, B : (..., n, n), batch dimensions broadcast. Returns (AA, BB, Q, Z)
    with A = Q AA Z^T, B = Q BB Z^T, AA quasi-upper triangular, BB upper
    triangular, Q and Z orthogonal, as scipy.linalg.qz(A, B, output='real').
    Only output='real' and sort=None are supported; lwork is ignored. Like
    LAPACK dgges without balancing. overwrite_a / overwrite_b: AA / BB may
    be written into A / B. ``out``: (AA, BB, Q, Z).
    """
    if output not in ("real", "r"):
        raise NotImplementedError("qz: only output='real' is supported")
    if sort is not None:
        raise NotImplementedError("qz: sort is not supported")
    xp, dt, a, b = _pencil_args(A, B)
    outs = list(out_tuple(out, 4))
    shape = np.broadcast_shapes(a.shape, b.shape)
    if overwrite_a and outs[0] is None:
        outs[0] = _overwrite_target(a, shape, dt)
    if overwrite_b and outs[1] is None:
        outs[1] = _overwrite_target(b, shape, dt)
    if xp is not np:
        aa, bb, q, z, info = _cuda(out).qz(a, b)
    else:
        aa, bb, q, z, info = _gufuncs.qz(a, b, out=tuple(outs) + (None,))
    raise_on_info(info, "qz", lambda v: _qz_meaning(v, a.shape[-1]),
                  check_finite, named=(("A", a), ("B", b)))
    return aa, bb, q, z


def qz_eigenvalues(a, b, check_finite=True, out=None):
    """Generalized eigenvalues of pencils (a, b) by the QZ iteration,
    without Schur vectors.

    a, b : (..., n, n). Returns (alphar, alphai, beta), each (..., n): the
    eigenvalues are (alphar + 1j*alphai) / beta, complex conjugate pairs
    adjacent with alphai > 0 first, beta >= 0 (beta == 0: an infinite
    eigenvalue), as LAPACK dggev/dgges return them. scipy.linalg.ordqz
    returns the same as alpha = alphar + 1j*alphai and beta.
    ``out``: (alphar, alphai, beta).
    """
    xp, dt, a, b = _pencil_args(a, b)
    if xp is not np:
        ar, ai, be, info = _cuda(out).qz_eigenvalues(a, b)
    else:
        ar, ai, be, info = _gufuncs.qz_eig(a, b,
                                           out=out_tuple(out, 3) + (None,))
    raise_on_info(info, "qz_eigenvalues",
                  lambda v: _qz_meaning(v, a.shape[-1]), check_finite,
                  named=(("a", a), ("b", b)))
    return ar, ai, be


# ---- Sylvester, Lyapunov and Riccati equations ----------------------------

def _equation_meaning(v):
    return {2: "the solution overflows",
            3: "the Schur form of a failed to converge",
            4: "the Schur form of b failed to converge"}.get(v, f"info {v}")


def _solve_equation(what, xp, arr, out):
    """(x, info) of the equation ``what`` (the gufunc's name, and the CuPy
    path's) on the arrays' device."""
    if xp is not np:
        return getattr(_cuda(out), what)(*arr.values())
    return getattr(_gufuncs, what)(*arr.values(),
                                   out=out_tuple(out, 1) + (None,))


def _equation(what, check_finite, out, **arrays):
    """Solves one of the equations: arrays a (and b), then the right-hand
    side (c or q, the last), all (..., n, n) but b (..., m, m) and c
    (..., n, m). Info 1 (a nearly singular equation, solved with perturbed
    values) is not an error, as with SciPy's trsyl."""
    xp = _xp(*arrays.values())
    dt, arr = _prepare(xp, False, **arrays)
    names = list(arr)
    for name in names[:-1]:
        require_square(arr[name], name)
    rhs = names[-1]
    require_ndim(arr[rhs], rhs, 2, "a matrix (..., n, m)")
    n = arr["a"].shape[-1]
    m = arr["b"].shape[-1] if "b" in arr else n
    if arr[rhs].shape[-2:] != (n, m):
        raise ValueError(
            f"{rhs}: expected (..., {n}, {m}) to match a"
            f"{' and b' if 'b' in arr else ''}, got shape "
            f"{tuple(arr[rhs].shape)}")
    x, info = _solve_equation(what, xp, arr, out)
    info = xp.where(info == 1, 0, info)
    raise_on_info(info, what, _equation_meaning, check_finite,
                  named=tuple(arr.items()))
    return x


def solve_sylvester(a, b, q, check_finite=True, out=None):
    """Solves the Sylvester equations a x + x b = q.

    a : (..., n, n), b : (..., m, m), q : (..., n, m), batch dimensions
    broadcast. Returns x (..., n, m), as scipy.linalg.solve_sylvester: the
    Bartels-Stewart method on the real Schur forms of a and b (LAPACK
    dtrsyl's algorithm). Where a and -b have close eigenvalues, perturbed
    values are used and no error is raised, as in SciPy; the scale factor
    dtrsyl applies against overflow is divided back out (SciPy multiplies
    by it instead, which differs only where it is not 1). ``out``: x.
    """
    return _equation("solve_sylvester", check_finite, out, a=a, b=b, q=q)


def solve_continuous_lyapunov(a, q, check_finite=True, out=None):
    """Solves the continuous Lyapunov equations a x + x a^T = q.

    a, q : (..., n, n), batch dimensions broadcast. Returns x, as
    scipy.linalg.solve_continuous_lyapunov (Bartels-Stewart on the real
    Schur form of a). ``out``: x.
    """
    return _equation("solve_continuous_lyapunov", check_finite, out, a=a, q=q)


def solve_discrete_lyapunov(a, q, method=None, check_finite=True, out=None):
    """Solves the discrete Lyapunov (Stein) equations a x a^T - x + q = 0.

    a, q : (..., n, n), batch dimensions broadcast. Returns x, as
    scipy.linalg.solve_discrete_lyapunov. method is accepted for SciPy's
    signature ('direct', 'bilinear' or None) but every size is solved the
    same way: Bartels-Stewart on the real Schur form of a (as SLICOT's
    SB03MD), neither SciPy's Kronecker product (O(n^6)) nor its bilinear
    transformation to a continuous equation (which loses accuracy when a
    has an eigenvalue near -1). ``out``: x.
    """
    if method not in (None, "direct", "bilinear"):
        raise ValueError(
            f"method: expected None, 'direct' or 'bilinear', got {method!r}")
    return _equation("solve_discrete_lyapunov", check_finite, out, a=a, q=q)


def _norm1(xp, a):
    """The 1-norm of each matrix of a batch."""
    return xp.abs(a).sum(axis=-2).max(axis=-1)


def _require_symmetric(xp, a, name, what):
    """ValueError unless every matrix of a is symmetric to SciPy's
    tolerance (|a - a^T|_1 <= 100 spacing(|a|_1)); NaN passes (info
    reports it)."""
    if a.size == 0:
        return
    asym = _norm1(xp, a - xp.swapaxes(a, -1, -2))
    bad = asym > 100 * xp.spacing(_norm1(xp, a))
    if bool(bad.any()):
        index = tuple(int(i) for i in np.unravel_index(
            int(xp.flatnonzero(bad.ravel())[0]), bad.shape))
        where = f" (problem {index} of the batch)" if bad.ndim else ""
        raise ValueError(f"{what}: {name}: expected symmetric matrices, got "
                         f"one that is not{where}")


def _are_meaning(v, boundary, definite):
    return {1: ("no stabilizing solution: the pencil has eigenvalues on, or "
                f"numerically on, {boundary}, or x does not stabilize the "
                "closed loop"),
            2: f"{definite} is not positive definite",
            3: ("the solution step is singular to working precision (or x "
                "overflows)"),
            4: "the reordering of the generalized Schur form rejected a swap",
            5: "the QZ iteration failed to converge, or an entry overflowed",
            }.get(v, f"info {v}")


def _riccati(what, a, b, q, r, e, s, check_finite, out):
    """The stabilizing solutions of the Riccati equations ``what``: a, q
    (..., n, n), b (..., n, m), r (..., m, m), q and r symmetric."""
    if e is not None or s is not None:
        raise NotImplementedError(
            f"{what}: e and s (the generalized equation) are not supported")
    xp = _xp(a, b, q, r)
    dt, arr = _prepare(xp, False, a=a, b=b, q=q, r=r)
    for name in ("a", "q", "r"):
        require_square(arr[name], name)
    require_ndim(arr["b"], "b", 2, "a matrix (..., n, m)")
    n, m = arr["a"].shape[-1], arr["r"].shape[-1]
    for name, shape in (("b", (n, m)), ("q", (n, n))):
        if arr[name].shape[-2:] != shape:
            raise ValueError(
                f"{name}: expected (..., {shape[0]}, {shape[1]}) to match a "
                f"(n = {n}) and r (m = {m}), got shape "
                f"{tuple(arr[name].shape)}")
    for name in ("q", "r"):
        _require_symmetric(xp, arr[name], name, what)
    x, info = _solve_equation(what, xp, arr, out)
    discrete = what == "solve_discrete_are"
    boundary = "the unit circle" if discrete else "the imaginary axis"
    definite = "r + b^T x b" if discrete else "r"
    raise_on_info(info, what, lambda v: _are_meaning(v, boundary, definite),
                  check_finite, named=tuple(arr.items()))
    return x


def solve_continuous_are(a, b, q, r, e=None, s=None, balanced=True,
                         check_finite=True, out=None):
    """Solves the continuous-time algebraic Riccati equations
    a^T x + x a - x b r^-1 b^T x + q = 0.

    a, q : (..., n, n), b : (..., n, m), r : (..., m, m), batch dimensions
    broadcast; q and r symmetric (ValueError otherwise, as in SciPy), r
    positive definite. Returns the stabilizing solution x (..., n, n),
    symmetric, for which a - b r^-1 b^T x has its eigenvalues in the open
    left half plane, as scipy.linalg.solve_continuous_are: the ordered QZ
    decomposition of the extended Hamiltonian pencil (Arnold & Laub),
    then one Newton step, kept when it lowers the residual. Only e=None
    and s=None are supported (not the generalized equation). The pencil is
    always balanced: balanced is accepted for SciPy's signature and
    ignored. A problem without a stabilizing solution (eigenvalues on or
    near the imaginary axis), with r not positive definite (checked by a
    Cholesky factorization, which SciPy does not do), or whose solution
    step is singular raises LinAlgError. ``out``: x.
    """
    return _riccati("solve_continuous_are", a, b, q, r, e, s, check_finite,
                    out)


def solve_discrete_are(a, b, q, r, e=None, s=None, balanced=True,
                       check_finite=True, out=None):
    """Solves the discrete-time algebraic Riccati equations
    a^T x a - x - (a^T x b) (r + b^T x b)^-1 (b^T x a) + q = 0.

    a, q : (..., n, n), b : (..., n, m), r : (..., m, m), batch dimensions
    broadcast; q and r symmetric (ValueError otherwise, as in SciPy), r +
    b^T x b positive definite (r may be singular). Returns the stabilizing
    solution x (..., n, n), symmetric, for which a - b (r + b^T x b)^-1 b^T x a has its eigenvalues
    inside the unit circle, as scipy.linalg.solve_discrete_are: the ordered
    QZ decomposition of the extended symplectic pencil (Van Dooren), then
    one Newton step, kept when it lowers the residual. Only e=None and
    s=None are supported (not the generalized equation). The pencil is
    always balanced: balanced is accepted for SciPy's signature and
    ignored. A problem without a stabilizing solution (eigenvalues on or
    near the unit circle, or an x that does not stabilize), with r + b^T x b
    not positive definite (checked by a Cholesky factorization at the
    computed x), or whose solution step is singular raises LinAlgError.
    ``out``: x.
    """
    return _riccati("solve_discrete_are", a, b, q, r, e, s, check_finite,
                    out)


# ---- Cholesky -------------------------------------------------------------

def _chol_meaning(v):
    return f"the leading minor of order {v} is not positive definite"


def cholesky(a, lower=False, overwrite_a=False, check_finite=True, out=None):
    """Cholesky factor of symmetric positive definite matrices.

    a : (..., n, n); only the upper (lower with lower=True) triangle is
    read. Returns c with a = c^T c (upper) or a = c c^T (lower), the other
    triangle zero, as scipy.linalg.cholesky. A matrix that is not positive
    definite raises LinAlgError. overwrite_a: c may be written into a.
    ``out``: c.
    """
    xp, dt, a = _square_arg("a", a, check_finite)
    c, info = _cholesky_driver("potrf", xp, dt, a, lower, overwrite_a, out)
    raise_on_info(info, "cholesky", _chol_meaning, check_finite)
    return c


def _gufunc(name, lower):
    return getattr(_gufuncs, f"{name}_lower" if lower else f"{name}_upper")


def _cholesky_driver(name, xp, dt, a, lower, overwrite, out):
    """The factorization potrf or pbtrf (name) of a on a's device: (c,
    info), c in out, else in a when overwrite allows it."""
    c = out_tuple(out, 1)[0]
    if overwrite and c is None:
        c = _overwrite_target(a, a.shape, dt)
    if xp is not np:
        return getattr(_cuda(out), name)(a, lower)
    return _gufunc(name, lower)(a, out=(c, None))


def _cholesky_solve(name, xp, dt, c, b, lower, overwrite_b, out):
    """The solve potrs or pbtrs (name) with the factor c on c's device:
    (x, info, vector), x as (..., n, k) and vector whether b was one 1-D
    vector."""
    bm, vector = _rhs(b, c.shape[-1], "b")
    x = _solve_out(out, vector)
    shape = np.broadcast_shapes(c.shape[:-2], bm.shape[:-2]) + bm.shape[-2:]
    if overwrite_b and x is None:
        x = _overwrite_target(bm, shape, dt)
    if xp is not np:
        x, info = getattr(_cuda(out), name)(c, bm, lower)
    else:
        x, info = _gufunc(name, lower)(c, bm, out=(x, None))
    return x, info, vector


def _factor_tuple(c_and_lower, name):
    try:
        c, lower = c_and_lower
    except (TypeError, ValueError):
        raise ValueError(f"{name}: expected a tuple (c, lower)") from None
    return c, bool(lower)


def _rhs(b, n, name):
    """b as (..., n, k); vector: whether b was one 1-D vector (n,)."""
    require_ndim(b, name, 1, "a right-hand side (n,) or (..., n, k)")
    vector = b.ndim == 1
    bm = b[:, None] if vector else b
    if bm.shape[-2] != n:
        raise ValueError(
            f"{name}: expected {n} rows (n of the factor), got shape "
            f"{tuple(b.shape)}")
    return bm, vector


def _solve_out(out, vector):
    """The out= array as (..., n, k)."""
    x = out_tuple(out, 1)[0]
    if x is not None and vector:
        x = x[:, None]
    return x


def cho_solve(c_and_lower, b, overwrite_b=False, check_finite=True, out=None):
    """Solve a x = b given the Cholesky factor of a (from cholesky).

    c_and_lower : (c, lower), c (..., n, n); b : (n,) or (..., n, k), batch
    dimensions broadcast against c's (a 1-D b is one vector, as in
    numpy.linalg.solve; for a batch of vectors use (..., n, 1)). Returns x
    with b's shape (broadcast). Only the triangle of c named by lower is
    read. overwrite_b: x may be written into b. ``out``: x.
    """
    c, lower = _factor_tuple(c_and_lower, "c_and_lower")
    xp = _xp(c, b)
    dt, arr = _prepare(xp, check_finite, c=c, b=b)
    c, b = arr["c"], arr["b"]
    require_square(c, "c")
    x, info, vector = _cholesky_solve("potrs", xp, dt, c, b, lower,
                                      overwrite_b, out)
    raise_on_info(info, "cho_solve", lambda v: f"info {v}", check_finite)
    return x[..., 0] if vector else x


def _band_args(ab, name):
    require_ndim(ab, name, 2, "band storage (..., kd+1, n)")
    if ab.shape[-2] < 1:
        raise ValueError(
            f"{name}: expected band storage (..., kd+1, n) with kd+1 >= 1, "
            f"got shape {tuple(ab.shape)}")
    return ab


def cholesky_banded(ab, overwrite_ab=False, lower=False, check_finite=True,
                    out=None):
    """Cholesky factor of symmetric positive definite band matrices.

    ab : (..., kd+1, n) in LAPACK band storage, as scipy.linalg
    .cholesky_banded: upper (lower=False) ab[..., kd + i - j, j] = a[i, j]
    for i <= j; lower ab[..., i - j, j] = a[i, j] for i >= j. Returns the
    factor in the same storage (entries outside the band are copied
    unchanged). overwrite_ab: the factor may be written into ab.
    ``out``: the factor.
    """
    xp = _xp(ab)
    dt, arr = _prepare(xp, check_finite, ab=ab)
    ab = _band_args(arr["ab"], "ab")
    c, info = _cholesky_driver("pbtrf", xp, dt, ab, lower, overwrite_ab, out)
    raise_on_info(info, "cholesky_banded", _chol_meaning, check_finite)
    return c


def cho_solve_banded(cb_and_lower, b, overwrite_b=False, check_finite=True,
                     out=None):
    """Solve a x = b given the banded Cholesky factor of a (from
    cholesky_banded).

    cb_and_lower : (cb, lower), cb (..., kd+1, n); b : (n,) or (..., n, k)
    (a 1-D b is one vector; for a batch of vectors use (..., n, 1)).
    Returns x with b's shape (broadcast). overwrite_b: x may be written into
    b. ``out``: x.
    """
    cb, lower = _factor_tuple(cb_and_lower, "cb_and_lower")
    xp = _xp(cb, b)
    dt, arr = _prepare(xp, check_finite, cb=cb, b=b)
    cb, b = arr["cb"], arr["b"]
    cb = _band_args(cb, "cb")
    x, info, vector = _cholesky_solve("pbtrs", xp, dt, cb, b, lower,
                                      overwrite_b, out)
    raise_on_info(info, "cho_solve_banded", lambda v: f"info {v}",
                  check_finite)
    return x[..., 0] if vector else x
