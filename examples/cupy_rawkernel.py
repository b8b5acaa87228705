"""A CuPy RawKernel of your own that calls batchla's core routine bla_dsteqr,
one symmetric tridiagonal eigenproblem per GPU thread.

batchla's core headers are header-only and device-callable: NVRTC compiles
them at run time with only batchla's include directory on its path. This is
the route to fuse a batchla routine into a kernel that also builds the
matrices and consumes the eigenvectors, with no batch driver in between.

The batch is stored interleaved (entry i of problem p at i * count + p), so
that neighbouring threads touch neighbouring addresses. Needs a GPU and
CuPy; the eigenvalues are checked against NumPy.

    python examples/cupy_rawkernel.py [count] [n]
"""

import sys

import numpy as np

import batchla

# One problem per thread. d (n x count), e ((n-1) x count) and z
# (n x n x count) are interleaved over the batch; steqr with
# BLA_COMPZ_INIT needs no work array.
KERNEL_SOURCE = r"""
#include <batchla/core/steqr.h>

extern "C" __global__ void tridiagonal_eigh(double *d, double *e, double *z,
                                            int *info, long long count,
                                            long long n) {
  const long long p = blockIdx.x * (long long)blockDim.x + threadIdx.x;
  if (p >= count)
    return;
  bla_dvec w = bla_dvec_make(d + p, n, count);
  bla_dvec off = bla_dvec_make(e + p, n > 0 ? n - 1 : 0, count);
  bla_dmat v = bla_dmat_make(z + p, n, n, count, n * count);
  info[p] = bla_dsteqr(BLA_COMPZ_INIT, w, off, v, bla_dvec_make(0, 0, 1));
}
"""


def compile_options():
    """NVRTC options: batchla's headers and C++ (the headers are C, and
    compile as CUDA C++ like any other NVRTC source)."""
    return ("-I" + batchla.include_dir(), "--std=c++17")


def main(count=100000, n=16):
    import cupy as cp

    rng = np.random.default_rng(0)
    d = rng.standard_normal((n, count))
    e = rng.standard_normal((n - 1, count))

    module = cp.RawModule(code=KERNEL_SOURCE, options=compile_options())
    kernel = module.get_function("tridiagonal_eigh")
    d_dev = cp.asarray(d)
    e_dev = cp.asarray(e)
    z_dev = cp.empty((n, n, count))
    info = cp.empty(count, dtype=cp.int32)
    threads = 128
    blocks = (count + threads - 1) // threads
    kernel((blocks,), (threads,),
           (d_dev, e_dev, z_dev, info, np.int64(count), np.int64(n)))
    cp.cuda.get_current_stream().synchronize()

    if int(cp.count_nonzero(info)) != 0:
        raise RuntimeError("bla_dsteqr failed on some problems")
    w = cp.asnumpy(d_dev).T  # (count, n), ascending
    t = np.zeros((8, n, n))
    for k in range(8):  # spot-check a few problems against NumPy
        t[k] = np.diag(d[:, k]) + np.diag(e[:, k], 1) + np.diag(e[:, k], -1)
    err = np.max(np.abs(w[:8] - np.linalg.eigvalsh(t)))
    print(f"{count} problems of order {n}: eigenvalues agree with NumPy "
          f"to {err:.1e}")
    if not err < 1e-12 * n:
        raise RuntimeError("eigenvalues disagree with NumPy")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
