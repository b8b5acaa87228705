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
 * dtrsna when built with LAPACKE: error * s / (ulp |A|_F) below BENCH_THRESH,
 * s the reciprocal condition number; else batchla's host result with
 * s = 1), and batchla's |A - Z T Z^T| / (|A| n ulp) and |I - Z Z^T| /
 * (n ulp) on the same samples. A cell whose single run would exceed
 * --max-run seconds, or that does not fit in memory, is skipped and says
 * so. */
#include <cusolverDn.h>

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

enum { S_INT, S_COL, S_HOST, S_GEEV, NSIDES };
static const char *const side_name[NSIDES] = {"batchla interleaved",
                                              "batchla col-major",
                                              "batchla host", "cuSOLVER geev"};

enum { JOB_VECTORS, JOB_FORM, NJOBS };

/* One cell of the report. */
struct cell {
  int n, ok;
  long long count, geev_count;
  char why[200];
  bench_side s[NSIDES];
  int reps;
};

struct options {
  bench_args a;
  int geev;
};

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

/* ---- one group (size, job) ----------------------------------------------- */

struct group {
  int n, job, host_threads;
  long long count, gcount;
  cudaStream_t st;
  const bench_cuda_timer *tm;
  cusolverDnHandle_t h;
  cusolverDnParams_t par;
  double *h_a0;                    /* inputs, column-major packed */
  double *h_a, *h_z, *h_wr, *h_wi; /* host side and read-back */
  int *h_info;
  double *d_a0col, *d_a0int, *d_a, *d_z, *d_wr, *d_wi;
  int *d_info;
  /* cuSOLVER geev over the first gcount matrices */
  double *d_g, *d_gw, *d_gvr, *d_gwork, *h_gw;
  void *h_gwork;
  size_t gwork_dev, gwork_host;
  int *d_ginfo;
  /* reference on the sampled problems */
  long long sample[SAMPLES];
  int nsample;
  double *ref_wr, *ref_wi, *ref_s;
};

static void group_free(group *g) {
  BENCH_FREE(g->h_a0, g->h_a, g->h_z, g->h_wr, g->h_wi, g->h_info, g->h_gwork,
             g->h_gw, g->ref_wr, g->ref_wi, g->ref_s);
  void *dev[] = {g->d_a0col, g->d_a0int, g->d_a,     g->d_z,
                 g->d_wr,    g->d_wi,    g->d_info,  g->d_g,
                 g->d_gw,    g->d_gvr,   g->d_gwork, g->d_ginfo};
  for (size_t k = 0; k < sizeof dev / sizeof *dev; ++k)
    cudaFree(dev[k]);
  memset(g, 0, sizeof *g);
}

/* Reference eigenvalues of the sampled problems: LAPACK where linked,
 * else batchla's host path (with s = 1). */
static void group_reference(group *g) {
  const int n = g->n;
  double *w = (double *)bench_xmalloc((size_t)(4 * n * n + n) * sizeof(double));
  g->ref_wr = (double *)bench_xmalloc((size_t)SAMPLES * n * sizeof(double));
  g->ref_wi = (double *)bench_xmalloc((size_t)SAMPLES * n * sizeof(double));
  g->ref_s = (double *)bench_xmalloc((size_t)SAMPLES * n * sizeof(double));
  for (int s = 0; s < g->nsample; ++s) {
    const double *a0 = g->h_a0 + g->sample[s] * n * n;
    int info;
#if BENCH_HAVE_LAPACKE
    info = bench_ref_schur_eig(n, a0, g->ref_wr + s * n, g->ref_wi + s * n,
                               g->ref_s + s * n, w);
#else
    const bla_exec ex = bench_exec(BLA_HOST, 1, NULL);
    memcpy(w, a0, (size_t)n * n * sizeof(double));
    if (bla_dschur_batch(bla_dmat_batch_colmajor(w, 1, n, n, n),
                         bla_dvec_batch_packed(g->ref_wr + s * n, 1, n),
                         bla_dvec_batch_packed(g->ref_wi + s * n, 1, n),
                         bla_dmat_batch_colmajor(NULL, 1, n, n, n), &info,
                         &ex) != BLA_OK)
      info = -1;
    for (int i = 0; i < n; ++i)
      g->ref_s[s * n + i] = 1.0;
#endif
    if (info != 0) {
      fprintf(stderr, "bench_schur_gpu: the host reference failed (%d)\n",
              info);
      exit(2);
    }
  }
  free(w);
}

static int group_alloc(group *g, int n, int job, long long count,
                       long long gcount, uint64_t seed) {
  const size_t nn = (size_t)n * n, c = (size_t)count;
  const int vec = job == JOB_VECTORS;
  uint64_t s = seed;
  int ok = 1;
  g->n = n;
  g->job = job;
  g->count = count;
  g->gcount = gcount < count ? gcount : count;
  g->host_threads = omp_get_max_threads();
  g->h_a0 = (double *)bench_xmalloc(c * nn * sizeof(double));
  g->h_a = (double *)bench_xmalloc(c * nn * sizeof(double));
  g->h_z = vec ? (double *)bench_xmalloc(c * nn * sizeof(double)) : NULL;
  g->h_wr = (double *)bench_xmalloc(c * n * sizeof(double));
  g->h_wi = (double *)bench_xmalloc(c * n * sizeof(double));
  g->h_info = (int *)bench_xmalloc(c * sizeof(int));
  /* bench_schur's stream */
  for (size_t k = 0; k < c * nn; ++k)
    g->h_a0[k] = bench_rng_unif_open(&s);
  /* Half the samples within the first gcount problems (those geev
   * solves), half spread over the batch. */
  g->nsample = count < SAMPLES ? (int)count : SAMPLES;
  for (int k = 0; k < g->nsample; ++k)
    g->sample[k] = k < g->nsample / 2
                       ? bench_sample_index(g->gcount, k, g->nsample / 2)
                       : bench_sample_index(count, k - g->nsample / 2,
                                            g->nsample - g->nsample / 2);
  g->d_a0col = bench_cuda_array<double>(c * nn, &ok);
  g->d_a0int = bench_cuda_array<double>(c * nn, &ok);
  g->d_a = bench_cuda_array<double>(c * nn, &ok);
  g->d_z = vec ? bench_cuda_array<double>(c * nn, &ok) : NULL;
  g->d_wr = bench_cuda_array<double>(c * n, &ok);
  g->d_wi = bench_cuda_array<double>(c * n, &ok);
  g->d_info = bench_cuda_array<int>(c, &ok);
  if (!ok || !bench_cuda_upload(g->d_a0col, g->h_a0, c * nn * sizeof(double)))
    return 0;
  bench_cuda_interleave(g->d_a0col, g->d_a0int, (long long)nn, count, g->st);
  if (!bench_cuda_ok(cudaStreamSynchronize(g->st), "layout conversion"))
    return 0;
  group_reference(g);
  return 1;
}

static int geev_setup(group *g) {
  const int n = g->n, vec = g->job == JOB_VECTORS;
  const size_t nn = (size_t)n * n;
  int ok = 1;
  g->d_g = bench_cuda_array<double>((size_t)g->gcount * nn, &ok);
  g->d_gw = bench_cuda_array<double>((size_t)g->gcount * 2 * n, &ok);
  g->d_gvr = bench_cuda_array<double>(nn, &ok);
  g->d_ginfo = bench_cuda_array<int>((size_t)g->gcount, &ok);
  if (!ok ||
      !bench_cusolver_ok(
          cusolverDnXgeev_bufferSize(
              g->h, g->par, CUSOLVER_EIG_MODE_NOVECTOR,
              vec ? CUSOLVER_EIG_MODE_VECTOR : CUSOLVER_EIG_MODE_NOVECTOR, n,
              CUDA_R_64F, g->d_g, n, CUDA_R_64F, g->d_gw, CUDA_R_64F, NULL, n,
              CUDA_R_64F, vec ? g->d_gvr : NULL, n, CUDA_R_64F, &g->gwork_dev,
              &g->gwork_host),
          "cusolverDnXgeev_bufferSize"))
    return 0;
  g->d_gwork = (double *)bench_cuda_alloc(g->gwork_dev, &ok);
  g->h_gwork = bench_xmalloc(g->gwork_host);
  g->h_gw = (double *)bench_xmalloc((size_t)g->gcount * 2 * n * sizeof(double));
  return ok;
}

/* geev on each of the first gcount matrices; 0 when a call failed. */
static int geev_loop(group *g) {
  const int n = g->n, vec = g->job == JOB_VECTORS;
  const size_t nn = (size_t)n * n;
  int ok = 1;
  for (long long p = 0; p < g->gcount && ok; ++p)
    ok = bench_cusolver_ok(
        cusolverDnXgeev(
            g->h, g->par, CUSOLVER_EIG_MODE_NOVECTOR,
            vec ? CUSOLVER_EIG_MODE_VECTOR : CUSOLVER_EIG_MODE_NOVECTOR, n,
            CUDA_R_64F, g->d_g + p * nn, n, CUDA_R_64F, g->d_gw + p * 2 * n,
            CUDA_R_64F, NULL, n, CUDA_R_64F, vec ? g->d_gvr : NULL, n,
            CUDA_R_64F, g->d_gwork, g->gwork_dev, g->h_gwork, g->gwork_host,
            g->d_ginfo + p),
        "cusolverDnXgeev");
  return ok;
}

/* One run of a side, inputs restored first (untimed); seconds, or -1 on
 * an error; g is a group. */
static double run_side(void *ctx, int side, int rep) {
  group *g = (group *)ctx;
  const int n = g->n, vec = g->job == JOB_VECTORS, inter = side == S_INT;
  const size_t nn = (size_t)n * n, c = (size_t)g->count;
  const long long cnt = g->count;
  const bla_exec ex = side == S_HOST
                          ? bench_exec(BLA_HOST, g->host_threads, NULL)
                          : bench_exec(BLA_CUDA, 0, (void *)g->st);
  double *a = side == S_HOST ? g->h_a : g->d_a, t0;
  double *z = vec ? (side == S_HOST ? g->h_z : g->d_z) : NULL;
  double *wr = side == S_HOST ? g->h_wr : g->d_wr;
  double *wi = side == S_HOST ? g->h_wi : g->d_wi;
  bla_status s = BLA_OK;
  (void)rep;
  if (side == S_GEEV) {
    cudaMemcpyAsync(g->d_g, g->d_a0col, (size_t)g->gcount * nn * sizeof(double),
                    cudaMemcpyDeviceToDevice, g->st);
    bench_cuda_timer_start(g->tm);
    s = geev_loop(g) ? BLA_OK : BLA_ERR_DEVICE;
    t0 = bench_cuda_timer_stop(g->tm, "geev");
    return s == BLA_OK ? t0 : -1;
  }
  if (side == S_HOST)
    memcpy(g->h_a, g->h_a0, c * nn * sizeof(double));
  else
    cudaMemcpyAsync(g->d_a, inter ? g->d_a0int : g->d_a0col,
                    c * nn * sizeof(double), cudaMemcpyDeviceToDevice, g->st);
  t0 = bench_now();
  if (side != S_HOST)
    bench_cuda_timer_start(g->tm);
  s = bla_dschur_batch(inter ? bla_dmat_batch_interleaved(a, cnt, n, n)
                             : bla_dmat_batch_colmajor(a, cnt, n, n, n),
                       inter ? bla_dvec_batch_interleaved(wr, cnt, n)
                             : bla_dvec_batch_packed(wr, cnt, n),
                       inter ? bla_dvec_batch_interleaved(wi, cnt, n)
                             : bla_dvec_batch_packed(wi, cnt, n),
                       inter ? bla_dmat_batch_interleaved(z, cnt, n, n)
                             : bla_dmat_batch_colmajor(z, cnt, n, n, n),
                       side == S_HOST ? g->h_info : g->d_info, &ex);
  if (side == S_HOST)
    return s == BLA_OK ? bench_now() - t0 : -1;
  t0 = bench_cuda_timer_stop(g->tm, "bla_dschur_batch");
  return s == BLA_OK ? t0 : -1;
}

/* The device outputs of the last run into the host arrays; 0 on failure. */
static int read_back(group *g, int side) {
  const size_t nn = (size_t)g->n * g->n, c = (size_t)g->count;
  if (side == S_HOST)
    return 1;
  if (side == S_GEEV)
    return bench_cuda_download(g->h_gw, g->d_gw,
                               (size_t)g->gcount * 2 * g->n * sizeof(double)) &&
           bench_cuda_download(g->h_info, g->d_ginfo,
                               (size_t)g->gcount * sizeof(int));
  return bench_cuda_download(g->h_a, g->d_a, c * nn * sizeof(double)) &&
         (!g->h_z ||
          bench_cuda_download(g->h_z, g->d_z, c * nn * sizeof(double))) &&
         bench_cuda_download(g->h_wr, g->d_wr, c * g->n * sizeof(double)) &&
         bench_cuda_download(g->h_wi, g->d_wi, c * g->n * sizeof(double)) &&
         bench_cuda_download(g->h_info, g->d_info, c * sizeof(int));
}

/* Checks the outputs of the side's last run on the sampled problems (geev:
 * those within the first gcount); g is a group. */
static int check_side(void *ctx, int side, char *why, size_t why_len) {
  group *g = (group *)ctx;
  const int n = g->n, inter = side == S_INT, geev = side == S_GEEV;
  const size_t nn = (size_t)n * n;
  const long long cnt = g->count;
  double *x = (double *)bench_xmalloc(3 * nn * sizeof(double));
  double *wr = (double *)bench_xmalloc(2 * (size_t)n * sizeof(double));
  double *wi = wr + n, *t = x, *z = x + nn, *w = x + 2 * nn;
  double eig = 0, res = 0, orth = 0;
  bench_matcher m;
  long long bad;
  if (!read_back(g, side)) {
    snprintf(why, why_len, "could not read the results back");
    free(x);
    free(wr);
    return 0;
  }
  bench_matcher_init(&m, n);
  bad = bench_count_failed(g->h_info, geev ? g->gcount : cnt);
  for (int s = 0; s < g->nsample; ++s) {
    const long long p = g->sample[s];
    const double *a0 = g->h_a0 + p * nn;
    if (geev && p >= g->gcount)
      continue;
    for (int i = 0; i < n; ++i) {
      /* geev's w: n real parts, then n imaginary parts, per matrix */
      wr[i] = geev    ? g->h_gw[p * 2 * n + i]
              : inter ? g->h_wr[p + (long long)i * cnt]
                      : g->h_wr[p * n + i];
      wi[i] = geev    ? g->h_gw[p * 2 * n + n + i]
              : inter ? g->h_wi[p + (long long)i * cnt]
                      : g->h_wi[p * n + i];
    }
    bench_keep_max(&eig,
                   bench_eig_ratio(n, g->ref_wr + s * n, g->ref_wi + s * n,
                                   g->ref_s + s * n, wr, wi,
                                   DBL_EPSILON * bench_norm_fro(n, a0), w, &m));
    if (g->h_z && !geev) {
      for (int j = 0; j < n; ++j)
        for (int i = 0; i < n; ++i) {
          const long long off =
              inter ? p + (long long)i * cnt + (long long)j * cnt * n
                    : p * (long long)nn + i + (long long)j * n;
          t[i + j * n] = g->h_a[off];
          z[i + j * n] = g->h_z[off];
        }
      bench_keep_max(&res, bench_decomp_ratio(n, a0, z, t, z, DBL_EPSILON, w));
      bench_keep_max(&orth, bench_orth_ratio(n, z, DBL_EPSILON));
    }
  }
  bench_matcher_free(&m);
  free(x);
  free(wr);
  if (bad) {
    snprintf(why, why_len, "%lld problems with info != 0", bad);
    return 0;
  }
  if (!(eig < BENCH_THRESH) || !(res < BENCH_THRESH) ||
      !(orth < BENCH_THRESH)) {
    snprintf(why, why_len, "eig %.3g res %.3g orth %.3g (THRESH %g)", eig, res,
             orth, BENCH_THRESH);
    return 0;
  }
  return 1;
}

/* ---- the report ---------------------------------------------------------- */

static void print_cell(const cell *c, int job, double bw) {
  char t[NSIDES][220], rat[NSIDES][48];
  double med[NSIDES];
  if (!c->ok) {
    printf("| %d | %lld | MISMATCH or error: %s | | | | | |\n", c->n, c->count,
           c->why);
    return;
  }
  for (int s = 0; s < NSIDES; ++s) {
    /* time per problem in microseconds; geev's scaled from its K */
    const double per = (double)(s == S_GEEV ? c->geev_count : c->count);
    rat[s][0] = 0;
    med[s] = 0;
    if (!c->s[s].run)
      snprintf(t[s], sizeof t[s], "skipped: %s", c->s[s].skip);
    else
      med[s] = bench_time_cell(t[s], sizeof t[s], c->s[s].t, c->reps, per);
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

#define USAGE                                                                  \
  "bench_schur_gpu [--quick] [--reps R] [--geev K] [--max-run SECONDS] "       \
  "[--seed X]"

/* One cell: the group, the check run of every side, the timed rounds; 0
 * when it gave no timing. */
static int run_cell(cell *c, group *g, int job, const options *o) {
  static const int order[NSIDES] = {S_INT, S_COL, S_HOST, S_GEEV};
  const bench_timed timed = {g, NULL, run_side, check_side};
  c->count = o->a.quick ? c->count / 10 : c->count;
  fprintf(stderr, "bench_schur_gpu: n=%d batch=%lld %s\n", c->n, c->count,
          job == JOB_VECTORS ? "with vectors" : "Schur form only");
  const int setup =
      group_alloc(g, c->n, job, c->count, o->geev, o->a.seed) && geev_setup(g);
  c->geev_count = g->gcount;
  c->reps = o->a.reps;
  c->ok = bench_cuda_cell(setup, &timed, order, NSIDES, o->a.reps, o->a.max_run,
                          c->s, side_name, c->why, sizeof c->why);
  return c->ok;
}

int main(int argc, char **argv) {
  static const int sizes[NSIZES] = {16, 8, 32, 64};
  static const long long batches[NSIZES] = {100000, 100000, 20000, 5000};
  options o;
  static cell cells[NSIZES][NJOBS];
  int status = 0, solv = 0;
  bench_cuda_env env;
  cudaStream_t st;
  bench_cuda_timer tm;
  cusolverDnHandle_t h;
  cusolverDnParams_t par;
  double bw;
  const double t_start = bench_now();
  const bench_opt extra[] = {{"--geev", BENCH_OPT_INT, &o.geev, NULL, 0, NULL}};

  bench_set_name("bench_schur_gpu");
  bench_args_init(&o.a, 1, 20240607, NULL);
  o.geev = 1000;
  if (!bench_cuda_args(&o.a, argc, argv, 20.0, 20.0, 0, extra, 1, USAGE))
    return 2;
  if (o.geev < 1) {
    fprintf(stderr, "bench_schur_gpu: need geev >= 1\n");
    return 2;
  }
  if (o.a.quick && !(o.a.extra_given & 1u))
    o.geev = 100;
  if (!bench_cuda_start(&env, &st, &tm))
    return 2;
  if (!bench_cusolver_start(&h, st, &solv) ||
      !bench_cusolver_ok(cusolverDnCreateParams(&par),
                         "cusolverDnCreateParams"))
    return 2;
  fprintf(stderr, "bench_schur_gpu: measuring device copy bandwidth\n");
  bench_cuda_copy_bandwidth(st, (size_t)1 << 30, NULL, &bw);

  for (int si = 0; si < NSIZES; ++si)
    for (int job = 0; job < NJOBS; ++job) {
      group g = group();
      g.st = st;
      g.tm = &tm;
      g.h = h;
      g.par = par;
      cells[si][job].n = sizes[si];
      cells[si][job].count = batches[si];
      status |= !run_cell(&cells[si][job], &g, job, &o);
      group_free(&g);
    }

  bench_cuda_print_head("GPU: batchla vs cuSOLVER and the host, real Schur "
                        "decomposition",
                        &o.a, &env, solv);
  printf("- measured copy bandwidth (copy kernel, read + write, best of 5): "
         "%.3g GB/s\n",
         bw * 1e-9);
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
         (unsigned long long)o.a.seed);
  printf("- %d repetitions per cell, order rotating; time per problem in "
         "microseconds, median (spread = (max - min) / median); ratio = "
         "side / batchla interleaved (> 1: slower than batchla "
         "interleaved)\n",
         o.a.reps);
  printf("- cross-check before timing (THRESH = %.0f) on %d sampled "
         "problems per side: eigenvalues against %s as multisets; "
         "|A - Z T Z^T| / (|A| n ulp) and |I - Z Z^T| / (n ulp) for "
         "batchla\n",
         BENCH_THRESH, SAMPLES,
         BENCH_HAVE_LAPACKE ? "LAPACK dgees, weighted by dtrsna's s"
                            : "batchla's host result (s = 1)");
  printf("- est. GFLOP/s / GB/s of batchla interleaved: about 25 n^3 "
         "(vectors) or 10 n^3 flops per problem, an estimate; compulsory "
         "bytes 8(2n^2 + 2n) (+ 8n^2 with vectors); traffic est. = 8 "
         "bytes per flop, an upper estimate for one problem per thread "
         "with the matrix in global memory\n\n");
  for (int job = 0; job < NJOBS; ++job) {
    bench_print_table(job == JOB_VECTORS
                          ? "Schur form and vectors (geev: right eigenvectors)"
                          : "Schur form only (geev: eigenvalues only)",
                      "| n | batch | batchla interleaved us | batchla "
                      "col-major us | ratio | batchla host us | ratio | "
                      "cuSOLVER geev us (scaled) | ratio | est. GFLOP/s / "
                      "GB/s |");
    for (int si = 0; si < NSIZES; ++si)
      print_cell(&cells[si][job], job, bw);
    printf("\n");
  }
  printf("Total bench time %.0f s.%s\n\n", bench_now() - t_start,
         status ? " Some cells failed: no timing for them." : "");
  cusolverDnDestroyParams(par);
  cusolverDnDestroy(h);
  bench_cuda_timer_free(&tm);
  cudaStreamDestroy(st);
  return status;
}
