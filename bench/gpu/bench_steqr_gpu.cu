/* bench_steqr_gpu: batchla's CUDA tridiagonal eigensolvers against
 * cuSOLVER and against batchla's own host path, on the same matrices, in
 * one run (how: docs/PERFORMANCE.md; run by bench/gpu/check.sh).
 *
 *   bench_steqr_gpu [--quick] [--reps R] [--budget SECONDS]
 *                   [--max-run SECONDS] [--seed X]
 *
 * Sides, each timed with cudaEvents on one stream (the host path with a
 * wall clock), inputs restored untimed before every run:
 *   batchla interleaved   bla_dsteqr_batch / bla_dsterf_batch, {BLA_CUDA}
 *   batchla col-major     the same on the LAPACK layout
 *   cuSOLVER syevBatched  cusolverDnXsyevBatched (64-bit API) on the dense
 *                         form of T (cuSOLVER has no batched tridiagonal
 *                         solver, so it also pays for the reduction)
 *   cuSOLVER syevjBatched cusolverDnDsyevjBatched, dense, n <= 32 only
 *   batchla host          the same driver with {BLA_HOST}, all threads
 * Eigenvalues of every side are checked against a host reference (LAPACK
 * dsterf when built with LAPACKE, else batchla's host dsterf) before any
 * time is printed; with vectors, |T - Z D Z^T| and |I - Z^T Z| are checked
 * on sampled problems. A cell whose single run would exceed --max-run
 * seconds, or that does not fit in device memory, is skipped and says so. */
#include <cuda_runtime.h>
#include <cusolverDn.h>

#include <float.h>
#include <math.h>
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
#define SAMPLES 16

enum { S_INT, S_COL, S_SYEV, S_SYEVJ, S_HOST, NSIDES };
static const char *const side_name[NSIDES] = {
    "batchla interleaved", "batchla col-major", "cuSOLVER syevBatched",
    "cuSOLVER syevjBatched", "batchla host"};

struct side_result {
  int run;       /* timed */
  char skip[96]; /* why not, when not */
  double t[MAX_REPS];
  double eig, res, orth;
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
  fprintf(stderr, "bench_steqr_gpu: %s: %s\n", what, cudaGetErrorString(e));
  return 0;
}

static int solver_ok(cusolverStatus_t s, const char *what) {
  if (s == CUSOLVER_STATUS_SUCCESS)
    return 1;
  fprintf(stderr, "bench_steqr_gpu: %s: cusolver status %d\n", what, (int)s);
  return 0;
}

/* Same stream as bench/bench_steqr.c: splitmix64, uniform(-1, 1). */
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

/* ---- kernels: dense form, gathers, bandwidth --------------------------- */

/* A(i, j) of problem p, column-major n x n, from packed d and e. */
__global__ void dense_kernel(const double *d, const double *e, double *a, int n,
                             long long count) {
  const long long total = count * n * n;
  for (long long k = (long long)blockIdx.x * blockDim.x + threadIdx.x;
       k < total; k += (long long)gridDim.x * blockDim.x) {
    long long p = k / ((long long)n * n);
    int r = (int)(k - p * n * n), i = r % n, j = r / n;
    double v = 0;
    if (i == j)
      v = d[p * n + i];
    else if (i == j + 1 || j == i + 1)
      v = e[p * (n - 1) + (i < j ? i : j)];
    a[k] = v;
  }
}

/* Matrices of the sampled problems, any layout, into packed column-major. */
__global__ void gather_kernel(const double *z, long long bs, long long rs,
                              long long cs, const long long *idx, int ns, int n,
                              double *out) {
  const long long total = (long long)ns * n * n;
  for (long long k = (long long)blockIdx.x * blockDim.x + threadIdx.x;
       k < total; k += (long long)gridDim.x * blockDim.x) {
    int s = (int)(k / ((long long)n * n));
    int r = (int)(k - (long long)s * n * n), i = r % n, j = r / n;
    out[k] = z[idx[s] * bs + i * rs + j * cs];
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

/* Best-of-5 device copy bandwidth (read + write), cudaMemcpy D2D and a
 * plain copy kernel; the larger is the reference "copy bandwidth". */
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
  int n, vectors;
  long long count;
  /* host */
  double *d0, *e0, *lam_ref, *hd, *he, *hz, *lam, *zs;
  int *hinfo;
  long long idx[SAMPLES];
  int ns;
  /* device: pristine inputs, work, cuSOLVER */
  double *pd0, *pe0, *id0, *ie0, *wd, *we, *wz, *A, *W, *gz;
  long long *gidx;
  int *info, *sinfo;
  void *xwork, *hxwork;
  size_t xwork_bytes, hxwork_bytes;
  double *jwork;
  int jlwork;
  int have_syev, have_syevj;
};

struct ctx {
  cudaStream_t st;
  cusolverDnHandle_t sol;
  cusolverDnParams_t params;
  syevjInfo_t jparams;
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
  free(c->d0);
  free(c->e0);
  free(c->lam_ref);
  free(c->hd);
  free(c->he);
  free(c->hz);
  free(c->lam);
  free(c->zs);
  free(c->hinfo);
  free(c->hxwork);
  cudaFree(c->pd0);
  cudaFree(c->pe0);
  cudaFree(c->id0);
  cudaFree(c->ie0);
  cudaFree(c->wd);
  cudaFree(c->we);
  cudaFree(c->wz);
  cudaFree(c->A);
  cudaFree(c->W);
  cudaFree(c->gz);
  cudaFree(c->gidx);
  cudaFree(c->info);
  cudaFree(c->sinfo);
  cudaFree(c->xwork);
  cudaFree(c->jwork);
  memset(c, 0, sizeof *c);
}

/* Host reference eigenvalues: LAPACK where linked, else batchla host. */
static void reference_values(struct cell *c) {
  const int n = c->n;
  const long long ne = n - 1;
  memcpy(c->lam_ref, c->d0, sizeof(double) * (size_t)(c->count * n));
  memcpy(c->he, c->e0, sizeof(double) * (size_t)(c->count * ne));
#if BENCH_HAVE_LAPACKE
#pragma omp parallel for schedule(static)
  for (long long p = 0; p < c->count; ++p)
    LAPACKE_dsterf_work(n, c->lam_ref + p * n, c->he + p * ne);
#else
  bla_dsterf_batch(bla_dvec_batch_packed(c->lam_ref, c->count, n),
                   bla_dvec_batch_packed(c->he, c->count, ne), c->hinfo, NULL);
#endif
}

static int cell_setup(struct cell *c, const struct ctx *x, int n, int vectors,
                      long long count, uint64_t seed, char *why, size_t wlen) {
  const long long ne = n - 1, cn = count * n, cne = count * ne;
  const size_t zb = vectors ? sizeof(double) * (size_t)(cn * n) : 0;
  int ok = 1;
  uint64_t s = seed;
  memset(c, 0, sizeof *c);
  c->n = n;
  c->vectors = vectors;
  c->count = count;
  c->d0 = (double *)malloc(sizeof(double) * (size_t)cn);
  c->e0 = (double *)malloc(sizeof(double) * (size_t)cne);
  c->lam_ref = (double *)malloc(sizeof(double) * (size_t)cn);
  c->hd = (double *)malloc(sizeof(double) * (size_t)cn);
  c->he = (double *)malloc(sizeof(double) * (size_t)cne);
  c->lam = (double *)malloc(sizeof(double) * (size_t)cn);
  c->zs = (double *)malloc(sizeof(double) * (size_t)SAMPLES * n * n);
  c->hinfo = (int *)malloc(sizeof(int) * (size_t)count);
  if (!c->d0 || !c->e0 || !c->lam_ref || !c->hd || !c->he || !c->lam ||
      !c->zs || !c->hinfo) {
    snprintf(why, wlen, "host memory");
    return 0;
  }
  for (long long p = 0; p < count; ++p) {
    for (int i = 0; i < n; ++i)
      c->d0[p * n + i] = rng_unif(&s);
    for (long long i = 0; i < ne; ++i)
      c->e0[p * ne + i] = rng_unif(&s);
  }
  c->ns = count < SAMPLES ? (int)count : SAMPLES;
  for (int k = 0; k < c->ns; ++k)
    c->idx[k] = c->ns > 1
                    ? (long long)((double)k * (double)(count - 1) / (c->ns - 1))
                    : 0;
  reference_values(c);

  /* batchla's buffers first: a cell that cannot hold them is skipped. */
  c->pd0 = (double *)dmalloc(sizeof(double) * (size_t)cn, &ok);
  c->pe0 = (double *)dmalloc(sizeof(double) * (size_t)cne, &ok);
  c->id0 = (double *)dmalloc(sizeof(double) * (size_t)cn, &ok);
  c->ie0 = (double *)dmalloc(sizeof(double) * (size_t)cne, &ok);
  c->wd = (double *)dmalloc(sizeof(double) * (size_t)cn, &ok);
  c->we = (double *)dmalloc(sizeof(double) * (size_t)cne, &ok);
  c->wz = vectors ? (double *)dmalloc(zb, &ok) : NULL;
  c->info = (int *)dmalloc(sizeof(int) * (size_t)count, &ok);
  c->sinfo = (int *)dmalloc(sizeof(int) * (size_t)count, &ok);
  c->gz = (double *)dmalloc(sizeof(double) * (size_t)SAMPLES * n * n, &ok);
  c->gidx = (long long *)dmalloc(sizeof(long long) * SAMPLES, &ok);
  if (!ok) {
    snprintf(why, wlen, "device memory (batchla buffers)");
    return 0;
  }
  {
    /* Interleaved copies, transposed on the host once. */
    double *t = (double *)malloc(sizeof(double) * (size_t)cn);
    if (!t) {
      snprintf(why, wlen, "host memory");
      return 0;
    }
    ok &= cuda_ok(
        cudaMemcpy(c->pd0, c->d0, sizeof(double) * cn, cudaMemcpyHostToDevice),
        "upload d");
    ok &= cuda_ok(
        cudaMemcpy(c->pe0, c->e0, sizeof(double) * cne, cudaMemcpyHostToDevice),
        "upload e");
    for (long long p = 0; p < count; ++p)
      for (int i = 0; i < n; ++i)
        t[p + i * count] = c->d0[p * n + i];
    ok &= cuda_ok(
        cudaMemcpy(c->id0, t, sizeof(double) * cn, cudaMemcpyHostToDevice),
        "upload d (interleaved)");
    for (long long p = 0; p < count; ++p)
      for (long long i = 0; i < ne; ++i)
        t[p + i * count] = c->e0[p * ne + i];
    ok &= cuda_ok(
        cudaMemcpy(c->ie0, t, sizeof(double) * cne, cudaMemcpyHostToDevice),
        "upload e (interleaved)");
    ok &= cuda_ok(cudaMemcpy(c->gidx, c->idx, sizeof(long long) * SAMPLES,
                             cudaMemcpyHostToDevice),
                  "upload sample indices");
    free(t);
    if (!ok) {
      snprintf(why, wlen, "upload failed");
      return 0;
    }
  }

  /* cuSOLVER's dense matrices and workspaces, when they fit. */
  {
    int dok = 1;
    size_t dbytes = 0, hbytes = 0;
    c->A = (double *)dmalloc(sizeof(double) * (size_t)(cn * n), &dok);
    c->W = (double *)dmalloc(sizeof(double) * (size_t)cn, &dok);
    if (dok &&
        solver_ok(
            cusolverDnXsyevBatched_bufferSize(
                x->sol, x->params,
                vectors ? CUSOLVER_EIG_MODE_VECTOR : CUSOLVER_EIG_MODE_NOVECTOR,
                CUBLAS_FILL_MODE_LOWER, n, CUDA_R_64F, c->A, n, CUDA_R_64F,
                c->W, CUDA_R_64F, &dbytes, &hbytes, count),
            "XsyevBatched_bufferSize")) {
      int wok = 1;
      c->xwork = dmalloc(dbytes, &wok);
      c->hxwork = hbytes ? malloc(hbytes) : NULL;
      c->xwork_bytes = dbytes;
      c->hxwork_bytes = hbytes;
      c->have_syev = wok && (hbytes == 0 || c->hxwork);
    }
    if (dok && n <= 32 && count <= INT32_MAX) {
      int lw = 0;
      if (solver_ok(cusolverDnDsyevjBatched_bufferSize(
                        x->sol,
                        vectors ? CUSOLVER_EIG_MODE_VECTOR
                                : CUSOLVER_EIG_MODE_NOVECTOR,
                        CUBLAS_FILL_MODE_LOWER, n, c->A, n, c->W, &lw,
                        x->jparams, (int)count),
                    "DsyevjBatched_bufferSize")) {
        int wok = 1;
        c->jwork = (double *)dmalloc(sizeof(double) * (size_t)lw, &wok);
        c->jlwork = lw;
        c->have_syevj = wok;
      }
    }
  }
  return 1;
}

/* Untimed: the side's inputs, restored. */
static int side_prepare(struct cell *c, const struct ctx *x, int side) {
  const long long cn = c->count * c->n, cne = c->count * (c->n - 1);
  switch (side) {
  case S_INT:
  case S_COL:
    return cuda_ok(cudaMemcpyAsync(c->wd, side == S_INT ? c->id0 : c->pd0,
                                   sizeof(double) * cn,
                                   cudaMemcpyDeviceToDevice, x->st),
                   "restore d") &&
           cuda_ok(cudaMemcpyAsync(c->we, side == S_INT ? c->ie0 : c->pe0,
                                   sizeof(double) * cne,
                                   cudaMemcpyDeviceToDevice, x->st),
                   "restore e") &&
           cuda_ok(cudaStreamSynchronize(x->st), "restore");
  case S_SYEV:
  case S_SYEVJ:
    dense_kernel<<<grid_for(cn * c->n), 256, 0, x->st>>>(c->pd0, c->pe0, c->A,
                                                         c->n, c->count);
    return cuda_ok(cudaStreamSynchronize(x->st), "dense form");
  default:
    memcpy(c->hd, c->d0, sizeof(double) * (size_t)cn);
    memcpy(c->he, c->e0, sizeof(double) * (size_t)cne);
    return 1;
  }
}

/* Timed: returns seconds, or a negative value when the call failed. */
static double side_run(struct cell *c, const struct ctx *x, int side) {
  const int n = c->n;
  const long long cnt = c->count;
  const cusolverEigMode_t jobz =
      c->vectors ? CUSOLVER_EIG_MODE_VECTOR : CUSOLVER_EIG_MODE_NOVECTOR;
  bla_exec ex;
  bla_status bs = BLA_OK;
  float ms = 0;
  ex.backend = side == S_HOST ? BLA_HOST : BLA_CUDA;
  ex.threads = 0;
  ex.stream = side == S_HOST ? NULL : (void *)x->st;
  if (side == S_HOST) {
    double t0 = now();
    if (c->vectors)
      bs = bla_dsteqr_batch(
          BLA_COMPZ_INIT, bla_dvec_batch_packed(c->hd, cnt, n),
          bla_dvec_batch_packed(c->he, cnt, n - 1),
          bla_dmat_batch_colmajor(c->hz, cnt, n, n, n), c->hinfo, &ex);
    else
      bs = bla_dsterf_batch(bla_dvec_batch_packed(c->hd, cnt, n),
                            bla_dvec_batch_packed(c->he, cnt, n - 1), c->hinfo,
                            &ex);
    return bs == BLA_OK ? now() - t0 : -1;
  }
  cudaEventRecord(x->e0, x->st);
  if (side == S_INT || side == S_COL) {
    bla_dvec_batch d = side == S_INT ? bla_dvec_batch_interleaved(c->wd, cnt, n)
                                     : bla_dvec_batch_packed(c->wd, cnt, n);
    bla_dvec_batch e = side == S_INT
                           ? bla_dvec_batch_interleaved(c->we, cnt, n - 1)
                           : bla_dvec_batch_packed(c->we, cnt, n - 1);
    if (c->vectors)
      bs = bla_dsteqr_batch(BLA_COMPZ_INIT, d, e,
                            side == S_INT
                                ? bla_dmat_batch_interleaved(c->wz, cnt, n, n)
                                : bla_dmat_batch_colmajor(c->wz, cnt, n, n, n),
                            c->info, &ex);
    else
      bs = bla_dsterf_batch(d, e, c->info, &ex);
  } else if (side == S_SYEV) {
    if (!solver_ok(cusolverDnXsyevBatched(x->sol, x->params, jobz,
                                          CUBLAS_FILL_MODE_LOWER, n, CUDA_R_64F,
                                          c->A, n, CUDA_R_64F, c->W, CUDA_R_64F,
                                          c->xwork, c->xwork_bytes, c->hxwork,
                                          c->hxwork_bytes, c->sinfo, cnt),
                   "XsyevBatched"))
      bs = BLA_ERR_DEVICE;
  } else {
    if (!solver_ok(cusolverDnDsyevjBatched(
                       x->sol, jobz, CUBLAS_FILL_MODE_LOWER, n, c->A, n, c->W,
                       c->jwork, c->jlwork, c->sinfo, x->jparams, (int)cnt),
                   "DsyevjBatched"))
      bs = BLA_ERR_DEVICE;
  }
  cudaEventRecord(x->e1, x->st);
  if (!cuda_ok(cudaEventSynchronize(x->e1), side_name[side]) || bs != BLA_OK)
    return -1;
  cudaEventElapsedTime(&ms, x->e0, x->e1);
  return ms * 1e-3;
}

static double tri_norm1(const double *d, const double *e, int n) {
  double m = 0;
  for (int j = 0; j < n; ++j) {
    double s = fabs(d[j]);
    if (j > 0)
      s += fabs(e[j - 1]);
    if (j < n - 1)
      s += fabs(e[j]);
    m = s > m ? s : m;
  }
  return m;
}

/* Checks the last run of a side against the reference. */
static int side_check(struct cell *c, const struct ctx *x, int side,
                      struct side_result *r, char *why, size_t wlen) {
  const int n = c->n;
  const long long cnt = c->count, cn = cnt * n, ne = n - 1;
  const double ulp = DBL_EPSILON;
  long long bs = n * n, rs = 1, cs = n;
  const double *zsrc = c->wz;
  long long bad = 0;
  /* info and eigenvalues, packed */
  if (side == S_HOST) {
    memcpy(c->lam, c->hd, sizeof(double) * (size_t)cn);
  } else {
    const double *src = side == S_SYEV || side == S_SYEVJ ? c->W : c->wd;
    const int *inf = side == S_SYEV || side == S_SYEVJ ? c->sinfo : c->info;
    if (!cuda_ok(cudaMemcpy(c->hinfo, inf, sizeof(int) * cnt,
                            cudaMemcpyDeviceToHost),
                 "download info") ||
        !cuda_ok(
            cudaMemcpy(c->hd, src, sizeof(double) * cn, cudaMemcpyDeviceToHost),
            "download eigenvalues")) {
      snprintf(why, wlen, "download failed");
      return 0;
    }
    if (side == S_INT)
      for (long long p = 0; p < cnt; ++p)
        for (int i = 0; i < n; ++i)
          c->lam[p * n + i] = c->hd[p + i * cnt];
    else
      memcpy(c->lam, c->hd, sizeof(double) * (size_t)cn);
  }
  for (long long p = 0; p < cnt; ++p)
    bad += c->hinfo[p] != 0;
  if (bad) {
    snprintf(why, wlen, "%lld problems returned info != 0", bad);
    return 0;
  }
  r->eig = 0;
  for (long long p = 0; p < cnt; ++p) {
    double tn = tri_norm1(c->d0 + p * n, c->e0 + p * ne, n), worst = 0, q;
    for (int i = 0; i < n; ++i) {
      double df = fabs(c->lam[p * n + i] - c->lam_ref[p * n + i]);
      worst = df > worst ? df : worst;
    }
    q = worst / ((tn > 0 ? tn : 1) * n * ulp);
    if (!(q <= r->eig))
      r->eig = q;
  }
  r->res = r->orth = 0;
  if (c->vectors) {
    if (side == S_INT) {
      bs = 1;
      rs = cnt;
      cs = cnt * n;
    } else if (side == S_SYEV || side == S_SYEVJ) {
      zsrc = c->A;
    }
    if (side == S_HOST) {
      for (int k = 0; k < c->ns; ++k)
        memcpy(c->zs + (size_t)k * n * n, c->hz + c->idx[k] * n * n,
               sizeof(double) * (size_t)(n * n));
    } else {
      gather_kernel<<<grid_for((long long)c->ns * n * n), 256, 0, x->st>>>(
          zsrc, bs, rs, cs, c->gidx, c->ns, n, c->gz);
      if (!cuda_ok(cudaStreamSynchronize(x->st), "gather") ||
          !cuda_ok(cudaMemcpy(c->zs, c->gz,
                              sizeof(double) * (size_t)c->ns * n * n,
                              cudaMemcpyDeviceToHost),
                   "download vectors")) {
        snprintf(why, wlen, "download failed");
        return 0;
      }
    }
    for (int k = 0; k < c->ns; ++k) {
      const long long p = c->idx[k];
      const double *d0 = c->d0 + p * n, *e0 = c->e0 + p * ne;
      const double *z = c->zs + (size_t)k * n * n, *lam = c->lam + p * n;
      double tn = tri_norm1(d0, e0, n), rmax = 0, omax = 0;
      for (int j = 0; j < n; ++j) {
        double rsum = 0, osum = 0;
        for (int i = 0; i < n; ++i) {
          double t = i == j       ? d0[i]
                     : i == j + 1 ? e0[j]
                     : j == i + 1 ? e0[i]
                                  : 0.0;
          double rr = 0, oo = 0;
          for (int l = 0; l < n; ++l) {
            rr += z[i + l * n] * lam[l] * z[j + l * n];
            oo += z[l + i * n] * z[l + j * n];
          }
          rsum += fabs(t - rr);
          osum += fabs((i == j ? 1.0 : 0.0) - oo);
        }
        rmax = rsum > rmax ? rsum : rmax;
        omax = osum > omax ? osum : omax;
      }
      rmax /= (tn > 0 ? tn : 1) * n * ulp;
      omax /= n * ulp;
      if (!(rmax <= r->res))
        r->res = rmax;
      if (!(omax <= r->orth))
        r->orth = omax;
    }
  }
  if (!(r->eig < THRESH) || !(r->res < THRESH) || !(r->orth < THRESH)) {
    snprintf(why, wlen, "MISMATCH eig %.3g res %.3g orth %.3g", r->eig, r->res,
             r->orth);
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
  snprintf(buf, len, "%.2g", median(a->t, reps) / median(b->t, reps));
}

int main(int argc, char **argv) {
  struct options o;
  struct ctx x;
  cudaDeviceProp prop;
  int dev = 0, ndev = 0, rt = 0, drv = 0, solv = 0, clk = 0, mclk = 0, bus = 0,
      status = 0;
  double bw_memcpy, bw_kernel, bw, t_start = now();
  static const int sizes[] = {8, 16, 32, 64};
  static const long long counts[] = {10000, 100000, 1000000};
  char cmdline[512] = "";
  /* Per (n, job, side): time and count of the last timed run, for the
   * prediction that skips cells that would run too long. */
  double last_t[4][2][NSIDES];
  long long last_c[4][2][NSIDES];

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
      fprintf(stderr, "bench_steqr_gpu: %s needs a value\n", a);
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
              "usage: bench_steqr_gpu [--quick] [--reps R] [--budget S] "
              "[--max-run S] [--seed X]\n");
      return 2;
    }
  }
  if (o.reps < 5 || o.reps > MAX_REPS) {
    fprintf(stderr, "bench_steqr_gpu: 5 <= reps <= %d\n", MAX_REPS);
    return 2;
  }
  if (o.quick && o.max_run == 1.5)
    o.max_run = 0.2;

  if (!bla_has_cuda()) {
    printf("GPU benchmark skipped: batchla was built without CUDA.\n");
    return 0;
  }
  {
    cudaError_t ce = cudaGetDeviceCount(&ndev);
    if (ce != cudaSuccess || ndev == 0) {
      printf("GPU benchmark skipped: no CUDA device (%s).\n",
             ce != cudaSuccess ? cudaGetErrorString(ce) : "none found");
      return 0;
    }
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
      !solver_ok(cusolverDnSetStream(x.sol, x.st), "cusolverDnSetStream") ||
      !solver_ok(cusolverDnCreateParams(&x.params), "CreateParams") ||
      !solver_ok(cusolverDnCreateSyevjInfo(&x.jparams), "CreateSyevjInfo"))
    return 1;
  cudaEventCreate(&x.e0);
  cudaEventCreate(&x.e1);
  fprintf(stderr, "bench_steqr_gpu: measuring copy bandwidth\n");
  copy_bandwidth(x.st, &bw_memcpy, &bw_kernel);
  bw = bw_memcpy > bw_kernel ? bw_memcpy : bw_kernel;
  for (int a = 0; a < 4; ++a)
    for (int b = 0; b < 2; ++b)
      for (int s = 0; s < NSIDES; ++s) {
        last_t[a][b][s] = 0;
        last_c[a][b][s] = 0;
      }

  printf("## GPU: batchla vs cuSOLVER, symmetric tridiagonal "
         "eigenproblems\n\n");
  printf("- command: `bench_steqr_gpu%s`\n", cmdline);
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
  printf("- matrices: random symmetric tridiagonal, d and e uniform(-1, 1), "
         "splitmix64 seed %llu (the host bench's stream); cuSOLVER gets the "
         "dense form (lower triangle)\n",
         (unsigned long long)o.seed);
  printf("- reference eigenvalues: %s; THRESH %.0f; vectors checked on %d "
         "sampled problems\n",
         BENCH_HAVE_LAPACKE ? "LAPACKE dsterf on the host"
                            : "batchla host dsterf",
         THRESH, SAMPLES);
  printf("- %d repetitions per cell, first side rotates; time per batch in "
         "ms, median (spread = (max - min) / median), cudaEvent timing on "
         "one stream (host path: wall clock, all host threads); a run over "
         "%.2g s (or predicted so) is not timed\n\n",
         o.reps, o.max_run);

  for (int job = 0; job < 2; ++job) { /* values only first: cheaper */
    printf("### %s\n\n",
           job ? "Eigenvalues and eigenvectors (batchla dsteqr INIT; "
                 "cuSOLVER jobz = VECTOR)"
               : "Eigenvalues only (batchla dsterf; cuSOLVER jobz = "
                 "NOVECTOR)");
    printf("| n | batch | batchla interleaved ms | batchla col-major ms | "
           "syevBatched ms | syevjBatched ms | batchla host ms | int / syev "
           "| int / syevj | int / host |%s\n",
           job ? "" : " int GB/s (% of copy) | col GB/s (% of copy) |");
    printf("|---|---|---|---|---|---|---|---|---|---|%s\n",
           job ? "" : "---|---|");
    fflush(stdout);
    for (int in = 0; in < 4; ++in)
      for (int ic = 0; ic < 3; ++ic) {
        const int n = sizes[in];
        const long long count = counts[ic];
        struct cell c;
        struct side_result r[NSIDES];
        char why[128] = "", cellbuf[NSIDES][128], rat[3][16];
        int order[NSIDES], ns = 0, setup;
        memset(r, 0, sizeof r);
        if (o.quick && count > 100000)
          continue;
        if (now() - t_start > o.budget) {
          printf("| %d | %lld | skipped: time budget of %.0f s spent | | | "
                 "| | | | |%s\n",
                 n, count, o.budget, job ? "" : " | |");
          continue;
        }
        fprintf(stderr, "bench_steqr_gpu: %s n=%d batch=%lld\n",
                job ? "vectors" : "values", n, count);
        setup = cell_setup(&c, &x, n, job, count, o.seed, why, sizeof why);
        /* Which sides run: memory, limits, and the predicted time. */
        for (int s = 0; s < NSIDES; ++s) {
          double pred = last_c[in][job][s]
                            ? last_t[in][job][s] * (double)count /
                                  (double)last_c[in][job][s]
                            : 0;
          if (!setup)
            snprintf(r[s].skip, sizeof r[s].skip, "%s", why);
          else if (s == S_SYEV && !c.have_syev)
            snprintf(r[s].skip, sizeof r[s].skip, "does not fit");
          else if (s == S_SYEVJ && n > 32)
            snprintf(r[s].skip, sizeof r[s].skip, "n > 32");
          else if (s == S_SYEVJ && !c.have_syevj)
            snprintf(r[s].skip, sizeof r[s].skip, "does not fit");
          else if (last_c[in][job][s] < 0)
            snprintf(r[s].skip, sizeof r[s].skip, "smaller batch too slow");
          else if (pred > o.max_run)
            snprintf(r[s].skip, sizeof r[s].skip, "predicted %.2g s/run", pred);
          else
            order[ns++] = s;
        }
        if (setup && job)
          for (int k = 0; k < ns; ++k)
            if (order[k] == S_HOST) {
              c.hz = (double *)malloc(sizeof(double) * (size_t)(count * n * n));
              if (!c.hz) {
                snprintf(r[S_HOST].skip, sizeof r[S_HOST].skip, "host memory");
                order[k] = order[--ns];
              }
            }
        /* Cross-check (and warm-up) run of every side. */
        for (int k = 0; k < ns; ++k) {
          const int s = order[k];
          double t;
          char w[128] = "";
          if (!side_prepare(&c, &x, s) || (t = side_run(&c, &x, s)) < 0) {
            snprintf(r[s].skip, sizeof r[s].skip, "call failed");
            status = 1;
          } else if (!side_check(&c, &x, s, &r[s], w, sizeof w)) {
            snprintf(r[s].skip, sizeof r[s].skip, "%s", w);
            status = 1;
          } else if (t > o.max_run) {
            snprintf(r[s].skip, sizeof r[s].skip, "%.2g s/run, not timed", t);
            last_c[in][job][s] = -1;
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
          if (r[s].run && last_c[in][job][s] >= 0) {
            last_t[in][job][s] = median(r[s].t, o.reps);
            last_c[in][job][s] = count;
          }
        for (int s = 0; s < NSIDES; ++s)
          fmt_time(cellbuf[s], sizeof cellbuf[s], &r[s], o.reps);
        fmt_ratio(rat[0], sizeof rat[0], &r[S_INT], &r[S_SYEV], o.reps);
        fmt_ratio(rat[1], sizeof rat[1], &r[S_INT], &r[S_SYEVJ], o.reps);
        fmt_ratio(rat[2], sizeof rat[2], &r[S_INT], &r[S_HOST], o.reps);
        printf("| %d | %lld | %s | %s | %s | %s | %s | %s | %s | %s |", n,
               count, cellbuf[S_INT], cellbuf[S_COL], cellbuf[S_SYEV],
               cellbuf[S_SYEVJ], cellbuf[S_HOST], rat[0], rat[1], rat[2]);
        if (!job) {
          /* Compulsory traffic of values only: read d, e; write d. */
          const double bytes = (double)count * ((2.0 * n - 1) * 8 + n * 8.0);
          for (int s = S_INT; s <= S_COL; ++s) {
            if (r[s].run) {
              double g = bytes / median(r[s].t, o.reps);
              printf(" %.0f (%.1f%%) |", g * 1e-9, 100 * g / bw);
            } else {
              printf(" - |");
            }
          }
        }
        printf("\n");
        fflush(stdout);
        cell_free(&c);
      }
    printf("\n");
  }
  printf("Ratios are batchla interleaved time / other time (below 1: "
         "batchla faster). Total %.0f s.\n",
         now() - t_start);
  cusolverDnDestroySyevjInfo(x.jparams);
  cusolverDnDestroyParams(x.params);
  cusolverDnDestroy(x.sol);
  cudaEventDestroy(x.e0);
  cudaEventDestroy(x.e1);
  cudaStreamDestroy(x.st);
  return status;
}
