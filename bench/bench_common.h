/* bench_common: harness code shared by the host benchmarks (bench_steqr,
 * bench_schur, bench_cholesky, bench_bessel): timing, statistics over the
 * repetitions, option lists, the environment shown in the reports and the
 * report lines every program prints. Plain C11; the host benches link it
 * as the static library batchla_bench_common. */
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
int bench_common_option(const char *a, const char *v, int *reps,
                        double *target, uint64_t *seed, int *threads,
                        int *nt, int max);
/* Appends " arg" to the command line shown in the report. */
void bench_cmdline_append(char *buf, size_t len, const char *arg);

/* Two significant figures unless the spread allows three. */
void bench_fmt_val(char *buf, size_t len, double v, double spread);

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
