/* bench_matrix_equations: per-problem time of batchla's host Sylvester,
 * Lyapunov and Riccati solvers (bla_dsolve_sylvester_batch,
 * bla_dsolve_continuous_lyapunov_batch, bla_dsolve_discrete_lyapunov_batch,
 * bla_dsolve_continuous_are_batch, bla_dsolve_discrete_are_batch) and of
 * the Schur reorderings bla_dtrsen_batch and bla_dtgsen_batch against a C
 * loop of LAPACK calls solving the same equations the way SciPy does, looped
 * with OpenMP over the same batch, as docs/PERFORMANCE.md reports it (rules:
 * docs/MEASURING.md).
 *
 *   bench_matrix_equations [--quick] [--reps R] [--target S] [--n 4,8,...]
 *                          [--threads 1,2,...] [--seed X]
 *
 * The LAPACK loop per problem (LAPACKE_*_work, BLAS dgemm_):
 *   Sylvester   A X + X B = C: dgees(A), dgees(B), F = U^T C V, dtrsyl,
 *               X = U Y V^T / scale (SciPy's solve_sylvester)
 *   continuous  A X + X A^T = Q: dgees(A), F = U^T Q U, dtrsyl(tranb = T),
 *               X = U Y U^T / scale (solve_continuous_lyapunov)
 *   discrete    A X A^T - X + Q = 0: LAPACK has no Stein solver; SciPy's
 *               bilinear transformation (solve_discrete_lyapunov, method
 *               'bilinear', its default from n = 10): dgetrf(A^T + I),
 *               dgetrs for W = (A^T + I)^-1 and Y = (A + I)^-1 Q, then
 *               the continuous solve of B^T X + X B = -2 Y W with
 *               B = (A^T - I) W.
 *   CARE        A^T X + X A - X B R^-1 B^T X + Q = 0 and
 *   DARE        A^T X A - X - (A^T X B)(R + B^T X B)^-1 (B^T X A) + Q = 0,
 *               B n x m with m = n/2: SciPy's solve_continuous_are and
 *               solve_discrete_are (Arnold & Laub 1984) without their
 *               balancing: the extended pencil of order 2n + m (CARE
 *               [A 0 B; -Q -A^T 0; 0 B^T R] - lambda diag(I, I, 0); DARE
 *               [A 0 B; -Q I 0; 0 0 R] - lambda [I 0 0; 0 A^T 0; 0 -B^T 0])
 *               compressed to order 2n by dgeqrf of its last m columns and
 *               dormqr (the last 2n rows of Q^T [M N](:, 0:2n)), dgges with
 *               sorting (Re < 0, |lambda| < 1), X = U2 U1^-1 by
 *               dgetrf/dgetrs on U1^T, symmetrized. batchla also balances
 *               the pencil and takes one Newton step (core/matrix_equations.h),
 *               so it does more work than this loop.
 *   trsen       the real Schur form (T, Z) of A, eigenvalues with Re < 0
 *               moved first: dtrsen(JOB = 'N', COMPQ = 'V'), the same
 *               call as bla_dtrsen_batch's.
 *   tgsen       the generalized Schur form (S, T, Q, Z) of (A, B), the
 *               same selection: dtgsen(IJOB = 0, WANTQ = WANTZ = 1).
 * batchla runs on the column-major and on the interleaved layout. Inputs:
 * entries uniform in (-1, 1) (A divided by sqrt(n) for the discrete
 * equation, so that it is stable), Q symmetric; Riccati: A, B, C, D
 * uniform in (-1, 1), Q = C^T C + I, R = I + D^T D (m x m). Every group is
 * cross-checked before it is timed: on SAMPLES problems per side, the
 * residual ratio |res|_1 / ((|A|_1 + |B|_1) |X|_1 n ulp) (Sylvester; 2|A|_1
 * and |A|_1^2 + 1 for the continuous and discrete equations; Riccati
 * |res|_F / ((|Q|_F + the Frobenius norms of the other terms) (2n + m)
 * ulp)) below
 * BENCH_THRESH (Riccati: below ARE_SLACK times it; the LAPACK side of the
 * Riccati and discrete Lyapunov equations below ARE_LAPACK_SLACK times it
 * and shown apart, see there), and |X_side - X_LAPACK|_1 /
 * |X_LAPACK|_1 reported.
 * Reorderings: inputs the forms dgees (trsen) or dgges (tgsen, B uniform
 * too) makes of A (and B), untimed; checked per side: the selected count
 * m equal to the selection's, |Z T Z^T - Z0 T0 Z0^T|_1 / (|T0|_1 n ulp)
 * (tgsen: Q S Z^T and Q T Z^T) and |Z^T Z - I|_1 / (n ulp) (and Q's)
 * below BENCH_THRESH, and the leading m eigenvalues within EIG_TOL
 * of the LAPACK side's (each matched to its nearest), relative to the
 * form's largest entry. A group
 * that fails prints no timing and makes the program exit with status 1.
 * The markdown report goes to stdout, progress to stderr. */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <omp.h>

#include "batchla/batchla.h"
#include "bench_common.h"
#include "bench_lapack.h"

/* The BLAS product the LAPACK loop uses (OpenBLAS exports it). */
void dgemm_(const char *ta, const char *tb, const int *m, const int *n,
            const int *k, const double *alpha, const double *a, const int *lda,
            const double *b, const int *ldb, const double *beta, double *c,
            const int *ldc);

/* c := alpha op(a) op(b) + beta c, op(a) m x k. */
static void gemm(char ta, char tb, int m, int n, int k, double alpha,
                 const double *a, int lda, const double *b, int ldb,
                 double beta, double *c, int ldc) {
  dgemm_(&ta, &tb, &m, &n, &k, &alpha, a, &lda, b, &ldb, &beta, c, &ldc);
}

#define SAMPLES 32 /* problems per side for the O(n^3) residual checks */

enum {
  JOB_SYLV,
  JOB_CLYAP,
  JOB_DLYAP,
  JOB_CARE,
  JOB_DARE,
  JOB_TRSEN,
  JOB_TGSEN,
  NJOBS
};
static const char *const job_names[NJOBS] = {
    "Sylvester",
    "continuous Lyapunov",
    "discrete Lyapunov",
    "continuous Riccati (CARE, m = n/2)",
    "discrete Riccati (DARE, m = n/2)",
    "Schur reordering (trsen, Re < 0 first)",
    "generalized Schur reordering (tgsen, Re < 0 first)"};
#define IS_ARE(job) ((job) == JOB_CARE || (job) == JOB_DARE)
#define IS_REORDER(job) ((job) >= JOB_TRSEN)
/* A reordering whose leading eigenvalues are off by more than this,
 * relative to the largest of the form's entries, fails: far above what
 * an eigenvalue's condition gives random forms, far below a wrong
 * selection. */
#define EIG_TOL 1e-8

/* One batch: inputs a0, b0 (Sylvester, Riccati), c0 (C or Q), r0
 * (Riccati), column-major problem after problem, n^2 entries each (B n x m
 * with leading dimension n, R m x m with m); a, b, c, r in the layout of
 * the side being run; x the Riccati solutions. */
typedef struct {
  int n, m, threads, job;
  bla_index count;
  double *a0, *b0, *c0, *r0, *a, *b, *c, *r, *x;
  double *xref;   /* the LAPACK side's solutions (cross-check) */
  double *work;   /* LAPACK workspace, per thread */
  lapack_int lws; /* its length per thread */
  lapack_int lwork;
  int *ipiv;
  lapack_logical *bwork;
  int *info;
  /* Reordering: the selections (column-major and interleaved), the
   * eigenvalues in the new order (wr, wi; tgsen: alphar, alphai, beta in
   * wr, wi, be) and the selected counts of the side being run. */
  int *sel, *seli, *mm;
  double *wr, *wi, *be;
} batch;

typedef struct {
  bench_group g;
  double res, diff;
  double lres; /* LAPACK_APART: the LAPACK side's residual ratio */
} result;

/* A Riccati solution's relative residual is not a backward error: it
 * grows with the equation's condition, and for the Schur method without
 * balancing or refinement (the LAPACK loop) with the condition of U1 as
 * well (Laub 1979, IEEE TAC 24(6)). Random equations reach ratios of 50
 * now and then on either side, so the Riccati groups hold both sides to
 * ARE_SLACK times the threshold (a wrong solution is off by 1e13 and
 * more) and report them apart. The accuracy itself is validated by
 * tests/test_riccati.c. */
#define ARE_SLACK 100.0
/* The LAPACK loop's, unbalanced and unrefined, reaches ratios of 4e4 on
 * some random equations (an ill-conditioned U1): it is held only to the
 * bound that tells a wrong solution, which the check is there to catch,
 * so that which problems a batch of a given size samples cannot fail a
 * run. */
#define ARE_LAPACK_SLACK 1e7
/* The discrete Lyapunov equation's LAPACK loop takes SciPy's bilinear
 * transformation through A^T + I, whose conditioning the equation's does
 * not bound: near an eigenvalue of A at -1 its ratio reaches hundreds on
 * random equations. It is reported apart too, held to the same bound. */
#define LAPACK_APART(job) (IS_ARE(job) || (job) == JOB_DLYAP)

/* ---- flop and byte counts (estimates, see docs/PERFORMANCE.md) ------- */

/* Schur with vectors about 25 n^3 per matrix, four n^3 products of 2 n^3,
 * the triangular solve about 2 n^3 (Sylvester: two Schur forms). Riccati:
 * QZ with one set of vectors of the order-2n pencil about 40 (2n)^3 (Golub
 * & Van Loan, 4th ed., 7.7.7), the compression and solution step about
 * 30 n^3. */
/* Reordering half of the eigenvalues: about n^2 / 8 swaps, each rotating
 * two rows and columns of T and two columns of Z (tgsen: of S, T, Q and
 * Z), about 24 n (48 n) flops, so about 3 n^3 (6 n^3). */
static double flops_problem(int n, int job) {
  return (IS_ARE(job)        ? 350.0
          : job == JOB_SYLV  ? 60.0
          : job == JOB_TRSEN ? 3.0
          : job == JOB_TGSEN ? 6.0
                             : 35.0) *
         n * n * n;
}
/* Compulsory traffic: read A (and B), read C, write X; Riccati: read A, B,
 * Q, R (m = n/2), write X; reordering: read and write T, Z (tgsen: S, T,
 * Q, Z). */
static double bytes_problem(int n, int job) {
  return 8.0 * n * n *
         (IS_ARE(job)        ? 3.75
          : job == JOB_SYLV  ? 4.0
          : job == JOB_TRSEN ? 4.0
          : job == JOB_TGSEN ? 8.0
                             : 3.0);
}

/* ---- the batch ----------------------------------------------------------- */

static lapack_int lapack_lwork(int n) {
  double q = 0, a = 0, wr = 0, wi = 0, vs = 0;
  lapack_int sdim = 0;
  lapack_logical bw = 0;
  LAPACKE_dgees_work(LAPACK_COL_MAJOR, 'V', 'N', NULL, n, &a, n, &sdim, &wr,
                     &wi, &vs, n, &q, -1, &bw);
  return q > 3.0 * n ? (lapack_int)q : 3 * n;
}

/* SciPy's eigenvalue selections for the Riccati pencils (ordqz's 'lhp'
 * and 'iuc'); an infinite eigenvalue (beta = 0, dgges's beta >= 0) is
 * never selected. */
static lapack_logical sel_lhp(const double *ar, const double *ai,
                              const double *be) {
  (void)ai;
  return *be > 0 && *ar < 0;
}
static lapack_logical sel_iuc(const double *ar, const double *ai,
                              const double *be) {
  return *ar * *ar + *ai * *ai < *be * *be;
}

/* The Riccati loop's LAPACK workspace: the largest of dgeqrf's, dormqr's
 * and dgges's queries on the pencil of order 2n + m. */
static lapack_int lapack_are_lwork(int n, int m) {
  const lapack_int l = 2 * n + m, nn2 = 2 * n;
  double q[3] = {0, 0, 0}, d = 0;
  lapack_int sdim = 0;
  lapack_logical bw = 0;
  LAPACKE_dgeqrf_work(LAPACK_COL_MAJOR, l, m, &d, l, &d, q, -1);
  LAPACKE_dormqr_work(LAPACK_COL_MAJOR, 'L', 'T', l, 2 * nn2, m, &d, l, &d, &d,
                      l, q + 1, -1);
  LAPACKE_dgges_work(LAPACK_COL_MAJOR, 'N', 'V', 'S', sel_lhp, nn2, &d, nn2, &d,
                     nn2, &sdim, &d, &d, &d, &d, 1, &d, nn2, q + 2, -1, &bw);
  return (lapack_int)fmax(fmax(q[0], q[1]), fmax(q[2], 16.0 * n + 16));
}

/* Riccati inputs, problem after problem: A, B, C, D uniform in (-1, 1),
 * Q = C^T C + I, R = I + D^T D; the unused tail of each n^2 slot zero. */
static void are_inputs(batch *b, uint64_t *s) {
  const int n = b->n, m = b->m;
  const size_t nn = (size_t)n * n;
  double *cd = bench_xmalloc(nn * sizeof(double));
  for (bla_index p = 0; p < b->count; ++p) {
    double *a = b->a0 + p * nn, *bb = b->b0 + p * nn, *q = b->c0 + p * nn;
    double *r = b->r0 + p * nn;
    memset(bb, 0, nn * sizeof(double));
    memset(r, 0, nn * sizeof(double));
    for (size_t k = 0; k < nn; ++k) {
      a[k] = bench_rng_unif_open(s);
      cd[k] = bench_rng_unif_open(s);
    }
    for (size_t k = 0; k < (size_t)n * m; ++k)
      bb[k] = bench_rng_unif_open(s);
    gemm('T', 'N', n, n, n, 1, cd, n, cd, n, 0, q, n);
    for (size_t k = 0; k < (size_t)m * m; ++k)
      cd[k] = bench_rng_unif_open(s);
    gemm('T', 'N', m, m, m, 1, cd, m, cd, m, 0, r, m);
    for (int i = 0; i < n; ++i)
      q[i + (size_t)i * n] += 1;
    for (int i = 0; i < m; ++i)
      r[i + (size_t)i * m] += 1;
  }
  free(cd);
}

/* Reordering inputs, problem after problem: the real Schur form (T, Z) of
 * A (trsen, dgees) or the generalized one (S, T, Q, Z) of (A, B) (tgsen,
 * dgges), A and B uniform in (-1, 1), in a0, b0 (, c0, r0); the selection
 * the eigenvalues with negative real part (beta > 0 for random B), which
 * keeps a complex pair's two entries together. */
static void reorder_inputs(batch *b, uint64_t *s) {
  const int n = b->n, gen = b->job == JOB_TGSEN;
  const size_t nn = (size_t)n * n;
  double q = 0, d = 0, *w, *ar, *ai, *be;
  lapack_int sdim = 0, lw;
  if (gen)
    LAPACKE_dgges_work(LAPACK_COL_MAJOR, 'V', 'V', 'N', NULL, n, &d, n, &d, n,
                       &sdim, &d, &d, &d, &d, n, &d, n, &q, -1, b->bwork);
  else
    LAPACKE_dgees_work(LAPACK_COL_MAJOR, 'V', 'N', NULL, n, &d, n, &sdim, &d,
                       &d, &d, n, &q, -1, b->bwork);
  lw = (lapack_int)fmax(q, 8.0 * n + 16);
  w = bench_xmalloc(((size_t)lw + 3 * (size_t)n) * sizeof(double));
  ar = w + lw;
  ai = ar + n;
  be = ai + n;
  for (bla_index p = 0; p < b->count; ++p) {
    double *a = b->a0 + p * nn, *bb = b->b0 + p * nn;
    lapack_int info;
    for (size_t k = 0; k < nn; ++k) {
      a[k] = bench_rng_unif_open(s);
      bb[k] = gen ? bench_rng_unif_open(s) : 0;
    }
    if (gen)
      info = LAPACKE_dgges_work(LAPACK_COL_MAJOR, 'V', 'V', 'N', NULL, n, a, n,
                                bb, n, &sdim, ar, ai, be, b->c0 + p * nn, n,
                                b->r0 + p * nn, n, w, lw, b->bwork);
    else
      info = LAPACKE_dgees_work(LAPACK_COL_MAJOR, 'V', 'N', NULL, n, a, n,
                                &sdim, ar, ai, bb, n, w, lw, b->bwork);
    if (info) {
      fprintf(stderr, "bench_matrix_equations: %s of input %lld: info %d\n",
              gen ? "dgges" : "dgees", (long long)p, (int)info);
      exit(1);
    }
    for (int k = 0; k < n; ++k)
      b->sel[p * n + k] = ar[k] < 0 && (!gen || be[k] > 0);
    /* dgges's two alpha_r of a pair may differ in sign near Re = 0: the
     * pair is selected as one, so that m is known. */
    for (int k = 0; k + 1 < n; ++k)
      if (ai[k] > 0)
        b->sel[p * n + k] = b->sel[p * n + k + 1] =
            b->sel[p * n + k] || b->sel[p * n + k + 1];
  }
  for (bla_index p = 0; p < b->count; ++p)
    for (int k = 0; k < n; ++k)
      b->seli[p + k * b->count] = b->sel[p * n + k];
  free(w);
}

static void *batch_make(const void *spec_, int64_t count) {
  const bench_spec *g = spec_;
  const int n = g->n;
  const size_t c = (size_t)count, nn = (size_t)n * n;
  uint64_t s = g->seed;
  batch *b = bench_xmalloc(sizeof *b);
  memset(b, 0, sizeof *b);
  b->n = n;
  b->m = n / 2;
  b->job = g->job;
  b->threads = g->threads;
  b->count = count;
  b->a0 = bench_xmalloc(c * nn * sizeof(double));
  b->b0 = bench_xmalloc(c * nn * sizeof(double));
  b->c0 = bench_xmalloc(c * nn * sizeof(double));
  b->r0 = bench_xmalloc(c * nn * sizeof(double));
  b->a = bench_xmalloc(c * nn * sizeof(double));
  b->b = bench_xmalloc(c * nn * sizeof(double));
  b->c = bench_xmalloc(c * nn * sizeof(double));
  b->r = bench_xmalloc(c * nn * sizeof(double));
  b->x = bench_xmalloc(c * nn * sizeof(double));
  b->xref = bench_xmalloc(c * nn * sizeof(double));
  if (IS_REORDER(g->job)) { /* dtrsen's and dtgsen's work, 4n + 16 */
    b->lwork = 4 * n + 16;
    b->lws = b->lwork;
  } else if (IS_ARE(g->job)) { /* the pencil, its Schur vectors, U1^T */
    const size_t l = 2 * (size_t)n + (size_t)b->m;
    b->lwork = lapack_are_lwork(n, b->m);
    b->lws = (lapack_int)(l * (4 * (size_t)n + (size_t)b->m) + (size_t)b->m +
                          5 * nn + 6 * (size_t)n) +
             b->lwork;
  } else {
    b->lwork = lapack_lwork(n);
    b->lws = (lapack_int)(7 * nn + 2 * n) + b->lwork;
  }
  b->work = bench_xmalloc((size_t)g->threads * (size_t)b->lws * sizeof(double));
  b->ipiv = bench_xmalloc((size_t)g->threads * (size_t)n * sizeof(int));
  /* dgges's sorting writes bwork: one per thread. */
  b->bwork = bench_xmalloc((size_t)g->threads * 2 * (size_t)n *
                           sizeof(lapack_logical));
  b->info = bench_xmalloc(c * sizeof(int));
  if (IS_REORDER(g->job)) {
    b->sel = bench_xmalloc(c * (size_t)n * sizeof(int));
    b->seli = bench_xmalloc(c * (size_t)n * sizeof(int));
    b->mm = bench_xmalloc(c * sizeof(int));
    b->wr = bench_xmalloc(c * (size_t)n * sizeof(double));
    b->wi = bench_xmalloc(c * (size_t)n * sizeof(double));
    b->be = bench_xmalloc(c * (size_t)n * sizeof(double));
    reorder_inputs(b, &s);
    return b;
  }
  if (IS_ARE(g->job)) {
    are_inputs(b, &s);
    return b;
  }
  /* Problem p takes the p-th slice of each stream: a longer batch extends
   * a shorter one with the same seed. */
  for (size_t p = 0; p < c; ++p)
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < n; ++i) {
        const size_t k = p * nn + (size_t)i + (size_t)j * n;
        b->a0[k] = bench_rng_unif_open(&s) /
                   (g->job == JOB_DLYAP ? sqrt((double)n) : 1.0);
        b->b0[k] = bench_rng_unif_open(&s);
        b->c0[k] = g->job == JOB_SYLV || i >= j
                       ? bench_rng_unif_open(&s)
                       : b->c0[p * nn + (size_t)j + (size_t)i * n];
      }
  return b;
}

static void batch_destroy(void *ctx) {
  batch *b = ctx;
  BENCH_FREE(b->a0, b->b0, b->c0, b->r0, b->a, b->b, b->c, b->r, b->x, b->xref,
             b->work, b->ipiv, b->bwork, b->info, b->sel, b->seli, b->mm, b->wr,
             b->wi, b->be, b);
}

static void batch_prepare(void *ctx, int side) {
  batch *b = ctx;
  const int64_t nn = (int64_t)b->n * b->n;
  const int il = side == BENCH_SIDE_INT;
  bench_to_layout(b->a0, b->a, nn, b->count, il, b->threads);
  bench_to_layout(b->b0, b->b, nn, b->count, il, b->threads);
  bench_to_layout(b->c0, b->c, nn, b->count, il, b->threads);
  if (IS_ARE(b->job) || b->job == JOB_TGSEN)
    bench_to_layout(b->r0, b->r, nn, b->count, il, b->threads);
}

/* c := op(a) op(b), all n x n with leading dimension n. */
static void mul(int n, char ta, const double *a, char tb, const double *b,
                double *c) {
  gemm(ta, tb, n, n, n, 1, a, n, b, n, 0, c, n);
}

/* The continuous Lyapunov solve op(T0) X + X op(T0)^T = q of the LAPACK
 * loop, in place on q; a0 is read only. w: 3 n^2 + 2n + lwork. */
static lapack_int lapack_clyap(int n, const double *a0, double *q, double *w,
                               lapack_int lwork, lapack_logical *bwork) {
  double *t = w, *u = t + n * n, *f = u + n * n, *wr = f + n * n, *wi = wr + n;
  double scale = 1;
  lapack_int sdim = 0, info;
  memcpy(t, a0, (size_t)n * n * sizeof(double));
  info = LAPACKE_dgees_work(LAPACK_COL_MAJOR, 'V', 'N', NULL, n, t, n, &sdim,
                            wr, wi, u, n, wi + n, lwork, bwork);
  if (info)
    return info;
  mul(n, 'T', u, 'N', q, f);
  mul(n, 'N', f, 'N', u, q);
  info = LAPACKE_dtrsyl_work(LAPACK_COL_MAJOR, 'N', 'T', 1, n, n, t, n, t, n, q,
                             n, &scale);
  mul(n, 'N', u, 'N', q, f);
  mul(n, 'N', f, 'T', u, q);
  for (int k = 0; k < n * n; ++k)
    q[k] /= scale;
  return info < 0 ? info : 0;
}

/* The Riccati loop (SciPy's method without balancing, see the head):
 * problem p's X into b->x; w: b->lws entries, ipiv n, bwork 2n. */
static lapack_int lapack_are(const batch *b, bla_index p, double *w, int *ipiv,
                             lapack_logical *bwork) {
  const int n = b->n, m = b->m, l = 2 * n + m, n2 = 2 * n;
  const int dare = b->job == JOB_DARE;
  const size_t nn = (size_t)n * n;
  const double *a = b->a + p * nn, *bb = b->b + p * nn, *q = b->c + p * nn;
  const double *r = b->r + p * nn;
  double *x = b->x + p * nn;
  double *mn = w;                                 /* l x 4n: [M N](:, 0:2n) */
  double *qr = mn + (size_t)l * 2 * n2;           /* l x m: M(:, 2n:) */
  double *tau = qr + (size_t)l * m, *z = tau + m; /* z: 2n x 2n */
  double *ar = z + (size_t)n2 * n2, *ai = ar + n2, *be = ai + n2;
  double *u = be + n2, *lw = u + nn;
  lapack_int info, sdim = 0;
  memset(mn, 0, (size_t)l * (2 * n2 + m) * sizeof(double));
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) {
      mn[i + (size_t)j * l] = a[i + j * n];
      mn[n + i + (size_t)j * l] = -q[i + j * n];
      mn[n + i + (size_t)(n + j) * l] = dare ? i == j : -a[j + i * n];
      mn[i + (size_t)(n2 + j) * l] = i == j;
      mn[n + i + (size_t)(n2 + n + j) * l] = dare ? a[j + i * n] : i == j;
    }
  for (int j = 0; j < m; ++j)
    for (int i = 0; i < n; ++i) {
      qr[i + (size_t)j * l] = bb[i + j * n];
      /* CARE: B^T in M's last rows; DARE: -B^T in N's. */
      mn[n2 + j + (size_t)((dare ? n2 : 0) + n + i) * l] =
          dare ? -bb[i + j * n] : bb[i + j * n];
    }
  for (int j = 0; j < m; ++j)
    for (int i = 0; i < m; ++i)
      qr[n2 + i + (size_t)j * l] = r[i + j * m];
  info = LAPACKE_dgeqrf_work(LAPACK_COL_MAJOR, l, m, qr, l, tau, lw, b->lwork);
  if (!info)
    info = LAPACKE_dormqr_work(LAPACK_COL_MAJOR, 'L', 'T', l, 2 * n2, m, qr, l,
                               tau, mn, l, lw, b->lwork);
  /* The pencil of order 2n: rows m.. of Q^T [M N], in place. */
  if (!info)
    info = LAPACKE_dgges_work(LAPACK_COL_MAJOR, 'N', 'V', 'S',
                              dare ? sel_iuc : sel_lhp, n2, mn + m, l,
                              mn + m + (size_t)n2 * l, l, &sdim, ar, ai, be, z,
                              1, z, n2, lw, b->lwork, bwork);
  if (info || sdim != n)
    return info ? info : -1;
  /* X U1 = U2, as U1^T X^T = U2^T. */
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) {
      u[i + j * n] = z[j + (size_t)i * n2];
      x[i + j * n] = z[n + j + (size_t)i * n2];
    }
  info = LAPACKE_dgetrf_work(LAPACK_COL_MAJOR, n, n, u, n, ipiv);
  if (!info)
    info = LAPACKE_dgetrs_work(LAPACK_COL_MAJOR, 'N', n, n, u, n, ipiv, x, n);
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < j; ++i)
      x[i + j * n] = x[j + i * n] = 0.5 * (x[i + j * n] + x[j + i * n]);
  return info;
}

/* The reordering loop: dtrsen (JOB = 'N', COMPQ = 'V') or dtgsen (IJOB =
 * 0, WANTQ = WANTZ = 1) of problem p in place; w: 4n + 16, iw: n. */
static lapack_int lapack_reorder(const batch *b, bla_index p, double *w,
                                 int *iw) {
  const int n = b->n;
  const size_t nn = (size_t)n * n;
  double *wr = b->wr + p * n, *wi = b->wi + p * n, s = 0, sep = 0;
  double pl = 0, pr = 0, dif[2] = {0, 0};
  lapack_int m = 0, info;
  if (b->job == JOB_TRSEN)
    info = LAPACKE_dtrsen_work(LAPACK_COL_MAJOR, 'N', 'V', b->sel + p * n, n,
                               b->a + p * nn, n, b->b + p * nn, n, wr, wi, &m,
                               &s, &sep, w, b->lwork, iw, n);
  else
    info = LAPACKE_dtgsen_work(LAPACK_COL_MAJOR, 0, 1, 1, b->sel + p * n, n,
                               b->a + p * nn, n, b->b + p * nn, n, wr, wi,
                               b->be + p * n, b->c + p * nn, n, b->r + p * nn,
                               n, &m, &pl, &pr, dif, w, b->lwork, iw, n);
  b->mm[p] = (int)m;
  return info;
}

/* One problem of the LAPACK loop; w: b->lws entries, ipiv n, bwork 2n. */
static lapack_int lapack_problem(const batch *b, bla_index p, double *w,
                                 int *ipiv, lapack_logical *bwork) {
  const int n = b->n;
  const size_t nn = (size_t)n * n;
  double *a = b->a + p * nn, *bb = b->b + p * nn, *c = b->c + p * nn;
  lapack_int info, sdim = 0;
  if (IS_REORDER(b->job))
    return lapack_reorder(b, p, w, ipiv);
  if (IS_ARE(b->job))
    return lapack_are(b, p, w, ipiv, bwork);
  if (b->job == JOB_CLYAP)
    return lapack_clyap(n, a, c, w, b->lwork, b->bwork);
  if (b->job == JOB_SYLV) {
    double *t = w, *u = t + nn, *s = u + nn, *v = s + nn, *f = v + nn;
    double *wr = f + nn, *wi = wr + n, scale = 1;
    memcpy(t, a, nn * sizeof(double));
    memcpy(s, bb, nn * sizeof(double));
    info = LAPACKE_dgees_work(LAPACK_COL_MAJOR, 'V', 'N', NULL, n, t, n, &sdim,
                              wr, wi, u, n, wi + n, b->lwork, b->bwork);
    if (!info)
      info =
          LAPACKE_dgees_work(LAPACK_COL_MAJOR, 'V', 'N', NULL, n, s, n, &sdim,
                             wr, wi, v, n, wi + n, b->lwork, b->bwork);
    if (info)
      return info;
    mul(n, 'T', u, 'N', c, f);
    mul(n, 'N', f, 'N', v, c);
    info = LAPACKE_dtrsyl_work(LAPACK_COL_MAJOR, 'N', 'N', 1, n, n, t, n, s, n,
                               c, n, &scale);
    mul(n, 'N', u, 'N', c, f);
    mul(n, 'N', f, 'T', v, c);
    for (size_t k = 0; k < nn; ++k)
      c[k] /= scale;
    return info < 0 ? info : 0;
  }
  {
    /* The bilinear transformation: M = A^T + I (LU), W = M^-1,
     * Y = M^-T Q = (A + I)^-1 Q, B = (A^T - I) W, rhs -2 Y W. */
    double *m = w, *wm = m + nn, *bt = wm + nn, *rest = bt + nn;
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < n; ++i) {
        m[i + j * n] = a[j + i * n] + (i == j);
        wm[i + j * n] = i == j;
      }
    info = LAPACKE_dgetrf_work(LAPACK_COL_MAJOR, n, n, m, n, ipiv);
    if (!info)
      info =
          LAPACKE_dgetrs_work(LAPACK_COL_MAJOR, 'N', n, n, m, n, ipiv, wm, n);
    if (!info)
      info = LAPACKE_dgetrs_work(LAPACK_COL_MAJOR, 'T', n, n, m, n, ipiv, c, n);
    if (info)
      return info;
    for (int j = 0; j < n; ++j) /* m := A^T - I */
      for (int i = 0; i < n; ++i)
        m[i + j * n] = a[j + i * n] - (i == j);
    mul(n, 'N', m, 'N', wm, bt); /* B */
    mul(n, 'N', c, 'N', wm, m);  /* Y W */
    for (size_t k = 0; k < nn; ++k)
      c[k] = -2 * m[k];
    /* B^T X + X B = rhs: the continuous solve with A := B^T. */
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < n; ++i)
        m[i + j * n] = bt[j + i * n];
    return lapack_clyap(n, m, c, rest, b->lwork, b->bwork);
  }
}

/* A rows x cols matrix of every problem, in an n^2 slot with leading
 * dimension ld (column-major) or interleaved. */
static bla_dmat_batch view(double *d, bla_index c, int n, int rows, int cols,
                           int ld, int il) {
  bla_dmat_batch v;
  if (il)
    return bla_dmat_batch_interleaved(d, c, rows, cols);
  v = bla_dmat_batch_colmajor(d, c, rows, cols, ld);
  v.bs = (bla_index)n * n;
  return v;
}

static long batch_run(void *ctx, int side) {
  batch *b = ctx;
  const bla_index c = b->count, n = b->n;
  long bad = 0;
  if (side == BENCH_SIDE_LAPACK) {
#pragma omp parallel for num_threads(b->threads) schedule(static)             \
    reduction(+ : bad)
    for (bla_index p = 0; p < c; ++p) {
      const int t = omp_get_thread_num();
      bad += lapack_problem(b, p, b->work + (size_t)b->lws * (size_t)t,
                            b->ipiv + (size_t)n * (size_t)t,
                            b->bwork + 2 * (size_t)n * (size_t)t) != 0;
    }
    return bad;
  }
  {
    const bla_exec ex = bench_exec(BLA_HOST, b->threads, NULL);
    const int il = side == BENCH_SIDE_INT, m = IS_ARE(b->job) ? b->m : n;
    const bla_dmat_batch av = view(b->a, c, n, n, n, n, il);
    const bla_dmat_batch bv = view(b->b, c, n, n, m, n, il);
    const bla_dmat_batch cv = view(b->c, c, n, n, n, n, il);
    bla_status st;
    if (IS_REORDER(b->job)) {
      const bla_ivec_batch sv = il ? bla_ivec_batch_interleaved(b->seli, c, n)
                                   : bla_ivec_batch_packed(b->sel, c, n);
      const bla_dvec_batch wrv = il ? bla_dvec_batch_interleaved(b->wr, c, n)
                                    : bla_dvec_batch_packed(b->wr, c, n);
      const bla_dvec_batch wiv = il ? bla_dvec_batch_interleaved(b->wi, c, n)
                                    : bla_dvec_batch_packed(b->wi, c, n);
      const bla_dvec_batch bev = il ? bla_dvec_batch_interleaved(b->be, c, n)
                                    : bla_dvec_batch_packed(b->be, c, n);
      st = b->job == JOB_TRSEN
               ? bla_dtrsen_batch(sv, av, bv, wrv, wiv, b->mm, b->info, &ex)
               : bla_dtgsen_batch(sv, av, bv, cv, view(b->r, c, n, n, n, n, il),
                                  wrv, wiv, bev, b->mm, b->info, &ex);
      return bench_batch_failed(st, b->info, c);
    }
    if (IS_ARE(b->job)) {
      const bla_dmat_batch rv = view(b->r, c, n, m, m, m, il);
      const bla_dmat_batch xv = view(b->x, c, n, n, n, n, il);
      st = (b->job == JOB_CARE ? bla_dsolve_continuous_are_batch
                               : bla_dsolve_discrete_are_batch)(
          av, bv, cv, rv, xv, b->info, &ex);
      return bench_batch_failed(st, b->info, c);
    }
    if (b->job == JOB_SYLV)
      st = bla_dsolve_sylvester_batch(av, bv, cv, b->info, &ex);
    else if (b->job == JOB_CLYAP)
      st = bla_dsolve_continuous_lyapunov_batch(av, cv, b->info, &ex);
    else
      st = bla_dsolve_discrete_lyapunov_batch(av, cv, b->info, &ex);
    /* info 1 (a nearly singular equation, solved with perturbed values)
     * is a valid solution, not a failure. */
    for (bla_index p = 0; p < c; ++p)
      if (b->info[p] == 1)
        b->info[p] = 0;
    return bench_batch_failed(st, b->info, c);
  }
}

/* Entry (i, j) of problem p's matrix in x, in side's layout. */
static double at(const batch *b, const double *x, int side, bla_index p,
                 bla_index i, bla_index j) {
  const bla_index c = b->count, n = b->n;
  return side == BENCH_SIDE_INT ? x[p + i * c + j * c * n]
                                : x[p * n * n + i + j * n];
}

/* The output whose bits the sides compare: X, or the reordered T (S). */
static double out_m(const batch *b, int side, bla_index p, bla_index i,
                    bla_index j) {
  return at(b,
            IS_ARE(b->job)       ? b->x
            : IS_REORDER(b->job) ? b->a
                                 : b->c,
            side, p, i, j);
}

/* ---- cross-check ----------------------------------------------------------
 * The residual ratio of the equation (as tests/test_matrix_equations.c
 * defines it) of problem p's solution x; w: 2 n^2 scratch. */
static double resid_ratio(const batch *b, bla_index p, const double *x,
                          double *w) {
  const int n = b->n;
  const size_t nn = (size_t)n * n;
  const double *a = b->a0 + p * nn, *bb = b->b0 + p * nn, *q = b->c0 + p * nn;
  double *r = w, *ax = w + nn, an = 0, bn = 0, xn = 0, rn = 0, den;
  for (int j = 0; j < n; ++j) {
    double sa = 0, sb = 0, sx = 0;
    for (int i = 0; i < n; ++i) {
      double t = 0, u = 0;
      sa += fabs(a[i + j * n]);
      sb += fabs(bb[i + j * n]);
      sx += fabs(x[i + j * n]);
      for (int k = 0; k < n; ++k) {
        t += a[i + k * n] * x[k + j * n];
        u += x[i + k * n] * (b->job == JOB_SYLV ? bb[k + j * n] : a[j + k * n]);
      }
      ax[i + j * n] = t;
      r[i + j * n] = b->job == JOB_DLYAP ? q[i + j * n] - x[i + j * n]
                                         : t + u - q[i + j * n];
    }
    an = fmax(an, sa);
    bn = fmax(bn, sb);
    xn = fmax(xn, sx);
  }
  if (b->job == JOB_DLYAP)
    for (int j = 0; j < n; ++j)
      for (int k = 0; k < n; ++k)
        for (int i = 0; i < n; ++i)
          r[i + j * n] += ax[i + k * n] * a[j + k * n];
  for (int j = 0; j < n; ++j) {
    double s = 0;
    for (int i = 0; i < n; ++i)
      s += fabs(r[i + j * n]);
    rn = bench_nanmax(rn, s);
  }
  den = (b->job == JOB_SYLV    ? an + bn
         : b->job == JOB_CLYAP ? 2 * an
                               : an * an + 1) *
        xn * n * DBL_EPSILON;
  return rn / fmax(den, DBL_MIN);
}

/* The Riccati residual ratio of problem p's solution x: |res|_F / ((|Q|_F
 * + |A^T X|_F + |X A|_F + |X G X|_F) (2n + m) ulp), the order of the
 * pencil whose Schur form gives X, G = B R^-1 B^T (CARE), or with
 * |A^T X A|_F + |X|_F + |A^T X B (R + B^T X B)^-1 B^T X A|_F (DARE); w:
 * 5 n^2 scratch. */
static double are_resid_ratio(const batch *b, bla_index p, const double *x,
                              double *w) {
  const int n = b->n, m = b->m;
  const size_t nn = (size_t)n * n;
  const double *a = b->a0 + p * nn, *bb = b->b0 + p * nn, *q = b->c0 + p * nn;
  double *res = w, *t1 = w + nn, *t2 = t1 + nn, *y = t2 + nn, *s = y + nn;
  double den = bench_norm_fro(n, q);
  memcpy(s, b->r0 + p * nn, (size_t)m * m * sizeof(double));
  if (b->job == JOB_CARE) {
    for (int j = 0; j < n; ++j) /* y := R^-1 B^T */
      for (int i = 0; i < m; ++i)
        y[i + j * m] = bb[j + i * n];
    LAPACKE_dposv_work(LAPACK_COL_MAJOR, 'L', m, n, s, m, y, m);
    gemm('N', 'N', n, m, n, 1, x, n, bb, n, 0, t2, n);
    gemm('N', 'N', n, n, m, 1, t2, n, y, m, 0, t1, n);
    gemm('N', 'N', n, n, n, 1, t1, n, x, n, 0, t2, n); /* X G X */
    gemm('T', 'N', n, n, n, 1, a, n, x, n, 0, res, n);
    den += bench_norm_fro(n, res);
    gemm('N', 'N', n, n, n, 1, x, n, a, n, 0, t1, n);
    den += bench_norm_fro(n, t1);
    for (size_t k = 0; k < nn; ++k)
      res[k] += t1[k] - t2[k] + q[k];
  } else {
    gemm('N', 'N', n, n, n, 1, x, n, a, n, 0, t1, n);
    gemm('T', 'N', n, n, n, 1, a, n, t1, n, 0, res, n); /* A^T X A */
    den += bench_norm_fro(n, res) + bench_norm_fro(n, x);
    gemm('N', 'N', n, m, n, 1, x, n, bb, n, 0, t2, n); /* X B */
    gemm('T', 'N', m, m, n, 1, bb, n, t2, n, 1, s, m); /* R + B^T X B */
    gemm('T', 'N', m, n, n, 1, t2, n, a, n, 0, y, m);  /* B^T X A */
    memcpy(t2, y, (size_t)m * n * sizeof(double));
    LAPACKE_dposv_work(LAPACK_COL_MAJOR, 'L', m, n, s, m, y, m);
    gemm('T', 'N', n, n, m, 1, t2, m, y, m, 0, t1, n);
    den += bench_norm_fro(n, t1);
    for (size_t k = 0; k < nn; ++k)
      res[k] += q[k] - x[k] - t1[k];
  }
  return bench_norm_fro(n, res) /
         fmax(den * (2 * n + m) * DBL_EPSILON, DBL_MIN);
}

static uint64_t output_hash(const void *b_, int side, int64_t k) {
  const batch *b = b_;
  uint64_t h = BENCH_HASH_INIT;
  for (bla_index p = 0; p < k; ++p)
    for (int j = 0; j < b->n; ++j)
      for (int i = 0; i < b->n; ++i)
        h = bench_hash_mix(h, out_m(b, side, p, i, j));
  return h;
}

/* ---- the reordering's cross-check ---------------------------------------- */

/* |L M R^T - L0 M0 R0^T|_1 / (|M0|_1 n ulp): how far the reordered form
 * (L = R = Z for trsen; Q, Z for tgsen) is from the input's matrix; w:
 * 3 n^2 scratch. */
static double recon_ratio(int n, const double *l, const double *m,
                          const double *r, const double *l0, const double *m0,
                          const double *r0, double *w) {
  double *t = w, *x = t + n * n, *x0 = x + n * n, dn = 0, mn = 0;
  mul(n, 'N', l, 'N', m, t);
  mul(n, 'N', t, 'T', r, x);
  mul(n, 'N', l0, 'N', m0, t);
  mul(n, 'N', t, 'T', r0, x0);
  for (int j = 0; j < n; ++j) {
    double sd = 0, sm = 0;
    for (int i = 0; i < n; ++i) {
      sd += fabs(x[i + j * n] - x0[i + j * n]);
      sm += fabs(m0[i + j * n]);
    }
    dn = bench_nanmax(dn, sd);
    mn = fmax(mn, sm);
  }
  return dn / fmax(mn * n * DBL_EPSILON, DBL_MIN);
}

/* |Z^T Z - I|_1 / (n ulp); w: n^2 scratch. */
static double orth_ratio(int n, const double *z, double *w) {
  double e = 0;
  mul(n, 'T', z, 'N', z, w);
  for (int j = 0; j < n; ++j) {
    double sc = 0;
    for (int i = 0; i < n; ++i)
      sc += fabs(w[i + j * n] - (i == j));
    e = bench_nanmax(e, sc);
  }
  return e / (n * DBL_EPSILON);
}

/* Problem p's leading m eigenvalues (tgsen: alpha / beta) in side's
 * layout, as (re, im) pairs into ev (2m entries). */
static void leading_eigs(const batch *b, int side, bla_index p, int m,
                         double *ev) {
  const bla_index c = b->count;
  for (int k = 0; k < m; ++k) {
    const bla_index o = side == BENCH_SIDE_INT ? p + k * c : p * b->n + k;
    const double d = b->job == JOB_TGSEN ? b->be[o] : 1.0;
    ev[2 * k] = b->wr[o] / d;
    ev[2 * k + 1] = b->wi[o] / d;
  }
}

/* The largest distance from an eigenvalue of ev to its nearest unmatched
 * one of ref (m each), matched one by one. Not a sort: tgsen's two
 * conjugates alpha / beta of a pair have real parts a rounding apart
 * (their betas differ), so sorting by real part may order them either
 * way round. used: m entries of scratch. */
static double eig_distance(int m, const double *ev, const double *ref,
                           double *used) {
  double d = 0;
  for (int j = 0; j < m; ++j)
    used[j] = 0;
  for (int k = 0; k < m; ++k) {
    int best = -1;
    double e = INFINITY;
    for (int j = 0; j < m; ++j) {
      const double t =
          hypot(ev[2 * k] - ref[2 * j], ev[2 * k + 1] - ref[2 * j + 1]);
      if (!used[j] && t < e) {
        e = t;
        best = j;
      }
    }
    if (best < 0)
      return NAN; /* a NaN eigenvalue */
    used[best] = 1;
    d = fmax(d, e);
  }
  return d;
}

/* One side of a reordering on sampled problems: the selected count equal
 * to the selection's, the reconstruction and orthogonality ratios (res),
 * and batchla's leading eigenvalues against the LAPACK side's (matched),
 * relative to the form's largest entry (diff; kept in xref); x: 12 n^2
 * scratch. */
static void check_reorder(batch *b, result *r, int side, double *x) {
  const int n = b->n, ns = bench_nsamples(b->count, SAMPLES);
  const int gen = b->job == JOB_TGSEN;
  const size_t nn = (size_t)n * n;
  double *f[4], *w = x + 4 * nn, *ev = w + 3 * nn, res = 0;
  const double *in[4] = {b->a0, b->b0, b->c0, b->r0};
  const double *out[4] = {b->a, b->b, b->c, b->r};
  for (int k = 0; k < 4; ++k)
    f[k] = x + k * nn;
  for (int s = 0; s < ns; ++s) {
    const bla_index p = bench_sample_index(b->count, s, ns);
    const double *f0[4];
    double *ref = b->xref + p * nn, big = 0, d;
    int sel = 0, m = b->mm[p];
    for (int k = 0; k < 4; ++k) {
      f0[k] = in[k] + p * nn;
      for (int j = 0; j < n; ++j)
        for (int i = 0; i < n; ++i)
          f[k][i + j * n] = at(b, out[k], side, p, i, j);
    }
    for (int k = 0; k < n; ++k)
      sel += b->sel[p * n + k] != 0;
    if (m != sel) {
      BENCH_FAIL(&r->g, "%s: problem %lld: %d eigenvalues selected, not %d",
                 bench_layout_side_names[side], (long long)p, m, sel);
      return;
    }
    if (gen) { /* (S, T, Q, Z) */
      bench_keep_max(&res,
                     recon_ratio(n, f[2], f[0], f[3], f0[2], f0[0], f0[3], w));
      bench_keep_max(&res,
                     recon_ratio(n, f[2], f[1], f[3], f0[2], f0[1], f0[3], w));
      bench_keep_max(&res, orth_ratio(n, f[2], w));
      bench_keep_max(&res, orth_ratio(n, f[3], w));
    } else { /* (T, Z) */
      bench_keep_max(&res,
                     recon_ratio(n, f[1], f[0], f[1], f0[1], f0[0], f0[1], w));
      bench_keep_max(&res, orth_ratio(n, f[1], w));
    }
    leading_eigs(b, side, p, m, ev);
    if (side == BENCH_SIDE_LAPACK) {
      memcpy(ref, ev, 2 * (size_t)m * sizeof(double));
      continue;
    }
    for (size_t k = 0; k < nn; ++k)
      big = fmax(big, fabs(f0[0][k]));
    for (int k = 0; k < 2 * m; ++k) /* tgsen: alpha / beta may exceed S */
      big = fmax(big, fabs(ref[k]));
    d = eig_distance(m, ev, ref, ev + 2 * n) / fmax(big, DBL_MIN);
    bench_keep_max(&r->diff, d);
    if (!(d < EIG_TOL))
      BENCH_FAIL(&r->g, "%s: problem %lld: leading eigenvalues off by %.3g",
                 bench_layout_side_names[side], (long long)p, d);
  }
  bench_keep_max(&r->res, res);
  if (!(res < BENCH_THRESH))
    BENCH_FAIL(&r->g, "%s: residual ratio %.3g", bench_layout_side_names[side],
               res);
}

/* One side on sampled problems: the residual ratio, and batchla's
 * distance to the LAPACK side's solutions (kept in xref); x: 6 n^2
 * scratch. */
static void check_side(void *b_, bench_group *g, int side, void *x_) {
  batch *b = b_;
  result *r = (result *)g;
  const int n = b->n, ns = bench_nsamples(b->count, SAMPLES);
  const size_t nn = (size_t)n * n;
  double *x = x_, *w = x + nn, res = 0;
  if (IS_REORDER(b->job)) {
    check_reorder(b, r, side, x);
    return;
  }
  for (int s = 0; s < ns; ++s) {
    const bla_index p = bench_sample_index(b->count, s, ns);
    double d = 0, xr = 0;
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < n; ++i)
        x[i + j * n] = out_m(b, side, p, i, j);
    bench_keep_max(&res, IS_ARE(b->job) ? are_resid_ratio(b, p, x, w)
                                        : resid_ratio(b, p, x, w));
    if (side == BENCH_SIDE_LAPACK) {
      memcpy(b->xref + p * nn, x, nn * sizeof(double));
      continue;
    }
    for (int j = 0; j < n; ++j) {
      double sd = 0, sr = 0;
      for (int i = 0; i < n; ++i) {
        sd += fabs(x[i + j * n] - b->xref[p * nn + i + j * n]);
        sr += fabs(b->xref[p * nn + i + j * n]);
      }
      d = bench_nanmax(d, sd);
      xr = fmax(xr, sr);
    }
    bench_keep_max(&r->diff, d / fmax(xr, DBL_MIN));
  }
  if (LAPACK_APART(b->job) && side == BENCH_SIDE_LAPACK) {
    r->lres = res;
    if (!(res < ARE_LAPACK_SLACK * BENCH_THRESH))
      BENCH_FAIL(g, "LAPACK: residual ratio %.3g", res);
    return;
  }
  bench_keep_max(&r->res, res);
  if (!(res < (IS_ARE(b->job) ? ARE_SLACK : 1) * BENCH_THRESH))
    BENCH_FAIL(g, "%s: residual ratio %.3g", bench_layout_side_names[side],
               res);
}

static void cross_check(const bench_runner *run, bench_group *g, int64_t k1,
                        uint64_t *hash) {
  const batch *b = run->ctx;
  result *r = (result *)g;
  double *x = bench_xmalloc(12 * (size_t)b->n * b->n * sizeof(double));
  r->res = r->diff = r->lres = 0;
  bench_layout_check(run, g, k1, hash, x, check_side, output_hash);
  free(x);
}

static void batch_size(const void *spec_, const bench_args *a, bench_sizing *z,
                       char *what, size_t len) {
  const bench_spec *g = spec_;
  const double n = g->n;
  *z = bench_sizing_cap(a, g->threads, 512.0 * 1024 * 1024, 8.0 * 10.0 * n * n);
  snprintf(what, len, "%s n=%d threads=%d", job_names[g->job], g->n,
           g->threads);
}

static const bench_family family =
    BENCH_LAYOUT_FAMILY(batch_make, batch_destroy, batch_prepare, batch_run,
                        cross_check, batch_size);

/* ---- the report -------------------------------------------------------- */

static void print_table(int job) {
  bench_print_table(job_names[job],
                    "| n | threads | batch | LAPACK us | batchla col-major "
                    "us | ratio | batchla interleaved us | ratio | est. "
                    "GFLOP/s (%% scalar peak) / GB/s | check (res / "
                    "diff) |");
}

static void print_cells(const void *r_, int n, int threads, int job,
                        const double *med, double peak1) {
  const result *r = r_;
  const double gf = flops_problem(n, job) / med[BENCH_SIDE_COL] * 1e-3;
  printf(" %.2g (%.0f%%) / %.2g | %.2g / %.2g", gf,
         100.0 * gf * 1e9 / (peak1 * threads),
         bytes_problem(n, job) / med[BENCH_SIDE_COL] * 1e-3, r->res, r->diff);
  if (LAPACK_APART(job))
    printf(" (LAPACK res %.2g)", r->lres);
}

int main(int argc, char **argv) {
  static result res[BENCH_MAX_LIST][NJOBS][BENCH_MAX_LIST];
  static const bench_family_main m = {
      .name = "bench_matrix_equations",
      .sizes = "4,8,16,32",
      .max_n = 512,
      .seed = 20261203,
      .quick_target = 0.005,
      .lapack_symbol = "dtrsyl_",
      .bw_len = (size_t)16 << 20,
      .peak = 1,
      .title = "Host: batchla vs a LAPACK loop, Sylvester, Lyapunov and "
               "Riccati equations, Schur reordering",
      .lapack = "per problem `LAPACKE_dgees_work('V')` + BLAS `dgemm_` + "
                "`LAPACKE_dtrsyl_work` (Sylvester: two dgees; discrete: "
                "SciPy's bilinear transformation by `dgetrf`/`dgetrs` "
                "first; Riccati: SciPy's extended pencil without balancing, "
                "`dgeqrf`/`dormqr` compression, sorted `dgges`, "
                "`dgetrf`/`dgetrs`; reordering: `LAPACKE_dtrsen_work('N', "
                "'V')`, `LAPACKE_dtgsen_work(0, 1, 1)`),",
      .inputs = "- inputs: entries uniform(-1, 1) (discrete: A / sqrt(n)), Q "
                "symmetric; Riccati: A, B (n x n/2), C, D uniform(-1, 1), "
                "Q = C^T C + I, R = I + D^T D; reordering: the Schur forms "
                "`dgees`/`dgges` make of uniform(-1, 1) A (B), Re < 0 "
                "selected; splitmix64 seed %llu (the "
                "same for every side)\n",
      .samples = SAMPLES,
      .checks = "- cross-check before timing (THRESH = %.0f), %d sampled "
                "problems per side: the residual ratio |res|_1 / (norms "
                "|X|_1 n ulp) of every side (Riccati: |res|_F / (sum of the "
                "terms' |.|_F) / ((2n + m) ulp), batchla's held to 100 "
                "THRESH, the LAPACK side's to 1e7 THRESH and shown apart: "
                "unbalanced and unrefined, its accuracy follows cond(U1); "
                "the discrete Lyapunov LAPACK side's also to 1e7 THRESH and "
                "shown apart: the bilinear transformation's accuracy "
                "follows cond(A^T + I)), and |X - X_LAPACK|_1 / "
                "|X_LAPACK|_1 of batchla's (reordering: res the "
                "reconstruction and orthogonality ratios, diff the matched "
                "leading eigenvalues against LAPACK's, relative to the "
                "largest entry, same m required)\n",
      .columns = "- est. GFLOP/s (% of the scalar peak times threads) / GB/s "
                 "of batchla col-major: flops per problem about 60 n^3 "
                 "(Sylvester), 35 n^3 (Lyapunov), 350 n^3 (Riccati), 3 n^3 "
                 "(trsen) or 6 n^3 (tgsen), an estimate; compulsory bytes "
                 "8 n^2 times 4 (Sylvester, trsen), 3 (Lyapunov), 3.75 "
                 "(Riccati) or 8 (tgsen)\n\n"};
  static const bench_family_tables_fn tables = {print_table, print_cells};
  return bench_family_program(&m, &family, &tables, res, NJOBS, sizeof(result),
                              argc, argv);
}
