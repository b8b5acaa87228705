/* Fuzz target: algebraic Riccati equations, bla_{d,s}solve_continuous_are
 * and solve_discrete_are _batch. Decoding: op, precision, exec
 * (fuzz_support.c), then count, n, m, the views a, b, q, r (inputs) and x
 * (output), and per problem the matrices' kinds and entries.
 *
 * The contract checked: the first non-finite input gives its documented
 * code (-1 a, -2 b, -3 q, -4 r) with x NaN; finite inputs give info 0 to
 * 5, x NaN for info > 0, and for info 0 an X that is finite and exactly
 * symmetric; a, b, q and r are never written. Accuracy is the unit tests'
 * business: random pencils are mostly far from any benchmark's
 * conditioning. */
#include <math.h>

#include "fuzz_support.h"

static const char *const ops[] = {"solve_continuous_are", "solve_discrete_are"};
enum { CARE, DARE };
enum { A, B, Q, R, X };

static int decode(fz_ctx *c) {
  const int64_t count = fz_dim(c, 6), n0 = fz_dim(c, 8), m0 = fz_dim(c, 8);
  int64_t n, m;
  fz_view_add(c, "a", FZ_REAL, FZ_IN, FZ_MB, 0, count, n0, n0);
  fz_view_expect(c, A, -1, -1, c->v[A].rows);
  c->count = c->v[A].count;
  n = c->v[A].rows;
  fz_view_add(c, "b", FZ_REAL, FZ_IN, FZ_MB, 0, c->count, n, m0);
  fz_view_expect(c, B, c->count, n, -1);
  m = c->v[B].cols;
  fz_view_add(c, "q", FZ_REAL, FZ_IN, FZ_MB, 0, c->count, n, n);
  fz_view_add(c, "r", FZ_REAL, FZ_IN, FZ_MB, 0, c->count, m, m);
  /* x may start at none of the inputs' data. */
  c->v[A].rovec = c->v[B].rovec = c->v[Q].rovec = c->v[R].rovec = 1;
  fz_view_add(c, "x", FZ_REAL, FZ_OUT, FZ_MB, 0, c->count, n, n);
  return 0;
}

#define DEFINE_CALL(P)                                                         \
  static bla_status call_##P(const fz_ctx *c, fz_view *v, int *info,           \
                             const bla_exec *ex) {                             \
    return c->op == CARE                                                       \
               ? bla_##P##solve_continuous_are_batch(                          \
                     fz_##P##mb(&v[A]), fz_##P##mb(&v[B]), fz_##P##mb(&v[Q]),  \
                     fz_##P##mb(&v[R]), fz_##P##mb(&v[X]), info, ex)           \
               : bla_##P##solve_discrete_are_batch(                            \
                     fz_##P##mb(&v[A]), fz_##P##mb(&v[B]), fz_##P##mb(&v[Q]),  \
                     fz_##P##mb(&v[R]), fz_##P##mb(&v[X]), info, ex);          \
  }
FZ_CALL_BY_PRECISION

static void check(fz_ctx *c, int64_t p, int info) {
  const int64_t n = c->v[A].rows;
  int expect = 0, k;
  int64_t i, j;
  if (n > 64 || c->v[B].cols > 64)
    return;
  for (k = R; k >= A; --k)
    if (!fz_view_range(c, k, p, 0, 0).finite)
      expect = -(k + 1);
  if (expect != 0 ? info != expect : info < 0 || info > 5 || (n == 0 && info))
    fz_fail(c, "problem %lld: info %d, expected %s%d", (long long)p, info,
            expect == 0 ? "0 to 5, not " : "", expect);
  if (info != 0) {
    if (!fz_view_all_nan(c, X, p))
      fz_fail(c, "problem %lld: info %d but x is not all NaN", (long long)p,
              info);
    return;
  }
  if (!fz_view_range(c, X, p, 1, 0).finite)
    fz_fail(c, "problem %lld: info 0 but X is not finite", (long long)p);
  for (j = 0; j < n; ++j)
    for (i = 0; i < j; ++i)
      if (fz_at(c, X, p, i, j, 1) != fz_at(c, X, p, j, i, 1))
        fz_fail(c, "problem %lld: X not symmetric at (%lld, %lld)",
                (long long)p, (long long)i, (long long)j);
}

FZ_TARGET("riccati", fz_fill_inputs)
