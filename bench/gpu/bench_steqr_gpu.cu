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
#include <cusolverDn.h>

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "batchla/batchla.h"
#include "bench_cuda.cuh"
#include "bench_lapack.h"

#define SAMPLES 16

enum { S_INT, S_COL, S_SYEV, S_SYEVJ, S_HOST, NSIDES };
static const char *const side_name[NSIDES] = {
    "batchla interleaved", "batchla col-major", "cuSOLVER syevBatched",
    "cuSOLVER syevjBatched", "batchla host"};

/* ---- kernels: dense form, gathers --------------------------------------- */

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

/* ---- one cell ---------------------------------------------------------- */

struct ctx {
  cudaStream_t st;
  bench_cuda_timer tm;
  cusolverDnHandle_t sol;
  cusolverDnParams_t params;
  syevjInfo_t jparams;
};

struct cell {
  const struct ctx *x;
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

static void cell_free(struct cell *c) {
  BENCH_FREE(c->d0, c->e0, c->lam_ref, c->hd, c->he, c->hz, c->lam, c->zs,
             c->hinfo, c->hxwork);
  void *dev[] = {c->pd0,  c->pe0,  c->id0,   c->ie0,   c->wd,
                 c->we,   c->wz,   c->A,     c->W,     c->gz,
                 c->gidx, c->info, c->sinfo, c->xwork, c->jwork};
  for (size_t k = 0; k < sizeof dev / sizeof *dev; ++k)
    cudaFree(dev[k]);
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

/* cuSOLVER's dense matrices and workspaces, when they fit. */
static void solver_setup(struct cell *c, const struct ctx *x) {
  const int n = c->n;
  const long long cn = c->count * n;
  const cusolverEigMode_t jobz =
      c->vectors ? CUSOLVER_EIG_MODE_VECTOR : CUSOLVER_EIG_MODE_NOVECTOR;
  int dok = 1;
  size_t dbytes = 0, hbytes = 0;
  c->A = bench_cuda_array<double>((size_t)(cn * n), &dok);
  c->W = bench_cuda_array<double>((size_t)cn, &dok);
  if (dok &&
      bench_cusolver_ok(cusolverDnXsyevBatched_bufferSize(
                            x->sol, x->params, jobz, CUBLAS_FILL_MODE_LOWER, n,
                            CUDA_R_64F, c->A, n, CUDA_R_64F, c->W, CUDA_R_64F,
                            &dbytes, &hbytes, c->count),
                        "XsyevBatched_bufferSize")) {
    int wok = 1;
    c->xwork = bench_cuda_alloc(dbytes, &wok);
    c->hxwork = hbytes ? malloc(hbytes) : NULL;
    c->xwork_bytes = dbytes;
    c->hxwork_bytes = hbytes;
    c->have_syev = wok && (hbytes == 0 || c->hxwork);
  }
  if (dok && n <= 32 && c->count <= INT32_MAX) {
    int lw = 0, wok = 1;
    if (bench_cusolver_ok(cusolverDnDsyevjBatched_bufferSize(
                              x->sol, jobz, CUBLAS_FILL_MODE_LOWER, n, c->A, n,
                              c->W, &lw, x->jparams, (int)c->count),
                          "DsyevjBatched_bufferSize")) {
      c->jwork = bench_cuda_array<double>((size_t)lw, &wok);
      c->jlwork = lw;
      c->have_syevj = wok;
    }
  }
}

static int cell_setup(struct cell *c, const struct ctx *x, int n, int vectors,
                      long long count, uint64_t seed, char *why, size_t wlen) {
  const long long ne = n - 1, cn = count * n, cne = count * ne;
  const size_t zb = vectors ? (size_t)(cn * n) : 0;
  int ok = 1;
  uint64_t s = seed;
  memset(c, 0, sizeof *c);
  c->x = x;
  c->n = n;
  c->vectors = vectors;
  c->count = count;
  c->d0 = (double *)bench_xmalloc(sizeof(double) * (size_t)cn);
  c->e0 = (double *)bench_xmalloc(sizeof(double) * (size_t)cne);
  c->lam_ref = (double *)bench_xmalloc(sizeof(double) * (size_t)cn);
  c->hd = (double *)bench_xmalloc(sizeof(double) * (size_t)cn);
  c->he = (double *)bench_xmalloc(sizeof(double) * (size_t)cne);
  c->lam = (double *)bench_xmalloc(sizeof(double) * (size_t)cn);
  c->zs = (double *)bench_xmalloc(sizeof(double) * (size_t)SAMPLES * n * n);
  c->hinfo = (int *)bench_xmalloc(sizeof(int) * (size_t)count);
  /* The host bench's stream: problem after problem, d then e. */
  for (long long p = 0; p < count; ++p) {
    for (int i = 0; i < n; ++i)
      c->d0[p * n + i] = bench_rng_unif(&s);
    for (long long i = 0; i < ne; ++i)
      c->e0[p * ne + i] = bench_rng_unif(&s);
  }
  c->ns = count < SAMPLES ? (int)count : SAMPLES;
  for (int k = 0; k < c->ns; ++k)
    c->idx[k] = bench_sample_index(count, k, c->ns);
  reference_values(c);

  /* batchla's buffers first: a cell that cannot hold them is skipped. */
  c->pd0 = bench_cuda_array<double>((size_t)cn, &ok);
  c->pe0 = bench_cuda_array<double>((size_t)cne, &ok);
  c->id0 = bench_cuda_array<double>((size_t)cn, &ok);
  c->ie0 = bench_cuda_array<double>((size_t)cne, &ok);
  c->wd = bench_cuda_array<double>((size_t)cn, &ok);
  c->we = bench_cuda_array<double>((size_t)cne, &ok);
  c->wz = vectors ? bench_cuda_array<double>(zb, &ok) : NULL;
  c->info = bench_cuda_array<int>((size_t)count, &ok);
  c->sinfo = bench_cuda_array<int>((size_t)count, &ok);
  c->gz = bench_cuda_array<double>((size_t)SAMPLES * n * n, &ok);
  c->gidx = bench_cuda_array<long long>(SAMPLES, &ok);
  if (!ok) {
    snprintf(why, wlen, "device memory (batchla buffers)");
    return 0;
  }
  ok = bench_cuda_upload(c->pd0, c->d0, sizeof(double) * cn) &&
       bench_cuda_upload(c->pe0, c->e0, sizeof(double) * cne) &&
       bench_cuda_upload(c->gidx, c->idx, sizeof(long long) * SAMPLES);
  /* The interleaved copies, converted on the device. */
  bench_cuda_interleave(c->pd0, c->id0, n, count, x->st);
  bench_cuda_interleave(c->pe0, c->ie0, ne, count, x->st);
  if (!ok || !bench_cuda_ok(cudaStreamSynchronize(x->st), "upload")) {
    snprintf(why, wlen, "upload failed");
    return 0;
  }
  solver_setup(c, x);
  return 1;
}

/* Untimed: the side's inputs, restored; c is a cell. */
static int side_prepare(void *ctx, int side) {
  struct cell *c = (struct cell *)ctx;
  const struct ctx *x = c->x;
  const long long cn = c->count * c->n, cne = c->count * (c->n - 1);
  switch (side) {
  case S_INT:
  case S_COL:
    cudaMemcpyAsync(c->wd, side == S_INT ? c->id0 : c->pd0, sizeof(double) * cn,
                    cudaMemcpyDeviceToDevice, x->st);
    cudaMemcpyAsync(c->we, side == S_INT ? c->ie0 : c->pe0,
                    sizeof(double) * cne, cudaMemcpyDeviceToDevice, x->st);
    return bench_cuda_ok(cudaStreamSynchronize(x->st), "restore");
  case S_SYEV:
  case S_SYEVJ:
    dense_kernel<<<bench_cuda_grid(cn * c->n), 256, 0, x->st>>>(
        c->pd0, c->pe0, c->A, c->n, c->count);
    return bench_cuda_ok(cudaStreamSynchronize(x->st), "dense form");
  default:
    memcpy(c->hd, c->d0, sizeof(double) * (size_t)cn);
    memcpy(c->he, c->e0, sizeof(double) * (size_t)cne);
    return 1;
  }
}

/* A cuSOLVER side on the dense form; 0 when the call failed. */
static int solver_run(struct cell *c, int side) {
  const struct ctx *x = c->x;
  const cusolverEigMode_t jobz =
      c->vectors ? CUSOLVER_EIG_MODE_VECTOR : CUSOLVER_EIG_MODE_NOVECTOR;
  if (side == S_SYEV)
    return bench_cusolver_ok(
        cusolverDnXsyevBatched(x->sol, x->params, jobz, CUBLAS_FILL_MODE_LOWER,
                               c->n, CUDA_R_64F, c->A, c->n, CUDA_R_64F, c->W,
                               CUDA_R_64F, c->xwork, c->xwork_bytes, c->hxwork,
                               c->hxwork_bytes, c->sinfo, c->count),
        "XsyevBatched");
  return bench_cusolver_ok(
      cusolverDnDsyevjBatched(x->sol, jobz, CUBLAS_FILL_MODE_LOWER, c->n, c->A,
                              c->n, c->W, c->jwork, c->jlwork, c->sinfo,
                              x->jparams, (int)c->count),
      "DsyevjBatched");
}

/* Timed: seconds, or a negative value when the call failed; c is a cell. */
static double side_run(void *ctx, int side, int rep) {
  struct cell *c = (struct cell *)ctx;
  const struct ctx *x = c->x;
  const int n = c->n, inter = side == S_INT;
  const long long cnt = c->count;
  const bla_exec ex = bench_exec(side == S_HOST ? BLA_HOST : BLA_CUDA, 0,
                                 side == S_HOST ? NULL : (void *)x->st);
  double *d = side == S_HOST ? c->hd : c->wd,
         *e = side == S_HOST ? c->he : c->we;
  double *z = side == S_HOST ? c->hz : c->wz, t0 = bench_now();
  bla_status bs = BLA_OK;
  (void)rep;
  if (side != S_HOST)
    bench_cuda_timer_start(&x->tm);
  if (side == S_SYEV || side == S_SYEVJ) {
    bs = solver_run(c, side) ? BLA_OK : BLA_ERR_DEVICE;
  } else {
    const bla_dvec_batch dv = inter ? bla_dvec_batch_interleaved(d, cnt, n)
                                    : bla_dvec_batch_packed(d, cnt, n);
    const bla_dvec_batch ev = inter ? bla_dvec_batch_interleaved(e, cnt, n - 1)
                                    : bla_dvec_batch_packed(e, cnt, n - 1);
    const bla_dmat_batch zv = inter ? bla_dmat_batch_interleaved(z, cnt, n, n)
                                    : bla_dmat_batch_colmajor(z, cnt, n, n, n);
    int *info = side == S_HOST ? c->hinfo : c->info;
    bs = c->vectors ? bla_dsteqr_batch(BLA_COMPZ_INIT, dv, ev, zv, info, &ex)
                    : bla_dsterf_batch(dv, ev, info, &ex);
  }
  if (side == S_HOST)
    return bs == BLA_OK ? bench_now() - t0 : -1;
  {
    const double t = bench_cuda_timer_stop(&x->tm, side_name[side]);
    return bs == BLA_OK ? t : -1;
  }
}

/* The sampled problems' vectors of the last run, packed, into c->zs. */
static int fetch_vectors(struct cell *c, int side) {
  const int n = c->n;
  const long long cnt = c->count;
  const double *zsrc = side == S_SYEV || side == S_SYEVJ ? c->A : c->wz;
  const long long bs = side == S_INT ? 1 : (long long)n * n;
  const long long rs = side == S_INT ? cnt : 1;
  const long long cs = side == S_INT ? cnt * n : n;
  if (side == S_HOST) {
    for (int k = 0; k < c->ns; ++k)
      memcpy(c->zs + (size_t)k * n * n, c->hz + c->idx[k] * n * n,
             sizeof(double) * (size_t)(n * n));
    return 1;
  }
  gather_kernel<<<bench_cuda_grid((long long)c->ns * n * n), 256, 0,
                  c->x->st>>>(zsrc, bs, rs, cs, c->gidx, c->ns, n, c->gz);
  return bench_cuda_ok(cudaStreamSynchronize(c->x->st), "gather") &&
         bench_cuda_download(c->zs, c->gz,
                             sizeof(double) * (size_t)c->ns * n * n);
}

/* Checks the last run of a side against the reference; c is a cell. */
static int side_check(void *ctx, int side, char *why, size_t wlen) {
  struct cell *c = (struct cell *)ctx;
  const int n = c->n;
  const long long cnt = c->count, cn = cnt * n, ne = n - 1;
  const int dense = side == S_SYEV || side == S_SYEVJ;
  double eig, res = 0, orth = 0;
  long long bad;
  /* info and eigenvalues, packed */
  if (side == S_HOST) {
    memcpy(c->lam, c->hd, sizeof(double) * (size_t)cn);
  } else {
    if (!bench_cuda_download(c->hinfo, dense ? c->sinfo : c->info,
                             sizeof(int) * cnt) ||
        !bench_cuda_download(c->hd, dense ? c->W : c->wd,
                             sizeof(double) * cn)) {
      snprintf(why, wlen, "download failed");
      return 0;
    }
    bench_from_layout(c->hd, c->lam, n, cnt, side == S_INT, 0);
  }
  bad = bench_count_failed(c->hinfo, cnt);
  if (bad) {
    snprintf(why, wlen, "%lld problems returned info != 0", bad);
    return 0;
  }
  eig = bench_tri_eig_ratio(n, cnt, c->d0, c->e0, c->lam, c->lam_ref,
                            DBL_EPSILON);
  if (c->vectors) {
    if (!fetch_vectors(c, side)) {
      snprintf(why, wlen, "download failed");
      return 0;
    }
    for (int k = 0; k < c->ns; ++k) {
      const long long p = c->idx[k];
      double rk, ok;
      bench_tri_ratios(n, c->d0 + p * n, c->e0 + p * ne, c->lam + p * n,
                       c->zs + (size_t)k * n * n, DBL_EPSILON, &rk, &ok);
      bench_keep_max(&res, rk);
      bench_keep_max(&orth, ok);
    }
  }
  if (!(eig < BENCH_THRESH) || !(res < BENCH_THRESH) ||
      !(orth < BENCH_THRESH)) {
    snprintf(why, wlen, "MISMATCH eig %.3g res %.3g orth %.3g", eig, res, orth);
    return 0;
  }
  return 1;
}

/* ---- report ------------------------------------------------------------ */

#define USAGE                                                                  \
  "bench_steqr_gpu [--quick] [--reps R] [--budget S] [--max-run S] [--seed X]"

/* One cell: which sides run (memory, limits, the time predicted from the
 * last batch), their check and timing, and its table row. */
static int run_cell(const bench_args *o, const struct ctx *x, int n, int job,
                    long long count, bench_pred *pred, double bw) {
  struct cell c;
  bench_side r[NSIDES];
  const bench_timed timed = {&c, side_prepare, side_run, side_check};
  char why[128] = "", cellbuf[NSIDES][200], rat[3][16];
  int order[NSIDES], ns = 0, failed;
  const int setup = cell_setup(&c, x, n, job, count, o->seed, why, sizeof why);
  memset(r, 0, sizeof r);
  for (int s = 0; s < NSIDES; ++s) {
    char *skip = r[s].skip;
    const size_t len = sizeof r[s].skip;
    if (!setup)
      snprintf(skip, len, "%s", why);
    else if (s == S_SYEV && !c.have_syev)
      snprintf(skip, len, "does not fit");
    else if (s == S_SYEVJ && n > 32)
      snprintf(skip, len, "n > 32");
    else if (s == S_SYEVJ && !c.have_syevj)
      snprintf(skip, len, "does not fit");
    else if (!bench_pred_skip(&pred[s], count, o->max_run, skip, len))
      order[ns++] = s;
  }
  /* The host side's vectors, only when it runs. */
  for (int k = 0; setup && job && k < ns; ++k)
    if (order[k] == S_HOST &&
        !(c.hz = (double *)malloc(sizeof(double) * (size_t)(count * n * n)))) {
      snprintf(r[S_HOST].skip, sizeof r[S_HOST].skip, "host memory");
      order[k] = order[--ns];
    }
  failed = bench_measure(&timed, order, ns, o->reps, o->max_run, r);
  for (int s = 0; s < NSIDES; ++s) {
    bench_pred_note(&pred[s], &r[s], o->reps, count);
    bench_side_cell(cellbuf[s], sizeof cellbuf[s], &r[s], o->reps, 1e3);
  }
  bench_side_ratio(rat[0], sizeof rat[0], &r[S_INT], &r[S_SYEV], o->reps);
  bench_side_ratio(rat[1], sizeof rat[1], &r[S_INT], &r[S_SYEVJ], o->reps);
  bench_side_ratio(rat[2], sizeof rat[2], &r[S_INT], &r[S_HOST], o->reps);
  printf("| %d | %lld | %s | %s | %s | %s | %s | %s | %s | %s |", n, count,
         cellbuf[S_INT], cellbuf[S_COL], cellbuf[S_SYEV], cellbuf[S_SYEVJ],
         cellbuf[S_HOST], rat[0], rat[1], rat[2]);
  if (!job) {
    /* Compulsory traffic of values only: read d, e; write d. */
    const double bytes = (double)count * ((2.0 * n - 1) * 8 + n * 8.0);
    for (int s = S_INT; s <= S_COL; ++s) {
      if (r[s].run) {
        const double g = bytes / bench_median(r[s].t, o->reps);
        printf(" %.0f (%.1f%%) |", g * 1e-9, 100 * g / bw);
      } else {
        printf(" - |");
      }
    }
  }
  printf("\n");
  fflush(stdout);
  cell_free(&c);
  return failed == 0;
}

int main(int argc, char **argv) {
  bench_args o;
  struct ctx x;
  bench_cuda_env env;
  int solv = 0, status = 0;
  double bw_memcpy, bw_kernel, bw;
  const double t_start = bench_now();
  static const int sizes[] = {8, 16, 32, 64};
  static const long long counts[] = {10000, 100000, 1000000};
  /* Per (n, job, side): the last timed batch, for the prediction that
   * skips cells that would run too long. */
  bench_pred pred[4][2][NSIDES];

  bench_set_name("bench_steqr_gpu");
  bench_args_init(&o, 1, 20240607, NULL);
  if (!bench_cuda_args(&o, argc, argv, 1.5, 0.2, 240, NULL, 0, USAGE))
    return 2;
  if (!bench_cuda_start(&env, &x.st, &x.tm))
    return 0;
  if (!bench_cusolver_start(&x.sol, x.st, &solv) ||
      !bench_cusolver_ok(cusolverDnCreateParams(&x.params), "CreateParams") ||
      !bench_cusolver_ok(cusolverDnCreateSyevjInfo(&x.jparams),
                         "CreateSyevjInfo"))
    return 1;
  memset(pred, 0, sizeof pred);

  bench_cuda_print_head("GPU: batchla vs cuSOLVER, symmetric tridiagonal "
                        "eigenproblems",
                        &o, &env, solv);
  bench_cuda_report_copy_bandwidths(x.st, (size_t)2 << 30, &bw_memcpy,
                                    &bw_kernel);
  bw = bw_memcpy > bw_kernel ? bw_memcpy : bw_kernel;
  printf("- matrices: random symmetric tridiagonal, d and e uniform(-1, 1), "
         "splitmix64 seed %llu (the host bench's stream); cuSOLVER gets the "
         "dense form (lower triangle)\n",
         (unsigned long long)o.seed);
  printf("- reference eigenvalues: %s; THRESH %.0f; vectors checked on %d "
         "sampled problems\n",
         BENCH_HAVE_LAPACKE ? "LAPACKE dsterf on the host"
                            : "batchla host dsterf",
         BENCH_THRESH, SAMPLES);
  bench_cuda_print_batch_timing(&o);
  printf("\n");

  for (int job = 0; job < 2; ++job) { /* values only first: cheaper */
    bench_print_table(job ? "Eigenvalues and eigenvectors (batchla dsteqr "
                            "INIT; cuSOLVER jobz = VECTOR)"
                          : "Eigenvalues only (batchla dsterf; cuSOLVER jobz "
                            "= NOVECTOR)",
                      "| n | batch | batchla interleaved ms | batchla "
                      "col-major ms | syevBatched ms | syevjBatched ms | "
                      "batchla host ms | int / syev | int / syevj | int / "
                      "host |%s",
                      job ? ""
                          : " int GB/s (% of copy) | col GB/s (% of copy) |");
    fflush(stdout);
    for (int in = 0; in < 4; ++in)
      for (int ic = 0; ic < 3; ++ic) {
        if (o.quick && counts[ic] > 100000)
          continue;
        if (bench_cuda_budget_spent(&o, t_start, sizes[in], counts[ic],
                                    job ? 10 : 12))
          continue;
        fprintf(stderr, "bench_steqr_gpu: %s n=%d batch=%lld\n",
                job ? "vectors" : "values", sizes[in], counts[ic]);
        status |=
            !run_cell(&o, &x, sizes[in], job, counts[ic], pred[in][job], bw);
      }
    printf("\n");
  }
  printf("Ratios are batchla interleaved time / other time (below 1: "
         "batchla faster). Total %.0f s.\n",
         bench_now() - t_start);
  cusolverDnDestroySyevjInfo(x.jparams);
  cusolverDnDestroyParams(x.params);
  cusolverDnDestroy(x.sol);
  bench_cuda_timer_free(&x.tm);
  cudaStreamDestroy(x.st);
  return status;
}
