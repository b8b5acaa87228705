#!/usr/bin/env python3
"""Reference values for the Mathieu function tests (mathieu_ref.txt).

Characteristic values a_m(q), b_m(q), Fourier coefficients, the angular
functions ce_m(x, q), se_m(x, q) and the radial (modified) functions
Mc_m^(j)(z, h), Ms_m^(j)(z, h), j = 1, 2 (DLMF chapter 28), computed with
mpmath in high precision.

Conventions (DLMF 28.2(vi), 28.4). The recurrences DLMF 28.4.5-8, made
symmetric, give four tridiagonal matrices, rows r = 0 .. N-1, with
off-diagonal q (the first one sqrt(2) q in class ce_even):

  class    functions  values    diagonal              vector w
  ce_even  ce_{2n}    a_{2n}    (2r)^2                (sqrt2 A_0, A_2, ...)
  ce_odd   ce_{2n+1}  a_{2n+1}  1 + q, then (2r+1)^2  (A_1, A_3, ...)
  se_odd   se_{2n+1}  b_{2n+1}  1 - q, then (2r+1)^2  (B_1, B_3, ...)
  se_even  se_{2n+2}  b_{2n+2}  (2r+2)^2              (B_2, B_4, ...)

with ce_m(x) = sum A_k cos(k x), se_m(x) = sum B_k sin(k x). Within a
class the n-th eigenvalue in ascending order is the n-th characteristic
value, for every real q. ||w||_2 = 1 (that is 2 A_0^2 + A_2^2 + ... = 1,
so that the integral of ce_m^2 over a period is pi). The sign is fixed by
continuity from q = 0 (ce_m -> cos m x, ce_0 -> 1/sqrt 2, se_m -> sin m x):
the value or x-derivative at x = 0 and at x = pi/2 that does not vanish by
symmetry can never vanish (uniqueness for the initial value problem), so
its sign is that at q = 0 for every real q:

  ce_m(0, q) > 0,  se_m'(0, q) > 0,
  ce_{2n}(pi/2) (-1)^n > 0,   ce_{2n+1}'(pi/2) (-1)^(n+1) > 0,
  se_{2n+1}(pi/2) (-1)^n > 0, se_{2n+2}'(pi/2) (-1)^(n+1) > 0.

The sign is taken from whichever point is better conditioned (the larger
sum relative to the sum of the absolute values of its terms: x = 0 for
q < 0, x = pi/2 for large q > 0), and both must agree wherever both are
far above the rounding level.

Method. Eigenvalues by mpmath's implicit QL for tridiagonal matrices;
each eigenvector needed by inverse iteration at that eigenvalue (a
tridiagonal solve with partial pivoting, repeated until no component
changes in its leading digits, so that even the smallest coefficients
are accurate to their own size). Every quantity is computed twice: at
mp.dps = 50 + ceil(sqrt|q|) (the extra digits pay for the cancellation
in ce_m(0, q) ~ exp(-2 sqrt q) and the like) with N = 50 + 40 +
ceil(3 sqrt|q|) rows, and again with 20 more digits and 20 more rows; the
two must agree (characteristic values to 1e-35 relative to max(|v|, 1),
everything written out to 1e-30 relative), or the script stops. The
second is written out.

Radial functions, q = h^2 > 0, z >= 0, derivatives with respect to z: the
Bessel-product series DLMF 28.24.2-5, for any s = 0, 1, 2, ...
(eps_0 = 2, eps_s = 1 for s >= 1; u = h e^-z, v = h e^z; C = J for j = 1,
C = Y for j = 2; J_-n = (-1)^n J_n and likewise for Y):

  eps_s Mc_2m(z)   = (-1)^m sum_l (-1)^l A_2l/A_2s
                       [J_{l-s}(u) C_{l+s}(v) + J_{l+s}(u) C_{l-s}(v)]
  Mc_2m+1(z)       = (-1)^m sum_l (-1)^l A_2l+1/A_2s+1
                       [J_{l-s}(u) C_{l+s+1}(v) + J_{l+s+1}(u) C_{l-s}(v)]
  Ms_2m+1(z)       = (-1)^m sum_l (-1)^l B_2l+1/B_2s+1
                       [J_{l-s}(u) C_{l+s+1}(v) - J_{l+s+1}(u) C_{l-s}(v)]
  Ms_2m+2(z)       = (-1)^m sum_l (-1)^l B_2l+2/B_2s+2
                       [J_{l-s}(u) C_{l+s+2}(v) - J_{l+s+2}(u) C_{l-s}(v)]

(for s = 0 the first reads Mc_2m = (-1)^m/A_0 sum_l (-1)^l A_2l J_l(u) C_l(v)).
The values written use s = the index of the largest coefficient; each is
checked against s = 0 (s = 1 when that is the largest; evaluated with the
digits its cancellation costs added, large where A_0, A_1, B_1 or B_2 is
tiny: small q, large m), and the Wronskian
Mc^(1) Mc^(2)' - Mc^(1)' Mc^(2) (likewise Ms) must be 2/pi to 1e-30. The
self-check below also tests the series against the independent expansions
DLMF 28.23.6, 28.23.8, 28.23.10, 28.23.12 in C(2h cosh z), the large-z
expansion DLMF 28.25.1, Mc^(1) + i Mc^(2) ~ exp(i(2h cosh z - m pi/2 -
pi/4)) / (pi h (cosh z + 1))^(1/2) sum_k D_k (-4ih(cosh z + 1))^-k, and the
differential equations w'' + (a - 2q cos 2x) w = 0, w'' - (a - 2q cosh 2z)
w = 0. Bessel functions: J from mpmath, Y by forward recurrence from
mpmath's Y_0, Y_1.

The script asserts the published values a_0(8), a_3(1.5), b_1(15),
b_10(-3) to all their digits and the relations a_2n(-q) = a_2n(q),
a_2n+1(-q) = b_2n+1(q), b_2n+2(-q) = b_2n+2(q) on the grid, and the
ordering a_0 < b_1 < a_1 < b_2 < a_2 < ... for q > 0 (DLMF 28.2.21) where
the gaps exceed the rounding level (b_m - a_m for large m and small q,
and b_m+1 - a_m for large q and small m, are far below it).

Usage: python3 tests/data/gen_mathieu_ref.py [output]   (default: the
mathieu_ref.txt next to this script). Takes several minutes.

File format (plain text, '#' lines are comments, fields separated by one
space, values with 25 significant digits; q and z as Python's repr of the
double, which reads back exactly; F when q is exactly a float, D double
only):
  a <q> <F|D> <a_0> <a_1> ... <a_100>
  b <q> <F|D> <b_1> <b_2> ... <b_100>
  coef <ce|se> <m> <q> <F|D> <c_0> <c_1> ... <c_R>
      c_r = A_2r, A_2r+1, B_2r+1 or B_2r+2 as for the class of (ce|se, m)
      (c_0 of ce_2n is A_0 itself), up to the last r with |c_r| >= 1e-40
      max |c|
  ang <ce|se> <m> <q> <x> <f> <fp>
      f = ce_m(x, q) or se_m(x, q), fp its x-derivative; x written with
      17 significant digits, the function evaluated at that double
  rad <Mc|Ms> <m> <q> <z> <f1> <f1p> <f2> <f2p>
      Mc_m^(1)(z, h), its z-derivative, Mc_m^(2)(z, h), its z-derivative
      (Ms likewise), h = sqrt(q)
"""

import math
import multiprocessing
import os
import struct
import sys

import mpmath
from mpmath import mp
from mpmath.matrices.eigen_symmetric import tridiag_eigen

from mp_tridiag import inverse_iteration

BASE_DPS = 50
CHECK_EXTRA = 20          # more digits and more rows for the second run
NMAX = 50                 # highest row index needed (a_100 = row 50)
EIG_AGREE = mpmath.mpf("1e-35")
AGREE = mpmath.mpf("1e-30")
WRONSKIAN_TOL = mpmath.mpf("1e-30")
TRIM = mpmath.mpf("1e-40")
WRITE_DIGITS = 25
MMAX = 100

POS_Q = [0.25, 0.5, 1, 1.5, 2, 3, 5, 8, 10, 15, 21, 25, 37.5, 50, 75, 100,
         150, 200, 300, 500, 750, 1000]
Q_GRID = sorted({0.0} | {float(v) for v in POS_Q} | {-float(v) for v in POS_Q}
                | {1200.0, 20.75, 21.25, 84 / 4})
COEF_Q = [-100.0, -1.0, 0.5, 5.0, 21.0, 100.0, 1000.0, 1200.0]
COEF_M = {"ce": [0, 1, 2, 5, 10, 25, 51, 55, 100],
          "se": [1, 2, 5, 10, 25, 51, 55, 100]}
ANG_X = [0.0, 0.1, 0.5, 1.0, math.pi / 4, 1.5, math.pi / 2, 2.0, 3.0, 5.5]
RAD_Q = [0.5, 5.0, 21.0, 100.0, 500.0]
RAD_M = {"Mc": [0, 1, 2, 5, 10, 25], "Ms": [1, 2, 5, 10, 25]}
RAD_Z = [0.0, 0.1, 0.5, 1.0, 2.0]

# Published characteristic values, asserted to all their digits.
PUBLISHED = [("a", 0, 8.0, "-10.6067292355526479852024"),
             ("a", 3, 1.5, "9.19330104768060974047804"),
             ("b", 1, 15.0, "-22.5130034974234666335"),
             ("b", 10, -3.0, "100.0454683359769326164")]

CLASSES = ("ce_even", "ce_odd", "se_odd", "se_even")


def to_float(v):
    return struct.unpack("f", struct.pack("f", v))[0]


def is_float_exact(v):
    return v == 0.0 or (math.isfinite(v) and to_float(v) == v)


def flag(q):
    return "F" if is_float_exact(q) else "D"


def class_of(kind, m):
    """(class, row index n) of ce_m (kind 'ce'/'Mc') or se_m ('se'/'Ms')."""
    if kind in ("ce", "Mc"):
        return ("ce_even", m // 2) if m % 2 == 0 else ("ce_odd", m // 2)
    if m < 1:
        raise ValueError("se_0 does not exist")
    return ("se_odd", m // 2) if m % 2 else ("se_even", m // 2 - 1)


def wavenumber(cls, r):
    """k of row r: the term cos(k x) or sin(k x) it carries."""
    return {"ce_even": 2 * r, "ce_odd": 2 * r + 1, "se_odd": 2 * r + 1,
            "se_even": 2 * r + 2}[cls]


def configs(q):
    """The two (dps, N) at which everything at q is computed."""
    rq = math.sqrt(abs(q))
    dps = BASE_DPS + math.ceil(rq)
    n = NMAX + 40 + math.ceil(3 * rq)
    return [(dps, n), (dps + CHECK_EXTRA, n + CHECK_EXTRA)]


def rel_diff(u, w, floor=0):
    """|u - w| / max(|w|, floor); 0 when both are exactly 0."""
    if u == w:
        return mpmath.mpf(0)
    return abs(u - w) / max(abs(w), floor)


class Spectrum:
    """One class's truncated matrix at q, its eigenvalues and, on demand,
    its normalized and signed eigenvectors, all at the given precision."""

    def __init__(self, cls, q, dps, n):
        self.cls, self.dps, self.n = cls, dps, n
        with mp.workdps(dps):
            self.q = mpmath.mpf(q)
            d = [mpmath.mpf(wavenumber(cls, r) ** 2) for r in range(n)]
            if cls == "ce_odd":
                d[0] += self.q
            elif cls == "se_odd":
                d[0] -= self.q
            e = [self.q] * (n - 1)
            if cls == "ce_even":
                e[0] = mpmath.sqrt(2) * self.q
            self.d, self.e = d, e
            lam = list(d)
            tridiag_eigen(mp, lam, list(e) + [mpmath.mpf(0)])
            self.eig = lam
        self._vec = {}

    def coefficients(self, k):
        """c_0 .. c_{N-1} of the k-th function of the class (c_0 = A_0)."""
        if k not in self._vec:
            with mp.workdps(self.dps):
                w = self._eigvec(self.eig[k])
                c = list(w)
                if self.cls == "ce_even":
                    c[0] = w[0] / mpmath.sqrt(2)
                self._vec[k] = self._signed(k, c)
        return self._vec[k]

    def _eigvec(self, lam):
        """Unit eigenvector for the eigenvalue lam (mp_tridiag's inverse
        iteration; a zero pivot of the shifted matrix becomes tiny)."""
        try:
            return inverse_iteration(self.d, self.e, lam, self.dps,
                                     mp.eps * (abs(lam) + 4 * abs(self.q)
                                               + 1))
        except RuntimeError:
            raise RuntimeError("inverse iteration did not converge (%s, "
                               "q = %s)" % (self.cls, self.q))

    def _signed(self, k, c):
        """c with the sign of DLMF's convention (see the module docstring):
        from x = 0 or x = pi/2, whichever is better conditioned."""
        ks = [wavenumber(self.cls, r) for r in range(self.n)]
        if self.cls in ("ce_even", "ce_odd"):
            t0 = list(c)                                   # ce(0)
        else:
            t0 = [kk * v for kk, v in zip(ks, c)]          # se'(0)
        # The structurally nonzero quantity at pi/2 times its fixed sign.
        if self.cls == "ce_even":       # ce_2n(pi/2) = sum (-1)^r A_2r
            tp = [(-1) ** r * v for r, v in enumerate(c)]
            fixed = (-1) ** k
        elif self.cls == "ce_odd":      # ce'(pi/2) = -sum (-1)^r k A_k
            tp = [-(-1) ** r * kk * v for r, (kk, v) in enumerate(zip(ks, c))]
            fixed = (-1) ** (k + 1)
        elif self.cls == "se_odd":      # se(pi/2) = sum (-1)^r B_k
            tp = [(-1) ** r * v for r, v in enumerate(c)]
            fixed = (-1) ** k
        else:                           # se'(pi/2) = sum (-1)^(r+1) k B_k
            tp = [(-1) ** (r + 1) * kk * v
                  for r, (kk, v) in enumerate(zip(ks, c))]
            fixed = (-1) ** (k + 1)
        s0, sp = mpmath.fsum(t0), fixed * mpmath.fsum(tp)
        r0 = abs(s0) / mpmath.fsum(abs(v) for v in t0)
        rp = abs(sp) / mpmath.fsum(abs(v) for v in tp)
        noise = mpmath.mpf(10) ** (-(self.dps // 2))
        if r0 > noise and rp > noise and (s0 > 0) != (sp > 0):
            raise RuntimeError("sign at 0 and pi/2 disagree (%s, k = %d, "
                               "q = %s)" % (self.cls, k, self.q))
        if max(r0, rp) < noise:
            raise RuntimeError("sign undetermined (%s, k = %d, q = %s)"
                               % (self.cls, k, self.q))
        positive = s0 > 0 if r0 >= rp else sp > 0
        return c if positive else [-v for v in c]


def angular(cls, c, x):
    """(f, f') at the exact double x for the class and coefficients c."""
    X = mpmath.mpf(x)
    terms_f, terms_fp = [], []
    for r, v in enumerate(c):
        k = wavenumber(cls, r)
        cs, sn = mpmath.cos(k * X), mpmath.sin(k * X)
        if cls.startswith("ce"):
            terms_f.append(v * cs)
            terms_fp.append(-k * v * sn)
        else:
            terms_f.append(v * sn)
            terms_fp.append(k * v * cs)
    return mpmath.fsum(terms_f), mpmath.fsum(terms_fp)


class BesselSet:
    """J_n(u), J_n(v), Y_n(v), n = 0 .. nmax, at the current precision."""

    def __init__(self, u, v, nmax):
        self.ju = [mpmath.besselj(n, u) for n in range(nmax + 1)]
        self.jv = [mpmath.besselj(n, v) for n in range(nmax + 1)]
        y = [mpmath.bessely(0, v), mpmath.bessely(1, v)]
        for n in range(1, nmax):
            y.append(2 * n / v * y[n] - y[n - 1])
        self.yv = y[:nmax + 1]

    @staticmethod
    def at(arr, n):
        return arr[n] if n >= 0 else (arr[-n] if n % 2 == 0 else -arr[-n])

    def val_der(self, arr, n):
        """C_n and C_n' (DLMF 10.6.1), any integer n."""
        return (self.at(arr, n),
                (self.at(arr, n - 1) - self.at(arr, n + 1)) / 2)


def radial(kind, m, c, h, z, s, bes=None):
    """(Mc1, Mc1', Mc2, Mc2') (or Ms) at z by DLMF 28.24.2-5 with index s,
    and the sums of the absolute values of the terms of each."""
    cls, k = class_of(kind, m)
    h, z = mpmath.mpf(h), mpmath.mpf(z)
    u, v = h * mpmath.exp(-z), h * mpmath.exp(z)
    shift = {"ce_even": 0, "ce_odd": 1, "se_odd": 1, "se_even": 2}[cls]
    sign = -1 if kind == "Ms" else 1
    n = len(c)
    if bes is None:
        bes = BesselSet(u, v, n + s + shift + 2)
    out = [[], [], [], []]
    for l in range(n):
        w = (-1) ** l * c[l]
        for (p, r, sg) in ((l - s, l + s + shift, 1),
                           (l + s + shift, l - s, sign)):
            jp, jpd = bes.val_der(bes.ju, p)
            for j, arr in ((0, bes.jv), (2, bes.yv)):
                cr, crd = bes.val_der(arr, r)
                out[j].append(sg * w * jp * cr)
                out[j + 1].append(sg * w * v * jp * crd)
                out[j + 1].append(-sg * w * u * jpd * cr)
    pre = mpmath.mpf((-1) ** k) / c[s]
    if cls == "ce_even" and s == 0:
        pre /= 2
    vals = [pre * mpmath.fsum(t) for t in out]
    scale = [abs(pre) * mpmath.fsum(abs(x) for x in t) for t in out]
    return vals, scale


def bessel_for(h, z, nmax):
    h, z = mpmath.mpf(h), mpmath.mpf(z)
    return BesselSet(h * mpmath.exp(-z), h * mpmath.exp(z), nmax)


def fmt(v):
    if v == 0:
        return "0"
    return mpmath.nstr(v, WRITE_DIGITS, min_fixed=0, max_fixed=0)


def check(ok, what):
    if not ok:
        raise RuntimeError("check failed: " + what)


def work(q):
    try:
        return work_(q)
    except Exception as e:
        raise RuntimeError("failed at q = %r: %s" % (q, e))


def work_(q):
    """Every record at q: characteristic values, coefficients, angular and
    radial values, each computed at both configurations and compared."""
    lo_cfg, hi_cfg = configs(q)
    spec = [{cls: Spectrum(cls, q, dps, n) for cls in CLASSES}
            for dps, n in (lo_cfg, hi_cfg)]
    hi_dps = hi_cfg[0]
    mp.dps = hi_dps
    out = {"ab": [], "coef": [], "ang": [], "rad": [], "eig": {}}
    # Characteristic values, 25 digits and at full precision (for the
    # checks made after all q are done).
    avals, bvals = [], []
    for m in range(MMAX + 1):
        for kind, dest in (("ce", avals), ("se", bvals)):
            if kind == "se" and m == 0:
                continue
            cls, k = class_of(kind, m)
            u, w = spec[0][cls].eig[k], spec[1][cls].eig[k]
            check(rel_diff(u, w, 1) < EIG_AGREE,
                  "%s_%d(%r): %s vs %s" % ("a" if kind == "ce" else "b",
                                           m, q, u, w))
            dest.append(w)
    out["ab"].append("a %r %s %s" % (q, flag(q), " ".join(map(fmt, avals))))
    out["ab"].append("b %r %s %s" % (q, flag(q), " ".join(map(fmt, bvals))))
    # Exact decimal strings at the full precision, for the global checks.
    out["eig"] = {"a": [mpmath.nstr(v, hi_dps - 5) for v in avals],
                  "b": [mpmath.nstr(v, hi_dps - 5) for v in bvals],
                  "err": mpmath.nstr(mpmath.mpf(10) ** (10 - lo_cfg[0]) *
                                     (MMAX ** 2 + 4 * abs(q) + 1), 5)}
    if q in COEF_Q:
        for kind in ("ce", "se"):
            for m in COEF_M[kind]:
                coef_records(out, kind, m, q, spec)
    if q in RAD_Q:
        cache = {}
        for kind in ("Mc", "Ms"):
            for m in RAD_M[kind]:
                rad_records(out, kind, m, q, spec, cache)
    sys.stderr.write("gen_mathieu_ref: q = %r done\n" % q)
    return q, out


def coef_records(out, kind, m, q, spec):
    cls, k = class_of(kind, m)
    lo, hi = spec[0][cls], spec[1][cls]
    mp.dps = hi.dps
    c_hi = hi.coefficients(k)
    c_lo = lo.coefficients(k)
    cmax = max(abs(v) for v in c_hi)
    last = max(r for r, v in enumerate(c_hi) if abs(v) >= TRIM * cmax)
    check(last + 10 < lo.n, "coefficients of %s_%d(%r) reach the "
          "truncation" % (kind, m, q))
    for r in range(last + 1):
        check(rel_diff(c_lo[r], c_hi[r]) < AGREE,
              "coefficient %d of %s_%d(%r): %s vs %s"
              % (r, kind, m, q, c_lo[r], c_hi[r]))
    out["coef"].append("coef %s %d %r %s %s" % (
        kind, m, q, flag(q), " ".join(fmt(v) for v in c_hi[:last + 1])))
    for x in ANG_X:
        with mp.workdps(lo.dps):
            f_lo = angular(cls, c_lo, x)
        with mp.workdps(hi.dps):
            f_hi = angular(cls, c_hi, x)
        for u, w in zip(f_lo, f_hi):
            check(rel_diff(u, w) < AGREE,
                  "%s_%d(%r, %r): %s vs %s" % (kind, m, x, q, u, w))
        out["ang"].append("ang %s %d %r %.17g %s %s"
                          % (kind, m, q, x, fmt(f_hi[0]), fmt(f_hi[1])))


def digits_lost(vals, scales, skip=None):
    """log10 of (sum of |terms|) / |sum|: the digits cancellation costs
    (quantity skip left out: a structural zero)."""
    lost = 0
    for i, (v, sc) in enumerate(zip(vals, scales)):
        if i != skip and v != 0 and sc != 0:
            lost = max(lost, float(mpmath.log10(sc / abs(v))))
    return lost


def rad_records(out, kind, m, q, spec, cache):
    """The rad records of (kind, m) at q; cache holds Bessel sets and
    extra-precision spectra across calls at the same q."""
    cls, k = class_of(kind, m)
    lo, hi = spec[0][cls], spec[1][cls]

    def evaluate(sp, z, s):
        with mp.workdps(sp.dps):
            key = ("bessel", sp.dps, z)
            if key not in cache:
                # Orders up to 2N + 4 cover every s < N.
                cache[key] = bessel_for(mpmath.sqrt(mpmath.mpf(q)), z,
                                        2 * sp.n + 4)
            return radial(kind, m, sp.coefficients(k),
                          mpmath.sqrt(mpmath.mpf(q)), z, s, cache[key])

    def spectrum_at(dps):
        key = ("spectrum", cls, dps)
        if key not in cache:
            cache[key] = Spectrum(cls, q, dps, hi.n)
        return cache[key]

    c_hi = hi.coefficients(k)
    s_main = max(range(len(c_hi)), key=lambda r: abs(c_hi[r]))
    s_alt = 0 if s_main != 0 else 1
    # Structural zeros at z = 0: Mc^(1) is even in z, Ms^(1) odd.
    zero_at_0 = 1 if kind == "Mc" else 0
    for z in RAD_Z:
        skip = zero_at_0 if z == 0 else None
        runs = {"precision": evaluate(lo, z, s_main),
                "main": evaluate(hi, z, s_main)}
        # The series with s = 0 cancels heavily where A_0 (A_1, B_1, B_2)
        # is tiny: evaluate it with the digits it loses added.
        alt = evaluate(hi, z, s_alt)
        lost = digits_lost(*alt, skip=skip)
        if hi.dps - lost < BASE_DPS:
            alt = evaluate(spectrum_at(hi.dps + math.ceil(lost)), z, s_alt)
        runs["s = %d" % s_alt] = alt
        check(hi.dps - digits_lost(*runs["main"], skip=skip) >= 40,
              "cancellation in %s_%d(%r, %r)" % (kind, m, z, q))
        with mp.workdps(hi.dps):
            noise = mpmath.mpf(10) ** (10 - lo.dps)
            if z == 0:
                for vals, sc in runs.values():
                    check(abs(vals[zero_at_0]) <= noise * sc[zero_at_0],
                          "%s_%d(0, %r) does not vanish" % (kind, m, q))
                    vals[zero_at_0] = mpmath.mpf(0)
            v_hi = runs["main"][0]
            for what, (other, _) in runs.items():
                for i, (u, w) in enumerate(zip(other, v_hi)):
                    check(rel_diff(u, w) < AGREE,
                          "%s_%d(%r, %r) [%d] %s check: %s vs %s"
                          % (kind, m, z, q, i, what, u, w))
            wr = v_hi[0] * v_hi[3] - v_hi[1] * v_hi[2]
            check(abs(wr * mp.pi / 2 - 1) < WRONSKIAN_TOL,
                  "Wronskian of %s_%d(%r, %r) = %s" % (kind, m, z, q, wr))
        out["rad"].append("rad %s %d %r %r %s" % (
            kind, m, q, z, " ".join(fmt(v) for v in v_hi)))


def self_check():
    """The radial series against independent formulas, and the functions
    against their differential equations and the q -> -q relations."""
    mp.dps = 45
    tol = mpmath.mpf("1e-35")
    # Angular: ODE residual w'' + (a - 2q cos 2x) w, at a few points.
    for q in (-7.5, 3.0, 40.0):
        for cls in CLASSES:
            sp = Spectrum(cls, q, 45, 80)
            for k in (0, 1, 6):
                c, a = sp.coefficients(k), sp.eig[k]
                for x in (mpmath.mpf("0.3"), mpmath.mpf("1.2")):
                    terms = []
                    for r, v in enumerate(c):
                        kk = wavenumber(cls, r)
                        trig = (mpmath.cos if cls.startswith("ce")
                                else mpmath.sin)(kk * x)
                        terms.append(v * trig * (a - kk * kk
                                                 - 2 * q * mpmath.cos(2 * x)))
                    res = mpmath.fsum(terms)
                    check(abs(res) < tol * (1 + abs(a)),
                          "ODE residual %s k=%d q=%s: %s" % (cls, k, q, res))
    # q -> -q (DLMF 28.2.34-37): ce_2n(x,-q) = (-1)^n ce_2n(pi/2-x, q) etc.,
    # so c_r(-q) = (-1)^(n+r) c'_r(q) with the classes paired as below.
    for cm, cp in (("ce_even", "ce_even"), ("ce_odd", "se_odd"),
                   ("se_odd", "ce_odd"), ("se_even", "se_even")):
        sm, spp = Spectrum(cm, -3.0, 45, 80), Spectrum(cp, 3.0, 45, 80)
        for n in (0, 3, 10):
            u, w = sm.coefficients(n), spp.coefficients(n)
            for r in range(30):
                check(abs(u[r] - (-1) ** (n + r) * w[r]) < tol,
                      "q -> -q for %s n=%d r=%d" % (cm, n, r))
    # Radial series.
    q = 5.0
    h = mpmath.sqrt(q)
    for kind, ms in (("Mc", (0, 1, 2, 3)), ("Ms", (1, 2, 3, 4))):
        for m in ms:
            cls, k = class_of(kind, m)
            sp = Spectrum(cls, q, 45, 120)
            c, a = sp.coefficients(k), sp.eig[k]
            shift = {"ce_even": 0, "ce_odd": 1, "se_odd": 1,
                     "se_even": 2}[cls]
            # DLMF 28.23.6, 28.23.8, 28.23.10, 28.23.12, j = 1 at z = 0.5
            # and j = 1, 2 at z = 1.5 (they converge for cosh z > 1).
            for z in (mpmath.mpf("0.5"), mpmath.mpf("1.5")):
                x = 2 * h * mpmath.cosh(z)
                ks = [2 * r + shift for r in range(len(c))]
                if kind == "Mc":
                    norm = mpmath.fsum(c)                      # ce(0)
                    wts = [(-1) ** r * v for r, v in enumerate(c)]
                    fac = 1
                else:
                    norm = mpmath.fsum(kk * v for kk, v in zip(ks, c))
                    wts = [(-1) ** r * kk * v
                           for r, (kk, v) in enumerate(zip(ks, c))]
                    fac = mpmath.tanh(z)
                ref = []
                for fn in (mpmath.besselj, mpmath.bessely):
                    if fn is mpmath.bessely and z < 1:
                        continue
                    t = mpmath.fsum(wt * fn(kk, x) for wt, kk in zip(wts, ks))
                    ref.append((-1) ** k * fac * t / norm)
                for s in (0, 2):
                    v, _ = radial(kind, m, c, h, z, s)
                    for r, val in zip(ref, (v[0], v[2])):
                        check(abs(val - r) < tol * abs(r),
                              "28.23 vs 28.24 %s_%d z=%s s=%d: %s vs %s"
                              % (kind, m, z, s, val, r))
            # ODE and derivative, by numerical differentiation at z = 0.7.
            z0 = mpmath.mpf("0.7")
            for j in (0, 2):
                f = lambda t: radial(kind, m, c, h, t, 0)[0][j]
                fd = lambda t: radial(kind, m, c, h, t, 0)[0][j + 1]
                d1 = mpmath.diff(f, z0)
                d2 = mpmath.diff(fd, z0)
                val = f(z0)
                check(abs(d1 - fd(z0)) < tol * (abs(d1) + abs(val)),
                      "radial derivative %s_%d" % (kind, m))
                res = d2 - (a - 2 * q * mpmath.cosh(2 * z0)) * val
                check(abs(res) < tol * (abs(d2) + abs(a * val)),
                      "radial ODE %s_%d: %s" % (kind, m, res))
    # Large z: DLMF 28.25.1 for M^(3) = M^(1) + i M^(2), q = 1, z = 6.
    q, z = 1.0, mpmath.mpf(6)
    h = mpmath.mpf(1)
    for kind, m in (("Mc", 0), ("Mc", 1), ("Mc", 4), ("Ms", 1), ("Ms", 2),
                    ("Ms", 5)):
        cls, k = class_of(kind, m)
        sp = Spectrum(cls, q, 45, 80)
        c, a = sp.coefficients(k), sp.eig[k]
        v, _ = radial(kind, m, c, h, z, 0)
        m3 = mpmath.mpc(v[0], v[2])
        w = h * (mpmath.cosh(z) + 1)
        dm, d0 = mpmath.mpf(0), mpmath.mpf(1)
        total, best = d0, None
        for n in range(60):
            # (n+1) D_{n+1} + ((n+1/2)^2 + (n+1/4) 8ih + 2h^2 - a) D_n
            #   + (n-1/2) 8ihn D_{n-1} = 0
            dn1 = -(((n + mpmath.mpf(1) / 2) ** 2
                     + (n + mpmath.mpf(1) / 4) * 8j * h + 2 * h * h - a) * d0
                    + (n - mpmath.mpf(1) / 2) * 8j * h * n * dm) / (n + 1)
            term = dn1 / (-4j * w) ** (n + 1)
            if best is not None and abs(term) > best:
                break
            best = abs(term)
            total += term
            dm, d0 = d0, dn1
        phase = 2 * h * mpmath.cosh(z) - (mpmath.mpf(m) / 2 + 0.25) * mp.pi
        asym = mpmath.exp(1j * phase) / mpmath.sqrt(mp.pi * w) * total
        check(abs(m3 - asym) < tol * abs(asym),
              "28.25.1 %s_%d: %s vs %s" % (kind, m, m3, asym))


def published_and_relations(results):
    """The published values and the q -> -q relations of the grid."""
    mp.dps = 60
    eig = {q: out["eig"] for q, out in results}
    for which, m, q, text in PUBLISHED:
        vals = eig[q][which]
        v = mpmath.mpf(vals[m if which == "a" else m - 1])
        decimals = len(text.split(".")[1])
        ref = mpmath.mpf(text)
        check(abs(v - ref) <= mpmath.mpf(10) ** -decimals / 2,
              "published %s_%d(%r) = %s, computed %s" % (which, m, q, text,
                                                         v))
    for q in Q_GRID:
        if q <= 0 or -q not in eig:
            continue
        p, n = eig[q], eig[-q]
        tol = mpmath.mpf(n["err"]) + mpmath.mpf(p["err"])
        for m in range(MMAX + 1):
            am, ap = mpmath.mpf(n["a"][m]), mpmath.mpf(p["a"][m])
            other = ap if m % 2 == 0 else mpmath.mpf(p["b"][m - 1])
            check(abs(am - other) < tol, "a_%d(-%r)" % (m, q))
            if m >= 2 and m % 2 == 0:
                check(abs(mpmath.mpf(n["b"][m - 1]) -
                          mpmath.mpf(p["b"][m - 1])) < tol,
                      "b_%d(-%r)" % (m, q))
    # q > 0: a_0 < b_1 < a_1 < b_2 < a_2 < ... (DLMF 28.2.21); gaps below
    # the error estimate (a_m and b_m+1 coalesce exponentially fast as q
    # grows) count as unresolved, an inversion beyond it is an error.
    unresolved = 0
    for q in Q_GRID:
        if q <= 0:
            continue
        a = [mpmath.mpf(v) for v in eig[q]["a"]]
        b = [None] + [mpmath.mpf(v) for v in eig[q]["b"]]
        tol = mpmath.mpf(eig[q]["err"])
        seq = [a[0]]
        for m in range(1, MMAX + 1):
            seq += [b[m], a[m]]
        for i, (u, w) in enumerate(zip(seq, seq[1:])):
            check(w - u > -tol, "interlacing at q = %r, position %d" % (q, i))
            unresolved += w - u <= tol
    sys.stderr.write("gen_mathieu_ref: interlacing a_0 < b_1 < a_1 < ... "
                     "holds for every q > 0 (%d gaps unresolved)\n"
                     % unresolved)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        here, "mathieu_ref.txt")
    self_check()
    # Largest |q| first: the longest tasks start early.
    order = sorted(Q_GRID, key=lambda q: (-configs(q)[1][1], q))
    workers = max(1, min(2, os.cpu_count() or 1))
    with multiprocessing.Pool(workers) as pool:
        results = pool.map(work, order, chunksize=1)
    results.sort(key=lambda item: item[0])
    published_and_relations(results)
    with open(path, "w") as f:
        f.write("# Mathieu function reference values, written by "
                "tests/data/gen_mathieu_ref.py\n"
                "# mpmath %s; mp.dps = %d + ceil(sqrt|q|), N = %d + 40 + "
                "ceil(3 sqrt|q|) matrix rows;\n"
                "# everything recomputed with %d more digits and %d more "
                "rows: characteristic\n"
                "# values agreeing to %s relative to max(|v|, 1), all "
                "other values to %s\n"
                "# relative; written to %d significant digits.\n"
                % (mpmath.__version__, BASE_DPS, NMAX, CHECK_EXTRA,
                   CHECK_EXTRA, mpmath.nstr(EIG_AGREE, 2),
                   mpmath.nstr(AGREE, 2), WRITE_DIGITS))
        f.write(
            "# Conventions (DLMF 28.2(vi), 28.4): ce_m(x,q) = sum A_k cos kx,"
            "\n# se_m(x,q) = sum B_k sin kx; 2 A_0^2 + A_2^2 + A_4^2 + ... = 1"
            " for ce_2n,\n# sum A_k^2 = 1 or sum B_k^2 = 1 otherwise; signs "
            "by continuity from q = 0:\n# ce_m(0,q) > 0, se_m'(0,q) > 0 for "
            "every real q.\n"
            "# Radial, q = h^2 > 0: Mc_m^(j)(z,h), Ms_m^(j)(z,h), j = 1, 2 "
            "(C = J, Y), by\n# DLMF 28.24.2-5 with s = the index of the "
            "largest coefficient (checked\n# against s = 0); Wronskian "
            "M^(1) M^(2)' - M^(1)' M^(2) = 2/pi (checked).\n"
            "# Derivatives: in x (ang), in z (rad).\n"
            "# Records:\n"
            "#   a <q> <F|D> <a_0> ... <a_100>\n"
            "#   b <q> <F|D> <b_1> ... <b_100>\n"
            "#   coef <ce|se> <m> <q> <F|D> <c_0> ... <c_R>   c_r = A_2r, "
            "A_2r+1, B_2r+1 or\n"
            "#       B_2r+2; trailing |c_r| < 1e-40 max|c| left off\n"
            "#   ang <ce|se> <m> <q> <x> <f> <f'>   x: 17 digits of the "
            "double used\n"
            "#   rad <Mc|Ms> <m> <q> <z> <M^(1)> <M^(1)'> <M^(2)> <M^(2)'>\n"
            "# q, z: repr of the double; F: q exactly a float, D: double "
            "only.\n")
        for section in ("ab", "coef", "ang", "rad"):
            for q, out in results:
                for line in out[section]:
                    f.write(line + "\n")


if __name__ == "__main__":
    main()
