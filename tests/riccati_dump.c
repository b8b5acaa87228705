/* tests/riccati_dump.c: the Riccati test cases as text, for
 * tests/data/riccati_scipy_ref.py and riccati_reference.py
 * (bla_test_riccati.h).
 *
 *   riccati_dump care|dare K        case K: a line "n m known_failure tol",
 *                                   then A, B, Q, R, column-major, one
 *                                   entry a line (%.17g)
 *   riccati_dump care|dare K resid  reads X (n x n, column-major, one
 *                                   entry per whitespace) from stdin and
 *                                   prints "maxabs relres"
 *   riccati_dump care|dare K solve  batchla's X (the core solver, double):
 *                                   a line "info", then X as above
 *   riccati_dump count              prints the CARE and DARE case counts */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "batchla/core/matrix_equations.h"
#include "bla_test_riccati.h"

static void dump(const double *x, size_t len) {
  for (size_t i = 0; i < len; ++i)
    printf("%.17g\n", x[i]);
}

/* Prints info and X of the core solver on case c. */
static int solve(int care, const bla_test_are_case *c) {
  const bla_index n = c->n, m = c->m;
  const bla_index lw = bla_dsolve_continuous_are_lwork(n, m);
  double *w = (double *)malloc(sizeof(double) * (size_t)(lw + 1));
  double *x = (double *)malloc(sizeof(double) * (size_t)(n * n + 1));
  const bla_dmat a = bla_dmat_make(c->a, n, n, 1, n);
  const bla_dmat b = bla_dmat_make(c->b, n, m, 1, n);
  const bla_dmat q = bla_dmat_make(c->q, n, n, 1, n);
  const bla_dmat r = bla_dmat_make(c->r, m, m, 1, m);
  const bla_dmat xv = bla_dmat_make(x, n, n, 1, n);
  const bla_dvec wv = bla_dvec_make(w, lw, 1);
  int info;
  if (!w || !x)
    return 1;
  info = care ? bla_dsolve_continuous_are(a, b, q, r, xv, wv)
              : bla_dsolve_discrete_are(a, b, q, r, xv, wv);
  printf("%d\n", info);
  dump(x, (size_t)(n * n));
  free(w);
  free(x);
  return 0;
}

int main(int argc, char **argv) {
  bla_test_are_case c;
  int care, k, rc;
  if (argc == 2 && !strcmp(argv[1], "count")) {
    printf("%d %d\n", bla_test_care_ncases(), bla_test_dare_ncases());
    return 0;
  }
  if (argc < 3)
    return 2;
  care = !strcmp(argv[1], "care");
  k = atoi(argv[2]);
  rc = care ? bla_test_care_case(k, &c) : bla_test_dare_case(k, &c);
  if (rc)
    return 1;
  if (argc > 3 && !strcmp(argv[3], "solve")) {
    rc = solve(care, &c);
  } else if (argc > 3 && !strcmp(argv[3], "resid")) {
    const size_t nn = (size_t)c.n * c.n;
    double *x = (double *)malloc(sizeof(double) * nn), rel, big;
    for (size_t i = 0; x && i < nn; ++i)
      if (scanf("%lf", &x[i]) != 1)
        return 1;
    big = care ? bla_test_care_residual(&c, x, &rel)
               : bla_test_dare_residual(&c, x, &rel);
    printf("%.17g %.17g\n", big, rel);
    free(x);
  } else {
    printf("%d %d %d %.17g\n", c.n, c.m, c.scipy_known_failure, c.scipy_tol);
    dump(c.a, (size_t)c.n * c.n);
    dump(c.b, (size_t)c.n * c.m);
    dump(c.q, (size_t)c.n * c.n);
    dump(c.r, (size_t)c.m * c.m);
  }
  bla_test_are_case_free(&c);
  return rc;
}
