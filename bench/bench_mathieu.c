/* bench_mathieu: time per value of batchla's Mathieu batch drivers (host)
 * on the two workflows of bench/mathieu_scipy.py, batchla alone (the
 * comparison with SciPy is that script's), following docs/MEASURING.md.
 *
 *   bench_mathieu [--quick] [--reps R] [--threads 1,2,...] [--seed X]
 *                 [--ref FILE]
 *
 * Workflow A (the shape of SciPy's own Mathieu benchmark): 100 pairs
 * (m, q), m uniform in 1..99 and q = 2^u with u uniform in [1, 7)
 * (splitmix64, fixed seed), times 1000 x evenly spaced in [0, 2 pi] (both
 * ends): ce_m(x, q) and its x-derivative, then se_m, each one
 * bla_dmathieu_angular_batch call over the 10^5 entries (m and q
 * repeated, x varying fastest). Workflow B: a_0..a_100 and b_1..b_100 at
 * 10^4 q evenly spaced in [0, 1000], and at the 1000 q = -(every tenth of
 * those), one bla_dmathieu_ab_all_batch call each. --quick: 20 pairs x
 * 200 x and 200 / 20 q (well under a second of timing).
 *
 * Self-check before timing; a failure prints no timing (exit status 1):
 *  - the published a_0(8), a_3(1.5), b_1(15), b_10(-3) to 1e-13 relative;
 *    with the reference file (tests/data/mathieu_ref.txt, mpmath, 25
 *    digits) every a/b record, error |v - ref| / max(|ref|, 1) <= 1e-12,
 *    and every "ang" record through the batch driver, error relative to
 *    the largest |f| (|f'|) among that function's records, <= 1e-12;
 *  - workflow A: info 0 everywhere; results bit-identical at every thread
 *    count; f and f' equal, to 1e-14 of the pair's max |f| (|f'|),
 *    bla_dmathieu_coeffs + bla_dmathieu_angular called directly (5 x per
 *    pair); the normalization (1/pi) int_0^2pi f^2 dx = 1 by the
 *    trapezoid rule on the 999 distinct points (exact for these
 *    trigonometric sums) to 1e-12; the DLMF signs ce_m(0) > 0,
 *    se_m'(0) > 0;
 *  - workflow B: info 0; bit-identical at every thread count; equal to
 *    bla_dmathieu_ab_all called directly (8 q); the interlacing a_0 <= b_1
 *    <= a_1 <= b_2 <= ... for q >= 0 (DLMF 28.2.18; the pairs merge in
 *    double at large q) and, at -q, the values of +q permuted by DLMF
 *    28.2.16, both to 1e-14 of max(|v|, |q|, 1) (a value near 0 at large
 *    |q| is accurate to eps |q|, the size of the recurrence matrix).
 * Markdown report on stdout, progress on stderr. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <omp.h>

#include "batchla/batchla.h"
#include "batchla/special/mathieu.h"
#include "bench_common.h"

#define NA 101 /* a_0..a_100 */
#define NB 100 /* b_1..b_100 */
#define PUB_TOL 1e-13
#define REF_TOL 1e-12
#define CORE_TOL 1e-14
#define NORM_TOL 1e-12
#define LACE_TOL 1e-14
#define PI 3.14159265358979323846

typedef struct {
  bench_args a; /* --target is accepted and unused: the workflows fix the
                   batch sizes */
  const char *ref;
} options;

static int g_fail; /* self-check failures */

#define CHECK(cond, ...)                                                       \
  do {                                                                         \
    if (!(cond)) {                                                             \
      if (g_fail < 20) {                                                       \
        fprintf(stderr, "bench_mathieu: check failed: ");                      \
        fprintf(stderr, __VA_ARGS__);                                          \
        fprintf(stderr, "\n");                                                 \
      }                                                                        \
      ++g_fail;                                                                \
    }                                                                          \
  } while (0)

static double relerr(double v, double ref, double scale) {
  return isnan(v) ? INFINITY : fabs(v - ref) / scale;
}

/* ---- the workflows ------------------------------------------------------ */

typedef struct { /* workflow A */
  int npair, nx;
  bla_index count;
  int *m;
  double *q, *x, *f, *fp, *f2, *fp2;
  int *info;
} wf_a;

typedef struct { /* workflow B at one vector of q */
  bla_index nq;
  double *q, *a, *b, *a2, *b2;
  int *info;
} wf_b;

static void wf_a_init(wf_a *w, int npair, int nx, uint64_t seed) {
  uint64_t s = seed;
  w->npair = npair;
  w->nx = nx;
  w->count = (bla_index)npair * nx;
  w->m = bench_xmalloc((size_t)w->count * sizeof(int));
  w->info = bench_xmalloc((size_t)w->count * sizeof(int));
  w->q = bench_xmalloc((size_t)w->count * sizeof(double));
  w->x = bench_xmalloc((size_t)w->count * sizeof(double));
  w->f = bench_xmalloc((size_t)w->count * sizeof(double));
  w->fp = bench_xmalloc((size_t)w->count * sizeof(double));
  w->f2 = bench_xmalloc((size_t)w->count * sizeof(double));
  w->fp2 = bench_xmalloc((size_t)w->count * sizeof(double));
  for (int p = 0; p < npair; ++p) {
    const double q = pow(2.0, 1.0 + 6.0 * bench_rng_u01(&s));
    const int m = 1 + (int)(bench_rng_next(&s) % 99);
    for (int j = 0; j < nx; ++j) {
      const bla_index i = (bla_index)p * nx + j;
      w->m[i] = m;
      w->q[i] = q;
      w->x[i] = 2.0 * PI * (double)j / (double)(nx - 1);
    }
  }
}

static void wf_a_free(wf_a *w) {
  BENCH_FREE(w->m, w->info, w->q, w->x, w->f, w->fp, w->f2, w->fp2);
}

static bla_status wf_a_run(wf_a *w, bla_mathieu_kind kind, int threads,
                           double *f, double *fp) {
  const bla_exec ex = bench_exec(BLA_HOST, threads, NULL);
  return bla_dmathieu_angular_batch(
      kind, w->m, 1, bla_dvec_make(w->q, w->count, 1),
      bla_dvec_make(w->x, w->count, 1), bla_dvec_make(f, w->count, 1),
      bla_dvec_make(fp, w->count, 1), w->info, &ex);
}

static void wf_b_init(wf_b *w, bla_index nq, double lo, double hi) {
  w->nq = nq;
  w->q = bench_xmalloc((size_t)nq * sizeof(double));
  w->info = bench_xmalloc((size_t)nq * sizeof(int));
  w->a = bench_xmalloc((size_t)nq * NA * sizeof(double));
  w->b = bench_xmalloc((size_t)nq * NB * sizeof(double));
  w->a2 = bench_xmalloc((size_t)nq * NA * sizeof(double));
  w->b2 = bench_xmalloc((size_t)nq * NB * sizeof(double));
  for (bla_index i = 0; i < nq; ++i)
    w->q[i] = nq > 1 ? lo + (hi - lo) * (double)i / (double)(nq - 1) : lo;
}

static void wf_b_free(wf_b *w) {
  BENCH_FREE(w->q, w->info, w->a, w->b, w->a2, w->b2);
}

static bla_status wf_b_run(wf_b *w, int threads, double *a, double *b) {
  const bla_exec ex = bench_exec(BLA_HOST, threads, NULL);
  return bla_dmathieu_ab_all_batch(
      bla_dvec_make(w->q, w->nq, 1), bla_dvec_batch_packed(a, w->nq, NA),
      bla_dvec_batch_packed(b, w->nq, NB), w->info, &ex);
}

/* ---- self-check: published values and the reference file ---------------- */

static int ab_one(double q, double *a, double *b) {
  const bla_index lw = bla_dmathieu_ab_all_lwork(NA, NB, q);
  double *w = bench_xmalloc((size_t)(lw > 0 ? lw : 1) * sizeof(double));
  const int inf =
      bla_dmathieu_ab_all(q, bla_dvec_make(a, NA, 1), bla_dvec_make(b, NB, 1),
                          bla_dvec_make(w, lw, 1));
  free(w);
  return inf;
}

static double check_published(void) {
  static const struct {
    char ab;
    int m;
    double q, v;
  } pub[4] = {{'a', 0, 8.0, -10.6067292355526479852024},
              {'a', 3, 1.5, 9.19330104768060974047804},
              {'b', 1, 15.0, -22.5130034974234666335},
              {'b', 10, -3.0, 100.0454683359769326164}};
  double a[NA], b[NB], worst = 0;
  for (int i = 0; i < 4; ++i) {
    const int inf = ab_one(pub[i].q, a, b);
    const double v = pub[i].ab == 'a' ? a[pub[i].m] : b[pub[i].m - 1];
    const double e = relerr(v, pub[i].v, fmax(fabs(pub[i].v), 1));
    CHECK(inf == 0 && e <= PUB_TOL,
          "%c_%d(%g) = %.17g (info %d), published %.21g: error %.2g", pub[i].ab,
          pub[i].m, pub[i].q, v, inf, pub[i].v, e);
    worst = fmax(worst, e);
  }
  return worst;
}

typedef struct {
  int nab, nang;
  double worst_ab, worst_ang;
} ref_result;

/* Reads one line of any length into *buf; returns 0 at the end. */
static int read_line(FILE *fp, char **buf, size_t *cap) {
  size_t len = 0;
  int c;
  while ((c = fgetc(fp)) != EOF && c != '\n') {
    if (len + 2 > *cap) {
      *cap = *cap ? 2 * *cap : 4096;
      *buf = realloc(*buf, *cap);
      if (!*buf) {
        fprintf(stderr, "bench_mathieu: out of memory\n");
        exit(2);
      }
    }
    (*buf)[len++] = (char)c;
  }
  if (c == EOF && len == 0)
    return 0;
  if (!*buf) {
    *cap = 4096;
    *buf = bench_xmalloc(*cap);
  }
  (*buf)[len] = 0;
  return 1;
}

typedef struct {
  int kind, m;
  double q, x, f, fp;
} ang_rec;

/* Returns -1 when the file cannot be read. */
static int check_ref_file(const char *path, ref_result *r) {
  FILE *fp = fopen(path, "r");
  char *line = NULL;
  size_t cap = 0;
  ang_rec *ang = NULL;
  int nang = 0, capang = 0;
  memset(r, 0, sizeof *r);
  if (!fp)
    return -1;
  while (read_line(fp, &line, &cap)) {
    char *s = line, *end;
    if (!strncmp(s, "a ", 2) || !strncmp(s, "b ", 2)) {
      const int isa = s[0] == 'a';
      const int n = isa ? NA : NB;
      double q, a[NA], b[NB], *v = isa ? a : b;
      int inf, k;
      q = strtod(s + 2, &end);
      s = end;
      while (*s == ' ')
        ++s;
      if (*s == 'F' || *s == 'D')
        ++s;
      inf = ab_one(q, a, b);
      CHECK(inf == 0, "ab_all(q = %.17g): info %d", q, inf);
      for (k = 0; k < n; ++k) {
        const double ref = strtod(s, &end);
        double e;
        if (end == s)
          break;
        s = end;
        e = relerr(v[k], ref, fmax(fabs(ref), 1));
        CHECK(e <= REF_TOL, "%c_%d(%.17g) = %.17g, reference %.17g: error %.2g",
              isa ? 'a' : 'b', isa ? k : k + 1, q, v[k], ref, e);
        r->worst_ab = fmax(r->worst_ab, e);
      }
      CHECK(k == n, "%s: short %c record at q = %.17g", path, line[0], q);
      ++r->nab;
    } else if (!strncmp(s, "ang ", 4)) {
      ang_rec a;
      s += 4;
      a.kind = !strncmp(s, "se", 2) ? BLA_MATHIEU_SE : BLA_MATHIEU_CE;
      s += 2;
      a.m = (int)strtol(s, &end, 10);
      s = end;
      a.q = strtod(s, &end);
      s = end;
      a.x = strtod(s, &end);
      s = end;
      a.f = strtod(s, &end);
      s = end;
      a.fp = strtod(s, &end);
      if (end == s)
        continue;
      if (nang == capang) {
        capang = capang ? 2 * capang : 1024;
        ang = realloc(ang, (size_t)capang * sizeof *ang);
        if (!ang) {
          fprintf(stderr, "bench_mathieu: out of memory\n");
          exit(2);
        }
      }
      ang[nang++] = a;
    }
  }
  fclose(fp);
  free(line);
  /* The angular records through the batch driver, one call per kind. */
  for (int kind = 0; kind < 2; ++kind) {
    int *m = bench_xmalloc((size_t)(nang + 1) * sizeof(int));
    int *info = bench_xmalloc((size_t)(nang + 1) * sizeof(int));
    double *q = bench_xmalloc((size_t)(nang + 1) * sizeof(double));
    double *x = bench_xmalloc((size_t)(nang + 1) * sizeof(double));
    double *f = bench_xmalloc((size_t)(nang + 1) * sizeof(double));
    double *fd = bench_xmalloc((size_t)(nang + 1) * sizeof(double));
    int *rec = bench_xmalloc((size_t)(nang + 1) * sizeof(int));
    int n = 0;
    bla_status st;
    for (int i = 0; i < nang; ++i)
      if (ang[i].kind == kind) {
        m[n] = ang[i].m;
        q[n] = ang[i].q;
        x[n] = ang[i].x;
        rec[n++] = i;
      }
    st = bla_dmathieu_angular_batch(
        (bla_mathieu_kind)kind, m, 1, bla_dvec_make(q, n, 1),
        bla_dvec_make(x, n, 1), bla_dvec_make(f, n, 1), bla_dvec_make(fd, n, 1),
        info, NULL);
    CHECK(st == BLA_OK, "angular batch of the reference records: %s",
          bla_status_string(st));
    for (int j = 0; st == BLA_OK && j < n; ++j) {
      const ang_rec *a = &ang[rec[j]];
      double s0 = 0, s1 = 0, e0, e1;
      for (int i = 0; i < nang; ++i) /* the function's scale */
        if (ang[i].kind == a->kind && ang[i].m == a->m && ang[i].q == a->q) {
          s0 = fmax(s0, fabs(ang[i].f));
          s1 = fmax(s1, fabs(ang[i].fp));
        }
      e0 = relerr(f[j], a->f, s0 > 0 ? s0 : 1);
      e1 = relerr(fd[j], a->fp, s1 > 0 ? s1 : 1);
      CHECK(info[j] == 0 && e0 <= REF_TOL && e1 <= REF_TOL,
            "%s_%d(%.17g, %.17g) = %.17g, %.17g (info %d); reference %.17g, "
            "%.17g: errors %.2g, %.2g",
            kind ? "se" : "ce", a->m, a->x, a->q, f[j], fd[j], info[j], a->f,
            a->fp, e0, e1);
      r->worst_ang = fmax(r->worst_ang, fmax(e0, e1));
      ++r->nang;
    }
    free(m);
    free(info);
    free(q);
    free(x);
    free(f);
    free(fd);
    free(rec);
  }
  free(ang);
  return 0;
}

/* ---- self-check: workflow A ---------------------------------------------- */

typedef struct {
  double core, norm; /* worst differences */
  int bitwise;       /* results identical at every thread count */
} a_result;

static void check_wf_a(wf_a *w, bla_mathieu_kind kind, const options *o,
                       a_result *r) {
  const char *kn = kind == BLA_MATHIEU_CE ? "ce" : "se";
  const int nx = w->nx;
  bla_status st = wf_a_run(w, kind, 1, w->f, w->fp);
  r->core = r->norm = 0;
  r->bitwise = 1;
  CHECK(st == BLA_OK, "workflow A %s: %s", kn, bla_status_string(st));
  if (st != BLA_OK)
    return;
  for (bla_index i = 0; i < w->count; ++i)
    if (w->info[i]) {
      CHECK(0, "workflow A %s_%d(%g, %g): info %d", kn, w->m[i], w->x[i],
            w->q[i], w->info[i]);
      break;
    }
  for (int it = 0; it < o->a.nt; ++it) {
    st = wf_a_run(w, kind, o->a.threads[it], w->f2, w->fp2);
    if (st != BLA_OK ||
        memcmp(w->f, w->f2, (size_t)w->count * sizeof(double)) ||
        memcmp(w->fp, w->fp2, (size_t)w->count * sizeof(double)))
      r->bitwise = 0;
  }
  CHECK(r->bitwise, "workflow A %s: results differ between thread counts", kn);
  for (int p = 0; p < w->npair; ++p) {
    const bla_index i0 = (bla_index)p * nx;
    const int m = w->m[i0];
    const double q = w->q[i0];
    const bla_index nc = bla_dmathieu_nterms(kind, m, q);
    const bla_index lw = bla_dmathieu_coeffs_lwork(kind, m, q);
    double *c = bench_xmalloc((size_t)(nc > 0 ? nc : 1) * sizeof(double));
    double *wk = bench_xmalloc((size_t)(lw > 0 ? lw : 1) * sizeof(double));
    double lam, s0 = 0, s1 = 0, sq = 0;
    const int js[5] = {0, nx / 7, nx / 2, (2 * nx) / 3, nx - 1};
    int inf = bla_dmathieu_coeffs(kind, m, q, &lam, bla_dvec_make(c, nc, 1),
                                  bla_dvec_make(wk, lw, 1));
    CHECK(inf == 0, "coeffs %s_%d(q = %.17g): info %d", kn, m, q, inf);
    for (int j = 0; j < nx; ++j) {
      s0 = fmax(s0, fabs(w->f[i0 + j]));
      s1 = fmax(s1, fabs(w->fp[i0 + j]));
      if (j < nx - 1) /* x = 2 pi repeats x = 0 */
        sq += w->f[i0 + j] * w->f[i0 + j];
    }
    sq *= 2.0 / (double)(nx - 1); /* (1/pi) * (2 pi / (nx - 1)) */
    r->norm = fmax(r->norm, fabs(sq - 1));
    CHECK(fabs(sq - 1) <= NORM_TOL,
          "workflow A %s_%d(q = %.17g): (1/pi) int f^2 = %.17g", kn, m, q, sq);
    CHECK(kind == BLA_MATHIEU_CE ? w->f[i0] > 0 : w->fp[i0] > 0,
          "workflow A %s_%d(q = %.17g): sign at x = 0: f = %.3g, f' = %.3g", kn,
          m, q, w->f[i0], w->fp[i0]);
    for (int k = 0; inf == 0 && k < 5; ++k) {
      const bla_index i = i0 + js[k];
      double f = NAN, fp = NAN, e;
      const int ia = bla_dmathieu_angular(kind, m, bla_dvec_make(c, nc, 1),
                                          w->x[i], &f, &fp);
      e = fmax(relerr(w->f[i], f, s0 > 0 ? s0 : 1),
               relerr(w->fp[i], fp, s1 > 0 ? s1 : 1));
      CHECK(ia == 0 && e <= CORE_TOL,
            "workflow A %s_%d(%.17g, %.17g): batch %.17g, %.17g; core "
            "routines %.17g, %.17g",
            kn, m, w->x[i], q, w->f[i], w->fp[i], f, fp);
      r->core = fmax(r->core, e);
    }
    free(c);
    free(wk);
  }
}

/* ---- self-check: workflow B ---------------------------------------------- */

typedef struct {
  double core, lace, sym;
  int bitwise;
} b_result;

static void check_wf_b(wf_b *w, const options *o, b_result *r, const wf_b *pos,
                       bla_index stride) {
  bla_status st = wf_b_run(w, 1, w->a, w->b);
  r->core = r->lace = r->sym = 0;
  r->bitwise = 1;
  CHECK(st == BLA_OK, "workflow B: %s", bla_status_string(st));
  if (st != BLA_OK)
    return;
  for (bla_index i = 0; i < w->nq; ++i)
    if (w->info[i]) {
      CHECK(0, "workflow B (q = %.17g): info %d", w->q[i], w->info[i]);
      break;
    }
  for (int it = 0; it < o->a.nt; ++it) {
    st = wf_b_run(w, o->a.threads[it], w->a2, w->b2);
    if (st != BLA_OK ||
        memcmp(w->a, w->a2, (size_t)(w->nq * NA) * sizeof(double)) ||
        memcmp(w->b, w->b2, (size_t)(w->nq * NB) * sizeof(double)))
      r->bitwise = 0;
  }
  CHECK(r->bitwise, "workflow B: results differ between thread counts");
  for (int s = 0; s < 8; ++s) { /* the core routine directly */
    const bla_index i = bench_sample_index(w->nq, s, 8);
    double a[NA], b[NB];
    const int inf = ab_one(w->q[i], a, b);
    CHECK(inf == 0, "ab_all(q = %.17g): info %d", w->q[i], inf);
    for (int k = 0; k < NA; ++k)
      r->core =
          fmax(r->core, relerr(w->a[i * NA + k], a[k], fmax(fabs(a[k]), 1)));
    for (int k = 0; k < NB; ++k)
      r->core =
          fmax(r->core, relerr(w->b[i * NB + k], b[k], fmax(fabs(b[k]), 1)));
  }
  CHECK(r->core <= CORE_TOL, "workflow B: batch vs core routine %.2g", r->core);
  for (bla_index i = 0; i < w->nq; ++i) {
    const double *a = w->a + i * NA, *b = w->b + i * NB;
    /* Values near 0 at large |q| are accurate to eps |q|, not eps. */
    const double qs = fmax(fabs(w->q[i]), 1);
    if (w->q[i] >= 0) { /* a_0 <= b_1 <= a_1 <= b_2 <= ... */
      for (int k = 0; k < NB; ++k) {
        const double s = fmax(fabs(b[k]), qs);
        const double d1 = (a[k] - b[k]) / s;
        const double d2 = k + 1 < NA ? (b[k] - a[k + 1]) / s : 0;
        r->lace = fmax(r->lace, fmax(d1, d2));
      }
    } else if (pos) { /* a_2n(-q) = a_2n(q), a_2n+1(-q) = b_2n+1(q), ... */
      const double *pa = pos->a + i * stride * NA;
      const double *pb = pos->b + i * stride * NB;
      for (int k = 0; k < NA; ++k) {
        const double ref = k % 2 == 0 ? pa[k] : pb[k - 1];
        r->sym = fmax(r->sym, relerr(a[k], ref, fmax(fabs(ref), qs)));
      }
      for (int k = 1; k <= NB; ++k) {
        const double ref = k % 2 ? pa[k] : pb[k - 1];
        r->sym = fmax(r->sym, relerr(b[k - 1], ref, fmax(fabs(ref), qs)));
      }
    }
  }
  CHECK(r->lace <= LACE_TOL, "workflow B: interlacing violated by %.2g",
        r->lace);
  CHECK(r->sym <= LACE_TOL, "workflow B: DLMF 28.2.16 violated by %.2g",
        r->sym);
}

/* ---- timing ---------------------------------------------------------------
 */

typedef struct {
  const char *name;
  bla_index entries, values;
  double t[BENCH_MAX_LIST][BENCH_MAX_REPS];
} row;

static void print_rows(const row *rw, int nrow, const options *o) {
  bench_print_table(NULL, "| workflow | entries | values | threads | time "
                          "(ms), median (spread) | ns per value | speedup vs "
                          "1 thread |");
  for (int r = 0; r < nrow; ++r)
    for (int it = 0; it < o->a.nt; ++it) {
      const double *t = rw[r].t[it];
      const double med = bench_median(t, o->a.reps);
      const double spr = bench_spread(t, o->a.reps);
      char ms[32], ns[32], sp[32];
      bench_fmt_val(ms, sizeof ms, med * 1e3, spr);
      bench_fmt_val(ns, sizeof ns, med / (double)rw[r].values * 1e9, spr);
      int i1 = -1;
      for (int j = 0; j < o->a.nt; ++j)
        if (o->a.threads[j] == 1)
          i1 = j;
      if (i1 >= 0)
        bench_ratio_cell(sp, sizeof sp, rw[r].t[i1], t, o->a.reps);
      else
        snprintf(sp, sizeof sp, "n/a");
      printf("| %s | %lld | %lld | %d | %s (%.0f%%) | %s | %s |\n", rw[r].name,
             (long long)rw[r].entries, (long long)rw[r].values,
             o->a.threads[it], ms, 100 * spr, ns, sp);
    }
}

#define USAGE                                                                  \
  "bench_mathieu [--quick] [--reps R] [--threads 1,2,...] [--seed X] [--ref "  \
  "FILE]"

int main(int argc, char **argv) {
  options o;
  const double t_start = bench_now();
  double pub;
  int status = 0, have_ref, nrow = 0;
  ref_result rr;
  a_result ra[2];
  b_result rb[2];
  static row rows[4];
  wf_a wa;
  wf_b wb[2];
  bla_index stride = 10;
  bench_env env;
  char refpath[1024];
  const bench_opt extra[] = {
      {"--ref", BENCH_OPT_STRING, &o.ref, NULL, 0, NULL}};

  bench_set_name("bench_mathieu");
  bench_args_init(&o.a, 1, 1234, NULL);
  snprintf(refpath, sizeof refpath, "%s/mathieu_ref.txt", bench_data_dir());
  o.ref = refpath;
  if (!bench_args_parse(&o.a, argc, argv, ~0u & ~BENCH_SIZES, extra, 1, USAGE))
    return 2;
  bench_env_read(&env, NULL, 0);

  /* Inputs. */
  wf_a_init(&wa, o.a.quick ? 20 : 100, o.a.quick ? 200 : 1000, o.a.seed);
  wf_b_init(&wb[0], o.a.quick ? 200 : 10000, 0, 1000);
  wf_b_init(&wb[1], (wb[0].nq - 1) / stride + 1, 0, 0);
  for (bla_index i = 0; i < wb[1].nq; ++i)
    wb[1].q[i] = -wb[0].q[i * stride];

  /* Self-check. */
  fprintf(stderr, "bench_mathieu: self-check\n");
  pub = check_published();
  have_ref = check_ref_file(o.ref, &rr) == 0;
  if (!have_ref)
    fprintf(stderr,
            "bench_mathieu: %s not readable: checking the published "
            "values only\n",
            o.ref);
  check_wf_a(&wa, BLA_MATHIEU_CE, &o, &ra[0]);
  check_wf_a(&wa, BLA_MATHIEU_SE, &o, &ra[1]);
  check_wf_b(&wb[0], &o, &rb[0], NULL, 0);
  check_wf_b(&wb[1], &o, &rb[1], &wb[0], stride);
  if (g_fail) {
    fprintf(stderr, "bench_mathieu: %d self-check failures: no timing\n",
            g_fail);
    status = 1;
  }

  /* Timing: the thread counts rotate which runs first. */
  if (!status) {
    const char *an[2] = {"A ce_m(x, q) and ce_m'", "A se_m(x, q) and se_m'"};
    const char *bn[2] = {"B a_0..a_100, b_1..b_100, q >= 0",
                         "B a_0..a_100, b_1..b_100, q <= 0"};
    for (int k = 0; k < 4; ++k) {
      row *rw = &rows[nrow++];
      rw->name = k < 2 ? an[k] : bn[k - 2];
      rw->entries = k < 2 ? wa.count : wb[k - 2].nq;
      rw->values = k < 2 ? wa.count : wb[k - 2].nq * (NA + NB);
      fprintf(stderr, "bench_mathieu: timing %s, %d reps\n", rw->name,
              o.a.reps);
      for (int rep = 0; rep < o.a.reps; ++rep)
        for (int j = 0; j < o.a.nt; ++j) {
          const int it = (rep + j) % o.a.nt;
          const double t0 = bench_now();
          if (k < 2)
            wf_a_run(&wa, k == 0 ? BLA_MATHIEU_CE : BLA_MATHIEU_SE,
                     o.a.threads[it], wa.f2, wa.fp2);
          else
            wf_b_run(&wb[k - 2], o.a.threads[it], wb[k - 2].a2, wb[k - 2].b2);
          rw->t[it][rep] = bench_now() - t0;
        }
    }
  }

  bench_print_head("Host: batchla Mathieu batch drivers (bench_mathieu)", &o.a,
                   &env);
  printf("- CPU: %s, %d logical CPUs; 1-minute load average at start %.2f, "
         "at end %.2f\n",
         env.cpu, env.procs, env.load0, bench_load_average());
  printf("- workflow A: %d (m, q) pairs, m uniform in 1..99, q = 2^u with u "
         "uniform in [1, 7) (splitmix64 seed %llu), x = 2 pi j / %d, j = "
         "0..%d; one bla_dmathieu_angular_batch call per kind (f and f')\n",
         wa.npair, (unsigned long long)o.a.seed, wa.nx - 1, wa.nx - 1);
  printf("- workflow B: a_0..a_100 and b_1..b_100 (one "
         "bla_dmathieu_ab_all_batch call) at %lld q evenly in [0, 1000] "
         "and at the %lld q = -(every %lldth of them)\n",
         (long long)wb[0].nq, (long long)wb[1].nq, (long long)stride);
  printf("\n### Self-check (before timing)\n\n");
  printf("- published a_0(8), a_3(1.5), b_1(15), b_10(-3): worst error "
         "%.1e (bound %.0e)\n",
         pub, PUB_TOL);
  if (have_ref)
    printf("- reference file %s: %d a/b records, worst error %.1e relative "
           "to max(|v|, 1); %d angular records through the batch driver, "
           "worst error %.1e of the function's scale (bound %.0e)\n",
           o.ref, rr.nab, rr.worst_ab, rr.nang, rr.worst_ang, REF_TOL);
  else
    printf("- reference file %s: not readable, not checked\n", o.ref);
  for (int k = 0; k < 2; ++k)
    printf("- workflow A, %s: batch vs the core routines called directly "
           "%.1e of the pair's scale (bound %.0e); |(1/pi) int f^2 - 1| "
           "<= %.1e; signs at x = 0 as DLMF; %s across thread counts\n",
           k ? "se" : "ce", ra[k].core, CORE_TOL, ra[k].norm,
           ra[k].bitwise ? "bit-identical" : "NOT identical");
  printf("- workflow B, q >= 0: batch vs core routine %.1e; interlacing "
         "a_0 <= b_1 <= a_1 <= ... violated by at most %.1e of max(|v|, "
         "|q|, 1); %s across thread counts\n",
         rb[0].core, rb[0].lace,
         rb[0].bitwise ? "bit-identical" : "NOT identical");
  printf("- workflow B, q <= 0: batch vs core routine %.1e; DLMF 28.2.16 "
         "against the q >= 0 values %.1e of max(|v|, |q|, 1); %s across "
         "thread counts\n",
         rb[1].core, rb[1].sym,
         rb[1].bitwise ? "bit-identical" : "NOT identical");
  printf("- self-check: %s\n\n",
         g_fail ? "FAILED (see stderr): no timing" : "passed");

  if (!status) {
    printf("### Time per value, median of %d repetitions\n\n", o.a.reps);
    printf("Value = one entry (f and f' at one (m, q, x)) for A, one "
           "characteristic value for B. Spread = (max - min) / median. "
           "Speedup = 1-thread time / this time (median; paired "
           "per-repetition range). The thread counts rotate which runs "
           "first.\n\n");
    print_rows(rows, nrow, &o);
    printf("\n");
  }
  printf("Not measured: float, the radial functions, the CUDA path "
         "(bench_mathieu_gpu), other q ranges and orders; the comparison "
         "with SciPy is bench/mathieu_scipy.py's.\n\n");
  bench_print_total(t_start, status);
  wf_a_free(&wa);
  wf_b_free(&wb[0]);
  wf_b_free(&wb[1]);
  return status;
}
