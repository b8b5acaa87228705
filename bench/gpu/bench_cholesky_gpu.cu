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
 * path's x relative to Varah's bound on cond(A) eps, both below THRESH.
 * The headline cell (kd = 2, n = 64, batch 1e6) is reported as achieved
 * bandwidth against the card's copy bandwidth measured in the same run.
 * A cell whose single run would exceed --max-run seconds, or that does
 * not fit in device memory, is skipped and says so. */
#include <cuda_runtime.h>
#include <cusolverDn.h>

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "batchla/batchla.h"

#ifndef BENCH_GIT_COMMIT
#define BENCH_GIT_COMMIT "unknown"
#endif

#define THRESH 50.0
#define MAX_REPS 32
#define KD 2

enum { S_PB_INT, S_PB_COL, S_PO_INT, S_PO_COL, S_CUSOLVER, S_HOST, NSIDES };
static const char *const side_name[NSIDES] = {
    "batchla pbsv interleaved",    "batchla pbsv col-major",
    "batchla posv interleaved",    "batchla posv col-major",
    "cuSOLVER potrf+potrsBatched", "batchla host pbsv"};

struct side_result {
  int run;
  char skip[96];
  double t[MAX_REPS];
  double res, fwd;
};

struct options {
  int quick, reps;
  double budget, max_run;
  uint64_t seed;
};

/* ---- utilities --------------------------------------------------------- */

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int cuda_ok(cudaError_t e, const char *what) {
  if (e == cudaSuccess)
    return 1;
  fprintf(stderr, "bench_cholesky_gpu: %s: %s\n", what, cudaGetErrorString(e));
  return 0;
}

static int solver_ok(cusolverStatus_t s, const char *what) {
  if (s == CUSOLVER_STATUS_SUCCESS)
    return 1;
  fprintf(stderr, "bench_cholesky_gpu: %s: cusolver status %d\n", what, (int)s);
  return 0;
}

/* The host bench's stream: splitmix64, uniform(-1, 1). */
static uint64_t rng_next(uint64_t *s) {
  uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

static double rng_unif(uint64_t *s) {
  return (double)(rng_next(s) >> 11) * 0x1.0p-52 - 1.0;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static double median(const double *x, int k) {
  double s[MAX_REPS];
  memcpy(s, x, (size_t)k * sizeof *s);
  qsort(s, (size_t)k, sizeof *s, cmp_double);
  return k % 2 ? s[k / 2] : 0.5 * (s[k / 2 - 1] + s[k / 2]);
}

static double spread(const double *x, int k) {
  double lo = x[0], hi = x[0];
  for (int i = 1; i < k; ++i) {
    lo = x[i] < lo ? x[i] : lo;
    hi = x[i] > hi ? x[i] : hi;
  }
  return (hi - lo) / median(x, k);
}

static double nanmax(double m, double q) {
  return q != q ? INFINITY : q > m ? q : m;
}

/* ---- kernels: layouts, dense form, bandwidth ----------------------------- */

static unsigned grid_for(long long work) {
  long long g = (work + 255) / 256;
  return (unsigned)(g > 65535 * 8 ? 65535 * 8 : (g < 1 ? 1 : g));
}

/* dst[p + k*count] = src[p*len + k]: problem after problem into the
 * interleaved layout. */
__global__ void interleave_kernel(const double *src, double *dst, long long len,
                                  long long count) {
  const long long total = len * count;
  for (long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x;
       t < total; t += (long long)gridDim.x * blockDim.x) {
    long long k = t / count, p = t - k * count;
    dst[t] = src[p * len + k];
  }
}

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

__global__ void copy_kernel(const double2 *src, double2 *dst, long long len) {
  for (long long k = (long long)blockIdx.x * blockDim.x + threadIdx.x; k < len;
       k += (long long)gridDim.x * blockDim.x)
    dst[k] = src[k];
}

/* Best-of-5 device copy bandwidth (read + write), cudaMemcpy D2D and a
 * plain copy kernel. */
static void copy_bandwidth(cudaStream_t st, double *memcpy_bw,
                           double *kernel_bw) {
  const size_t bytes = (size_t)2 << 30;
  void *a = NULL, *b = NULL;
  cudaEvent_t e0, e1;
  *memcpy_bw = *kernel_bw = 0;
  if (!cuda_ok(cudaMalloc(&a, bytes), "cudaMalloc (bandwidth)") ||
      !cuda_ok(cudaMalloc(&b, bytes), "cudaMalloc (bandwidth)")) {
    cudaFree(a);
    return;
  }
  cudaMemsetAsync(a, 1, bytes, st);
  cudaEventCreate(&e0);
  cudaEventCreate(&e1);
  for (int k = 0; k < 6; ++k)
    for (int how = 0; how < 2; ++how) {
      float ms = 0;
      double bw;
      cudaEventRecord(e0, st);
      if (how == 0)
        cudaMemcpyAsync(b, a, bytes, cudaMemcpyDeviceToDevice, st);
      else
        copy_kernel<<<grid_for((long long)(bytes / 16)), 256, 0, st>>>(
            (const double2 *)a, (double2 *)b, (long long)(bytes / 16));
      cudaEventRecord(e1, st);
      cudaEventSynchronize(e1);
      cudaEventElapsedTime(&ms, e0, e1);
      bw = 2.0 * (double)bytes / (ms * 1e-3);
      if (k > 0) { /* the first round warms up */
        double *best = how == 0 ? memcpy_bw : kernel_bw;
        *best = bw > *best ? bw : *best;
      }
    }
  cudaEventDestroy(e0);
  cudaEventDestroy(e1);
  cudaFree(a);
  cudaFree(b);
}

/* ---- one cell ---------------------------------------------------------- */

struct cell {
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

struct ctx {
  cudaStream_t st;
  cusolverDnHandle_t sol;
  cudaEvent_t e0, e1;
};

static void *dmalloc(size_t bytes, int *ok) {
  void *p = NULL;
  if (*ok && cudaMalloc(&p, bytes ? bytes : 1) != cudaSuccess) {
    (void)cudaGetLastError(); /* out of memory is not sticky */
    *ok = 0;
    p = NULL;
  }
  return p;
}

static void cell_free(struct cell *c) {
  free(c->ab0);
  free(c->b0);
  free(c->gap);
  free(c->xref);
  free(c->hab);
  free(c->hx);
  free(c->xs);
  free(c->hinfo);
  cudaFree(c->d_ab0);
  cudaFree(c->d_b0);
  cudaFree(c->d_ab);
  cudaFree(c->d_x);
  cudaFree(c->d_A0);
  cudaFree(c->d_A);
  cudaFree(c->d_Aptr);
  cudaFree(c->d_Bptr);
  cudaFree(c->d_info);
  cudaFree(c->d_sinfo);
  memset(c, 0, sizeof *c);
}

/* Diagonally dominant random SPD band (lower, LAPACK storage), as in
 * bench/bench_cholesky.c: off-diagonals uniform(-1, 1), each diagonal
 * entry 1 + uniform(0, 1) above its row's off-diagonal sum; gap[p] is the
 * smallest such margin (Varah: ||A^-1||_inf <= 1 / gap). */
static void generate(struct cell *c, uint64_t seed) {
  const int n = c->n, kd = c->kd;
  double *rs = (double *)malloc(sizeof(double) * (size_t)n);
  uint64_t s = seed;
  for (long long p = 0; p < c->count; ++p) {
    double *ab = c->ab0 + p * c->alen, g = INFINITY;
    memset(ab, 0, sizeof(double) * (size_t)c->alen);
    for (int i = 0; i < n; ++i)
      rs[i] = 0;
    for (int j = 0; j < n; ++j)
      for (int i = j + 1; i <= j + kd && i < n; ++i) {
        double v = rng_unif(&s);
        ab[(i - j) + j * (kd + 1)] = v;
        rs[i] += fabs(v);
        rs[j] += fabs(v);
      }
    for (int i = 0; i < n; ++i) {
      double m = 1.0 + 0.5 * (rng_unif(&s) + 1.0);
      ab[i * (kd + 1)] = rs[i] + m;
      g = m < g ? m : g;
    }
    c->gap[p] = g;
    for (int i = 0; i < n; ++i)
      c->b0[p * n + i] = rng_unif(&s);
  }
  free(rs);
}

static int cell_setup(struct cell *c, const struct ctx *x, int n,
                      long long count, uint64_t seed, char *why, size_t wlen) {
  const long long alen = (long long)(KD + 1) * n, cn = count * n;
  int ok = 1;
  memset(c, 0, sizeof *c);
  c->n = n;
  c->kd = KD;
  c->count = count;
  c->alen = alen;
  c->ab0 = (double *)malloc(sizeof(double) * (size_t)(count * alen));
  c->hab = (double *)malloc(sizeof(double) * (size_t)(count * alen));
  c->b0 = (double *)malloc(sizeof(double) * (size_t)cn);
  c->xref = (double *)malloc(sizeof(double) * (size_t)cn);
  c->hx = (double *)malloc(sizeof(double) * (size_t)cn);
  c->xs = (double *)malloc(sizeof(double) * (size_t)cn);
  c->gap = (double *)malloc(sizeof(double) * (size_t)count);
  c->hinfo = (int *)malloc(sizeof(int) * (size_t)count);
  if (!c->ab0 || !c->hab || !c->b0 || !c->xref || !c->hx || !c->xs || !c->gap ||
      !c->hinfo) {
    snprintf(why, wlen, "host memory");
    return 0;
  }
  generate(c, seed);
  {
    /* The reference x: batchla's host path (validated against LAPACK by
     * the test suite), all threads. */
    bla_exec ex;
    long long bad = 0;
    ex.backend = BLA_HOST;
    ex.threads = 0;
    ex.stream = NULL;
    memcpy(c->hab, c->ab0, sizeof(double) * (size_t)(count * alen));
    memcpy(c->xref, c->b0, sizeof(double) * (size_t)cn);
    if (bla_dpbsv_batch(
            BLA_LOWER, KD,
            bla_dmat_batch_colmajor(c->hab, count, KD + 1, n, KD + 1),
            bla_dmat_batch_colmajor(c->xref, count, n, 1, n), c->hinfo,
            &ex) != BLA_OK) {
      snprintf(why, wlen, "host reference refused");
      return 0;
    }
    for (long long p = 0; p < count; ++p)
      bad += c->hinfo[p] != 0;
    if (bad) {
      snprintf(why, wlen, "host reference: %lld problems failed", bad);
      return 0;
    }
  }
  c->d_ab0 = (double *)dmalloc(sizeof(double) * (size_t)(count * alen), &ok);
  c->d_ab = (double *)dmalloc(sizeof(double) * (size_t)(count * alen), &ok);
  c->d_b0 = (double *)dmalloc(sizeof(double) * (size_t)cn, &ok);
  c->d_x = (double *)dmalloc(sizeof(double) * (size_t)cn, &ok);
  c->d_info = (int *)dmalloc(sizeof(int) * (size_t)count, &ok);
  c->d_sinfo = (int *)dmalloc(sizeof(int), &ok);
  if (!ok) {
    snprintf(why, wlen, "device memory (band buffers)");
    return 0;
  }
  ok &= cuda_ok(cudaMemcpy(c->d_ab0, c->ab0,
                           sizeof(double) * (size_t)(count * alen),
                           cudaMemcpyHostToDevice),
                "upload band");
  ok &= cuda_ok(cudaMemcpy(c->d_b0, c->b0, sizeof(double) * (size_t)cn,
                           cudaMemcpyHostToDevice),
                "upload b");
  if (!ok) {
    snprintf(why, wlen, "upload failed");
    return 0;
  }
  {
    /* The dense form, when it fits (n = 64, 1e6 problems: 2 x 32 GB). */
    int dok = 1;
    c->d_A0 = (double *)dmalloc(sizeof(double) * (size_t)(cn * n), &dok);
    c->d_A = (double *)dmalloc(sizeof(double) * (size_t)(cn * n), &dok);
    c->d_Aptr = (double **)dmalloc(sizeof(double *) * (size_t)count, &dok);
    c->d_Bptr = (double **)dmalloc(sizeof(double *) * (size_t)count, &dok);
    if (dok) {
      dense_kernel<<<grid_for(cn * n), 256, 0, x->st>>>(c->d_ab0, c->d_A0, n,
                                                        KD, count);
      pointers_kernel<<<grid_for(count), 256, 0, x->st>>>(
          c->d_A, (long long)n * n, c->d_Aptr, count);
      pointers_kernel<<<grid_for(count), 256, 0, x->st>>>(c->d_x, n, c->d_Bptr,
                                                          count);
      dok = cuda_ok(cudaGetLastError(), "dense form (launch)") &&
            cuda_ok(cudaStreamSynchronize(x->st), "dense form");
    }
    c->have_dense = dok;
  }
  return 1;
}

/* Untimed: the side's inputs, restored. */
static int side_prepare(struct cell *c, const struct ctx *x, int side) {
  const long long cn = c->count * c->n, ca = c->count * c->alen;
  const long long cnn = cn * c->n;
  switch (side) {
  case S_PB_INT:
    interleave_kernel<<<grid_for(ca), 256, 0, x->st>>>(c->d_ab0, c->d_ab,
                                                       c->alen, c->count);
    interleave_kernel<<<grid_for(cn), 256, 0, x->st>>>(c->d_b0, c->d_x, c->n,
                                                       c->count);
    break;
  case S_PB_COL:
    cudaMemcpyAsync(c->d_ab, c->d_ab0, sizeof(double) * (size_t)ca,
                    cudaMemcpyDeviceToDevice, x->st);
    cudaMemcpyAsync(c->d_x, c->d_b0, sizeof(double) * (size_t)cn,
                    cudaMemcpyDeviceToDevice, x->st);
    break;
  case S_PO_INT:
    interleave_kernel<<<grid_for(cnn), 256, 0, x->st>>>(
        c->d_A0, c->d_A, (long long)c->n * c->n, c->count);
    interleave_kernel<<<grid_for(cn), 256, 0, x->st>>>(c->d_b0, c->d_x, c->n,
                                                       c->count);
    break;
  case S_PO_COL:
  case S_CUSOLVER:
    cudaMemcpyAsync(c->d_A, c->d_A0, sizeof(double) * (size_t)cnn,
                    cudaMemcpyDeviceToDevice, x->st);
    cudaMemcpyAsync(c->d_x, c->d_b0, sizeof(double) * (size_t)cn,
                    cudaMemcpyDeviceToDevice, x->st);
    break;
  default:
    memcpy(c->hab, c->ab0, sizeof(double) * (size_t)ca);
    memcpy(c->hx, c->b0, sizeof(double) * (size_t)cn);
    return 1;
  }
  return cuda_ok(cudaGetLastError(), "restore inputs (launch)") &&
         cuda_ok(cudaStreamSynchronize(x->st), "restore inputs");
}

/* Timed: seconds, or a negative value when the call failed. */
static double side_run(struct cell *c, const struct ctx *x, int side) {
  const int n = c->n;
  const long long cnt = c->count;
  bla_exec ex;
  bla_status bs = BLA_OK;
  float ms = 0;
  ex.backend = side == S_HOST ? BLA_HOST : BLA_CUDA;
  ex.threads = 0;
  ex.stream = side == S_HOST ? NULL : (void *)x->st;
  if (side == S_HOST) {
    double t0 = now();
    bs = bla_dpbsv_batch(
        BLA_LOWER, KD, bla_dmat_batch_colmajor(c->hab, cnt, KD + 1, n, KD + 1),
        bla_dmat_batch_colmajor(c->hx, cnt, n, 1, n), c->hinfo, &ex);
    return bs == BLA_OK ? now() - t0 : -1;
  }
  cudaEventRecord(x->e0, x->st);
  switch (side) {
  case S_PB_INT:
    bs = bla_dpbsv_batch(
        BLA_LOWER, KD, bla_dmat_batch_interleaved(c->d_ab, cnt, KD + 1, n),
        bla_dmat_batch_interleaved(c->d_x, cnt, n, 1), c->d_info, &ex);
    break;
  case S_PB_COL:
    bs = bla_dpbsv_batch(
        BLA_LOWER, KD, bla_dmat_batch_colmajor(c->d_ab, cnt, KD + 1, n, KD + 1),
        bla_dmat_batch_colmajor(c->d_x, cnt, n, 1, n), c->d_info, &ex);
    break;
  case S_PO_INT:
    bs = bla_dposv_batch(
        BLA_LOWER, bla_dmat_batch_interleaved(c->d_A, cnt, n, n),
        bla_dmat_batch_interleaved(c->d_x, cnt, n, 1), c->d_info, &ex);
    break;
  case S_PO_COL:
    bs = bla_dposv_batch(
        BLA_LOWER, bla_dmat_batch_colmajor(c->d_A, cnt, n, n, n),
        bla_dmat_batch_colmajor(c->d_x, cnt, n, 1, n), c->d_info, &ex);
    break;
  default:
    if (!solver_ok(cusolverDnDpotrfBatched(x->sol, CUBLAS_FILL_MODE_LOWER, n,
                                           c->d_Aptr, n, c->d_info, (int)cnt),
                   "DpotrfBatched") ||
        !solver_ok(cusolverDnDpotrsBatched(x->sol, CUBLAS_FILL_MODE_LOWER, n, 1,
                                           c->d_Aptr, n, c->d_Bptr, n,
                                           c->d_sinfo, (int)cnt),
                   "DpotrsBatched"))
      bs = BLA_ERR_DEVICE;
    break;
  }
  cudaEventRecord(x->e1, x->st);
  if (!cuda_ok(cudaEventSynchronize(x->e1), side_name[side]) || bs != BLA_OK)
    return -1;
  cudaEventElapsedTime(&ms, x->e0, x->e1);
  return ms * 1e-3;
}

/* Checks the last run of a side, every problem: info, dpbt02's residual,
 * dget04's forward error against the host path with Varah's bound. */
static int side_check(struct cell *c, int side, struct side_result *r,
                      char *why, size_t wlen) {
  const int n = c->n, kd = c->kd;
  const long long cnt = c->count, cn = cnt * n;
  const double eps = 0.5 * DBL_EPSILON;
  long long bad = 0;
  double res = 0, fwd = 0;
  if (side == S_HOST) {
    memcpy(c->xs, c->hx, sizeof(double) * (size_t)cn);
  } else {
    int sinfo = 0;
    if (!cuda_ok(cudaMemcpy(c->hinfo, c->d_info, sizeof(int) * (size_t)cnt,
                            cudaMemcpyDeviceToHost),
                 "download info") ||
        !cuda_ok(cudaMemcpy(c->hx, c->d_x, sizeof(double) * (size_t)cn,
                            cudaMemcpyDeviceToHost),
                 "download x") ||
        (side == S_CUSOLVER &&
         !cuda_ok(cudaMemcpy(&sinfo, c->d_sinfo, sizeof(int),
                             cudaMemcpyDeviceToHost),
                  "download potrs info"))) {
      snprintf(why, wlen, "download failed");
      return 0;
    }
    if (sinfo != 0) {
      snprintf(why, wlen, "potrsBatched info %d", sinfo);
      return 0;
    }
    if (side == S_PB_INT || side == S_PO_INT)
      for (long long p = 0; p < cnt; ++p)
        for (int i = 0; i < n; ++i)
          c->xs[p * n + i] = c->hx[p + i * cnt];
    else
      memcpy(c->xs, c->hx, sizeof(double) * (size_t)cn);
  }
  for (long long p = 0; p < cnt; ++p)
    bad += c->hinfo[p] != 0;
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
      dx = nanmax(dx, fabs(x[i] - xr[i]));
      xl = nanmax(xl, fabs(xr[i]));
    }
    res = nanmax(res, rn / (anorm * (xn > 0 ? xn : 1) * eps));
    fwd = nanmax(fwd, dx / ((xl > 0 ? xl : 1) * (anorm / c->gap[p]) * eps));
  }
  r->res = res;
  r->fwd = fwd;
  if (!(res < THRESH) || !(fwd < THRESH)) {
    snprintf(why, wlen, "MISMATCH res %.3g fwd %.3g", res, fwd);
    return 0;
  }
  return 1;
}

/* ---- report ------------------------------------------------------------ */

static void fmt_time(char *buf, size_t len, const struct side_result *r,
                     int reps) {
  if (!r->run) {
    snprintf(buf, len, "- (%s)", r->skip);
    return;
  }
  {
    double m = median(r->t, reps) * 1e3, sp = spread(r->t, reps);
    int mag = m > 0 ? (int)floor(log10(m)) : 0;
    int dec = (sp < 0.01 ? 3 : 2) - 1 - mag;
    snprintf(buf, len, "%.*f (%.0f%%)", dec > 0 ? dec : 0, m, 100 * sp);
  }
}

static void fmt_ratio(char *buf, size_t len, const struct side_result *a,
                      const struct side_result *b, int reps) {
  if (!a->run || !b->run) {
    snprintf(buf, len, "-");
    return;
  }
  snprintf(buf, len, "%.2g", median(b->t, reps) / median(a->t, reps));
}

/* The compulsory traffic of one band solve: read the band and b,
 * write x (the factor written back over the band is not counted). */
static double bytes_min(int n, int kd) {
  return 8.0 * ((kd + 1.0) * n + 2.0 * n);
}

int main(int argc, char **argv) {
  struct options o;
  struct ctx x;
  cudaDeviceProp prop;
  int dev = 0, ndev = 0, rt = 0, drv = 0, solv = 0, clk = 0, mclk = 0, bus = 0,
      status = 0;
  double bw_memcpy, bw_kernel, t_start = now();
  static const int sizes[] = {8, 16, 32, 64};
  static const long long counts[] = {10000, 100000, 1000000};
  char cmdline[512] = "", headline[256] = "";
  double last_t[4][NSIDES];
  long long last_c[4][NSIDES];

  memset(&o, 0, sizeof o);
  o.reps = 5;
  o.budget = 240;
  o.max_run = 1.5;
  o.seed = 20240607;
  for (int i = 1; i < argc; ++i) {
    const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    size_t used = strlen(cmdline);
    snprintf(cmdline + used, sizeof cmdline - used, " %s%s%s", a,
             v && strcmp(a, "--quick") ? " " : "",
             v && strcmp(a, "--quick") ? v : "");
    if (!strcmp(a, "--quick")) {
      o.quick = 1;
      continue;
    }
    if (!v) {
      fprintf(stderr, "bench_cholesky_gpu: %s needs a value\n", a);
      return 2;
    }
    ++i;
    if (!strcmp(a, "--reps"))
      o.reps = atoi(v);
    else if (!strcmp(a, "--budget"))
      o.budget = atof(v);
    else if (!strcmp(a, "--max-run"))
      o.max_run = atof(v);
    else if (!strcmp(a, "--seed"))
      o.seed = strtoull(v, NULL, 0);
    else {
      fprintf(stderr,
              "usage: bench_cholesky_gpu [--quick] [--reps R] [--budget S] "
              "[--max-run S] [--seed X]\n");
      return 2;
    }
  }
  if (o.reps < 5 || o.reps > MAX_REPS) {
    fprintf(stderr, "bench_cholesky_gpu: 5 <= reps <= %d\n", MAX_REPS);
    return 2;
  }
  if (o.quick && o.max_run == 1.5)
    o.max_run = 0.2;

  if (!bla_has_cuda()) {
    printf("GPU benchmark skipped: batchla was built without CUDA.\n");
    return 0;
  }
  if (cudaGetDeviceCount(&ndev) != cudaSuccess || ndev == 0) {
    printf("GPU benchmark skipped: no CUDA device.\n");
    return 0;
  }
  if (!cuda_ok(cudaSetDevice(dev), "cudaSetDevice") ||
      !cuda_ok(cudaGetDeviceProperties(&prop, dev), "properties"))
    return 1;
  cudaRuntimeGetVersion(&rt);
  cudaDriverGetVersion(&drv);
  cusolverGetVersion(&solv);
  cudaDeviceGetAttribute(&clk, cudaDevAttrClockRate, dev);
  cudaDeviceGetAttribute(&mclk, cudaDevAttrMemoryClockRate, dev);
  cudaDeviceGetAttribute(&bus, cudaDevAttrGlobalMemoryBusWidth, dev);
  if (!cuda_ok(cudaStreamCreate(&x.st), "stream") ||
      !solver_ok(cusolverDnCreate(&x.sol), "cusolverDnCreate") ||
      !solver_ok(cusolverDnSetStream(x.sol, x.st), "cusolverDnSetStream"))
    return 1;
  cudaEventCreate(&x.e0);
  cudaEventCreate(&x.e1);
  fprintf(stderr, "bench_cholesky_gpu: measuring copy bandwidth\n");
  copy_bandwidth(x.st, &bw_memcpy, &bw_kernel);
  for (int a = 0; a < 4; ++a)
    for (int s = 0; s < NSIDES; ++s) {
      last_t[a][s] = 0;
      last_c[a][s] = 0;
    }

  printf("## GPU: batchla vs cuSOLVER, Cholesky factor and solve\n\n");
  printf("- command: `bench_cholesky_gpu%s`\n", cmdline);
  printf("- commit: %s; batchla %s\n", BENCH_GIT_COMMIT, bla_version());
  printf("- GPU: %s, sm_%d%d, %d SMs, %.1f GiB, SM clock %d MHz, memory "
         "clock %d MHz, %d-bit bus\n",
         prop.name, prop.major, prop.minor, prop.multiProcessorCount,
         (double)prop.totalGlobalMem / (1 << 30), clk / 1000, mclk / 1000, bus);
  printf("- CUDA runtime %d, driver %d, cuSOLVER %d; nvcc %d.%d\n", rt, drv,
         solv, __CUDACC_VER_MAJOR__, __CUDACC_VER_MINOR__);
  printf("- measured copy bandwidth (read + write, 2 GiB, best of 5): "
         "cudaMemcpy D2D %.0f GB/s, copy kernel %.0f GB/s\n",
         bw_memcpy * 1e-9, bw_kernel * 1e-9);
  printf("- matrices: random diagonally dominant SPD band, kd = %d, "
         "off-diagonals uniform(-1, 1), diagonal 1 + uniform(0, 1) above "
         "the row's off-diagonal sum; b uniform(-1, 1), nrhs = 1; uplo "
         "lower; splitmix64 seed %llu (the host bench's stream). posv and "
         "cuSOLVER solve the same matrices in dense storage\n",
         KD, (unsigned long long)o.seed);
  printf("- checked before timing, every problem of every side (THRESH "
         "%.0f): info = 0, |b - A x|_1 / (|A|_1 |x|_1 eps), |x - x_host|_inf "
         "/ (|x_host|_inf cond eps) with Varah's bound on cond_inf\n",
         THRESH);
  printf("- %d repetitions per cell, first side rotates; time per batch in "
         "ms, median (spread = (max - min) / median), cudaEvent timing on "
         "one stream (host path: wall clock, all host threads); a run over "
         "%.2g s (or predicted so) is not timed\n",
         o.reps, o.max_run);
  printf("- GB/s: compulsory traffic of pbsv per problem 8 ((kd+1) n + n + "
         "n) bytes (read band and b, write x; the factor written back over "
         "the band, another 8 (kd+1) n, is not counted), over the median "
         "time, and as %% of the cudaMemcpy D2D bandwidth\n\n");
  printf("| n | batch | pbsv int ms | pbsv col ms | posv int ms | posv col "
         "ms | cuSOLVER ms | host ms | speedup pbsv int vs cuSOLVER | vs "
         "host | pbsv int GB/s (%% copy) | pbsv col GB/s (%% copy) |\n");
  printf("|---|---|---|---|---|---|---|---|---|---|---|---|\n");
  fflush(stdout);

  for (int in = 0; in < 4; ++in)
    for (int ic = 0; ic < 3; ++ic) {
      const int n = sizes[in];
      const long long count = counts[ic];
      struct cell c;
      struct side_result r[NSIDES];
      char why[128] = "", cellbuf[NSIDES][128], rat[2][16], gbs[2][48];
      int order[NSIDES], ns = 0, setup;
      memset(r, 0, sizeof r);
      if (o.quick && count > 100000)
        continue;
      if (now() - t_start > o.budget) {
        printf("| %d | %lld | skipped: time budget of %.0f s spent | | | | "
               "| | | | | |\n",
               n, count, o.budget);
        continue;
      }
      fprintf(stderr, "bench_cholesky_gpu: n=%d batch=%lld\n", n, count);
      setup = cell_setup(&c, &x, n, count, o.seed, why, sizeof why);
      for (int s = 0; s < NSIDES; ++s) {
        const int dense = s == S_PO_INT || s == S_PO_COL || s == S_CUSOLVER;
        double pred = last_c[in][s] ? last_t[in][s] * (double)count /
                                          (double)last_c[in][s]
                                    : 0;
        if (!setup)
          snprintf(r[s].skip, sizeof r[s].skip, "%s", why);
        else if (dense && !c.have_dense)
          snprintf(r[s].skip, sizeof r[s].skip, "dense form does not fit");
        else if (last_c[in][s] < 0)
          snprintf(r[s].skip, sizeof r[s].skip, "smaller batch too slow");
        else if (pred > o.max_run)
          snprintf(r[s].skip, sizeof r[s].skip, "predicted %.2g s/run", pred);
        else
          order[ns++] = s;
      }
      /* Cross-check (and warm-up) run of every side. */
      for (int k = 0; k < ns; ++k) {
        const int s = order[k];
        double t;
        char w[128] = "";
        if (!side_prepare(&c, &x, s) || (t = side_run(&c, &x, s)) < 0) {
          snprintf(r[s].skip, sizeof r[s].skip, "call failed");
          status = 1;
        } else if (!side_check(&c, s, &r[s], w, sizeof w)) {
          snprintf(r[s].skip, sizeof r[s].skip, "%s", w);
          status = 1;
        } else if (t > o.max_run) {
          snprintf(r[s].skip, sizeof r[s].skip, "%.2g s/run, not timed", t);
          last_c[in][s] = -1;
        } else {
          r[s].run = 1;
          continue;
        }
        order[k--] = order[--ns];
      }
      for (int rep = 0; rep < o.reps; ++rep)
        for (int k = 0; k < ns; ++k) {
          const int s = order[(rep + k) % ns];
          double t = -1;
          if (side_prepare(&c, &x, s))
            t = side_run(&c, &x, s);
          if (t < 0) {
            r[s].run = 0;
            snprintf(r[s].skip, sizeof r[s].skip, "failed while timing");
            status = 1;
          }
          r[s].t[rep] = t;
        }
      for (int s = 0; s < NSIDES; ++s)
        if (r[s].run && last_c[in][s] >= 0) {
          last_t[in][s] = median(r[s].t, o.reps);
          last_c[in][s] = count;
        }
      for (int s = 0; s < NSIDES; ++s)
        fmt_time(cellbuf[s], sizeof cellbuf[s], &r[s], o.reps);
      fmt_ratio(rat[0], sizeof rat[0], &r[S_PB_INT], &r[S_CUSOLVER], o.reps);
      fmt_ratio(rat[1], sizeof rat[1], &r[S_PB_INT], &r[S_HOST], o.reps);
      for (int k = 0; k < 2; ++k) {
        const struct side_result *sr = &r[k ? S_PB_COL : S_PB_INT];
        if (sr->run) {
          double g = bytes_min(n, KD) * (double)count / median(sr->t, o.reps);
          snprintf(gbs[k], sizeof gbs[k], "%.0f (%.0f%%)", g * 1e-9,
                   bw_memcpy > 0 ? 100 * g / bw_memcpy : 0.0);
          if (!k && n == 64 && count == 1000000)
            snprintf(headline, sizeof headline,
                     "Headline (kd = %d, n = 64, batch 1e6): pbsv "
                     "interleaved %.3g ms, %.0f GB/s = %.0f%% of the "
                     "measured cudaMemcpy D2D bandwidth (%.0f GB/s).",
                     KD, median(sr->t, o.reps) * 1e3, g * 1e-9,
                     bw_memcpy > 0 ? 100 * g / bw_memcpy : 0.0,
                     bw_memcpy * 1e-9);
        } else {
          snprintf(gbs[k], sizeof gbs[k], "-");
        }
      }
      printf("| %d | %lld | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s "
             "|\n",
             n, count, cellbuf[S_PB_INT], cellbuf[S_PB_COL], cellbuf[S_PO_INT],
             cellbuf[S_PO_COL], cellbuf[S_CUSOLVER], cellbuf[S_HOST], rat[0],
             rat[1], gbs[0], gbs[1]);
      fflush(stdout);
      cell_free(&c);
    }
  printf("\n%s\n", headline[0] ? headline
                               : "Headline cell (n = 64, batch 1e6) not "
                                 "timed: see the table.");
  printf("Speedups are the other side's median time / batchla pbsv "
         "interleaved's (above 1: batchla faster). Not measured: float, "
         "other band widths on the GPU, nrhs > 1, other GPUs. Total %.0f "
         "s.\n",
         now() - t_start);
  cusolverDnDestroy(x.sol);
  cudaEventDestroy(x.e0);
  cudaEventDestroy(x.e1);
  cudaStreamDestroy(x.st);
  return status;
}
