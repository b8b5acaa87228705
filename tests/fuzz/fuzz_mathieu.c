/* Fuzz target: Mathieu batch drivers, bla_{d,s}mathieu_ab_all_batch,
 * angular_batch and radial_batch. Decoding: op, precision, exec
 * (fuzz_support.c), then count, the orders (ab_all) or kind (angular,
 * radial), the views, and per entry q, x or z and m from the palette or
 * from lists of interesting values (q = 0 and tiny, large |q|, orders
 * past the truncation limit, invalid orders). */
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>

#include "fuzz_support.h"

static const char *const ops[] = {"ab_all", "angular", "radial"};
enum { AB, ANG, RAD };
/* ab_all: q, a, b. angular: x, m, q, f, fp. radial: z, m, q, f1 .. f2p. */
enum { QA = 0, AA = 1, BA = 2 };
enum { X = 0, M = 1, Q = 2, F = 3 };

static int decode(fz_ctx *c) {
  const int64_t count = fz_dim(c, 10);
  int bad = 0, k;
  if (c->op == AB) {
    const int64_t na = fz_dim(c, 40), nb = fz_dim(c, 40);
    fz_view_add(c, "q", FZ_REAL, FZ_IN, FZ_PV, 0, count, 1, 1);
    fz_view_expect(c, QA, -1, 1, 1);
    c->count = c->v[QA].count;
    c->v[QA].rovec = c->v[QA].rospan = 1;
    fz_view_add(c, "a", FZ_REAL, FZ_OUT, FZ_VB, 1, c->count, na, 1);
    fz_view_add(c, "b", FZ_REAL, FZ_OUT, FZ_VB, 1, c->count, nb, 1);
    fz_view_expect(c, AA, c->count, -1, 1);
    fz_view_expect(c, BA, c->count, -1, 1);
    return 0;
  }
  c->opt[0] = fz_enum(c, 2, &bad);
  if (bad)
    fz_reject(c, "invalid kind");
  fz_view_add(c, c->op == ANG ? "x" : "z", FZ_REAL, FZ_IN, FZ_PV, 0, count, 1,
              1);
  fz_view_expect(c, X, -1, 1, 1);
  c->count = c->v[X].count;
  /* m has no length of its own: count entries at m_inc. */
  fz_view_add(c, "m", FZ_INT, FZ_IN, FZ_PV, 0, c->count, 1, 1);
  c->v[M].count = c->count;
  fz_view_add(c, "q", FZ_REAL, FZ_IN, FZ_PV, 0, c->count, 1, 1);
  if (c->op == ANG) {
    fz_view_add(c, "f", FZ_REAL, FZ_OUT, FZ_PV, 1, c->count, 1, 1);
    fz_view_add(c, "fp", FZ_REAL, FZ_OUT, FZ_PV, 1, c->count, 1, 1);
  } else {
    fz_view_add(c, "f1", FZ_REAL, FZ_OUT, FZ_PV, 1, c->count, 1, 1);
    fz_view_add(c, "f1p", FZ_REAL, FZ_OUT, FZ_PV, 1, c->count, 1, 1);
    fz_view_add(c, "f2", FZ_REAL, FZ_OUT, FZ_PV, 1, c->count, 1, 1);
    fz_view_add(c, "f2p", FZ_REAL, FZ_OUT, FZ_PV, 1, c->count, 1, 1);
  }
  for (k = Q; k < c->nv; ++k)
    fz_view_expect(c, k, c->count, 1, 1);
  c->v[X].rovec = c->v[Q].rovec = 1;
  return 0;
}

static double q_value(fz_ctx *c) {
  static const double qs[24] = {0.0,   -0.0, 1e-300, -1e-300,  4.9e-324, 1e-12,
                                -1e-8, 1e-4, 0.25,   1.0,      -1.0,     5.0,
                                -5.0,  25.0, 100.0,  -100.0,   1e3,      1e4,
                                -1e4,  1e5,  NAN,    INFINITY, 2.0,      1e-20};
  switch (fz_u8(c) % 4) {
  case 0:
    return fz_val(c);
  case 1:
    return qs[fz_u8(c) % 24];
  case 2:
    return fz_moderate(c) * 8;
  default:
    return fz_moderate(c);
  }
}

static int m_value(fz_ctx *c) {
  static const int ms[8] = {20, 50, 100, 400, 9000, -1, INT_MAX, INT_MIN};
  const uint8_t b = fz_u8(c);
  return b < 224 ? b % 11 : ms[b % 8];
}

static double x_value(fz_ctx *c, int radial) {
  static const double xs[16] = {0.0,
                                1.5707963267948966,
                                3.141592653589793,
                                1.0,
                                -1.0,
                                0.1,
                                10.0,
                                100.0,
                                1e5,
                                1e300,
                                NAN,
                                INFINITY,
                                1e-300,
                                0.05,
                                3.0,
                                -0.5};
  double x;
  switch (fz_u8(c) % 3) {
  case 0:
    x = fz_val(c);
    break;
  case 1:
    x = xs[fz_u8(c) % 16];
    break;
  default:
    x = fz_moderate(c);
    break;
  }
  /* The radial functions are wanted at z >= 0, mostly below a few units. */
  return radial && fz_u8(c) % 4 != 0 ? fabs(x) : x;
}

static void fill(fz_ctx *c) {
  int64_t p;
  if (c->op == AB) {
    if (fz_live(c, QA))
      for (p = 0; p < c->v[QA].count; ++p)
        fz_put(c, QA, p, 0, 0, q_value(c));
    return;
  }
  /* m_inc 0 or a q stride 0 broadcast one value: write in order, so
   * that the last write is what every entry reads. */
  if (fz_live(c, M))
    for (p = 0; p < c->v[M].count; ++p)
      fz_put_int(c, M, p, m_value(c));
  if (fz_live(c, Q))
    for (p = 0; p < c->v[Q].count; ++p) {
      const double q = q_value(c);
      fz_put(c, Q, p, 0, 0, c->op == RAD && fz_u8(c) % 4 != 0 ? fabs(q) : q);
    }
  if (fz_live(c, X))
    for (p = 0; p < c->v[X].count; ++p)
      fz_put(c, X, p, 0, 0, x_value(c, c->op == RAD));
}

static bla_status call(const fz_ctx *c, fz_view *v, int *info,
                       const bla_exec *ex) {
  const bla_mathieu_kind kind = (bla_mathieu_kind)c->opt[0];
  if (c->f32) {
    if (c->op == AB)
      return bla_smathieu_ab_all_batch(fz_sv(&v[QA]), fz_svb(&v[AA]),
                                       fz_svb(&v[BA]), info, ex);
    if (c->op == ANG)
      return bla_smathieu_angular_batch(
          kind, fz_iv(&v[M]), fz_iinc(&v[M]), fz_sv(&v[Q]), fz_sv(&v[X]),
          fz_sv(&v[F]), fz_sv(&v[F + 1]), info, ex);
    return bla_smathieu_radial_batch(kind, fz_iv(&v[M]), fz_iinc(&v[M]),
                                     fz_sv(&v[Q]), fz_sv(&v[X]), fz_sv(&v[F]),
                                     fz_sv(&v[F + 1]), fz_sv(&v[F + 2]),
                                     fz_sv(&v[F + 3]), info, ex);
  }
  if (c->op == AB)
    return bla_dmathieu_ab_all_batch(fz_dv(&v[QA]), fz_dvb(&v[AA]),
                                     fz_dvb(&v[BA]), info, ex);
  if (c->op == ANG)
    return bla_dmathieu_angular_batch(kind, fz_iv(&v[M]), fz_iinc(&v[M]),
                                      fz_dv(&v[Q]), fz_dv(&v[X]), fz_dv(&v[F]),
                                      fz_dv(&v[F + 1]), info, ex);
  return bla_dmathieu_radial_batch(kind, fz_iv(&v[M]), fz_iinc(&v[M]),
                                   fz_dv(&v[Q]), fz_dv(&v[X]), fz_dv(&v[F]),
                                   fz_dv(&v[F + 1]), fz_dv(&v[F + 2]),
                                   fz_dv(&v[F + 3]), info, ex);
}

static void outputs_nan(fz_ctx *c, int64_t p, int info, int first) {
  int k;
  for (k = first; k < c->nv; ++k)
    if (fz_live(c, k) && !fz_view_all_nan(c, k, p))
      fz_fail(c, "problem %lld: info %d but %s not NaN", (long long)p, info,
              c->v[k].name);
}

static void check_ab(fz_ctx *c, int64_t p, int info) {
  const long double q = fz_at(c, QA, p, 0, 0, 0);
  int k;
  int64_t i;
  if (info != 0 && info != -1 && info != 1 && info != 2)
    fz_fail(c, "problem %lld: undocumented info %d at q = %Lg", (long long)p,
            info, q);
  if ((info == -1) != !isfinite(q))
    fz_fail(c, "problem %lld: info %d at q = %Lg", (long long)p, info, q);
  if (info != 0) {
    outputs_nan(c, p, info, AA);
    return;
  }
  for (k = AA; k <= BA; ++k) {
    if (!fz_live(c, k))
      continue;
    for (i = 0; i < c->v[k].rows; ++i) {
      /* a_m (m = i) or b_m (m = i + 1) lies within 3|q| of m^2: the
       * recurrence matrices are diag(m^2) plus a part of norm <= 3|q|
       * (Weyl). Each sequence ascends. */
      const long double m = k == AA ? i : i + 1;
      const long double v = fz_at(c, k, p, i, 0, 1);
      const long double tol =
          3 * fabsl(q) + 256 * (long double)c->eps * (m * m + fabsl(q) + 1);
      if (!isfinite(v) || !(fabsl(v - m * m) <= tol))
        fz_fail(c,
                "problem %lld: %s_%Lg(%Lg) = %.17Lg, not within %Lg of "
                "%Lg",
                (long long)p, k == AA ? "a" : "b", m, q, v, tol, m * m);
      /* Within one class the values ascend strictly, but a_2n and
       * a_2n+1 (q < 0) are exponentially close for large |q|: rounding
       * may order them either way. */
      if (i > 0 && !(fz_at(c, k, p, i - 1, 0, 1) <=
                     v + 64 * (long double)c->eps * (fabsl(v) + 1)))
        fz_fail(c, "problem %lld: %s not ascending at %lld", (long long)p,
                c->v[k].name, (long long)i);
    }
  }
}

static void check_fn(fz_ctx *c, int64_t p, int info) {
  static const long double pi = 3.141592653589793238462643383279503L;
  const int m = fz_at_int(c, M, p), se = c->opt[0] == BLA_MATHIEU_SE;
  const long double q = fz_at(c, Q, p, 0, 0, 0), x = fz_at(c, X, p, 0, 0, 0);
  /* info is the expansion's (-2 m, -3 q non-finite; 1, 2 failures) when
   * it failed, else the reduction's (radial: -3 q <= 0, -5 z; angular: -4
   * x; radial 3 the Wronskian). */
  const int bad_m = se ? m < 1 : m < 0;
  const int exp_bad = bad_m || !isfinite(q);
  const int red_bad = !isfinite(x) || (c->op == RAD && (q <= 0 || x < 0));
  const int ok = exp_bad                  ? info == (bad_m ? -2 : -3)
                 : info == 1 || info == 2 ? 1
                 : red_bad
                     ? (c->op == ANG ? info == -4 : info == (q <= 0 ? -3 : -5))
                     : info == 0 || (c->op == RAD && info == 3);
  long double v[4];
  int k;
  if (!ok)
    fz_fail(c, "problem %lld: info %d for m %d, q %Lg, x %Lg", (long long)p,
            info, m, q, x);
  if (info != 0) {
    outputs_nan(c, p, info, F);
    return;
  }
  for (k = F; k < c->nv; ++k) {
    v[k - F] = fz_live(c, k) ? fz_at(c, k, p, 0, 0, 1) : 0;
    if (!isfinite(v[k - F]))
      fz_fail(c, "problem %lld: %s = %Lg with info 0 (m %d, q %Lg, x %Lg)",
              (long long)p, c->v[k].name, v[k - F], m, q, x);
  }
  if (c->op == RAD) {
    /* The routine keeps an evaluation only when its Wronskian
     * f1 f2' - f1' f2 = 2/pi holds to 1e4 eps. */
    long double w, s;
    if (c->nv < F + 4 || !fz_live(c, F) || !fz_live(c, F + 1) ||
        !fz_live(c, F + 2) || !fz_live(c, F + 3))
      return;
    w = v[0] * v[3] - v[1] * v[2];
    s = fabsl(v[0] * v[3]) + fabsl(v[1] * v[2]) + 1;
    if (!(fabsl(w - 2 / pi) <= 1e5L * (long double)c->eps * s))
      fz_fail(c, "problem %lld: Wronskian %.17Lg (m %d, q %Lg, z %Lg)",
              (long long)p, w, m, q, x);
    return;
  }
  /* ce_m(0, q) > 0 and se_m(0, q) = 0 with se_m'(0, q) > 0 (the sign
   * rule), to rounding: for large q these values are exponentially small
   * sums of O(1) coefficients. */
  if (x == 0) {
    const long double tol =
        1000 * (long double)c->eps * (m + 1 + sqrtl(fabsl(q)));
    if (fz_live(c, F) && (se ? v[0] != 0 : !(v[0] >= -tol)))
      fz_fail(c, "problem %lld: %s_%d(0, %Lg) = %Lg", (long long)p,
              se ? "se" : "ce", m, q, v[0]);
    if (se && fz_live(c, F + 1) && !(v[1] >= -tol * (m + 1 + sqrtl(fabsl(q)))))
      fz_fail(c, "problem %lld: se'_%d(0, %Lg) = %Lg", (long long)p, m, q,
              v[1]);
  }
  /* At q -> 0 the functions tend to cos(m x) (1/sqrt2 for m = 0) and
   * sin(m x), with corrections of order q. */
  if (fabsl(q) <= 1e-10L && fabsl(x) <= 64 && m <= 64) {
    const long double mx = m * x;
    const long double f0 = se ? sinl(mx) : m == 0 ? sqrtl(0.5L) : cosl(mx);
    const long double d0 = se ? m * cosl(mx) : -m * sinl(mx);
    const long double tol =
        8 * fabsl(q) * (m + 2) + 1000 * (long double)c->eps * (m + 1) * (m + 1);
    if ((fz_live(c, F) && !(fabsl(v[0] - f0) <= tol)) ||
        (fz_live(c, F + 1) && !(fabsl(v[1] - d0) <= tol * (m + 1))))
      fz_fail(c,
              "problem %lld: %s_%d(%Lg, %Lg) = %.17Lg, %.17Lg; q -> 0 "
              "limit %.17Lg, %.17Lg",
              (long long)p, se ? "se" : "ce", m, x, q, v[0], v[1], f0, d0);
  }
}

static void check(fz_ctx *c, int64_t p, int info) {
  if (c->op == AB)
    check_ab(c, p, info);
  else
    check_fn(c, p, info);
}

FZ_TARGET("mathieu", fill)
