/* Fuzz target: Cholesky, banded and dense: bla_{d,s}pbtrf, pbtrs, pbsv,
 * potrf, potrs and posv _batch. Decoding: op, precision, exec
 * (fuzz_support.c), then count, n, uplo, kd (band ops), nrhs (solves), the
 * views, and per problem a symmetric (often positive definite) matrix or,
 * for the solves, a triangular factor, and the right-hand sides. Entries
 * outside the referenced triangle or band get palette values (NaN
 * included): they must be neither read nor written. */
#include <float.h>
#include <math.h>
#include <stdlib.h>

#include "fuzz_support.h"

static const char *const ops[] = {"pbtrf", "pbtrs", "pbsv",
                                  "potrf", "potrs", "posv"};
enum { PBTRF, PBTRS, PBSV, POTRF, POTRS, POSV };
enum { A, B };

static int band(const fz_ctx *c) {
  return c->op <= PBSV;
}
static int solves(const fz_ctx *c) {
  return c->op != PBTRF && c->op != POTRF;
}
static int factors(const fz_ctx *c) {
  return c->op != PBTRS && c->op != POTRS;
}

static int decode(fz_ctx *c) {
  int bad = 0;
  int64_t n, rows;
  const int64_t count = fz_dim(c, 8), n0 = fz_dim(c, 12);
  c->opt[0] = fz_enum(c, 2, &bad);
  if (bad)
    fz_reject(c, "invalid uplo");
  c->kd = 0;
  if (band(c)) {
    c->kd = fz_dim(c, 6);
    if (c->kd < 0)
      fz_reject(c, "kd < 0");
  }
  if (c->kd == INT64_MAX) {
    fz_reject_ovf(c, "kd + 1 overflows");
    rows = INT64_MAX;
  } else {
    rows = band(c) ? c->kd + 1 : n0;
  }
  /* a sets count and n (its columns); the band has kd+1 rows, the dense
   * matrix is square. */
  fz_view_add(c, band(c) ? "ab" : "a", FZ_REAL, factors(c) ? FZ_INOUT : FZ_IN,
              FZ_MB, 0, count, rows, n0);
  c->count = c->v[A].count;
  n = c->v[A].cols;
  fz_view_expect(c, A, -1, band(c) ? rows : n, -1);
  if (band(c))
    fz_view_pred(c, A, c->opt[0] == BLA_UPPER ? FZ_BAND_UP : FZ_BAND_LO,
                 c->opt[0] == BLA_UPPER ? FZ_BAND_UP : FZ_BAND_LO, c->kd);
  else
    fz_view_pred(c, A, c->opt[0] == BLA_UPPER ? FZ_UPPER : FZ_LOWER,
                 c->opt[0] == BLA_UPPER ? FZ_UPPER : FZ_LOWER, 0);
  if (solves(c)) {
    const int64_t nrhs = fz_dim(c, 3);
    fz_view_add(c, "b", FZ_REAL, FZ_INOUT, FZ_MB, 0, c->count, n, nrhs);
    fz_view_expect(c, B, c->count, n, -1);
  }
  return 0;
}

/* Entry (i, j) of the symmetric matrix in a's storage, or -1. */
static int slot(const fz_ctx *c, int64_t i, int64_t j, int64_t *r,
                int64_t *col) {
  const int up = c->opt[0] == BLA_UPPER;
  if (up ? i > j : i < j)
    return 0;
  if (!band(c)) {
    *r = i;
    *col = j;
    return 1;
  }
  if ((up ? j - i : i - j) > c->kd)
    return 0;
  *r = up ? c->kd + i - j : i - j;
  *col = j;
  return 1;
}

static void fill(fz_ctx *c) {
  const fz_view *a = &c->v[A];
  int64_t p, i, j, r, col;
  if (fz_live(c, A) && a->cols <= 64) {
    const int64_t n = a->cols, m = n > a->rows ? n : a->rows;
    double *x = (double *)malloc(sizeof(double) * (size_t)(m * m + 1));
    for (p = 0; p < a->count; ++p) {
      /* Everything first gets palette values, then the referenced part
       * the matrix (or, for the solves, a factor). */
      for (j = 0; j < a->cols; ++j)
        for (i = 0; i < a->rows; ++i)
          fz_put(c, A, p, i, j, fz_val(c));
      if (factors(c)) {
        fz_gen_spd(c, n, x);
      } else {
        const int kind = fz_u8(c) % 4;
        for (j = 0; j < n * n; ++j)
          x[j] = kind == 1 ? fz_val(c) : fz_moderate(c);
        for (j = 0; j < n; ++j)
          x[j + j * n] = kind == 2   ? 1
                         : kind == 1 ? x[j + j * n]
                                     : fabs(x[j + j * n]) + 0.5;
        if (kind == 3)
          for (j = 0; j < n * n; ++j)
            x[j] *= fz_scale(c);
      }
      for (j = 0; j < n; ++j)
        for (i = 0; i < n; ++i)
          if (slot(c, i, j, &r, &col))
            fz_put(c, A, p, r, col, x[i + j * n]);
    }
    free(x);
  }
  if (solves(c) && fz_live(c, B))
    fz_fill_generated(c, B, 0);
}

/* The op's batch driver of precision P (s or d). */
#define DEFINE_CALL(P)                                                         \
  static bla_status call_##P(const fz_ctx *c, fz_view *v, int *info,           \
                             const bla_exec *ex) {                             \
    const bla_uplo u = (bla_uplo)c->opt[0];                                    \
    const bla_index kd = c->kd;                                                \
    const bla_##P##mat_batch a = fz_##P##mb(&v[A]);                            \
    const bla_##P##mat_batch b = solves(c) ? fz_##P##mb(&v[B]) : a;            \
    switch (c->op) {                                                           \
    case PBTRF:                                                                \
      return bla_##P##pbtrf_batch(u, kd, a, info, ex);                         \
    case PBTRS:                                                                \
      return bla_##P##pbtrs_batch(u, kd, a, b, info, ex);                      \
    case PBSV:                                                                 \
      return bla_##P##pbsv_batch(u, kd, a, b, info, ex);                       \
    case POTRF:                                                                \
      return bla_##P##potrf_batch(u, a, info, ex);                             \
    case POTRS:                                                                \
      return bla_##P##potrs_batch(u, a, b, info, ex);                          \
    default:                                                                   \
      return bla_##P##posv_batch(u, a, b, info, ex);                           \
    }                                                                          \
  }
FZ_CALL_BY_PRECISION

/* The upper factor R (A = R^T R) from a's storage, before or after. */
static void get_r(const fz_ctx *c, int64_t p, int post, int64_t n,
                  long double *rr) {
  const int up = c->opt[0] == BLA_UPPER;
  int64_t i, j, r, col;
  for (j = 0; j < n; ++j)
    for (i = 0; i < n; ++i) {
      rr[i + j * n] = 0;
      /* R(i, j) = U(i, j), or L(j, i) for the lower factor. */
      if (up ? slot(c, i, j, &r, &col) : slot(c, j, i, &r, &col))
        rr[i + j * n] = fz_at(c, A, p, r, col, post);
    }
}

static void check(fz_ctx *c, int64_t p, int info) {
  const int64_t n = c->v[A].cols;
  const int64_t nrhs = solves(c) ? c->v[B].cols : 0;
  const fz_range ar = fz_view_range(c, A, p, 0, 0);
  const fz_range br = solves(c) ? fz_view_range(c, B, p, 0, 0) : ar;
  const long double eps = c->eps, tiny = c->tiny;
  const int emax = c->f32 ? FLT_MAX_EXP : DBL_MAX_EXP;
  long double *r =
      (long double *)malloc(sizeof(long double) * (size_t)(n * n + 1));
  long double *a0 =
      (long double *)malloc(sizeof(long double) * (size_t)(n * n + 1));
  int zero_diag = 0;
  int64_t i, j, k;

  if (n > 64)
    goto done;
  get_r(c, p, 0, n, r);
  for (i = 0; i < n; ++i)
    zero_diag |= r[i + i * n] == 0;
  if (info != 0) {
    /* Non-finite input: -i; for the solves, a zero on the factor's
     * diagonal too. A non-positive-definite minor (k > 0) needs a finite
     * matrix. Either way the factor (when computed) and b are NaN. */
    const int finite = ar.finite && br.finite;
    const int neg_ok = !finite || (!factors(c) && zero_diag);
    if ((info < 0 && !neg_ok) || (info > 0 && (!factors(c) || !ar.finite)) ||
        info > n)
      fz_fail(c, "problem %lld: info %d (a %s, b %s, zero diagonal %d)",
              (long long)p, info, ar.finite ? "finite" : "non-finite",
              br.finite ? "finite" : "non-finite", zero_diag);
    if (factors(c) && !fz_view_all_nan(c, A, p))
      fz_fail(c, "problem %lld: info %d but the factor is not all NaN",
              (long long)p, info);
    if (solves(c) && !fz_view_all_nan(c, B, p))
      fz_fail(c, "problem %lld: info %d but b is not all NaN", (long long)p,
              info);
    goto done;
  }
  if (!ar.finite || !br.finite || (!factors(c) && zero_diag))
    fz_fail(c,
            "problem %lld: info 0 for non-finite input or a singular "
            "factor",
            (long long)p);
  if (factors(c)) {
    /* A = R^T R with R's diagonal positive, to a loose backward error. */
    long double dmax = 0;
    /* Before the call, get_r's upper triangle is A's, for either uplo. */
    for (j = 0; j < n; ++j)
      for (i = 0; i <= j; ++i)
        a0[i + j * n] = a0[j + i * n] = r[i + j * n];
    for (i = 0; i < n; ++i)
      dmax = a0[i + i * n] > dmax ? a0[i + i * n] : dmax;
    get_r(c, p, 1, n, r);
    for (j = 0; j < n; ++j) {
      if (!(r[j + j * n] > 0))
        fz_fail(c, "problem %lld: factor diagonal %lld = %Lg", (long long)p,
                (long long)j, r[j + j * n]);
      for (i = 0; i <= j; ++i) {
        long double s = a0[i + j * n];
        if (!isfinite(r[i + j * n]))
          fz_fail(c, "problem %lld: factor entry not finite", (long long)p);
        for (k = 0; k <= i; ++k)
          s -= r[k + i * n] * r[k + j * n];
        if (!(fabsl(s) <= 64 * (n + 1) * eps * dmax + 64 * (n + 1) * tiny))
          fz_fail(c,
                  "problem %lld: |A - R^T R| = %Lg at (%lld, %lld), "
                  "max diag %Lg",
                  (long long)p, s, (long long)i, (long long)j, dmax);
      }
    }
  } else {
    get_r(c, p, 1, n, r); /* potrs/pbtrs: the factor is input only */
  }
  if (solves(c) && n > 0) {
    /* b - R^T R x, against the solve's backward error |R^T| |R| |x|. When
     * a bound on x's growth stays below overflow, x must be finite. */
    long double rmax = 0, dmin = INFINITY, lg;
    for (j = 0; j < n; ++j) {
      dmin = fminl(dmin, fabsl(r[j + j * n]));
      for (i = 0; i <= j; ++i)
        rmax = fmaxl(rmax, fabsl(r[i + j * n]));
    }
    /* Every intermediate of the two triangular solves, numerators
     * included, is below B (1 + n M / m)^(2n) max(1, 1/m)^2. */
    lg = log2l(br.maxabs + tiny) + 2 * fmaxl(0, -log2l(dmin)) +
         2 * (long double)n * log2l(1 + (long double)n * rmax / dmin) + 2;
    for (k = 0; k < nrhs; ++k) {
      int finite = 1;
      for (i = 0; i < n; ++i)
        finite &= isfinite(fz_at(c, B, p, i, k, 1));
      if (!finite) {
        if (lg < emax - 8)
          fz_fail(c,
                  "problem %lld: solution column %lld not finite, growth "
                  "bound 2^%Lg",
                  (long long)p, (long long)k, lg);
        continue;
      }
      for (i = 0; i < n; ++i) {
        long double res = fz_at(c, B, p, i, k, 0), bnd = 0;
        for (j = 0; j < n; ++j) {
          long double rr = 0, ra = 0;
          int64_t m;
          for (m = 0; m < n; ++m) {
            rr += r[m + i * n] * r[m + j * n];
            ra += fabsl(r[m + i * n] * r[m + j * n]);
          }
          res -= rr * fz_at(c, B, p, j, k, 1);
          bnd += ra * fabsl(fz_at(c, B, p, j, k, 1));
        }
        if (!(fabsl(res) <= 64 * (3 * n + 2) * eps * bnd +
                                64 * (n + 1) * tiny * (1 + rmax * rmax)))
          fz_fail(c,
                  "problem %lld: residual %Lg of row %lld, column %lld "
                  "(bound %Lg)",
                  (long long)p, res, (long long)i, (long long)k, bnd);
      }
    }
  }
done:
  free(r);
  free(a0);
}

FZ_TARGET("cholesky", fill)
