#!/usr/bin/env python3
"""Reference values for the spheroidal wave function tests
(spheroidal_ref.txt): characteristic values, angular functions of the
first kind and radial functions of both kinds, prolate and oblate,
computed with mpmath in high precision.

Conventions. Kind P = prolate, gamma^2 = c^2; kind O = oblate,
gamma^2 = -c^2; c >= 0.

Characteristic values lambda_mn(c) as in Flammer (1957), Abramowitz and
Stegun ch. 21 and SciPy (scipy.special.pro_cv, obl_cv): lambda_mn =
DLMF's lambda^m_n(gamma^2) + gamma^2, -> n(n+1) as c -> 0.

Angular functions: DLMF 30.4's Ps^m_n(eta, gamma^2) = sum' d_r
P^m_{m+r}(eta) (r = 0, 2, 4, ... for n - m even, 1, 3, 5, ... for odd),
P^m_j the Ferrers function with the (-1)^m of DLMF 14.6.1 (as
mpmath.legenp(j, m, x, type=2)), with the Meixner-Schafke normalization
  int_{-1}^{1} Ps^2 = 2/(2n+1) (n+m)!/(n-m)!  (DLMF 30.4.1)
and the sign of DLMF 30.4.2: Ps(0) has the sign of P^m_n(0) for n - m
even, Ps'(0) that of P^m_n'(0) for n - m odd. The d_r solve Flammer's
recurrence (3.1.4), equivalent to DLMF 30.8.4 with d_{2k or 2k+1} =
(-1)^k a^m_{n,k} up to the sign convention,
  alpha_r d_{r+2} + (beta_r - lambda) d_r + gamma_r d_{r-2} = 0,
  alpha_r = (2m+r+2)(2m+r+1) g / ((2m+2r+3)(2m+2r+5)),
  beta_r  = (m+r)(m+r+1) + (2(m+r)(m+r+1) - 2m^2 - 1) g
                           / ((2m+2r-1)(2m+2r+3)),
  gamma_r = r(r-1) g / ((2m+2r-3)(2m+2r-1)),       g = gamma^2 = +-c^2,
which is symmetric in the orthonormal basis P^m_j/||P^m_j|| (the vector
w_r = ||P^m_{m+r}|| d_r, ||P^m_j||^2 = 2/(2j+1) (j+m)!/(j-m)!): one
symmetric tridiagonal matrix per parity of n - m; its k-th eigenvalue in
ascending order is lambda_mn with n = m + parity + 2k, for every real g
(the eigenvalues of a tridiagonal matrix with nonzero off-diagonal are
simple and are n(n+1) in that order at g = 0). ||w||_2 = ||P^m_n|| is the
Meixner-Schafke normalization.
SciPy's pro_ang1/obl_ang1 use Flammer's normalization instead (S(0) =
P^m_n(0) for n - m even, S'(0) = P^m_n'(0) for odd, with Flammer's P^m_n
which lacks the (-1)^m): the flam records give F with
S_Flammer = F Ps, F = (-1)^m P^m_n(0) / Ps(0) (even), (-1)^m P^m_n'(0) /
Ps'(0) (odd), P^m_n the Ferrers function above.

Radial functions: prolate, xi >= 1: Flammer's R^(1)_mn(c, xi),
R^(2)_mn(c, xi) (= DLMF 30.11's S^(1)_mn(z, gamma), S^(2)_mn(z, gamma)
with z = xi); oblate, xi >= 0: Flammer's R^(j)_mn(-ic, i xi). Both are
the Bessel product series (Flammer 4.1.16, 4.1.17; 4.6.1 for oblate)
  R^(1) = [sum' f_r]^-1 ((xi^2 -+ 1)/xi^2)^(m/2)
          sum' i^(r+m-n) f_r j_{m+r}(c xi),       f_r = d_r (2m+r)!/r!,
  R^(2) likewise with y_{m+r} (- for prolate, + for oblate), so that
R^(1) ~ j_n(c xi), R^(2) ~ y_n(c xi) as xi -> infinity. The d_r of the
oblate case are those at g = -c^2; sum' f_r = (2m)! T(1) below, positive
by the sign convention. They satisfy the radial equations (DLMF 30.2.1
with x = xi, resp. x = i xi, and lambda_Flammer = lambda_DLMF + gamma^2)
  prolate: d/dxi((xi^2-1) dR/dxi) - (lambda - c^2 xi^2 + m^2/(xi^2-1)) R = 0
  oblate:  d/dxi((xi^2+1) dR/dxi) - (lambda - c^2 xi^2 - m^2/(xi^2+1)) R = 0
and have the Wronskian R1 R2' - R1' R2 = 1/(c (xi^2 -+ 1)); both are
checked for every radial record.

Method. lambda: the k-th eigenvalue located by bisection on the Sturm
count in double precision, refined in mpmath by Rayleigh quotient
iteration, and its rank k confirmed by the Sturm count (Sylvester's
inertia of T - sigma I) in mpmath halfway to the neighbours; the
eigenvector by inverse iteration (tests/data/mp_tridiag.py) until every
component is stable in its own leading digits, then continued beyond the rows where it
falls below 1e-20 of its largest component by the ratios d_r/d_{r-2} of
the minimal solution of the recurrence (backward continued fraction), as
far as the slowly converging y-series needs (term ratio ~ 1/xi^2; tens of
thousands of terms at xi = 1.005). Angular functions through the
Gegenbauer form P^m_j(x) = (-1)^m (2m-1)!! (1-x^2)^(m/2) C^(m+1/2)_{j-m}(x)
(so that eta = +-1 needs no limit): Ps = (-1)^m (2m-1)!! (1-x^2)^(m/2)
T(x), T = sum' d_r C^(m+1/2)_r. The sign of DLMF 30.4.2 is fixed at
eta = 0 or, equivalently, by T(1) > 0 (the leading coefficient at the
regular singular point eta = 1 can never vanish, so its sign is that at
c = 0); whichever is better conditioned is used, and both must agree
where both are above the rounding level.

Every quantity is computed twice: at mp.dps = 50 + the digits its
cancellation costs (sum of |terms| over |sum|, measured, e.g.
exp(-c (1-|eta|)) for oblate angular values at large c; rounded up to
one of EXTRA_LEVELS, points needing more than the last are dropped,
e.g. oblate angular values at c = 1000, |eta| <= 0.3) with N matrix rows
(enough that the last row's coefficient is below 1e-(dps+10) of the
largest), and again with 20 more digits and 20 more rows (and longer
series); both must agree to AGREE (1e-30 relative; characteristic values
1e-35 relative to max(|lambda|, 1)), else the point is dropped and
counted. The second is written, to 25 significant digits.

Radial second methods: R2 of the prolate kind at xi < 2 (near the
singular point xi = 1) is also obtained by Taylor-series integration of
the radial equation from xi0 = 2, where the series converge fast (ratio
1/4), and must agree with the y-series; the oblate functions at xi <= 1
(where the y-series does not converge) come from the same integration
from xi0 = 2 in the first run and from xi0 = 3 in the second. The
Wronskian is asserted to 1e-30 relative for every record written.

The script asserts published values (SciPy/Van Buren): pro_cv(0,0,10),
pro_cv(0,3,100), obl_cv(0,3,100); Van Buren's prolate c = 100, xi = 1.05,
m = n = 0 radial values; and, when scipy is importable, a few small-c
values of pro_cv, obl_cv, pro_rad1, pro_rad2, obl_rad1 against SciPy.

Usage: python3 tests/data/gen_spheroidal_ref.py [output] [--parts=cv,ang,rad]
[--keep-from=FILE] (default: the spheroidal_ref.txt next to this script,
all sections; --keep-from copies the records of the sections not
generated from an earlier output, and their published values are checked
again). The committed file: the cv section (about 10 minutes on 2 cores),
then ang,rad with --keep-from (about 20 minutes on 2 shared cores).
Part largec (radial records at c = 20 to 300, prolate and oblate, where
for prolate the Bessel series' normalizing sum cancels and many extra
digits are carried, and angular records at c = 100 and 1000) goes to its
own file: --parts=largec tests/data/spheroidal_ref_large_c.txt.

File format (plain text, '#' lines are comments, fields separated by one
space, values with 25 significant digits, c, eta, xi as Python's repr of
the double used):
  cv  K m n c lambda
  ang K m n c eta s sp          s = Ps^m_n(eta, gamma^2), sp = d/deta
  rad K m n c xi r1 r1p r2 r2p  R^(1), dR^(1)/dxi, R^(2), dR^(2)/dxi
  flam K m n c factor           S_Flammer = factor * Ps
K is P or O.
"""

import math
import multiprocessing
import os
import sys

import mpmath
from mpmath import mp
from mpmath.matrices.eigen_symmetric import tridiag_eigen

from mp_tridiag import inverse_iteration

BASE_DPS = 50
CHECK_EXTRA = 20
EIG_AGREE = mpmath.mpf("1e-35")
AGREE = mpmath.mpf("1e-30")
WRONSKIAN_TOL = mpmath.mpf("1e-30")
WRITE_DIGITS = 25
QL_ROWS = 0              # larger matrices: double seed + Rayleigh quotient
EXTRA_LEVELS = [0, 30, 60, 120, 250]   # extra digits for cancellation
KEEP_DIGITS = 45          # digits that must survive the cancellation

CV_M = [0, 1, 2, 5, 10]
CV_C = [0.1, 1.0, 4.0, 10.0, 40.0, 100.0, 400.0, 1000.0]
CV_NMAX = 40
CV_SPARSE = [(0, 100, c) for c in (1.0, 100.0, 1000.0)] + \
    [(0, 300, c) for c in (10.0, 400.0)] + \
    [(m, 1000, c) for m in (0, 5) for c in (1.0, 1000.0)]
ANG_M = [0, 1, 2, 5, 10]
ANG_NM = [0, 1, 2, 5, 10, 20, 40]
ANG_C = [0.1, 1.0, 10.0]   # c >= 100: too slow for the time budget
ANG_NM_1000 = [0, 1, 5, 20]  # n - m at c = 1000 (time)
ANG_ETA = [-1.0, -0.9, -0.5, 0.0, 0.3, 0.7, 0.99, 1.0]
RAD_M = [0, 1, 2, 5]
RAD_NM = [0, 1, 5, 10, 20]
RAD_C = [0.1, 1.0, 10.0]   # c >= 100: too slow for the time budget
RAD_XI = {"P": [1.005, 1.05, 1.2, 2.0, 5.0, 10.0],
          "O": [0.0, 0.1, 0.5, 1.0, 2.0, 10.0]}
RAD_EXTRA = [("P", 0, 0, 100.0, 1.05)]     # Van Buren's table
# Part largec (its own file, spheroidal_ref_large_c.txt): radial functions
# at c >> n (prolate: where the expansion at eta = 1 cancels) and angular
# functions at c = 100 and 1000.
RAD_LARGE_C = [("P", m, nm, c, xi) for c in (20.0, 50.0, 100.0, 300.0)
               for m in (0, 1, 3) for nm in (0, 1, 4)
               for xi in (1.005, 1.02, 1.1, 1.5, 3.0, 10.0)] + \
    [("O", m, nm, c, xi) for c in (20.0, 50.0, 100.0)
     for m in (0, 1, 3) for nm in (0, 1, 4)
     for xi in (0.0, 0.1, 0.5, 1.0, 2.0, 10.0)]
ANG_LARGE_C = [(K, m, nm, c) for K in "PO" for c in (100.0, 1000.0)
               for m in (0, 1, 3) for nm in (0, 1, 5, 20)]
FLAM = [(K, m, n, c) for K in "PO" for (m, n) in ((0, 0), (0, 1), (1, 3),
                                                  (2, 2))
        for c in (1.0, 10.0)] + [("P", 0, 0, 100.0)]
XI_ODE = 2                # start of the radial integration (first run)


def check(ok, what):
    if not ok:
        raise RuntimeError("check failed: " + what)


class Drop(Exception):
    """A value that cannot be confirmed: the point is not written."""


def rel_diff(u, w, floor=0):
    if u == w:
        return mpmath.mpf(0)
    return abs(u - w) / max(abs(w), floor)


def fmt(v):
    if v == 0:
        return "0"
    return mpmath.nstr(v, WRITE_DIGITS, min_fixed=0, max_fixed=0)


def coef_fns(g, m):
    """alpha_r, beta_r, gamma_r of Flammer (3.1.4) at g = gamma^2."""
    def alpha(r):
        return (2 * m + r + 2) * (2 * m + r + 1) * g / \
            ((2 * m + 2 * r + 3) * (2 * m + 2 * r + 5))

    def beta(r):
        j = m + r
        return j * (j + 1) + (2 * j * (j + 1) - 2 * m * m - 1) * g / \
            ((2 * j - 1) * (2 * j + 3))

    def gam(r):
        return r * (r - 1) * g / ((2 * m + 2 * r - 3) * (2 * m + 2 * r - 1))
    return alpha, beta, gam


def legnorm2(m, j):
    """||P^m_j||^2 = 2/(2j+1) (j+m)!/(j-m)!."""
    return mpmath.mpf(2) / (2 * j + 1) * mpmath.factorial(j + m) / \
        mpmath.factorial(j - m)


class Spectrum:
    """One parity class (kind, m, p) at c: the symmetric matrix of N rows
    at dps digits, its eigenvalues and signed, normalized d_r."""

    def __init__(self, kind, m, p, c, dps, n, seed=None):
        self.kind, self.m, self.p, self.dps, self.n = kind, m, p, dps, n
        with mp.workdps(dps):
            self.c = mpmath.mpf(c)
            self.g = self.c ** 2 if kind == "P" else -self.c ** 2
            a, b, gm = coef_fns(self.g, m)
            self.fns = (a, b, gm)
            rs = [p + 2 * i for i in range(n)]
            self.nrm = [mpmath.sqrt(legnorm2(m, m + r)) for r in rs]
            self.d = [b(r) for r in rs]
            self.e = [a(rs[i]) * self.nrm[i] / self.nrm[i + 1]
                      for i in range(n - 1)]
            for i in range(min(n - 1, 3)):
                other = gm(rs[i + 1]) * self.nrm[i + 1] / self.nrm[i]
                check(rel_diff(other, self.e[i]) < mp.eps * 100,
                      "symmetrization")
        self._seed = seed
        self._eig = None
        self._vec = {}

    def eigval(self, k):
        """The k-th eigenvalue: by QL, or, given seed values from a run
        with fewer digits, refined by Rayleigh quotient iteration (each
        step about triples the correct digits)."""
        if self._seed is None and self.n <= QL_ROWS:
            if self._eig is None:
                with mp.workdps(self.dps):
                    lam = list(self.d)
                    tridiag_eigen(mp, lam, list(self.e) + [mpmath.mpf(0)])
                    self._eig = lam
            return self._eig[k]
        if self._seed is None:
            self._seed = self._float_seed
        if self._eig is None:
            self._eig = {}
        if k not in self._eig:
            with mp.workdps(self.dps):
                lam = mpmath.mpf(self._seed(k))
                for _ in range(8):
                    w = self._eigvec(lam, loose=True)
                    tw = [self.d[i] * w[i] for i in range(self.n)]
                    for i in range(self.n - 1):
                        tw[i] += self.e[i] * w[i + 1]
                        tw[i + 1] += self.e[i] * w[i]
                    new = mpmath.fsum(a * b for a, b in zip(w, tw))
                    done = abs(new - lam) < mp.eps * 10 * (abs(lam) + 1)
                    lam = new
                    if done:
                        break
                self._eig[k] = lam
                # the k-th in ascending order: Sturm count (LDL^T of
                # T - sigma I) halfway to the neighbours
                lo = self._seed(k - 1) if k > 0 else lam - 1
                hi = self._seed(k + 1) if k + 1 < self.n else lam + 1
                check(self._count_below((lam + lo) / 2) == k and
                      self._count_below((lam + hi) / 2) == k + 1,
                      "eigenvalue order (k = %d)" % k)
        return self._eig[k]

    def _count_below(self, sigma):
        """Number of eigenvalues below sigma (Sylvester's inertia)."""
        cnt = 0
        q = self.d[0] - sigma
        for i in range(self.n):
            if i > 0:
                q = self.d[i] - sigma - self.e[i - 1] ** 2 / q
            if q == 0:
                q = mp.eps
            if q < 0:
                cnt += 1
        return cnt

    def _float_seed(self, k):
        """k-th eigenvalue in double precision by bisection on the Sturm
        count, refined by the Rayleigh quotient iteration above."""
        if not hasattr(self, "_fl"):
            self._fl = ([float(v) for v in self.d],
                        [float(v) ** 2 for v in self.e], {})
        d, e2, memo = self._fl
        if k in memo:
            return memo[k]
        n = len(d)
        rad = [0.0] * n
        for i in range(n - 1):
            rad[i] += math.sqrt(e2[i])
            rad[i + 1] += math.sqrt(e2[i])
        lo = min(d[i] - rad[i] for i in range(n))
        hi = max(d[i] + rad[i] for i in range(n))
        while hi - lo > 1e-15 * max(abs(lo), abs(hi), 1.0):
            mid = 0.5 * (lo + hi)
            if mid in (lo, hi):
                break
            cnt, q = 0, d[0] - mid
            for i in range(n):
                if i > 0:
                    q = d[i] - mid - e2[i - 1] / q
                if q == 0.0:
                    q = 1e-300
                if q < 0.0:
                    cnt += 1
            if cnt > k:
                hi = mid
            else:
                lo = mid
        memo[k] = 0.5 * (lo + hi)
        return memo[k]

    def _eigvec(self, lam, loose=False):
        return inverse_iteration(self.d, self.e, lam, self.dps,
                                 mp.eps * (abs(lam) + abs(self.g) + 1),
                                 2 if loose else None)

    def coefficients(self, k):
        """d_r, r = p, p+2, ... (list index i = (r-p)/2), Meixner-Schafke
        normalized and signed per DLMF 30.4.2."""
        if k in self._vec:
            return self._vec[k]
        with mp.workdps(self.dps):
            w = self._eigvec(self.eigval(k))
            wmax = max(abs(v) for v in w)
            if abs(w[-1]) > wmax * mpmath.mpf(10) ** (-self.dps - 10):
                raise Drop("truncation too small (N = %d)" % self.n)
            nn = self.m + self.p + 2 * k
            scale = mpmath.sqrt(legnorm2(self.m, nn))
            d = [v * scale / nr for v, nr in zip(w, self.nrm)]
            # Sign: T(0) or T'(0) (DLMF 30.4.2) and T(1) > 0.
            m = self.m
            al = mpmath.mpf(m) + mpmath.mpf(1) / 2
            if self.p == 0:
                t0 = [v * gegen0(al, 2 * i) for i, v in enumerate(d)]
            else:
                t0 = [v * 2 * al * gegen0(al + 1, 2 * i)
                      for i, v in enumerate(d)]
            fixed = (-1) ** k
            t1 = [v * gegen1(m, self.p + 2 * i) for i, v in enumerate(d)]
            s0, s1 = fixed * mpmath.fsum(t0), mpmath.fsum(t1)
            r0 = abs(s0) / mpmath.fsum(abs(v) for v in t0)
            r1 = abs(s1) / mpmath.fsum(abs(v) for v in t1)
            noise = mpmath.mpf(10) ** (-(self.dps // 2))
            if r0 > noise and r1 > noise and (s0 > 0) != (s1 > 0):
                raise RuntimeError("sign at 0 and 1 disagree")
            if max(r0, r1) < noise:
                raise Drop("sign undetermined")
            positive = s0 > 0 if r0 >= r1 else s1 > 0
            if not positive:
                d = [-v for v in d]
            self._vec[k] = d
        return d

    def extended(self, k, count):
        """d_r for i = 0 .. count-1, continued past the eigenvector by the
        minimal solution's ratios d_r/d_{r-2} (backward recurrence)."""
        d = self.coefficients(k)
        if count <= len(d):
            return d[:count]
        if not hasattr(self, "_ext"):
            self._ext = {}
        if k in self._ext and len(self._ext[k]) >= count:
            return self._ext[k][:count]
        with mp.workdps(self.dps):
            a, b, gm = self.fns
            lam = self.eigval(k)
            dmax = max(abs(v) for v in d)
            lim = dmax * mpmath.mpf(10) ** -20
            big = max(range(len(d)), key=lambda i: abs(d[i]))
            i0 = next(i for i in range(big + 1, len(d)) if abs(d[i]) < lim)
            top = count + count // 5 + 50
            rho = [mpmath.mpf(0)] * (top + 2)
            for i in range(top, i0, -1):
                r = self.p + 2 * i
                rho[i] = -gm(r) / (b(r) - lam + a(r) * rho[i + 1])
            check(rel_diff(rho[i0 + 1], d[i0 + 1] / d[i0]) <
                  mpmath.mpf(10) ** (25 - self.dps),
                  "tail ratio vs eigenvector")
            out = list(d[:i0 + 1])
            for i in range(i0 + 1, count):
                out.append(out[-1] * rho[i])
        self._ext[k] = out
        return out


def gegen0(al, k):
    """C^al_k(0) (k even)."""
    if k % 2:
        return mpmath.mpf(0)
    h = k // 2
    return (-1) ** h * mpmath.rf(al, h) / mpmath.factorial(h)


def gegen1(m, r):
    """C^(m+1/2)_r(1) = (2m+r)! / ((2m)! r!)."""
    return mpmath.factorial(2 * m + r) / (mpmath.factorial(2 * m) *
                                          mpmath.factorial(r))


def gegen_all(al, x, kmax):
    """C^al_k(x), k = 0 .. kmax."""
    out = [mpmath.mpf(1), 2 * al * x]
    for k in range(2, kmax + 1):
        out.append((2 * x * (k + al - 1) * out[k - 1] -
                    (k + 2 * al - 2) * out[k - 2]) / k)
    return out[:kmax + 1]


def angular(m, p, d, eta):
    """(Ps, Ps', digits lost) at eta (a double) from the d_r; Ps' is None
    where it is infinite (m = 1 at eta = +-1)."""
    x = mpmath.mpf(eta)
    al = mpmath.mpf(m) + mpmath.mpf(1) / 2
    kmax = p + 2 * (len(d) - 1)
    ca = gegen_all(al, x, kmax)
    cb = gegen_all(al + 1, x, kmax)
    tt = [v * ca[p + 2 * i] for i, v in enumerate(d)]
    tp = [v * (2 * al) * cb[p + 2 * i - 1] if p + 2 * i >= 1 else 0
          for i, v in enumerate(d)]
    T, Tp = mpmath.fsum(tt), mpmath.fsum(tp)
    lost = 0
    for terms, s in ((tt, T), (tp, Tp)):
        a = mpmath.fsum(abs(v) for v in terms)
        if a != 0 and s != 0:
            lost = max(lost, float(mpmath.log10(a / abs(s))))
    pref = (-1) ** m * mpmath.fac2(2 * m - 1)
    w = 1 - x * x
    if w == 0 and m > 0:
        val = mpmath.mpf(0)
        if m == 1:
            der = None
        elif m == 2:
            der = pref * (-2 * x) * T
        else:
            der = mpmath.mpf(0)
        return val, der, lost
    if m == 0:
        return T, Tp, lost
    val = pref * w ** (mpmath.mpf(m) / 2) * T
    der = pref * (w ** (mpmath.mpf(m) / 2) * Tp -
                  m * x * w ** (mpmath.mpf(m) / 2 - 1) * T)
    return val, der, lost


def sph_j(x, nmax):
    """j_n(x), n = 0 .. nmax + 1, by downward recurrence from mpmath's
    values at the top."""
    top = nmax + 1
    f = mpmath.sqrt(mpmath.pi / (2 * x))
    a = f * mpmath.besselj(top + mpmath.mpf(1) / 2, x)
    b = f * mpmath.besselj(top - mpmath.mpf(1) / 2, x)
    out = [None] * (top + 1)
    out[top], out[top - 1] = a, b
    for n in range(top - 1, 0, -1):
        out[n - 1] = (2 * n + 1) / x * out[n] - out[n + 1]
    return out


def sph_y(x, nmax):
    """y_n(x), n = 0 .. nmax + 1, by forward recurrence (y is the
    dominant solution)."""
    out = [-mpmath.cos(x) / x, -mpmath.cos(x) / x ** 2 - mpmath.sin(x) / x]
    for n in range(1, nmax + 1):
        out.append((2 * n + 1) / x * out[n] - out[n - 1])
    return out


def radial_series(sp, k, xi, which):
    """radial_series_ cached on the spectrum (the start values of the
    integrations are shared by the points)."""
    if not hasattr(sp, "_rs"):
        sp._rs = {}
    key = (k, xi, which)
    if key not in sp._rs:
        with mp.workdps(sp.dps):
            sp._rs[key] = radial_series_(sp, k, xi, which)
    return sp._rs[key]


def radial_series_(sp, k, xi, which, count=None):
    """(R, dR/dxi, digits lost) by the Bessel product series; which = 1
    (j) or 2 (y). For the y-series the number of terms follows from the
    convergence (ratio ~ 1/xi^2)."""
    m, p, c = sp.m, sp.p, sp.c
    n = m + p + 2 * k
    X = mpmath.mpf(xi)
    x = c * X
    if which == 1:
        d = sp.coefficients(k)
    else:
        if count is None:
            lnx = float(mpmath.log(X))
            count = int((sp.dps + 15) * math.log(10) / (2 * lnx)
                        + 3 * m / (2 * lnx) + n + c + 60)
        d = sp.extended(k, count)
    dtop = m + p + 2 * (len(d) - 1)
    bes = sph_j(x, dtop) if which == 1 else sph_y(x, dtop)
    sgn = 1 if kind_sign(sp.kind) > 0 else -1
    nt = [v * gegen1(m, p + 2 * i)
          for i, v in enumerate(d[:len(sp.coefficients(k))])]
    norm = mpmath.fsum(nt) * mpmath.factorial(2 * m)
    lost = float(mpmath.log10(mpmath.fsum(abs(v) for v in nt) /
                              abs(mpmath.fsum(nt))))
    terms, dterms = [], []
    fr = mpmath.factorial(2 * m + p) / mpmath.factorial(p)
    for i, v in enumerate(d):
        r = p + 2 * i
        if i > 0:
            fr = fr * (2 * m + r) * (2 * m + r - 1) / (r * (r - 1))
        o = m + r
        s = (-1) ** ((r + m - n) // 2)
        bo = bes[o]
        bd = (bes[o - 1] - (o + 1) / x * bo) if o > 0 else -bes[1]
        terms.append(s * v * fr * bo)
        dterms.append(s * v * fr * bd * c)
    if which == 2:
        big = max(abs(t) for t in terms)
        check(max(abs(t) for t in terms[-10:]) <
              big * mpmath.mpf(10) ** (-sp.dps - 5),
              "y-series not converged at xi = %r" % xi)
    S, Sp = mpmath.fsum(terms), mpmath.fsum(dterms)
    for tt, s in ((terms, S), (dterms, Sp)):
        a = mpmath.fsum(abs(v) for v in tt)
        if s != 0:
            lost = max(lost, float(mpmath.log10(a / abs(s))))
    # prefactor ((xi^2 -+ 1)/xi^2)^(m/2) = (1 -+ xi^-2)^(m/2)
    u = 1 - sgn * X ** -2
    P = u ** (mpmath.mpf(m) / 2)
    Pp = (mpmath.mpf(m) / 2) * u ** (mpmath.mpf(m) / 2 - 1) * \
        (2 * sgn * X ** -3)
    return (P * S / norm, (Pp * S + P * Sp) / norm, lost)


def kind_sign(kind):
    return 1 if kind == "P" else -1


def ode_integrate(kind, m, lam, c, x0, y0, yp0, x1, terms_tol):
    """(R, R') at x1 from (R, R') at x0 by Taylor series steps of the
    radial equation A R'' + B R' + C R = 0 with polynomial coefficients
    A = (x^2 -+ 1)^2, B = 2x(x^2 -+ 1), C = -((lam - c^2 x^2)(x^2 -+ 1) +- m^2)
    (the equation above multiplied by x^2 -+ 1)."""
    s = kind_sign(kind)
    c2 = c * c
    # polynomials in x, coefficient lists (low to high)
    A = [mpmath.mpf(1), 0, -2 * s, 0, 1] if s > 0 else [1, 0, 2, 0, 1]
    A = [mpmath.mpf(v) for v in A]
    B = [mpmath.mpf(0), mpmath.mpf(-2 * s), 0, mpmath.mpf(2)]
    # (lam - c2 x^2)(x^2 - s) = -s lam + (lam + s c2) x^2 - c2 x^4
    C = [-(-s * lam + s * m * m), 0, -(lam + s * c2), 0, c2]
    C = [mpmath.mpf(v) for v in C]
    x, y, yp = mpmath.mpf(x0), y0, yp0
    x1 = mpmath.mpf(x1)
    while x != x1:
        dist = (x - 1) if s > 0 else mpmath.sqrt(x * x + 1)
        h = min(dist / 2, mpmath.mpf(4) / (c + 1))
        if abs(x1 - x) <= h:
            h = x1 - x
        else:
            h = h if x1 > x else -h
        y, yp = taylor_step(A, B, C, x, y, yp, h, terms_tol)
        x = x + h if abs(x1 - (x + h)) > mp.eps * 4 else x1
    return y, yp


def shift_poly(P, x0):
    """coefficients of P(x0 + t) in t."""
    n = len(P)
    out = list(P)
    for i in range(n - 1):
        for j in range(n - 2, i - 1, -1):
            out[j] = out[j] + x0 * out[j + 1]
    return out


def taylor_step(A, B, C, x0, y0, yp0, h, tol):
    a = shift_poly(A, x0)
    b = shift_poly(B, x0)
    cc = shift_poly(C, x0)
    co = [y0, yp0]
    val, der = y0 + yp0 * h, yp0
    hp = h                    # h^(k-1) for the derivative's term
    small = 0
    k = 0
    while True:
        # coefficient of t^k: sum_j a_j (k-j+2)(k-j+1) co[k-j+2]
        #   + b_j (k-j+1) co[k-j+1] + cc_j co[k-j] = 0
        acc = 0
        for j in range(1, len(a)):
            if k - j + 2 >= 0:
                acc += a[j] * (k - j + 2) * (k - j + 1) * co[k - j + 2]
        for j in range(len(b)):
            if k - j + 1 >= 0:
                acc += b[j] * (k - j + 1) * co[k - j + 1]
        for j in range(len(cc)):
            if k - j >= 0:
                acc += cc[j] * co[k - j]
        nxt = -acc / (a[0] * (k + 2) * (k + 1))
        co.append(nxt)
        td = (k + 2) * nxt * hp          # hp = h^(k+1)
        hp = hp * h
        tv = nxt * hp
        val += tv
        der += td
        scale = abs(val) + abs(der) * abs(h)
        if abs(tv) + abs(td * h) < tol * scale:
            small += 1
            if small >= 4:
                break
        else:
            small = 0
        k += 1
        if k > 100000:
            raise RuntimeError("Taylor series did not converge")
    return val, der


def rows_for(c, nm, dps):
    """Matrix rows per parity: past the degree n and the width ~ c of the
    coefficients, plus the decay to 1e-(dps+10) (checked)."""
    return nm // 2 + int(math.ceil(0.6 * c)) + dps // 2 + 30


class Group:
    """The spectra of one (kind, m, c), cached by (parity, dps, rows)."""

    def __init__(self, kind, m, c, nm_max):
        self.kind, self.m, self.c, self.nm_max = kind, m, c, nm_max
        self.cache = {}
        self.hint = {}

    def spectrum(self, p, dps, extra_rows=0):
        n = rows_for(self.c, self.nm_max, dps) + extra_rows
        key = (p, dps, n)
        if key not in self.cache:
            seed = None
            if dps > BASE_DPS + CHECK_EXTRA:
                seed = self.spectrum(p, BASE_DPS).eigval
            self.cache[key] = Spectrum(self.kind, self.m, p, self.c, dps, n,
                                       seed)
        return self.cache[key]

    def pair(self, p, extra=0):
        """(first run, second run) spectra with extra digits."""
        return (self.spectrum(p, BASE_DPS + extra),
                self.spectrum(p, BASE_DPS + extra + CHECK_EXTRA, CHECK_EXTRA))


def confirm(lo, hi, what, tol=AGREE):
    for u, w in zip(lo, hi):
        if u is None and w is None:
            continue
        if rel_diff(u, w) >= tol:
            raise Drop("%s: %s vs %s" % (what, mpmath.nstr(u, 20),
                                         mpmath.nstr(w, 20)))


def with_digits(fn, what, post=None, hint=None, key=None):
    """fn(extra, run) -> (values, digits lost, aux) at both runs; retried
    with the lost digits added until KEEP_DIGITS survive; then post(values,
    aux) (the checks by second methods) on both runs and the two runs
    compared."""
    extra = level(hint.get(key, 0) if hint is not None else 0)
    while extra is not None:
        (lo, llo, alo), (hi, lhi, ahi) = fn(extra, 0), fn(extra, 1)
        lost = max(llo, lhi)
        if BASE_DPS + extra - lost >= KEEP_DIGITS:
            if hint is not None:
                hint[key] = extra
            if post is not None:
                post(lo, alo)
                post(hi, ahi)
            confirm(lo, hi, what)
            return hi
        # the loss measured is capped by the digits carried
        extra = level(max(lost - BASE_DPS + KEEP_DIGITS, extra + 1))
    raise Drop("%s: cancellation beyond %d extra digits" % (what,
                                                            EXTRA_LEVELS[-1]))


def level(extra):
    """The smallest of EXTRA_LEVELS >= extra (None beyond them): few
    distinct precisions, so that the spectra are shared by the points."""
    for v in EXTRA_LEVELS:
        if v >= extra:
            return v
    return None


def cv_records(g, out, nms):
    for nm in nms:
        p, k = nm % 2, nm // 2
        lo, hi = g.pair(p)
        u, w = lo.eigval(k), hi.eigval(k)
        if rel_diff(u, w, 1) >= EIG_AGREE:
            out["dropped"].append("cv %s %d %d %r: %s vs %s" % (
                g.kind, g.m, g.m + nm, g.c, u, w))
            continue
        out["cv"].append("cv %s %d %d %r %s" % (g.kind, g.m, g.m + nm, g.c,
                                                fmt(w)))
        out["lam"][(g.kind, g.m, g.m + nm, g.c)] = w


def ang_records(g, out, nms, etas):
    m = g.m
    for nm in nms:
        p, k = nm % 2, nm // 2
        for eta in etas:
            def fn(extra, which):
                sp = g.pair(p, extra)[which]
                with mp.workdps(sp.dps):
                    s, sd, lost = angular(m, p, sp.coefficients(k), eta)
                return (s, sd), lost, None
            # the decay of Ps away from its bulk: exp(-c (1 - |eta|))
            # oblate, exp(-c eta^2 / 2) prolate (digits lost at least)
            key = ("ang", eta)
            if key not in g.hint:
                pred = (g.c * (1 - abs(eta)) if g.kind == "O" else
                        g.c * eta * eta / 2) / math.log(10)
                g.hint[key] = pred + KEEP_DIGITS - BASE_DPS + 10
            what = "ang %s %d %d %r %r" % (g.kind, m, m + nm, g.c, eta)
            try:
                s, sd = with_digits(fn, what, hint=g.hint, key=key)
            except Drop as e:
                out["dropped"].append(str(e))
                continue
            except (RuntimeError, ValueError, ZeroDivisionError) as e:
                out["dropped"].append("%s: %r" % (what, e))
                continue
            if sd is None:
                out["dropped"].append("ang %s %d %d %r %r: derivative "
                                      "infinite" % (g.kind, m, m + nm,
                                                    g.c, eta))
                continue
            out["ang"].append("ang %s %d %d %r %r %s %s" % (
                g.kind, m, m + nm, g.c, eta, fmt(s), fmt(sd)))
            out["angval"][(g.kind, m, m + nm, g.c, eta)] = (s, sd)


def flam_record(g, out, nm):
    m, p, k = g.m, nm % 2, nm // 2
    n = m + nm

    def fn(extra, which):
        sp = g.pair(p, extra)[which]
        with mp.workdps(sp.dps):
            s, sd, lost = angular(m, p, sp.coefficients(k), 0.0)
            ref = mpmath.legenp(n, m, 0, type=2) if p == 0 else \
                mpmath.diff(lambda t: mpmath.legenp(n, m, t, type=2), 0)
            f = (-1) ** m * ref / (s if p == 0 else sd)
        return (f,), lost, None
    try:
        f, = with_digits(fn, "flam %s %d %d %r" % (g.kind, m, n, g.c))
    except Drop as e:
        out["dropped"].append(str(e))
        return
    out["flam"].append("flam %s %d %d %r %s" % (g.kind, m, n, g.c, fmt(f)))
    out["flamval"][(g.kind, m, n, g.c)] = f


def ode_loss(start, end, c):
    """Digits the integration can lose: the size of the solution at the
    start over that of each value at the end (the magnitude of R' scaled
    by c + 1, its oscillation rate)."""
    sc0 = abs(start[0]) + abs(start[1]) / (c + 1)
    lost = 0
    for v in end:
        if v != 0:
            lost = max(lost, float(mpmath.log10(sc0 / abs(v))))
    return lost


def radial_point(g, nm, xi):
    """(r1, r1p, r2, r2p), confirmed (see the module docstring)."""
    kind, m, c = g.kind, g.m, g.c
    p, k = nm % 2, nm // 2
    s = kind_sign(kind)
    what = "rad %s %d %d %r %r" % (kind, m, m + nm, c, xi)

    def fn(extra, which):
        sp = g.pair(p, extra)[which]
        lost = 0
        aux = {"c": sp.c, "dps": sp.dps}
        with mp.workdps(sp.dps):
            lam = sp.eigval(k)
            if kind == "P" and xi < XI_ODE and which == 0:
                # near the singular point xi = 1: R2 in the first run by
                # the radial equation from xi0 = 2, in the second by the
                # slowly converging y-series (an independent method)
                r1, r1p, l1 = radial_series(sp, k, xi, 1)
                a2 = radial_series(sp, k, XI_ODE, 2)
                r2, r2p = ode_integrate(kind, m, lam, sp.c, XI_ODE, a2[0],
                                        a2[1], xi, mp.eps)
                lost = max(l1, a2[2], ode_loss(a2, (r2, r2p), sp.c))
            elif kind == "P" or xi > 1:
                r1, r1p, l1 = radial_series(sp, k, xi, 1)
                r2, r2p, l2 = radial_series(sp, k, xi, 2)
                lost = max(l1, l2)
            else:
                # oblate, xi <= 1: the equation from xi0 = 2 (3 in the
                # second run), where both series converge fast
                x0 = XI_ODE + which
                a1 = radial_series(sp, k, x0, 1)
                a2 = radial_series(sp, k, x0, 2)
                r1, r1p = ode_integrate(kind, m, lam, sp.c, x0, a1[0], a1[1],
                                        xi, mp.eps)
                r2, r2p = ode_integrate(kind, m, lam, sp.c, x0, a2[0], a2[1],
                                        xi, mp.eps)
                if xi == 0:
                    # R1 has the parity (-1)^(n-m) in xi: its structural
                    # zero at xi = 0 is set exactly (checked in post)
                    sc0 = abs(a1[0]) + abs(a1[1]) / (sp.c + 1)
                    if p == 0:
                        aux["zero"] = (r1p, sc0)
                        r1p = mpmath.mpf(0)
                    else:
                        aux["zero"] = (r1, sc0)
                        r1 = mpmath.mpf(0)
                lost = max(a1[2], a2[2], ode_loss(a1, (r1, r1p), sp.c),
                           ode_loss(a2, (r2, r2p), sp.c))
        return (r1, r1p, r2, r2p), lost, aux

    def post(v, aux):
        with mp.workdps(aux["dps"]):
            post_(v, aux)

    def post_(v, aux):
        r1, r1p, r2, r2p = v
        if "zero" in aux:
            z, sc0 = aux["zero"]
            check(abs(z) < mpmath.mpf(10) ** (20 - aux["dps"]) * sc0,
                  what + ": structural zero of R1 at xi = 0")
        X = mpmath.mpf(xi)
        wr = r1 * r2p - r1p * r2
        want = 1 / (aux["c"] * (X * X - s))
        if rel_diff(wr, want) >= WRONSKIAN_TOL:
            raise Drop("%s: Wronskian %s vs %s" % (what, wr, want))
    return with_digits(fn, what, post, g.hint, ("rad", nm))


def rad_records(g, out, nms, xis):
    for nm in nms:
        for xi in xis:
            try:
                v = radial_point(g, nm, xi)
            except Drop as e:
                out["dropped"].append(str(e))
                continue
            except (RuntimeError, ValueError, ZeroDivisionError) as e:
                out["dropped"].append("rad %s %d %d %r %r: %r" % (
                    g.kind, g.m, g.m + nm, g.c, xi, e))
                continue
            out["rad"].append("rad %s %d %d %r %r %s" % (
                g.kind, g.m, g.m + nm, g.c, xi, " ".join(map(fmt, v))))
            out["radval"][(g.kind, g.m, g.m + nm, g.c, xi)] = v


def tasks(parts):
    """Work units: (kind, m, c) with the record sets wanted there."""
    units = {}

    def unit(kind, m, c):
        return units.setdefault((kind, m, c), {"cv": set(), "ang": set(),
                                               "rad": {}, "flam": set()})
    for kind in "PO":
        if "cv" in parts:
            for m in CV_M:
                for c in CV_C:
                    unit(kind, m, c)["cv"].update(range(CV_NMAX + 1))
            for m, nm, c in CV_SPARSE:
                unit(kind, m, c)["cv"].add(nm)
        if "ang" in parts:
            for m in ANG_M:
                for c in ANG_C:
                    unit(kind, m, c)["ang"].update(ANG_NM)
            for k2, m, n, c in FLAM:
                if k2 == kind:
                    unit(kind, m, c)["flam"].add(n - m)
        if "rad" in parts:
            for m in RAD_M:
                for c in RAD_C:
                    for nm in RAD_NM:
                        unit(kind, m, c)["rad"].setdefault(
                            nm, set()).update(RAD_XI[kind])
    if "ang" in parts:
        for kind, m, nm, c, eta in ANG_EXTRA:
            unit(kind, m, c)
    if "rad" in parts:
        for kind, m, nm, c, xi in RAD_EXTRA:
            unit(kind, m, c)["rad"].setdefault(nm, set()).add(xi)
    if "largec" in parts:
        for kind, m, nm, c, xi in RAD_LARGE_C:
            unit(kind, m, c)["rad"].setdefault(nm, set()).add(xi)
        for kind, m, nm, c in ANG_LARGE_C:
            unit(kind, m, c)["ang"].add(nm)
    for u in units.values():
        u["parts"] = parts
    return units


def work(item):
    (kind, m, c), want = item
    out = {"cv": [], "ang": [], "rad": [], "flam": [], "dropped": [],
           "lam": {}, "angval": {}, "radval": {}, "flamval": {}}
    try:
        nm_max = max(list(want["cv"]) + list(want["ang"]) +
                     list(want["rad"]) + list(want["flam"]) + [0])
        # the sparse large n - m get their own group (bigger matrices)
        small = {v for v in want["cv"] if v <= CV_NMAX}
        big = sorted(set(want["cv"]) - small)
        g = Group(kind, m, c, min(nm_max, CV_NMAX))
        cv_records(g, out, sorted(small))
        for nm in big:
            cv_records(Group(kind, m, c, nm), out, [nm])
        ang_records(g, out, sorted(v for v in want["ang"]
                                   if c < 1000 or v in ANG_NM_1000), ANG_ETA)
        for k2, m2, nm, c2, eta in ANG_EXTRA:
            if (k2, m2, c2) == (kind, m, c) and "ang" in want["parts"]:
                ang_records(g, out, [nm], [eta])
        for nm in sorted(want["flam"]):
            flam_record(g, out, nm)
        for nm in sorted(want["rad"]):
            rad_records(g, out, [nm], sorted(want["rad"][nm]))
    except Exception as e:
        raise RuntimeError("failed at %s m=%d c=%r: %r" % (kind, m, c, e))
    sys.stderr.write("gen_spheroidal_ref: %s m=%d c=%r done (%d dropped)\n"
                     % (kind, m, c, len(out["dropped"])))
    return (kind, m, c), out


# Published values: (K, m, n, c) -> lambda (SciPy pro_cv / obl_cv, which
# print 16 digits), and Van Buren's prolate table at c = 100, xi = 1.05.
PUBLISHED_CV = [("P", 0, 0, 10.0, "9.228304297249945"),
                ("P", 0, 3, 100.0, "693.1824972334459"),
                ("O", 0, 3, 100.0, "-9405.038297658548")]
VAN_BUREN = (("P", 0, 0, 100.0, 1.05),
             ("1.62655600264315e-2", "1.81917956764314",
              "-5.85059711504749e-3", "5.34366408155077"))
# SciPy's known failures, kept as regression points: Flammer-normalized
# pro_ang1(0, 0, 100, 0.5) = +1.69e-6, pro_rad1(0, 0, 100, 1.05) = 0.0163.
ANG_EXTRA = [("P", 0, 0, 100.0, 0.5)]


def published(res, parts):
    """The published values of the sections generated (all of them must
    be there)."""
    mp.dps = 50
    for kind, m, n, c, v in PUBLISHED_CV if "cv" in parts else ():
        got = res["lam"][(kind, m, n, c)]
        check(rel_diff(got, mpmath.mpf(v)) < mpmath.mpf("1e-15"),
              "published %s_cv(%d,%d,%r) = %s, got %s" % (kind, m, n, c, v,
                                                           got))
    if not {"ang", "rad"} <= parts:
        return
    key, vals = VAN_BUREN
    got = res["radval"][key]
    for g, v in zip(got, vals):
        check(rel_diff(g, mpmath.mpf(v)) < mpmath.mpf("1e-13"),
              "Van Buren %s: %s, got %s" % (key, v, g))
    s, _ = res["angval"][("P", 0, 0, 100.0, 0.5)]
    f = res["flamval"][("P", 0, 0, 100.0)]
    check(abs(f * s / mpmath.mpf("1.69e-6") - 1) < 0.01,
          "Flammer-normalized pro_ang1(0,0,100,0.5) = 1.69e-6, got %s"
          % (f * s))
    r1 = got[0]
    check(abs(r1 / mpmath.mpf("0.0163") - 1) < 0.01,
          "pro_rad1(0,0,100,1.05) = 0.0163, got %s" % r1)
    sys.stderr.write("gen_spheroidal_ref: published values reproduced\n")


def scipy_check(res):
    """A few small-c values against SciPy, if it is installed (agreement
    to 1e-9 relative: SciPy's own accuracy at small c)."""
    try:
        import scipy.special as ss
    except ImportError:
        sys.stderr.write("gen_spheroidal_ref: SciPy not installed, its "
                         "comparison skipped\n")
        return 0
    count = 0
    tol = 1e-9
    for (kind, m, n, c), lam in res["lam"].items():
        if c <= 4 and n - m <= 10:
            ref = (ss.pro_cv if kind == "P" else ss.obl_cv)(m, n, c)
            check(abs(ref - float(lam)) <= tol * max(1, abs(ref)),
                  "SciPy %s_cv(%d,%d,%r) = %r vs %s" % (kind, m, n, c, ref,
                                                        lam))
            count += 1
    for (kind, m, n, c, xi), v in res["radval"].items():
        if c <= 1 and n - m <= 5 and ((kind == "P" and xi >= 1.2)
                                      or (kind == "O" and xi >= 2)):
            fn = ss.pro_rad1 if kind == "P" else ss.obl_rad1
            ref = fn(m, n, c, xi)
            check(abs(ref[0] - float(v[0])) <= 1e-7 * max(abs(ref[0]), 1e-3),
                  "SciPy %s_rad1(%d,%d,%r,%r) = %r vs %s" % (
                      kind, m, n, c, xi, ref, v[0]))
            count += 1
    sys.stderr.write("gen_spheroidal_ref: %d values agree with SciPy %s\n"
                     % (count, ss.__name__))
    return count


def self_check():
    """The functions against their differential equations and the
    normalization integral (mpmath.quad and numerical derivatives)."""
    mp.dps = 40
    tol = mpmath.mpf("1e-25")
    for kind in "PO":
        for m, nm, c in ((0, 2, 3.0), (2, 3, 2.5)):
            sp = Spectrum(kind, m, nm % 2, c, 40, 40)
            k = nm // 2
            n = m + nm
            d = sp.coefficients(k)
            lam = sp.eigval(k)
            g = sp.g

            def ps(x):
                return angular(m, nm % 2, d, x)[0]
            integral = mpmath.quad(lambda x: ps(x) ** 2, [-1, 0, 1])
            check(rel_diff(integral, legnorm2(m, n)) < tol,
                  "normalization %s m=%d n=%d" % (kind, m, n))
            for x in (mpmath.mpf("0.3"), mpmath.mpf("-0.7")):
                v, vp, _ = angular(m, nm % 2, d, x)
                check(rel_diff(vp, mpmath.diff(ps, x)) < tol, "Ps'")
                # DLMF 30.2.1 with lambda_DLMF = lambda - gamma^2
                res = mpmath.diff(lambda t: (1 - t * t) * mpmath.diff(ps, t),
                                  x) + (lam - g * x * x - m * m /
                                        (1 - x * x)) * v
                check(abs(res) < tol * (abs(lam) + 1),
                      "angular ODE %s m=%d n=%d: %s" % (kind, m, n, res))
            # Ferrers at c -> 0
            sp0 = Spectrum(kind, m, nm % 2, 1e-30, 40, 20)
            v0 = angular(m, nm % 2, sp0.coefficients(k), 0.4)[0]
            check(rel_diff(v0, mpmath.legenp(n, m, mpmath.mpf(0.4),
                                             type=2)) < tol, "c -> 0")
            s = kind_sign(kind)
            for xi in (1.7, 3.0):
                for which in (1, 2):
                    def rr(t):
                        return radial_series_(sp, k, t, which, 400)[0]
                    X = mpmath.mpf(xi)
                    R, Rp, _ = radial_series_(sp, k, xi, which)
                    check(rel_diff(Rp, mpmath.diff(rr, X)) < tol, "R'")
                    res = mpmath.diff(lambda t: (t * t - s) *
                                      mpmath.diff(rr, t), X) - \
                        (lam - c * c * X * X + s * m * m / (X * X - s)) * R
                    check(abs(res) < tol * (abs(lam) + c * c * 9 + 1) *
                          abs(R), "radial ODE %s m=%d n=%d xi=%r: %s" % (
                              kind, m, n, xi, res))
    sys.stderr.write("gen_spheroidal_ref: self-check passed\n")


def merge(results):
    res = {"lam": {}, "angval": {}, "radval": {}, "flamval": {}}
    for _, out in results:
        for key in ("lam", "angval", "radval", "flamval"):
            res[key].update(out[key])
    return res


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    parts = {"cv", "ang", "rad"}
    for a in sys.argv[1:]:
        if a.startswith("--parts="):
            parts = set(a[len("--parts="):].split(","))
    path = args[0] if args else os.path.join(here, "spheroidal_ref.txt")
    kept = []
    for a in sys.argv[1:]:
        if a.startswith("--keep-from="):
            # records of the sections not generated now, copied from an
            # earlier output of this script
            with open(a[len("--keep-from="):]) as f:
                kept = [line.rstrip("\n") for line in f
                        if line.split(" ", 1)[0] in ("cv", "ang", "rad",
                                                     "flam")
                        and line.split(" ", 1)[0] not in parts]
    self_check()
    units = tasks(parts)
    # the expensive units (large c, oblate) first
    order = sorted(units.items(), key=lambda it: (-it[0][2], it[0][0],
                                                  it[0][1]))
    workers = max(1, min(2, os.cpu_count() or 1))
    with multiprocessing.Pool(workers) as pool:
        results = pool.map(work, order, chunksize=1)
    results.sort(key=lambda item: (item[0][0] == "O", item[0][1],
                                   item[0][2]))
    res = merge(results)
    for line in kept:
        w = line.split()
        if w[0] == "cv":
            res["lam"][(w[1], int(w[2]), int(w[3]), float(w[4]))] = \
                mpmath.mpf(w[5])
    published(res, parts | {w.split(" ", 1)[0] for w in kept})
    nscipy = scipy_check(res)
    dropped = [line for _, out in results for line in out["dropped"]]
    counts = {s: sum(len(out[s]) for _, out in results) +
              sum(1 for line in kept if line.startswith(s + " "))
              for s in ("cv", "ang", "rad", "flam")}
    with open(path, "w") as f:
        f.write(HEADER % dict(
            ver=mpmath.__version__, base=BASE_DPS, extra=CHECK_EXTRA,
            keep=KEEP_DIGITS, eig=mpmath.nstr(EIG_AGREE, 2),
            agree=mpmath.nstr(AGREE, 2), wr=mpmath.nstr(WRONSKIAN_TOL, 2),
            digits=WRITE_DIGITS, scope=SCOPE_LARGE_C if "largec" in parts
            else SCOPE, parts=",".join(sorted(parts)) + (
                "; " + ",".join(sorted({w.split(" ", 1)[0] for w in kept}))
                + " copied from an earlier run" if kept else ""),
            scipy=("%d values agree with SciPy" % nscipy) if nscipy
            else "SciPy not installed: no comparison",
            ndrop=len(dropped), **counts))
        for line in dropped:
            f.write("#   " + line[:150] + "\n")
        for section in ("cv", "ang", "rad", "flam"):
            for line in kept:
                if line.startswith(section + " "):
                    f.write(line + "\n")
            for _, out in results:
                for line in out[section]:
                    f.write(line + "\n")


SCOPE = """Angular and radial values at
# c >= 100 are not generated (generation time), except the published and
# regression points P m=0 n=0 c=100 (eta = 0.5, xi = 1.05, flam)."""
SCOPE_LARGE_C = """Part largec: radial values at c = 20 to 300
# (prolate) and 20 to 100 (oblate), angular values at c = 100 and 1000."""
HEADER = """\
# Spheroidal wave function reference values, written by
# tests/data/gen_spheroidal_ref.py (sections: %(parts)s); mpmath %(ver)s.
# Every value computed twice: at mp.dps = %(base)d + the digits its
# cancellation costs (at least %(keep)d survive) with N matrix rows (last
# coefficient below 1e-(dps+10) of the largest), and with %(extra)d more digits
# and %(extra)d more rows; characteristic values agreeing to %(eig)s relative to
# max(|lambda|, 1), all other values to %(agree)s relative; written to
# %(digits)d significant digits.
# Radial: Wronskian R1 R2' - R1' R2 = 1/(c (xi^2 -+ 1)) checked to %(wr)s;
# prolate R2 at xi < 2 by the y-series (second run) and by integrating the
# radial equation from xi = 2 (first run); oblate at xi <= 1 by integrating
# from xi = 2 (first run) and xi = 3 (second run).
# %(scipy)s.
# Conventions: K = P prolate (gamma^2 = c^2), O oblate (gamma^2 = -c^2).
# lambda = Flammer's / SciPy's pro_cv, obl_cv = DLMF lambda^m_n + gamma^2.
# Ps^m_n(eta, gamma^2) of DLMF 30.4 with Ferrers P^m_n (DLMF 14.6.1, (-1)^m
# included), int Ps^2 = 2/(2n+1) (n+m)!/(n-m)!, signs of DLMF 30.4.2.
# R^(1), R^(2): Flammer's, ~ j_n(c xi), y_n(c xi) as xi -> infinity;
# oblate: R^(j)(-ic, i xi). Derivatives: d/deta (ang), d/dxi (rad).
# flam: S_Flammer = factor * Ps (S_Flammer(0) = P^m_n(0) for n-m even,
# S_Flammer'(0) = P^m_n'(0) for odd, P without (-1)^m), as SciPy's pro_ang1.
# SciPy regression points: pro_ang1(0,0,100,0.5) = flam * ang = +1.69e-6,
# pro_rad1(0,0,100,1.05) = 0.0163 (both checked).
# Records: cv %(cv)d, ang %(ang)d, rad %(rad)d, flam %(flam)d.
#   cv  K m n c lambda
#   ang K m n c eta s sp
#   rad K m n c xi r1 r1p r2 r2p
#   flam K m n c factor
# c, eta, xi: repr of the double used. %(scope)s
# Dropped (not confirmed or not finite), %(ndrop)d points:
"""


if __name__ == "__main__":
    main()
