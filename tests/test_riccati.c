/* tests/test_riccati.c: tests of the algebraic Riccati solvers, the batch
 * drivers bla_{d,s}solve_continuous_are_batch and
 * bla_{d,s}solve_discrete_are_batch and their core routines.
 *
 * - SciPy's own cases (CAREX and DAREX, tests/support/bla_test_riccati.h),
 *   in double through the core routines: every case SciPy's test passes
 *   must pass SciPy's threshold on the residual's largest entry; of the
 *   five CAREX cases SciPy marks as known failures at least three must be
 *   solved to a relative residual of 1e-10. Against the reference
 *   solutions of tests/data/riccati_reference.txt (riccati_reference.py:
 *   Newton's method in 50 digits, or the closed form), the forward error
 *   ||X - X_ref||_F / ||X_ref||_F must be within 4 times SciPy's (or 100 n
 *   ulp), and within 1e-8 where SciPy has no solution. The table is
 *   printed.
 * - Random stabilizable problems (n up to 16, m from 1 to n), both
 *   precisions, the three layouts, through the batch drivers: info 0, the
 *   relative residual below THRESH n ulp, X exactly symmetric, the closed
 *   loop stable (its eigenvalues by bla_dschur), the inputs untouched, the
 *   layouts and thread counts bit-identical on the host.
 * - The info codes (no stabilizing solution, R not positive definite),
 *   NaN isolation, argument errors that touch nothing, strided work. */
#include <criterion/criterion.h>

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "batchla/batchla.h"
#include "batchla/core/cholesky.h"
#include "batchla/core/matrix_equations.h"
#include "batchla/core/schur.h"
#include "bla_test.h"
#include "bla_test_report.h"
#include "bla_test_riccati.h"

static const char *const eq_names[2] = {"continuous", "discrete"};

/* The core solver in double on case c: x := X. Returns info. */
static int core_solve(int discrete, const bla_test_are_case *c, double *x,
                      bla_index inc) {
  const bla_index n = c->n, m = c->m;
  const bla_index lw = bla_dsolve_continuous_are_lwork(n, m);
  double *w = blt_dalloc(lw * inc + 1);
  const bla_dmat a = bla_dmat_make(c->a, n, n, 1, n);
  const bla_dmat b = bla_dmat_make(c->b, n, m, 1, n);
  const bla_dmat q = bla_dmat_make(c->q, n, n, 1, n);
  const bla_dmat r = bla_dmat_make(c->r, m, m, 1, m);
  const bla_dmat xv = bla_dmat_make(x, n, n, 1, n);
  const bla_dvec wv = bla_dvec_make(w, lw, inc);
  const int info = discrete ? bla_dsolve_discrete_are(a, b, q, r, xv, wv)
                            : bla_dsolve_continuous_are(a, b, q, r, xv, wv);
  free(w);
  return info;
}

/* ---- SciPy's cases ------------------------------------------------------ */

static double maxabs_of(int64_t n, const double *x) {
  double v = 0;
  int64_t i;
  for (i = 0; i < n * n; ++i)
    v = fmax(v, fabs(x[i]));
  return v;
}

/* The reference solution of case k (riccati_reference.txt): X_ref into
 * xref (n x n) and SciPy's forward error into *fe_scipy. Returns 0 when
 * the file has no reference for the case. */
static int reference_of(int discrete, int k, int n, double *xref,
                        double *fe_scipy) {
  FILE *f = fopen(BLA_TEST_DATA_DIR "/riccati_reference.txt", "r");
  char line[256], kind[8];
  int found = 0;
  CHECK(f != NULL, "cannot open riccati_reference.txt");
  while (f && !found && fgets(line, sizeof line, f)) {
    int kk, nn, mm, conv, steps;
    double fs, fb;
    if (sscanf(line, "%7s %d %d %d %d %d %lf %lf", kind, &kk, &nn, &mm, &conv,
               &steps, &fs, &fb) != 8 ||
        !conv)
      continue;
    if (strcmp(kind, discrete ? "dare" : "care") || kk != k) {
      for (int64_t i = 0; i < (int64_t)nn * nn; ++i)
        CHECK(fgets(line, sizeof line, f) != NULL, "truncated reference");
      continue;
    }
    CHECK(nn == n, "reference of %d has n = %d, not %d", k, nn, n);
    for (int64_t i = 0; i < (int64_t)n * n; ++i)
      CHECK(fscanf(f, "%lf", &xref[i]) == 1, "truncated reference");
    *fe_scipy = fs;
    found = 1;
  }
  if (f)
    fclose(f);
  return found;
}

/* ||x - y||_F / ||y||_F. */
static double forward_error(int64_t len, const double *x, const double *y) {
  long double d = 0, s = 0;
  for (int64_t i = 0; i < len; ++i) {
    d += ((long double)x[i] - y[i]) * ((long double)x[i] - y[i]);
    s += (long double)y[i] * y[i];
  }
  return (double)sqrtl(d / s);
}

static void scipy_cases(int discrete) {
  const int ncases = discrete ? bla_test_dare_ncases() : bla_test_care_ncases();
  int k, known = 0, solved = 0;
  printf("%s ARE, SciPy's cases: case, n, m, info, max|Res|, relres, "
         "SciPy's threshold, forward error (SciPy's)\n",
         eq_names[discrete]);
  for (k = 0; k < ncases; ++k) {
    bla_test_are_case c;
    double *x, *xref, maxabs, rel = NAN, fe = NAN, fe_scipy = NAN;
    int info, has_ref;
    CHECK((discrete ? bla_test_dare_case(k, &c) : bla_test_care_case(k, &c)) ==
              0,
          "case %d not built", k);
    x = blt_dalloc((int64_t)c.n * c.n);
    xref = blt_dalloc((int64_t)c.n * c.n);
    info = core_solve(discrete, &c, x, 1);
    maxabs = discrete ? bla_test_dare_residual(&c, x, &rel)
                      : bla_test_care_residual(&c, x, &rel);
    has_ref = reference_of(discrete, k, c.n, xref, &fe_scipy);
    if (has_ref)
      fe = forward_error((int64_t)c.n * c.n, x, xref);
    printf("  %-34s %4d %4d %2d %10.3g %10.3g %10.3g %10.3g (%.3g)%s\n", c.name,
           c.n, c.m, info, maxabs, rel, c.scipy_tol, fe, fe_scipy,
           c.scipy_known_failure ? "  (SciPy: known failure)" : "");
    if (has_ref) {
      /* Forward accuracy at least SciPy's, to a factor 4 (rounding-level
       * differences), where SciPy solves the case. */
      const double bound =
          isnan(fe_scipy) ? 1e-8 : fmax(4 * fe_scipy, 100 * c.n * DBL_EPSILON);
      CHECK(info == 0 && fe <= bound,
            "%s: info %d, forward error %.3g above %.3g (SciPy's %.3g)", c.name,
            info, fe, bound, fe_scipy);
    }
    if (c.scipy_known_failure) {
      ++known;
      solved += info == 0 && rel <= 1e-10;
    } else {
      /* A threshold below one ulp of X's largest entry asks for X exact
       * (SciPy's 1.5e-18 for DAREX 3, whose X is I): such a threshold is
       * raised to that ulp. */
      const double tol = fmax(c.scipy_tol, DBL_EPSILON * maxabs_of(c.n, x));
      CHECK(info == 0 && maxabs <= tol,
            "%s: info %d, max|Res| %.3g above SciPy's %.3g", c.name, info,
            maxabs, tol);
    }
    free(x);
    free(xref);
    bla_test_are_case_free(&c);
  }
  CHECK(known == 0 || solved >= 3,
        "%s: %d of SciPy's %d known failures solved to 1e-10, not 3",
        eq_names[discrete], solved, known);
}

Test(scipy, care, .timeout = 600) {
  report();
  scipy_cases(0);
  check_done();
}

Test(scipy, dare, .timeout = 600) {
  report();
  scipy_cases(1);
  check_done();
}

/* ---- Random problems through the batch drivers ---------------------------
 * bla_test_are_set_new's plants (support/bla_test_riccati.h). */
/* Problem p as a case of the residual checks (pointers into s). */
static bla_test_are_case are_case_of(const bla_test_are_set *s, int64_t p) {
  bla_test_are_case c;
  memset(&c, 0, sizeof c);
  c.name = "random";
  c.n = (int)s->n;
  c.m = (int)s->m;
  c.a = s->a + p * s->n * s->n;
  c.b = s->b + p * s->n * s->m;
  c.q = s->q + p * s->n * s->n;
  c.r = s->r + p * s->m * s->m;
  return c;
}

typedef struct {
  blt_mbatch a, b, q, r, x;
} are_batches;

static are_batches are_batches_new(const bla_test_are_set *s,
                                   blt_layout layout) {
  const int f = s->prec.is_float;
  are_batches t;
  int64_t p;
  t.a = blt_mbatch_new(f, layout, s->count, s->n, s->n, 1);
  t.b = blt_mbatch_new(f, layout, s->count, s->n, s->m, 2);
  t.q = blt_mbatch_new(f, layout, s->count, s->n, s->n, 3);
  t.r = blt_mbatch_new(f, layout, s->count, s->m, s->m, 1);
  t.x = blt_mbatch_new(f, layout, s->count, s->n, s->n, 2);
  for (p = 0; p < s->count; ++p) {
    blt_mbatch_put(t.a, p, s->a + p * s->n * s->n, s->n);
    blt_mbatch_put(t.b, p, s->b + p * s->n * s->m, s->n);
    blt_mbatch_put(t.q, p, s->q + p * s->n * s->n, s->n);
    blt_mbatch_put(t.r, p, s->r + p * s->m * s->m, s->m);
  }
  return t;
}

static void are_batches_free(are_batches *t) {
  blt_mbatch_free(&t->a);
  blt_mbatch_free(&t->b);
  blt_mbatch_free(&t->q);
  blt_mbatch_free(&t->r);
  blt_mbatch_free(&t->x);
}

#define DEFINE_ARE_CALL(P)                                                     \
  static bla_status are_call_##P(int discrete, are_batches t, int *info,       \
                                 const bla_exec *ex) {                         \
    return discrete                                                            \
               ? bla_##P##solve_discrete_are_batch(t.a.P, t.b.P, t.q.P, t.r.P, \
                                                   t.x.P, info, ex)            \
               : bla_##P##solve_continuous_are_batch(t.a.P, t.b.P, t.q.P,      \
                                                     t.r.P, t.x.P, info, ex);  \
  }
DEFINE_ARE_CALL(s)
DEFINE_ARE_CALL(d)

/* The driver on t through the backend; t reads as after a host call. */
static bla_status run_are(const blt_backend *be, int variant, int discrete,
                          are_batches t, int *info, int64_t count) {
  const bla_exec ex = blt_backend_exec(be, variant);
  blt_mirror mr = blt_mirror_begin(be);
  are_batches u;
  bla_status st;
  u.a = blt_mirror_mbatch(&mr, t.a);
  u.b = blt_mirror_mbatch(&mr, t.b);
  u.q = blt_mirror_mbatch(&mr, t.q);
  u.r = blt_mirror_mbatch(&mr, t.r);
  u.x = blt_mirror_mbatch(&mr, t.x);
  info = info ? blt_mirror_info(&mr, info, count) : NULL;
  st = t.a.is_float ? are_call_s(discrete, u, info, &ex)
                    : are_call_d(discrete, u, info, &ex);
  blt_mirror_end(&mr);
  return st;
}

/* The closed loop's spectral abscissa (CARE: max Re lambda of
 * A - B R^-1 B^T X) or radius (DARE: max |lambda| of A - B K, K = (R +
 * B^T X B)^-1 B^T X A), by bla_dschur. */
static double closed_loop(int discrete, const bla_test_are_case *c,
                          const double *x) {
  const int64_t n = c->n, m = c->m;
  double *xb = blt_dalloc(n * m), *kk = blt_dalloc(m * m);
  double *k = blt_dalloc(m * n), *ac = blt_dalloc(n * n);
  double *wr = blt_dalloc(n), *wi = blt_dalloc(n), *w = blt_dalloc(n + 1);
  double v = -INFINITY;
  int64_t i, j, l;
  for (j = 0; j < m; ++j)
    for (i = 0; i < n; ++i) {
      xb[i + j * n] = 0;
      for (l = 0; l < n; ++l)
        xb[i + j * n] += x[i + l * n] * c->b[l + j * n];
    }
  for (j = 0; j < m; ++j)
    for (i = 0; i < m; ++i) {
      kk[i + j * m] = c->r[i + j * m];
      for (l = 0; l < n && discrete; ++l)
        kk[i + j * m] += c->b[l + i * n] * xb[l + j * n];
    }
  for (j = 0; j < n; ++j) /* K's right-hand side: B^T X, or B^T X A */
    for (i = 0; i < m; ++i) {
      k[i + j * m] = discrete ? 0 : xb[j + i * n];
      for (l = 0; l < n && discrete; ++l)
        k[i + j * m] += xb[l + i * n] * c->a[l + j * n];
    }
  /* K := (R or R + B^T X B)^-1 times it, by the library's Cholesky. */
  bla_dposv(BLA_LOWER, bla_dmat_make(kk, m, m, 1, m),
            bla_dmat_make(k, m, n, 1, m));
  for (j = 0; j < n; ++j)
    for (i = 0; i < n; ++i) {
      ac[i + j * n] = c->a[i + j * n];
      for (l = 0; l < m; ++l)
        ac[i + j * n] -= c->b[i + l * n] * k[l + j * m];
    }
  if (bla_dschur(bla_dmat_make(ac, n, n, 1, n), bla_dvec_make(wr, n, 1),
                 bla_dvec_make(wi, n, 1), bla_dmat_make(NULL, 0, 0, 1, 1),
                 bla_dvec_make(w, n, 1)) == 0)
    for (i = 0; i < n; ++i)
      v = fmax(v, discrete ? hypot(wr[i], wi[i]) : wr[i]);
  else
    v = NAN;
  BLT_FREE_ALL(xb, kk, k, ac, wr, wi, w);
  return v;
}

static const int64_t orders[][2] = {{1, 1}, {2, 1}, {3, 2},  {4, 2}, {5, 1},
                                    {6, 3}, {8, 4}, {12, 6}, {16, 8}};
#define NORDERS ((int)(sizeof orders / sizeof orders[0]))

static void sweep(const blt_backend *be, int discrete, int is_float) {
  const blt_prec prec = blt_prec_of(is_float);
  const int64_t count = 6;
  double worst = 0;
  int o, layout;
  for (o = 0; o < NORDERS; ++o) {
    const int64_t n = orders[o][0], m = orders[o][1];
    bla_test_are_set s =
        bla_test_are_set_new(discrete, prec, count, n, m, 77 + (uint64_t)o);
    double *x = blt_dalloc(n * n), *ref = blt_dalloc(count * n * n);
    int *info = blt_info_new(count);
    for (layout = 0; layout < BLT_NLAYOUTS; ++layout) {
      are_batches t = are_batches_new(&s, (blt_layout)layout);
      blt_mbatch a0 = blt_mbatch_clone(t.a), b0 = blt_mbatch_clone(t.b);
      blt_mbatch q0 = blt_mbatch_clone(t.q), r0 = blt_mbatch_clone(t.r);
      int64_t p, i, j;
      CHECK(run_are(be, BLT_RUN, discrete, t, info, count) == BLA_OK,
            "%s %s n=%lld: status", eq_names[discrete], prec.name,
            (long long)n);
      CHECK(blt_same_bytes(a0.data, t.a.data, a0.bytes) &&
                blt_same_bytes(b0.data, t.b.data, b0.bytes) &&
                blt_same_bytes(q0.data, t.q.data, q0.bytes) &&
                blt_same_bytes(r0.data, t.r.data, r0.bytes) &&
                blt_mbatch_padding_intact(t.x),
            "%s %s n=%lld: an input or x's padding touched", eq_names[discrete],
            prec.name, (long long)n);
      for (p = 0; p < count; ++p) {
        const bla_test_are_case c = are_case_of(&s, p);
        double rel = NAN, ratio, loop;
        int sym = 1;
        blt_mbatch_get(t.x, p, x, n);
        if (discrete)
          bla_test_dare_residual(&c, x, &rel);
        else
          bla_test_care_residual(&c, x, &rel);
        ratio = rel / ((double)n * prec.ulp);
        worst = fmax(worst, ratio);
        for (j = 0; j < n; ++j)
          for (i = 0; i < j; ++i)
            sym &= x[i + j * n] == x[j + i * n];
        loop = closed_loop(discrete, &c, x);
        CHECK(info[p] == 0 && ratio < BLT_THRESH && sym &&
                  (discrete ? loop < 1 : loop < 0),
              "%s %s n=%lld m=%lld problem %lld %s: info %d, relres %.3g "
              "(ratio %.3g), symmetric %d, closed loop %.17g",
              eq_names[discrete], prec.name, (long long)n, (long long)m,
              (long long)p, blt_layout_name((blt_layout)layout), info[p], rel,
              ratio, sym, loop);
        if (layout == 0)
          memcpy(ref + p * n * n, x, (size_t)(n * n) * sizeof(double));
        else if (blt_backend_is_host(be))
          CHECK(blt_same_doubles(ref + p * n * n, x, n * n),
                "%s %s n=%lld problem %lld: %s differs from col-major",
                eq_names[discrete], prec.name, (long long)n, (long long)p,
                blt_layout_name((blt_layout)layout));
      }
      if (layout == 0 && blt_backend_is_host(be)) {
        are_batches u = are_batches_new(&s, BLT_COLMAJOR);
        run_are(be, BLT_RUN_OTHER, discrete, u, info, count);
        CHECK(blt_same_bytes(u.x.data, t.x.data, u.x.bytes),
              "%s %s n=%lld: two threads differ from one", eq_names[discrete],
              prec.name, (long long)n);
        are_batches_free(&u);
      }
      blt_mbatch_free(&a0);
      blt_mbatch_free(&b0);
      blt_mbatch_free(&q0);
      blt_mbatch_free(&r0);
      are_batches_free(&t);
    }
    BLT_FREE_ALL(x, ref, info);
    bla_test_are_set_free(&s);
  }
  printf("%s ARE %s: worst relres / (n ulp) %.3g\n", eq_names[discrete],
         prec.name, worst);
}

BLT_TEST_PRECS(sweep, double, float, .timeout = 600) {
  sweep(be, 0, is_float);
  sweep(be, 1, is_float);
}

/* ---- Bad input ----------------------------------------------------------
 * A non-finite entry of a, b, q or r of one problem: that problem's info
 * is -1..-4 and its X NaN, every other problem as in a clean run. */
BLT_TEST_PRECS(isolation, double, float) {
  const blt_prec prec = blt_prec_of(is_float);
  const int64_t count = 5, n = 4, m = 2, victim = 3;
  const double bad[3] = {NAN, INFINITY, -INFINITY};
  int discrete, which, k;
  for (discrete = 0; discrete < 2; ++discrete) {
    bla_test_are_set s =
        bla_test_are_set_new(discrete, prec, count, n, m, 4242);
    are_batches clean = are_batches_new(&s, BLT_INTERLEAVED);
    int *info0 = blt_info_new(count), *info = blt_info_new(count);
    double *x = blt_dalloc(n * n), *y = blt_dalloc(n * n);
    run_are(be, BLT_RUN, discrete, clean, info0, count);
    for (which = 0; which < 4; ++which)
      for (k = 0; k < 3; ++k) {
        double *v = which == 0   ? s.a
                    : which == 1 ? s.b
                    : which == 2 ? s.q
                                 : s.r;
        const int64_t len = which == 1 ? n * m : which == 3 ? m * m : n * n;
        const double keep = v[victim * len + len - 1];
        are_batches t;
        int64_t p;
        v[victim * len + len - 1] = bad[k];
        t = are_batches_new(&s, BLT_INTERLEAVED);
        v[victim * len + len - 1] = keep;
        CHECK(run_are(be, BLT_RUN, discrete, t, info, count) == BLA_OK,
              "isolation: status");
        for (p = 0; p < count; ++p) {
          blt_mbatch_get(t.x, p, x, n);
          blt_mbatch_get(clean.x, p, y, n);
          CHECK(p == victim
                    ? info[p] == -(which + 1) && blt_all_nan((size_t)(n * n), x)
                    : info[p] == info0[p] && (!blt_backend_is_host(be) ||
                                              blt_same_doubles(x, y, n * n)),
                "%s %s: input %d = %g, problem %lld: info %d",
                eq_names[discrete], prec.name, which, bad[k], (long long)p,
                info[p]);
        }
        are_batches_free(&t);
      }
    BLT_FREE_ALL(info0, info, x, y);
    are_batches_free(&clean);
    bla_test_are_set_free(&s);
  }
}

/* Argument errors answer BLA_ERR_ARG and touch nothing: x over a's data,
 * b with a row too many, r's count off, info NULL. */
BLT_TEST_PRECS(bad_args, double, float) {
  const blt_prec prec = blt_prec_of(is_float);
  const int64_t count = 3, n = 3, m = 2;
  int discrete, bad;
  for (discrete = 0; discrete < 2; ++discrete)
    for (bad = 0; bad < 4; ++bad) {
      bla_test_are_set s =
          bla_test_are_set_new(discrete, prec, count, n, m, 99);
      are_batches t = are_batches_new(&s, BLT_COLMAJOR), u;
      blt_mbatch x0 = blt_mbatch_clone(t.x);
      int *info = blt_info_new(count), *info_keep = blt_info_new(count);
      const int f = prec.is_float;
      u = t;
      if (bad == 0)
        u.x = t.a;
      if (bad == 1)
        u.b = blt_mbatch_new(f, BLT_COLMAJOR, count, n + 1, m, 0);
      if (bad == 2)
        u.r = blt_mbatch_new(f, BLT_COLMAJOR, count - 1, m, m, 0);
      memcpy(info_keep, info, (size_t)count * sizeof(int));
      CHECK(run_are(be, BLT_RUN, discrete, u, bad == 3 ? NULL : info, count) ==
                    BLA_ERR_ARG &&
                blt_same_bytes(x0.data, t.x.data, x0.bytes) &&
                blt_same_bytes(info, info_keep, (size_t)count * sizeof(int)),
            "%s %s bad argument %d: not BLA_ERR_ARG, or something touched",
            eq_names[discrete], prec.name, bad);
      if (bad == 1)
        blt_mbatch_free(&u.b);
      if (bad == 2)
        blt_mbatch_free(&u.r);
      BLT_FREE_ALL(info, info_keep);
      blt_mbatch_free(&x0);
      are_batches_free(&t);
      bla_test_are_set_free(&s);
    }
}

/* The core routines: argument errors in order, touching nothing; n = 0;
 * the info codes; work of any stride gives the same bits. */
Test(core, argument_errors) {
  double a[4] = {1, 0, 0, 1}, b[2] = {1, 0}, q[4] = {1, 0, 0, 1}, r[1] = {1};
  double x[4] = {5, 5, 5, 5}, w[512];
  const bla_dmat av = bla_dmat_make(a, 2, 2, 1, 2);
  const bla_dmat bv = bla_dmat_make(b, 2, 1, 1, 2);
  const bla_dmat qv = bla_dmat_make(q, 2, 2, 1, 2);
  const bla_dmat rv = bla_dmat_make(r, 1, 1, 1, 1);
  const bla_dmat xv = bla_dmat_make(x, 2, 2, 1, 2);
  const bla_dvec wv =
      bla_dvec_make(w, bla_dsolve_continuous_are_lwork(2, 1), 1);
  const bla_dvec wshort =
      bla_dvec_make(w, bla_dsolve_continuous_are_lwork(2, 1) - 1, 1);
  report();
  CHECK(bla_dsolve_continuous_are_lwork(2, 1) <= 512, "lwork %lld",
        (long long)bla_dsolve_continuous_are_lwork(2, 1));
  CHECK(bla_dsolve_continuous_are(bla_dmat_make(a, 2, 1, 1, 2), bv, qv, rv, xv,
                                  wv) == -1 &&
            bla_dsolve_continuous_are(av, bla_dmat_make(b, 1, 1, 1, 1), qv, rv,
                                      xv, wv) == -2 &&
            bla_dsolve_discrete_are(av, bv, bla_dmat_make(q, 1, 2, 1, 1), rv,
                                    xv, wv) == -3 &&
            bla_dsolve_discrete_are(av, bv, qv, bla_dmat_make(r, 1, 2, 1, 1),
                                    xv, wv) == -4 &&
            bla_dsolve_continuous_are(av, bv, qv, rv,
                                      bla_dmat_make(x, 2, 1, 1, 2), wv) == -5 &&
            bla_dsolve_discrete_are(av, bv, qv, rv, xv, wshort) == -6,
        "argument errors out of order");
  CHECK(x[0] == 5 && x[1] == 5 && x[2] == 5 && x[3] == 5, "x touched");
  CHECK(bla_dsolve_continuous_are(
            bla_dmat_make(NULL, 0, 0, 1, 1), bla_dmat_make(NULL, 0, 1, 1, 1),
            bla_dmat_make(NULL, 0, 0, 1, 1), rv,
            bla_dmat_make(NULL, 0, 0, 1, 1), bla_dvec_make(NULL, 0, 1)) == 0 &&
            bla_ssolve_discrete_are_lwork(0, 3) == 0,
        "n = 0");
  check_done();
}

/* info 2: SciPy's infeasible example (R = diag(-10, 0.1), CARE); info 1:
 * an uncontrollable mode on the imaginary axis (CARE: eigenvalues +-i) or
 * on the unit circle (DARE: a rotation), B = 0. X is NaN then. */
Test(core, info_codes) {
  double a[9] = {1, 0, 0, -1, 1, 0, 1, 1, 1}, b[6] = {1, 0, 0, 1, 0, 1};
  double q[9], r[4] = {-10, 0, 0, 0.1}, x[9], w[1024];
  double rot[4] = {0, -1, 1, 0}, b0[2] = {0, 0}, q2[4] = {1, 0, 0, 1};
  double r1[1] = {1};
  int i, disc;
  report();
  for (i = 0; i < 9; ++i)
    q[i] = -2 + (i % 4 == 0 ? (i == 0 ? 8 : i == 4 ? -1 : -1.9) : 0);
  CHECK(bla_dsolve_continuous_are(
            bla_dmat_make(a, 3, 3, 1, 3), bla_dmat_make(b, 3, 2, 1, 3),
            bla_dmat_make(q, 3, 3, 1, 3), bla_dmat_make(r, 2, 2, 1, 2),
            bla_dmat_make(x, 3, 3, 1, 3), bla_dvec_make(w, 1024, 1)) == 2 &&
            blt_all_nan(9, x),
        "R indefinite: not info 2 with X NaN");
  for (disc = 0; disc < 2; ++disc) {
    const bla_dmat av = bla_dmat_make(rot, 2, 2, 1, 2);
    const bla_dmat bv = bla_dmat_make(b0, 2, 1, 1, 2);
    const bla_dmat qv = bla_dmat_make(q2, 2, 2, 1, 2);
    const bla_dmat rv = bla_dmat_make(r1, 1, 1, 1, 1);
    const bla_dmat xv = bla_dmat_make(x, 2, 2, 1, 2);
    const bla_dvec wv = bla_dvec_make(w, 1024, 1);
    const int info = disc ? bla_dsolve_discrete_are(av, bv, qv, rv, xv, wv)
                          : bla_dsolve_continuous_are(av, bv, qv, rv, xv, wv);
    CHECK(info == 1 && blt_all_nan(4, x),
          "%s, modes on the boundary: info %d (expected 1)", eq_names[disc],
          info);
  }
  check_done();
}

/* The core's work read through a stride (as on a device, where the work
 * of the problems is interleaved): the same bits as unit stride. */
Test(core, strided_work) {
  int disc, k;
  report();
  for (disc = 0; disc < 2; ++disc)
    for (k = 0; k < 4; ++k) {
      bla_test_are_case c;
      double *x1, *x3;
      int i1, i3;
      CHECK((disc ? bla_test_dare_case(k, &c) : bla_test_care_case(k, &c)) == 0,
            "case %d", k);
      x1 = blt_dalloc((int64_t)c.n * c.n);
      x3 = blt_dalloc((int64_t)c.n * c.n);
      i1 = core_solve(disc, &c, x1, 1);
      i3 = core_solve(disc, &c, x3, 3);
      CHECK(i1 == i3 && blt_same_doubles(x1, x3, (int64_t)c.n * c.n),
            "%s case %d: work stride 3 differs", eq_names[disc], k);
      BLT_FREE_ALL(x1, x3);
      bla_test_are_case_free(&c);
    }
  check_done();
}

/* No inputs (m = 0, b and r NULL): the equations become Lyapunov's,
 * A^T X + X A + Q = 0 and A^T X A - X + Q = 0; for diagonal A and Q = I,
 * X = diag(-1 / (2 a_i)) and diag(1 / (1 - a_i^2)). B's NULL data is
 * never offset (the products with B are empty). */
Test(core, no_inputs) {
  const double ac[4] = {-1, 0, 0, -2}, ad[4] = {0.5, 0, 0, 0.25};
  const double xc[2] = {0.5, 0.25}, xd[2] = {4.0 / 3, 16.0 / 15};
  double q[4] = {1, 0, 0, 1}, x[4], w[512], a[4];
  int disc, i;
  report();
  for (disc = 0; disc < 2; ++disc) {
    const bla_dmat bv = bla_dmat_make(NULL, 2, 0, 1, 2);
    const bla_dmat rv = bla_dmat_make(NULL, 0, 0, 1, 1);
    const bla_dmat av = bla_dmat_make(a, 2, 2, 1, 2);
    const bla_dmat qv = bla_dmat_make(q, 2, 2, 1, 2);
    const bla_dmat xv = bla_dmat_make(x, 2, 2, 1, 2);
    const bla_dvec wv = bla_dvec_make(w, 512, 1);
    const double *want = disc ? xd : xc;
    int info;
    memcpy(a, disc ? ad : ac, sizeof a);
    info = disc ? bla_dsolve_discrete_are(av, bv, qv, rv, xv, wv)
                : bla_dsolve_continuous_are(av, bv, qv, rv, xv, wv);
    for (i = 0; i < 2; ++i)
      CHECK(info == 0 && fabs(x[3 * i] - want[i]) <= 8 * DBL_EPSILON &&
                x[1] == 0 && x[2] == 0,
            "%s, m = 0: info %d, x(%d, %d) = %.17g, expected %.17g",
            eq_names[disc], info, i, i, x[3 * i], want[i]);
  }
  check_done();
}
