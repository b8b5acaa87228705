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
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "batchla/batchla.h"
#include "bench_cuda.cuh"

#define NA 101
#define NB 100
#define AGREE 1e-12
#define PI 3.14159265358979323846

enum { S_DEV, S_HOST, NSIDES };

/* Device memory that the program frees at the end. */
static void *dalloc(size_t bytes) {
  int ok = 1;
  void *p = bench_cuda_alloc(bytes, &ok);
  if (!ok) {
    fprintf(stderr, "bench_mathieu_gpu: %zu bytes do not fit on the device\n",
            bytes);
    exit(2);
  }
  return p;
}

static void upload(void *d, const void *h, size_t bytes) {
  if (!bench_cuda_upload(d, h, bytes))
    exit(2);
}

static bool download(void *h, const void *d, size_t bytes) {
  return bench_cuda_download(h, d, bytes);
}

static double relerr(double d, double h, double scale) {
  if (isnan(d) || isnan(h))
    return isnan(d) && isnan(h) ? 0 : INFINITY;
  return fabs(d - h) / scale;
}

/* One row of the report: the device side's times are its events', the
 * wall time of its calls beside them. */
struct row {
  const char *name;
  long long entries, values;
  bool run;
  char why[200];
  double worst;
  int reps;
  bench_side s[NSIDES];
  double t_wall[BENCH_MAX_REPS];
};

/* A workflow: the device call, the host call, and the check of the
 * device's results (downloaded) against the host's. */
struct workflow {
  bla_status (*dev)(void *ctx, cudaStream_t st);
  bla_status (*host)(void *ctx);
  bool (*check)(void *ctx, row *r);
  void *ctx;
};

/* What the sides of a row run. */
struct row_run {
  const workflow *w;
  cudaStream_t st;
  const bench_cuda_timer *tm;
  row *r;
};

/* One call of a side; seconds (the device: its events), or -1 when it
 * failed; x is a row_run. */
static double run_side(void *ctx, int side, int rep) {
  const row_run *x = (const row_run *)ctx;
  const double t0 = bench_now();
  double t;
  bla_status s;
  if (side == S_HOST) {
    s = x->w->host(x->w->ctx);
    return s == BLA_OK ? bench_now() - t0 : -1;
  }
  bench_cuda_timer_start(x->tm);
  s = x->w->dev(x->w->ctx, x->st);
  t = bench_cuda_timer_stop(x->tm, "device run");
  if (rep >= 0)
    x->r->t_wall[rep] = bench_now() - t0;
  return s == BLA_OK ? t : -1;
}

/* The device's results against the host's (run before); x is a row_run. */
static int check_side(void *ctx, int side, char *why, size_t len) {
  const row_run *x = (const row_run *)ctx;
  if (side == S_HOST || x->w->check(x->w->ctx, x->r))
    return 1;
  snprintf(why, len, "%s", x->r->why);
  return 0;
}

static void run_row(const workflow *w, int reps, cudaStream_t st,
                    const bench_cuda_timer *tm, row *r) {
  static const int order[NSIDES] = {S_HOST, S_DEV};
  row_run x = {w, st, tm, r};
  const bench_timed timed = {&x, NULL, run_side, check_side};
  r->worst = 0;
  r->reps = reps;
  /* the two alternate which runs first */
  bench_measure(&timed, order, NSIDES, reps, INFINITY, r->s);
  r->run =
      !bench_side_failure(r->s, order, NSIDES, NULL, r->why, sizeof r->why);
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
  bla_exec ex = bla_exec_cuda((void *)st, NULL);
  return bla_dmathieu_angular_batch(
      a->kind, a->dm, 1, bla_dvec_make(a->dq, a->count, 1),
      bla_dvec_make(a->dx, a->count, 1), bla_dvec_make(a->df, a->count, 1),
      bla_dvec_make(a->dfp, a->count, 1), a->dinfo, &ex);
}

static bla_status ang_host(void *c) {
  ang_ctx *a = (ang_ctx *)c;
  bla_exec ex = bla_exec_host(0, NULL);
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
  bla_exec ex = bla_exec_cuda((void *)st, NULL);
  return bla_dmathieu_ab_all_batch(bla_dvec_make(b->dq, b->nq, 1),
                                   bla_dvec_batch_interleaved(b->da, b->nq, NA),
                                   bla_dvec_batch_interleaved(b->db, b->nq, NB),
                                   b->dinfo, &ex);
}

static bla_status ab_host(void *c) {
  ab_ctx *b = (ab_ctx *)c;
  bla_exec ex = bla_exec_host(0, NULL);
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
  b->hq = (double *)bench_xmalloc((size_t)nq * sizeof(double));
  memcpy(b->hq, q, (size_t)nq * sizeof(double));
  b->ha = (double *)bench_xmalloc((size_t)nq * NA * sizeof(double));
  b->hb = (double *)bench_xmalloc((size_t)nq * NB * sizeof(double));
  b->ha_dev = (double *)bench_xmalloc((size_t)nq * NA * sizeof(double));
  b->hb_dev = (double *)bench_xmalloc((size_t)nq * NB * sizeof(double));
  b->hinfo = (int *)bench_xmalloc((size_t)nq * sizeof(int));
  b->hinfo_dev = (int *)bench_xmalloc((size_t)nq * sizeof(int));
  b->dq = (double *)dalloc((size_t)nq * sizeof(double));
  b->da = (double *)dalloc((size_t)nq * NA * sizeof(double));
  b->db = (double *)dalloc((size_t)nq * NB * sizeof(double));
  b->dinfo = (int *)dalloc((size_t)nq * sizeof(int));
  upload(b->dq, b->hq, (size_t)nq * sizeof(double));
}

static void ab_free(ab_ctx *b) {
  BENCH_FREE(b->hq, b->ha, b->hb, b->ha_dev, b->hb_dev, b->hinfo, b->hinfo_dev);
  cudaFree(b->dq);
  cudaFree(b->da);
  cudaFree(b->db);
  cudaFree(b->dinfo);
}

#define USAGE "bench_mathieu_gpu [--quick] [--reps R] [--seed X]"

int main(int argc, char **argv) {
  static row rows[4];
  ang_ctx a;
  ab_ctx b[2];
  bench_args args;
  bench_cuda_env env;
  cudaStream_t st;
  bench_cuda_timer tm;
  int status = 0;
  const bla_index stride = 10;

  bench_set_name("bench_mathieu_gpu");
  bench_args_init(&args, 1, 1234, NULL);
  if (!bench_args_parse(&args, argc, argv,
                        BENCH_QUICK | BENCH_REPS | BENCH_SEED, NULL, 0, USAGE))
    return 2;
  if (!bench_cuda_start(&env, &st, &tm))
    return 2;

  /* Workflow A inputs. */
  memset(&a, 0, sizeof a);
  a.npair = args.quick ? 100 : 1000;
  a.nx = 1000;
  a.count = (bla_index)a.npair * a.nx;
  {
    const size_t n = (size_t)a.count;
    uint64_t s = args.seed;
    a.hm = (int *)bench_xmalloc(n * sizeof(int));
    a.hinfo = (int *)bench_xmalloc(n * sizeof(int));
    a.hinfo_dev = (int *)bench_xmalloc(n * sizeof(int));
    a.hq = (double *)bench_xmalloc(n * sizeof(double));
    a.hx = (double *)bench_xmalloc(n * sizeof(double));
    a.hf = (double *)bench_xmalloc(n * sizeof(double));
    a.hfp = (double *)bench_xmalloc(n * sizeof(double));
    a.hf_dev = (double *)bench_xmalloc(n * sizeof(double));
    a.hfp_dev = (double *)bench_xmalloc(n * sizeof(double));
    for (int p = 0; p < a.npair; ++p) {
      const double q = pow(2.0, 1.0 + 6.0 * bench_rng_u01(&s));
      const int m = 1 + (int)(bench_rng_next(&s) % 99);
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
    const bla_index nq = args.quick ? 10000 : 100000;
    const bla_index nn = (nq - 1) / stride + 1;
    double *q = (double *)bench_xmalloc((size_t)nq * sizeof(double));
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
    run_row(&w, args.reps, st, &tm, r);
    if (!r->run)
      status = 1;
  }

  bench_cuda_print_head("GPU: batchla Mathieu batch drivers, device vs host",
                        &args, &env, 0);
  printf("- host: %ld logical CPUs, default OpenMP threads\n",
         sysconf(_SC_NPROCESSORS_ONLN));
  printf("- A: %d (m, q) pairs (m uniform in 1..99, q = 2^u, u uniform in "
         "[1, 7), splitmix64 seed %llu) x %d x in [0, 2 pi]; B: %lld q in "
         "[0, 1000] and %lld q = -(every %lldth); device B output "
         "interleaved, host packed\n",
         a.npair, (unsigned long long)args.seed, a.nx, (long long)b[0].nq,
         (long long)b[1].nq, (long long)stride);
  printf("- device: cudaEvent time of the driver call on one stream (wall "
         "time of the call in parentheses: the angular driver synchronizes "
         "to find the distinct (m, q) on the host); host: wall clock; %d "
         "repetitions, median (spread = (max - min) / median), device and "
         "host alternating which runs first\n",
         args.reps);
  printf("- cross-check before timing: info equal and 0; a, b within %.0e "
         "of max(|v|, 1); f, f' within %.0e of the pair's largest host |f| "
         "(|f'|)\n",
         AGREE, AGREE);
  printf("- value = one entry (f and f') for A, one characteristic value "
         "for B\n\n");
  bench_print_table(NULL, "| workflow | entries | values | device ms (wall "
                          "ms) | host ms | device ns/value | host ns/value | "
                          "host / device | check (worst diff) |");
  for (int k = 0; k < 4; ++k) {
    const row *r = &rows[k];
    if (!r->run) {
      printf("| %s | %lld | %lld | MISMATCH or failure: %s | | | | | |\n",
             r->name, r->entries, r->values, r->why);
      continue;
    }
    const double *td = r->s[S_DEV].t, *th = r->s[S_HOST].t;
    const double md = bench_median(td, r->reps);
    const double mw = bench_median(r->t_wall, r->reps);
    const double mh = bench_median(th, r->reps);
    printf("| %s | %lld | %lld | %.3g (%.0f%%) (%.3g) | %.3g (%.0f%%) | %.3g "
           "| %.3g | %.3g | %.1e |\n",
           r->name, r->entries, r->values, md * 1e3,
           100 * bench_spread(td, r->reps), mw * 1e3, mh * 1e3,
           100 * bench_spread(th, r->reps), md / (double)r->values * 1e9,
           mh / (double)r->values * 1e9, mh / md, r->worst);
  }
  printf("\nNot measured: float, the radial functions, packed output on "
         "the device, host-device transfers, other GPUs.\n");

  {
    void *dev[] = {a.dm, a.dinfo, a.dq, a.dx, a.df, a.dfp};
    for (size_t k = 0; k < sizeof dev / sizeof *dev; ++k)
      cudaFree(dev[k]);
  }
  BENCH_FREE(a.hm, a.hinfo, a.hinfo_dev, a.hq, a.hx, a.hf, a.hfp, a.hf_dev,
             a.hfp_dev);
  ab_free(&b[0]);
  ab_free(&b[1]);
  bench_cuda_timer_free(&tm);
  cudaStreamDestroy(st);
  return status;
}
