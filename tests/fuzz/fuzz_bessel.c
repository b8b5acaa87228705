/* Fuzz target: every Bessel _all_batch driver (J, Y, j, y, i, k and the
 * jy / sph_jy / sph_ik pairs, both precisions). Decoding: op, precision,
 * exec (fuzz_support.c), then count, the orders of each output, the views
 * x and outputs, and per problem an x from the palette, from a list of
 * branch points of the algorithms, or a moderate value. */
#include <float.h>
#include <math.h>
#include <stdlib.h>

#include "fuzz_support.h"

static const char *const ops[] = {"j",     "y",  "sph_j",  "sph_y", "sph_i",
                                  "sph_k", "jy", "sph_jy", "sph_ik"};
enum { J, Y, SJ, SY, SI, SK, JY, SJY, SIK };
enum { X, F, FP, G, GP };
enum { OUT = 1 };

static int single(const fz_ctx *c) {
  return c->op < JY;
}

static int decode(fz_ctx *c) {
  const int64_t count = fz_dim(c, 12);
  const int64_t nf = fz_dim(c, 160), ng = fz_dim(c, 160);
  int k;
  fz_view_add(c, "x", FZ_REAL, FZ_IN, FZ_PV, 0, count, 1, 1);
  fz_view_expect(c, X, -1, 1, 1);
  c->count = c->v[X].count;
  c->v[X].rovec = 1;
  if (single(c)) {
    fz_view_add(c, "out", FZ_REAL, FZ_OUT, FZ_VB, 0, c->count, nf, 1);
    fz_view_expect(c, OUT, c->count, -1, 1);
    /* NULL with no entries (n = 0): batchla.h rejects NULL data only
     * "where entries exist"; the drivers reject it whenever count > 0. */
    if (c->v[OUT].is_null && !(c->v[OUT].count > 0 && c->v[OUT].rows > 0))
      fz_ambiguous(c);
    return 0;
  }
  fz_view_add(c, c->op == SIK ? "i" : "j", FZ_REAL, FZ_OUT, FZ_VB, 1, c->count,
              nf, 1);
  fz_view_add(c, c->op == SIK ? "ip" : "jp", FZ_REAL, FZ_OUT, FZ_VB, 1,
              c->count, nf, 1);
  fz_view_add(c, c->op == SIK ? "k" : "y", FZ_REAL, FZ_OUT, FZ_VB, 1, c->count,
              ng, 1);
  fz_view_add(c, c->op == SIK ? "kp" : "yp", FZ_REAL, FZ_OUT, FZ_VB, 1,
              c->count, ng, 1);
  for (k = F; k <= GP; ++k)
    fz_view_expect(c, k, c->count, -1, 1);
  for (k = F; k <= G; k += 2)
    if (!c->v[k].is_null && !c->v[k + 1].is_null &&
        c->v[k].rows != c->v[k + 1].rows)
      fz_reject(c, "derivative length differs from its values'");
  return 0;
}

static void fill(fz_ctx *c) {
  /* Where the algorithms switch: series, Miller, Hankel (x > 25). */
  static const double xs[24] = {0.0,   -0.0, 1e-300, 4.9e-324, 1e-8,     0.5,
                                1.0,   2.5,  24.99,  25.0,     25.01,    30.0,
                                100.0, 1e3,  1e5,    1e8,      1e15,     1e300,
                                -1.0,  -25,  -100,   NAN,      INFINITY, -1e-8};
  int64_t p;
  if (!fz_live(c, X))
    return;
  for (p = 0; p < c->v[X].count; ++p) {
    double x;
    switch (fz_u8(c) % 4) {
    case 0:
      x = fz_val(c);
      break;
    case 1:
      x = xs[fz_u8(c) % 24];
      break;
    case 2:
      x = fz_moderate(c) * 4;
      break;
    default:
      x = fabs(fz_moderate(c));
      break;
    }
    fz_put(c, X, p, 0, 0, x);
  }
}

/* The op's batch driver of precision P (s or d), from tables in the order
 * of ops[]: the single sequences J .. SK, then the pairs JY .. SIK. */
#define DEFINE_CALL(P)                                                         \
  static bla_status call_##P(const fz_ctx *c, fz_view *v, int *info,           \
                             const bla_exec *ex) {                             \
    static bla_status (*const one[])(bla_##P##vec, bla_##P##vec_batch, int *,  \
                                     const bla_exec *) = {                     \
        bla_##P##bessel_j_all_batch,     bla_##P##bessel_y_all_batch,          \
        bla_##P##sph_bessel_j_all_batch, bla_##P##sph_bessel_y_all_batch,      \
        bla_##P##sph_bessel_i_all_batch, bla_##P##sph_bessel_k_all_batch};     \
    static bla_status (*const pair[])(                                         \
        bla_##P##vec, bla_##P##vec_batch, bla_##P##vec_batch,                  \
        bla_##P##vec_batch, bla_##P##vec_batch, int *, const bla_exec *) = {   \
        bla_##P##bessel_jy_all_batch, bla_##P##sph_bessel_jy_all_batch,        \
        bla_##P##sph_bessel_ik_all_batch};                                     \
    const bla_##P##vec x = fz_##P##v(&v[X]);                                   \
    if (c->op < JY)                                                            \
      return one[c->op](x, fz_##P##vb(&v[OUT]), info, ex);                     \
    return pair[c->op - JY](x, fz_##P##vb(&v[F]), fz_##P##vb(&v[FP]),          \
                            fz_##P##vb(&v[G]), fz_##P##vb(&v[GP]), info, ex);  \
  }
FZ_CALL_BY_PRECISION

/* Cross products: a b - s c d = rhs, checked against the documented
 * accuracy (a few ulp of the modulus sqrt(J^2 + Y^2) of each factor). */
static void cross(fz_ctx *c, int64_t p, const char *what, long double a,
                  long double b, long double s, long double cc, long double d,
                  long double rhs, long double ma, long double mb) {
  const long double scale = ma * mb;
  const long double lhs = a * b - s * cc * d;
  if (!isfinite(a) || !isfinite(b) || !isfinite(cc) || !isfinite(d) ||
      !isfinite(scale) || !isnormal(rhs) || !isfinite(rhs))
    return;
  if (!(fabsl(lhs - rhs) <= 4096 * (long double)c->eps * scale))
    fz_fail(c, "problem %lld: %s = %.17Lg, expected %.17Lg (scale %Lg)",
            (long long)p, what, lhs, rhs, scale);
}

static void check(fz_ctx *c, int64_t p, int info) {
  static const long double pi = 3.141592653589793238462643383279503L;
  const long double x = fz_at(c, X, p, 0, 0, 0);
  const int wantg = single(c) ? c->op == Y || c->op == SY || c->op == SK
                              : fz_live(c, G) || fz_live(c, GP);
  const int expect = !isfinite(x) || (wantg && x <= 0) ? -1 : 0;
  const int minimal = c->op == J || c->op == SJ || c->op == JY || c->op == SJY;
  int k;
  int64_t i;
  if (info != expect)
    fz_fail(c, "problem %lld: info %d at x = %Lg, expected %d", (long long)p,
            info, x, expect);
  for (k = 1; k < c->nv; ++k) {
    if (!fz_live(c, k))
      continue;
    for (i = 0; i < c->v[k].rows; ++i) {
      const long double v = fz_at(c, k, p, i, 0, 1);
      const int is_value = single(c) ? 1 : k == F || k == G;
      if (info != 0 ? !isnan(v) : isnan(v))
        fz_fail(c, "problem %lld: info %d, %s[%lld] = %Lg at x = %Lg",
                (long long)p, info, c->v[k].name, (long long)i, v, x);
      if (info != 0 || !is_value)
        continue;
      /* |J_n| <= 1 and |j_n| <= 1; i_n and k_n are positive for x > 0. */
      if (minimal && (single(c) || k == F) &&
          !(fabsl(v) <= 1 + 8 * (long double)c->eps))
        fz_fail(c, "problem %lld: |%s_%lld(%Lg)| = %Lg > 1", (long long)p,
                c->v[k].name, (long long)i, x, v);
      if (x > 0 && (c->op == SI || c->op == SK || c->op == SIK) && !(v >= 0))
        fz_fail(c, "problem %lld: %s_%lld(%Lg) = %Lg negative", (long long)p,
                c->v[k].name, (long long)i, x, v);
    }
  }
  if (single(c) || info != 0 || !(x > 0))
    return;
  {
    const long double w = c->op == JY    ? 2 / (pi * x)
                          : c->op == SJY ? 1 / (x * x)
                                         : pi / (2 * x * x);
    const long double s = c->op == SIK ? -1 : 1;
    const int64_t nf = fz_live(c, F) ? c->v[F].rows : 0;
    const int64_t ng = fz_live(c, G) ? c->v[G].rows : 0;
    const int64_t nd = fz_live(c, FP) && fz_live(c, GP) ? c->v[FP].rows : 0;
    for (i = 0; i + 1 < nf && i + 1 < ng; ++i) {
      const long double f0 = fz_at(c, F, p, i, 0, 1);
      const long double f1 = fz_at(c, F, p, i + 1, 0, 1);
      const long double g0 = fz_at(c, G, p, i, 0, 1);
      const long double g1 = fz_at(c, G, p, i + 1, 0, 1);
      /* J_{n+1} Y_n - J_n Y_{n+1} = 2/(pi x), j: 1/x^2;
       * i_n k_{n+1} + i_{n+1} k_n = pi/(2 x^2). */
      if (c->op == SIK)
        cross(c, p, "i_n k_n+1 + i_n+1 k_n", f0, g1, -1, f1, g0, w,
              fabsl(f0) + fabsl(g0), fabsl(f1) + fabsl(g1));
      else
        cross(c, p, "f_n+1 g_n - f_n g_n+1", f1, g0, 1, f0, g1, w,
              fabsl(f0) + fabsl(g0), fabsl(f1) + fabsl(g1));
    }
    for (i = 0; i < nd && i < nf && i < ng; ++i) {
      /* f g' - f' g = W (J, Y and j, y), -pi/(2 x^2) for i, k. */
      const long double f0 = fz_at(c, F, p, i, 0, 1);
      const long double g0 = fz_at(c, G, p, i, 0, 1);
      const long double fd = fz_at(c, FP, p, i, 0, 1);
      const long double gd = fz_at(c, GP, p, i, 0, 1);
      cross(c, p, "f g' - f' g", f0, gd, 1, fd, g0, s * w,
            fabsl(f0) + fabsl(g0), fabsl(fd) + fabsl(gd));
    }
  }
}

FZ_TARGET("bessel", fill)
