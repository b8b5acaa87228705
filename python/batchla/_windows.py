"""DPSS (Slepian) windows with scipy.signal.windows.dpss's arguments and
conventions, batched over the half-bandwidth."""

import operator

import numpy as np

from . import _gufuncs
from ._common import raise_on_info

__all__ = ["dpss"]


def dpss(M, NW, Kmax=None, sym=True, norm=None, return_ratios=False):
    """Discrete prolate spheroidal (Slepian) sequences.

    As scipy.signal.windows.dpss(M, NW, Kmax, sym, norm, return_ratios),
    with NW an array: every NW (any shape, float64) gives its own windows,
    shape NW.shape + (Kmax, M), or NW.shape + (M,) when Kmax is None. The
    tapers come from bisection and inverse iteration on the two half-order
    tridiagonal problems of Percival and Walden's formulation (batchla's
    bla_ddpss_batch), with SciPy's sign convention and normalizations
    (norm=2, 'approximate', 'subsample'). Ratios are the concentration
    ratios (eigenvalues of the sinc kernel), NW.shape + (Kmax,).
    """
    if norm is None:
        norm = "approximate" if Kmax is None else 2
    known_norms = (2, "approximate", "subsample")
    if norm not in known_norms:
        raise ValueError(f"norm must be one of {known_norms}, got {norm}")
    singleton = Kmax is None
    kmax = 1 if singleton else operator.index(Kmax)
    M = operator.index(M)
    if M < 0:
        raise ValueError("Window length M must be a non-negative integer")
    nw = np.asarray(NW, dtype=np.float64)
    if M <= 1:  # SciPy's length guard: ones(M), whatever Kmax
        win = np.ones(nw.shape + (M,))
        rat = np.ones(nw.shape + (() if singleton else (1,)))
        return (win, rat) if return_ratios else win
    if not 0 < kmax <= M:
        raise ValueError("Kmax must be greater than 0 and less than M")
    if np.any(nw >= M / 2.0):
        raise ValueError("NW must be less than M/2.")
    if np.any(~(nw > 0)):
        raise ValueError("NW must be positive")
    length = M if sym else M + 1  # sym=False: one sample more, then cut
    windows = np.empty(nw.shape + (kmax, length))
    ratios = np.empty(nw.shape + (kmax,))
    windows, ratios, info = _gufuncs.dpss(nw, out=(windows, ratios, None))
    raise_on_info(info, "dpss", lambda v: f"the eigensolver failed ({v})")
    if norm != 2:
        windows /= windows.max(axis=(-2, -1), keepdims=True)
        if length % 2 == 0:
            if norm == "approximate":
                correction = length**2 / (length**2 + nw)
            else:
                s = np.fft.rfft(windows[..., 0, :])
                shift = -(1 - 1.0 / length) * np.arange(1, length // 2 + 1)
                s[..., 1:] *= 2 * np.exp(-1j * np.pi * shift)
                correction = length / s.real.sum(axis=-1)
            windows *= np.asarray(correction)[..., None, None]
    if not sym:
        windows = windows[..., :-1]
    if singleton:
        windows = windows[..., 0, :]
        ratios = ratios[..., 0]
    return (windows, ratios) if return_ratios else windows
