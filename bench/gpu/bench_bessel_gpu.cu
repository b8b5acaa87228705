/* bench_bessel_gpu: batchla's Bessel _all batch drivers on a CUDA device
 * (interleaved output, the coalesced layout) against the same drivers on
 * the host (all threads, packed), per value, on the same arguments in one
 * run (how: docs/MEASURING.md; report: docs/PERFORMANCE.md).
 *
 *   bench_bessel_gpu [--quick] [--reps R] [--seed X]
 *
 * Cells: functions J_k, Y_k, j_n, y_n; orders 0..50 and 0..500; batches
 * of 1e4, 1e5 and 1e6 arguments (--quick: 1e4 and 1e5), x log-uniform in
 * [0.1, 1000]. Device runs are timed with cudaEvents on one stream (the
 * arguments already on the device, results left there); host runs with a
 * wall clock; the two alternate which runs first. Before any time is
 * printed, every device value is checked against the host's: both are
 * within 8 ulp of the truth (tests), so they must agree within 16 ulp of
 * the modulus sqrt(J^2 + Y^2) (j, y) below the turning point and of |f|
 * above it; the host pair gives the modulus. A cell that fails prints
 * MISMATCH and the program exits with status 1. */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "batchla/batchla.h"
#include "bench_cuda.cuh"

#define AGREE_ULP 16.0

enum { F_J, F_Y, F_SJ, F_SY, NF };
static const char *const fname[NF] = {"J_k", "Y_k", "j_n", "y_n"};
enum { S_DEV, S_HOST, NSIDES };

static bla_status call(int f, double *x, bla_index count, bla_dvec_batch out,
                       int *info, const bla_exec *ex) {
  const bla_dvec xv = bla_dvec_make(x, count, 1);
  switch (f) {
  case F_J:
    return bla_dbessel_j_all_batch(xv, out, info, ex);
  case F_Y:
    return bla_dbessel_y_all_batch(xv, out, info, ex);
  case F_SJ:
    return bla_dsph_bessel_j_all_batch(xv, out, info, ex);
  default:
    return bla_dsph_bessel_y_all_batch(xv, out, info, ex);
  }
}

/* Host pair values (f and its partner) for the moduli, packed. */
static bla_status host_pair(int f, double *x, bla_index count, bla_index n,
                            double *v, double *w, int *info) {
  const bla_exec ex = bench_exec(BLA_HOST, 0, NULL);
  const bla_dvec xv = bla_dvec_make(x, count, 1);
  bla_dvec_batch a = bla_dvec_batch_packed(v, count, n);
  bla_dvec_batch b = bla_dvec_batch_packed(w, count, n);
  bla_dvec_batch none = bla_dvec_batch_packed(NULL, count, 0);
  const bool first = f == F_J || f == F_SJ;
  if (f == F_J || f == F_Y)
    return bla_dbessel_jy_all_batch(xv, first ? a : b, none, first ? b : a,
                                    none, info, &ex);
  return bla_dsph_bessel_jy_all_batch(xv, first ? a : b, none, first ? b : a,
                                      none, info, &ex);
}

struct cell {
  bool run;
  char why[200];
  double worst; /* device vs host, ulp of the weight */
  bench_side s[NSIDES];
  int reps;
};

/* What one cell runs: function f, orders 0..N, count arguments. */
struct job {
  int f, N;
  bla_index count;
  const double *hx;
  double *dx;
  cudaStream_t st;
  const bench_cuda_timer *tm;
  double *dout, *hhost;
  int *dinfo, *hinfo;
  cell *c;
};

/* Device value p, k against the host's: same infinity, both below
 * underflow, or within AGREE_ULP of the weight. */
static double diff_ulp(double d, double h, double wgt) {
  if (isinf(d) || isinf(h))
    return d == h ? 0 : INFINITY;
  if (isnan(d) || isnan(h))
    return INFINITY;
  if (fabs(d) < DBL_MIN && fabs(h) < DBL_MIN)
    return 0;
  return fabs(d - h) / wgt / DBL_EPSILON;
}

/* One run of a side; seconds, or -1 when the call failed; j is a job. */
static double run_side(void *ctx, int side, int rep) {
  const job *j = (const job *)ctx;
  const bla_index n = j->N + 1;
  double t0;
  bla_status s;
  (void)rep;
  if (side == S_HOST) {
    const bla_exec ex = bench_exec(BLA_HOST, 0, NULL);
    t0 = bench_now();
    s = call(j->f, (double *)j->hx, j->count,
             bla_dvec_batch_packed(j->hhost, j->count, n), j->hinfo, &ex);
    return s == BLA_OK ? bench_now() - t0 : -1;
  }
  {
    const bla_exec ex = bench_exec(BLA_CUDA, 0, (void *)j->st);
    bench_cuda_timer_start(j->tm);
    s = call(j->f, j->dx, j->count,
             bla_dvec_batch_interleaved(j->dout, j->count, n), j->dinfo, &ex);
    t0 = bench_cuda_timer_stop(j->tm, "device run");
    return s == BLA_OK ? t0 : -1;
  }
}

/* Every device value of the last run against the host's (which ran
 * before), the moduli from the host pair, in chunks; j is a job. */
static int check_side(void *ctx, int side, char *why, size_t wlen) {
  job *j = (job *)ctx;
  const bla_index n = j->N + 1, count = j->count, chunk = 20000;
  const size_t vals = (size_t)count * (size_t)n;
  const int f = j->f;
  double *hdev, *pv, *pw;
  int *hinfo2, *pinfo, ok = 1;
  if (side == S_HOST)
    return 1;
  hdev = bench_host_array<double>(vals);
  hinfo2 = bench_host_array<int>((size_t)count);
  pv = bench_host_array<double>((size_t)chunk * (size_t)n);
  pw = bench_host_array<double>((size_t)chunk * (size_t)n);
  pinfo = bench_host_array<int>((size_t)chunk);
  if (!bench_cuda_download(hdev, j->dout, vals * sizeof(double)) ||
      !bench_cuda_download(hinfo2, j->dinfo, (size_t)count * sizeof(int))) {
    snprintf(why, wlen, "download failed");
    ok = 0;
  }
  for (bla_index p0 = 0; ok && p0 < count; p0 += chunk) {
    const bla_index m = count - p0 < chunk ? count - p0 : chunk;
    if (host_pair(f, (double *)j->hx + p0, m, n, pv, pw, pinfo) != BLA_OK) {
      snprintf(why, wlen, "host pair failed");
      ok = 0;
    }
    for (bla_index q = 0; ok && q < m; ++q) {
      const bla_index p = p0 + q;
      if (hinfo2[p] != j->hinfo[p]) {
        snprintf(why, wlen, "info differs at %lld", (long long)p);
        ok = 0;
      }
      for (bla_index k = 0; ok && k < n; ++k) {
        const double d = hdev[p + k * count], h = j->hhost[p * n + k];
        const double nu = (double)k + (f >= F_SJ ? 0.5 : 0.0);
        const double wgt =
            nu < j->hx[p] ? hypot(pv[q * n + k], pw[q * n + k]) : fabs(h);
        const double e = diff_ulp(d, h, wgt > 0 ? wgt : DBL_MIN);
        j->c->worst = e > j->c->worst ? e : j->c->worst;
        if (!(e <= AGREE_ULP)) {
          snprintf(why, wlen,
                   "x = %.17g k = %lld: device %.17g host %.17g (%.3g ulp)",
                   j->hx[p], (long long)k, d, h, e);
          ok = 0;
        }
      }
    }
  }
  BENCH_FREE(hdev, hinfo2, pv, pw, pinfo);
  return ok;
}

static void run_cell(job *j, int reps) {
  static const int order[NSIDES] = {S_HOST, S_DEV};
  const bench_timed timed = {j, NULL, run_side, check_side};
  const size_t vals = (size_t)j->count * (size_t)(j->N + 1);
  int ok = 1;
  cell *c = j->c;
  c->run = false;
  c->worst = 0;
  c->reps = reps;
  j->dout = bench_cuda_array<double>(vals, &ok);
  j->dinfo = bench_cuda_array<int>((size_t)j->count, &ok);
  if (!ok) {
    snprintf(c->why, sizeof c->why, "does not fit in device memory");
  } else {
    j->hhost = bench_host_array<double>(vals);
    j->hinfo = bench_host_array<int>((size_t)j->count);
    /* the two alternate which runs first */
    bench_measure(&timed, order, NSIDES, reps, INFINITY, c->s);
    c->run =
        !bench_side_failure(c->s, order, NSIDES, NULL, c->why, sizeof c->why);
  }
  cudaFree(j->dout);
  cudaFree(j->dinfo);
  BENCH_FREE(j->hhost, j->hinfo);
}

#define USAGE "bench_bessel_gpu [--quick] [--reps R] [--seed X]"

int main(int argc, char **argv) {
  const bla_index batches[3] = {10000, 100000, 1000000};
  const int orders[2] = {50, 500};
  static cell cells[NF][2][3];
  double *hx, *dx;
  bench_args a;
  bench_cuda_env env;
  cudaStream_t st;
  bench_cuda_timer tm;
  int status = 0, nb, ok = 1;

  bench_set_name("bench_bessel_gpu");
  bench_args_init(&a, 1, 20240611, NULL);
  if (!bench_args_parse(&a, argc, argv, BENCH_QUICK | BENCH_REPS | BENCH_SEED,
                        NULL, 0, USAGE))
    return 2;
  nb = a.quick ? 2 : 3;
  if (!bench_cuda_start(&env, &st, &tm))
    return 2;
  hx = bench_host_array<double>((size_t)batches[2]);
  {
    uint64_t s = a.seed;
    for (bla_index p = 0; p < batches[2]; ++p)
      hx[p] = 0.1 * pow(1e4, bench_rng_u01(&s));
  }
  dx = bench_cuda_array<double>((size_t)batches[2], &ok);
  if (!ok || !bench_cuda_upload(dx, hx, (size_t)batches[2] * sizeof(double)))
    return 2;

  for (int f = 0; f < NF; ++f)
    for (int io = 0; io < 2; ++io)
      for (int ib = 0; ib < nb; ++ib) {
        job j;
        memset(&j, 0, sizeof j);
        j.f = f;
        j.N = orders[io];
        j.count = batches[ib];
        j.hx = hx;
        j.dx = dx;
        j.st = st;
        j.tm = &tm;
        j.c = &cells[f][io][ib];
        fprintf(stderr, "bench_bessel_gpu: %s N=%d batch=%lld\n", fname[f],
                orders[io], (long long)batches[ib]);
        run_cell(&j, a.reps);
        status |= !j.c->run;
      }

  bench_cuda_print_head("GPU: batchla Bessel _all kernels, device vs host", &a,
                        &env, 0);
  printf("- device: {BLA_CUDA}, interleaved output (bs = 1, inc = count), "
         "arguments and results in device memory, cudaEvent timing of the "
         "driver call on one stream; host: {BLA_HOST}, default threads, "
         "packed output, wall clock\n");
  printf("- arguments: x log-uniform in [0.1, 1000], splitmix64 seed %llu; "
         "double precision; %d repetitions, median (spread = (max - min) / "
         "median), device and host alternate which runs first\n",
         (unsigned long long)a.seed, a.reps);
  printf("- cross-check before timing: every device value within %.0f ulp "
         "of the host's (relative to the modulus from the host pair "
         "below the turning point, to |f| above)\n",
         AGREE_ULP);
  printf("- write rate: 8 bytes per value / device time per value\n\n");
  bench_print_table(NULL, "| function | orders | batch | device ns/value | "
                          "host ns/value | host / device | device write GB/s "
                          "| check (worst ulp) |");
  for (int f = 0; f < NF; ++f)
    for (int io = 0; io < 2; ++io)
      for (int ib = 0; ib < nb; ++ib) {
        const cell *c = &cells[f][io][ib];
        const double vals = (double)batches[ib] * (orders[io] + 1);
        double md, mh;
        if (!c->run) {
          printf("| %s | 0..%d | %lld | MISMATCH or failure: %s | | | | |\n",
                 fname[f], orders[io], (long long)batches[ib], c->why);
          continue;
        }
        md = bench_median(c->s[S_DEV].t, c->reps) / vals * 1e9;
        mh = bench_median(c->s[S_HOST].t, c->reps) / vals * 1e9;
        printf("| %s | 0..%d | %lld | %.3g (%.0f%%) | %.3g (%.0f%%) | %.3g | "
               "%.3g | %.2g |\n",
               fname[f], orders[io], (long long)batches[ib], md,
               100 * bench_spread(c->s[S_DEV].t, c->reps), mh,
               100 * bench_spread(c->s[S_HOST].t, c->reps), mh / md, 8.0 / md,
               c->worst);
      }
  printf("\nNot measured: float, the _jy/_ik derivative forms, packed "
         "output on the device, other GPUs, host-device transfers.\n");
  bench_cuda_timer_free(&tm);
  cudaStreamDestroy(st);
  cudaFree(dx);
  free(hx);
  return status;
}
