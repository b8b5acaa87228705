/* bench_qz: per-problem time of batchla's host generalized Schur
 * decomposition (bla_dqz_batch, and bla_sqz_batch in float) against
 * LAPACK's dgges (LAPACKE_{d,s}gges_work, no sorting, over the system
 * LAPACK, normally OpenBLAS's) looped with OpenMP over the same batch with
 * the same threads (rules: docs/PERFORMANCE.md, "How these figures are
 * measured").
 *
 *   bench_qz [--quick] [--reps R] [--target S] [--batch N] [--n 4,8,...]
 *            [--threads 1,2,...] [--types random,infinite] [--no-float]
 *            [--seed X]
 *
 * Jobs: Schur form and both Schur vector sets (vsl, vsr given; dgges
 * jobvsl = jobvsr = 'V'), Schur form only (vsl, vsr NULL batches; 'N',
 * 'N'), and the QZ iteration alone on the same pencils reduced to
 * Hessenberg-triangular form by LAPACK (dgeqrf, dormqr, dgghrd) before
 * the timing: bla_dhgeqz_batch(SCHUR, INIT, INIT) against dhgeqz('S',
 * 'I', 'I'). batchla runs on the column-major and on the interleaved
 * layout (double) and on the column-major layout (float). Pencils:
 *   random    A and B with entries uniform in (-1, 1) (ddrges' random
 *             type);
 *   infinite  (Q0 TA Z0^T, Q0 TB Z0^T), TA and TB upper triangular with
 *             entries uniform in (-1, 1) above the diagonal, diag(TA) of
 *             modulus in [0.5, 1), diag(TB) uniform in (-1, 1), and rows
 *             1, 5, 9, ... (0-based) of TB zero: a semisimple infinite
 *             eigenvalue of multiplicity floor((n + 2) / 4), and Q0,
 *             Z0 random orthogonal (Householder reflectors of normal
 *             vectors, as LAPACK's dlarge): a rotated triangular pencil in
 *             the manner of ddrges' types.
 * Every group is cross-checked before it is timed: the eigenvalues of
 * every side, as projective points (alpha, beta), against a reference
 * (dggevx with sense = 'E') as multisets: chordal distance times the
 * reciprocal condition number s over ulp |(A, B)|_F below BENCH_THRESH; on
 * sampled problems dget51's |A - Q S Z^T|_1 / (|A|_1 n ulp) and
 * |B - Q T Z^T|_1 / (|B|_1 n ulp), |I - Q Q^T|_1 / (n ulp) and
 * |I - Z Z^T|_1 / (n ulp), and the shape of (S, T). A group that fails
 * prints no timing and makes the program exit with status 1. The
 * markdown report goes to stdout, progress to stderr. */
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

#define SAMPLES 32 /* problems per side for the O(n^3) residual checks */

enum { JOB_VECTORS, JOB_VALUES, JOB_HGEQZ, NJOBS };
enum { TYPE_RANDOM, TYPE_INFINITE, NTYPES };
/* The float sides come last so that --no-float only shortens the list. */
enum { SIDE_LAPACK, SIDE_COL, SIDE_INT, SIDE_SLAPACK, SIDE_SCOL, NSIDES };
enum { PREC_D, PREC_S, NPREC };
/* The outputs: matrices (S, T, Q, Z) and vectors (alphar, alphai, beta). */
enum { M_A, M_B, M_Q, M_Z, NMATS };
enum { W_AR, W_AI, W_BE, NVECS };

static const char *const side_name[NSIDES] = {"dgges", "batchla col-major",
                                              "batchla interleaved", "sgges",
                                              "batchla float col-major"};

static const char *const type_name[NTYPES] = {"random", "infinite"};

typedef struct {
  bench_args a;
  int single;
  int64_t batch;
  int ntypes, types[NTYPES];
} options;

/* What one group measures: size, job, pencil class, threads, whether the
 * float sides run, and the seed of the inputs. */
typedef struct {
  bench_spec s;
  int type, single;
} spec;

/* One batch. a0, b0 hold the inputs, column-major, problem after problem;
 * the double outputs are in the layout of the side last run, the float
 * ones column-major. */
typedef struct {
  int n, threads, job, type, nsides;
  bla_index count;
  double *a0, *b0;
  double *m[NMATS], *w[NVECS]; /* Q, Z NULL without vectors */
  float *fm[NMATS], *fw[NVECS];
  double *ref_w[NVECS], *ref_s; /* reference eigenvalues, conditions */
  double *work;                 /* LAPACK workspace, per thread */
  float *fwork;
  lapack_int lwork; /* of each, per thread */
  lapack_logical *bwork;
  int *info;
} batch;

typedef struct {
  bench_group g; /* identical: col-major and interleaved (double) */
  /* worst ratios against BENCH_THRESH, per precision */
  double eig[NPREC], res_a[NPREC], res_b[NPREC], orth[NPREC];
} result;

/* ---- flop and byte counts (estimates, see docs/PERFORMANCE.md) ------- */

/* Golub & Van Loan 7.7.7: QR of B, Hessenberg-triangular reduction and
 * the QZ steps cost about 30 n^3 flops for the eigenvalues (and the
 * Schur form); accumulating Q and Z adds about 16 n^3 and 20 n^3; the
 * QZ steps alone with Q and Z, about 46 n^3. */
static double flops_problem(int n, int job) {
  return (job == JOB_VECTORS ? 66.0
          : job == JOB_HGEQZ ? 46.0
                             : 30.0) *
         n * n * n;
}
/* Compulsory traffic: read A, B; write S, T, alphar, alphai, beta (and
 * Q, Z). */
static double bytes_problem(int n, int job, double word) {
  const double b = word * (4.0 * n * n + 3.0 * n);
  return job != JOB_VALUES ? b + word * 2.0 * n * n : b;
}

/* ---- inputs -------------------------------------------------------------- */

/* Standard normal by Box-Muller (one of the pair). */
static double rng_normal(uint64_t *s) {
  const double u1 = ((double)(bench_rng_next(s) >> 11) + 0.5) * 0x1.0p-53;
  const double u2 = (double)(bench_rng_next(s) >> 11) * 0x1.0p-53;
  return sqrt(-2.0 * log(u1)) * cos(6.283185307179586 * u2);
}

/* (A, B) := (H A, H B) (left) or (A H, B H) (right) for n - 1 Householder
 * reflectors H of normal vectors, trailing blocks first (dlarge). */
static void rotate(int n, uint64_t *s, double *a, double *b, double *v,
                   int left) {
  for (int k = n - 2; k >= 0; --k) {
    const int m = n - k;
    double vv = 0;
    for (int i = 0; i < m; ++i) {
      v[i] = rng_normal(s);
      vv += v[i] * v[i];
    }
    if (!(vv > 0))
      continue;
    for (int x = 0; x < 2; ++x) {
      double *c = x ? b : a;
      for (int l = 0; l < n; ++l) {
        /* row l (right) or column l (left) of the trailing block */
        double *e = left ? c + k + (size_t)l * n : c + l + (size_t)k * n;
        const int st = left ? 1 : n;
        double d = 0;
        for (int i = 0; i < m; ++i)
          d += v[i] * e[i * st];
        d *= 2.0 / vv;
        for (int i = 0; i < m; ++i)
          e[i * st] -= d * v[i];
      }
    }
  }
}

static void generate_problem(int type, int n, uint64_t *s, double *a, double *b,
                             double *v) {
  const size_t nn = (size_t)n * n;
  if (type == TYPE_RANDOM) {
    for (size_t k = 0; k < nn; ++k)
      a[k] = bench_rng_unif(s);
    for (size_t k = 0; k < nn; ++k)
      b[k] = bench_rng_unif(s);
    return;
  }
  memset(a, 0, nn * sizeof *a);
  memset(b, 0, nn * sizeof *b);
  /* Rows 1, 5, 9, ... of TB are zero: rank n - k, so the k-fold infinite
   * eigenvalue is semisimple. Zeros on the diagonal alone would make it
   * one Jordan block, determined only to about ulp^(1/k): no test could
   * then compare eigenvalues. */
  for (int j = 0; j < n; ++j) {
    for (int i = 0; i < j; ++i) {
      a[i + j * n] = bench_rng_unif(s);
      b[i + j * n] = i % 4 == 1 ? 0.0 : bench_rng_unif(s);
    }
    a[j + j * n] = 0.75 + 0.25 * bench_rng_unif(s);
    if (bench_rng_unif(s) < 0)
      a[j + j * n] = -a[j + j * n];
    b[j + j * n] = j % 4 == 1 ? 0.0 : bench_rng_unif(s);
  }
  rotate(n, s, a, b, v, 1);
  rotate(n, s, a, b, v, 0);
}

/* (A, B) := (Q^T A Z, Q^T B Z) Hessenberg-triangular, by LAPACK (dgeqrf on
 * B, dormqr on A, dgghrd): the input of hgeqz. w: n + 64 n scratch. */
static void reduce_problem(int n, double *a, double *b, double *w) {
  const lapack_int ln = (lapack_int)n, lw = 64 * ln;
  double *tau = w, *work = w + n, dummy = 0;
  LAPACKE_dgeqrf_work(LAPACK_COL_MAJOR, ln, ln, b, ln, tau, work, lw);
  LAPACKE_dormqr_work(LAPACK_COL_MAJOR, 'L', 'T', ln, ln, ln, b, ln, tau, a, ln,
                      work, lw);
  for (int j = 0; j < n; ++j)
    for (int i = j + 1; i < n; ++i)
      b[i + j * n] = 0;
  LAPACKE_dgghrd_work(LAPACK_COL_MAJOR, 'N', 'N', ln, 1, ln, a, ln, b, ln,
                      &dummy, 1, &dummy, 1);
}

/* ---- the batch ----------------------------------------------------------- */

/* dgges' (dhgeqz's) optimal workspace; sgges' (shgeqz's) is the same size
 * (ilaenv gives both precisions the same block sizes). */
static lapack_int lapack_lwork(int n, int job) {
  const char jv = job != JOB_VALUES ? 'V' : 'N';
  lapack_int sdim = 0;
  lapack_logical bw = 0;
  double q = 0, x = 0;
  if (job == JOB_HGEQZ) {
    LAPACKE_dhgeqz_work(LAPACK_COL_MAJOR, 'S', 'I', 'I', n, 1, n, &x, n, &x, n,
                        &x, &x, &x, &x, n, &x, n, &q, -1);
    return (lapack_int)q > n ? (lapack_int)q : (n > 1 ? n : 1);
  }
  LAPACKE_dgges_work(LAPACK_COL_MAJOR, jv, jv, 'N', NULL, n, &x, n, &x, n,
                     &sdim, &x, &x, &x, &x, n, &x, n, &q, -1, &bw);
  /* dgges' minimum, should the query answer less */
  return (lapack_int)q > 8 * n + 16 ? (lapack_int)q : 8 * n + 16;
}

static void batch_generate(batch *b, uint64_t seed);

/* A batch of count problems of the group (a spec), inputs generated. */
static void *batch_make(const void *spec_, int64_t count) {
  const spec *g = spec_;
  const int n = g->s.n, threads = g->s.threads, single = g->single;
  const size_t c = (size_t)count, nn = (size_t)n * n, vn = c * n;
  const int vec = g->s.job != JOB_VALUES;
  batch *b = bench_xmalloc(sizeof *b);
  memset(b, 0, sizeof *b);
  b->n = n;
  b->job = g->s.job;
  b->type = g->type;
  b->threads = threads;
  b->nsides = single ? NSIDES : SIDE_SLAPACK;
  b->count = count;
  b->a0 = bench_xmalloc(c * nn * sizeof(double));
  b->b0 = bench_xmalloc(c * nn * sizeof(double));
  for (int k = 0; k < NMATS; ++k)
    b->m[k] = k < M_Q || vec ? bench_xmalloc(c * nn * sizeof(double)) : NULL;
  for (int k = 0; k < NVECS; ++k)
    b->w[k] = bench_xmalloc(vn * sizeof(double));
  b->lwork = lapack_lwork(n, g->s.job);
  b->work = bench_xmalloc((size_t)threads * (size_t)b->lwork * sizeof(double));
  for (int k = 0; single && k < NMATS; ++k)
    b->fm[k] = k < M_Q || vec ? bench_xmalloc(c * nn * sizeof(float)) : NULL;
  for (int k = 0; single && k < NVECS; ++k)
    b->fw[k] = bench_xmalloc(vn * sizeof(float));
  if (single)
    b->fwork =
        bench_xmalloc((size_t)threads * (size_t)b->lwork * sizeof(float));
  b->bwork = bench_xmalloc((size_t)n * sizeof(lapack_logical));
  b->info = bench_xmalloc(c * sizeof(int));
  batch_generate(b, g->s.seed);
  return b;
}

static void batch_destroy(void *ctx) {
  batch *b = ctx;
  BENCH_FREE(b->a0, b->b0, b->ref_s, b->work, b->fwork, b->bwork, b->info);
  for (int k = 0; k < NMATS; ++k) {
    free(b->m[k]);
    free(b->fm[k]);
  }
  for (int k = 0; k < NVECS; ++k) {
    free(b->w[k]);
    free(b->fw[k]);
    free(b->ref_w[k]);
  }
  free(b);
}

/* Problem p takes the p-th slice of one stream: a longer batch extends a
 * shorter one with the same seed, which the thread-count check uses. */
static void batch_generate(batch *b, uint64_t seed) {
  uint64_t s = seed;
  const size_t nn = (size_t)b->n * b->n;
  double *v = bench_xmalloc((size_t)65 * b->n * sizeof(double));
  for (bla_index p = 0; p < b->count; ++p) {
    generate_problem(b->type, b->n, &s, b->a0 + p * nn, b->b0 + p * nn, v);
    if (b->job == JOB_HGEQZ)
      reduce_problem(b->n, b->a0 + p * nn, b->b0 + p * nn, v);
  }
  free(v);
}

/* Inputs into the side's layout and precision (untimed); b is a batch. */
static void batch_prepare(void *ctx, int side) {
  batch *b = ctx;
  const bla_index c = b->count, n = b->n;
  const size_t len = (size_t)(c * n * n);
  double *a = b->m[M_A], *t = b->m[M_B];
  if (side == SIDE_LAPACK || side == SIDE_COL || side == SIDE_INT) {
    bench_to_layout(b->a0, a, n * n, c, side == SIDE_INT, b->threads);
    bench_to_layout(b->b0, t, n * n, c, side == SIDE_INT, b->threads);
  } else {
    for (size_t k = 0; k < len; ++k) {
      b->fm[M_A][k] = (float)b->a0[k];
      b->fm[M_B][k] = (float)b->b0[k];
    }
  }
}

/* dgges or sgges (dhgeqz or shgeqz) over the batch with OpenMP; the
 * number of failures. */
static long lapack_loop(batch *b, int single) {
  const bla_index c = b->count, n = b->n, nn = n * n;
  const lapack_int ln = (lapack_int)n, lw = b->lwork;
  const char jv = b->job == JOB_VECTORS ? 'V' : 'N';
  double *const *m = b->m, *const *w = b->w;
  float *const *fm = b->fm, *const *fw = b->fw;
  long bad = 0;
  /* bwork is not referenced without sorting: one for all threads. */
#pragma omp parallel for num_threads(b->threads) schedule(static)             \
    reduction(+ : bad)
  for (bla_index p = 0; p < c; ++p) {
    const size_t tid = (size_t)omp_get_thread_num();
    const int vec = m[M_Q] != NULL;
    lapack_int sdim = 0, info;
    double dd = 0; /* vsl, vsr when not wanted */
    float fd = 0;
    if (b->job == JOB_HGEQZ && single)
      info = LAPACKE_shgeqz_work(LAPACK_COL_MAJOR, 'S', 'I', 'I', ln, 1, ln,
                                 fm[M_A] + p * nn, ln, fm[M_B] + p * nn, ln,
                                 fw[W_AR] + p * n, fw[W_AI] + p * n,
                                 fw[W_BE] + p * n, fm[M_Q] + p * nn, ln,
                                 fm[M_Z] + p * nn, ln, b->fwork + lw * tid, lw);
    else if (b->job == JOB_HGEQZ)
      info = LAPACKE_dhgeqz_work(LAPACK_COL_MAJOR, 'S', 'I', 'I', ln, 1, ln,
                                 m[M_A] + p * nn, ln, m[M_B] + p * nn, ln,
                                 w[W_AR] + p * n, w[W_AI] + p * n,
                                 w[W_BE] + p * n, m[M_Q] + p * nn, ln,
                                 m[M_Z] + p * nn, ln, b->work + lw * tid, lw);
    else if (single)
      info = LAPACKE_sgges_work(
          LAPACK_COL_MAJOR, jv, jv, 'N', NULL, ln, fm[M_A] + p * nn, ln,
          fm[M_B] + p * nn, ln, &sdim, fw[W_AR] + p * n, fw[W_AI] + p * n,
          fw[W_BE] + p * n, vec ? fm[M_Q] + p * nn : &fd, ln,
          vec ? fm[M_Z] + p * nn : &fd, ln, b->fwork + lw * tid, lw, b->bwork);
    else
      info = LAPACKE_dgges_work(
          LAPACK_COL_MAJOR, jv, jv, 'N', NULL, ln, m[M_A] + p * nn, ln,
          m[M_B] + p * nn, ln, &sdim, w[W_AR] + p * n, w[W_AI] + p * n,
          w[W_BE] + p * n, vec ? m[M_Q] + p * nn : &dd, ln,
          vec ? m[M_Z] + p * nn : &dd, ln, b->work + lw * tid, lw, b->bwork);
    bad += info != 0;
  }
  return bad;
}

/* The timed part: the number of failed problems, or -1 when the batch
 * driver itself refused; b is a batch. */
static long batch_run(void *ctx, int side) {
  batch *b = ctx;
  const bla_index c = b->count, n = b->n;
  const bla_exec ex = bench_exec(BLA_HOST, b->threads, NULL);
  bla_status st;
  if (side == SIDE_LAPACK || side == SIDE_SLAPACK)
    return lapack_loop(b, side == SIDE_SLAPACK);
  if (side == SIDE_SCOL) {
    bla_smat_batch m[NMATS];
    bla_svec_batch w[NVECS];
    for (int k = 0; k < NMATS; ++k)
      m[k] = bla_smat_batch_colmajor(b->fm[k], c, n, n, n);
    for (int k = 0; k < NVECS; ++k)
      w[k] = bla_svec_batch_packed(b->fw[k], c, n);
    st = b->job == JOB_HGEQZ
             ? bla_shgeqz_batch(BLA_JOB_SCHUR, BLA_COMPZ_INIT, BLA_COMPZ_INIT,
                                m[M_A], m[M_B], w[W_AR], w[W_AI], w[W_BE],
                                m[M_Q], m[M_Z], b->info, &ex)
             : bla_sqz_batch(m[M_A], m[M_B], w[W_AR], w[W_AI], w[W_BE], m[M_Q],
                             m[M_Z], b->info, &ex);
  } else {
    const int inter = side == SIDE_INT;
    bla_dmat_batch m[NMATS];
    bla_dvec_batch w[NVECS];
    for (int k = 0; k < NMATS; ++k)
      m[k] = inter ? bla_dmat_batch_interleaved(b->m[k], c, n, n)
                   : bla_dmat_batch_colmajor(b->m[k], c, n, n, n);
    for (int k = 0; k < NVECS; ++k)
      w[k] = inter ? bla_dvec_batch_interleaved(b->w[k], c, n)
                   : bla_dvec_batch_packed(b->w[k], c, n);
    st = b->job == JOB_HGEQZ
             ? bla_dhgeqz_batch(BLA_JOB_SCHUR, BLA_COMPZ_INIT, BLA_COMPZ_INIT,
                                m[M_A], m[M_B], w[W_AR], w[W_AI], w[W_BE],
                                m[M_Q], m[M_Z], b->info, &ex)
             : bla_dqz_batch(m[M_A], m[M_B], w[W_AR], w[W_AI], w[W_BE], m[M_Q],
                             m[M_Z], b->info, &ex);
  }
  return bench_batch_failed(st, b->info, c);
}

static int side_single(int side) {
  return side == SIDE_SLAPACK || side == SIDE_SCOL;
}

/* Output access in any side's layout and precision, as doubles. */
static double out_w(const batch *b, int side, int which, bla_index p,
                    bla_index i) {
  if (side_single(side))
    return b->fw[which][p * b->n + i];
  return side == SIDE_INT ? b->w[which][p + i * b->count]
                          : b->w[which][p * b->n + i];
}

static double out_m(const batch *b, int side, int which, bla_index p,
                    bla_index i, bla_index j) {
  const bla_index c = b->count, n = b->n;
  if (side_single(side))
    return b->fm[which][p * n * n + i + j * n];
  return side == SIDE_INT ? b->m[which][p + i * c + j * c * n]
                          : b->m[which][p * n * n + i + j * n];
}

/* ---- the reference: dggevx with condition numbers ------------------------ */

static void batch_reference(batch *b, int threads) {
  const bla_index c = b->count, n = b->n, nn = n * n;
  long bad = 0;
  for (int k = 0; k < NVECS; ++k)
    b->ref_w[k] = bench_xmalloc((size_t)(c * n) * sizeof(double));
  b->ref_s = bench_xmalloc((size_t)(c * n) * sizeof(double));
#pragma omp parallel num_threads(threads) reduction(+ : bad)
  {
    double *w = bench_xmalloc((size_t)(4 * nn + 3 * n) * sizeof(double));
#pragma omp for schedule(static)
    for (bla_index p = 0; p < c; ++p)
      bad += bench_ref_qz_eig(n, b->a0 + p * nn, b->b0 + p * nn,
                              b->ref_w[W_AR] + p * n, b->ref_w[W_AI] + p * n,
                              b->ref_w[W_BE] + p * n, b->ref_s + p * n, w) != 0;
    free(w);
  }
  if (bad) {
    fprintf(stderr, "bench_qz: the LAPACK reference failed on %ld problems\n",
            bad);
    exit(2);
  }
}

/* ---- cross-check (LAPACK's test ratios, THRESH = 50) ----------------- */

/* Eigenvalues of problem p on one side against the reference as
 * multisets, chord * s / (ulp |(A, B)|_F); w (3n), c (n*n): scratch. */
static double eig_ratio(const batch *b, int side, bla_index p, double ulp,
                        double *w, double *c, bench_matcher *m) {
  const int n = b->n;
  const double *a0 = b->a0 + p * n * n, *b0 = b->b0 + p * n * n;
  double f = 0;
  for (int k = 0; k < n * n; ++k)
    f += a0[k] * a0[k] + b0[k] * b0[k];
  for (int j = 0; j < n; ++j)
    for (int k = W_AR; k <= W_BE; ++k)
      w[k * n + j] = out_w(b, side, k, p, j);
  return bench_pencil_eig_ratio(
      n, b->ref_w[W_AR] + p * n, b->ref_w[W_AI] + p * n, b->ref_w[W_BE] + p * n,
      b->ref_s + p * n, w, w + n, w + 2 * n, ulp * sqrt(f), c, m);
}

/* Copies output `which` of problem p into column-major m. */
static void fetch(const batch *b, int side, int which, bla_index p, double *m) {
  const int n = b->n;
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i)
      m[i + j * n] = out_m(b, side, which, p, i, j);
}

/* The input of problem p as the side saw it (float sides: rounded). */
static void fetch_input(const batch *b, int side, const double *x0, bla_index p,
                        double *m) {
  const size_t nn = (size_t)b->n * b->n;
  for (size_t k = 0; k < nn; ++k)
    m[k] = side_single(side) ? (double)(float)x0[p * nn + k] : x0[p * nn + k];
}

/* dget51's ratios and the shape of problem p; x: 6 n*n scratch. */
static void check_problem(const batch *b, result *r, int side, bla_index p,
                          double *x) {
  const int n = b->n, pr = side_single(side) ? PREC_S : PREC_D;
  const size_t nn = (size_t)n * n;
  const double ulp = pr == PREC_S ? FLT_EPSILON : DBL_EPSILON;
  double *s = x, *t = x + nn, *q = x + 2 * nn, *z = x + 3 * nn;
  double *in = x + 4 * nn, *w = x + 5 * nn;
  fetch(b, side, M_A, p, s);
  fetch(b, side, M_B, p, t);
  if (!bench_gschur_shape_ok(n, s, t))
    BENCH_FAIL(&r->g, "%s: (S, T) not in generalized Schur form, problem %.3g",
               side_name[side], (double)p);
  if (b->job == JOB_VALUES)
    return;
  fetch(b, side, M_Q, p, q);
  fetch(b, side, M_Z, p, z);
  fetch_input(b, side, b->a0, p, in);
  bench_keep_max(&r->res_a[pr], bench_decomp_ratio(n, in, q, s, z, ulp, w));
  fetch_input(b, side, b->b0, p, in);
  bench_keep_max(&r->res_b[pr], bench_decomp_ratio(n, in, q, t, z, ulp, w));
  bench_keep_max(&r->orth[pr], bench_orth_ratio(n, q, ulp));
  bench_keep_max(&r->orth[pr], bench_orth_ratio(n, z, ulp));
}

/* FNV-1a over the double outputs of problems 0..k-1 in logical order. */
static uint64_t output_hash(const batch *b, int side, bla_index k) {
  const int n = b->n, nm = b->job != JOB_VALUES ? 4 : 2;
  uint64_t h = BENCH_HASH_INIT;
  for (bla_index p = 0; p < k; ++p) {
    for (int w = W_AR; w <= W_BE; ++w)
      for (int i = 0; i < n; ++i)
        h = bench_hash_mix(h, out_w(b, side, w, p, i));
    for (int m = 0; m < nm; ++m)
      for (int j = 0; j < n; ++j)
        for (int i = 0; i < n; ++i)
          h = bench_hash_mix(h, out_m(b, side, m, p, i, j));
  }
  return h;
}

/* Runs every side once (which also warms caches and the thread pool) and
 * checks it against the reference; sets the hash of the first k1
 * problems. */
static void cross_check(const bench_runner *run, bench_group *g, int64_t k1,
                        uint64_t *hash) {
  batch *b = run->ctx;
  result *r = (result *)g;
  const int n = b->n, ns = bench_nsamples(b->count, SAMPLES);
  double *x = bench_xmalloc((size_t)6 * n * n * sizeof(double));
  double *c = bench_xmalloc((size_t)n * n * sizeof(double));
  bench_matcher m;
  uint64_t hcol = 0;
  bench_matcher_init(&m, n);
  batch_reference(b, omp_get_num_procs());
  for (int pr = 0; pr < NPREC; ++pr)
    r->eig[pr] = r->res_a[pr] = r->res_b[pr] = r->orth[pr] = 0;
  for (int side = 0; side < b->nsides && g->ok; ++side) {
    const int pr = side_single(side) ? PREC_S : PREC_D;
    const double ulp = pr == PREC_S ? FLT_EPSILON : DBL_EPSILON;
    if (!bench_check_run(run, side, side_name[side], g))
      break;
    for (bla_index p = 0; p < b->count; ++p)
      bench_keep_max(&r->eig[pr], eig_ratio(b, side, p, ulp, x, c, &m));
    if (!(r->eig[pr] < BENCH_THRESH))
      BENCH_FAIL(&r->g, "%s: eigenvalue ratio %.3g", side_name[side],
                 r->eig[pr]);
    for (int s = 0; s < ns; ++s)
      check_problem(b, r, side, bench_sample_index(b->count, s, ns), x);
    if (!(r->res_a[pr] < BENCH_THRESH) || !(r->res_b[pr] < BENCH_THRESH))
      BENCH_FAIL(&r->g, "%s: backward error ratio %.3g", side_name[side],
                 r->res_a[pr] > r->res_b[pr] ? r->res_a[pr] : r->res_b[pr]);
    if (!(r->orth[pr] < BENCH_THRESH))
      BENCH_FAIL(&r->g, "%s: orthogonality ratio %.3g", side_name[side],
                 r->orth[pr]);
    if (side == SIDE_COL)
      hcol = output_hash(b, side, b->count);
    if (side == SIDE_INT && g->ok)
      /* The first k1 problems are the same pencils for every thread
       * count. */
      bench_check_bits(g, hcol == output_hash(b, side, b->count),
                       output_hash(b, side, k1), hash);
  }
  free(x);
  free(c);
  bench_matcher_free(&m);
}

static int batch_nsides(const void *b) {
  return ((const batch *)b)->nsides;
}

/* A group's batch: sized for the target time of a dgges run within a
 * memory cap, or --batch; a is the head of the options. */
static void batch_size(const void *spec_, const bench_args *a, bench_sizing *z,
                       char *what, size_t len) {
  const spec *g = spec_;
  const options *o = (const options *)a;
  const double n = g->s.n;
  *z = bench_sizing_cap(a, g->s.threads, 512.0 * 1024 * 1024,
                        8.0 * (6.0 * n * n + 10.0 * n) + 4.0 * (4.0 * n * n));
  z->start = 2 * g->s.threads;
  z->lo = (a->quick ? 2 : 8) * g->s.threads;
  z->fixed = o->batch;
  snprintf(what, len, "%s pencils, %s, n=%d threads=%d", type_name[g->type],
           g->s.job == JOB_VECTORS ? "with vectors"
           : g->s.job == JOB_HGEQZ ? "hgeqz with vectors"
                                   : "Schur form only",
           g->s.n, g->s.threads);
}

static const bench_family family = {
    side_name,     0,         batch_nsides, batch_make, batch_destroy,
    batch_prepare, batch_run, cross_check,  batch_size};

/* ---- the report -------------------------------------------------------- */

static void check_cell(char *buf, size_t len, const result *r, int pr,
                       int job) {
  if (job != JOB_VALUES)
    snprintf(buf, len, "%.2g / %.2g / %.2g / %.2g", r->eig[pr], r->res_a[pr],
             r->res_b[pr], r->orth[pr]);
  else
    snprintf(buf, len, "%.2g", r->eig[pr]);
}

static void print_row(const result *r, int n, int threads, int job, int pr,
                      double peak1) {
  const int lap = pr == PREC_S ? SIDE_SLAPACK : SIDE_LAPACK;
  const int col = pr == PREC_S ? SIDE_SCOL : SIDE_COL;
  const double fl = flops_problem(n, job);
  char cell[NSIDES][64], speed[NSIDES][64], chk[96];
  double med[NSIDES];
  if (!r->g.ok) {
    /* 8 columns in the float tables, 10 in the double ones */
    printf("| %d | %d | %lld | MISMATCH: %s | | | | |%s\n", n, threads,
           (long long)r->g.count, r->g.why, pr == PREC_D ? " | |" : "");
    return;
  }
  bench_group_cells(&r->g, lap, pr == PREC_S ? SIDE_SCOL : SIDE_INT, lap, 1,
                    cell, speed, med);
  check_cell(chk, sizeof chk, r, pr, job);
  printf("| %d | %d | %lld | %s | %s | %s |", n, threads, (long long)r->g.count,
         cell[lap], cell[col], speed[col]);
  if (pr == PREC_D)
    printf(" %s | %s |", cell[SIDE_INT], speed[SIDE_INT]);
  printf(" %.2g / %.2g (%.0f%%) / %.2g | %s%s |\n", fl / med[lap] * 1e-3,
         fl / med[col] * 1e-3,
         100.0 * fl / (med[col] * 1e-6) / (peak1 * threads),
         bytes_problem(n, job, pr == PREC_S ? 4.0 : 8.0) / med[col] * 1e-3, chk,
         pr == PREC_S || (r->g.identical && r->g.identical_threads)
             ? ""
             : " (not bit-identical)");
}

static void print_table(const options *o, result (*res)[BENCH_MAX_LIST],
                        int type, int job, int pr, double peak1) {
  const char p = pr == PREC_S ? 's' : 'd';
  const char *lap = job == JOB_HGEQZ ? "hgeqz" : "gges";
  if (job == JOB_HGEQZ)
    printf("### %s, %s pencils reduced to Hessenberg-triangular form, QZ "
           "iteration with Q and Z: bla_%chgeqz_batch(SCHUR, INIT, INIT) vs "
           "%chgeqz('S', 'I', 'I')\n\n",
           pr == PREC_S ? "float" : "double", type_name[type], p, p);
  else
    printf("### %s, %s pencils, %s: bla_%cqz_batch(vsl, vsr%s) vs "
           "%cgges('%c', '%c')\n\n",
           pr == PREC_S ? "float" : "double", type_name[type],
           job == JOB_VECTORS ? "Schur form and vectors" : "Schur form only", p,
           job == JOB_VECTORS ? "" : " NULL", p, job == JOB_VECTORS ? 'V' : 'N',
           job == JOB_VECTORS ? 'V' : 'N');
  printf("| n | threads | batch | %c%s us | batchla col-major us | speedup |",
         p, lap);
  if (pr == PREC_D)
    printf(" batchla interleaved us | speedup |");
  printf(" GFLOP/s %c%s / batchla col-major (%% scalar peak) / GB/s | "
         "check %s |\n",
         p, lap, job != JOB_VALUES ? "(eig / A / B / orth)" : "(eig)");
  printf("|---|---|---|---|---|---|%s---|---|\n",
         pr == PREC_D ? "---|---|" : "");
  for (int it = 0; it < o->a.nt; ++it)
    for (int in = 0; in < o->a.nn; ++in)
      print_row(&res[in][it], o->a.sizes[in], o->a.threads[it], job, pr, peak1);
  printf("\n");
}

/* The target: with 1 thread, batchla col-major in at most half of
 * dgges' time for n = 4..32. */
static void print_target(const options *o,
                         result (*res)[NJOBS][BENCH_MAX_LIST][BENCH_MAX_LIST]) {
  int it1 = -1, cells = 0, met = 0;
  for (int it = 0; it < o->a.nt; ++it)
    if (o->a.threads[it] == 1)
      it1 = it;
  printf("### Target: 1 thread, n = 4..32, batchla col-major time <= 1/2 "
         "of dgges' (speedup >= 2)\n\n");
  if (it1 < 0) {
    printf("Not measured: no run with 1 thread.\n\n");
    return;
  }
  bench_print_table(NULL,
                    "| pencils | job | n | speedup (paired range) | met |");
  for (int ty = 0; ty < o->ntypes; ++ty)
    for (int job = 0; job < NJOBS; ++job)
      for (int in = 0; in < o->a.nn; ++in) {
        const result *r = &res[ty][job][in][it1];
        char sp[48];
        double q;
        if (job == JOB_HGEQZ || o->a.sizes[in] < 4 || o->a.sizes[in] > 32)
          continue;
        ++cells;
        if (!r->g.ok) {
          printf("| %s | %s | %d | no timing (cross-check failed) | no |\n",
                 type_name[o->types[ty]],
                 job == JOB_VECTORS ? "vectors" : "form only", o->a.sizes[in]);
          continue;
        }
        bench_ratio_cell(sp, sizeof sp, r->g.t[SIDE_LAPACK], r->g.t[SIDE_COL],
                         r->g.reps);
        q = bench_median(r->g.t[SIDE_LAPACK], r->g.reps) /
            bench_median(r->g.t[SIDE_COL], r->g.reps);
        met += q >= 2.0;
        printf("| %s | %s | %d | %s | %s |\n", type_name[o->types[ty]],
               job == JOB_VECTORS ? "vectors" : "form only", o->a.sizes[in], sp,
               q >= 2.0 ? "yes" : "no");
      }
  printf("\nTarget met (median speedup >= 2) in %d of %d cells.\n\n", met,
         cells);
}

#define USAGE                                                                  \
  "bench_qz [--quick] [--reps R] [--target SECONDS]\n"                         \
  "                [--batch N] [--n 4,8,16,32,64] [--threads 1,2]\n"           \
  "                [--types random,infinite] [--no-float] [--seed X]"

/* A comma-separated list of pencil classes into the options. */
static int parse_types(const char *v, void *value) {
  options *o = value;
  o->ntypes = 0;
  while (*v) {
    const size_t len = strcspn(v, ",");
    int t = -1;
    for (int k = 0; k < NTYPES; ++k)
      if (strlen(type_name[k]) == len && !strncmp(v, type_name[k], len))
        t = k;
    if (t < 0 || o->ntypes == NTYPES)
      return 0;
    o->types[o->ntypes++] = t;
    v += len + (v[len] == ',');
  }
  return o->ntypes > 0;
}

/* Options into o; 0 on a bad command line. */
static int parse_options(int argc, char **argv, options *o) {
  int no_float = 0;
  const bench_opt extra[] = {
      {"--batch", BENCH_OPT_INT64, &o->batch, NULL, 0, NULL},
      {"--types", BENCH_OPT_FUNC, o, NULL, 0, parse_types},
      {"--no-float", BENCH_OPT_FLAG, &no_float, NULL, 0, NULL}};
  if (!bench_args_parse(&o->a, argc, argv, ~0u, extra, 3, USAGE))
    return 0;
  o->single = !no_float;
  if (o->a.quick && !(o->a.given & BENCH_TARGET))
    o->a.target = 0.002;
  for (int i = 0; i < o->a.nn; ++i)
    if (o->a.sizes[i] > 512) {
      fprintf(stderr, "bench_qz: n must be in 2..512\n");
      return 0;
    }
  return 1;
}

int main(int argc, char **argv) {
  options o;
  int status = 0;
  static result res[NTYPES][NJOBS][BENCH_MAX_LIST][BENCH_MAX_LIST];
  bench_env env;
  double peak1;
  const double t_start = bench_now();

  bench_set_name("bench_qz");
  memset(&o, 0, sizeof o);
  bench_args_init(&o.a, 0.15, 20240607, "4,8,16,32,64");
  o.single = 1;
  o.ntypes = NTYPES;
  for (int t = 0; t < NTYPES; ++t)
    o.types[t] = t;
  if (!parse_options(argc, argv, &o))
    return 2;

  bench_openblas_one_thread();
  bench_env_read(&env, "dgges_", (size_t)16 << 20);
  fprintf(stderr, "bench_qz: measuring the scalar peak\n");
  peak1 = bench_scalar_peak();

  for (int ty = 0; ty < o.ntypes; ++ty)
    for (int job = 0; job < NJOBS; ++job)
      for (int in = 0; in < o.a.nn; ++in) {
        spec g = {{o.a.sizes[in], job, 0, o.a.seed}, o.types[ty], o.single};
        status |= !bench_run_threads(&family, &g.s, &o.a, res[ty][job][in],
                                     sizeof(result));
      }

  bench_print_lapack_head(
      "Host: batchla vs LAPACK, generalized real Schur decomposition (QZ)",
      &o.a, &env,
      "`LAPACKE_dgges_work` / `LAPACKE_sgges_work` (jobvsl = jobvsr = 'V' / "
      "'N', sort = 'N'; dgges permutes (dggbal 'P'), batchla does not "
      "balance: neither pencil class has anything to permute), "
      "`LAPACKE_dhgeqz_work` / `LAPACKE_shgeqz_work` ('S', 'I', 'I'), "
      "`dgges_`",
      peak1);
  printf("- pencils (the same for every side; float sides get them rounded; "
         "splitmix64 seed %llu): random = A, B with entries uniform(-1, 1); "
         "infinite = (Q0 TA Z0^T, Q0 TB Z0^T) with TA, TB upper triangular "
         "(uniform(-1, 1) above the diagonal, |diag(TA)| in [0.5, 1), "
         "diag(TB) uniform(-1, 1), rows 1, 5, 9, ... (0-based) of TB zero: a "
         "semisimple infinite eigenvalue of multiplicity floor((n + 2) / 4)), "
         "Q0, Z0 "
         "random orthogonal (dlarge-style reflectors); the hgeqz tables take "
         "them reduced to Hessenberg-triangular form by LAPACK (dgeqrf, "
         "dormqr, dgghrd), untimed\n",
         (unsigned long long)o.a.seed);
  printf("- %d repetitions per cell, the side that runs first rotates over "
         "all %d sides; time per problem in microseconds, median (spread = "
         "(max - min) / median); speedup = LAPACK / batchla median time "
         "(paired per-repetition range); batch %s\n",
         o.a.reps, o.single ? NSIDES : SIDE_SLAPACK,
         o.batch > 0 ? "fixed by --batch"
                     : "sized for about the --target time per dgges run");
  if (o.batch <= 0)
    printf("  (target %.3g s)\n", o.a.target);
  printf("- cross-check before timing (THRESH = %.0f): eigenvalues of "
         "every problem and side against dggevx('N', 'V', 'V', 'E') as "
         "multisets of projective points, chordal distance * s / (ulp "
         "|(A, B)|_F) with s = dggevx's RCONDE; on %d sampled problems per "
         "side dget51's |A - Q S Z^T|_1 / (|A|_1 n ulp) (A), the same for B "
         "and T (B), max of |I - Q Q^T|_1, |I - Z Z^T|_1 over n ulp (orth), "
         "and the generalized Schur shape of (S, T); ulp of the side's "
         "precision\n",
         BENCH_THRESH, SAMPLES);
  printf("- GFLOP/s from about 66 n^3 flops per problem with Q and Z, 30 "
         "n^3 for the Schur form only, 46 n^3 for hgeqz with Q and Z "
         "(Golub & Van Loan 7.7.7, an "
         "estimate), %% of the scalar peak times threads; GB/s from the "
         "compulsory bytes (read A, B; write S, T, alpha, beta, and Q, Z): "
         "both far below the copy bandwidth, so the bound is arithmetic "
         "(and latency within one problem), not memory\n\n");
  for (int pr = 0; pr < (o.single ? NPREC : 1); ++pr)
    for (int ty = 0; ty < o.ntypes; ++ty)
      for (int job = 0; job < NJOBS; ++job)
        print_table(&o, res[ty][job], o.types[ty], job, pr, peak1);
  print_target(&o, res);
  printf("Not measured here: other CPUs, n outside the list, pencils with "
         "both matrices singular or graded/scaled ones, the float "
         "interleaved layout, sorting (dgges' selctg).\n\n");
  bench_print_total(t_start, status);
  return status;
}
