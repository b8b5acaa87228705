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
 * LAPACKE_dpotrs_work. uplo = lower, nrhs = 1 everywhere. Every group is
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

#include <lapacke.h>
#include <omp.h>

#include "batchla/batchla.h"
#include "bench_common.h"

#define THRESH 50.0
#define MAX_REPS BENCH_MAX_REPS
#define MAX_LIST 16
#define SAMPLES 64 /* problems per side whose factor residual is checked */

enum { SIDE_LAPACK, SIDE_COL, SIDE_INT, SIDE_SPLIT, NSIDES };

static const char *const side_name[NSIDES] = {"LAPACK", "batchla sv col-major",
                                              "batchla sv interleaved",
                                              "batchla trf+trs col-major"};

typedef struct {
  int quick, reps;
  double target; /* seconds per timed LAPACK run */
  uint64_t seed;
  int nn, sizes[MAX_LIST];
  int nk, kds[MAX_LIST];
  int nt, threads[MAX_LIST];
} options;

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
  int ok;
  double res, fwd, fac; /* worst ratios, against THRESH */
  int identical;        /* col-major, interleaved, trf+trs: same bits */
  int identical_threads;
  double t[NSIDES][MAX_REPS];
  int reps;
  bla_index count;
  char why[200];
} result;

/* ---- flop and byte counts (exact for the unblocked algorithms) ---------- */

/* Band Cholesky: column j takes a square root, kn = min(kd, n-1-j)
 * divisions and a rank-1 update of a kn x kn triangle (kn(kn+1) flops);
 * the two band triangular solves take 2 min(j, kd) + 1 flops per row each.
 * Dense is kd = n-1 (n^3/3 + O(n^2) and 2n^2). */
static double flops_problem(int n, int kd) {
  double f = 0;
  for (int j = 0; j < n; ++j) {
    int kn = kd < n - 1 - j ? kd : n - 1 - j, r0 = j < kd ? j : kd;
    f += 1.0 + kn + (double)kn * (kn + 1);
    f += 2.0 * (2.0 * r0 + 1.0);
  }
  return f;
}

/* Compulsory traffic of the in-place API, nrhs = 1: read the stored
 * triangle and write the factor over it, read b and write x. */
static double bytes_problem(int n, int kd, int dense) {
  double stored = dense ? 0.5 * n * (n + 1.0) : (kd + 1.0) * n;
  return 8.0 * (2.0 * stored + 2.0 * n);
}

/* ---- the batch --------------------------------------------------------- */

static void batch_alloc(batch *b, int n, int kd, int dense, int threads,
                        bla_index count) {
  size_t c = (size_t)count, nn = (size_t)n;
  b->n = n;
  b->kd = kd;
  b->dense = dense;
  b->threads = threads;
  b->count = count;
  b->alen = dense ? (bla_index)n * n : (bla_index)(kd + 1) * n;
  b->a0 = bench_xmalloc(c * (size_t)b->alen * sizeof(double));
  b->a = bench_xmalloc(c * (size_t)b->alen * sizeof(double));
  b->b0 = bench_xmalloc(c * nn * sizeof(double));
  b->b = bench_xmalloc(c * nn * sizeof(double));
  b->x_lap = bench_xmalloc(c * nn * sizeof(double));
  b->lam = bench_xmalloc(c * sizeof(double));
  b->info = bench_xmalloc(c * sizeof(int));
}

static void batch_free(batch *b) {
  free(b->a0);
  free(b->a);
  free(b->b0);
  free(b->b);
  free(b->x_lap);
  free(b->lam);
  free(b->info);
  memset(b, 0, sizeof *b);
}

/* Element (i, j), i >= j, |i - j| <= kd, of problem p's input. */
static double *a0_at(const batch *b, bla_index p, int i, int j) {
  return b->dense ? b->a0 + p * b->alen + i + (bla_index)j * b->n
                  : b->a0 + p * b->alen + (i - j) + (bla_index)j * (b->kd + 1);
}

/* Diagonally dominant random SPD band matrices: off-diagonal entries
 * uniform(-1, 1), each diagonal entry 1 + u (u uniform(0, 1)) above the
 * sum of the magnitudes in its row, so A is positive definite and
 * ||A^-1||_inf <= 1 / min_i (a_ii - sum_j |a_ij|) (Varah), a rigorous
 * condition bound for the cross-check. Problem p takes the p-th slice of
 * one stream: a longer batch extends a shorter one with the same seed. */
static void batch_generate(batch *b, uint64_t seed) {
  const int n = b->n, kd = b->kd;
  double *rs = bench_xmalloc((size_t)n * sizeof(double));
  uint64_t s = seed;
  for (bla_index p = 0; p < b->count; ++p) {
    double gap = INFINITY;
    memset(b->a0 + p * b->alen, 0, (size_t)b->alen * sizeof(double));
    for (int i = 0; i < n; ++i)
      rs[i] = 0;
    for (int j = 0; j < n; ++j)
      for (int i = j + 1; i <= j + kd && i < n; ++i) {
        double v = bench_rng_unif(&s);
        *a0_at(b, p, i, j) = v;
        rs[i] += fabs(v);
        rs[j] += fabs(v);
      }
    for (int i = 0; i < n; ++i) {
      double margin = 1.0 + 0.5 * (bench_rng_unif(&s) + 1.0);
      *a0_at(b, p, i, i) = rs[i] + margin;
      gap = margin < gap ? margin : gap;
    }
    b->lam[p] = gap;
    for (int i = 0; i < n; ++i)
      b->b0[p * n + i] = bench_rng_unif(&s);
  }
  free(rs);
}

/* Inputs into the side's layout (untimed). The column-major sides use
 * LAPACK's storage itself. */
static void batch_prepare(batch *b, int side) {
  const bla_index c = b->count, n = b->n, al = b->alen;
  if (side != SIDE_INT) {
    memcpy(b->a, b->a0, (size_t)(c * al) * sizeof(double));
    memcpy(b->b, b->b0, (size_t)(c * n) * sizeof(double));
    return;
  }
#pragma omp parallel for num_threads(b->threads) schedule(static)
  for (bla_index p = 0; p < c; ++p) {
    for (bla_index k = 0; k < al; ++k)
      b->a[p + k * c] = b->a0[p * al + k];
    for (bla_index i = 0; i < n; ++i)
      b->b[p + i * c] = b->b0[p * n + i];
  }
}

/* The timed part: returns the number of failed problems, or -1 when a
 * batch driver refused. */
static long batch_run(batch *b, int side) {
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
    bla_exec ex;
    bla_status st;
    bla_dmat_batch av, bv;
    const bla_index rows = b->dense ? n : kd + 1;
    ex.backend = BLA_HOST;
    ex.threads = b->threads;
    ex.stream = NULL;
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
    if (st != BLA_OK)
      return -1;
  }
  for (bla_index p = 0; p < c; ++p)
    bad += b->info[p] != 0;
  return bad;
}

/* Output access in any side's layout: x_i and storage entry k of the
 * factor of problem p. */
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

/* max(m, q), NaN giving +Inf, so that a NaN ratio can never pass. */
static double nanmax(double m, double q) {
  return q != q ? INFINITY : q > m ? q : m;
}

/* dpbt02: |b - A x|_1 / (|A|_1 |x|_1 eps); dget04 with Varah's bound on
 * cond_inf: |x - x_lap|_inf / |x_lap|_inf / (cond eps); dpbt01 on sampled
 * problems: |L L^T - A|_1 / (n |A|_1 eps). eps = DBL_EPSILON / 2. */
static void side_ratios(const batch *b, int side, result *r, int lapack) {
  const int n = b->n, kd = b->kd;
  const double eps = 0.5 * DBL_EPSILON;
  const int ns = b->count < SAMPLES ? (int)b->count : SAMPLES;
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
        dx = nanmax(dx, fabs(out_x(b, side, p, i) - b->x_lap[p * n + i]));
        xl = nanmax(xl, fabs(b->x_lap[p * n + i]));
      }
    }
    res = nanmax(res, rn / (anorm * (xn > 0 ? xn : 1) * eps));
    if (!lapack) {
      /* cond_inf(A) <= |A|_inf / min_i (a_ii - sum_j |a_ij|) */
      q = dx / ((xl > 0 ? xl : 1) * (anorm / b->lam[p]) * eps);
      fwd = nanmax(fwd, q);
    }
  }
  for (int s = 0; s < ns; ++s) {
    bla_index p =
        ns > 1 ? (bla_index)((double)s * (double)(b->count - 1) / (ns - 1)) : 0;
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
      wnorm = nanmax(wnorm, ws);
    }
    fac = nanmax(fac, wnorm / (n * anorm * eps));
  }
  r->res = res > r->res ? res : r->res;
  r->fwd = fwd > r->fwd ? fwd : r->fwd;
  r->fac = fac > r->fac ? fac : r->fac;
}

/* FNV-1a over x of problems 0..k-1 in logical order. */
static uint64_t output_hash(const batch *b, int side, bla_index k) {
  uint64_t h = 1469598103934665603ULL;
  for (bla_index p = 0; p < k; ++p)
    for (int i = 0; i < b->n; ++i) {
      double v = out_x(b, side, p, i);
      uint64_t u;
      memcpy(&u, &v, sizeof u);
      h = (h ^ u) * 1099511628211ULL;
    }
  return h;
}

static void fail(result *r, const char *fmt, const char *what, double v) {
  if (r->ok)
    snprintf(r->why, sizeof r->why, fmt, what, v);
  r->ok = 0;
}

/* Runs every side once (which also warms caches and the thread pool) and
 * checks it: info, the ratios, agreement with LAPACK's x. */
static void cross_check(batch *b, result *r, bla_index k1, uint64_t *hash) {
  uint64_t h[NSIDES] = {0};
  r->ok = 1;
  r->res = r->fwd = r->fac = 0;
  for (int side = 0; side < NSIDES; ++side) {
    long bad;
    batch_prepare(b, side);
    bad = batch_run(b, side);
    if (bad != 0) {
      fail(r, "%s: %g problems failed or the driver refused", side_name[side],
           (double)bad);
      return;
    }
    if (side == SIDE_LAPACK)
      memcpy(b->x_lap, b->b, (size_t)(b->count * b->n) * sizeof(double));
    side_ratios(b, side, r, side == SIDE_LAPACK);
    if (!(r->res < THRESH) || !(r->fwd < THRESH) || !(r->fac < THRESH)) {
      char what[96];
      snprintf(what, sizeof what, "%s: ratios res %.3g fwd %.3g fac",
               side_name[side], r->res, r->fwd);
      fail(r, "%s %.3g", what, r->fac);
      return;
    }
    if (side != SIDE_LAPACK)
      h[side] = output_hash(b, side, b->count);
    if (side == SIDE_INT) {
      /* The first k1 problems are the same matrices for every thread
       * count: their x must have the same bits. */
      uint64_t hk = output_hash(b, SIDE_INT, k1);
      if (*hash == 0)
        *hash = hk;
      r->identical_threads = *hash == hk;
    }
  }
  r->identical = h[SIDE_COL] == h[SIDE_INT] && h[SIDE_COL] == h[SIDE_SPLIT];
}

/* Smallest batch whose LAPACK run takes at least the target time, within
 * the memory cap. */
static bla_index calibrate(int n, int kd, int dense, int threads, double target,
                           uint64_t seed, bla_index floor) {
  const double cap = 768.0 * 1024 * 1024;
  const double per =
      8.0 * (2.0 * (dense ? (double)n * n : (kd + 1.0) * n) + 3.0 * n + 1) +
      sizeof(int);
  const bla_index maxc = (bla_index)(cap / per);
  bla_index count = 8 * threads;
  double t = 0;
  for (;;) {
    batch b;
    batch_alloc(&b, n, kd, dense, threads, count);
    batch_generate(&b, seed);
    batch_prepare(&b, SIDE_LAPACK);
    batch_run(&b, SIDE_LAPACK); /* warm */
    /* Best of two: one slow run must not shrink the batch. */
    for (int k = 0; k < 2; ++k) {
      double tk, t0;
      batch_prepare(&b, SIDE_LAPACK);
      t0 = bench_now();
      batch_run(&b, SIDE_LAPACK);
      tk = bench_now() - t0;
      t = k == 0 || tk < t ? tk : t;
    }
    batch_free(&b);
    if (t >= target / 4 || count >= maxc)
      break;
    count = count * 4 < maxc ? count * 4 : maxc;
  }
  if (t > 0)
    count = (bla_index)((double)count * target / t);
  if (count > maxc)
    count = maxc;
  if (count < 8 * threads)
    count = 8 * threads;
  return count < floor ? floor : count;
}

static void time_group(batch *b, result *r, int reps) {
  r->reps = reps;
  for (int k = 0; k < reps; ++k)
    /* Rotate which side runs first. */
    for (int j = 0; j < NSIDES; ++j) {
      int side = (k + j) % NSIDES;
      double t0;
      long bad;
      batch_prepare(b, side);
      t0 = bench_now();
      bad = batch_run(b, side);
      r->t[side][k] = bench_now() - t0;
      if (bad != 0)
        fail(r, "%s: %g problems failed while timing", side_name[side],
             (double)bad);
    }
}

/* ---- the report ---------------------------------------------------------- */

/* Median per-problem time (us) and spread of a side. */
static double side_us(const result *r, int s, double *spr) {
  double v[MAX_REPS] = {0};
  for (int k = 0; k < r->reps; ++k)
    v[k] = r->t[s][k] / (double)r->count * 1e6;
  *spr = bench_spread(v, r->reps);
  return bench_median(v, r->reps);
}

/* Speedup t_LAPACK / t_side (median), and the paired per-repetition
 * range. */
static double speedup(const result *r, int s, double *lo, double *hi) {
  double sp;
  *lo = *hi = r->t[SIDE_LAPACK][0] / r->t[s][0];
  for (int k = 1; k < r->reps; ++k) {
    double q = r->t[SIDE_LAPACK][k] / r->t[s][k];
    *lo = q < *lo ? q : *lo;
    *hi = q > *hi ? q : *hi;
  }
  sp = bench_median(r->t[SIDE_LAPACK], r->reps) / bench_median(r->t[s], r->reps);
  return sp;
}

static void print_row(const result *r, int n, int kd, int dense, int threads,
                      double bw) {
  char cell[NSIDES][128];
  double us[NSIDES];
  if (!r->ok) {
    if (dense)
      printf("| %d | %d | %lld | MISMATCH: %s | | | | | |\n", n, threads,
             (long long)r->count, r->why);
    else
      printf("| %d | %d | %d | %lld | MISMATCH: %s | | | | | |\n", n, kd,
             threads, (long long)r->count, r->why);
    return;
  }
  for (int s = 0; s < NSIDES; ++s) {
    double spr, lo, hi;
    char num[32], sp[32];
    us[s] = side_us(r, s, &spr);
    bench_fmt_val(num, sizeof num, us[s], spr);
    if (s == SIDE_LAPACK) {
      snprintf(cell[s], sizeof cell[s], "%s (%.0f%%)", num, 100 * spr);
    } else {
      double q = speedup(r, s, &lo, &hi);
      bench_fmt_val(sp, sizeof sp, q, (hi - lo) / q);
      snprintf(cell[s], sizeof cell[s], "%s (%.0f%%) **%sx** (%.2g-%.2g)", num,
               100 * spr, sp, lo, hi);
    }
  }
  {
    const double fl = flops_problem(n, dense ? n - 1 : kd);
    const double by = bytes_problem(n, kd, dense);
    const double gf = fl / (us[SIDE_COL] * 1e-6) * 1e-9;
    const double gb = by / (us[SIDE_COL] * 1e-6) * 1e-9;
    char head[64];
    if (dense)
      snprintf(head, sizeof head, "| %d | %d | %lld", n, threads,
               (long long)r->count);
    else
      snprintf(head, sizeof head, "| %d | %d | %d | %lld", n, kd, threads,
               (long long)r->count);
    printf("%s | %s | %s | %s | %s | %.2g / %.2g (%.0f%%) | %.2g / %.2g / "
           "%.2g%s |\n",
           head, cell[SIDE_LAPACK], cell[SIDE_COL], cell[SIDE_INT],
           cell[SIDE_SPLIT], gf, gb, bw > 0 ? 100 * gb * 1e9 / bw : 0.0, r->res,
           r->fwd, r->fac,
           !r->identical           ? " (layouts differ in bits)"
           : !r->identical_threads ? " (thread counts differ in bits)"
                                   : "");
  }
}

static void usage(void) {
  fprintf(stderr,
          "usage: bench_cholesky [--quick] [--reps R] [--target SECONDS]\n"
          "                      [--n 8,16,32,64,128,256] [--kd 1,2,4,8]\n"
          "                      [--threads 1,2] [--seed X]\n");
}

/* One group: calibrate, generate, cross-check, time. */
static void run_group(const options *o, result *r, int n, int kd, int dense,
                      int th, bla_index *k1, uint64_t *hash, int first,
                      int *status) {
  batch b;
  bla_index count =
      calibrate(n, kd, dense, th, o->target, o->seed, first ? 0 : *k1);
  if (first)
    *k1 = count;
  fprintf(stderr, "bench_cholesky: %s n=%d kd=%d threads=%d batch=%lld\n",
          dense ? "posv" : "pbsv", n, kd, th, (long long)count);
  batch_alloc(&b, n, kd, dense, th, count);
  batch_generate(&b, o->seed);
  r->count = count;
  cross_check(&b, r, *k1, hash);
  if (r->ok)
    time_group(&b, r, o->reps);
  if (!r->ok) {
    fprintf(stderr, "bench_cholesky: MISMATCH, no timing: %s\n", r->why);
    *status = 1;
  }
  batch_free(&b);
}

int main(int argc, char **argv) {
  options o;
  char cmdline[1024] = "", commit[128], cpu[256], provider[512];
  int procs = omp_get_num_procs(), status = 0, met = 0, cells = 0;
  static result band[MAX_LIST][MAX_LIST][MAX_LIST]; /* [n][kd][threads] */
  static result dens[MAX_LIST][MAX_LIST];           /* [n][threads] */
  double bw[MAX_LIST], t_start = bench_now();

  bench_set_name("bench_cholesky");
  memset(&o, 0, sizeof o);
  o.reps = 5;
  o.target = 0.1;
  o.seed = 20240607;
  o.nn = bench_parse_list("8,16,32,64,128,256", o.sizes, MAX_LIST, 2);
  o.nk = bench_parse_list("1,2,4,8", o.kds, MAX_LIST, 1);
  o.threads[0] = 1;
  o.threads[1] = procs;
  o.nt = procs > 1 ? 2 : 1;
  for (int i = 1; i < argc; ++i) {
    const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    bench_cmdline_append(cmdline, sizeof cmdline, a);
    if (!strcmp(a, "--quick")) {
      o.quick = 1;
      continue;
    }
    if (!v) {
      usage();
      return 2;
    }
    if (!strcmp(a, "--n"))
      o.nn = bench_parse_list(v, o.sizes, MAX_LIST, 2);
    else if (!strcmp(a, "--kd"))
      o.nk = bench_parse_list(v, o.kds, MAX_LIST, 1);
    else if (!bench_common_option(a, v, &o.reps, &o.target, &o.seed,
                                  o.threads, &o.nt, MAX_LIST)) {
      usage();
      return 2;
    }
    bench_cmdline_append(cmdline, sizeof cmdline, v);
    ++i;
  }
  if (o.quick) {
    /* A CI-size run: three sizes, two band widths, short runs. */
    if (o.target == 0.1)
      o.target = 0.005;
    if (o.nn == 6 && o.sizes[5] == 256)
      o.nn = bench_parse_list("8,64,256", o.sizes, MAX_LIST, 2);
    if (o.nk == 4 && o.kds[3] == 8)
      o.nk = bench_parse_list("2,8", o.kds, MAX_LIST, 1);
  }
  if (o.nn < 1 || o.nk < 1 || o.nt < 1 || o.reps < 5 || o.reps > MAX_REPS ||
      !(o.target > 0)) {
    fprintf(stderr,
            "bench_cholesky: need n, kd and thread lists, 5 <= reps "
            "<= %d and target > 0\n",
            MAX_REPS);
    usage();
    return 2;
  }

#if BENCH_HAVE_OPENBLAS
  /* The LAPACK side gets its parallelism from the OpenMP loop only. */
  openblas_set_num_threads(1);
#endif
  bench_git_commit(commit, sizeof commit, BENCH_SOURCE_DIR, BENCH_GIT_COMMIT,
                   0);
  bench_cpu_model(cpu, sizeof cpu, 0);
  bench_lapack_provider(provider, sizeof provider, "dpbtrf_");
  fprintf(stderr, "bench_cholesky: measuring copy bandwidth\n");
  for (int it = 0; it < o.nt; ++it)
    bw[it] = bench_copy_bandwidth(o.threads[it], (size_t)16 << 20);

  for (int in = 0; in < o.nn; ++in)
    for (int ik = 0; ik < o.nk; ++ik) {
      uint64_t hash = 0;
      bla_index k1 = 0;
      if (o.kds[ik] > o.sizes[in] - 1)
        continue;
      for (int it = 0; it < o.nt; ++it)
        run_group(&o, &band[in][ik][it], o.sizes[in], o.kds[ik], 0,
                  o.threads[it], &k1, &hash, it == 0, &status);
    }
  for (int in = 0; in < o.nn; ++in) {
    uint64_t hash = 0;
    bla_index k1 = 0;
    for (int it = 0; it < o.nt; ++it)
      run_group(&o, &dens[in][it], o.sizes[in], o.sizes[in] - 1, 1,
                o.threads[it], &k1, &hash, it == 0, &status);
  }

  printf("## Host: batchla vs LAPACK, Cholesky factor and solve (band and "
         "dense)\n\n");
  bench_print_build("bench_cholesky", cmdline, commit, BENCH_BUILD_TYPE,
                    BENCH_LIB_FLAGS, BENCH_C_FLAGS);
#if BENCH_HAVE_OPENBLAS
  printf("- OpenBLAS: %s (1 OpenBLAS thread; parallel over problems)\n",
         openblas_get_config());
#endif
  printf("- LAPACK: LAPACKE `dpbtrf_work` + `dpbtrs_work` and `dpotrf_work` "
         "+ `dpotrs_work` (no NaN checks, no allocation), uplo 'L', "
         "`dpbtrf_` from %s\n",
         provider);
  bench_print_cpu_threads(cpu, procs, o.threads, o.nt);
  printf("- host copy bandwidth (read + write, 256 MiB, best of 5):");
  for (int it = 0; it < o.nt; ++it)
    printf("%s %d thread%s %.3g GB/s", it ? "," : "", o.threads[it],
           o.threads[it] > 1 ? "s" : "", bw[it] * 1e-9);
  printf("\n");
  printf("- matrices: random diagonally dominant SPD, off-diagonal entries "
         "of the band uniform(-1, 1), each diagonal entry 1 + uniform(0, 1) "
         "above its row's off-diagonal sum; b uniform(-1, 1); nrhs = 1; "
         "splitmix64 seed %llu\n",
         (unsigned long long)o.seed);
  printf("- %d repetitions per cell, the side that runs first rotates, "
         "inputs restored (untimed) before every run; time per problem in "
         "microseconds, median (spread = (max - min) / median); **speedup** "
         "= LAPACK median / batchla median (range of the paired "
         "per-repetition ratios); batch sized for about %.2g s per LAPACK "
         "run (768 MiB cap), so the data streams from memory\n",
         o.reps, o.target);
  printf("- cross-check before timing (THRESH = %.0f), every side: info = "
         "0; |b - A x|_1 / (|A|_1 |x|_1 eps) over the whole batch (dpbt02); "
         "|x - x_LAPACK|_inf / (|x_LAPACK|_inf cond eps) with Varah's bound "
         "on cond_inf (dget04); |L L^T - A|_1 / (n |A|_1 eps) on %d sampled "
         "problems (dpbt01); eps = 2^-53. Shown as res / fwd / fac\n",
         THRESH, SAMPLES);
  printf("- GFLOP/s and GB/s of batchla sv col-major, with %% of the copy "
         "bandwidth at that thread count: flops per problem counted exactly "
         "for the unblocked algorithms (band: sum_j kn(kn+2) + 4 n kd "
         "about, dense: n^3/3 + 2n^2 about); compulsory bytes of the "
         "in-place API 8 (2 s + 2 n), s the stored entries ((kd+1) n band, "
         "n(n+1)/2 dense)\n\n");

  printf("### Band: bla_dpbsv_batch and bla_dpbtrf_batch + bla_dpbtrs_batch "
         "vs dpbtrf + dpbtrs\n\n");
  printf("| n | kd | threads | batch | LAPACK us | sv col-major us, speedup "
         "| sv interleaved us, speedup | trf+trs col-major us, speedup | "
         "GFLOP/s / GB/s (%% copy) | check res / fwd / fac |\n");
  printf("|---|---|---|---|---|---|---|---|---|---|\n");
  for (int it = 0; it < o.nt; ++it)
    for (int in = 0; in < o.nn; ++in)
      for (int ik = 0; ik < o.nk; ++ik) {
        const result *r = &band[in][ik][it];
        if (o.kds[ik] > o.sizes[in] - 1)
          continue;
        print_row(r, o.sizes[in], o.kds[ik], 0, o.threads[it], bw[it]);
        if (r->ok && o.threads[it] == 1 && o.kds[ik] <= 4 &&
            o.sizes[in] <= 64) {
          double lo, hi;
          ++cells;
          met += speedup(r, SIDE_COL, &lo, &hi) >= 2.0;
        }
      }
  printf("\n### Dense: bla_dposv_batch and bla_dpotrf_batch + "
         "bla_dpotrs_batch vs dpotrf + dpotrs\n\n");
  printf("| n | threads | batch | LAPACK us | sv col-major us, speedup | sv "
         "interleaved us, speedup | trf+trs col-major us, speedup | GFLOP/s "
         "/ GB/s (%% copy) | check res / fwd / fac |\n");
  printf("|---|---|---|---|---|---|---|---|---|\n");
  for (int it = 0; it < o.nt; ++it)
    for (int in = 0; in < o.nn; ++in)
      print_row(&dens[in][it], o.sizes[in], 0, 1, o.threads[it], bw[it]);
  printf("\nTarget (1 thread, kd <= 4, n <= 64, pbsv col-major at least 2x "
         "LAPACK's throughput): met in %d of %d cells.\n",
         met, cells);
  bench_print_total(t_start, status);
  return status;
}
