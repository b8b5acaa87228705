/* bench_common: see bench_common.h. */
#define _GNU_SOURCE /* popen, dladdr, clock_gettime */
#include "bench_common.h"

#include <dlfcn.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "batchla/batchla.h"

static const char *bench_name = "bench";

void bench_set_name(const char *name) {
  bench_name = name;
}

/* ---- small utilities ---------------------------------------------------- */

double bench_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

void *bench_xmalloc(size_t bytes) {
  void *p = malloc(bytes ? bytes : 1);
  if (!p) {
    fprintf(stderr, "%s: out of memory (%zu bytes)\n", bench_name, bytes);
    exit(2);
  }
  return p;
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

int bench_common_option(const char *a, const char *v, int *reps,
                        double *target, uint64_t *seed, int *threads,
                        int *nt, int max) {
  if (!v)
    return 0;
  if (!strcmp(a, "--reps"))
    *reps = atoi(v);
  else if (!strcmp(a, "--target"))
    *target = atof(v);
  else if (!strcmp(a, "--seed"))
    *seed = strtoull(v, NULL, 0);
  else if (!strcmp(a, "--threads"))
    *nt = bench_parse_list(v, threads, max, 1);
  else
    return 0;
  return 1;
}

void bench_cmdline_append(char *buf, size_t len, const char *arg) {
  size_t used = strlen(buf);
  snprintf(buf + used, len - used, " %s", arg);
}

void bench_fmt_val(char *buf, size_t len, double v, double spread) {
  const int sig = spread < 0.01 ? 3 : 2;
  const int mag = v > 0 ? (int)floor(log10(v)) : 0;
  const int dec = sig - 1 - mag;
  snprintf(buf, len, "%.*f", dec > 0 ? dec : 0, v);
}

/* ---- environment for the report ----------------------------------------- */

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

void bench_git_commit(char *out, size_t len, const char *source_dir,
                      const char *fallback, int check_dirty) {
  char cmd[1200];
  snprintf(cmd, sizeof cmd, "git -C '%s' rev-parse HEAD 2>/dev/null",
           source_dir);
  bench_read_command(cmd, out, len);
  if (!out[0]) {
    snprintf(out, len, "%s", fallback);
  } else if (check_dirty) {
    /* A read-only query (no index refresh) for uncommitted library code. */
    char dirty[256];
    snprintf(cmd, sizeof cmd,
             "git --no-optional-locks -C '%s' status --porcelain "
             "--untracked-files=no -- src include cmake CMakeLists.txt "
             "2>/dev/null",
             source_dir);
    bench_read_command(cmd, dirty, sizeof dirty);
    if (dirty[0])
      strncat(out, " + uncommitted changes in the library sources",
              len - strlen(out) - 1);
  }
}

void bench_cpu_model(char *out, size_t len, int with_family) {
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
  if (with_family)
    snprintf(out, len, "%s (family %s, model %s)", name, fam, mod);
  else
    snprintf(out, len, "%s", name);
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

/* ---- report lines ------------------------------------------------------- */

void bench_print_build(const char *prog, const char *cmdline,
                       const char *commit, const char *build_type,
                       const char *lib_flags, const char *c_flags) {
  printf("- command: `%s%s`\n", prog, cmdline);
  printf("- commit: %s\n", commit[0] ? commit : "unknown");
  printf("- batchla %s, build type %s; library flags: %s\n", bla_version(),
         build_type, lib_flags);
#if defined(__GNUC__) && !defined(__clang__)
  printf("- compiler: gcc %s; bench flags: %s\n", __VERSION__, c_flags);
#else
  printf("- compiler: %s; bench flags: %s\n", __VERSION__, c_flags);
#endif
}

void bench_print_cpu_threads(const char *cpu, int procs, const int *threads,
                             int nt) {
  printf("- CPU: %s, %d logical CPUs; threads: ", cpu, procs);
  for (int it = 0; it < nt; ++it)
    printf("%s%d", it ? ", " : "", threads[it]);
  printf(" (exec.threads for batchla, num_threads for the LAPACK loop)\n");
}

void bench_print_total(double t_start, int status) {
  printf("Total bench time %.0f s.%s\n\n", bench_now() - t_start,
         status ? " Some groups failed the cross-check: no timing for them."
                : "");
}
