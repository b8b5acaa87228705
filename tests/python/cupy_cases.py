"""Calls of every function on device arrays, shared by test_cupy.py (real
CuPy on a GPU) and test_cuda_path.py (the same dispatch code over a
host-memory stand-in for CuPy). Each case returns the device result and
the NumPy result for the same inputs."""

import numpy as np

import batchla as bl
from helpers import general, spd, to_band, tridiagonal


def _rng():
    return np.random.default_rng(42)


def cases(xp, dtype):
    """(name, call(xp) -> tuple of device arrays, the NumPy reference
    tuple) for each function; xp.asarray moves an input to the device."""
    rng = _rng()
    d, e = tridiagonal("random", 7, dtype, rng, count=3)
    d, e = d.astype(dtype), e.astype(dtype)
    a = general("random", 6, dtype, rng, count=4).astype(dtype)
    b = general("random", 6, dtype, rng, count=4).astype(dtype)
    s = spd("random", 5, dtype, rng, count=3).astype(dtype)
    ab = to_band(spd("random", 9, dtype, rng, count=3, kd=2), 2, True)
    ab = ab.astype(dtype)
    rhs = rng.uniform(-1, 1, (3, 5, 2)).astype(dtype)
    rhs9 = rng.uniform(-1, 1, (2, 1, 9, 2)).astype(dtype)
    x = np.linspace(0.5, 20, 6).astype(dtype)
    q = np.linspace(0.5, 15, 4).astype(dtype)
    deg = np.linspace(0, 360, 5).astype(dtype)
    # Matrix equations: a shifted stable (its eigenvalues away from those
    # of -a^T and b), Riccati problems with q, r positive definite.
    st = (a / 4 - 2 * np.eye(6)).astype(dtype)
    sym = (b + b.swapaxes(-1, -2)).astype(dtype)
    bm = rng.uniform(-1, 1, (4, 6, 3)).astype(dtype)
    qp = (sym @ sym + np.eye(6)).astype(dtype)
    rp = np.diag([1.0, 2.0, 3.0]).astype(dtype)
    c = bl.cholesky(s)
    cb = bl.cholesky_banded(ab, lower=True)

    def dev(v):
        return xp.asarray(v)

    def tup(v):
        return v if isinstance(v, tuple) else (v,)

    table = [
        ("eigvalsh_tridiagonal",
         lambda: bl.eigvalsh_tridiagonal(dev(d), dev(e)),
         bl.eigvalsh_tridiagonal(d, e)),
        ("eigh_tridiagonal (broadcast e)",
         lambda: bl.eigh_tridiagonal(dev(d), dev(e[:1])),
         bl.eigh_tridiagonal(d, e[:1])),
        ("hessenberg", lambda: bl.hessenberg(dev(a)), bl.hessenberg(a)),
        ("hessenberg calc_q", lambda: bl.hessenberg(dev(a), calc_q=True),
         bl.hessenberg(a, calc_q=True)),
        ("schur", lambda: bl.schur(dev(a)), bl.schur(a)),
        ("schur (Fortran order, reversed batch)",
         lambda: bl.schur(dev(np.asfortranarray(a))[::-1]), bl.schur(a[::-1])),
        ("qz", lambda: bl.qz(dev(a), dev(b)), bl.qz(a, b)),
        ("qz_eigenvalues", lambda: bl.qz_eigenvalues(dev(a), dev(b)),
         bl.qz_eigenvalues(a, b)),
        ("solve_sylvester (broadcast b)",
         lambda: bl.solve_sylvester(dev(st), dev(st[0, :3, :3]), dev(bm)),
         bl.solve_sylvester(st, st[0, :3, :3], bm)),
        ("solve_continuous_lyapunov",
         lambda: bl.solve_continuous_lyapunov(dev(st), dev(sym)),
         bl.solve_continuous_lyapunov(st, sym)),
        ("solve_discrete_lyapunov (broadcast q)",
         lambda: bl.solve_discrete_lyapunov(dev(a / 8), dev(sym[0])),
         bl.solve_discrete_lyapunov(a / 8, sym[0])),
        ("solve_continuous_are (broadcast r)",
         lambda: bl.solve_continuous_are(dev(a), dev(bm), dev(qp), dev(rp)),
         bl.solve_continuous_are(a, bm, qp, rp)),
        ("solve_discrete_are (Fortran order)",
         lambda: bl.solve_discrete_are(dev(np.asfortranarray(a)), dev(bm),
                                       dev(qp), dev(rp)),
         bl.solve_discrete_are(a, bm, qp, rp)),
        ("cholesky", lambda: bl.cholesky(dev(s)), bl.cholesky(s)),
        ("cholesky lower", lambda: bl.cholesky(dev(s), lower=True),
         bl.cholesky(s, lower=True)),
        ("cho_solve", lambda: bl.cho_solve((dev(c), False), dev(rhs)),
         bl.cho_solve((c, False), rhs)),
        ("cho_solve (one factor, a vector)",
         lambda: bl.cho_solve((dev(c[1]), False), dev(rhs[0, :, 0])),
         bl.cho_solve((c[1], False), rhs[0, :, 0])),
        ("cholesky_banded", lambda: bl.cholesky_banded(dev(ab), lower=True),
         bl.cholesky_banded(ab, lower=True)),
        ("cho_solve_banded (broadcast)",
         lambda: bl.cho_solve_banded((dev(cb), True), dev(rhs9)),
         bl.cho_solve_banded((cb, True), rhs9)),
        ("jn_all", lambda: bl.jn_all(8, dev(x)), bl.jn_all(8, x)),
        ("yn_all", lambda: bl.yn_all(8, dev(x[::-2])), bl.yn_all(8, x[::-2])),
        ("spherical_jn_all", lambda: bl.spherical_jn_all(5, dev(x)),
         bl.spherical_jn_all(5, x)),
        ("spherical_yn_all", lambda: bl.spherical_yn_all(5, dev(x)),
         bl.spherical_yn_all(5, x)),
        ("spherical_in_all", lambda: bl.spherical_in_all(5, dev(x)),
         bl.spherical_in_all(5, x)),
        ("spherical_kn_all", lambda: bl.spherical_kn_all(5, dev(x)),
         bl.spherical_kn_all(5, x)),
        ("mathieu_ab_all", lambda: bl.mathieu_ab_all(dev(q), 6),
         bl.mathieu_ab_all(q, 6)),
        ("mathieu_a", lambda: bl.mathieu_a(dev(np.arange(4)), dev(q[:, None])),
         bl.mathieu_a(np.arange(4), q[:, None])),
        ("mathieu_b", lambda: bl.mathieu_b(dev(np.arange(1, 4)),
                                           dev(q[:, None])),
         bl.mathieu_b(np.arange(1, 4), q[:, None])),
        ("mathieu_cem", lambda: bl.mathieu_cem(dev(np.arange(3)[:, None]),
                                               dev(q[:3, None]), dev(deg)),
         bl.mathieu_cem(np.arange(3)[:, None], q[:3, None], deg)),
        ("mathieu_sem", lambda: bl.mathieu_sem(2, dev(q), dev(deg[1:])),
         bl.mathieu_sem(2, q, deg[1:])),
        ("mathieu_modcem1", lambda: bl.mathieu_modcem1(1, dev(q), dev(x[:4])),
         bl.mathieu_modcem1(1, q, x[:4])),
        ("mathieu_modcem2", lambda: bl.mathieu_modcem2(1, dev(q), dev(x[:4])),
         bl.mathieu_modcem2(1, q, x[:4])),
        ("mathieu_modsem1", lambda: bl.mathieu_modsem1(2, dev(q), dev(x[:4])),
         bl.mathieu_modsem1(2, q, x[:4])),
        ("mathieu_modsem2", lambda: bl.mathieu_modsem2(2, dev(q), dev(x[:4])),
         bl.mathieu_modsem2(2, q, x[:4])),
    ]
    return [(name, (lambda f=f: tup(f())), tup(ref))
            for name, f, ref in table]


NAMES = [name for name, _, _ in cases(np, np.float64)]
