/* bench_lapack: LAPACKE, when the build found it (BENCH_HAVE_LAPACKE,
 * set by bench/CMakeLists.txt), and the LAPACK references a family's host
 * and GPU benches share (header only: the harness itself never links
 * LAPACK). */
#ifndef BATCHLA_BENCH_LAPACK_H
#define BATCHLA_BENCH_LAPACK_H

#ifndef BENCH_HAVE_LAPACKE
#define BENCH_HAVE_LAPACKE 0
#endif
#if BENCH_HAVE_LAPACKE
#include <lapacke.h>
#include <string.h>

#include "bench_common.h"

/* Eigenvalues wr + i wi of the n x n column-major a (not changed) and
 * their reciprocal condition numbers s, by dgees, dtrevc and dtrsna;
 * scratch: 4 n*n + n entries. Returns LAPACK's info. */
static inline int bench_ref_schur_eig(int n, const double *a, double *wr,
                                      double *wi, double *s, double *scratch) {
  const size_t nn = (size_t)n * n;
  double *t = scratch, *vs = t + nn, *vl = vs + nn, *vr = vl + nn;
  double *sep = vr + nn;
  lapack_int sdim = 0, m = 0, info;
  memcpy(t, a, nn * sizeof(double));
  info = LAPACKE_dgees(LAPACK_COL_MAJOR, 'V', 'N', NULL, n, t, n, &sdim, wr, wi,
                       vs, n);
  /* LAPACKE checks vl and vr for NaN even where they are outputs. */
  memset(vl, 0, 2 * nn * sizeof(double));
  if (info == 0)
    info = LAPACKE_dtrevc(LAPACK_COL_MAJOR, 'B', 'A', NULL, n, t, n, vl, n, vr,
                          n, n, &m);
  if (info == 0)
    info = LAPACKE_dtrsna(LAPACK_COL_MAJOR, 'E', 'A', NULL, n, t, n, vl, n, vr,
                          n, s, sep, n, &m);
  return (int)info;
}

/* Generalized eigenvalues (ar + i ai) / be of the n x n column-major
 * pencil (a, b) (not changed) and their reciprocal condition numbers s
 * (RCONDE), by dggevx('N', 'V', 'V', 'E'); scratch: 4 n*n + 3 n entries.
 * Returns LAPACK's info. */
static inline int bench_ref_qz_eig(int n, const double *a, const double *b,
                                   double *ar, double *ai, double *be,
                                   double *s, double *scratch) {
  const size_t nn = (size_t)n * n;
  double *ta = scratch, *tb = ta + nn, *vl = tb + nn, *vr = vl + nn;
  double *sc = vr + nn, abn, bbn;
  lapack_int ilo, ihi;
  memcpy(ta, a, nn * sizeof(double));
  memcpy(tb, b, nn * sizeof(double));
  return (int)LAPACKE_dggevx(LAPACK_COL_MAJOR, 'N', 'V', 'V', 'E', n, ta, n, tb,
                             n, ar, ai, be, vl, n, vr, n, &ilo, &ihi, sc,
                             sc + n, &abn, &bbn, s, sc + 2 * n);
}

#endif /* BENCH_HAVE_LAPACKE */
#endif /* BATCHLA_BENCH_LAPACK_H */
