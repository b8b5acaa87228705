/* tests/support/bla_test.c: see bla_test.h. */
#include "bla_test.h"

#include <float.h>
#include <lapacke.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BLT_PI 3.14159265358979323846

/* ---- Miscellany ---------------------------------------------------------- */

void *blt_xmalloc(size_t bytes) {
  void *p = malloc(bytes > 0 ? bytes : 1);
  if (!p) {
    fprintf(stderr, "bla_test: out of memory (%zu bytes)\n", bytes);
    abort();
  }
  return p;
}

void *blt_xcalloc(size_t count, size_t size) {
  void *p = calloc(count > 0 ? count : 1, size > 0 ? size : 1);
  if (!p) {
    fprintf(stderr, "bla_test: out of memory (%zu x %zu bytes)\n", count, size);
    abort();
  }
  return p;
}

void *blt_xmemdup(const void *src, size_t bytes) {
  void *copy = blt_xmalloc(bytes);
  if (bytes > 0)
    memcpy(copy, src, bytes);
  return copy;
}

double *blt_dalloc(int64_t len) {
  return (double *)blt_xcalloc((size_t)(len > 0 ? len : 1), sizeof(double));
}

int *blt_info_new(int64_t len) {
  int *info = (int *)blt_xmalloc((size_t)len * sizeof(int));
  memset(info, 0x5A, (size_t)len * sizeof(int));
  return info;
}

int blt_same_bytes(const void *x, const void *y, size_t bytes) {
  return bytes == 0 || memcmp(x, y, bytes) == 0;
}

int blt_same_doubles(const double *x, const double *y, int64_t len) {
  return len <= 0 || blt_same_bytes(x, y, (size_t)len * sizeof(double));
}

const char *blt_catalogue_name(const char *const *names, int ntypes, int type) {
  return type >= 1 && type <= ntypes ? names[type] : "(unknown type)";
}

int64_t blt_imin(int64_t x, int64_t y) {
  return x < y ? x : y;
}

int64_t blt_imax(int64_t x, int64_t y) {
  return x > y ? x : y;
}

int blt_verbose(void) {
  const char *v = getenv("BLA_TEST_VERBOSE");
  return v && *v && strcmp(v, "0") != 0;
}

/* ---- Failure reporting --------------------------------------------------- */

void blt_report_fail(blt_report *rep, const char *fmt, ...) {
  char msg[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  ++rep->nfail;
  if (rep->fail)
    rep->fail(rep->ctx, msg);
}

/* ---- Random numbers ------------------------------------------------------ */

static uint64_t splitmix64(uint64_t *x) {
  uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

void blt_rng_seed(blt_rng *rng, uint64_t seed) {
  int i;
  for (i = 0; i < 4; ++i)
    rng->s[i] = splitmix64(&seed);
}

static uint64_t rotl64(uint64_t x, int k) {
  return (x << k) | (x >> (64 - k));
}

uint64_t blt_rng_next(blt_rng *rng) {
  uint64_t *s = rng->s;
  const uint64_t result = rotl64(s[1] * 5, 7) * 9;
  const uint64_t t = s[1] << 17;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl64(s[3], 45);
  return result;
}

double blt_rng_uniform01(blt_rng *rng) {
  /* 53 random bits, offset by half a step: never 0, never 1. */
  return ((double)(blt_rng_next(rng) >> 11) + 0.5) * 0x1p-53;
}

double blt_rng_uniform(blt_rng *rng) {
  return 2.0 * blt_rng_uniform01(rng) - 1.0;
}

double blt_rng_normal(blt_rng *rng) {
  /* Box-Muller; u1 is never 0, so the logarithm is finite. */
  double u1 = blt_rng_uniform01(rng), u2 = blt_rng_uniform01(rng);
  return sqrt(-2.0 * log(u1)) * cos(2.0 * BLT_PI * u2);
}

int64_t blt_rng_below(blt_rng *rng, int64_t m) {
  return (int64_t)(blt_rng_next(rng) % (uint64_t)m);
}

/* ---- Precision ----------------------------------------------------------- */

blt_prec blt_prec_double(void) {
  const blt_prec p = {0, DBL_EPSILON, DBL_MIN, 1.0 / DBL_MIN, "double"};
  return p;
}

blt_prec blt_prec_float(void) {
  const blt_prec p = {1, FLT_EPSILON, FLT_MIN, 1.0 / FLT_MIN, "float"};
  return p;
}

blt_prec blt_prec_of(int is_float) {
  return is_float ? blt_prec_float() : blt_prec_double();
}

double blt_round(blt_prec prec, double x) {
  return prec.is_float ? (double)(float)x : x;
}

void blt_round_array(blt_prec prec, double *x, size_t len) {
  size_t i;
  if (prec.is_float)
    for (i = 0; i < len; ++i)
      x[i] = (double)(float)x[i];
}

/* ---- Dense helpers ------------------------------------------------------- */

int blt_spectrum(int mode, double cond, int random_signs, int64_t n,
                 blt_rng *rng, double *out) {
  int64_t i;
  if (mode < 1 || mode > 5)
    return -1;
  for (i = 0; i < n; ++i) {
    double t = n > 1 ? (double)i / (double)(n - 1) : 0.0;
    switch (mode) {
    case 1:
      out[i] = i == 0 ? 1.0 : 1.0 / cond;
      break;
    case 2:
      out[i] = i < n - 1 || n == 1 ? 1.0 : 1.0 / cond;
      break;
    case 3:
      out[i] = pow(cond, -t);
      break;
    case 4:
      out[i] = 1.0 - t * (1.0 - 1.0 / cond);
      break;
    default:
      out[i] = exp(-log(cond) * blt_rng_uniform01(rng));
      break;
    }
  }
  if (random_signs)
    for (i = 0; i < n; ++i)
      if (blt_rng_next(rng) >> 63)
        out[i] = -out[i];
  return 0;
}

int blt_random_orthogonal(int64_t n, blt_rng *rng, double *q, int64_t ldq) {
  double *tau, *sgn;
  int64_t i, j;
  lapack_int info;
  if (n <= 0)
    return 0;
  tau = (double *)blt_xmalloc((size_t)n * sizeof(double));
  sgn = (double *)blt_xmalloc((size_t)n * sizeof(double));
  for (j = 0; j < n; ++j)
    for (i = 0; i < n; ++i)
      q[i + j * ldq] = blt_rng_normal(rng);
  info = LAPACKE_dgeqrf(LAPACK_COL_MAJOR, (lapack_int)n, (lapack_int)n, q,
                        (lapack_int)ldq, tau);
  if (info == 0) {
    /* Signing the columns by R's diagonal makes Q Haar-distributed
     * (Mezzadri 2007), not merely orthogonal. */
    for (j = 0; j < n; ++j)
      sgn[j] = q[j + j * ldq] < 0 ? -1.0 : 1.0;
    info = LAPACKE_dorgqr(LAPACK_COL_MAJOR, (lapack_int)n, (lapack_int)n,
                          (lapack_int)n, q, (lapack_int)ldq, tau);
  }
  if (info == 0)
    for (j = 0; j < n; ++j)
      for (i = 0; i < n; ++i)
        q[i + j * ldq] *= sgn[j];
  free(tau);
  free(sgn);
  return (int)info;
}

int blt_sym_with_spectrum(int64_t n, const double *lambda, blt_rng *rng,
                          double *a, int64_t lda) {
  double *u;
  int64_t i, j, k;
  int info;
  if (n <= 0)
    return 0;
  u = (double *)blt_xmalloc((size_t)(n * n) * sizeof(double));
  info = blt_random_orthogonal(n, rng, u, n);
  if (info == 0) {
    for (j = 0; j < n; ++j)
      for (i = 0; i < n; ++i)
        a[i + j * lda] = 0.0;
    for (k = 0; k < n; ++k)
      for (j = 0; j < n; ++j) {
        const double c = lambda[k] * u[j + k * n];
        for (i = j; i < n; ++i)
          a[i + j * lda] += u[i + k * n] * c;
      }
    /* Mirror the lower triangle: a is exactly symmetric. */
    for (j = 0; j < n; ++j)
      for (i = j + 1; i < n; ++i)
        a[j + i * lda] = a[i + j * lda];
  }
  free(u);
  return info;
}

int blt_sym_to_tridiag(int64_t n, double *a, int64_t lda, int upper, double *d,
                       double *e) {
  double *tau;
  lapack_int info;
  if (n <= 0)
    return 0;
  tau = (double *)blt_xmalloc((size_t)n * sizeof(double));
  info = LAPACKE_dsytrd(LAPACK_COL_MAJOR, upper ? 'U' : 'L', (lapack_int)n, a,
                        (lapack_int)lda, d, e, tau);
  free(tau);
  return (int)info;
}

double blt_norm1(int64_t n, const double *a, int64_t lda) {
  return blt_norm1_rect(n, n, a, lda);
}

double blt_norm1_rect(int64_t rows, int64_t cols, const double *a,
                      int64_t lda) {
  double anorm = 0.0;
  int64_t i, j;
  for (j = 0; j < cols; ++j) {
    double s = 0.0;
    for (i = 0; i < rows; ++i)
      s += fabs(a[i + j * lda]);
    if (!(s <= anorm))
      anorm = s; /* propagates NaN */
  }
  return anorm;
}

/* ---- Tridiagonal catalogue ----------------------------------------------- */

static const char *const st_type_names[BLT_ST_NTYPES + 1] = {
    "(none)",
    "zero",
    "identity",
    "diag arithmetic",
    "diag geometric",
    "diag clustered",
    "diag arithmetic * sqrt(ovfl) ulp/n",
    "diag arithmetic * sqrt(unfl) n/ulp",
    "dense arithmetic",
    "dense geometric",
    "dense clustered",
    "dense arithmetic * sqrt(ovfl) ulp/n",
    "dense arithmetic * sqrt(unfl) n/ulp",
    "random symmetric",
    "random symmetric * sqrt(ovfl) ulp/n",
    "random symmetric * sqrt(unfl) n/ulp",
    "pos. def. arithmetic",
    "pos. def. geometric",
    "pos. def. clustered",
    "pos. def. arithmetic * sqrt(ovfl) ulp/n",
    "pos. def. arithmetic * sqrt(unfl) n/ulp",
    "diagonally dominant tridiagonal",
    "Wilkinson W(n)",
    "glued W21, glue 1e-8",
    "glued W21, glue sqrt(ulp)",
    "random tridiagonal * huge",
    "random tridiagonal * tiny",
    "dense geometric * huge",
    "dense geometric * tiny",
    "two blocks, huge and tiny"};

const char *blt_st_type_name(int type) {
  return blt_catalogue_name(st_type_names, BLT_ST_NTYPES, type);
}

/* Scale x (len entries) so that its largest magnitude is anorm (dlatms'
 * DMAX, dlatmr's ANORM with the max-element norm). */
static void scale_to(double *x, int64_t len, double anorm) {
  double mx = 0.0;
  int64_t i;
  for (i = 0; i < len; ++i)
    if (fabs(x[i]) > mx)
      mx = fabs(x[i]);
  if (mx > 0.0)
    for (i = 0; i < len; ++i)
      x[i] = (x[i] / mx) * anorm;
}

/* A dense symmetric matrix with a dlatm1 spectrum, reduced by dsytrd
 * (from the upper or lower triangle, at random, as dchkst tests both). */
static int dense_from_spectrum(int64_t n, int mode, double cond, int signs,
                               double anorm, blt_rng *rng, double *d,
                               double *e) {
  double *lambda, *a;
  int info;
  if (n <= 0)
    return 0;
  lambda = (double *)blt_xmalloc((size_t)n * sizeof(double));
  a = (double *)blt_xmalloc((size_t)(n * n) * sizeof(double));
  info = blt_spectrum(mode, cond, signs, n, rng, lambda);
  if (info == 0) {
    scale_to(lambda, n, anorm);
    info = blt_sym_with_spectrum(n, lambda, rng, a, n);
  }
  if (info == 0)
    info = blt_sym_to_tridiag(n, a, n, (int)(blt_rng_next(rng) >> 63), d, e);
  free(lambda);
  free(a);
  return info;
}

/* dlatmr-like: entries uniform in (-1, 1), scaled to max-element anorm. */
static int dense_random(int64_t n, double anorm, blt_rng *rng, double *d,
                        double *e) {
  double *a;
  int64_t i, j;
  int info;
  if (n <= 0)
    return 0;
  a = (double *)blt_xmalloc((size_t)(n * n) * sizeof(double));
  for (j = 0; j < n; ++j)
    for (i = j; i < n; ++i)
      a[i + j * n] = a[j + i * n] = blt_rng_uniform(rng);
  scale_to(a, n * n, anorm);
  info = blt_sym_to_tridiag(n, a, n, (int)(blt_rng_next(rng) >> 63), d, e);
  free(a);
  return info;
}

static void random_tridiag(int64_t n, double anorm, blt_rng *rng, double *d,
                           double *e) {
  int64_t i;
  double mx = 0.0;
  for (i = 0; i < n; ++i)
    d[i] = blt_rng_uniform(rng);
  for (i = 0; i + 1 < n; ++i)
    e[i] = blt_rng_uniform(rng);
  for (i = 0; i < n; ++i)
    mx = fmax(mx, fabs(d[i]));
  for (i = 0; i + 1 < n; ++i)
    mx = fmax(mx, fabs(e[i]));
  for (i = 0; i < n; ++i)
    d[i] = d[i] / mx * anorm;
  for (i = 0; i + 1 < n; ++i)
    e[i] = e[i] / mx * anorm;
}

int blt_st_generate(int type, int64_t n, blt_prec prec, blt_rng *rng, double *d,
                    double *e) {
  /* dchkst's constants, for the precision under test. */
  const double ulp = prec.ulp, ulpinv = 1.0 / prec.ulp;
  const double rtunfl = sqrt(prec.unfl), rtovfl = sqrt(prec.ovfl);
  const double aninv = 1.0 / (double)(n > 1 ? n : 1);
  const double big = prec.is_float ? 1e36 : 1e300;
  const double tiny = prec.is_float ? 1e-36 : 1e-300;
  /* dchkst's KMODE for types 3..7, 8..12 and 16..20 (arithmetic,
   * geometric, clustered, then arithmetic scaled large and small). */
  static const int modes[5] = {4, 3, 1, 4, 4};
  const int64_t ne = n > 0 ? n - 1 : 0;
  double mags[5];
  int64_t i;
  int info = 0;

  mags[0] = mags[1] = mags[2] = 1.0;
  mags[3] = (rtovfl * ulp) * aninv;
  mags[4] = rtunfl * (double)n * ulpinv;
  for (i = 0; i < n; ++i)
    d[i] = 0.0;
  for (i = 0; i < ne; ++i)
    e[i] = 0.0;
  if (n == 0)
    return type >= 1 && type <= BLT_ST_NTYPES ? 0 : -1;

  if (type == 1) {
    /* zero */
  } else if (type == 2) {
    for (i = 0; i < n; ++i)
      d[i] = 1.0;
  } else if (type >= 3 && type <= 7) {
    /* dlatms with KL = KU = 0: the spectrum on the diagonal. */
    info = blt_spectrum(modes[type - 3], ulpinv, 1, n, rng, d);
    scale_to(d, n, mags[type - 3]);
  } else if (type >= 8 && type <= 12) {
    info = dense_from_spectrum(n, modes[type - 8], ulpinv, 1, mags[type - 8],
                               rng, d, e);
  } else if (type >= 13 && type <= 15) {
    static const int mag13[3] = {0, 3, 4};
    info = dense_random(n, mags[mag13[type - 13]], rng, d, e);
  } else if (type >= 16 && type <= 20) {
    /* dchkst: COND = ULPINV * ANINV / 10 for the positive definite types. */
    info = dense_from_spectrum(n, modes[type - 16], ulpinv * aninv / 10.0, 0,
                               mags[type - 16], rng, d, e);
  } else if (type == 21) {
    /* Positive geometric diagonal in random order, off-diagonals at most
     * half the geometric mean of their neighbours (dchkst's clamp). */
    info = blt_spectrum(3, ulpinv * aninv / 10.0, 0, n, rng, d);
    for (i = n - 1; i > 0; --i) {
      int64_t k = blt_rng_below(rng, i + 1);
      double t = d[i];
      d[i] = d[k];
      d[k] = t;
    }
    for (i = 0; i < ne; ++i)
      e[i] = 0.5 * blt_rng_uniform(rng) * sqrt(d[i] * d[i + 1]);
  } else if (type == 22) {
    for (i = 0; i < n; ++i)
      d[i] = fabs((double)i - 0.5 * (double)(n - 1));
    for (i = 0; i < ne; ++i)
      e[i] = 1.0;
  } else if (type == 23 || type == 24) {
    const double glue = type == 23 ? 1e-8 : sqrt(ulp);
    for (i = 0; i < n; ++i)
      d[i] = fabs((double)(i % 21) - 10.0);
    for (i = 0; i < ne; ++i)
      e[i] = (i + 1) % 21 == 0 ? glue : 1.0;
  } else if (type == 25 || type == 26) {
    random_tridiag(n, type == 25 ? big : tiny, rng, d, e);
  } else if (type == 27 || type == 28) {
    info = dense_from_spectrum(n, 3, ulpinv, 1, type == 27 ? big : tiny, rng, d,
                               e);
  } else if (type == 29) {
    const int64_t n1 = (n + 1) / 2;
    random_tridiag(n1, big, rng, d, e);
    if (n > n1) {
      e[n1 - 1] = 0.0;
      random_tridiag(n - n1, tiny, rng, d + n1, e + n1);
    }
  } else {
    return -1;
  }
  blt_round_array(prec, d, (size_t)n);
  blt_round_array(prec, e, (size_t)ne);
  return info;
}

double blt_st_norm1(int64_t n, const double *d, const double *e) {
  double anorm = 0.0;
  int64_t j;
  for (j = 0; j < n; ++j) {
    double s = fabs(d[j]);
    if (j > 0)
      s += fabs(e[j - 1]);
    if (j + 1 < n)
      s += fabs(e[j]);
    if (!(s <= anorm))
      anorm = s; /* also propagates NaN */
  }
  return anorm;
}

int blt_st_ref_eigenvalues(int64_t n, const double *d, const double *e,
                           double *lambda) {
  double *ee;
  lapack_int info;
  int64_t i;
  if (n <= 0)
    return 0;
  ee = (double *)blt_xmalloc((size_t)n * sizeof(double));
  for (i = 0; i < n; ++i)
    lambda[i] = d[i];
  for (i = 0; i + 1 < n; ++i)
    ee[i] = e[i];
  info = LAPACKE_dsterf((lapack_int)n, lambda, ee);
  free(ee);
  return (int)info;
}

void blt_st_similar(int64_t n, const double *d, const double *e,
                    const double *q, int64_t ldq, double *a, int64_t lda) {
  double *w;
  int64_t i, j, k;
  if (n <= 0)
    return;
  w = (double *)blt_xmalloc((size_t)(n * n) * sizeof(double));
  /* w := Q T, column by column (T has three nonzeros per column). */
  for (j = 0; j < n; ++j)
    for (i = 0; i < n; ++i) {
      double s = q[i + j * ldq] * d[j];
      if (j > 0)
        s += q[i + (j - 1) * ldq] * e[j - 1];
      if (j + 1 < n)
        s += q[i + (j + 1) * ldq] * e[j];
      w[i + j * n] = s;
    }
  /* a := w Q^T */
  for (j = 0; j < n; ++j) {
    for (i = 0; i < n; ++i)
      a[i + j * lda] = 0.0;
    for (k = 0; k < n; ++k) {
      const double c = q[j + k * ldq];
      for (i = 0; i < n; ++i)
        a[i + j * lda] += w[i + k * n] * c;
    }
  }
  free(w);
}

/* ---- Ratios -------------------------------------------------------------- */

double blt_resid_ratio(int64_t n, double wnorm, double anorm, double ulp,
                       double unfl) {
  const double dn = (double)n;
  if (!isfinite(wnorm) || isnan(anorm))
    return INFINITY;
  anorm = fmax(anorm, unfl);
  if (anorm > wnorm)
    return (wnorm / anorm) / (dn * ulp);
  if (anorm < 1.0)
    return (fmin(wnorm, dn * anorm) / anorm) / (dn * ulp);
  return fmin(wnorm / anorm, dn) / (dn * ulp);
}

/* dsyt21 test 1 for a symmetric A of norm anorm given column by column by
 * col(j, out): |A - Z diag(lambda) Z^T|_1 normalised by blt_resid_ratio.
 * The 1-norm of the symmetric residual is its largest column sum; one
 * column at a time keeps the scratch at n. */
typedef void (*col_fn)(const void *ctx, int64_t j, double *out);

static double sym_resid_ratio(int64_t n, col_fn col, const void *ctx,
                              double anorm, const double *lambda,
                              const double *z, int64_t ldz, double ulp,
                              double unfl) {
  double *r;
  double wnorm = 0.0;
  int64_t i, j, k;
  if (n <= 0)
    return 0.0;
  r = (double *)blt_xmalloc((size_t)n * sizeof(double));
  for (j = 0; j < n; ++j) {
    double s = 0.0;
    col(ctx, j, r);
    for (k = 0; k < n; ++k) {
      const double c = lambda[k] * z[j + k * ldz];
      for (i = 0; i < n; ++i)
        r[i] -= z[i + k * ldz] * c;
    }
    for (i = 0; i < n; ++i)
      s += fabs(r[i]);
    if (!(s <= wnorm))
      wnorm = s;
  }
  free(r);
  return blt_resid_ratio(n, wnorm, anorm, ulp, unfl);
}

typedef struct {
  int64_t n;
  const double *d, *e;
} st_ctx;

static void st_col(const void *ctx, int64_t j, double *out) {
  const st_ctx *t = (const st_ctx *)ctx;
  int64_t i;
  for (i = 0; i < t->n; ++i)
    out[i] = 0.0;
  out[j] = t->d[j];
  if (j > 0)
    out[j - 1] = t->e[j - 1];
  if (j + 1 < t->n)
    out[j + 1] = t->e[j];
}

typedef struct {
  int64_t n, lda;
  const double *a;
} sym_ctx;

static void sym_col(const void *ctx, int64_t j, double *out) {
  const sym_ctx *t = (const sym_ctx *)ctx;
  int64_t i;
  for (i = 0; i < t->n; ++i)
    out[i] = t->a[i + j * t->lda];
}

double blt_st_resid(int64_t n, const double *d, const double *e,
                    const double *lambda, const double *z, int64_t ldz,
                    double ulp, double unfl) {
  const st_ctx ctx = {n, d, e};
  return sym_resid_ratio(n, st_col, &ctx, blt_st_norm1(n, d, e), lambda, z, ldz,
                         ulp, unfl);
}

double blt_sym_resid(int64_t n, const double *a, int64_t lda,
                     const double *lambda, const double *z, int64_t ldz,
                     double ulp, double unfl) {
  const sym_ctx ctx = {n, lda, a};
  return sym_resid_ratio(n, sym_col, &ctx, blt_norm1(n, a, lda), lambda, z, ldz,
                         ulp, unfl);
}

double blt_orth_resid(int64_t n, const double *z, int64_t ldz, double ulp) {
  double wnorm = 0.0;
  int64_t i, j, k;
  if (n <= 0)
    return 0.0;
  for (j = 0; j < n; ++j) {
    double s = 0.0;
    for (i = 0; i < n; ++i) {
      double g = i == j ? -1.0 : 0.0;
      for (k = 0; k < n; ++k)
        g += z[k + i * ldz] * z[k + j * ldz];
      s += fabs(g);
    }
    if (!(s <= wnorm))
      wnorm = s;
  }
  if (!isfinite(wnorm))
    return INFINITY;
  return fmin(wnorm, (double)n) / ((double)n * ulp);
}

double blt_max_diff_ratio(int64_t n, const double *x, const double *y,
                          double scale, double ulp, double unfl) {
  double mx = 0.0;
  int64_t i;
  for (i = 0; i < n; ++i) {
    double t = fabs(x[i] - y[i]);
    if (!(t <= mx))
      mx = t;
  }
  if (!isfinite(mx) || isnan(scale))
    return INFINITY;
  return mx / (fmax(scale, unfl) * ulp);
}

int blt_ascending(int64_t n, const double *x) {
  int64_t i;
  for (i = 0; i < n; ++i)
    if (isnan(x[i]) || (i > 0 && !(x[i - 1] <= x[i])))
      return 0;
  return 1;
}

int blt_all_nan(size_t len, const double *x) {
  size_t i;
  for (i = 0; i < len; ++i)
    if (!isnan(x[i]))
      return 0;
  return 1;
}

/* ---- Batches ------------------------------------------------------------- */

#define BLT_SENTINEL 0xA5

const char *blt_layout_name(blt_layout layout) {
  static const char *const names[BLT_NLAYOUTS] = {"column-major", "row-major",
                                                  "interleaved"};
  return layout >= BLT_COLMAJOR && layout <= BLT_INTERLEAVED
             ? names[layout]
             : "(unknown layout)";
}

static size_t elem_size(int is_float) {
  return is_float ? sizeof(float) : sizeof(double);
}

blt_vbatch blt_vbatch_new(int is_float, blt_layout layout, int64_t count,
                          int64_t n) {
  blt_vbatch b;
  const size_t len = (size_t)(count > 0 && n > 0 ? count * n : 1);
  memset(&b, 0, sizeof b);
  b.is_float = is_float;
  b.bytes = len * elem_size(is_float);
  b.data = blt_xmalloc(b.bytes);
  memset(b.data, BLT_SENTINEL, b.bytes);
  if (layout == BLT_INTERLEAVED) {
    b.d = bla_dvec_batch_interleaved(NULL, count, n);
    b.s = bla_svec_batch_interleaved(NULL, count, n);
  } else {
    b.d = bla_dvec_batch_packed(NULL, count, n);
    b.s = bla_svec_batch_packed(NULL, count, n);
  }
  return blt_vbatch_rebase(b, b.data);
}

blt_mbatch blt_mbatch_new(int is_float, blt_layout layout, int64_t count,
                          int64_t rows, int64_t cols, int64_t pad) {
  blt_mbatch b;
  size_t len;
  memset(&b, 0, sizeof b);
  b.is_float = is_float;
  if (layout == BLT_COLMAJOR) {
    b.d = bla_dmat_batch_colmajor(NULL, count, rows, cols, rows + pad);
    b.s = bla_smat_batch_colmajor(NULL, count, rows, cols, rows + pad);
    len = (size_t)(count * (rows + pad) * cols);
  } else if (layout == BLT_ROWMAJOR) {
    b.d = bla_dmat_batch_rowmajor(NULL, count, rows, cols, cols + pad);
    b.s = bla_smat_batch_rowmajor(NULL, count, rows, cols, cols + pad);
    len = (size_t)(count * rows * (cols + pad));
  } else {
    b.d = bla_dmat_batch_interleaved(NULL, count, rows, cols);
    b.s = bla_smat_batch_interleaved(NULL, count, rows, cols);
    len = (size_t)(count * rows * cols);
  }
  if (count <= 0 || rows <= 0 || cols <= 0)
    len = 1;
  b.bytes = len * elem_size(is_float);
  b.data = blt_xmalloc(b.bytes);
  memset(b.data, BLT_SENTINEL, b.bytes);
  return blt_mbatch_rebase(b, b.data);
}

blt_mbatch blt_mbatch_none(int is_float, int64_t count) {
  blt_mbatch b;
  memset(&b, 0, sizeof b);
  b.is_float = is_float;
  b.d = bla_dmat_batch_colmajor(NULL, count, 0, 0, 1);
  b.s = bla_smat_batch_colmajor(NULL, count, 0, 0, 1);
  return b;
}

void blt_vbatch_free(blt_vbatch *b) {
  free(b->data);
  b->data = NULL;
  BLT_SET_NULL(*b);
}

void blt_mbatch_free(blt_mbatch *b) {
  free(b->data);
  b->data = NULL;
  BLT_SET_NULL(*b);
}

blt_vbatch blt_vbatch_rebase(blt_vbatch b, void *data) {
  b.data = data;
  b.d.data = b.is_float ? NULL : (double *)data;
  b.s.data = b.is_float ? (float *)data : NULL;
  return b;
}

blt_mbatch blt_mbatch_rebase(blt_mbatch b, void *data) {
  b.data = data;
  b.d.data = b.is_float ? NULL : (double *)data;
  b.s.data = b.is_float ? (float *)data : NULL;
  return b;
}

blt_vbatch blt_vbatch_clone(blt_vbatch b) {
  return b.data ? blt_vbatch_rebase(b, blt_xmemdup(b.data, b.bytes)) : b;
}

blt_mbatch blt_mbatch_clone(blt_mbatch b) {
  return b.data ? blt_mbatch_rebase(b, blt_xmemdup(b.data, b.bytes)) : b;
}

void blt_vbatch_put(blt_vbatch b, int64_t p, const double *x) {
  const bla_dvec_batch v = b.d; /* strides agree in both members */
  int64_t i;
  for (i = 0; i < v.n; ++i) {
    const int64_t off = p * v.bs + i * v.inc;
    if (b.is_float)
      b.s.data[off] = (float)x[i];
    else
      b.d.data[off] = x[i];
  }
}

void blt_vbatch_get(blt_vbatch b, int64_t p, double *x) {
  const bla_dvec_batch v = b.d;
  int64_t i;
  for (i = 0; i < v.n; ++i) {
    const int64_t off = p * v.bs + i * v.inc;
    x[i] = b.is_float ? (double)b.s.data[off] : b.d.data[off];
  }
}

void blt_mbatch_put(blt_mbatch b, int64_t p, const double *x, int64_t ldx) {
  const bla_dmat_batch m = b.d;
  int64_t i, j;
  for (j = 0; j < m.cols; ++j)
    for (i = 0; i < m.rows; ++i) {
      const int64_t off = p * m.bs + i * m.rs + j * m.cs;
      if (b.is_float)
        b.s.data[off] = (float)x[i + j * ldx];
      else
        b.d.data[off] = x[i + j * ldx];
    }
}

void blt_mbatch_get(blt_mbatch b, int64_t p, double *x, int64_t ldx) {
  const bla_dmat_batch m = b.d;
  int64_t i, j;
  for (j = 0; j < m.cols; ++j)
    for (i = 0; i < m.rows; ++i) {
      const int64_t off = p * m.bs + i * m.rs + j * m.cs;
      x[i + j * ldx] = b.is_float ? (double)b.s.data[off] : b.d.data[off];
    }
}

int blt_mbatch_padding_intact(blt_mbatch b) {
  const bla_dmat_batch m = b.d;
  const size_t es = elem_size(b.is_float), len = b.bytes / es;
  const unsigned char *bytes = (const unsigned char *)b.data;
  unsigned char *owned = (unsigned char *)blt_xcalloc(len, 1);
  int64_t p, i, j;
  size_t k, t;
  int ok = 1;
  for (p = 0; p < m.count; ++p)
    for (j = 0; j < m.cols; ++j)
      for (i = 0; i < m.rows; ++i)
        owned[p * m.bs + i * m.rs + j * m.cs] = 1;
  for (k = 0; k < len && ok; ++k)
    if (!owned[k])
      for (t = 0; t < es; ++t)
        if (bytes[k * es + t] != BLT_SENTINEL)
          ok = 0;
  free(owned);
  return ok;
}

/* ---- Batches of tridiagonal problems ------------------------------------- */

blt_st_set blt_st_set_new(blt_prec prec, int64_t n, const int *types,
                          int ntypes, int reps, uint64_t seed, int with_q) {
  blt_st_set s;
  blt_rng rng;
  const size_t nn = (size_t)(n > 0 ? n : 1);
  int64_t p;
  memset(&s, 0, sizeof s);
  s.prec = prec;
  s.n = n;
  s.count = (int64_t)ntypes * reps;
  s.type = (int *)blt_xcalloc((size_t)s.count, sizeof(int));
  s.d = (double *)blt_xcalloc((size_t)s.count * nn, sizeof(double));
  s.e = (double *)blt_xcalloc((size_t)s.count * nn, sizeof(double));
  s.ref = (double *)blt_xcalloc((size_t)s.count * nn, sizeof(double));
  s.tnorm = (double *)blt_xcalloc((size_t)s.count, sizeof(double));
  if (with_q)
    s.q = (double *)blt_xcalloc((size_t)s.count * nn * nn, sizeof(double));
  blt_rng_seed(&rng, seed);
  for (p = 0; p < s.count; ++p) {
    double *d = s.d + p * n, *e = s.e + p * n;
    int info;
    s.type[p] = types[p % ntypes];
    info = blt_st_generate(s.type[p], n, prec, &rng, d, e);
    if (info == 0 && with_q) {
      info = blt_random_orthogonal(n, &rng, s.q + p * n * n, n);
      blt_round_array(prec, s.q + p * n * n, (size_t)(n * n));
    }
    if (info == 0)
      info = blt_st_ref_eigenvalues(n, d, e, s.ref + p * n);
    if (info != 0) {
      fprintf(stderr, "bla_test: generating type %d, n = %lld failed (%d)\n",
              s.type[p], (long long)n, info);
      abort();
    }
    s.tnorm[p] = blt_st_norm1(n, d, e);
  }
  return s;
}

blt_st_set blt_st_set_all(blt_prec prec, int64_t n, int reps, uint64_t seed,
                          int with_q) {
  int types[BLT_ST_NTYPES], i;
  for (i = 0; i < BLT_ST_NTYPES; ++i)
    types[i] = i + 1;
  return blt_st_set_new(prec, n, types, BLT_ST_NTYPES, reps, seed, with_q);
}

void blt_st_set_free(blt_st_set *s) {
  BLT_FREE_ALL(s->type, s->d, s->e, s->q, s->ref, s->tnorm);
  memset(s, 0, sizeof *s);
}

const char *blt_st_mode_name(blt_st_mode mode) {
  static const char *const names[4] = {"sterf", "steqr(NONE)", "steqr(INIT)",
                                       "steqr(UPDATE)"};
  return mode >= BLT_ST_STERF && mode <= BLT_ST_UPDATE ? names[mode]
                                                       : "(unknown mode)";
}

blt_st_batch blt_st_batch_new(const blt_st_set *s, blt_layout layout,
                              blt_zinit zinit, const int64_t *idx,
                              int64_t count) {
  blt_st_batch b;
  const int64_t n = s->n, ne = n > 0 ? n - 1 : 0;
  double *nans = NULL;
  int64_t p;
  if (!idx)
    count = s->count;
  b.prec = s->prec;
  b.count = count;
  b.n = n;
  b.d = blt_vbatch_new(s->prec.is_float, layout, count, n);
  b.e = blt_vbatch_new(s->prec.is_float, layout, count, ne);
  if (zinit == BLT_Z_ABSENT)
    b.z = blt_mbatch_none(s->prec.is_float, count);
  else
    b.z = blt_mbatch_new(s->prec.is_float, layout, count, n, n, 1);
  if (zinit == BLT_Z_NAN) {
    nans = (double *)blt_xmalloc((size_t)(n * n) * sizeof(double));
    for (p = 0; p < n * n; ++p)
      nans[p] = NAN;
  }
  for (p = 0; p < count; ++p) {
    const int64_t k = idx ? idx[p] : p;
    blt_vbatch_put(b.d, p, s->d + k * n);
    blt_vbatch_put(b.e, p, s->e + k * n);
    if (zinit == BLT_Z_NAN)
      blt_mbatch_put(b.z, p, nans, n);
    else if (zinit == BLT_Z_Q && s->q)
      blt_mbatch_put(b.z, p, s->q + k * n * n, n);
  }
  free(nans);
  return b;
}

void blt_st_batch_free(blt_st_batch *b) {
  blt_vbatch_free(&b->d);
  blt_vbatch_free(&b->e);
  blt_mbatch_free(&b->z);
}

void blt_st_batch_read(const blt_st_batch *b, int64_t p, double *lambda,
                       double *e, double *z) {
  blt_vbatch_get(b->d, p, lambda);
  if (e)
    blt_vbatch_get(b->e, p, e);
  if (z)
    blt_mbatch_get(b->z, p, z, b->n);
}

bla_status blt_st_solve(blt_st_mode mode, const blt_st_batch *b, int *info,
                        const bla_exec *exec) {
  bla_compz compz = mode == BLT_ST_INIT     ? BLA_COMPZ_INIT
                    : mode == BLT_ST_UPDATE ? BLA_COMPZ_UPDATE
                                            : BLA_COMPZ_NONE;
  if (b->prec.is_float)
    return mode == BLT_ST_STERF
               ? bla_ssterf_batch(b->d.s, b->e.s, info, exec)
               : bla_ssteqr_batch(compz, b->d.s, b->e.s, b->z.s, info, exec);
  return mode == BLT_ST_STERF
             ? bla_dsterf_batch(b->d.d, b->e.d, info, exec)
             : bla_dsteqr_batch(compz, b->d.d, b->e.d, b->z.d, info, exec);
}

blt_st_ratios blt_st_check(const blt_st_set *s, int64_t p, int update,
                           const double *lambda, const double *z,
                           const double *lambda_values) {
  const int64_t n = s->n;
  const double *d = s->d + p * n, *e = s->e + p * n;
  const double ulp = s->prec.ulp, unfl = s->prec.unfl;
  blt_st_ratios r;
  r.resid = r.orth = r.vals = 0.0;
  r.eig = blt_max_diff_ratio(n, lambda, s->ref + p * n, s->tnorm[p], ulp, unfl);
  if (lambda_values)
    r.vals =
        blt_max_diff_ratio(n, lambda, lambda_values, s->tnorm[p], ulp, unfl);
  if (z && n > 0) {
    if (update) {
      double *a = (double *)blt_xmalloc((size_t)(n * n) * sizeof(double));
      blt_st_similar(n, d, e, s->q + p * n * n, n, a, n);
      r.resid = blt_sym_resid(n, a, n, lambda, z, n, ulp, unfl);
      free(a);
    } else {
      r.resid = blt_st_resid(n, d, e, lambda, z, n, ulp, unfl);
    }
    r.orth = blt_orth_resid(n, z, n, ulp);
  }
  return r;
}
