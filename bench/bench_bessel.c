/* bench_bessel: per-value cost and accuracy of batchla's Bessel _all
 * kernels (host batch drivers) against GSL's array functions
 * (gsl_sf_bessel_Jn_array, Yn_array, jl_array, yl_array, and for i_n, k_n
 * il_scaled_array, kl_scaled_array times e^x, e^-x) and against
 * evaluating one order at a time (gsl_sf_bessel_Jn, Yn, jl, yl,
 * il_scaled, kl_scaled per order), following docs/MEASURING.md.
 *
 *   bench_bessel [--quick] [--reps R] [--target S] [--orders 50,500]
 *                [--threads 1,2,...] [--seed X] [--ref FILE]
 *
 * Accuracy: every side against the committed reference values
 * (tests/data/bessel_ref.txt), with the measure of tests/test_bessel.c:
 * |f - ref| / M where the order is below x (M = sqrt(J^2 + Y^2), or
 * sqrt(j^2 + y^2)), |f - ref| / |ref| elsewhere (and for i_n, k_n), in
 * ulp of double.
 * Speed: x log-uniform in [0.1, 1000] (splitmix64, fixed seed), orders
 * 0..N; every side is cross-checked against batchla's values before it
 * is timed, and a side that disagrees prints no timing (exit status 1).
 * Markdown report on stdout, progress on stderr. Without GSL at build time
 * (BENCH_HAVE_GSL 0) only batchla's columns are produced, and the report
 * says so. */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <omp.h>

#include "batchla/batchla.h"
#include "bench_common.h"
#include "bla_test_bessel.h" /* the tests' error measure */

#ifndef BENCH_HAVE_GSL
#define BENCH_HAVE_GSL 0
#endif
#if BENCH_HAVE_GSL
#include <gsl/gsl_errno.h>
#include <gsl/gsl_sf_bessel.h>
#include <gsl/gsl_version.h>
#endif

#define CHECK_TOL 1e-6 /* cross-check: same function, not accuracy */
#define X_LO 0.1
#define X_HI 1000.0

enum { F_J, F_Y, F_SJ, F_SY, F_SI, F_SK, NF };
enum { S_BLA, S_ARRAY, S_ONE, NS };
static const char *const fname[NF] = {"J_k", "Y_k", "j_n", "y_n", "i_n", "k_n"};
static const char *const side_name[NS] = {"batchla", "GSL array",
                                          "GSL per order"};
static const char *const gsl_name[NF][2] = {
    {"gsl_sf_bessel_Jn_array", "gsl_sf_bessel_Jn"},
    {"gsl_sf_bessel_Yn_array", "gsl_sf_bessel_Yn"},
    {"gsl_sf_bessel_jl_array", "gsl_sf_bessel_jl"},
    {"gsl_sf_bessel_yl_array", "gsl_sf_bessel_yl"},
    {"gsl_sf_bessel_il_scaled_array", "gsl_sf_bessel_il_scaled"},
    {"gsl_sf_bessel_kl_scaled_array", "gsl_sf_bessel_kl_scaled"}};

typedef struct {
  bench_args a;
  int no, orders[BENCH_MAX_LIST];
  const char *ref;
} options;

/* ---- small utilities -------------------------------------------------- */

/* Log-uniform in [X_LO, X_HI]. */
static double rng_x(uint64_t *s) {
  return X_LO * pow(X_HI / X_LO, bench_rng_u01(s));
}

/* ---- the sides ----------------------------------------------------------
 * One call computes orders 0..N of function f at count arguments x into
 * out (packed, N + 1 per argument), with the given threads. Returns the
 * number of arguments reported as failed (batchla info != 0, GSL status
 * != GSL_SUCCESS); such outputs are still checked value by value. */
static long run_side(int side, int f, int N, const double *x, bla_index count,
                     double *out, int *info, int threads) {
  const bla_index n = N + 1;
  long bad = 0;
  if (side == S_BLA) {
    const bla_exec ex = bench_exec(BLA_HOST, threads, NULL);
    bla_dvec xv;
    bla_dvec_batch ov = bla_dvec_batch_packed(out, count, n);
    bla_status st;
    xv.data = (double *)x;
    xv.n = count;
    xv.inc = 1;
    st = f == F_J    ? bla_dbessel_j_all_batch(xv, ov, info, &ex)
         : f == F_Y  ? bla_dbessel_y_all_batch(xv, ov, info, &ex)
         : f == F_SJ ? bla_dsph_bessel_j_all_batch(xv, ov, info, &ex)
         : f == F_SY ? bla_dsph_bessel_y_all_batch(xv, ov, info, &ex)
         : f == F_SI ? bla_dsph_bessel_i_all_batch(xv, ov, info, &ex)
                     : bla_dsph_bessel_k_all_batch(xv, ov, info, &ex);
    if (st != BLA_OK)
      return (long)count;
    for (bla_index p = 0; p < count; ++p)
      bad += info[p] != 0;
    return bad;
  }
#if BENCH_HAVE_GSL
#pragma omp parallel for num_threads(threads) schedule(dynamic, 16)           \
    reduction(+ : bad)
  for (bla_index p = 0; p < count; ++p) {
    double *o = out + p * n;
    int st = GSL_SUCCESS;
    /* i_n, k_n: GSL's scaled values times e^x, e^-x */
    const double e = f == F_SI ? exp(x[p]) : f == F_SK ? exp(-x[p]) : 1;
    if (side == S_ARRAY) {
      st = f == F_J    ? gsl_sf_bessel_Jn_array(0, N, x[p], o)
           : f == F_Y  ? gsl_sf_bessel_Yn_array(0, N, x[p], o)
           : f == F_SJ ? gsl_sf_bessel_jl_array(N, x[p], o)
           : f == F_SY ? gsl_sf_bessel_yl_array(N, x[p], o)
           : f == F_SI ? gsl_sf_bessel_il_scaled_array(N, x[p], o)
                       : gsl_sf_bessel_kl_scaled_array(N, x[p], o);
    } else {
      for (int k = 0; k <= N; ++k)
        o[k] = f == F_J    ? gsl_sf_bessel_Jn(k, x[p])
               : f == F_Y  ? gsl_sf_bessel_Yn(k, x[p])
               : f == F_SJ ? gsl_sf_bessel_jl(k, x[p])
               : f == F_SY ? gsl_sf_bessel_yl(k, x[p])
               : f == F_SI ? gsl_sf_bessel_il_scaled(k, x[p])
                           : gsl_sf_bessel_kl_scaled(k, x[p]);
    }
    if (f >= F_SI)
      for (int k = 0; k <= N; ++k)
        o[k] *= e;
    bad += st != GSL_SUCCESS;
  }
#else
  (void)f;
  (void)x;
  (void)out;
  (void)threads;
  bad = (long)count;
#endif
  return bad;
}

static int oscillates(int f, int k, double x) {
  return f < F_SI && (double)k + (f >= F_SJ ? 0.5 : 0.0) < x;
}

/* ---- reference data --------------------------------------------------------
 * The format of tests/data/gen_bessel_ref.py; only J, Y, j, y, i, k are
 * used. */
#define REF_MAXORD 256
#define REF_MAXX 512
typedef struct {
  int nord, ord[REF_MAXORD], nx;
  double x[REF_MAXX];
  long double *v[NF]; /* [xi * nord + oi] */
} ref_data;

static int ref_load(const char *path, ref_data *r) {
  static const char *const key[NF] = {"J ", "Y ", "j ", "y ", "i ", "k "};
  static char line[1 << 16];
  FILE *fp = fopen(path, "r");
  int xi = -1;
  memset(r, 0, sizeof *r);
  if (!fp)
    return -1;
  while (fgets(line, sizeof line, fp)) {
    char *s = line, *end;
    if (!strncmp(line, "orders ", 7)) {
      long o;
      for (s += 7; o = strtol(s, &end, 10), end != s && r->nord < REF_MAXORD;
           s = end)
        r->ord[r->nord++] = (int)o;
      for (int f = 0; f < NF; ++f) {
        const size_t len = (size_t)REF_MAXX * (size_t)r->nord;
        r->v[f] = bench_xmalloc(len * sizeof(long double));
        for (size_t i = 0; i < len; ++i)
          r->v[f][i] = NAN;
      }
    } else if (!strncmp(line, "x ", 2) && r->nord > 0 && r->nx < REF_MAXX) {
      xi = r->nx++;
      r->x[xi] = strtod(line + 2, NULL);
    } else if (xi >= 0) {
      for (int f = 0; f < NF; ++f)
        if (!strncmp(line, key[f], 2)) {
          s = line + 2;
          for (int k = 0; k < r->nord; ++k) {
            r->v[f][(size_t)xi * (size_t)r->nord + (size_t)k] =
                strtold(s, &end);
            s = end;
          }
        }
    }
  }
  fclose(fp);
  return r->nx > 0 && r->nord > 0 ? 0 : -1;
}

/* Worst error of one side on one function and order range. */
typedef struct {
  double worst, wx;
  int wk;
  long n, over, failed;
} acc_t;

static void accuracy(const ref_data *r, int f, int N, int side, double xlo,
                     double xhi, acc_t *a) {
  const int pf = f ^ 1; /* the partner: J <-> Y, j <-> y, i <-> k */
  double *out = bench_xmalloc((size_t)(N + 1) * sizeof(double));
  int info;
  memset(a, 0, sizeof *a);
  for (int xi = 0; xi < r->nx; ++xi) {
    const double x = r->x[xi];
    if (!(x > 0) || x < xlo || x > xhi)
      continue;
    a->failed += run_side(side, f, N, &x, 1, out, &info, 1);
    for (int oi = 0; oi < r->nord && r->ord[oi] <= N; ++oi) {
      const long double rv = r->v[f][(size_t)xi * (size_t)r->nord + oi];
      const long double sv = r->v[pf][(size_t)xi * (size_t)r->nord + oi];
      const int k = r->ord[oi];
      double e;
      if (isnan(rv))
        continue;
      e = blt_bessel_err_ulp(DBL_MAX, DBL_MIN, DBL_EPSILON, rv, sv,
                             oscillates(f, k, x), out[k]);
      ++a->n;
      a->over += !(e <= BLT_BESSEL_TOL);
      if (!(e <= a->worst)) {
        a->worst = e;
        a->wx = x;
        a->wk = k;
      }
    }
  }
  free(out);
}

static void print_acc(const acc_t *a) {
  if (isinf(a->worst))
    printf(" inf (x = %.6g, k = %d); %ld > 8 ulp |", a->wx, a->wk, a->over);
  else
    printf(" %.3g (x = %.6g, k = %d); %ld > 8 ulp |", a->worst, a->wx, a->wk,
           a->over);
}

/* ---- cross-check and timing ------------------------------------------------
 * A side is cross-checked against batchla value by value on the
 * arguments it will be timed on; an argument where it disagrees (GSL's
 * array recurrences return zeros where their starting order underflows,
 * for instance) is excluded from the timed batch of every side and
 * reported, so that no timing includes a wrong answer. */

typedef struct {
  int ok[NS];            /* timed */
  double maxdiff[NS];    /* largest agreeing difference, weight units */
  bla_index checked[NS]; /* arguments cross-checked */
  bla_index bad[NS];     /* of which disagreed: excluded */
  double bad_lo[NS], bad_hi[NS];
  bla_index count[NS]; /* arguments timed */
  long failed[NS];     /* info / GSL status != 0 among the checked */
  double t[NS][BENCH_MAX_REPS];
  int reps;
} cell;

/* Weight of value k: the modulus from batchla's pair where the order is
 * below x, else |f|. */
static double weight(int f, const double *pv, const double *pw, int k,
                     double x) {
  return oscillates(f, k, x) ? hypot(pv[k], pw[k]) : fabs(pv[k]);
}

/* Both agree: same infinity, both below underflow, or within CHECK_TOL
 * of the weight. */
static int agree(double a, double b, double w) {
  if (isinf(a) || isinf(b))
    return a == b;
  if (isnan(a) || isnan(b))
    return 0;
  if (fabs(a) < DBL_MIN && fabs(b) < DBL_MIN)
    return 1;
  return fabs(a - b) <= CHECK_TOL * w;
}

/* Cross-check side on x[0..count): keep[p] = 1 where every value agrees
 * with batchla's pair values. */
static void check_side(int side, int f, int N, const double *x, bla_index count,
                       int threads, cell *c, unsigned char *keep) {
  const bla_index n = N + 1;
  double *pv = bench_xmalloc((size_t)(count * n) * sizeof(double));
  double *pw = bench_xmalloc((size_t)(count * n) * sizeof(double));
  double *o = bench_xmalloc((size_t)(count * n) * sizeof(double));
  int *info = bench_xmalloc((size_t)count * sizeof(int));
  const bla_exec ex = bench_exec(BLA_HOST, threads, NULL);
  bla_dvec xv;
  bla_dvec_batch a = bla_dvec_batch_packed(pv, count, n),
                 b = bla_dvec_batch_packed(pw, count, n),
                 none = bla_dvec_batch_packed(NULL, count, 0);
  xv.data = (double *)x;
  xv.n = count;
  xv.inc = 1;
  /* The pair, for the moduli: f in pv, its partner in pw. */
  if (f == F_J || f == F_Y)
    bla_dbessel_jy_all_batch(xv, f == F_J ? a : b, none, f == F_J ? b : a, none,
                             info, &ex);
  else if (f == F_SJ || f == F_SY)
    bla_dsph_bessel_jy_all_batch(xv, f == F_SJ ? a : b, none, f == F_SJ ? b : a,
                                 none, info, &ex);
  else
    bla_dsph_bessel_ik_all_batch(xv, f == F_SI ? a : b, none, f == F_SI ? b : a,
                                 none, info, &ex);
  c->failed[side] = run_side(side, f, N, x, count, o, info, threads);
  c->checked[side] = count;
  c->bad[side] = 0;
  c->maxdiff[side] = 0;
  c->bad_lo[side] = INFINITY;
  c->bad_hi[side] = -INFINITY;
  for (bla_index p = 0; p < count; ++p) {
    keep[p] = 1;
    for (int k = 0; k <= N; ++k) {
      const double w = weight(f, pv + p * n, pw + p * n, k, x[p]);
      const double u = pv[p * n + k], v = o[p * n + k];
      if (!agree(u, v, w)) {
        keep[p] = 0;
      } else if (isfinite(u) && fabs(u) >= DBL_MIN && w > 0) {
        const double d = fabs(u - v) / w;
        c->maxdiff[side] = d > c->maxdiff[side] ? d : c->maxdiff[side];
      }
    }
    if (!keep[p]) {
      ++c->bad[side];
      c->bad_lo[side] = x[p] < c->bad_lo[side] ? x[p] : c->bad_lo[side];
      c->bad_hi[side] = x[p] > c->bad_hi[side] ? x[p] : c->bad_hi[side];
    }
  }
  free(pv);
  free(pw);
  free(o);
  free(info);
}

/* Batch size giving about target seconds for side on threads, at least
 * floor (so that thread start-up does not dominate). */
static bla_index calibrate(int side, int f, int N, const double *x,
                           bla_index maxc, double target, int threads,
                           bla_index floor) {
  bla_index count = floor < maxc ? floor : maxc;
  double t = 0;
  double *o = bench_xmalloc((size_t)(maxc * (N + 1)) * sizeof(double));
  int *info = bench_xmalloc((size_t)maxc * sizeof(int));
  run_side(side, f, N, x, count, o, info, threads); /* warm-up */
  for (;;) {
    const double t0 = bench_now();
    run_side(side, f, N, x, count, o, info, threads);
    t = bench_now() - t0;
    if (t >= target / 8 || count >= maxc)
      break;
    count = count * 4 < maxc ? count * 4 : maxc;
  }
  if (t > 0)
    count = (bla_index)((double)count * target / t);
  count = count > maxc ? maxc : count < floor ? floor : count;
  count = count > maxc ? maxc : count;
  free(o);
  free(info);
  return count;
}

/* The timed arguments of each side: xt for batchla and the array side,
 * xo for the per-order side. */
static void time_cell(int f, int N, const double *xt, const double *xo, cell *c,
                      int threads) {
  const bla_index n = N + 1;
  const bla_index big =
      c->count[S_BLA] > c->count[S_ONE] ? c->count[S_BLA] : c->count[S_ONE];
  double *o = bench_xmalloc((size_t)(big * n) * sizeof(double));
  int *info = bench_xmalloc((size_t)big * sizeof(int));
  for (int k = 0; k < c->reps; ++k)
    for (int j = 0; j < NS; ++j) {
      const int side = (k + j) % NS; /* rotate which side runs first */
      double t0;
      if (!c->ok[side])
        continue;
      t0 = bench_now();
      run_side(side, f, N, side == S_ONE ? xo : xt, c->count[side], o, info,
               threads);
      c->t[side][k] = (bench_now() - t0) / (double)(c->count[side] * n);
    }
  free(o);
  free(info);
}

static void print_cell(const cell *c, int f, int N, int threads) {
  double med[NS];
  char num[32];
  printf("| %s | 0..%d | %d | %lld / %lld |", fname[f], N, threads,
         (long long)c->count[S_BLA], (long long)c->count[S_ONE]);
  for (int s = 0; s < NS; ++s) {
    if (!c->ok[s]) {
      printf(" %s |", BENCH_HAVE_GSL ? "MISMATCH" : "n/a");
      med[s] = 0;
      continue;
    }
    med[s] = bench_median(c->t[s], c->reps) * 1e9;
    bench_fmt_val(num, sizeof num, med[s], bench_spread(c->t[s], c->reps));
    printf(" %s (%.0f%%) |", num, 100 * bench_spread(c->t[s], c->reps));
  }
  for (int s = S_ARRAY; s < NS; ++s) {
    if (!c->ok[s] || !c->ok[S_BLA]) {
      printf(" |");
      continue;
    }
    /* Paired per-repetition range of the speedup. */
    double lo, hi;
    bench_fmt_val(num, sizeof num,
                  bench_ratio(c->t[s], c->t[S_BLA], c->reps, &lo, &hi), 0.1);
    printf(" %s (%.2g-%.2g) |", num, lo, hi);
  }
  printf(" %.2g |", c->ok[S_BLA] ? 8.0 / (med[S_BLA] * 1e-9) * 1e-9 : 0.0);
  for (int s = S_ARRAY; s < NS; ++s) {
    if (!BENCH_HAVE_GSL)
      printf(" n/a |");
    else if (c->bad[s] == 0)
      printf(" 0 of %lld; %.0e |", (long long)c->checked[s], c->maxdiff[s]);
    else
      printf(" %lld of %lld (x in [%.3g, %.3g]); %.0e |", (long long)c->bad[s],
             (long long)c->checked[s], c->bad_lo[s], c->bad_hi[s],
             c->maxdiff[s]);
  }
  printf("\n");
}

#define USAGE                                                                  \
  "bench_bessel [--quick] [--reps R] [--target SECONDS]\n"                     \
  "                    [--orders 50,500] [--threads 1,2]\n"                    \
  "                    [--seed X] [--ref FILE]"

int main(int argc, char **argv) {
  options o;
  int status = 0;
  static cell cells[NF][BENCH_MAX_LIST][BENCH_MAX_LIST];
  static ref_data ref;
  bench_env env;
  const double t_start = bench_now();
  int have_ref;
  char refpath[1024];
  const bench_opt extra[] = {
      {"--orders", BENCH_OPT_LIST, o.orders, &o.no, BENCH_MAX_LIST, NULL},
      {"--ref", BENCH_OPT_STRING, &o.ref, NULL, 0, NULL}};

  bench_set_name("bench_bessel");
  bench_args_init(&o.a, 0.2, 20240611, NULL);
  /* All threads first: the batches are sized with them. */
  o.a.threads[0] = o.a.threads[o.a.nt - 1];
  o.a.threads[o.a.nt - 1] = 1;
  o.no = bench_parse_list("50,500", o.orders, BENCH_MAX_LIST, 1);
  snprintf(refpath, sizeof refpath, "%s/bessel_ref.txt", bench_data_dir());
  o.ref = refpath;
  if (!bench_args_parse(&o.a, argc, argv, ~0u & ~BENCH_SIZES, extra, 2, USAGE))
    return 2;
  if (o.a.quick && !(o.a.given & BENCH_TARGET))
    o.a.target = 0.01;
#if BENCH_HAVE_GSL
  gsl_set_error_handler_off();
#endif

  bench_env_read(&env, NULL, 0);
  have_ref = ref_load(o.ref, &ref) == 0;
  if (!have_ref) {
    fprintf(stderr, "bench_bessel: cannot read the reference data %s\n", o.ref);
    status = 1;
  }

  /* Speed: one pool of arguments per (function, N). The batch is sized
   * on the GSL array side (batchla without GSL) with all threads and
   * filtered by the cross-checks; every thread count times the same
   * arguments. */
  for (int f = 0; f < NF; ++f)
    for (int io = 0; io < o.no; ++io) {
      const int N = o.orders[io];
      const bla_index maxc = 1 << 18;
      double *x = bench_xmalloc((size_t)maxc * sizeof(double));
      double *xt = bench_xmalloc((size_t)maxc * sizeof(double));
      double *xo = bench_xmalloc((size_t)maxc * sizeof(double));
      unsigned char *keep = bench_xmalloc((size_t)maxc);
      uint64_t s = o.a.seed;
      bla_index count, nt = 0, no1 = 0, count_one;
      cell c0;
      memset(&c0, 0, sizeof c0);
      for (bla_index p = 0; p < maxc; ++p)
        x[p] = rng_x(&s);
      count = calibrate(BENCH_HAVE_GSL ? S_ARRAY : S_BLA, f, N, x, maxc,
                        o.a.target, o.a.threads[0], 2048);
      fprintf(stderr,
              "bench_bessel: %s N=%d: cross-checking %lld "
              "arguments\n",
              fname[f], N, (long long)count);
      check_side(S_BLA, f, N, x, count, o.a.threads[0], &c0, keep);
      if (c0.bad[S_BLA] > 0) {
        fprintf(stderr,
                "bench_bessel: batchla's %s differs from its own "
                "pair form at %lld arguments\n",
                fname[f], (long long)c0.bad[S_BLA]);
        status = 1;
      }
      c0.ok[S_BLA] = c0.bad[S_BLA] == 0;
      if (BENCH_HAVE_GSL) {
        check_side(S_ARRAY, f, N, x, count, o.a.threads[0], &c0, keep);
        for (bla_index p = 0; p < count; ++p)
          if (keep[p])
            xt[nt++] = x[p];
        c0.ok[S_ARRAY] = nt >= count / 100 && nt > 0;
      }
      if (!c0.ok[S_ARRAY]) { /* batchla alone, on every argument */
        memcpy(xt, x, (size_t)count * sizeof(double));
        nt = count;
      }
      c0.count[S_BLA] = c0.count[S_ARRAY] = nt;
      if (BENCH_HAVE_GSL) {
        count_one = calibrate(S_ONE, f, N, xt, nt, o.a.target, o.a.threads[0],
                              64 * o.a.threads[0]);
        check_side(S_ONE, f, N, xt, count_one, o.a.threads[0], &c0, keep);
        for (bla_index p = 0; p < count_one; ++p)
          if (keep[p])
            xo[no1++] = xt[p];
        c0.ok[S_ONE] = no1 >= count_one / 100 && no1 > 0;
        c0.count[S_ONE] = no1;
      }
      for (int sd = 0; sd < NS; ++sd)
        if ((sd == S_BLA || BENCH_HAVE_GSL) && c0.bad[sd] > 0)
          fprintf(stderr,
                  "bench_bessel: %s %s N=%d: %lld of %lld "
                  "arguments disagree with batchla (x in [%g, "
                  "%g]); excluded from timing\n",
                  side_name[sd], fname[f], N, (long long)c0.bad[sd],
                  (long long)c0.checked[sd], c0.bad_lo[sd], c0.bad_hi[sd]);
      for (int it = 0; it < o.a.nt; ++it) {
        cell *c = &cells[f][io][it];
        *c = c0;
        c->reps = o.a.reps;
        fprintf(stderr,
                "bench_bessel: %s N=%d threads=%d batch=%lld "
                "(per order: %lld)\n",
                fname[f], N, o.a.threads[it], (long long)nt, (long long)no1);
        time_cell(f, N, xt, xo, c, o.a.threads[it]);
      }
      free(x);
      free(xt);
      free(xo);
      free(keep);
    }

  bench_print_head("Host: batchla Bessel _all kernels vs GSL", &o.a, &env);
#if BENCH_HAVE_GSL
  printf("- GSL %s (headers %s), error handler off\n", gsl_version,
         GSL_VERSION);
  printf("- GSL sides: array =");
  for (int f = 0; f < NF; ++f)
    printf(" `%s`%s", gsl_name[f][0], f + 1 < NF ? "," : ";");
  printf(" per order =");
  for (int f = 0; f < NF; ++f)
    printf(" `%s`%s", gsl_name[f][1], f + 1 < NF ? "," : "\n");
#else
  (void)gsl_name;
  printf("- GSL: not found at build time; the GSL columns are omitted "
         "(n/a)\n");
#endif
  printf("- CPU: %s, %d logical CPUs; 1-minute load average at start %.2f, "
         "at end %.2f\n",
         env.cpu, env.procs, env.load0, bench_load_average());
  printf("- arguments: x log-uniform in [%g, %g], splitmix64 seed %llu; "
         "double precision\n",
         X_LO, X_HI, (unsigned long long)o.a.seed);
  printf("- reference values: %s\n\n", o.ref);

  if (have_ref) {
    printf("### Accuracy against the reference values (ulp of double)\n\n");
    printf("Worst error over the reference arguments in [%g, %g] (and, "
           "second block, over every reference argument > 0), every "
           "reference order in 0..N; error = |f - ref| / M below the "
           "turning point (M = sqrt(J^2 + Y^2) or sqrt(j^2 + y^2)), "
           "relative above it and for i_n, k_n; reference beyond "
           "overflow: the infinity of "
           "its sign is exact; below DBL_MIN: |f| <= DBL_MIN is exact. "
           "\"> 8 ulp\" counts the values above the tests' bound.\n\n",
           X_LO, X_HI);
    for (int range = 0; range < 2; ++range) {
      const double lo = range ? 0 : X_LO, hi = range ? INFINITY : X_HI;
      bench_print_table(
          NULL, "| function | orders | x | values | batchla | %s | %s |",
          side_name[S_ARRAY], side_name[S_ONE]);
      for (int f = 0; f < NF; ++f)
        for (int io = 0; io < o.no; ++io) {
          acc_t a[NS];
          for (int s = 0; s < NS; ++s)
            if (s == S_BLA || BENCH_HAVE_GSL)
              accuracy(&ref, f, o.orders[io], s, lo, hi, &a[s]);
          printf("| %s | 0..%d | %s | %ld |", fname[f], o.orders[io],
                 range ? "all > 0" : "[0.1, 1000]", a[S_BLA].n);
          for (int s = 0; s < NS; ++s) {
            if (s != S_BLA && !BENCH_HAVE_GSL) {
              printf(" n/a |");
              continue;
            }
            print_acc(&a[s]);
          }
          printf("\n");
          for (int s = 0; s < NS; ++s)
            if ((s == S_BLA || BENCH_HAVE_GSL) && a[s].failed > 0)
              fprintf(stderr,
                      "bench_bessel: accuracy (%s), %s %s N=%d: %ld "
                      "arguments reported an error status\n",
                      range ? "all x > 0" : "x in [0.1, 1000]", side_name[s],
                      fname[f], o.orders[io], a[s].failed);
        }
      printf("\n");
    }
  }

  printf("### Time per value (ns), median of %d repetitions\n\n", o.a.reps);
  printf("Time per value = batch time / (arguments * (N + 1)). Spread = "
         "(max - min) / median. Speedup = side time / batchla time "
         "(median; paired per-repetition range). The sides rotate which "
         "runs first. GSL runs in an OpenMP loop over the arguments "
         "(schedule(dynamic, 16), as batchla's driver) with the same "
         "thread count. Arguments: batchla and the GSL array side are "
         "timed on the same batch; the per-order side on a prefix of it "
         "sized for about the same time (column 'args': batch / prefix). "
         "Cross-check before timing: every value of every side within "
         "%.0e of batchla's, relative to the modulus below the turning "
         "point and to |value| above it; arguments where a side disagrees "
         "are removed from the timed batch (columns 'excluded': how many "
         "of those checked, their x range, and the largest difference "
         "among the agreeing values). Write rate = 8 bytes per value / "
         "batchla's time.\n\n",
         CHECK_TOL);
  bench_print_table(NULL,
                    "| function | orders | threads | args | batchla ns | %s ns "
                    "| %s ns | speedup vs array | speedup vs per order | "
                    "batchla write GB/s | excluded: array | excluded: per "
                    "order |",
                    side_name[S_ARRAY], side_name[S_ONE]);
  for (int it = 0; it < o.a.nt; ++it)
    for (int f = 0; f < NF; ++f)
      for (int io = 0; io < o.no; ++io)
        print_cell(&cells[f][io][it], f, o.orders[io], o.a.threads[it]);
  printf("\n\nTotal bench time %.0f s.%s\n", bench_now() - t_start,
         status ? " Some sides failed the cross-check (no timing) or the "
                  "reference data could not be read."
                : "");
  for (int f = 0; f < NF; ++f)
    free(ref.v[f]);
  return status;
}
