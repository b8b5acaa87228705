/* bench_cholesky_gpu: batchla's CUDA Cholesky drivers against cuSOLVER's
 * batched dense Cholesky and against batchla's own host path, on the same
 * matrices, in one run (rules: docs/MEASURING.md).
 *
 *   bench_cholesky_gpu [--quick] [--reps R] [--budget SECONDS]
 *                      [--max-run SECONDS] [--seed X]
 *
 * Problems: random diagonally dominant SPD band matrices, kd = 2 (the
 * host bench's generator), n = 8, 16, 32, 64, batch 1e4, 1e5, 1e6; one
 * right-hand side, uplo lower. Sides, each timed with cudaEvents on one
 * stream (the host path with a wall clock), inputs restored untimed
 * before every run:
 *   batchla pbsv interleaved   bla_dpbsv_batch, {BLA_CUDA}, band storage
 *   batchla pbsv col-major     the same on LAPACK's band layout
 *   batchla posv interleaved   bla_dposv_batch on the dense form
 *   batchla posv col-major     the same, column-major
 *   cuSOLVER                   cusolverDnDpotrfBatched +
 *                              cusolverDnDpotrsBatched on the dense form
 *                              (cuSOLVER has no batched band solver)
 *   batchla host pbsv          bla_dpbsv_batch, {BLA_HOST}, all threads
 * Every side is checked before it is timed, on every problem: info = 0,
 * |b - A x|_1 / (|A|_1 |x|_1 eps) and the forward error against the host
 * path's x relative to Varah's bound on cond(A) eps, both below BENCH_THRESH.
 * The headline cell (kd = 2, n = 64, batch 1e6) is reported as achieved
 * bandwidth against the card's copy bandwidth measured in the same run.
 * A cell whose single run would exceed --max-run seconds, or that does
 * not fit in device memory, is skipped and says so. */
#include <cusolverDn.h>

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "batchla/batchla.h"
#include "bench_cuda.cuh"

#define KD 2

enum { S_PB_INT, S_PB_COL, S_PO_INT, S_PO_COL, S_CUSOLVER, S_HOST, NSIDES };
static const char *const side_name[NSIDES] = {
    "batchla pbsv interleaved",    "batchla pbsv col-major",
    "batchla posv interleaved",    "batchla posv col-major",
    "cuSOLVER potrf+potrsBatched", "batchla host pbsv"};

/* ---- kernels: dense form, pointer arrays --------------------------------- */

/* The dense n x n column-major form of problem p's lower band (zeros
 * above the diagonal and outside the band). */
__global__ void dense_kernel(const double *ab, double *a, int n, int kd,
                             long long count) {
  const long long nn = (long long)n * n, total = count * nn;
  for (long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x;
       t < total; t += (long long)gridDim.x * blockDim.x) {
    long long p = t / nn;
    int r = (int)(t - p * nn), i = r % n, j = r / n;
    a[t] = i >= j && i - j <= kd ? ab[p * (long long)(kd + 1) * n + (i - j) +
                                      (long long)j * (kd + 1)]
                                 : 0.0;
  }
}

__global__ void pointers_kernel(double *base, long long stride, double **out,
                                long long count) {
  for (long long p = (long long)blockIdx.x * blockDim.x + threadIdx.x;
       p < count; p += (long long)gridDim.x * blockDim.x)
    out[p] = base + p * stride;
}

/* ---- one cell ---------------------------------------------------------- */

struct ctx {
  cudaStream_t st;
  bench_cuda_timer tm;
  cusolverDnHandle_t sol;
};

struct cell {
  const struct ctx *x;
  int n, kd;
  long long count, alen; /* alen: band storage entries per problem */
  /* host */
  double *ab0, *b0, *gap, *xref, *hab, *hx, *xs;
  int *hinfo;
  /* device: pristine inputs, work, dense form, cuSOLVER pointers */
  double *d_ab0, *d_b0, *d_ab, *d_x, *d_A0, *d_A;
  double **d_Aptr, **d_Bptr;
  int *d_info, *d_sinfo;
  int have_dense;
};

static void cell_free(struct cell *c) {
  BENCH_FREE(c->ab0, c->b0, c->gap, c->xref, c->hab, c->hx, c->xs, c->hinfo);
  void *dev[] = {c->d_ab0, c->d_b0,   c->d_ab,   c->d_x,    c->d_A0,
                 c->d_A,   c->d_Aptr, c->d_Bptr, c->d_info, c->d_sinfo};
  for (size_t k = 0; k < sizeof dev / sizeof *dev; ++k)
    cudaFree(dev[k]);
  memset(c, 0, sizeof *c);
}

/* The host bench's matrices (bench_spd_lower, band storage) and b, problem
 * after problem; gap[p]: Varah's bound. */
static void generate(struct cell *c, uint64_t seed) {
  uint64_t s = seed;
  memset(c->ab0, 0, sizeof(double) * (size_t)(c->count * c->alen));
  for (long long p = 0; p < c->count; ++p) {
    c->gap[p] =
        bench_spd_lower(c->n, c->kd, c->ab0 + p * c->alen, c->kd + 1, 1, &s);
    for (int i = 0; i < c->n; ++i)
      c->b0[p * c->n + i] = bench_rng_unif(&s);
  }
}

/* The reference x: batchla's host path (validated against LAPACK by the
 * test suite), all threads; 0 when it failed. */
static int reference(struct cell *c) {
  const bla_exec ex = bench_exec(BLA_HOST, 0, NULL);
  const long long cnt = c->count;
  memcpy(c->hab, c->ab0, sizeof(double) * (size_t)(cnt * c->alen));
  memcpy(c->xref, c->b0, sizeof(double) * (size_t)(cnt * c->n));
  return bla_dpbsv_batch(
             BLA_LOWER, KD,
             bla_dmat_batch_colmajor(c->hab, cnt, KD + 1, c->n, KD + 1),
             bla_dmat_batch_colmajor(c->xref, cnt, c->n, 1, c->n), c->hinfo,
             &ex) == BLA_OK &&
         bench_count_failed(c->hinfo, cnt) == 0;
}

/* The dense form and cuSOLVER's pointer arrays, when they fit (n = 64,
 * 1e6 problems: 2 x 32 GB). */
static int dense_setup(struct cell *c) {
  const long long cn = c->count * c->n, cnt = c->count;
  cudaStream_t st = c->x->st;
  int ok = 1;
  c->d_A0 = bench_cuda_array<double>((size_t)(cn * c->n), &ok);
  c->d_A = bench_cuda_array<double>((size_t)(cn * c->n), &ok);
  c->d_Aptr = bench_cuda_array<double *>((size_t)cnt, &ok);
  c->d_Bptr = bench_cuda_array<double *>((size_t)cnt, &ok);
  if (!ok)
    return 0;
  dense_kernel<<<bench_cuda_grid(cn * c->n), 256, 0, st>>>(c->d_ab0, c->d_A0,
                                                           c->n, KD, cnt);
  pointers_kernel<<<bench_cuda_grid(cnt), 256, 0, st>>>(
      c->d_A, (long long)c->n * c->n, c->d_Aptr, cnt);
  pointers_kernel<<<bench_cuda_grid(cnt), 256, 0, st>>>(c->d_x, c->n, c->d_Bptr,
                                                        cnt);
  return bench_cuda_ok(cudaGetLastError(), "dense form (launch)") &&
         bench_cuda_ok(cudaStreamSynchronize(st), "dense form");
}

static int cell_setup(struct cell *c, const struct ctx *x, int n,
                      long long count, uint64_t seed, char *why, size_t wlen) {
  const long long alen = (long long)(KD + 1) * n, cn = count * n;
  int ok = 1;
  memset(c, 0, sizeof *c);
  c->x = x;
  c->n = n;
  c->kd = KD;
  c->count = count;
  c->alen = alen;
  c->ab0 = (double *)bench_xmalloc(sizeof(double) * (size_t)(count * alen));
  c->hab = (double *)bench_xmalloc(sizeof(double) * (size_t)(count * alen));
  c->b0 = (double *)bench_xmalloc(sizeof(double) * (size_t)cn);
  c->xref = (double *)bench_xmalloc(sizeof(double) * (size_t)cn);
  c->hx = (double *)bench_xmalloc(sizeof(double) * (size_t)cn);
  c->xs = (double *)bench_xmalloc(sizeof(double) * (size_t)cn);
  c->gap = (double *)bench_xmalloc(sizeof(double) * (size_t)count);
  c->hinfo = (int *)bench_xmalloc(sizeof(int) * (size_t)count);
  generate(c, seed);
  if (!reference(c)) {
    snprintf(why, wlen, "host reference failed");
    return 0;
  }
  c->d_ab0 = bench_cuda_array<double>((size_t)(count * alen), &ok);
  c->d_ab = bench_cuda_array<double>((size_t)(count * alen), &ok);
  c->d_b0 = bench_cuda_array<double>((size_t)cn, &ok);
  c->d_x = bench_cuda_array<double>((size_t)cn, &ok);
  c->d_info = bench_cuda_array<int>((size_t)count, &ok);
  c->d_sinfo = bench_cuda_array<int>(1, &ok);
  if (!ok) {
    snprintf(why, wlen, "device memory (band buffers)");
    return 0;
  }
  if (!bench_cuda_upload(c->d_ab0, c->ab0,
                         sizeof(double) * (size_t)(count * alen)) ||
      !bench_cuda_upload(c->d_b0, c->b0, sizeof(double) * (size_t)cn)) {
    snprintf(why, wlen, "upload failed");
    return 0;
  }
  c->have_dense = dense_setup(c);
  return 1;
}

/* Untimed: the side's inputs, restored; c is a cell. */
static int side_prepare(void *ctx, int side) {
  struct cell *c = (struct cell *)ctx;
  cudaStream_t st = c->x->st;
  const long long cn = c->count * c->n, ca = c->count * c->alen;
  const long long nn = (long long)c->n * c->n;
  const int inter = side == S_PB_INT || side == S_PO_INT;
  if (side == S_HOST) {
    memcpy(c->hab, c->ab0, sizeof(double) * (size_t)ca);
    memcpy(c->hx, c->b0, sizeof(double) * (size_t)cn);
    return 1;
  }
  if (inter)
    bench_cuda_interleave(side == S_PB_INT ? c->d_ab0 : c->d_A0,
                          side == S_PB_INT ? c->d_ab : c->d_A,
                          side == S_PB_INT ? c->alen : nn, c->count, st);
  else if (side == S_PB_COL)
    cudaMemcpyAsync(c->d_ab, c->d_ab0, sizeof(double) * (size_t)ca,
                    cudaMemcpyDeviceToDevice, st);
  else
    cudaMemcpyAsync(c->d_A, c->d_A0, sizeof(double) * (size_t)(cn * c->n),
                    cudaMemcpyDeviceToDevice, st);
  if (inter)
    bench_cuda_interleave(c->d_b0, c->d_x, c->n, c->count, st);
  else
    cudaMemcpyAsync(c->d_x, c->d_b0, sizeof(double) * (size_t)cn,
                    cudaMemcpyDeviceToDevice, st);
  return bench_cuda_ok(cudaGetLastError(), "restore inputs (launch)") &&
         bench_cuda_ok(cudaStreamSynchronize(st), "restore inputs");
}

/* One batchla side: band (pbsv) or dense (posv), interleaved or
 * column-major, on the device or (host) the host. */
static bla_status run_batchla(struct cell *c, int side, const bla_exec *ex) {
  const int n = c->n,
            band = side == S_PB_INT || side == S_PB_COL || side == S_HOST;
  const int inter = side == S_PB_INT || side == S_PO_INT;
  const long long cnt = c->count, rows = band ? KD + 1 : n;
  double *a = side == S_HOST ? c->hab : band ? c->d_ab : c->d_A;
  double *x = side == S_HOST ? c->hx : c->d_x;
  int *info = side == S_HOST ? c->hinfo : c->d_info;
  const bla_dmat_batch av =
      inter ? bla_dmat_batch_interleaved(a, cnt, rows, n)
            : bla_dmat_batch_colmajor(a, cnt, rows, n, rows);
  const bla_dmat_batch xv = inter ? bla_dmat_batch_interleaved(x, cnt, n, 1)
                                  : bla_dmat_batch_colmajor(x, cnt, n, 1, n);
  return band ? bla_dpbsv_batch(BLA_LOWER, KD, av, xv, info, ex)
              : bla_dposv_batch(BLA_LOWER, av, xv, info, ex);
}

/* Timed: seconds, or a negative value when the call failed; c is a cell. */
static double side_run(void *ctx, int side, int rep) {
  struct cell *c = (struct cell *)ctx;
  const struct ctx *x = c->x;
  const bla_exec ex = bench_exec(side == S_HOST ? BLA_HOST : BLA_CUDA, 0,
                                 side == S_HOST ? NULL : (void *)x->st);
  const double t0 = bench_now();
  bla_status bs = BLA_OK;
  double t;
  (void)rep;
  if (side == S_HOST) {
    bs = run_batchla(c, side, &ex);
    return bs == BLA_OK ? bench_now() - t0 : -1;
  }
  bench_cuda_timer_start(&x->tm);
  if (side != S_CUSOLVER)
    bs = run_batchla(c, side, &ex);
  else if (!bench_cusolver_ok(cusolverDnDpotrfBatched(
                                  x->sol, CUBLAS_FILL_MODE_LOWER, c->n,
                                  c->d_Aptr, c->n, c->d_info, (int)c->count),
                              "DpotrfBatched") ||
           !bench_cusolver_ok(
               cusolverDnDpotrsBatched(x->sol, CUBLAS_FILL_MODE_LOWER, c->n, 1,
                                       c->d_Aptr, c->n, c->d_Bptr, c->n,
                                       c->d_sinfo, (int)c->count),
               "DpotrsBatched"))
    bs = BLA_ERR_DEVICE;
  t = bench_cuda_timer_stop(&x->tm, side_name[side]);
  return bs == BLA_OK ? t : -1;
}

/* Checks the last run of a side, every problem: info, dpbt02's residual,
 * dget04's forward error against the host path with Varah's bound; c is a
 * cell. */
static int side_check(void *ctx, int side, char *why, size_t wlen) {
  struct cell *c = (struct cell *)ctx;
  const int n = c->n, kd = c->kd;
  const long long cnt = c->count, cn = cnt * n;
  const double eps = 0.5 * DBL_EPSILON;
  long long bad;
  double res = 0, fwd = 0;
  if (side == S_HOST) {
    memcpy(c->xs, c->hx, sizeof(double) * (size_t)cn);
  } else {
    int sinfo = 0;
    if (!bench_cuda_download(c->hinfo, c->d_info, sizeof(int) * (size_t)cnt) ||
        !bench_cuda_download(c->hx, c->d_x, sizeof(double) * (size_t)cn) ||
        (side == S_CUSOLVER &&
         !bench_cuda_download(&sinfo, c->d_sinfo, sizeof(int)))) {
      snprintf(why, wlen, "download failed");
      return 0;
    }
    if (sinfo != 0) {
      snprintf(why, wlen, "potrsBatched info %d", sinfo);
      return 0;
    }
    bench_from_layout(c->hx, c->xs, n, cnt,
                      side == S_PB_INT || side == S_PO_INT, 0);
  }
  bad = bench_count_failed(c->hinfo, cnt);
  if (bad) {
    snprintf(why, wlen, "%lld problems returned info != 0", bad);
    return 0;
  }
#pragma omp parallel for schedule(static) reduction(max : res, fwd)
  for (long long p = 0; p < cnt; ++p) {
    const double *ab = c->ab0 + p * c->alen, *x = c->xs + p * n;
    const double *xr = c->xref + p * n, *b = c->b0 + p * n;
    double anorm = 0, rn = 0, xn = 0, dx = 0, xl = 0;
    for (int i = 0; i < n; ++i) {
      double t = b[i], row = 0;
      for (int j = i - kd < 0 ? 0 : i - kd; j <= i + kd && j < n; ++j) {
        double a =
            i >= j ? ab[(i - j) + j * (kd + 1)] : ab[(j - i) + i * (kd + 1)];
        t -= a * x[j];
        row += fabs(a);
      }
      anorm = row > anorm ? row : anorm;
      rn += fabs(t);
      xn += fabs(x[i]);
      dx = bench_nanmax(dx, fabs(x[i] - xr[i]));
      xl = bench_nanmax(xl, fabs(xr[i]));
    }
    res = bench_nanmax(res, rn / (anorm * (xn > 0 ? xn : 1) * eps));
    fwd =
        bench_nanmax(fwd, dx / ((xl > 0 ? xl : 1) * (anorm / c->gap[p]) * eps));
  }
  if (!(res < BENCH_THRESH) || !(fwd < BENCH_THRESH)) {
    snprintf(why, wlen, "MISMATCH res %.3g fwd %.3g", res, fwd);
    return 0;
  }
  return 1;
}

/* ---- report ------------------------------------------------------------ */

/* The compulsory traffic of one band solve: read the band and b,
 * write x (the factor written back over the band is not counted). */
static double bytes_min(int n, int kd) {
  return 8.0 * ((kd + 1.0) * n + 2.0 * n);
}

#define USAGE                                                                  \
  "bench_cholesky_gpu [--quick] [--reps R] [--budget S] [--max-run S] "        \
  "[--seed X]"

/* One cell: which sides run (memory, the time predicted from the last
 * batch), their check and timing, and its table row; the headline
 * sentence when it is the headline cell. */
static int run_cell(const bench_args *o, const struct ctx *x, int n,
                    long long count, bench_pred *pred, double bw,
                    char *headline, size_t hlen) {
  struct cell c;
  bench_side r[NSIDES];
  const bench_timed timed = {&c, side_prepare, side_run, side_check};
  char why[128] = "", cellbuf[NSIDES][200], rat[2][16], gbs[2][48];
  int order[NSIDES], ns = 0, failed;
  const int setup = cell_setup(&c, x, n, count, o->seed, why, sizeof why);
  memset(r, 0, sizeof r);
  for (int s = 0; s < NSIDES; ++s) {
    const int dense = s == S_PO_INT || s == S_PO_COL || s == S_CUSOLVER;
    if (!setup)
      snprintf(r[s].skip, sizeof r[s].skip, "%s", why);
    else if (dense && !c.have_dense)
      snprintf(r[s].skip, sizeof r[s].skip, "dense form does not fit");
    else if (!bench_pred_skip(&pred[s], count, o->max_run, r[s].skip,
                              sizeof r[s].skip))
      order[ns++] = s;
  }
  failed = bench_measure(&timed, order, ns, o->reps, o->max_run, r);
  for (int s = 0; s < NSIDES; ++s) {
    bench_pred_note(&pred[s], &r[s], o->reps, count);
    bench_side_cell(cellbuf[s], sizeof cellbuf[s], &r[s], o->reps, 1e3);
  }
  /* Speedups: the other side's time over batchla pbsv interleaved's. */
  bench_side_ratio(rat[0], sizeof rat[0], &r[S_CUSOLVER], &r[S_PB_INT],
                   o->reps);
  bench_side_ratio(rat[1], sizeof rat[1], &r[S_HOST], &r[S_PB_INT], o->reps);
  for (int k = 0; k < 2; ++k) {
    const bench_side *sr = &r[k ? S_PB_COL : S_PB_INT];
    const double med = sr->run ? bench_median(sr->t, o->reps) : 0;
    const double g = sr->run ? bytes_min(n, KD) * (double)count / med : 0;
    const double pc = bw > 0 ? 100 * g / bw : 0.0;
    if (!sr->run)
      snprintf(gbs[k], sizeof gbs[k], "-");
    else
      snprintf(gbs[k], sizeof gbs[k], "%.0f (%.0f%%)", g * 1e-9, pc);
    if (sr->run && !k && n == 64 && count == 1000000)
      snprintf(headline, hlen,
               "Headline (kd = %d, n = 64, batch 1e6): pbsv interleaved "
               "%.3g ms, %.0f GB/s = %.0f%% of the measured cudaMemcpy D2D "
               "bandwidth (%.0f GB/s).",
               KD, med * 1e3, g * 1e-9, pc, bw * 1e-9);
  }
  printf("| %d | %lld | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", n,
         count, cellbuf[S_PB_INT], cellbuf[S_PB_COL], cellbuf[S_PO_INT],
         cellbuf[S_PO_COL], cellbuf[S_CUSOLVER], cellbuf[S_HOST], rat[0],
         rat[1], gbs[0], gbs[1]);
  fflush(stdout);
  cell_free(&c);
  return failed == 0;
}

int main(int argc, char **argv) {
  bench_args o;
  struct ctx x;
  bench_cuda_env env;
  int solv = 0, status = 0;
  double bw_memcpy, bw_kernel;
  const double t_start = bench_now();
  static const int sizes[] = {8, 16, 32, 64};
  static const long long counts[] = {10000, 100000, 1000000};
  char headline[256] = "";
  bench_pred pred[4][NSIDES];

  bench_set_name("bench_cholesky_gpu");
  bench_args_init(&o, 1, 20240607, NULL);
  if (!bench_cuda_args(&o, argc, argv, 1.5, 0.2, 240, NULL, 0, USAGE))
    return 2;
  if (!bench_cuda_start(&env, &x.st, &x.tm))
    return 0;
  if (!bench_cusolver_start(&x.sol, x.st, &solv))
    return 1;
  memset(pred, 0, sizeof pred);

  bench_cuda_print_head("GPU: batchla vs cuSOLVER, Cholesky factor and solve",
                        &o, &env, solv);
  bench_cuda_report_copy_bandwidths(x.st, (size_t)2 << 30, &bw_memcpy,
                                    &bw_kernel);
  printf("- matrices: random diagonally dominant SPD band, kd = %d, "
         "off-diagonals uniform(-1, 1), diagonal 1 + uniform(0, 1) above "
         "the row's off-diagonal sum; b uniform(-1, 1), nrhs = 1; uplo "
         "lower; splitmix64 seed %llu (the host bench's stream). posv and "
         "cuSOLVER solve the same matrices in dense storage\n",
         KD, (unsigned long long)o.seed);
  printf("- checked before timing, every problem of every side (THRESH "
         "%.0f): info = 0, |b - A x|_1 / (|A|_1 |x|_1 eps), |x - x_host|_inf "
         "/ (|x_host|_inf cond eps) with Varah's bound on cond_inf\n",
         BENCH_THRESH);
  bench_cuda_print_batch_timing(&o);
  printf("- GB/s: compulsory traffic of pbsv per problem 8 ((kd+1) n + n + "
         "n) bytes (read band and b, write x; the factor written back over "
         "the band, another 8 (kd+1) n, is not counted), over the median "
         "time, and as %% of the cudaMemcpy D2D bandwidth\n\n");
  bench_print_table(NULL, "| n | batch | pbsv int ms | pbsv col ms | posv int "
                          "ms | posv col ms | cuSOLVER ms | host ms | speedup "
                          "pbsv int vs cuSOLVER | vs host | pbsv int GB/s (%% "
                          "copy) | pbsv col GB/s (%% copy) |");
  fflush(stdout);

  for (int in = 0; in < 4; ++in)
    for (int ic = 0; ic < 3; ++ic) {
      if (o.quick && counts[ic] > 100000)
        continue;
      if (bench_cuda_budget_spent(&o, t_start, sizes[in], counts[ic], 12))
        continue;
      fprintf(stderr, "bench_cholesky_gpu: n=%d batch=%lld\n", sizes[in],
              counts[ic]);
      status |= !run_cell(&o, &x, sizes[in], counts[ic], pred[in], bw_memcpy,
                          headline, sizeof headline);
    }
  printf("\n%s\n", headline[0] ? headline
                               : "Headline cell (n = 64, batch 1e6) not "
                                 "timed: see the table.");
  printf("Speedups are the other side's median time / batchla pbsv "
         "interleaved's (above 1: batchla faster). Not measured: float, "
         "other band widths on the GPU, nrhs > 1, other GPUs. Total %.0f "
         "s.\n",
         bench_now() - t_start);
  cusolverDnDestroy(x.sol);
  bench_cuda_timer_free(&x.tm);
  cudaStreamDestroy(x.st);
  return status;
}
