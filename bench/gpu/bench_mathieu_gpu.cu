/* bench_mathieu_gpu: batchla's Mathieu batch drivers on a CUDA device
 * against the same drivers on the host (all threads), on the same inputs
 * in one run (how: docs/MEASURING.md). The workflows of bench_mathieu,
 * scaled up:
 *
 *   A  1000 (m, q) pairs, m uniform in 1..99, q = 2^u with u uniform in
 *      [1, 7) (splitmix64, fixed seed), times 1000 x evenly spaced in
 *      [0, 2 pi]: ce_m(x, q) and ce_m', then se_m and se_m', one
 *      bla_dmathieu_angular_batch call over the 10^6 entries (m and q
 *      repeated, x varying fastest; contiguous vectors).
 *   B  a_0..a_100 and b_1..b_100 at 10^5 q evenly spaced in [0, 1000],
 *      and at the 10^4 q = -(every tenth of them): one
 *      bla_dmathieu_ab_all_batch call (device: interleaved output,
 *      bs = 1, inc = count, the coalesced layout; host: packed).
 *
 *   bench_mathieu_gpu [--quick] [--reps R] [--seed X]
 *
 * --quick: A with 100 pairs, B with 10^4 and 10^3 q. Device runs are
 * timed with cudaEvents on one stream (inputs already on the device,
 * results left there; the angular driver copies m and q to the host to
 * find the distinct (m, q) and synchronizes, which the events include),
 * and with a wall clock around the call; host runs with a wall clock;
 * the two alternate which runs first. Before any time is printed, every
 * device value is checked against the host's: info equal, a and b within
 * 1e-12 relative to max(|v|, 1), f and f' within 1e-12 of the largest
 * host |f| (|f'|) over that pair's x. A workflow that fails prints
 * MISMATCH and the program exits with status 1. */
#include <cuda_runtime.h>

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "batchla/batchla.h"

#ifndef BENCH_GIT_COMMIT
#define BENCH_GIT_COMMIT "unknown"
#endif

#define MAX_REPS 32
#define NA 101
#define NB 100
#define AGREE 1e-12
#define PI 3.14159265358979323846

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void *xmalloc(size_t bytes) {
  void *p = malloc(bytes ? bytes : 1);
  if (!p) {
    fprintf(stderr, "bench_mathieu_gpu: out of memory (%zu bytes)\n", bytes);
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
  fprintf(stderr, "bench_mathieu_gpu: %s: %s\n", what, cudaGetErrorString(e));
  return false;
}

/* Device memory that the program frees at the end. */
static void *dalloc(size_t bytes) {
  void *p = NULL;
  if (!cuda_ok(cudaMalloc(&p, bytes ? bytes : 1), "cudaMalloc")) {
    fprintf(stderr, "bench_mathieu_gpu: %zu bytes do not fit on the device\n",
            bytes);
    exit(2);
  }
  return p;
}

static void upload(void *d, const void *h, size_t bytes) {
  if (!cuda_ok(cudaMemcpy(d, h, bytes, cudaMemcpyHostToDevice), "upload"))
    exit(2);
}

static bool download(void *h, const void *d, size_t bytes) {
  return cuda_ok(cudaMemcpy(h, d, bytes, cudaMemcpyDeviceToHost), "download");
}

static double relerr(double d, double h, double scale) {
  if (isnan(d) || isnan(h))
    return isnan(d) && isnan(h) ? 0 : INFINITY;
  return fabs(d - h) / scale;
}

/* One row of the report. */
struct row {
  const char *name;
  long long entries, values;
  bool ok, run;
  char why[200];
  double worst;
  int reps;
  double t_ev[MAX_REPS], t_wall[MAX_REPS], t_host[MAX_REPS];
};

/* A workflow: the device call, the host call, and the check of the
 * device's results (downloaded) against the host's. */
struct workflow {
  bla_status (*dev)(void *ctx, cudaStream_t st);
  bla_status (*host)(void *ctx);
  bool (*check)(void *ctx, row *r);
  void *ctx;
};

static void run_row(const workflow *w, int reps, cudaStream_t st,
                    cudaEvent_t e0, cudaEvent_t e1, row *r) {
  r->ok = r->run = false;
  r->worst = 0;
  r->reps = reps;
  {
    const bla_status s1 = w->dev(w->ctx, st);
    const bla_status s2 = w->host(w->ctx);
    if (s1 != BLA_OK || s2 != BLA_OK ||
        !cuda_ok(cudaStreamSynchronize(st), "check run")) {
      snprintf(r->why, sizeof r->why, "status %s (device) / %s (host)",
               bla_status_string(s1), bla_status_string(s2));
      return;
    }
    if (!w->check(w->ctx, r))
      return;
  }
  r->ok = true;
  for (int k = 0; k < reps; ++k)
    for (int j = 0; j < 2; ++j) {
      if ((k + j) % 2 == 0) {
        float ms = 0;
        const double t0 = now();
        cudaEventRecord(e0, st);
        const bla_status s = w->dev(w->ctx, st);
        cudaEventRecord(e1, st);
        if (!cuda_ok(cudaEventSynchronize(e1), "timed run") || s != BLA_OK) {
          r->ok = false;
          snprintf(r->why, sizeof r->why, "timed device run failed");
          return;
        }
        r->t_wall[k] = now() - t0;
        cudaEventElapsedTime(&ms, e0, e1);
        r->t_ev[k] = 1e-3 * ms;
      } else {
        const double t0 = now();
        w->host(w->ctx);
        r->t_host[k] = now() - t0;
      }
    }
  r->run = true;
}

/* ---- workflow A ------------------------------------------------------------
 */

struct ang_ctx {
  bla_mathieu_kind kind;
  int npair, nx;
  bla_index count;
  int *hm, *dm, *hinfo, *dinfo, *hinfo_dev;
  double *hq, *hx, *dq, *dx;
  double *hf, *hfp, *df, *dfp, *hf_dev, *hfp_dev;
};

static bla_status ang_dev(void *c, cudaStream_t st) {
  ang_ctx *a = (ang_ctx *)c;
  bla_exec ex = {BLA_CUDA, 0, (void *)st};
  return bla_dmathieu_angular_batch(
      a->kind, a->dm, 1, bla_dvec_make(a->dq, a->count, 1),
      bla_dvec_make(a->dx, a->count, 1), bla_dvec_make(a->df, a->count, 1),
      bla_dvec_make(a->dfp, a->count, 1), a->dinfo, &ex);
}

static bla_status ang_host(void *c) {
  ang_ctx *a = (ang_ctx *)c;
  bla_exec ex = {BLA_HOST, 0, NULL};
  return bla_dmathieu_angular_batch(
      a->kind, a->hm, 1, bla_dvec_make(a->hq, a->count, 1),
      bla_dvec_make(a->hx, a->count, 1), bla_dvec_make(a->hf, a->count, 1),
      bla_dvec_make(a->hfp, a->count, 1), a->hinfo, &ex);
}

static bool ang_check(void *c, row *r) {
  ang_ctx *a = (ang_ctx *)c;
  const size_t n = (size_t)a->count;
  if (!download(a->hf_dev, a->df, n * sizeof(double)) ||
      !download(a->hfp_dev, a->dfp, n * sizeof(double)) ||
      !download(a->hinfo_dev, a->dinfo, n * sizeof(int))) {
    snprintf(r->why, sizeof r->why, "download failed");
    return false;
  }
  for (int p = 0; p < a->npair; ++p) {
    const bla_index i0 = (bla_index)p * a->nx;
    double s0 = 0, s1 = 0;
    for (int j = 0; j < a->nx; ++j) {
      s0 = fmax(s0, fabs(a->hf[i0 + j]));
      s1 = fmax(s1, fabs(a->hfp[i0 + j]));
    }
    s0 = s0 > 0 ? s0 : 1;
    s1 = s1 > 0 ? s1 : 1;
    for (int j = 0; j < a->nx; ++j) {
      const bla_index i = i0 + j;
      const double e = fmax(relerr(a->hf_dev[i], a->hf[i], s0),
                            relerr(a->hfp_dev[i], a->hfp[i], s1));
      r->worst = fmax(r->worst, e);
      if (a->hinfo_dev[i] != a->hinfo[i] || a->hinfo[i] != 0 || !(e <= AGREE)) {
        snprintf(r->why, sizeof r->why,
                 "%s_%d(%.17g, %.17g): device %.17g, %.17g (info %d), host "
                 "%.17g, %.17g (info %d)",
                 a->kind == BLA_MATHIEU_CE ? "ce" : "se", a->hm[i], a->hx[i],
                 a->hq[i], a->hf_dev[i], a->hfp_dev[i], a->hinfo_dev[i],
                 a->hf[i], a->hfp[i], a->hinfo[i]);
        return false;
      }
    }
  }
  return true;
}

/* ---- workflow B ------------------------------------------------------------
 */

struct ab_ctx {
  bla_index nq;
  double *hq, *dq, *ha, *hb, *da, *db, *ha_dev, *hb_dev;
  int *hinfo, *dinfo, *hinfo_dev;
};

static bla_status ab_dev(void *c, cudaStream_t st) {
  ab_ctx *b = (ab_ctx *)c;
  bla_exec ex = {BLA_CUDA, 0, (void *)st};
  return bla_dmathieu_ab_all_batch(bla_dvec_make(b->dq, b->nq, 1),
                                   bla_dvec_batch_interleaved(b->da, b->nq, NA),
                                   bla_dvec_batch_interleaved(b->db, b->nq, NB),
                                   b->dinfo, &ex);
}

static bla_status ab_host(void *c) {
  ab_ctx *b = (ab_ctx *)c;
  bla_exec ex = {BLA_HOST, 0, NULL};
  return bla_dmathieu_ab_all_batch(
      bla_dvec_make(b->hq, b->nq, 1), bla_dvec_batch_packed(b->ha, b->nq, NA),
      bla_dvec_batch_packed(b->hb, b->nq, NB), b->hinfo, &ex);
}

static bool ab_check(void *c, row *r) {
  ab_ctx *b = (ab_ctx *)c;
  const size_t nq = (size_t)b->nq;
  if (!download(b->ha_dev, b->da, nq * NA * sizeof(double)) ||
      !download(b->hb_dev, b->db, nq * NB * sizeof(double)) ||
      !download(b->hinfo_dev, b->dinfo, nq * sizeof(int))) {
    snprintf(r->why, sizeof r->why, "download failed");
    return false;
  }
  for (size_t p = 0; p < nq; ++p) {
    if (b->hinfo_dev[p] != b->hinfo[p] || b->hinfo[p] != 0) {
      snprintf(r->why, sizeof r->why, "q = %.17g: info %d (device), %d (host)",
               b->hq[p], b->hinfo_dev[p], b->hinfo[p]);
      return false;
    }
    for (int k = 0; k < NA + NB; ++k) {
      const bool isa = k < NA;
      const int m = isa ? k : k - NA + 1;
      const double d = isa ? b->ha_dev[p + (size_t)k * nq]
                           : b->hb_dev[p + (size_t)(m - 1) * nq];
      const double h = isa ? b->ha[p * NA + k] : b->hb[p * NB + m - 1];
      const double e = relerr(d, h, fmax(fabs(h), 1));
      r->worst = fmax(r->worst, e);
      if (!(e <= AGREE)) {
        snprintf(r->why, sizeof r->why,
                 "%c_%d(q = %.17g): device %.17g, host %.17g", isa ? 'a' : 'b',
                 m, b->hq[p], d, h);
        return false;
      }
    }
  }
  return true;
}

static void ab_init(ab_ctx *b, bla_index nq, const double *q) {
  b->nq = nq;
  b->hq = (double *)xmalloc((size_t)nq * sizeof(double));
  memcpy(b->hq, q, (size_t)nq * sizeof(double));
  b->ha = (double *)xmalloc((size_t)nq * NA * sizeof(double));
  b->hb = (double *)xmalloc((size_t)nq * NB * sizeof(double));
  b->ha_dev = (double *)xmalloc((size_t)nq * NA * sizeof(double));
  b->hb_dev = (double *)xmalloc((size_t)nq * NB * sizeof(double));
  b->hinfo = (int *)xmalloc((size_t)nq * sizeof(int));
  b->hinfo_dev = (int *)xmalloc((size_t)nq * sizeof(int));
  b->dq = (double *)dalloc((size_t)nq * sizeof(double));
  b->da = (double *)dalloc((size_t)nq * NA * sizeof(double));
  b->db = (double *)dalloc((size_t)nq * NB * sizeof(double));
  b->dinfo = (int *)dalloc((size_t)nq * sizeof(int));
  upload(b->dq, b->hq, (size_t)nq * sizeof(double));
}

static void ab_free(ab_ctx *b) {
  free(b->hq);
  free(b->ha);
  free(b->hb);
  free(b->ha_dev);
  free(b->hb_dev);
  free(b->hinfo);
  free(b->hinfo_dev);
  cudaFree(b->dq);
  cudaFree(b->da);
  cudaFree(b->db);
  cudaFree(b->dinfo);
}

int main(int argc, char **argv) {
  int reps = 5, quick = 0;
  uint64_t seed = 1234;
  static row rows[4];
  ang_ctx a;
  ab_ctx b[2];
  cudaStream_t st;
  cudaEvent_t e0, e1;
  cudaDeviceProp prop;
  int dev = 0, status = 0;
  char cmdline[512] = "";
  const bla_index stride = 10;

  for (int i = 1; i < argc; ++i) {
    size_t used = strlen(cmdline);
    snprintf(cmdline + used, sizeof cmdline - used, " %s", argv[i]);
    if (!strcmp(argv[i], "--quick")) {
      quick = 1;
      continue;
    }
    if (i + 1 < argc && !strcmp(argv[i], "--reps")) {
      reps = atoi(argv[++i]);
    } else if (i + 1 < argc && !strcmp(argv[i], "--seed")) {
      seed = strtoull(argv[++i], NULL, 0);
    } else {
      fprintf(stderr, "usage: bench_mathieu_gpu [--quick] [--reps R] "
                      "[--seed X]\n");
      return 2;
    }
    used = strlen(cmdline);
    snprintf(cmdline + used, sizeof cmdline - used, " %s", argv[i]);
  }
  if (reps < 5 || reps > MAX_REPS) {
    fprintf(stderr, "bench_mathieu_gpu: 5 <= reps <= %d\n", MAX_REPS);
    return 2;
  }
  if (!cuda_ok(cudaGetDevice(&dev), "cudaGetDevice") ||
      !cuda_ok(cudaGetDeviceProperties(&prop, dev), "device properties")) {
    fprintf(stderr, "bench_mathieu_gpu: no usable CUDA device\n");
    return 2;
  }
  cudaStreamCreate(&st);
  cudaEventCreate(&e0);
  cudaEventCreate(&e1);

  /* Workflow A inputs. */
  memset(&a, 0, sizeof a);
  a.npair = quick ? 100 : 1000;
  a.nx = 1000;
  a.count = (bla_index)a.npair * a.nx;
  {
    const size_t n = (size_t)a.count;
    uint64_t s = seed;
    a.hm = (int *)xmalloc(n * sizeof(int));
    a.hinfo = (int *)xmalloc(n * sizeof(int));
    a.hinfo_dev = (int *)xmalloc(n * sizeof(int));
    a.hq = (double *)xmalloc(n * sizeof(double));
    a.hx = (double *)xmalloc(n * sizeof(double));
    a.hf = (double *)xmalloc(n * sizeof(double));
    a.hfp = (double *)xmalloc(n * sizeof(double));
    a.hf_dev = (double *)xmalloc(n * sizeof(double));
    a.hfp_dev = (double *)xmalloc(n * sizeof(double));
    for (int p = 0; p < a.npair; ++p) {
      const double u = (double)(rng_next(&s) >> 11) * 0x1.0p-53;
      const double q = pow(2.0, 1.0 + 6.0 * u);
      const int m = 1 + (int)(rng_next(&s) % 99);
      for (int j = 0; j < a.nx; ++j) {
        const size_t i = (size_t)p * a.nx + j;
        a.hm[i] = m;
        a.hq[i] = q;
        a.hx[i] = 2.0 * PI * (double)j / (double)(a.nx - 1);
      }
    }
    a.dm = (int *)dalloc(n * sizeof(int));
    a.dinfo = (int *)dalloc(n * sizeof(int));
    a.dq = (double *)dalloc(n * sizeof(double));
    a.dx = (double *)dalloc(n * sizeof(double));
    a.df = (double *)dalloc(n * sizeof(double));
    a.dfp = (double *)dalloc(n * sizeof(double));
    upload(a.dm, a.hm, n * sizeof(int));
    upload(a.dq, a.hq, n * sizeof(double));
    upload(a.dx, a.hx, n * sizeof(double));
  }
  /* Workflow B inputs. */
  {
    const bla_index nq = quick ? 10000 : 100000;
    const bla_index nn = (nq - 1) / stride + 1;
    double *q = (double *)xmalloc((size_t)nq * sizeof(double));
    for (bla_index i = 0; i < nq; ++i)
      q[i] = 1000.0 * (double)i / (double)(nq - 1);
    ab_init(&b[0], nq, q);
    for (bla_index i = 0; i < nn; ++i)
      q[i] = -q[i * stride];
    ab_init(&b[1], nn, q);
    free(q);
  }

  const char *names[4] = {"A ce_m(x, q) and ce_m'", "A se_m(x, q) and se_m'",
                          "B a_0..a_100, b_1..b_100, q >= 0",
                          "B a_0..a_100, b_1..b_100, q <= 0"};
  for (int k = 0; k < 4; ++k) {
    workflow w;
    row *r = &rows[k];
    r->name = names[k];
    if (k < 2) {
      a.kind = k == 0 ? BLA_MATHIEU_CE : BLA_MATHIEU_SE;
      w.dev = ang_dev;
      w.host = ang_host;
      w.check = ang_check;
      w.ctx = &a;
      r->entries = a.count;
      r->values = a.count;
    } else {
      w.dev = ab_dev;
      w.host = ab_host;
      w.check = ab_check;
      w.ctx = &b[k - 2];
      r->entries = b[k - 2].nq;
      r->values = (long long)b[k - 2].nq * (NA + NB);
    }
    fprintf(stderr, "bench_mathieu_gpu: %s, %lld entries\n", r->name,
            r->entries);
    run_row(&w, reps, st, e0, e1, r);
    if (!r->run)
      status = 1;
  }

  printf("## GPU: batchla Mathieu batch drivers, device vs host\n\n");
  printf("- command: `bench_mathieu_gpu%s`\n", cmdline);
  printf("- commit (configure time): %s; batchla %s\n", BENCH_GIT_COMMIT,
         bla_version());
  printf("- GPU: %s, %d SMs, %.3g GB, compute capability %d.%d; host: %ld "
         "logical CPUs, default OpenMP threads\n",
         prop.name, prop.multiProcessorCount,
         (double)prop.totalGlobalMem * 1e-9, prop.major, prop.minor,
         sysconf(_SC_NPROCESSORS_ONLN));
  printf("- A: %d (m, q) pairs (m uniform in 1..99, q = 2^u, u uniform in "
         "[1, 7), splitmix64 seed %llu) x %d x in [0, 2 pi]; B: %lld q in "
         "[0, 1000] and %lld q = -(every %lldth); device B output "
         "interleaved, host packed\n",
         a.npair, (unsigned long long)seed, a.nx, (long long)b[0].nq,
         (long long)b[1].nq, (long long)stride);
  printf("- device: cudaEvent time of the driver call on one stream (wall "
         "time of the call in parentheses: the angular driver synchronizes "
         "to find the distinct (m, q) on the host); host: wall clock; %d "
         "repetitions, median (spread = (max - min) / median), device and "
         "host alternating which runs first\n",
         reps);
  printf("- cross-check before timing: info equal and 0; a, b within %.0e "
         "of max(|v|, 1); f, f' within %.0e of the pair's largest host |f| "
         "(|f'|)\n",
         AGREE, AGREE);
  printf("- value = one entry (f and f') for A, one characteristic value "
         "for B\n\n");
  printf("| workflow | entries | values | device ms (wall ms) | host ms | "
         "device ns/value | host ns/value | host / device | check (worst "
         "diff) |\n");
  printf("|---|---|---|---|---|---|---|---|---|\n");
  for (int k = 0; k < 4; ++k) {
    const row *r = &rows[k];
    if (!r->run) {
      printf("| %s | %lld | %lld | MISMATCH or failure: %s | | | | | |\n",
             r->name, r->entries, r->values, r->why);
      continue;
    }
    const double md = median(r->t_ev, r->reps);
    const double mw = median(r->t_wall, r->reps);
    const double mh = median(r->t_host, r->reps);
    printf("| %s | %lld | %lld | %.3g (%.0f%%) (%.3g) | %.3g (%.0f%%) | %.3g "
           "| %.3g | %.3g | %.1e |\n",
           r->name, r->entries, r->values, md * 1e3,
           100 * spread(r->t_ev, r->reps), mw * 1e3, mh * 1e3,
           100 * spread(r->t_host, r->reps), md / (double)r->values * 1e9,
           mh / (double)r->values * 1e9, mh / md, r->worst);
  }
  printf("\nNot measured: float, the radial functions, packed output on "
         "the device, host-device transfers, other GPUs.\n");

  cudaFree(a.dm);
  cudaFree(a.dinfo);
  cudaFree(a.dq);
  cudaFree(a.dx);
  cudaFree(a.df);
  cudaFree(a.dfp);
  free(a.hm);
  free(a.hinfo);
  free(a.hinfo_dev);
  free(a.hq);
  free(a.hx);
  free(a.hf);
  free(a.hfp);
  free(a.hf_dev);
  free(a.hfp_dev);
  ab_free(&b[0]);
  ab_free(&b[1]);
  cudaEventDestroy(e0);
  cudaEventDestroy(e1);
  cudaStreamDestroy(st);
  return status;
}
