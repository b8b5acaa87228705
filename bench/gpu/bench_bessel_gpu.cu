/* bench_bessel_gpu: batchla's Bessel _all batch drivers on a CUDA device
 * (interleaved output, the coalesced layout) against the same drivers on
 * the host (all threads, packed), per value, on the same arguments in one
 * run (how: docs/MEASURING.md; report: docs/perf_bessel.md).
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
#include <cuda_runtime.h>

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

#define MAX_REPS 32
#define AGREE_ULP 16.0

enum { F_J, F_Y, F_SJ, F_SY, NF };
static const char *const fname[NF] = {"J_k", "Y_k", "j_n", "y_n"};

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void *xmalloc(size_t bytes) {
  void *p = malloc(bytes ? bytes : 1);
  if (!p) {
    fprintf(stderr, "bench_bessel_gpu: out of memory (%zu bytes)\n", bytes);
    exit(2);
  }
  return p;
}

static uint64_t rng_next(uint64_t *s) {
  uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

static int cmp_double(const void *a, const void *b) {
  const double x = *(const double *)a, y = *(const double *)b;
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

static bool cuda_ok(cudaError_t e, const char *what) {
  if (e == cudaSuccess)
    return true;
  fprintf(stderr, "bench_bessel_gpu: %s: %s\n", what, cudaGetErrorString(e));
  return false;
}

static bla_status call(int f, double *x, bla_index count, bla_dvec_batch out,
                       int *info, const bla_exec *ex) {
  bla_dvec xv;
  xv.data = x;
  xv.n = count;
  xv.inc = 1;
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
  bla_exec ex = {BLA_HOST, 0, NULL};
  bla_dvec xv;
  bla_dvec_batch a = bla_dvec_batch_packed(v, count, n);
  bla_dvec_batch b = bla_dvec_batch_packed(w, count, n);
  bla_dvec_batch none = bla_dvec_batch_packed(NULL, count, 0);
  const bool first = f == F_J || f == F_SJ;
  xv.data = x;
  xv.n = count;
  xv.inc = 1;
  if (f == F_J || f == F_Y)
    return bla_dbessel_jy_all_batch(xv, first ? a : b, none, first ? b : a,
                                    none, info, &ex);
  return bla_dsph_bessel_jy_all_batch(xv, first ? a : b, none, first ? b : a,
                                      none, info, &ex);
}

struct cell {
  bool ok, run;
  char why[160];
  double worst; /* device vs host, ulp of the weight */
  double t_dev[MAX_REPS], t_host[MAX_REPS];
  int reps;
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

static void run_cell(int f, int N, bla_index count, int reps, const double *hx,
                     double *dx, cudaStream_t st, cudaEvent_t e0,
                     cudaEvent_t e1, cell *c) {
  const bla_index n = N + 1;
  const size_t vals = (size_t)count * (size_t)n;
  double *dout = NULL, *hdev = NULL, *hhost = NULL, *pv = NULL, *pw = NULL;
  int *dinfo = NULL, *hinfo = NULL, *hinfo2 = NULL, *pinfo = NULL;
  bla_exec exd = {BLA_CUDA, 0, (void *)st};
  bla_exec exh = {BLA_HOST, 0, NULL};
  bla_dvec_batch od, oh;
  c->ok = false;
  c->run = false;
  c->worst = 0;
  c->reps = reps;
  if (!cuda_ok(cudaMalloc((void **)&dout, vals * sizeof(double)),
               "cudaMalloc output")) {
    snprintf(c->why, sizeof c->why, "does not fit in device memory");
    return;
  }
  cuda_ok(cudaMalloc((void **)&dinfo, (size_t)count * sizeof(int)),
          "cudaMalloc info");
  hdev = (double *)xmalloc(vals * sizeof(double));
  hhost = (double *)xmalloc(vals * sizeof(double));
  hinfo = (int *)xmalloc((size_t)count * sizeof(int));
  hinfo2 = (int *)xmalloc((size_t)count * sizeof(int));
  od = bla_dvec_batch_interleaved(dout, count, n);
  oh = bla_dvec_batch_packed(hhost, count, n);

  /* Cross-check (untimed): every value of the device against the host,
   * the moduli from the host pair, computed in chunks. */
  {
    const bla_index chunk = 20000;
    bla_status s1 = call(f, dx, count, od, dinfo, &exd);
    bla_status s2 = call(f, (double *)hx, count, oh, hinfo, &exh);
    if (s1 != BLA_OK || s2 != BLA_OK ||
        !cuda_ok(cudaStreamSynchronize(st), "check run")) {
      snprintf(c->why, sizeof c->why, "status %d (device) / %d (host)", (int)s1,
               (int)s2);
      goto done;
    }
    cuda_ok(
        cudaMemcpy(hdev, dout, vals * sizeof(double), cudaMemcpyDeviceToHost),
        "copy back");
    cuda_ok(cudaMemcpy(hinfo2, dinfo, (size_t)count * sizeof(int),
                       cudaMemcpyDeviceToHost),
            "copy info");
    pv = (double *)xmalloc((size_t)chunk * (size_t)n * sizeof(double));
    pw = (double *)xmalloc((size_t)chunk * (size_t)n * sizeof(double));
    pinfo = (int *)xmalloc((size_t)chunk * sizeof(int));
    for (bla_index p0 = 0; p0 < count; p0 += chunk) {
      const bla_index m = count - p0 < chunk ? count - p0 : chunk;
      if (host_pair(f, (double *)hx + p0, m, n, pv, pw, pinfo) != BLA_OK) {
        snprintf(c->why, sizeof c->why, "host pair failed");
        goto done;
      }
      for (bla_index q = 0; q < m; ++q) {
        const bla_index p = p0 + q;
        if (hinfo2[p] != hinfo[p]) {
          snprintf(c->why, sizeof c->why, "info differs at %lld", (long long)p);
          goto done;
        }
        for (bla_index k = 0; k < n; ++k) {
          const double d = hdev[p + k * count], h = hhost[p * n + k];
          const double nu = (double)k + (f >= F_SJ ? 0.5 : 0.0);
          const double wgt =
              nu < hx[p] ? hypot(pv[q * n + k], pw[q * n + k]) : fabs(h);
          const double e = diff_ulp(d, h, wgt > 0 ? wgt : DBL_MIN);
          c->worst = e > c->worst ? e : c->worst;
          if (!(e <= AGREE_ULP)) {
            snprintf(c->why, sizeof c->why,
                     "x = %.17g k = %lld: device %.17g host %.17g (%.3g ulp)",
                     hx[p], (long long)k, d, h, e);
            goto done;
          }
        }
      }
    }
  }
  c->ok = true;

  /* Timing: alternate which side runs first. */
  for (int r = 0; r < reps; ++r)
    for (int j = 0; j < 2; ++j) {
      if ((r + j) % 2 == 0) {
        float ms = 0;
        cudaEventRecord(e0, st);
        bla_status s = call(f, dx, count, od, dinfo, &exd);
        cudaEventRecord(e1, st);
        if (!cuda_ok(cudaEventSynchronize(e1), "timed run") || s != BLA_OK) {
          c->ok = false;
          snprintf(c->why, sizeof c->why, "timed device run failed");
          goto done;
        }
        cudaEventElapsedTime(&ms, e0, e1);
        c->t_dev[r] = 1e-3 * ms / (double)vals;
      } else {
        const double t0 = now();
        call(f, (double *)hx, count, oh, hinfo, &exh);
        c->t_host[r] = (now() - t0) / (double)vals;
      }
    }
  c->run = true;
done:
  cudaFree(dout);
  cudaFree(dinfo);
  free(hdev);
  free(hhost);
  free(hinfo);
  free(hinfo2);
  free(pv);
  free(pw);
  free(pinfo);
}

int main(int argc, char **argv) {
  int reps = 5, quick = 0;
  uint64_t seed = 20240611;
  const bla_index batches[3] = {10000, 100000, 1000000};
  const int orders[2] = {50, 500};
  static cell cells[NF][2][3];
  double *hx, *dx = NULL;
  cudaStream_t st;
  cudaEvent_t e0, e1;
  cudaDeviceProp prop;
  int dev = 0, status = 0, nb;
  char cmdline[512] = "";

  for (int i = 1; i < argc; ++i) {
    size_t used = strlen(cmdline);
    snprintf(cmdline + used, sizeof cmdline - used, " %s", argv[i]);
    if (!strcmp(argv[i], "--quick")) {
      quick = 1;
    } else if (i + 1 < argc && !strcmp(argv[i], "--reps")) {
      reps = atoi(argv[++i]);
    } else if (i + 1 < argc && !strcmp(argv[i], "--seed")) {
      seed = strtoull(argv[++i], NULL, 0);
    } else {
      fprintf(stderr, "usage: bench_bessel_gpu [--quick] [--reps R] "
                      "[--seed X]\n");
      return 2;
    }
    if (strcmp(argv[i], "--quick") && i > 0) {
      used = strlen(cmdline);
      snprintf(cmdline + used, sizeof cmdline - used, " %s", argv[i]);
    }
  }
  if (reps < 5 || reps > MAX_REPS) {
    fprintf(stderr, "bench_bessel_gpu: 5 <= reps <= %d\n", MAX_REPS);
    return 2;
  }
  nb = quick ? 2 : 3;
  if (!cuda_ok(cudaGetDevice(&dev), "cudaGetDevice") ||
      !cuda_ok(cudaGetDeviceProperties(&prop, dev), "device properties")) {
    fprintf(stderr, "bench_bessel_gpu: no usable CUDA device\n");
    return 2;
  }
  hx = (double *)xmalloc((size_t)batches[2] * sizeof(double));
  {
    uint64_t s = seed;
    for (bla_index p = 0; p < batches[2]; ++p) {
      const double u = (double)(rng_next(&s) >> 11) * 0x1.0p-53;
      hx[p] = 0.1 * pow(1e4, u);
    }
  }
  if (!cuda_ok(cudaMalloc((void **)&dx, (size_t)batches[2] * sizeof(double)),
               "cudaMalloc x") ||
      !cuda_ok(cudaMemcpy(dx, hx, (size_t)batches[2] * sizeof(double),
                          cudaMemcpyHostToDevice),
               "copy x"))
    return 2;
  cudaStreamCreate(&st);
  cudaEventCreate(&e0);
  cudaEventCreate(&e1);

  for (int f = 0; f < NF; ++f)
    for (int io = 0; io < 2; ++io)
      for (int ib = 0; ib < nb; ++ib) {
        cell *c = &cells[f][io][ib];
        fprintf(stderr, "bench_bessel_gpu: %s N=%d batch=%lld\n", fname[f],
                orders[io], (long long)batches[ib]);
        run_cell(f, orders[io], batches[ib], reps, hx, dx, st, e0, e1, c);
        if (!c->ok)
          status = 1;
      }

  printf("## GPU: batchla Bessel _all kernels, device vs host\n\n");
  printf("- command: `bench_bessel_gpu%s`\n", cmdline);
  printf("- commit (configure time): %s; batchla %s\n", BENCH_GIT_COMMIT,
         bla_version());
  printf("- GPU: %s, %d SMs, %.3g GB, compute capability %d.%d\n", prop.name,
         prop.multiProcessorCount, (double)prop.totalGlobalMem * 1e-9,
         prop.major, prop.minor);
  printf("- device: {BLA_CUDA}, interleaved output (bs = 1, inc = count), "
         "arguments and results in device memory, cudaEvent timing of the "
         "driver call on one stream; host: {BLA_HOST}, default threads, "
         "packed output, wall clock\n");
  printf("- arguments: x log-uniform in [0.1, 1000], splitmix64 seed %llu; "
         "double precision; %d repetitions, median (spread = (max - min) / "
         "median), device and host alternate which runs first\n",
         (unsigned long long)seed, reps);
  printf("- cross-check before timing: every device value within %.0f ulp "
         "of the host's (relative to the modulus from the host pair "
         "below the turning point, to |f| above)\n",
         AGREE_ULP);
  printf("- write rate: 8 bytes per value / device time per value\n\n");
  printf("| function | orders | batch | device ns/value | host ns/value | "
         "host / device | device write GB/s | check (worst ulp) |\n");
  printf("|---|---|---|---|---|---|---|---|\n");
  for (int f = 0; f < NF; ++f)
    for (int io = 0; io < 2; ++io)
      for (int ib = 0; ib < nb; ++ib) {
        const cell *c = &cells[f][io][ib];
        if (!c->run) {
          printf("| %s | 0..%d | %lld | MISMATCH or failure: %s | | | | |\n",
                 fname[f], orders[io], (long long)batches[ib], c->why);
          continue;
        }
        const double md = median(c->t_dev, c->reps) * 1e9;
        const double mh = median(c->t_host, c->reps) * 1e9;
        printf("| %s | 0..%d | %lld | %.3g (%.0f%%) | %.3g (%.0f%%) | %.3g | "
               "%.3g | %.2g |\n",
               fname[f], orders[io], (long long)batches[ib], md,
               100 * spread(c->t_dev, c->reps), mh,
               100 * spread(c->t_host, c->reps), mh / md, 8.0 / md, c->worst);
      }
  printf("\nNot measured: float, the _jy/_ik derivative forms, packed "
         "output on the device, other GPUs, host-device transfers.\n");
  cudaEventDestroy(e0);
  cudaEventDestroy(e1);
  cudaStreamDestroy(st);
  cudaFree(dx);
  free(hx);
  return status;
}
