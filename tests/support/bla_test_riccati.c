/* tests/support/bla_test_riccati.c: see bla_test_riccati.h.
 *
 * Each case reproduces SciPy's numpy expression for it operation by
 * operation (a product by 0.001 stays a product, a division by 3 a
 * division), so that the matrices equal SciPy's bit for bit where SciPy
 * builds them from literals; tests/data/riccati_scipy_ref.py checks this. */
#include "bla_test_riccati.h"

#include <lapacke.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  int i, j;
  double v;
} are_entry;

#include "bla_test_riccati_data.inc"

/* ---- Filling helpers ------------------------------------------------ */

/* dst (rows x cols, column-major) := the row-major literal src * mul
 * (mul = 1 leaves the values as they are). */
static void put(double *dst, int rows, int cols, const double *src,
                double mul) {
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j)
      dst[i + (size_t)j * rows] =
          mul == 1.0 ? src[i * cols + j] : src[i * cols + j] * mul;
}

static void set_diag(double *dst, int n, double v) {
  for (int i = 0; i < n; ++i)
    dst[i + (size_t)i * n] = v;
}

static void fill(double *dst, size_t len, double v) {
  for (size_t i = 0; i < len; ++i)
    dst[i] = v;
}

/* ---- Generated CAREX examples (SLICOT BB01AD, default parameters) ---- */

/* CAREX 3.1 (Laub 1979, Ex. 4: a string of l = 20 high speed vehicles),
 * n = 2l - 1, m = l: A(i,i) = -1, B(i,(i+1)/2) = 1 for odd i; A(i,i-1) = 1,
 * A(i,i+1) = -1, Q(i,i) = 10 for even i (1-based). */
static void carex31(bla_test_are_case *c) {
  for (int i = 1; i <= c->n; ++i) {
    double *a = c->a + (i - 1);
    if (i % 2) {
      a[(size_t)(i - 1) * c->n] = -1.0;
      c->b[(i - 1) + (size_t)((i + 1) / 2 - 1) * c->n] = 1.0;
    } else {
      a[(size_t)(i - 2) * c->n] = 1.0;
      a[(size_t)i * c->n] = -1.0;
      c->q[(i - 1) + (size_t)(i - 1) * c->n] = 10.0;
    }
  }
}

/* CAREX 3.2 (Laub 1979, Ex. 5: circulant), n = 64: A = tridiag(1, -2, 1)
 * with A(1,n) = A(n,1) = 1, B = Q = R = I. */
static void carex32(bla_test_are_case *c) {
  const int n = c->n;
  set_diag(c->a, n, -2.0);
  for (int i = 0; i + 1 < n; ++i)
    c->a[i + 1 + (size_t)i * n] = c->a[i + (size_t)(i + 1) * n] = 1.0;
  c->a[n - 1] = c->a[(size_t)(n - 1) * n] = 1.0;
  set_diag(c->b, n, 1.0);
  set_diag(c->q, n, 1.0);
}

/* CAREX 4.1 (Laub 1979, Ex. 6: ill-conditioned), n = 21, q = r = 1: A the
 * upper shift, B = e_n, Q = e_1 e_1^T. */
static void carex41(bla_test_are_case *c) {
  for (int i = 0; i + 1 < c->n; ++i)
    c->a[i + (size_t)(i + 1) * c->n] = 1.0;
  c->b[c->n - 1] = 1.0;
  c->q[0] = 1.0;
}

/* The integral over [lo, hi] of the hat function centred at i / (n + 1)
 * (CAREX 4.2's input and output weights), as BB01AD evaluates it. */
static double hat_integral(int i, double ap, double lo_bound, double hi_bound) {
  const double lo = fmax((double)(i - 1) / ap, lo_bound);
  const double hi = fmin((double)(i + 1) / ap, hi_bound);
  double v, t;
  if (lo >= hi)
    return 0.0;
  v = hi - lo;
  t = fmin(hi, (double)i / ap);
  if (lo < t) {
    v = v + ap * (t * t - lo * lo) / 2.0;
    v = v + (double)i * (lo - t);
  }
  t = fmax(lo, (double)i / ap);
  if (t < hi) {
    v = v - ap * (hi * hi - t * t) / 2.0;
    v = v - (double)i * (t - hi);
  }
  return v;
}

/* CAREX 4.2 (Rosen/Wang 1992: LQ control of 1-d heat flow), n = 100,
 * a = 0.01, b = c = 1, [beta] = [gamma] = [0.2, 0.3]: a linear finite
 * element model, A = M^-1 K and B = M^-1 b with M the mass (Gramian)
 * tridiagonal matrix, Q = c c^T, R = 1. */
static int carex42(bla_test_are_case *c) {
  const int n = c->n;
  const double ap = (double)(n + 1), stiff = -0.01 * ap;
  const double g = 1.0 / (6.0 * ap);
  double *d = (double *)malloc(sizeof(double) * (size_t)(2 * n));
  double *cv = (double *)malloc(sizeof(double) * (size_t)n);
  int info;
  if (!d || !cv) {
    free(d);
    free(cv);
    return -1;
  }
  set_diag(c->a, n, 2.0 * stiff);
  for (int i = 0; i + 1 < n; ++i)
    c->a[i + 1 + (size_t)i * n] = c->a[i + (size_t)(i + 1) * n] = -stiff;
  fill(d, (size_t)n, 4.0 * g);
  fill(d + n, (size_t)(n - 1), g);
  info = (int)LAPACKE_dpttrf(n, d, d + n);
  if (!info)
    info = (int)LAPACKE_dpttrs(LAPACK_COL_MAJOR, n, n, d, d + n, c->a, n);
  for (int i = 1; i <= n; ++i) {
    c->b[i - 1] = hat_integral(i, ap, 0.2, 0.3);
    cv[i - 1] = hat_integral(i, ap, 0.2, 0.3);
  }
  if (!info)
    info = (int)LAPACKE_dpttrs(LAPACK_COL_MAJOR, n, 1, d, d + n, c->b, n);
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i)
      c->q[i + (size_t)j * n] = cv[i] * cv[j];
  free(cv);
  free(d);
  return info ? -1 : 0;
}

/* CAREX 4.3 (Hench et al. 1995: coupled springs, dashpots and masses),
 * l = 30 masses, n = 2l, m = 2, mu = 4, delta = 4, kappa = 1; Q = I. */
static void carex43(bla_test_are_case *c) {
  const int l = c->n / 2, n = c->n;
  const double mu = 4.0, delta = 4.0, kappa = 1.0, t = kappa / mu;
  double *a = c->a;
#define A_(i, j) a[(i)-1 + (size_t)((j)-1) * n] /* 1-based, as BB01AD */
  for (int i = 1; i <= l; ++i) {
    A_(i, l + i) = 1.0;
    A_(l + i, l + i) = -delta / mu;
  }
  A_(l + 1, 1) = -t;
  A_(l + 1, 2) = t;
  A_(n, l - 1) = t;
  A_(n, l) = -t;
  for (int i = 2; i <= l - 1; ++i) {
    A_(l + i, i) = -2.0 * t;
    A_(l + i, i + 1) = t;
    A_(l + i, i - 1) = t;
  }
  c->b[l] = 1.0 / mu;
  c->b[(n - 1) + (size_t)n] = -1.0 / mu;
  set_diag(c->q, n, 1.0);
}

/* CAREX 4.4 (Lang/Penzl 1994: rotating axle), l = 211, n = 2l - 1,
 * m = l, from the data vectors mu, delta, gamma, kappa of BB01404.dat;
 * Q = C^T W C with C(1,1) = 1, C(i,i) = gamma_{i-1}, C(i,l+i-1) =
 * kappa_{i-1}, W = diag(1, 1/(gamma_{i-1}^2 + kappa_{i-1}^2)). */
static void carex44(bla_test_are_case *c) {
  const int l = (c->n + 1) / 2, n = c->n;
  const double *mu = carex44_mu, *de = carex44_delta, *ga = carex44_gamma,
               *ka = carex44_kappa;
  double *a = c->a, t, tt, sum;
  for (int i = 2; i <= l; ++i)
    A_(l + i - 1, i) = 1.0;
  /* gamma: the tridiagonal stiffness part, and kappa in columns l+1.. */
  for (int pass = 0; pass < 2; ++pass) {
    const double *v = pass ? ka : ga;
    const int off = pass ? l - 1 : 0;
    A_(1, 2 + off) = -v[0] / mu[0];
    for (int i = 2; i <= l; ++i) {
      t = v[i - 2] / mu[i - 2];
      tt = v[i - 2] / mu[i - 1];
      if (i > 2)
        A_(i - 1, i + off) = t;
      A_(i, i + off) = -(t + tt);
      if (i < l)
        A_(i + 1, i + off) = tt;
    }
  }
  /* delta: damping, coupling every mass to the first. */
  t = de[0] / mu[0];
  A_(1, 1) = -t;
  for (int i = 2; i <= l; ++i) {
    tt = t;
    t = de[i - 1] / mu[i - 1];
    sum = tt - t;
    A_(i, 1) = -sum;
    A_(i, i) = A_(i, i) - t;
    for (int j = 2; j <= i - 2; ++j)
      A_(i, j) = sum;
    if (i > 2)
      A_(i, i - 1) = A_(i, i - 1) + sum;
  }
#undef A_
  c->b[0] = 1.0 / mu[0];
  for (int i = 1; i <= l; ++i) {
    t = 1.0 / mu[i - 1];
    if (i > 1)
      c->b[(i - 1) + (size_t)(i - 1) * n] = -t;
    if (i < l)
      c->b[i + (size_t)(i - 1) * n] = t;
  }
  c->q[0] = 1.0;
  for (int i = 2; i <= l; ++i) {
    const double g = ga[i - 2], k = ka[i - 2], w = 1.0 / (g * g + k * k);
    const size_t p = (size_t)(i - 1), s = (size_t)(l + i - 2);
    c->q[p + p * n] = w * g * g;
    c->q[s + s * n] = w * k * k;
    c->q[s + p * n] = c->q[p + s * n] = w * k * g;
  }
}

/* CAREX 1.6 (Davison/Gesing 1978: J-100 jet engine), n = 30, m = 3, from
 * BB01106.dat: A and Q = C^T C as tables, B(18,1) = 500, B(21,2) = 3600,
 * B(24,3) = 12000. */
static void carex16(bla_test_are_case *c) {
  const int n = c->n;
  for (size_t e = 0; e < sizeof carex16_a / sizeof carex16_a[0]; ++e)
    c->a[carex16_a[e].i + (size_t)carex16_a[e].j * n] = carex16_a[e].v;
  for (size_t e = 0; e < sizeof carex16_q / sizeof carex16_q[0]; ++e) {
    const are_entry *q = &carex16_q[e];
    c->q[q->i + (size_t)q->j * n] = c->q[q->j + (size_t)q->i * n] = q->v;
  }
  c->b[17] = 500.0;
  c->b[20 + (size_t)n] = 3600.0;
  c->b[23 + (size_t)2 * n] = 12000.0;
}

/* ---- CARE: SciPy's TestSolveContinuousAre, cases 0-19 = CAREX 1-20 ----
 * SciPy numbers CAREX 1.1-1.6 as 1-6, 2.1-2.8 as 7-14, 3.1-3.2 as 15-16
 * and 4.1-4.4 as 17-20 (2.9 is not among its cases). Literals are SciPy's
 * row-major numpy arrays. */

static const double c2_a[] = {4, 3, -4.5, -3.5}, c2_b[] = {1, -1},
                    c2_q[] = {9, 6, 6, 4.};
static const double c3_a[] = {0,     1,       0,     0,      0,     -1.89,
                              0.39,  -5.53,   0,     -0.034, -2.98, 2.43,
                              0.034, -0.0011, -0.99, -0.21};
static const double c3_b[] = {0, 0, 0.36, -1.6, -0.95, -0.032, 0.03, 0};
static const double c3_q[] = {2.313, 2.727, 0.688, 0.023, 2.727, 4.271,
                              1.148, 0.323, 0.688, 1.148, 0.313, 0.102,
                              0.023, 0.323, 0.102, 0.083};
static const double c4_a[] = {-0.991, 0.529, 0, 0, 0, 0, 0, 0, 0.522,
                              -1.051, 0.596, 0, 0, 0, 0, 0, 0, 0.522,
                              -1.118, 0.596, 0, 0, 0, 0, 0, 0, 0.522,
                              -1.548, 0.718, 0, 0, 0, 0, 0, 0, 0.922,
                              -1.64,  0.799, 0, 0, 0, 0, 0, 0, 0.922,
                              -1.721, 0.901, 0, 0, 0, 0, 0, 0, 0.922,
                              -1.823, 1.021, 0, 0, 0, 0, 0, 0, 0.922,
                              -1.943};
/* SciPy's B^T (2 x 8, then transposed and scaled by 0.001). */
static const double c4_bt[] = {3.84,  4.00,  37.60, 3.08,  2.36,  2.88,
                               3.08,  3.00,  -2.88, -3.04, -2.80, -2.32,
                               -3.32, -3.82, -4.12, -3.96};
static const double c4_q[] = {
    1.0, 0.0, 0.0, 0.0, 0.5, 0.0, 0.0, 0.1, 0.0, 1.0, 0.0, 0.0, 0.1,
    0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.5, 0.0, 0.0, 0.0, 0.0,
    0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.5, 0.1, 0.0, 0.0, 0.1, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.5, 0.0, 0.0, 0.1, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.1, 0.0, 0.1, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.1};
static const double c5_a[] = {
    -4.019,  5.120,  0.,       0.,      -2.082,   0.,     0.,      0.,
    0.870,   -0.346, 0.986,    0.,      0.,       -2.340, 0.,      0.,
    0.,      0.970,  -7.909,   15.407,  -4.069,   0.,     -6.450,  0.,
    0.,      0.,     2.680,    -21.816, 35.606,   -0.339, -3.870,  -17.800,
    0.,      0.,     0.,       7.390,   -60.196,  98.188, -7.907,  0.340,
    -53.008, 0.,     0.,       0.,      20.400,   0,      0,       0,
    0,       94.000, -147.200, 0.,      53.200,   0.,     0,       0,
    0,       0,      0,        94.000,  -147.200, 0,      0,       0,
    0,       0,      0,        0,       12.800,   0.000,  -31.600, 0,
    0,       0,      0,        0,       12.800,   0.000,  0.000,   18.800,
    -31.600};
static const double c5_b[27] = {0.010,
                                -0.011,
                                -0.151,
                                0.003,
                                -0.021,
                                0.000,
                                0.009,
                                -0.059,
                                0.000,
                                0.024,
                                -0.162,
                                0.000,
                                0.068,
                                -0.445,
                                0.000,
                                /* rows 6 to 9 are zero */ 0,
                                0,
                                0,
                                0,
                                0,
                                0,
                                0,
                                0,
                                0,
                                0,
                                0,
                                0};
static const double c13_a[] = {0,     0.4, 0, 0,        0,        0,
                               0.345, 0,   0, -0.524e6, -0.465e6, 0.262e6,
                               0,     0,   0, -1e6};
static const double c14_a[] = {-1e-6, 1, 0,    0, -1, -1e-6, 0,  0,
                               0,     0, 1e-6, 1, 0,  0,     -1, 1e-6};
static const double c12_a[] = {7000000., 2000000.,  -0.,
                               2000000., 6000000.,  -2000000.,
                               0.,       -2000000., 5000000.};
static const double c12_v[] = {1., -2., -2., -2., 1., -2., -2., -2., 1.};

typedef struct {
  const char *carex; /* the CAREX example, as numbered in [1] */
  int n, m;
  int min_decimal; /* SciPy's min_decimal; -1 for None (known failure) */
} care_info;

static const care_info care_table[20] = {
    {"1.1", 2, 1, 14},   {"1.2", 2, 1, 12},    {"1.3", 4, 2, 13},
    {"1.4", 8, 2, 14},   {"1.5", 9, 3, 11},    {"1.6", 30, 3, 6},
    {"2.1", 2, 1, -1},   {"2.2", 2, 2, 5},     {"2.3", 2, 1, 7},
    {"2.4", 2, 2, 14},   {"2.5", 2, 1, 14},    {"2.6", 3, 3, -1},
    {"2.7", 4, 1, 9},    {"2.8", 4, 1, 14},    {"3.1", 39, 20, 13},
    {"3.2", 64, 64, 14}, {"4.1", 21, 1, -1},   {"4.2", 100, 1, 12},
    {"4.3", 60, 2, -1},  {"4.4", 421, 211, -1}};

/* The data of CARE case k into c (zeroed, R = I already). */
static int care_fill(int k, bla_test_are_case *c) {
  double *a = c->a, *b = c->b, *q = c->q, *r = c->r;
  switch (k) {
  case 0: /* A = diag([1.], 1), B = e_2, Q = diag(1, 2) */
    a[2] = 1.0;
    b[1] = 1.0;
    q[0] = 1.0;
    q[3] = 2.0;
    return 0;
  case 1:
    put(a, 2, 2, c2_a, 1.0);
    put(b, 2, 1, c2_b, 1.0);
    put(q, 2, 2, c2_q, 1.0);
    return 0;
  case 2:
    put(a, 4, 4, c3_a, 1.0);
    put(b, 4, 2, c3_b, 1.0);
    put(q, 4, 4, c3_q, 1.0);
    return 0;
  case 3:
    put(a, 8, 8, c4_a, 1.0);
    for (int i = 0; i < 8; ++i)
      for (int j = 0; j < 2; ++j)
        b[i + 8 * j] = c4_bt[j * 8 + i] * 0.001;
    put(q, 8, 8, c4_q, 1.0);
    return 0;
  case 4:
    put(a, 9, 9, c5_a, 1.0);
    put(b, 9, 3, c5_b, 1.0);
    set_diag(q, 9, 1.0);
    return 0;
  case 5:
    carex16(c);
    return 0;
  case 6: /* Arnold/Laub: (A, B) unstabilizable as eps = 1e-6 -> 0 */
    a[0] = 1.0;
    a[3] = -2.0;
    b[0] = 1e-6;
    fill(q, 4, 1.0);
    return 0;
  case 7: /* control weighting R = ones + diag(1e-6, 0) nearly singular */
    a[0] = -0.1;
    a[3] = -0.02;
    b[0] = 0.100;
    b[1] = 0.001;
    b[3] = 0.010;
    q[0] = 100;
    q[1] = q[2] = 1000;
    q[3] = 10000;
    fill(r, 4, 1.0);
    r[0] = 1.0 + 1e-6;
    return 0;
  case 8:
    a[2] = 1e6;
    b[1] = 1.0;
    set_diag(q, 2, 1.0);
    return 0;
  case 9:
    fill(a, 4, 1.0);
    a[0] = a[3] = 1.0000001;
    set_diag(b, 2, 1.0);
    set_diag(q, 2, 1.0);
    return 0;
  case 10:
    a[0] = 3;
    a[1] = 4;
    a[2] = 1;
    a[3] = 2;
    b[0] = b[1] = 1.0;
    q[0] = -11;
    q[1] = q[2] = -5;
    q[3] = -2;
    return 0;
  case 11: { /* A / 3; Q = V diag(1e-6, 1, 1e6) V / 9 in numpy's order */
    const double d[3] = {1e-6, 1, 1e6};
    double vd[9];
    put(a, 3, 3, c12_a, 1.0);
    for (int i = 0; i < 9; ++i)
      a[i] /= 3;
    set_diag(b, 3, 1.0);
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j)
        vd[i + 3 * j] = c12_v[i * 3 + j] * d[j];
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) {
        double s = 0.0;
        for (int l = 0; l < 3; ++l)
          s += vd[i + 3 * l] * c12_v[l * 3 + j];
        q[i + 3 * j] = s / 9;
      }
    set_diag(r, 3, 1e6);
    return 0;
  }
  case 12:
    put(a, 4, 4, c13_a, 1.0);
    b[3] = 1e6;
    q[0] = q[10] = 1.0;
    return 0;
  case 13:
    put(a, 4, 4, c14_a, 1.0);
    fill(b, 4, 1.0);
    fill(q, 16, 1.0);
    return 0;
  case 14:
    carex31(c);
    return 0;
  case 15:
    carex32(c);
    return 0;
  case 16:
    carex41(c);
    return 0;
  case 17:
    return carex42(c);
  case 18:
    carex43(c);
    return 0;
  case 19:
    carex44(c);
    return 0;
  }
  return -1;
}

/* ---- DARE: SciPy's TestSolveDiscreteAre, real cases 3-18 -------------
 * SciPy's cases 0-2 have complex data and are left out (the library is
 * real). Case 3 is gh-2251; cases 4-18 are DAREX 1-15 (DAREX 4 without
 * its cross term S, as in SciPy). */

static const double d3_a[] = {0.63399379, 0.54906824, 0.76253406,
                              0.5404729,  0.53745766, 0.08731853,
                              0.27524045, 0.84922129, 0.4681622};
static const double d3_b[] = {0.96861695, 0.05532739, 0.78934047};
static const double d5_b[] = {4.877, 4.877, -1.1895, 3.569};
static const double d7_q[] = {-4, -4, -4, 7};
static const double d9_a[] = {0.998, 0.067, 0,     0, -.067, 0.998, 0,    0, 0,
                              0,     0.998, 0.153, 0, 0,     -.153, 0.998};
static const double d9_b[] = {0.0033, 0.0200, 0.1000, -.0007,
                              0.0400, 0.0073, -.0028, 0.1000};
static const double d9_q[] = {1.87,  0,     0, -0.244, 0, 0.744, 0.205, 0, 0,
                              0.205, 0.589, 0, -0.244, 0, 0,     1.048};
static const double d10_a[] = {0.984750, -.079903, 0.0009054, -.0010765,
                               0.041588, 0.998990, -.0358550, 0.0126840,
                               -.546620, 0.044916, -.3299100, 0.1931800,
                               2.662400, -.100450, -.9245500, -.2632500};
static const double d10_b[] = {0.0037112, 0.0007361,  -.0870510, 9.3411e-6,
                               -1.198440, -4.1378e-4, -3.192700, 9.2535e-4};
static const double d11_a[] = {-0.6000000, -2.2000000, -3.6000000, -5.4000180,
                               1.0000000,  0.6000000,  0.8000000,  3.3999820,
                               0.0000000,  1.0000000,  1.8000000,  3.7999820,
                               0.0000000,  0.0000000,  0.0000000,  -0.9999820};
static const double d11_b[] = {1.0, -1.0, -1.0, -1.0, 0.0, 1.0, -1.0, -1.0,
                               0.0, 0.0,  1.0,  -1.0, 0.0, 0.0, 0.0,  1.0};
static const double d11_q[] = {2, 1, 3, 6,  1, 2, 2,  5,
                               3, 2, 6, 11, 6, 5, 11, 22};
static const double d12_a[] = {95.4070, 1.9643,  0.3597,  0.0673,  0.0190,
                               40.8490, 41.3170, 16.0840, 4.4679,  1.1971,
                               12.2170, 26.3260, 36.1490, 15.9300, 12.3830,
                               4.1118,  12.8580, 27.2090, 21.4420, 40.9760,
                               0.1305,  0.5808,  1.8750,  3.6162,  94.2800};
static const double d12_b[] = {0.0434,  -0.0122, 2.6606,  -1.0453, 3.7530,
                               -5.5100, 3.6076,  -6.6000, 0.4617,  -0.9148};
static const double d13_q[] = {1, 1, 0, 0,  0, 0, 1, 1, 0, 0, 0,  0,
                               0, 0, 0, 0,  0, 0, 0, 0, 0, 1, -1, 0,
                               0, 0, 0, -1, 1, 0, 0, 0, 0, 0, 0,  0};
static const double d14_a[] = {
    870.1,  135.0,  11.59,  .5014,  -37.22, .3484, 0,     4.242, 7.249,
    76.55,  897.4,  12.72,  0.5504, -40.16, .3743, 0,     4.53,  7.499,
    -127.2, 357.5,  817,    1.455,  -102.8, .987,  0,     11.85, 18.72,
    -363.5, 633.9,  74.91,  796.6,  -273.5, 2.653, 0,     31.72, 48.82,
    -960,   1645.9, -128.9, -5.597, 71.42,  7.108, 0,     84.52, 125.9,
    -664.4, 112.96, -88.89, -3.854, 84.47,  13.6,  0,     144.3, 101.6,
    -410.2, 693,    -54.71, -2.371, 66.49,  12.49, .1063, 99.97, 69.67,
    -179.9, 301.7,  -23.93, -1.035, 60.59,  22.16, 0,     213.9, 35.54,
    -345.1, 580.4,  -45.96, -1.989, 105.6,  19.86, 0,     219.1, 215.2};
static const double d14_b[] = {
    4.7600,   -0.5701,  -83.6800, 0.8790,   -4.7730,  -2.7300,  1.4820,
    -13.1200, 8.8760,   3.8920,   -35.1300, 24.8000,  10.3400,  -92.7500,
    66.8000,  7.2030,   -61.5900, 38.3400,  4.4540,   -36.8300, 20.2900,
    1.9710,   -15.5400, 6.9370,   3.7730,   -30.2800, 14.6900};
static const double d16_a[] = {16, 10, -2, 10, 13, -8, -2, -8, 7};

typedef struct {
  const char *name;
  int n, m;
  int min_decimal; /* SciPy's min_decimal[j] */
  double relaxed;  /* SciPy's relaxed max_tol[j], or 0 */
} dare_info;

/* max_tol = 1.5 * 10^-min_decimal, but for SciPy's relaxations of its
 * cases 11 (gh-18012), 15 and 16 (gh-20335). */
static const dare_info dare_table[16] = {
    {"gh-2251 (scipy case 3)", 3, 1, 14, 0.0},
    {"DAREX 1 (scipy case 4)", 2, 1, 13, 0.0},
    {"DAREX 2 (scipy case 5)", 2, 2, 16, 0.0},
    {"DAREX 3 (scipy case 6)", 2, 1, 18, 0.0},
    {"DAREX 4 (scipy case 7)", 2, 2, 14, 0.0},
    {"DAREX 5 (scipy case 8)", 2, 1, 14, 0.0},
    {"DAREX 6 (scipy case 9)", 4, 2, 13, 0.0},
    {"DAREX 7 (scipy case 10)", 4, 2, 14, 0.0},
    {"DAREX 8 (scipy case 11)", 4, 4, 13, 2.5e-13},
    {"DAREX 9 (scipy case 12)", 5, 2, 13, 0.0},
    {"DAREX 10 (scipy case 13)", 6, 2, 14, 0.0},
    {"DAREX 11 (scipy case 14)", 9, 3, 12, 0.0},
    {"DAREX 12 (scipy case 15)", 2, 1, 2, 2.0e-2},
    {"DAREX 13 (scipy case 16)", 3, 3, 4, 2.0e-4},
    {"DAREX 14 (scipy case 17)", 4, 1, 6, 0.0},
    {"DAREX 15 (scipy case 18)", 100, 1, 10, 0.0}};

static int dare_fill(int k, bla_test_are_case *c) {
  double *a = c->a, *b = c->b, *q = c->q, *r = c->r;
  const int n = c->n;
  switch (k + 3) { /* SciPy's case number */
  case 3:
    put(a, 3, 3, d3_a, 1.0);
    put(b, 3, 1, d3_b, 1.0);
    set_diag(q, 3, 1.0);
    return 0;
  case 4: /* CAREX 1.2's data */
    put(a, 2, 2, c2_a, 1.0);
    put(b, 2, 1, c2_b, 1.0);
    put(q, 2, 2, c2_q, 1.0);
    return 0;
  case 5:
    a[0] = 0.9512;
    a[3] = 0.9048;
    put(b, 2, 2, d5_b, 1.0);
    q[0] = 0.005;
    q[3] = 0.02;
    r[0] = 1.0 / 3;
    r[3] = 3;
    return 0;
  case 6: /* R = 0: only R + B^T X B is invertible */
    a[0] = 2;
    a[1] = 1;
    a[2] = -1;
    b[0] = 1;
    q[3] = 1;
    r[0] = 0;
    return 0;
  case 7:
    a[2] = 1;
    a[3] = -1;
    b[0] = 1;
    b[1] = 2;
    b[3] = 1;
    put(q, 2, 2, d7_q, 1.0 / 11);
    r[0] = 9;
    r[1] = r[2] = 3;
    r[3] = 1;
    return 0;
  case 8:
    a[2] = 1;
    b[1] = 1;
    q[0] = 1;
    q[1] = q[2] = 2;
    q[3] = 4;
    return 0;
  case 9:
    put(a, 4, 4, d9_a, 1.0);
    put(b, 4, 2, d9_b, 1.0);
    put(q, 4, 4, d9_q, 1.0);
    return 0;
  case 10:
    put(a, 4, 4, d10_a, 1.0);
    put(b, 4, 2, d10_b, 1.0);
    set_diag(q, 4, 1e-2);
    return 0;
  case 11:
    put(a, 4, 4, d11_a, 1.0);
    put(b, 4, 4, d11_b, 1.0);
    put(q, 4, 4, d11_q, 1.0);
    return 0;
  case 12:
    put(a, 5, 5, d12_a, 0.01);
    put(b, 5, 2, d12_b, 0.01);
    set_diag(q, 5, 1.0);
    return 0;
  case 13: /* kron(I_2, upper shift of order 3), kron(I_2, e_3) */
    a[6] = a[13] = a[27] = a[34] = 1;
    b[2] = b[11] = 1;
    put(q, 6, 6, d13_q, 1.0);
    r[0] = 3;
    return 0;
  case 14:
    put(a, 9, 9, d14_a, 0.001);
    put(b, 9, 3, d14_b, 0.001);
    q[0] = q[4 + 4 * 9] = 50;
    return 0;
  case 15:
    a[2] = 1e6;
    b[1] = 1;
    set_diag(q, 2, 1.0);
    return 0;
  case 16:
    put(a, 3, 3, d16_a, 1.0 / 9);
    set_diag(b, 3, 1.0);
    set_diag(q, 3, 1e6);
    set_diag(r, 3, 1e6);
    return 0;
  case 17:
    a[0] = 1 - 1 / 1e8;
    a[1] = a[6] = a[11] = 1;
    b[0] = 1e-08;
    q[15] = 1;
    r[0] = 0.25;
    return 0;
  case 18: /* upper shift, B = e_n, Q = I, R = 1 */
    for (int i = 0; i + 1 < n; ++i)
      a[i + (size_t)(i + 1) * n] = 1.0;
    b[n - 1] = 1.0;
    set_diag(q, n, 1.0);
    return 0;
  }
  return -1;
}

/* ---- Case construction -------------------------------------------------- */

static int are_alloc(bla_test_are_case *c, const char *name, int n, int m) {
  memset(c, 0, sizeof *c);
  c->name = name;
  c->n = n;
  c->m = m;
  c->a = (double *)calloc((size_t)n * n, sizeof(double));
  c->b = (double *)calloc((size_t)n * m, sizeof(double));
  c->q = (double *)calloc((size_t)n * n, sizeof(double));
  c->r = (double *)calloc((size_t)m * m, sizeof(double));
  if (!c->a || !c->b || !c->q || !c->r) {
    bla_test_are_case_free(c);
    return -1;
  }
  set_diag(c->r, m, 1.0);
  return 0;
}

void bla_test_are_case_free(bla_test_are_case *c) {
  free(c->a);
  free(c->b);
  free(c->q);
  free(c->r);
  memset(c, 0, sizeof *c);
}

int bla_test_care_ncases(void) {
  return (int)(sizeof care_table / sizeof care_table[0]);
}
int bla_test_dare_ncases(void) {
  return (int)(sizeof dare_table / sizeof dare_table[0]);
}

int bla_test_care_case(int k, bla_test_are_case *c) {
  /* Names as "CAREX 7 (scipy case 6, 2.1)": SciPy's CAREX number, its
   * case number and the example's number in the collection. */
  static char names[20][48];
  const care_info *t;
  if (k < 0 || k >= bla_test_care_ncases()) {
    memset(c, 0, sizeof *c);
    return -1;
  }
  t = &care_table[k];
  snprintf(names[k], sizeof names[k], "CAREX %d (scipy case %d, %s)", k + 1, k,
           t->carex);
  if (are_alloc(c, names[k], t->n, t->m))
    return -1;
  c->scipy_known_failure = t->min_decimal < 0;
  c->scipy_tol = t->min_decimal < 0 ? 0.0 : 1.5 * pow(10.0, -t->min_decimal);
  if (care_fill(k, c)) {
    bla_test_are_case_free(c);
    return -1;
  }
  return 0;
}

int bla_test_dare_case(int k, bla_test_are_case *c) {
  const dare_info *t;
  if (k < 0 || k >= bla_test_dare_ncases()) {
    memset(c, 0, sizeof *c);
    return -1;
  }
  t = &dare_table[k];
  if (are_alloc(c, t->name, t->n, t->m))
    return -1;
  c->scipy_tol =
      t->relaxed > 0.0 ? t->relaxed : 1.5 * pow(10.0, -t->min_decimal);
  if (dare_fill(k, c)) {
    bla_test_are_case_free(c);
    return -1;
  }
  return 0;
}

/* ---- Residuals, in long double -------------------------------------- */

typedef long double ld;

/* c (rows x cols) := op(a) op(b), with op(a) rows x inner; ta / tb: the
 * operand is stored transposed (a: inner x rows, ld inner). All
 * column-major with leading dimension the stored row count. */
static void ld_mm(int ta, int tb, int rows, int cols, int inner, const ld *a,
                  const ld *b, ld *c) {
  for (int j = 0; j < cols; ++j)
    for (int i = 0; i < rows; ++i) {
      ld s = 0.0L;
      for (int l = 0; l < inner; ++l)
        s += (ta ? a[l + (size_t)i * inner] : a[i + (size_t)l * rows]) *
             (tb ? b[j + (size_t)l * cols] : b[l + (size_t)j * inner]);
      c[i + (size_t)j * rows] = s;
    }
}

/* b (n x nrhs) := m^-1 b by Gaussian elimination with partial pivoting;
 * m (n x n) is overwritten. Returns -1 when a pivot is zero. */
static int ld_solve(int n, int nrhs, ld *m, ld *b) {
  for (int k = 0; k < n; ++k) {
    int p = k;
    for (int i = k + 1; i < n; ++i)
      if (fabsl(m[i + (size_t)k * n]) > fabsl(m[p + (size_t)k * n]))
        p = i;
    if (m[p + (size_t)k * n] == 0.0L)
      return -1;
    if (p != k) {
      for (int j = 0; j < n; ++j) {
        ld t = m[k + (size_t)j * n];
        m[k + (size_t)j * n] = m[p + (size_t)j * n];
        m[p + (size_t)j * n] = t;
      }
      for (int j = 0; j < nrhs; ++j) {
        ld t = b[k + (size_t)j * n];
        b[k + (size_t)j * n] = b[p + (size_t)j * n];
        b[p + (size_t)j * n] = t;
      }
    }
    for (int i = k + 1; i < n; ++i) {
      const ld f = m[i + (size_t)k * n] / m[k + (size_t)k * n];
      if (f == 0.0L)
        continue;
      for (int j = k + 1; j < n; ++j)
        m[i + (size_t)j * n] -= f * m[k + (size_t)j * n];
      for (int j = 0; j < nrhs; ++j)
        b[i + (size_t)j * n] -= f * b[k + (size_t)j * n];
    }
  }
  for (int j = 0; j < nrhs; ++j)
    for (int i = n - 1; i >= 0; --i) {
      ld s = b[i + (size_t)j * n];
      for (int l = i + 1; l < n; ++l)
        s -= m[i + (size_t)l * n] * b[l + (size_t)j * n];
      b[i + (size_t)j * n] = s / m[i + (size_t)i * n];
    }
  return 0;
}

static ld *ld_new(size_t len) {
  return (ld *)malloc(sizeof(ld) * (len ? len : 1));
}

static ld *ld_of(const double *x, size_t len) {
  ld *y = ld_new(len);
  if (y)
    for (size_t i = 0; i < len; ++i)
      y[i] = x[i];
  return y;
}

static ld ld_fro(const ld *x, size_t len) {
  ld s = 0.0L;
  for (size_t i = 0; i < len; ++i)
    s += x[i] * x[i];
  return sqrtl(s);
}

/* Both residuals are Res = t1 +- t2 + Q - P^T K^-1 P2, with t1, t2 n x n
 * formed by the caller, P, P2 m x n and K m x m (K and P2 overwritten).
 * Returns the max abs entry of Res; *relres := ||Res||_F / (||Q||_F +
 * ||t1||_F + ||t2||_F + ||P^T K^-1 P2||_F). */
static double are_finish(const bla_test_are_case *c, const ld *t1, const ld *t2,
                         int t2_sign, ld *p, ld *p2, ld *k, double *relres) {
  const int n = c->n, m = c->m;
  const size_t nn = (size_t)n * n;
  ld *corr = ld_new(nn);
  ld *res = ld_new(nn);
  ld qn = 0.0L, rn, big = 0.0L;
  double out = NAN;
  if (relres)
    *relres = NAN;
  if (!corr || !res || ld_solve(m, n, k, p2)) {
    free(corr);
    free(res);
    return out;
  }
  ld_mm(1, 0, n, n, m, p, p2, corr); /* P^T (K^-1 P2) */
  for (size_t i = 0; i < nn; ++i) {
    res[i] = t1[i] + (t2_sign > 0 ? t2[i] : -t2[i]) + (ld)c->q[i] - corr[i];
    qn += (ld)c->q[i] * (ld)c->q[i];
    if (fabsl(res[i]) > big)
      big = fabsl(res[i]);
  }
  rn = ld_fro(res, nn);
  if (relres) {
    const ld den =
        sqrtl(qn) + ld_fro(t1, nn) + ld_fro(t2, nn) + ld_fro(corr, nn);
    *relres = (double)(den > 0.0L ? rn / den : rn);
  }
  out = (double)big;
  free(corr);
  free(res);
  return out;
}

double bla_test_care_residual(const bla_test_are_case *c, const double *x,
                              double *relres) {
  const int n = c->n, m = c->m;
  const size_t nn = (size_t)n * n, nm = (size_t)n * m;
  ld *a = ld_of(c->a, nn), *b = ld_of(c->b, nm), *xl = ld_of(x, nn);
  ld *r = ld_of(c->r, (size_t)m * m);
  ld *xa = ld_new(nn);
  ld *atx = ld_new(nn);
  ld *f = ld_new(nm);
  ld *ft = ld_new(nm);
  double out = NAN;
  if (relres)
    *relres = NAN;
  if (a && b && xl && r && xa && atx && f && ft) {
    ld_mm(0, 0, n, n, n, xl, a, xa);  /* X A */
    ld_mm(1, 0, n, n, n, a, xl, atx); /* A^T X */
    ld_mm(0, 0, n, m, n, xl, b, ft);  /* F = X B */
    for (int i = 0; i < n; ++i)       /* f := F^T, as SciPy (not B^T X) */
      for (int j = 0; j < m; ++j)
        f[j + (size_t)i * m] = ft[i + (size_t)j * n];
    memcpy(ft, f, sizeof(ld) * nm);
    out = are_finish(c, xa, atx, 1, f, ft, r, relres);
  }
  free(a);
  free(b);
  free(xl);
  free(r);
  free(xa);
  free(atx);
  free(f);
  free(ft);
  return out;
}

double bla_test_dare_residual(const bla_test_are_case *c, const double *x,
                              double *relres) {
  const int n = c->n, m = c->m;
  const size_t nn = (size_t)n * n, nm = (size_t)n * m;
  ld *a = ld_of(c->a, nn), *b = ld_of(c->b, nm), *xl = ld_of(x, nn);
  ld *k = ld_of(c->r, (size_t)m * m);
  ld *xa = ld_new(nn);
  ld *axa = ld_new(nn);
  ld *xb = ld_new(nm);
  ld *p = ld_new(nm);
  ld *p2 = ld_new(nm);
  ld *btxb = ld_new((size_t)m * m);
  double out = NAN;
  if (relres)
    *relres = NAN;
  if (a && b && xl && k && xa && axa && xb && p && p2 && btxb) {
    ld_mm(0, 0, n, n, n, xl, a, xa);  /* X A */
    ld_mm(1, 0, n, n, n, a, xa, axa); /* A^T X A */
    ld_mm(0, 0, n, m, n, xl, b, xb);  /* X B */
    ld_mm(1, 0, m, m, n, b, xb, btxb);
    for (size_t i = 0; i < (size_t)m * m; ++i)
      k[i] += btxb[i];               /* R + B^T X B */
    ld_mm(1, 0, m, n, n, xb, a, p);  /* (A^T X B)^T = B^T X^T A, SciPy's */
    ld_mm(1, 0, m, n, n, b, xa, p2); /* B^T X A */
    out = are_finish(c, axa, xl, -1, p, p2, k, relres);
  }
  free(a);
  free(b);
  free(xl);
  free(k);
  free(xa);
  free(axa);
  free(xb);
  free(p);
  free(p2);
  free(btxb);
  return out;
}

/* ---- Random problems ------------------------------------------------------
 */

/* g := C^T C / rows + shift I for C (rows x k) uniform in (-1, 1). */
static void gram(int64_t k, int64_t rows, blt_rng *rng, double shift,
                 double *g) {
  double *c = blt_dalloc(rows * k);
  int64_t i, j, l;
  for (i = 0; i < rows * k; ++i)
    c[i] = blt_rng_uniform(rng);
  for (j = 0; j < k; ++j)
    for (i = 0; i < k; ++i) {
      double v = 0;
      for (l = 0; l < rows; ++l)
        v += c[l + i * rows] * c[l + j * rows];
      g[i + j * k] = v / (double)rows + (i == j ? shift : 0);
    }
  free(c);
}

bla_test_are_set bla_test_are_set_new(int discrete, blt_prec prec,
                                      int64_t count, int64_t n, int64_t m,
                                      uint64_t seed) {
  bla_test_are_set s = {discrete, prec, count, n, m, NULL, NULL, NULL, NULL};
  blt_rng rng;
  int64_t p, i;
  s.a = blt_dalloc(count * n * n);
  s.b = blt_dalloc(count * n * m);
  s.q = blt_dalloc(count * n * n);
  s.r = blt_dalloc(count * m * m);
  blt_rng_seed(&rng, seed);
  for (p = 0; p < count; ++p) {
    for (i = 0; i < n * n; ++i)
      s.a[p * n * n + i] =
          blt_rng_uniform(&rng) * (discrete ? 1.5 / sqrt((double)n) : 1);
    for (i = 0; i < n * m; ++i)
      s.b[p * n * m + i] = blt_rng_uniform(&rng);
    gram(n, n, &rng, 0.1, s.q + p * n * n);
    gram(m, m, &rng, 1, s.r + p * m * m);
  }
  blt_round_array(prec, s.a, (size_t)(count * n * n));
  blt_round_array(prec, s.b, (size_t)(count * n * m));
  blt_round_array(prec, s.q, (size_t)(count * n * n));
  blt_round_array(prec, s.r, (size_t)(count * m * m));
  return s;
}

void bla_test_are_set_free(bla_test_are_set *s) {
  BLT_FREE_ALL(s->a, s->b, s->q, s->r);
}
