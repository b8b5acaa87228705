/* tests/support/bla_test_riccati.h: test cases and residual checks for
 * the algebraic Riccati solvers (bla_dsolve_continuous_are,
 * bla_dsolve_discrete_are).
 *
 * The cases are those of SciPy's scipy/linalg/tests/test_solvers.py
 * (version 1.17.1), classes TestSolveContinuousAre and
 * TestSolveDiscreteAre: the CAREX and DAREX benchmark examples of
 * P. Benner, A. J. Laub, V. Mehrmann, "A Collection of Benchmark Examples
 * for the Numerical Solution of Algebraic Riccati Equations I:
 * Continuous-Time Case" and "II: Discrete-Time Case", Tech. Reports SPC
 * 95_22 and 95_23, TU Chemnitz-Zwickau, 1995, with default parameters,
 * plus SciPy's own DARE cases. Case k here is SciPy's case k (CARE), or
 * SciPy's case k + 3 (DARE: SciPy's cases 0-2 are complex and left out,
 * the library being real). Large cases are generated from their
 * definitions (SLICOT BB01AD's formulas); the two CAREX examples whose
 * data come from files (1.6 and 4.4) are held as tables.
 *
 * Matrices are column-major, malloc'd; A is n x n, B n x m, Q n x n and R
 * m x m, each with leading dimension its row count. */
#ifndef BLA_TEST_RICCATI_H
#define BLA_TEST_RICCATI_H

#include <stdint.h>

#include "bla_test.h"

typedef struct {
  const char *name;        /* e.g. "CAREX 1 (scipy case 0)" */
  int n, m;                /* A n x n, B n x m, Q n x n, R m x m */
  double *a, *b, *q, *r;   /* column-major, leading dimension n (r: m) */
  int scipy_known_failure; /* 1 where SciPy's test marks it xfail */
  /* SciPy's threshold on the residual's max abs entry: 1.5 *
   * 10^-min_decimal for CARE (0 where SciPy has None), max_tol for
   * DARE. */
  double scipy_tol;
} bla_test_are_case;

int bla_test_care_ncases(void); /* 20 */
int bla_test_dare_ncases(void); /* 16: the real-valued DARE cases */
/* Fill *c with case k (0-based). Returns 0, or -1 for an unknown k or a
 * failed allocation or generation (*c is then left empty). */
int bla_test_care_case(int k, bla_test_are_case *c);
int bla_test_dare_case(int k, bla_test_are_case *c);
void bla_test_are_case_free(bla_test_are_case *c);

/* Residuals of a candidate X (n x n, column-major, ld n), evaluated in
 * long double. Returns the max abs entry of the residual matrix as SciPy's
 * test forms it, CARE: Res = X A + A^T X + Q - (X B) R^-1 (X B)^T, DARE:
 * Res = A^T X A - X + Q - A^T X B (R + B^T X B)^-1 B^T X A.
 * *relres (when relres is not NULL) := ||Res||_F over the sum of the
 * Frobenius norms of the terms: ||Q|| + ||A^T X|| + ||X A|| +
 * ||X B R^-1 B^T X|| (CARE), ||Q|| + ||X|| + ||A^T X A|| +
 * ||A^T X B (R + B^T X B)^-1 B^T X A|| (DARE).
 * A singular R (CARE) or R + B^T X B (DARE) gives NaN for both. */
double bla_test_care_residual(const bla_test_are_case *c, const double *x,
                              double *relres);
double bla_test_dare_residual(const bla_test_are_case *c, const double *x,
                              double *relres);

/* ---- Random problems ------------------------------------------------------
 * count problems of order n with m inputs: A uniform in (-1, 1) (for the
 * DARE scaled by 1.5 / sqrt(n): some eigenvalues outside the unit circle),
 * B uniform, Q = C^T C / n + I / 10 and R = D^T D / m + I with C, D
 * uniform, every entry rounded to prec. Problem p's matrices start at
 * p n^2 (b: p n m, r: p m^2), column-major with leading dimension their
 * row count. */
typedef struct {
  int discrete;
  blt_prec prec;
  int64_t count, n, m;
  double *a, *b, *q, *r;
} bla_test_are_set;

bla_test_are_set bla_test_are_set_new(int discrete, blt_prec prec,
                                      int64_t count, int64_t n, int64_t m,
                                      uint64_t seed);
void bla_test_are_set_free(bla_test_are_set *s);

#endif
