/* bench_overhead: what a batch driver costs per call on a batch of ONE
 * problem, against calling the core routine it runs directly (rules:
 * docs/MEASURING.md). The target is a batch of one within 0.5 us of the
 * direct call.
 *
 *   bench_overhead [--quick] [--reps R] [--target S] [--seed X]
 *
 * Cells: bla_dsterf (core, batchla/core/steqr.h) against bla_dsterf_batch
 * at n = 1, 4, 8; bla_dpotrf (core, batchla/core/cholesky.h, lower)
 * against bla_dpotrf_batch at n = 2, 4. Sides, each timed as a loop of
 * the same number of calls, every call on freshly restored inputs (the
 * restore, a copy of a few doubles, is in every side and cancels in the
 * differences):
 *   core       the core routine on one problem's views
 *   NULL       the batch driver on a batch of one, exec NULL (the host,
 *              OpenMP's default threads)
 *   1 thread   the same with a host exec of 1 thread
 * Then the drivers on an empty batch (count = 0), exec NULL and 1 thread.
 * Inputs: d, e uniform(-1, 1) (sterf); a diagonally dominant SPD matrix
 * (potrf); splitmix64. Before timing, every side's outputs must have the
 * same bits as the core routine's, with info = 0 (count = 0: BLA_OK and
 * info untouched). The sides rotate which runs first; time per call is
 * the median over the repetitions of (loop time / calls), spread = (max -
 * min) / median, differences paired per repetition. Markdown report on
 * stdout, progress on stderr. */
#include <math.h>
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "batchla/batchla.h"
#include "batchla/core/cholesky.h"
#include "batchla/core/steqr.h"
#include "bench_common.h"

#define GOAL_NS 500.0 /* batch of one within 0.5 us of the core call */

enum { R_STERF, R_POTRF };
enum { S_CORE, S_NULL, S_ONE, NSIDES };
static const char *const side_name[NSIDES] = {"core", "exec NULL",
                                              "host exec, 1 thread"};

/* One cell: a routine at size n, count problems per driver call (1, or 0
 * for the empty batch), calls per timed loop. */
typedef struct {
  int routine, n, count;
  int64_t calls;
  double *in0, *in1; /* pristine inputs: d, e or a (and unused) */
  double *x, *y;     /* the working copies a call overwrites */
  double *out[NSIDES];
  size_t len0, len1; /* entries of in0, in1 */
  int info;
  volatile double sink; /* keeps the loops' results alive */
} cell;

static const char *routine_name(int r) {
  return r == R_STERF ? "bla_dsterf" : "bla_dpotrf";
}

static void cell_init(cell *c, int routine, int n, int count, uint64_t seed) {
  uint64_t s = seed;
  memset(c, 0, sizeof *c);
  c->routine = routine;
  c->n = n;
  c->count = count;
  c->calls = 1;
  c->len0 = routine == R_STERF ? (size_t)n : (size_t)n * n;
  c->len1 = routine == R_STERF && n > 1 ? (size_t)n - 1 : 0;
  c->in0 = bench_xmalloc(c->len0 * sizeof(double));
  c->in1 = bench_xmalloc((c->len1 + 1) * sizeof(double));
  c->x = bench_xmalloc(c->len0 * sizeof(double));
  c->y = bench_xmalloc((c->len1 + 1) * sizeof(double));
  for (int k = 0; k < NSIDES; ++k)
    c->out[k] = bench_xmalloc(c->len0 * sizeof(double));
  if (routine == R_STERF) {
    for (size_t i = 0; i < c->len0; ++i)
      c->in0[i] = bench_rng_unif(&s);
    for (size_t i = 0; i < c->len1; ++i)
      c->in1[i] = bench_rng_unif(&s);
  } else {
    memset(c->in0, 0, c->len0 * sizeof(double));
    bench_spd_lower(n, n - 1, c->in0, n, 0, &s);
  }
  /* An empty batch must leave them as they are. */
  memcpy(c->x, c->in0, c->len0 * sizeof(double));
}

static void cell_free(cell *c) {
  BENCH_FREE(c->in0, c->in1, c->x, c->y, c->out[0], c->out[1], c->out[2]);
}

/* calls calls of one side, each on restored inputs; seconds, or -1 when
 * a call failed (a driver's status, or info != 0); c is a cell. */
static double run_side(void *ctx, int side, int rep) {
  cell *c = ctx;
  const bla_exec one = bench_exec(BLA_HOST, 1, NULL);
  const bla_exec *ex = side == S_ONE ? &one : NULL;
  const int n = c->n, sterf = c->routine == R_STERF;
  const bla_dvec d = bla_dvec_make(c->x, n, 1);
  const bla_dvec e = bla_dvec_make(c->y, (bla_index)c->len1, 1);
  const bla_dmat a = bla_dmat_make(c->x, n, n, 1, n);
  const bla_dvec_batch db = bla_dvec_batch_packed(c->x, c->count, n);
  const bla_dvec_batch eb =
      bla_dvec_batch_packed(c->y, c->count, (bla_index)c->len1);
  const bla_dmat_batch ab = bla_dmat_batch_colmajor(c->x, c->count, n, n, n);
  double t0, t, acc = 0;
  int bad = 0;
  t0 = bench_now();
  for (int64_t k = 0; k < c->calls; ++k) {
    if (c->count > 0) {
      memcpy(c->x, c->in0, c->len0 * sizeof(double));
      memcpy(c->y, c->in1, c->len1 * sizeof(double));
    }
    if (side == S_CORE)
      c->info = sterf ? bla_dsterf(d, e) : bla_dpotrf(BLA_LOWER, a);
    else if (sterf)
      bad |= bla_dsterf_batch(db, eb, &c->info, ex) != BLA_OK;
    else
      bad |= bla_dpotrf_batch(BLA_LOWER, ab, &c->info, ex) != BLA_OK;
    bad |= c->info != 0;
    acc += c->x[0];
  }
  t = bench_now() - t0;
  c->sink = acc;
  if (rep < 0) /* the check run: keep the outputs */
    memcpy(c->out[side], c->x, c->len0 * sizeof(double));
  return bad ? -1 : t;
}

/* The side's outputs against the core routine's, bit for bit (count = 0:
 * the inputs, untouched); c is a cell. */
static int check_side(void *ctx, int side, char *why, size_t len) {
  cell *c = ctx;
  const double *ref = c->count > 0 ? c->out[S_CORE] : c->in0;
  if (side == S_CORE || !memcmp(c->out[side], ref, c->len0 * sizeof(double)))
    return 1;
  snprintf(why, len, "%s: outputs differ from the core routine's",
           side_name[side]);
  return 0;
}

/* Calls per timed loop: about target seconds of the exec NULL side. */
static double probe_calls(void *ctx, int64_t calls) {
  cell *c = ctx;
  c->calls = calls;
  run_side(c, S_NULL, 0); /* warm */
  return run_side(c, S_NULL, 0);
}

/* Median and paired range of (t_b - t_a) per call, in ns. */
static double diff_ns(const double *ta, const double *tb, int reps,
                      int64_t calls, double *lo, double *hi) {
  double d[BENCH_MAX_REPS];
  for (int k = 0; k < reps; ++k)
    d[k] = (tb[k] - ta[k]) / (double)calls * 1e9;
  *lo = bench_vmin(d, reps);
  *hi = bench_vmax(d, reps);
  return bench_median(d, reps);
}

/* Measures one cell and prints its row; 0 when a check failed. */
static int run_cell(const bench_args *a, int routine, int n, int count,
                    int *met, int *cells) {
  static const int all[NSIDES] = {S_CORE, S_NULL, S_ONE};
  cell c;
  bench_side r[NSIDES];
  const bench_timed timed = {&c, NULL, run_side, check_side};
  char cell_ns[NSIDES][64];
  const double scale = 1e9;
  int failed;
  cell_init(&c, routine, n, count, a->seed);
  memset(r, 0, sizeof r);
  c.calls =
      bench_calibrate(probe_calls, &c, a->target, 1000, 1000, (int64_t)1 << 30);
  fprintf(stderr, "bench_overhead: %s n=%d count=%d: %lld calls per run\n",
          routine_name(routine), n, count, (long long)c.calls);
  /* An empty batch has no core call to compare with. */
  failed = bench_measure(&timed, count > 0 ? all : all + 1,
                         count > 0 ? NSIDES : NSIDES - 1, a->reps, INFINITY, r);
  for (int s = 0; s < NSIDES; ++s)
    bench_side_cell(cell_ns[s], sizeof cell_ns[s], &r[s], a->reps,
                    scale / (double)c.calls);
  if (count == 0) {
    printf("| %s_batch | %d | %lld | %s | %s |\n", routine_name(routine), n,
           (long long)c.calls, cell_ns[S_NULL], cell_ns[S_ONE]);
  } else {
    char dn[2][64] = {"-", "-"}, ok[8] = "-";
    int both = r[S_CORE].run;
    for (int k = 0; k < 2; ++k) {
      const bench_side *b = &r[k ? S_ONE : S_NULL];
      double lo, hi, med;
      if (!b->run || !r[S_CORE].run) {
        both = 0;
        continue;
      }
      med = diff_ns(r[S_CORE].t, b->t, a->reps, c.calls, &lo, &hi);
      snprintf(dn[k], sizeof dn[k], "%.0f (%.0f to %.0f)", med, lo, hi);
      both = both && med <= GOAL_NS;
    }
    if (r[S_CORE].run && r[S_NULL].run && r[S_ONE].run) {
      snprintf(ok, sizeof ok, "%s", both ? "yes" : "no");
      *met += both;
      ++*cells;
    }
    printf("| %s | %d | %lld | %s | %s | %s | %s | %s | %s |\n",
           routine_name(routine), n, (long long)c.calls, cell_ns[S_CORE],
           cell_ns[S_NULL], dn[0], cell_ns[S_ONE], dn[1], ok);
  }
  fflush(stdout);
  cell_free(&c);
  return failed == 0;
}

#define USAGE                                                                  \
  "bench_overhead [--quick] [--reps R] [--target SECONDS] [--seed X]"

int main(int argc, char **argv) {
  static const struct {
    int routine, n;
  } cases[] = {
      {R_STERF, 1}, {R_STERF, 4}, {R_STERF, 8}, {R_POTRF, 2}, {R_POTRF, 4}};
  const int ncases = (int)(sizeof cases / sizeof *cases);
  bench_args a;
  bench_env env;
  int status = 0, met = 0, cells = 0;
  const double t_start = bench_now();

  bench_set_name("bench_overhead");
  bench_args_init(&a, 0.02, 20240607, NULL);
  a.reps = 7;
  if (!bench_args_parse(&a, argc, argv,
                        BENCH_QUICK | BENCH_REPS | BENCH_TARGET | BENCH_SEED,
                        NULL, 0, USAGE))
    return 2;
  if (a.quick && !(a.given & BENCH_TARGET))
    a.target = 0.002;
  if (a.quick && !(a.given & BENCH_REPS))
    a.reps = 5;
  bench_env_read(&env, NULL, 0);

  bench_print_head("Host: per-call overhead of a batch driver on a batch of "
                   "one",
                   &a, &env);
  printf("- CPU: %s, %d logical CPUs; exec NULL runs OpenMP's default team "
         "(%d threads here), the other exec 1 thread\n",
         env.cpu, env.procs, omp_get_max_threads());
  printf("- inputs: sterf d, e uniform(-1, 1); potrf a diagonally dominant "
         "SPD matrix (lower); splitmix64 seed %llu; every call on restored "
         "inputs (a copy of n + n-1 or n^2 doubles, in every side)\n",
         (unsigned long long)a.seed);
  printf("- %d repetitions per cell, the side that runs first rotates; "
         "ns per call = median of loop time / calls (spread = (max - min) / "
         "median); differences = side - core per call, median (paired "
         "per-repetition range); calls per loop sized for about %.2g s of "
         "the exec NULL side\n",
         a.reps, a.target);
  printf("- cross-check before timing: every side's outputs bit-identical "
         "to the core routine's, info = 0 (count = 0: BLA_OK, inputs "
         "untouched)\n\n");

  bench_print_table("A batch of one: the driver against the core routine",
                    "| routine | n | calls per run | core ns/call | exec NULL "
                    "ns/call | NULL - core ns | 1-thread exec ns/call | "
                    "1-thread - core ns | both within %.1f us |",
                    GOAL_NS * 1e-3);
  for (int k = 0; k < ncases; ++k)
    status |= !run_cell(&a, cases[k].routine, cases[k].n, 1, &met, &cells);
  printf("\nTarget (batch of one within %.1f us of the core call, both "
         "execs, median): met in %d of %d cells.\n\n",
         GOAL_NS * 1e-3, met, cells);

  bench_print_table("An empty batch (count = 0)",
                    "| driver | n | calls per run | exec NULL ns/call | "
                    "1-thread exec ns/call |");
  for (int k = 0; k < ncases; ++k)
    if (k == 1 || k == ncases - 1) /* one size per routine */
      status |= !run_cell(&a, cases[k].routine, cases[k].n, 0, &met, &cells);
  printf("\n");
  bench_print_load(&env);
  printf("\nNot measured: the CUDA path (its launch latency is another "
         "question), float, other routines, batches of a few problems.\n\n");
  bench_print_total(t_start, status);
  return status;
}
