/* bench_qz_gpu: batchla's CUDA generalized real Schur decomposition
 * (bla_dqz_batch with exec {BLA_CUDA}) against batchla's own host path on
 * all the machine's cores, on the same pencils, in one run (rules:
 * docs/PERFORMANCE.md, "How these figures are measured"). No vendor
 * library has a batched (or any) generalized nonsymmetric eigensolver on
 * the GPU (cuSOLVER's generalized solvers are symmetric-definite only), so
 * the host is the comparison.
 *
 *   bench_qz_gpu [--quick] [--reps R] [--max-run SECONDS] [--seed X]
 *
 * Sizes: n = 16 with a batch of 1e5 (the headline), then n = 8 (1e5),
 * 32 (2e4) and 64 (5e3); --quick divides the batches by 10. Jobs: Schur
 * form and both Schur vector sets (vsl, vsr given) and Schur form only
 * (vsl, vsr NULL batches). Pencils: A and B with entries uniform in
 * (-1, 1) (the stream of bench/bench_qz.c's random type). Sides, timed
 * with cudaEvents on one stream (the host with a wall clock), inputs
 * restored untimed before every run:
 *   GPU interleaved   bla_dqz_batch, {BLA_CUDA}, interleaved layout
 *   GPU col-major     the same on the LAPACK layout
 *   host              the same driver with {BLA_HOST}, all threads,
 *                     column-major
 * Before any time is printed, on sampled problems: every side's
 * eigenvalues, as projective points, against a reference as multisets
 * (LAPACK dggevx when built with LAPACKE: chordal distance * s / (ulp
 * |(A, B)|_F) below THRESH, s its RCONDE; else batchla's host result with
 * s = 1), the GPU's also against the host's; dget51's |A - Q S Z^T| /
 * (|A| n ulp), |B - Q T Z^T| / (|B| n ulp), |I - Q Q^T| and |I - Z Z^T|
 * over n ulp, and the shape of (S, T); and info = 0 on every problem. A
 * cell whose single run would exceed --max-run seconds, or that does not
 * fit in memory, is skipped and says so. */
#include <cuda_runtime.h>

#include <float.h>
#include <math.h>
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef BENCH_HAVE_LAPACKE
#define BENCH_HAVE_LAPACKE 0
#endif
#if BENCH_HAVE_LAPACKE
#include <lapacke.h>
#endif

#include "batchla/batchla.h"
#include "bench_common.h"

#define THRESH 50.0
#define MAX_REPS BENCH_MAX_REPS
#define SAMPLES 64
#define NSIZES 4

enum { S_INT, S_COL, S_HOST, NSIDES };
static const char *const side_name[NSIDES] = {"GPU interleaved",
                                              "GPU col-major", "host"};

enum { JOB_VECTORS, JOB_VALUES, NJOBS };
static const char *const job_title[NJOBS] = {
    "Schur form and vectors: bla_dqz_batch(vsl, vsr)",
    "Schur form only: bla_dqz_batch(vsl, vsr NULL)"};

struct side_result {
  int run;       /* timed */
  char skip[96]; /* why not, when not */
  double t[MAX_REPS];
};

struct cell {
  int n, ok, reps;
  long long count;
  char why[160];
  side_result s[NSIDES];
  /* worst ratios over the sides, against THRESH */
  double eig, eig_host, res_a, res_b, orth;
};

struct options {
  int quick, reps;
  double max_run;
  uint64_t seed;
};

/* ---- utilities --------------------------------------------------------- */

static int cuda_ok(cudaError_t e, const char *what) {
  if (e == cudaSuccess)
    return 1;
  fprintf(stderr, "bench_qz_gpu: %s: %s\n", what, cudaGetErrorString(e));
  return 0;
}

template <typename T> static T *host_array(size_t count) {
  return (T *)bench_xmalloc(count * sizeof(T));
}

template <typename T> static int dev_array(T **p, size_t count) {
  return cuda_ok(cudaMalloc((void **)p, count * sizeof(T) + 1), "cudaMalloc");
}

/* ---- flop and byte counts (estimates, as bench/bench_qz.c) ------------ */

/* Golub & Van Loan 7.7.7: about 30 n^3 flops for the Schur form, 66 n^3
 * with Q and Z accumulated. */
static double flops_problem(int n, int job) {
  return (job == JOB_VECTORS ? 66.0 : 30.0) * n * n * n;
}
/* Compulsory traffic: read A, B; write S, T, alphar, alphai, beta (and
 * Q, Z). */
static double bytes_problem(int n, int job) {
  const double b = 8.0 * (4.0 * n * n + 3.0 * n);
  return job == JOB_VECTORS ? b + 16.0 * n * n : b;
}

/* Best-of-5 device-to-device cudaMemcpy bandwidth (read + write). */
static double copy_bandwidth(cudaStream_t st, cudaEvent_t e0, cudaEvent_t e1) {
  const size_t bytes = (size_t)1 << 30;
  char *a = NULL, *b = NULL;
  double best = 0;
  if (!dev_array(&a, bytes) || !dev_array(&b, bytes)) {
    cudaFree(a);
    return 0;
  }
  cudaMemsetAsync(a, 1, bytes, st);
  for (int k = 0; k < 6; ++k) {
    float ms = 0;
    cudaEventRecord(e0, st);
    cudaMemcpyAsync(b, a, bytes, cudaMemcpyDeviceToDevice, st);
    cudaEventRecord(e1, st);
    cudaEventSynchronize(e1);
    cudaEventElapsedTime(&ms, e0, e1);
    if (k > 0 && 2.0 * (double)bytes / (ms * 1e-3) > best)
      best = 2.0 * (double)bytes / (ms * 1e-3);
  }
  cudaFree(a);
  cudaFree(b);
  return best;
}

/* ---- one group (size, job) ----------------------------------------------- */

/* Outputs of a run, in one layout; host or device memory. */
struct outputs {
  double *a, *b, *q, *z, *ar, *ai, *be;
  int *info;
};

struct group {
  int n, job, host_threads;
  long long count;
  double *h_a0, *h_b0; /* inputs, column-major packed */
  outputs h;           /* host side, then the read-back of a GPU side */
  double *d_a0c, *d_b0c, *d_a0i, *d_b0i;
  outputs d;
  /* the sampled problems: reference and the host side's eigenvalues */
  long long sample[SAMPLES];
  int nsample;
  double *ref, *ref_s, *host_w; /* 3n (ar, ai, be) per sample; n */
};

static void outputs_free(outputs *o, int device) {
  double *p[] = {o->a, o->b, o->q, o->z, o->ar, o->ai, o->be};
  for (size_t k = 0; k < sizeof p / sizeof p[0]; ++k)
    if (device)
      cudaFree(p[k]);
    else
      free(p[k]);
  if (device)
    cudaFree(o->info);
  else
    free(o->info);
  memset(o, 0, sizeof *o);
}

static void group_free(group *g) {
  free(g->h_a0);
  free(g->h_b0);
  outputs_free(&g->h, 0);
  cudaFree(g->d_a0c);
  cudaFree(g->d_b0c);
  cudaFree(g->d_a0i);
  cudaFree(g->d_b0i);
  outputs_free(&g->d, 1);
  free(g->ref);
  free(g->ref_s);
  free(g->host_w);
  memset(g, 0, sizeof *g);
}

/* Column-major packed (problem after problem) into interleaved. */
static void to_interleaved(const double *src, double *dst, int n,
                           long long count) {
  const long long nn = (long long)n * n;
#pragma omp parallel for schedule(static)
  for (long long p = 0; p < count; ++p)
    for (long long k = 0; k < nn; ++k)
      dst[p + (k % n) * count + (k / n) * count * n] = src[p * nn + k];
}

/* Reference eigenvalues of the sampled problems. Without LAPACKE they
 * come from the host side's first run (check_side), with s = 1. */
static void group_reference(group *g) {
  const int n = g->n;
  g->ref = host_array<double>((size_t)SAMPLES * 3 * n);
  g->ref_s = host_array<double>((size_t)SAMPLES * n);
  g->host_w = host_array<double>((size_t)SAMPLES * 3 * n);
  for (int k = 0; k < SAMPLES * n; ++k)
    g->ref_s[k] = 1.0;
#if BENCH_HAVE_LAPACKE
  {
    const size_t nn = (size_t)n * n;
    double *ta = host_array<double>(nn), *tb = host_array<double>(nn);
    double *vl = host_array<double>(nn), *vr = host_array<double>(nn);
    double *sc = host_array<double>(3 * (size_t)n);
    for (int s = 0; s < g->nsample; ++s) {
      double *w = g->ref + (size_t)s * 3 * n, abn, bbn;
      lapack_int ilo, ihi, info;
      memcpy(ta, g->h_a0 + g->sample[s] * nn, nn * sizeof(double));
      memcpy(tb, g->h_b0 + g->sample[s] * nn, nn * sizeof(double));
      info =
          LAPACKE_dggevx(LAPACK_COL_MAJOR, 'N', 'V', 'V', 'E', n, ta, n, tb, n,
                         w, w + n, w + 2 * n, vl, n, vr, n, &ilo, &ihi, sc,
                         sc + n, &abn, &bbn, g->ref_s + s * n, sc + 2 * n);
      if (info != 0) {
        fprintf(stderr, "bench_qz_gpu: LAPACK reference failed (%d)\n",
                (int)info);
        exit(2);
      }
    }
    free(ta);
    free(tb);
    free(vl);
    free(vr);
    free(sc);
  }
#endif
}

static int outputs_alloc(outputs *o, int device, size_t c, int n, int vec) {
  const size_t nn = (size_t)n * n;
  memset(o, 0, sizeof *o);
  if (!device) {
    o->a = host_array<double>(c * nn);
    o->b = host_array<double>(c * nn);
    o->q = vec ? host_array<double>(c * nn) : NULL;
    o->z = vec ? host_array<double>(c * nn) : NULL;
    o->ar = host_array<double>(c * n);
    o->ai = host_array<double>(c * n);
    o->be = host_array<double>(c * n);
    o->info = host_array<int>(c);
    return 1;
  }
  return dev_array(&o->a, c * nn) && dev_array(&o->b, c * nn) &&
         (!vec || (dev_array(&o->q, c * nn) && dev_array(&o->z, c * nn))) &&
         dev_array(&o->ar, c * n) && dev_array(&o->ai, c * n) &&
         dev_array(&o->be, c * n) && dev_array(&o->info, c);
}

static int group_alloc(group *g, int n, int job, long long count,
                       uint64_t seed) {
  const size_t nn = (size_t)n * n, c = (size_t)count;
  const int vec = job == JOB_VECTORS;
  uint64_t s = seed;
  double *tmp;
  int ok;
  memset(g, 0, sizeof *g);
  g->n = n;
  g->job = job;
  g->count = count;
  g->host_threads = omp_get_max_threads();
  g->h_a0 = host_array<double>(c * nn);
  g->h_b0 = host_array<double>(c * nn);
  /* bench_qz's random type: A then B, problem after problem */
  for (size_t p = 0; p < c; ++p) {
    for (size_t k = 0; k < nn; ++k)
      g->h_a0[p * nn + k] = bench_rng_unif(&s);
    for (size_t k = 0; k < nn; ++k)
      g->h_b0[p * nn + k] = bench_rng_unif(&s);
  }
  g->nsample = count < SAMPLES ? (int)count : SAMPLES;
  for (int k = 0; k < g->nsample; ++k)
    g->sample[k] = bench_sample_index(count, k, g->nsample);
  outputs_alloc(&g->h, 0, c, n, vec);
  if (!outputs_alloc(&g->d, 1, c, n, vec) || !dev_array(&g->d_a0c, c * nn) ||
      !dev_array(&g->d_b0c, c * nn) || !dev_array(&g->d_a0i, c * nn) ||
      !dev_array(&g->d_b0i, c * nn))
    return 0;
  tmp = host_array<double>(c * nn);
  ok = cuda_ok(cudaMemcpy(g->d_a0c, g->h_a0, c * nn * sizeof(double),
                          cudaMemcpyHostToDevice),
               "upload") &&
       cuda_ok(cudaMemcpy(g->d_b0c, g->h_b0, c * nn * sizeof(double),
                          cudaMemcpyHostToDevice),
               "upload");
  to_interleaved(g->h_a0, tmp, n, count);
  ok = ok && cuda_ok(cudaMemcpy(g->d_a0i, tmp, c * nn * sizeof(double),
                                cudaMemcpyHostToDevice),
                     "upload");
  to_interleaved(g->h_b0, tmp, n, count);
  ok = ok && cuda_ok(cudaMemcpy(g->d_b0i, tmp, c * nn * sizeof(double),
                                cudaMemcpyHostToDevice),
                     "upload");
  free(tmp);
  if (ok)
    group_reference(g);
  return ok;
}

/* One run of a side; returns seconds, or -1 on an error. Inputs are
 * restored first, untimed. */
static double run_side(group *g, int side, cudaStream_t st, cudaEvent_t e0,
                       cudaEvent_t e1) {
  const int n = g->n, vec = g->job == JOB_VECTORS;
  const size_t nn = (size_t)n * n, c = (size_t)g->count;
  const long long cnt = g->count;
  bla_exec ex;
  bla_status s;
  float ms = 0;
  if (side == S_HOST) {
    double t0, t;
    ex.backend = BLA_HOST;
    ex.threads = g->host_threads;
    ex.stream = NULL;
    memcpy(g->h.a, g->h_a0, c * nn * sizeof(double));
    memcpy(g->h.b, g->h_b0, c * nn * sizeof(double));
    t0 = bench_now();
    s = bla_dqz_batch(bla_dmat_batch_colmajor(g->h.a, cnt, n, n, n),
                      bla_dmat_batch_colmajor(g->h.b, cnt, n, n, n),
                      bla_dvec_batch_packed(g->h.ar, cnt, n),
                      bla_dvec_batch_packed(g->h.ai, cnt, n),
                      bla_dvec_batch_packed(g->h.be, cnt, n),
                      bla_dmat_batch_colmajor(g->h.q, cnt, n, n, n),
                      bla_dmat_batch_colmajor(g->h.z, cnt, n, n, n), g->h.info,
                      &ex);
    t = bench_now() - t0;
    return s == BLA_OK ? t : -1;
  }
  ex.backend = BLA_CUDA;
  ex.threads = 0;
  ex.stream = (void *)st;
  {
    const int inter = side == S_INT;
    outputs *d = &g->d;
    cudaMemcpyAsync(d->a, inter ? g->d_a0i : g->d_a0c, c * nn * sizeof(double),
                    cudaMemcpyDeviceToDevice, st);
    cudaMemcpyAsync(d->b, inter ? g->d_b0i : g->d_b0c, c * nn * sizeof(double),
                    cudaMemcpyDeviceToDevice, st);
    cudaEventRecord(e0, st);
    if (inter)
      s = bla_dqz_batch(
          bla_dmat_batch_interleaved(d->a, cnt, n, n),
          bla_dmat_batch_interleaved(d->b, cnt, n, n),
          bla_dvec_batch_interleaved(d->ar, cnt, n),
          bla_dvec_batch_interleaved(d->ai, cnt, n),
          bla_dvec_batch_interleaved(d->be, cnt, n),
          bla_dmat_batch_interleaved(vec ? d->q : NULL, cnt, n, n),
          bla_dmat_batch_interleaved(vec ? d->z : NULL, cnt, n, n), d->info,
          &ex);
    else
      s = bla_dqz_batch(
          bla_dmat_batch_colmajor(d->a, cnt, n, n, n),
          bla_dmat_batch_colmajor(d->b, cnt, n, n, n),
          bla_dvec_batch_packed(d->ar, cnt, n),
          bla_dvec_batch_packed(d->ai, cnt, n),
          bla_dvec_batch_packed(d->be, cnt, n),
          bla_dmat_batch_colmajor(vec ? d->q : NULL, cnt, n, n, n),
          bla_dmat_batch_colmajor(vec ? d->z : NULL, cnt, n, n, n), d->info,
          &ex);
    cudaEventRecord(e1, st);
    if (s != BLA_OK || !cuda_ok(cudaEventSynchronize(e1), "bla_dqz_batch"))
      return -1;
    cudaEventElapsedTime(&ms, e0, e1);
    return 1e-3 * ms;
  }
}

/* The device outputs into g->h (same layout). */
static int read_back(group *g) {
  const size_t nn = (size_t)g->n * g->n, c = (size_t)g->count;
  const int vec = g->job == JOB_VECTORS;
  double *dst[] = {g->h.a, g->h.b, g->h.q, g->h.z, g->h.ar, g->h.ai, g->h.be};
  const double *src[] = {g->d.a,  g->d.b,  g->d.q, g->d.z,
                         g->d.ar, g->d.ai, g->d.be};
  for (int k = 0; k < 7; ++k) {
    const size_t len = k < 4 ? c * nn : c * g->n;
    if ((k == 2 || k == 3) && !vec)
      continue;
    if (!cuda_ok(cudaMemcpy(dst[k], src[k], len * sizeof(double),
                            cudaMemcpyDeviceToHost),
                 "read back"))
      return 0;
  }
  return cuda_ok(
      cudaMemcpy(g->h.info, g->d.info, c * sizeof(int), cudaMemcpyDeviceToHost),
      "read back");
}

static void keep_max(double *worst, double v) {
  if (!(v <= *worst))
    *worst = v;
}

/* Checks the outputs of the side's last run (in g->h, the side's layout)
 * on the sampled problems. */
static int check_side(group *g, int side, cell *c) {
  const int n = g->n, vec = g->job == JOB_VECTORS, inter = side == S_INT;
  const size_t nn = (size_t)n * n;
  const long long cnt = g->count;
  double *x = host_array<double>(7 * nn), *cost = host_array<double>(nn);
  double *w = host_array<double>(3 * (size_t)n);
  bench_matcher m;
  long long bad = 0;
  int shape = 1;
  if (side != S_HOST && !read_back(g)) {
    snprintf(c->why, sizeof c->why, "%s: could not read the results back",
             side_name[side]);
    free(x);
    free(cost);
    free(w);
    return 0;
  }
  bench_matcher_init(&m, n);
  for (long long p = 0; p < cnt; ++p)
    bad += g->h.info[p] != 0;
  for (int s = 0; s < g->nsample; ++s) {
    const long long p = g->sample[s];
    const double *a0 = g->h_a0 + p * nn, *b0 = g->h_b0 + p * nn;
    const double *mats[4] = {g->h.a, g->h.b, g->h.q, g->h.z};
    const double *vecs[3] = {g->h.ar, g->h.ai, g->h.be};
    double f = 0, scale;
    for (size_t k = 0; k < nn; ++k)
      f += a0[k] * a0[k] + b0[k] * b0[k];
    scale = DBL_EPSILON * sqrt(f);
    for (int v = 0; v < 3; ++v)
      for (int i = 0; i < n; ++i)
        w[v * n + i] =
            inter ? vecs[v][p + (long long)i * cnt] : vecs[v][p * n + i];
    /* Without LAPACK the host's first run is the reference. */
    if (side == S_HOST) {
      memcpy(g->host_w + (size_t)s * 3 * n, w, 3 * (size_t)n * sizeof(double));
      if (!BENCH_HAVE_LAPACKE)
        memcpy(g->ref + (size_t)s * 3 * n, w, 3 * (size_t)n * sizeof(double));
    }
    {
      const double *r = g->ref + (size_t)s * 3 * n;
      const double *h = g->host_w + (size_t)s * 3 * n;
      const double *sc = g->ref_s + (size_t)s * n;
      keep_max(&c->eig,
               bench_pencil_eig_ratio(n, r, r + n, r + 2 * n, sc, w, w + n,
                                      w + 2 * n, scale, cost, &m));
      if (side != S_HOST)
        keep_max(&c->eig_host,
                 bench_pencil_eig_ratio(n, h, h + n, h + 2 * n, sc, w, w + n,
                                        w + 2 * n, scale, cost, &m));
    }
    for (int k = 0; k < (vec ? 4 : 2); ++k)
      for (int j = 0; j < n; ++j)
        for (int i = 0; i < n; ++i)
          x[k * nn + i + j * n] =
              inter ? mats[k][p + (long long)i * cnt + (long long)j * cnt * n]
                    : mats[k][p * (long long)nn + i + (long long)j * n];
    shape = shape && bench_gschur_shape_ok(n, x, x + nn);
    if (vec) {
      double *wk = x + 4 * nn;
      keep_max(&c->res_a, bench_decomp_ratio(n, a0, x + 2 * nn, x, x + 3 * nn,
                                             DBL_EPSILON, wk));
      keep_max(&c->res_b, bench_decomp_ratio(n, b0, x + 2 * nn, x + nn,
                                             x + 3 * nn, DBL_EPSILON, wk));
      keep_max(&c->orth, bench_orth_ratio(n, x + 2 * nn, DBL_EPSILON));
      keep_max(&c->orth, bench_orth_ratio(n, x + 3 * nn, DBL_EPSILON));
    }
  }
  bench_matcher_free(&m);
  free(x);
  free(cost);
  free(w);
  if (bad) {
    snprintf(c->why, sizeof c->why, "%s: %lld problems with info != 0",
             side_name[side], bad);
    return 0;
  }
  if (!shape) {
    snprintf(c->why, sizeof c->why, "%s: (S, T) not in generalized Schur form",
             side_name[side]);
    return 0;
  }
  if (!(c->eig < THRESH) || !(c->eig_host < THRESH) || !(c->res_a < THRESH) ||
      !(c->res_b < THRESH) || !(c->orth < THRESH)) {
    snprintf(c->why, sizeof c->why,
             "%s: eig %.3g, vs host %.3g, A %.3g, B %.3g, orth %.3g "
             "(THRESH %g)",
             side_name[side], c->eig, c->eig_host, c->res_a, c->res_b, c->orth,
             THRESH);
    return 0;
  }
  return 1;
}

/* ---- the report ---------------------------------------------------------- */

/* "GFLOP/s / compulsory GB/s (traffic est. GB/s, % of copy bandwidth)"
 * at us microseconds per problem; the traffic estimate is an upper one, 8
 * bytes per flop, for operands that never stay in registers or cache. */
static void cost_cell(char *buf, size_t len, int n, int job, double us,
                      double bw) {
  const double per_s = us > 0 ? 1e6 / us : 0;
  const double gflops = flops_problem(n, job) * per_s * 1e-9;
  snprintf(buf, len, "%.3g / %.3g (traffic est. %.3g, %.0f%% of copy bw)",
           gflops, bytes_problem(n, job) * per_s * 1e-9, 8.0 * gflops,
           bw > 0 ? 100.0 * 8.0 * gflops * 1e9 / bw : 0.0);
}

static void print_cell(const cell *c, int job, double bw) {
  char t[NSIDES][64], rate[NSIDES][32], sp[NSIDES][48], chk[96], cost[96];
  double med[NSIDES];
  if (!c->ok) {
    printf("| %d | %lld | MISMATCH or error: %s | | | | | | | | |\n", c->n,
           c->count, c->why);
    return;
  }
  for (int s = 0; s < NSIDES; ++s) {
    const side_result *r = &c->s[s];
    med[s] = 0;
    sp[s][0] = rate[s][0] = 0;
    if (!r->run) {
      snprintf(t[s], sizeof t[s], "skipped: %s", r->skip);
      continue;
    }
    med[s] =
        bench_time_cell(t[s], sizeof t[s], r->t, c->reps, (double)c->count);
    snprintf(rate[s], sizeof rate[s], "%.3g", 1e6 / med[s]);
  }
  for (int s = S_INT; s < S_HOST; ++s)
    if (c->s[s].run && c->s[S_HOST].run)
      bench_ratio_cell(sp[s], sizeof sp[s], c->s[S_HOST].t, c->s[s].t, c->reps);
  if (job == JOB_VECTORS)
    snprintf(chk, sizeof chk, "%.2g / %.2g / %.2g / %.2g / %.2g", c->eig,
             c->eig_host, c->res_a, c->res_b, c->orth);
  else
    snprintf(chk, sizeof chk, "%.2g / %.2g", c->eig, c->eig_host);
  cost_cell(cost, sizeof cost, c->n, job, med[S_INT], bw);
  printf("| %d | %lld | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", c->n,
         c->count, t[S_INT], rate[S_INT], t[S_COL], rate[S_COL], t[S_HOST],
         sp[S_INT], sp[S_COL], cost, chk);
}

static void usage(void) {
  fprintf(stderr, "usage: bench_qz_gpu [--quick] [--reps R] "
                  "[--max-run SECONDS] [--seed X]\n");
}

/* First run of every side (warm-up, check, and whether a run fits in
 * --max-run), then the timed repetitions in rotating order. */
static void measure(group *g, cell *c, const options *o, cudaStream_t st,
                    cudaEvent_t e0, cudaEvent_t e1) {
  /* The host runs first: it is the reference of the GPU sides. */
  static const int order[NSIDES] = {S_HOST, S_INT, S_COL};
  for (int k = 0; k < NSIDES && c->ok; ++k) {
    const int s = order[k];
    const double t = run_side(g, s, st, e0, e1);
    if (t < 0) {
      c->ok = 0;
      snprintf(c->why, sizeof c->why, "%s: run failed", side_name[s]);
    } else if (!check_side(g, s, c)) {
      c->ok = 0;
    } else {
      c->s[s].run = t <= o->max_run;
      if (!c->s[s].run)
        snprintf(c->s[s].skip, sizeof c->s[s].skip,
                 "one run takes %.0f s > --max-run", t);
    }
  }
  c->reps = o->reps;
  for (int k = 0; k < o->reps && c->ok; ++k)
    for (int j = 0; j < NSIDES; ++j) {
      const int s = (k + j) % NSIDES;
      if (!c->s[s].run)
        continue;
      c->s[s].t[k] = run_side(g, s, st, e0, e1);
      if (c->s[s].t[k] < 0) {
        c->ok = 0;
        snprintf(c->why, sizeof c->why, "%s: run failed while timing",
                 side_name[s]);
      }
    }
}

/* One cell: the inputs, then measure; 0 when it gave no timing. */
static int run_cell(cell *c, int n, long long count, int job, const options *o,
                    cudaStream_t st, cudaEvent_t e0, cudaEvent_t e1) {
  group g;
  memset(c, 0, sizeof *c);
  c->n = n;
  c->count = count;
  c->ok = 1;
  fprintf(stderr, "bench_qz_gpu: n=%d batch=%lld %s\n", n, count,
          job == JOB_VECTORS ? "with vectors" : "Schur form only");
  if (group_alloc(&g, n, job, count, o->seed)) {
    measure(&g, c, o, st, e0, e1);
  } else {
    c->ok = 0;
    snprintf(c->why, sizeof c->why, "setup failed (memory?)");
    (void)cudaGetLastError();
  }
  group_free(&g);
  if (!c->ok)
    fprintf(stderr, "bench_qz_gpu: no timing: %s\n", c->why);
  return c->ok;
}

int main(int argc, char **argv) {
  static const int sizes[NSIZES] = {16, 8, 32, 64};
  static const long long batches[NSIZES] = {100000, 100000, 20000, 5000};
  options o;
  static cell cells[NSIZES][NJOBS];
  char cmdline[512] = "", commit[128], cpu[256];
  int ndev = 0, status = 0, dev = 0, rt = 0, drv = 0;
  cudaDeviceProp prop;
  cudaStream_t st;
  cudaEvent_t e0, e1;
  double bw, load0, t_start = bench_now();

  bench_set_name("bench_qz_gpu");
  o.quick = 0;
  o.reps = 5;
  o.max_run = 20.0;
  o.seed = 20240607;
  {
    const bench_opt opts[] = {
        {"--quick", BENCH_OPT_FLAG, &o.quick, NULL, 0, NULL},
        {"--reps", BENCH_OPT_INT, &o.reps, NULL, 0, NULL},
        {"--max-run", BENCH_OPT_DOUBLE, &o.max_run, NULL, 0, NULL},
        {"--seed", BENCH_OPT_U64, &o.seed, NULL, 0, NULL}};
    if (!bench_parse_args(argc, argv, opts, (int)(sizeof opts / sizeof *opts),
                          cmdline, sizeof cmdline, NULL)) {
      usage();
      return 2;
    }
  }
  if (o.reps < 5 || o.reps > MAX_REPS || !(o.max_run > 0)) {
    fprintf(stderr, "bench_qz_gpu: need 5 <= reps <= %d and max-run > 0\n",
            MAX_REPS);
    return 2;
  }
  if (cudaGetDeviceCount(&ndev) != cudaSuccess || ndev == 0) {
    fprintf(stderr, "bench_qz_gpu: no CUDA device; nothing to measure\n");
    return 2;
  }
  if (!cuda_ok(cudaGetDevice(&dev), "cudaGetDevice") ||
      !cuda_ok(cudaGetDeviceProperties(&prop, dev),
               "cudaGetDeviceProperties") ||
      !cuda_ok(cudaStreamCreate(&st), "cudaStreamCreate"))
    return 2;
  cudaRuntimeGetVersion(&rt);
  cudaDriverGetVersion(&drv);
  cudaEventCreate(&e0);
  cudaEventCreate(&e1);
  bench_git_commit(commit, sizeof commit, BENCH_SOURCE_DIR, BENCH_GIT_COMMIT,
                   1);
  bench_cpu_model(cpu, sizeof cpu, 0);
  load0 = bench_load_average();
  fprintf(stderr, "bench_qz_gpu: measuring device copy bandwidth\n");
  bw = copy_bandwidth(st, e0, e1);

  for (int si = 0; si < NSIZES; ++si)
    for (int job = 0; job < NJOBS; ++job)
      status |= !run_cell(&cells[si][job], sizes[si],
                          o.quick ? batches[si] / 10 : batches[si], job, &o, st,
                          e0, e1);

  printf("## GPU: batchla's CUDA path vs its host path, generalized real "
         "Schur decomposition (QZ)\n\n");
  printf("- command: `bench_qz_gpu%s`\n", cmdline);
  printf("- commit: %s; batchla %s\n", commit, bla_version());
  printf("- GPU: %s (sm_%d%d), %d SMs, %.0f GiB; CUDA runtime %d, driver "
         "%d; measured device-to-device copy bandwidth (read + write, best "
         "of 5): %.3g GB/s\n",
         prop.name, prop.major, prop.minor, prop.multiProcessorCount,
         (double)prop.totalGlobalMem / (1024.0 * 1024 * 1024), rt, drv,
         bw * 1e-9);
  printf("- host side: bla_dqz_batch {BLA_HOST}, %d threads, column-major; "
         "CPU: %s; load average (1 min) %.2f at the start, %.2f at the "
         "end\n",
         omp_get_max_threads(), cpu, load0, bench_load_average());
  printf("- pencils: random, A and B with entries uniform(-1, 1), splitmix64 "
         "seed %llu\n",
         (unsigned long long)o.seed);
  printf("- %d repetitions per cell, order rotating; time per problem in "
         "microseconds, median (spread = (max - min) / median); problems/s "
         "= 1e6 / median; host / GPU = host median time / GPU median time "
         "(paired per-repetition range; > 1: the GPU is faster)\n",
         o.reps);
  printf("- cross-check before timing (THRESH = %.0f) on %d sampled "
         "problems per side, host first: eigenvalues as multisets of "
         "projective points against %s (eig), the GPU's against the "
         "host's with the same weights (vs host); dget51's |A - Q S Z^T|_1 "
         "/ (|A|_1 n ulp) (A), the same for B (B), |I - Q Q^T|, |I - Z Z^T| "
         "over n ulp (orth), the generalized Schur shape of (S, T), and "
         "info = 0 on every problem\n",
         THRESH, SAMPLES,
         BENCH_HAVE_LAPACKE
             ? "LAPACK dggevx, chordal distance * RCONDE / (ulp |(A, B)|_F)"
             : "batchla's host result, chordal distance / (ulp |(A, B)|_F)");
  printf("- est. GFLOP/s / GB/s of GPU interleaved: about 66 n^3 (vectors) "
         "or 30 n^3 flops per problem (Golub & Van Loan 7.7.7, an "
         "estimate); compulsory bytes 8(4n^2 + 3n) (+ 16n^2 with vectors); "
         "traffic est. = 8 bytes per flop, an upper estimate for one problem "
         "per thread with the matrices in global memory\n\n");
  for (int job = 0; job < NJOBS; ++job) {
    printf("### %s\n\n", job_title[job]);
    printf("| n | batch | GPU interleaved us | problems/s | GPU col-major us "
           "| problems/s | host us | host / GPU interleaved | host / GPU "
           "col-major | est. GFLOP/s / GB/s | check %s |\n",
           job == JOB_VECTORS ? "(eig / vs host / A / B / orth)"
                              : "(eig / vs host)");
    printf("|---|---|---|---|---|---|---|---|---|---|---|\n");
    for (int si = 0; si < NSIZES; ++si)
      print_cell(&cells[si][job], job, bw);
    printf("\n");
  }
  printf("Not measured here: other GPUs, float, the infinite-eigenvalue "
         "pencils of bench_qz, other sizes, the row-major layout.\n\n");
  printf("Total bench time %.0f s.%s\n\n", bench_now() - t_start,
         status ? " Some cells failed: no timing for them." : "");
  cudaEventDestroy(e0);
  cudaEventDestroy(e1);
  cudaStreamDestroy(st);
  return status;
}
