"""The CuPy dispatch code (batchla/_cuda.py) without a GPU: a stand-in for
CuPy whose arrays live in host memory and carry __cuda_array_interface__,
with the drivers called through the same ctypes bindings on the host
backend. This checks everything the GPU path does except the device
itself: detection, dtype and shape handling, the views built from CuPy
strides, the copies into outputs, broadcasting, masks and errors. The
real device run is test_cupy.py."""

import importlib
import sys
import types

import numpy as np
import pytest

import batchla as bl
from batchla import _capi
from cupy_cases import NAMES, cases


class DevArray(np.ndarray):
    """A host array that looks like a device array to batchla."""

    @property
    def __cuda_array_interface__(self):
        return {"shape": self.shape, "typestr": self.dtype.str,
                "data": (self.ctypes.data, False), "version": 3,
                "strides": self.strides}

    @property
    def data(self):
        return types.SimpleNamespace(ptr=self.ctypes.data)

    def get(self):
        return np.array(self)


def _dev(v):
    if isinstance(v, np.ndarray) or np.isscalar(v):
        return np.asarray(v).view(DevArray)
    if isinstance(v, tuple):
        return tuple(_dev(x) for x in v)
    if isinstance(v, list):
        return [_dev(x) for x in v]
    return v


def _plain(v):
    if isinstance(v, DevArray):
        return np.asarray(v)
    if isinstance(v, (tuple, list)):
        return type(v)(_plain(x) for x in v)
    return v


class FakeCuPy(types.ModuleType):
    """numpy under CuPy's name: every function's results become DevArrays."""

    ndarray = DevArray

    def __init__(self):
        super().__init__("cupy")
        self.cuda = types.SimpleNamespace(
            get_current_stream=lambda: types.SimpleNamespace(ptr=None))
        self.calls = 0

    def asarray(self, x, dtype=None):
        return _dev(np.asarray(_plain(x), dtype=dtype))

    def __getattr__(self, name):
        f = getattr(np, name)
        if not callable(f):
            return f

        def wrapped(*args, **kwargs):
            return _dev(f(*_plain(args), **{k: _plain(v)
                                            for k, v in kwargs.items()}))
        return wrapped


@pytest.fixture
def fake_cupy(monkeypatch):
    fake = FakeCuPy()
    monkeypatch.setitem(sys.modules, "cupy", fake)
    monkeypatch.setattr(_capi, "cuda_available", lambda: True)

    def host_instead(stream_ptr):
        fake.calls += 1
        return _capi.host_exec()

    monkeypatch.setattr(_capi, "cuda_exec", host_instead)
    monkeypatch.delitem(sys.modules, "batchla._cuda", raising=False)
    importlib.import_module("batchla._cuda")
    yield fake
    sys.modules.pop("batchla._cuda", None)


def test_batchla_does_not_import_cupy():
    code = ("import sys, batchla, numpy; batchla.schur(numpy.eye(3)); "
            "assert 'cupy' not in sys.modules")
    import subprocess
    subprocess.run([sys.executable, "-c", code], check=True)


@pytest.mark.parametrize("dtype", [np.float32, np.float64],
                         ids=["float32", "float64"])
@pytest.mark.parametrize("name", NAMES)
def test_device_path_matches_host_path(fake_cupy, name, dtype):
    for n, call, ref in cases(fake_cupy, dtype):
        if n == name:
            break
    before = fake_cupy.calls
    got = call()
    assert fake_cupy.calls > before, "the CUDA path was not taken"
    assert len(got) == len(ref)
    for g, r in zip(got, ref):
        assert isinstance(g, DevArray)
        assert g.dtype == r.dtype and g.shape == r.shape
        np.testing.assert_array_equal(np.asarray(g), r)


def test_device_path_errors(fake_cupy):
    s = np.stack([np.eye(3), -np.eye(3)])
    with pytest.raises(np.linalg.LinAlgError, match=r"\(1,\)"):
        bl.cholesky(_dev(s))
    with pytest.raises(ValueError, match="infs or NaNs"):
        bl.schur(_dev(np.full((2, 2), np.nan)))
    with pytest.raises(NotImplementedError):
        bl.schur(_dev(np.eye(2)), out=(np.eye(2), np.eye(2)))
    with pytest.raises(NotImplementedError):
        bl.jn_all(3, _dev(np.ones(2)), out=np.empty((2, 4)))
