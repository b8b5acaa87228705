/* bench_common: see bench_common.h. */
#define _GNU_SOURCE /* popen, dladdr, clock_gettime */
#include "bench_common.h"

#include <dlfcn.h>
#include <math.h>
#include <omp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* What the reports name; the build system defines these. */
#ifndef BENCH_GIT_COMMIT
#define BENCH_GIT_COMMIT "unknown"
#endif
#ifndef BENCH_SOURCE_DIR
#define BENCH_SOURCE_DIR "."
#endif
#ifndef BENCH_DATA_DIR
#define BENCH_DATA_DIR BENCH_SOURCE_DIR "/tests/data"
#endif
#ifndef BENCH_C_FLAGS
#define BENCH_C_FLAGS "unknown"
#endif
#ifndef BENCH_LIB_FLAGS
#define BENCH_LIB_FLAGS "unknown"
#endif
#ifndef BENCH_BUILD_TYPE
#define BENCH_BUILD_TYPE "unknown"
#endif

static const char *prog_name = "bench";

void bench_set_name(const char *name) {
  prog_name = name;
}

const char *bench_name(void) {
  return prog_name;
}

/* ---- small utilities ----------------------------------------------------- */

double bench_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

void *bench_xmalloc(size_t bytes) {
  void *p = malloc(bytes ? bytes : 1);
  if (!p) {
    fprintf(stderr, "%s: out of memory (%zu bytes)\n", prog_name, bytes);
    exit(2);
  }
  return p;
}

bla_exec bench_exec(bla_backend backend, int threads, void *stream) {
  bla_exec e;
  memset(&e, 0, sizeof e);
  e.backend = backend;
  e.threads = threads;
  e.stream = stream;
  return e;
}

uint64_t bench_rng_next(uint64_t *s) {
  uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

double bench_rng_unif(uint64_t *s) {
  return (double)(bench_rng_next(s) >> 11) * 0x1.0p-52 - 1.0;
}

double bench_rng_unif_open(uint64_t *s) {
  return ((double)(bench_rng_next(s) >> 11) + 0.5) * 0x1.0p-52 - 1.0;
}

double bench_rng_u01(uint64_t *s) {
  return (double)(bench_rng_next(s) >> 11) * 0x1.0p-53;
}

int bench_cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

double bench_median(const double *x, int k) {
  double s[BENCH_MAX_REPS];
  memcpy(s, x, (size_t)k * sizeof *s);
  qsort(s, (size_t)k, sizeof *s, bench_cmp_double);
  return k % 2 ? s[k / 2] : 0.5 * (s[k / 2 - 1] + s[k / 2]);
}

double bench_vmin(const double *x, int k) {
  double m = x[0];
  for (int i = 1; i < k; ++i)
    m = x[i] < m ? x[i] : m;
  return m;
}

double bench_vmax(const double *x, int k) {
  double m = x[0];
  for (int i = 1; i < k; ++i)
    m = x[i] > m ? x[i] : m;
  return m;
}

double bench_spread(const double *x, int k) {
  return (bench_vmax(x, k) - bench_vmin(x, k)) / bench_median(x, k);
}

double bench_nanmax(double m, double q) {
  return q != q ? INFINITY : q > m ? q : m;
}

void bench_keep_max(double *worst, double v) {
  if (!(v <= *worst))
    *worst = v;
}

void bench_interleave(const double *src, double *dst, int64_t len,
                      int64_t count, int threads) {
  if (threads <= 0)
    threads = omp_get_max_threads();
#pragma omp parallel for num_threads(threads) schedule(static)
  for (int64_t p = 0; p < count; ++p)
    for (int64_t k = 0; k < len; ++k)
      dst[p + k * count] = src[p * len + k];
}

void bench_to_layout(const double *src, double *dst, int64_t len, int64_t count,
                     int interleaved, int threads) {
  if (interleaved)
    bench_interleave(src, dst, len, count, threads);
  else
    memcpy(dst, src, (size_t)(len * count) * sizeof(double));
}

void bench_from_layout(const double *src, double *dst, int64_t len,
                       int64_t count, int interleaved, int threads) {
  if (!interleaved) {
    memcpy(dst, src, (size_t)(len * count) * sizeof(double));
    return;
  }
  if (threads <= 0)
    threads = omp_get_max_threads();
#pragma omp parallel for num_threads(threads) schedule(static)
  for (int64_t p = 0; p < count; ++p)
    for (int64_t k = 0; k < len; ++k)
      dst[p * len + k] = src[p + k * count];
}

int64_t bench_count_failed(const int *info, int64_t n) {
  int64_t bad = 0;
  for (int64_t p = 0; p < n; ++p)
    bad += info[p] != 0;
  return bad;
}

long bench_batch_failed(bla_status st, const int *info, int64_t count) {
  return st != BLA_OK ? -1 : (long)bench_count_failed(info, count);
}

int bench_nsamples(int64_t count, int most) {
  return count < most ? (int)count : most;
}

/* ---- the command line ---------------------------------------------------- */

int bench_parse_list(const char *s, int *out, int max, int lo) {
  int k = 0;
  while (*s && k < max) {
    char *end;
    long v = strtol(s, &end, 10);
    if (end == s || v < lo || v > 100000)
      return -1;
    out[k++] = (int)v;
    if (*end && *end != ',')
      return -1;
    s = *end == ',' ? end + 1 : end;
  }
  return k;
}

void bench_cmdline_append(char *buf, size_t len, const char *arg) {
  size_t used = strlen(buf);
  snprintf(buf + used, len - used, " %s", arg);
}

static int parse_opt_value(const bench_opt *o, const char *v) {
  char *end;
  switch (o->kind) {
  case BENCH_OPT_INT:
    *(int *)o->value = (int)strtol(v, &end, 10);
    return end != v && !*end;
  case BENCH_OPT_DOUBLE:
    *(double *)o->value = strtod(v, &end);
    return end != v && !*end;
  case BENCH_OPT_U64:
    *(uint64_t *)o->value = strtoull(v, &end, 0);
    return end != v && !*end;
  case BENCH_OPT_INT64:
    *(int64_t *)o->value = strtoll(v, &end, 10);
    return end != v && !*end && *(int64_t *)o->value >= 1;
  case BENCH_OPT_LIST:
    *o->count = bench_parse_list(v, o->value, o->max, 1);
    return *o->count >= 1;
  case BENCH_OPT_FUNC:
    return o->parse(v, o->value);
  case BENCH_OPT_STRING:
    *(const char **)o->value = v;
    return 1;
  default:
    return 0;
  }
}

int bench_parse_args(int argc, char **argv, const bench_opt *opts, int nopts,
                     char *cmdline, size_t len, unsigned *seen) {
  for (int i = 1; i < argc; ++i) {
    int k = 0;
    while (k < nopts && strcmp(argv[i], opts[k].name))
      ++k;
    bench_cmdline_append(cmdline, len, argv[i]);
    if (k == nopts)
      return 0;
    if (seen && k < 32)
      *seen |= 1u << k;
    if (opts[k].kind == BENCH_OPT_FLAG) {
      *(int *)opts[k].value = 1;
      continue;
    }
    if (i + 1 >= argc || !parse_opt_value(&opts[k], argv[i + 1]))
      return 0;
    bench_cmdline_append(cmdline, len, argv[++i]);
  }
  return 1;
}

void bench_args_init(bench_args *a, double target, uint64_t seed,
                     const char *sizes) {
  const int procs = omp_get_num_procs();
  memset(a, 0, sizeof *a);
  if (sizes)
    a->nn = bench_parse_list(sizes, a->sizes, BENCH_MAX_LIST, 2);
  a->reps = 5;
  a->target = target;
  a->seed = seed;
  a->threads[0] = 1;
  a->threads[1] = procs;
  a->nt = procs > 1 ? 2 : 1;
}

int bench_args_parse(bench_args *a, int argc, char **argv, unsigned shared,
                     const bench_opt *extra, int nextra, const char *usage) {
  enum { NCOMMON = 6 };
  const bench_opt common[NCOMMON] = {
      {"--quick", BENCH_OPT_FLAG, &a->quick, NULL, 0, NULL},
      {"--reps", BENCH_OPT_INT, &a->reps, NULL, 0, NULL},
      {"--target", BENCH_OPT_DOUBLE, &a->target, NULL, 0, NULL},
      {"--seed", BENCH_OPT_U64, &a->seed, NULL, 0, NULL},
      {"--threads", BENCH_OPT_LIST, a->threads, &a->nt, BENCH_MAX_LIST, NULL},
      {"--n", BENCH_OPT_LIST, a->sizes, &a->nn, BENCH_MAX_LIST, NULL}};
  bench_opt opts[32];
  int bit[32], n = 0;
  unsigned seen = 0;
  for (int k = 0; k < NCOMMON; ++k)
    if (shared & (1u << k)) {
      bit[n] = k;
      opts[n++] = common[k];
    }
  for (int k = 0; k < nextra && n < 32; ++k) {
    bit[n] = NCOMMON + k;
    opts[n++] = extra[k];
  }
  a->cmdline[0] = 0;
  if (!bench_parse_args(argc, argv, opts, n, a->cmdline, sizeof a->cmdline,
                        &seen)) {
    fprintf(stderr, "usage: %s\n", usage);
    return 0;
  }
  /* Table positions back to the BENCH_* bits and extra indices. */
  for (int k = 0; k < n; ++k)
    if (seen & (1u << k)) {
      if (bit[k] < NCOMMON)
        a->given |= 1u << bit[k];
      else
        a->extra_given |= 1u << (bit[k] - NCOMMON);
    }
  for (int k = 0; k < a->nn; ++k)
    if (a->sizes[k] < 2) {
      fprintf(stderr, "%s: n must be at least 2\n", prog_name);
      return 0;
    }
  if (a->reps < 5 || a->reps > BENCH_MAX_REPS || !(a->target > 0)) {
    fprintf(stderr, "%s: need 5 <= reps <= %d%s\nusage: %s\n", prog_name,
            BENCH_MAX_REPS, shared & BENCH_TARGET ? " and target > 0" : "",
            usage);
    return 0;
  }
  return 1;
}

/* ---- formatting ---------------------------------------------------------- */

void bench_fmt_val(char *buf, size_t len, double v, double spread) {
  const int sig = spread < 0.01 ? 3 : 2;
  const int mag = v > 0 ? (int)floor(log10(v)) : 0;
  const int dec = sig - 1 - mag;
  snprintf(buf, len, "%.*f", dec > 0 ? dec : 0, v);
}

double bench_scaled_cell(char *buf, size_t len, const double *t, int reps,
                         double scale) {
  double v[BENCH_MAX_REPS], med, spr;
  char num[32];
  for (int k = 0; k < reps; ++k)
    v[k] = t[k] * scale;
  med = bench_median(v, reps);
  spr = (bench_vmax(v, reps) - bench_vmin(v, reps)) / med;
  bench_fmt_val(num, sizeof num, med, spr);
  snprintf(buf, len, "%s (%.0f%%)", num, 100 * spr);
  return med;
}

double bench_time_cell(char *buf, size_t len, const double *t, int reps,
                       double count) {
  return bench_scaled_cell(buf, len, t, reps, 1e6 / count);
}

double bench_ratio(const double *num, const double *den, int reps, double *lo,
                   double *hi) {
  *lo = *hi = num[0] / den[0];
  for (int k = 1; k < reps; ++k) {
    const double r = num[k] / den[k];
    *lo = r < *lo ? r : *lo;
    *hi = r > *hi ? r : *hi;
  }
  return bench_median(num, reps) / bench_median(den, reps);
}

void bench_ratio_cell(char *buf, size_t len, const double *num,
                      const double *den, int reps) {
  double lo, hi;
  const double q = bench_ratio(num, den, reps, &lo, &hi);
  char v[32];
  bench_fmt_val(v, sizeof v, q, (hi - lo) / q);
  snprintf(buf, len, "%s (%.2f-%.2f)", v, lo, hi);
}

/* ---- running and timing the sides of a host comparison ------------------- */

double bench_best_run(const bench_runner *r, int side, int k) {
  double best = 0;
  r->prepare(r->ctx, side);
  r->run(r->ctx, side); /* warm */
  for (int i = 0; i < k; ++i) {
    double t0, t;
    r->prepare(r->ctx, side);
    t0 = bench_now();
    r->run(r->ctx, side);
    t = bench_now() - t0;
    best = i == 0 || t < best ? t : best;
  }
  return best;
}

int bench_time_rotating(const bench_runner *r, int nsides, int reps,
                        double (*t)[BENCH_MAX_REPS], long *bad) {
  int first_bad = -1;
  *bad = 0;
  for (int k = 0; k < reps; ++k)
    for (int j = 0; j < nsides; ++j) {
      const int side = (k + j) % nsides;
      double t0;
      long b;
      r->prepare(r->ctx, side);
      t0 = bench_now();
      b = r->run(r->ctx, side);
      t[side][k] = bench_now() - t0;
      if (b != 0 && first_bad < 0) {
        first_bad = side;
        *bad = b;
      }
    }
  return first_bad;
}

void bench_fail(int *ok, char *why, size_t len, const char *fmt, ...) {
  if (*ok) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, len, fmt, ap);
    va_end(ap);
  }
  *ok = 0;
}

void bench_time_group(const bench_runner *r, int nsides, int reps,
                      double (*t)[BENCH_MAX_REPS], const char *const *names,
                      int *ok, char *why, size_t len) {
  long bad;
  const int side = bench_time_rotating(r, nsides, reps, t, &bad);
  if (side >= 0)
    bench_fail(ok, why, len, "%s: %ld problems failed while timing",
               names[side], bad);
}

int64_t bench_calibrate(double (*probe)(void *ctx, int64_t count), void *ctx,
                        double target, int64_t start, int64_t lo, int64_t cap) {
  int64_t c = start < cap ? start : cap;
  double t = probe(ctx, c);
  /* Grow until one run is long enough to scale from. */
  while (t < target / 4 && c < cap) {
    c = c * 4 < cap ? c * 4 : cap;
    t = probe(ctx, c);
  }
  if (t > 0)
    c = (int64_t)((double)c * target / t);
  c = c < cap ? c : cap;
  return c > lo ? c : lo;
}

/* ---- a family of groups compared with LAPACK ----------------------------- */

const char *const bench_layout_side_names[BENCH_LAYOUT_SIDES] = {
    "LAPACK", "batchla col-major", "batchla interleaved"};

bench_sizing bench_sizing_cap(const bench_args *a, int threads,
                              double cap_bytes, double bytes_per_problem) {
  bench_sizing z;
  z.target = a->target;
  z.start = z.lo = 8 * (int64_t)threads;
  z.cap = (int64_t)(cap_bytes / bytes_per_problem);
  z.fixed = 0;
  return z;
}

typedef struct {
  const bench_family *f;
  const void *spec;
} family_probe;

/* Best of two runs of side 0 on a fresh batch of count problems. */
static double probe_family(void *ctx, int64_t count) {
  const family_probe *p = ctx;
  void *b = p->f->make(p->spec, count);
  const bench_runner r = {b, p->f->prepare, p->f->run};
  const double t = bench_best_run(&r, 0, 2);
  p->f->destroy(b);
  return t;
}

void bench_eig_verdict(bench_eig_group *r, const char *side) {
  if (!(r->eig < BENCH_THRESH))
    BENCH_FAIL(&r->g, "%s: eigenvalue ratio %.3g", side, r->eig);
  if (!(r->res < BENCH_THRESH) || !(r->orth < BENCH_THRESH))
    BENCH_FAIL(&r->g, "%s: residual or orthogonality ratio %.3g", side,
               r->res > r->orth ? r->res : r->orth);
}

void bench_eig_check_cell(char *buf, size_t len, const bench_eig_group *r,
                          int vectors) {
  if (vectors)
    snprintf(buf, len, "%.2g / %.2g / %.2g", r->eig, r->res, r->orth);
  else
    snprintf(buf, len, "%.2g", r->eig);
}

int bench_check_run(const bench_runner *r, int side, const char *name,
                    bench_group *g) {
  long bad;
  r->prepare(r->ctx, side);
  bad = r->run(r->ctx, side);
  if (bad < 0)
    BENCH_FAIL(g, "%s: the driver refused the batch", name);
  else if (bad > 0)
    BENCH_FAIL(g, "%s: %ld problems failed", name, bad);
  return bad == 0;
}

void bench_check_bits(bench_group *g, int identical, uint64_t h_k1,
                      uint64_t *hash) {
  g->identical = identical;
  if (*hash == 0)
    *hash = h_k1;
  g->identical_threads = *hash == h_k1;
}

void bench_layout_check(const bench_runner *run, bench_group *g, int64_t k1,
                        uint64_t *hash, void *scratch,
                        void (*check_side)(void *batch, bench_group *g,
                                           int side, void *scratch),
                        uint64_t (*out_hash)(const void *batch, int side,
                                             int64_t k)) {
  uint64_t hcol = 0;
  for (int side = 0; side < BENCH_LAYOUT_SIDES; ++side) {
    if (!bench_check_run(run, side, bench_layout_side_names[side], g))
      break;
    check_side(run->ctx, g, side, scratch);
    if (side == BENCH_SIDE_COL)
      hcol = out_hash(run->ctx, side, g->count);
  }
  if (g->ok)
    bench_check_bits(g, hcol == out_hash(run->ctx, BENCH_SIDE_INT, g->count),
                     out_hash(run->ctx, BENCH_SIDE_INT, k1), hash);
}

int bench_run_group(const bench_family *f, const void *spec,
                    const bench_sizing *z, int reps, int64_t *k1,
                    uint64_t *hash, bench_group *g, const char *what) {
  family_probe p = {f, spec};
  const int64_t lo = *k1 > z->lo ? *k1 : z->lo;
  void *b;
  memset(g, 0, sizeof *g);
  g->ok = 1;
  g->count = z->fixed > 0 ? z->fixed
                          : bench_calibrate(probe_family, &p, z->target,
                                            z->start, lo, z->cap);
  if (*k1 == 0)
    *k1 = g->count;
  fprintf(stderr, "%s: %s batch=%lld\n", prog_name, what, (long long)g->count);
  b = f->make(spec, g->count);
  {
    const bench_runner r = {b, f->prepare, f->run};
    f->check(&r, g, *k1, hash);
    g->reps = reps;
    if (g->ok)
      bench_time_group(&r, f->sides ? f->sides(b) : f->nsides, reps, g->t,
                       f->side_names, &g->ok, g->why, sizeof g->why);
  }
  if (!g->ok)
    fprintf(stderr, "%s: MISMATCH, no timing: %s\n", prog_name, g->why);
  f->destroy(b);
  return g->ok;
}

int bench_run_threads(const bench_family *f, bench_spec *spec,
                      const bench_args *a, void *res, size_t stride) {
  uint64_t hash = 0;
  int64_t k1 = 0;
  int ok = 1;
  for (int it = 0; it < a->nt; ++it) {
    bench_sizing z;
    char what[160];
    spec->threads = a->threads[it];
    f->size(spec, a, &z, what, sizeof what);
    ok &= bench_run_group(f, spec, &z, a->reps, &k1, &hash,
                          (bench_group *)((char *)res + it * stride), what);
  }
  return ok;
}

int bench_family_begin(const bench_family_main *m, int argc, char **argv,
                       bench_args *a, bench_env *e, double *peak1) {
  char usage[256];
  snprintf(usage, sizeof usage,
           "%s [--quick] [--reps R] [--target SECONDS]\n"
           "                   [--n %s] [--threads 1,2]\n"
           "                   [--seed X]",
           m->name, m->sizes);
  bench_set_name(m->name);
  bench_args_init(a, 0.15, m->seed, m->sizes);
  if (m->reps)
    a->reps = m->reps;
  if (!bench_args_parse(a, argc, argv, ~0u, NULL, 0, usage))
    return 0;
  if (a->quick && !(a->given & BENCH_TARGET))
    a->target = m->quick_target;
  if (a->quick && m->quick_reps && !(a->given & BENCH_REPS))
    a->reps = m->quick_reps;
  for (int i = 0; i < a->nn; ++i)
    if (a->sizes[i] > m->max_n) {
      fprintf(stderr, "%s: n must be in 2..%d\n", prog_name, m->max_n);
      return 0;
    }
  bench_env_read(e, m->lapack_symbol, m->bw_len);
  if (peak1) {
    fprintf(stderr, "%s: measuring the scalar peak\n", prog_name);
    *peak1 = bench_scalar_peak();
  }
  return 1;
}

int bench_family_run(const bench_family *f, const bench_args *a, int njobs,
                     void *res, size_t elsize) {
  int status = 0;
  for (int job = 0; job < njobs; ++job)
    for (int in = 0; in < a->nn; ++in) {
      bench_spec g = {a->sizes[in], job, 0, a->seed};
      char *r = (char *)res + ((size_t)in * (size_t)njobs + (size_t)job) *
                                  BENCH_MAX_LIST * elsize;
      status |= !bench_run_threads(f, &g, a, r, elsize);
    }
  return status;
}

void bench_family_tables(const bench_family_tables_fn *fn, const bench_args *a,
                         const void *res, int njobs, size_t elsize,
                         double peak1) {
  for (int job = 0; job < njobs; ++job) {
    fn->table(job);
    for (int it = 0; it < a->nt; ++it)
      for (int in = 0; in < a->nn; ++in) {
        const char *r =
            (const char *)res +
            (((size_t)in * (size_t)njobs + (size_t)job) * BENCH_MAX_LIST +
             (size_t)it) *
                elsize;
        const bench_group *g = (const bench_group *)r;
        double med[BENCH_LAYOUT_SIDES];
        if (!bench_layout_row_begin(g, a->sizes[in], a->threads[it],
                                    BENCH_LAYOUT_COLS, med))
          continue;
        fn->cells(r, a->sizes[in], a->threads[it], job, med, peak1);
        bench_layout_row_end(g);
      }
    printf("\n");
  }
}

int bench_layout_row_begin(const bench_group *g, int n, int threads, int ncols,
                           double *med) {
  char cell[BENCH_LAYOUT_SIDES][64], ratio[BENCH_LAYOUT_SIDES][64];
  if (!g->ok) {
    char head[64];
    snprintf(head, sizeof head, "| %d | %d | %lld", n, threads,
             (long long)g->count);
    bench_mismatch_row(head, g, ncols - 4);
    return 0;
  }
  bench_group_cells(g, 0, BENCH_LAYOUT_SIDES - 1, BENCH_SIDE_LAPACK, 0, cell,
                    ratio, med);
  printf("| %d | %d | %lld | %s | %s | %s | %s | %s |", n, threads,
         (long long)g->count, cell[BENCH_SIDE_LAPACK], cell[BENCH_SIDE_COL],
         ratio[BENCH_SIDE_COL], cell[BENCH_SIDE_INT], ratio[BENCH_SIDE_INT]);
  return 1;
}

void bench_mismatch_row(const char *head, const bench_group *g, int ncols) {
  printf("%s | MISMATCH: %s |", head, g->why);
  for (int c = 0; c < ncols; ++c)
    printf(" |");
  printf("\n");
}

void bench_layout_row_end(const bench_group *g) {
  printf("%s |\n",
         g->identical && g->identical_threads ? "" : " (not bit-identical)");
}

void bench_group_cells(const bench_group *g, int first, int last, int ref,
                       int speedup, char (*cell)[64], char (*ratio)[64],
                       double *med) {
  for (int s = first; s <= last; ++s) {
    med[s] = bench_time_cell(cell[s], sizeof cell[s], g->t[s], g->reps,
                             (double)g->count);
    ratio[s][0] = 0;
    if (s != ref && speedup)
      bench_ratio_cell(ratio[s], sizeof ratio[s], g->t[ref], g->t[s], g->reps);
    else if (s != ref)
      bench_ratio_cell(ratio[s], sizeof ratio[s], g->t[s], g->t[ref], g->reps);
  }
}

/* ---- host SIMD paths as sides -------------------------------------------- */

const bla_simd bench_simd_all[BENCH_SIMD_PATHS] = {
    BLA_SIMD_SCALAR, BLA_SIMD_AVX2, BLA_SIMD_AVX512};

int bench_simd_sides_init(bench_simd_sides *s, const char *const *base_names,
                          int nper, int ntail) {
  memset(s, 0, sizeof *s);
  for (int k = 0; k < BENCH_SIMD_PATHS; ++k)
    if (bla_host_simd_supported(bench_simd_all[k]))
      s->path[s->npaths++] = bench_simd_all[k];
  bla_set_host_simd(BLA_SIMD_AUTO);
  s->native = bla_host_simd();
  s->nper = nper;
  s->ntail = ntail;
  s->nsides = 1 + s->npaths * nper + ntail;
  if (s->nsides > BENCH_MAX_SIDES) {
    fprintf(stderr, "%s: %d sides, more than BENCH_MAX_SIDES\n", prog_name,
            s->nsides);
    return 0;
  }
  for (int side = 0; side < s->nsides; ++side) {
    const int b = bench_simd_base(s, side);
    if (side == 0)
      snprintf(s->name_buf[side], sizeof s->name_buf[side], "%s",
               base_names[b]);
    else
      snprintf(s->name_buf[side], sizeof s->name_buf[side], "%s [%s]",
               base_names[b], bla_simd_name(bench_simd_side_path(s, side)));
    s->names[side] = s->name_buf[side];
  }
  return 1;
}

int bench_simd_base(const bench_simd_sides *s, int side) {
  const int per = s->npaths * s->nper;
  if (side == 0)
    return 0;
  return side <= per ? 1 + (side - 1) % s->nper : side - per + s->nper;
}

bla_simd bench_simd_side_path(const bench_simd_sides *s, int side) {
  return side > 0 && side <= s->npaths * s->nper ? s->path[(side - 1) / s->nper]
                                                 : s->native;
}

int bench_simd_side(const bench_simd_sides *s, int base, bla_simd path) {
  for (int k = 0; k < s->npaths; ++k)
    if (s->path[k] == path)
      return 1 + k * s->nper + base - 1;
  return -1;
}

void bench_simd_select(const bench_simd_sides *s, int side) {
  bla_set_host_simd(bench_simd_side_path(s, side));
}

int bench_simd_lanes(bla_simd path) {
  return path == BLA_SIMD_AVX512 ? 8 : path == BLA_SIMD_AVX2 ? 4 : 1;
}

const char *bench_simd_label(bla_simd path) {
  return path == BLA_SIMD_AVX512 ? "AVX-512"
         : path == BLA_SIMD_AVX2 ? "AVX2"
                                 : "scalar";
}

void bench_simd_head(char *buf, size_t len, const char *const *labels,
                     int nlabels) {
  for (int l = 0; l < nlabels; ++l)
    for (int k = 0; k < BENCH_SIMD_PATHS; ++k) {
      const size_t used = strlen(buf);
      snprintf(buf + used, len - used, "| %s %s us, speedup ", labels[l],
               bench_simd_label(bench_simd_all[k]));
    }
}

double bench_speedup_cell(char *buf, size_t len, const bench_group *g,
                          int side) {
  double lo, hi, q, us;
  char sp[32];
  size_t used;
  us = bench_time_cell(buf, len, g->t[side], g->reps, (double)g->count);
  q = bench_ratio(g->t[0], g->t[side], g->reps, &lo, &hi);
  bench_fmt_val(sp, sizeof sp, q, (hi - lo) / q);
  used = strlen(buf);
  snprintf(buf + used, len - used, " **%sx** (%.2g-%.2g)", sp, lo, hi);
  return us;
}

double bench_simd_cell(char *buf, size_t len, const bench_simd_sides *s,
                       const bench_group *g, int base, bla_simd path) {
  const int side = bench_simd_side(s, base, path);
  if (side < 0) {
    snprintf(buf, len, "not supported on this CPU");
    return 0;
  }
  return bench_speedup_cell(buf, len, g, side);
}

void bench_print_simd_cells(const bench_simd_sides *s, const bench_group *g,
                            const int *bases, int nbases) {
  char cell[128];
  for (int l = 0; l < nbases; ++l)
    for (int k = 0; k < BENCH_SIMD_PATHS; ++k) {
      bench_simd_cell(cell, sizeof cell, s, g, bases[l], bench_simd_all[k]);
      printf(" | %s", cell);
    }
}

int bench_simd_fastest(const bench_simd_sides *s, const bench_group *g,
                       double *us) {
  int best = 1;
  for (int side = 1; side < s->nsides; ++side) {
    const double t = bench_median(g->t[side], g->reps);
    if (side == 1 || t < *us) {
      best = side;
      *us = t;
    }
  }
  *us *= 1e6 / (double)g->count;
  return best;
}

double bench_simd_fastest_cell(char *buf, size_t len, const bench_simd_sides *s,
                               const bench_group *g, double flops,
                               double peak1) {
  double us = 0;
  const int side = bench_simd_fastest(s, g, &us);
  const bla_simd path = bench_simd_side_path(s, side);
  const double gf = flops / us * 1e-3;
  snprintf(buf, len, "%.2g %s (%.2g%%)", gf, bench_simd_label(path),
           100 * gf * 1e9 / (peak1 * bench_simd_lanes(path)));
  return us;
}

void bench_print_simd(const bench_simd_sides *s, double peak1) {
  printf("- host SIMD paths: this CPU and build run");
  for (int k = 0; k < s->npaths; ++k)
    printf("%s %s", k ? "," : "", bench_simd_label(s->path[k]));
  for (int k = 0, first = 1; k < BENCH_SIMD_PATHS; ++k)
    if (!bla_host_simd_supported(bench_simd_all[k])) {
      printf("%s %s", first ? "; not supported on this CPU:" : ",",
             bench_simd_label(bench_simd_all[k]));
      first = 0;
    }
  printf("; native path (BLA_SIMD, else the widest) %s. A column named "
         "after a path ran with bla_set_host_simd forcing it; the other "
         "batchla columns ran on the native path\n",
         bench_simd_label(s->native));
  if (peak1 > 0) {
    printf("- peak of one core: scalar multiply-add throughput measured "
           "%.3g GFLOP/s (bench_scalar_peak: separate multiply and add, no "
           "FMA); a path's peak is assumed to be that times its lanes of "
           "doubles:",
           peak1 * 1e-9);
    for (int k = 0; k < BENCH_SIMD_PATHS; ++k)
      printf("%s %s %d x = %.3g GFLOP/s", k ? "," : "",
             bench_simd_label(bench_simd_all[k]),
             bench_simd_lanes(bench_simd_all[k]),
             peak1 * bench_simd_lanes(bench_simd_all[k]) * 1e-9);
    printf(" (an assumption: FMA can double a path's peak, and a CPU may "
           "clock AVX-512 lower or issue it on fewer ports)\n");
  }
}

/* ---- sides that time themselves ------------------------------------------ */

static void side_fail(bench_side *r, const char *why) {
  r->run = 0;
  r->failed = 1;
  snprintf(r->skip, sizeof r->skip, "%s", why);
}

int bench_measure(const bench_timed *m, const int *order, int n, int reps,
                  double max_run, bench_side *r) {
  int live[64], nl = 0, failed = 0;
  for (int k = 0; k < n; ++k) {
    const int s = order[k];
    char why[160] = "";
    double t = -1;
    r[s].run = r[s].failed = r[s].slow = 0;
    r[s].skip[0] = 0;
    if (!m->prepare || m->prepare(m->ctx, s))
      t = m->run(m->ctx, s, -1);
    if (t < 0) {
      side_fail(&r[s], "run failed");
    } else if (m->check && !m->check(m->ctx, s, why, sizeof why)) {
      side_fail(&r[s], why);
    } else if (t > max_run) {
      r[s].slow = 1;
      snprintf(r[s].skip, sizeof r[s].skip, "%.2g s/run > max-run, not timed",
               t);
    } else if (nl < 64) {
      r[s].run = 1;
      live[nl++] = s;
    }
  }
  /* The side that runs first rotates from round to round. */
  for (int rep = 0; rep < reps; ++rep)
    for (int j = 0; j < nl; ++j) {
      const int s = live[(rep + j) % nl];
      double t = -1;
      if (!r[s].run)
        continue;
      if (!m->prepare || m->prepare(m->ctx, s))
        t = m->run(m->ctx, s, rep);
      if (t < 0)
        side_fail(&r[s], "run failed while timing");
      r[s].t[rep] = t;
    }
  for (int k = 0; k < n; ++k)
    failed += r[order[k]].failed;
  return failed;
}

int bench_side_failure(const bench_side *r, const int *order, int n,
                       const char *const *names, char *why, size_t len) {
  for (int k = 0; k < n; ++k)
    if (r[order[k]].failed) {
      if (names)
        snprintf(why, len, "%s: %s", names[order[k]], r[order[k]].skip);
      else
        snprintf(why, len, "%s", r[order[k]].skip);
      return 1;
    }
  return 0;
}

void bench_side_cell(char *buf, size_t len, const bench_side *r, int reps,
                     double scale) {
  if (!r->run)
    snprintf(buf, len, "- (%s)", r->skip);
  else
    bench_scaled_cell(buf, len, r->t, reps, scale);
}

void bench_side_ratio(char *buf, size_t len, const bench_side *a,
                      const bench_side *b, int reps) {
  if (!a->run || !b->run)
    snprintf(buf, len, "-");
  else
    snprintf(buf, len, "%.2g",
             bench_median(a->t, reps) / bench_median(b->t, reps));
}

int bench_pred_skip(const bench_pred *p, long long count, double max_run,
                    char *why, size_t len) {
  const double pred =
      p->count > 0 ? p->t * (double)count / (double)p->count : 0;
  if (p->count < 0)
    snprintf(why, len, "smaller batch too slow");
  else if (pred > max_run)
    snprintf(why, len, "predicted %.2g s/run", pred);
  else
    return 0;
  return 1;
}

void bench_pred_note(bench_pred *p, const bench_side *r, int reps,
                     long long count) {
  if (p->count < 0)
    return;
  if (r->slow) {
    p->count = -1;
  } else if (r->run) {
    p->t = bench_median(r->t, reps);
    p->count = count;
  }
}

/* ---- inputs -------------------------------------------------------------- */

double bench_spd_lower(int n, int kd, double *a, int64_t lda, int band,
                       uint64_t *s) {
  double *rs = bench_xmalloc((size_t)(n > 0 ? n : 1) * sizeof(double));
  double gap = INFINITY;
  for (int i = 0; i < n; ++i)
    rs[i] = 0;
  for (int j = 0; j < n; ++j)
    for (int i = j + 1; i <= j + kd && i < n; ++i) {
      const double v = bench_rng_unif(s);
      a[(band ? i - j : i) + j * lda] = v;
      rs[i] += fabs(v);
      rs[j] += fabs(v);
    }
  for (int i = 0; i < n; ++i) {
    const double margin = 1.0 + 0.5 * (bench_rng_unif(s) + 1.0);
    a[(band ? 0 : i) + i * lda] = rs[i] + margin;
    gap = margin < gap ? margin : gap;
  }
  free(rs);
  return gap;
}

/* ---- cross-checks (LAPACK test-suite ratios) ----------------------------- */

void bench_matcher_init(bench_matcher *m, int n) {
  m->n = m->cap = n;
  m->sorted = bench_xmalloc((size_t)n * n * sizeof(double));
  m->owner = bench_xmalloc((size_t)n * sizeof(int));
  m->seen = bench_xmalloc((size_t)n);
}

void bench_matcher_free(bench_matcher *m) {
  free(m->sorted);
  free(m->owner);
  free(m->seen);
  memset(m, 0, sizeof *m);
}

/* Kuhn's augmenting path from row i over the edges of cost <= thr. */
static int match_row(bench_matcher *m, int i, const double *c, double thr) {
  const int n = m->n;
  for (int j = 0; j < n; ++j) {
    if (m->seen[j] || !(c[i * n + j] <= thr))
      continue;
    m->seen[j] = 1;
    if (m->owner[j] < 0 || match_row(m, m->owner[j], c, thr)) {
      m->owner[j] = i;
      return 1;
    }
  }
  return 0;
}

/* Whether every row can be matched over the edges of cost <= thr. */
static int perfect_below(bench_matcher *m, const double *c, double thr) {
  for (int j = 0; j < m->n; ++j)
    m->owner[j] = -1;
  for (int i = 0; i < m->n; ++i) {
    memset(m->seen, 0, (size_t)m->n);
    if (!match_row(m, i, c, thr))
      return 0;
  }
  return 1;
}

double bench_bottleneck(bench_matcher *m, int n, const double *cost) {
  double floor_ = 0;
  int lo = 0, hi = n * n - 1;
  if (n <= 0)
    return 0;
  if (n > m->cap) {
    bench_matcher_free(m);
    bench_matcher_init(m, n);
  }
  m->n = n;
  /* Each row's cheapest edge bounds the answer from below; it is often
   * the answer itself. */
  for (int i = 0; i < n; ++i) {
    double rmin = INFINITY;
    for (int j = 0; j < n; ++j) {
      if (cost[i * n + j] != cost[i * n + j])
        return INFINITY;
      rmin = cost[i * n + j] < rmin ? cost[i * n + j] : rmin;
    }
    floor_ = rmin > floor_ ? rmin : floor_;
  }
  if (!isfinite(floor_) || perfect_below(m, cost, floor_))
    return floor_;
  /* Binary search over the sorted costs above the bound. */
  memcpy(m->sorted, cost, (size_t)n * n * sizeof(double));
  qsort(m->sorted, (size_t)n * n, sizeof(double), bench_cmp_double);
  while (lo < hi && m->sorted[lo] <= floor_)
    ++lo;
  while (lo < hi) {
    const int mid = lo + (hi - lo) / 2;
    if (perfect_below(m, cost, m->sorted[mid]))
      hi = mid;
    else
      lo = mid + 1;
  }
  return m->sorted[lo];
}

double bench_decomp_ratio(int n, const double *a, const double *u,
                          const double *s, const double *v, double ulp,
                          double *w) {
  double an = 0, rn = 0;
  /* w := U S */
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) {
      double x = 0;
      for (int k = 0; k < n; ++k)
        x += u[i + k * n] * s[k + j * n];
      w[i + j * n] = x;
    }
  /* 1-norms of A and of A - W V^T, column by column */
  for (int j = 0; j < n; ++j) {
    double ca = 0, cr = 0;
    for (int i = 0; i < n; ++i) {
      double x = 0;
      for (int k = 0; k < n; ++k)
        x += w[i + k * n] * v[j + k * n];
      ca += fabs(a[i + j * n]);
      cr += fabs(a[i + j * n] - x);
    }
    an = ca > an ? ca : an;
    rn = cr > rn || cr != cr ? cr : rn;
  }
  return rn / ((an > 0 ? an : 1) * n * ulp);
}

double bench_orth_ratio(int n, const double *u, double ulp) {
  double on = 0;
  for (int j = 0; j < n; ++j) {
    double c = 0;
    for (int i = 0; i < n; ++i) {
      double x = 0;
      for (int k = 0; k < n; ++k)
        x += u[i + k * n] * u[j + k * n];
      c += fabs((i == j ? 1.0 : 0.0) - x);
    }
    on = c > on || c != c ? c : on;
  }
  return on / (n * ulp);
}

double bench_norm_fro(int n, const double *a) {
  double s = 0;
  for (int k = 0; k < n * n; ++k)
    s += a[k] * a[k];
  return sqrt(s);
}

double bench_eig_ratio(int n, const double *rwr, const double *rwi,
                       const double *s, const double *wr, const double *wi,
                       double scale, double *c, bench_matcher *m) {
  for (int j = 0; j < n; ++j)
    if (!isfinite(wr[j]) || !isfinite(wi[j]))
      return INFINITY;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      c[i * n + j] =
          hypot(rwr[i] - wr[j], rwi[i] - wi[j]) * (s ? s[i] : 1.0) / scale;
  return bench_bottleneck(m, n, c);
}

double bench_chordal(double ar1, double ai1, double b1, double ar2, double ai2,
                     double b2) {
  const double n1 = hypot(hypot(ar1, ai1), b1);
  const double n2 = hypot(hypot(ar2, ai2), b2);
  if (!(n1 > 0) || !(n2 > 0) || !isfinite(n1) || !isfinite(n2))
    return INFINITY;
  /* |alpha1 beta2 - alpha2 beta1| on the normalized points */
  return hypot(ar1 / n1 * (b2 / n2) - ar2 / n2 * (b1 / n1),
               ai1 / n1 * (b2 / n2) - ai2 / n2 * (b1 / n1));
}

double bench_pencil_eig_ratio(int n, const double *rar, const double *rai,
                              const double *rbe, const double *s,
                              const double *ar, const double *ai,
                              const double *be, double scale, double *c,
                              bench_matcher *m) {
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      c[i * n + j] =
          bench_chordal(rar[i], rai[i], rbe[i], ar[j], ai[j], be[j]) *
          (s ? s[i] : 1.0) / scale;
  return bench_bottleneck(m, n, c);
}

int bench_gschur_shape_ok(int n, const double *s, const double *t) {
  for (int j = 0; j < n; ++j)
    for (int i = j + 1; i < n; ++i)
      if (t[i + j * n] != 0 || (i > j + 1 && s[i + j * n] != 0))
        return 0;
  for (int j = 0; j + 1 < n; ++j) {
    if (s[j + 1 + j * n] == 0)
      continue;
    /* a 2x2 block: no overlapping block, diagonal block of T */
    if (t[j + (j + 1) * n] != 0 || (j + 2 < n && s[j + 2 + (j + 1) * n] != 0))
      return 0;
  }
  return 1;
}

double bench_tri_norm1(const double *d, const double *e, int n) {
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

void bench_tri_ratios(int n, const double *d, const double *e,
                      const double *lam, const double *z, double ulp,
                      double *res, double *orth) {
  const double tn = bench_tri_norm1(d, e, n);
  double rmax = 0, omax = 0;
  for (int j = 0; j < n; ++j) {
    double rs = 0, os = 0;
    for (int i = 0; i < n; ++i) {
      const double t = i == j       ? d[i]
                       : i == j + 1 ? e[j]
                       : j == i + 1 ? e[i]
                                    : 0.0;
      double r = 0, o = 0;
      for (int k = 0; k < n; ++k) {
        r += z[i + k * n] * lam[k] * z[j + k * n];
        o += z[k + i * n] * z[k + j * n];
      }
      rs += fabs(t - r);
      os += fabs((i == j ? 1.0 : 0.0) - o);
    }
    rmax = bench_nanmax(rmax, rs);
    omax = bench_nanmax(omax, os);
  }
  *res = rmax / ((tn > 0 ? tn : 1) * n * ulp);
  *orth = omax / (n * ulp);
}

double bench_tri_eig_ratio(int n, int64_t count, const double *d0,
                           const double *e0, const double *lam,
                           const double *ref, double ulp) {
  const int64_t ne = n > 0 ? n - 1 : 0;
  double worst = 0;
  for (int64_t p = 0; p < count; ++p) {
    const double tn = bench_tri_norm1(d0 + p * n, e0 + p * ne, n);
    double diff = 0;
    for (int i = 0; i < n; ++i)
      diff = bench_nanmax(diff, fabs(lam[p * n + i] - ref[p * n + i]));
    bench_keep_max(&worst, diff / ((tn > 0 ? tn : 1) * n * ulp));
  }
  return worst;
}

int64_t bench_sample_index(int64_t count, int s, int ns) {
  return ns > 1 ? (int64_t)((double)s * (double)(count - 1) / (ns - 1)) : 0;
}

uint64_t bench_hash_mix(uint64_t h, double v) {
  uint64_t u;
  memcpy(&u, &v, sizeof u);
  return (h ^ u) * 1099511628211ULL;
}

/* ---- the machine, for the report ----------------------------------------- */

void bench_read_command(const char *cmd, char *out, size_t len) {
  FILE *f = popen(cmd, "r");
  out[0] = 0;
  if (!f)
    return;
  if (!fgets(out, (int)len, f))
    out[0] = 0;
  pclose(f);
  out[strcspn(out, "\n")] = 0;
}

void bench_git_commit(char *out, size_t len) {
  char cmd[1200];
  snprintf(cmd, sizeof cmd, "git -C '%s' rev-parse HEAD 2>/dev/null",
           BENCH_SOURCE_DIR);
  bench_read_command(cmd, out, len);
  if (!out[0]) {
    snprintf(out, len, "%s", BENCH_GIT_COMMIT);
  } else {
    /* A read-only query (no index refresh) for uncommitted library code. */
    char dirty[256];
    snprintf(cmd, sizeof cmd,
             "git --no-optional-locks -C '%s' status --porcelain "
             "--untracked-files=no -- src include cmake CMakeLists.txt "
             "2>/dev/null",
             BENCH_SOURCE_DIR);
    bench_read_command(cmd, dirty, sizeof dirty);
    if (dirty[0])
      strncat(out, " + uncommitted changes in the library sources",
              len - strlen(out) - 1);
  }
}

void bench_cpu_model(char *out, size_t len) {
  FILE *f = fopen("/proc/cpuinfo", "r");
  char line[512], name[256] = "unknown", fam[32] = "?", mod[32] = "?";
  if (f) {
    while (fgets(line, sizeof line, f) && line[0] != '\n') {
      char *c = strchr(line, ':');
      if (!c)
        continue;
      c += c[1] == ' ' ? 2 : 1;
      c[strcspn(c, "\n")] = 0;
      if (!strncmp(line, "model name", 10))
        snprintf(name, sizeof name, "%s", c);
      else if (!strncmp(line, "cpu family", 10))
        snprintf(fam, sizeof fam, "%s", c);
      else if (!strncmp(line, "model\t", 6))
        snprintf(mod, sizeof mod, "%s", c);
    }
    fclose(f);
  }
  snprintf(out, len, "%s (family %s, model %s)", name, fam, mod);
}

double bench_load_average(void) {
  FILE *f = fopen("/proc/loadavg", "r");
  double l = -1;
  if (f) {
    if (fscanf(f, "%lf", &l) != 1)
      l = -1;
    fclose(f);
  }
  return l;
}

void bench_lapack_provider(char *out, size_t len, const char *symbol) {
  void *sym = dlsym(RTLD_DEFAULT, symbol);
  Dl_info di;
  snprintf(out, len, "unknown");
  if (sym && dladdr(sym, &di) && di.dli_fname) {
    char *real = realpath(di.dli_fname, NULL);
    snprintf(out, len, "%s", real ? real : di.dli_fname);
    free(real);
  }
}

double bench_copy_bandwidth(int threads, size_t len) {
  double *a = bench_xmalloc(len * sizeof(double));
  double *c = bench_xmalloc(len * sizeof(double));
  double best = 0;
#pragma omp parallel for num_threads(threads) schedule(static)
  for (size_t i = 0; i < len; ++i) {
    a[i] = (double)i;
    c[i] = 0;
  }
  for (int k = 0; k < 5; ++k) {
    double t0 = bench_now(), bw;
#pragma omp parallel for num_threads(threads) schedule(static)
    for (size_t i = 0; i < len; ++i)
      c[i] = a[i];
    bw = 2.0 * len * sizeof(double) / (bench_now() - t0);
    best = bw > best ? bw : best;
  }
  if (c[len - 1] != (double)(len - 1))
    best = 0;
  free(a);
  free(c);
  return best;
}

void bench_env_read(bench_env *e, const char *lapack_symbol, size_t bw_len) {
  memset(e, 0, sizeof *e);
  e->procs = omp_get_num_procs();
  bench_git_commit(e->commit, sizeof e->commit);
  bench_cpu_model(e->cpu, sizeof e->cpu);
  if (lapack_symbol)
    bench_lapack_provider(e->provider, sizeof e->provider, lapack_symbol);
  e->load0 = bench_load_average();
  if (bw_len > 0) {
    fprintf(stderr, "%s: measuring copy bandwidth\n", prog_name);
    e->bw = bench_copy_bandwidth(e->procs, bw_len);
  }
}

/* Kept scalar so that it measures what one-problem-at-a-time code gets. */
#if defined(__GNUC__) && !defined(__clang__)
__attribute__((optimize("no-tree-vectorize", "no-tree-slp-vectorize")))
#endif
double
bench_scalar_peak(void) {
  const long iters = 20000000;
  volatile double vc = 0.999999, vd = 1e-7;
  const double c = vc, d = vd;
  double best = 0;
  for (int k = 0; k < 5; ++k) {
    double x0 = 1, x1 = 2, x2 = 3, x3 = 4, x4 = 5, x5 = 6, x6 = 7, x7 = 8;
    volatile double sink;
    double t0 = bench_now(), t;
    for (long i = 0; i < iters; ++i) {
      x0 = x0 * c + d;
      x1 = x1 * c + d;
      x2 = x2 * c + d;
      x3 = x3 * c + d;
      x4 = x4 * c + d;
      x5 = x5 * c + d;
      x6 = x6 * c + d;
      x7 = x7 * c + d;
    }
    t = bench_now() - t0;
    sink = x0 + x1 + x2 + x3 + x4 + x5 + x6 + x7;
    (void)sink;
    if (16.0 * iters / t > best)
      best = 16.0 * iters / t;
  }
  return best;
}

const char *bench_data_dir(void) {
  return BENCH_DATA_DIR;
}

/* ---- report lines -------------------------------------------------------- */

void bench_print_head(const char *title, const bench_args *a,
                      const bench_env *e) {
  printf("## %s\n\n", title);
  printf("- command: `%s%s`\n", prog_name, a->cmdline);
  printf("- commit: %s\n", e->commit[0] ? e->commit : "unknown");
  printf("- batchla %s, build type %s; library flags: %s\n", bla_version(),
         BENCH_BUILD_TYPE, BENCH_LIB_FLAGS);
#if defined(__GNUC__) && !defined(__clang__)
  printf("- compiler: gcc %s; bench flags: %s\n", __VERSION__, BENCH_C_FLAGS);
#else
  printf("- compiler: %s; bench flags: %s\n", __VERSION__, BENCH_C_FLAGS);
#endif
}

void bench_print_cpu_threads(const bench_env *e, const int *threads, int nt) {
  printf("- CPU: %s, %d logical CPUs; threads: ", e->cpu, e->procs);
  for (int it = 0; it < nt; ++it)
    printf("%s%d", it ? ", " : "", threads[it]);
  printf(" (exec.threads for batchla, num_threads for the LAPACK loop)\n");
}

void bench_print_load(const bench_env *e) {
  printf("- 1-minute load average at start %.2f, at end %.2f (at start, "
         "anything well above 0 is other work on the machine)\n",
         e->load0, bench_load_average());
}

void bench_print_timing(const bench_args *a) {
  printf("- %d repetitions per cell, the side that runs first rotates; "
         "time per problem in microseconds, median (spread = (max - "
         "min) / median); ratio = batchla / LAPACK median time (paired "
         "per-repetition range); batch sized for about %.2g s per LAPACK "
         "run\n",
         a->reps, a->target);
}

void bench_print_table(const char *title, const char *head, ...) {
  char row[2048];
  va_list ap;
  int cols = -1;
  va_start(ap, head);
  vsnprintf(row, sizeof row, head, ap);
  va_end(ap);
  if (title)
    printf("### %s\n\n", title);
  printf("%s\n", row);
  for (const char *c = row; *c; ++c)
    cols += *c == '|';
  for (int k = 0; k < cols; ++k)
    printf("|---");
  printf("|\n");
}

void bench_print_total(double t_start, int status) {
  printf("Total bench time %.0f s.%s\n\n", bench_now() - t_start,
         status ? " Some groups failed the cross-check: no timing for them."
                : "");
}
