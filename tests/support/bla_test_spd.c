/* tests/support/bla_test_spd.c: see bla_test_spd.h. */
#include "bla_test_spd.h"

#include <lapacke.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- Catalogues ---------------------------------------------------------- */

typedef struct {
  int valid, diagonal;
  int zero; /* 0 none, 1 first, 2 last, 3 middle row and column */
  double cond, anorm;
} spd_params;

/* dlatb4 for the paths 'PB' and 'PO' (its EPS is dlamch('Precision')). */
static spd_params spd_params_of(blt_spd_kind kind, int type, blt_prec prec) {
  const double eps = prec.ulp, badc2 = 0.1 / eps, badc1 = sqrt(badc2);
  /* SHRINK * (SMALL / EPS) with SHRINK = 0.25: a power of two. */
  const double small = 0.25 * (prec.unfl / eps), large = 1.0 / small;
  spd_params q;
  int t;
  memset(&q, 0, sizeof q);
  q.cond = 2.0;
  q.anorm = 1.0;
  if (kind == BLT_SPD_BAND) {
    if (type < 1 || type > BLT_PB_NTYPES)
      return q;
    t = type;
  } else {
    if (type < 1 || type > BLT_PO_NTYPES)
      return q;
    if (type == 1) {
      q.valid = q.diagonal = 1;
      return q;
    }
    t = type - 1;
  }
  q.valid = 1;
  if (t >= 2 && t <= 4)
    q.zero = t - 1;
  if (t == 5)
    q.cond = badc1;
  else if (t == 6)
    q.cond = badc2;
  if (t == 7)
    q.anorm = small;
  else if (t == 8)
    q.anorm = large;
  return q;
}

const char *blt_spd_type_name(blt_spd_kind kind, int type) {
  static const char *const pb[BLT_PB_NTYPES] = {
      "random, cond 2",        "first row/col zero",  "last row/col zero",
      "middle row/col zero",   "cond sqrt(0.1/eps)",  "cond 0.1/eps",
      "scaled near underflow", "scaled near overflow"};
  if (kind == BLT_SPD_DENSE) {
    if (type == 1)
      return "diagonal, cond 2";
    --type;
  }
  if (type < 1 || type > BLT_PB_NTYPES)
    return "(unknown type)";
  return pb[type - 1];
}

int blt_spd_type_applies(blt_spd_kind kind, int type, int64_t n) {
  /* dchkpb skips IMAT = 2..4 when N < IMAT-1, dchkpo IMAT = 3..5 when
   * N < IMAT-2: the zeroed row must exist and differ from the others. */
  const spd_params q = spd_params_of(kind, type, blt_prec_double());
  if (!q.valid)
    return 0;
  return q.zero == 0 || n >= q.zero;
}

/* A := H A H with Householder reflectors acting on rows and columns
 * c+kd .. n-1, for c = 0, 1, ...: each annihilates column c below row
 * c+kd and leaves the columns before it alone (the kd > 1 analogue of the
 * reduction to tridiagonal form; LAPACK's dsytrd_sy2sb does the same
 * blockwise). An orthogonal similarity: the spectrum is kept. */
static void reduce_to_band(int64_t n, int64_t kd, double *a, int64_t lda,
                           double *v, double *w) {
  int64_t c, i, j;
  for (c = 0; c + kd + 1 < n; ++c) {
    const int64_t r0 = c + kd, m = n - r0;
    const double alpha = a[r0 + c * lda];
    double xn = 0.0, beta, tau;
    for (i = 1; i < m; ++i)
      xn = hypot(xn, a[r0 + i + c * lda]);
    if (xn == 0.0)
      continue;
    /* LAPACK dlarfg: H x = beta e1, H = I - tau v v^T, v(0) = 1. */
    beta = -copysign(hypot(alpha, xn), alpha);
    tau = (beta - alpha) / beta;
    v[0] = 1.0;
    for (i = 1; i < m; ++i)
      v[i] = a[r0 + i + c * lda] / (alpha - beta);
    for (j = 0; j < n; ++j) {
      double s = 0.0;
      for (i = 0; i < m; ++i)
        s += v[i] * a[r0 + i + j * lda];
      s *= tau;
      for (i = 0; i < m; ++i)
        a[r0 + i + j * lda] -= s * v[i];
    }
    for (i = 0; i < n; ++i)
      w[i] = 0.0;
    for (j = 0; j < m; ++j)
      for (i = 0; i < n; ++i)
        w[i] += a[i + (r0 + j) * lda] * v[j];
    for (j = 0; j < m; ++j)
      for (i = 0; i < n; ++i)
        a[i + (r0 + j) * lda] -= tau * w[i] * v[j];
  }
}

int blt_spd_generate(blt_spd_kind kind, int type, int64_t n, int64_t kd,
                     blt_prec prec, blt_rng *rng, double *a, int64_t lda,
                     int64_t *izero) {
  const spd_params q = spd_params_of(kind, type, prec);
  double *lambda, *v, *w;
  int64_t i, j;
  int info = 0;
  *izero = 0;
  if (!q.valid)
    return -1;
  if (kind == BLT_SPD_DENSE)
    kd = q.diagonal ? 0 : n - 1;
  kd = blt_imax(0, blt_imin(kd, n - 1));
  for (j = 0; j < n; ++j)
    for (i = 0; i < n; ++i)
      a[i + j * lda] = 0.0;
  if (n == 0)
    return 0;
  lambda = blt_dalloc(n);
  v = blt_dalloc(n);
  w = blt_dalloc(n);
  /* dlatms TYPE = 'P', MODE = 3: positive, geometric from 1 to 1/cond. */
  info = blt_spectrum(3, q.cond, 0, n, rng, lambda);
  if (info == 0 && kd == 0) {
    for (i = 0; i < n; ++i)
      a[i + i * lda] = lambda[i];
  } else if (info == 0) {
    info = blt_sym_with_spectrum(n, lambda, rng, a, lda);
    if (info == 0 && kd < n - 1)
      reduce_to_band(n, kd, a, lda, v, w);
    /* Exactly banded and exactly symmetric (from the lower triangle). */
    for (j = 0; j < n; ++j)
      for (i = j; i < n; ++i) {
        if (i - j > kd)
          a[i + j * lda] = 0.0;
        a[j + i * lda] = a[i + j * lda];
      }
  }
  if (info == 0 && q.zero) {
    const int64_t iz = q.zero == 1 ? 1 : q.zero == 2 ? n : n / 2 + 1;
    for (i = 0; i < n; ++i)
      a[i + (iz - 1) * lda] = a[(iz - 1) + i * lda] = 0.0;
    *izero = iz;
  }
  /* anorm is a power of two: the scaling is exact. */
  for (j = 0; j < n; ++j)
    for (i = 0; i < n; ++i)
      a[i + j * lda] = blt_round(prec, a[i + j * lda] * q.anorm);
  free(lambda);
  free(v);
  free(w);
  return info;
}

/* ---- Storage ------------------------------------------------------------- */

int64_t blt_spd_rows(blt_spd_kind kind, int64_t n, int64_t kd) {
  return kind == BLT_SPD_BAND ? kd + 1 : n;
}

int blt_spd_stored(blt_spd_kind kind, bla_uplo uplo, int64_t n, int64_t kd,
                   int64_t r, int64_t j) {
  if (kind == BLT_SPD_DENSE)
    return uplo == BLA_UPPER ? r <= j : r >= j;
  return uplo == BLA_UPPER ? r >= kd - j : r <= n - 1 - j;
}

/* The NaN the unreferenced entries hold: a payload no arithmetic and no
 * NaN fill produces, so that any write there, a NaN included, shows. A
 * float round trip keeps the payload's leading bits. */
static double unref_nan(void) {
  const uint64_t u = 0x7FF8DEADBEEF0000ULL;
  double d;
  memcpy(&d, &u, sizeof d);
  return d;
}

static int is_unref_nan(double x) {
  volatile float f = (float)unref_nan();
  const double y = unref_nan(), yf = (double)f;
  return memcmp(&x, &y, sizeof x) == 0 || memcmp(&x, &yf, sizeof x) == 0;
}

/* The row of A that storage entry (r, j) holds. */
static int64_t stored_row(blt_spd_kind kind, bla_uplo uplo, int64_t kd,
                          int64_t r, int64_t j) {
  if (kind == BLT_SPD_DENSE)
    return r;
  return uplo == BLA_UPPER ? j - kd + r : j + r;
}

void blt_spd_pack(blt_spd_kind kind, bla_uplo uplo, int64_t n, int64_t kd,
                  const double *a, int64_t lda, double *st) {
  const int64_t rows = blt_spd_rows(kind, n, kd);
  int64_t r, j;
  for (j = 0; j < n; ++j)
    for (r = 0; r < rows; ++r)
      st[r + j * rows] = blt_spd_stored(kind, uplo, n, kd, r, j)
                             ? a[stored_row(kind, uplo, kd, r, j) + j * lda]
                             : unref_nan();
}

void blt_spd_unpack(blt_spd_kind kind, bla_uplo uplo, int64_t n, int64_t kd,
                    const double *st, double *f, int *stored_nan,
                    int *unstored_nan) {
  const int64_t rows = blt_spd_rows(kind, n, kd);
  int64_t r, j;
  int sn = 1, un = 1;
  for (j = 0; j < n * n; ++j)
    f[j] = 0.0;
  for (j = 0; j < n; ++j)
    for (r = 0; r < rows; ++r) {
      const double x = st[r + j * rows];
      if (blt_spd_stored(kind, uplo, n, kd, r, j)) {
        f[stored_row(kind, uplo, kd, r, j) + j * n] = x;
        sn = sn && isnan(x);
      } else {
        un = un && is_unref_nan(x);
      }
    }
  if (stored_nan)
    *stored_nan = sn;
  if (unstored_nan)
    *unstored_nan = un;
}

/* ---- Ratios -----------------------------------------------------------------
 */

double blt_spd_factor_resid(int64_t n, int64_t kd, bla_uplo uplo,
                            const double *a, const double *f, double eps) {
  double anorm, wnorm = 0.0;
  int64_t i, j, k;
  if (n <= 0)
    return 0.0;
  anorm = blt_norm1(n, a, n);
  if (!(anorm > 0.0))
    return isnan(anorm) ? INFINITY : 1.0 / eps;
  /* Column j of the residual: rows within the band only, since the
   * factor is read from the band and its product cannot leave it. */
  for (j = 0; j < n; ++j) {
    double s = 0.0;
    for (i = blt_imax(0, j - kd); i <= blt_imin(n - 1, j + kd); ++i) {
      const int64_t lo = blt_imax(0, blt_imax(i, j) - kd), hi = blt_imin(i, j);
      double t = 0.0;
      for (k = lo; k <= hi; ++k)
        t += uplo == BLA_UPPER ? f[k + i * n] * f[k + j * n]
                               : f[i + k * n] * f[j + k * n];
      s += fabs(t - a[i + j * n]);
    }
    if (!(s <= wnorm))
      wnorm = s;
  }
  if (!isfinite(wnorm))
    return INFINITY;
  return ((wnorm / (double)n) / anorm) / eps;
}

double blt_spd_solve_resid(int64_t n, int64_t kd, const double *a, int64_t nrhs,
                           const double *x, int64_t ldx, const double *b,
                           int64_t ldb, double eps) {
  double anorm, resid = 0.0;
  int64_t i, j, k;
  if (n <= 0 || nrhs <= 0)
    return 0.0;
  anorm = blt_norm1(n, a, n);
  if (!(anorm > 0.0))
    return isnan(anorm) ? INFINITY : 1.0 / eps;
  for (k = 0; k < nrhs; ++k) {
    double rnorm = 0.0, xnorm = 0.0, q;
    for (i = 0; i < n; ++i) {
      double t = b[i + k * ldb];
      for (j = blt_imax(0, i - kd); j <= blt_imin(n - 1, i + kd); ++j)
        t -= a[i + j * n] * x[j + k * ldx];
      rnorm += fabs(t);
      xnorm += fabs(x[i + k * ldx]);
    }
    if (!isfinite(rnorm) || !isfinite(xnorm))
      return INFINITY;
    q = xnorm > 0.0 ? ((rnorm / anorm) / xnorm) / eps : 1.0 / eps;
    if (q > resid)
      resid = q;
  }
  return resid;
}

double blt_spd_get04(int64_t n, int64_t nrhs, const double *x, int64_t ldx,
                     const double *xact, int64_t ldxact, double rcond,
                     double eps) {
  double resid = 0.0;
  int64_t i, k;
  if (n <= 0 || nrhs <= 0)
    return 0.0;
  if (rcond < 0.0)
    return 1.0 / eps;
  for (k = 0; k < nrhs; ++k) {
    double diff = 0.0, xnorm = 0.0;
    for (i = 0; i < n; ++i) {
      const double d = fabs(x[i + k * ldx] - xact[i + k * ldxact]);
      if (!(d <= diff))
        diff = d;
      if (fabs(xact[i + k * ldxact]) > xnorm)
        xnorm = fabs(xact[i + k * ldxact]);
    }
    if (!isfinite(diff))
      return INFINITY;
    if (xnorm <= 0.0)
      return 1.0 / eps;
    if (diff / xnorm * rcond > resid)
      resid = diff / xnorm * rcond;
  }
  return resid / eps;
}

/* ---- Sets
 * --------------------------------------------------------------------- */

/* 1 / (|A|_1 |A^-1|_1) with A^-1 from LAPACKE dpotrf + dpotri in double;
 * -1 when A is not positive definite in double. */
static double exact_rcond(int64_t n, const double *a, double anorm) {
  double *w, r;
  int64_t i, j;
  lapack_int info;
  if (n <= 0)
    return 1.0;
  w = blt_dalloc(n * n);
  memcpy(w, a, (size_t)(n * n) * sizeof(double));
  info = LAPACKE_dpotrf(LAPACK_COL_MAJOR, 'L', (lapack_int)n, w, (lapack_int)n);
  if (info == 0)
    info =
        LAPACKE_dpotri(LAPACK_COL_MAJOR, 'L', (lapack_int)n, w, (lapack_int)n);
  if (info != 0) {
    free(w);
    return -1.0;
  }
  for (j = 0; j < n; ++j)
    for (i = j + 1; i < n; ++i)
      w[j + i * n] = w[i + j * n];
  r = 1.0 / (anorm * blt_norm1(n, w, n));
  free(w);
  return r;
}

blt_spd_set blt_spd_set_new(blt_prec prec, blt_spd_kind kind, int64_t n,
                            int64_t kd, const int *types, int ntypes, int reps,
                            uint64_t seed, int *status) {
  blt_spd_set s;
  blt_rng rng;
  const int64_t nn = n * n, nb = n * BLT_SPD_NRHS;
  int64_t p, i, j, k;
  memset(&s, 0, sizeof s);
  *status = 0;
  s.prec = prec;
  s.kind = kind;
  s.n = n;
  s.kd = kind == BLT_SPD_DENSE ? blt_imax(n - 1, 0) : kd;
  s.rows = blt_spd_rows(kind, n, s.kd);
  s.count = (int64_t)ntypes * reps;
  s.type = (int *)blt_xcalloc((size_t)blt_imax(s.count, 1), sizeof(int));
  s.izero =
      (int64_t *)blt_xcalloc((size_t)blt_imax(s.count, 1), sizeof(int64_t));
  s.a = blt_dalloc(s.count * nn);
  s.x = blt_dalloc(s.count * nb);
  s.b = blt_dalloc(s.count * nb);
  s.anorm = blt_dalloc(s.count);
  s.rcond = blt_dalloc(s.count);
  blt_rng_seed(&rng, seed);
  for (p = 0; p < s.count; ++p) {
    double *a = s.a + p * nn, *x = s.x + p * nb, *b = s.b + p * nb;
    int info;
    s.type[p] = types[p % ntypes];
    info = blt_spd_generate(kind, s.type[p], n, s.kd, prec, &rng, a, n,
                            &s.izero[p]);
    if (info != 0) {
      fprintf(stderr,
              "bla_test_spd: generating type %d n=%lld kd=%lld "
              "failed (%d)\n",
              s.type[p], (long long)n, (long long)kd, info);
      *status = 1;
    }
    /* LAPACK dlarhs: x uniform(-1, 1), b = A x. */
    for (i = 0; i < nb; ++i)
      x[i] = blt_round(prec, blt_rng_uniform(&rng));
    for (k = 0; k < BLT_SPD_NRHS; ++k)
      for (i = 0; i < n; ++i) {
        double t = 0.0;
        for (j = 0; j < n; ++j)
          t += a[i + j * n] * x[j + k * n];
        b[i + k * n] = blt_round(prec, t);
      }
    s.anorm[p] = blt_norm1(n, a, n);
    if (s.izero[p] == 0) {
      s.rcond[p] = exact_rcond(n, a, s.anorm[p]);
      if (s.rcond[p] < 0.0) {
        fprintf(stderr,
                "bla_test_spd: type %d n=%lld kd=%lld is not "
                "positive definite in double\n",
                s.type[p], (long long)n, (long long)kd);
        *status = 1;
      }
    }
  }
  return s;
}

void blt_spd_set_free(blt_spd_set *s) {
  BLT_FREE_ALL(s->type, s->izero, s->a, s->x, s->b, s->anorm, s->rcond);
  memset(s, 0, sizeof *s);
}

int blt_spd_ref_factor(const blt_spd_set *s, int64_t p, bla_uplo uplo,
                       double *f) {
  const int64_t n = s->n, kd = s->kd, nn = n * n;
  const int64_t rows = s->kind == BLT_SPD_BAND ? kd + 1 : n;
  const char ul = uplo == BLA_UPPER ? 'U' : 'L';
  const lapack_int ln = (lapack_int)n, lr = (lapack_int)blt_imax(rows, 1);
  double *st;
  int64_t i;
  lapack_int info;
  for (i = 0; i < nn; ++i)
    f[i] = 0.0;
  if (n == 0)
    return 0;
  st = blt_dalloc(rows * n);
  blt_spd_pack(s->kind, uplo, n, kd, s->a + p * nn, n, st);
  /* LAPACK ignores the unreferenced entries; zero rather than NaN keeps
   * LAPACKE's optional NaN check quiet. */
  for (i = 0; i < rows * n; ++i)
    if (isnan(st[i]))
      st[i] = 0.0;
  if (s->prec.is_float) {
    float *fs = (float *)blt_xcalloc((size_t)(rows * n), sizeof(float));
    for (i = 0; i < rows * n; ++i)
      fs[i] = (float)st[i];
    info =
        s->kind == BLT_SPD_BAND
            ? LAPACKE_spbtrf(LAPACK_COL_MAJOR, ul, ln, (lapack_int)kd, fs, lr)
            : LAPACKE_spotrf(LAPACK_COL_MAJOR, ul, ln, fs, lr);
    for (i = 0; i < rows * n; ++i)
      st[i] = (double)fs[i];
    free(fs);
  } else {
    info =
        s->kind == BLT_SPD_BAND
            ? LAPACKE_dpbtrf(LAPACK_COL_MAJOR, ul, ln, (lapack_int)kd, st, lr)
            : LAPACKE_dpotrf(LAPACK_COL_MAJOR, ul, ln, st, lr);
  }
  blt_spd_unpack(s->kind, uplo, n, kd, st, f, NULL, NULL);
  free(st);
  return (int)info;
}

blt_mbatch blt_spd_batch_a(const blt_spd_set *s, bla_uplo uplo,
                           blt_layout layout, const double *mats,
                           const int64_t *idx, int64_t count) {
  const int64_t n = s->n;
  blt_mbatch b = blt_mbatch_new(s->prec.is_float, layout, count, s->rows, n, 1);
  double *st = blt_dalloc(s->rows * n);
  int64_t p;
  for (p = 0; p < count; ++p) {
    const int64_t k = idx ? idx[p] : p;
    blt_spd_pack(s->kind, uplo, n, s->kd, mats + k * n * n, n, st);
    blt_mbatch_put(b, p, st, blt_imax(s->rows, 1));
  }
  free(st);
  return b;
}

blt_mbatch blt_spd_batch_b(const blt_spd_set *s, blt_layout layout,
                           int64_t nrhs, const double *rhs, const int64_t *idx,
                           int64_t count) {
  const int64_t n = s->n;
  blt_mbatch b = blt_mbatch_new(s->prec.is_float, layout, count, n, nrhs, 1);
  int64_t p;
  for (p = 0; p < count; ++p) {
    const int64_t k = idx ? idx[p] : p;
    blt_mbatch_put(b, p, rhs + k * n * BLT_SPD_NRHS, blt_imax(n, 1));
  }
  return b;
}

/* ---- Driving the batch drivers ----------------------------------------------
 */

const char *blt_chol_op_name(blt_chol_op op, int is_float) {
  static const char *const d[BLT_CH_NOPS] = {"dpbtrf", "dpbtrs", "dpbsv",
                                             "dpotrf", "dpotrs", "dposv"};
  static const char *const s[BLT_CH_NOPS] = {"spbtrf", "spbtrs", "spbsv",
                                             "spotrf", "spotrs", "sposv"};
  if ((int)op < 0 || (int)op >= BLT_CH_NOPS)
    return "(unknown op)";
  return is_float ? s[op] : d[op];
}

int blt_chol_op_band(blt_chol_op op) {
  return op <= BLT_CH_PBSV;
}

int blt_chol_op_has_b(blt_chol_op op) {
  return op != BLT_CH_PBTRF && op != BLT_CH_POTRF;
}

/* The op's batch driver of precision P: s or d, the drivers' letter and
 * the member of the batches that holds their view. */
#define DEFINE_CHOL_CALL(P)                                                    \
  static bla_status chol_call_##P(blt_chol_op op, bla_uplo uplo, int64_t kd,   \
                                  blt_mbatch a, blt_mbatch b, int *info,       \
                                  const bla_exec *exec) {                      \
    switch (op) {                                                              \
    case BLT_CH_PBTRF:                                                         \
      return bla_##P##pbtrf_batch(uplo, kd, a.P, info, exec);                  \
    case BLT_CH_PBTRS:                                                         \
      return bla_##P##pbtrs_batch(uplo, kd, a.P, b.P, info, exec);             \
    case BLT_CH_PBSV:                                                          \
      return bla_##P##pbsv_batch(uplo, kd, a.P, b.P, info, exec);              \
    case BLT_CH_POTRF:                                                         \
      return bla_##P##potrf_batch(uplo, a.P, info, exec);                      \
    case BLT_CH_POTRS:                                                         \
      return bla_##P##potrs_batch(uplo, a.P, b.P, info, exec);                 \
    case BLT_CH_POSV:                                                          \
      return bla_##P##posv_batch(uplo, a.P, b.P, info, exec);                  \
    }                                                                          \
    return BLA_ERR_ARG;                                                        \
  }
DEFINE_CHOL_CALL(s)
DEFINE_CHOL_CALL(d)

bla_status blt_chol_call(blt_chol_op op, bla_uplo uplo, int64_t kd,
                         blt_mbatch a, blt_mbatch b, int *info,
                         const bla_exec *exec) {
  return a.is_float ? chol_call_s(op, uplo, kd, a, b, info, exec)
                    : chol_call_d(op, uplo, kd, a, b, info, exec);
}

bla_status blt_chol_run(const blt_backend *be, int variant, blt_chol_op op,
                        bla_uplo uplo, int64_t kd, blt_mbatch a, blt_mbatch b,
                        int *info, int64_t ninfo) {
  const bla_exec ex = blt_backend_exec(be, variant);
  blt_mirror m = blt_mirror_begin(be);
  bla_status st;
  a = blt_mirror_mbatch(&m, a);
  if (blt_chol_op_has_b(op))
    b = blt_mirror_mbatch(&m, b);
  st = blt_chol_call(op, uplo, kd, a, b, blt_mirror_info(&m, info, ninfo), &ex);
  blt_mirror_end(&m);
  return st;
}

/* ---- Runner helpers
 * ------------------------------------------------------------ */

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void
envfail(const blt_chol_env *env, const char *fmt, ...) {
  char buf[640];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  blt_report_fail(env->rep, "%s", buf);
}

#define EXPECT(cond, ...)                                                      \
  do {                                                                         \
    if (!(cond))                                                               \
      envfail(env, __VA_ARGS__);                                               \
  } while (0)

static const char *uplo_name(bla_uplo uplo) {
  return uplo == BLA_UPPER ? "upper" : uplo == BLA_LOWER ? "lower" : "?";
}

/* The op on (a, b) on env's backend, info (count entries) first set to a
 * sentinel; also on clones in the backend's other configuration (two
 * threads; another stream) and, on the host when with_null, with exec
 * NULL, which must give the same bits in a, b and info. Returns the status
 * of the run under test. */
static bla_status run_checked(const blt_chol_env *env, blt_chol_op op,
                              bla_uplo uplo, int64_t kd, blt_mbatch a,
                              blt_mbatch b, int *info, int64_t count,
                              int with_null, const char *where) {
  const int has_b = blt_chol_op_has_b(op);
  const int host = blt_backend_is_host(env->be);
  blt_mbatch a2, b2, a3, b3;
  int *info2, *info3 = NULL;
  bla_status st;
  int64_t p;
  with_null = with_null && host;
  for (p = 0; p < count; ++p)
    info[p] = -12345;
  a2 = blt_mbatch_clone(a);
  b2 = has_b ? blt_mbatch_clone(b) : b;
  info2 = (int *)blt_xcalloc((size_t)blt_imax(count, 1), sizeof(int));
  memcpy(info2, info, (size_t)count * sizeof(int));
  st = blt_chol_run(env->be, BLT_RUN_OTHER, op, uplo, kd, a2, b2, info2, count);
  EXPECT(st == BLA_OK, "%s, other configuration: status %d", where, (int)st);
  if (with_null) {
    a3 = blt_mbatch_clone(a);
    b3 = has_b ? blt_mbatch_clone(b) : b;
    info3 = (int *)blt_xcalloc((size_t)blt_imax(count, 1), sizeof(int));
    st = blt_chol_call(op, uplo, kd, a3, b3, info3, NULL);
    EXPECT(st == BLA_OK, "%s, exec NULL: status %d", where, (int)st);
  }
  st = blt_chol_run(env->be, BLT_RUN, op, uplo, kd, a, b, info, count);
  EXPECT(st == BLA_OK, "%s: status %d (%s)", where, (int)st,
         bla_status_string(st));
  EXPECT(blt_same_bytes(a.data, a2.data, a.bytes) &&
             (!has_b || blt_same_bytes(b.data, b2.data, b.bytes)) &&
             blt_same_bytes(info, info2, (size_t)count * sizeof(int)),
         "%s: the other configuration (2 threads; another stream) gives "
         "different bits",
         where);
  blt_mbatch_free(&a2);
  if (has_b)
    blt_mbatch_free(&b2);
  if (with_null) {
    EXPECT(blt_same_bytes(a.data, a3.data, a.bytes) &&
               (!has_b || blt_same_bytes(b.data, b3.data, b.bytes)) &&
               blt_same_bytes(info, info3, (size_t)count * sizeof(int)),
           "%s: exec NULL gives different bits from 1 thread", where);
    blt_mbatch_free(&a3);
    if (has_b)
      blt_mbatch_free(&b3);
  }
  free(info2);
  free(info3);
  return st;
}

static void worst_note(blt_chol_worst *w, int type, int k, double v, int64_t n,
                       int64_t kd) {
  if (!w)
    return;
  if (!(v <= w->w[type][k])) {
    w->w[type][k] = v;
    w->at_n[type][k] = n;
    w->at_kd[type][k] = kd;
  }
}

void blt_chol_worst_print(const blt_chol_worst *w, blt_spd_kind kind,
                          const char *what) {
  const int nt = kind == BLT_SPD_BAND ? BLT_PB_NTYPES : BLT_PO_NTYPES;
  int t;
  if (!blt_verbose())
    return;
  printf("worst ratios, %s (THRESH %.0f): type: factor resid (n, kd) | "
         "solve resid | forward error | factor vs LAPACK\n",
         what, BLT_THRESH);
  for (t = 1; t <= nt; ++t)
    printf("  %d %-24s %8.3f (%2lld,%2lld) %8.3f (%2lld,%2lld) %8.3f "
           "(%2lld,%2lld) %8.3f (%2lld,%2lld)\n",
           t, blt_spd_type_name(kind, t), w->w[t][0], (long long)w->at_n[t][0],
           (long long)w->at_kd[t][0], w->w[t][1], (long long)w->at_n[t][1],
           (long long)w->at_kd[t][1], w->w[t][2], (long long)w->at_n[t][2],
           (long long)w->at_kd[t][2], w->w[t][3], (long long)w->at_n[t][3],
           (long long)w->at_kd[t][3]);
  fflush(stdout);
}

/* kd in {0, 1, (n+1)/4, (3n-1)/4, n-1} (dchkpb's list, and 1), clipped to
 * [0, n-1], without repeats. */
static int kd_list(int64_t n, int64_t *out) {
  const int64_t cand[5] = {0, 1, (n + 1) / 4, (3 * n - 1) / 4, n - 1};
  int k, m = 0, i;
  for (k = 0; k < 5; ++k) {
    const int64_t v = blt_imax(0, blt_imin(cand[k], n - 1));
    int dup = 0;
    for (i = 0; i < m; ++i)
      dup = dup || out[i] == v;
    if (!dup)
      out[m++] = v;
  }
  return m;
}

/* ---- The catalogue
 * ------------------------------------------------------------ */

/* Layout-independent copies of a run's outputs, for the bit comparisons
 * across layouts: every problem's storage and b read back, and info. */
typedef struct {
  double *a, *b;
  int *info;
} cat_out;

static void out_take(cat_out *o, blt_mbatch a, blt_mbatch b, const int *info,
                     int64_t count, int64_t alen, int64_t arows, int64_t blen,
                     int64_t brows) {
  int64_t p;
  o->a = blt_dalloc(count * alen);
  o->b = blt_dalloc(count * blen);
  o->info = (int *)blt_xcalloc((size_t)blt_imax(count, 1), sizeof(int));
  for (p = 0; p < count; ++p) {
    if (alen > 0)
      blt_mbatch_get(a, p, o->a + p * alen, blt_imax(arows, 1));
    if (blen > 0)
      blt_mbatch_get(b, p, o->b + p * blen, blt_imax(brows, 1));
  }
  memcpy(o->info, info, (size_t)count * sizeof(int));
}

static void out_free(cat_out *o) {
  free(o->a);
  free(o->b);
  free(o->info);
  memset(o, 0, sizeof *o);
}

static int out_same(const cat_out *x, const cat_out *y, int64_t count,
                    int64_t alen, int64_t blen) {
  return blt_same_bytes(x->a, y->a, (size_t)(count * alen) * sizeof(double)) &&
         blt_same_bytes(x->b, y->b, (size_t)(count * blen) * sizeof(double)) &&
         blt_same_bytes(x->info, y->info, (size_t)count * sizeof(int));
}

/* A stage's outputs in layout lay: the column-major layout's become the
 * baseline; on the host every other layout's must have its bits. */
static void keep_or_compare(const blt_chol_env *env, cat_out *base,
                            cat_out *cur, int lay, int64_t count, int64_t alen,
                            int64_t blen, const char *where) {
  if (lay == 0) {
    *base = *cur;
    return;
  }
  if (blt_backend_is_host(env->be))
    EXPECT(out_same(base, cur, count, alen, blen),
           "%s: results differ from the column-major layout's", where);
  out_free(cur);
}

/* Factor checks of problem p from its read-back storage st: info, NaN on
 * failure, untouched unreferenced entries, ratios on success. */
static void check_factor(const blt_chol_env *env, const blt_spd_set *s,
                         int64_t p, bla_uplo uplo, int info, int lapinfo,
                         const double *st, const double *fref, double *f,
                         int check_ref, blt_chol_worst *worst,
                         const char *where) {
  const int64_t n = s->n, kd = s->kd;
  const double eps = 0.5 * s->prec.ulp;
  const int type = s->type[p];
  const int expect = (int)s->izero[p];
  int snan, unan;
  blt_spd_unpack(s->kind, uplo, n, kd, st, f, &snan, &unan);
  EXPECT(info == expect,
         "%s type %d (%s) problem %lld: info %d, expected %d (LAPACK %d)",
         where, type, blt_spd_type_name(s->kind, type), (long long)p, info,
         expect, lapinfo);
  if (check_ref)
    EXPECT(lapinfo == expect,
           "%s type %d (%s) problem %lld: LAPACK's info %d, expected %d", where,
           type, blt_spd_type_name(s->kind, type), (long long)p, lapinfo,
           expect);
  EXPECT(unan,
         "%s type %d problem %lld: an unreferenced entry of the "
         "storage was written",
         where, type, (long long)p);
  if (expect != 0) {
    EXPECT(snan,
           "%s type %d (%s) problem %lld: failed, but its factor is "
           "not all NaN",
           where, type, blt_spd_type_name(s->kind, type), (long long)p);
    return;
  }
  if (info != 0)
    return;
  {
    const double r1 =
        blt_spd_factor_resid(n, kd, uplo, s->a + p * n * n, f, eps);
    worst_note(worst, type, 0, r1, n, kd);
    EXPECT(r1 < BLT_THRESH,
           "%s type %d (%s) problem %lld: factor residual ratio %g "
           "(THRESH %g)",
           where, type, blt_spd_type_name(s->kind, type), (long long)p, r1,
           BLT_THRESH);
  }
  if (check_ref && lapinfo == 0) {
    const double r4 = blt_spd_get04(n, n, f, n, fref, n, s->rcond[p], eps);
    worst_note(worst, type, 3, r4, n, kd);
    EXPECT(r4 < BLT_THRESH,
           "%s type %d (%s) problem %lld: factor differs from LAPACK's, "
           "ratio %g (THRESH %g)",
           where, type, blt_spd_type_name(s->kind, type), (long long)p, r4,
           BLT_THRESH);
  }
}

/* Solution checks of problem p: x (n x nrhs, ld n) read back. */
static void check_solution(const blt_chol_env *env, const blt_spd_set *s,
                           int64_t p, int64_t nrhs, int info, int expect,
                           const double *x, blt_chol_worst *worst,
                           const char *where) {
  const int64_t n = s->n, kd = s->kd, nb = n * BLT_SPD_NRHS;
  const double eps = 0.5 * s->prec.ulp;
  const int type = s->type[p];
  EXPECT(info == expect,
         "%s nrhs=%lld type %d (%s) problem %lld: info %d, expected %d", where,
         (long long)nrhs, type, blt_spd_type_name(s->kind, type), (long long)p,
         info, expect);
  if (expect != 0) {
    EXPECT(blt_all_nan((size_t)(n * nrhs), x),
           "%s nrhs=%lld type %d problem %lld: failed, but b is not all NaN",
           where, (long long)nrhs, type, (long long)p);
    return;
  }
  if (info != 0)
    return;
  {
    const double r2 = blt_spd_solve_resid(n, kd, s->a + p * n * n, nrhs, x, n,
                                          s->b + p * nb, n, eps);
    const double r3 =
        blt_spd_get04(n, nrhs, x, n, s->x + p * nb, n, s->rcond[p], eps);
    worst_note(worst, type, 1, r2, n, kd);
    worst_note(worst, type, 2, r3, n, kd);
    EXPECT(r2 < BLT_THRESH && r3 < BLT_THRESH,
           "%s nrhs=%lld type %d (%s) problem %lld: solve residual ratio %g, "
           "forward error ratio %g (THRESH %g)",
           where, (long long)nrhs, type, blt_spd_type_name(s->kind, type),
           (long long)p, r2, r3, BLT_THRESH);
  }
}

void blt_chol_catalogue(const blt_chol_env *env, blt_spd_kind kind,
                        int is_float, bla_uplo uplo, blt_chol_worst *worst) {
  static const int64_t sizes[] = {0, 1, 2, 3, 5, 10, 16, 32, 50};
  static const int64_t nrhs_list[3] = {1, 2, 15};
  const int nsizes = (int)(sizeof sizes / sizeof sizes[0]);
  const blt_prec prec = blt_prec_of(is_float);
  const int band = kind == BLT_SPD_BAND;
  const int ntypes = band ? BLT_PB_NTYPES : BLT_PO_NTYPES;
  const blt_chol_op trf = band ? BLT_CH_PBTRF : BLT_CH_POTRF;
  const blt_chol_op trs = band ? BLT_CH_PBTRS : BLT_CH_POTRS;
  const blt_chol_op sv = band ? BLT_CH_PBSV : BLT_CH_POSV;
  /* pbtrs / potrs report a failed (NaN) factor as argument 3 / 2. */
  const int trs_bad_factor = band ? -3 : -2;
  int si, ik, lay, t, ir;

  for (si = 0; si < nsizes; ++si) {
    const int64_t n = sizes[si];
    int64_t kds[5];
    const int nkd = band ? kd_list(n, kds) : 1;
    if (!band)
      kds[0] = blt_imax(n - 1, 0);
    for (ik = 0; ik < nkd; ++ik) {
      const int64_t kd = kds[ik];
      const int64_t nrhs_sv = nrhs_list[(si + ik) % 3];
      int types[BLT_SPD_MAXTYPES], nt = 0, gst;
      blt_spd_set s;
      int64_t count, rows, nn, slen, p;
      double *fref, *f, *st, *x;
      int *lapinfo, *info;
      cat_out base[5], cur;
      char where[200];
      const uint64_t seed = 0xC401E5000ULL + (uint64_t)kind * 1000003ULL +
                            (uint64_t)n * 1009ULL + (uint64_t)kd * 31ULL +
                            (uint64_t)is_float;

      for (t = 1; t <= ntypes; ++t)
        if (blt_spd_type_applies(kind, t, n))
          types[nt++] = t;
      s = blt_spd_set_new(prec, kind, n, kd, types, nt, n <= 16 ? 2 : 1, seed,
                          &gst);
      EXPECT(gst == 0, "%s %s n=%lld kd=%lld: generating the catalogue failed",
             prec.name, band ? "band" : "dense", (long long)n, (long long)kd);
      if (gst != 0) {
        blt_spd_set_free(&s);
        continue;
      }
      count = s.count;
      rows = s.rows;
      nn = n * n;
      slen = rows * n;
      fref = blt_dalloc(count * nn);
      f = blt_dalloc(nn);
      st = blt_dalloc(slen);
      x = blt_dalloc(n * BLT_SPD_NRHS);
      lapinfo = (int *)blt_xcalloc((size_t)count, sizeof(int));
      info = (int *)blt_xcalloc((size_t)count, sizeof(int));
      for (p = 0; p < count; ++p)
        lapinfo[p] = blt_spd_ref_factor(&s, p, uplo, fref + p * nn);
      memset(base, 0, sizeof base);

      for (lay = 0; lay < BLT_NLAYOUTS; ++lay) {
        const char *ln = blt_layout_name((blt_layout)lay);
        blt_mbatch a =
            blt_spd_batch_a(&s, uplo, (blt_layout)lay, s.a, NULL, count);
        blt_mbatch none = blt_mbatch_none(is_float, count);
        int stage = 0;

        /* 1. The factorization. */
        snprintf(where, sizeof where, "%s %s %s n=%lld kd=%lld",
                 blt_chol_op_name(trf, is_float), uplo_name(uplo), ln,
                 (long long)n, (long long)kd);
        run_checked(env, trf, uplo, kd, a, none, info, count,
                    lay == BLT_INTERLEAVED, where);
        for (p = 0; p < count; ++p) {
          blt_mbatch_get(a, p, st, blt_imax(rows, 1));
          check_factor(env, &s, p, uplo, info[p], lapinfo[p], st, fref + p * nn,
                       f, 1, worst, where);
        }
        EXPECT(blt_mbatch_padding_intact(a), "%s: written outside the views",
               where);
        out_take(&cur, a, none, info, count, slen, rows, 0, n);
        keep_or_compare(env, &base[stage], &cur, lay, count, slen, 0, where);
        ++stage;

        /* 2. Solves with that factor. */
        for (ir = 0; ir < 3; ++ir) {
          const int64_t nrhs = nrhs_list[ir];
          blt_mbatch b =
              blt_spd_batch_b(&s, (blt_layout)lay, nrhs, s.b, NULL, count);
          blt_mbatch asnap = blt_mbatch_clone(a);
          snprintf(where, sizeof where, "%s %s %s n=%lld kd=%lld nrhs=%lld",
                   blt_chol_op_name(trs, is_float), uplo_name(uplo), ln,
                   (long long)n, (long long)kd, (long long)nrhs);
          run_checked(env, trs, uplo, kd, a, b, info, count, 0, where);
          EXPECT(blt_same_bytes(a.data, asnap.data, a.bytes),
                 "%s: the factor was modified", where);
          EXPECT(blt_mbatch_padding_intact(b),
                 "%s: b written outside the views", where);
          for (p = 0; p < count; ++p) {
            blt_mbatch_get(b, p, x, blt_imax(n, 1));
            check_solution(env, &s, p, nrhs, info[p],
                           s.izero[p] ? trs_bad_factor : 0, x, worst, where);
          }
          out_take(&cur, a, b, info, count, 0, rows, n * nrhs, n);
          keep_or_compare(env, &base[stage], &cur, lay, count, 0, n * nrhs,
                          where);
          ++stage;
          blt_mbatch_free(&asnap);
          blt_mbatch_free(&b);
        }
        blt_mbatch_free(&a);

        /* 3. The driver, on fresh input. */
        {
          blt_mbatch a2 =
              blt_spd_batch_a(&s, uplo, (blt_layout)lay, s.a, NULL, count);
          blt_mbatch b =
              blt_spd_batch_b(&s, (blt_layout)lay, nrhs_sv, s.b, NULL, count);
          snprintf(where, sizeof where, "%s %s %s n=%lld kd=%lld",
                   blt_chol_op_name(sv, is_float), uplo_name(uplo), ln,
                   (long long)n, (long long)kd);
          run_checked(env, sv, uplo, kd, a2, b, info, count, 0, where);
          for (p = 0; p < count; ++p) {
            blt_mbatch_get(a2, p, st, blt_imax(rows, 1));
            check_factor(env, &s, p, uplo, info[p], lapinfo[p], st,
                         fref + p * nn, f, 0, worst, where);
            blt_mbatch_get(b, p, x, blt_imax(n, 1));
            check_solution(env, &s, p, nrhs_sv, info[p], (int)s.izero[p], x,
                           worst, where);
          }
          EXPECT(blt_mbatch_padding_intact(a2) && blt_mbatch_padding_intact(b),
                 "%s: written outside the views", where);
          out_take(&cur, a2, b, info, count, slen, rows, n * nrhs_sv, n);
          keep_or_compare(env, &base[stage], &cur, lay, count, slen,
                          n * nrhs_sv, where);
          blt_mbatch_free(&a2);
          blt_mbatch_free(&b);
        }
      }
      for (t = 0; t < 5; ++t)
        out_free(&base[t]);
      free(fref);
      free(f);
      free(st);
      free(x);
      free(lapinfo);
      free(info);
      blt_spd_set_free(&s);
    }
  }
}

/* ---- Failures isolated inside a batch
 * ------------------------------------------- */

typedef enum {
  BAD_NONSPD_FIRST, /* A(0,0) negated: minor 1 fails */
  BAD_NONSPD_MID,   /* A(k-1,k-1) negated, k = n/2+1 */
  BAD_NONSPD_LAST,  /* A(n-1,n-1) negated */
  BAD_NAN_A,        /* NaN on the diagonal of the stored triangle */
  BAD_INF_A,        /* +Inf off the diagonal, inside the band */
  BAD_NINF_A,       /* -Inf off the diagonal, another column */
  BAD_ZERO_DIAG,    /* a zero on the factor's diagonal (solves only) */
  BAD_NAN_B,        /* NaN in b */
  BAD_INF_B         /* +Inf in b */
} bad_kind;

static const char *bad_name(bad_kind k) {
  switch (k) {
  case BAD_NONSPD_FIRST:
    return "not positive definite at minor 1";
  case BAD_NONSPD_MID:
    return "not positive definite at minor n/2+1";
  case BAD_NONSPD_LAST:
    return "not positive definite at minor n";
  case BAD_NAN_A:
    return "NaN in the matrix";
  case BAD_INF_A:
    return "+Inf in the matrix";
  case BAD_NINF_A:
    return "-Inf in the matrix";
  case BAD_ZERO_DIAG:
    return "zero on the factor's diagonal";
  case BAD_NAN_B:
    return "NaN in b";
  case BAD_INF_B:
    return "+Inf in b";
  }
  return "?";
}

/* Puts bad kind k into problem p's matrix m (n x n, ld n, the stored
 * triangle read) or right-hand sides rhs; returns the expected info. */
static int bad_apply(bad_kind k, blt_chol_op op, bla_uplo uplo, int64_t n,
                     int64_t kd, double *m, double *rhs, int64_t nrhs) {
  const int band = blt_chol_op_band(op);
  /* Argument numbers of the matrix and of b in each core routine. */
  const int arg_a = band ? -3 : -2, arg_b = band ? -4 : -3;
  const int64_t j = n / 2, off = uplo == BLA_UPPER ? -1 : 1;
  int64_t kk;
  (void)kd;
  switch (k) {
  case BAD_NONSPD_FIRST:
  case BAD_NONSPD_MID:
  case BAD_NONSPD_LAST:
    kk = k == BAD_NONSPD_FIRST ? 1 : k == BAD_NONSPD_MID ? n / 2 + 1 : n;
    m[(kk - 1) + (kk - 1) * n] = -m[(kk - 1) + (kk - 1) * n];
    return (int)kk;
  case BAD_NAN_A:
    m[j + j * n] = NAN;
    return arg_a;
  case BAD_INF_A:
    m[(j + off) + j * n] = m[j + (j + off) * n] = INFINITY;
    return arg_a;
  case BAD_NINF_A:
    m[(j + 1 + off) + (j + 1) * n] = m[(j + 1) + (j + 1 + off) * n] = -INFINITY;
    return arg_a;
  case BAD_ZERO_DIAG:
    m[(j + 1) + (j + 1) * n] = 0.0;
    return arg_a;
  case BAD_NAN_B:
    rhs[(n - 1) + (nrhs - 1) * n] = NAN;
    return arg_b;
  case BAD_INF_B:
    rhs[0] = INFINITY;
    return arg_b;
  }
  return 0;
}

void blt_chol_isolation(const blt_chol_env *env, blt_spd_kind kind,
                        int is_float) {
  static const bad_kind trf_bad[] = {BAD_NONSPD_FIRST, BAD_NONSPD_MID,
                                     BAD_NONSPD_LAST,  BAD_NAN_A,
                                     BAD_INF_A,        BAD_NINF_A};
  static const bad_kind trs_bad[] = {BAD_NAN_B, BAD_INF_B, BAD_NAN_A, BAD_INF_A,
                                     BAD_ZERO_DIAG};
  static const bad_kind sv_bad[] = {BAD_NONSPD_LAST, BAD_NAN_A, BAD_NINF_A,
                                    BAD_NAN_B, BAD_INF_B};
  const blt_prec prec = blt_prec_of(is_float);
  const int band = kind == BLT_SPD_BAND;
  const int64_t n = 10, kd = band ? 3 : 9, count = 9, nrhs = 2;
  const int64_t nn = n * n, nb = n * BLT_SPD_NRHS;
  const int64_t pos[3] = {0, count / 2, count - 1};
  const int type = band ? 1 : 2;
  int gst, iu, io, lay;
  blt_spd_set s = blt_spd_set_new(prec, kind, n, kd, &type, 1, (int)count,
                                  0x15017A7EULL + (uint64_t)is_float, &gst);
  const int64_t rows = s.rows, slen = rows * n;
  double *fref = blt_dalloc(count * nn), *mats = blt_dalloc(count * nn);
  double *rhs = blt_dalloc(count * nb), *st = blt_dalloc(slen),
         *f = blt_dalloc(nn);
  double *st2 = blt_dalloc(slen), *x = blt_dalloc(n * nrhs),
         *x2 = blt_dalloc(n * nrhs);
  int *info = (int *)blt_xcalloc((size_t)count, sizeof(int));
  int *info2 = (int *)blt_xcalloc((size_t)count, sizeof(int));
  int64_t good[9], ngood, p, q;

  EXPECT(gst == 0, "%s: generating the isolation set failed", prec.name);
  for (iu = 0; iu < 2 && gst == 0; ++iu) {
    const bla_uplo uplo = iu ? BLA_LOWER : BLA_UPPER;
    for (p = 0; p < count; ++p)
      EXPECT(blt_spd_ref_factor(&s, p, uplo, fref + p * nn) == 0,
             "%s: LAPACK failed on a well-conditioned problem", prec.name);
    for (io = 0; io < 3; ++io) {
      const blt_chol_op op = (blt_chol_op)((band ? 0 : 3) + io);
      const bad_kind *list = io == 0 ? trf_bad : io == 1 ? trs_bad : sv_bad;
      const int nv = io == 0 ? 6 : 5;
      const int has_b = blt_chol_op_has_b(op);
      int r;
      for (r = 0; r < nv; ++r) {
        int expect[9];
        bad_kind which[9];
        int isbad[9];
        memcpy(mats, io == 1 ? fref : s.a,
               (size_t)(count * nn) * sizeof(double));
        memcpy(rhs, s.b, (size_t)(count * nb) * sizeof(double));
        for (p = 0; p < count; ++p) {
          expect[p] = 0;
          isbad[p] = 0;
          which[p] = BAD_NAN_A;
        }
        for (q = 0; q < 3; ++q) {
          const int64_t pp = pos[q];
          which[pp] = list[(r + q) % nv];
          isbad[pp] = 1;
          expect[pp] = bad_apply(which[pp], op, uplo, n, kd, mats + pp * nn,
                                 rhs + pp * nb, nrhs);
        }
        ngood = 0;
        for (p = 0; p < count; ++p)
          if (!isbad[p])
            good[ngood++] = p;
        for (lay = 0; lay < BLT_NLAYOUTS; ++lay) {
          const char *ln = blt_layout_name((blt_layout)lay);
          blt_mbatch a =
              blt_spd_batch_a(&s, uplo, (blt_layout)lay, mats, NULL, count);
          blt_mbatch b = has_b ? blt_spd_batch_b(&s, (blt_layout)lay, nrhs, rhs,
                                                 NULL, count)
                               : blt_mbatch_none(is_float, count);
          blt_mbatch ag =
              blt_spd_batch_a(&s, uplo, (blt_layout)lay, mats, good, ngood);
          blt_mbatch bg = has_b ? blt_spd_batch_b(&s, (blt_layout)lay, nrhs,
                                                  rhs, good, ngood)
                                : blt_mbatch_none(is_float, ngood);
          blt_mbatch asnap = blt_mbatch_clone(a);
          char where[200];
          bla_status stt;
          snprintf(where, sizeof where, "%s %s %s n=%lld kd=%lld round %d",
                   blt_chol_op_name(op, is_float), uplo_name(uplo), ln,
                   (long long)n, (long long)kd, r);
          for (p = 0; p < count; ++p)
            info[p] = -12345;
          stt = blt_chol_run(env->be, BLT_RUN, op, uplo, kd, a, b, info, count);
          EXPECT(stt == BLA_OK, "%s: status %d", where, (int)stt);
          for (p = 0; p < ngood; ++p)
            info2[p] = -12345;
          stt = blt_chol_run(env->be, BLT_RUN, op, uplo, kd, ag, bg, info2,
                             ngood);
          EXPECT(stt == BLA_OK,
                 "%s, without the failing problems: "
                 "status %d",
                 where, (int)stt);
          q = 0;
          for (p = 0; p < count; ++p) {
            int snan, unan;
            blt_mbatch_get(a, p, st, blt_imax(rows, 1));
            blt_spd_unpack(kind, uplo, n, kd, st, f, &snan, &unan);
            EXPECT(unan, "%s problem %lld: an unreferenced entry was written",
                   where, (long long)p);
            if (has_b)
              blt_mbatch_get(b, p, x, n);
            if (isbad[p]) {
              EXPECT(info[p] == expect[p],
                     "%s problem %lld (%s): info %d, expected %d", where,
                     (long long)p, bad_name(which[p]), info[p], expect[p]);
              if (op == BLT_CH_PBTRS || op == BLT_CH_POTRS) {
                blt_mbatch_get(asnap, p, st2, blt_imax(rows, 1));
                EXPECT(blt_same_bytes(st, st2, (size_t)slen * sizeof(double)),
                       "%s problem %lld (%s): the factor was modified", where,
                       (long long)p, bad_name(which[p]));
              } else {
                EXPECT(snan, "%s problem %lld (%s): the %s is not all NaN",
                       where, (long long)p, bad_name(which[p]),
                       band ? "band" : "triangle");
              }
              if (has_b)
                EXPECT(blt_all_nan((size_t)(n * nrhs), x),
                       "%s problem %lld (%s): b is not all NaN", where,
                       (long long)p, bad_name(which[p]));
              continue;
            }
            EXPECT(info[p] == 0, "%s problem %lld (good): info %d", where,
                   (long long)p, info[p]);
            /* The same problem in the batch without the failing ones. */
            blt_mbatch_get(ag, q, st2, blt_imax(rows, 1));
            EXPECT(blt_same_bytes(st, st2, (size_t)slen * sizeof(double)) &&
                       info[p] == info2[q],
                   "%s problem %lld: matrix output or info differs from a "
                   "run without the failing problems",
                   where, (long long)p);
            if (has_b) {
              blt_mbatch_get(bg, q, x2, n);
              EXPECT(blt_same_bytes(x, x2, (size_t)(n * nrhs) * sizeof(double)),
                     "%s problem %lld: b differs from a run without the "
                     "failing problems",
                     where, (long long)p);
            }
            ++q;
          }
          blt_mbatch_free(&a);
          blt_mbatch_free(&ag);
          blt_mbatch_free(&asnap);
          if (has_b) {
            blt_mbatch_free(&b);
            blt_mbatch_free(&bg);
          }
        }
      }
    }
  }
  free(fref);
  free(mats);
  free(rhs);
  free(st);
  free(st2);
  free(f);
  free(x);
  free(x2);
  free(info);
  free(info2);
  blt_spd_set_free(&s);
}

/* ---- Argument errors
 * ------------------------------------------------------------ */

enum {
  M_UPLO_2,
  M_UPLO_NEG,
  M_KD_NEG,
  M_KD_NEG_ROWS0,
  M_ROWS_PLUS,
  M_ROWS_MINUS,
  M_COLS_PLUS,
  M_COUNT_NEG,
  M_N_NEG,
  M_BCOUNT_MINUS,
  M_BCOUNT_PLUS,
  M_BROWS_PLUS,
  M_BROWS_MINUS,
  M_BCOLS_NEG,
  M_INFO_NULL,
  M_ADATA_NULL,
  M_BDATA_NULL,
  M_EXEC_2,
  M_EXEC_NEG,
  M_COUNT
};

static const char *mut_name(int m) {
  static const char *const names[M_COUNT] = {
      "uplo = 2",    "uplo = -1",      "kd = -1",        "kd = -1, rows = 0",
      "a.rows + 1",  "a.rows - 1",     "a.cols + 1",     "count = -1",
      "n = -1",      "b.count - 1",    "b.count + 1",    "b.rows + 1",
      "b.rows - 1",  "b.cols = -1",    "info NULL",      "a.data NULL",
      "b.data NULL", "exec backend 2", "exec backend -1"};
  return m >= 0 && m < M_COUNT ? names[m] : "?";
}

static void set_dims(blt_mbatch *b, int64_t count, int64_t rows, int64_t cols) {
  b->d.count = b->s.count = count;
  b->d.rows = b->s.rows = rows;
  b->d.cols = b->s.cols = cols;
}

void blt_chol_bad_args(const blt_chol_env *env, int is_float) {
  const int64_t n = 4, kd = 1, count = 3, nrhs = 2;
  int io, il, m;
  for (io = 0; io < BLT_CH_NOPS; ++io) {
    const blt_chol_op op = (blt_chol_op)io;
    const int band = blt_chol_op_band(op), has_b = blt_chol_op_has_b(op);
    const int64_t rows = band ? kd + 1 : n;
    for (il = 0; il < 2; ++il) {
      const blt_layout layout = il ? BLT_INTERLEAVED : BLT_COLMAJOR;
      /* Storage with room for one more problem, row and column, so that a
       * mutated view still lies inside it if it were (wrongly) used. */
      blt_mbatch a0 =
          blt_mbatch_new(is_float, layout, count + 1, rows + 2, n + 2, 1);
      blt_mbatch b0 =
          blt_mbatch_new(is_float, layout, count + 1, n + 2, nrhs + 2, 1);
      int *info0 = (int *)blt_xcalloc((size_t)(count + 1), sizeof(int));
      int64_t p, i;
      set_dims(&a0, count, rows, n);
      set_dims(&b0, count, n, nrhs);
      {
        /* A valid problem in every slot: the unmutated call succeeds. */
        double *mat = blt_dalloc((rows + 2) * (n + 2));
        double *rhs = blt_dalloc((n + 2) * (nrhs + 2));
        for (i = 0; i < n; ++i)
          mat[(band ? kd : i) + i * rows] = 2.0 + (double)i; /* UPPER */
        for (i = 0; i < n * nrhs; ++i)
          rhs[i] = 1.0;
        for (p = 0; p < count; ++p) {
          blt_mbatch_put(a0, p, mat, rows);
          blt_mbatch_put(b0, p, rhs, n);
        }
        free(mat);
        free(rhs);
      }
      for (p = 0; p <= count; ++p)
        info0[p] = -777;

      for (m = 0; m < M_COUNT; ++m) {
        blt_mbatch a = a0, b = b0;
        blt_mbatch asnap = blt_mbatch_clone(a0), bsnap = blt_mbatch_clone(b0);
        int infosnap[8], *info = info0, variant = BLT_RUN;
        bla_uplo uplo = BLA_UPPER;
        int64_t kdm = kd;
        bla_status st;
        memcpy(infosnap, info0, (size_t)(count + 1) * sizeof(int));
        switch (m) {
        case M_UPLO_2:
          uplo = (bla_uplo)2;
          break;
        case M_UPLO_NEG:
          uplo = (bla_uplo)-1;
          break;
        case M_KD_NEG:
          kdm = -1;
          break;
        case M_KD_NEG_ROWS0:
          kdm = -1;
          set_dims(&a, count, 0, n);
          break;
        case M_ROWS_PLUS:
          set_dims(&a, count, rows + 1, n);
          break;
        case M_ROWS_MINUS:
          set_dims(&a, count, rows - 1, n);
          break;
        case M_COLS_PLUS:
          set_dims(&a, count, rows, n + 1);
          break;
        case M_COUNT_NEG:
          set_dims(&a, -1, rows, n);
          set_dims(&b, -1, n, nrhs);
          break;
        case M_N_NEG:
          set_dims(&a, count, band ? rows : -1, -1);
          set_dims(&b, count, -1, nrhs);
          break;
        case M_BCOUNT_MINUS:
          set_dims(&b, count - 1, n, nrhs);
          break;
        case M_BCOUNT_PLUS:
          set_dims(&b, count + 1, n, nrhs);
          break;
        case M_BROWS_PLUS:
          set_dims(&b, count, n + 1, nrhs);
          break;
        case M_BROWS_MINUS:
          set_dims(&b, count, n - 1, nrhs);
          break;
        case M_BCOLS_NEG:
          set_dims(&b, count, n, -1);
          break;
        case M_INFO_NULL:
          info = NULL;
          break;
        case M_ADATA_NULL:
          BLT_SET_NULL(a);
          break;
        case M_BDATA_NULL:
          BLT_SET_NULL(b);
          break;
        case M_EXEC_2:
          variant = BLT_RUN_BAD2;
          break;
        case M_EXEC_NEG:
          variant = BLT_RUN_BADM1;
          break;
        }
        /* Mutations that do not apply to this driver. */
        if (!band && (m == M_KD_NEG || m == M_KD_NEG_ROWS0))
          goto next;
        /* (kd+1) x (n+1) is a valid band: "not square" is dense only. */
        if (band && m == M_COLS_PLUS)
          goto next;
        if (!has_b && m >= M_BCOUNT_MINUS && m <= M_BCOLS_NEG)
          goto next;
        if (!has_b && m == M_BDATA_NULL)
          goto next;
        st = blt_chol_run(env->be, variant, op, uplo, kdm, a, b, info,
                          count + 1);
        EXPECT(st == BLA_ERR_ARG, "%s %s, %s: status %d, expected %d",
               blt_chol_op_name(op, is_float), blt_layout_name(layout),
               mut_name(m), (int)st, (int)BLA_ERR_ARG);
        EXPECT(blt_same_bytes(a0.data, asnap.data, a0.bytes) &&
                   blt_same_bytes(b0.data, bsnap.data, b0.bytes) &&
                   blt_same_bytes(info0, infosnap,
                                  (size_t)(count + 1) * sizeof(int)),
               "%s %s, %s: an output was touched",
               blt_chol_op_name(op, is_float), blt_layout_name(layout),
               mut_name(m));
      next:
        blt_mbatch_free(&asnap);
        blt_mbatch_free(&bsnap);
      }

      /* count = 0: BLA_OK, with or without info, nothing touched. */
      for (m = 0; m < 2; ++m) {
        blt_mbatch a = a0, b = b0;
        blt_mbatch asnap = blt_mbatch_clone(a0), bsnap = blt_mbatch_clone(b0);
        int infosnap[8];
        bla_status st;
        memcpy(infosnap, info0, (size_t)(count + 1) * sizeof(int));
        set_dims(&a, 0, rows, n);
        set_dims(&b, 0, n, nrhs);
        st = blt_chol_run(env->be, BLT_RUN, op, BLA_LOWER, kd, a, b,
                          m ? NULL : info0, count + 1);
        EXPECT(st == BLA_OK, "%s %s, count = 0%s: status %d",
               blt_chol_op_name(op, is_float), blt_layout_name(layout),
               m ? ", info NULL" : "", (int)st);
        EXPECT(blt_same_bytes(a0.data, asnap.data, a0.bytes) &&
                   blt_same_bytes(b0.data, bsnap.data, b0.bytes) &&
                   blt_same_bytes(info0, infosnap,
                                  (size_t)(count + 1) * sizeof(int)),
               "%s %s, count = 0: an output was touched",
               blt_chol_op_name(op, is_float), blt_layout_name(layout));
        blt_mbatch_free(&asnap);
        blt_mbatch_free(&bsnap);
      }

      /* The unmutated call is accepted and solves every problem (the
       * diagonal matrices above are positive definite). */
      {
        bla_status st = blt_chol_run(env->be, BLT_RUN, op, BLA_UPPER, kd, a0,
                                     b0, info0, count + 1);
        EXPECT(st == BLA_OK, "%s %s, valid arguments: status %d",
               blt_chol_op_name(op, is_float), blt_layout_name(layout),
               (int)st);
        for (p = 0; p < count; ++p)
          EXPECT(info0[p] == 0, "%s %s, valid arguments: info[%lld] = %d",
                 blt_chol_op_name(op, is_float), blt_layout_name(layout),
                 (long long)p, info0[p]);
        EXPECT(info0[count] == -777,
               "%s %s, valid arguments: info written past count",
               blt_chol_op_name(op, is_float), blt_layout_name(layout));
      }
      blt_mbatch_free(&a0);
      blt_mbatch_free(&b0);
      free(info0);
    }
  }
}
