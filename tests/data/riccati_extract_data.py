"""Writes tests/support/bla_test_riccati_data.inc: the CAREX data that
SLICOT's BB01AD reads from files (BB01106.dat, example 1.6, and
BB01404.dat, example 4.4), taken from the matrices SciPy's
test_solvers.py loads (scipy/linalg/tests/data/carex_{6,20}_data.npz).

Example 1.6 (J-100 jet engine): A as its nonzero entries (short decimals,
reproduced exactly) and Q = C^T C as its lower triangle (17 digits).
Example 4.4 (rotating axle): the parameter vectors mu, delta, gamma and
kappa of BB01404.dat, recovered from A and B by the formulas of BB01AD
and rounded to the shortest decimal within 1e-9 (the file's values);
bla_test_riccati.c rebuilds A, B and Q from them.

Run with the repository's venv Python:
    build-python-venv/bin/python tests/data/riccati_extract_data.py
"""
import os

import numpy as np
import scipy.linalg

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(os.path.dirname(scipy.linalg.__file__), "tests", "data")
OUT = os.path.join(HERE, "..", "support", "bla_test_riccati_data.inc")


def shortest(x, rel=0.0):
    """Shortest %g that gives x back (rel = 0) or lies within rel * |x|."""
    for p in range(1, 18):
        s = "%.*g" % (p, x)
        if (rel == 0 and float(s) == x) or (rel and abs(float(s) - x) <= rel * abs(x)):
            return s
    raise ValueError(x)


def c_num(s):
    return s if any(ch in s for ch in ".e") else s + ".0"


def rows_of(items, per):
    return ["  " + ", ".join(items[i:i + per]) + "," for i in range(0, len(items), per)]


def carex44_params(a, b, ell):
    near = lambda x: float(shortest(x, 1e-9))
    mu = [near(1 / b[0, 0])] + [near(-1 / b[i, i]) for i in range(1, ell)]
    # BB01AD: A(1,1) = -delta_1/mu_1, A(i,1) = delta_i/mu_i - delta_{i-1}/mu_{i-1}
    delta = [near(-a[0, 0] * mu[0])]
    for i in range(1, ell):
        delta.append(near(mu[i] * (a[i, 0] + delta[i - 1] / mu[i - 1])))
    # A(1,2) = -gamma_1/mu_1, A(i-1,i) = gamma_{i-1}/mu_{i-1}; kappa likewise
    # in A(1,l+1) and A(i-1,l+i-1).
    gamma = [near(-a[0, 1] * mu[0])] + [near(a[i - 1, i] * mu[i - 1]) for i in range(2, ell)]
    kappa = [near(-a[0, ell] * mu[0])] + [near(a[i - 1, ell + i - 1] * mu[i - 1]) for i in range(2, ell)]
    return mu, delta, gamma, kappa


def main():
    out = ["/* tests/support/bla_test_riccati_data.inc: CAREX data read from files",
           " * by SLICOT BB01AD, as SciPy's test_solvers.py (1.17.1) holds it;",
           " * written by tests/data/riccati_extract_data.py. Included by",
           " * bla_test_riccati.c only. */", "", "/* clang-format off */"]
    d6 = np.load(os.path.join(DATA, "carex_6_data.npz"))
    a6, q6 = d6["A"], d6["Q"]
    nz = [(i, j) for i in range(a6.shape[0]) for j in range(a6.shape[1]) if a6[i, j] != 0]
    out.append("/* CAREX 1.6: nonzero entries of A, (row, column, value), 0-based. */")
    out.append("static const are_entry carex16_a[%d] = {" % len(nz))
    out += rows_of(["{%d, %d, %s}" % (i, j, c_num(shortest(a6[i, j]))) for i, j in nz], 3)
    out.append("};")
    lq = [(i, j) for j in range(q6.shape[1]) for i in range(j, q6.shape[0]) if q6[i, j] != 0]
    out.append("/* CAREX 1.6: nonzero entries of Q's lower triangle (Q = C^T C). */")
    out.append("static const are_entry carex16_q[%d] = {" % len(lq))
    out += rows_of(["{%d, %d, %s}" % (i, j, c_num(repr(float(q6[i, j])))) for i, j in lq], 2)
    out.append("};")
    d20 = np.load(os.path.join(DATA, "carex_20_data.npz"))
    ell = (d20["A"].shape[0] + 1) // 2
    names = ("mu", "delta", "gamma", "kappa")
    for name, vec in zip(names, carex44_params(d20["A"], d20["B"], ell)):
        out.append("static const double carex44_%s[%d] = {" % (name, len(vec)))
        out += rows_of([c_num(shortest(v)) for v in vec], 6)
        out.append("};")
    out.append("/* clang-format on */")
    with open(OUT, "w") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
