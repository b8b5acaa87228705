/* Fuzz target: spheroidal batch drivers, bla_{d,s}spheroidal_cv_all_batch,
 * angular_batch, radial_batch and flammer_factor_batch. Decoding: op,
 * precision, exec (fuzz_support.c), then count, the kind, the order m
 * (cv_all) or the views (m, n, c and eta or xi), and per entry m, n, c
 * and eta or xi from the palette or from lists of interesting values
 * (c = 0 and tiny, c past the truncation limit, m past 512, degrees near
 * the int limits, eta and xi at and just beyond their interval ends).
 * Sizes stay modest (n - m <= 60 and c <= 200 apart from the values past
 * the limits, which the routines refuse early) so that a run is quick. */
#include <limits.h>
#include <math.h>
#include <stdlib.h>

#include "batchla/special/spheroidal.h"
#include "fuzz_support.h"

static const char *const ops[] = {"cv_all", "angular", "radial",
                                  "flammer_factor"};
enum { CV, ANG, RAD, FLAM };
/* cv_all: c, lambda. angular: eta, m, n, c, s, sp. radial: xi, m, n, c,
 * r1 .. r2p. flammer_factor: c, m, n, factor. */
enum { CC = 0, LAM = 1 };
enum { X = 0, M = 1, N = 2, C = 3, F = 4 };
enum { FC = 0, FM = 1, FN = 2, FF = 3 };

/* An order m (cv_all's opt[1], or an entry's): mostly small, sometimes
 * past 512 or negative. */
static int m_value(fz_ctx *c) {
  static const int ms[8] = {20, 60, 512, 513, 9000, -1, INT_MAX, INT_MIN};
  const uint8_t b = fz_u8(c);
  return b < 224 ? b % 11 : ms[b % 8];
}

static int decode(fz_ctx *c) {
  const int64_t count = fz_dim(c, 10);
  int bad = 0, k;
  c->opt[0] = fz_enum(c, 2, &bad);
  if (bad)
    fz_reject(c, "invalid kind");
  if (c->op == CV) {
    const int64_t L = fz_dim(c, 40);
    c->opt[1] = m_value(c);
    if (c->opt[1] < 0)
      fz_reject(c, "m < 0");
    fz_view_add(c, "c", FZ_REAL, FZ_IN, FZ_PV, 0, count, 1, 1);
    fz_view_expect(c, CC, -1, 1, 1);
    c->count = c->v[CC].count;
    /* The scratch is sized from c: an output over c is refused. */
    c->v[CC].rovec = c->v[CC].rospan = 1;
    fz_view_add(c, "lambda", FZ_REAL, FZ_OUT, FZ_VB, 0, c->count, L, 1);
    fz_view_expect(c, LAM, c->count, -1, 1);
    if (c->v[LAM].rows > INT_MAX)
      fz_reject(c, "lambda.n > INT_MAX");
    return 0;
  }
  if (c->op == FLAM) {
    fz_view_add(c, "c", FZ_REAL, FZ_IN, FZ_PV, 0, count, 1, 1);
    fz_view_expect(c, FC, -1, 1, 1);
    c->count = c->v[FC].count;
    c->v[FC].rovec = 1;
  } else {
    fz_view_add(c, c->op == ANG ? "eta" : "xi", FZ_REAL, FZ_IN, FZ_PV, 0, count,
                1, 1);
    fz_view_expect(c, X, -1, 1, 1);
    c->count = c->v[X].count;
    c->v[X].rovec = 1;
  }
  /* m and n have no length of their own: count entries at their strides. */
  k = fz_view_add(c, "m", FZ_INT, FZ_IN, FZ_PV, 0, c->count, 1, 1);
  c->v[k].count = c->count;
  k = fz_view_add(c, "n", FZ_INT, FZ_IN, FZ_PV, 0, c->count, 1, 1);
  c->v[k].count = c->count;
  if (c->op == FLAM) {
    fz_view_add(c, "factor", FZ_REAL, FZ_OUT, FZ_PV, 1, c->count, 1, 1);
    fz_view_expect(c, FF, c->count, 1, 1);
    return 0;
  }
  fz_view_add(c, "c", FZ_REAL, FZ_IN, FZ_PV, 0, c->count, 1, 1);
  c->v[C].rovec = 1;
  /* The outputs, each optional. */
  {
    static const char *const outs[2][4] = {{"s", "sp", NULL, NULL},
                                           {"r1", "r1p", "r2", "r2p"}};
    const char *const *o = outs[c->op == RAD];
    for (k = 0; k < 4 && o[k]; ++k)
      fz_view_add(c, o[k], FZ_REAL, FZ_OUT, FZ_PV, 1, c->count, 1, 1);
  }
  for (k = C; k < c->nv; ++k)
    fz_view_expect(c, k, c->count, 1, 1);
  return 0;
}

/* c: the palette, interesting values, or moderate ones (mostly >= 0). */
static double c_value(fz_ctx *c) {
  static const double cs[20] = {
      0.0,  -0.0,  1e-300, 4.9e-324, 1e-12, 1e-4, 0.1, 1.0,      2.5,  10.0,
      30.0, 100.0, 200.0,  1e5,      1e300, -1.0, NAN, INFINITY, 50.0, 5.0};
  switch (fz_u8(c) % 4) {
  case 0:
    return fz_val(c);
  case 1:
    return cs[fz_u8(c) % 20];
  case 2:
    return fabs(fz_moderate(c)) * 12; /* up to 192 */
  default:
    return fabs(fz_moderate(c));
  }
}

/* eta (angular) or xi (radial: >= 1 prolate, >= 0 oblate), at and just
 * beyond the interval ends among others. */
static double x_value(fz_ctx *c) {
  static const double es[16] = {-1.0,
                                1.0,
                                0.0,
                                -0.0,
                                0.5,
                                0.9999999999999999,
                                1.0000000000000002,
                                -1.0000000000000002,
                                1e-300,
                                0.99,
                                NAN,
                                INFINITY,
                                -0.3,
                                2.0,
                                0.75,
                                -0.999};
  static const double xs[16] = {1.0,
                                1.0000000000000002,
                                1.001,
                                1.05,
                                1.5,
                                2.0,
                                10.0,
                                1e3,
                                1e8,
                                1e300,
                                0.0,
                                0.5,
                                NAN,
                                INFINITY,
                                0.9999999999999999,
                                3.0};
  switch (fz_u8(c) % 4) {
  case 0:
    return fz_val(c);
  case 1:
    return c->op == ANG ? es[fz_u8(c) % 16] : xs[fz_u8(c) % 16];
  default:
    return c->op == ANG
               ? fz_moderate(c) / 16 /* [-1, 1] */
               : (c->opt[0] == BLA_PROLATE ? 1 : 0) + fabs(fz_moderate(c)) / 4;
  }
}

/* The degree of an entry of order m: mostly m .. m + 60, sometimes
 * invalid or near the int limits. */
static int n_value(fz_ctx *c, int m) {
  const uint8_t b = fz_u8(c);
  if (b < 232)
    return m > INT_MAX - 60 ? m : m + b % 61;
  switch (b % 6) {
  case 0:
    return m > INT_MIN ? m - 1 : INT_MAX;
  case 1:
    return -1;
  case 2:
    return INT_MAX;
  case 3:
    return INT_MIN;
  case 4:
    return m > INT_MAX - 200 ? INT_MAX : m + 200;
  default:
    return 0;
  }
}

static void fill(fz_ctx *c) {
  const int km = c->op == FLAM ? FM : M, kn = c->op == FLAM ? FN : N;
  const int kc = c->op == FLAM ? FC : c->op == CV ? CC : C;
  int64_t p;
  /* m_inc, n_inc 0 or a stride 0 broadcast one value: write in order, so
   * that the last write is what every entry reads. */
  if (c->op != CV && fz_live(c, km))
    for (p = 0; p < c->v[km].count; ++p)
      fz_put_int(c, km, p, m_value(c));
  if (c->op != CV && fz_live(c, kn))
    for (p = 0; p < c->v[kn].count; ++p) {
      const int m = fz_live(c, km) ? fz_at_int_at(c, km, p, 0, 1) : 0;
      fz_put_int(c, kn, p, n_value(c, m));
    }
  if (fz_live(c, kc))
    for (p = 0; p < c->v[kc].count; ++p)
      fz_put(c, kc, p, 0, 0, c_value(c));
  if ((c->op == ANG || c->op == RAD) && fz_live(c, X))
    for (p = 0; p < c->v[X].count; ++p)
      fz_put(c, X, p, 0, 0, x_value(c));
}

#define DEFINE_CALL(P)                                                         \
  static bla_status call_##P(const fz_ctx *c, fz_view *v, int *info,           \
                             const bla_exec *ex) {                             \
    const bla_spheroidal_kind kind = (bla_spheroidal_kind)c->opt[0];           \
    if (c->op == CV)                                                           \
      return bla_##P##spheroidal_cv_all_batch(                                 \
          kind, c->opt[1], fz_##P##v(&v[CC]), fz_##P##vb(&v[LAM]), info, ex);  \
    if (c->op == FLAM)                                                         \
      return bla_##P##spheroidal_flammer_factor_batch(                         \
          kind, fz_iv(&v[FM]), fz_iinc(&v[FM]), fz_iv(&v[FN]),                 \
          fz_iinc(&v[FN]), fz_##P##v(&v[FC]), fz_##P##v(&v[FF]), info, ex);    \
    if (c->op == ANG)                                                          \
      return bla_##P##spheroidal_angular_batch(                                \
          kind, fz_iv(&v[M]), fz_iinc(&v[M]), fz_iv(&v[N]), fz_iinc(&v[N]),    \
          fz_##P##v(&v[C]), fz_##P##v(&v[X]), fz_##P##v(&v[F]),                \
          fz_##P##v(&v[F + 1]), info, ex);                                     \
    return bla_##P##spheroidal_radial_batch(                                   \
        kind, fz_iv(&v[M]), fz_iinc(&v[M]), fz_iv(&v[N]), fz_iinc(&v[N]),      \
        fz_##P##v(&v[C]), fz_##P##v(&v[X]), fz_##P##v(&v[F]),                  \
        fz_##P##v(&v[F + 1]), fz_##P##v(&v[F + 2]), fz_##P##v(&v[F + 3]),      \
        info, ex);                                                             \
  }
FZ_CALL_BY_PRECISION

/* Fails unless every live output from view first on of problem p is NaN. */
static void outputs_nan(fz_ctx *c, int64_t p, int info, int first, int last) {
  int k;
  for (k = first; k <= last; ++k)
    if (fz_live(c, k) && !fz_view_all_nan(c, k, p))
      fz_fail(c, "problem %lld: info %d but %s not NaN", (long long)p, info,
              c->v[k].name);
}

/* bla_?spheroidal_cv_all_lwork and bla_?spheroidal_coeffs_nterms in the
 * call's precision: 0 when the truncation is out of range. */
static bla_index lwork_cv(const fz_ctx *c, int m, long double cc) {
  const bla_spheroidal_kind kind = (bla_spheroidal_kind)c->opt[0];
  const bla_index L = c->v[LAM].rows;
  return c->f32 ? bla_sspheroidal_cv_all_lwork(kind, m, L, (float)cc)
                : bla_dspheroidal_cv_all_lwork(kind, m, L, (double)cc);
}

static bla_index nterms(const fz_ctx *c, int m, int n, long double cc) {
  const bla_spheroidal_kind kind = (bla_spheroidal_kind)c->opt[0];
  return c->f32 ? bla_sspheroidal_coeffs_nterms(kind, m, n, (float)cc)
                : bla_dspheroidal_coeffs_nterms(kind, m, n, (double)cc);
}

static void check_cv(fz_ctx *c, int64_t p, int info) {
  const long double cc = fz_at(c, CC, p, 0, 0, 0);
  const int m = c->opt[1];
  const int bad_c = !isfinite(cc) || cc < 0;
  const long double g = c->opt[0] == BLA_PROLATE ? cc * cc : -cc * cc;
  int64_t i;
  /* Out of range (m > 512, more than 4096 rows: the work length 0) is
   * info 1, unless no value is asked for; else 0 or 2 (solver failure). */
  const int far = !bad_c && c->v[LAM].rows > 0 && lwork_cv(c, m, cc) == 0;
  if (bad_c ? info != -3 : far ? info != 1 : info != 0 && info != 2)
    fz_fail(c, "problem %lld: info %d at m %d, c %Lg", (long long)p, info, m,
            cc);
  if (info != 0) {
    outputs_nan(c, p, info, LAM, LAM);
    return;
  }
  if (!fz_live(c, LAM))
    return;
  for (i = 0; i < c->v[LAM].rows; ++i) {
    /* The operator is diag(k(k+1)) + gamma^2 X^2 with 0 <= X^2 <= I on
     * each parity class: by Weyl the i-th value of a class lies within
     * gamma^2 of n(n+1) above (prolate) or below (oblate). */
    const long double n = (long double)m + i, d = n * (n + 1);
    const long double v = fz_at(c, LAM, p, i, 0, 1);
    const long double tol = 256 * (long double)c->eps * (d + cc * cc + 1);
    if (!isfinite(v) || !(v >= d + fminl(g, 0) - tol) ||
        !(v <= d + fmaxl(g, 0) + tol))
      fz_fail(c,
              "problem %lld: lambda_%d,%Lg(%Lg) = %.17Lg outside "
              "[%Lg, %Lg]",
              (long long)p, m, n, cc, v, d + fminl(g, 0), d + fmaxl(g, 0));
  }
}

/* The info of entry p's expansion (bla_dspheroidal_coeffs) when its
 * arguments are invalid, else 0. */
static int expansion_bad(int m, int n, long double cc) {
  if (m < 0)
    return -2;
  if (n < m)
    return -3;
  if (!isfinite(cc) || cc < 0)
    return -4;
  return 0;
}

static void check_fn(fz_ctx *c, int64_t p, int info) {
  const int km = c->op == FLAM ? FM : M, kn = c->op == FLAM ? FN : N;
  const int kc = c->op == FLAM ? FC : C, first = c->op == FLAM ? FF : F;
  const int prolate = c->opt[0] == BLA_PROLATE;
  const int m = fz_at_int(c, km, p), n = fz_at_int(c, kn, p);
  const long double cc = fz_at(c, kc, p, 0, 0, 0);
  const long double x = c->op == FLAM ? 0 : fz_at(c, X, p, 0, 0, 0);
  const int eb = expansion_bad(m, n, cc);
  /* The coefficients leave the floating range beyond this m
   * (spheroidal.h): -5 from the reduction (non-finite coefficients). */
  const int big_m = c->f32 ? 15 : 80;
  /* The reduction's argument codes: angular -6 eta outside [-1, 1];
   * radial -4 c <= 0, -6 xi out of range or infinite. */
  const int rb = c->op == ANG   ? (!(fabsl(x) <= 1) ? -6 : 0)
                 : c->op == RAD ? (!(cc > 0)                               ? -4
                                   : !(x >= (prolate ? 1 : 0)) || isinf(x) ? -6
                                                                           : 0)
                                : 0;
  long double v[4];
  int ok, k;
  /* The expansion out of range (m > 512, more than 4096 rows): info 1
   * and every output NaN. */
  const int far = !eb && nterms(c, m, n, cc) == 0;
  if (eb)
    ok = info == eb;
  else if (far)
    ok = info == 1;
  else if (info == 2 || (info == -5 && m > big_m))
    ok = 1; /* the eigensolver failed; coefficients beyond the range */
  else if (rb)
    ok = info == rb;
  else
    ok = info == 0 || (c->op == RAD && (info == 1 || info == 3));
  if (!ok)
    fz_fail(c, "problem %lld: info %d for m %d, n %d, c %Lg, x %Lg",
            (long long)p, info, m, n, cc, x);
  if (info < 0 || info >= 2 || (info == 1 && (far || c->op != RAD))) {
    outputs_nan(c, p, info, first, c->nv - 1);
    return;
  }
  if (info == 1) /* radial: R2 and R2' NaN; R1, R1' as for info 0 */
    outputs_nan(c, p, info, F + 2, F + 3);
  /* Outputs are promised finite only below big_m; above, info 0 with a
   * NaN Ps and an infinite Ps' is seen (reported, not checked). */
  if (m > big_m)
    return;
  for (k = first; k < c->nv; ++k) {
    v[k - first] = fz_live(c, k) ? fz_at(c, k, p, 0, 0, 1) : 0;
    if (info == 1 && k >= F + 2)
      continue;
    /* At eta = +-1 Ps' is unbounded for m = 1 (documented: +-Inf). */
    if (c->op == ANG && k == F + 1 && m == 1 && fabsl(x) == 1)
      continue;
    /* So is R1' at prolate xi = 1 for m = 1: R1 carries the factor
     * (xi^2 - 1)^(m/2). */
    if (c->op == RAD && k == F + 1 && m == 1 && prolate && x == 1)
      continue;
    if (!isfinite(v[k - first]))
      fz_fail(c,
              "problem %lld: %s = %Lg with info %d (m %d, n %d, c %Lg, "
              "x %Lg)",
              (long long)p, c->v[k].name, v[k - first], info, m, n, cc, x);
  }
  if (c->op == RAD && info == 0 && fz_live(c, F) && fz_live(c, F + 1) &&
      fz_live(c, F + 2) && fz_live(c, F + 3)) {
    /* Accepted only where the Wronskian R1 R2' - R1' R2 = 1/(c (xi^2 -+
     * 1)) holds to a relative 1e4 eps: checked here to 1e5 eps. */
    const long double q = prolate ? x * x - 1 : x * x + 1;
    const long double w = (v[0] * v[3] - v[1] * v[2]) * cc * q;
    const long double s = (fabsl(v[0] * v[3]) + fabsl(v[1] * v[2])) * cc * q;
    if (!(fabsl(w - 1) <= 1e5L * (long double)c->eps * (s + 1)))
      fz_fail(c,
              "problem %lld: Wronskian c (xi^2 -+ 1) W = %.17Lg (m %d, "
              "n %d, c %Lg, xi %Lg)",
              (long long)p, w, m, n, cc, x);
  }
}

static void check(fz_ctx *c, int64_t p, int info) {
  (c->op == CV ? check_cv : check_fn)(c, p, info);
}

FZ_TARGET("spheroidal", fill)
