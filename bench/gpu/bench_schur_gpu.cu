/* bench_schur_gpu: batchla's CUDA real Schur decomposition
 * (bla_dschur_batch with exec {BLA_CUDA}) against batchla's own host path
 * and against cuSOLVER, on the same matrices, in one run (rules:
 * docs/MEASURING.md).
 *
 *   bench_schur_gpu [--quick] [--reps R] [--geev K] [--max-run SECONDS]
 *                   [--seed X]
 *
 * Sizes: n = 16 with a batch of 1e5 (the headline), then n = 8 (1e5),
 * 32 (2e4) and 64 (5e3); --quick divides the batches by 10. Jobs: Schur
 * form and vectors (z given) and Schur form only (z NULL). Sides, timed
 * with cudaEvents on one stream (the host path with a wall clock), inputs
 * restored untimed before every run:
 *   batchla interleaved   bla_dschur_batch, {BLA_CUDA}, interleaved layout
 *   batchla col-major     the same on the LAPACK layout
 *   batchla host          the same driver with {BLA_HOST}, all threads
 *   cuSOLVER geev         cusolverDnXgeev (64-bit API), the only vendor
 *                         routine for general eigenproblems: it has no
 *                         batched form, so it is looped over the first K
 *                         matrices (default 1000) and its time scaled by
 *                         batch / K. Right eigenvectors (jobvr = VECTOR)
 *                         against the job with Schur vectors, eigenvalues
 *                         only (NOVECTOR) against the Schur form only.
 * Before any time is printed, every side's eigenvalues on sampled problems
 * are checked as multisets against a host reference (LAPACK dgees and
 * dtrsna when built with LAPACKE: error * s / (ulp |A|_F) below THRESH,
 * s the reciprocal condition number; else batchla's host result with
 * s = 1), and batchla's |A - Z T Z^T| / (|A| n ulp) and |I - Z Z^T| /
 * (n ulp) on the same samples. A cell whose single run would exceed
 * --max-run seconds, or that does not fit in memory, is skipped and says
 * so. */
#include <cuda_runtime.h>
#include <cusolverDn.h>

#include <float.h>
#include <math.h>
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifndef BENCH_HAVE_LAPACKE
#define BENCH_HAVE_LAPACKE 0
#endif
#if BENCH_HAVE_LAPACKE
#include <lapacke.h>
#endif

#include "batchla/batchla.h"

#ifndef BENCH_GIT_COMMIT
#define BENCH_GIT_COMMIT "unknown"
#endif

#define THRESH 50.0
#define MAX_REPS 32
#define SAMPLES 64
#define NSIZES 4

enum { S_INT, S_COL, S_HOST, S_GEEV, NSIDES };
static const char *const side_name[NSIDES] = {"batchla interleaved",
                                              "batchla col-major",
                                              "batchla host", "cuSOLVER geev"};

enum { JOB_VECTORS, JOB_FORM, NJOBS };

struct side_result {
  int run;       /* timed */
  char skip[96]; /* why not, when not */
  double t[MAX_REPS];
  double eig, res, orth;
};

struct cell {
  int n, ok;
  long long count, geev_count;
  char why[160];
  side_result s[NSIDES];
  int reps;
};

struct options {
  int quick, reps, geev;
  double max_run;
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
  fprintf(stderr, "bench_schur_gpu: %s: %s\n", what, cudaGetErrorString(e));
  return 0;
}

static int solver_ok(cusolverStatus_t s, const char *what) {
  if (s == CUSOLVER_STATUS_SUCCESS)
    return 1;
  fprintf(stderr, "bench_schur_gpu: %s: cusolver status %d\n", what, (int)s);
  return 0;
}

static void *xmalloc(size_t bytes) {
  void *p = malloc(bytes ? bytes : 1);
  if (!p) {
    fprintf(stderr, "bench_schur_gpu: out of host memory (%zu bytes)\n", bytes);
    exit(2);
  }
  return p;
}

/* Same stream as bench/bench_schur.c: splitmix64, uniform(-1, 1). */
static uint64_t rng_next(uint64_t *s) {
  uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

static double rng_unif(uint64_t *s) {
  return ((double)(rng_next(s) >> 11) + 0.5) * 0x1.0p-52 - 1.0;
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

/* ---- flop and byte counts (estimates) ---------------------------------- */

/* As bench_schur.c: about 25 n^3 flops with vectors, 10 n^3 without
 * (Hessenberg reduction, orghr, two Francis sweeps per eigenvalue). */
static double flops_problem(int n, int job) {
  return (job == JOB_VECTORS ? 25.0 : 10.0) * n * n * n;
}
/* Compulsory traffic: read A, write T, wr, wi (and Z). */
static double bytes_problem(int n, int job) {
  double b = 8.0 * (2.0 * n * n + 2.0 * n);
  return job == JOB_VECTORS ? b + 8.0 * n * n : b;
}

/* ---- device kernels: layout conversion, bandwidth ---------------------- */

/* Column-major packed (problem after problem) into interleaved. */
__global__ void to_interleaved(const double *src, double *dst, int n,
                               long long count) {
  const long long total = count * n * n;
  for (long long k = (long long)blockIdx.x * blockDim.x + threadIdx.x;
       k < total; k += (long long)gridDim.x * blockDim.x) {
    const long long p = k / ((long long)n * n);
    const int r = (int)(k - p * n * n), i = r % n, j = r / n;
    dst[p + (long long)i * count + (long long)j * count * n] = src[k];
  }
}

__global__ void copy_kernel(const double2 *src, double2 *dst, long long len) {
  for (long long k = (long long)blockIdx.x * blockDim.x + threadIdx.x; k < len;
       k += (long long)gridDim.x * blockDim.x)
    dst[k] = src[k];
}

static unsigned grid_for(long long work) {
  long long g = (work + 255) / 256;
  return (unsigned)(g > 65535 * 8 ? 65535 * 8 : (g < 1 ? 1 : g));
}

/* Best-of-5 device copy bandwidth (read + write) of a plain copy kernel. */
static double copy_bandwidth(cudaStream_t st) {
  const size_t bytes = (size_t)1 << 30;
  void *a = NULL, *b = NULL;
  cudaEvent_t e0, e1;
  double best = 0;
  if (!cuda_ok(cudaMalloc(&a, bytes), "cudaMalloc (bandwidth)") ||
      !cuda_ok(cudaMalloc(&b, bytes), "cudaMalloc (bandwidth)")) {
    cudaFree(a);
    return 0;
  }
  cudaMemsetAsync(a, 1, bytes, st);
  cudaEventCreate(&e0);
  cudaEventCreate(&e1);
  for (int k = 0; k < 6; ++k) {
    float ms = 0;
    cudaEventRecord(e0, st);
    copy_kernel<<<grid_for((long long)(bytes / 16)), 256, 0, st>>>(
        (const double2 *)a, (double2 *)b, (long long)(bytes / 16));
    cudaEventRecord(e1, st);
    cudaEventSynchronize(e1);
    cudaEventElapsedTime(&ms, e0, e1);
    if (k > 0 && 2.0 * (double)bytes / (ms * 1e-3) > best)
      best = 2.0 * (double)bytes / (ms * 1e-3);
  }
  cudaEventDestroy(e0);
  cudaEventDestroy(e1);
  cudaFree(a);
  cudaFree(b);
  return best;
}

/* ---- eigenvalues as multisets ------------------------------------------- */

static int augment(int i, int n, const double *c, double thr, int *owner,
                   char *seen) {
  for (int j = 0; j < n; ++j)
    if (c[i * n + j] <= thr && !seen[j]) {
      seen[j] = 1;
      if (owner[j] < 0 || augment(owner[j], n, c, thr, owner, seen)) {
        owner[j] = i;
        return 1;
      }
    }
  return 0;
}

static int matchable(int n, const double *c, double thr, int *owner,
                     char *seen) {
  for (int j = 0; j < n; ++j)
    owner[j] = -1;
  for (int i = 0; i < n; ++i) {
    memset(seen, 0, (size_t)n);
    if (!augment(i, n, c, thr, owner, seen))
      return 0;
  }
  return 1;
}

/* The smallest, over one-to-one matchings, of the largest
 * |lambda_ref_i - lambda_m(i)| s_i / scale (a bottleneck assignment). */
static double eig_ratio(int n, const double *rwr, const double *rwi,
                        const double *s, const double *wr, const double *wi,
                        double scale) {
  double *c = (double *)xmalloc((size_t)n * n * sizeof(double));
  double *sorted = (double *)xmalloc((size_t)n * n * sizeof(double));
  int *owner = (int *)xmalloc((size_t)n * sizeof(int));
  char *seen = (char *)xmalloc((size_t)n);
  double lb = 0, best;
  for (int i = 0; i < n; ++i) {
    double rmin = INFINITY;
    if (!isfinite(wr[i]) || !isfinite(wi[i])) {
      lb = INFINITY;
      break;
    }
    for (int j = 0; j < n; ++j) {
      c[i * n + j] = hypot(rwr[i] - wr[j], rwi[i] - wi[j]) * s[i] / scale;
      rmin = c[i * n + j] < rmin ? c[i * n + j] : rmin;
    }
    lb = rmin > lb ? rmin : lb;
  }
  if (!isfinite(lb) || matchable(n, c, lb, owner, seen)) {
    best = lb;
  } else {
    int lo = 0, hi = n * n - 1;
    memcpy(sorted, c, (size_t)n * n * sizeof(double));
    qsort(sorted, (size_t)n * n, sizeof(double), cmp_double);
    while (lo < hi && sorted[lo] <= lb)
      ++lo;
    while (lo < hi) {
      int mid = lo + (hi - lo) / 2;
      if (matchable(n, c, sorted[mid], owner, seen))
        hi = mid;
      else
        lo = mid + 1;
    }
    best = sorted[lo];
  }
  free(c);
  free(sorted);
  free(owner);
  free(seen);
  return best;
}

/* dhst01: |A - Z T Z^T|_1 / (|A|_1 n ulp), |I - Z Z^T|_1 / (n ulp). */
static void schur_ratios(int n, const double *a, const double *t,
                         const double *z, double *res, double *orth) {
  double *w = (double *)xmalloc((size_t)n * n * sizeof(double));
  double an = 0, rn = 0, on = 0;
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) {
      double s = 0;
      for (int k = 0; k < n; ++k)
        s += z[i + k * n] * t[k + j * n];
      w[i + j * n] = s;
    }
  for (int j = 0; j < n; ++j) {
    double cs = 0, rs = 0, os = 0;
    for (int i = 0; i < n; ++i) {
      double r = 0, o = 0;
      for (int k = 0; k < n; ++k) {
        r += w[i + k * n] * z[j + k * n];
        o += z[i + k * n] * z[j + k * n];
      }
      cs += fabs(a[i + j * n]);
      rs += fabs(a[i + j * n] - r);
      os += fabs((i == j ? 1.0 : 0.0) - o);
    }
    an = cs > an ? cs : an;
    rn = rs > rn || rs != rs ? rs : rn;
    on = os > on || os != os ? os : on;
  }
  *res = rn / ((an > 0 ? an : 1) * n * DBL_EPSILON);
  *orth = on / (n * DBL_EPSILON);
  free(w);
}

/* ---- one group (size, job) ----------------------------------------------- */

struct group {
  int n, job, host_threads;
  long long count, gcount;
  double *h_a0;                    /* inputs, column-major packed */
  double *h_a, *h_z, *h_wr, *h_wi; /* host side and read-back */
  int *h_info;
  double *d_a0col, *d_a0int, *d_a, *d_z, *d_wr, *d_wi;
  int *d_info;
  /* cuSOLVER geev over the first gcount matrices */
  double *d_g, *d_gw, *d_gvr, *d_gwork;
  void *h_gwork;
  size_t gwork_dev, gwork_host;
  int *d_ginfo;
  /* reference on the sampled problems */
  long long sample[SAMPLES];
  int nsample;
  double *ref_wr, *ref_wi, *ref_s;
};

static long long sample_index(long long count, int s, int ns) {
  return ns > 1 ? (long long)((double)s * (double)(count - 1) / (ns - 1)) : 0;
}

static void group_free(group *g) {
  free(g->h_a0);
  free(g->h_a);
  free(g->h_z);
  free(g->h_wr);
  free(g->h_wi);
  free(g->h_info);
  cudaFree(g->d_a0col);
  cudaFree(g->d_a0int);
  cudaFree(g->d_a);
  cudaFree(g->d_z);
  cudaFree(g->d_wr);
  cudaFree(g->d_wi);
  cudaFree(g->d_info);
  cudaFree(g->d_g);
  cudaFree(g->d_gw);
  cudaFree(g->d_gvr);
  cudaFree(g->d_gwork);
  free(g->h_gwork);
  cudaFree(g->d_ginfo);
  free(g->ref_wr);
  free(g->ref_wi);
  free(g->ref_s);
  memset(g, 0, sizeof *g);
}

/* Reference eigenvalues of the sampled problems. */
static void group_reference(group *g) {
  const int n = g->n;
  g->ref_wr = (double *)xmalloc((size_t)SAMPLES * n * sizeof(double));
  g->ref_wi = (double *)xmalloc((size_t)SAMPLES * n * sizeof(double));
  g->ref_s = (double *)xmalloc((size_t)SAMPLES * n * sizeof(double));
  for (int s = 0; s < g->nsample; ++s) {
    const double *a0 = g->h_a0 + g->sample[s] * n * n;
    double *t = (double *)xmalloc((size_t)n * n * sizeof(double));
    memcpy(t, a0, (size_t)n * n * sizeof(double));
#if BENCH_HAVE_LAPACKE
    {
      double *vs = (double *)calloc((size_t)n * n, sizeof(double));
      double *vl = (double *)calloc((size_t)n * n, sizeof(double));
      double *vr = (double *)calloc((size_t)n * n, sizeof(double));
      double *sep = (double *)calloc((size_t)n, sizeof(double));
      lapack_int sdim = 0, m = 0, info;
      info = LAPACKE_dgees(LAPACK_COL_MAJOR, 'V', 'N', NULL, n, t, n, &sdim,
                           g->ref_wr + s * n, g->ref_wi + s * n, vs, n);
      if (info == 0)
        info = LAPACKE_dtrevc(LAPACK_COL_MAJOR, 'B', 'A', NULL, n, t, n, vl, n,
                              vr, n, n, &m);
      if (info == 0)
        info = LAPACKE_dtrsna(LAPACK_COL_MAJOR, 'E', 'A', NULL, n, t, n, vl, n,
                              vr, n, g->ref_s + s * n, sep, n, &m);
      if (info != 0) {
        fprintf(stderr, "bench_schur_gpu: LAPACK reference failed (%d)\n",
                (int)info);
        exit(2);
      }
      free(vs);
      free(vl);
      free(vr);
      free(sep);
    }
#else
    {
      bla_exec ex;
      int info = 0;
      ex.backend = BLA_HOST;
      ex.threads = 1;
      ex.stream = NULL;
      if (bla_dschur_batch(bla_dmat_batch_colmajor(t, 1, n, n, n),
                           bla_dvec_batch_packed(g->ref_wr + s * n, 1, n),
                           bla_dvec_batch_packed(g->ref_wi + s * n, 1, n),
                           bla_dmat_batch_colmajor(NULL, 1, n, n, n), &info,
                           &ex) != BLA_OK ||
          info != 0) {
        fprintf(stderr, "bench_schur_gpu: host reference failed\n");
        exit(2);
      }
      for (int i = 0; i < n; ++i)
        g->ref_s[s * n + i] = 1.0;
    }
#endif
    free(t);
  }
}

static int group_alloc(group *g, int n, int job, long long count,
                       long long gcount, uint64_t seed, cudaStream_t st) {
  const size_t nn = (size_t)n * n, c = (size_t)count;
  const int vec = job == JOB_VECTORS;
  uint64_t s = seed;
  memset(g, 0, sizeof *g);
  g->n = n;
  g->job = job;
  g->count = count;
  g->gcount = gcount < count ? gcount : count;
  g->host_threads = omp_get_max_threads();
  g->h_a0 = (double *)xmalloc(c * nn * sizeof(double));
  g->h_a = (double *)xmalloc(c * nn * sizeof(double));
  g->h_z = vec ? (double *)xmalloc(c * nn * sizeof(double)) : NULL;
  g->h_wr = (double *)xmalloc(c * n * sizeof(double));
  g->h_wi = (double *)xmalloc(c * n * sizeof(double));
  g->h_info = (int *)xmalloc(c * sizeof(int));
  for (size_t k = 0; k < c * nn; ++k)
    g->h_a0[k] = rng_unif(&s);
  /* Half the samples within the first gcount problems (those geev
   * solves), half spread over the batch. */
  g->nsample = count < SAMPLES ? (int)count : SAMPLES;
  for (int k = 0; k < g->nsample; ++k)
    g->sample[k] = k < g->nsample / 2
                       ? sample_index(g->gcount, k, g->nsample / 2)
                       : sample_index(count, k - g->nsample / 2,
                                      g->nsample - g->nsample / 2);
  if (!cuda_ok(cudaMalloc((void **)&g->d_a0col, c * nn * sizeof(double)),
               "cudaMalloc") ||
      !cuda_ok(cudaMalloc((void **)&g->d_a0int, c * nn * sizeof(double)),
               "cudaMalloc") ||
      !cuda_ok(cudaMalloc((void **)&g->d_a, c * nn * sizeof(double)),
               "cudaMalloc") ||
      (vec && !cuda_ok(cudaMalloc((void **)&g->d_z, c * nn * sizeof(double)),
                       "cudaMalloc")) ||
      !cuda_ok(cudaMalloc((void **)&g->d_wr, c * n * sizeof(double)),
               "cudaMalloc") ||
      !cuda_ok(cudaMalloc((void **)&g->d_wi, c * n * sizeof(double)),
               "cudaMalloc") ||
      !cuda_ok(cudaMalloc((void **)&g->d_info, c * sizeof(int)), "cudaMalloc"))
    return 0;
  if (!cuda_ok(cudaMemcpyAsync(g->d_a0col, g->h_a0, c * nn * sizeof(double),
                               cudaMemcpyHostToDevice, st),
               "upload"))
    return 0;
  to_interleaved<<<grid_for((long long)(c * nn)), 256, 0, st>>>(
      g->d_a0col, g->d_a0int, n, count);
  if (!cuda_ok(cudaStreamSynchronize(st), "layout conversion"))
    return 0;
  group_reference(g);
  return 1;
}

static int geev_setup(group *g, cusolverDnHandle_t h, cusolverDnParams_t par) {
  const int n = g->n, vec = g->job == JOB_VECTORS;
  const size_t nn = (size_t)n * n;
  if (!cuda_ok(
          cudaMalloc((void **)&g->d_g, (size_t)g->gcount * nn * sizeof(double)),
          "cudaMalloc (geev)") ||
      !cuda_ok(cudaMalloc((void **)&g->d_gw,
                          (size_t)g->gcount * 2 * n * sizeof(double)),
               "cudaMalloc (geev)") ||
      !cuda_ok(cudaMalloc((void **)&g->d_gvr, nn * sizeof(double)),
               "cudaMalloc (geev)") ||
      !cuda_ok(
          cudaMalloc((void **)&g->d_ginfo, (size_t)g->gcount * sizeof(int)),
          "cudaMalloc (geev)"))
    return 0;
  if (!solver_ok(
          cusolverDnXgeev_bufferSize(
              h, par, CUSOLVER_EIG_MODE_NOVECTOR,
              vec ? CUSOLVER_EIG_MODE_VECTOR : CUSOLVER_EIG_MODE_NOVECTOR, n,
              CUDA_R_64F, g->d_g, n, CUDA_R_64F, g->d_gw, CUDA_R_64F, NULL, n,
              CUDA_R_64F, vec ? g->d_gvr : NULL, n, CUDA_R_64F, &g->gwork_dev,
              &g->gwork_host),
          "cusolverDnXgeev_bufferSize"))
    return 0;
  if (!cuda_ok(
          cudaMalloc((void **)&g->d_gwork, g->gwork_dev > 0 ? g->gwork_dev : 1),
          "cudaMalloc (geev work)"))
    return 0;
  g->h_gwork = xmalloc(g->gwork_host > 0 ? g->gwork_host : 1);
  return 1;
}

/* One run of a side; returns seconds, or -1 on an error. Inputs are
 * restored first, untimed. */
static double run_side(group *g, int side, cudaStream_t st, cudaEvent_t e0,
                       cudaEvent_t e1, cusolverDnHandle_t h,
                       cusolverDnParams_t par) {
  const int n = g->n, vec = g->job == JOB_VECTORS;
  const size_t nn = (size_t)n * n, c = (size_t)g->count;
  float ms = 0;
  if (side == S_HOST) {
    bla_exec ex;
    double t0, t;
    bla_status s;
    ex.backend = BLA_HOST;
    ex.threads = g->host_threads;
    ex.stream = NULL;
    memcpy(g->h_a, g->h_a0, c * nn * sizeof(double));
    t0 = now();
    s = bla_dschur_batch(
        bla_dmat_batch_colmajor(g->h_a, g->count, n, n, n),
        bla_dvec_batch_packed(g->h_wr, g->count, n),
        bla_dvec_batch_packed(g->h_wi, g->count, n),
        bla_dmat_batch_colmajor(vec ? g->h_z : NULL, g->count, n, n, n),
        g->h_info, &ex);
    t = now() - t0;
    return s == BLA_OK ? t : -1;
  }
  if (side == S_GEEV) {
    int ok = 1;
    cudaMemcpyAsync(g->d_g, g->d_a0col, (size_t)g->gcount * nn * sizeof(double),
                    cudaMemcpyDeviceToDevice, st);
    cudaEventRecord(e0, st);
    for (long long p = 0; p < g->gcount && ok; ++p)
      ok = solver_ok(
          cusolverDnXgeev(
              h, par, CUSOLVER_EIG_MODE_NOVECTOR,
              vec ? CUSOLVER_EIG_MODE_VECTOR : CUSOLVER_EIG_MODE_NOVECTOR, n,
              CUDA_R_64F, g->d_g + p * nn, n, CUDA_R_64F, g->d_gw + p * 2 * n,
              CUDA_R_64F, NULL, n, CUDA_R_64F, vec ? g->d_gvr : NULL, n,
              CUDA_R_64F, g->d_gwork, g->gwork_dev, g->h_gwork, g->gwork_host,
              g->d_ginfo + p),
          "cusolverDnXgeev");
    cudaEventRecord(e1, st);
    if (!ok || !cuda_ok(cudaEventSynchronize(e1), "geev"))
      return -1;
    cudaEventElapsedTime(&ms, e0, e1);
    return 1e-3 * ms;
  }
  {
    const int inter = side == S_INT;
    bla_exec ex;
    bla_status s;
    ex.backend = BLA_CUDA;
    ex.threads = 0;
    ex.stream = (void *)st;
    cudaMemcpyAsync(g->d_a, inter ? g->d_a0int : g->d_a0col,
                    c * nn * sizeof(double), cudaMemcpyDeviceToDevice, st);
    cudaEventRecord(e0, st);
    if (inter)
      s = bla_dschur_batch(
          bla_dmat_batch_interleaved(g->d_a, g->count, n, n),
          bla_dvec_batch_interleaved(g->d_wr, g->count, n),
          bla_dvec_batch_interleaved(g->d_wi, g->count, n),
          bla_dmat_batch_interleaved(vec ? g->d_z : NULL, g->count, n, n),
          g->d_info, &ex);
    else
      s = bla_dschur_batch(
          bla_dmat_batch_colmajor(g->d_a, g->count, n, n, n),
          bla_dvec_batch_packed(g->d_wr, g->count, n),
          bla_dvec_batch_packed(g->d_wi, g->count, n),
          bla_dmat_batch_colmajor(vec ? g->d_z : NULL, g->count, n, n, n),
          g->d_info, &ex);
    cudaEventRecord(e1, st);
    if (s != BLA_OK || !cuda_ok(cudaEventSynchronize(e1), "bla_dschur_batch"))
      return -1;
    cudaEventElapsedTime(&ms, e0, e1);
    return 1e-3 * ms;
  }
}

/* Checks the outputs of the side's last run on the sampled problems. */
static int check_side(group *g, int side, side_result *r, char *why,
                      size_t why_len) {
  const int n = g->n, vec = g->job == JOB_VECTORS;
  const size_t nn = (size_t)n * n, c = (size_t)g->count;
  double *wr = (double *)xmalloc((size_t)n * sizeof(double));
  double *wi = (double *)xmalloc((size_t)n * sizeof(double));
  double *t = (double *)xmalloc(nn * sizeof(double));
  double *z = (double *)xmalloc(nn * sizeof(double));
  long long bad = 0;
  int ok = 1;
  r->eig = r->res = r->orth = 0;
  if (side == S_GEEV) {
    double *w = (double *)xmalloc((size_t)g->gcount * 2 * n * sizeof(double));
    int *info = (int *)xmalloc((size_t)g->gcount * sizeof(int));
    ok = cuda_ok(cudaMemcpy(w, g->d_gw,
                            (size_t)g->gcount * 2 * n * sizeof(double),
                            cudaMemcpyDeviceToHost),
                 "read back") &&
         cuda_ok(cudaMemcpy(info, g->d_ginfo, (size_t)g->gcount * sizeof(int),
                            cudaMemcpyDeviceToHost),
                 "read back");
    for (long long p = 0; ok && p < g->gcount; ++p)
      bad += info[p] != 0;
    /* The samples within the first gcount problems. */
    for (int s = 0; ok && s < g->nsample; ++s) {
      const long long p = g->sample[s];
      double fro = 0, e;
      if (p >= g->gcount)
        continue;
      for (size_t k = 0; k < nn; ++k)
        fro += g->h_a0[p * nn + k] * g->h_a0[p * nn + k];
      e = eig_ratio(n, g->ref_wr + s * n, g->ref_wi + s * n, g->ref_s + s * n,
                    w + p * 2 * n, w + p * 2 * n + n, DBL_EPSILON * sqrt(fro));
      r->eig = e > r->eig || e != e ? e : r->eig;
    }
    free(w);
    free(info);
  } else {
    /* Outputs into h_a, h_z, h_wr, h_wi, h_info in the side's layout. */
    if (side != S_HOST)
      ok = cuda_ok(cudaMemcpy(g->h_a, g->d_a, c * nn * sizeof(double),
                              cudaMemcpyDeviceToHost),
                   "read back") &&
           (!vec || cuda_ok(cudaMemcpy(g->h_z, g->d_z, c * nn * sizeof(double),
                                       cudaMemcpyDeviceToHost),
                            "read back")) &&
           cuda_ok(cudaMemcpy(g->h_wr, g->d_wr, c * n * sizeof(double),
                              cudaMemcpyDeviceToHost),
                   "read back") &&
           cuda_ok(cudaMemcpy(g->h_wi, g->d_wi, c * n * sizeof(double),
                              cudaMemcpyDeviceToHost),
                   "read back") &&
           cuda_ok(cudaMemcpy(g->h_info, g->d_info, c * sizeof(int),
                              cudaMemcpyDeviceToHost),
                   "read back");
    for (size_t p = 0; ok && p < c; ++p)
      bad += g->h_info[p] != 0;
    for (int s = 0; ok && s < g->nsample; ++s) {
      const long long p = g->sample[s];
      const double *a0 = g->h_a0 + p * nn;
      double fro = 0, e;
      for (size_t k = 0; k < nn; ++k)
        fro += a0[k] * a0[k];
      for (int i = 0; i < n; ++i) {
        wr[i] = side == S_INT ? g->h_wr[p + (long long)i * g->count]
                              : g->h_wr[p * n + i];
        wi[i] = side == S_INT ? g->h_wi[p + (long long)i * g->count]
                              : g->h_wi[p * n + i];
      }
      e = eig_ratio(n, g->ref_wr + s * n, g->ref_wi + s * n, g->ref_s + s * n,
                    wr, wi, DBL_EPSILON * sqrt(fro));
      r->eig = e > r->eig || e != e ? e : r->eig;
      if (vec) {
        double res, orth;
        for (int j = 0; j < n; ++j)
          for (int i = 0; i < n; ++i) {
            const long long off =
                side == S_INT
                    ? p + (long long)i * g->count + (long long)j * g->count * n
                    : p * (long long)nn + i + (long long)j * n;
            t[i + j * n] = g->h_a[off];
            z[i + j * n] = g->h_z[off];
          }
        schur_ratios(n, a0, t, z, &res, &orth);
        r->res = res > r->res || res != res ? res : r->res;
        r->orth = orth > r->orth || orth != orth ? orth : r->orth;
      }
    }
  }
  free(wr);
  free(wi);
  free(t);
  free(z);
  if (!ok) {
    snprintf(why, why_len, "%s: could not read the results back",
             side_name[side]);
    return 0;
  }
  if (bad) {
    snprintf(why, why_len, "%s: %lld problems with info != 0", side_name[side],
             bad);
    return 0;
  }
  if (!(r->eig < THRESH) || !(r->res < THRESH) || !(r->orth < THRESH)) {
    snprintf(why, why_len, "%s: eig %.3g res %.3g orth %.3g (THRESH %g)",
             side_name[side], r->eig, r->res, r->orth, THRESH);
    return 0;
  }
  return 1;
}

/* ---- the report ---------------------------------------------------------- */

static void fmt_val(char *buf, size_t len, double v, double spr) {
  int sig = spr < 0.01 ? 3 : 2;
  int mag = v > 0 ? (int)floor(log10(v)) : 0;
  int dec = sig - 1 - mag;
  snprintf(buf, len, "%.*f", dec > 0 ? dec : 0, v);
}

static void print_cell(const cell *c, int job, double bw) {
  char t[NSIDES][64], rat[NSIDES][48];
  double med[NSIDES];
  if (!c->ok) {
    printf("| %d | %lld | MISMATCH or error: %s | | | | | |\n", c->n, c->count,
           c->why);
    return;
  }
  for (int s = 0; s < NSIDES; ++s) {
    const side_result *r = &c->s[s];
    double v[MAX_REPS];
    char num[32];
    rat[s][0] = 0;
    med[s] = 0;
    if (!r->run) {
      snprintf(t[s], sizeof t[s], "skipped: %s", r->skip);
      continue;
    }
    for (int k = 0; k < c->reps; ++k)
      v[k] = r->t[k] * 1e6 / (double)c->count *
             (s == S_GEEV ? (double)c->count / (double)c->geev_count : 1.0);
    med[s] = median(v, c->reps);
    fmt_val(num, sizeof num, med[s], spread(v, c->reps));
    snprintf(t[s], sizeof t[s], "%s (%.0f%%)", num, 100 * spread(v, c->reps));
  }
  for (int s = 1; s < NSIDES; ++s)
    if (c->s[s].run && c->s[S_INT].run)
      snprintf(rat[s], sizeof rat[s], "%.2g", med[s] / med[S_INT]);
  {
    const double us = med[S_INT];
    const double gf =
        us > 0 ? flops_problem(c->n, job) / (us * 1e-6) * 1e-9 : 0;
    const double gb =
        us > 0 ? bytes_problem(c->n, job) / (us * 1e-6) * 1e-9 : 0;
    /* Upper estimate of global-memory traffic when no entry stays in
     * registers or cache: 8 bytes per flop. */
    const double tb = gf * 8.0;
    printf("| %d | %lld | %s | %s | %s | %s | %s | %s | %s | %.3g / %.3g "
           "(traffic est. %.3g, %.0f%% of copy bw) |\n",
           c->n, c->count, t[S_INT], t[S_COL], rat[S_COL], t[S_HOST],
           rat[S_HOST], t[S_GEEV], rat[S_GEEV], gf, gb, tb,
           bw > 0 ? 100.0 * tb * 1e9 / bw : 0.0);
  }
}

static void usage(void) {
  fprintf(stderr, "usage: bench_schur_gpu [--quick] [--reps R] [--geev K] "
                  "[--max-run SECONDS] [--seed X]\n");
}

int main(int argc, char **argv) {
  static const int sizes[NSIZES] = {16, 8, 32, 64};
  static const long long batches[NSIZES] = {100000, 100000, 20000, 5000};
  options o;
  static cell cells[NSIZES][NJOBS];
  char cmdline[512] = "";
  int ndev = 0, status = 0;
  cudaDeviceProp prop;
  cudaStream_t st;
  cudaEvent_t e0, e1;
  cusolverDnHandle_t h;
  cusolverDnParams_t par;
  double bw, t_start = now();

  o.quick = 0;
  o.reps = 5;
  o.geev = 1000;
  o.max_run = 20.0;
  o.seed = 20240607;
  for (int i = 1; i < argc; ++i) {
    const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    size_t used = strlen(cmdline);
    snprintf(cmdline + used, sizeof cmdline - used, " %s", a);
    if (!strcmp(a, "--quick")) {
      o.quick = 1;
      continue;
    }
    if (!v) {
      usage();
      return 2;
    }
    if (!strcmp(a, "--reps"))
      o.reps = atoi(v);
    else if (!strcmp(a, "--geev"))
      o.geev = atoi(v);
    else if (!strcmp(a, "--max-run"))
      o.max_run = atof(v);
    else if (!strcmp(a, "--seed"))
      o.seed = strtoull(v, NULL, 0);
    else {
      usage();
      return 2;
    }
    used = strlen(cmdline);
    snprintf(cmdline + used, sizeof cmdline - used, " %s", v);
    ++i;
  }
  if (o.reps < 5 || o.reps > MAX_REPS || o.geev < 1 || !(o.max_run > 0)) {
    fprintf(stderr,
            "bench_schur_gpu: need 5 <= reps <= %d, geev >= 1 and "
            "max-run > 0\n",
            MAX_REPS);
    return 2;
  }
  if (o.quick && o.geev == 1000)
    o.geev = 100;
  if (cudaGetDeviceCount(&ndev) != cudaSuccess || ndev == 0) {
    fprintf(stderr, "bench_schur_gpu: no CUDA device; nothing to measure\n");
    return 2;
  }
  if (!cuda_ok(cudaGetDeviceProperties(&prop, 0), "cudaGetDeviceProperties") ||
      !cuda_ok(cudaStreamCreate(&st), "cudaStreamCreate") ||
      !solver_ok(cusolverDnCreate(&h), "cusolverDnCreate") ||
      !solver_ok(cusolverDnSetStream(h, st), "cusolverDnSetStream") ||
      !solver_ok(cusolverDnCreateParams(&par), "cusolverDnCreateParams"))
    return 2;
  cudaEventCreate(&e0);
  cudaEventCreate(&e1);
  fprintf(stderr, "bench_schur_gpu: measuring device copy bandwidth\n");
  bw = copy_bandwidth(st);

  for (int si = 0; si < NSIZES; ++si)
    for (int job = 0; job < NJOBS; ++job) {
      cell *c = &cells[si][job];
      group g;
      const long long count = o.quick ? batches[si] / 10 : batches[si];
      memset(c, 0, sizeof *c);
      c->n = sizes[si];
      c->count = count;
      c->ok = 1;
      fprintf(stderr, "bench_schur_gpu: n=%d batch=%lld %s\n", c->n, count,
              job == JOB_VECTORS ? "with vectors" : "Schur form only");
      if (!group_alloc(&g, c->n, job, count, o.geev, o.seed, st) ||
          !geev_setup(&g, h, par)) {
        c->ok = 0;
        snprintf(c->why, sizeof c->why, "setup failed (memory?)");
        group_free(&g);
        (void)cudaGetLastError();
        status = 1;
        continue;
      }
      c->geev_count = g.gcount;
      /* First run of each side: warms up, checks, and measures whether a
       * run fits in --max-run. */
      for (int s = 0; s < NSIDES && c->ok; ++s) {
        const double t = run_side(&g, s, st, e0, e1, h, par);
        if (t < 0) {
          c->ok = 0;
          snprintf(c->why, sizeof c->why, "%s: run failed", side_name[s]);
          break;
        }
        if (!check_side(&g, s, &c->s[s], c->why, sizeof c->why)) {
          c->ok = 0;
          break;
        }
        c->s[s].run = t <= o.max_run;
        if (!c->s[s].run)
          snprintf(c->s[s].skip, sizeof c->s[s].skip,
                   "one run takes %.0f s > --max-run", t);
      }
      if (c->ok) {
        c->reps = o.reps;
        for (int k = 0; k < o.reps && c->ok; ++k)
          for (int j = 0; j < NSIDES; ++j) {
            const int s = (k + j) % NSIDES; /* rotate the order */
            if (!c->s[s].run)
              continue;
            c->s[s].t[k] = run_side(&g, s, st, e0, e1, h, par);
            if (c->s[s].t[k] < 0) {
              c->ok = 0;
              snprintf(c->why, sizeof c->why, "%s: run failed while timing",
                       side_name[s]);
            }
          }
      }
      if (!c->ok) {
        fprintf(stderr, "bench_schur_gpu: no timing: %s\n", c->why);
        status = 1;
      }
      group_free(&g);
    }

  printf("## GPU: batchla vs cuSOLVER and the host, real Schur "
         "decomposition\n\n");
  printf("- command: `bench_schur_gpu%s`\n", cmdline);
  printf("- commit: %s; batchla %s\n", BENCH_GIT_COMMIT, bla_version());
  printf("- GPU: %s, %d SMs, %.0f GiB; measured copy bandwidth (read + "
         "write, best of 5): %.3g GB/s\n",
         prop.name, prop.multiProcessorCount,
         (double)prop.totalGlobalMem / (1024.0 * 1024 * 1024), bw * 1e-9);
  printf("- host side: bla_dschur_batch {BLA_HOST}, %d threads, "
         "column-major\n",
         omp_get_max_threads());
  printf("- cuSOLVER geev: cusolverDnXgeev, one call per matrix over the "
         "first %d matrices of the batch, time scaled by batch / %d; right "
         "eigenvectors (jobvr = VECTOR) for the 'vectors' job, eigenvalues "
         "only otherwise. It computes eigenvectors, not Schur vectors: a "
         "different output, and the only vendor alternative\n",
         o.geev, o.geev);
  printf("- matrices: random, entries uniform(-1, 1), splitmix64 seed %llu\n",
         (unsigned long long)o.seed);
  printf("- %d repetitions per cell, order rotating; time per problem in "
         "microseconds, median (spread = (max - min) / median); ratio = "
         "side / batchla interleaved (> 1: slower than batchla "
         "interleaved)\n",
         o.reps);
  printf("- cross-check before timing (THRESH = %.0f) on %d sampled "
         "problems per side: eigenvalues against %s as multisets; "
         "|A - Z T Z^T| / (|A| n ulp) and |I - Z Z^T| / (n ulp) for "
         "batchla\n",
         THRESH, SAMPLES,
         BENCH_HAVE_LAPACKE ? "LAPACK dgees, weighted by dtrsna's s"
                            : "batchla's host result (s = 1)");
  printf("- est. GFLOP/s / GB/s of batchla interleaved: about 25 n^3 "
         "(vectors) or 10 n^3 flops per problem, an estimate; compulsory "
         "bytes 8(2n^2 + 2n) (+ 8n^2 with vectors); traffic est. = 8 "
         "bytes per flop, an upper estimate for one problem per thread "
         "with the matrix in global memory\n\n");
  for (int job = 0; job < NJOBS; ++job) {
    printf("### %s\n\n", job == JOB_VECTORS
                             ? "Schur form and vectors (geev: right "
                               "eigenvectors)"
                             : "Schur form only (geev: eigenvalues only)");
    printf("| n | batch | batchla interleaved us | batchla col-major us | "
           "ratio | batchla host us | ratio | cuSOLVER geev us (scaled) | "
           "ratio | est. GFLOP/s / GB/s |\n");
    printf("|---|---|---|---|---|---|---|---|---|---|\n");
    for (int si = 0; si < NSIZES; ++si)
      print_cell(&cells[si][job], job, bw);
    printf("\n");
  }
  printf("Total bench time %.0f s.%s\n\n", now() - t_start,
         status ? " Some cells failed: no timing for them." : "");
  cusolverDnDestroyParams(par);
  cusolverDnDestroy(h);
  cudaStreamDestroy(st);
  return status;
}
