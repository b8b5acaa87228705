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
 * |(A, B)|_F) below BENCH_THRESH, s its RCONDE; else batchla's host result with
 * s = 1), the GPU's also against the host's; dget51's |A - Q S Z^T| /
 * (|A| n ulp), |B - Q T Z^T| / (|B| n ulp), |I - Q Q^T| and |I - Z Z^T|
 * over n ulp, and the shape of (S, T); and info = 0 on every problem. A
 * cell whose single run would exceed --max-run seconds, or that does not
 * fit in memory, is skipped and says so. */
#include <float.h>
#include <math.h>
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "batchla/batchla.h"
#include "bench_cuda.cuh"
#include "bench_lapack.h"

#define SAMPLES 64
#define NSIZES 4

enum { S_INT, S_COL, S_HOST, NSIDES };
static const char *const side_name[NSIDES] = {"GPU interleaved",
                                              "GPU col-major", "host"};

enum { JOB_VECTORS, JOB_VALUES, NJOBS };
static const char *const job_title[NJOBS] = {
    "Schur form and vectors: bla_dqz_batch(vsl, vsr)",
    "Schur form only: bla_dqz_batch(vsl, vsr NULL)"};

struct cell {
  int n, ok, reps;
  long long count;
  char why[200];
  bench_side s[NSIDES];
  /* worst ratios over the sides, against BENCH_THRESH */
  double eig, eig_host, res_a, res_b, orth;
};

struct options {
  bench_args a;
};

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

/* ---- one group (size, job) ----------------------------------------------- */

/* Outputs of a run, in one layout; host or device memory. */
struct outputs {
  double *a, *b, *q, *z, *ar, *ai, *be;
  int *info;
};

struct group {
  int n, job, host_threads;
  long long count;
  cudaStream_t st;
  const bench_cuda_timer *tm;
  cell *c;             /* the cell the checks report into */
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
  BENCH_FREE(g->h_a0, g->h_b0, g->ref, g->ref_s, g->host_w);
  outputs_free(&g->h, 0);
  cudaFree(g->d_a0c);
  cudaFree(g->d_b0c);
  cudaFree(g->d_a0i);
  cudaFree(g->d_b0i);
  outputs_free(&g->d, 1);
}

/* Reference eigenvalues of the sampled problems. Without LAPACKE they
 * come from the host side's first run (check_side), with s = 1. */
static void group_reference(group *g) {
  const int n = g->n;
  g->ref = bench_host_array<double>((size_t)SAMPLES * 3 * n);
  g->ref_s = bench_host_array<double>((size_t)SAMPLES * n);
  g->host_w = bench_host_array<double>((size_t)SAMPLES * 3 * n);
  for (int k = 0; k < SAMPLES * n; ++k)
    g->ref_s[k] = 1.0;
#if BENCH_HAVE_LAPACKE
  {
    const size_t nn = (size_t)n * n;
    double *w = bench_host_array<double>(4 * nn + 3 * (size_t)n);
    for (int s = 0; s < g->nsample; ++s) {
      double *r = g->ref + (size_t)s * 3 * n;
      const int info = bench_ref_qz_eig(n, g->h_a0 + g->sample[s] * nn,
                                        g->h_b0 + g->sample[s] * nn, r, r + n,
                                        r + 2 * n, g->ref_s + s * n, w);
      if (info != 0) {
        fprintf(stderr, "bench_qz_gpu: LAPACK reference failed (%d)\n", info);
        exit(2);
      }
    }
    free(w);
  }
#endif
}

static int outputs_alloc(outputs *o, int device, size_t c, int n, int vec) {
  const size_t nn = (size_t)n * n;
  memset(o, 0, sizeof *o);
  if (!device) {
    o->a = bench_host_array<double>(c * nn);
    o->b = bench_host_array<double>(c * nn);
    o->q = vec ? bench_host_array<double>(c * nn) : NULL;
    o->z = vec ? bench_host_array<double>(c * nn) : NULL;
    o->ar = bench_host_array<double>(c * n);
    o->ai = bench_host_array<double>(c * n);
    o->be = bench_host_array<double>(c * n);
    o->info = bench_host_array<int>(c);
    return 1;
  }
  {
    int ok = 1;
    o->a = bench_cuda_array<double>(c * nn, &ok);
    o->b = bench_cuda_array<double>(c * nn, &ok);
    o->q = vec ? bench_cuda_array<double>(c * nn, &ok) : NULL;
    o->z = vec ? bench_cuda_array<double>(c * nn, &ok) : NULL;
    o->ar = bench_cuda_array<double>(c * n, &ok);
    o->ai = bench_cuda_array<double>(c * n, &ok);
    o->be = bench_cuda_array<double>(c * n, &ok);
    o->info = bench_cuda_array<int>(c, &ok);
    return ok;
  }
}

static int group_alloc(group *g, int n, int job, long long count,
                       uint64_t seed) {
  const size_t nn = (size_t)n * n, c = (size_t)count;
  const int vec = job == JOB_VECTORS;
  uint64_t s = seed;
  int ok = 1;
  g->n = n;
  g->job = job;
  g->count = count;
  g->host_threads = omp_get_max_threads();
  g->h_a0 = bench_host_array<double>(c * nn);
  g->h_b0 = bench_host_array<double>(c * nn);
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
  g->d_a0c = bench_cuda_array<double>(c * nn, &ok);
  g->d_b0c = bench_cuda_array<double>(c * nn, &ok);
  g->d_a0i = bench_cuda_array<double>(c * nn, &ok);
  g->d_b0i = bench_cuda_array<double>(c * nn, &ok);
  if (!outputs_alloc(&g->d, 1, c, n, vec) || !ok)
    return 0;
  ok = bench_cuda_upload(g->d_a0c, g->h_a0, c * nn * sizeof(double)) &&
       bench_cuda_upload(g->d_b0c, g->h_b0, c * nn * sizeof(double));
  bench_cuda_interleave(g->d_a0c, g->d_a0i, (long long)nn, count, g->st);
  bench_cuda_interleave(g->d_b0c, g->d_b0i, (long long)nn, count, g->st);
  ok = ok && bench_cuda_ok(cudaStreamSynchronize(g->st), "layout conversion");
  if (ok)
    group_reference(g);
  return ok;
}

/* One run of a side; returns seconds, or -1 on an error. Inputs are
 * restored first, untimed; g is a group. */
static double run_side(void *ctx, int side, int rep) {
  group *g = (group *)ctx;
  cudaStream_t st = g->st;
  const int n = g->n, vec = g->job == JOB_VECTORS, inter = side == S_INT;
  const size_t bytes = (size_t)g->count * n * n * sizeof(double);
  const long long cnt = g->count;
  const bla_exec ex = side == S_HOST
                          ? bench_exec(BLA_HOST, g->host_threads, NULL)
                          : bench_exec(BLA_CUDA, 0, (void *)st);
  outputs *o = side == S_HOST ? &g->h : &g->d;
  double t0;
  bla_status s;
  (void)rep;
  if (side == S_HOST) {
    memcpy(o->a, g->h_a0, bytes);
    memcpy(o->b, g->h_b0, bytes);
  } else {
    cudaMemcpyAsync(o->a, inter ? g->d_a0i : g->d_a0c, bytes,
                    cudaMemcpyDeviceToDevice, st);
    cudaMemcpyAsync(o->b, inter ? g->d_b0i : g->d_b0c, bytes,
                    cudaMemcpyDeviceToDevice, st);
    bench_cuda_timer_start(g->tm);
  }
  t0 = bench_now();
  s = bla_dqz_batch(
      inter ? bla_dmat_batch_interleaved(o->a, cnt, n, n)
            : bla_dmat_batch_colmajor(o->a, cnt, n, n, n),
      inter ? bla_dmat_batch_interleaved(o->b, cnt, n, n)
            : bla_dmat_batch_colmajor(o->b, cnt, n, n, n),
      inter ? bla_dvec_batch_interleaved(o->ar, cnt, n)
            : bla_dvec_batch_packed(o->ar, cnt, n),
      inter ? bla_dvec_batch_interleaved(o->ai, cnt, n)
            : bla_dvec_batch_packed(o->ai, cnt, n),
      inter ? bla_dvec_batch_interleaved(o->be, cnt, n)
            : bla_dvec_batch_packed(o->be, cnt, n),
      inter ? bla_dmat_batch_interleaved(vec ? o->q : NULL, cnt, n, n)
            : bla_dmat_batch_colmajor(vec ? o->q : NULL, cnt, n, n, n),
      inter ? bla_dmat_batch_interleaved(vec ? o->z : NULL, cnt, n, n)
            : bla_dmat_batch_colmajor(vec ? o->z : NULL, cnt, n, n, n),
      o->info, &ex);
  if (side == S_HOST)
    return s == BLA_OK ? bench_now() - t0 : -1;
  t0 = bench_cuda_timer_stop(g->tm, "bla_dqz_batch");
  return s == BLA_OK ? t0 : -1;
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
    if (!bench_cuda_download(dst[k], src[k], len * sizeof(double)))
      return 0;
  }
  return bench_cuda_download(g->h.info, g->d.info, c * sizeof(int));
}

/* Checks the outputs of the side's last run (in g->h, the side's layout)
 * on the sampled problems; the worst ratios go into g's cell. */
static int check_side(void *ctx, int side, char *why, size_t wlen) {
  group *g = (group *)ctx;
  cell *c = g->c;
  const int n = g->n, vec = g->job == JOB_VECTORS, inter = side == S_INT;
  const size_t nn = (size_t)n * n;
  const long long cnt = g->count;
  double *x = bench_host_array<double>(7 * nn),
         *cost = bench_host_array<double>(nn);
  double *w = bench_host_array<double>(3 * (size_t)n);
  bench_matcher m;
  long long bad;
  int shape = 1;
  if (side != S_HOST && !read_back(g)) {
    snprintf(why, wlen, "could not read the results back");
    free(x);
    free(cost);
    free(w);
    return 0;
  }
  bench_matcher_init(&m, n);
  bad = bench_count_failed(g->h.info, cnt);
  for (int s = 0; s < g->nsample; ++s) {
    const long long p = g->sample[s];
    const double *a0 = g->h_a0 + p * nn, *b0 = g->h_b0 + p * nn;
    const double *mats[4] = {g->h.a, g->h.b, g->h.q, g->h.z};
    const double *vecs[3] = {g->h.ar, g->h.ai, g->h.be};
    const double scale =
        DBL_EPSILON * hypot(bench_norm_fro(n, a0), bench_norm_fro(n, b0));
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
      bench_keep_max(&c->eig,
                     bench_pencil_eig_ratio(n, r, r + n, r + 2 * n, sc, w,
                                            w + n, w + 2 * n, scale, cost, &m));
      if (side != S_HOST)
        bench_keep_max(&c->eig_host, bench_pencil_eig_ratio(
                                         n, h, h + n, h + 2 * n, sc, w, w + n,
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
      bench_keep_max(&c->res_a,
                     bench_decomp_ratio(n, a0, x + 2 * nn, x, x + 3 * nn,
                                        DBL_EPSILON, wk));
      bench_keep_max(&c->res_b,
                     bench_decomp_ratio(n, b0, x + 2 * nn, x + nn, x + 3 * nn,
                                        DBL_EPSILON, wk));
      bench_keep_max(&c->orth, bench_orth_ratio(n, x + 2 * nn, DBL_EPSILON));
      bench_keep_max(&c->orth, bench_orth_ratio(n, x + 3 * nn, DBL_EPSILON));
    }
  }
  bench_matcher_free(&m);
  free(x);
  free(cost);
  free(w);
  if (bad) {
    snprintf(why, wlen, "%lld problems with info != 0", bad);
    return 0;
  }
  if (!shape) {
    snprintf(why, wlen, "(S, T) not in generalized Schur form");
    return 0;
  }
  if (!(c->eig < BENCH_THRESH) || !(c->eig_host < BENCH_THRESH) ||
      !(c->res_a < BENCH_THRESH) || !(c->res_b < BENCH_THRESH) ||
      !(c->orth < BENCH_THRESH)) {
    snprintf(why, wlen,
             "eig %.3g, vs host %.3g, A %.3g, B %.3g, orth %.3g (THRESH %g)",
             c->eig, c->eig_host, c->res_a, c->res_b, c->orth, BENCH_THRESH);
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
    const bench_side *r = &c->s[s];
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

#define USAGE "bench_qz_gpu [--quick] [--reps R] [--max-run SECONDS] [--seed X]"

/* One cell: the inputs, the check run of every side (the host first: it is
 * the reference of the GPU sides), the timed rounds; 0 when it gave no
 * timing. */
static int run_cell(cell *c, group *g, int job, const options *o) {
  static const int order[NSIDES] = {S_HOST, S_INT, S_COL};
  const bench_timed timed = {g, NULL, run_side, check_side};
  c->count = o->a.quick ? c->count / 10 : c->count;
  g->c = c;
  fprintf(stderr, "bench_qz_gpu: n=%d batch=%lld %s\n", c->n, c->count,
          job == JOB_VECTORS ? "with vectors" : "Schur form only");
  c->reps = o->a.reps;
  c->ok = bench_cuda_cell(group_alloc(g, c->n, job, c->count, o->a.seed),
                          &timed, order, NSIDES, o->a.reps, o->a.max_run, c->s,
                          side_name, c->why, sizeof c->why);
  return c->ok;
}

int main(int argc, char **argv) {
  static const int sizes[NSIZES] = {16, 8, 32, 64};
  static const long long batches[NSIZES] = {100000, 100000, 20000, 5000};
  options o;
  static cell cells[NSIZES][NJOBS];
  int status = 0;
  bench_cuda_env env;
  bench_env host;
  cudaStream_t st;
  bench_cuda_timer tm;
  double bw;
  const double t_start = bench_now();

  bench_set_name("bench_qz_gpu");
  bench_args_init(&o.a, 1, 20240607, NULL);
  if (!bench_cuda_args(&o.a, argc, argv, 20.0, 20.0, 0, NULL, 0, USAGE))
    return 2;
  if (!bench_cuda_start(&env, &st, &tm))
    return 2;
  bench_env_read(&host, NULL, 0);
  fprintf(stderr, "bench_qz_gpu: measuring device copy bandwidth\n");
  bench_cuda_copy_bandwidth(st, (size_t)1 << 30, &bw, NULL);

  for (int si = 0; si < NSIZES; ++si)
    for (int job = 0; job < NJOBS; ++job) {
      group g = group();
      g.st = st;
      g.tm = &tm;
      cells[si][job].n = sizes[si];
      cells[si][job].count = batches[si];
      status |= !run_cell(&cells[si][job], &g, job, &o);
      group_free(&g);
    }

  bench_cuda_print_head("GPU: batchla's CUDA path vs its host path, "
                        "generalized real Schur decomposition (QZ)",
                        &o.a, &env, 0);
  printf("- measured device-to-device copy bandwidth (cudaMemcpy, read + "
         "write, best of 5): %.3g GB/s\n",
         bw * 1e-9);
  printf("- host side: bla_dqz_batch {BLA_HOST}, %d threads, column-major; "
         "CPU: %s; load average (1 min) %.2f at the start, %.2f at the "
         "end\n",
         omp_get_max_threads(), host.cpu, host.load0, bench_load_average());
  printf("- pencils: random, A and B with entries uniform(-1, 1), splitmix64 "
         "seed %llu\n",
         (unsigned long long)o.a.seed);
  printf("- %d repetitions per cell, order rotating; time per problem in "
         "microseconds, median (spread = (max - min) / median); problems/s "
         "= 1e6 / median; host / GPU = host median time / GPU median time "
         "(paired per-repetition range; > 1: the GPU is faster)\n",
         o.a.reps);
  printf("- cross-check before timing (THRESH = %.0f) on %d sampled "
         "problems per side, host first: eigenvalues as multisets of "
         "projective points against %s (eig), the GPU's against the "
         "host's with the same weights (vs host); dget51's |A - Q S Z^T|_1 "
         "/ (|A|_1 n ulp) (A), the same for B (B), |I - Q Q^T|, |I - Z Z^T| "
         "over n ulp (orth), the generalized Schur shape of (S, T), and "
         "info = 0 on every problem\n",
         BENCH_THRESH, SAMPLES,
         BENCH_HAVE_LAPACKE
             ? "LAPACK dggevx, chordal distance * RCONDE / (ulp |(A, B)|_F)"
             : "batchla's host result, chordal distance / (ulp |(A, B)|_F)");
  printf("- est. GFLOP/s / GB/s of GPU interleaved: about 66 n^3 (vectors) "
         "or 30 n^3 flops per problem (Golub & Van Loan 7.7.7, an "
         "estimate); compulsory bytes 8(4n^2 + 3n) (+ 16n^2 with vectors); "
         "traffic est. = 8 bytes per flop, an upper estimate for one problem "
         "per thread with the matrices in global memory\n\n");
  for (int job = 0; job < NJOBS; ++job) {
    bench_print_table(job_title[job],
                      "| n | batch | GPU interleaved us | problems/s | GPU "
                      "col-major us | problems/s | host us | host / GPU "
                      "interleaved | host / GPU col-major | est. GFLOP/s / "
                      "GB/s | check %s |",
                      job == JOB_VECTORS ? "(eig / vs host / A / B / orth)"
                                         : "(eig / vs host)");
    for (int si = 0; si < NSIZES; ++si)
      print_cell(&cells[si][job], job, bw);
    printf("\n");
  }
  printf("Not measured here: other GPUs, float, the infinite-eigenvalue "
         "pencils of bench_qz, other sizes, the row-major layout.\n\n");
  printf("Total bench time %.0f s.%s\n\n", bench_now() - t_start,
         status ? " Some cells failed: no timing for them." : "");
  bench_cuda_timer_free(&tm);
  cudaStreamDestroy(st);
  return status;
}
