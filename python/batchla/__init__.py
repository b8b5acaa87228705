"""batchla: many small dense linear-algebra problems and special functions
at once, on the CPU (OpenMP) or a CUDA GPU (CuPy arrays).

The functions mirror SciPy's (scipy.linalg, scipy.special) in name,
arguments, conventions and errors, so that switching is one import, and add
batching: every argument may carry leading batch dimensions, broadcast as
NumPy does. They are NumPy generalized ufuncs underneath (batchla._gufuncs):
any memory layout is used in place, float32 and float64 are native, and the
GIL is released during the computation, so several Python threads can call
at once.
"""

import os

from . import _gufuncs
from ._common import LinAlgError
from ._linalg import (cho_solve, cho_solve_banded, cholesky, cholesky_banded,
                      eigh_tridiagonal, eigvalsh_tridiagonal, hessenberg, qz,
                      qz_eigenvalues, schur, solve_continuous_are,
                      solve_continuous_lyapunov, solve_discrete_are,
                      solve_discrete_lyapunov, solve_sylvester)
from ._special import (jn_all, mathieu_a, mathieu_ab_all, mathieu_b,
                       mathieu_cem, mathieu_modcem1, mathieu_modcem2,
                       mathieu_modsem1, mathieu_modsem2, mathieu_sem,
                       spherical_in_all, spherical_jn_all, spherical_kn_all,
                       spherical_yn_all, yn_all)
from ._spheroidal import (obl_ang1, obl_cv, obl_rad1, obl_rad2, pro_ang1,
                          pro_cv, pro_rad1, pro_rad2, spheroidal_cv_all)
from ._windows import dpss

__version__ = _gufuncs.library_version()

# The directory of the compiled files (the extension, the shared library,
# the headers): the package's own directory once installed.
_HERE = os.path.dirname(os.path.abspath(_gufuncs.__file__))


def include_dir():
    """The directory of batchla's C headers (#include <batchla/batchla.h>),
    for compiling against the shipped library or for CuPy RawModule /
    NVRTC code that includes the core routines."""
    return os.path.join(_HERE, "include")


def library_path():
    """The path of the shipped shared library (libbatchla.so.N)."""
    for name in sorted(os.listdir(_HERE)):
        if name.startswith("libbatchla.so"):
            return os.path.join(_HERE, name)
    raise FileNotFoundError("libbatchla.so is not installed with the package")


def set_num_threads(n):
    """Host (OpenMP) threads each call uses; 0 restores OpenMP's default
    (OMP_NUM_THREADS or the number of CPUs). Applies to every thread of the
    process."""
    _gufuncs.set_num_threads(int(n))


def get_num_threads():
    """The number of host threads each call uses."""
    return _gufuncs.get_num_threads()


def has_cuda():
    """True when the shipped library was built with its CUDA drivers."""
    return _gufuncs.has_cuda()


__all__ = [
    "LinAlgError", "cho_solve", "cho_solve_banded", "cholesky",
    "cholesky_banded", "eigh_tridiagonal", "eigvalsh_tridiagonal", "get_num_threads",
    "has_cuda", "hessenberg", "include_dir", "jn_all", "library_path",
    "mathieu_a", "mathieu_ab_all", "mathieu_b", "mathieu_cem",
    "mathieu_modcem1", "mathieu_modcem2", "mathieu_modsem1", "mathieu_modsem2",
    "mathieu_sem", "obl_ang1", "obl_cv", "obl_rad1", "obl_rad2", "pro_ang1",
    "pro_cv", "pro_rad1", "pro_rad2", "qz", "qz_eigenvalues", "schur",
    "set_num_threads", "spheroidal_cv_all",
    "solve_continuous_are", "solve_continuous_lyapunov", "solve_discrete_are",
    "solve_discrete_lyapunov", "solve_sylvester",
    "spherical_in_all", "spherical_jn_all", "spherical_kn_all",
    "spherical_yn_all", "yn_all",
]
