/* bench_steqr: per-problem time of batchla's host tridiagonal eigensolvers
 * against LAPACK (LAPACKE over the system LAPACK, normally OpenBLAS's)
 * looped with OpenMP over the same batch, in one run (rules:
 * docs/MEASURING.md).
 *
 *   bench_steqr [--quick] [--reps R] [--target S] [--n 4,8,...]
 *               [--threads 1,2,...] [--seed X]
 *
 * Defaults: n = 4, 8, 16, 32, 64, 128; 1 thread and all; 7 repetitions;
 * batches sized for about 0.15 s per LAPACK run (a few minutes in all on
 * two cores). --quick: 5 repetitions of about 0.01 s, for CI.
 *
 * Jobs: eigenvalues and eigenvectors (bla_dsteqr_batch, BLA_COMPZ_INIT vs
 * dsteqr('I')), eigenvalues only (bla_dsterf_batch vs dsterf) and the same
 * in float (bla_ssterf_batch vs ssterf, on the double inputs rounded to
 * float). batchla runs on the column-major and on the interleaved layout;
 * for values only once under every host SIMD path the CPU supports
 * (scalar, AVX2, AVX-512, forced with bla_set_host_simd), with vectors
 * under the native path (the environment's BLA_SIMD picks another). Every group
 * is cross-checked before it is timed, every batchla side's outputs bit for bit
 * against the others'; a group that fails the check prints no timing and makes
 * the program exit with status 1. The markdown report goes to stdout, progress
 * to stderr.
 */
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

enum { JOB_VECTORS, JOB_VALUES, JOB_VALUES_FLOAT, NJOBS };

/* The base sides (bench_simd_sides): LAPACK, batchla col-major and
 * interleaved (BENCH_SIDE_*). The values job times them under every SIMD
 * path (sides 0..sides.nsides-1); the vectors job times the layout sides
 * 0..2 under the native path (simd_side). */
static const char *const base_name[BENCH_LAYOUT_SIDES] = {
    "LAPACK", "batchla col-major", "batchla interleaved"};

/* The sides of the values job, set up in main. */
static bench_simd_sides sides;

/* One batch and its scratch. Inputs d0, e0 are packed (problem after
 * problem); d, e, z hold the layout of the side being run; the float job
 * runs on fd, fe, copies of d, e in float, and its outputs are copied
 * back into d for the checks. */
typedef struct {
  int n, threads, job;
  bla_index count;
  double *d0, *e0, *d, *e, *z, *lap_d, *pk, *work; /* pk: d, packed */
  float *fd, *fe;
  int *info;
} batch;

static int is_values(int job) {
  return job == JOB_VALUES || job == JOB_VALUES_FLOAT;
}

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
  double b = (job == JOB_VALUES_FLOAT ? 4.0 : 8.0) * (3.0 * n - 1.0);
  return job == JOB_VECTORS ? b + 8.0 * n * n : b;
}

/* ---- the batch: generation, layouts, runs ------------------------------ */

static bla_index ne_of(int n) {
  return n > 0 ? n - 1 : 0;
}

/* Problem p takes the p-th slice of one stream: a longer batch extends a
 * shorter one with the same seed, which the thread-count check relies on.
 * The float job's inputs are the same numbers rounded to float. */
static void batch_generate(batch *b, uint64_t seed) {
  uint64_t s = seed;
  const int fl = b->job == JOB_VALUES_FLOAT;
  bla_index ne = ne_of(b->n);
  for (bla_index p = 0; p < b->count; ++p) {
    for (int i = 0; i < b->n; ++i) {
      const double v = bench_rng_unif(&s);
      b->d0[p * b->n + i] = fl ? (float)v : v;
    }
    for (bla_index i = 0; i < ne; ++i) {
      const double v = bench_rng_unif(&s);
      b->e0[p * ne + i] = fl ? (float)v : v;
    }
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
  b->fd = b->fe = NULL;
  if (g->job == JOB_VALUES_FLOAT) {
    b->fd = bench_xmalloc(c * nn * sizeof(float));
    b->fe = bench_xmalloc(c * (ne ? ne : 1) * sizeof(float));
  }
  batch_generate(b, g->seed);
  return b;
}

static void batch_destroy(void *ctx) {
  batch *b = ctx;
  BENCH_FREE(b->d0, b->e0, b->d, b->e, b->lap_d, b->pk, b->z, b->work, b->fd,
             b->fe, b->info, b);
}

/* The side of sides that the job's side is: the vectors job's layout
 * sides run on the native path. */
static int simd_side(const batch *b, int side) {
  if (is_values(b->job) || side == BENCH_SIDE_LAPACK)
    return side;
  return bench_simd_side(&sides, side, sides.native);
}

/* The layout (a BENCH_SIDE_*) of the job's side. */
static int layout_of(const batch *b, int side) {
  return bench_simd_base(&sides, simd_side(b, side));
}

/* Inputs into the side's layout and the side's SIMD path (untimed); b is
 * a batch. */
static void batch_prepare(void *ctx, int side) {
  batch *b = ctx;
  const int inter = layout_of(b, side) == BENCH_SIDE_INT;
  bench_simd_select(&sides, simd_side(b, side));
  bench_to_layout(b->d0, b->d, b->n, b->count, inter, b->threads);
  bench_to_layout(b->e0, b->e, ne_of(b->n), b->count, inter, b->threads);
  if (b->fd) {
    for (bla_index i = 0; i < b->count * b->n; ++i)
      b->fd[i] = (float)b->d[i];
    for (bla_index i = 0; i < b->count * ne_of(b->n); ++i)
      b->fe[i] = (float)b->e[i];
  }
}

/* The float job: ssterf per problem, or bla_ssterf_batch, on fd and fe;
 * the failed problems' count (as batch_run). */
static long run_float(batch *b, int side) {
  const bla_index c = b->count, n = b->n, ne = ne_of(b->n);
  float *d = b->fd, *e = b->fe;
  long bad = 0;
  if (side == BENCH_SIDE_LAPACK) {
    const lapack_int ln = (lapack_int)n;
#pragma omp parallel for num_threads(b->threads) schedule(static)             \
    reduction(+ : bad)
    for (bla_index p = 0; p < c; ++p)
      bad += LAPACKE_ssterf_work(ln, d + p * n, e + p * ne) != 0;
    return bad;
  }
  {
    const bla_exec ex = bench_exec(BLA_HOST, b->threads, NULL);
    const int inter = side == BENCH_SIDE_INT;
    const bla_svec_batch dv = inter ? bla_svec_batch_interleaved(d, c, n)
                                    : bla_svec_batch_packed(d, c, n);
    const bla_svec_batch ev = inter ? bla_svec_batch_interleaved(e, c, ne)
                                    : bla_svec_batch_packed(e, c, ne);
    return bench_batch_failed(bla_ssterf_batch(dv, ev, b->info, &ex), b->info,
                              c);
  }
}

/* The timed part: the number of failed problems, or -1 when the batch
 * driver itself refused; b is a batch. The SIMD path is the side's
 * (batch_prepare set it). */
static long batch_run(void *ctx, int side_) {
  batch *b = ctx;
  const int side = layout_of(b, side_);
  const bla_index c = b->count, n = b->n, ne = ne_of(b->n);
  const int vectors = b->job == JOB_VECTORS;
  long bad = 0;
  if (b->job == JOB_VALUES_FLOAT)
    return run_float(b, side);
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

/* FNV-1a over the outputs of problems 0..k-1 in logical order (side: a
 * layout). */
static uint64_t output_hash(const batch *b, int side, bla_index k) {
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

/* One side (side: a layout): LAPACK's eigenvalues kept as the reference,
 * batchla's compared with them; the vectors of sampled problems. */
static void check_side(batch *b, result *r, int side, const char *name) {
  const int n = b->n;
  const double ulp = b->job == JOB_VALUES_FLOAT ? FLT_EPSILON : DBL_EPSILON;
  if (b->fd)
    for (bla_index i = 0; i < b->count * n; ++i)
      b->d[i] = b->fd[i];
  if (side == BENCH_SIDE_LAPACK) {
    memcpy(b->lap_d, b->d, (size_t)(b->count * n) * sizeof(double));
  } else {
    bench_from_layout(b->d, b->pk, n, b->count, side == BENCH_SIDE_INT,
                      b->threads);
    bench_keep_max(&r->eig, bench_tri_eig_ratio(n, b->count, b->d0, b->e0,
                                                b->pk, b->lap_d, ulp));
  }
  if (b->job == JOB_VECTORS)
    vector_ratios(b, side, &r->res, &r->orth);
  bench_eig_verdict(r, name);
}

/* Runs every side of the job once (which also warms caches and the thread
 * pool) and checks it against LAPACK, and every batchla side's outputs
 * (every path and layout) the same bits; g the head of a result. */
static void cross_check(const bench_runner *run, bench_group *g, int64_t k1,
                        uint64_t *hash) {
  batch *b = run->ctx;
  result *r = (result *)g;
  const int values = is_values(b->job);
  const int nsides = values ? sides.nsides : BENCH_LAYOUT_SIDES;
  const char *const *names = values ? sides.names : bench_layout_side_names;
  uint64_t h_k1 = 0, h1 = 0;
  int same = 1;
  r->eig = r->res = r->orth = 0;
  for (int side = 0; side < nsides; ++side) {
    const int layout = layout_of(b, side);
    if (!bench_check_run(run, side, names[side], g))
      return;
    check_side(b, r, layout, names[side]);
    if (!g->ok)
      return;
    if (side != BENCH_SIDE_LAPACK) {
      const uint64_t h = output_hash(b, layout, b->count);
      h1 = side == 1 ? h : h1;
      same &= h == h1;
    }
    if (layout == BENCH_SIDE_INT) /* the first k1 problems: every thread
                                     count's */
      h_k1 = output_hash(b, layout, k1);
  }
  bench_check_bits(g, same, h_k1, hash);
}

/* A group's batch: sized for the target time of a LAPACK run within a
 * memory cap. */
static void batch_size(const void *spec_, const bench_args *a, bench_sizing *z,
                       char *what, size_t len) {
  const bench_spec *g = spec_;
  const double n = g->n, vec = g->job == JOB_VECTORS;
  *z = bench_sizing_cap(a, g->threads, 768.0 * 1024 * 1024,
                        8.0 * (6.0 * n - 2.0 + vec * n * n) + sizeof(int));
  snprintf(what, len, "%s n=%d threads=%d",
           vec                          ? "dsteqr"
           : g->job == JOB_VALUES_FLOAT ? "ssterf"
                                        : "dsterf",
           g->n, g->threads);
}

/* ---- the report -------------------------------------------------------- */

static void print_table(int job) {
  static const char *const labels[] = {"batchla col-major",
                                       "batchla interleaved"};
  char head[1024] = "| n | threads | batch | LAPACK us ";
  if (job == JOB_VECTORS) {
    bench_print_table("Eigenvalues and eigenvectors: bla_dsteqr_batch(INIT) "
                      "vs dsteqr('I'), native path only (BLA_SIMD picks it)",
                      "%s| batchla col-major %s us | ratio | batchla "
                      "interleaved %s us | ratio | est. GFLOP/s / GB/s | "
                      "check (eig / res / orth) |",
                      head, bench_simd_label(sides.native),
                      bench_simd_label(sides.native));
    return;
  }
  bench_simd_head(head, sizeof head, labels, 2);
  bench_print_table(job == JOB_VALUES_FLOAT
                        ? "Eigenvalues only, float: bla_ssterf_batch vs "
                          "ssterf, every SIMD path (a path's peak: twice "
                          "its lanes of doubles)"
                        : "Eigenvalues only: bla_dsterf_batch vs dsterf, "
                          "every SIMD path",
                    "%s| fastest batchla GFLOP/s, path (%% of its peak) | "
                    "its GB/s | check (eig) |",
                    head);
}

/* A row of the vectors table: the layout sides, then GFLOP/s and GB/s of
 * batchla col-major and the check. */
static void print_vectors(const result *r, int n, int threads) {
  double med[BENCH_LAYOUT_SIDES];
  char chk[48];
  if (!bench_layout_row_begin(&r->g, n, threads, BENCH_LAYOUT_COLS, med))
    return;
  bench_eig_check_cell(chk, sizeof chk, r, 1);
  printf(" %.2g / %.2g | %s",
         flops_problem(n, JOB_VECTORS) / med[BENCH_SIDE_COL] * 1e-3,
         bytes_problem(n, JOB_VECTORS) / med[BENCH_SIDE_COL] * 1e-3, chk);
  bench_layout_row_end(&r->g);
}

/* A row of the values table: LAPACK, per layout a column per SIMD path,
 * the fastest batchla side's rates and the check. */
static void print_values(const result *r, int job, int n, int threads,
                         double peak1) {
  static const int layouts[] = {BENCH_SIDE_COL, BENCH_SIDE_INT};
  const bench_group *g = &r->g;
  char head[64], cell[128];
  double us;
  snprintf(head, sizeof head, "| %d | %d | %lld", n, threads,
           (long long)g->count);
  if (!g->ok) {
    bench_mismatch_row(head, g, 2 * BENCH_SIMD_PATHS + 3);
    return;
  }
  bench_time_cell(cell, sizeof cell, g->t[BENCH_SIDE_LAPACK], g->reps,
                  (double)g->count);
  printf("%s | %s", head, cell);
  bench_print_simd_cells(&sides, g, layouts, 2);
  us = bench_simd_fastest_cell(cell, sizeof cell, &sides, g,
                               flops_problem(n, job),
                               job == JOB_VALUES_FLOAT ? 2 * peak1 : peak1);
  printf(" | %s | %.2g | %.2g", cell, bytes_problem(n, job) / us * 1e-3,
         r->eig);
  bench_layout_row_end(g);
}

int main(int argc, char **argv) {
  static result res[BENCH_MAX_LIST][NJOBS][BENCH_MAX_LIST];
  /* The values job's sides (names, count) are filled in from sides. */
  static bench_family family[NJOBS] = {
      BENCH_LAYOUT_FAMILY(batch_make, batch_destroy, batch_prepare, batch_run,
                          cross_check, batch_size),
      {NULL, 0, NULL, batch_make, batch_destroy, batch_prepare, batch_run,
       cross_check, batch_size},
      {NULL, 0, NULL, batch_make, batch_destroy, batch_prepare, batch_run,
       cross_check, batch_size}};
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
      .peak = 1,
      .title = "Host: batchla vs LAPACK, symmetric tridiagonal eigenproblems",
      .lapack = "LAPACKE `dsteqr_work('I')` / `dsterf_work` / "
                "`ssterf_work`, `dsteqr_`",
      .inputs = "- matrices: random symmetric tridiagonal, d and e "
                "uniform(-1, 1) (float: rounded to float), splitmix64 seed "
                "%llu\n",
      .samples = SAMPLES,
      .checks = "- cross-check before timing (THRESH = %.0f): eigenvalues vs "
                "LAPACK's over the whole batch, |T - Z D Z^T|_1 / (|T|_1 n "
                "ulp) and |I - Z^T Z|_1 / (n ulp) on %d sampled problems per "
                "side; every batchla side's outputs (each path and layout) "
                "have the same bits as the others', or the row says that "
                "they are not bit-identical\n",
      .columns = "- vectors: est. GFLOP/s and GB/s of batchla col-major; "
                 "values only: **speedup** = LAPACK median / batchla median "
                 "(range of the paired per-repetition ratios), and the "
                 "fastest batchla column with its GFLOP/s, its path with the "
                 "% of that path's assumed peak (above) and its GB/s. Flops "
                 "per problem 6n^3 (vectors) or 12n^2 (values), an estimate; "
                 "compulsory bytes 8(3n-1) + 8n^2 (vectors), 8(3n-1) "
                 "(values) or 4(3n-1) (float values)\n\n"};
  const double t_start = bench_now();
  bench_args a;
  bench_env e;
  double peak1 = 0;
  int status = 0;
  bench_openblas_one_thread();
  if (!bench_family_begin(&m, argc, argv, &a, &e, &peak1) ||
      !bench_simd_sides_init(&sides, base_name, 2, 0))
    return 2;
  for (int job = JOB_VALUES; job <= JOB_VALUES_FLOAT; ++job) {
    family[job].side_names = sides.names;
    family[job].nsides = sides.nsides;
  }
  for (int job = 0; job < NJOBS; ++job)
    for (int in = 0; in < a.nn; ++in) {
      bench_spec g = {a.sizes[in], job, 0, a.seed};
      status |= !bench_run_threads(&family[job], &g, &a, res[in][job],
                                   sizeof(result));
    }

  bench_print_lapack_head(m.title, &a, &e, m.lapack, 0);
  bench_print_simd(&sides, peak1);
  printf(m.inputs, (unsigned long long)a.seed);
  bench_print_timing(&a);
  printf(m.checks, BENCH_THRESH, m.samples);
  fputs(m.columns, stdout);
  for (int job = 0; job < NJOBS; ++job) {
    print_table(job);
    for (int it = 0; it < a.nt; ++it)
      for (int in = 0; in < a.nn; ++in) {
        const result *r = &res[in][job][it];
        if (job == JOB_VECTORS)
          print_vectors(r, a.sizes[in], a.threads[it]);
        else
          print_values(r, job, a.sizes[in], a.threads[it], peak1);
      }
    printf("\n");
  }
  bench_print_total(t_start, status);
  return status;
}
