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

/* Inputs into the side's layout (untimed). */
static void batch_prepare(batch *b, int side) {
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
 * driver itself refused. */
static long batch_run(batch *b, int side) {
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

/* Kuhn's augmenting paths on the edges of cost <= thr. */
static int augment(int i, int n, const double *c, double thr, int *owner,
                   char *seen) {
  for (int j = 0; j < n; ++j)
    if (c[i * n + j] <= thr && !seen[j]) {
      seen[j] = 1;
      if (owner[j] < 0 || augment(owner[j], n, c, thr, owner, seen)) {
        owner[j] = i;
        return 1;
      }
    }
  return 0;
}

static int matchable(int n, const double *c, double thr, int *owner,
                     char *seen) {
  for (int j = 0; j < n; ++j)
    owner[j] = -1;
  for (int i = 0; i < n; ++i) {
    memset(seen, 0, (size_t)n);
    if (!augment(i, n, c, thr, owner, seen))
      return 0;
  }
  return 1;
}

/* The eigenvalues as multisets: the smallest, over one-to-one matchings,
 * of the largest |lambda_ref_i - lambda_m(i)| s_i / scale (a bottleneck
 * assignment). c (n*n), sorted (n*n), owner (n), seen (n): scratch. */
static double eig_ratio(int n, const double *rwr, const double *rwi,
                        const double *s, const double *wr, const double *wi,
                        double scale, double *c, double *sorted, int *owner,
                        char *seen) {
  double lb = 0;
  int lo, hi;
  for (int i = 0; i < n; ++i) {
    double rmin = INFINITY;
    if (!isfinite(wr[i]) || !isfinite(wi[i]))
      return INFINITY;
    for (int j = 0; j < n; ++j) {
      c[i * n + j] = hypot(rwr[i] - wr[j], rwi[i] - wi[j]) * s[i] / scale;
      rmin = c[i * n + j] < rmin ? c[i * n + j] : rmin;
    }
    lb = rmin > lb ? rmin : lb;
  }
  if (matchable(n, c, lb, owner, seen))
    return lb;
  memcpy(sorted, c, (size_t)n * n * sizeof(double));
  qsort(sorted, (size_t)n * n, sizeof(double), bench_cmp_double);
  lo = 0;
  hi = n * n - 1;
  while (lo < hi && sorted[lo] <= lb)
    ++lo;
  while (lo < hi) {
    int mid = lo + (hi - lo) / 2;
    if (matchable(n, c, sorted[mid], owner, seen))
      hi = mid;
    else
      lo = mid + 1;
  }
  return sorted[lo];
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
  const double *a0 = b->a0 + p * n * n, ulp = DBL_EPSILON;
  double an = 0, rn = 0, on = 0;
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) {
      t[i + j * n] = out_m(b, b->a, side, p, i, j);
      z[i + j * n] = out_m(b, b->z, side, p, i, j);
    }
  /* w := Z T */
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) {
      double s = 0;
      for (int k = 0; k < n; ++k)
        s += z[i + k * n] * t[k + j * n];
      w[i + j * n] = s;
    }
  for (int j = 0; j < n; ++j) {
    double cs = 0, rs = 0, os = 0;
    for (int i = 0; i < n; ++i) {
      double r = 0, o = 0;
      for (int k = 0; k < n; ++k) {
        r += w[i + k * n] * z[j + k * n];
        o += z[i + k * n] * z[j + k * n];
      }
      cs += fabs(a0[i + j * n]);
      rs += fabs(a0[i + j * n] - r);
      os += fabs((i == j ? 1.0 : 0.0) - o);
    }
    an = cs > an ? cs : an;
    rn = rs > rn || rs != rs ? rs : rn;
    on = os > on || os != os ? os : on;
  }
  *res = rn / ((an > 0 ? an : 1) * n * ulp);
  *orth = on / (n * ulp);
}

/* FNV-1a over the outputs of problems 0..k-1 in logical order. */
static uint64_t output_hash(const batch *b, int side, bla_index k) {
  uint64_t h = 1469598103934665603ULL;
  const int n = b->n;
#define MIX(v)                                                                 \
  do {                                                                         \
    double v_ = (v);                                                           \
    uint64_t u_;                                                               \
    memcpy(&u_, &v_, sizeof u_);                                               \
    h = (h ^ u_) * 1099511628211ULL;                                           \
  } while (0)
  for (bla_index p = 0; p < k; ++p) {
    for (int i = 0; i < n; ++i) {
      MIX(out_w(b, b->wr, side, p, i));
      MIX(out_w(b, b->wi, side, p, i));
    }
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < n; ++i) {
        MIX(out_m(b, b->a, side, p, i, j));
        if (b->job == JOB_VECTORS)
          MIX(out_m(b, b->z, side, p, i, j));
      }
  }
#undef MIX
  return h;
}

static bla_index sample_index(bla_index count, int s, int ns) {
  return ns > 1 ? (bla_index)((double)s * (double)(count - 1) / (ns - 1)) : 0;
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
  double *sorted = bench_xmalloc((size_t)n * n * sizeof(double));
  int *owner = bench_xmalloc((size_t)n * sizeof(int));
  char *seen = bench_xmalloc((size_t)n);
  uint64_t hcol = 0;
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
                    wr, wi, scale > 0 ? scale : DBL_MIN, c, sorted, owner,
                    seen);
      if (!(e <= r->eig))
        r->eig = e;
    }
    if (!(r->eig < THRESH))
      fail(r, side_name[side], "eigenvalue ratio", r->eig);
    if (b->job == JOB_VECTORS)
      for (int s = 0; s < ns; ++s) {
        double res, orth;
        schur_ratios(b, side, sample_index(b->count, s, ns), t, z, w, &res,
                     &orth);
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
  free(sorted);
  free(owner);
  free(seen);
}

/* Smallest batch whose LAPACK run takes at least the target time, within
 * the memory cap. */
static bla_index calibrate(int n, int job, int threads, double target,
                           uint64_t seed, bla_index floor) {
  const double cap = 512.0 * 1024 * 1024;
  const double per =
      8.0 * (3.0 * n * n + 5.0 * n) + (job == JOB_VECTORS ? 8.0 * n * n : 0);
  const bla_index maxc = (bla_index)(cap / per);
  bla_index count = 8 * threads;
  double t = 0;
  for (;;) {
    batch b;
    batch_alloc(&b, n, job, threads, count);
    batch_generate(&b, seed);
    batch_prepare(&b, SIDE_LAPACK);
    batch_run(&b, SIDE_LAPACK); /* warm */
    /* Best of two: one slow run must not shrink the batch. */
    for (int k = 0; k < 2; ++k) {
      double t0, tk;
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
      const int side = (k + j) % NSIDES;
      double t0;
      long bad;
      batch_prepare(b, side);
      t0 = bench_now();
      bad = batch_run(b, side);
      r->t[side][k] = bench_now() - t0;
      if (bad != 0)
        fail(r, side_name[side], "failed problems while timing:", (double)bad);
    }
}

/* ---- environment for the report --------------------------------------- */

/* Scalar (non-SIMD) multiply-add throughput of one core: eight independent
 * chains x = x * c + d, the shape of the per-problem code, which works on
 * one problem at a time. Best of 5; flops per second. */
#if defined(__GNUC__) && !defined(__clang__)
__attribute__((optimize("no-tree-vectorize", "no-tree-slp-vectorize")))
#endif
static double
scalar_peak_one(void) {
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

/* ---- the report -------------------------------------------------------- */

static void print_row(const result *r, int n, int threads, int job,
                      double peak1) {
  double med[NSIDES], spr[NSIDES], lo[NSIDES], hi[NSIDES];
  char cell[NSIDES][48], ratio[NSIDES][48];
  if (!r->ok) {
    printf("| %d | %d | %lld | MISMATCH: %s | | | | | | |\n", n, threads,
           (long long)r->count, r->why);
    return;
  }
  for (int s = 0; s < NSIDES; ++s) {
    double v[MAX_REPS];
    char num[32];
    for (int k = 0; k < r->reps; ++k)
      v[k] = r->t[s][k] / (double)r->count * 1e6;
    med[s] = bench_median(v, r->reps);
    spr[s] = (bench_vmax(v, r->reps) - bench_vmin(v, r->reps)) / med[s];
    bench_fmt_val(num, sizeof num, med[s], spr[s]);
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
  peak1 = scalar_peak_one();

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
