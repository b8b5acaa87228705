"""ctypes bindings of the shipped shared library's batch drivers: the
views and bla_exec as ctypes structures, and the drivers by name.

Used for CuPy arrays (device pointers, CUDA backend) and by the benchmarks
to call a driver directly. The views of both precisions have the same
layout (a data pointer and 64-bit sizes and strides), so one structure
serves bla_dvec and bla_svec alike."""

import ctypes

BLA_HOST = 0
BLA_CUDA = 1
BLA_COMPZ_NONE, BLA_COMPZ_INIT = 0, 1
BLA_JOB_EIGENVALUES, BLA_JOB_SCHUR = 0, 1
BLA_UPPER, BLA_LOWER = 0, 1
BLA_MATHIEU_CE, BLA_MATHIEU_SE = 0, 1

_i64 = ctypes.c_int64
_ptr = ctypes.c_void_p
_int = ctypes.c_int


class Exec(ctypes.Structure):
    _fields_ = [("backend", _int), ("threads", _int), ("stream", _ptr),
                ("size", ctypes.c_size_t), ("workspace", _ptr)]


class Vec(ctypes.Structure):
    _fields_ = [("data", _ptr), ("n", _i64), ("inc", _i64)]


class VecBatch(ctypes.Structure):
    _fields_ = [("data", _ptr), ("count", _i64), ("n", _i64), ("bs", _i64),
                ("inc", _i64)]


class MatBatch(ctypes.Structure):
    _fields_ = [("data", _ptr), ("count", _i64), ("rows", _i64),
                ("cols", _i64), ("bs", _i64), ("rs", _i64), ("cs", _i64)]


def host_exec(threads=0):
    return Exec(BLA_HOST, threads, None, ctypes.sizeof(Exec), None)


def cuda_exec(stream_ptr):
    return Exec(BLA_CUDA, 0, stream_ptr, ctypes.sizeof(Exec), None)


# Argument types of each driver family, both precisions (bla_d..., bla_s...).
_E = ctypes.POINTER(Exec)
_SIGNATURES = {
    "sterf_batch": [VecBatch, VecBatch, _ptr, _E],
    "steqr_batch": [_int, VecBatch, VecBatch, MatBatch, _ptr, _E],
    "gehrd_batch": [MatBatch, VecBatch, _ptr, _E],
    "orghr_batch": [MatBatch, VecBatch, _ptr, _E],
    "schur_batch": [MatBatch, VecBatch, VecBatch, MatBatch, _ptr, _E],
    "qz_batch": [MatBatch, MatBatch, VecBatch, VecBatch, VecBatch, MatBatch,
                 MatBatch, _ptr, _E],
    "solve_sylvester_batch": [MatBatch, MatBatch, MatBatch, _ptr, _E],
    "solve_continuous_lyapunov_batch": [MatBatch, MatBatch, _ptr, _E],
    "solve_discrete_lyapunov_batch": [MatBatch, MatBatch, _ptr, _E],
    "solve_continuous_are_batch": [MatBatch] * 5 + [_ptr, _E],
    "solve_discrete_are_batch": [MatBatch] * 5 + [_ptr, _E],
    "potrf_batch": [_int, MatBatch, _ptr, _E],
    "potrs_batch": [_int, MatBatch, MatBatch, _ptr, _E],
    "pbtrf_batch": [_int, _i64, MatBatch, _ptr, _E],
    "pbtrs_batch": [_int, _i64, MatBatch, MatBatch, _ptr, _E],
    "bessel_j_all_batch": [Vec, VecBatch, _ptr, _E],
    "bessel_y_all_batch": [Vec, VecBatch, _ptr, _E],
    "sph_bessel_j_all_batch": [Vec, VecBatch, _ptr, _E],
    "sph_bessel_y_all_batch": [Vec, VecBatch, _ptr, _E],
    "sph_bessel_i_all_batch": [Vec, VecBatch, _ptr, _E],
    "sph_bessel_k_all_batch": [Vec, VecBatch, _ptr, _E],
    "mathieu_ab_all_batch": [Vec, VecBatch, VecBatch, _ptr, _E],
    "mathieu_angular_batch": [_int, _ptr, _i64, Vec, Vec, Vec, Vec, _ptr, _E],
    "mathieu_radial_batch": [_int, _ptr, _i64, Vec, Vec, Vec, Vec, Vec, Vec,
                             _ptr, _E],
    "spheroidal_cv_all_batch": [_int, _int, Vec, VecBatch, _ptr, _E],
    "spheroidal_angular_flammer_batch": [_int, _ptr, _i64, _ptr, _i64, Vec,
                                         Vec, Vec, Vec, _ptr, _E],
    "spheroidal_radial_batch": [_int, _ptr, _i64, _ptr, _i64, Vec, Vec, Vec,
                                Vec, Vec, Vec, _ptr, _E],
}

_lib = None


def library():
    """The shipped libbatchla, loaded once."""
    global _lib
    if _lib is None:
        from . import library_path
        lib = ctypes.CDLL(library_path())
        for name, args in _SIGNATURES.items():
            for p in "ds":
                f = getattr(lib, f"bla_{p}{name}")
                f.argtypes = args
                f.restype = _int
        lib.bla_status_string.argtypes = [_int]
        lib.bla_status_string.restype = ctypes.c_char_p
        lib.bla_has_cuda.restype = _int
        _lib = lib
    return _lib


def cuda_available():
    """True when the shipped library has its CUDA drivers."""
    return bool(library().bla_has_cuda())


def driver(name, dtype):
    """The batch driver bla_{d,s}<name> for float64 / float32."""
    import numpy as np
    p = "s" if np.dtype(dtype) == np.float32 else "d"
    return getattr(library(), f"bla_{p}{name}")


def check_status(status, what):
    """A driver's bla_status as an exception (MemoryError for BLA_ERR_ALLOC,
    RuntimeError otherwise)."""
    if status == 0:
        return
    text = library().bla_status_string(status).decode()
    if status == -2:
        raise MemoryError(f"{what}: {text}")
    raise RuntimeError(f"{what}: {text} (status {status})")
