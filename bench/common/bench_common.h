/* bench_common: the harness every benchmark shares, host and GPU alike:
 * timing, statistics over the repetitions, the command line, the random
 * inputs, the LAPACK test-suite ratios of the cross-checks, the machine
 * shown in the reports and the report lines every program prints. A
 * benchmark itself holds only its sides (batchla and what it is compared
 * with) and its cross-checks. Plain C11; the benches link it as the static
 * library batchla_bench_common (the GPU ones through bench_cuda.cuh). */
#ifndef BATCHLA_BENCH_COMMON_H
#define BATCHLA_BENCH_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "batchla/batchla.h"

#if defined(BENCH_HAVE_OPENBLAS) && BENCH_HAVE_OPENBLAS
/* Declared here rather than through cblas.h, whose location varies. */
#ifdef __cplusplus
extern "C" {
#endif
char *openblas_get_config(void);
void openblas_set_num_threads(int num_threads);
#ifdef __cplusplus
}
#endif
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Most repetitions the statistics accept; longest option list. */
#define BENCH_MAX_REPS 64
#define BENCH_MAX_LIST 16
/* The cross-checks' bound on every LAPACK test ratio. */
#define BENCH_THRESH 50.0

/* The program name used in messages (default "bench"), and reading it. */
void bench_set_name(const char *name);
const char *bench_name(void);

/* ---- small utilities ----------------------------------------------------- */

/* Monotonic wall clock, seconds. */
double bench_now(void);
/* malloc that exits with status 2 on failure. */
void *bench_xmalloc(size_t bytes);
/* An exec for the batch drivers, every other field zero (valid for any
 * version of bla_exec). */
bla_exec bench_exec(bla_backend backend, int threads, void *stream);

/* splitmix64: a fixed, portable stream, so every run sees the same
 * inputs whatever the C library. */
uint64_t bench_rng_next(uint64_t *s);
/* Uniform on [-1, 1) in steps of 2^-52 (LAPACK dlarnv's idist = 2). */
double bench_rng_unif(uint64_t *s);
/* Uniform on the open (-1, 1): the same grid shifted by half a step. */
double bench_rng_unif_open(uint64_t *s);
/* Uniform on [0, 1) in steps of 2^-53. */
double bench_rng_u01(uint64_t *s);

/* qsort comparison of doubles, ascending. */
int bench_cmp_double(const void *a, const void *b);
/* Statistics over k <= BENCH_MAX_REPS repetitions. */
double bench_median(const double *x, int k);
double bench_vmin(const double *x, int k);
double bench_vmax(const double *x, int k);
/* (max - min) / median. */
double bench_spread(const double *x, int k);
/* max(m, q) with a NaN q giving +Inf, so that a NaN ratio never passes. */
double bench_nanmax(double m, double q);
/* *worst := v when v is larger or NaN. */
void bench_keep_max(double *worst, double v);

/* dst[p + k*count] = src[p*len + k]: count problems of len entries each,
 * one after another, into the interleaved layout (batch index fastest);
 * threads: OpenMP threads (<= 0: the default). */
void bench_interleave(const double *src, double *dst, int64_t len,
                      int64_t count, int threads);
/* The same when interleaved, else a plain copy (the packed layouts). */
void bench_to_layout(const double *src, double *dst, int64_t len, int64_t count,
                     int interleaved, int threads);
/* The inverse: interleaved (or, when not, packed) src into packed dst. */
void bench_from_layout(const double *src, double *dst, int64_t len,
                       int64_t count, int interleaved, int threads);
/* How many of n info values are not 0. */
int64_t bench_count_failed(const int *info, int64_t n);
/* What a host side's run returns: -1 when the driver refused the call
 * (st != BLA_OK), else the number of problems with info != 0. */
long bench_batch_failed(bla_status st, const int *info, int64_t count);
/* min(count, most): how many problems a cross-check samples. */
int bench_nsamples(int64_t count, int most);
/* Frees every pointer of the list. */
#define BENCH_FREE(...)                                                        \
  do {                                                                         \
    void *bench_p_[] = {__VA_ARGS__};                                          \
    for (size_t bench_k_ = 0; bench_k_ < sizeof bench_p_ / sizeof *bench_p_;   \
         ++bench_k_)                                                           \
      free(bench_p_[bench_k_]);                                                \
  } while (0)

/* ---- the command line ---------------------------------------------------- */

/* Comma-separated list of integers in lo..100000 into out (at most max);
 * returns the count, or -1 on a malformed list. */
int bench_parse_list(const char *s, int *out, int max, int lo);
/* Appends " arg" to the command line shown in the report. */
void bench_cmdline_append(char *buf, size_t len, const char *arg);

/* A table of command-line options for bench_parse_args. */
typedef enum {
  BENCH_OPT_FLAG,   /* no value; *(int *)value = 1 */
  BENCH_OPT_INT,    /* int */
  BENCH_OPT_DOUBLE, /* double */
  BENCH_OPT_U64,    /* uint64_t, any base strtoull reads */
  BENCH_OPT_INT64,  /* int64_t, at least 1 */
  BENCH_OPT_LIST,   /* int list (bench_parse_list, entries >= 1) */
  BENCH_OPT_FUNC,   /* parse(v, value) returns 1 when v is valid */
  BENCH_OPT_STRING  /* const char *, the argument itself */
} bench_opt_kind;
typedef struct {
  const char *name; /* "--reps" */
  bench_opt_kind kind;
  void *value;
  int *count, max; /* LIST: entries read, room */
  int (*parse)(const char *v, void *value);
} bench_opt;
/* Reads argv against the table, appending every argument to cmdline (the
 * report shows it); marks in *seen, when given, which options appeared.
 * Returns 1, or 0 on an unknown option or a missing or malformed value. */
int bench_parse_args(int argc, char **argv, const bench_opt *opts, int nopts,
                     char *cmdline, size_t len, unsigned *seen);

/* The options most benches share, and what each bench adds to them. */
enum {
  BENCH_QUICK = 1u,    /* --quick: a short run (CI) */
  BENCH_REPS = 2u,     /* --reps R, 5 <= R <= BENCH_MAX_REPS */
  BENCH_TARGET = 4u,   /* --target S, seconds per timed run, > 0 */
  BENCH_SEED = 8u,     /* --seed X */
  BENCH_THREADS = 16u, /* --threads 1,2,... */
  BENCH_SIZES = 32u    /* --n 4,8,... (sizes, each at least 2) */
};
typedef struct {
  int quick, reps;
  double target;
  uint64_t seed;
  int nt, threads[BENCH_MAX_LIST];
  int nn, sizes[BENCH_MAX_LIST];
  double max_run, budget; /* the GPU benches' limits (bench_cuda_args) */
  unsigned given;         /* the BENCH_* options the command line gave */
  unsigned extra_given;   /* bit k: extra option k was given */
  char cmdline[1024];     /* " --quick --reps 7 ...", for the report */
} bench_args;
/* Defaults for the shared options: 5 reps, threads 1 and every CPU,
 * sizes the list (NULL: none). */
void bench_args_init(bench_args *a, double target, uint64_t seed,
                     const char *sizes);
/* Parses argv: the shared options named in `shared` (a BENCH_* mask),
 * then the bench's own (extra, nextra of them); checks reps and target.
 * Returns 1, or 0 after a message and "usage: <usage>" on stderr (the
 * bench then exits with status 2). */
int bench_args_parse(bench_args *a, int argc, char **argv, unsigned shared,
                     const bench_opt *extra, int nextra, const char *usage);

/* ---- formatting ---------------------------------------------------------- */

/* Two significant figures unless the spread allows three. */
void bench_fmt_val(char *buf, size_t len, double v, double spread);
/* "median (spread%)" of t[k] * scale over reps repetitions; returns the
 * median. */
double bench_scaled_cell(char *buf, size_t len, const double *t, int reps,
                         double scale);
/* The same of the time per problem in microseconds of reps runs of count
 * problems each (t in seconds). */
double bench_time_cell(char *buf, size_t len, const double *t, int reps,
                       double count);
/* med(num) / med(den), and the range [lo, hi] of the paired
 * per-repetition quotients num[k] / den[k]. */
double bench_ratio(const double *num, const double *den, int reps, double *lo,
                   double *hi);
/* bench_ratio as "q (lo-hi)". */
void bench_ratio_cell(char *buf, size_t len, const double *num,
                      const double *den, int reps);

/* ---- running and timing the sides of a host comparison ------------------- */

/* The sides of one batch: prepare (untimed: inputs into the side's layout)
 * then run (timed), which returns the number of failed problems, or a
 * negative number when the driver refused the call. */
typedef struct {
  void *ctx;
  void (*prepare)(void *ctx, int side);
  long (*run)(void *ctx, int side);
} bench_runner;

/* Records a group's first failure: *ok := 0 and, when it was still 1,
 * why := the message. */
void bench_fail(int *ok, char *why, size_t len, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
/* bench_time_rotating for a group that passed its cross-check: a side
 * with failures is recorded through bench_fail ("<name>: N problems failed
 * while timing"). */
void bench_time_group(const bench_runner *r, int nsides, int reps,
                      double (*t)[BENCH_MAX_REPS], const char *const *names,
                      int *ok, char *why, size_t len);
/* Best of k timed runs of one side after a warm run, seconds. */
double bench_best_run(const bench_runner *r, int side, int k);
/* reps rounds over sides 0..nsides-1, the side that runs first rotating
 * from round to round; t[side][k] in seconds. Returns the first side that
 * reported failures (their count in *bad), or -1. */
int bench_time_rotating(const bench_runner *r, int nsides, int reps,
                        double (*t)[BENCH_MAX_REPS], long *bad);
/* Batch size for a reference run of about target seconds: probe(ctx, c)
 * gives the time of one run of c problems; c grows 4x from start until a
 * run takes target / 4 or c reaches cap, then scales linearly; the result
 * is clamped to [lo, cap]. */
int64_t bench_calibrate(double (*probe)(void *ctx, int64_t count), void *ctx,
                        double target, int64_t start, int64_t lo, int64_t cap);

/* ---- a family of groups compared with LAPACK ----------------------------- */

#define BENCH_MAX_SIDES 16

/* The sides of most comparisons: LAPACK looped over the batch, batchla on
 * the column-major and on the interleaved layout. */
enum { BENCH_SIDE_LAPACK, BENCH_SIDE_COL, BENCH_SIDE_INT, BENCH_LAYOUT_SIDES };
extern const char *const bench_layout_side_names[BENCH_LAYOUT_SIDES];

/* What a group measures (a family's spec may extend it): size n, job,
 * threads and the seed of its inputs. */
typedef struct {
  int n, job, threads;
  uint64_t seed;
} bench_spec;

/* What every group of a comparison records; a family's result struct
 * starts with one and adds its cross-check ratios. */
typedef struct {
  int ok;                /* cross-checked, and timed without failures */
  char why[200];         /* the first failure, when not */
  int64_t count;         /* problems in the batch */
  int reps;              /* timed rounds */
  int identical;         /* the layouts' outputs have the same bits */
  int identical_threads; /* and those of the first k1 problems the same
                            bits as with the first thread count */
  double t[BENCH_MAX_SIDES][BENCH_MAX_REPS]; /* seconds per run */
} bench_group;
/* A group of an eigensolver comparison: beside the timing, the worst
 * eigenvalue, residual and orthogonality ratios (against BENCH_THRESH). */
typedef struct {
  bench_group g;
  double eig, res, orth;
} bench_eig_group;
/* After a side's cross-check: every ratio of r below BENCH_THRESH, or a
 * failure recorded that names the side. */
void bench_eig_verdict(bench_eig_group *r, const char *side);
/* The check cell of such a group: "eig / res / orth" with vectors, else
 * "eig" (the residual and orthogonality were not measured). */
void bench_eig_check_cell(char *buf, size_t len, const bench_eig_group *r,
                          int vectors);
/* Records g's first failure (printf-style message). */
#define BENCH_FAIL(g, ...)                                                     \
  bench_fail(&(g)->ok, (g)->why, sizeof(g)->why, __VA_ARGS__)

/* How a group's batch is sized: side 0 (the reference) timed on fresh
 * batches, bench_calibrate's target, start, lo and cap; fixed > 0: that
 * size instead. */
typedef struct {
  double target;
  int64_t start, lo, cap, fixed;
} bench_sizing;

/* A family: how to make a batch of one group (spec) and run its sides. */
typedef struct {
  const char *const *side_names;
  int nsides; /* the sides a batch times, 0..nsides-1 ... */
  int (*sides)(const void *batch); /* ... unless this says otherwise */
  /* A batch of count problems of the group, inputs generated. */
  void *(*make)(const void *spec, int64_t count);
  void (*destroy)(void *batch);
  /* Inputs into the side's layout (untimed). */
  void (*prepare)(void *batch, int side);
  /* The timed part: the number of failed problems, or a negative number
   * when the driver refused the call. */
  long (*run)(void *batch, int side);
  /* Runs every side of run's batch once (which also warms caches and the
   * thread pool) and cross-checks it, recording failures with BENCH_FAIL
   * in g (the head of the family's result); hash carries the bits of the
   * first k1 problems from one thread count to the next. */
  void (*check)(const bench_runner *run, bench_group *g, int64_t k1,
                uint64_t *hash);
  /* A group's sizing (below) and its name in the progress lines. */
  void (*size)(const void *spec, const bench_args *a, bench_sizing *z,
               char *what, size_t len);
} bench_family;

/* The usual sizing: a's target, from 8 problems per thread, at most
 * cap_bytes / bytes_per_problem problems. */
bench_sizing bench_sizing_cap(const bench_args *a, int threads,
                              double cap_bytes, double bytes_per_problem);

/* One untimed run of side for a cross-check (r's ctx is the batch): 1, or
 * 0 after recording in g that problems failed or the driver refused. */
int bench_check_run(const bench_runner *r, int side, const char *name,
                    bench_group *g);
/* The bit-identity of a cross-check that passed: identical, whether the
 * layouts' outputs have the same bits; identical_threads, whether h_k1,
 * the hash of the first k1 problems' outputs, equals *hash (which the
 * first thread count sets). */
void bench_check_bits(bench_group *g, int identical, uint64_t h_k1,
                      uint64_t *hash);
/* The cross-check of a family on the layout sides: each side run once
 * (bench_check_run; a refusal or failure stops the sweep) and checked by
 * check_side(batch, g, side, scratch), which records failures in g; then, when
 * all passed, bench_check_bits with out_hash(batch, side, k), the hash of the
 * outputs of problems 0..k-1 in logical order: the column-major outputs'
 * taken after their side, the interleaved ones' at the end (still in
 * place; the first k1 problems are the same for every thread count). */
void bench_layout_check(const bench_runner *run, bench_group *g, int64_t k1,
                        uint64_t *hash, void *scratch,
                        void (*check_side)(void *batch, bench_group *g,
                                           int side, void *scratch),
                        uint64_t (*out_hash)(const void *batch, int side,
                                             int64_t k));

/* One group: its batch size (at least *k1, the first thread count's,
 * which the first call sets), the batch, the cross-check and reps timed
 * rounds with the side that runs first rotating; what names the group in
 * the progress lines on stderr. Returns g->ok. */
int bench_run_group(const bench_family *f, const void *spec,
                    const bench_sizing *z, int reps, int64_t *k1,
                    uint64_t *hash, bench_group *g, const char *what);
/* One group at every thread count of a, in order, spec->threads set in
 * turn (the first thread count's batch size and output bits are the
 * others' floor and reference); the results, each starting with a
 * bench_group, stride bytes apart from res. Returns 1 when all passed. */
int bench_run_threads(const bench_family *f, bench_spec *spec,
                      const bench_args *a, void *res, size_t stride);
/* A group's cells: sides first..last, the time per problem in us into
 * cell (median into med), the ratio to side ref into ratio (side / ref,
 * or ref / side when speedup; ref's own left empty). */
void bench_group_cells(const bench_group *g, int first, int last, int ref,
                       int speedup, char (*cell)[64], char (*ratio)[64],
                       double *med);

/* ---- host SIMD paths as sides -------------------------------------------- */

/* The host engine's SIMD paths a bench compares (docs/MEASURING.md, rule
 * 9), narrowest first: scalar, AVX2, AVX-512. */
#define BENCH_SIMD_PATHS 3
extern const bla_simd bench_simd_all[BENCH_SIMD_PATHS];

/* The sides of a bench whose batchla sides run once under every SIMD path
 * this CPU and build support. Its sides without the paths (the base
 * sides) are: 0 the reference (LAPACK), 1..nper those timed under every
 * path, nper+1..nper+ntail those timed under the native path only. The
 * sides timed are then 0, nper sides per supported path (path after path,
 * narrowest first, each path's in base order) and the ntail ones. */
typedef struct {
  int npaths;                      /* paths this CPU and build run */
  bla_simd path[BENCH_SIMD_PATHS]; /* those, narrowest first */
  bla_simd native; /* the engine's own choice: BLA_SIMD, else the widest */
  int nper, ntail, nsides;
  const char *names[BENCH_MAX_SIDES]; /* "<base name> [<path>]" */
  char name_buf[BENCH_MAX_SIDES][96];
} bench_simd_sides;
/* base_names: the 1 + nper + ntail base sides' names. 0, with a message,
 * when the sides do not fit in BENCH_MAX_SIDES. */
int bench_simd_sides_init(bench_simd_sides *s, const char *const *base_names,
                          int nper, int ntail);
/* The base side of side, and the path it runs under (the reference's and
 * the tail's: native). */
int bench_simd_base(const bench_simd_sides *s, int side);
bla_simd bench_simd_side_path(const bench_simd_sides *s, int side);
/* The side of per-path base side base (1..nper) under path, or -1 when
 * this CPU or build cannot run path. */
int bench_simd_side(const bench_simd_sides *s, int base, bla_simd path);
/* Sets the engine's path for side: call it where the side is prepared
 * (untimed). */
void bench_simd_select(const bench_simd_sides *s, int side);
/* Doubles per vector (1 for scalar), and the name in the reports ("scalar",
 * "AVX2", "AVX-512"). */
int bench_simd_lanes(bla_simd path);
const char *bench_simd_label(bla_simd path);
/* Appends to a table head, for each of the nlabels labels, a column per
 * path in bench_simd_all: "| <label> <path> us, speedup ". */
void bench_simd_head(char *buf, size_t len, const char *const *labels,
                     int nlabels);
/* A side's cell: the time per problem and the speedup over side 0, "us
 * (spread%) **q x** (lo-hi)"; returns the median time in microseconds. */
double bench_speedup_cell(char *buf, size_t len, const bench_group *g,
                          int side);
/* Per-path base side base under path: bench_speedup_cell, or "not
 * supported on this CPU" (and 0). */
double bench_simd_cell(char *buf, size_t len, const bench_simd_sides *s,
                       const bench_group *g, int base, bla_simd path);
/* The fastest batchla side (median time) of g, its median time per problem
 * in microseconds into *us. */
int bench_simd_fastest(const bench_simd_sides *s, const bench_group *g,
                       double *us);
/* "<GFLOP/s> <path> (<%> of its peak)" of the fastest side doing flops per
 * problem, a path's peak taken as peak1 (bench_scalar_peak) times its
 * lanes; returns that side's median time per problem in microseconds. */
double bench_simd_fastest_cell(char *buf, size_t len, const bench_simd_sides *s,
                               const bench_group *g, double flops,
                               double peak1);
/* " | <cell>" (bench_simd_cell) of every base side of bases, in turn,
 * under every path in bench_simd_all: the columns of bench_simd_head. */
void bench_print_simd_cells(const bench_simd_sides *s, const bench_group *g,
                            const int *bases, int nbases);
/* The report lines on the paths: which this CPU runs, which not, the
 * native one, and with peak1 > 0 the peaks assumed for each. */
void bench_print_simd(const bench_simd_sides *s, double peak1);

/* ---- sides that time themselves (GPU: events; host: wall clock) ---------- */

/* One side's outcome in a cell. */
typedef struct {
  int run;        /* timed: t holds the repetitions, seconds */
  int failed;     /* the call or the cross-check failed (skip says how) */
  int slow;       /* its check run took longer than max_run */
  char skip[160]; /* why not timed, when not */
  double t[BENCH_MAX_REPS];
} bench_side;

typedef struct {
  void *ctx;
  /* Untimed: the side's inputs restored; 0 on failure. May be NULL. */
  int (*prepare)(void *ctx, int side);
  /* One run, timed by the side: seconds, or < 0 when the call failed; rep
   * is the repetition, -1 for the check run. */
  double (*run)(void *ctx, int side, int rep);
  /* The side's last run against the reference: 0, and why, on a mismatch.
   * May be NULL. */
  int (*check)(void *ctx, int side, char *why, size_t len);
} bench_timed;

/* A check run (which also warms up) of sides order[0..n), in that order;
 * then reps rounds over those that passed and took at most max_run
 * seconds, the side that runs first rotating. Sides not in order are left
 * untouched (the caller says in skip why they do not run). Returns the
 * number of sides that failed. */
int bench_measure(const bench_timed *m, const int *order, int n, int reps,
                  double max_run, bench_side *r);
/* "<name>: <why>" of the first of sides order[0..n) that failed into why
 * (names NULL: the why alone); 0 when none failed. */
int bench_side_failure(const bench_side *r, const int *order, int n,
                       const char *const *names, char *why, size_t len);
/* "median (spread%)" of t * scale, or "- (skip)" for a side not timed. */
void bench_side_cell(char *buf, size_t len, const bench_side *r, int reps,
                     double scale);
/* med(a) / med(b) to two figures, or "-" when either was not timed. */
void bench_side_ratio(char *buf, size_t len, const bench_side *a,
                      const bench_side *b, int reps);

/* A side's last timed batch, to skip a larger one predicted to run over
 * max_run (count < 0: a smaller batch was already too slow). */
typedef struct {
  double t;
  long long count;
} bench_pred;
/* 1, and why, when the side should not run a batch of count. */
int bench_pred_skip(const bench_pred *p, long long count, double max_run,
                    char *why, size_t len);
/* Records the cell's outcome for the next, larger batch. */
void bench_pred_note(bench_pred *p, const bench_side *r, int reps,
                     long long count);

/* ---- inputs -------------------------------------------------------------- */

/* One random diagonally dominant SPD matrix of band width kd, its lower
 * triangle into a (column-major, leading dimension lda; band: LAPACK's
 * band storage, entry (i, j) at (i - j) + j lda, else dense, at i + j lda;
 * other entries untouched): off-diagonal entries uniform(-1, 1), each
 * diagonal entry 1 + uniform(0, 1) above its row's off-diagonal sum, so
 * that ||A^-1||_inf <= 1 / gap (Varah) for the returned gap, the smallest
 * such margin: a rigorous condition bound for the cross-checks. */
double bench_spd_lower(int n, int kd, double *a, int64_t lda, int band,
                       uint64_t *s);

/* ---- cross-checks (LAPACK test-suite ratios) ----------------------------- */

/* Scratch for comparing multisets of up to n elements. */
typedef struct {
  int n, cap; /* elements now, room for */
  double *sorted;
  int *owner;
  char *seen;
} bench_matcher;
void bench_matcher_init(bench_matcher *m, int n);
void bench_matcher_free(bench_matcher *m);
/* Two multisets of n elements compared through cost[i*n + j] (element i of
 * the first against element j of the second): the smallest, over
 * one-to-one matchings, of the largest matched cost (a bottleneck
 * assignment). A NaN cost counts as infinite. */
double bench_bottleneck(bench_matcher *m, int n, const double *cost);
/* Column-major n x n: |A - U S V^T|_1 / (|A|_1 n ulp), the dget51 /
 * dhst01 backward error; w: n*n scratch. */
double bench_decomp_ratio(int n, const double *a, const double *u,
                          const double *s, const double *v, double ulp,
                          double *w);
/* |I - U U^T|_1 / (n ulp). */
double bench_orth_ratio(int n, const double *u, double ulp);
/* Frobenius norm of n x n a. */
double bench_norm_fro(int n, const double *a);
/* Eigenvalues (wr + i wi) of one matrix against a reference (rwr, rwi)
 * as multisets: the bottleneck-matched largest |lambda_ref_i -
 * lambda_j| * s_i / scale (s NULL: 1); infinite for a non-finite
 * eigenvalue; c: n*n scratch. */
double bench_eig_ratio(int n, const double *rwr, const double *rwi,
                       const double *s, const double *wr, const double *wi,
                       double scale, double *c, bench_matcher *m);
/* Chordal distance between the projective points (ar1 + i ai1 : b1) and
 * (ar2 + i ai2 : b2), generalized eigenvalues alpha / beta; infinite for
 * (0 : 0) or non-finite entries. */
double bench_chordal(double ar1, double ai1, double b1, double ar2, double ai2,
                     double b2);
/* Generalized eigenvalues (ar + i ai) / be of one pencil against a
 * reference (rar, rai, rbe) as multisets: the bottleneck-matched largest
 * chordal distance * s_i / scale (s NULL: 1), the LAPACK users' guide
 * bound with s dggevx's RCONDE and scale ulp |(A, B)|; c: n*n scratch. */
double bench_pencil_eig_ratio(int n, const double *rar, const double *rai,
                              const double *rbe, const double *s,
                              const double *ar, const double *ai,
                              const double *be, double scale, double *c,
                              bench_matcher *m);
/* Whether column-major (S, T) has the shape of a generalized real Schur
 * form: S quasi-upper triangular with 1x1 and 2x2 blocks, T upper
 * triangular and diagonal on S's 2x2 blocks (dlagv2's standardization). */
int bench_gschur_shape_ok(int n, const double *s, const double *t);
/* 1-norm of the symmetric tridiagonal matrix with diagonal d (n) and
 * off-diagonal e (n-1). */
double bench_tri_norm1(const double *d, const double *e, int n);
/* A tridiagonal T = Z diag(lam) Z^T (z column-major n x n): dstt21's
 * |T - Z D Z^T|_1 / (|T|_1 n ulp) into *res and |I - Z^T Z|_1 / (n ulp)
 * into *orth. */
void bench_tri_ratios(int n, const double *d, const double *e,
                      const double *lam, const double *z, double ulp,
                      double *res, double *orth);
/* count tridiagonal problems, packed (d0: n, e0: n-1 each): the largest
 * |lam - ref| of each against |T|_1 n ulp, worst over the batch; lam and
 * ref packed. */
double bench_tri_eig_ratio(int n, int64_t count, const double *d0,
                           const double *e0, const double *lam,
                           const double *ref, double ulp);
/* Sample s of ns spread evenly over 0..count-1. */
int64_t bench_sample_index(int64_t count, int s, int ns);
/* FNV-1a over the bits of doubles: h = bench_hash_mix(h, v), starting
 * from BENCH_HASH_INIT. */
#define BENCH_HASH_INIT 1469598103934665603ULL
uint64_t bench_hash_mix(uint64_t h, double v);

/* ---- the machine, for the report ----------------------------------------- */

/* First line of the output of a shell command, "" on failure. */
void bench_read_command(const char *cmd, char *out, size_t len);
/* Commit of the source tree asked from git at run time, else the one at
 * configure time; notes uncommitted changes in the library sources. */
void bench_git_commit(char *out, size_t len);
/* Model name of the first CPU with its family and model numbers: the name
 * alone can be as vague as "AMD EPYC" under a hypervisor. */
void bench_cpu_model(char *out, size_t len);
/* The 1-minute load average: other work on a shared machine shows here. */
double bench_load_average(void);
/* The file that provides symbol at run time (resolves alternatives). */
void bench_lapack_provider(char *out, size_t len, const char *symbol);
/* Best-of-5 copy bandwidth (bytes/s, read + write) of len doubles with the
 * given threads. */
double bench_copy_bandwidth(int threads, size_t len);
/* What a report names about the machine, read at the start: commit, CPU,
 * logical CPUs, the file providing lapack_symbol (NULL: none), the load
 * average and, when bw_len > 0, the copy bandwidth of bw_len doubles on
 * every CPU. */
typedef struct {
  char commit[200], cpu[300], provider[512];
  int procs;
  double load0, bw;
} bench_env;
void bench_env_read(bench_env *e, const char *lapack_symbol, size_t bw_len);
/* Scalar (non-SIMD) multiply-add throughput of one core, flops/s: eight
 * independent chains x = x * c + d, the shape of code that works on one
 * small problem at a time. Best of 5. */
double bench_scalar_peak(void);
/* The directory of the test data (tests/data of the source tree). */
const char *bench_data_dir(void);

/* ---- a family benchmark's main --------------------------------------------
 */

/* What its start needs: the program's name and default sizes (its usage
 * is made from them), the seed, reps and timing target (0: the shared
 * defaults), --quick's reps and target, the largest n accepted, the LAPACK
 * symbol whose provider the report names, and the length of the copy
 * bandwidth test. What bench_family_program adds, the report: whether
 * to measure the scalar peak, the head (bench_print_lapack_head's title
 * and lapack), the notes on the inputs (before the timing line: a printf
 * format of the seed as unsigned long long), on the cross-check (after
 * it: a format of BENCH_THRESH and samples) and on the tables' columns. */
typedef struct {
  const char *name, *sizes;
  uint64_t seed;
  int reps, quick_reps;
  double quick_target;
  int max_n;
  const char *lapack_symbol;
  size_t bw_len;
  int peak; /* measure the scalar peak and report it */
  const char *title, *lapack, *inputs, *checks, *columns;
  int samples;
} bench_family_main;
/* What bench_family_program prints of a family's tables: table, a job's
 * head; cells, the family's own columns of a group that passed (r, one
 * result), after the layout sides' (med: their medians). */
typedef struct {
  void (*table)(int job);
  void (*cells)(const void *r, int n, int threads, int job, const double *med,
                double peak1);
} bench_family_tables_fn;
/* Its start: the arguments initialized and parsed, --quick's reps and
 * target where the command line did not give them, every size checked
 * against max_n, OpenBLAS on one thread, the environment read
 * (bench_env_read) and, when peak1 is not NULL, the scalar peak measured.
 * 0, with the reason printed, when the command line is wrong. */
int bench_family_begin(const bench_family_main *m, int argc, char **argv,
                       bench_args *a, bench_env *e, double *peak1);
/* Every job 0..njobs-1 at every size of a at every thread count
 * (bench_run_threads), into res[size][job][thread], elements of elsize
 * bytes with BENCH_MAX_LIST thread slots. 0 when all passed, else 1. */
int bench_family_run(const bench_family *f, const bench_args *a, int njobs,
                     void *res, size_t elsize);

#define BENCH_LAYOUT_COLS 10 /* the layout sides', est. GFLOP/s, check */
/* Per job a table of res (bench_family_run's, njobs jobs, elements of
 * elsize bytes): its head, and a row per thread count (outer) and size
 * (inner), BENCH_LAYOUT_COLS columns. */
void bench_family_tables(const bench_family_tables_fn *fn, const bench_args *a,
                         const void *res, int njobs, size_t elsize,
                         double peak1);

/* A family timed on the layout sides (LAPACK, batchla column-major and
 * interleaved), every side in every batch. */
#define BENCH_LAYOUT_FAMILY(make, destroy, prepare, run, check, size)          \
  {                                                                            \
    bench_layout_side_names, BENCH_LAYOUT_SIDES, NULL, make, destroy, prepare, \
        run, check, size                                                       \
  }

/* A row of a layout table (LAPACK, batchla column-major, interleaved):
 * "| n | threads | batch | LAPACK us | col-major us | ratio | interleaved
 * us | ratio |", the sides' medians into med. When the group failed its
 * cross-check the row says MISMATCH over ncols columns, is closed, and the
 * result is 0; else the family prints its own columns and ends the row
 * with bench_layout_row_end. */
int bench_layout_row_begin(const bench_group *g, int n, int threads, int ncols,
                           double *med);
/* The row of a group that failed its cross-check: head (its first
 * cells, "| n | ..."), " | MISMATCH: <why> |" and ncols empty cells. */
void bench_mismatch_row(const char *head, const bench_group *g, int ncols);
/* " (not bit-identical)" where the layouts or thread counts disagreed in
 * a bit, then " |" and the newline. */
void bench_layout_row_end(const bench_group *g);

/* ---- report lines -------------------------------------------------------- */

/* "## title", then the command, commit, batchla version, build type,
 * flags and compiler. */
void bench_print_head(const char *title, const bench_args *a,
                      const bench_env *e);
/* The CPU line with the thread counts of the LAPACK comparisons. */
void bench_print_cpu_threads(const bench_env *e, const int *threads, int nt);
/* The load average at the start and now. */
void bench_print_load(const bench_env *e);
/* How a LAPACK comparison's cells are timed and what its ratio means. */
void bench_print_timing(const bench_args *a);
/* "### title" (when not NULL), then a markdown table's head row (a printf
 * format, without the newline) and its separator row, as many columns as
 * the head has: counted, so that the two never disagree. */
void bench_print_table(const char *title, const char *head, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* The closing line of the LAPACK comparisons. */
void bench_print_total(double t_start, int status);

/* The LAPACK side gets its parallelism from the OpenMP loop only: one
 * OpenBLAS thread, and the report says which OpenBLAS. */
static inline void bench_openblas_one_thread(void) {
#if defined(BENCH_HAVE_OPENBLAS) && BENCH_HAVE_OPENBLAS
  openblas_set_num_threads(1);
#endif
}
static inline void bench_print_openblas(void) {
#if defined(BENCH_HAVE_OPENBLAS) && BENCH_HAVE_OPENBLAS
  printf("- OpenBLAS: %s (1 OpenBLAS thread; parallel over problems)\n",
         openblas_get_config());
#endif
}

/* The opening lines of a LAPACK comparison: bench_print_head, the
 * OpenBLAS build, "- LAPACK: <lapack> from <the provider>", the CPU with
 * the thread counts and the load; then, with peak1 > 0, the scalar peak
 * and the copy bandwidth, with peak1 = 0 the copy bandwidth alone (< 0:
 * neither). Inline, as the OpenBLAS lines, to see the bench's own
 * BENCH_HAVE_OPENBLAS. */
static inline void bench_print_lapack_head(const char *title,
                                           const bench_args *a,
                                           const bench_env *e,
                                           const char *lapack, double peak1) {
  bench_print_head(title, a, e);
  bench_print_openblas();
  printf("- LAPACK: %s from %s\n", lapack, e->provider);
  bench_print_cpu_threads(e, a->threads, a->nt);
  bench_print_load(e);
  if (peak1 > 0)
    printf("- scalar (non-SIMD) multiply-add throughput of one core, "
           "measured: %.3g GFLOP/s; host copy bandwidth (read + write, %d "
           "threads, best of 5): %.3g GB/s\n",
           peak1 * 1e-9, e->procs, e->bw * 1e-9);
  else if (peak1 == 0)
    printf("- host copy bandwidth (read + write, %d threads, best of 5): "
           "%.3g GB/s\n",
           e->procs, e->bw * 1e-9);
}

/* A family benchmark's whole main: bench_family_begin, bench_family_run of
 * f into res (njobs jobs, elements of elsize bytes), and m's report with
 * fn's tables. The exit status. */
static inline int bench_family_program(const bench_family_main *m,
                                       const bench_family *f,
                                       const bench_family_tables_fn *fn,
                                       void *res, int njobs, size_t elsize,
                                       int argc, char **argv) {
  const double t_start = bench_now();
  bench_args a;
  bench_env e;
  double peak1 = 0;
  int status;
  /* Here, not in bench_family_begin: only the bench's own translation
   * unit sees BENCH_HAVE_OPENBLAS. */
  bench_openblas_one_thread();
  if (!bench_family_begin(m, argc, argv, &a, &e, m->peak ? &peak1 : NULL))
    return 2;
  status = bench_family_run(f, &a, njobs, res, elsize);
  bench_print_lapack_head(m->title, &a, &e, m->lapack, peak1);
  printf(m->inputs, (unsigned long long)a.seed);
  bench_print_timing(&a);
  printf(m->checks, BENCH_THRESH, m->samples);
  fputs(m->columns, stdout);
  bench_family_tables(fn, &a, res, njobs, elsize, peak1);
  bench_print_total(t_start, status);
  return status;
}

#ifdef __cplusplus
}
#endif

#endif /* BATCHLA_BENCH_COMMON_H */
