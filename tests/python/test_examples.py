"""The Python examples: the CuPy RawKernel's source compiles under NVRTC
against the installed headers (the toolkit's libnvrtc, no GPU needed), and
the Dask example's pipeline agrees with one process."""

import ctypes
import ctypes.util
import glob
import importlib.util
import os

import numpy as np
import pytest

import batchla

EXAMPLES = os.path.join(os.path.dirname(__file__), "..", "..", "examples")


def _load(name):
    spec = importlib.util.spec_from_file_location(
        name, os.path.join(EXAMPLES, name + ".py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _libnvrtc():
    names = [ctypes.util.find_library("nvrtc")]
    names += sorted(glob.glob("/usr/local/cuda/lib64/libnvrtc.so*"))
    for name in names:
        if name:
            try:
                return ctypes.CDLL(name)
            except OSError:
                pass
    return None


def test_cupy_rawkernel_source_compiles_under_nvrtc():
    lib = _libnvrtc()
    if lib is None:
        pytest.skip("libnvrtc not found (CUDA toolkit not installed)")
    example = _load("cupy_rawkernel")
    prog = ctypes.c_void_p()
    src = example.KERNEL_SOURCE.encode()
    assert lib.nvrtcCreateProgram(ctypes.byref(prog), src, b"rawkernel.cu",
                                  0, None, None) == 0
    opts = [o.encode() for o in example.compile_options()]
    opts.append(b"--gpu-architecture=compute_90")
    argv = (ctypes.c_char_p * len(opts))(*opts)
    rc = lib.nvrtcCompileProgram(prog, len(opts), argv)
    size = ctypes.c_size_t()
    lib.nvrtcGetProgramLogSize(prog, ctypes.byref(size))
    log = ctypes.create_string_buffer(size.value)
    lib.nvrtcGetProgramLog(prog, log)
    ptx_size = ctypes.c_size_t()
    lib.nvrtcGetPTXSize(prog, ctypes.byref(ptx_size))
    lib.nvrtcDestroyProgram(ctypes.byref(prog))
    assert rc == 0, log.value.decode(errors="replace")
    assert ptx_size.value > 1000


def test_dask_example_matches_one_process():
    pytest.importorskip("dask", reason="dask is not installed")
    example = _load("dask_batch")
    d, e = example.problems(3000, 16, chunk=700, seed=3)
    w = example.eigenvalues(d, e)
    assert w.chunks[0] == d.chunks[0]
    w_dask = w.compute(scheduler="threads")
    d1, e1 = d.compute(), e.compute()
    w_one = batchla.eigvalsh_tridiagonal(d1, e1)
    assert w_dask.shape == (3000, 16)
    assert np.array_equal(w_dask, w_one)
    assert np.allclose(w_one.sum(axis=-1), d1.sum(axis=-1))
