/* tests/support/bla_test_nonsym.c: see bla_test_nonsym.h. */
#include "bla_test_nonsym.h"

#include <float.h>
#include <lapacke.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NS_PI 3.14159265358979323846

/* ---- Dense helpers ------------------------------------------------------- */

double blt_ns_normf(int64_t n, const double *a, int64_t lda) {
  /* Scaled sum of squares (LAPACK dlassq), safe near overflow. */
  double scale = 0.0, ssq = 1.0;
  int64_t i, j;
  for (j = 0; j < n; ++j)
    for (i = 0; i < n; ++i) {
      const double x = fabs(a[i + j * lda]);
      if (isnan(x))
        return x;
      if (x > 0.0) {
        if (scale < x) {
          ssq = 1.0 + ssq * (scale / x) * (scale / x);
          scale = x;
        } else {
          ssq += (x / scale) * (x / scale);
        }
      }
    }
  return scale * sqrt(ssq);
}

/* c := a b, or a b^T when trans_b. */
static void matmul(int64_t n, const double *a, const double *b, int trans_b,
                   double *c) {
  int64_t i, j, k;
  for (j = 0; j < n; ++j) {
    for (i = 0; i < n; ++i)
      c[i + j * n] = 0.0;
    for (k = 0; k < n; ++k) {
      const double t = trans_b ? b[j + k * n] : b[k + j * n];
      if (t != 0.0)
        for (i = 0; i < n; ++i)
          c[i + j * n] += a[i + k * n] * t;
    }
  }
}

void blt_ns_matmul(int64_t n, const double *a, const double *b, double *c) {
  matmul(n, a, b, 0, c);
}

void blt_ns_matmul_bt(int64_t n, const double *a, const double *b, double *c) {
  matmul(n, a, b, 1, c);
}

/* ---- Catalogue ----------------------------------------------------------- */

static const char *const ns_type_names[BLT_NS_NTYPES + 1] = {
    "(none)",
    "zero",
    "identity",
    "Jordan block",
    "diag arithmetic",
    "diag geometric",
    "diag clustered",
    "diag arithmetic * sqrt(ovfl) ulp/n",
    "diag arithmetic * sqrt(unfl) n/ulp",
    "U T U^T arithmetic",
    "U T U^T geometric",
    "U T U^T clustered",
    "U T U^T complex pairs",
    "X T X^-1 arithmetic",
    "X T X^-1 geometric",
    "X T X^-1 clustered",
    "X T X^-1 complex pairs",
    "X T X^-1 pairs * sqrt(ovfl) ulp/n",
    "X T X^-1 pairs * sqrt(unfl) n/ulp",
    "random (-1,1)",
    "random * sqrt(ovfl) ulp/n",
    "random * sqrt(unfl) n/ulp",
    "repeated pairs, permuted",
    "repeated pairs, U D U^T",
    "companion, clustered roots",
    "cyclic permutation",
    "issue-263 tridiagonal",
    "all ones",
    "Jordan block, U J U^T"};

int blt_ns_type_normal(int type) {
  return type == 1 || type == 2 || (type >= 4 && type <= 8) || type == 22 ||
         type == 23 || type == 25 || type == 27;
}

const char *blt_ns_type_name(int type) {
  return blt_catalogue_name(ns_type_names, BLT_NS_NTYPES, type);
}

/* Scale so that the largest magnitude is anorm (dlatme's and dlatmr's
 * ANORM with the max-entry norm). */
static void scale_max(int64_t n, double *a, int64_t lda, double anorm) {
  double mx = 0.0;
  int64_t i, j;
  for (j = 0; j < n; ++j)
    for (i = 0; i < n; ++i)
      mx = fmax(mx, fabs(a[i + j * lda]));
  if (mx > 0.0)
    for (j = 0; j < n; ++j)
      for (i = 0; i < n; ++i)
        a[i + j * lda] = (a[i + j * lda] / mx) * anorm;
}

static double from_bits(uint64_t u) {
  double x;
  memcpy(&x, &u, sizeof x);
  return x;
}

void blt_ns_issue263(double h44, double *h) {
  int i;
  for (i = 0; i < 16; ++i)
    h[i] = 0.0;
  /* The matrix of Reference-LAPACK/lapack#263, given there in hex. */
  h[1 + 0 * 4] = from_bits(0xbfdf916d32df0e1dULL);
  h[2 + 1 * 4] = from_bits(0xbf782807624514d9ULL);
  h[3 + 2 * 4] = from_bits(0xbf80d94d89578784ULL);
  h[0 + 1 * 4] = from_bits(0x3fdf916d32df0e1dULL);
  h[1 + 2 * 4] = from_bits(0x3f782807624514daULL);
  h[2 + 3 * 4] = from_bits(0x3f80d94d89578784ULL);
  h[3 + 3 * 4] = h44;
}

/* T (n x n, ld n): spectrum d on the diagonal, uniform(-1, 1) strictly
 * above it (dlatme's UPPER = 'T'); with pairs, every third position starts
 * a standardized 2x2 block [r b; c r], b c = -im^2, for the eigenvalues
 * r +- i im (r, im from consecutive spectrum values). */
static void quasi_triangular(int64_t n, const double *d, int pairs,
                             blt_rng *rng, double *t) {
  int64_t i, j;
  for (j = 0; j < n; ++j)
    for (i = 0; i < n; ++i)
      t[i + j * n] = i < j ? blt_rng_uniform(rng) : 0.0;
  for (i = 0; i < n;) {
    if (pairs && i % 3 == 0 && i + 1 < n) {
      const double re = d[i], im = fabs(d[i + 1]) > 0 ? fabs(d[i + 1]) : 1.0;
      const double x = pow(2.0, blt_rng_uniform(rng));
      t[i + i * n] = t[i + 1 + (i + 1) * n] = re;
      t[i + (i + 1) * n] = im * x;
      t[i + 1 + i * n] = -im / x;
      i += 2;
    } else {
      t[i + i * n] = d[i];
      i += 1;
    }
  }
}

/* a := X T X^-1 with X = U S V (dlatme's similarity): U, V random
 * orthogonal, S diagonal arithmetic from 1 to 1/conds (S = I: a = U T U^T).
 */
static int similarity(int64_t n, const double *t, double conds, blt_rng *rng,
                      double *a, int64_t lda) {
  double *u = blt_dalloc(n * n), *v = blt_dalloc(n * n), *w = blt_dalloc(n * n);
  double *x = blt_dalloc(n * n), *sv = blt_dalloc(n);
  int64_t i, j;
  int info = blt_random_orthogonal(n, rng, u, n);
  if (info == 0 && conds > 1.0)
    info = blt_random_orthogonal(n, rng, v, n);
  if (info == 0) {
    if (conds > 1.0) {
      blt_spectrum(4, conds, 0, n, rng, sv);
      /* w := V T V^T, then x := S w S^-1. */
      blt_ns_matmul(n, v, t, x);
      blt_ns_matmul_bt(n, x, v, w);
      for (j = 0; j < n; ++j)
        for (i = 0; i < n; ++i)
          x[i + j * n] = sv[i] * w[i + j * n] / sv[j];
    } else {
      memcpy(x, t, (size_t)(n * n) * sizeof(double));
    }
    /* a := U x U^T */
    blt_ns_matmul(n, u, x, w);
    blt_ns_matmul_bt(n, w, u, x);
    for (j = 0; j < n; ++j)
      for (i = 0; i < n; ++i)
        a[i + j * lda] = x[i + j * n];
  }
  free(u);
  free(v);
  free(w);
  free(x);
  free(sv);
  return info;
}

/* Roots of the companion type: clusters of three, relative spread 1e-3,
 * centres on the circle of radius 0.9; complex clusters (with their
 * conjugates) while six roots remain, then real ones at +-0.9. */
void blt_ns_companion_roots(int64_t n, double *re, double *im) {
  int64_t k = 0, c = 0;
  while (n - k >= 6) {
    const double frac = fmod(0.6180339887498949 * (double)(c + 1), 1.0);
    const double th = 0.3 + (NS_PI - 0.6) * frac;
    int m;
    for (m = 0; m < 3; ++m) {
      const double r = 0.9 * (1.0 + 1e-3 * m);
      re[k] = re[k + 1] = r * cos(th);
      im[k] = r * sin(th);
      im[k + 1] = -im[k];
      k += 2;
    }
    ++c;
  }
  while (k < n) {
    const double centre = c % 2 ? -0.9 : 0.9;
    int m;
    for (m = 0; m < 3 && k < n; ++m, ++k) {
      re[k] = centre * (1.0 + 1e-3 * m);
      im[k] = 0.0;
    }
    ++c;
  }
}

static void companion(int64_t n, double *a, int64_t lda) {
  double *re = blt_dalloc(n), *im = blt_dalloc(n), *c = blt_dalloc(n + 1);
  int64_t i, k, deg = 0;
  blt_ns_companion_roots(n, re, im);
  /* Monic coefficients, lowest degree first, multiplied out over real
   * linear and quadratic factors. */
  c[0] = 1.0;
  for (k = 0; k < n;) {
    if (im[k] != 0.0) {
      const double p = -2.0 * re[k], q = re[k] * re[k] + im[k] * im[k];
      c[deg + 2] = 0.0;
      c[deg + 1] = 0.0;
      for (i = deg + 2; i >= 0; --i) {
        double v = i - 2 >= 0 && i - 2 <= deg ? c[i - 2] : 0.0;
        if (i - 1 >= 0 && i - 1 <= deg)
          v += p * c[i - 1];
        if (i <= deg)
          v += q * c[i];
        c[i] = v;
      }
      deg += 2;
      k += 2;
    } else {
      c[deg + 1] = 0.0;
      for (i = deg + 1; i >= 0; --i)
        c[i] = (i - 1 >= 0 ? c[i - 1] : 0.0) - re[k] * (i <= deg ? c[i] : 0.0);
      deg += 1;
      k += 1;
    }
  }
  /* c[i] is the coefficient of x^i, c[n] = 1. Companion matrix: ones on
   * the subdiagonal, last column -c[0..n-1]. */
  for (i = 0; i + 1 < n; ++i)
    a[i + 1 + i * lda] = 1.0;
  for (i = 0; i < n; ++i)
    a[i + (n - 1) * lda] = -c[i];
  free(re);
  free(im);
  free(c);
}

int blt_ns_generate(int type, int64_t n, blt_prec prec, blt_rng *rng, double *a,
                    int64_t lda) {
  const double ulp = prec.ulp, ulpinv = 1.0 / prec.ulp;
  const double rtulpi = 1.0 / sqrt(prec.ulp);
  const double rtunfl = sqrt(prec.unfl), rtovfl = sqrt(prec.ovfl);
  const double aninv = 1.0 / (double)(n > 1 ? n : 1);
  double mags[3];
  int64_t i, j;
  int info = 0;
  /* dchkhs' KMAGN: 1, sqrt(ovfl) ulp / n, sqrt(unfl) n / ulp. */
  mags[0] = 1.0;
  mags[1] = (rtovfl * ulp) * aninv;
  mags[2] = rtunfl * (double)n * ulpinv;
  if (type < 1 || type > BLT_NS_NTYPES)
    return -1;
  for (j = 0; j < n; ++j)
    for (i = 0; i < n; ++i)
      a[i + j * lda] = 0.0;
  if (n == 0)
    return 0;

  if (type == 1) {
    /* zero */
  } else if (type == 2) {
    for (i = 0; i < n; ++i)
      a[i + i * lda] = 1.0;
  } else if (type == 3) {
    /* dchkhs type 3: ANORM on the diagonal, ones on the subdiagonal. */
    for (i = 0; i < n; ++i) {
      a[i + i * lda] = 1.0;
      if (i > 0)
        a[i + (i - 1) * lda] = 1.0;
    }
  } else if (type >= 4 && type <= 8) {
    /* dlatms with KL = KU = 0: dlatm1 modes 4, 3, 1, 4, 4, COND = 1/ulp,
     * random signs. */
    static const int modes[5] = {4, 3, 1, 4, 4};
    static const int magn[5] = {0, 0, 0, 1, 2};
    double *d = blt_dalloc(n);
    info = blt_spectrum(modes[type - 4], ulpinv, 1, n, rng, d);
    for (i = 0; i < n; ++i)
      a[i + i * lda] = d[i];
    scale_max(n, a, lda, mags[magn[type - 4]]);
    free(d);
  } else if (type >= 9 && type <= 18) {
    /* dlatme: spectrum (modes 4, 3, 1, 5), upper triangle random,
     * similarity with CONDS = 1 (9-12) or 1/sqrt(ulp) (13-18). */
    static const int modes[10] = {4, 3, 1, 5, 4, 3, 1, 5, 5, 5};
    static const int magn[10] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 2};
    const int k = type - 9;
    const int pairs = type == 12 || type >= 16;
    double *d = blt_dalloc(n), *t = blt_dalloc(n * n);
    info = blt_spectrum(modes[k], ulpinv, 1, n, rng, d);
    if (info == 0) {
      quasi_triangular(n, d, pairs, rng, t);
      info = similarity(n, t, type >= 13 ? rtulpi : 1.0, rng, a, lda);
    }
    scale_max(n, a, lda, mags[magn[k]]);
    free(d);
    free(t);
  } else if (type >= 19 && type <= 21) {
    for (j = 0; j < n; ++j)
      for (i = 0; i < n; ++i)
        a[i + j * lda] = blt_rng_uniform(rng);
    scale_max(n, a, lda, mags[type - 19]);
  } else if (type == 22 || type == 23) {
    /* diag(B, ..., B [, -1/4]) with B = [1/2 3/4; -3/4 1/2]: exact. */
    double *t = blt_dalloc(n * n);
    int64_t *perm = (int64_t *)blt_xcalloc((size_t)n, sizeof(int64_t));
    for (i = 0; i + 1 < n; i += 2) {
      t[i + i * n] = t[i + 1 + (i + 1) * n] = 0.5;
      t[i + (i + 1) * n] = 0.75;
      t[i + 1 + i * n] = -0.75;
    }
    if (n % 2)
      t[n - 1 + (n - 1) * n] = -0.25;
    if (type == 22) {
      for (i = 0; i < n; ++i)
        perm[i] = i;
      for (i = n - 1; i > 0; --i) {
        const int64_t r = blt_rng_below(rng, i + 1), s = perm[i];
        perm[i] = perm[r];
        perm[r] = s;
      }
      for (j = 0; j < n; ++j)
        for (i = 0; i < n; ++i)
          a[perm[i] + perm[j] * lda] = t[i + j * n];
    } else {
      info = similarity(n, t, 1.0, rng, a, lda);
    }
    free(t);
    free(perm);
  } else if (type == 24) {
    companion(n, a, lda);
  } else if (type == 25) {
    for (i = 0; i + 1 < n; ++i)
      a[i + 1 + i * lda] = 1.0;
    a[0 + (n - 1) * lda] = 1.0;
  } else if (type == 26) {
    double h[16];
    blt_ns_issue263(0.0, h);
    for (i = 0; i + 1 < n; ++i) {
      const int64_t r = i % 3;
      a[i + (i + 1) * lda] = h[r + (r + 1) * 4];
      a[i + 1 + i * lda] = h[r + 1 + r * 4];
    }
  } else if (type == 27) {
    for (j = 0; j < n; ++j)
      for (i = 0; i < n; ++i)
        a[i + j * lda] = 1.0;
  } else {
    double *t = blt_dalloc(n * n);
    for (i = 0; i < n; ++i) {
      t[i + i * n] = 1.0;
      if (i > 0)
        t[i + (i - 1) * n] = 1.0;
    }
    info = similarity(n, t, 1.0, rng, a, lda);
    free(t);
  }
  for (j = 0; j < n; ++j)
    for (i = 0; i < n; ++i)
      a[i + j * lda] = blt_round(prec, a[i + j * lda]);
  return info;
}

/* ---- LAPACK reference ---------------------------------------------------- */

int blt_ns_ref_eigen(int64_t n, const double *a, int64_t lda, double *wr,
                     double *wi, double *s) {
  const lapack_int ln = (lapack_int)n;
  double *t, *vs, *vl, *vr, *sep;
  lapack_int sdim = 0, m = 0, info;
  int64_t i, j;
  if (n <= 0)
    return 0;
  t = blt_dalloc(n * n);
  vs = blt_dalloc(n * n);
  for (j = 0; j < n; ++j)
    for (i = 0; i < n; ++i)
      t[i + j * n] = a[i + j * lda];
  info = LAPACKE_dgees(LAPACK_COL_MAJOR, 'V', 'N', NULL, ln, t, ln, &sdim, wr,
                       wi, vs, ln);
  if (info == 0 && s) {
    vl = blt_dalloc(n * n);
    vr = blt_dalloc(n * n);
    sep = blt_dalloc(n);
    /* Eigenvectors of T itself (dtrsna takes those of T or of Q T Q^T). */
    info = LAPACKE_dtrevc(LAPACK_COL_MAJOR, 'B', 'A', NULL, ln, t, ln, vl, ln,
                          vr, ln, ln, &m);
    if (info == 0)
      info = LAPACKE_dtrsna(LAPACK_COL_MAJOR, 'E', 'A', NULL, ln, t, ln, vl, ln,
                            vr, ln, s, sep, ln, &m);
    free(vl);
    free(vr);
    free(sep);
  }
  free(t);
  free(vs);
  return (int)info;
}

int blt_ns_ref_hessenberg(int64_t n, const double *a, int64_t lda, double *h,
                          double *q) {
  const lapack_int ln = (lapack_int)n;
  double *tau;
  lapack_int info;
  int64_t i, j;
  if (n <= 0)
    return 0;
  tau = blt_dalloc(n);
  for (j = 0; j < n; ++j)
    for (i = 0; i < n; ++i)
      h[i + j * n] = a[i + j * lda];
  info = LAPACKE_dgehrd(LAPACK_COL_MAJOR, ln, 1, ln, h, ln, tau);
  if (info == 0) {
    memcpy(q, h, (size_t)(n * n) * sizeof(double));
    info = LAPACKE_dorghr(LAPACK_COL_MAJOR, ln, 1, ln, q, ln, tau);
  }
  for (j = 0; j < n; ++j)
    for (i = j + 2; i < n; ++i)
      h[i + j * n] = 0.0;
  free(tau);
  return (int)info;
}

/* ---- Ratios -------------------------------------------------------------- */

double blt_ns_resid(int64_t n, const double *a, const double *t,
                    const double *z, double ulp, double unfl) {
  double *w, *r, wnorm;
  int64_t i;
  if (n <= 0)
    return 0.0;
  w = blt_dalloc(n * n);
  r = blt_dalloc(n * n);
  blt_ns_matmul(n, z, t, w);
  blt_ns_matmul_bt(n, w, z, r);
  for (i = 0; i < n * n; ++i)
    r[i] = a[i] - r[i];
  wnorm = blt_norm1(n, r, n);
  free(w);
  free(r);
  return blt_resid_ratio(n, wnorm, blt_norm1(n, a, n), ulp, unfl);
}

double blt_ns_orth(int64_t n, const double *z, double ulp) {
  double *g, wnorm;
  int64_t i;
  if (n <= 0)
    return 0.0;
  g = blt_dalloc(n * n);
  blt_ns_matmul_bt(n, z, z, g);
  for (i = 0; i < n; ++i)
    g[i + i * n] -= 1.0;
  wnorm = blt_norm1(n, g, n);
  free(g);
  if (!isfinite(wnorm))
    return INFINITY;
  return fmin(wnorm, (double)n) / ((double)n * ulp);
}

double blt_ns_form(int64_t n, const double *t, const double *wr,
                   const double *wi, double ulp, double unfl) {
  const double bad = 1.0 / ulp;
  double worst = 0.0;
  int64_t i, j;
  for (i = 0; i < n; ++i)
    if (!isfinite(wr[i]) || !isfinite(wi[i]))
      return INFINITY;
  if (t) {
    for (j = 0; j < n; ++j)
      for (i = 0; i < n; ++i) {
        if (!isfinite(t[i + j * n]))
          return INFINITY;
        if (i > j + 1 && t[i + j * n] != 0.0)
          return bad;
      }
  }
  for (i = 0; i < n;) {
    const int pair = t ? i + 1 < n && t[i + 1 + i * n] != 0.0 : wi[i] != 0.0;
    if (!pair) {
      if (wi[i] != 0.0 || (t && wr[i] != t[i + i * n]))
        return bad;
      i += 1;
      continue;
    }
    if (i + 1 >= n)
      return bad;
    if (t) {
      const double a = t[i + i * n], b = t[i + (i + 1) * n];
      const double c = t[i + 1 + i * n], d = t[i + 1 + (i + 1) * n];
      const double tmp = sqrt(fabs(b)) * sqrt(fabs(c));
      if (a != d || !((b > 0.0 && c < 0.0) || (b < 0.0 && c > 0.0)))
        return bad;
      if (i + 2 < n && t[i + 2 + (i + 1) * n] != 0.0)
        return bad;
      if (wr[i] != a || wr[i + 1] != d)
        return bad;
      worst = fmax(worst, fabs(wi[i] - tmp) / fmax(ulp * tmp, unfl));
    } else if (wr[i] != wr[i + 1]) {
      return bad;
    }
    if (!(wi[i] > 0.0) || wi[i + 1] != -wi[i])
      return bad;
    i += 2;
  }
  return worst;
}

/* Kuhn's augmenting paths on the edges of cost <= thr. */
static int kuhn(int64_t i, int64_t n, const double *c, double thr,
                int64_t *owner, unsigned char *seen) {
  int64_t j;
  for (j = 0; j < n; ++j)
    if (c[i * n + j] <= thr && !seen[j]) {
      seen[j] = 1;
      if (owner[j] < 0 || kuhn(owner[j], n, c, thr, owner, seen)) {
        owner[j] = i;
        return 1;
      }
    }
  return 0;
}

static int perfect_matching(int64_t n, const double *c, double thr,
                            int64_t *owner, unsigned char *seen) {
  int64_t i;
  for (i = 0; i < n; ++i)
    owner[i] = -1;
  for (i = 0; i < n; ++i) {
    memset(seen, 0, (size_t)n);
    if (!kuhn(i, n, c, thr, owner, seen))
      return 0;
  }
  return 1;
}

static int cmp_dbl(const void *x, const void *y) {
  const double a = *(const double *)x, b = *(const double *)y;
  return (a > b) - (a < b);
}

double blt_ns_eig_dist(int64_t n, const double *wr1, const double *wi1,
                       const double *w, const double *wr2, const double *wi2,
                       double scale, int64_t *match) {
  double *c, *sorted, lb = 0.0, best;
  int64_t *owner, i, j, lo, hi;
  unsigned char *seen;
  if (n <= 0)
    return 0.0;
  for (i = 0; i < n; ++i) {
    if (match)
      match[i] = i;
    if (!isfinite(wr1[i]) || !isfinite(wi1[i]) || !isfinite(wr2[i]) ||
        !isfinite(wi2[i]))
      return INFINITY;
  }
  c = blt_dalloc(n * n);
  owner = (int64_t *)blt_xcalloc((size_t)n, sizeof(int64_t));
  seen = (unsigned char *)blt_xcalloc((size_t)n, 1);
  for (i = 0; i < n; ++i) {
    double rmin = INFINITY;
    for (j = 0; j < n; ++j) {
      const double d = hypot(wr1[i] - wr2[j], wi1[i] - wi2[j]);
      c[i * n + j] = d * (w ? w[i] : 1.0) / scale;
      rmin = fmin(rmin, c[i * n + j]);
    }
    lb = fmax(lb, rmin);
  }
  for (j = 0; j < n; ++j) {
    double cmin = INFINITY;
    for (i = 0; i < n; ++i)
      cmin = fmin(cmin, c[i * n + j]);
    lb = fmax(lb, cmin);
  }
  /* No matching beats the largest row or column minimum; it usually is
   * the answer, so try it before searching. */
  if (perfect_matching(n, c, lb, owner, seen)) {
    best = lb;
  } else {
    sorted = blt_dalloc(n * n);
    memcpy(sorted, c, (size_t)(n * n) * sizeof(double));
    qsort(sorted, (size_t)(n * n), sizeof(double), cmp_dbl);
    lo = 0;
    hi = n * n - 1;
    while (lo < hi && sorted[lo] <= lb)
      ++lo;
    while (lo < hi) {
      const int64_t mid = lo + (hi - lo) / 2;
      if (perfect_matching(n, c, sorted[mid], owner, seen))
        hi = mid;
      else
        lo = mid + 1;
    }
    best = sorted[lo];
    perfect_matching(n, c, best, owner, seen);
    free(sorted);
  }
  if (match)
    for (j = 0; j < n; ++j)
      if (owner[j] >= 0)
        match[owner[j]] = j;
  free(c);
  free(owner);
  free(seen);
  return best;
}

/* ---- Sets ---------------------------------------------------------------- */

static void set_alloc(blt_ns_set *s, blt_prec prec, blt_ns_kind kind, int64_t n,
                      int64_t count) {
  const int64_t nn = n > 0 ? n : 1;
  memset(s, 0, sizeof *s);
  s->prec = prec;
  s->kind = kind;
  s->n = n;
  s->count = count;
  s->type = (int *)blt_xcalloc((size_t)(count > 0 ? count : 1), sizeof(int));
  s->a = blt_dalloc(count * nn * nn);
  s->anorm = blt_dalloc(count);
  s->afro = blt_dalloc(count);
  s->wr = blt_dalloc(count * nn);
  s->wi = blt_dalloc(count * nn);
  s->s = blt_dalloc(count * nn);
  if (kind == BLT_NS_HESSENBERG) {
    s->q = blt_dalloc(count * nn * nn);
    s->aq = blt_dalloc(count * nn * nn);
  }
}

/* Problem p of s from the general matrix g (n x n, ld n, rounded). */
static int set_fill(blt_ns_set *s, int64_t p, const double *g) {
  const int64_t n = s->n;
  double *a = s->a + p * n * n;
  int info = 0;
  if (s->kind == BLT_NS_HESSENBERG) {
    double *q = s->q + p * n * n, *w = blt_dalloc(n * n);
    info = blt_ns_ref_hessenberg(n, g, n, a, q);
    blt_round_array(s->prec, a, (size_t)(n * n));
    blt_round_array(s->prec, q, (size_t)(n * n));
    blt_ns_matmul(n, q, a, w);
    blt_ns_matmul_bt(n, w, q, s->aq + p * n * n);
    free(w);
  } else {
    memcpy(a, g, (size_t)(n * n) * sizeof(double));
  }
  if (info == 0)
    info =
        blt_ns_ref_eigen(n, a, n, s->wr + p * n, s->wi + p * n, s->s + p * n);
  s->anorm[p] = blt_norm1(n, a, n);
  s->afro[p] = blt_ns_normf(n, a, n);
  return info;
}

blt_ns_set blt_ns_set_new(blt_prec prec, blt_ns_kind kind, int64_t n,
                          const int *types, int ntypes, int reps,
                          uint64_t seed) {
  blt_ns_set s;
  blt_rng rng;
  double *g = blt_dalloc(n * n);
  int64_t p;
  set_alloc(&s, prec, kind, n, (int64_t)ntypes * reps);
  blt_rng_seed(&rng, seed);
  for (p = 0; p < s.count; ++p) {
    int info;
    s.type[p] = types[p % ntypes];
    info = blt_ns_generate(s.type[p], n, prec, &rng, g, n);
    if (info == 0)
      info = set_fill(&s, p, g);
    if (info != 0) {
      fprintf(stderr, "bla_test_nonsym: type %d, n = %lld: setup failed (%d)\n",
              s.type[p], (long long)n, info);
      abort();
    }
  }
  free(g);
  return s;
}

blt_ns_set blt_ns_set_from(blt_prec prec, blt_ns_kind kind, int64_t n,
                           const double *a, int type) {
  blt_ns_set s;
  double *g = blt_dalloc(n * n);
  int64_t i;
  set_alloc(&s, prec, kind, n, 1);
  s.type[0] = type;
  for (i = 0; i < n * n; ++i)
    g[i] = blt_round(prec, a[i]);
  if (set_fill(&s, 0, g) != 0) {
    fprintf(stderr, "bla_test_nonsym: reference for n = %lld failed\n",
            (long long)n);
    abort();
  }
  free(g);
  return s;
}

void blt_ns_set_free(blt_ns_set *s) {
  BLT_FREE_ALL(s->type, s->a, s->q, s->aq, s->anorm, s->afro, s->wr, s->wi,
               s->s);
  memset(s, 0, sizeof *s);
}

/* ---- Batches ------------------------------------------------------------- */

const char *blt_ns_op_name(blt_ns_op op) {
  static const char *const names[4] = {"gehrd", "orghr", "hseqr", "schur"};
  return op >= BLT_NS_GEHRD && op <= BLT_NS_SCHUR ? names[op] : "(unknown op)";
}

/* A batch of count problems: a from a_all (problem k at a_all + k*n*n),
 * tau from tau_all (k*(n-1)) when given, z per zinit (q_all for Q). */
static blt_ns_batch batch_from(blt_prec prec, blt_layout layout, int64_t n,
                               const double *a_all, const double *tau_all,
                               const double *q_all, blt_nszinit zinit,
                               int nan_below, const int64_t *idx,
                               int64_t count) {
  blt_ns_batch b;
  const int64_t nt = n > 0 ? n - 1 : 0;
  double *tmp = blt_dalloc(n * n);
  int64_t p, i, j;
  b.prec = prec;
  b.count = count;
  b.n = n;
  b.a = blt_mbatch_new(prec.is_float, layout, count, n, n, 1);
  b.z = zinit == BLT_NSZ_ABSENT
            ? blt_mbatch_none(prec.is_float, count)
            : blt_mbatch_new(prec.is_float, layout, count, n, n, 1);
  b.tau = blt_vbatch_new(prec.is_float, layout, count, nt);
  b.wr = blt_vbatch_new(prec.is_float, layout, count, n);
  b.wi = blt_vbatch_new(prec.is_float, layout, count, n);
  for (p = 0; p < count; ++p) {
    const int64_t k = idx ? idx[p] : p;
    memcpy(tmp, a_all + k * n * n, (size_t)(n * n) * sizeof(double));
    if (nan_below)
      for (j = 0; j < n; ++j)
        for (i = j + 2; i < n; ++i)
          tmp[i + j * n] = NAN;
    blt_mbatch_put(b.a, p, tmp, n);
    if (tau_all)
      blt_vbatch_put(b.tau, p, tau_all + k * nt);
    if (zinit == BLT_NSZ_NAN) {
      for (i = 0; i < n * n; ++i)
        tmp[i] = NAN;
      blt_mbatch_put(b.z, p, tmp, n);
    } else if (zinit == BLT_NSZ_Q && q_all) {
      blt_mbatch_put(b.z, p, q_all + k * n * n, n);
    }
  }
  free(tmp);
  return b;
}

blt_ns_batch blt_ns_batch_new(const blt_ns_set *s, blt_layout layout,
                              blt_nszinit zinit, int nan_below,
                              const int64_t *idx, int64_t count) {
  if (!idx)
    count = s->count;
  return batch_from(s->prec, layout, s->n, s->a, NULL, s->q, zinit, nan_below,
                    idx, count);
}

void blt_ns_batch_free(blt_ns_batch *b) {
  blt_mbatch_free(&b->a);
  blt_mbatch_free(&b->z);
  blt_vbatch_free(&b->tau);
  blt_vbatch_free(&b->wr);
  blt_vbatch_free(&b->wi);
}

blt_ns_batch blt_ns_batch_clone(const blt_ns_batch *b) {
  blt_ns_batch c = *b;
  c.a = blt_mbatch_clone(b->a);
  c.z = blt_mbatch_clone(b->z);
  c.tau = blt_vbatch_clone(b->tau);
  c.wr = blt_vbatch_clone(b->wr);
  c.wi = blt_vbatch_clone(b->wi);
  return c;
}

static int same_storage(const void *x, const void *y, size_t bytes) {
  if (!x || !y)
    return x == y;
  return memcmp(x, y, bytes) == 0;
}

int blt_ns_batch_same(const blt_ns_batch *a, const blt_ns_batch *b) {
  return same_storage(a->a.data, b->a.data, a->a.bytes) &&
         same_storage(a->z.data, b->z.data, a->z.bytes) &&
         same_storage(a->tau.data, b->tau.data, a->tau.bytes) &&
         same_storage(a->wr.data, b->wr.data, a->wr.bytes) &&
         same_storage(a->wi.data, b->wi.data, a->wi.bytes);
}

void blt_ns_batch_read(const blt_ns_batch *b, int64_t p, double *a, double *z,
                       double *tau, double *wr, double *wi) {
  if (a)
    blt_mbatch_get(b->a, p, a, b->n);
  if (z && b->z.data)
    blt_mbatch_get(b->z, p, z, b->n);
  if (tau)
    blt_vbatch_get(b->tau, p, tau);
  if (wr)
    blt_vbatch_get(b->wr, p, wr);
  if (wi)
    blt_vbatch_get(b->wi, p, wi);
}

/* The op's batch driver of precision P: s or d, the drivers' letter and
 * the member of the batches that holds their view. */
#define DEFINE_NS_CALL(P)                                                      \
  static bla_status ns_call_##P(blt_ns_op op, bla_job job, bla_compz compz,    \
                                const blt_ns_batch *b, int *info,              \
                                const bla_exec *exec) {                        \
    switch (op) {                                                              \
    case BLT_NS_GEHRD:                                                         \
      return bla_##P##gehrd_batch(b->a.P, b->tau.P, info, exec);               \
    case BLT_NS_ORGHR:                                                         \
      return bla_##P##orghr_batch(b->a.P, b->tau.P, info, exec);               \
    case BLT_NS_HSEQR:                                                         \
      return bla_##P##hseqr_batch(job, compz, b->a.P, b->wr.P, b->wi.P,        \
                                  b->z.P, info, exec);                         \
    case BLT_NS_SCHUR:                                                         \
      return bla_##P##schur_batch(b->a.P, b->wr.P, b->wi.P, b->z.P, info,      \
                                  exec);                                       \
    }                                                                          \
    return BLA_ERR_ARG;                                                        \
  }
DEFINE_NS_CALL(s)
DEFINE_NS_CALL(d)

bla_status blt_ns_call(blt_ns_op op, bla_job job, bla_compz compz,
                       const blt_ns_batch *b, int *info, const bla_exec *exec) {
  return b->prec.is_float ? ns_call_s(op, job, compz, b, info, exec)
                          : ns_call_d(op, job, compz, b, info, exec);
}

bla_status blt_ns_run(const blt_backend *be, int variant, blt_ns_op op,
                      bla_job job, bla_compz compz, const blt_ns_batch *b,
                      int *info) {
  const bla_exec ex = blt_backend_exec(be, variant);
  blt_mirror m = blt_mirror_begin(be);
  blt_ns_batch d = *b;
  bla_status st;
  d.a = blt_mirror_mbatch(&m, b->a);
  d.z = blt_mirror_mbatch(&m, b->z);
  d.tau = blt_mirror_vbatch(&m, b->tau);
  d.wr = blt_mirror_vbatch(&m, b->wr);
  d.wi = blt_mirror_vbatch(&m, b->wi);
  st =
      blt_ns_call(op, job, compz, &d, blt_mirror_info(&m, info, b->count), &ex);
  blt_mirror_end(&m);
  return st;
}

/* ---- Worst ratios -------------------------------------------------------- */

void blt_ns_worst_note(blt_ns_worst *t, int type, int64_t n, int which,
                       double v) {
  if (!t || type < 0 || type > BLT_NS_NTYPES)
    return;
  if (!(v <= t->w[type][which])) {
    t->w[type][which] = v;
    t->at_n[type][which] = n;
  }
}

void blt_ns_worst_print(const blt_ns_worst *t, const char *what) {
  int type;
  if (!t || !blt_verbose())
    return;
  printf("worst ratios, %s (THRESH %.0f): type: resid orth form eig cmp\n",
         what, BLT_THRESH);
  for (type = 1; type <= BLT_NS_NTYPES; ++type)
    printf("  %2d %-36s %8.3g %8.3g %8.3g %8.3g %8.3g\n", type,
           blt_ns_type_name(type), t->w[type][0], t->w[type][1], t->w[type][2],
           t->w[type][3], t->w[type][4]);
  fflush(stdout);
}

/* ---- Sweeps -------------------------------------------------------------- */

static void sweep_types(const blt_ns_sweep *sw, int *ntypes, int *buf) {
  int i;
  if (sw->types) {
    *ntypes = sw->ntypes;
    for (i = 0; i < sw->ntypes; ++i)
      buf[i] = sw->types[i];
  } else {
    *ntypes = BLT_NS_NTYPES;
    for (i = 0; i < BLT_NS_NTYPES; ++i)
      buf[i] = i + 1;
  }
}

static uint64_t sweep_seed(const blt_ns_sweep *sw, int64_t n, int salt) {
  return sw->seed + (uint64_t)n * 7919 + (uint64_t)salt * 104729 +
         (uint64_t)sw->prec.is_float * 15485863;
}

/* The set a sweep checks at order n: reps_small problems of each type up
 * to n = 20, reps_large (at least one) above; salt keeps the seeds of the
 * sweeps apart. */
static blt_ns_set sweep_set(const blt_ns_sweep *sw, blt_ns_kind kind, int64_t n,
                            int salt) {
  int types[BLT_NS_NTYPES + 64], ntypes;
  const int reps = n <= 20              ? sw->reps_small
                   : sw->reps_large > 0 ? sw->reps_large
                                        : 1;
  sweep_types(sw, &ntypes, types);
  return blt_ns_set_new(sw->prec, kind, n, types, ntypes, reps,
                        sweep_seed(sw, n, salt));
}

/* Per-problem outputs of one run, as double, problem after problem. */
typedef struct {
  int64_t n, count;
  double *a, *z, *tau, *wr, *wi;
} outs;

static outs outs_new(int64_t count, int64_t n) {
  outs o;
  const int64_t nn = n > 0 ? n : 1;
  o.n = n;
  o.count = count;
  o.a = blt_dalloc(count * nn * nn);
  o.z = blt_dalloc(count * nn * nn);
  o.tau = blt_dalloc(count * nn);
  o.wr = blt_dalloc(count * nn);
  o.wi = blt_dalloc(count * nn);
  return o;
}

static void outs_free(outs *o) {
  BLT_FREE_ALL(o->a, o->z, o->tau, o->wr, o->wi);
}

static void outs_read(outs *o, const blt_ns_batch *b) {
  const int64_t n = o->n, nt = n > 0 ? n - 1 : 0;
  int64_t p;
  for (p = 0; p < o->count && p < b->count; ++p)
    blt_ns_batch_read(b, p, o->a + p * n * n, o->z + p * n * n, o->tau + p * nt,
                      o->wr + p * n, o->wi + p * n);
}

/* Weights for eigenvalue set `w` given its matching to the reference:
 * reference i matched to entry match[i] of the set. */
static void weights_of(int64_t n, const double *s_ref, const int64_t *match,
                       int normal, double *out) {
  int64_t i;
  for (i = 0; i < n; ++i)
    out[match[i]] = normal ? 1.0 : s_ref[i];
}

/* Eigenvalues (wr, wi) of problem p against the set's reference, weighted
 * by dtrsna's s (1 for normal types); match receives the matching. */
static double eig_vs_ref(const blt_ns_set *s, int64_t p, const double *wr,
                         const double *wi, int64_t *match) {
  const int64_t n = s->n;
  const double scale = s->prec.ulp * fmax(s->afro[p], s->prec.unfl);
  return blt_ns_eig_dist(n, s->wr + p * n, s->wi + p * n,
                         blt_ns_type_normal(s->type[p]) ? NULL : s->s + p * n,
                         wr, wi, scale, match);
}

static const char *lname(int lay) {
  return blt_layout_name((blt_layout)lay);
}

#define NS_FAIL(rep, ...) blt_report_fail(rep, __VA_ARGS__)

/* The eigenvalues the host driver gives for b's problems, into wr and wi
 * (b->count x b->n), which a device's are compared with; frees b. what
 * names the call in the failure message. */
static void host_eigenvalues(blt_ns_batch *b, blt_ns_op op, bla_job job,
                             bla_compz compz, int *info, double *wr, double *wi,
                             const char *what, blt_report *rep) {
  const blt_backend host = blt_backend_host();
  const int64_t n = b->n;
  const bla_status st = blt_ns_run(&host, BLT_RUN, op, job, compz, b, info);
  int64_t p;
  if (st != BLA_OK)
    NS_FAIL(rep, "%s %s n=%lld: comparison run: status %d", b->prec.name, what,
            (long long)n, (int)st);
  for (p = 0; p < b->count; ++p)
    blt_ns_batch_read(b, p, NULL, NULL, NULL, wr + p * n, wi + p * n);
  blt_ns_batch_free(b);
}

/* The five ratios of problem p of an hseqr or schur sweep (what names the
 * call): noted in the worst table and each held below BLT_THRESH. */
static void note_ratios(const blt_ns_sweep *sw, const blt_ns_set *set,
                        int64_t p, double resid, double orth, double form,
                        double eig, double cmp, const char *what, int lay,
                        blt_report *rep) {
  const int type = set->type[p];
  const int64_t n = set->n;
  blt_ns_worst_note(sw->worst, type, n, BLT_NSR_RESID, resid);
  blt_ns_worst_note(sw->worst, type, n, BLT_NSR_ORTH, orth);
  blt_ns_worst_note(sw->worst, type, n, BLT_NSR_FORM, form);
  blt_ns_worst_note(sw->worst, type, n, BLT_NSR_EIG, eig);
  blt_ns_worst_note(sw->worst, type, n, BLT_NSR_CMP, cmp);
  if (!(resid < BLT_THRESH && orth < BLT_THRESH && form < BLT_THRESH &&
        eig < BLT_THRESH && cmp < BLT_THRESH))
    NS_FAIL(rep,
            "%s %s n=%lld %s type %d (%s) problem %lld: resid %g "
            "orth %g form %g eig %g cmp %g (THRESH %g)",
            set->prec.name, what, (long long)n, lname(lay), type,
            blt_ns_type_name(type), (long long)p, resid, orth, form, eig, cmp,
            BLT_THRESH);
}

/* One sweep call: op on b with every info preset to a sentinel, which must
 * give BLA_OK and info 0 for every problem of set; then the same call on
 * b2 (a clone of b) configured otherwise, which must give the same bits.
 * what names the call in the failure messages. */
static void sweep_run(const blt_backend *be, const blt_ns_set *set,
                      blt_ns_op op, bla_job job, bla_compz compz,
                      blt_ns_batch *b, blt_ns_batch *b2, int *info,
                      const char *what, int lay, blt_report *rep) {
  const char *pn = set->prec.name;
  const long long n = (long long)set->n;
  bla_status st;
  int64_t p;
  for (p = 0; p < set->count; ++p)
    info[p] = -12345;
  st = blt_ns_run(be, BLT_RUN, op, job, compz, b, info);
  if (st != BLA_OK)
    NS_FAIL(rep, "%s %s n=%lld %s: status %d", pn, what, n, lname(lay),
            (int)st);
  for (p = 0; p < set->count; ++p)
    if (info[p] != 0)
      NS_FAIL(rep, "%s %s n=%lld %s type %d (%s) problem %lld: info %d", pn,
              what, n, lname(lay), set->type[p], blt_ns_type_name(set->type[p]),
              (long long)p, info[p]);
  st = blt_ns_run(be, BLT_RUN_OTHER, op, job, compz, b2, info);
  if (st != BLA_OK || !blt_ns_batch_same(b, b2))
    NS_FAIL(rep, "%s %s n=%lld %s: variant run gave status %d or other bits",
            pn, what, n, lname(lay), (int)st);
}

void blt_ns_sweep_hessenberg(const blt_ns_sweep *sw, blt_report *rep) {
  const blt_prec prec = sw->prec;
  int si;
  for (si = 0; si < sw->nsizes; ++si) {
    const int64_t n = sw->sizes[si], nt = n > 0 ? n - 1 : 0;
    blt_ns_set set = sweep_set(sw, BLT_NS_GENERAL, n, 1);
    const int64_t count = set.count;
    outs h0 = outs_new(count, n), q0 = outs_new(count, n);
    outs h1 = outs_new(count, n), q1 = outs_new(count, n);
    int *info = (int *)blt_xcalloc((size_t)count, sizeof(int));
    double *hh = blt_dalloc(n * n);
    int lay;
    int64_t p, i, j;
    for (lay = 0; lay < BLT_NLAYOUTS; ++lay) {
      blt_ns_batch b =
          blt_ns_batch_new(&set, (blt_layout)lay, BLT_NSZ_ABSENT, 0, NULL, 0);
      blt_ns_batch b2 = blt_ns_batch_clone(&b), bq, bq2;
      outs *ho = lay == 0 ? &h0 : &h1, *qo = lay == 0 ? &q0 : &q1;
      int differs;
      sweep_run(sw->be, &set, BLT_NS_GEHRD, BLA_JOB_SCHUR, BLA_COMPZ_NONE, &b,
                &b2, info, "gehrd", lay, rep);
      outs_read(ho, &b);
      bq = blt_ns_batch_clone(&b);
      bq2 = blt_ns_batch_clone(&b);
      sweep_run(sw->be, &set, BLT_NS_ORGHR, BLA_JOB_SCHUR, BLA_COMPZ_NONE, &bq,
                &bq2, info, "orghr", lay, rep);
      outs_read(qo, &bq);
      if (!blt_mbatch_padding_intact(b.a) || !blt_mbatch_padding_intact(bq.a))
        NS_FAIL(rep, "%s gehrd/orghr n=%lld %s: write outside the views",
                prec.name, (long long)n, lname(lay));
      differs = lay > 0 && !(blt_same_doubles(h0.a, h1.a, count * n * n) &&
                             blt_same_doubles(h0.tau, h1.tau, count * nt) &&
                             blt_same_doubles(q0.a, q1.a, count * n * n));
      if (differs && blt_backend_is_host(sw->be))
        NS_FAIL(rep, "%s gehrd/orghr n=%lld: %s and %s give different bits",
                prec.name, (long long)n, lname(0), lname(lay));
      if (lay == 0 || differs)
        for (p = 0; p < count; ++p) {
          const double *a = set.a + p * n * n, *h = ho->a + p * n * n;
          const double *q = qo->a + p * n * n, *tau = ho->tau + p * nt;
          double resid, orth, form = 0.0;
          for (j = 0; j < n; ++j)
            for (i = 0; i < n; ++i)
              hh[i + j * n] = i > j + 1 ? 0.0 : h[i + j * n];
          resid = blt_ns_resid(n, a, hh, q, prec.ulp, prec.unfl);
          orth = blt_ns_orth(n, q, prec.ulp);
          /* LAPACK's conventions with ilo = 1: tau[n-2] = 0 and
           * Q = diag(1, Q1). */
          if (n >= 2 && tau[n - 2] != 0.0)
            form = 1.0 / prec.ulp;
          for (i = 0; i < n; ++i)
            if (q[i] != (i == 0 ? 1.0 : 0.0) ||
                q[i * n] != (i == 0 ? 1.0 : 0.0))
              form = 1.0 / prec.ulp;
          blt_ns_worst_note(sw->worst, set.type[p], n, BLT_NSR_RESID, resid);
          blt_ns_worst_note(sw->worst, set.type[p], n, BLT_NSR_ORTH, orth);
          blt_ns_worst_note(sw->worst, set.type[p], n, BLT_NSR_FORM, form);
          if (!(resid < BLT_THRESH && orth < BLT_THRESH && form < BLT_THRESH))
            NS_FAIL(rep,
                    "%s gehrd+orghr n=%lld %s type %d (%s) problem %lld: "
                    "|A - Q H Q^T| %g, |I - Q Q^T| %g, form %g (THRESH %g)",
                    prec.name, (long long)n, lname(lay), set.type[p],
                    blt_ns_type_name(set.type[p]), (long long)p, resid, orth,
                    form, BLT_THRESH);
        }
      blt_ns_batch_free(&b);
      blt_ns_batch_free(&b2);
      blt_ns_batch_free(&bq);
      blt_ns_batch_free(&bq2);
    }
    outs_free(&h0);
    outs_free(&h1);
    outs_free(&q0);
    outs_free(&q1);
    free(info);
    free(hh);
    blt_ns_set_free(&set);
  }
}

/* The hseqr modes of the sweep. */
enum { HM_SI, HM_SU, HM_SN, HM_EN, HM_EI, HM_N };
static const char *const hm_name[HM_N] = {
    "hseqr(SCHUR, INIT)", "hseqr(SCHUR, UPDATE)", "hseqr(SCHUR, NONE)",
    "hseqr(EIGENVALUES, NONE)", "hseqr(EIGENVALUES, INIT)"};

static void hm_args(int m, bla_job *job, bla_compz *compz, blt_nszinit *zi) {
  *job = m == HM_EN || m == HM_EI ? BLA_JOB_EIGENVALUES : BLA_JOB_SCHUR;
  *compz = m == HM_SI || m == HM_EI ? BLA_COMPZ_INIT
           : m == HM_SU             ? BLA_COMPZ_UPDATE
                                    : BLA_COMPZ_NONE;
  *zi = m == HM_SI || m == HM_EI ? BLT_NSZ_NAN
        : m == HM_SU             ? BLT_NSZ_Q
        : m == HM_SN             ? BLT_NSZ_SENTINEL
                                 : BLT_NSZ_ABSENT;
}

/* Eigenvalues of `got` (problem p) against those of the compare runner,
 * weighted by the reference's s through got's own matching. */
static double eig_cmp(const blt_ns_set *s, int64_t p, const double *wr,
                      const double *wi, const double *wr2, const double *wi2,
                      int64_t *match, double *w) {
  const int64_t n = s->n;
  const double scale = s->prec.ulp * fmax(s->afro[p], s->prec.unfl);
  eig_vs_ref(s, p, wr, wi, match);
  weights_of(n, s->s + p * n, match, blt_ns_type_normal(s->type[p]), w);
  return blt_ns_eig_dist(n, wr, wi, w, wr2, wi2, scale, NULL);
}

/* The per-size scratch of the hseqr and schur sweeps: the outputs of
 * every mode in every layout (the cross-mode checks compare within one
 * layout), info, and the buffers of the eigenvalue comparisons. */
typedef struct {
  int nmodes;
  outs o[HM_N][BLT_NLAYOUTS];
  int *info;
  int64_t *match;
  double *w, *wr2, *wi2;
} sweep_scratch;

static void scratch_init(sweep_scratch *sc, int nmodes, int64_t count,
                         int64_t n) {
  const int64_t nn = n > 0 ? n : 1;
  int m, lay;
  sc->nmodes = nmodes;
  for (m = 0; m < nmodes; ++m)
    for (lay = 0; lay < BLT_NLAYOUTS; ++lay)
      sc->o[m][lay] = outs_new(count, n);
  sc->info = (int *)blt_xcalloc((size_t)count, sizeof(int));
  sc->match = (int64_t *)blt_xcalloc((size_t)nn, sizeof(int64_t));
  sc->w = blt_dalloc(nn);
  sc->wr2 = blt_dalloc(count * nn);
  sc->wi2 = blt_dalloc(count * nn);
}

static void scratch_free(sweep_scratch *sc) {
  int m, lay;
  for (m = 0; m < sc->nmodes; ++m)
    for (lay = 0; lay < BLT_NLAYOUTS; ++lay)
      outs_free(&sc->o[m][lay]);
  BLT_FREE_ALL(sc->info, sc->match, sc->w, sc->wr2, sc->wi2);
}

void blt_ns_sweep_hseqr(const blt_ns_sweep *sw, blt_report *rep) {
  const blt_prec prec = sw->prec;
  int si;
  for (si = 0; si < sw->nsizes; ++si) {
    const int64_t n = sw->sizes[si];
    blt_ns_set set = sweep_set(sw, BLT_NS_HESSENBERG, n, 2);
    const int64_t count = set.count;
    sweep_scratch sc;
    int m, lay;
    int64_t p;
    scratch_init(&sc, HM_N, count, n);
    for (m = 0; m < HM_N; ++m)
      for (lay = 0; lay < BLT_NLAYOUTS; ++lay) {
        bla_job job;
        bla_compz compz;
        blt_nszinit zi;
        blt_ns_batch b, b2, zsnap;
        outs *oc = &sc.o[m][lay];
        const int schur = m <= HM_SN;
        const int vec = m == HM_SI || m == HM_SU || m == HM_EI;
        int differs = 0;
        hm_args(m, &job, &compz, &zi);
        b = blt_ns_batch_new(&set, (blt_layout)lay, zi, 1, NULL, 0);
        b2 = blt_ns_batch_clone(&b);
        zsnap = blt_ns_batch_clone(&b);
        sweep_run(sw->be, &set, BLT_NS_HSEQR, job, compz, &b, &b2, sc.info,
                  hm_name[m], lay, rep);
        if (m == HM_SN && !same_storage(b.z.data, zsnap.z.data, b.z.bytes))
          NS_FAIL(rep, "%s %s n=%lld %s: z was written with COMPZ_NONE",
                  prec.name, hm_name[m], (long long)n, lname(lay));
        if (!blt_mbatch_padding_intact(b.a) ||
            (vec && !blt_mbatch_padding_intact(b.z)))
          NS_FAIL(rep, "%s %s n=%lld %s: write outside the views", prec.name,
                  hm_name[m], (long long)n, lname(lay));
        outs_read(oc, &b);
        if (lay > 0) {
          const outs *o0 = &sc.o[m][0];
          differs = !blt_same_doubles(o0->wr, oc->wr, count * n) ||
                    !blt_same_doubles(o0->wi, oc->wi, count * n) ||
                    (schur && !blt_same_doubles(o0->a, oc->a, count * n * n)) ||
                    (vec && !blt_same_doubles(o0->z, oc->z, count * n * n));
          if (differs && blt_backend_is_host(sw->be))
            NS_FAIL(rep, "%s %s n=%lld: %s and %s give different bits",
                    prec.name, hm_name[m], (long long)n, lname(0), lname(lay));
        }
        if (!blt_backend_is_host(sw->be) && lay == 0) {
          blt_ns_batch bc =
              blt_ns_batch_new(&set, (blt_layout)lay, zi, 1, NULL, 0);
          host_eigenvalues(&bc, BLT_NS_HSEQR, job, compz, sc.info, sc.wr2,
                           sc.wi2, hm_name[m], rep);
        }
        for (p = 0; p < count && (lay == 0 || differs); ++p) {
          const double *t = oc->a + p * n * n, *z = oc->z + p * n * n;
          const double *wr = oc->wr + p * n, *wi = oc->wi + p * n;
          double resid = 0.0, orth = 0.0, form, eig, cmp = 0.0;
          if (m == HM_SI)
            resid =
                blt_ns_resid(n, set.a + p * n * n, t, z, prec.ulp, prec.unfl);
          if (m == HM_SU)
            resid =
                blt_ns_resid(n, set.aq + p * n * n, t, z, prec.ulp, prec.unfl);
          if (vec)
            orth = blt_ns_orth(n, z, prec.ulp);
          form = blt_ns_form(n, schur ? t : NULL, wr, wi, prec.ulp, prec.unfl);
          eig = eig_vs_ref(&set, p, wr, wi, sc.match);
          if (m == HM_SN || m == HM_SU) {
            /* T, wr, wi do not depend on whether Z is formed (ddrves
             * test 5): same bits as SCHUR with INIT. */
            const outs *os = &sc.o[HM_SI][lay];
            if (!blt_same_doubles(os->a + p * n * n, t, n * n) ||
                !blt_same_doubles(os->wr + p * n, wr, n) ||
                !blt_same_doubles(os->wi + p * n, wi, n))
              cmp = 1.0 / prec.ulp;
          } else if (m == HM_EN) {
            /* Eigenvalues only: within THRESH of those with T. */
            const outs *os = &sc.o[HM_SI][lay];
            cmp = eig_cmp(&set, p, os->wr + p * n, os->wi + p * n, wr, wi,
                          sc.match, sc.w);
          } else if (m == HM_EI) {
            /* Z is formed apart from H: the same eigenvalues as NONE. */
            const outs *oe = &sc.o[HM_EN][lay];
            if (!blt_same_doubles(oe->wr + p * n, wr, n) ||
                !blt_same_doubles(oe->wi + p * n, wi, n))
              cmp = 1.0 / prec.ulp;
          }
          if (!blt_backend_is_host(sw->be) && lay == 0)
            cmp = fmax(cmp, eig_cmp(&set, p, wr, wi, sc.wr2 + p * n,
                                    sc.wi2 + p * n, sc.match, sc.w));
          note_ratios(sw, &set, p, resid, orth, form, eig, cmp, hm_name[m], lay,
                      rep);
        }
        blt_ns_batch_free(&b);
        blt_ns_batch_free(&b2);
        blt_ns_batch_free(&zsnap);
      }
    scratch_free(&sc);
    blt_ns_set_free(&set);
  }
}

void blt_ns_sweep_schur(const blt_ns_sweep *sw, blt_report *rep) {
  const blt_prec prec = sw->prec;
  int si;
  for (si = 0; si < sw->nsizes; ++si) {
    const int64_t n = sw->sizes[si];
    blt_ns_set set = sweep_set(sw, BLT_NS_GENERAL, n, 3);
    const int64_t count = set.count;
    sweep_scratch sc;
    int m, lay;
    int64_t p;
    scratch_init(&sc, 2, count, n);
    for (m = 0; m < 2; ++m) /* 0: with Z, 1: without */
      for (lay = 0; lay < BLT_NLAYOUTS; ++lay) {
        const char *mn = m == 0 ? "schur(Z)" : "schur(no Z)";
        blt_ns_batch b =
            blt_ns_batch_new(&set, (blt_layout)lay,
                             m == 0 ? BLT_NSZ_NAN : BLT_NSZ_ABSENT, 0, NULL, 0);
        blt_ns_batch b2 = blt_ns_batch_clone(&b);
        outs *oc = &sc.o[m][lay];
        int differs = 0;
        sweep_run(sw->be, &set, BLT_NS_SCHUR, BLA_JOB_SCHUR, BLA_COMPZ_NONE, &b,
                  &b2, sc.info, mn, lay, rep);
        if (!blt_mbatch_padding_intact(b.a) ||
            (m == 0 && !blt_mbatch_padding_intact(b.z)))
          NS_FAIL(rep, "%s %s n=%lld %s: write outside the views", prec.name,
                  mn, (long long)n, lname(lay));
        outs_read(oc, &b);
        if (lay > 0) {
          const outs *o0 = &sc.o[m][0];
          differs = !blt_same_doubles(o0->wr, oc->wr, count * n) ||
                    !blt_same_doubles(o0->wi, oc->wi, count * n) ||
                    !blt_same_doubles(o0->a, oc->a, count * n * n) ||
                    (m == 0 && !blt_same_doubles(o0->z, oc->z, count * n * n));
          if (differs && blt_backend_is_host(sw->be))
            NS_FAIL(rep, "%s %s n=%lld: %s and %s give different bits",
                    prec.name, mn, (long long)n, lname(0), lname(lay));
        }
        if (!blt_backend_is_host(sw->be) && lay == 0) {
          blt_ns_batch bc = blt_ns_batch_new(
              &set, (blt_layout)lay, m == 0 ? BLT_NSZ_NAN : BLT_NSZ_ABSENT, 0,
              NULL, 0);
          host_eigenvalues(&bc, BLT_NS_SCHUR, BLA_JOB_SCHUR, BLA_COMPZ_NONE,
                           sc.info, sc.wr2, sc.wi2, mn, rep);
        }
        for (p = 0; p < count && (lay == 0 || differs); ++p) {
          const double *t = oc->a + p * n * n, *z = oc->z + p * n * n;
          const double *wr = oc->wr + p * n, *wi = oc->wi + p * n;
          double resid = 0.0, orth = 0.0, form, eig, cmp = 0.0;
          if (m == 0) {
            resid =
                blt_ns_resid(n, set.a + p * n * n, t, z, prec.ulp, prec.unfl);
            orth = blt_ns_orth(n, z, prec.ulp);
          } else {
            /* ddrves tests 5 and 6: T and the eigenvalues do not depend on
             * whether Z is formed. */
            const outs *oz = &sc.o[0][lay];
            if (!blt_same_doubles(oz->a + p * n * n, t, n * n) ||
                !blt_same_doubles(oz->wr + p * n, wr, n) ||
                !blt_same_doubles(oz->wi + p * n, wi, n))
              cmp = 1.0 / prec.ulp;
          }
          form = blt_ns_form(n, t, wr, wi, prec.ulp, prec.unfl);
          eig = eig_vs_ref(&set, p, wr, wi, sc.match);
          if (!blt_backend_is_host(sw->be) && lay == 0)
            cmp = fmax(cmp, eig_cmp(&set, p, wr, wi, sc.wr2 + p * n,
                                    sc.wi2 + p * n, sc.match, sc.w));
          note_ratios(sw, &set, p, resid, orth, form, eig, cmp, mn, lay, rep);
        }
        blt_ns_batch_free(&b);
        blt_ns_batch_free(&b2);
      }
    scratch_free(&sc);
    blt_ns_set_free(&set);
  }
}

/* ---- Non-finite input in a batch ----------------------------------------- */

/* Where a case puts the bad value. */
enum { AT_A, AT_TAU, AT_Z, AT_BELOW };

typedef struct {
  blt_ns_op op;
  bla_job job;
  bla_compz compz;
  blt_nszinit zinit;
  int at, expect;
  const char *name;
} iso_case;

static const iso_case iso_cases[] = {
    {BLT_NS_GEHRD, BLA_JOB_SCHUR, BLA_COMPZ_NONE, BLT_NSZ_ABSENT, AT_A, -1,
     "gehrd, bad a"},
    {BLT_NS_ORGHR, BLA_JOB_SCHUR, BLA_COMPZ_NONE, BLT_NSZ_ABSENT, AT_TAU, -2,
     "orghr, bad tau"},
    {BLT_NS_HSEQR, BLA_JOB_SCHUR, BLA_COMPZ_INIT, BLT_NSZ_NAN, AT_A, -3,
     "hseqr(SCHUR, INIT), bad h"},
    {BLT_NS_HSEQR, BLA_JOB_EIGENVALUES, BLA_COMPZ_NONE, BLT_NSZ_ABSENT, AT_A,
     -3, "hseqr(EIGENVALUES, NONE), bad h"},
    {BLT_NS_HSEQR, BLA_JOB_SCHUR, BLA_COMPZ_UPDATE, BLT_NSZ_Q, AT_Z, -6,
     "hseqr(SCHUR, UPDATE), bad z"},
    {BLT_NS_HSEQR, BLA_JOB_SCHUR, BLA_COMPZ_INIT, BLT_NSZ_NAN, AT_BELOW, 0,
     "hseqr(SCHUR, INIT), bad entry below the subdiagonal"},
    {BLT_NS_SCHUR, BLA_JOB_SCHUR, BLA_COMPZ_NONE, BLT_NSZ_NAN, AT_A, -1,
     "schur(Z), bad a"},
    {BLT_NS_SCHUR, BLA_JOB_SCHUR, BLA_COMPZ_NONE, BLT_NSZ_ABSENT, AT_A, -1,
     "schur(no Z), bad a"}};
#define NISO ((int)(sizeof iso_cases / sizeof iso_cases[0]))

static int all_nan(int64_t len, const double *x) {
  return blt_all_nan((size_t)(len > 0 ? len : 0), x);
}

void blt_ns_check_isolation(blt_prec prec, const blt_backend *be,
                            blt_report *rep) {
  static const int64_t ns[] = {1, 2, 7};
  static const int types[] = {19, 12, 3, 25, 2, 16, 26, 22};
  const int ntypes = (int)(sizeof types / sizeof types[0]);
  const double bads[3] = {NAN, INFINITY, -INFINITY};
  int in, ci, lay, ib, k = 0;
  for (in = 0; in < 3; ++in) {
    const int64_t n = ns[in], nt = n - 1;
    blt_ns_set g = blt_ns_set_new(prec, BLT_NS_GENERAL, n, types, ntypes, 1,
                                  0x150ULL + (uint64_t)n);
    blt_ns_set hs = blt_ns_set_new(prec, BLT_NS_HESSENBERG, n, types, ntypes, 1,
                                   0x151ULL + (uint64_t)n);
    const int64_t count = g.count;
    double *ga = blt_dalloc(count * n * n), *gtau = blt_dalloc(count * n);
    double *a_bad = blt_dalloc(count * n * n), *tau_bad = blt_dalloc(count * n);
    double *q_bad = blt_dalloc(count * n * n);
    int64_t *idx = (int64_t *)blt_xcalloc((size_t)count, sizeof(int64_t));
    int *info = (int *)blt_xcalloc((size_t)count, sizeof(int));
    int *info2 = (int *)blt_xcalloc((size_t)count, sizeof(int));
    outs o1 = outs_new(count, n), o2 = outs_new(count, n);
    int64_t p;
    {
      /* orghr's input: gehrd's output for the general matrices. */
      blt_ns_batch b =
          blt_ns_batch_new(&g, BLT_COLMAJOR, BLT_NSZ_ABSENT, 0, NULL, 0);
      bla_status st = blt_ns_run(be, BLT_RUN, BLT_NS_GEHRD, BLA_JOB_SCHUR,
                                 BLA_COMPZ_NONE, &b, info);
      if (st != BLA_OK)
        NS_FAIL(rep, "%s isolation setup: gehrd status %d", prec.name, (int)st);
      for (p = 0; p < count; ++p)
        blt_ns_batch_read(&b, p, ga + p * n * n, NULL, gtau + p * nt, NULL,
                          NULL);
      blt_ns_batch_free(&b);
    }
    for (ci = 0; ci < NISO; ++ci)
      for (lay = 0; lay < BLT_NLAYOUTS; ++lay)
        for (ib = 0; ib < 3; ++ib) {
          const iso_case *c = &iso_cases[ci];
          const double *a_src = c->op == BLT_NS_ORGHR   ? ga
                                : c->op == BLT_NS_HSEQR ? hs.a
                                                        : g.a;
          const double *q_src = hs.q;
          const int vec = c->zinit != BLT_NSZ_ABSENT;
          const int64_t pb = k % count;
          blt_ns_batch b, r;
          bla_status st;
          int64_t q;
          if ((c->at == AT_TAU && nt < 1) || (c->at == AT_BELOW && n < 3))
            continue;
          ++k;
          memcpy(a_bad, a_src, (size_t)(count * n * n) * sizeof(double));
          memcpy(tau_bad, gtau, (size_t)(count * nt) * sizeof(double));
          memcpy(q_bad, q_src, (size_t)(count * n * n) * sizeof(double));
          if (c->at == AT_A) {
            /* On or above the subdiagonal: read by every routine. */
            const int64_t j = k % n, i = (k / 3) % (j + 2 < n ? j + 2 : n);
            a_bad[pb * n * n + i + j * n] = bads[ib];
          } else if (c->at == AT_TAU) {
            tau_bad[pb * nt + k % nt] = bads[ib];
          } else if (c->at == AT_Z) {
            q_bad[pb * n * n + k % (n * n)] = bads[ib];
          } else {
            const int64_t j = k % (n - 2), i = j + 2 + (k / 2) % (n - j - 2);
            a_bad[pb * n * n + i + j * n] = bads[ib];
          }
          b = batch_from(prec, (blt_layout)lay, n, a_bad,
                         c->op == BLT_NS_ORGHR ? tau_bad : NULL, q_bad,
                         c->zinit, 0, NULL, count);
          for (p = 0; p < count; ++p)
            info[p] = -12345;
          st = blt_ns_run(be, BLT_RUN, c->op, c->job, c->compz, &b, info);
          if (st != BLA_OK)
            NS_FAIL(rep, "%s %s n=%lld %s: status %d", prec.name, c->name,
                    (long long)n, lname(lay), (int)st);
          outs_read(&o1, &b);
          if (info[pb] != c->expect)
            NS_FAIL(rep,
                    "%s %s n=%lld %s: %g in problem %lld gave info %d, "
                    "expected %d",
                    prec.name, c->name, (long long)n, lname(lay), bads[ib],
                    (long long)pb, info[pb], c->expect);
          if (c->expect != 0) {
            const int ok =
                all_nan(n * n, o1.a + pb * n * n) &&
                (c->op != BLT_NS_GEHRD || all_nan(nt, o1.tau + pb * nt)) &&
                (c->op < BLT_NS_HSEQR ||
                 (all_nan(n, o1.wr + pb * n) && all_nan(n, o1.wi + pb * n))) &&
                (!vec || all_nan(n * n, o1.z + pb * n * n));
            if (!ok)
              NS_FAIL(rep,
                      "%s %s n=%lld %s: %g in problem %lld: its outputs "
                      "are not all NaN",
                      prec.name, c->name, (long long)n, lname(lay), bads[ib],
                      (long long)pb);
          }
          if (!blt_mbatch_padding_intact(b.a) ||
              (vec && !blt_mbatch_padding_intact(b.z)))
            NS_FAIL(rep, "%s %s n=%lld %s: write outside the views", prec.name,
                    c->name, (long long)n, lname(lay));
          /* The reference run: without the bad problem, or (entry below
           * the subdiagonal, which must be ignored) the clean batch. */
          if (c->at == AT_BELOW) {
            r = batch_from(prec, (blt_layout)lay, n, a_src, NULL, q_src,
                           c->zinit, 0, NULL, count);
          } else {
            for (p = 0, q = 0; p < count; ++p)
              if (p != pb)
                idx[q++] = p;
            r = batch_from(prec, (blt_layout)lay, n, a_src,
                           c->op == BLT_NS_ORGHR ? gtau : NULL, q_src, c->zinit,
                           0, idx, count - 1);
          }
          st = blt_ns_run(be, BLT_RUN, c->op, c->job, c->compz, &r, info2);
          if (st != BLA_OK)
            NS_FAIL(rep, "%s %s n=%lld %s: reference run status %d", prec.name,
                    c->name, (long long)n, lname(lay), (int)st);
          outs_read(&o2, &r);
          for (q = 0; q < r.count; ++q) {
            const int64_t pp = c->at == AT_BELOW ? q : (q < pb ? q : q + 1);
            const int same =
                blt_same_doubles(o1.a + pp * n * n, o2.a + q * n * n, n * n) &&
                blt_same_doubles(o1.tau + pp * nt, o2.tau + q * nt, nt) &&
                blt_same_doubles(o1.wr + pp * n, o2.wr + q * n, n) &&
                blt_same_doubles(o1.wi + pp * n, o2.wi + q * n, n) &&
                (!vec ||
                 blt_same_doubles(o1.z + pp * n * n, o2.z + q * n * n, n * n));
            if (info[pp] != (pp == pb ? c->expect : 0) || info2[q] != 0)
              NS_FAIL(rep, "%s %s n=%lld %s: info %d / %d of problem %lld",
                      prec.name, c->name, (long long)n, lname(lay), info[pp],
                      info2[q], (long long)pp);
            if (!same)
              NS_FAIL(rep,
                      "%s %s n=%lld %s: problem %lld changed because "
                      "problem %lld had %g",
                      prec.name, c->name, (long long)n, lname(lay),
                      (long long)pp, (long long)pb, bads[ib]);
          }
          blt_ns_batch_free(&b);
          blt_ns_batch_free(&r);
        }
    free(ga);
    free(gtau);
    free(a_bad);
    free(tau_bad);
    free(q_bad);
    free(idx);
    free(info);
    free(info2);
    outs_free(&o1);
    outs_free(&o2);
    blt_ns_set_free(&g);
    blt_ns_set_free(&hs);
  }
}

/* ---- Argument errors ----------------------------------------------------- */

static void mshape(blt_mbatch *b, int64_t count, int64_t rows, int64_t cols) {
  b->d.count = b->s.count = count;
  b->d.rows = b->s.rows = rows;
  b->d.cols = b->s.cols = cols;
}

static void vshape(blt_vbatch *b, int64_t count, int64_t n) {
  b->d.count = b->s.count = count;
  b->d.n = b->s.n = n;
}

/* Storage for count + 1 problems of order n + 1 (a driver that ignored a
 * bad size would fail the "untouched" check rather than run off the
 * allocation), views shaped count x n, b.count = count + 1 info entries,
 * valid finite data in every problem. */
static blt_ns_batch arg_env(blt_prec prec, blt_layout lay, int64_t count,
                            int64_t n, int with_z, blt_rng *rng) {
  blt_ns_batch b;
  const int64_t nt = n > 0 ? n - 1 : 0;
  double *x = blt_dalloc(n * n);
  int64_t p, i;
  b.prec = prec;
  b.count = count + 1;
  b.n = n;
  b.a = blt_mbatch_new(prec.is_float, lay, count + 1, n + 1, n + 1, 1);
  b.z = with_z ? blt_mbatch_new(prec.is_float, lay, count + 1, n + 1, n + 1, 1)
               : blt_mbatch_none(prec.is_float, count);
  b.tau = blt_vbatch_new(prec.is_float, lay, count + 1, n + 1);
  b.wr = blt_vbatch_new(prec.is_float, lay, count + 1, n + 1);
  b.wi = blt_vbatch_new(prec.is_float, lay, count + 1, n + 1);
  mshape(&b.a, count, n, n);
  if (with_z)
    mshape(&b.z, count, n, n);
  vshape(&b.tau, count, nt);
  vshape(&b.wr, count, n);
  vshape(&b.wi, count, n);
  for (p = 0; p < count; ++p) {
    for (i = 0; i < n * n; ++i)
      x[i] = blt_rng_uniform(rng);
    blt_mbatch_put(b.a, p, x, n);
    if (with_z)
      blt_mbatch_put(b.z, p, x, n);
    for (i = 0; i < nt; ++i)
      x[i] = 0.5 * blt_rng_uniform(rng);
    blt_vbatch_put(b.tau, p, x);
  }
  free(x);
  return b;
}

/* One argument case applied to the env: its description, or NULL when the
 * case does not exist for op. */
static const char *arg_case(int c, blt_ns_op op, blt_ns_batch *b, int64_t count,
                            int64_t n, bla_job *job, bla_compz *compz,
                            int **info, int *variant) {
  const int hess = op == BLT_NS_GEHRD || op == BLT_NS_ORGHR;
  const int64_t nt = n - 1;
  switch (c) {
  case 0:
    mshape(&b->a, -1, n, n);
    mshape(&b->z, -1, n, n);
    vshape(&b->tau, -1, nt);
    vshape(&b->wr, -1, n);
    vshape(&b->wi, -1, n);
    return "count < 0";
  case 1:
    mshape(&b->a, count, -1, -1);
    mshape(&b->z, count, -1, -1);
    vshape(&b->tau, count, 0);
    vshape(&b->wr, count, -1);
    vshape(&b->wi, count, -1);
    return "n < 0";
  case 2:
    mshape(&b->a, count, n, n + 1);
    return "a n x (n+1)";
  case 3:
    mshape(&b->a, count, n + 1, n + 1);
    return "a (n+1) x (n+1), the rest n";
  case 4:
    mshape(&b->a, count - 1, n, n);
    return "a.count = count - 1";
  case 5:
    mshape(&b->a, count + 1, n, n);
    return "a.count = count + 1";
  case 6:
    *info = NULL;
    return "info NULL";
  case 7:
    BLT_SET_NULL(b->a);
    return "a.data NULL";
  case 8:
    *variant = 2;
    return "exec backend 2";
  case 9:
    *variant = 3;
    return "exec backend -1";
  default:
    break;
  }
  if (hess) {
    switch (c) {
    case 10:
      vshape(&b->tau, count, n);
      return "tau.n = n";
    case 11:
      vshape(&b->tau, count, n - 2);
      return "tau.n = n - 2";
    case 12:
      vshape(&b->tau, count - 1, nt);
      return "tau.count = count - 1";
    case 13:
      BLT_SET_NULL(b->tau);
      return "tau.data NULL";
    default:
      return NULL;
    }
  }
  switch (c) {
  case 10:
    vshape(&b->wr, count, n + 1);
    return "wr.n = n + 1";
  case 11:
    vshape(&b->wi, count, n - 1);
    return "wi.n = n - 1";
  case 12:
    vshape(&b->wr, count + 1, n);
    return "wr.count = count + 1";
  case 13:
    vshape(&b->wi, count - 1, n);
    return "wi.count = count - 1";
  case 14:
    BLT_SET_NULL(b->wr);
    return "wr.data NULL";
  case 15:
    BLT_SET_NULL(b->wi);
    return "wi.data NULL";
  case 16:
    mshape(&b->z, count, n - 1, n);
    return "z (n-1) x n";
  case 17:
    mshape(&b->z, count + 1, n, n);
    *compz = BLA_COMPZ_UPDATE;
    return "z.count = count + 1";
  default:
    break;
  }
  if (op != BLT_NS_HSEQR)
    return NULL;
  switch (c) {
  case 18:
    *job = (bla_job)2;
    return "job = 2";
  case 19:
    *job = (bla_job)-1;
    return "job = -1";
  case 20:
    *compz = (bla_compz)3;
    return "compz = 3";
  case 21:
    *compz = (bla_compz)-1;
    return "compz = -1";
  case 22:
    BLT_SET_NULL(b->z);
    return "z.data NULL with COMPZ_INIT";
  case 23:
    BLT_SET_NULL(b->z);
    *compz = BLA_COMPZ_UPDATE;
    return "z.data NULL with COMPZ_UPDATE";
  case 24:
    mshape(&b->z, count, n, n + 1);
    *compz = BLA_COMPZ_UPDATE;
    return "z n x (n+1) with COMPZ_UPDATE";
  default:
    return NULL;
  }
}
#define NARGCASES 25

void blt_ns_check_args(blt_prec prec, const blt_backend *be, blt_report *rep) {
  const int64_t count = 4, n = 5;
  blt_rng rng;
  int op, lay, c;
  blt_rng_seed(&rng, 0xA465ULL + (uint64_t)prec.is_float);
  for (op = 0; op < 4; ++op)
    for (lay = 0; lay < BLT_NLAYOUTS; ++lay) {
      const char *on = blt_ns_op_name((blt_ns_op)op);
      const int with_z = op >= BLT_NS_HSEQR;
      /* The unchanged call is valid: each case fails for its one change. */
      blt_ns_batch b = arg_env(prec, (blt_layout)lay, count, n, with_z, &rng);
      int *info = blt_info_new(count + 1);
      bla_status st = blt_ns_run(be, BLT_RUN, (blt_ns_op)op, BLA_JOB_SCHUR,
                                 BLA_COMPZ_INIT, &b, info);
      if (st != BLA_OK || info[0] != 0 || info[count - 1] != 0)
        NS_FAIL(rep,
                "%s %s %s: the valid baseline call gave status %d, "
                "info %d",
                prec.name, on, lname(lay), (int)st, info[0]);
      blt_ns_batch_free(&b);
      free(info);
      for (c = 0; c < NARGCASES; ++c) {
        blt_ns_batch w = arg_env(prec, (blt_layout)lay, count, n, with_z, &rng);
        blt_ns_batch snap = blt_ns_batch_clone(&w);
        int *winfo = blt_info_new(count + 1), *sinfo = blt_info_new(count + 1);
        int *pinfo = winfo, variant = 0;
        bla_job job = BLA_JOB_SCHUR;
        bla_compz compz = BLA_COMPZ_INIT;
        const char *what = arg_case(c, (blt_ns_op)op, &w, count, n, &job,
                                    &compz, &pinfo, &variant);
        if (what) {
          st = blt_ns_run(be, variant, (blt_ns_op)op, job, compz, &w, pinfo);
          if (st != BLA_ERR_ARG)
            NS_FAIL(rep, "%s %s %s, %s: status %d, expected %d", prec.name, on,
                    lname(lay), what, (int)st, (int)BLA_ERR_ARG);
          if (!blt_ns_batch_same(&w, &snap) ||
              memcmp(winfo, sinfo, (size_t)(count + 1) * sizeof(int)) != 0)
            NS_FAIL(rep, "%s %s %s, %s: an output or info was touched",
                    prec.name, on, lname(lay), what);
        }
        blt_ns_batch_free(&w);
        blt_ns_batch_free(&snap);
        free(winfo);
        free(sinfo);
      }

      /* count = 0: nothing to do, nothing touched, NULL data and info
       * allowed. */
      {
        blt_ns_batch e = arg_env(prec, (blt_layout)lay, 3, n, with_z, &rng);
        blt_ns_batch snap;
        int *einfo = blt_info_new(4), *sinfo = blt_info_new(4);
        mshape(&e.a, 0, n, n);
        mshape(&e.z, 0, n, n);
        vshape(&e.tau, 0, n - 1);
        vshape(&e.wr, 0, n);
        vshape(&e.wi, 0, n);
        snap = blt_ns_batch_clone(&e);
        st = blt_ns_run(be, BLT_RUN, (blt_ns_op)op, BLA_JOB_SCHUR,
                        BLA_COMPZ_INIT, &e, einfo);
        if (st != BLA_OK || !blt_ns_batch_same(&e, &snap) ||
            memcmp(einfo, sinfo, 4 * sizeof(int)) != 0)
          NS_FAIL(rep,
                  "%s %s %s: count = 0 gave status %d or touched an "
                  "output",
                  prec.name, on, lname(lay), (int)st);
        BLT_SET_NULL(e.a);
        BLT_SET_NULL(e.z);
        BLT_SET_NULL(e.tau);
        BLT_SET_NULL(e.wr);
        BLT_SET_NULL(e.wi);
        st = blt_ns_run(be, BLT_RUN, (blt_ns_op)op, BLA_JOB_SCHUR,
                        BLA_COMPZ_INIT, &e, NULL);
        if (st != BLA_OK)
          NS_FAIL(rep,
                  "%s %s %s: count = 0 with NULL data and info gave "
                  "status %d",
                  prec.name, on, lname(lay), (int)st);
        blt_ns_batch_free(&e);
        blt_ns_batch_free(&snap);
        free(einfo);
        free(sinfo);
      }

      /* n = 0, count 3: info 0 for each problem. */
      {
        blt_ns_batch e = arg_env(prec, (blt_layout)lay, 3, 0, with_z, &rng);
        int *einfo = blt_info_new(4);
        st = blt_ns_run(be, BLT_RUN, (blt_ns_op)op, BLA_JOB_SCHUR,
                        BLA_COMPZ_INIT, &e, einfo);
        if (st != BLA_OK || einfo[0] != 0 || einfo[1] != 0 || einfo[2] != 0)
          NS_FAIL(rep, "%s %s %s: n = 0 gave status %d, info %d %d %d",
                  prec.name, on, lname(lay), (int)st, einfo[0], einfo[1],
                  einfo[2]);
        blt_ns_batch_free(&e);
        free(einfo);
      }
    }
}

/* ---- Reordering of Schur forms (trsen) ---------------------------------- */

const char *blt_ns_quasi_name(int type) {
  static const char *const names[BLT_NS_QT_NTYPES] = {
      "random blocks",
      "close eigenvalues",
      "equal eigenvalues",
      "2x2 next to 1x1",
      "graded",
      "ill-conditioned swaps",
      "equal pairs, unequal shapes"};
  return type >= 0 && type < BLT_NS_QT_NTYPES ? names[type] : "?";
}

int blt_ns_quasi_generate(int type, int64_t n, blt_prec prec, blt_rng *rng,
                          double *t) {
  const double up = type == 5 ? 1e3 : 1.0;
  const double w2 = 1.0 + 99.0 * blt_rng_uniform01(rng);
  double re = 0.0;
  int64_t i, j;
  if (type < 0 || type >= BLT_NS_QT_NTYPES)
    return -1;
  for (j = 0; j < n; ++j)
    for (i = 0; i < n; ++i)
      t[i + j * n] =
          i < j ? up * blt_rng_uniform(rng) *
                      (type == 6 ? pow(10.0, 4.0 * blt_rng_uniform(rng)) : 1.0)
                : 0.0;
  for (j = 0; j < n; ++j) {
    const int pair = j + 1 < n && blt_rng_below(rng, 2) == 1;
    double b = 1.0, c = -1.0;
    switch (type) {
    case 1:
    case 5:
      re = 1.0 + (double)blt_rng_below(rng, 5) * prec.ulp;
      b = blt_rng_uniform(rng) < 0 ? -1.0 : 1.0;
      c = -b * prec.ulp * (1.0 + blt_rng_uniform01(rng));
      break;
    case 2:
      re = 0.5;
      break;
    case 6:
      /* The same eigenvalues 1 +- i sqrt(w2), blocks of shapes 1e-8 to
       * 1e8 apart: the swaps LAPACK rejects. */
      re = 1.0;
      b = pow(10.0, 8.0 * blt_rng_uniform(rng));
      c = -w2 / b;
      break;
    case 3:
      /* Pairs and single blocks alternate around one real part. */
      if (j == 0)
        re = blt_rng_uniform(rng);
      b = 1.0 + blt_rng_uniform01(rng);
      c = -blt_rng_uniform01(rng);
      break;
    default:
      re = blt_rng_uniform(rng);
      b = blt_rng_uniform(rng);
      c = (b < 0 ? 1.0 : -1.0) * blt_rng_uniform01(rng);
    }
    t[j + j * n] = re;
    if (pair && (type != 3 || j % 3 == 1)) {
      t[j + (j + 1) * n] = b;
      t[j + 1 + j * n] = c;
      t[j + 1 + (j + 1) * n] = re;
      ++j;
    }
  }
  if (type == 4)
    for (j = 0; j < n; ++j)
      for (i = 0; i <= j + 1 && i < n; ++i)
        t[i + j * n] = ldexp(t[i + j * n], (int)(j - i) - 20);
  for (j = 0; j < n; ++j)
    for (i = 0; i < n; ++i)
      t[i + j * n] = blt_round(prec, t[i + j * n]);
  return 0;
}

void blt_ns_block_eigs(int64_t n, const double *t, double *wr, double *wi) {
  int64_t k;
  for (k = 0; k < n; ++k) {
    wr[k] = t[k + k * n];
    wi[k] = 0.0;
    if (k + 1 < n && t[k + 1 + k * n] != 0.0) {
      wr[k + 1] = t[k + 1 + (k + 1) * n];
      wi[k] = sqrt(fabs(t[k + (k + 1) * n])) * sqrt(fabs(t[k + 1 + k * n]));
      wi[k + 1] = -wi[k];
      ++k;
    }
  }
}

int64_t blt_ns_select_count(int64_t n, const double *t, const int *select) {
  int64_t k, m = 0;
  for (k = 0; k < n; ++k) {
    const int nb = k + 1 < n && t[k + 1 + k * n] != 0.0 ? 2 : 1;
    if (select[k] || (nb == 2 && select[k + 1]))
      m += nb;
    k += nb - 1;
  }
  return m;
}

blt_ns_reorder_ratios blt_ns_reorder_check(int64_t n, const double *a,
                                           const double *t0, const int *select,
                                           const double *t, const double *z,
                                           const double *wr, const double *wi,
                                           int64_t m, int info, blt_prec prec) {
  blt_ns_reorder_ratios r = {0, 0, 0, 0, 0};
  double *w = blt_dalloc(10 * n + 1), *rwr = w, *rwi = w + n, *rs = w + 2 * n;
  double *wr0 = w + 3 * n, *wi0 = w + 4 * n, *s0 = w + 5 * n;
  double *swr = w + 6 * n, *swi = w + 7 * n, *ss = w + 8 * n;
  int64_t *match = (int64_t *)blt_xcalloc((size_t)n + 1, sizeof(int64_t));
  const double scale = prec.ulp * fmax(blt_norm1(n, t0, n), prec.unfl);
  int64_t i, k = 0;
  r.resid = blt_ns_resid(n, a, t, z, prec.ulp, prec.unfl);
  r.orth = blt_ns_orth(n, z, prec.ulp);
  r.form = blt_ns_form(n, t, wr, wi, prec.ulp, prec.unfl);
  /* T0's eigenvalues by block, each with its dtrsna condition (through
   * the matching to dgees's order). */
  blt_ns_block_eigs(n, t0, wr0, wi0);
  if (blt_ns_ref_eigen(n, t0, n, rwr, rwi, rs) != 0) {
    r.eig = INFINITY;
    goto done;
  }
  blt_ns_eig_dist(n, rwr, rwi, NULL, wr0, wi0, scale, match);
  for (i = 0; i < n; ++i)
    s0[match[i]] = rs[i];
  r.eig = blt_ns_eig_dist(n, wr0, wi0, s0, wr, wi, scale, NULL);
  if (info == 0) {
    for (i = 0; i < n; ++i) {
      const int in_pair = wi0[i] != 0.0;
      const int64_t first = in_pair && wi0[i] < 0.0 ? i - 1 : i;
      if (select[first] || (in_pair && select[first + 1])) {
        swr[k] = wr0[i];
        swi[k] = wi0[i];
        ss[k++] = s0[i];
      }
    }
    r.lead = k == m ? blt_ns_eig_dist(m, swr, swi, ss, wr, wi, scale, NULL)
                    : INFINITY;
  }
done:
  free(match);
  free(w);
  return r;
}
