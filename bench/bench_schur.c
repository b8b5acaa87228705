/* bench_schur: per-problem time of batchla's host real Schur decomposition
 * (bla_dschur_batch) against LAPACK's dgees (LAPACKE_dgees_work, no
 * sorting, over the system LAPACK, normally OpenBLAS's), and of its
 * Hessenberg QR iteration (bla_dhseqr_batch) against dhseqr, each looped
 * with OpenMP over the same batch, as docs/PERFORMANCE.md reports it
 * (rules: docs/MEASURING.md).
 *
 *   bench_schur [--quick] [--reps R] [--target S] [--n 4,8,...]
 *               [--threads 1,2,...] [--seed X]
 *
 * Jobs: Schur form and vectors (z given; dgees jobvs = 'V'), Schur form
 * only (z NULL; jobvs = 'N'), and hseqr's Schur form and vectors of an
 * upper Hessenberg matrix (job SCHUR, compz INIT; dhseqr 'S', 'I'). batchla
 * runs on the column-major and on the interleaved layout. Inputs: random
 * matrices, entries uniform in (-1, 1), for hseqr with the entries below
 * the subdiagonal zero.
 * Every group is cross-checked before it is timed: eigenvalues of every
 * side against a reference (dgees + dtrevc + dtrsna) as multisets, within
 * BENCH_THRESH ulp |A|_F / s for each eigenvalue's reciprocal condition number
 * s, and dhst01's ratios |A - Z T Z^T| / (|A| n ulp), |I - Z Z^T| / (n ulp)
 * on sampled problems. A group that fails prints no timing and makes the
 * program exit with status 1. The markdown report goes to stdout, progress
 * to stderr. */
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

enum { JOB_VECTORS, JOB_FORM, JOB_HSEQR, NJOBS };

/* One batch. a0 holds the inputs, column-major, problem after problem; a,
 * z, wr, wi the layout of the side being run. */
typedef struct {
  int n, threads, job;
  bla_index count;
  double *a0, *a, *z, *wr, *wi;
  double *ref_wr, *ref_wi, *ref_s; /* reference eigenvalues, conditions */
  double *work;                    /* LAPACK workspace, per thread */
  lapack_int lwork;
  lapack_logical *bwork;
  int *info;
} batch;

typedef bench_eig_group result;

/* ---- flop and byte counts (estimates, see docs/PERFORMANCE.md) ------- */

/* Hessenberg reduction 10/3 n^3, about two Francis sweeps per eigenvalue
 * of ~10 n^2 flops each on the full T (wantt), and with vectors orghr's
 * 4/3 n^3 plus the sweeps' updates of Z: about 10 n^3 without vectors
 * and 25 n^3 with (Golub & Van Loan's operation counts, an estimate);
 * hseqr with vectors, without the reduction and orghr, about 20 n^3. */
static double flops_problem(int n, int job) {
  return (job == JOB_VECTORS ? 25.0
          : job == JOB_HSEQR ? 20.0
                             : 10.0) *
         n * n * n;
}
/* Compulsory traffic: read A, write T, wr, wi (and Z). */
static double bytes_problem(int n, int job) {
  double b = 8.0 * (2.0 * n * n + 2.0 * n);
  return job != JOB_FORM ? b + 8.0 * n * n : b;
}

/* ---- the batch ----------------------------------------------------------- */

static lapack_int lapack_lwork(int n, int job) {
  double q = 0;
  lapack_int sdim = 0;
  double a = 0, wr = 0, wi = 0, vs = 0;
  lapack_logical bw = 0;
  if (job == JOB_HSEQR) {
    LAPACKE_dhseqr_work(LAPACK_COL_MAJOR, 'S', 'I', n, 1, n, &a, n, &wr, &wi,
                        &vs, n, &q, -1);
    return q > (double)n ? (lapack_int)q : n > 1 ? n : 1;
  }
  LAPACKE_dgees_work(LAPACK_COL_MAJOR, job == JOB_VECTORS ? 'V' : 'N', 'N',
                     NULL, n, &a, n, &sdim, &wr, &wi, &vs, n, &q, -1, &bw);
  return q > 3.0 * n ? (lapack_int)q : 3 * n;
}

static void batch_generate(batch *b, uint64_t seed);

/* A batch of count problems of the group (a spec), inputs generated. */
static void *batch_make(const void *spec_, int64_t count) {
  const bench_spec *g = spec_;
  const int n = g->n;
  const size_t c = (size_t)count, nn = (size_t)n * n;
  batch *b = bench_xmalloc(sizeof *b);
  memset(b, 0, sizeof *b);
  b->n = n;
  b->job = g->job;
  b->threads = g->threads;
  b->count = count;
  b->a0 = bench_xmalloc(c * nn * sizeof(double));
  b->a = bench_xmalloc(c * nn * sizeof(double));
  b->z = g->job != JOB_FORM ? bench_xmalloc(c * nn * sizeof(double)) : NULL;
  b->wr = bench_xmalloc(c * n * sizeof(double));
  b->wi = bench_xmalloc(c * n * sizeof(double));
  b->lwork = lapack_lwork(n, g->job);
  b->work =
      bench_xmalloc((size_t)g->threads * (size_t)b->lwork * sizeof(double));
  b->bwork = bench_xmalloc((size_t)n * sizeof(lapack_logical));
  b->info = bench_xmalloc(c * sizeof(int));
  batch_generate(b, g->seed);
  return b;
}

static void batch_destroy(void *ctx) {
  batch *b = ctx;
  BENCH_FREE(b->a0, b->a, b->z, b->wr, b->wi, b->ref_wr, b->ref_wi, b->ref_s,
             b->work, b->bwork, b->info, b);
}

/* Problem p takes the p-th slice of one stream: a longer batch extends a
 * shorter one with the same seed, which the thread-count check uses. */
static void batch_generate(batch *b, uint64_t seed) {
  uint64_t s = seed;
  const size_t n = (size_t)b->n, len = (size_t)b->count * n * n;
  for (size_t k = 0; k < len; ++k) {
    const size_t i = k % n, j = k / n % n;
    b->a0[k] = bench_rng_unif_open(&s);
    if (b->job == JOB_HSEQR && i > j + 1)
      b->a0[k] = 0;
  }
}

/* Inputs into the side's layout (untimed); b is a batch. */
static void batch_prepare(void *ctx, int side) {
  batch *b = ctx;
  bench_to_layout(b->a0, b->a, (int64_t)b->n * b->n, b->count,
                  side == BENCH_SIDE_INT, b->threads);
}

/* The timed part: the number of failed problems, or -1 when the batch
 * driver itself refused; b is a batch. */
static long batch_run(void *ctx, int side) {
  batch *b = ctx;
  const bla_index c = b->count, n = b->n;
  const int vectors = b->job != JOB_FORM;
  long bad = 0;
  if (side == BENCH_SIDE_LAPACK && b->job == JOB_HSEQR) {
    const lapack_int ln = (lapack_int)n, lw = b->lwork;
    double *a = b->a, *z = b->z, *wr = b->wr, *wi = b->wi, *work = b->work;
#pragma omp parallel for num_threads(b->threads) schedule(static)             \
    reduction(+ : bad)
    for (bla_index p = 0; p < c; ++p)
      bad += LAPACKE_dhseqr_work(
                 LAPACK_COL_MAJOR, 'S', 'I', ln, 1, ln, a + p * n * n, ln,
                 wr + p * n, wi + p * n, z + p * n * n, ln,
                 work + (size_t)lw * (size_t)omp_get_thread_num(), lw) != 0;
    return bad;
  }
  if (side == BENCH_SIDE_LAPACK) {
    const lapack_int ln = (lapack_int)n, lw = b->lwork;
    double *a = b->a, *z = b->z, *wr = b->wr, *wi = b->wi, *work = b->work;
    lapack_logical *bwork = b->bwork;
#pragma omp parallel for num_threads(b->threads) schedule(static)             \
    reduction(+ : bad)
    for (bla_index p = 0; p < c; ++p) {
      lapack_int sdim = 0, info;
      double dummy = 0;
      info = LAPACKE_dgees_work(
          LAPACK_COL_MAJOR, vectors ? 'V' : 'N', 'N', NULL, ln, a + p * n * n,
          ln, &sdim, wr + p * n, wi + p * n, vectors ? z + p * n * n : &dummy,
          ln, work + (size_t)lw * (size_t)omp_get_thread_num(), lw, bwork);
      bad += info != 0;
    }
    return bad;
  }
  {
    const bla_exec ex = bench_exec(BLA_HOST, b->threads, NULL);
    bla_status st;
    bla_dmat_batch av, zv;
    bla_dvec_batch wrv, wiv;
    if (side == BENCH_SIDE_COL) {
      av = bla_dmat_batch_colmajor(b->a, c, n, n, n);
      zv = bla_dmat_batch_colmajor(vectors ? b->z : NULL, c, n, n, n);
      wrv = bla_dvec_batch_packed(b->wr, c, n);
      wiv = bla_dvec_batch_packed(b->wi, c, n);
    } else {
      av = bla_dmat_batch_interleaved(b->a, c, n, n);
      zv = bla_dmat_batch_interleaved(vectors ? b->z : NULL, c, n, n);
      wrv = bla_dvec_batch_interleaved(b->wr, c, n);
      wiv = bla_dvec_batch_interleaved(b->wi, c, n);
    }
    st = b->job == JOB_HSEQR ? bla_dhseqr_batch(BLA_JOB_SCHUR, BLA_COMPZ_INIT,
                                                av, wrv, wiv, zv, b->info, &ex)
                             : bla_dschur_batch(av, wrv, wiv, zv, b->info, &ex);
    return bench_batch_failed(st, b->info, c);
  }
}

/* Output element access in any side's layout. */
static double out_w(const batch *b, const double *w, int side, bla_index p,
                    bla_index i) {
  return side == BENCH_SIDE_INT ? w[p + i * b->count] : w[p * b->n + i];
}

static double out_m(const batch *b, const double *m, int side, bla_index p,
                    bla_index i, bla_index j) {
  const bla_index c = b->count, n = b->n;
  return side == BENCH_SIDE_INT ? m[p + i * c + j * c * n]
                                : m[p * n * n + i + j * n];
}

/* ---- the reference: dgees, dtrevc, dtrsna -------------------------------- */

static void batch_reference(batch *b, int threads) {
  const bla_index c = b->count, n = b->n;
  long bad = 0;
  b->ref_wr = bench_xmalloc((size_t)(c * n) * sizeof(double));
  b->ref_wi = bench_xmalloc((size_t)(c * n) * sizeof(double));
  b->ref_s = bench_xmalloc((size_t)(c * n) * sizeof(double));
#pragma omp parallel num_threads(threads) reduction(+ : bad)
  {
    double *w = bench_xmalloc((size_t)(4 * n * n + n) * sizeof(double));
#pragma omp for schedule(static)
    for (bla_index p = 0; p < c; ++p)
      bad += bench_ref_schur_eig(n, b->a0 + p * n * n, b->ref_wr + p * n,
                                 b->ref_wi + p * n, b->ref_s + p * n, w) != 0;
    free(w);
  }
  if (bad) {
    fprintf(stderr,
            "bench_schur: the LAPACK reference failed on %ld problems\n", bad);
    exit(2);
  }
}

/* ---- cross-check (LAPACK's test ratios, THRESH = 50) ----------------- */

/* The worst of dhst01's |A - Z T Z^T|_1 / (|A|_1 n ulp) and |I - Z Z^T|_1
 * / (n ulp) of the side's last run over SAMPLES problems spread over the
 * batch. */
static void schur_ratios(const batch *b, int side, double *res, double *orth) {
  const int n = b->n, ns = bench_nsamples(b->count, SAMPLES);
  double *t = bench_xmalloc(3 * (size_t)n * n * sizeof(double));
  double *z = t + n * n, *w = z + n * n;
  for (int s = 0; s < ns; ++s) {
    const bla_index p = bench_sample_index(b->count, s, ns);
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < n; ++i) {
        t[i + j * n] = out_m(b, b->a, side, p, i, j);
        z[i + j * n] = out_m(b, b->z, side, p, i, j);
      }
    bench_keep_max(
        res, bench_decomp_ratio(n, b->a0 + p * n * n, z, t, z, DBL_EPSILON, w));
    bench_keep_max(orth, bench_orth_ratio(n, z, DBL_EPSILON));
  }
  free(t);
}

/* FNV-1a over the outputs of problems 0..k-1 in logical order. */
static uint64_t output_hash(const void *b_, int side, int64_t k) {
  const batch *b = b_;
  uint64_t h = BENCH_HASH_INIT;
  const int n = b->n;
  for (bla_index p = 0; p < k; ++p) {
    for (int i = 0; i < n; ++i) {
      h = bench_hash_mix(h, out_w(b, b->wr, side, p, i));
      h = bench_hash_mix(h, out_w(b, b->wi, side, p, i));
    }
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < n; ++i) {
        h = bench_hash_mix(h, out_m(b, b->a, side, p, i, j));
        if (b->job != JOB_FORM)
          h = bench_hash_mix(h, out_m(b, b->z, side, p, i, j));
      }
  }
  return h;
}

/* A cross-check's scratch: one problem's eigenvalues and the matching's. */
typedef struct {
  double *wr, *wi, *c;
  bench_matcher m;
} check_scratch;

/* One side against the reference: the eigenvalues of every problem, the
 * Schur vectors of sampled ones. */
static void check_side(void *b_, bench_group *g, int side, void *scratch) {
  batch *b = b_;
  result *r = (result *)g;
  check_scratch *x = scratch;
  const int n = b->n;
  for (bla_index p = 0; p < b->count; ++p) {
    const double scale = DBL_EPSILON * bench_norm_fro(n, b->a0 + p * n * n);
    for (int i = 0; i < n; ++i) {
      x->wr[i] = out_w(b, b->wr, side, p, i);
      x->wi[i] = out_w(b, b->wi, side, p, i);
    }
    bench_keep_max(&r->eig,
                   bench_eig_ratio(n, b->ref_wr + p * n, b->ref_wi + p * n,
                                   b->ref_s + p * n, x->wr, x->wi,
                                   scale > 0 ? scale : DBL_MIN, x->c, &x->m));
  }
  if (b->job != JOB_FORM)
    schur_ratios(b, side, &r->res, &r->orth);
  bench_eig_verdict(r, bench_layout_side_names[side]);
}

/* Computes the reference, then runs and checks every side; b is a batch,
 * g the head of a result. */
static void cross_check(const bench_runner *run, bench_group *g, int64_t k1,
                        uint64_t *hash) {
  batch *b = run->ctx;
  result *r = (result *)g;
  const int n = b->n;
  check_scratch x;
  x.wr = bench_xmalloc(2 * (size_t)n * sizeof(double));
  x.wi = x.wr + n;
  x.c = bench_xmalloc((size_t)n * n * sizeof(double));
  bench_matcher_init(&x.m, n);
  batch_reference(b, omp_get_num_procs());
  r->eig = r->res = r->orth = 0;
  bench_layout_check(run, g, k1, hash, &x, check_side, output_hash);
  free(x.wr);
  free(x.c);
  bench_matcher_free(&x.m);
}

/* A group's batch: sized for the target time of a LAPACK run within a
 * memory cap. */
static void batch_size(const void *spec_, const bench_args *a, bench_sizing *z,
                       char *what, size_t len) {
  const bench_spec *g = spec_;
  const double n = g->n, vec = g->job != JOB_FORM;
  *z = bench_sizing_cap(a, g->threads, 512.0 * 1024 * 1024,
                        8.0 * (3.0 * n * n + 5.0 * n + vec * n * n));
  snprintf(what, len, "%s n=%d threads=%d",
           g->job == JOB_HSEQR ? "hseqr with vectors"
           : vec               ? "with vectors"
                               : "Schur form only",
           g->n, g->threads);
}

static const bench_family family =
    BENCH_LAYOUT_FAMILY(batch_make, batch_destroy, batch_prepare, batch_run,
                        cross_check, batch_size);

/* ---- the report -------------------------------------------------------- */

static void print_table(int job) {
  bench_print_table(
      job == JOB_VECTORS ? "Schur form and vectors: bla_dschur_batch(z) vs "
                           "dgees('V')"
      : job == JOB_HSEQR ? "Hessenberg QR iteration, Schur form and vectors: "
                           "bla_dhseqr_batch(SCHUR, INIT) vs dhseqr('S', 'I')"
                         : "Schur form only: bla_dschur_batch(z NULL) vs "
                           "dgees('N')",
      "| n | threads | batch | LAPACK us | batchla col-major "
      "us | ratio | batchla interleaved us | ratio | est. "
      "GFLOP/s (%% scalar peak) / GB/s | check %s |",
      job != JOB_FORM ? "(eig / res / orth)" : "(eig)");
}

static void print_cells(const void *r_, int n, int threads, int job,
                        const double *med, double peak1) {
  const double gf = flops_problem(n, job) / med[BENCH_SIDE_COL] * 1e-3;
  char chk[64];
  bench_eig_check_cell(chk, sizeof chk, r_, job != JOB_FORM);
  printf(" %.2g (%.0f%%) / %.2g | %s", gf, 100.0 * gf * 1e9 / (peak1 * threads),
         bytes_problem(n, job) / med[BENCH_SIDE_COL] * 1e-3, chk);
}

int main(int argc, char **argv) {
  static result res[BENCH_MAX_LIST][NJOBS][BENCH_MAX_LIST];
  static const bench_family_main m = {
      .name = "bench_schur",
      .sizes = "4,8,16,32,64",
      .max_n = 1024,
      .seed = 20240607,
      .quick_target = 0.005,
      .lapack_symbol = "dgees_",
      .bw_len = (size_t)16 << 20,
      .peak = 1,
      .title = "Host: batchla vs LAPACK, real Schur decomposition",
      .lapack = "`LAPACKE_dgees_work(jobvs = 'V' / 'N', sort = 'N')`, "
                "`LAPACKE_dhseqr_work(job = 'S', compz = 'I')`, `dgees_`",
      .inputs = "- matrices: random, entries uniform(-1, 1), splitmix64 seed "
                "%llu (the same matrices for every side); for hseqr the "
                "entries below the subdiagonal zero\n",
      .samples = SAMPLES,
      .checks = "- cross-check before timing (THRESH = %.0f): eigenvalues of "
                "every problem and side against dgees + dtrsna as multisets, "
                "error * s / (ulp |A|_F) with s the reciprocal condition "
                "number; |A - Z T Z^T|_1 / (|A|_1 n ulp) and |I - Z Z^T|_1 / "
                "(n ulp) on %d sampled problems per side\n",
      .columns = "- est. GFLOP/s (% of the scalar peak times threads) / GB/s "
                 "of batchla col-major: flops per problem about 25 n^3 "
                 "(vectors), 10 n^3 (Schur form only) or 20 n^3 (hseqr), an "
                 "estimate; "
                 "compulsory bytes 8(2n^2 + 2n) + 8n^2 (vectors) or 8(2n^2 + "
                 "2n)\n\n"};
  static const bench_family_tables_fn tables = {print_table, print_cells};
  return bench_family_program(&m, &family, &tables, res, NJOBS, sizeof(result),
                              argc, argv);
}
