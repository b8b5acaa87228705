/* tests/test_riccati_cases.c: checks of the Riccati test support
 * (tests/support/bla_test_riccati.h) itself: every case builds with
 * symmetric Q and R; on small cases a solution known exactly (CAREX gives
 * some) or computed by LAPACK (the stable invariant subspace of the
 * Hamiltonian matrix, dgees; the stable deflating subspace of the
 * symplectic pencil, dgges) has a tiny relative residual, and the same
 * solution perturbed has a large one. */
#include <criterion/criterion.h>

#include <lapacke.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bla_test_riccati.h"

static int symmetric(const double *x, int n) {
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < j; ++i)
      if (x[i + j * n] != x[j + i * n])
        return 0;
  return 1;
}

Test(riccati_cases, all_build) {
  cr_assert_eq(bla_test_care_ncases(), 20);
  cr_assert_eq(bla_test_dare_ncases(), 16);
  for (int care = 0; care < 2; ++care) {
    const int count = care ? bla_test_care_ncases() : bla_test_dare_ncases();
    int failures = 0;
    for (int k = 0; k < count; ++k) {
      bla_test_are_case c;
      int rc = care ? bla_test_care_case(k, &c) : bla_test_dare_case(k, &c);
      cr_assert_eq(rc, 0, "%s case %d", care ? "CARE" : "DARE", k);
      cr_expect(symmetric(c.q, c.n) && symmetric(c.r, c.m), "%s", c.name);
      cr_expect(c.scipy_known_failure || c.scipy_tol > 0.0, "%s", c.name);
      failures += c.scipy_known_failure;
      bla_test_are_case_free(&c);
    }
    cr_expect_eq(failures, care ? 5 : 0);
  }
  {
    bla_test_are_case c;
    cr_expect_eq(bla_test_care_case(20, &c), -1);
    cr_expect_eq(bla_test_dare_case(-1, &c), -1);
  }
}

/* G = B R^-1 B^T (n x n) by LAPACK's dposv-free route: R is SPD in the
 * cases used here, solve with dgesv for generality. */
static void gmat(const bla_test_are_case *c, double *g) {
  const int n = c->n, m = c->m;
  double *rb = (double *)malloc(sizeof(double) * m * n);
  double *r = (double *)malloc(sizeof(double) * m * m);
  lapack_int *piv = (lapack_int *)malloc(sizeof(lapack_int) * m);
  memcpy(r, c->r, sizeof(double) * m * m);
  for (int i = 0; i < n; ++i) /* rb = B^T */
    for (int j = 0; j < m; ++j)
      rb[j + i * m] = c->b[i + j * n];
  cr_assert_eq(LAPACKE_dgesv(LAPACK_COL_MAJOR, m, n, r, m, piv, rb, m), 0);
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) {
      double s = 0.0;
      for (int l = 0; l < m; ++l)
        s += c->b[i + l * n] * rb[l + j * m];
      g[i + j * n] = s;
    }
  free(rb);
  free(r);
  free(piv);
}

/* x := U21 U11^-1 from the 2n x 2n basis u (ld 2n), symmetrized. */
static void x_from_basis(int n, const double *u, double *x) {
  double *u11t = (double *)malloc(sizeof(double) * n * n);
  lapack_int *piv = (lapack_int *)malloc(sizeof(lapack_int) * n);
  /* X U11 = U21  <=>  U11^T X^T = U21^T */
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) {
      u11t[i + j * n] = u[j + i * 2 * n];
      x[i + j * n] = u[n + j + i * 2 * n];
    }
  cr_assert_eq(LAPACKE_dgesv(LAPACK_COL_MAJOR, n, n, u11t, n, piv, x, n), 0);
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < j; ++i)
      x[i + j * n] = x[j + i * n] = 0.5 * (x[i + j * n] + x[j + i * n]);
  free(u11t);
  free(piv);
}

static lapack_logical left_half(const double *re, const double *im) {
  (void)im;
  return *re < 0.0;
}

static lapack_logical inside_unit(const double *ar, const double *ai,
                                  const double *be) {
  return hypot(*ar, *ai) < fabs(*be);
}

/* CARE: H = [A -G; -Q -A^T], its stable invariant subspace by dgees. */
static void care_solve(const bla_test_are_case *c, double *x) {
  const int n = c->n, n2 = 2 * n;
  double *h = (double *)calloc((size_t)n2 * n2, sizeof(double));
  double *g = (double *)malloc(sizeof(double) * n * n);
  double *u = (double *)malloc(sizeof(double) * n2 * n2);
  double *wr = (double *)malloc(sizeof(double) * n2);
  double *wi = (double *)malloc(sizeof(double) * n2);
  lapack_int sdim = 0;
  gmat(c, g);
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) {
      h[i + j * n2] = c->a[i + j * n];
      h[i + (n + j) * n2] = -g[i + j * n];
      h[n + i + j * n2] = -c->q[i + j * n];
      h[n + i + (n + j) * n2] = -c->a[j + i * n];
    }
  cr_assert_eq(LAPACKE_dgees(LAPACK_COL_MAJOR, 'V', 'S', left_half, n2, h, n2,
                             &sdim, wr, wi, u, n2),
               0);
  cr_assert_eq(sdim, n);
  x_from_basis(n, u, x);
  free(h);
  free(g);
  free(u);
  free(wr);
  free(wi);
}

/* DARE: the pencil [A 0; -Q I] - s [I G; 0 A^T], its stable deflating
 * subspace by dgges (A may be singular). */
static void dare_solve(const bla_test_are_case *c, double *x) {
  const int n = c->n, n2 = 2 * n;
  double *l = (double *)calloc((size_t)n2 * n2, sizeof(double));
  double *r = (double *)calloc((size_t)n2 * n2, sizeof(double));
  double *g = (double *)malloc(sizeof(double) * n * n);
  double *z = (double *)malloc(sizeof(double) * n2 * n2);
  double *qv = (double *)malloc(sizeof(double) * n2 * n2);
  double *ar = (double *)malloc(sizeof(double) * n2);
  double *ai = (double *)malloc(sizeof(double) * n2);
  double *be = (double *)malloc(sizeof(double) * n2);
  lapack_int sdim = 0;
  gmat(c, g);
  for (int j = 0; j < n; ++j) {
    l[n + j + (n + j) * n2] = r[j + j * n2] = 1.0;
    for (int i = 0; i < n; ++i) {
      l[i + j * n2] = c->a[i + j * n];
      l[n + i + j * n2] = -c->q[i + j * n];
      r[i + (n + j) * n2] = g[i + j * n];
      r[n + i + (n + j) * n2] = c->a[j + i * n];
    }
  }
  cr_assert_eq(LAPACKE_dgges(LAPACK_COL_MAJOR, 'N', 'V', 'S', inside_unit, n2,
                             l, n2, r, n2, &sdim, ar, ai, be, qv, n2, z, n2),
               0);
  cr_assert_eq(sdim, n);
  x_from_basis(n, z, x);
  free(l);
  free(r);
  free(g);
  free(z);
  free(qv);
  free(ar);
  free(ai);
  free(be);
}

/* The residual of x is tiny (relres < tol_rel, and, for exact solutions,
 * within SciPy's max-abs threshold: the unbalanced, unrefined subspace
 * solutions here need not meet it) and that of x with one entry moved by
 * 1e-4 of its largest entry is not. */
static void check_solution(const bla_test_are_case *c, int care, double *x,
                           double tol_rel, int exact) {
  double rel, big, rel_p, xmax = 0.0;
  big = care ? bla_test_care_residual(c, x, &rel)
             : bla_test_dare_residual(c, x, &rel);
  cr_expect(rel < tol_rel, "%s: relres %g", c->name, rel);
  cr_expect(!exact || big < c->scipy_tol, "%s: maxabs %g, SciPy's tol %g",
            c->name, big, c->scipy_tol);
  for (int i = 0; i < c->n * c->n; ++i)
    xmax = fmax(xmax, fabs(x[i]));
  x[c->n - 1] += 1e-4 * xmax;
  (void)(care ? bla_test_care_residual(c, x, &rel_p)
              : bla_test_dare_residual(c, x, &rel_p));
  cr_expect(rel_p > 1e-7, "%s: perturbed relres %g", c->name, rel_p);
}

Test(riccati_cases, care_exact_solutions) {
  /* CAREX 1.1: X = [2 1; 1 2]; 1.2: X = (1 + sqrt 2) [9 6; 6 4];
   * 2.5 (SciPy's case 10): X = [2 1; 1 1] (Benner, Laub, Mehrmann). */
  const double t = 1.0 + sqrt(2.0);
  const struct {
    int k;
    double x[4];
  } ex[3] = {
      {0, {2, 1, 1, 2}}, {1, {9 * t, 6 * t, 6 * t, 4 * t}}, {10, {2, 1, 1, 1}}};
  for (int e = 0; e < 3; ++e) {
    bla_test_are_case c;
    double x[4];
    cr_assert_eq(bla_test_care_case(ex[e].k, &c), 0);
    memcpy(x, ex[e].x, sizeof x);
    check_solution(&c, 1, x, 1e-15, 1);
    bla_test_are_case_free(&c);
  }
}

Test(riccati_cases, lapack_solutions) {
  /* Well-conditioned small cases: CARE 2-4 (CAREX 1.3-1.5), DARE 0, 6, 9
   * (SciPy's 3, 9, 12). */
  const int care_k[] = {2, 3, 4}, dare_k[] = {0, 6, 9};
  for (int care = 0; care < 2; ++care)
    for (int e = 0; e < 3; ++e) {
      bla_test_are_case c;
      double *x;
      const int k = care ? care_k[e] : dare_k[e];
      cr_assert_eq(care ? bla_test_care_case(k, &c) : bla_test_dare_case(k, &c),
                   0);
      x = (double *)malloc(sizeof(double) * c.n * c.n);
      if (care)
        care_solve(&c, x);
      else
        dare_solve(&c, x);
      check_solution(&c, care, x, 1e-12, 0);
      free(x);
      bla_test_are_case_free(&c);
    }
}
