/* tests/test_matrix_equations.c: tests of the Sylvester and Lyapunov
 * family, the batch drivers bla_{d,s}trsyl_batch,
 * bla_{d,s}solve_sylvester_batch, bla_{d,s}solve_continuous_lyapunov_batch
 * and bla_{d,s}solve_discrete_lyapunov_batch and their core routines.
 *
 * trsyl is checked as LAPACK's dchkec / dget3x check dtrsyl: random
 * quasi-triangular A and B with 1x1 and 2x2 blocks (standardized or not),
 * scaled towards under- and overflow, with A and -isgn B sharing their
 * eigenvalues, and with right-hand sides whose solution overflows (scale
 * < 1), by the residual ratio
 *   |op(A) X + isgn X op(B) - scale C|_1 / max((|A|_1 + |B|_1) |X|_1 ulp, unfl)
 * for every trana, tranb and isgn. The solvers are checked on the
 * nonsymmetric catalogue of LAPACK's dchkhs (bla_test_nonsym.h), every
 * type but the zero matrix (for which the equations have no solution; the
 * Jordan block, singular for the discrete equation, may give info 2), by
 *   Sylvester   |A X + X B - C|_1 / max((|A|_1 + |B|_1) |X|_1 k ulp, unfl)
 *   continuous  |A X + X A^T - Q|_1 / max(2 |A|_1 |X|_1 n ulp, unfl)
 *   discrete    |A X A^T - X + Q|_1 / max((|A|_1^2 + 1) |X|_1 n ulp, unfl)
 * (k = max(n, m)), below THRESH, in both precisions and the three layouts
 * (bit-identical on the host). Also: NaN isolation, argument errors that
 * touch nothing, n = 0 and 1, and the 2 x 2 form of the small solver
 * against the general one, bit for bit. The batch-driver tests (BLT_TEST) run
 * on the host and, as suites cuda_*, on a CUDA device. */
#include <criterion/criterion.h>

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "batchla/batchla.h"
#include "batchla/core/matrix_equations.h"
#include "bla_test.h"
#include "bla_test_nonsym.h"
#include "bla_test_report.h"

typedef enum { OP_TRSYL = 0, OP_SYLV = 1, OP_CLYAP = 2, OP_DLYAP = 3 } op_t;

static const char *const op_names[] = {"trsyl", "solve_sylvester",
                                       "solve_continuous_lyapunov",
                                       "solve_discrete_lyapunov"};

typedef struct {
  bla_trans ta, tb;
  int isgn;
} tr_opts;

/* Orders (n, m) of A and B; the Lyapunov solvers use n. */
static const int64_t orders[][2] = {{0, 3},   {3, 0},  {1, 1}, {2, 3},
                                    {3, 2},   {5, 5},  {8, 4}, {16, 16},
                                    {21, 13}, {32, 32}};
#define NORDERS ((int)(sizeof orders / sizeof orders[0]))

/* ---- One batch of problems ------------------------------------------------
 * Problem p's operands as double, column-major: a (n x n), b (m x m), c
 * (n x m; Q for the Lyapunov solvers, m = n). */
typedef struct {
  op_t op;
  tr_opts o;
  blt_prec prec;
  int64_t count, n, m;
  double *a, *b, *c;
  int *type;     /* the solvers: A's catalogue type (0 for trsyl) */
  int *singular; /* 1: the equation is singular in exact arithmetic, its
                    solution may overflow (info 2, X NaN) */
} prob_set;

static prob_set set_new(op_t op, tr_opts o, blt_prec prec, int64_t count,
                        int64_t n, int64_t m) {
  prob_set s = {.op = op, .o = o, .prec = prec, .count = count, .n = n};
  s.m = op == OP_CLYAP || op == OP_DLYAP ? n : m; /* Lyapunov: X is n x n */
  s.a = blt_dalloc(count * n * n);
  s.b = blt_dalloc(count * s.m * s.m);
  s.c = blt_dalloc(count * n * s.m);
  s.type = (int *)blt_xcalloc((size_t)count + 1, sizeof(int));
  s.singular = (int *)blt_xcalloc((size_t)count + 1, sizeof(int));
  return s;
}

static void set_free(prob_set *s) {
  BLT_FREE_ALL(s->a, s->b, s->c, s->type, s->singular);
}

/* The batches of a set in one layout; scale is one vector of count
 * entries (trsyl only). */
typedef struct {
  blt_mbatch a, b, c;
  blt_vbatch scale;
} batches;

static batches batches_new(const prob_set *s, blt_layout layout) {
  batches t;
  int64_t p;
  const int f = s->prec.is_float;
  t.a = blt_mbatch_new(f, layout, s->count, s->n, s->n, 2);
  t.b = blt_mbatch_new(f, layout, s->count, s->m, s->m, 1);
  t.c = blt_mbatch_new(f, layout, s->count, s->n, s->m, 3);
  t.scale = blt_vbatch_new(f, BLT_COLMAJOR, 1, s->count);
  for (p = 0; p < s->count; ++p) {
    blt_mbatch_put(t.a, p, s->a + p * s->n * s->n, s->n);
    blt_mbatch_put(t.b, p, s->b + p * s->m * s->m, s->m);
    blt_mbatch_put(t.c, p, s->c + p * s->n * s->m, s->n);
  }
  return t;
}

static void batches_free(batches *t) {
  blt_mbatch_free(&t->a);
  blt_mbatch_free(&t->b);
  blt_mbatch_free(&t->c);
  blt_vbatch_free(&t->scale);
}

/* The op's batch driver of precision P: s or d, the drivers' letter and
 * the member of the batches that holds their view. */
#define DEFINE_MEQ_CALL(P)                                                     \
  static bla_status meq_call_##P(op_t op, tr_opts o, blt_mbatch a,             \
                                 blt_mbatch b, blt_mbatch c, blt_vbatch sc,    \
                                 int *info, const bla_exec *ex) {              \
    switch (op) {                                                              \
    case OP_TRSYL:                                                             \
      return bla_##P##trsyl_batch(o.ta, o.tb, o.isgn, a.P, b.P, c.P,           \
                                  bla_##P##vec_make(sc.P.data, sc.P.n, 1),     \
                                  info, ex);                                   \
    case OP_SYLV:                                                              \
      return bla_##P##solve_sylvester_batch(a.P, b.P, c.P, info, ex);          \
    case OP_CLYAP:                                                             \
      return bla_##P##solve_continuous_lyapunov_batch(a.P, c.P, info, ex);     \
    case OP_DLYAP:                                                             \
      return bla_##P##solve_discrete_lyapunov_batch(a.P, c.P, info, ex);       \
    }                                                                          \
    return BLA_ERR_ARG;                                                        \
  }
DEFINE_MEQ_CALL(s)
DEFINE_MEQ_CALL(d)

/* The driver of op on t through the backend; t reads as after a host call.
 * info: t's count entries (or NULL). */
static bla_status run_op(const blt_backend *be, int variant, op_t op, tr_opts o,
                         batches t, int *info, int64_t ninfo) {
  const bla_exec ex = blt_backend_exec(be, variant);
  blt_mirror mr = blt_mirror_begin(be);
  bla_status st;
  const blt_mbatch a = blt_mirror_mbatch(&mr, t.a);
  const blt_mbatch b = blt_mirror_mbatch(&mr, t.b);
  const blt_mbatch c = blt_mirror_mbatch(&mr, t.c);
  const blt_vbatch sc = blt_mirror_vbatch(&mr, t.scale);
  info = info ? blt_mirror_info(&mr, info, ninfo) : NULL;
  st = a.is_float ? meq_call_s(op, o, a, b, c, sc, info, &ex)
                  : meq_call_d(op, o, a, b, c, sc, info, &ex);
  blt_mirror_end(&mr);
  return st;
}

/* ---- Ratios (in double) ---------------------------------------------------*/

/* op(M)(i, j) of an order-k matrix, transposed when t. */
static double opm(const double *m, int64_t k, int t, int64_t i, int64_t j) {
  return t ? m[j + i * k] : m[i + j * k];
}

/* The residual ratio of problem p's solution x (and scale) for s's
 * equation; +Inf when x is not finite. */
static double ratio(const prob_set *s, int64_t p, const double *x,
                    double scale) {
  const int64_t n = s->n, m = s->m, k = n > m ? n : m;
  const double *a = s->a + p * n * n, *b = s->b + p * m * m;
  const double *c = s->c + p * n * m;
  const double ulp = s->prec.ulp, unfl = s->prec.unfl;
  double *r, *ax, rn, an = blt_norm1_rect(n, n, a, n), den;
  int64_t i, j, q;
  if (n == 0 || m == 0)
    return 0;
  for (i = 0; i < n * m; ++i)
    if (!isfinite(x[i]))
      return INFINITY;
  r = blt_dalloc(n * m);
  ax = blt_dalloc(n * m);
  for (j = 0; j < m; ++j)
    for (i = 0; i < n; ++i) {
      double t = 0, u = 0;
      for (q = 0; q < n; ++q)
        t += opm(a, n, s->op == OP_TRSYL && s->o.ta == BLA_TRANS, i, q) *
             x[q + j * n];
      ax[i + j * n] = t;
      switch (s->op) {
      case OP_TRSYL:
        for (q = 0; q < m; ++q)
          u += x[i + q * n] * opm(b, m, s->o.tb == BLA_TRANS, q, j);
        r[i + j * n] = t + s->o.isgn * u - scale * c[i + j * n];
        break;
      case OP_SYLV:
        for (q = 0; q < m; ++q)
          u += x[i + q * n] * b[q + j * m];
        r[i + j * n] = t + u - c[i + j * n];
        break;
      case OP_CLYAP:
        for (q = 0; q < n; ++q)
          u += x[i + q * n] * a[j + q * n];
        r[i + j * n] = t + u - c[i + j * n];
        break;
      case OP_DLYAP:
        r[i + j * n] = c[i + j * n] - x[i + j * n];
        break;
      }
    }
  if (s->op == OP_DLYAP) /* r += (A X) A^T */
    for (j = 0; j < n; ++j)
      for (q = 0; q < n; ++q)
        for (i = 0; i < n; ++i)
          r[i + j * n] += ax[i + q * n] * a[j + q * n];
  rn = blt_norm1_rect(n, m, r, n);
  switch (s->op) {
  case OP_TRSYL:
    den = (an + blt_norm1_rect(m, m, b, m)) * blt_norm1_rect(n, m, x, n) * ulp;
    break;
  case OP_SYLV:
    den = (an + blt_norm1_rect(m, m, b, m)) * blt_norm1_rect(n, m, x, n) *
          (double)k * ulp;
    break;
  case OP_CLYAP:
    den = 2 * an * blt_norm1_rect(n, n, x, n) * (double)n * ulp;
    break;
  default:
    den = (an * an + 1) * blt_norm1_rect(n, n, x, n) * (double)n * ulp;
    break;
  }
  free(r);
  free(ax);
  if (!isfinite(rn))
    return INFINITY;
  return rn / (den > unfl ? den : unfl);
}

/* ---- Generators
 * -------------------------------------------------------------*/

/* Kinds of trsyl problems (LAPACK dget3x's classes). */
enum {
  TK_RANDOM = 0, /* entries in (-1, 1), random block structure */
  TK_LARGE,      /* A, B and C scaled to sqrt(ovfl) ulp */
  TK_SMALL,      /* A and B scaled to sqrt(unfl) / ulp, C random */
  TK_CLOSE,      /* B's diagonal blocks those of -isgn A (m = n): singular */
  TK_SCALE,      /* A, B tiny and C large: the solution overflows */
  TK_NKINDS
};
static const char *const tk_names[] = {"random", "large", "small", "close",
                                       "scale"};

/* Random quasi-upper triangular t (order k, leading dimension k) with
 * 1x1 and 2x2 blocks; a 2x2 block has complex eigenvalues and is in
 * standard form or not, at random. blocks[i] = 1 where a block starts
 * (NULL: chosen here; given: the same structure). */
static void quasi_tri(int64_t k, blt_rng *rng, double *t, int *blocks) {
  int64_t i, j;
  for (j = 0; j < k; ++j)
    for (i = 0; i < k; ++i)
      t[i + j * k] = i < j ? blt_rng_uniform(rng) : 0;
  for (i = 0; i < k;) {
    if (i + 1 < k && blocks[i] == 2) {
      const double b = 0.1 + fabs(blt_rng_uniform(rng));
      const double c = -(0.1 + fabs(blt_rng_uniform(rng)));
      const double a = blt_rng_uniform(rng);
      const int standard = blt_rng_below(rng, 2) == 0;
      t[i + i * k] = a;
      t[i + (i + 1) * k] = b;
      t[i + 1 + i * k] = c;
      t[i + 1 + (i + 1) * k] = standard ? a : a + sqrt(b * -c);
      i += 2;
    } else {
      t[i + i * k] = blt_rng_uniform(rng);
      i += 1;
    }
  }
}

static void block_structure(int64_t k, blt_rng *rng, int *blocks) {
  int64_t i;
  for (i = 0; i < k; ++i)
    blocks[i] = 1;
  for (i = 0; i + 1 < k;)
    if (blt_rng_below(rng, 2) == 0) {
      blocks[i] = 2;
      blocks[i + 1] = 0;
      i += 2;
    } else {
      i += 1;
    }
}

static void scale_all(int64_t len, double *x, double f) {
  int64_t i;
  for (i = 0; i < len; ++i)
    x[i] *= f;
}

/* Problem p of a trsyl set, of the given kind. */
static void gen_trsyl(prob_set *s, int64_t p, int kind, blt_rng *rng) {
  const int64_t n = s->n, m = s->m;
  double *a = s->a + p * n * n, *b = s->b + p * m * m, *c = s->c + p * n * m;
  const double big = sqrt(s->prec.ovfl) * s->prec.ulp;
  const double small = sqrt(s->prec.unfl) / s->prec.ulp;
  int *ba = (int *)blt_xcalloc((size_t)n + 1, sizeof(int));
  int *bb = (int *)blt_xcalloc((size_t)m + 1, sizeof(int));
  int64_t i, j;
  block_structure(n, rng, ba);
  block_structure(m, rng, bb);
  quasi_tri(n, rng, a, ba);
  if (kind == TK_CLOSE) {
    /* B with A's blocks, the diagonal ones those of -isgn A (a 2x2 block
     * of op(B) has the eigenvalues of its transpose: the same). */
    quasi_tri(m, rng, b, ba);
    for (i = 0; i < n;) {
      const int64_t q = ba[i] == 2 ? 2 : 1;
      int64_t r;
      for (j = i; j < i + q; ++j)
        for (r = i; r < i + q; ++r)
          b[r + j * m] = -s->o.isgn * a[r + j * n];
      i += q;
    }
  } else {
    quasi_tri(m, rng, b, bb);
  }
  for (i = 0; i < n * m; ++i)
    c[i] = blt_rng_uniform(rng);
  if (kind == TK_LARGE) {
    scale_all(n * n, a, big);
    scale_all(m * m, b, big);
    scale_all(n * m, c, big);
  } else if (kind == TK_SMALL || kind == TK_SCALE) {
    scale_all(n * n, a, small * s->prec.ulp);
    scale_all(m * m, b, small * s->prec.ulp);
    if (kind == TK_SCALE)
      scale_all(n * m, c, sqrt(s->prec.ovfl));
  }
  blt_round_array(s->prec, a, (size_t)(n * n));
  blt_round_array(s->prec, b, (size_t)(m * m));
  blt_round_array(s->prec, c, (size_t)(n * m));
  free(ba);
  free(bb);
}

/* The nonsymmetric catalogue without the zero matrix (type 1): the
 * equations then have no solution. */
#define NTYPES (BLT_NS_NTYPES - 1)

/* Problem p of a solver set: A of type ta, B of type tb (Sylvester), C or
 * Q with entries in (-1, 1) (Q symmetric for the Lyapunov solvers). */
static void gen_solver(prob_set *s, int64_t p, int ta, int tb, blt_rng *rng) {
  const int64_t n = s->n, m = s->m;
  double *c = s->c + p * n * m;
  int64_t i, j;
  if (n == 1 && ta == 26 && s->op != OP_SYLV)
    ta = 19; /* type 26 is the zero matrix at n = 1 */
  s->type[p] = ta;
  /* The Jordan block's eigenvalue 1, repeated n times, makes the Stein
   * equation singular at every level: its solution overflows. */
  s->singular[p] = s->op == OP_DLYAP && ta == 3;
  cr_assert_eq(blt_ns_generate(ta, n, s->prec, rng, s->a + p * n * n, n), 0);
  if (s->op == OP_SYLV)
    cr_assert_eq(blt_ns_generate(tb, m, s->prec, rng, s->b + p * m * m, m), 0);
  for (j = 0; j < m; ++j)
    for (i = 0; i < n; ++i)
      c[i + j * n] =
          s->op == OP_SYLV || i >= j ? blt_rng_uniform(rng) : c[j + i * n];
  blt_round_array(s->prec, c, (size_t)(n * m));
}

/* ---- Sweeps
 * -----------------------------------------------------------------*/

typedef struct {
  double worst;
  int64_t at_n;
  const char *what;
} worst_t;

static void note(worst_t *w, double r, int64_t n, const char *what) {
  if (!(r <= w->worst)) {
    w->worst = r;
    w->at_n = n;
    w->what = what;
  }
}

static void print_worst(const worst_t *w, op_t op, blt_prec prec,
                        const blt_backend *be) {
  if (blt_verbose())
    printf("%s %s on %s: worst ratio %.3g (n = %lld, %s)\n", op_names[op],
           prec.name, be->name, w->worst, (long long)w->at_n,
           w->what ? w->what : "-");
}

/* Solve s in every layout through the backend and check: status, info in
 * {0, 1} (1 expected for every problem when expect_1), ratios below
 * THRESH, padding intact, a and b untouched (the solvers), and on the host
 * the same bits in every layout and with the other configuration.
 * scale_lt1 counts problems whose scale came back below 1. */
static void check_set(const blt_backend *be, const prob_set *s,
                      const char *what, int expect_1, worst_t *w,
                      int64_t *scale_lt1) {
  const int64_t n = s->n, m = s->m;
  double *x = blt_dalloc(n * m), *ref = blt_dalloc(s->count * n * m);
  double *sc = blt_dalloc(s->count);
  int *info = blt_info_new(s->count), *info0 = blt_info_new(s->count);
  int layout;
  for (layout = 0; layout < BLT_NLAYOUTS; ++layout) {
    batches t = batches_new(s, (blt_layout)layout);
    blt_mbatch a0 = blt_mbatch_clone(t.a), b0 = blt_mbatch_clone(t.b);
    const bla_status st = run_op(be, BLT_RUN, s->op, s->o, t, info, s->count);
    int64_t p;
    CHECK(st == BLA_OK, "%s %s %s n=%lld m=%lld %s: status %d", op_names[s->op],
          s->prec.name, what, (long long)n, (long long)m,
          blt_layout_name((blt_layout)layout), (int)st);
    CHECK(blt_mbatch_padding_intact(t.c) &&
              blt_same_bytes(a0.data, t.a.data, a0.bytes) &&
              blt_same_bytes(b0.data, t.b.data, b0.bytes),
          "%s %s %s n=%lld: a, b or padding touched", op_names[s->op],
          s->prec.name, what, (long long)n);
    if (s->op == OP_TRSYL)
      blt_vbatch_get(t.scale, 0, sc);
    for (p = 0; p < s->count; ++p) {
      const double scale = s->op == OP_TRSYL ? sc[p] : 1;
      double r;
      blt_mbatch_get(t.c, p, x, n);
      if (s->singular[p] && info[p] == 2) {
        CHECK(blt_all_nan((size_t)(n * m), x),
              "%s %s %s n=%lld problem %lld: info 2 but X not NaN",
              op_names[s->op], s->prec.name, what, (long long)n, (long long)p);
        continue;
      }
      r = ratio(s, p, x, scale);
      note(w, r, n, what);
      CHECK((info[p] == 0 && !expect_1) || info[p] == 1,
            "%s %s %s n=%lld m=%lld problem %lld %s: info %d", op_names[s->op],
            s->prec.name, what, (long long)n, (long long)m, (long long)p,
            blt_layout_name((blt_layout)layout), info[p]);
      CHECK(r < BLT_THRESH,
            "%s %s %s n=%lld m=%lld problem %lld (type %d) %s: ratio %.3g "
            "(info %d, scale %g)",
            op_names[s->op], s->prec.name, what, (long long)n, (long long)m,
            (long long)p, s->type[p], blt_layout_name((blt_layout)layout), r,
            info[p], scale);
      if (layout == 0) {
        memcpy(ref + p * n * m, x, (size_t)(n * m) * sizeof(double));
        if (scale_lt1 && scale < 1)
          ++*scale_lt1;
      } else if (blt_backend_is_host(be)) {
        CHECK(blt_same_doubles(ref + p * n * m, x, n * m) &&
                  info[p] == info0[p],
              "%s %s %s n=%lld problem %lld: %s differs from col-major",
              op_names[s->op], s->prec.name, what, (long long)n, (long long)p,
              blt_layout_name((blt_layout)layout));
      }
    }
    if (layout == 0) {
      memcpy(info0, info, (size_t)s->count * sizeof(int));
      if (blt_backend_is_host(be) && s->count > 0) {
        /* The other configuration (two threads) gives the same bits. */
        batches u = batches_new(s, BLT_COLMAJOR);
        run_op(be, BLT_RUN_OTHER, s->op, s->o, u, info, s->count);
        CHECK(blt_same_bytes(u.c.data, t.c.data, u.c.bytes),
              "%s %s %s n=%lld: two threads differ from one", op_names[s->op],
              s->prec.name, what, (long long)n);
        batches_free(&u);
      }
    }
    blt_mbatch_free(&a0);
    blt_mbatch_free(&b0);
    batches_free(&t);
  }
  free(x);
  free(ref);
  free(sc);
  free(info);
  free(info0);
}

static void sweep_trsyl(const blt_backend *be, int is_float) {
  const blt_prec prec = blt_prec_of(is_float);
  worst_t w = {0, 0, NULL};
  int ta, tb, sg, kind, o;
  int64_t scale_lt1 = 0;
  for (ta = 0; ta < 2; ++ta)
    for (tb = 0; tb < 2; ++tb)
      for (sg = -1; sg <= 1; sg += 2)
        for (kind = 0; kind < TK_NKINDS; ++kind)
          for (o = 0; o < NORDERS; ++o) {
            const int64_t n = orders[o][0];
            const int64_t m = kind == TK_CLOSE ? n : orders[o][1];
            const int64_t count = n <= 8 ? 6 : 2;
            tr_opts opt;
            blt_rng rng;
            prob_set s;
            int64_t p;
            opt.ta = (bla_trans)ta;
            opt.tb = (bla_trans)tb;
            opt.isgn = sg;
            s = set_new(OP_TRSYL, opt, prec, count, n, m);
            blt_rng_seed(&rng, 1000u * (uint64_t)(o + 1) + 100u * kind +
                                   10u * (ta * 4 + tb * 2 + (sg > 0)));
            for (p = 0; p < count; ++p)
              gen_trsyl(&s, p, kind, &rng);
            check_set(be, &s, tk_names[kind], 0, &w,
                      kind == TK_SCALE ? &scale_lt1 : NULL);
            set_free(&s);
          }
  /* The overflow class must have exercised the scaling. */
  CHECK(scale_lt1 > 0, "trsyl %s: no problem of class scale had scale < 1",
        prec.name);
  print_worst(&w, OP_TRSYL, prec, be);
}

BLT_TEST_PRECS(trsyl, ratios_double, ratios_float, .timeout = 600) {
  sweep_trsyl(be, is_float);
}

/* A and -isgn B with exactly the same 1x1 blocks: every problem is
 * singular, and trsyl says so (info 1) with a small residual. */
BLT_TEST_PRECS(trsyl, singular_double, singular_float) {
  const blt_prec prec = blt_prec_of(is_float);
  worst_t w = {0, 0, NULL};
  tr_opts opt;
  prob_set s;
  blt_rng rng;
  int64_t p, i;
  opt.ta = BLA_TRANS;
  opt.tb = BLA_NO_TRANS;
  opt.isgn = -1;
  s = set_new(OP_TRSYL, opt, prec, 4, 5, 5);
  blt_rng_seed(&rng, 77);
  for (p = 0; p < s.count; ++p) {
    gen_trsyl(&s, p, TK_CLOSE, &rng);
    for (i = 0; i + 1 < 5; ++i) { /* 1x1 blocks only */
      s.a[p * 25 + i + 1 + i * 5] = 0;
      s.b[p * 25 + i + 1 + i * 5] = 0;
    }
  }
  check_set(be, &s, "singular", 1, &w, NULL);
  set_free(&s);
}

/* Each solver on the catalogue, A of every type, B (Sylvester) of the
 * types in turn. */
static void sweep_solver(const blt_backend *be, op_t op, int is_float) {
  const blt_prec prec = blt_prec_of(is_float);
  worst_t w = {0, 0, NULL};
  tr_opts none;
  int o;
  memset(&none, 0, sizeof none);
  for (o = 0; o < NORDERS; ++o) {
    const int64_t n = orders[o][0], m = orders[o][1];
    const int reps = n <= 8 ? 2 : 1;
    prob_set s;
    blt_rng rng;
    int64_t p;
    if (op != OP_SYLV && o > 0 && n == orders[o - 1][0])
      continue;
    s = set_new(op, none, prec, (int64_t)NTYPES * reps, n, m);
    blt_rng_seed(&rng, 5000u + (uint64_t)o * 31u + (uint64_t)op);
    for (p = 0; p < s.count; ++p)
      gen_solver(&s, p, 2 + (int)(p % NTYPES), 2 + (int)((p * 7 + 3) % NTYPES),
                 &rng);
    check_set(be, &s, "catalogue", 0, &w, NULL);
    set_free(&s);
  }
  print_worst(&w, op, prec, be);
}

BLT_TEST_PRECS(solve_sylvester, catalogue_double, catalogue_float,
               .timeout = 600) {
  sweep_solver(be, OP_SYLV, is_float);
}

BLT_TEST_PRECS(solve_continuous_lyapunov, catalogue_double, catalogue_float,
               .timeout = 600) {
  sweep_solver(be, OP_CLYAP, is_float);
}

BLT_TEST_PRECS(solve_discrete_lyapunov, catalogue_double, catalogue_float,
               .timeout = 600) {
  sweep_solver(be, OP_DLYAP, is_float);
}

/* ---- NaN isolation ---------------------------------------------------------
 * NaN, +Inf or -Inf in one entry of one problem's input: that problem's
 * info is the documented -i and its output NaN (trsyl: scale too); every
 * other problem as in the batch without the bad entry. */
static void isolation(const blt_backend *be, op_t op, int is_float) {
  const blt_prec prec = blt_prec_of(is_float);
  const double bad[3] = {NAN, INFINITY, -INFINITY};
  const int64_t count = 5, n = 4, m = 3, victim = 2;
  tr_opts opt;
  prob_set s;
  blt_rng rng;
  int64_t p;
  int which, k, layout;
  opt.ta = BLA_NO_TRANS;
  opt.tb = BLA_TRANS;
  opt.isgn = 1;
  s = set_new(op, opt, prec, count, n, m);
  blt_rng_seed(&rng, 4242);
  for (p = 0; p < count; ++p)
    if (op == OP_TRSYL)
      gen_trsyl(&s, p, TK_RANDOM, &rng);
    else
      gen_solver(&s, p, 19, 19, &rng);
  for (layout = 0; layout < BLT_NLAYOUTS; ++layout) {
    batches clean = batches_new(&s, (blt_layout)layout);
    int *info0 = blt_info_new(count);
    run_op(be, BLT_RUN, op, opt, clean, info0, count);
    /* which: the input (0 a, 1 b, 2 c); the Lyapunov solvers have no b. */
    for (which = 0; which < 3; ++which)
      for (k = 0; k < 3; ++k) {
        if (which == 1 && op != OP_TRSYL && op != OP_SYLV)
          continue;
        const int arg = op == OP_TRSYL  ? 4 + which
                        : op == OP_SYLV ? 1 + which
                                        : (which == 0 ? 1 : 2);
        double *v = which == 0 ? s.a : which == 1 ? s.b : s.c;
        const int64_t len = which == 0   ? n * n
                            : which == 1 ? s.m * s.m
                                         : n * s.m;
        /* An entry trsyl reads: the last column's first row. */
        const int64_t at = victim * len + len -
                           (which == 0   ? n
                            : which == 1 ? s.m
                                         : n);
        const double keep = v[at];
        int *info = blt_info_new(count);
        double *x = blt_dalloc(n * s.m), *y = blt_dalloc(n * s.m);
        double sc[5];
        batches t;
        v[at] = bad[k];
        t = batches_new(&s, (blt_layout)layout);
        v[at] = keep;
        CHECK(run_op(be, BLT_RUN, op, opt, t, info, count) == BLA_OK,
              "%s isolation: status", op_names[op]);
        if (op == OP_TRSYL)
          blt_vbatch_get(t.scale, 0, sc);
        for (p = 0; p < count; ++p) {
          blt_mbatch_get(t.c, p, x, n);
          if (p == victim) {
            CHECK(info[p] == -arg && blt_all_nan((size_t)(n * s.m), x) &&
                      (op != OP_TRSYL || isnan(sc[p])),
                  "%s %s %s: input %d = %g: info %d (expected %d) or output "
                  "not NaN",
                  op_names[op], prec.name, blt_layout_name((blt_layout)layout),
                  which, bad[k], info[p], -arg);
          } else {
            blt_mbatch_get(clean.c, p, y, n);
            CHECK(info[p] == info0[p] && (!blt_backend_is_host(be) ||
                                          blt_same_doubles(x, y, n * s.m)),
                  "%s %s: problem %lld changed by another's bad input",
                  op_names[op], prec.name, (long long)p);
          }
        }
        batches_free(&t);
        free(info);
        free(x);
        free(y);
      }
    free(info0);
    batches_free(&clean);
  }
  set_free(&s);
}

BLT_TEST_PRECS(isolation, double, float) {
  int op;
  for (op = OP_TRSYL; op <= OP_DLYAP; ++op)
    isolation(be, (op_t)op, is_float);
}

/* ---- Argument errors
 * --------------------------------------------------------- Each bad call
 * answers BLA_ERR_ARG and touches no byte of any output or of info; count 0 is
 * BLA_OK with NULL data and info. */
enum {
  BAD_A_SHAPE = 0, /* a not square */
  BAD_B_COUNT,     /* b's count differs */
  BAD_C_ROWS,      /* c with a row too many */
  BAD_C_IS_A,      /* c over a's data */
  BAD_INFO,        /* info NULL */
  BAD_EXEC,        /* exec with an invalid backend */
  BAD_TRANA,       /* trsyl: trana 2 */
  BAD_ISGN,        /* trsyl: isgn 0 */
  BAD_SCALE,       /* trsyl: scale of count - 1 entries */
  BAD_N
};

static void bad_args(const blt_backend *be, op_t op, int is_float) {
  const blt_prec prec = blt_prec_of(is_float);
  const int64_t count = 3, n = 3, m = 2;
  tr_opts opt;
  prob_set s;
  blt_rng rng;
  int64_t p;
  int bad;
  opt.ta = BLA_NO_TRANS;
  opt.tb = BLA_NO_TRANS;
  opt.isgn = 1;
  s = set_new(op, opt, prec, count, n, m);
  blt_rng_seed(&rng, 99);
  for (p = 0; p < count; ++p)
    if (op == OP_TRSYL)
      gen_trsyl(&s, p, TK_RANDOM, &rng);
    else
      gen_solver(&s, p, 19, 19, &rng);
  for (bad = 0; bad < BAD_N; ++bad) {
    batches t = batches_new(&s, BLT_COLMAJOR);
    blt_mbatch c0 = blt_mbatch_clone(t.c);
    blt_vbatch s0 = blt_vbatch_clone(t.scale);
    int *info = blt_info_new(count), *info0 = blt_info_new(count);
    tr_opts o = opt;
    int variant = BLT_RUN;
    batches u = t;
    bla_status st;
    if (op != OP_TRSYL && bad >= BAD_TRANA)
      goto next;
    switch (bad) {
    case BAD_A_SHAPE:
      u.a.d.cols -= 1;
      u.a.s.cols -= 1;
      break;
    case BAD_B_COUNT: /* the Lyapunov solvers: q's count */
      if (op == OP_CLYAP || op == OP_DLYAP) {
        u.c.d.count -= 1;
        u.c.s.count -= 1;
      } else {
        u.b.d.count -= 1;
        u.b.s.count -= 1;
      }
      break;
    case BAD_C_ROWS:
      u.c.d.rows += 1;
      u.c.s.rows += 1;
      break;
    case BAD_C_IS_A:
      u.c = blt_mbatch_rebase(t.c, t.a.data);
      u.c.d.rows = u.c.d.cols = u.c.s.rows = u.c.s.cols = n;
      u.c.d.rs = u.a.d.rs;
      u.c.d.cs = u.a.d.cs;
      u.c.d.bs = u.a.d.bs;
      u.c.s.rs = u.a.s.rs;
      u.c.s.cs = u.a.s.cs;
      u.c.s.bs = u.a.s.bs;
      if (op == OP_TRSYL || op == OP_SYLV)
        goto next; /* c is n x m: an a-shaped c is a shape error anyway */
      break;
    case BAD_INFO:
      break;
    case BAD_EXEC:
      variant = BLT_RUN_BAD2;
      break;
    case BAD_TRANA:
      o.ta = (bla_trans)2;
      break;
    case BAD_ISGN:
      o.isgn = 0;
      break;
    case BAD_SCALE:
      u.scale.d.n -= 1;
      u.scale.s.n -= 1;
      break;
    }
    {
      blt_mbatch a0 = blt_mbatch_clone(t.a);
      st = run_op(be, variant, op, o, u, bad == BAD_INFO ? NULL : info, count);
      CHECK(st == BLA_ERR_ARG, "%s %s bad argument %d: status %d", op_names[op],
            prec.name, bad, (int)st);
      CHECK(blt_same_bytes(c0.data, t.c.data, c0.bytes) &&
                blt_same_bytes(a0.data, t.a.data, a0.bytes) &&
                blt_same_bytes(s0.data, t.scale.data, s0.bytes) &&
                blt_same_bytes(info0, info, (size_t)count * sizeof(int)),
            "%s %s bad argument %d: an output was touched", op_names[op],
            prec.name, bad);
      blt_mbatch_free(&a0);
    }
  next:
    blt_mbatch_free(&c0);
    blt_vbatch_free(&s0);
    free(info);
    free(info0);
    batches_free(&t);
  }
  {
    /* count 0: BLA_OK with NULL data and info. */
    batches t = batches_new(&s, BLT_COLMAJOR);
    batches z = t;
    z.a = blt_mbatch_rebase(t.a, NULL);
    z.b = blt_mbatch_rebase(t.b, NULL);
    z.c = blt_mbatch_rebase(t.c, NULL);
    z.scale = blt_vbatch_rebase(t.scale, NULL);
    z.a.d.count = z.b.d.count = z.c.d.count = 0;
    z.a.s.count = z.b.s.count = z.c.s.count = 0;
    z.scale.d.n = z.scale.s.n = 0;
    CHECK(run_op(be, BLT_RUN, op, opt, z, NULL, 0) == BLA_OK,
          "%s %s: count 0 not BLA_OK", op_names[op], prec.name);
    batches_free(&t);
  }
  set_free(&s);
}

BLT_TEST_PRECS(args, double, float) {
  int op;
  for (op = OP_TRSYL; op <= OP_DLYAP; ++op)
    bad_args(be, (op_t)op, is_float);
}

/* ---- Core routines
 * ------------------------------------------------------------*/

/* Shape and option errors of the core routines touch nothing; a matrix
 * that is not quasi-triangular is refused by trsyl. */
Test(core, argument_errors) {
  double a[9] = {1, 1, 0, 2, 1, 1, 3, 2, 1}; /* two nonzero subdiagonals */
  double b[4] = {1, 0, 0, 2}, c[6] = {1, 2, 3, 4, 5, 6}, c0[6], w[64];
  double scale = 7;
  const bla_dmat av = bla_dmat_make(a, 3, 3, 1, 3);
  const bla_dmat bv = bla_dmat_make(b, 2, 2, 1, 2);
  const bla_dmat cv = bla_dmat_make(c, 3, 2, 1, 3);
  const bla_dvec wv = bla_dvec_make(w, 64, 1);
  memcpy(c0, c, sizeof c);
  cr_expect_eq(bla_dtrsyl((bla_trans)3, BLA_NO_TRANS, 1, av, bv, cv, &scale),
               -1);
  cr_expect_eq(bla_dtrsyl(BLA_NO_TRANS, (bla_trans)-1, 1, av, bv, cv, &scale),
               -2);
  cr_expect_eq(bla_dtrsyl(BLA_NO_TRANS, BLA_NO_TRANS, 2, av, bv, cv, &scale),
               -3);
  cr_expect_eq(bla_dtrsyl(BLA_NO_TRANS, BLA_NO_TRANS, 1, av, bv, cv, &scale),
               -4);
  cr_expect_eq(bla_dtrsyl(BLA_NO_TRANS, BLA_NO_TRANS, 1, bv, bv,
                          bla_dmat_make(c, 3, 2, 1, 3), &scale),
               -6);
  cr_expect_eq(bla_dtrsyl(BLA_NO_TRANS, BLA_NO_TRANS, 1, bv, bv,
                          bla_dmat_make(c, 2, 2, 1, 2), NULL),
               -7);
  cr_expect_eq(bla_dsolve_sylvester(bla_dmat_make(a, 3, 2, 1, 3), bv, cv, wv),
               -1);
  cr_expect_eq(bla_dsolve_sylvester(av, bla_dmat_make(b, 2, 1, 1, 2), cv, wv),
               -2);
  cr_expect_eq(bla_dsolve_sylvester(av, bv, bla_dmat_make(c, 2, 2, 1, 2), wv),
               -3);
  cr_expect_eq(bla_dsolve_sylvester(
                   av, bv, cv,
                   bla_dvec_make(w, bla_dsolve_sylvester_lwork(3, 2) - 1, 1)),
               -4);
  cr_expect_eq(bla_dsolve_continuous_lyapunov(av, cv, wv), -2);
  cr_expect_eq(
      bla_dsolve_discrete_lyapunov(
          av, bla_dmat_make(w, 3, 3, 1, 3),
          bla_dvec_make(w + 9, bla_dsolve_discrete_lyapunov_lwork(3) - 1, 1)),
      -3);
  cr_expect(blt_same_doubles(c, c0, 6), "c was touched");
  cr_expect_eq(scale, 7);
  cr_expect_eq(bla_dsolve_sylvester_lwork(0, 5), 0);
  cr_expect_eq(bla_ssolve_continuous_lyapunov_lwork(0), 0);
  cr_expect_eq(bla_dsolve_discrete_lyapunov_lwork(1), 6);
}

/* A solution beyond overflow even scaled: A and B nilpotent Jordan blocks
 * (every pivot raised to smin, X growing by 1/smin per block) and C near
 * overflow need a scale below the smallest double. That is info 2 with c
 * and scale NaN, not scale 0 with info 1. */
Test(core, trsyl_scale_underflow) {
  enum { N = 10 };
  double a[N * N] = {0}, b[N * N] = {0}, c[N * N], scale = 7;
  int i;
  for (i = 0; i + 1 < N; ++i)
    a[i + (i + 1) * N] = b[i + (i + 1) * N] = 1;
  for (i = 0; i < N * N; ++i)
    c[i] = 1e300;
  cr_expect_eq(bla_dtrsyl(BLA_TRANS, BLA_NO_TRANS, -1,
                          bla_dmat_make(a, N, N, 1, N),
                          bla_dmat_make(b, N, N, 1, N),
                          bla_dmat_make(c, N, N, 1, N), &scale),
               2);
  cr_expect(isnan(scale), "scale %g, not NaN", scale);
  cr_expect(blt_all_nan(N * N, c), "c not all NaN");
}

/* An update of the right-hand sides that overflows: x_1 = 1e302 solves
 * its block without scaling, and then c_2 -= a_12 x_1 with a_12 = -1e300
 * overflows. That is info 2 with c and scale NaN, not an Inf with
 * info 0. */
Test(core, trsyl_update_overflow) {
  double a[4] = {0, 0, -1e300, 2}, b[1] = {1}, c[2] = {1e302, 0}, scale = 7;
  cr_expect_eq(bla_dtrsyl(BLA_TRANS, BLA_NO_TRANS, 1,
                          bla_dmat_make(a, 2, 2, 1, 2),
                          bla_dmat_make(b, 1, 1, 1, 1),
                          bla_dmat_make(c, 2, 1, 1, 2), &scale),
               2);
  cr_expect(isnan(scale), "scale %g, not NaN", scale);
  cr_expect(blt_all_nan(2, c), "c not all NaN");
}

/* A float Stein solve near overflow (found by fuzzing): A's entries near
 * 1e19, so that the Kronecker systems I - T_ll (x) T_kk hold products near
 * FLT_MAX, whose elimination overflowed to an Inf pivot that silently
 * zeroed an unknown (info 0, X wrong in every digit). The small solver
 * now scales such a system first. Checked: the residual of
 * A X A^T - X + Q = 0 against its terms, in long double. */
Test(core, stein_float_near_overflow) {
  static const float ar[25] = {/* row by row */
                               4.8920351e+18f,
                               1.70489393e+19f,
                               1.44115188e+17f,
                               -9.92818538e+18f,
                               8.83831427e+16f,
                               -2.30246531e+18f,
                               -8.17121857e+18f,
                               -1.04472252e+19f,
                               3.6028797e+16f,
                               0,
                               1.72240168e+19f,
                               4.61562667e+18f,
                               1.71412631e+19f,
                               5.77586652e+17f,
                               4.75580121e+18f,
                               -2.25067391e+18f,
                               3.0720179e+18f,
                               8.22188407e+18f,
                               1.68884986e+15f,
                               0,
                               -7.50130813e+18f,
                               8.66942928e+16f,
                               7.65893412e+18f,
                               5.62949953e+14f,
                               0};
  static const float qr[25] = {1.63073841e+31f,  2.21838855e+30f,  0, 0, 0,
                               -9.95303792e+29f, -1.10925617e+31f, 0, 0, 0,
                               6.12780319e+28f};
  float a[25], q[25], w[128];
  long double res = 0, terms = 0;
  int i, j, k, l, info;
  for (i = 0; i < 5; ++i)
    for (j = 0; j < 5; ++j) {
      a[i + 5 * j] = ar[i * 5 + j];
      q[i + 5 * j] = qr[i * 5 + j];
    }
  info = bla_ssolve_discrete_lyapunov(bla_smat_make(a, 5, 5, 1, 5),
                                      bla_smat_make(q, 5, 5, 1, 5),
                                      bla_svec_make(w, 128, 1));
  for (i = 0; i < 5; ++i)
    for (j = 0; j < 5; ++j) {
      long double s = (long double)qr[i * 5 + j] - q[i + 5 * j], t = 0;
      for (k = 0; k < 5; ++k)
        for (l = 0; l < 5; ++l)
          t += (long double)a[i + 5 * k] * q[k + 5 * l] * a[j + 5 * l];
      res += (s + t) * (s + t);
      terms += t * t;
    }
  cr_expect(info == 0 && sqrtl(res) <= 1e-4L * sqrtl(terms),
            "info %d, residual %Lg against A X A^T of norm %Lg", info,
            sqrtl(res), sqrtl(terms));
}

/* gecp_solve2, the 2 x 2 form of the small solver that trsyl's mixed block
 * pairs use, gives gecp_solve(2, ...)'s bits (x, scale and info) on
 * systems of every kind: random entries of magnitudes from 2^-1070 to the
 * overflow threshold (the overflow guard), zeros and exact singularity
 * (perturbed pivots), ties for the pivot, right-hand sides that force
 * scale < 1; double and float. */
static double gecp2_entry(blt_rng *rng, int kind, int is_float) {
  const double u = blt_rng_uniform(rng);
  const int emax = is_float ? 127 : 1023, emin = is_float ? -140 : -1070;
  switch (kind) {
  case 0:
    return u;
  case 1: /* any magnitude */
    return ldexp(u, emin + (int)(blt_rng_next(rng) % (uint64_t)(emax - emin)));
  case 2: /* ties and zeros */
    return (double)((int)(blt_rng_next(rng) % 3) - 1);
  default: /* near overflow */
    return ldexp(u, emax - (int)(blt_rng_next(rng) % 4));
  }
}

Test(core, gecp_solve2_bits) {
  blt_rng rng;
  int t, k, prec, mismatches = 0;
  blt_rng_seed(&rng, 0x6EC92u);
  for (prec = 0; prec < 2; ++prec)
    for (t = 0; t < 40000; ++t) {
      const int ka = t % 4, kb = (t / 4) % 4;
      double a[4], b[2];
      int i1, i2;
      for (k = 0; k < 4; ++k)
        a[k] = gecp2_entry(&rng, ka, prec);
      for (k = 0; k < 2; ++k)
        b[k] = gecp2_entry(&rng, kb, prec);
      if (t % 7 == 0) { /* exactly singular */
        a[2] = 2 * a[0];
        a[3] = 2 * a[1];
      }
      if (prec == 0) {
        const double smin = bla_dgecp_smin(2, a, 2),
                     smlnum = DBL_MIN / DBL_EPSILON;
        double a1[4], x1[2], x2[2], s1, s2;
        memcpy(a1, a, sizeof a1);
        memcpy(x1, b, sizeof x1);
        memcpy(x2, b, sizeof x2);
        i1 = bla_dgecp_solve(2, a1, 2, x1, smin, smlnum, &s1);
        i2 = bla_dgecp_solve2(a, 2, x2, smin, smlnum, &s2);
        mismatches += i1 != i2 || memcmp(x1, x2, sizeof x1) != 0 ||
                      memcmp(&s1, &s2, sizeof s1) != 0;
      } else {
        float af[4], a1[4], x1[2], x2[2], s1, s2, smin, smlnum;
        for (k = 0; k < 4; ++k)
          af[k] = (float)a[k];
        x1[0] = x2[0] = (float)b[0];
        x1[1] = x2[1] = (float)b[1];
        smin = bla_sgecp_smin(2, af, 2);
        smlnum = FLT_MIN / FLT_EPSILON;
        memcpy(a1, af, sizeof a1);
        i1 = bla_sgecp_solve(2, a1, 2, x1, smin, smlnum, &s1);
        i2 = bla_sgecp_solve2(af, 2, x2, smin, smlnum, &s2);
        mismatches += i1 != i2 || memcmp(x1, x2, sizeof x1) != 0 ||
                      memcmp(&s1, &s2, sizeof s1) != 0;
      }
    }
  cr_expect_eq(mismatches, 0,
               "gecp_solve2 differs from gecp_solve(2, ...) on %d systems",
               mismatches);
}
