/* Fuzz target: matrix equations, bla_{d,s}trsyl, solve_sylvester,
 * solve_continuous_lyapunov and solve_discrete_lyapunov _batch. Decoding:
 * op, precision, exec (fuzz_support.c), then count, n, m (trsyl and
 * Sylvester), trana, tranb and isgn (trsyl), the views, and per problem
 * the matrices' kinds and entries. trsyl's a and b are mostly
 * quasi-triangular (triangular, or with 2x2 blocks where the input says),
 * sometimes full Hessenberg; their entries below the subdiagonal get
 * palette values (NaN included): they must not be read. */
#include <math.h>
#include <stdlib.h>

#include "fuzz_support.h"

static const char *const ops[] = {"trsyl", "solve_sylvester",
                                  "solve_continuous_lyapunov",
                                  "solve_discrete_lyapunov"};
enum { TRSYL, SYLV, CONT, DISC };
enum { A, B, C, SCALE };
enum { Q = 1 }; /* the Lyapunov solvers' right-hand side */

static int lyapunov(const fz_ctx *c) {
  return c->op == CONT || c->op == DISC;
}

static int decode(fz_ctx *c) {
  int bad = 0, bad_sgn = 0, sgn;
  int64_t n, m;
  const int64_t count = fz_dim(c, 6), n0 = fz_dim(c, 8);
  const int64_t m0 = lyapunov(c) ? 0 : fz_dim(c, 8);
  if (c->op == TRSYL) {
    c->opt[0] = fz_enum(c, 2, &bad);
    c->opt[1] = fz_enum(c, 2, &bad);
    /* isgn: 0 -> +1, 1 -> -1; an invalid draw of -1 is valid after all. */
    sgn = fz_enum(c, 2, &bad_sgn);
    c->opt[2] = bad_sgn ? sgn : sgn ? -1 : 1;
    if (bad || (c->opt[2] != 1 && c->opt[2] != -1))
      fz_reject(c, "invalid trana, tranb or isgn");
  }
  /* a sets count and n; b (m x m), c (n x m) or q (n x n) follow it. */
  fz_view_add(c, "a", FZ_REAL, FZ_IN, FZ_MB, 0, count, n0, n0);
  fz_view_expect(c, A, -1, -1, c->v[A].rows);
  c->count = c->v[A].count;
  n = c->v[A].rows;
  c->v[A].rovec = 1; /* the output may not start at a's data */
  if (lyapunov(c)) {
    fz_view_add(c, "q", FZ_REAL, FZ_INOUT, FZ_MB, 0, c->count, n, n);
    return 0;
  }
  fz_view_add(c, "b", FZ_REAL, FZ_IN, FZ_MB, 0, c->count, m0, m0);
  fz_view_expect(c, B, c->count, -1, c->v[B].rows);
  m = c->v[B].rows;
  c->v[B].rovec = 1;
  fz_view_add(c, "c", FZ_REAL, FZ_INOUT, FZ_MB, 0, c->count, n, m);
  if (c->op == TRSYL) {
    /* Only the upper Hessenberg parts of a and b are read; scale may
     * start at neither a, b nor c. */
    fz_view_pred(c, A, FZ_HESS, FZ_ALL, 0);
    fz_view_pred(c, B, FZ_HESS, FZ_ALL, 0);
    c->v[C].rovec = 1;
    fz_view_add(c, "scale", FZ_REAL, FZ_OUT, FZ_PV, 0, c->count, 1, 1);
  }
  return 0;
}

/* trsyl's a or b: a generated matrix cut to quasi-triangular form (a bit
 * of the input per diagonal position says whether a 2x2 block starts
 * there), triangular, or left upper Hessenberg; palette values below. */
static void fill_quasi(fz_ctx *c, int k) {
  const fz_view *v = &c->v[k];
  const int64_t n = v->rows;
  double *x;
  int64_t p, i, j;
  if (!fz_live(c, k) || n > 64)
    return;
  x = (double *)malloc(sizeof(double) * (size_t)(n * n + 1));
  for (p = 0; p < v->count; ++p) {
    const int form = fz_u8(c) % 4;
    const unsigned bits = fz_u8(c);
    fz_gen_matrix(c, fz_u8(c) % FZ_GEN_COUNT, n, x);
    for (j = 0; j < n; ++j)
      for (i = j + 2; i < n; ++i)
        x[i + j * n] = fz_val(c);
    for (i = 0; form != 3 && i + 1 < n; ++i) {
      /* forms 1, 2: a 2x2 block at i keeps x(i+1, i), and the next
       * subdiagonal entry is zero; form 0: triangular. */
      if (form != 0 && (bits >> (i % 8) & 1) && x[i + 1 + i * n] != 0) {
        if (i + 2 < n)
          x[i + 2 + (i + 1) * n] = 0;
        ++i;
        continue;
      }
      x[i + 1 + i * n] = 0;
    }
    for (j = 0; j < n; ++j)
      for (i = 0; i < n; ++i)
        fz_put(c, k, p, i, j, x[i + j * n]);
  }
  free(x);
}

static void fill(fz_ctx *c) {
  if (c->op != TRSYL) {
    fz_fill_inputs(c);
    return;
  }
  fill_quasi(c, A);
  fill_quasi(c, B);
  if (fz_live(c, C))
    fz_fill_generated(c, C, 1);
}

/* The op's batch driver of precision P (s or d). */
#define DEFINE_CALL(P)                                                         \
  static bla_status call_##P(const fz_ctx *c, fz_view *v, int *info,           \
                             const bla_exec *ex) {                             \
    switch (c->op) {                                                           \
    case TRSYL:                                                                \
      return bla_##P##trsyl_batch((bla_trans)c->opt[0], (bla_trans)c->opt[1],  \
                                  c->opt[2], fz_##P##mb(&v[A]),                \
                                  fz_##P##mb(&v[B]), fz_##P##mb(&v[C]),        \
                                  fz_##P##v(&v[SCALE]), info, ex);             \
    case SYLV:                                                                 \
      return bla_##P##solve_sylvester_batch(                                   \
          fz_##P##mb(&v[A]), fz_##P##mb(&v[B]), fz_##P##mb(&v[C]), info, ex);  \
    case CONT:                                                                 \
      return bla_##P##solve_continuous_lyapunov_batch(                         \
          fz_##P##mb(&v[A]), fz_##P##mb(&v[Q]), info, ex);                     \
    default:                                                                   \
      return bla_##P##solve_discrete_lyapunov_batch(                           \
          fz_##P##mb(&v[A]), fz_##P##mb(&v[Q]), info, ex);                     \
    }                                                                          \
  }
FZ_CALL_BY_PRECISION

/* r += s op(x) op(y): op(x) rows x k, op(y) k x cols, column-major. */
static void mul_add(int64_t rows, int64_t k, int64_t cols, long double s,
                    const long double *x, int tx, const long double *y, int ty,
                    long double *r) {
  int64_t i, j, l;
  for (j = 0; j < cols; ++j)
    for (i = 0; i < rows; ++i) {
      long double t = 0;
      for (l = 0; l < k; ++l)
        t += (tx ? x[l + i * k] : x[i + l * rows]) *
             (ty ? y[j + l * cols] : y[l + j * k]);
      r[i + j * rows] += s * t;
    }
}

/* Every entry of view k of problem p unchanged by the call. */
static int untouched(const fz_ctx *c, int k, int64_t p) {
  const fz_view *v = &c->v[k];
  int64_t i, j;
  for (j = 0; j < v->cols; ++j)
    for (i = 0; i < v->rows; ++i) {
      const long double x0 = fz_at(c, k, p, i, j, 0),
                        x1 = fz_at(c, k, p, i, j, 1);
      if (!(isnan(x0) && isnan(x1)) && (x0 != x1 || signbit(x0) != signbit(x1)))
        return 0;
    }
  return 1;
}

/* The relative residual of the equation solved, for bounded finite
 * inputs and info 0: |R|_F against the norms of its terms. */
static void check_residual(fz_ctx *c, int64_t p) {
  const int64_t n = c->v[A].rows, m = lyapunov(c) ? n : c->v[B].rows;
  const int out = lyapunov(c) ? Q : C;
  const size_t sz = sizeof(long double) * (size_t)((n + m) * (n + m) + 1);
  long double *a = (long double *)malloc(sz), *b = (long double *)malloc(sz),
              *c0 = (long double *)malloc(sz), *x = (long double *)malloc(sz),
              *r = (long double *)malloc(sz), *t = (long double *)malloc(sz);
  const long double k1 = (long double)(n + m + 1);
  const long double tol = 64 * (long double)c->eps * k1 * k1;
  long double na, nb, nx, nc, coef, e, s = 1;
  int64_t i, j;
  fz_get_mat(c, A, p, 0, a);
  fz_get_mat(c, out, p, 0, c0);
  fz_get_mat(c, out, p, 1, x);
  if (c->op == TRSYL || c->op == SYLV)
    fz_get_mat(c, B, p, 0, b);
  if (c->op == TRSYL) { /* entries below the subdiagonals are not read */
    for (j = 0; j < n; ++j)
      for (i = j + 2; i < n; ++i)
        a[i + j * n] = 0;
    for (j = 0; j < m; ++j)
      for (i = j + 2; i < m; ++i)
        b[i + j * m] = 0;
    s = fz_at(c, SCALE, p, 0, 0, 1);
  }
  na = fz_norm_f(n, n, a);
  nb = c->op == TRSYL || c->op == SYLV ? fz_norm_f(m, m, b) : na;
  nx = fz_norm_f(n, m, x);
  nc = fz_norm_f(n, m, c0);
  for (i = 0; i < n * m; ++i)
    r[i] = -s * c0[i];
  switch (c->op) {
  case TRSYL: /* op(A) X + isgn X op(B) - scale C */
    mul_add(n, n, m, 1, a, c->opt[0], x, 0, r);
    mul_add(n, m, m, c->opt[2], x, 0, b, c->opt[1], r);
    coef = na + nb;
    break;
  case SYLV: /* A X + X B - C */
    mul_add(n, n, m, 1, a, 0, x, 0, r);
    mul_add(n, m, m, 1, x, 0, b, 0, r);
    coef = na + nb;
    break;
  case CONT: /* A X + X A^T - Q */
    mul_add(n, n, n, 1, a, 0, x, 0, r);
    mul_add(n, n, n, 1, x, 0, a, 1, r);
    coef = 2 * na;
    break;
  default: /* A X A^T - X + Q */
    for (i = 0; i < n * n; ++i) {
      r[i] = c0[i] - x[i];
      t[i] = 0;
    }
    mul_add(n, n, n, 1, a, 0, x, 0, t);
    mul_add(n, n, n, 1, t, 0, a, 1, r);
    coef = na * na + 1;
    break;
  }
  e = fz_norm_f(n, m, r);
  /* |R| <= tol (coef |X| + scale |C|), coef |X| bounding the terms in X,
   * plus X's entries rounded at underflow: slack times (coef + 1 + |X|). */
  if (!(e <= tol * (coef * nx + s * nc) +
                 1000 * (long double)c->tiny * k1 * k1 * (coef + 1 + nx)))
    fz_fail(c,
            "problem %lld: residual %Lg of the equation, |A| %Lg, |B| %Lg, "
            "|X| %Lg, |C| %Lg, scale %Lg",
            (long long)p, e, na, nb, nx, nc, s);
  free(a);
  free(b);
  free(c0);
  free(x);
  free(r);
  free(t);
}

static void check(fz_ctx *c, int64_t p, int info) {
  const int64_t n = c->v[A].rows, m = lyapunov(c) ? n : c->v[B].rows;
  const int out = lyapunov(c) ? Q : C;
  const fz_range ar = fz_view_range(c, A, p, 0, 0);
  const fz_range br = lyapunov(c) ? ar : fz_view_range(c, B, p, 0, 0);
  const fz_range cr = fz_view_range(c, out, p, 0, 0);
  const int bounded = fz_bounded(c, ar.maxabs, n + m) &&
                      fz_bounded(c, br.maxabs, n + m) &&
                      fz_bounded(c, cr.maxabs, n + m);
  int expect, shape = 0;
  if (n > 64 || m > 64)
    return;
  /* The documented negative codes: the first non-finite argument (c or q
   * NaN after it); for trsyl then an a or b that is not quasi-triangular
   * (nothing touched). */
  if (c->op == TRSYL) {
    expect = !ar.finite ? -4 : !br.finite ? -5 : !cr.finite ? -6 : 0;
    if (expect == 0 && !fz_quasi_ok(c, A, p))
      expect = shape = -4;
    else if (expect == 0 && !fz_quasi_ok(c, B, p))
      expect = shape = -5;
  } else if (c->op == SYLV) {
    expect = !ar.finite ? -1 : !br.finite ? -2 : !cr.finite ? -3 : 0;
  } else {
    expect = !ar.finite ? -1 : !cr.finite ? -2 : 0;
  }
  /* Finite inputs: 0, or 1 (perturbed), 2 (X overflows; trsyl: even
   * scaled), 3 and 4 (Schur failed, not trsyl) where the solver gets that
   * far (n, m > 0). */
  if (expect != 0 ? info != expect
                  : info < 0 ||
                        info > (c->op == TRSYL  ? 2
                                : c->op == SYLV ? 4
                                                : 3) ||
                        (info != 0 && (n == 0 || m == 0)))
    fz_fail(c, "problem %lld: info %d, expected %s%d (a %s, b %s, c %s)",
            (long long)p, info, expect == 0 ? "0 to " : "", expect,
            ar.finite ? "finite" : "non-finite",
            br.finite ? "finite" : "non-finite",
            cr.finite ? "finite" : "non-finite");
  if (shape != 0) {
    if (!untouched(c, out, p) || !untouched(c, SCALE, p))
      fz_fail(c,
              "problem %lld: info %d (not quasi-triangular) but c or "
              "scale changed",
              (long long)p, info);
    return;
  }
  if (info < 0 || info >= 2) {
    if (!fz_view_all_nan(c, out, p) ||
        (c->op == TRSYL && !isnan(fz_at(c, SCALE, p, 0, 0, 1))))
      fz_fail(c, "problem %lld: info %d but the output is not all NaN",
              (long long)p, info);
    return;
  }
  if (c->op == TRSYL) {
    const long double s = fz_at(c, SCALE, p, 0, 0, 1);
    if (!(s > 0 && s <= 1))
      fz_fail(c, "problem %lld: scale %Lg outside (0, 1]", (long long)p, s);
  }
  /* An X that overflows is info 2, whatever the inputs. */
  if (!fz_view_range(c, out, p, 1, 0).finite)
    fz_fail(c, "problem %lld: info %d but X not finite", (long long)p, info);
  if (bounded && info == 0)
    check_residual(c, p);
}

FZ_TARGET("mateq", fill)
