"""Argument handling shared by the wrappers: dtypes, shapes, finiteness,
and the per-problem info array turned into exceptions."""

import numpy as np

from . import _gufuncs

_STATUS_BASE = _gufuncs.INFO_STATUS_BASE
_BAD_STRIDE = _gufuncs.INFO_BAD_STRIDE
_STATUS_NAMES = {
    -1: "invalid argument",
    -2: "scratch memory could not be allocated",
    -3: "no usable CUDA device",
    -4: "the CUDA runtime reported an error",
}


class LinAlgError(np.linalg.LinAlgError):
    """A numerical failure in one or more problems of a batch.

    A subclass of numpy.linalg.LinAlgError (which scipy.linalg raises too).
    Attributes: ``info`` (the per-problem info array, batch-shaped),
    ``index`` (the batch index of the first failing problem, a tuple) and
    ``count`` (how many problems failed).
    """

    def __init__(self, message, info=None, index=None, count=0):
        super().__init__(message)
        self.info = info
        self.index = index
        self.count = count


def is_cuda_array(x):
    """True for a device array (CuPy, or anything with
    __cuda_array_interface__)."""
    return hasattr(x, "__cuda_array_interface__")


def any_cuda(*arrays):
    return any(is_cuda_array(a) for a in arrays)


NATIVE_DTYPES = (np.dtype(np.float32), np.dtype(np.float64))


def result_dtype(*arrays):
    """float32 when every floating input is float32 or float16 (and the
    rest are not wider integers), else float64; complex and long double
    are refused."""
    first = arrays[0].dtype if arrays else None
    if first in NATIVE_DTYPES and all(a.dtype == first for a in arrays):
        return first  # the common case, without building dtypes
    kinds = []
    for a in arrays:
        dt = np.dtype(a.dtype)
        if dt.kind == "c":
            raise TypeError("complex input is not supported")
        if dt.kind not in "biuf" or dt.itemsize > 8:
            raise TypeError(f"{dt} input is not supported (float32 or float64)")
        kinds.append(dt if dt.kind == "f" else np.dtype(np.float64))
    dt = np.result_type(*kinds) if kinds else np.dtype(np.float64)
    return np.dtype(np.float32) if dt.itemsize <= 4 else np.dtype(np.float64)


def as_real(x, name, xp=np):
    """x as an array (no copy when it is one); result_dtype then refuses
    the dtypes batchla does not support."""
    try:
        return xp.asarray(x)
    except (TypeError, ValueError) as err:
        raise ValueError(f"{name}: not convertible to an array ({err})") from None


def cast(a, dtype):
    return a if a.dtype == dtype else a.astype(dtype)


def check_finite_arrays(xp, **arrays):
    """ValueError naming the first argument with an Inf or a NaN."""
    for name, a in arrays.items():
        if a.size and not bool(xp.isfinite(a).all()):
            raise ValueError(f"{name} must not contain infs or NaNs")


def require_ndim(a, name, ndim, what):
    if a.ndim < ndim:
        raise ValueError(
            f"{name}: expected {what} with at least {ndim} dimensions, "
            f"got shape {tuple(a.shape)}")


def require_square(a, name):
    require_ndim(a, name, 2, "a square matrix (..., n, n)")
    if a.shape[-1] != a.shape[-2]:
        raise ValueError(
            f"{name}: expected square matrices (..., n, n), got shape "
            f"{tuple(a.shape)}")


def out_tuple(out, n):
    """A user's out= as a tuple of n entries (None: allocate)."""
    if out is None:
        return (None,) * n
    if not isinstance(out, tuple):
        out = (out,)
    if len(out) != n:
        raise ValueError(f"out: expected {n} array(s), got {len(out)}")
    return out


def host_copy(a):
    """A NumPy copy of a device array (CuPy's .get()), or a as an array."""
    return a.get() if is_cuda_array(a) else np.asarray(a)


def raise_on_info(info, what, meaning, check_finite=True, named=()):
    """Turns a batch's info array into the exception a SciPy user expects.

    info codes: 0 success; > 0 a numerical failure (LinAlgError naming the
    first failing batch index and the count); < 0 a non-finite input (with
    check_finite a ValueError; without it the problem's outputs are NaN and
    nothing is raised); the INFO_* chunk codes of the extension (driver
    errors). named: (name, array) pairs of inputs whose every entry the core
    checks, so that their Inf or NaN shows in info instead of a scan before
    the call; the ValueError then names the first such argument."""
    # The common case: every problem succeeded (a batch of one gives a
    # NumPy scalar).
    if type(info) is np.ndarray:
        if not info.any():
            return
    elif isinstance(info, np.generic) and info == 0:
        return
    info = host_copy(info)
    if info.size == 0 or not info.any():
        return
    if (info == _BAD_STRIDE).any():
        raise ValueError(f"{what}: a stride is not a multiple of the item size")
    status = info[(info <= _STATUS_BASE - 1) & (info >= _STATUS_BASE - 4)]
    if status.size:
        code = int(status.flat[0]) - _STATUS_BASE
        if code == -2:
            raise MemoryError(f"{what}: {_STATUS_NAMES[code]}")
        raise RuntimeError(f"{what}: {_STATUS_NAMES.get(code, code)}")
    failed = info > 0
    nfail = int(np.count_nonzero(failed))
    if nfail:
        first = int(np.flatnonzero(failed.ravel())[0])
        index = tuple(int(i) for i in np.unravel_index(first, info.shape))
        value = int(info.ravel()[first])
        where = (f"problem {index} of the batch of shape {info.shape}"
                 if info.ndim else "the problem")
        msg = (f"{what}: {nfail} of {info.size} problem(s) failed; first: "
               f"{where}, info {value}: {meaning(value)}")
        raise LinAlgError(msg, info=info, index=index, count=nfail)
    if check_finite and (info < 0).any():
        check_finite_arrays(np, **{k: host_copy(v) for k, v in named})
        raise ValueError(f"{what}: array must not contain infs or NaNs")
