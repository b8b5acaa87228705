/* bench_steqr: per-problem time of batchla's host tridiagonal eigensolvers
 * against LAPACK (LAPACKE over the system LAPACK, normally OpenBLAS's)
 * looped with OpenMP over the same batch, as docs/PERFORMANCE.md reports
 * it, with the rules stated there.
 *
 *   bench_steqr [--quick] [--reps R] [--target S] [--n 4,8,...]
 *               [--threads 1,2,...] [--seed X]
 *
 * Defaults: n = 4, 8, 16, 32, 64, 128; 1 thread and all; 7 repetitions;
 * batches sized for about 0.15 s per LAPACK run (a few minutes in all on
 * two cores). --quick: 5 repetitions of about 0.01 s, for CI.
 *
 * Jobs: eigenvalues and eigenvectors (bla_dsteqr_batch, BLA_COMPZ_INIT vs
 * dsteqr('I')) and eigenvalues only (bla_dsterf_batch vs dsterf). batchla
 * runs on the column-major and on the interleaved layout. Every group is
 * cross-checked before it is timed; a group that fails the check prints
 * no timing and makes the program exit with status 1. The markdown report
 * goes to stdout, progress to stderr. */
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <omp.h>

#include "batchla/batchla.h"
#include "bench_common.h"
#include "bench_lapack.h"

#define SAMPLES 64 /* problems per group given the O(n^3) vector checks */

enum { JOB_VECTORS, JOB_VALUES, NJOBS };

/* One batch and its scratch. Inputs d0, e0 are packed (problem after
 * problem); d, e, z hold the layout of the side being run. */
typedef struct {
  int n, threads, job;
  bla_index count;
  double *d0, *e0, *d, *e, *z, *lap_d, *pk, *work; /* pk: d, packed */
  int *info;
} batch;

typedef bench_eig_group result;

/* ---- flop and byte counts (estimates, see docs/PERFORMANCE.md) ------- */

/* With vectors: about two implicit QL sweeps per eigenvalue, each
 * rotation updating two length-n columns of Z (6n flops): 6 n^3. Values
 * only (Pal-Walker-Kahan): about 12 flops, 3 of them divisions, per
 * rotation, two sweeps per eigenvalue: 12 n^2. */
static double flops_problem(int n, int job) {
  return job == JOB_VECTORS ? 6.0 * n * n * n : 12.0 * n * n;
}
/* Compulsory traffic: read d, e; write d (and z). */
static double bytes_problem(int n, int job) {
  double b = 8.0 * (3.0 * n - 1.0);
  return job == JOB_VECTORS ? b + 8.0 * n * n : b;
}

/* ---- the batch: generation, layouts, runs ------------------------------ */

static bla_index ne_of(int n) {
  return n > 0 ? n - 1 : 0;
}

/* Problem p takes the p-th slice of one stream: a longer batch extends a
 * shorter one with the same seed, which the thread-count check relies on. */
static void batch_generate(batch *b, uint64_t seed) {
  uint64_t s = seed;
  bla_index ne = ne_of(b->n);
  for (bla_index p = 0; p < b->count; ++p) {
    for (int i = 0; i < b->n; ++i)
      b->d0[p * b->n + i] = bench_rng_unif(&s);
    for (bla_index i = 0; i < ne; ++i)
      b->e0[p * ne + i] = bench_rng_unif(&s);
  }
}

/* A batch of count problems of the group (a spec). */
static void *batch_make(const void *spec_, int64_t count) {
  const bench_spec *g = spec_;
  batch *b = bench_xmalloc(sizeof *b);
  const size_t c = (size_t)count, nn = (size_t)g->n, ne = (size_t)ne_of(g->n);
  b->n = g->n;
  b->job = g->job;
  b->threads = g->threads;
  b->count = count;
  b->d0 = bench_xmalloc(c * nn * sizeof(double));
  b->e0 = bench_xmalloc(c * (ne ? ne : 1) * sizeof(double));
  b->d = bench_xmalloc(c * nn * sizeof(double));
  b->e = bench_xmalloc(c * (ne ? ne : 1) * sizeof(double));
  b->lap_d = bench_xmalloc(c * nn * sizeof(double));
  b->pk = bench_xmalloc(c * nn * sizeof(double));
  b->z = g->job == JOB_VECTORS ? bench_xmalloc(c * nn * nn * sizeof(double))
                               : NULL;
  b->work = bench_xmalloc((size_t)g->threads * (ne > 0 ? 2 * ne : 1) *
                          sizeof(double));
  b->info = bench_xmalloc(c * sizeof(int));
  batch_generate(b, g->seed);
  return b;
}

static void batch_destroy(void *ctx) {
  batch *b = ctx;
  BENCH_FREE(b->d0, b->e0, b->d, b->e, b->lap_d, b->pk, b->z, b->work, b->info,
             b);
}

/* Inputs into the side's layout (untimed); b is a batch. */
static void batch_prepare(void *ctx, int side) {
  batch *b = ctx;
  bench_to_layout(b->d0, b->d, b->n, b->count, side == BENCH_SIDE_INT,
                  b->threads);
  bench_to_layout(b->e0, b->e, ne_of(b->n), b->count, side == BENCH_SIDE_INT,
                  b->threads);
}

/* The timed part: the number of failed problems, or -1 when the batch
 * driver itself refused; b is a batch. */
static long batch_run(void *ctx, int side) {
  batch *b = ctx;
  const bla_index c = b->count, n = b->n, ne = ne_of(b->n);
  const int vectors = b->job == JOB_VECTORS;
  long bad = 0;
  if (side == BENCH_SIDE_LAPACK) {
    const size_t lw = ne > 0 ? 2 * (size_t)ne : 1;
    double *d = b->d, *e = b->e, *z = b->z, *work = b->work;
    const lapack_int ln = (lapack_int)n;
#pragma omp parallel for num_threads(b->threads) schedule(static)             \
    reduction(+ : bad)
    for (bla_index p = 0; p < c; ++p) {
      lapack_int info;
      if (vectors)
        info = LAPACKE_dsteqr_work(LAPACK_COL_MAJOR, 'I', ln, d + p * n,
                                   e + p * ne, z + p * n * n, ln,
                                   work + lw * (size_t)omp_get_thread_num());
      else
        info = LAPACKE_dsterf_work(ln, d + p * n, e + p * ne);
      bad += info != 0;
    }
    return bad;
  }
  {
    const bla_exec ex = bench_exec(BLA_HOST, b->threads, NULL);
    const int inter = side == BENCH_SIDE_INT;
    const bla_dvec_batch dv = inter ? bla_dvec_batch_interleaved(b->d, c, n)
                                    : bla_dvec_batch_packed(b->d, c, n);
    const bla_dvec_batch ev = inter ? bla_dvec_batch_interleaved(b->e, c, ne)
                                    : bla_dvec_batch_packed(b->e, c, ne);
    const bla_dmat_batch zv = inter ? bla_dmat_batch_interleaved(b->z, c, n, n)
                                    : bla_dmat_batch_colmajor(b->z, c, n, n, n);
    const bla_status st =
        vectors ? bla_dsteqr_batch(BLA_COMPZ_INIT, dv, ev, zv, b->info, &ex)
                : bla_dsterf_batch(dv, ev, b->info, &ex);
    return bench_batch_failed(st, b->info, c);
  }
}

/* Output element access in any side's layout. */
static double out_d(const batch *b, int side, bla_index p, bla_index i) {
  return side == BENCH_SIDE_INT ? b->d[p + i * b->count] : b->d[p * b->n + i];
}

static double out_z(const batch *b, int side, bla_index p, bla_index i,
                    bla_index j) {
  const bla_index c = b->count, n = b->n;
  return side == BENCH_SIDE_INT ? b->z[p + i * c + j * c * n]
                                : b->z[p * n * n + i + j * n];
}

/* ---- cross-check (LAPACK's test ratios, THRESH = 50) ----------------- */

/* The worst |T - Z D Z^T|_1 / (|T|_1 n ulp) and |I - Z^T Z|_1 / (n ulp)
 * of the side's last run over SAMPLES problems spread over the batch. */
static void vector_ratios(const batch *b, int side, double *res, double *orth) {
  const int n = b->n, ns = bench_nsamples(b->count, SAMPLES);
  double *zp = bench_xmalloc((size_t)n * n * sizeof(double));
  double *lam = bench_xmalloc((size_t)n * sizeof(double));
  for (int s = 0; s < ns; ++s) {
    const bla_index p = bench_sample_index(b->count, s, ns);
    double rs, os;
    for (int i = 0; i < n; ++i) {
      lam[i] = out_d(b, side, p, i);
      for (int j = 0; j < n; ++j)
        zp[i + j * n] = out_z(b, side, p, i, j);
    }
    bench_tri_ratios(n, b->d0 + p * n, b->e0 + p * ne_of(n), lam, zp,
                     DBL_EPSILON, &rs, &os);
    bench_keep_max(res, rs);
    bench_keep_max(orth, os);
  }
  free(zp);
  free(lam);
}

/* FNV-1a over the outputs of problems 0..k-1 in logical order. */
static uint64_t output_hash(const void *b_, int side, int64_t k) {
  const batch *b = b_;
  uint64_t h = BENCH_HASH_INIT;
  for (bla_index p = 0; p < k; ++p) {
    for (int i = 0; i < b->n; ++i)
      h = bench_hash_mix(h, out_d(b, side, p, i));
    if (b->job == JOB_VECTORS)
      for (int j = 0; j < b->n; ++j)
        for (int i = 0; i < b->n; ++i)
          h = bench_hash_mix(h, out_z(b, side, p, i, j));
  }
  return h;
}

/* One side: LAPACK's eigenvalues kept as the reference, batchla's
 * compared with them; the vectors of sampled problems. */
static void check_side(void *b_, bench_group *g, int side, void *scratch) {
  batch *b = b_;
  result *r = (result *)g;
  const int n = b->n;
  (void)scratch;
  if (side == BENCH_SIDE_LAPACK) {
    memcpy(b->lap_d, b->d, (size_t)(b->count * n) * sizeof(double));
  } else {
    bench_from_layout(b->d, b->pk, n, b->count, side == BENCH_SIDE_INT,
                      b->threads);
    bench_keep_max(&r->eig, bench_tri_eig_ratio(n, b->count, b->d0, b->e0,
                                                b->pk, b->lap_d, DBL_EPSILON));
  }
  if (b->job == JOB_VECTORS)
    vector_ratios(b, side, &r->res, &r->orth);
  bench_eig_verdict(r, bench_layout_side_names[side]);
}

/* Runs every side once (which also warms caches and the thread pool) and
 * compares it with LAPACK; g the head of a result. */
static void cross_check(const bench_runner *run, bench_group *g, int64_t k1,
                        uint64_t *hash) {
  result *r = (result *)g;
  r->eig = r->res = r->orth = 0;
  bench_layout_check(run, g, k1, hash, NULL, check_side, output_hash);
}

/* A group's batch: sized for the target time of a LAPACK run within a
 * memory cap. */
static void batch_size(const void *spec_, const bench_args *a, bench_sizing *z,
                       char *what, size_t len) {
  const bench_spec *g = spec_;
  const double n = g->n, vec = g->job == JOB_VECTORS;
  *z = bench_sizing_cap(a, g->threads, 768.0 * 1024 * 1024,
                        8.0 * (6.0 * n - 2.0 + vec * n * n) + sizeof(int));
  snprintf(what, len, "%s n=%d threads=%d", vec ? "dsteqr" : "dsterf", g->n,
           g->threads);
}

static const bench_family family =
    BENCH_LAYOUT_FAMILY(batch_make, batch_destroy, batch_prepare, batch_run,
                        cross_check, batch_size);

/* ---- the report -------------------------------------------------------- */

static void print_table(int job) {
  bench_print_table(job == JOB_VECTORS
                        ? "Eigenvalues and eigenvectors: "
                          "bla_dsteqr_batch(INIT) vs dsteqr('I')"
                        : "Eigenvalues only: bla_dsterf_batch vs dsterf",
                    "| n | threads | batch | LAPACK us | batchla col-major "
                    "us | ratio | batchla interleaved us | ratio | est. "
                    "GFLOP/s / GB/s | check %s |",
                    job == JOB_VECTORS ? "(eig / res / orth)" : "(eig)");
}

/* GFLOP/s and GB/s without the scalar peak (threads, peak1 unused). */
static void print_cells(const void *r_, int n, int threads, int job,
                        const double *med, double peak1) {
  char chk[48];
  (void)threads;
  (void)peak1;
  bench_eig_check_cell(chk, sizeof chk, r_, job == JOB_VECTORS);
  printf(" %.2g / %.2g | %s",
         flops_problem(n, job) / med[BENCH_SIDE_COL] * 1e-3,
         bytes_problem(n, job) / med[BENCH_SIDE_COL] * 1e-3, chk);
}

int main(int argc, char **argv) {
  static result res[BENCH_MAX_LIST][NJOBS][BENCH_MAX_LIST];
  static const bench_family_main m = {
      .name = "bench_steqr",
      .sizes = "4,8,16,32,64,128",
      .max_n = INT_MAX,
      .seed = 20240607,
      .reps = 7,
      .quick_reps = 5,
      .quick_target = 0.01,
      .lapack_symbol = "dsteqr_",
      .bw_len = (size_t)32 << 20,
      .title = "Host: batchla vs LAPACK, symmetric tridiagonal eigenproblems",
      .lapack = "LAPACKE `dsteqr_work('I')` / `dsterf_work`, `dsteqr_`",
      .inputs = "- matrices: random symmetric tridiagonal, d and e "
                "uniform(-1, 1), splitmix64 seed %llu\n",
      .samples = SAMPLES,
      .checks = "- cross-check before timing (THRESH = %.0f): eigenvalues vs "
                "LAPACK's over the whole batch, |T - Z D Z^T|_1 / (|T|_1 n "
                "ulp) and |I - Z^T Z|_1 / (n ulp) on %d sampled problems per "
                "side\n",
      .columns = "- est. GFLOP/s and GB/s of batchla col-major: flops per "
                 "problem 6n^3 (vectors) or 12n^2 (values), an estimate; "
                 "compulsory bytes 8(3n-1) + 8n^2 (vectors) or 8(3n-1) "
                 "(values)\n\n"};
  static const bench_family_tables_fn tables = {print_table, print_cells};
  return bench_family_program(&m, &family, &tables, res, NJOBS, sizeof(result),
                              argc, argv);
}
