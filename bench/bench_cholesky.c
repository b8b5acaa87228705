/* bench_cholesky: per-problem time of batchla's host Cholesky drivers
 * against LAPACK (LAPACKE over the system LAPACK, normally OpenBLAS's)
 * looped with OpenMP over the same batch, in one run (rules:
 * docs/MEASURING.md).
 *
 *   bench_cholesky [--quick] [--reps R] [--target S] [--n 8,16,...]
 *                  [--kd 1,2,4,8] [--threads 1,2,...] [--seed X]
 *
 * Band groups (n x kd): bla_dpbsv_batch on the column-major and on the
 * interleaved layout, and bla_dpbtrf_batch + bla_dpbtrs_batch on the
 * column-major layout, against LAPACKE_dpbtrf_work + LAPACKE_dpbtrs_work.
 * Dense groups (n): bla_dposv_batch (column-major, interleaved) and
 * bla_dpotrf_batch + bla_dpotrs_batch against LAPACKE_dpotrf_work +
 * LAPACKE_dpotrs_work. uplo = lower, nrhs = 1 everywhere. The sv sides run
 * once under every host SIMD path the CPU supports (scalar, AVX2,
 * AVX-512, forced with bla_set_host_simd), trf+trs under the native path.
 * Every group is cross-checked before it is timed, every path's outputs
 * bit for bit against the others'; a group that fails the check prints
 * no timing and makes the program exit with status 1. The markdown report
 * goes to stdout, progress to stderr. */
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

#define SAMPLES 64     /* problems per side whose factor residual is checked */
#define MIN_BATCH 4096 /* problems per batch at least, but in --quick */

/* The base sides (bench_simd_sides): sv col-major and interleaved under
 * every SIMD path, trf+trs under the native one. */
enum {
  SIDE_LAPACK = BENCH_SIDE_LAPACK,
  SIDE_COL = BENCH_SIDE_COL,
  SIDE_INT = BENCH_SIDE_INT,
  SIDE_SPLIT = BENCH_LAYOUT_SIDES,
  NBASE
};

static const char *const base_name[NBASE] = {"LAPACK", "batchla sv col-major",
                                             "batchla sv interleaved",
                                             "batchla trf+trs col-major"};

/* The sides timed, set up in main. */
static bench_simd_sides sides;

typedef struct {
  bench_args a;
  int nk, kds[BENCH_MAX_LIST];
} options;

/* What one group measures: kd = n-1 with dense = 1 is the dense problem. */
typedef struct {
  bench_spec s;
  int kd, dense;
} spec;

/* One batch. kd = n-1 with dense = 1 is the dense problem. Inputs a0 (the
 * lower triangle in LAPACK's storage: band (kd+1) x n, or dense n x n) and
 * b0 are packed problem after problem; a and b hold the layout of the side
 * being run. */
typedef struct {
  int n, kd, dense, threads;
  bla_index count, alen; /* alen: storage entries of one matrix */
  double *a0, *b0, *a, *b, *x_lap, *lam; /* lam: Varah bound per problem */
  int *info;
} batch;

typedef struct {
  bench_group g;        /* identical: col-major, interleaved, trf+trs */
  double res, fwd, fac; /* worst ratios, against BENCH_THRESH */
} result;

/* ---- flop and byte counts --------------------------------------------- */

/* LAPACK's operation counts (LAWN 41, the timing suite's dopla), adds plus
 * multiplies, a square root or division counting one: dpbtrf n (kd+1)^2 -
 * kd (4 kd^2 + 9 kd + 5) / 6, dpbtrs 2 nrhs (2 n kd + n - kd (kd+1)), nrhs
 * = 1. They are the exact counts of the unblocked algorithms (column j: a
 * square root, kn = min(kd, n-1-j) divisions, a rank-1 update of a kn x kn
 * triangle; per row of each triangular solve 2 min(j, kd) + 1). Dense is
 * kd = n-1: dpotrf n^3/3 + n^2/2 + n/6, dpotrs 2 n^2. */
static double flops_problem(int n, int kd) {
  const double dn = n, k = kd;
  return dn * (k + 1) * (k + 1) - k * (4 * k * k + 9 * k + 5) / 6 +
         2 * (2 * dn * k + dn - k * (k + 1));
}

/* Compulsory traffic of the in-place API, nrhs = 1: read the stored
 * triangle and write the factor over it, read b and write x. */
static double bytes_problem(int n, int kd, int dense) {
  double stored = dense ? 0.5 * n * (n + 1.0) : (kd + 1.0) * n;
  return 8.0 * (2.0 * stored + 2.0 * n);
}

/* ---- the batch --------------------------------------------------------- */

static void batch_generate(batch *b, uint64_t seed);

/* A batch of count problems of the group (a spec), inputs generated. */
static void *batch_make(const void *spec_, int64_t count) {
  const spec *g = spec_;
  const int n = g->s.n;
  const size_t c = (size_t)count, nn = (size_t)n;
  batch *b = bench_xmalloc(sizeof *b);
  b->n = n;
  b->kd = g->kd;
  b->dense = g->dense;
  b->threads = g->s.threads;
  b->count = count;
  b->alen = g->dense ? (bla_index)n * n : (bla_index)(g->kd + 1) * n;
  b->a0 = bench_xmalloc(c * (size_t)b->alen * sizeof(double));
  b->a = bench_xmalloc(c * (size_t)b->alen * sizeof(double));
  b->b0 = bench_xmalloc(c * nn * sizeof(double));
  b->b = bench_xmalloc(c * nn * sizeof(double));
  b->x_lap = bench_xmalloc(c * nn * sizeof(double));
  b->lam = bench_xmalloc(c * sizeof(double));
  b->info = bench_xmalloc(c * sizeof(int));
  batch_generate(b, g->s.seed);
  return b;
}

static void batch_destroy(void *ctx) {
  batch *b = ctx;
  BENCH_FREE(b->a0, b->a, b->b0, b->b, b->x_lap, b->lam, b->info, b);
}

/* Element (i, j), i >= j, |i - j| <= kd, of problem p's input. */
static double *a0_at(const batch *b, bla_index p, int i, int j) {
  return b->dense ? b->a0 + p * b->alen + i + (bla_index)j * b->n
                  : b->a0 + p * b->alen + (i - j) + (bla_index)j * (b->kd + 1);
}

/* Diagonally dominant random SPD band matrices (bench_spd_lower) and b
 * uniform(-1, 1); lam[p] is Varah's gap. Problem p takes the p-th slice of
 * one stream: a longer batch extends a shorter one with the same seed. */
static void batch_generate(batch *b, uint64_t seed) {
  const int n = b->n;
  uint64_t s = seed;
  for (bla_index p = 0; p < b->count; ++p) {
    memset(b->a0 + p * b->alen, 0, (size_t)b->alen * sizeof(double));
    b->lam[p] = bench_spd_lower(n, b->kd, b->a0 + p * b->alen,
                                b->dense ? n : b->kd + 1, !b->dense, &s);
    for (int i = 0; i < n; ++i)
      b->b0[p * n + i] = bench_rng_unif(&s);
  }
}

/* Inputs into the side's layout (untimed); b is a batch. The column-major
 * sides use LAPACK's storage itself. */
static void batch_prepare(void *ctx, int side) {
  const batch *b = ctx;
  const int inter = bench_simd_base(&sides, side) == SIDE_INT;
  bench_simd_select(&sides, side);
  bench_to_layout(b->a0, b->a, b->alen, b->count, inter, b->threads);
  bench_to_layout(b->b0, b->b, b->n, b->count, inter, b->threads);
}

/* The timed part: returns the number of failed problems, or -1 when a
 * batch driver refused; b is a batch. The SIMD path is the side's
 * (batch_prepare set it). */
static long batch_run(void *ctx, int side_) {
  batch *b = ctx;
  const int side = bench_simd_base(&sides, side_);
  const bla_index c = b->count, n = b->n, kd = b->kd, al = b->alen;
  const lapack_int ln = (lapack_int)n, lkd = (lapack_int)kd;
  const lapack_int lda = (lapack_int)(b->dense ? n : kd + 1);
  long bad = 0;
  if (side == SIDE_LAPACK) {
    double *a = b->a, *x = b->b;
    const int dense = b->dense;
#pragma omp parallel for num_threads(b->threads) schedule(static)             \
    reduction(+ : bad)
    for (bla_index p = 0; p < c; ++p) {
      lapack_int info;
      if (dense) {
        info = LAPACKE_dpotrf_work(LAPACK_COL_MAJOR, 'L', ln, a + p * al, lda);
        if (info == 0)
          info = LAPACKE_dpotrs_work(LAPACK_COL_MAJOR, 'L', ln, 1, a + p * al,
                                     lda, x + p * n, ln);
      } else {
        info = LAPACKE_dpbtrf_work(LAPACK_COL_MAJOR, 'L', ln, lkd, a + p * al,
                                   lda);
        if (info == 0)
          info = LAPACKE_dpbtrs_work(LAPACK_COL_MAJOR, 'L', ln, lkd, 1,
                                     a + p * al, lda, x + p * n, ln);
      }
      bad += info != 0;
    }
    return bad;
  }
  {
    const bla_exec ex = bench_exec(BLA_HOST, b->threads, NULL);
    bla_status st;
    bla_dmat_batch av, bv;
    const bla_index rows = b->dense ? n : kd + 1;
    if (side == SIDE_INT) {
      av = bla_dmat_batch_interleaved(b->a, c, rows, n);
      bv = bla_dmat_batch_interleaved(b->b, c, n, 1);
    } else {
      av = bla_dmat_batch_colmajor(b->a, c, rows, n, rows);
      bv = bla_dmat_batch_colmajor(b->b, c, n, 1, n);
    }
    if (side == SIDE_SPLIT) {
      st = b->dense ? bla_dpotrf_batch(BLA_LOWER, av, b->info, &ex)
                    : bla_dpbtrf_batch(BLA_LOWER, kd, av, b->info, &ex);
      for (bla_index p = 0; p < c && st == BLA_OK; ++p)
        bad += b->info[p] != 0;
      if (st == BLA_OK)
        st = b->dense ? bla_dpotrs_batch(BLA_LOWER, av, bv, b->info, &ex)
                      : bla_dpbtrs_batch(BLA_LOWER, kd, av, bv, b->info, &ex);
    } else {
      st = b->dense ? bla_dposv_batch(BLA_LOWER, av, bv, b->info, &ex)
                    : bla_dpbsv_batch(BLA_LOWER, kd, av, bv, b->info, &ex);
    }
    return bench_batch_failed(st, b->info, c);
  }
}

/* Output access in any side's layout (side: a base side): x_i and
 * storage entry k of the factor of problem p. */
static double out_x(const batch *b, int side, bla_index p, bla_index i) {
  return side == SIDE_INT ? b->b[p + i * b->count] : b->b[p * b->n + i];
}

static double out_a(const batch *b, int side, bla_index p, bla_index k) {
  return side == SIDE_INT ? b->a[p + k * b->count] : b->a[p * b->alen + k];
}

/* ---- cross-check (LAPACK's test ratios, THRESH = 50) ------------------- */

/* Problem p's matrix entry (i, j) from the packed lower input. */
static double a_ij(const batch *b, bla_index p, int i, int j) {
  if (i < j) {
    int t = i;
    i = j;
    j = t;
  }
  return i - j > b->kd ? 0.0 : *a0_at(b, p, i, j);
}

static double factor_at(const batch *b, int side, bla_index p, int i, int j) {
  /* L(i, j), i >= j, |i - j| <= kd, in the side's storage. */
  bla_index k =
      b->dense ? i + (bla_index)j * b->n : (i - j) + (bla_index)j * (b->kd + 1);
  return out_a(b, side, p, k);
}

/* dpbt02: |b - A x|_1 / (|A|_1 |x|_1 eps); dget04 with Varah's bound on
 * cond_inf: |x - x_lap|_inf / |x_lap|_inf / (cond eps); dpbt01 on sampled
 * problems: |L L^T - A|_1 / (n |A|_1 eps). eps = DBL_EPSILON / 2. */
static void side_ratios(const batch *b, int side, result *r, int lapack) {
  const int n = b->n, kd = b->kd;
  const double eps = 0.5 * DBL_EPSILON;
  const int ns = bench_nsamples(b->count, SAMPLES);
  double res = 0, fwd = 0, fac = 0;
#pragma omp parallel for num_threads(b->threads) schedule(static)              \
    reduction(max                                                              \
              : res, fwd)
  for (bla_index p = 0; p < b->count; ++p) {
    double anorm = 0, rn = 0, xn = 0, dx = 0, xl = 0, q;
    for (int i = 0; i < n; ++i) {
      double t = b->b0[p * n + i], row = 0;
      for (int j = i - kd < 0 ? 0 : i - kd; j <= i + kd && j < n; ++j) {
        double aij = a_ij(b, p, i, j);
        t -= aij * out_x(b, side, p, j);
        row += fabs(aij);
      }
      anorm = row > anorm ? row : anorm; /* symmetric: 1-norm = inf-norm */
      rn += fabs(t);
      xn += fabs(out_x(b, side, p, i));
      if (!lapack) {
        dx = bench_nanmax(dx, fabs(out_x(b, side, p, i) - b->x_lap[p * n + i]));
        xl = bench_nanmax(xl, fabs(b->x_lap[p * n + i]));
      }
    }
    res = bench_nanmax(res, rn / (anorm * (xn > 0 ? xn : 1) * eps));
    if (!lapack) {
      /* cond_inf(A) <= |A|_inf / min_i (a_ii - sum_j |a_ij|) */
      q = dx / ((xl > 0 ? xl : 1) * (anorm / b->lam[p]) * eps);
      fwd = bench_nanmax(fwd, q);
    }
  }
  for (int s = 0; s < ns; ++s) {
    const bla_index p = bench_sample_index(b->count, s, ns);
    double anorm = 0, wnorm = 0;
    for (int j = 0; j < n; ++j) {
      double cs = 0, ws = 0;
      for (int i = 0; i < n; ++i) {
        double t = 0;
        int lo;
        if (i - j > kd || j - i > kd)
          continue;
        lo = (i > j ? i : j) - kd;
        lo = lo < 0 ? 0 : lo;
        for (int k = lo; k <= (i < j ? i : j); ++k)
          t += factor_at(b, side, p, i, k) * factor_at(b, side, p, j, k);
        cs += fabs(a_ij(b, p, i, j));
        ws += fabs(t - a_ij(b, p, i, j));
      }
      anorm = cs > anorm ? cs : anorm;
      wnorm = bench_nanmax(wnorm, ws);
    }
    fac = bench_nanmax(fac, wnorm / (n * anorm * eps));
  }
  r->res = res > r->res ? res : r->res;
  r->fwd = fwd > r->fwd ? fwd : r->fwd;
  r->fac = fac > r->fac ? fac : r->fac;
}

/* FNV-1a over x of problems 0..k-1 in logical order. */
static uint64_t output_hash(const batch *b, int side, bla_index k) {
  uint64_t h = BENCH_HASH_INIT;
  for (bla_index p = 0; p < k; ++p)
    for (int i = 0; i < b->n; ++i)
      h = bench_hash_mix(h, out_x(b, side, p, i));
  return h;
}

/* Runs every side once (which also warms caches and the thread pool) and
 * checks it: info, the ratios, agreement with LAPACK's x, and every
 * batchla side's x (every path, layout and driver) the same bits. */
static void cross_check(const bench_runner *run, bench_group *g, int64_t k1,
                        uint64_t *hash) {
  batch *b = run->ctx;
  result *r = (result *)g;
  uint64_t h_k1 = 0, h1 = 0;
  int same = 1;
  r->res = r->fwd = r->fac = 0;
  for (int side = 0; side < sides.nsides; ++side) {
    const char *name = sides.names[side];
    const int base = bench_simd_base(&sides, side);
    if (!bench_check_run(run, side, name, g))
      return;
    if (side == SIDE_LAPACK)
      memcpy(b->x_lap, b->b, (size_t)(b->count * b->n) * sizeof(double));
    side_ratios(b, base, r, side == SIDE_LAPACK);
    if (!(r->res < BENCH_THRESH) || !(r->fwd < BENCH_THRESH) ||
        !(r->fac < BENCH_THRESH)) {
      BENCH_FAIL(g, "%s: ratios res %.3g fwd %.3g fac %.3g", name, r->res,
                 r->fwd, r->fac);
      return;
    }
    if (side != SIDE_LAPACK) {
      const uint64_t h = output_hash(b, base, b->count);
      h1 = side == 1 ? h : h1;
      same &= h == h1;
    }
    if (base == SIDE_INT) /* the first k1 problems: every thread count's */
      h_k1 = output_hash(b, base, k1);
  }
  bench_check_bits(g, same, h_k1, hash);
}

/* A group's batch: sized for the target time of a LAPACK run within a
 * memory cap. */
static void batch_size(const void *spec_, const bench_args *a, bench_sizing *z,
                       char *what, size_t len) {
  const spec *g = spec_;
  const double n = g->s.n, stored = g->dense ? n * n : (g->kd + 1.0) * n;
  *z = bench_sizing_cap(a, g->s.threads, 768.0 * 1024 * 1024,
                        8.0 * (2.0 * stored + 3.0 * n + 1) + sizeof(int));
  if (!a->quick && z->lo < MIN_BATCH)
    z->lo = MIN_BATCH < z->cap ? MIN_BATCH : z->cap;
  snprintf(what, len, "%s n=%d kd=%d threads=%d", g->dense ? "posv" : "pbsv",
           g->s.n, g->kd, g->s.threads);
}

/* Its sides (names, count) are filled in by main, from sides. */
static bench_family family = {
    NULL,          0,         NULL,        batch_make, batch_destroy,
    batch_prepare, batch_run, cross_check, batch_size};

/* ---- the report ---------------------------------------------------------- */

/* Columns after the LAPACK one: per SIMD path the two sv layouts, then
 * trf+trs on the native path, the fastest side's rates and the check. */
#define ROW_COLS (2 * BENCH_SIMD_PATHS + 4)

/* The table head after the sizes, the band table's and the dense
 * table's alike. */
static void print_head(const char *title, const char *sizes) {
  static const char *const labels[] = {"sv col-major", "sv interleaved"};
  char head[1024];
  snprintf(head, sizeof head, "%s | LAPACK us ", sizes);
  bench_simd_head(head, sizeof head, labels, 2);
  bench_print_table(title,
                    "%s| trf+trs col-major %s us, speedup | fastest batchla "
                    "GFLOP/s, path (%% of its peak) | its GB/s (%% copy) | "
                    "check res / fwd / fac |",
                    head, bench_simd_label(sides.native));
}

static void print_row(const result *r, int n, int kd, int dense, int threads,
                      double bw, double peak1) {
  static const int layouts[] = {SIDE_COL, SIDE_INT};
  char head[64], cell[128];
  const bench_group *g = &r->g;
  if (dense)
    snprintf(head, sizeof head, "| %d | %d | %lld", n, threads,
             (long long)g->count);
  else
    snprintf(head, sizeof head, "| %d | %d | %d | %lld", n, kd, threads,
             (long long)g->count);
  if (!g->ok) {
    bench_mismatch_row(head, g, ROW_COLS);
    return;
  }
  bench_time_cell(cell, sizeof cell, g->t[SIDE_LAPACK], g->reps,
                  (double)g->count);
  printf("%s | %s", head, cell);
  bench_print_simd_cells(&sides, g, layouts, 2);
  bench_speedup_cell(cell, sizeof cell, g, sides.nsides - 1);
  printf(" | %s", cell);
  {
    const double us =
        bench_simd_fastest_cell(cell, sizeof cell, &sides, g,
                                flops_problem(n, dense ? n - 1 : kd), peak1);
    const double gb = bytes_problem(n, kd, dense) / us * 1e-3;
    printf(" | %s | %.2g (%.0f%%) | %.2g / %.2g / %.2g%s |\n", cell, gb,
           bw > 0 ? 100 * gb * 1e9 / bw : 0.0, r->res, r->fwd, r->fac,
           !g->identical           ? " (sides differ in bits)"
           : !g->identical_threads ? " (thread counts differ in bits)"
                                   : "");
  }
}

#define USAGE                                                                  \
  "bench_cholesky [--quick] [--reps R] [--target SECONDS]\n"                   \
  "                      [--n 8,16,32,64,128,256] [--kd 1,2,4,8]\n"            \
  "                      [--threads 1,2] [--seed X]"

int main(int argc, char **argv) {
  options o;
  int status = 0, met = 0, cells = 0, native_col;
  static result band[BENCH_MAX_LIST][BENCH_MAX_LIST]
                    [BENCH_MAX_LIST];                 /* [n][kd][threads] */
  static result dens[BENCH_MAX_LIST][BENCH_MAX_LIST]; /* [n][threads] */
  bench_env env;
  double bw[BENCH_MAX_LIST], peak1;
  const double t_start = bench_now();
  const bench_opt extra[] = {
      {"--kd", BENCH_OPT_LIST, o.kds, &o.nk, BENCH_MAX_LIST, NULL}};

  bench_set_name("bench_cholesky");
  bench_args_init(&o.a, 0.1, 20240607, "8,16,32,64,128,256");
  o.nk = bench_parse_list("1,2,4,8", o.kds, BENCH_MAX_LIST, 1);
  if (!bench_args_parse(&o.a, argc, argv, ~0u, extra, 1, USAGE))
    return 2;
  if (o.a.quick) {
    /* A CI-size run: three sizes, two band widths, short runs. */
    if (!(o.a.given & BENCH_TARGET))
      o.a.target = 0.005;
    if (!(o.a.given & BENCH_SIZES))
      o.a.nn = bench_parse_list("8,64,256", o.a.sizes, BENCH_MAX_LIST, 2);
    if (!(o.a.extra_given & 1u))
      o.nk = bench_parse_list("2,8", o.kds, BENCH_MAX_LIST, 1);
  }
  if (!bench_simd_sides_init(&sides, base_name, 2, 1))
    return 2;
  family.side_names = sides.names;
  family.nsides = sides.nsides;
  native_col = bench_simd_side(&sides, SIDE_COL, sides.native);

  bench_openblas_one_thread();
  bench_env_read(&env, "dpbtrf_", 0);
  fprintf(stderr, "bench_cholesky: measuring copy bandwidth and peak\n");
  for (int it = 0; it < o.a.nt; ++it)
    bw[it] = bench_copy_bandwidth(o.a.threads[it], (size_t)16 << 20);
  peak1 = bench_scalar_peak();
  /* Band groups for every kd < n, then the dense ones (kd = n - 1). */
  for (int in = 0; in < o.a.nn; ++in)
    for (int ik = 0; ik <= o.nk; ++ik) {
      const int n = o.a.sizes[in], dense = ik == o.nk;
      spec g = {{n, 0, 0, o.a.seed}, dense ? n - 1 : o.kds[ik], dense};
      if (dense || g.kd <= n - 1)
        status |=
            !bench_run_threads(&family, &g.s, &o.a,
                               dense ? dens[in] : band[in][ik], sizeof(result));
    }

  /* Its own bandwidth line: one per thread count. */
  bench_print_lapack_head(
      "Host: batchla vs LAPACK, Cholesky factor and solve (band and dense)",
      &o.a, &env,
      "LAPACKE `dpbtrf_work` + `dpbtrs_work` and `dpotrf_work` + "
      "`dpotrs_work` (no NaN checks, no allocation), uplo 'L', `dpbtrf_`",
      -1);
  printf("- host copy bandwidth (read + write, 256 MiB, best of 5):");
  for (int it = 0; it < o.a.nt; ++it)
    printf("%s %d thread%s %.3g GB/s", it ? "," : "", o.a.threads[it],
           o.a.threads[it] > 1 ? "s" : "", bw[it] * 1e-9);
  printf("\n");
  bench_print_simd(&sides, peak1);
  printf("- matrices: random diagonally dominant SPD, off-diagonal entries "
         "of the band uniform(-1, 1), each diagonal entry 1 + uniform(0, 1) "
         "above its row's off-diagonal sum; b uniform(-1, 1); nrhs = 1; "
         "splitmix64 seed %llu\n",
         (unsigned long long)o.a.seed);
  printf("- %d repetitions per cell, the side that runs first rotates, "
         "inputs restored (untimed) before every run; time per problem in "
         "microseconds, median (spread = (max - min) / median); **speedup** "
         "= LAPACK median / batchla median (range of the paired "
         "per-repetition ratios); batch sized for about %.2g s per LAPACK "
         "run (768 MiB cap), so the data streams from memory\n",
         o.a.reps, o.a.target);
  printf("- cross-check before timing (THRESH = %.0f), every side: info = "
         "0; |b - A x|_1 / (|A|_1 |x|_1 eps) over the whole batch (dpbt02); "
         "|x - x_LAPACK|_inf / (|x_LAPACK|_inf cond eps) with Varah's bound "
         "on cond_inf (dget04); |L L^T - A|_1 / (n |A|_1 eps) on %d sampled "
         "problems (dpbt01); eps = 2^-53. Shown as res / fwd / fac. Every "
         "batchla side's x (each path, layout and driver) has the same bits "
         "as the others', or the row says that they differ\n",
         BENCH_THRESH, SAMPLES);
  printf("- fastest batchla: the batchla column with the smallest median "
         "time, its GFLOP/s and its path with the %% of that path's assumed "
         "peak (above), and its GB/s with the %% of the copy bandwidth at "
         "that thread count. Flops per problem: LAPACK's operation counts "
         "(LAWN 41; exact for the unblocked algorithms), dpbtrf n (kd+1)^2 "
         "- kd (4 kd^2 + 9 kd + 5) / 6 + dpbtrs 2 (2 n kd + n - kd (kd+1)), "
         "dense dpotrf n^3/3 + n^2/2 + n/6 + dpotrs 2 n^2; compulsory bytes "
         "of the in-place API 8 (2 s + 2 n), s the stored entries ((kd+1) n "
         "band, n(n+1)/2 dense)\n\n");

  print_head("Band: bla_dpbsv_batch and bla_dpbtrf_batch + "
             "bla_dpbtrs_batch vs dpbtrf + dpbtrs",
             "| n | kd | threads | batch");
  for (int it = 0; it < o.a.nt; ++it)
    for (int in = 0; in < o.a.nn; ++in)
      for (int ik = 0; ik < o.nk; ++ik) {
        const result *r = &band[in][ik][it];
        if (o.kds[ik] > o.a.sizes[in] - 1)
          continue;
        print_row(r, o.a.sizes[in], o.kds[ik], 0, o.a.threads[it], bw[it],
                  peak1);
        if (r->g.ok && o.a.threads[it] == 1 && o.kds[ik] <= 4 &&
            o.a.sizes[in] <= 64) {
          double lo, hi;
          ++cells;
          met += bench_ratio(r->g.t[SIDE_LAPACK], r->g.t[native_col], r->g.reps,
                             &lo, &hi) >= 2.0;
        }
      }
  printf("\n");
  print_head("Dense: bla_dposv_batch and bla_dpotrf_batch + "
             "bla_dpotrs_batch vs dpotrf + dpotrs",
             "| n | threads | batch");
  for (int it = 0; it < o.a.nt; ++it)
    for (int in = 0; in < o.a.nn; ++in)
      print_row(&dens[in][it], o.a.sizes[in], 0, 1, o.a.threads[it], bw[it],
                peak1);
  printf("\nTarget (1 thread, kd <= 4, n <= 64, pbsv col-major on the native "
         "path (%s) at least 2x LAPACK's throughput): met in %d of %d "
         "cells.\n",
         bench_simd_label(sides.native), met, cells);
  bench_print_total(t_start, status);
  return status;
}
