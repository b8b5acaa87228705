/* bench_steqr: per-problem time of batchla's host tridiagonal eigensolvers
 * against LAPACK (LAPACKE over the system LAPACK, normally OpenBLAS's)
 * looped with OpenMP over the same batch, as docs/PERFORMANCE.md reports
 * it, with the rules stated there.
 *
 *   bench_steqr [--quick] [--reps R] [--target S] [--n 4,8,...]
 *               [--threads 1,2,...] [--seed X]
 *
 * Defaults: n = 4, 8, 16, 32, 64, 128; 1 thread and all; 7 repetitions;
 * batches sized for about 0.15 s per LAPACK run (a few minutes in all on
 * two cores). --quick: 5 repetitions of about 0.01 s, for CI.
 *
 * Jobs: eigenvalues and eigenvectors (bla_dsteqr_batch, BLA_COMPZ_INIT vs
 * dsteqr('I')) and eigenvalues only (bla_dsterf_batch vs dsterf). batchla
 * runs on the column-major and on the interleaved layout. Every group is
 * cross-checked before it is timed; a group that fails the check prints
 * no timing and makes the program exit with status 1. The markdown report
 * goes to stdout, progress to stderr. */
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lapacke.h>
#include <omp.h>

#include "batchla/batchla.h"
#include "bench_common.h"

#define THRESH 50.0
#define MAX_REPS BENCH_MAX_REPS
#define MAX_LIST 16
#define SAMPLES 64 /* problems per group given the O(n^3) vector checks */

enum { JOB_VECTORS, JOB_VALUES, NJOBS };
enum { SIDE_LAPACK, SIDE_COL, SIDE_INT, NSIDES };

static const char *const side_name[NSIDES] = {"LAPACK", "batchla col-major",
                                              "batchla interleaved"};

typedef struct {
  int quick, reps, seed_set;
  double target; /* seconds per timed LAPACK run */
  uint64_t seed;
  int nn, sizes[MAX_LIST];
  int nt, threads[MAX_LIST];
} options;

/* One batch and its scratch. Inputs d0, e0 are packed (problem after
 * problem); d, e, z hold the layout of the side being run. */
typedef struct {
  int n, threads, job;
  bla_index count;
  double *d0, *e0, *d, *e, *z, *lap_d, *work;
  int *info;
} batch;

typedef struct {
  int ok, checked;
  double eig, res, orth; /* worst ratios, against THRESH */
  int identical;         /* col-major and interleaved bit-identical */
  int identical_threads; /* same bits as the first thread count */
  double t[NSIDES][MAX_REPS];
  int reps;
  bla_index count;
  char why[160];
} result;

/* ---- flop and byte counts (estimates, see docs/PERFORMANCE.md) ------- */

/* With vectors: about two implicit QL sweeps per eigenvalue, each
 * rotation updating two length-n columns of Z (6n flops): 6 n^3. */
static double flops_vectors(int n) {
  return 6.0 * n * n * n;
}
/* Values only (Pal-Walker-Kahan): about 12 flops, 3 of them divisions, per
 * rotation, two sweeps per eigenvalue: 12 n^2. */
static double flops_values(int n) {
  return 12.0 * n * n;
}
/* Compulsory traffic: read d, e; write d (and z). */
static double bytes_problem(int n, int job) {
  double b = 8.0 * (3.0 * n - 1.0);
  return job == JOB_VECTORS ? b + 8.0 * n * n : b;
}

/* ---- the batch: generation, layouts, runs ------------------------------ */

static bla_index ne_of(int n) {
  return n > 0 ? n - 1 : 0;
}

static void batch_alloc(batch *b, int n, int job, int threads,
                        bla_index count) {
  size_t c = (size_t)count, nn = (size_t)n, ne = (size_t)ne_of(n);
  size_t lw = ne > 0 ? 2 * ne : 1;
  b->n = n;
  b->job = job;
  b->threads = threads;
  b->count = count;
  b->d0 = bench_xmalloc(c * nn * sizeof(double));
  b->e0 = bench_xmalloc(c * (ne ? ne : 1) * sizeof(double));
  b->d = bench_xmalloc(c * nn * sizeof(double));
  b->e = bench_xmalloc(c * (ne ? ne : 1) * sizeof(double));
  b->lap_d = bench_xmalloc(c * nn * sizeof(double));
  b->z = job == JOB_VECTORS ? bench_xmalloc(c * nn * nn * sizeof(double)) : NULL;
  b->work = bench_xmalloc((size_t)threads * lw * sizeof(double));
  b->info = bench_xmalloc(c * sizeof(int));
}

static void batch_free(batch *b) {
  free(b->d0);
  free(b->e0);
  free(b->d);
  free(b->e);
  free(b->lap_d);
  free(b->z);
  free(b->work);
  free(b->info);
  memset(b, 0, sizeof *b);
}

/* Problem p takes the p-th slice of one stream: a longer batch extends a
 * shorter one with the same seed, which the thread-count check relies on. */
static void batch_generate(batch *b, uint64_t seed) {
  uint64_t s = seed;
  bla_index ne = ne_of(b->n);
  for (bla_index p = 0; p < b->count; ++p) {
    for (int i = 0; i < b->n; ++i)
      b->d0[p * b->n + i] = bench_rng_unif(&s);
    for (bla_index i = 0; i < ne; ++i)
      b->e0[p * ne + i] = bench_rng_unif(&s);
  }
}

/* Inputs into the side's layout (untimed). */
static void batch_prepare(batch *b, int side) {
  const bla_index c = b->count, n = b->n, ne = ne_of(b->n);
  if (side != SIDE_INT) {
    memcpy(b->d, b->d0, (size_t)(c * n) * sizeof(double));
    memcpy(b->e, b->e0, (size_t)(c * ne) * sizeof(double));
    return;
  }
  for (bla_index p = 0; p < c; ++p) {
    for (bla_index i = 0; i < n; ++i)
      b->d[p + i * c] = b->d0[p * n + i];
    for (bla_index i = 0; i < ne; ++i)
      b->e[p + i * c] = b->e0[p * ne + i];
  }
}

/* The timed part: returns the number of failed problems, or -1 when the
 * batch driver itself refused. */
static long batch_run(batch *b, int side) {
  const bla_index c = b->count, n = b->n, ne = ne_of(b->n);
  const int vectors = b->job == JOB_VECTORS;
  long bad = 0;
  if (side == SIDE_LAPACK) {
    const size_t lw = ne > 0 ? 2 * (size_t)ne : 1;
    double *d = b->d, *e = b->e, *z = b->z, *work = b->work;
    const lapack_int ln = (lapack_int)n;
#pragma omp parallel for num_threads(b->threads) schedule(static)             \
    reduction(+ : bad)
    for (bla_index p = 0; p < c; ++p) {
      lapack_int info;
      if (vectors)
        info = LAPACKE_dsteqr_work(LAPACK_COL_MAJOR, 'I', ln, d + p * n,
                                   e + p * ne, z + p * n * n, ln,
                                   work + lw * (size_t)omp_get_thread_num());
      else
        info = LAPACKE_dsterf_work(ln, d + p * n, e + p * ne);
      bad += info != 0;
    }
    return bad;
  }
  {
    bla_exec ex;
    bla_status st;
    bla_dvec_batch dv, ev;
    bla_dmat_batch zv;
    ex.backend = BLA_HOST;
    ex.threads = b->threads;
    ex.stream = NULL;
    if (side == SIDE_COL) {
      dv = bla_dvec_batch_packed(b->d, c, n);
      ev = bla_dvec_batch_packed(b->e, c, ne);
      zv = bla_dmat_batch_colmajor(b->z, c, n, n, n);
    } else {
      dv = bla_dvec_batch_interleaved(b->d, c, n);
      ev = bla_dvec_batch_interleaved(b->e, c, ne);
      zv = bla_dmat_batch_interleaved(b->z, c, n, n);
    }
    st = vectors ? bla_dsteqr_batch(BLA_COMPZ_INIT, dv, ev, zv, b->info, &ex)
                 : bla_dsterf_batch(dv, ev, b->info, &ex);
    if (st != BLA_OK)
      return -1;
  }
  for (bla_index p = 0; p < c; ++p)
    bad += b->info[p] != 0;
  return bad;
}

/* Output element access in any side's layout. */
static double out_d(const batch *b, int side, bla_index p, bla_index i) {
  return side == SIDE_INT ? b->d[p + i * b->count] : b->d[p * b->n + i];
}

static double out_z(const batch *b, int side, bla_index p, bla_index i,
                    bla_index j) {
  const bla_index c = b->count, n = b->n;
  return side == SIDE_INT ? b->z[p + i * c + j * c * n]
                          : b->z[p * n * n + i + j * n];
}

/* ---- cross-check (LAPACK's test ratios, THRESH = 50) ----------------- */

static double tri_norm1(const double *d, const double *e, int n) {
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

/* |T - Z D Z^T|_1 / (|T|_1 n ulp) and |I - Z^T Z|_1 / (n ulp) of problem p;
 * zp (n*n) and lam (n) are scratch. */
static void vector_ratios(const batch *b, int side, bla_index p, double *zp,
                          double *lam, double *res, double *orth) {
  const int n = b->n;
  const double *d0 = b->d0 + p * n, *e0 = b->e0 + p * ne_of(n);
  const double ulp = DBL_EPSILON;
  double tn = tri_norm1(d0, e0, n), rmax = 0, omax = 0;
  for (int i = 0; i < n; ++i) {
    lam[i] = out_d(b, side, p, i);
    for (int j = 0; j < n; ++j)
      zp[i + j * n] = out_z(b, side, p, i, j);
  }
  for (int j = 0; j < n; ++j) {
    double rs = 0, os = 0;
    for (int i = 0; i < n; ++i) {
      double t = 0, r = 0, o = 0;
      if (i == j)
        t = d0[i];
      else if (i == j + 1)
        t = e0[j];
      else if (j == i + 1)
        t = e0[i];
      for (int k = 0; k < n; ++k) {
        r += zp[i + k * n] * lam[k] * zp[j + k * n];
        o += zp[k + i * n] * zp[k + j * n];
      }
      rs += fabs(t - r);
      os += fabs((i == j ? 1.0 : 0.0) - o);
    }
    rmax = rs > rmax ? rs : rmax;
    omax = os > omax ? os : omax;
  }
  *res = tn > 0 ? rmax / (tn * n * ulp) : rmax / (n * ulp);
  *orth = omax / (n * ulp);
}

/* FNV-1a over the outputs of problems 0..k-1 in logical order. */
static uint64_t output_hash(const batch *b, int side, bla_index k) {
  uint64_t h = 1469598103934665603ULL;
  for (bla_index p = 0; p < k; ++p) {
    for (int i = 0; i < b->n; ++i) {
      double v = out_d(b, side, p, i);
      uint64_t u;
      memcpy(&u, &v, sizeof u);
      h = (h ^ u) * 1099511628211ULL;
    }
    if (b->job == JOB_VECTORS)
      for (int j = 0; j < b->n; ++j)
        for (int i = 0; i < b->n; ++i) {
          double v = out_z(b, side, p, i, j);
          uint64_t u;
          memcpy(&u, &v, sizeof u);
          h = (h ^ u) * 1099511628211ULL;
        }
  }
  return h;
}

/* Sample s of SAMPLES, spread over the batch, first and last included. */
static bla_index sample_index(bla_index count, int s, int ns) {
  return ns > 1 ? (bla_index)((double)s * (double)(count - 1) / (ns - 1)) : 0;
}

static void fail(result *r, const char *fmt, const char *what, double v) {
  if (r->ok)
    snprintf(r->why, sizeof r->why, fmt, what, v);
  r->ok = 0;
}

/* Runs every side once (which also warms caches and the thread pool) and
 * compares it with LAPACK. Sets the hash of the first k1 problems. */
static void cross_check(batch *b, result *r, bla_index k1, uint64_t *hash) {
  const int n = b->n, ns = b->count < SAMPLES ? (int)b->count : SAMPLES;
  const double ulp = DBL_EPSILON;
  double *zp = bench_xmalloc((size_t)n * n * sizeof(double));
  double *lam = bench_xmalloc((size_t)n * sizeof(double));
  uint64_t hcol = 0;
  r->ok = 1;
  r->checked = 1;
  r->eig = r->res = r->orth = 0;
  for (int side = 0; side < NSIDES; ++side) {
    long bad;
    batch_prepare(b, side);
    bad = batch_run(b, side);
    if (bad != 0) {
      fail(r, "%s: %g problems failed or the driver refused", side_name[side],
           (double)bad);
      break;
    }
    if (side == SIDE_LAPACK) {
      memcpy(b->lap_d, b->d, (size_t)(b->count * n) * sizeof(double));
    } else {
      for (bla_index p = 0; p < b->count; ++p) {
        const double tn = tri_norm1(b->d0 + p * n, b->e0 + p * ne_of(n), n);
        double worst = 0;
        for (int i = 0; i < n; ++i) {
          double diff = fabs(out_d(b, side, p, i) - b->lap_d[p * n + i]);
          worst = diff > worst ? diff : worst;
        }
        /* NaN-safe: a NaN ratio fails the !(x < THRESH) test below. */
        worst = worst / ((tn > 0 ? tn : 1) * n * ulp);
        if (!(worst <= r->eig))
          r->eig = worst;
      }
      if (!(r->eig < THRESH))
        fail(r, "%s: eigenvalue ratio %.3g", side_name[side], r->eig);
    }
    if (b->job == JOB_VECTORS)
      for (int s = 0; s < ns; ++s) {
        double res, orth;
        vector_ratios(b, side, sample_index(b->count, s, ns), zp, lam, &res,
                      &orth);
        if (!(res <= r->res))
          r->res = res;
        if (!(orth <= r->orth))
          r->orth = orth;
      }
    if (!(r->res < THRESH) || !(r->orth < THRESH))
      fail(r, "%s: residual or orthogonality ratio %.3g", side_name[side],
           r->res > r->orth ? r->res : r->orth);
    if (side == SIDE_COL)
      hcol = output_hash(b, side, b->count);
    if (side == SIDE_INT)
      r->identical = hcol == output_hash(b, side, b->count);
  }
  if (r->ok) {
    /* The interleaved outputs are still in place; the first k1 problems
     * are the same matrices for every thread count. */
    uint64_t h = output_hash(b, SIDE_INT, k1);
    if (*hash == 0)
      *hash = h;
    r->identical_threads = *hash == h;
  }
  free(zp);
  free(lam);
}

/* Smallest batch whose LAPACK run takes at least the target time, within
 * the memory cap. */
static bla_index calibrate(int n, int job, int threads, double target,
                           uint64_t seed, bla_index floor) {
  const double cap = 768.0 * 1024 * 1024;
  const double per = 8.0 * (3.0 * n + 2.0 * ne_of(n)) +
                     (job == JOB_VECTORS ? 8.0 * n * n : 0) + sizeof(int);
  const bla_index maxc = (bla_index)(cap / per);
  bla_index count = 8 * threads;
  double t = 0;
  for (;;) {
    batch b;
    double t0;
    batch_alloc(&b, n, job, threads, count);
    batch_generate(&b, seed);
    batch_prepare(&b, SIDE_LAPACK);
    batch_run(&b, SIDE_LAPACK); /* warm */
    /* Best of two: one slow run must not shrink the batch. */
    for (int k = 0; k < 2; ++k) {
      double tk;
      batch_prepare(&b, SIDE_LAPACK);
      t0 = bench_now();
      batch_run(&b, SIDE_LAPACK);
      tk = bench_now() - t0;
      t = k == 0 || tk < t ? tk : t;
    }
    batch_free(&b);
    if (t >= target / 4 || count >= maxc)
      break;
    count = count * 4 < maxc ? count * 4 : maxc;
  }
  if (t > 0)
    count = (bla_index)((double)count * target / t);
  if (count > maxc)
    count = maxc;
  if (count < 8 * threads)
    count = 8 * threads;
  return count < floor ? floor : count;
}

static void time_group(batch *b, result *r, int reps) {
  r->reps = reps;
  for (int k = 0; k < reps; ++k)
    /* Rotate which side runs first. */
    for (int j = 0; j < NSIDES; ++j) {
      int side = (k + j) % NSIDES;
      double t0;
      long bad;
      batch_prepare(b, side);
      t0 = bench_now();
      bad = batch_run(b, side);
      r->t[side][k] = bench_now() - t0;
      if (bad != 0)
        fail(r, "%s: %g problems failed while timing", side_name[side],
             (double)bad);
    }
}

/* ---- the report -------------------------------------------------------- */

static void print_row(const result *r, int n, int threads, int job) {
  double med[NSIDES], spr[NSIDES], lo[NSIDES], hi[NSIDES];
  char cell[NSIDES][48], ratio[NSIDES][48];
  if (!r->ok) {
    printf("| %d | %d | %lld | MISMATCH: %s | | | | | |\n", n, threads,
           (long long)r->count, r->why);
    return;
  }
  for (int s = 0; s < NSIDES; ++s) {
    double v[MAX_REPS], us;
    char num[32];
    for (int k = 0; k < r->reps; ++k)
      v[k] = r->t[s][k] / (double)r->count * 1e6;
    med[s] = bench_median(v, r->reps);
    spr[s] = (bench_vmax(v, r->reps) - bench_vmin(v, r->reps)) / med[s];
    us = med[s];
    bench_fmt_val(num, sizeof num, us, spr[s]);
    snprintf(cell[s], sizeof cell[s], "%s (%.0f%%)", num, 100 * spr[s]);
    if (s != SIDE_LAPACK) {
      /* Range of the per-repetition ratios, same repetition paired. */
      lo[s] = hi[s] = r->t[s][0] / r->t[SIDE_LAPACK][0];
      for (int k = 1; k < r->reps; ++k) {
        double q = r->t[s][k] / r->t[SIDE_LAPACK][k];
        lo[s] = q < lo[s] ? q : lo[s];
        hi[s] = q > hi[s] ? q : hi[s];
      }
      bench_fmt_val(num, sizeof num, med[s] / med[SIDE_LAPACK],
              (hi[s] - lo[s]) / (med[s] / med[SIDE_LAPACK]));
      snprintf(ratio[s], sizeof ratio[s], "%s (%.2f-%.2f)", num, lo[s], hi[s]);
    }
  }
  {
    double fl = job == JOB_VECTORS ? flops_vectors(n) : flops_values(n);
    double gf = fl / (med[SIDE_COL] * 1e-6) * 1e-9;
    double gb = bytes_problem(n, job) / (med[SIDE_COL] * 1e-6) * 1e-9;
    char chk[48];
    if (job == JOB_VECTORS)
      snprintf(chk, sizeof chk, "%.2g / %.2g / %.2g", r->eig, r->res, r->orth);
    else
      snprintf(chk, sizeof chk, "%.2g", r->eig);
    printf("| %d | %d | %lld | %s | %s | %s | %s | %s | %.2g / %.2g | %s%s "
           "|\n",
           n, threads, (long long)r->count, cell[SIDE_LAPACK], cell[SIDE_COL],
           ratio[SIDE_COL], cell[SIDE_INT], ratio[SIDE_INT], gf, gb, chk,
           r->identical && r->identical_threads ? "" : " (not bit-identical)");
  }
}

static void usage(void) {
  fprintf(stderr, "usage: bench_steqr [--quick] [--reps R] [--target SECONDS]\n"
                  "                   [--n 4,8,16,32,64,128] [--threads 1,2]\n"
                  "                   [--seed X]\n");
}

int main(int argc, char **argv) {
  options o;
  char cmdline[1024] = "", commit[160], cpu[400], provider[512];
  int procs = omp_get_num_procs(), status = 0;
  static result res[MAX_LIST][NJOBS][MAX_LIST];
  double bw, load0, t_start = bench_now();

  bench_set_name("bench_steqr");
  memset(&o, 0, sizeof o);
  o.reps = 0; /* 7, or 5 with --quick */
  o.target = 0.15;
  o.seed = 20240607;
  o.nn = bench_parse_list("4,8,16,32,64,128", o.sizes, MAX_LIST, 1);
  o.threads[0] = 1;
  o.threads[1] = procs;
  o.nt = procs > 1 ? 2 : 1;
  for (int i = 1; i < argc; ++i) {
    const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    bench_cmdline_append(cmdline, sizeof cmdline, a);
    if (!strcmp(a, "--quick")) {
      o.quick = 1;
    } else if (v && !strcmp(a, "--n")) {
      o.nn = bench_parse_list(v, o.sizes, MAX_LIST, 1);
    } else if (!bench_common_option(a, v, &o.reps, &o.target, &o.seed,
                                    o.threads, &o.nt, MAX_LIST)) {
      usage();
      return 2;
    }
    if (strcmp(a, "--quick")) {
      bench_cmdline_append(cmdline, sizeof cmdline, v);
      ++i;
    }
  }
  if (o.quick && o.target == 0.15)
    o.target = 0.01;
  if (o.reps == 0)
    o.reps = o.quick ? 5 : 7;
  if (o.nn < 1 || o.nt < 1 || o.reps < 5 || o.reps > MAX_REPS ||
      !(o.target > 0)) {
    fprintf(stderr,
            "bench_steqr: need n and thread lists, 5 <= reps <= %d "
            "and target > 0\n",
            MAX_REPS);
    usage();
    return 2;
  }
  for (int i = 0; i < o.nn; ++i)
    if (o.sizes[i] < 2) {
      fprintf(stderr, "bench_steqr: n must be at least 2\n");
      return 2;
    }

#if BENCH_HAVE_OPENBLAS
  /* The LAPACK side gets its parallelism from the OpenMP loop only. */
  openblas_set_num_threads(1);
#endif
  bench_git_commit(commit, sizeof commit, BENCH_SOURCE_DIR, BENCH_GIT_COMMIT,
                   1);
  bench_cpu_model(cpu, sizeof cpu, 1);
  bench_lapack_provider(provider, sizeof provider, "dsteqr_");
  load0 = bench_load_average();
  fprintf(stderr, "bench_steqr: measuring copy bandwidth\n");
  bw = bench_copy_bandwidth(procs, (size_t)32 << 20);

  for (int job = 0; job < NJOBS; ++job)
    for (int in = 0; in < o.nn; ++in) {
      uint64_t hash = 0;
      bla_index k1 = 0;
      for (int it = 0; it < o.nt; ++it) {
        const int n = o.sizes[in], th = o.threads[it];
        result *r = &res[in][job][it];
        batch b;
        bla_index count =
            calibrate(n, job, th, o.target, o.seed, it > 0 ? k1 : 0);
        if (it == 0)
          k1 = count;
        fprintf(stderr, "bench_steqr: %s n=%d threads=%d batch=%lld\n",
                job == JOB_VECTORS ? "dsteqr" : "dsterf", n, th,
                (long long)count);
        batch_alloc(&b, n, job, th, count);
        batch_generate(&b, o.seed);
        r->count = count;
        cross_check(&b, r, k1, &hash);
        if (r->ok)
          time_group(&b, r, o.reps);
        if (!r->ok) {
          fprintf(stderr, "bench_steqr: MISMATCH, no timing: %s\n", r->why);
          status = 1;
        }
        batch_free(&b);
      }
    }

  printf("## Host: batchla vs LAPACK, symmetric tridiagonal eigenproblems\n\n");
  bench_print_build("bench_steqr", cmdline, commit, BENCH_BUILD_TYPE,
                    BENCH_LIB_FLAGS, BENCH_C_FLAGS);
#if BENCH_HAVE_OPENBLAS
  printf("- OpenBLAS: %s (1 OpenBLAS thread; parallel over problems)\n",
         openblas_get_config());
#endif
  printf("- LAPACK: LAPACKE `dsteqr_work('I')` / `dsterf_work`, `dsteqr_` "
         "from %s\n",
         provider);
  bench_print_cpu_threads(cpu, procs, o.threads, o.nt);
  printf("- 1-minute load average at start %.2f, at end %.2f (at start, "
         "anything well above 0 is other work on the machine)\n",
         load0, bench_load_average());
  printf("- host copy bandwidth (read + write, %d threads, best of 5): "
         "%.3g GB/s\n",
         procs, bw * 1e-9);
  printf("- matrices: random symmetric tridiagonal, d and e uniform(-1, 1), "
         "splitmix64 seed %llu\n",
         (unsigned long long)o.seed);
  printf("- %d repetitions per cell, the side that runs first rotates; "
         "time per problem in microseconds, median (spread = (max - "
         "min) / median); ratio = batchla / LAPACK median time (paired "
         "per-repetition range); batch sized for about %.2g s per LAPACK "
         "run\n",
         o.reps, o.target);
  printf("- cross-check before timing (THRESH = %.0f): eigenvalues vs "
         "LAPACK's over the whole batch, |T - Z D Z^T|_1 / (|T|_1 n ulp) "
         "and |I - Z^T Z|_1 / (n ulp) on %d sampled problems per side\n",
         THRESH, SAMPLES);
  printf("- est. GFLOP/s and GB/s of batchla col-major: flops per problem "
         "6n^3 (vectors) or 12n^2 (values), an estimate; compulsory bytes "
         "8(3n-1) + 8n^2 (vectors) or 8(3n-1) (values)\n\n");
  for (int job = 0; job < NJOBS; ++job) {
    printf("### %s\n\n",
           job == JOB_VECTORS
               ? "Eigenvalues and eigenvectors: bla_dsteqr_batch(INIT) vs "
                 "dsteqr('I')"
               : "Eigenvalues only: bla_dsterf_batch vs dsterf");
    printf("| n | threads | batch | LAPACK us | batchla col-major us | ratio "
           "| batchla interleaved us | ratio | est. GFLOP/s / GB/s | check "
           "%s |\n",
           job == JOB_VECTORS ? "(eig / res / orth)" : "(eig)");
    printf("|---|---|---|---|---|---|---|---|---|---|\n");
    for (int it = 0; it < o.nt; ++it)
      for (int in = 0; in < o.nn; ++in)
        print_row(&res[in][job][it], o.sizes[in], o.threads[it], job);
    printf("\n");
  }
  bench_print_total(t_start, status);
  return status;
}
