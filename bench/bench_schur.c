/* bench_schur: per-problem time of batchla's host real Schur decomposition
 * (bla_dschur_batch) against LAPACK's dgees (LAPACKE_dgees_work, no
 * sorting, over the system LAPACK, normally OpenBLAS's) looped with OpenMP
 * over the same batch, as docs/PERFORMANCE.md reports it (rules:
 * docs/MEASURING.md).
 *
 *   bench_schur [--quick] [--reps R] [--target S] [--n 4,8,...]
 *               [--threads 1,2,...] [--seed X]
 *
 * Jobs: Schur form and vectors (z given; dgees jobvs = 'V') and Schur form
 * only (z NULL; jobvs = 'N'). batchla runs on the column-major and on the
 * interleaved layout. Inputs: random matrices, entries uniform in (-1, 1).
 * Every group is cross-checked before it is timed: eigenvalues of every
 * side against a reference (dgees + dtrevc + dtrsna) as multisets, within
 * THRESH ulp |A|_F / s for each eigenvalue's reciprocal condition number
 * s, and dhst01's ratios |A - Z T Z^T| / (|A| n ulp), |I - Z Z^T| / (n ulp)
 * on sampled problems. A group that fails prints no timing and makes the
 * program exit with status 1. The markdown report goes to stdout, progress
 * to stderr. */
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
#define SAMPLES 32 /* problems per side for the O(n^3) residual checks */

enum { JOB_VECTORS, JOB_FORM, NJOBS };
enum { SIDE_LAPACK, SIDE_COL, SIDE_INT, NSIDES };

static const char *const side_name[NSIDES] = {"LAPACK", "batchla col-major",
                                              "batchla interleaved"};

typedef struct {
  int quick, reps;
  double target; /* seconds per timed LAPACK run */
  uint64_t seed;
  int nn, sizes[MAX_LIST];
  int nt, threads[MAX_LIST];
} options;

/* One batch. a0 holds the inputs, column-major, problem after problem; a,
 * z, wr, wi the layout of the side being run. */
typedef struct {
  int n, threads, job;
  bla_index count;
  double *a0, *a, *z, *wr, *wi;
  double *ref_wr, *ref_wi, *ref_s; /* reference eigenvalues, conditions */
  double *work;                    /* LAPACK workspace, per thread */
  lapack_int lwork;
  lapack_logical *bwork;
  int *info;
} batch;

typedef struct {
  int ok;
  double eig, res, orth; /* worst ratios, against THRESH */
  int identical;         /* col-major and interleaved bit-identical */
  int identical_threads; /* same bits as with the first thread count */
  double t[NSIDES][MAX_REPS];
  int reps;
  bla_index count;
  char why[200];
} result;

/* ---- small utilities ---------------------------------------------------- */

/* Uniform on (-1, 1), LAPACK dlarnv's idist = 2. */
static double rng_unif(uint64_t *s) {
  return ((double)(bench_rng_next(s) >> 11) + 0.5) * 0x1.0p-52 - 1.0;
}

/* ---- flop and byte counts (estimates, see docs/PERFORMANCE.md) ------- */

/* Hessenberg reduction 10/3 n^3, about two Francis sweeps per eigenvalue
 * of ~10 n^2 flops each on the full T (wantt), and with vectors orghr's
 * 4/3 n^3 plus the sweeps' updates of Z: about 10 n^3 without vectors
 * and 25 n^3 with (Golub & Van Loan's operation counts, an estimate). */
static double flops_problem(int n, int job) {
  return (job == JOB_VECTORS ? 25.0 : 10.0) * n * n * n;
}
/* Compulsory traffic: read A, write T, wr, wi (and Z). */
static double bytes_problem(int n, int job) {
  double b = 8.0 * (2.0 * n * n + 2.0 * n);
  return job == JOB_VECTORS ? b + 8.0 * n * n : b;
}

/* ---- the batch ----------------------------------------------------------- */

static lapack_int lapack_lwork(int n, int job) {
  double q = 0;
  lapack_int sdim = 0;
  double a = 0, wr = 0, wi = 0, vs = 0;
  lapack_logical bw = 0;
  LAPACKE_dgees_work(LAPACK_COL_MAJOR, job == JOB_VECTORS ? 'V' : 'N', 'N',
                     NULL, n, &a, n, &sdim, &wr, &wi, &vs, n, &q, -1, &bw);
  return q > 3.0 * n ? (lapack_int)q : 3 * n;
}

static void batch_alloc(batch *b, int n, int job, int threads,
                        bla_index count) {
  const size_t c = (size_t)count, nn = (size_t)n * n;
  b->n = n;
  b->job = job;
  b->threads = threads;
  b->count = count;
  b->a0 = bench_xmalloc(c * nn * sizeof(double));
  b->a = bench_xmalloc(c * nn * sizeof(double));
  b->z = job == JOB_VECTORS ? bench_xmalloc(c * nn * sizeof(double)) : NULL;
  b->wr = bench_xmalloc(c * n * sizeof(double));
  b->wi = bench_xmalloc(c * n * sizeof(double));
  b->ref_wr = b->ref_wi = b->ref_s = NULL;
  b->lwork = lapack_lwork(n, job);
  b->work = bench_xmalloc((size_t)threads * (size_t)b->lwork * sizeof(double));
  b->bwork = bench_xmalloc((size_t)n * sizeof(lapack_logical));
  b->info = bench_xmalloc(c * sizeof(int));
}

static void batch_free(batch *b) {
  free(b->a0);
  free(b->a);
  free(b->z);
  free(b->wr);
  free(b->wi);
  free(b->ref_wr);
  free(b->ref_wi);
  free(b->ref_s);
  free(b->work);
  free(b->bwork);
  free(b->info);
  memset(b, 0, sizeof *b);
}

/* Problem p takes the p-th slice of one stream: a longer batch extends a
 * shorter one with the same seed, which the thread-count check uses. */
static void batch_generate(batch *b, uint64_t seed) {
  uint64_t s = seed;
  const size_t len = (size_t)b->count * b->n * b->n;
  for (size_t k = 0; k < len; ++k)
    b->a0[k] = rng_unif(&s);
}

/* Inputs into the side's layout (untimed); b is a batch. */
static void batch_prepare(void *ctx, int side) {
  batch *b = ctx;
  const bla_index c = b->count, n = b->n;
  if (side != SIDE_INT) {
    memcpy(b->a, b->a0, (size_t)(c * n * n) * sizeof(double));
    return;
  }
  for (bla_index p = 0; p < c; ++p)
    for (bla_index j = 0; j < n; ++j)
      for (bla_index i = 0; i < n; ++i)
        b->a[p + i * c + j * c * n] = b->a0[p * n * n + i + j * n];
}

/* The timed part: the number of failed problems, or -1 when the batch
 * driver itself refused; b is a batch. */
static long batch_run(void *ctx, int side) {
  batch *b = ctx;
  const bla_index c = b->count, n = b->n;
  const int vectors = b->job == JOB_VECTORS;
  long bad = 0;
  if (side == SIDE_LAPACK) {
    const lapack_int ln = (lapack_int)n, lw = b->lwork;
    double *a = b->a, *z = b->z, *wr = b->wr, *wi = b->wi, *work = b->work;
    lapack_logical *bwork = b->bwork;
#pragma omp parallel for num_threads(b->threads) schedule(static)             \
    reduction(+ : bad)
    for (bla_index p = 0; p < c; ++p) {
      lapack_int sdim = 0, info;
      double dummy = 0;
      info = LAPACKE_dgees_work(
          LAPACK_COL_MAJOR, vectors ? 'V' : 'N', 'N', NULL, ln, a + p * n * n,
          ln, &sdim, wr + p * n, wi + p * n, vectors ? z + p * n * n : &dummy,
          ln, work + (size_t)lw * (size_t)omp_get_thread_num(), lw, bwork);
      bad += info != 0;
    }
    return bad;
  }
  {
    bla_exec ex;
    bla_status st;
    bla_dmat_batch av, zv;
    bla_dvec_batch wrv, wiv;
    ex.backend = BLA_HOST;
    ex.threads = b->threads;
    ex.stream = NULL;
    if (side == SIDE_COL) {
      av = bla_dmat_batch_colmajor(b->a, c, n, n, n);
      zv = bla_dmat_batch_colmajor(vectors ? b->z : NULL, c, n, n, n);
      wrv = bla_dvec_batch_packed(b->wr, c, n);
      wiv = bla_dvec_batch_packed(b->wi, c, n);
    } else {
      av = bla_dmat_batch_interleaved(b->a, c, n, n);
      zv = bla_dmat_batch_interleaved(vectors ? b->z : NULL, c, n, n);
      wrv = bla_dvec_batch_interleaved(b->wr, c, n);
      wiv = bla_dvec_batch_interleaved(b->wi, c, n);
    }
    st = bla_dschur_batch(av, wrv, wiv, zv, b->info, &ex);
    if (st != BLA_OK)
      return -1;
  }
  for (bla_index p = 0; p < c; ++p)
    bad += b->info[p] != 0;
  return bad;
}

/* Output element access in any side's layout. */
static double out_w(const batch *b, const double *w, int side, bla_index p,
                    bla_index i) {
  return side == SIDE_INT ? w[p + i * b->count] : w[p * b->n + i];
}

static double out_m(const batch *b, const double *m, int side, bla_index p,
                    bla_index i, bla_index j) {
  const bla_index c = b->count, n = b->n;
  return side == SIDE_INT ? m[p + i * c + j * c * n] : m[p * n * n + i + j * n];
}

/* ---- the reference: dgees, dtrevc, dtrsna -------------------------------- */

static void batch_reference(batch *b, int threads) {
  const bla_index c = b->count, n = b->n;
  long bad = 0;
  b->ref_wr = bench_xmalloc((size_t)(c * n) * sizeof(double));
  b->ref_wi = bench_xmalloc((size_t)(c * n) * sizeof(double));
  b->ref_s = bench_xmalloc((size_t)(c * n) * sizeof(double));
#pragma omp parallel num_threads(threads) reduction(+ : bad)
  {
    const lapack_int ln = (lapack_int)n;
    double *t = bench_xmalloc((size_t)(n * n) * sizeof(double));
    double *vs = bench_xmalloc((size_t)(n * n) * sizeof(double));
    double *vl = bench_xmalloc((size_t)(n * n) * sizeof(double));
    double *vr = bench_xmalloc((size_t)(n * n) * sizeof(double));
    double *sep = bench_xmalloc((size_t)n * sizeof(double));
#pragma omp for schedule(static)
    for (bla_index p = 0; p < c; ++p) {
      lapack_int sdim = 0, m = 0, info;
      memcpy(t, b->a0 + p * n * n, (size_t)(n * n) * sizeof(double));
      info = LAPACKE_dgees(LAPACK_COL_MAJOR, 'V', 'N', NULL, ln, t, ln, &sdim,
                           b->ref_wr + p * n, b->ref_wi + p * n, vs, ln);
      /* LAPACKE checks vl and vr for NaN even where they are outputs. */
      memset(vl, 0, (size_t)(n * n) * sizeof(double));
      memset(vr, 0, (size_t)(n * n) * sizeof(double));
      if (info == 0)
        info = LAPACKE_dtrevc(LAPACK_COL_MAJOR, 'B', 'A', NULL, ln, t, ln, vl,
                              ln, vr, ln, ln, &m);
      if (info == 0)
        info = LAPACKE_dtrsna(LAPACK_COL_MAJOR, 'E', 'A', NULL, ln, t, ln, vl,
                              ln, vr, ln, b->ref_s + p * n, sep, ln, &m);
      bad += info != 0;
    }
    free(t);
    free(vs);
    free(vl);
    free(vr);
    free(sep);
  }
  if (bad) {
    fprintf(stderr,
            "bench_schur: the LAPACK reference failed on %ld "
            "problems\n",
            bad);
    exit(2);
  }
}

/* ---- cross-check (LAPACK's test ratios, THRESH = 50) ----------------- */

/* The eigenvalues as multisets: the smallest, over one-to-one matchings,
 * of the largest |lambda_ref_i - lambda_m(i)| s_i / scale (a bottleneck
 * assignment). c (n*n): scratch. */
static double eig_ratio(int n, const double *rwr, const double *rwi,
                        const double *s, const double *wr, const double *wi,
                        double scale, double *c, bench_matcher *m) {
  for (int j = 0; j < n; ++j)
    if (!isfinite(wr[j]) || !isfinite(wi[j]))
      return INFINITY;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      c[i * n + j] = hypot(rwr[i] - wr[j], rwi[i] - wi[j]) * s[i] / scale;
  return bench_bottleneck(m, n, c);
}

static double normf(const double *a, int n) {
  double s = 0;
  for (int k = 0; k < n * n; ++k)
    s += a[k] * a[k];
  return sqrt(s);
}

/* dhst01: |A - Z T Z^T|_1 / (|A|_1 n ulp) and |I - Z Z^T|_1 / (n ulp) of
 * problem p; t, z, w (n*n each): scratch. */
static void schur_ratios(const batch *b, int side, bla_index p, double *t,
                         double *z, double *w, double *res, double *orth) {
  const int n = b->n;
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) {
      t[i + j * n] = out_m(b, b->a, side, p, i, j);
      z[i + j * n] = out_m(b, b->z, side, p, i, j);
    }
  *res = bench_decomp_ratio(n, b->a0 + p * n * n, z, t, z, DBL_EPSILON, w);
  *orth = bench_orth_ratio(n, z, DBL_EPSILON);
}

/* FNV-1a over the outputs of problems 0..k-1 in logical order. */
static uint64_t output_hash(const batch *b, int side, bla_index k) {
  uint64_t h = BENCH_HASH_INIT;
  const int n = b->n;
  for (bla_index p = 0; p < k; ++p) {
    for (int i = 0; i < n; ++i) {
      h = bench_hash_mix(h, out_w(b, b->wr, side, p, i));
      h = bench_hash_mix(h, out_w(b, b->wi, side, p, i));
    }
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < n; ++i) {
        h = bench_hash_mix(h, out_m(b, b->a, side, p, i, j));
        if (b->job == JOB_VECTORS)
          h = bench_hash_mix(h, out_m(b, b->z, side, p, i, j));
      }
  }
  return h;
}

static void fail(result *r, const char *side, const char *what, double v) {
  if (r->ok)
    snprintf(r->why, sizeof r->why, "%s: %s %.3g", side, what, v);
  r->ok = 0;
}

/* Runs every side once (which also warms caches and the thread pool) and
 * checks it against the reference; sets the hash of the first k1
 * problems. */
static void cross_check(batch *b, result *r, bla_index k1, uint64_t *hash) {
  const int n = b->n, ns = b->count < SAMPLES ? (int)b->count : SAMPLES;
  double *t = bench_xmalloc((size_t)n * n * sizeof(double));
  double *z = bench_xmalloc((size_t)n * n * sizeof(double));
  double *w = bench_xmalloc((size_t)n * n * sizeof(double));
  double *wr = bench_xmalloc((size_t)n * sizeof(double));
  double *wi = bench_xmalloc((size_t)n * sizeof(double));
  double *c = bench_xmalloc((size_t)n * n * sizeof(double));
  bench_matcher m;
  uint64_t hcol = 0;
  bench_matcher_init(&m, n);
  r->ok = 1;
  r->eig = r->res = r->orth = 0;
  for (int side = 0; side < NSIDES; ++side) {
    long bad;
    batch_prepare(b, side);
    bad = batch_run(b, side);
    if (bad != 0) {
      fail(r, side_name[side],
           "failed problems (-1: driver refused):", (double)bad);
      break;
    }
    for (bla_index p = 0; p < b->count; ++p) {
      const double scale = DBL_EPSILON * normf(b->a0 + p * n * n, n);
      double e;
      for (int i = 0; i < n; ++i) {
        wr[i] = out_w(b, b->wr, side, p, i);
        wi[i] = out_w(b, b->wi, side, p, i);
      }
      e = eig_ratio(n, b->ref_wr + p * n, b->ref_wi + p * n, b->ref_s + p * n,
                    wr, wi, scale > 0 ? scale : DBL_MIN, c, &m);
      if (!(e <= r->eig))
        r->eig = e;
    }
    if (!(r->eig < THRESH))
      fail(r, side_name[side], "eigenvalue ratio", r->eig);
    if (b->job == JOB_VECTORS)
      for (int s = 0; s < ns; ++s) {
        double res, orth;
        schur_ratios(b, side, bench_sample_index(b->count, s, ns), t, z, w,
                     &res, &orth);
        if (!(res <= r->res))
          r->res = res;
        if (!(orth <= r->orth))
          r->orth = orth;
      }
    if (!(r->res < THRESH) || !(r->orth < THRESH))
      fail(r, side_name[side], "residual or orthogonality ratio",
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
  free(t);
  free(z);
  free(w);
  free(wr);
  free(wi);
  free(c);
  bench_matcher_free(&m);
}

typedef struct {
  int n, job, threads;
  uint64_t seed;
} probe_args;

/* Best of two LAPACK runs on a fresh batch of count problems. */
static double probe_lapack(void *ctx, int64_t count) {
  const probe_args *a = ctx;
  batch b;
  const bench_runner r = {&b, batch_prepare, batch_run};
  double t;
  batch_alloc(&b, a->n, a->job, a->threads, count);
  batch_generate(&b, a->seed);
  t = bench_best_run(&r, SIDE_LAPACK, 2);
  batch_free(&b);
  return t;
}

/* Smallest batch whose LAPACK run takes at least the target time, within
 * the memory cap. */
static bla_index calibrate(int n, int job, int threads, double target,
                           uint64_t seed, bla_index floor) {
  const double cap = 512.0 * 1024 * 1024;
  const double per =
      8.0 * (3.0 * n * n + 5.0 * n) + (job == JOB_VECTORS ? 8.0 * n * n : 0);
  probe_args a;
  a.n = n;
  a.job = job;
  a.threads = threads;
  a.seed = seed;
  return bench_calibrate(probe_lapack, &a, target, 8 * threads,
                         floor > 8 * threads ? floor : 8 * threads,
                         (bla_index)(cap / per));
}

static void time_group(batch *b, result *r, int reps) {
  const bench_runner run = {b, batch_prepare, batch_run};
  long bad;
  const int side = bench_time_rotating(&run, NSIDES, reps, r->t, &bad);
  r->reps = reps;
  if (side >= 0)
    fail(r, side_name[side], "failed problems while timing:", (double)bad);
}

/* ---- environment for the report --------------------------------------- */

/* ---- the report -------------------------------------------------------- */

static void print_row(const result *r, int n, int threads, int job,
                      double peak1) {
  double med[NSIDES];
  char cell[NSIDES][48], ratio[NSIDES][48];
  if (!r->ok) {
    printf("| %d | %d | %lld | MISMATCH: %s | | | | | | |\n", n, threads,
           (long long)r->count, r->why);
    return;
  }
  for (int s = 0; s < NSIDES; ++s) {
    med[s] = bench_time_cell(cell[s], sizeof cell[s], r->t[s], r->reps,
                             (double)r->count);
    if (s != SIDE_LAPACK)
      bench_ratio_cell(ratio[s], sizeof ratio[s], r->t[s], r->t[SIDE_LAPACK],
                       r->reps);
  }
  {
    const double fl = flops_problem(n, job);
    const double gf = fl / (med[SIDE_COL] * 1e-6) * 1e-9;
    const double gb = bytes_problem(n, job) / (med[SIDE_COL] * 1e-6) * 1e-9;
    char chk[64];
    if (job == JOB_VECTORS)
      snprintf(chk, sizeof chk, "%.2g / %.2g / %.2g", r->eig, r->res, r->orth);
    else
      snprintf(chk, sizeof chk, "%.2g", r->eig);
    printf("| %d | %d | %lld | %s | %s | %s | %s | %s | %.2g (%.0f%%) / "
           "%.2g | %s%s |\n",
           n, threads, (long long)r->count, cell[SIDE_LAPACK], cell[SIDE_COL],
           ratio[SIDE_COL], cell[SIDE_INT], ratio[SIDE_INT], gf,
           100.0 * gf * 1e9 / (peak1 * threads), gb, chk,
           r->identical && r->identical_threads ? "" : " (not bit-identical)");
  }
}

static void usage(void) {
  fprintf(stderr, "usage: bench_schur [--quick] [--reps R] [--target SECONDS]\n"
                  "                   [--n 4,8,16,32,64] [--threads 1,2]\n"
                  "                   [--seed X]\n");
}

int main(int argc, char **argv) {
  options o;
  char cmdline[1024] = "", commit[128], cpu[256], provider[512];
  const int procs = omp_get_num_procs();
  int status = 0, target_set = 0;
  static result res[MAX_LIST][NJOBS][MAX_LIST];
  double bw, peak1, t_start = bench_now();

  bench_set_name("bench_schur");
  memset(&o, 0, sizeof o);
  o.reps = 5;
  o.target = 0.15;
  o.seed = 20240607;
  o.nn = bench_parse_list("4,8,16,32,64", o.sizes, MAX_LIST, 1);
  o.threads[0] = 1;
  o.threads[1] = procs;
  o.nt = procs > 1 ? 2 : 1;
  for (int i = 1; i < argc; ++i) {
    const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    bench_cmdline_append(cmdline, sizeof cmdline, a);
    if (!strcmp(a, "--quick")) {
      o.quick = 1;
      continue;
    }
    if (!v) {
      usage();
      return 2;
    }
    if (!strcmp(a, "--target"))
      target_set = 1;
    if (!strcmp(a, "--n")) {
      o.nn = bench_parse_list(v, o.sizes, MAX_LIST, 1);
    } else if (!bench_common_option(a, v, &o.reps, &o.target, &o.seed,
                                    o.threads, &o.nt, MAX_LIST)) {
      usage();
      return 2;
    }
    bench_cmdline_append(cmdline, sizeof cmdline, v);
    ++i;
  }
  if (o.quick && !target_set)
    o.target = 0.005;
  if (o.nn < 1 || o.nt < 1 || o.reps < 5 || o.reps > MAX_REPS ||
      !(o.target > 0)) {
    fprintf(stderr,
            "bench_schur: need n and thread lists, 5 <= reps <= %d "
            "and target > 0\n",
            MAX_REPS);
    usage();
    return 2;
  }
  for (int i = 0; i < o.nn; ++i)
    if (o.sizes[i] < 2 || o.sizes[i] > 1024) {
      fprintf(stderr, "bench_schur: n must be in 2..1024\n");
      return 2;
    }

#if BENCH_HAVE_OPENBLAS
  /* The LAPACK side gets its parallelism from the OpenMP loop only. */
  openblas_set_num_threads(1);
#endif
  bench_git_commit(commit, sizeof commit, BENCH_SOURCE_DIR, BENCH_GIT_COMMIT,
                   0);
  bench_cpu_model(cpu, sizeof cpu, 0);
  bench_lapack_provider(provider, sizeof provider, "dgees_");
  fprintf(stderr, "bench_schur: measuring copy bandwidth and scalar peak\n");
  bw = bench_copy_bandwidth(procs, (size_t)16 << 20);
  peak1 = bench_scalar_peak();

  for (int job = 0; job < NJOBS; ++job)
    for (int in = 0; in < o.nn; ++in) {
      uint64_t hash = 0;
      bla_index k1 = 0;
      for (int it = 0; it < o.nt; ++it) {
        const int n = o.sizes[in], th = o.threads[it];
        result *r = &res[in][job][it];
        batch b;
        const bla_index count =
            calibrate(n, job, th, o.target, o.seed, it > 0 ? k1 : 0);
        if (it == 0)
          k1 = count;
        fprintf(stderr, "bench_schur: %s n=%d threads=%d batch=%lld\n",
                job == JOB_VECTORS ? "with vectors" : "Schur form only", n, th,
                (long long)count);
        batch_alloc(&b, n, job, th, count);
        batch_generate(&b, o.seed);
        batch_reference(&b, procs);
        r->count = count;
        cross_check(&b, r, k1, &hash);
        if (r->ok)
          time_group(&b, r, o.reps);
        if (!r->ok) {
          fprintf(stderr, "bench_schur: MISMATCH, no timing: %s\n", r->why);
          status = 1;
        }
        batch_free(&b);
      }
    }

  printf("## Host: batchla vs LAPACK, real Schur decomposition\n\n");
  bench_print_build("bench_schur", cmdline, commit, BENCH_BUILD_TYPE,
                    BENCH_LIB_FLAGS, BENCH_C_FLAGS);
#if BENCH_HAVE_OPENBLAS
  printf("- OpenBLAS: %s (1 OpenBLAS thread; parallel over problems)\n",
         openblas_get_config());
#endif
  printf("- LAPACK: `LAPACKE_dgees_work(jobvs = 'V' / 'N', sort = 'N')`, "
         "`dgees_` from %s\n",
         provider);
  bench_print_cpu_threads(cpu, procs, o.threads, o.nt);
  printf("- scalar (non-SIMD) multiply-add throughput of one core, "
         "measured: %.3g GFLOP/s; host copy bandwidth (read + write, %d "
         "threads, best of 5): %.3g GB/s\n",
         peak1 * 1e-9, procs, bw * 1e-9);
  printf("- matrices: random, entries uniform(-1, 1), splitmix64 seed %llu "
         "(the same matrices for every side)\n",
         (unsigned long long)o.seed);
  printf("- %d repetitions per cell, the side that runs first rotates; "
         "time per problem in microseconds, median (spread = (max - "
         "min) / median); ratio = batchla / LAPACK median time (paired "
         "per-repetition range); batch sized for about %.2g s per LAPACK "
         "run\n",
         o.reps, o.target);
  printf("- cross-check before timing (THRESH = %.0f): eigenvalues of "
         "every problem and side against dgees + dtrsna as multisets, "
         "error * s / (ulp |A|_F) with s the reciprocal condition number; "
         "|A - Z T Z^T|_1 / (|A|_1 n ulp) and |I - Z Z^T|_1 / (n ulp) on %d "
         "sampled problems per side\n",
         THRESH, SAMPLES);
  printf("- est. GFLOP/s (%% of the scalar peak times threads) / GB/s of "
         "batchla col-major: flops per problem about 25 n^3 (vectors) or "
         "10 n^3 (Schur form only), an estimate; compulsory bytes 8(2n^2 + "
         "2n) + 8n^2 (vectors) or 8(2n^2 + 2n)\n\n");
  for (int job = 0; job < NJOBS; ++job) {
    printf("### %s\n\n", job == JOB_VECTORS
                             ? "Schur form and vectors: bla_dschur_batch(z) "
                               "vs dgees('V')"
                             : "Schur form only: bla_dschur_batch(z NULL) vs "
                               "dgees('N')");
    printf("| n | threads | batch | LAPACK us | batchla col-major us | ratio "
           "| batchla interleaved us | ratio | est. GFLOP/s (%% scalar peak) "
           "/ GB/s | check %s |\n",
           job == JOB_VECTORS ? "(eig / res / orth)" : "(eig)");
    printf("|---|---|---|---|---|---|---|---|---|---|\n");
    for (int it = 0; it < o.nt; ++it)
      for (int in = 0; in < o.nn; ++in)
        print_row(&res[in][job][it], o.sizes[in], o.threads[it], job, peak1);
    printf("\n");
  }
  bench_print_total(t_start, status);
  return status;
}
