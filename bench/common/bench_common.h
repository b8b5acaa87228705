/* bench_common: harness code shared by the benchmarks (bench_steqr,
 * bench_schur, bench_cholesky, bench_bessel, bench_qz, bench_qz_gpu):
 * timing, statistics over the repetitions, option lists, the LAPACK
 * test-suite ratios of the cross-checks, the environment shown in the
 * reports and the report lines every program prints. Plain C11; the
 * benches link it as the static library batchla_bench_common. */
#ifndef BATCHLA_BENCH_COMMON_H
#define BATCHLA_BENCH_COMMON_H

#include <stddef.h>
#include <stdint.h>

/* What the reports name; the build system normally defines these. */
#ifndef BENCH_GIT_COMMIT
#define BENCH_GIT_COMMIT "unknown"
#endif
#ifndef BENCH_SOURCE_DIR
#define BENCH_SOURCE_DIR "."
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

#if defined(BENCH_HAVE_OPENBLAS) && BENCH_HAVE_OPENBLAS
/* Declared here rather than through cblas.h, whose location varies. */
char *openblas_get_config(void);
void openblas_set_num_threads(int num_threads);
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Most repetitions bench_median and bench_spread accept. */
#define BENCH_MAX_REPS 64

/* The program name used in error messages (default "bench"). */
void bench_set_name(const char *name);

/* ---- small utilities ---------------------------------------------------- */

/* Monotonic wall clock, seconds. */
double bench_now(void);
/* malloc that exits with status 2 on failure. */
void *bench_xmalloc(size_t bytes);

/* splitmix64: a fixed, portable stream, so every run sees the same
 * inputs whatever the C library. */
uint64_t bench_rng_next(uint64_t *s);
/* Uniform on (-1, 1), LAPACK dlarnv's idist = 2. */
double bench_rng_unif(uint64_t *s);

/* qsort comparison of doubles, ascending. */
int bench_cmp_double(const void *a, const void *b);
/* Statistics over k <= BENCH_MAX_REPS repetitions. */
double bench_median(const double *x, int k);
double bench_vmin(const double *x, int k);
double bench_vmax(const double *x, int k);
/* (max - min) / median. */
double bench_spread(const double *x, int k);

/* Comma-separated list of integers in lo..100000 into out (at most max);
 * returns the count, or -1 on a malformed list. */
int bench_parse_list(const char *s, int *out, int max, int lo);
/* The options every host bench takes with a value: --reps R, --target S,
 * --seed X and --threads 1,2,... (at most max entries). Returns 1 when a
 * is one of them and v is its value, else 0 (nothing is changed). */
int bench_common_option(const char *a, const char *v, int *reps, double *target,
                        uint64_t *seed, int *threads, int *nt, int max);
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
  BENCH_OPT_FUNC    /* parse(v, value) returns 1 when v is valid */
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

/* Two significant figures unless the spread allows three. */
void bench_fmt_val(char *buf, size_t len, double v, double spread);
/* "median (spread%)" of the time per problem in microseconds of reps runs
 * of count problems each (t in seconds); returns the median. */
double bench_time_cell(char *buf, size_t len, const double *t, int reps,
                       double count);
/* med(num) / med(den) with the range of the paired per-repetition
 * quotients num[k] / den[k]: "q (lo-hi)". */
void bench_ratio_cell(char *buf, size_t len, const double *num,
                      const double *den, int reps);

/* ---- running and timing the sides of a comparison ------------------------ */

/* The sides of one batch: prepare (untimed: inputs into the side's layout)
 * then run (timed), which returns the number of failed problems, or a
 * negative number when the driver refused the call. */
typedef struct {
  void *ctx;
  void (*prepare)(void *ctx, int side);
  long (*run)(void *ctx, int side);
} bench_runner;

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
/* Sample s of ns spread evenly over 0..count-1. */
int64_t bench_sample_index(int64_t count, int s, int ns);
/* FNV-1a over the bits of doubles: h = bench_hash_mix(h, v), starting
 * from BENCH_HASH_INIT. */
#define BENCH_HASH_INIT 1469598103934665603ULL
uint64_t bench_hash_mix(uint64_t h, double v);

/* ---- environment for the report ----------------------------------------- */

/* First line of the output of a shell command, "" on failure. */
void bench_read_command(const char *cmd, char *out, size_t len);
/* Commit of source_dir asked from git at run time, else fallback. With
 * check_dirty, notes uncommitted changes in the library sources. */
void bench_git_commit(char *out, size_t len, const char *source_dir,
                      const char *fallback, int check_dirty);
/* Model name of the first CPU; with_family adds its family and model
 * numbers: the name alone can be as vague as "AMD EPYC" under a
 * hypervisor. */
void bench_cpu_model(char *out, size_t len, int with_family);
/* The 1-minute load average: other work on a shared machine shows here. */
double bench_load_average(void);
/* The file that provides symbol at run time (resolves alternatives). */
void bench_lapack_provider(char *out, size_t len, const char *symbol);
/* Best-of-5 copy bandwidth (bytes/s, read + write) of len doubles with the
 * given threads. */
double bench_copy_bandwidth(int threads, size_t len);
/* What a host report names about the machine, read at the start: commit
 * (uncommitted library changes noted), CPU with family and model, the file
 * providing lapack_symbol, the load average and the copy bandwidth of
 * bw_len doubles on procs threads. */
typedef struct {
  char commit[160], cpu[256], provider[512];
  double load0, bw;
} bench_env;
void bench_env_read(bench_env *e, const char *source_dir,
                    const char *fallback_commit, const char *lapack_symbol,
                    int procs, size_t bw_len);
/* Scalar (non-SIMD) multiply-add throughput of one core, flops/s: eight
 * independent chains x = x * c + d, the shape of code that works on one
 * small problem at a time. Best of 5. */
double bench_scalar_peak(void);

/* ---- report lines ------------------------------------------------------- */

/* The command, commit, batchla version, build type, flags and compiler. */
void bench_print_build(const char *prog, const char *cmdline,
                       const char *commit, const char *build_type,
                       const char *lib_flags, const char *c_flags);
/* The CPU line with the thread counts of the LAPACK comparisons. */
void bench_print_cpu_threads(const char *cpu, int procs, const int *threads,
                             int nt);
/* The closing line of the LAPACK comparisons. */
void bench_print_total(double t_start, int status);

#ifdef __cplusplus
}
#endif

#endif /* BATCHLA_BENCH_COMMON_H */
