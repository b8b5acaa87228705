#!/usr/bin/env python3
"""Reference values for the Bessel tests and benchmark (bessel_ref.txt).

Cylindrical J_k, Y_k and spherical j_n, y_n, i_n, k_n (DLMF 10.47.3-9:
k_n(x) = sqrt(pi/(2x)) K_{n+1/2}(x), as SciPy's spherical_kn), with their
x-derivatives, computed with mpmath in high precision: for each x at
DIGITS + max(0, log10 x) decimal digits (a huge argument costs its own
digits in the phase), and again with CHECK_EXTRA more digits; the two must
agree to AGREE relative, or the script stops. Derivatives come from exact
identities in the same precision (DLMF 10.6.1, 10.51.2, 10.51.5 in their
symmetric forms, valid at x = 0 too), checked against numerical
differentiation at a few points below. k_n comes from its terminating
sum (DLMF 10.49.12), checked against mpmath's besselk at a few points.

Usage: python3 tests/data/gen_bessel_ref.py [output]   (default: the
bessel_ref.txt next to this script). Takes several minutes.

File format (plain text, '#' lines are comments):
  orders k0 k1 ...          the orders of every value line, ascending
  x <x> <F|D>               a new argument: F when x is exactly a float
                            (used by both precisions), D double only
  <f> <v0> <v1> ...         f in J Jp Y Yp j jp y yp i ip k kp: one value
                            per order; Y, y, k and their derivatives are
                            absent at x = 0 (outside their domain)
Values larger than 1e4000 in magnitude are written inf / -inf, values
smaller than 1e-4000 as 0 (both far outside the double range).
"""

import math
import multiprocessing
import os
import struct
import sys

import mpmath
from mpmath import mp

DIGITS = 40
CHECK_EXTRA = 20
AGREE = mpmath.mpf("1e-25")
WRITE_DIGITS = 19
CLAMP_EXP = 4000

# Every order 0..60, and pairs/triples up to 500 (neighbours let a test
# check recurrences, and x near k puts these in their turning region).
ORDERS = list(range(61)) + [99, 100, 101, 199, 200, 201, 299, 300, 399, 400,
                            449, 450, 499, 500]
FUNCS = ["J", "Jp", "Y", "Yp", "j", "jp", "y", "yp", "i", "ip", "k", "kp"]


def to_float(v):
    return struct.unpack("f", struct.pack("f", v))[0]


def is_float_exact(v):
    return v == 0.0 or (math.isfinite(v) and to_float(v) == v)


def next_up(v):
    return math.nextafter(v, math.inf)


def next_down(v):
    return math.nextafter(v, -math.inf)


def arguments():
    """(x, note) pairs: a log grid and the special points."""
    xs = {}

    def add(v, note):
        v = float(v)
        if v not in xs:
            xs[v] = note

    add(0.0, "zero")
    # Log grid over [1e-6, 1e4], six per decade, rounded to float.
    for e in range(-36, 25):
        add(to_float(10.0 ** (e / 6.0)), "grid")
    mp.dps = 40
    # Zeros of J_0, J_1, Y_0, Y_1, j_0 (pi multiples), y_0: the double
    # nearest and the float nearest each zero.
    zeros = []
    for s in (1, 2, 3, 4, 5, 10, 100, 1000):
        zeros.append(("J0 zero %d" % s, mpmath.besseljzero(0, s)))
    for s in (1, 2, 3, 5, 100):
        zeros.append(("J1 zero %d" % s, mpmath.besseljzero(1, s)))
    for s in (1, 2):
        zeros.append(("Y0 zero %d" % s, mpmath.besselyzero(0, s)))
    zeros.append(("Y1 zero 1", mpmath.besselyzero(1, 1)))
    zeros.append(("j0 zero 1", mp.pi))
    zeros.append(("j0 zero 10", 10 * mp.pi))
    zeros.append(("y0 zero 1", mp.pi / 2))
    for note, z in zeros:
        add(float(z), note + " (double)")
        add(to_float(float(z)), note + " (float)")
    # Turning points x ~ k of large orders.
    for k in (10, 30, 60, 100, 200, 300, 400, 500):
        c = k ** (1.0 / 3.0)
        for v in (k - 2 * c, k - 0.5, k, k + 0.5, k + 2 * c):
            add(to_float(v), "near k = %d" % k)
    # Both sides of x = 25 (a switch of method for the starting values).
    add(25.0, "25")
    add(next_down(25.0), "25 - ulp (double)")
    add(next_up(25.0), "25 + ulp (double)")
    add(to_float(24.9999999), "25 - ulp (float)")
    add(to_float(25.0000001), "25 + ulp (float)")
    # Tiny arguments, subnormal included.
    for v, note in ((2.0 ** -1074, "double subnormal min"),
                    (2.0 ** -1022, "DBL_MIN"), (1e-300, "tiny"),
                    (1e-100, "tiny"), (2.0 ** -149, "float subnormal min"),
                    (2.0 ** -126, "FLT_MIN"), (to_float(1e-30), "tiny"),
                    (to_float(1e-10), "tiny")):
        add(v, note)
    # Huge arguments.
    for v in (1e5, 1e6, 1e8, 1e10, 1e15, 1e20, 1e30):
        add(to_float(v), "huge")
    add(struct.unpack("f", struct.pack("I", 0x7F7FFFFF))[0], "FLT_MAX")
    add(1e100, "huge")
    add(1e300, "huge")
    add(sys.float_info.max, "DBL_MAX")
    return sorted(xs.items())


def half(n):
    return mpmath.mpf(n) + mpmath.mpf(1) / 2


def sph_k(orders, X):
    """k_n(X) for n in orders by the terminating sum DLMF 10.49.12,
    k_n(x) = (pi/(2x)) e^-x sum_{j=0}^{n} (n+j)!/(j!(n-j)!) (2x)^-j:
    positive terms, exact at any x (mpmath's besselk does not converge for
    large orders at x of a few thousand)."""
    out = {}
    pre = mp.pi / (2 * X) * mpmath.exp(-X)
    for n in orders:
        c = mpmath.mpf(1)
        t = c
        for j in range(n):
            c = c * (n + j + 1) * (n - j) / ((j + 1) * 2 * X)
            t += c
        out[n] = pre * t
    return out


def values(x, dps):
    """Every function at every order in ORDERS at x, as mpf, at dps."""
    mp.dps = dps
    X = mpmath.mpf(x)
    need = sorted({m for k in ORDERS for m in (k - 1, k, k + 1) if m >= 0})
    out = {}
    if X == 0:
        J = {m: (mpmath.mpf(1) if m == 0 else mpmath.mpf(0)) for m in need}
        sph = dict(J)
        fam = {"J": J, "j": sph, "i": sph}
    else:
        s = mpmath.sqrt(mp.pi / (2 * X))
        fam = {
            "J": {m: mpmath.besselj(m, X) for m in need},
            "Y": {m: mpmath.bessely(m, X) for m in need},
            "j": {m: s * mpmath.besselj(half(m), X) for m in need},
            "y": {m: s * mpmath.bessely(half(m), X) for m in need},
            "i": {m: s * mpmath.besseli(half(m), X) for m in need},
            "k": sph_k(need, X),
        }
    for f, v in fam.items():
        out[f] = [v[k] for k in ORDERS]
        d = []
        for k in ORDERS:
            if f in ("J", "Y"):
                # DLMF 10.6.1; J_{-1} = -J_1.
                lo = v[k - 1] if k > 0 else -v[1]
                d.append((lo - v[k + 1]) / 2)
            else:
                # DLMF 10.51.2 / 10.51.5, symmetric form.
                lo = v[k - 1] if k > 0 else mpmath.mpf(0)
                if f in ("j", "y"):
                    t = k * lo - (k + 1) * v[k + 1]
                elif f == "i":
                    t = k * lo + (k + 1) * v[k + 1]
                else:
                    t = -(k * lo + (k + 1) * v[k + 1])
                d.append(t / (2 * k + 1))
        out[f + "p"] = d
    return out


def fmt(v):
    if v == 0:
        return "0"
    e = int(mpmath.floor(mpmath.log10(abs(v))))
    if e > CLAMP_EXP:
        return "inf" if v > 0 else "-inf"
    if e < -CLAMP_EXP:
        return "0"
    return mpmath.nstr(v, WRITE_DIGITS, min_fixed=0, max_fixed=0)


def block(item):
    try:
        return block_(item)
    except Exception as e:
        raise RuntimeError("failed at x = %r (%s): %s" % (item[0], item[1], e))


def block_(item):
    x, note = item
    base = DIGITS + (max(0, math.ceil(math.log10(x))) if x > 0 else 0)
    a = values(x, base)
    b = values(x, base + CHECK_EXTRA)
    mp.dps = base + CHECK_EXTRA
    for f in a:
        for k, u, w in zip(ORDERS, a[f], b[f]):
            if abs(u - w) > AGREE * abs(w):
                raise SystemExit("precision check failed: %s_%d(%r): %s vs %s"
                                 % (f, k, x, u, w))
    sys.stderr.write("gen_bessel_ref: x = %r done\n" % x)
    lines = ["# %s" % note,
             "x %r %s" % (x, "F" if is_float_exact(x) else "D")]
    for f in FUNCS:
        if f in b:
            lines.append(f + " " + " ".join(fmt(v) for v in b[f]))
    return "\n".join(lines) + "\n"


def self_check():
    """The identities used above, against numerical differentiation, and
    the Wronskians the tests rely on."""
    mp.dps = 40
    X = mpmath.mpf(2.7)
    s = lambda t: mpmath.sqrt(mp.pi / (2 * t))
    sj = lambda n, t: s(t) * mpmath.besselj(half(n), t)
    sy = lambda n, t: s(t) * mpmath.bessely(half(n), t)
    si = lambda n, t: s(t) * mpmath.besseli(half(n), t)
    sk = lambda n, t: s(t) * mpmath.besselk(half(n), t)
    v = values(2.7, 40)
    tol = mpmath.mpf("1e-25")
    for n in (0, 1, 7, 60):
        for t in (mpmath.mpf("0.01"), X, mpmath.mpf(250)):
            ref = sk(n, t)
            assert abs(sph_k([n], t)[n] - ref) < tol * ref, (n, t)
    for f, fn in (("J", mpmath.besselj), ("Y", mpmath.bessely), ("j", sj),
                  ("y", sy), ("i", si), ("k", sk)):
        for idx in (0, 1, 7):
            k = ORDERS[idx]
            ref = mpmath.diff(lambda t: fn(k, t), X)
            assert abs(v[f + "p"][idx] - ref) < tol * abs(ref), (f, k)
    for n in (1, 5):
        w = sj(n, X) * sy(n - 1, X) - sj(n - 1, X) * sy(n, X)
        assert abs(w - 1 / X ** 2) < tol
        w = si(n, X) * sk(n + 1, X) + si(n + 1, X) * sk(n, X)
        assert abs(w - mp.pi / (2 * X ** 2)) < tol
        w = (mpmath.besselj(n + 1, X) * mpmath.bessely(n, X)
             - mpmath.besselj(n, X) * mpmath.bessely(n + 1, X))
        assert abs(w - 2 / (mp.pi * X)) < tol


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        here, "bessel_ref.txt")
    self_check()
    items = arguments()
    workers = max(1, min(4, os.cpu_count() or 1))
    with multiprocessing.Pool(workers) as pool:
        blocks = pool.map(block, items, chunksize=1)
    with open(path, "w") as out:
        out.write("# Bessel reference values, written by tests/data/"
                  "gen_bessel_ref.py\n")
        out.write("# mpmath %s; working precision mp.dps = %d + max(0, "
                  "ceil(log10 x)),\n# every value recomputed at %d more "
                  "digits and agreeing to %s relative;\n"
                  % (mpmath.__version__, DIGITS, CHECK_EXTRA,
                     mpmath.nstr(AGREE, 3)))
        out.write("# written to %d significant digits; |v| > 1e%d as +-inf,"
                  " |v| < 1e-%d as 0.\n" % (WRITE_DIGITS, CLAMP_EXP,
                                            CLAMP_EXP))
        out.write("# Functions: J_k, Y_k (DLMF 10.2), j_n, y_n, i_n, k_n "
                  "(DLMF 10.47;\n# k_n = sqrt(pi/(2x)) K_{n+1/2}, from its "
                  "terminating sum DLMF 10.49.12),\n# and their "
                  "x-derivatives (suffix p, from DLMF 10.6.1, 10.51.2, "
                  "10.51.5).\n# %d arguments.\n" % len(items))
        out.write("orders " + " ".join(str(k) for k in ORDERS) + "\n")
        for b in blocks:
            out.write(b)


if __name__ == "__main__":
    main()
