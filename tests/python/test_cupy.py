"""CuPy arrays on a GPU: every function runs the CUDA drivers on CuPy's
current stream and returns CuPy arrays equal (to rounding: a device and
the host may contract differently) to the NumPy results.

Skipped, and reported as skipped, without CuPy, without a CUDA device, or
with a library built without its CUDA drivers."""

import numpy as np
import pytest

import batchla as bl
from cupy_cases import NAMES, cases

cp = pytest.importorskip("cupy", reason="CuPy is not installed")


def _device_count():
    try:
        return cp.cuda.runtime.getDeviceCount()
    except Exception:  # no driver, no device
        return 0


pytestmark = [
    pytest.mark.cupy,
    pytest.mark.skipif(_device_count() == 0, reason="no CUDA device"),
    pytest.mark.skipif(not bl.has_cuda(),
                       reason="batchla was built without its CUDA drivers"),
]


def _case(name, dtype):
    for n, call, ref in cases(cp, dtype):
        if n == name:
            return call, ref
    raise KeyError(name)


@pytest.mark.parametrize("dtype", [np.float32, np.float64],
                         ids=["float32", "float64"])
@pytest.mark.parametrize("name", NAMES)
def test_cupy_matches_numpy(name, dtype):
    call, ref = _case(name, dtype)
    got = call()
    assert len(got) == len(ref)
    tol = 1e3 * np.finfo(dtype).eps
    for g, r in zip(got, ref):
        assert isinstance(g, cp.ndarray)
        assert g.dtype == r.dtype and g.shape == r.shape
        g = cp.asnumpy(g)
        scale = max(np.nanmax(np.abs(r), initial=0.0), 1.0)
        np.testing.assert_allclose(g, r, rtol=tol, atol=tol * scale,
                                   equal_nan=True)


def test_cupy_runs_on_the_current_stream():
    a = cp.asarray(np.random.default_rng(0).uniform(-1, 1, (64, 8, 8)))
    stream = cp.cuda.Stream(non_blocking=True)
    with stream:
        t, z = bl.schur(a)
        r = z @ t @ cp.swapaxes(z, -1, -2)
    stream.synchronize()
    assert float(cp.abs(r - a).max()) < 1e-12


def test_cupy_errors():
    a = cp.eye(3)[None].repeat(2, 0)
    a[1] = -a[1]
    with pytest.raises(np.linalg.LinAlgError, match=r"\(1,\)"):
        bl.cholesky(a)
    with pytest.raises(ValueError, match="infs or NaNs"):
        bl.schur(cp.full((2, 2), cp.nan))
    with pytest.raises(NotImplementedError):
        bl.schur(cp.eye(2), out=(cp.eye(2), cp.eye(2)))
