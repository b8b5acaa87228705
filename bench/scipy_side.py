"""What the SciPy comparisons of bench/ share: the library's views and
exec through ctypes, the timing of sides in rotating order, and the
report's formatting."""

import ctypes
import math
import os
import platform
import time

import numpy as np

# ---- the library's views through ctypes ---------------------------------------


class DVec(ctypes.Structure):
    _fields_ = [("data", ctypes.POINTER(ctypes.c_double)),
                ("n", ctypes.c_int64), ("inc", ctypes.c_int64)]


class DVecBatch(ctypes.Structure):
    _fields_ = [("data", ctypes.POINTER(ctypes.c_double)),
                ("count", ctypes.c_int64), ("n", ctypes.c_int64),
                ("bs", ctypes.c_int64), ("inc", ctypes.c_int64)]


class Exec(ctypes.Structure):
    """bla_exec, every field (size 0: no fields beyond these; workspace
    NULL). A struct that ended at stream let the library read size and
    workspace from whatever memory followed it."""
    _fields_ = [("backend", ctypes.c_int), ("threads", ctypes.c_int),
                ("stream", ctypes.c_void_p), ("size", ctypes.c_size_t),
                ("workspace", ctypes.c_void_p)]


def dptr(a):
    return a.ctypes.data_as(ctypes.POINTER(ctypes.c_double))


def dvec(a):
    assert a.dtype == np.float64 and a.flags.c_contiguous
    return DVec(dptr(a), a.size, 1)


def dvec_batch(a):
    """A C-contiguous (count, n) array as a packed batch."""
    assert a.dtype == np.float64 and a.flags.c_contiguous and a.ndim == 2
    return DVecBatch(dptr(a), a.shape[0], a.shape[1], a.shape[1], 1)


class Library:
    """The shared library LIB: its version, its status strings, and the
    drivers a comparison declares (each returning a bla_status)."""

    def __init__(self, path, drivers):
        self.lib = lib = ctypes.CDLL(os.path.abspath(path))
        lib.bla_version.restype = ctypes.c_char_p
        lib.bla_status_string.restype = ctypes.c_char_p
        lib.bla_status_string.argtypes = [ctypes.c_int]
        for name, argtypes in drivers.items():
            getattr(lib, name).restype = ctypes.c_int
            getattr(lib, name).argtypes = argtypes
        self.version = lib.bla_version().decode()

    def call(self, name, *args):
        """The driver name on args; a status other than BLA_OK raises."""
        st = getattr(self.lib, name)(*args)
        if st != 0:
            raise RuntimeError("%s: %s" % (
                name, self.lib.bla_status_string(st).decode()))


def iptr(a):
    assert a.dtype == np.int32
    return a.ctypes.data_as(ctypes.POINTER(ctypes.c_int))


def exec_host(threads):
    """A pointer to a host bla_exec with that many threads."""
    return ctypes.byref(Exec(0, threads, None, 0, None))


# ---- timing -------------------------------------------------------------------


def time_sides(sides, reps):
    """sides: list of (name, fn). Rotating order, reps rounds; returns
    {name: [seconds, ...]}."""
    t = {name: [] for name, _ in sides}
    for r in range(reps):
        order = sides[r % len(sides):] + sides[:r % len(sides)]
        for name, fn in order:
            t0 = time.perf_counter()
            fn()
            t[name].append(time.perf_counter() - t0)
    return t


def stats(ts):
    ts = sorted(ts)
    med = ts[len(ts) // 2] if len(ts) % 2 else 0.5 * (
        ts[len(ts) // 2 - 1] + ts[len(ts) // 2])
    return ts[0], med, (ts[-1] - ts[0]) / med


def fmt_err(e):
    if e is None:
        return "n/a"
    if not math.isfinite(e):
        return "inf (NaN)"
    return "%.1e" % e


def compact(idx):
    """Runs of consecutive integers as 'a-b'."""
    idx = [int(i) for i in idx]
    if not idx:
        return "none"
    out, s, p = [], idx[0], idx[0]
    for i in idx[1:] + [None]:
        if i is not None and i == p + 1:
            p = i
            continue
        out.append("%d" % s if s == p else "%d-%d" % (s, p))
        if i is not None:
            s = p = i
    return ",".join(out)


def cpu_model():
    try:
        with open("/proc/cpuinfo") as fh:
            for line in fh:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"
