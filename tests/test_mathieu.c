/* tests/test_mathieu.c: tests of the Mathieu functions: the routines
 * of batchla/special/mathieu.h (characteristic values, Fourier
 * coefficients, angular and radial functions) and the batch drivers
 * bla_{d,s}mathieu_{ab_all,angular,radial}_batch.
 *
 * Accuracy is judged against high-precision reference values
 * (tests/data/mathieu_ref.txt, written by tests/data/gen_mathieu_ref.py),
 * against published values, and by identities that need no reference:
 * ordering and interlacing of the characteristic values, their
 * q -> -q relations and Lipschitz bound in q, normalization and
 * orthogonality of the coefficients, parity, periodicity and the
 * q -> -q relations of the angular functions, the Wronskian and
 * smoothness in q of the radial functions, the q -> 0 limits at tiny and
 * subnormal q, and angular values at arguments up to the largest finite. Every
 * bound below states the worst value measured when it was chosen
 * (BLA_TEST_VERBOSE=1 prints the worst of each test). The batch-driver
 * tests (BLT_TEST) run on the host and, as suites cuda_*, on a CUDA
 * device, where the core's bits become the reference's tolerance; the
 * suite cuda_vs_host compares a device with the host driver. */
#include <criterion/criterion.h>

#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "batchla/batchla.h"
#include "batchla/special/mathieu.h"
#include "bla_test.h"
#include "bla_test_raw.h"
#include "bla_test_report.h"
#include "bla_test_devpair.h"

#ifndef BLA_TEST_DATA_DIR
#error "BLA_TEST_DATA_DIR must name the directory holding mathieu_ref.txt"
#endif

static const char *const kind_names[2] = {"ce", "se"};
static const char *const rad_names[2] = {"Mc", "Ms"};

/* ---- Worst errors ------------------------------------------------------- */

typedef struct {
  double err;
  char where[200];
  long n;
} worst_t;

static void worst_init(worst_t *w) {
  w->err = 0;
  w->where[0] = '\0';
  w->n = 0;
}

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static void
worst_note(worst_t *w, double err, const char *fmt, ...) {
  ++w->n;
  if (!(err <= w->err)) {
    va_list ap;
    w->err = err;
    va_start(ap, fmt);
    vsnprintf(w->where, sizeof w->where, fmt, ap);
    va_end(ap);
  }
}

static void worst_print(const worst_t *w, const char *what, double bound) {
  if (!blt_verbose() || w->n == 0)
    return;
  printf("worst %-34s %10.3g (bound %8.3g, %6ld values) at %s\n", what, w->err,
         bound, w->n, w->where);
  fflush(stdout);
}

/* ---- Reference data ------------------------------------------------------ */

#define NA 101 /* a_0 .. a_100 */
#define NB 100 /* b_1 .. b_100 */

typedef struct {
  double q;
  int is_float;
  int have_a, have_b;
  long double a[NA], b[NB];
} ab_rec;

typedef struct {
  int kind, m, is_float, n;
  double q;
  long double *c;
} coef_rec;

typedef struct {
  int kind, m;
  double q, x;
  long double f, fp;
} ang_rec;

typedef struct {
  int kind, m;
  double q, z;
  long double v[4];
} rad_rec;

typedef struct {
  int nab, ncoef, nang, nrad;
  ab_rec *ab;
  coef_rec *coef;
  ang_rec *ang;
  rad_rec *rad;
} ref_data;

static ref_data g_ref;
static int g_ref_loaded;

static void *grow(void *p, int n, size_t es) {
  /* Doubling at powers of two: amortized O(1) appends. */
  if (n > 0 && (n & (n - 1)) == 0) {
    p = realloc(p, (size_t)(2 * n) * es);
    cr_assert(p != NULL, "out of memory");
  } else if (n == 0) {
    p = blt_xmalloc(es);
  }
  return p;
}

static int parse_kind(const char *s, const char *const names[2]) {
  if (strncmp(s, names[0], 2) == 0 && s[2] == ' ')
    return 0;
  if (strncmp(s, names[1], 2) == 0 && s[2] == ' ')
    return 1;
  return -1;
}

static long double next_ld(char **s, const char *what) {
  char *end;
  long double v = strtold(*s, &end);
  cr_assert(end != *s, "mathieu_ref.txt: short %s record", what);
  *s = end;
  return v;
}

static double next_d(char **s, const char *what) {
  char *end;
  double v = strtod(*s, &end);
  cr_assert(end != *s, "mathieu_ref.txt: short %s record", what);
  *s = end;
  return v;
}

static int next_flag(char **s) {
  while (**s == ' ')
    ++*s;
  cr_assert(**s == 'F' || **s == 'D', "mathieu_ref.txt: missing F/D flag");
  return *(*s)++ == 'F';
}

static ab_rec *ab_slot(double q) {
  int i;
  for (i = 0; i < g_ref.nab; ++i)
    if (g_ref.ab[i].q == q)
      return &g_ref.ab[i];
  g_ref.ab = (ab_rec *)grow(g_ref.ab, g_ref.nab, sizeof(ab_rec));
  memset(&g_ref.ab[g_ref.nab], 0, sizeof(ab_rec));
  g_ref.ab[g_ref.nab].q = q;
  return &g_ref.ab[g_ref.nab++];
}

static const ref_data *ref_get(void) {
  static char line[1 << 17];
  const char *path = BLA_TEST_DATA_DIR "/mathieu_ref.txt";
  FILE *fp;
  int i;
  if (g_ref_loaded)
    return &g_ref;
  fp = blt_data_open(path);
  memset(&g_ref, 0, sizeof g_ref);
  while (blt_data_line(fp, line, (int)sizeof line, path)) {
    char *s;
    if ((line[0] == 'a' || line[0] == 'b') && line[1] == ' ') {
      const int is_a = line[0] == 'a';
      ab_rec *r;
      double q;
      s = line + 2;
      q = next_d(&s, "a/b");
      r = ab_slot(q);
      r->is_float = next_flag(&s);
      for (i = 0; i < (is_a ? NA : NB); ++i) {
        const long double v = next_ld(&s, "a/b");
        if (is_a)
          r->a[i] = v;
        else
          r->b[i] = v;
      }
      if (is_a)
        r->have_a = 1;
      else
        r->have_b = 1;
    } else if (strncmp(line, "coef ", 5) == 0) {
      coef_rec *r;
      long double buf[4096];
      int n = 0;
      g_ref.coef = (coef_rec *)grow(g_ref.coef, g_ref.ncoef, sizeof(coef_rec));
      r = &g_ref.coef[g_ref.ncoef++];
      r->kind = parse_kind(line + 5, kind_names);
      cr_assert(r->kind >= 0, "%s: bad coef kind", path);
      s = line + 8;
      r->m = (int)next_d(&s, "coef");
      r->q = next_d(&s, "coef");
      r->is_float = next_flag(&s);
      for (;;) {
        char *end;
        const long double v = strtold(s, &end);
        if (end == s)
          break;
        cr_assert(n < 4096, "%s: too many coefficients", path);
        buf[n++] = v;
        s = end;
      }
      cr_assert(n > 0, "%s: empty coef record", path);
      r->n = n;
      r->c = (long double *)blt_xmemdup(buf, (size_t)n * sizeof(long double));
    } else if (strncmp(line, "ang ", 4) == 0) {
      ang_rec *r;
      g_ref.ang = (ang_rec *)grow(g_ref.ang, g_ref.nang, sizeof(ang_rec));
      r = &g_ref.ang[g_ref.nang++];
      r->kind = parse_kind(line + 4, kind_names);
      cr_assert(r->kind >= 0, "%s: bad ang kind", path);
      s = line + 7;
      r->m = (int)next_d(&s, "ang");
      r->q = next_d(&s, "ang");
      r->x = next_d(&s, "ang");
      r->f = next_ld(&s, "ang");
      r->fp = next_ld(&s, "ang");
    } else if (strncmp(line, "rad ", 4) == 0) {
      rad_rec *r;
      g_ref.rad = (rad_rec *)grow(g_ref.rad, g_ref.nrad, sizeof(rad_rec));
      r = &g_ref.rad[g_ref.nrad++];
      r->kind = parse_kind(line + 4, rad_names);
      cr_assert(r->kind >= 0, "%s: bad rad kind", path);
      s = line + 7;
      r->m = (int)next_d(&s, "rad");
      r->q = next_d(&s, "rad");
      r->z = next_d(&s, "rad");
      for (i = 0; i < 4; ++i)
        r->v[i] = next_ld(&s, "rad");
    } else {
      cr_assert(0, "%s: unexpected line '%.40s'", path, line);
    }
  }
  fclose(fp);
  for (i = 0; i < g_ref.nab; ++i)
    cr_assert(g_ref.ab[i].have_a && g_ref.ab[i].have_b,
              "%s: q = %g lacks its a or b record", path, g_ref.ab[i].q);
  cr_assert(g_ref.nab >= 40 && g_ref.ncoef >= 100 && g_ref.nang >= 1000 &&
                g_ref.nrad >= 200,
            "%s: too little data (%d q, %d coef, %d ang, %d rad)", path,
            g_ref.nab, g_ref.ncoef, g_ref.nang, g_ref.nrad);
  g_ref_loaded = 1;
  return &g_ref;
}

static const coef_rec *ref_coef(const ref_data *r, int kind, int m, double q) {
  int i;
  for (i = 0; i < r->ncoef; ++i)
    if (r->coef[i].kind == kind && r->coef[i].m == m && r->coef[i].q == q)
      return &r->coef[i];
  return NULL;
}

static const ab_rec *ref_ab(const ref_data *r, double q) {
  int i;
  for (i = 0; i < r->nab; ++i)
    if (r->ab[i].q == q)
      return &r->ab[i];
  return NULL;
}

/* ---- The core routines in either precision --------------------------------
 * Values go in and come out as double; work is allocated to exactly the
 * length the routine's lwork function asks for, so that a sanitizer sees
 * any access beyond it. */

static blt_prec prec_of(int is_float) {
  return blt_prec_of(is_float);
}

static int ab_all(int is_float, double q, int na, double *a, int nb,
                  double *b) {
  int info, i;
  if (is_float) {
    const float qf = (float)q;
    const bla_index lw = bla_smathieu_ab_all_lwork(na, nb, qf);
    float *w = (float *)blt_xmalloc((size_t)(lw > 0 ? lw : 1) * sizeof(float));
    float *af = (float *)blt_xmalloc((size_t)(na + 1) * sizeof(float));
    float *bf = (float *)blt_xmalloc((size_t)(nb + 1) * sizeof(float));
    info =
        bla_smathieu_ab_all(qf, bla_svec_make(af, na, 1),
                            bla_svec_make(bf, nb, 1), bla_svec_make(w, lw, 1));
    for (i = 0; i < na; ++i)
      a[i] = af[i];
    for (i = 0; i < nb; ++i)
      b[i] = bf[i];
    free(w);
    free(af);
    free(bf);
  } else {
    const bla_index lw = bla_dmathieu_ab_all_lwork(na, nb, q);
    double *w =
        (double *)blt_xmalloc((size_t)(lw > 0 ? lw : 1) * sizeof(double));
    info =
        bla_dmathieu_ab_all(q, bla_dvec_make(a, na, 1), bla_dvec_make(b, nb, 1),
                            bla_dvec_make(w, lw, 1));
    free(w);
  }
  return info;
}

static int64_t nterms(int is_float, int kind, int m, double q) {
  return is_float ? bla_smathieu_nterms((bla_mathieu_kind)kind, m, (float)q)
                  : bla_dmathieu_nterms((bla_mathieu_kind)kind, m, q);
}

/* Coefficients of (kind, m, q): *c (malloc'd, *n = nterms entries, at
 * least one) and the characteristic value. */
static int coeffs(int is_float, int kind, int m, double q, double *lam,
                  double **c, int64_t *n) {
  const bla_mathieu_kind k = (bla_mathieu_kind)kind;
  int64_t nt = nterms(is_float, kind, m, q), i;
  int info;
  if (nt < 1)
    nt = 1;
  *n = nt;
  *c = (double *)blt_xmalloc((size_t)nt * sizeof(double));
  if (is_float) {
    const float qf = (float)q;
    const bla_index lw = bla_smathieu_coeffs_lwork(k, m, qf);
    float *w = (float *)blt_xmalloc((size_t)(lw > 0 ? lw : 1) * sizeof(float));
    float *cf = (float *)blt_xmalloc((size_t)nt * sizeof(float));
    float lf = 0;
    info = bla_smathieu_coeffs(k, m, qf, &lf, bla_svec_make(cf, nt, 1),
                               bla_svec_make(w, lw, 1));
    for (i = 0; i < nt; ++i)
      (*c)[i] = cf[i];
    *lam = lf;
    free(w);
    free(cf);
  } else {
    const bla_index lw = bla_dmathieu_coeffs_lwork(k, m, q);
    double *w =
        (double *)blt_xmalloc((size_t)(lw > 0 ? lw : 1) * sizeof(double));
    info = bla_dmathieu_coeffs(k, m, q, lam, bla_dvec_make(*c, nt, 1),
                               bla_dvec_make(w, lw, 1));
    free(w);
  }
  return info;
}

static int angular(int is_float, int kind, int m, const double *c, int64_t n,
                   double x, double *f, double *fp) {
  const bla_mathieu_kind k = (bla_mathieu_kind)kind;
  int info;
  if (is_float) {
    float *cf = (float *)blt_xmalloc((size_t)n * sizeof(float));
    float ff = 0, fpf = 0;
    int64_t i;
    for (i = 0; i < n; ++i)
      cf[i] = (float)c[i];
    info = bla_smathieu_angular(k, m, bla_svec_make(cf, n, 1), (float)x,
                                f ? &ff : NULL, fp ? &fpf : NULL);
    if (f)
      *f = ff;
    if (fp)
      *fp = fpf;
    free(cf);
  } else {
    info =
        bla_dmathieu_angular(k, m, bla_dvec_make((double *)c, n, 1), x, f, fp);
  }
  return info;
}

static int radial(int is_float, int kind, int m, double q, const double *c,
                  int64_t n, double z, double v[4]) {
  const bla_mathieu_kind k = (bla_mathieu_kind)kind;
  int info;
  if (is_float) {
    const bla_index lw = bla_smathieu_radial_lwork(n);
    float *w = (float *)blt_xmalloc((size_t)(lw > 0 ? lw : 1) * sizeof(float));
    float *cf = (float *)blt_xmalloc((size_t)n * sizeof(float));
    float o[4] = {0, 0, 0, 0};
    int64_t i;
    for (i = 0; i < n; ++i)
      cf[i] = (float)c[i];
    info = bla_smathieu_radial(k, m, (float)q, bla_svec_make(cf, n, 1),
                               (float)z, &o[0], &o[1], &o[2], &o[3],
                               bla_svec_make(w, lw, 1));
    for (i = 0; i < 4; ++i)
      v[i] = o[i];
    free(w);
    free(cf);
  } else {
    const bla_index lw = bla_dmathieu_radial_lwork(n);
    double *w =
        (double *)blt_xmalloc((size_t)(lw > 0 ? lw : 1) * sizeof(double));
    info =
        bla_dmathieu_radial(k, m, q, bla_dvec_make((double *)c, n, 1), z, &v[0],
                            &v[1], &v[2], &v[3], bla_dvec_make(w, lw, 1));
    free(w);
  }
  return info;
}

/* The frequency of coefficient r of (kind, m): cos(fx) or sin(fx). */
static int freq(int kind, int m, int64_t r) {
  if (kind == 0)
    return (int)(2 * r + (m % 2));
  return (int)(2 * r + (m % 2 ? 1 : 2));
}

/* sum |c_r| and sum f_r |c_r|: the scales of the angular value and
 * derivative (each rounding error of a term is relative to its size). */
static void ang_scales(int kind, int m, const double *c, int64_t n, double *s0,
                       double *s1) {
  int64_t r;
  *s0 = *s1 = 0;
  for (r = 0; r < n; ++r) {
    *s0 += fabs(c[r]);
    *s1 += freq(kind, m, r) * fabs(c[r]);
  }
}

/* ---- Batch drivers over raw storage of either precision -------------------
 */

static bla_status call_ab(int is_float, rvec q, rvb a, rvb b, int *info,
                          const bla_exec *ex) {
  if (is_float)
    return bla_smathieu_ab_all_batch(rv_s(q), rvb_s(a), rvb_s(b), info, ex);
  return bla_dmathieu_ab_all_batch(rv_d(q), rvb_d(a), rvb_d(b), info, ex);
}

/* The angular (o[0], o[1]) or radial (o[0..3]) batch driver. */
static bla_status call_fn(int is_float, int rad, int kind, const int *m,
                          int64_t minc, rvec q, rvec x, const rvec *o,
                          int *info, const bla_exec *ex) {
  const bla_mathieu_kind k = (bla_mathieu_kind)kind;
  if (is_float) {
    if (rad)
      return bla_smathieu_radial_batch(k, m, minc, rv_s(q), rv_s(x), rv_s(o[0]),
                                       rv_s(o[1]), rv_s(o[2]), rv_s(o[3]), info,
                                       ex);
    return bla_smathieu_angular_batch(k, m, minc, rv_s(q), rv_s(x), rv_s(o[0]),
                                      rv_s(o[1]), info, ex);
  }
  if (rad)
    return bla_dmathieu_radial_batch(k, m, minc, rv_d(q), rv_d(x), rv_d(o[0]),
                                     rv_d(o[1]), rv_d(o[2]), rv_d(o[3]), info,
                                     ex);
  return bla_dmathieu_angular_batch(k, m, minc, rv_d(q), rv_d(x), rv_d(o[0]),
                                    rv_d(o[1]), info, ex);
}

/* call_ab and call_fn on the backend: every array mirrored there (info
 * with ninfo entries) and the outputs brought back. */
static bla_status ab_on(const blt_backend *be, const bla_exec *ex, int is_float,
                        rvec q, rvb a, rvb b, int *info, int64_t ninfo) {
  const size_t es = es_of(is_float);
  blt_mirror mm = blt_mirror_begin(be);
  bla_status st;
  q.data = (void *)blt_mirror_in(&mm, q.data, span(q.n, q.inc, es), q.data);
  a.data = blt_mirror_ptr(&mm, a.data, rvb_span(a, es), a.data);
  b.data = blt_mirror_ptr(&mm, b.data, rvb_span(b, es), b.data);
  st = call_ab(is_float, q, a, b, blt_mirror_info(&mm, info, ninfo), ex);
  blt_mirror_end(&mm);
  return st;
}

static bla_status fn_on(const blt_backend *be, const bla_exec *ex, int is_float,
                        int rad, int kind, const int *m, int64_t minc, rvec q,
                        rvec x, const rvec *o, int *info, int64_t ninfo) {
  const size_t es = es_of(is_float);
  blt_mirror mm = blt_mirror_begin(be);
  rvec d[4];
  bla_status st;
  int k;
  m = (const int *)blt_mirror_in(&mm, m, span(x.n, minc, sizeof(int)), m);
  q.data = (void *)blt_mirror_in(&mm, q.data, span(q.n, q.inc, es), q.data);
  x.data = (void *)blt_mirror_in(&mm, x.data, span(x.n, x.inc, es), x.data);
  for (k = 0; k < (rad ? 4 : 2); ++k) {
    d[k] = o[k];
    d[k].data =
        blt_mirror_ptr(&mm, o[k].data, span(o[k].n, o[k].inc, es), o[k].data);
  }
  st = call_fn(is_float, rad, kind, m, minc, q, x, d,
               blt_mirror_info(&mm, info, ninfo), ex);
  blt_mirror_end(&mm);
  return st;
}

/* The backend's defaults (host: OpenMP's thread count). */
static bla_exec exec_of(const blt_backend *be) {
  return blt_backend_exec(be, BLT_RUN_DEFAULT);
}

/* ---- Reference: characteristic values ------------------------------------
 * Error |v - ref| / max(|ref|, 1), every q of the file, a_0..a_100 and
 * b_1..b_100, through the core routine and through the batch driver (which
 * must give the core's bits). */
#define AB_TOL_D 1e-14 /* measured worst 3.6e-15, a_98(-50) */
#define AB_TOL_F 1e-5  /* measured worst 1.2e-6, a_100(-100) */

static double ab_err(double v, long double ref) {
  const long double s = fabsl(ref) > 1 ? fabsl(ref) : 1;
  if (isnan(v))
    return INFINITY;
  return (double)(fabsl((long double)v - ref) / s);
}

static void run_ab_ref(const blt_backend *be, int is_float) {
  const int host = blt_backend_is_host(be);
  const ref_data *r = ref_get();
  const blt_prec prec = prec_of(is_float);
  const double tol = is_float ? AB_TOL_F : AB_TOL_D;
  int idx[256], count = 0, i, k;
  double *a, *b;
  void *qv, *ab_a, *ab_b;
  int *info;
  worst_t w, w2;
  worst_init(&w);
  worst_init(&w2);
  for (i = 0; i < r->nab; ++i)
    if (!is_float || r->ab[i].is_float)
      idx[count++] = i;
  cr_assert(count >= 20, "too few q for %s", prec.name);
  a = (double *)blt_xmalloc((size_t)count * NA * sizeof(double));
  b = (double *)blt_xmalloc((size_t)count * NB * sizeof(double));
  for (i = 0; i < count; ++i) {
    const ab_rec *rec = &r->ab[idx[i]];
    double *ai = a + (size_t)i * NA, *bi = b + (size_t)i * NB;
    const int inf = ab_all(is_float, rec->q, NA, ai, NB, bi);
    CHECK(!host || inf == 0, "%s ab_all(q = %g): info %d", prec.name, rec->q,
          inf);
    for (k = 0; k < NA; ++k) {
      const double e = ab_err(ai[k], rec->a[k]);
      worst_note(&w, e, "a_%d(%g)", k, rec->q);
      worst_note(&w2,
                 (double)(fabsl(ai[k] - rec->a[k]) /
                          fmaxl(fmaxl(fabsl(rec->a[k]), fabs(rec->q)), 1) /
                          prec.ulp),
                 "a_%d(%g)", k, rec->q);
      CHECK(!host || e <= tol,
            "%s a_%d(%.17g) = %.17g, reference %.21Lg: error %.3g", prec.name,
            k, rec->q, ai[k], rec->a[k], e);
    }
    for (k = 0; k < NB; ++k) {
      const double e = ab_err(bi[k], rec->b[k]);
      worst_note(&w, e, "b_%d(%g)", k + 1, rec->q);
      worst_note(&w2,
                 (double)(fabsl(bi[k] - rec->b[k]) /
                          fmaxl(fmaxl(fabsl(rec->b[k]), fabs(rec->q)), 1) /
                          prec.ulp),
                 "b_%d(%g)", k + 1, rec->q);
      CHECK(!host || e <= tol,
            "%s b_%d(%.17g) = %.17g, reference %.21Lg: error %.3g", prec.name,
            k + 1, rec->q, bi[k], rec->b[k], e);
    }
  }
  worst_print(&w, is_float ? "a, b float" : "a, b double", tol);
  worst_print(&w2, "qscaled ulp", tol);
  /* The batch driver: a packed, b interleaved; the core's bits (a
   * device: within tol of the reference). */
  qv = raw_new(is_float, count);
  ab_a = raw_new(is_float, (int64_t)count * NA);
  ab_b = raw_new(is_float, (int64_t)count * NB);
  info = (int *)blt_xcalloc((size_t)count, sizeof(int));
  for (i = 0; i < count; ++i)
    raw_set(is_float, qv, i, r->ab[idx[i]].q);
  {
    const bla_exec ex = exec_of(be);
    cr_assert(ab_on(be, &ex, is_float, rv(qv, count, 1),
                    rvb_packed(ab_a, count, NA),
                    rvb_interleaved(ab_b, count, NB), info, count) == BLA_OK);
  }
  for (i = 0; i < count; ++i) {
    const ab_rec *rec = &r->ab[idx[i]];
    int same = info[i] == 0;
    for (k = 0; k < NA; ++k) {
      const double v = raw_get(is_float, ab_a, (int64_t)i * NA + k);
      same = same && (host ? memcmp(&v, &a[(size_t)i * NA + k], sizeof v) == 0
                           : ab_err(v, rec->a[k]) <= tol);
    }
    for (k = 0; k < NB; ++k) {
      const double v = raw_get(is_float, ab_b, (int64_t)k * count + i);
      same = same && (host ? memcmp(&v, &b[(size_t)i * NB + k], sizeof v) == 0
                           : ab_err(v, rec->b[k]) <= tol);
    }
    CHECK(same,
          "%s ab_all_batch at q = %g: info %d or values differ from "
          "the core routine's",
          prec.name, r->ab[idx[i]].q, info[i]);
  }
  free(qv);
  free(ab_a);
  free(ab_b);
  free(info);
  free(a);
  free(b);
}

BLT_TEST_PRECS(reference, ab_double, ab_float) {
  run_ab_ref(be, is_float);
}

/* Published values (the ones gen_mathieu_ref.py also asserts), relative
 * 1e-15: about 4.5 ulp. */
Test(reference, published) {
  static const struct {
    int is_b, m;
    double q;
    long double v;
  } pub[] = {{0, 0, 8.0, -10.6067292355526479852024L},
             {0, 3, 1.5, 9.19330104768060974047804L},
             {1, 1, 15.0, -22.5130034974234666335L},
             {1, 10, -3.0, 100.0454683359769326164L}};
  size_t i;
  for (i = 0; i < sizeof pub / sizeof pub[0]; ++i) {
    double a[11], b[11], lam, *c;
    int64_t n;
    int info = ab_all(0, pub[i].q, 11, a, 11, b);
    const double v = pub[i].is_b ? b[pub[i].m - 1] : a[pub[i].m];
    const double e =
        (double)(fabsl((long double)v - pub[i].v) / fabsl(pub[i].v));
    CHECK(info == 0 && e <= 1e-15,
          "%c_%d(%g) = %.17g, published %.21Lg: "
          "relative error %.3g",
          pub[i].is_b ? 'b' : 'a', pub[i].m, pub[i].q, v, pub[i].v, e);
    /* The same value from the expansion routine. */
    info = coeffs(0, pub[i].is_b, pub[i].m, pub[i].q, &lam, &c, &n);
    CHECK(info == 0 &&
              fabsl((long double)lam - pub[i].v) <= 1e-15L * fabsl(pub[i].v),
          "coeffs: %c_%d(%g) = %.17g, published %.21Lg",
          pub[i].is_b ? 'b' : 'a', pub[i].m, pub[i].q, lam, pub[i].v);
    free(c);
  }
  check_done();
}

/* SciPy issue 4479: mathieu_a(3, 21) returned a_5(21). Both orders must
 * match the reference, through both routines, and differ. */
Test(reference, scipy_4479) {
  const ref_data *r = ref_get();
  const ab_rec *rec = ref_ab(r, 21.0);
  double a[6], b[6], lam[2], *c;
  int64_t n;
  int j;
  cr_assert(rec != NULL, "no reference at q = 21");
  cr_assert(ab_all(0, 21.0, 6, a, 6, b) == 0);
  for (j = 0; j < 2; ++j) {
    const int m = j ? 5 : 3;
    CHECK(ab_err(a[m], rec->a[m]) <= AB_TOL_D,
          "a_%d(21) = %.17g, reference "
          "%.21Lg",
          m, a[m], rec->a[m]);
    cr_assert(coeffs(0, 0, m, 21.0, &lam[j], &c, &n) == 0);
    free(c);
    CHECK(ab_err(lam[j], rec->a[m]) <= AB_TOL_D,
          "coeffs: a_%d(21) = %.17g, "
          "reference %.21Lg",
          m, lam[j], rec->a[m]);
  }
  CHECK(a[5] - a[3] > 20 && lam[1] - lam[0] > 20,
        "a_3(21) = %.17g and a_5(21) = %.17g are not distinct", a[3], a[5]);
  check_done();
}

/* ---- Reference: coefficients --------------------------------------------
 * max_r |c_r - ref_r| / max_r |ref_r| over every r either side has (the
 * reference drops entries below 1e-40 max, the routine sets those past
 * nterms to 0); the characteristic value the routine returns with the
 * tolerance of the ab tests. */
#define COEF_TOL_D 1e-14 /* measured worst 1.4e-15, se_55(1200) */
#define COEF_TOL_F 1e-5  /* measured worst 3.3e-7, se_55(1200) */

static void run_coef_ref(int is_float) {
  const ref_data *r = ref_get();
  const blt_prec prec = prec_of(is_float);
  const double tol = is_float ? COEF_TOL_F : COEF_TOL_D;
  int i, used = 0;
  worst_t w, wl;
  worst_init(&w);
  worst_init(&wl);
  for (i = 0; i < r->ncoef; ++i) {
    const coef_rec *rec = &r->coef[i];
    const ab_rec *abr = ref_ab(r, rec->q);
    double lam, *c, e = 0;
    long double big = 0;
    int64_t n, k;
    int info;
    if (is_float && !rec->is_float)
      continue;
    ++used;
    info = coeffs(is_float, rec->kind, rec->m, rec->q, &lam, &c, &n);
    CHECK(info == 0, "%s coeffs %s_%d(%g): info %d", prec.name,
          kind_names[rec->kind], rec->m, rec->q, info);
    for (k = 0; k < rec->n; ++k)
      if (fabsl(rec->c[k]) > big)
        big = fabsl(rec->c[k]);
    for (k = 0; k < (n > rec->n ? n : rec->n); ++k) {
      const long double ref = k < rec->n ? rec->c[k] : 0;
      const double v = k < n ? c[k] : 0;
      const double d = isnan(v) ? INFINITY : (double)(fabsl(v - ref) / big);
      if (!(d <= e))
        e = d;
    }
    worst_note(&w, e, "%s_%d(%g)", kind_names[rec->kind], rec->m, rec->q);
    CHECK(e <= tol, "%s coefficients of %s_%d(%g): error %.3g", prec.name,
          kind_names[rec->kind], rec->m, rec->q, e);
    if (abr && rec->m <= 100) {
      const long double ref = rec->kind ? abr->b[rec->m - 1] : abr->a[rec->m];
      const double el = ab_err(lam, ref);
      worst_note(&wl, el, "%s_%d(%g)", kind_names[rec->kind], rec->m, rec->q);
      CHECK(el <= (is_float ? AB_TOL_F : AB_TOL_D),
            "%s coeffs: characteristic value of %s_%d(%g) = %.17g, "
            "reference %.21Lg",
            prec.name, kind_names[rec->kind], rec->m, rec->q, lam, ref);
    }
    free(c);
  }
  cr_assert(used >= 50, "too few coefficient records for %s", prec.name);
  worst_print(&w, is_float ? "coefficients float" : "coefficients double", tol);
  worst_print(&wl,
              is_float ? "coeffs charvalue float"
                       : "coeffs charvalue "
                         "double",
              is_float ? AB_TOL_F : AB_TOL_D);
  check_done();
}

TEST_PRECS(reference, coeffs_double, coeffs_float) {
  run_coef_ref(is_float);
}

/* ---- Reference: angular functions ----------------------------------------
 * Error relative to sum |c_r| (value) and sum f_r |c_r| (derivative), the
 * first-order bounds of the sums' rounding. The batch driver, one call per
 * kind over every record, must give the core's bits. */
#define ANG_TOL_D 1e-14 /* measured worst 3.1e-15, se_100(3, 0.5) */
#define ANG_TOL_F 3e-5  /* measured worst 4.4e-6, se_100(pi/2, 0.5) */

static void run_ang_ref(const blt_backend *be, int is_float) {
  const int host = blt_backend_is_host(be);
  const ref_data *r = ref_get();
  const blt_prec prec = prec_of(is_float);
  const double tol = is_float ? ANG_TOL_F : ANG_TOL_D;
  int kind, i;
  worst_t w0, w1;
  worst_init(&w0);
  worst_init(&w1);
  for (kind = 0; kind < 2; ++kind) {
    int *m = (int *)blt_xcalloc((size_t)r->nang, sizeof(int));
    int *info = (int *)blt_xcalloc((size_t)r->nang, sizeof(int));
    double *f = blt_dalloc(r->nang);
    double *fp = blt_dalloc(r->nang);
    double *sc = (double *)blt_xcalloc((size_t)r->nang * 2, sizeof(double));
    long double *ref =
        (long double *)blt_xcalloc((size_t)r->nang * 2, sizeof(long double));
    void *qv = raw_new(is_float, r->nang), *xv = raw_new(is_float, r->nang);
    void *fv = raw_new(is_float, r->nang), *fpv = raw_new(is_float, r->nang);
    int count = 0;
    for (i = 0; i < r->nang; ++i) {
      const ang_rec *rec = &r->ang[i];
      const coef_rec *cr = ref_coef(r, rec->kind, rec->m, rec->q);
      double lam, *c, s0, s1, e0, e1;
      int64_t n;
      int inf;
      if (rec->kind != kind || (is_float && !(cr && cr->is_float)))
        continue;
      inf = coeffs(is_float, kind, rec->m, rec->q, &lam, &c, &n);
      if (inf == 0)
        inf = angular(is_float, kind, rec->m, c, n, rec->x, &f[count],
                      &fp[count]);
      CHECK(!host || inf == 0, "%s %s_%d(%g, %g): info %d", prec.name,
            kind_names[kind], rec->m, rec->x, rec->q, inf);
      ang_scales(kind, rec->m, c, n, &s0, &s1);
      e0 = isnan(f[count]) ? INFINITY : (double)(fabsl(f[count] - rec->f) / s0);
      e1 = isnan(fp[count]) ? INFINITY
                            : (double)(fabsl(fp[count] - rec->fp) / s1);
      worst_note(&w0, e0, "%s_%d(%.17g, %g)", kind_names[kind], rec->m, rec->x,
                 rec->q);
      worst_note(&w1, e1, "%s_%d'(%.17g, %g)", kind_names[kind], rec->m, rec->x,
                 rec->q);
      CHECK(!host || (e0 <= tol && e1 <= tol),
            "%s %s_%d(%.17g, %g) = %.17g, %.17g; reference %.21Lg, %.21Lg: "
            "errors %.3g, %.3g",
            prec.name, kind_names[kind], rec->m, rec->x, rec->q, f[count],
            fp[count], rec->f, rec->fp, e0, e1);
      m[count] = rec->m;
      sc[2 * count] = s0;
      sc[2 * count + 1] = s1;
      ref[2 * count] = rec->f;
      ref[2 * count + 1] = rec->fp;
      raw_set(is_float, qv, count, rec->q);
      raw_set(is_float, xv, count, rec->x);
      ++count;
      free(c);
    }
    {
      const bla_exec ex = exec_of(be);
      rvec o[4];
      o[0] = rv(fv, count, 1);
      o[1] = rv(fpv, count, 1);
      o[2] = o[3] = rv(NULL, 0, 1);
      cr_assert(fn_on(be, &ex, is_float, 0, kind, m, 1, rv(qv, count, 1),
                      rv(xv, count, 1), o, info, count) == BLA_OK);
    }
    /* The core's bits (a device: within tol of the reference). */
    for (i = 0; i < count; ++i) {
      const double a = raw_get(is_float, fv, i), b = raw_get(is_float, fpv, i);
      const int close =
          host ? memcmp(&a, &f[i], sizeof a) == 0 &&
                     memcmp(&b, &fp[i], sizeof b) == 0
               : fabsl(a - ref[2 * i]) <= tol * sc[2 * i] &&
                     fabsl(b - ref[2 * i + 1]) <= tol * sc[2 * i + 1];
      CHECK(info[i] == 0 && close,
            "%s angular_batch entry %d (%s_%d): info %d, %.17g %.17g, core "
            "%.17g %.17g",
            prec.name, i, kind_names[kind], m[i], info[i], a, b, f[i], fp[i]);
    }
    free(m);
    free(info);
    free(f);
    free(fp);
    free(sc);
    free(ref);
    free(qv);
    free(xv);
    free(fv);
    free(fpv);
  }
  worst_print(&w0, is_float ? "angular value float" : "angular value double",
              tol);
  worst_print(
      &w1, is_float ? "angular derivative float" : "angular derivative double",
      tol);
}

BLT_TEST_PRECS(reference, angular_double, angular_float) {
  run_ang_ref(be, is_float);
}

/* ---- Reference: radial functions ----------------------------------------- */
#define RAD_TOL_D 1e-13 /* measured worst 1.4e-14, Ms_25(0, 21) M1' */
#define RAD_TOL_F 3e-5  /* measured worst 3.4e-6, Ms_25(0.1, 21) M2 */

/* Nonzero when some reference value of the record lies outside float's
 * comfortable range (above 1e30, or nonzero below 1e-30): there the
 * float routine may fail with info 3, as documented, since intermediate
 * Bessel terms overflow although the results are representable. */
static int rad_beyond_float(const long double v[4]) {
  int j;
  for (j = 0; j < 4; ++j)
    if (fabsl(v[j]) > 1e30L || (v[j] != 0 && fabsl(v[j]) < 1e-30L))
      return 1;
  return 0;
}

/* Error of output j (0: M1, 1: M1', 2: M2, 3: M2') against ref[0..3].
 * Where the equation w'' = (a - 2q cosh 2z) w oscillates at z (a below
 * 2q cosh 2z), the pair behaves like J and Y, and the error is measured
 * against the pair's modulus sqrt(M1^2 + M2^2) (of the derivatives for
 * derivatives), as for Bessel functions: near a zero of one function, or
 * where one is exponentially smaller than the other (M2 at z = 0 for
 * q >> 1), no relative accuracy is possible. Past the turning point the
 * functions are monotonic and the error is relative; structural zeros
 * (M1'(0) of Mc, M1(0) of Ms) against the modulus. */
static double rad_err(double v, const long double *ref, int j, double lam,
                      double q, double z) {
  const int d = j & 1;
  const long double mod = sqrtl(ref[d] * ref[d] + ref[d + 2] * ref[d + 2]);
  const int osc = lam < 2 * q * cosh(2 * z);
  const long double den = osc || ref[j] == 0 ? mod : fabsl(ref[j]);
  if (isnan(v))
    return INFINITY;
  return (double)(fabsl((long double)v - ref[j]) / den);
}

static void run_rad_ref(const blt_backend *be, int is_float) {
  const int host = blt_backend_is_host(be);
  const ref_data *r = ref_get();
  const blt_prec prec = prec_of(is_float);
  const double tol = is_float ? RAD_TOL_F : RAD_TOL_D;
  int kind, i, j, excused = 0;
  worst_t w[4];
  for (j = 0; j < 4; ++j)
    worst_init(&w[j]);
  for (kind = 0; kind < 2; ++kind) {
    int *m = (int *)blt_xcalloc((size_t)r->nrad, sizeof(int));
    int *info = (int *)blt_xcalloc((size_t)r->nrad, sizeof(int));
    int *cinfo = (int *)blt_xcalloc((size_t)r->nrad, sizeof(int));
    double *v = (double *)blt_xcalloc((size_t)r->nrad * 4, sizeof(double));
    double *lams = blt_dalloc(r->nrad);
    const rad_rec **recs =
        (const rad_rec **)blt_xcalloc((size_t)r->nrad, sizeof(rad_rec *));
    void *qv = raw_new(is_float, r->nrad), *zv = raw_new(is_float, r->nrad);
    void *ov[4];
    int count = 0;
    for (j = 0; j < 4; ++j)
      ov[j] = raw_new(is_float, r->nrad);
    for (i = 0; i < r->nrad; ++i) {
      const rad_rec *rec = &r->rad[i];
      const ab_rec *abr = ref_ab(r, rec->q);
      double lam, *c, *vi = v + 4 * count;
      int64_t n;
      int inf;
      if (rec->kind != kind || (is_float && !(abr && abr->is_float)))
        continue;
      inf = coeffs(is_float, kind, rec->m, rec->q, &lam, &c, &n);
      if (inf == 0)
        inf = radial(is_float, kind, rec->m, rec->q, c, n, rec->z, vi);
      cinfo[count] = inf;
      if (is_float && inf == 3 && rad_beyond_float(rec->v)) {
        ++excused;
        CHECK(!host || (isnan(vi[0]) && isnan(vi[1]) && isnan(vi[2]) &&
                        isnan(vi[3])),
              "%s %s_%d(%g, %g): info 3 but outputs %g %g %g %g, not NaN",
              prec.name, rad_names[kind], rec->m, rec->z, rec->q, vi[0], vi[1],
              vi[2], vi[3]);
      } else {
        CHECK(!host || inf == 0, "%s %s_%d(%g, %g): info %d", prec.name,
              rad_names[kind], rec->m, rec->z, rec->q, inf);
      }
      for (j = 0; inf == 0 && j < 4; ++j) {
        const double e = rad_err(vi[j], rec->v, j, lam, rec->q, rec->z);
        worst_note(&w[j], e, "%s_%d(%g, %g)", rad_names[kind], rec->m, rec->z,
                   rec->q);
        CHECK(!host || e <= tol,
              "%s %s_%d(%g, %g) output %d = %.17g, reference %.21Lg: "
              "error %.3g",
              prec.name, rad_names[kind], rec->m, rec->z, rec->q, j, vi[j],
              rec->v[j], e);
      }
      m[count] = rec->m;
      lams[count] = lam;
      recs[count] = rec;
      raw_set(is_float, qv, count, rec->q);
      raw_set(is_float, zv, count, rec->z);
      ++count;
      free(c);
    }
    {
      const bla_exec ex = exec_of(be);
      rvec o[4];
      for (j = 0; j < 4; ++j)
        o[j] = rv(ov[j], count, 1);
      cr_assert(fn_on(be, &ex, is_float, 1, kind, m, 1, rv(qv, count, 1),
                      rv(zv, count, 1), o, info, count) == BLA_OK);
    }
    /* The core's bits and info (a device: within tol of the reference
     * where it computed, the core's info and NaN where it refused). */
    for (i = 0; i < count; ++i) {
      const rad_rec *rec = recs[i];
      int same = host || info[i] != 0 ? info[i] == cinfo[i] : 1;
      for (j = 0; j < 4; ++j) {
        const double a = raw_get(is_float, ov[j], i);
        if (host || info[i] != 0)
          same = same && (memcmp(&a, &v[4 * i + j], sizeof a) == 0 ||
                          (isnan(a) && isnan(v[4 * i + j])));
        else
          same = same && rad_err(a, rec->v, j, lams[i], rec->q, rec->z) <= tol;
      }
      CHECK(same,
            "%s radial_batch entry %d (%s_%d): info %d, core %d, or "
            "values differ",
            prec.name, i, rad_names[kind], m[i], info[i], cinfo[i]);
    }
    for (j = 0; j < 4; ++j)
      free(ov[j]);
    free(m);
    free(info);
    free(cinfo);
    free(v);
    free(lams);
    free(recs);
    free(qv);
    free(zv);
  }
  for (j = 0; j < 4; ++j) {
    static const char *const nm[4] = {"M1", "M1'", "M2", "M2'"};
    char what[64];
    snprintf(what, sizeof what, "radial %s %s", prec.name, nm[j]);
    worst_print(&w[j], what, tol);
  }
  if (blt_verbose() && is_float)
    printf("radial float: %d records excused with info 3 (values beyond "
           "float's range)\n",
           excused);
}

BLT_TEST_PRECS(reference, radial_double, radial_float) {
  run_rad_ref(be, is_float);
}

/* ---- Identities of the characteristic values -----------------------------
 * SciPy issues 4479 (a_3(21) returned a_5), 14526 and 14577 (wrong
 * branches and jumps in q): every order from the sweep must be strictly
 * ordered within its family, interlaced for q > 0 (DLMF 28.2.21), within
 * the Lipschitz bound |da/dq| <= 2 (DLMF 28.2.25: da/dq is the mean of
 * -2 cos 2x against ce_m^2) and symmetric under q -> -q (DLMF 28.2.16). */
#define SW_NA 61 /* a_0 .. a_60 */
#define SW_NB 60 /* b_1 .. b_60 */
#define SW_ULPS 32

BLT_TEST(ordering, sweep) {
  const int count = 4001; /* q = -1000, -999.5, ..., 1000 */
  const double h = 0.5;
  double *qv = (double *)blt_xmalloc((size_t)count * sizeof(double));
  double *a = (double *)blt_xmalloc((size_t)count * SW_NA * sizeof(double));
  double *b = (double *)blt_xmalloc((size_t)count * SW_NB * sizeof(double));
  int *info = (int *)blt_xcalloc((size_t)count, sizeof(int));
  const bla_exec ex = exec_of(be);
  worst_t wi, wc, ws;
  int i, k;
  worst_init(&wi);
  worst_init(&wc);
  worst_init(&ws);
  for (i = 0; i < count; ++i)
    qv[i] = -1000 + h * i;
  cr_assert(ab_on(be, &ex, 0, rv(qv, count, 1), rvb_packed(a, count, SW_NA),
                  rvb_packed(b, count, SW_NB), info, count) == BLA_OK);
  for (i = 0; i < count; ++i) {
    const double q = qv[i];
    const double *ai = a + (size_t)i * SW_NA, *bi = b + (size_t)i * SW_NB;
    CHECK(info[i] == 0, "ab_all_batch(q = %g): info %d", q, info[i]);
    /* Strict within a class (simple eigenvalues of one matrix) and, for
     * q >= 0, between neighbouring orders. For q < 0, a_2n < a_2n+1 and
     * b_2n+1 < b_2n+2 are the mirror of a_2n < b_2n+1 and a_2n+1 < b_2n+2
     * at -q: the gap shrinks exponentially with |q| and drops below one
     * rounding, so SW_ULPS ulp there, as for the interlacing below. */
    for (k = 0; k + 2 < SW_NA; ++k)
      CHECK(ai[k] < ai[k + 2], "a_%d(%g) = %.17g >= a_%d = %.17g", k, q, ai[k],
            k + 2, ai[k + 2]);
    for (k = 0; k + 2 < SW_NB; ++k)
      CHECK(bi[k] < bi[k + 2], "b_%d(%g) = %.17g >= b_%d = %.17g", k + 1, q,
            bi[k], k + 3, bi[k + 2]);
    for (k = 0; k + 1 < SW_NA + SW_NB; ++k) {
      const int is_b = k >= SW_NA, o = is_b ? k - SW_NA : k;
      const double *v = is_b ? bi : ai;
      double ulp;
      if (is_b ? o + 1 >= SW_NB : o + 1 >= SW_NA)
        continue;
      ulp = DBL_EPSILON * fmax(fabs(v[o]), fabs(v[o + 1]));
      if (q >= 0 || o % 2 == 1) {
        CHECK(v[o] < v[o + 1], "%c_%d(%g) = %.17g >= %c_%d = %.17g", "ab"[is_b],
              o + is_b, q, v[o], "ab"[is_b], o + is_b + 1, v[o + 1]);
      } else {
        worst_note(&wi, (v[o] - v[o + 1]) / ulp, "%c_%d - %c_%d at q = %g",
                   "ab"[is_b], o + is_b, "ab"[is_b], o + is_b + 1, q);
        CHECK(v[o] <= v[o + 1] + SW_ULPS * ulp,
              "%c_%d(%g) = %.17g > %c_%d = %.17g + SW_ULPS ulp", "ab"[is_b],
              o + is_b, q, v[o], "ab"[is_b], o + is_b + 1, v[o + 1]);
      }
    }
    /* q > 0: a_0 < b_1 < a_1 < b_2 < ...; a_m and b_{m+1} merge
     * exponentially fast as q grows, b_m and a_m as m grows at fixed q
     * (a_m - b_m ~ q^m / (m-1)!^2), below one rounding. The two values
     * come from different matrices, each with its own error (up to 16 ulp
     * measured against the reference, a_98(-50); a_48(84) is 12 ulp
     * below the exact 2305.5325540359250313 and b_48(84) 5 ulp above), so
     * SW_ULPS ulp: twice the worst single-value error. Measured worst 16.9
     * ulp, b_48 - a_48 at q = 84. */
    for (k = 0; q > 0 && k < SW_NB; ++k) {
      const double ulp = DBL_EPSILON * fmax(fabs(ai[k]), fabs(bi[k]));
      worst_note(&wi, (ai[k] - bi[k]) / ulp, "a_%d - b_%d at q = %g", k, k + 1,
                 q);
      CHECK(ai[k] <= bi[k] + SW_ULPS * ulp,
            "a_%d(%g) = %.17g > b_%d = %.17g + SW_ULPS ulp", k, q, ai[k], k + 1,
            bi[k]);
      if (k + 1 < SW_NA) {
        const double u2 = DBL_EPSILON * fmax(fabs(bi[k]), fabs(ai[k + 1]));
        worst_note(&wi, (bi[k] - ai[k + 1]) / u2, "b_%d - a_%d at q = %g",
                   k + 1, k + 1, q);
        CHECK(bi[k] <= ai[k + 1] + SW_ULPS * u2,
              "b_%d(%g) = %.17g > a_%d = %.17g + SW_ULPS ulp", k + 1, q, bi[k],
              k + 1, ai[k + 1]);
      }
    }
    /* Continuity: |da/dq| <= 2. */
    if (i + 1 < count) {
      const double *an = ai + SW_NA, *bn = bi + SW_NB;
      for (k = 0; k < SW_NA + SW_NB; ++k) {
        const double v0 = k < SW_NA ? ai[k] : bi[k - SW_NA];
        const double v1 = k < SW_NA ? an[k] : bn[k - SW_NA];
        const double s = fmax(fmax(fabs(v0), fabs(q + h)), 1);
        const double lim = 2 * h * (1 + 1e-12) + 1e-13 * s;
        worst_note(&wc, fabs(v1 - v0) / (2 * h), "%c_%d at q = %g",
                   k < SW_NA ? 'a' : 'b', k < SW_NA ? k : k - SW_NA + 1, q);
        CHECK(fabs(v1 - v0) <= lim, "%c_%d: %.17g at q = %g, %.17g at %g",
              k < SW_NA ? 'a' : 'b', k < SW_NA ? k : k - SW_NA + 1, v0, q, v1,
              q + h);
      }
    }
    /* q -> -q: entry count - 1 - i holds -q. */
    if (q < 0) {
      const int j = count - 1 - i;
      const double *aj = a + (size_t)j * SW_NA, *bj = b + (size_t)j * SW_NB;
      cr_assert(qv[j] == -q);
      for (k = 0; k < SW_NA; ++k) {
        /* a_2n(-q) = a_2n(q), a_2n+1(-q) = b_2n+1(q). */
        const double u = ai[k], v = k % 2 ? bj[k - 1] : aj[k];
        const double e = fabs(u - v) / fmax(fabs(v), 1);
        worst_note(&ws, e, "a_%d(%g)", k, q);
        CHECK(e <= 1e-14, "a_%d(%g) = %.17g, mirror %.17g", k, q, u, v);
      }
      for (k = 0; k < SW_NB; ++k) {
        /* b_2n+1(-q) = a_2n+1(q), b_2n+2(-q) = b_2n+2(q). */
        const double u = bi[k], v = k % 2 ? bj[k] : aj[k + 1];
        const double e = fabs(u - v) / fmax(fabs(v), 1);
        worst_note(&ws, e, "b_%d(%g)", k + 1, q);
        CHECK(e <= 1e-14, "b_%d(%g) = %.17g, mirror %.17g", k + 1, q, u, v);
      }
    }
  }
  worst_print(&wi, "near-degenerate pairs, ulp", SW_ULPS);
  worst_print(&wc, "|da/dq| (difference quotient)", 2);
  worst_print(&ws, "q -> -q", 1e-14);
  free(qv);
  free(a);
  free(b);
  free(info);
}

/* ---- Coefficients: orthonormality ----------------------------------------
 * Within a class the coefficient vectors are the orthonormal eigenvectors
 * of one symmetric matrix (in the symmetrized unknowns, sqrt2 A_0 for
 * ce_2n), so 2 A_0^2 + sum A^2 = 1 (ce_2n) or sum c^2 = 1 and the inner
 * products between orders vanish. Entries beyond nterms are 0. */
#define ORTH_MMAX 40

Test(coeffs, orthonormal) {
  static const double qs[] = {-1000, -21, 0.5, 21, 1000};
  worst_t wn, wo;
  size_t iq;
  int kind;
  worst_init(&wn);
  worst_init(&wo);
  for (iq = 0; iq < sizeof qs / sizeof qs[0]; ++iq)
    for (kind = 0; kind < 2; ++kind) {
      const double q = qs[iq];
      const bla_mathieu_kind kd = (bla_mathieu_kind)kind;
      double *c[ORTH_MMAX + 1];
      int64_t n[ORTH_MMAX + 1];
      int m, m2;
      for (m = kind; m <= ORTH_MMAX; ++m) {
        const int64_t nt = bla_dmathieu_nterms(kd, m, q), len = nt + 7;
        const bla_index lw = bla_dmathieu_coeffs_lwork(kd, m, q);
        double *w = (double *)blt_xmalloc((size_t)lw * sizeof(double));
        double lam, s = 0;
        int64_t r;
        int inf;
        cr_assert(nt > 0, "nterms(%s_%d, %g) = %ld", kind_names[kind], m, q,
                  (long)nt);
        c[m] = (double *)blt_xmalloc((size_t)len * sizeof(double));
        for (r = 0; r < len; ++r)
          c[m][r] = 12345.0;
        inf = bla_dmathieu_coeffs(kd, m, q, &lam, bla_dvec_make(c[m], len, 1),
                                  bla_dvec_make(w, lw, 1));
        free(w);
        n[m] = len;
        CHECK(inf == 0, "coeffs %s_%d(%g): info %d", kind_names[kind], m, q,
              inf);
        for (r = nt; r < len; ++r)
          CHECK(c[m][r] == 0,
                "coeffs %s_%d(%g): entry %ld beyond nterms %ld "
                "is %g",
                kind_names[kind], m, q, (long)r, (long)nt, c[m][r]);
        for (r = 0; r < len; ++r)
          s += (kind == 0 && m % 2 == 0 && r == 0 ? 2 : 1) * c[m][r] * c[m][r];
        worst_note(&wn, fabs(s - 1), "%s_%d(%g)", kind_names[kind], m, q);
        CHECK(fabs(s - 1) <= 1e-14, "%s_%d(%g): norm^2 - 1 = %.3g",
              kind_names[kind], m, q, s - 1);
      }
      for (m = kind; m <= ORTH_MMAX; ++m)
        for (m2 = m + 2; m2 <= ORTH_MMAX; m2 += 2) {
          const int64_t len = n[m] < n[m2] ? n[m] : n[m2];
          double s = 0;
          int64_t r;
          for (r = 0; r < len; ++r)
            s += (kind == 0 && m % 2 == 0 && r == 0 ? 2 : 1) * c[m][r] *
                 c[m2][r];
          worst_note(&wo, fabs(s), "%s_%d . %s_%d (%g)", kind_names[kind], m,
                     kind_names[kind], m2, q);
          CHECK(fabs(s) <= 1e-13, "%s_%d . %s_%d at q = %g: %.3g",
                kind_names[kind], m, kind_names[kind], m2, q, s);
        }
      for (m = kind; m <= ORTH_MMAX; ++m)
        free(c[m]);
    }
  worst_print(&wn, "normalization |norm^2 - 1|", 1e-14);
  worst_print(&wo, "orthogonality |inner product|", 1e-13);
  check_done();
}

/* ---- Angular functions: symmetries ---------------------------------------
 * Parity (ce even, se odd, the derivatives the other way), period pi for
 * even orders and antiperiod pi for odd ones, and the q -> -q relations
 * DLMF 28.2.34-37, which map each function at -q onto one at q and
 * pi/2 - x:
 *   ce_2n(x, -q) = (-1)^n ce_2n(pi/2 - x, q)
 *   ce_2n+1(x, -q) = (-1)^n se_2n+1(pi/2 - x, q)
 *   se_2n+1(x, -q) = (-1)^n ce_2n+1(pi/2 - x, q)
 *   se_2n+2(x, -q) = (-1)^n se_2n+2(pi/2 - x, q)
 * (their x-derivatives with the extra factor -1). Tolerance 1e-13 times
 * the scale sum |c| (sum f |c| for derivatives), plus the rounding of the
 * shifted argument (x + pi, pi/2 - x: a few 1e-16) times the next scale. */
#define SYM_TOL 1e-13
#define SYM_PI 3.14159265358979323846

typedef struct {
  int kind, m;
  double q, *c, s[3];
  int64_t n;
} sym_fn;

static void sym_load(sym_fn *fn, int kind, int m, double q) {
  double lam;
  int64_t r;
  const int inf = coeffs(0, kind, m, q, &lam, &fn->c, &fn->n);
  fn->kind = kind;
  fn->m = m;
  fn->q = q;
  cr_assert(inf == 0, "coeffs %s_%d(%g): info %d", kind_names[kind], m, q, inf);
  fn->s[0] = fn->s[1] = fn->s[2] = 0;
  for (r = 0; r < fn->n; ++r) {
    const double f = freq(kind, m, r);
    fn->s[0] += fabs(fn->c[r]);
    fn->s[1] += f * fabs(fn->c[r]);
    fn->s[2] += f * f * fabs(fn->c[r]);
  }
}

static void sym_eval(const sym_fn *fn, double x, double *f, double *fp) {
  const int inf = angular(0, fn->kind, fn->m, fn->c, fn->n, x, f, fp);
  cr_assert(inf == 0, "angular %s_%d(%g, %g): info %d", kind_names[fn->kind],
            fn->m, x, fn->q, inf);
}

/* Compare u = sign * v for value (d = 0) or derivative (d = 1). */
static void sym_cmp(worst_t *w, const sym_fn *a, const sym_fn *b, int d,
                    double u, double v, double sign, double x,
                    const char *what) {
  const double sc = fmax(a->s[d], b->s[d]), sn = fmax(a->s[d + 1], b->s[d + 1]);
  const double e = fabs(u - sign * v);
  worst_note(w, e / sc, "%s %s_%d%s(%g, %g)", what, kind_names[a->kind], a->m,
             d ? "'" : "", x, a->q);
  CHECK(e <= SYM_TOL * sc + 1e-15 * sn,
        "%s: %s_%d%s(%.17g, %g) = %.17g, expected %.17g (error %.3g of "
        "scale %.3g)",
        what, kind_names[a->kind], a->m, d ? "'" : "", x, a->q, u, sign * v, e,
        sc);
}

Test(angular, symmetry) {
  static const int ms[] = {0, 1, 2, 3, 4, 5, 10, 11, 20, 21, 40, 41, 60};
  static const double qs[] = {0.5, 3, 21, 200, 1000};
  static const double xs[] = {0.1, 0.7, 1.3, 2.9, -2.2};
  worst_t wp, wt, wm;
  size_t im, iq, ix;
  int kind;
  worst_init(&wp);
  worst_init(&wt);
  worst_init(&wm);
  for (kind = 0; kind < 2; ++kind)
    for (im = 0; im < sizeof ms / sizeof ms[0]; ++im)
      for (iq = 0; iq < sizeof qs / sizeof qs[0]; ++iq) {
        const int m = ms[im];
        const double q = qs[iq];
        const int odd = m % 2;
        /* The partner at q of (kind, m) at -q, and its sign (-1)^n. */
        const int pkind = odd ? 1 - kind : kind;
        const int n = kind == 0 ? m / 2 : (odd ? (m - 1) / 2 : (m - 2) / 2);
        const double sg = n % 2 ? -1 : 1;
        sym_fn fq, fm, part;
        if (kind == 1 && m == 0)
          continue;
        sym_load(&fq, kind, m, q);
        sym_load(&fm, kind, m, -q);
        sym_load(&part, pkind, m, q);
        for (ix = 0; ix < sizeof xs / sizeof xs[0]; ++ix) {
          const double x = xs[ix];
          const double par = kind == 0 ? 1 : -1, per = odd ? -1 : 1;
          double f0, fp0, f1, fp1, f2, fp2;
          int j;
          for (j = 0; j < 2; ++j) {
            const sym_fn *fn = j ? &fm : &fq;
            sym_eval(fn, x, &f0, &fp0);
            sym_eval(fn, -x, &f1, &fp1);
            sym_cmp(&wp, fn, fn, 0, f1, f0, par, x, "parity");
            sym_cmp(&wp, fn, fn, 1, fp1, fp0, -par, x, "parity");
            sym_eval(fn, x + SYM_PI, &f2, &fp2);
            sym_cmp(&wt, fn, fn, 0, f2, f0, per, x, "period");
            sym_cmp(&wt, fn, fn, 1, fp2, fp0, per, x, "period");
          }
          sym_eval(&fm, x, &f0, &fp0);
          sym_eval(&part, SYM_PI / 2 - x, &f1, &fp1);
          sym_cmp(&wm, &fm, &part, 0, f0, f1, sg, x, "q -> -q");
          sym_cmp(&wm, &fm, &part, 1, fp0, fp1, -sg, x, "q -> -q");
        }
        free(fq.c);
        free(fm.c);
        free(part.c);
      }
  worst_print(&wp, "parity / scale", SYM_TOL);
  worst_print(&wt, "period / scale", SYM_TOL);
  worst_print(&wm, "q -> -q (DLMF 28.2.34-37) / scale", SYM_TOL);
  check_done();
}

/* SciPy issue 14543: ce_51 .. ce_55 at q = 1200 came out as zero or
 * garbage. The coefficients must be normalized and the values finite and
 * nonzero at x = 0.3, 1.0, 1.5. */
Test(angular, scipy_14543) {
  static const double xs[] = {0.3, 1.0, 1.5};
  int m;
  size_t ix;
  for (m = 51; m <= 55; ++m) {
    sym_fn fn;
    double s = 0;
    int64_t r;
    sym_load(&fn, 0, m, 1200);
    for (r = 0; r < fn.n; ++r)
      s += (m % 2 == 0 && r == 0 ? 2 : 1) * fn.c[r] * fn.c[r];
    CHECK(fabs(s - 1) <= 1e-14, "ce_%d(1200): norm^2 - 1 = %.3g", m, s - 1);
    for (ix = 0; ix < sizeof xs / sizeof xs[0]; ++ix) {
      double f, fp;
      sym_eval(&fn, xs[ix], &f, &fp);
      CHECK(isfinite(f) && isfinite(fp) && f != 0,
            "ce_%d(%g, 1200) = %.17g, derivative %.17g", m, xs[ix], f, fp);
    }
    free(fn.c);
  }
  check_done();
}

/* ---- Radial functions: Wronskian and smoothness in q -----------------------
 * Mc^(1) Mc^(2)' - Mc^(1)' Mc^(2) = 2/pi (DLMF 28.20.21; Ms likewise) over
 * a grid clear of the documented failure region (z near 0 at orders well
 * above 2 sqrt(q)). */
#define WR_TOL 1e-12 /* measured worst 2.2e-14, Mc_29(0.1, 10) */

Test(radial, wronskian_grid) {
  static const double qs[] = {0.1, 1, 10, 100, 500, 1000, 1500};
  static const double zs[] = {0.1, 0.5, 1, 2, 3};
  worst_t w;
  size_t iq, iz;
  int kind, m;
  worst_init(&w);
  for (kind = 0; kind < 2; ++kind)
    for (m = kind; m <= 30; ++m)
      for (iq = 0; iq < sizeof qs / sizeof qs[0]; ++iq) {
        const double q = qs[iq];
        double lam, *c;
        int64_t n;
        int inf = coeffs(0, kind, m, q, &lam, &c, &n);
        CHECK(inf == 0, "coeffs %s_%d(%g): info %d", kind_names[kind], m, q,
              inf);
        for (iz = 0; inf == 0 && iz < sizeof zs / sizeof zs[0]; ++iz) {
          double v[4] = {0, 0, 0, 0}, e;
          const int ir = radial(0, kind, m, q, c, n, zs[iz], v);
          e = fabs((v[0] * v[3] - v[1] * v[2]) * (SYM_PI / 2) - 1);
          if (ir != 0 || isnan(e))
            e = INFINITY;
          worst_note(&w, e, "%s_%d(%g, %g)", rad_names[kind], m, zs[iz], q);
          CHECK(ir == 0 && e <= WR_TOL,
                "%s_%d(%g, %g): info %d, Wronskian pi/2 - 1 = %.3g",
                rad_names[kind], m, zs[iz], q, ir, e);
        }
        free(c);
      }
  worst_print(&w, "Wronskian |W pi/2 - 1|", WR_TOL);
  check_done();
}

/* Mc^(1)_m(1, q) along q = 100 .. 1500, step h = 5: where the equation
 * oscillates the function behaves like M cos(phi) with phase phi ~
 * 2 sqrt(q) cosh z, so its second difference is about d^2 M with
 * d = h dphi/dq = h cosh(z) / sqrt(q): |D2| <= CONT_FAC d^2 Mmax +
 * 1e-12 Mmax, Mmax the largest modulus sqrt(Mc1^2 + Mc2^2) of the three
 * points. A sign flip, a branch jump or a lost digit block at one q
 * changes D2 by up to 4 |Mc1|, far beyond that where d is small. */
#define CONT_FAC 2 /* measured worst 0.77, Mc_25(1, 405) */

Test(radial, continuity_q) {
  static const int ms[] = {0, 5, 25};
  const double h = 5, z = 1;
  const int np = 281; /* q = 100, 105, ..., 1500 */
  double *f = (double *)blt_xmalloc((size_t)np * sizeof(double));
  double *mod = (double *)blt_xmalloc((size_t)np * sizeof(double));
  worst_t w;
  size_t im;
  int i;
  worst_init(&w);
  for (im = 0; im < sizeof ms / sizeof ms[0]; ++im) {
    const int m = ms[im];
    for (i = 0; i < np; ++i) {
      const double q = 100 + h * i;
      double lam, *c, v[4] = {0, 0, 0, 0};
      int64_t n;
      int inf = coeffs(0, 0, m, q, &lam, &c, &n);
      if (inf == 0)
        inf = radial(0, 0, m, q, c, n, z, v);
      CHECK(inf == 0, "Mc_%d(1, %g): info %d", m, q, inf);
      f[i] = v[0];
      mod[i] = sqrt(v[0] * v[0] + v[2] * v[2]);
      free(c);
    }
    for (i = 1; i + 1 < np; ++i) {
      const double q = 100 + h * i;
      const double d = h * cosh(z) / sqrt(q - h);
      const double mx = fmax(fmax(mod[i - 1], mod[i]), mod[i + 1]);
      const double d2 = fabs(f[i + 1] - 2 * f[i] + f[i - 1]);
      worst_note(&w, d2 / (d * d * mx), "Mc_%d(1, %g)", m, q);
      CHECK(d2 <= CONT_FAC * d * d * mx + 1e-12 * mx,
            "Mc_%d(1, q) at q = %g -/+ %g: %.17g %.17g %.17g, second "
            "difference %.3g, modulus %.3g",
            m, q, h, f[i - 1], f[i], f[i + 1], d2, mx);
    }
  }
  worst_print(&w, "|D2 Mc1| / (d^2 Mmax)", CONT_FAC);
  free(f);
  free(mod);
  check_done();
}

/* ---- Batch drivers: order, threads, optional outputs, failures -------- */

#define BT_N 3000

/* A batch of BT_N entries over 12 distinct (m, q), x in [-4, 4]. */
static void bt_inputs(int kind, int *m, double *q, double *x) {
  static const double qs[4] = {-150.0, -0.5, 21.0, 180.0};
  blt_rng rng;
  int i;
  blt_rng_seed(&rng, 2026);
  for (i = 0; i < BT_N; ++i) {
    const int g = (int)(blt_rng_uniform01(&rng) * 12) % 12;
    m[i] = kind + 7 * (g % 3) + g / 3;
    q[i] = qs[g % 4];
    x[i] = 8 * blt_rng_uniform01(&rng) - 4;
  }
}

static bla_status bt_run(const blt_backend *be, int variant, int kind,
                         const int *m, const double *q, const double *x,
                         double *f, double *fp, int *info) {
  const bla_exec ex = blt_backend_exec(be, variant);
  rvec o[2];
  o[0] = rv(f, f ? BT_N : 0, 1);
  o[1] = rv(fp, fp ? BT_N : 0, 1);
  return fn_on(be, &ex, 0, 0, kind, m, 1, rv((double *)q, BT_N, 1),
               rv((double *)x, BT_N, 1), o, info, BT_N);
}

/* Device results that must not depend on order, grouping or optional
 * outputs: within this of each other (scale max(|v|, 1)). */
#define DEV_TOL 1e-13

/* The other configuration (two threads; another stream) gives the same
 * bits; so, on the host, do a reversed order (the plan sorts it) and
 * leaving out the derivative. */
BLT_TEST(batch, identity) {
  int kind;
  for (kind = 0; kind < 2; ++kind) {
    int m[BT_N], info[BT_N], info2[BT_N], pm[BT_N], perm[BT_N];
    static double q[BT_N], x[BT_N], f[BT_N], fp[BT_N], f2[BT_N], fp2[BT_N];
    static double pq[BT_N], px[BT_N];
    int i;
    bt_inputs(kind, m, q, x);
    cr_assert_eq(bt_run(be, BLT_RUN, kind, m, q, x, f, fp, info), BLA_OK);
    for (i = 0; i < BT_N; ++i)
      cr_assert_eq(info[i], 0, "%s_%d(%g, %g): info %d", kind_names[kind], m[i],
                   x[i], q[i], info[i]);
    cr_assert_eq(bt_run(be, BLT_RUN_OTHER, kind, m, q, x, f2, fp2, info2),
                 BLA_OK);
    cr_expect(!memcmp(f, f2, sizeof f) && !memcmp(fp, fp2, sizeof fp),
              "%s: the other configuration differs", kind_names[kind]);
    for (i = 0; i < BT_N; ++i) {
      perm[i] = BT_N - 1 - i;
      pm[i] = m[perm[i]];
      pq[i] = q[perm[i]];
      px[i] = x[perm[i]];
    }
    cr_assert_eq(bt_run(be, BLT_RUN_OTHER, kind, pm, pq, px, f2, fp2, info2),
                 BLA_OK);
    for (i = 0; i < BT_N; ++i)
      CHECK(agree(be, f2[i], f[perm[i]], DEV_TOL, fmax(fabs(f[perm[i]]), 1)) &&
                agree(be, fp2[i], fp[perm[i]], DEV_TOL,
                      fmax(fabs(fp[perm[i]]), 1)),
            "%s: entry %d differs in reversed order", kind_names[kind], i);
    cr_assert_eq(bt_run(be, BLT_RUN, kind, m, q, x, f2, NULL, info2), BLA_OK);
    for (i = 0; i < BT_N; ++i)
      CHECK(agree(be, f2[i], f[i], DEV_TOL, fmax(fabs(f[i]), 1)),
            "%s: fp NULL changes f at entry %d", kind_names[kind], i);
  }
}

/* Packed and interleaved characteristic values agree (the same bits on
 * the host). */
BLT_TEST(batch, ab_layouts) {
  enum { NQ = 40, LA = 31, LB = 30 };
  static double q[NQ], ap[NQ * LA], bp[NQ * LB], ai[NQ * LA], bi[NQ * LB];
  const bla_exec ex = exec_of(be);
  int info[NQ], i, k;
  for (i = 0; i < NQ; ++i)
    q[i] = -1000 + 2000.0 * i / (NQ - 1);
  cr_assert_eq(ab_on(be, &ex, 0, rv(q, NQ, 1), rvb_packed(ap, NQ, LA),
                     rvb_packed(bp, NQ, LB), info, NQ),
               BLA_OK);
  cr_assert_eq(ab_on(be, &ex, 0, rv(q, NQ, 1), rvb_interleaved(ai, NQ, LA),
                     rvb_interleaved(bi, NQ, LB), info, NQ),
               BLA_OK);
  for (i = 0; i < NQ; ++i)
    for (k = 0; k < LA; ++k) {
      CHECK(agree(be, ap[i * LA + k], ai[k * NQ + i], AB_TOL_D,
                  fmax(fabs(ap[i * LA + k]), 1)),
            "a_%d(%g): layouts differ", k, q[i]);
      if (k < LB)
        CHECK(agree(be, bp[i * LB + k], bi[k * NQ + i], AB_TOL_D,
                    fmax(fabs(bp[i * LB + k]), 1)),
              "b_%d(%g): layouts differ", k + 1, q[i]);
    }
}

/* One bad entry of each kind: its info is negative and its outputs NaN;
 * every other entry agrees with a clean run (the same bits on the host). */
BLT_TEST(batch, nonfinite_isolation) {
  int m[BT_N], info[BT_N], info2[BT_N];
  static double q[BT_N], x[BT_N], f[BT_N], fp[BT_N], f2[BT_N], fp2[BT_N];
  const bla_exec ex = exec_of(be);
  int i;
  bt_inputs(0, m, q, x);
  cr_assert_eq(bt_run(be, BLT_RUN_OTHER, 0, m, q, x, f, fp, info), BLA_OK);
  q[10] = NAN;
  x[20] = INFINITY;
  m[30] = -1;
  cr_assert_eq(bt_run(be, BLT_RUN_OTHER, 0, m, q, x, f2, fp2, info2), BLA_OK);
  for (i = 0; i < BT_N; ++i) {
    if (i == 10 || i == 20 || i == 30) {
      CHECK(info2[i] < 0 && isnan(f2[i]) && isnan(fp2[i]),
            "entry %d: info %d, f %g, fp %g", i, info2[i], f2[i], fp2[i]);
      continue;
    }
    CHECK(info2[i] == 0 &&
              agree(be, f[i], f2[i], DEV_TOL, fmax(fabs(f[i]), 1)) &&
              agree(be, fp[i], fp2[i], DEV_TOL, fmax(fabs(fp[i]), 1)),
          "entry %d changed by the bad entries", i);
  }
  {
    double qq[3] = {5, NAN, 5}, a[3 * 4], b[3 * 4];
    int inf[3];
    cr_assert_eq(ab_on(be, &ex, 0, rv(qq, 3, 1), rvb_packed(a, 3, 4),
                       rvb_packed(b, 3, 4), inf, 3),
                 BLA_OK);
    CHECK(inf[0] == 0 && inf[1] == -1 && inf[2] == 0, "ab_all info %d %d %d",
          inf[0], inf[1], inf[2]);
    CHECK(isnan(a[4]) && isnan(b[7]) && !memcmp(a, a + 8, 4 * sizeof(double)),
          "ab_all: the NaN q's outputs are not NaN or the others differ");
  }
  {
    int mr[3] = {2, 2, 2}, inf[3];
    double qq[3] = {10, -1, 10}, z[3] = {0.5, 0.5, -1}, g[4][3];
    rvec o[4];
    for (i = 0; i < 4; ++i)
      o[i] = rv(g[i], 3, 1);
    cr_assert_eq(fn_on(be, &ex, 0, 1, BLA_MATHIEU_CE, mr, 1, rv(qq, 3, 1),
                       rv(z, 3, 1), o, inf, 3),
                 BLA_OK);
    CHECK(inf[0] == 0 && inf[1] == -3 && inf[2] == -5, "info %d %d %d", inf[0],
          inf[1], inf[2]);
    CHECK(isnan(g[0][1]) && isnan(g[3][1]) && isnan(g[0][2]) && !isnan(g[0][0]),
          "radial: the bad entries' outputs are not NaN");
  }
}

/* Argument errors: BLA_ERR_ARG and nothing touched. */
BLT_TEST(batch, bad_args) {
  enum { N = 4 };
  int m[N] = {0, 1, 2, 3}, info[N], info0[N];
  /* f has room for the view one too long (case 2). */
  double q[N] = {1, 2, 3, 4}, x[N] = {0, 1, 2, 3}, f[N + 1], f0[N + 1];
  const bla_exec good = exec_of(be);
  bla_exec bad = good;
  double a[N * 3], a0[N * 3];
  rvec o[4];
  int k;
  bad.backend = (bla_backend)5;
  memset(f, 0xA5, sizeof f);
  memset(info, 0xA5, sizeof info);
  memset(a, 0xA5, sizeof a);
  memcpy(f0, f, sizeof f);
  memcpy(info0, info, sizeof info);
  memcpy(a0, a, sizeof a);
  for (k = 0; k < 8; ++k) {
    const int kind = k == 0 ? 7 : BLA_MATHIEU_CE;
    const rvec qv = rv(k == 7 ? NULL : q, k == 1 ? N - 1 : N, 1);
    const rvec xv = rv(k == 4 ? NULL : x, N, 1);
    const int *mm = k == 3 ? NULL : m;
    int *ii = k == 5 ? NULL : info;
    const bla_exec *ex = k == 6 ? &bad : &good;
    o[0] = rv(f, k == 2 ? N + 1 : N, 1);
    o[1] = o[2] = o[3] = rv(NULL, 0, 1);
    CHECK(fn_on(be, ex, 0, 0, kind, mm, 1, qv, xv, o, ii, N) == BLA_ERR_ARG,
          "angular case %d", k);
    CHECK(fn_on(be, ex, 0, 1, kind, mm, 1, qv, xv, o, ii, N) == BLA_ERR_ARG,
          "radial case %d", k);
  }
  CHECK(ab_on(be, &good, 0, rv(q, N, 1), rvb_packed(a, N - 1, 3),
              rvb_packed(NULL, N, 0), info, N) == BLA_ERR_ARG,
        "ab_all: a.count = q.n - 1");
  CHECK(ab_on(be, &good, 0, rv(q, N, 1), rvb_packed(a, N, -1),
              rvb_packed(NULL, N, 0), info, N) == BLA_ERR_ARG,
        "ab_all: a.n = -1");
  CHECK(ab_on(be, &good, 0, rv(q, N, 1), rvb_packed(a, N, 3),
              rvb_packed(NULL, N, 0), NULL, N) == BLA_ERR_ARG,
        "ab_all: info NULL");
  CHECK(!memcmp(f, f0, sizeof f) && !memcmp(info, info0, sizeof info) &&
            !memcmp(a, a0, sizeof a),
        "an argument error touched an output");
  o[0] = o[1] = rv(NULL, 0, 1);
  CHECK(fn_on(be, &good, 0, 0, BLA_MATHIEU_CE, NULL, 1, rv(NULL, 0, 1),
              rv(NULL, 0, 1), o, NULL, 0) == BLA_OK,
        "count 0");
}

/* The core routines' -i codes (special/mathieu.h). */
Test(core, bad_args) {
  double a[5], b[5], w[4000], c[200], lam = 0, f, fp, g, gp;
  const bla_dvec none = bla_dvec_make(NULL, 0, 1);
  const bla_dvec wv = bla_dvec_make(w, 4000, 1), cv = bla_dvec_make(c, 200, 1);
  bla_index n;
  cr_expect_eq(bla_dmathieu_ab_all(1, bla_dvec_make(a, -1, 1), none, wv), -2);
  cr_expect_eq(bla_dmathieu_ab_all(1, none, bla_dvec_make(NULL, 3, 1), wv), -3);
  cr_expect_eq(bla_dmathieu_ab_all(1, bla_dvec_make(a, 5, 1), none,
                                   bla_dvec_make(w, 1, 1)),
               -4);
  cr_expect_eq(bla_dmathieu_ab_all(INFINITY, bla_dvec_make(a, 5, 1),
                                   bla_dvec_make(b, 5, 1), wv),
               -1);
  cr_expect(isnan(a[0]) && isnan(a[4]) && isnan(b[4]));
  cr_expect_eq(bla_dmathieu_coeffs((bla_mathieu_kind)3, 0, 1, &lam, cv, wv),
               -1);
  cr_expect_eq(bla_dmathieu_coeffs(BLA_MATHIEU_CE, -1, 1, &lam, cv, wv), -2);
  cr_expect_eq(bla_dmathieu_coeffs(BLA_MATHIEU_SE, 0, 1, &lam, cv, wv), -2);
  cr_expect_eq(bla_dmathieu_coeffs(BLA_MATHIEU_CE, 0, NAN, &lam, cv, wv), -3);
  cr_expect(isnan(lam) && isnan(c[0]) && isnan(c[199]));
  cr_expect_eq(bla_dmathieu_coeffs(BLA_MATHIEU_CE, 0, 1, NULL, cv, wv), -4);
  cr_expect_eq(bla_dmathieu_coeffs(BLA_MATHIEU_CE, 4, 1, &lam,
                                   bla_dvec_make(c, 1, 1), wv),
               -5);
  cr_expect_eq(bla_dmathieu_coeffs(BLA_MATHIEU_CE, 4, 1, &lam, cv,
                                   bla_dvec_make(w, 3, 1)),
               -6);
  n = bla_dmathieu_nterms(BLA_MATHIEU_CE, 4, 10);
  cr_assert_eq(bla_dmathieu_coeffs(BLA_MATHIEU_CE, 4, 10, &lam,
                                   bla_dvec_make(c, n, 1), wv),
               0);
  cr_expect_eq(bla_dmathieu_angular((bla_mathieu_kind)3, 4,
                                    bla_dvec_make(c, n, 1), 1, &f, &fp),
               -1);
  cr_expect_eq(bla_dmathieu_angular(BLA_MATHIEU_SE, 0, bla_dvec_make(c, n, 1),
                                    1, &f, &fp),
               -2);
  cr_expect_eq(bla_dmathieu_angular(BLA_MATHIEU_CE, 4, none, 1, &f, &fp), -3);
  cr_expect_eq(bla_dmathieu_angular(BLA_MATHIEU_CE, 4, bla_dvec_make(c, n, 1),
                                    NAN, &f, &fp),
               -4);
  cr_expect(isnan(f) && isnan(fp));
  {
    const bla_dvec rw = bla_dvec_make(w, bla_dmathieu_radial_lwork(n), 1);
    const bla_dvec ck = bla_dvec_make(c, n, 1);
    cr_expect_eq(bla_dmathieu_radial((bla_mathieu_kind)3, 4, 10, ck, 1, &f, &fp,
                                     &g, &gp, rw),
                 -1);
    cr_expect_eq(
        bla_dmathieu_radial(BLA_MATHIEU_SE, 0, 10, ck, 1, &f, &fp, &g, &gp, rw),
        -2);
    cr_expect_eq(
        bla_dmathieu_radial(BLA_MATHIEU_CE, 4, -1, ck, 1, &f, &fp, &g, &gp, rw),
        -3);
    cr_expect(isnan(f) && isnan(gp));
    cr_expect_eq(bla_dmathieu_radial(BLA_MATHIEU_CE, 4, 10, none, 1, &f, &fp,
                                     &g, &gp, rw),
                 -4);
    cr_expect_eq(bla_dmathieu_radial(BLA_MATHIEU_CE, 4, 10, ck, -1, &f, &fp, &g,
                                     &gp, rw),
                 -5);
    cr_expect_eq(bla_dmathieu_radial(BLA_MATHIEU_CE, 4, 10, ck, 1, NULL, &fp,
                                     &g, &gp, rw),
                 -6);
    cr_expect_eq(bla_dmathieu_radial(BLA_MATHIEU_CE, 4, 10, ck, 1, &f, &fp, &g,
                                     &gp, bla_dvec_make(w, 2, 1)),
                 -10);
    cr_expect_eq(
        bla_dmathieu_radial(BLA_MATHIEU_CE, 4, 10, ck, 1, &f, &fp, &g, &gp, rw),
        0);
  }
}

/* ---- Small |q|, subnormal q, huge x -----------------------------------------
 * As q -> 0 the recurrence matrices become diagonal and every quantity
 * tends to its q = 0 limit: a_m, b_m -> m^2 with the known O(q^2) terms
 * (DLMF 28.6), the coefficient vectors -> unit vectors, ce_0 -> 2^-1/2,
 * ce_m -> cos mx, se_m -> sin mx (DLMF 28.2.29-30 with the header's
 * normalization). There the refinement's inverse iteration meets pivots of
 * size q^2 (or subnormal) and solutions of size 1/q^2, so |q| is swept
 * from 1e-5 down to the smallest subnormal number, in both precisions. */
/* a_0 to its own size: measured worst 1.8 ulps, a_0(-1e-116); also the
 * rounding allowance of coefficients and angular values. */
#define SQ_ULPS 4
/* a_m, b_m: measured worst 4.2 ulps of m^2, b_18(1e-5), a value kept from
 * sterf (above |T| / 8). */
#define SQ_AB_ULPS 8

/* a_m (is_b = 0) or b_m (is_b = 1) through O(q^4), DLMF 28.6.1-14: the
 * omitted terms are O(q^5) (O(q^6) for a_0), far below an ulp of
 * max(m^2, 1) and of a_0 itself for |q| <= 1e-5. */
static long double ab_series(int is_b, int m, long double q) {
  const long double q2 = q * q, q3 = q2 * q, q4 = q2 * q2;
  const long double mm = (long double)m * m;
  switch (m) {
  case 0:
    return -q2 / 2 + 7 * q4 / 128;
  case 1:
    return is_b ? 1 - q - q2 / 8 + q3 / 64 - q4 / 1536
                : 1 + q - q2 / 8 - q3 / 64 - q4 / 1536;
  case 2:
    return is_b ? 4 - q2 / 12 + 5 * q4 / 13824
                : 4 + 5 * q2 / 12 - 763 * q4 / 13824;
  case 3:
    return 9 + q2 / 16 + (is_b ? -q3 : q3) / 64 + 13 * q4 / 20480;
  case 4:
    return 16 + q2 / 30 + (is_b ? -317 : 433) * q4 / 864000;
  default:
    return mm + q2 / (2 * (mm - 1)) +
           (5 * mm + 7) * q4 / (32 * (mm - 1) * (mm - 1) * (mm - 1) * (mm - 4));
  }
}

/* |q| = 1e-5 down to the precision's smallest normal number, per_decade
 * values a decade, both signs, then 0; rounded to the precision. */
static int sq_grid(int is_float, int per_decade, double *q, int cap) {
  const blt_prec prec = prec_of(is_float);
  int n = 0, k;
  for (k = 0; n + 3 <= cap; ++k) {
    const double v = blt_round(prec, pow(10.0, -5.0 - (double)k / per_decade));
    if (v < prec.unfl)
      break;
    q[n++] = v;
    q[n++] = -v;
  }
  q[n++] = 0;
  return n;
}

/* The characteristic value of order m (b_m when is_b) against the series:
 * within SQ_AB_ULPS ulps of max(m^2, 1). a_0 ~ -q^2/2 is also held to
 * SQ_ULPS ulps of its own size, down to where it is subnormal. */
static void sq_check_value(blt_prec prec, int is_b, int m, double q, double v,
                           worst_t *w, const char *what) {
  const long double ref = ab_series(is_b, m, q);
  const double err = (double)fabsl((long double)v - ref);
  const double sc = m > 1 ? (double)m * m : 1;
  worst_note(w, isfinite(v) ? err / (sc * prec.ulp) : INFINITY, "%s %c_%d(%g)",
             prec.name, is_b ? 'b' : 'a', m, q);
  CHECK(isfinite(v) && err <= SQ_AB_ULPS * prec.ulp * sc,
        "%s %s: %c_%d(%.17g) = %.17g, series %.21Lg (error %.3g)", prec.name,
        what, is_b ? 'b' : 'a', m, q, v, ref, err);
  if (!is_b && m == 0)
    CHECK(err <= SQ_ULPS * prec.ulp * (double)fabsl(ref) + prec.unfl,
          "%s %s: a_0(%.17g) = %.17g, series %.21Lg: not accurate to its own "
          "size",
          prec.name, what, q, v, ref);
}

/* Coefficients, characteristic value and angular function of (kind, m) at
 * small q against the q = 0 limits. The unit entry differs from its limit
 * by O(q^2), its neighbours are O(q) (at most 0.36 |q|, DLMF 28.6.21-26),
 * the others O(q^2); ce_m, se_m differ from cos mx, sin mx (ce_0 from
 * 2^-1/2) by at most |q| / 2, their derivatives by (m + 2) |q| / 2. */
static void sq_check_fn(int is_float, int kind, int m, double q, worst_t *wc,
                        worst_t *wf) {
  static const double xs[] = {0.3, 1.1, 2.5, -0.7};
  const blt_prec prec = prec_of(is_float);
  const double u = SQ_ULPS * prec.ulp, aq = fabs(q);
  const int64_t rm = kind ? (m - 1) / 2 : m / 2;
  const double unit = kind == 0 && m == 0 ? sqrt(0.5) : 1;
  double lam, *c;
  int64_t n, r;
  size_t ix;
  int inf = coeffs(is_float, kind, m, q, &lam, &c, &n);
  CHECK(inf == 0, "%s coeffs %s_%d(%.17g): info %d", prec.name,
        kind_names[kind], m, q, inf);
  if (inf != 0) {
    free(c);
    return;
  }
  sq_check_value(prec, kind, m, q, lam, wc, "coeffs");
  for (r = 0; r < n; ++r) {
    const int64_t d = r > rm ? r - rm : rm - r;
    const double ref = r == rm ? unit : 0;
    const double bound = u + (d == 1 ? 0.5 * aq : q * q);
    worst_note(wc, isfinite(c[r]) ? fabs(c[r] - ref) / bound : INFINITY,
               "%s %s_%d(%g) coefficient %ld", prec.name, kind_names[kind], m,
               q, (long)r);
    CHECK(isfinite(c[r]) && fabs(c[r] - ref) <= bound,
          "%s %s_%d(%.17g): coefficient %ld = %.17g, limit %g", prec.name,
          kind_names[kind], m, q, (long)r, c[r], ref);
  }
  for (ix = 0; ix < sizeof xs / sizeof xs[0]; ++ix) {
    const long double x = xs[ix], mx = m * x;
    const long double f0 = kind ? sinl(mx) : m == 0 ? unit : cosl(mx);
    const long double fp0 = kind ? m * cosl(mx) : -m * sinl(mx);
    const double bf = u * (double)(n + 2) + 0.5 * aq;
    const double bp = (u * (double)(n + 2) + 0.5 * aq) * (m + 2);
    double f = NAN, fp = NAN;
    inf = angular(is_float, kind, m, c, n, xs[ix], &f, &fp);
    worst_note(wf, fabs(f - (double)f0) / bf, "%s %s_%d(%g, %g)", prec.name,
               kind_names[kind], m, xs[ix], q);
    CHECK(inf == 0 && fabsl(f - f0) <= bf && fabsl(fp - fp0) <= bp,
          "%s %s_%d(%g, %.17g): info %d, %.17g and %.17g, limits %.17Lg and "
          "%.17Lg",
          prec.name, kind_names[kind], m, xs[ix], q, inf, f, fp, f0, fp0);
  }
  free(c);
}

BLT_TEST(small_q, charvalues) {
  enum { NQ = 2000, SA = 21, SB = 20 };
  const int host = blt_backend_is_host(be);
  int is_float;
  for (is_float = 0; is_float < 2; ++is_float) {
    const blt_prec prec = prec_of(is_float);
    double *q = (double *)blt_xmalloc(NQ * sizeof(double));
    double *a = (double *)blt_xmalloc((size_t)NQ * SA * sizeof(double));
    double *b = (double *)blt_xmalloc((size_t)NQ * SB * sizeof(double));
    const int nq = sq_grid(is_float, 3, q, NQ);
    void *qv = raw_new(is_float, nq), *ba = raw_new(is_float, nq * SA),
         *bb = raw_new(is_float, nq * SB);
    int *info = (int *)blt_xcalloc((size_t)nq, sizeof(int));
    worst_t w;
    int i, k;
    worst_init(&w);
    for (i = 0; i < nq; ++i) {
      double *ai = a + (size_t)i * SA, *bi = b + (size_t)i * SB;
      const int inf = ab_all(is_float, q[i], SA, ai, SB, bi);
      CHECK(!host || inf == 0, "%s ab_all(%.17g): info %d", prec.name, q[i],
            inf);
      for (k = 0; host && k < SA; ++k)
        sq_check_value(prec, 0, k, q[i], ai[k], &w, "ab_all");
      for (k = 0; host && k < SB; ++k)
        sq_check_value(prec, 1, k + 1, q[i], bi[k], &w, "ab_all");
      raw_set(is_float, qv, i, q[i]);
    }
    /* The batch driver gives the core's bits (a device: values held to
     * the core's bounds). */
    {
      const bla_exec ex = exec_of(be);
      cr_assert(ab_on(be, &ex, is_float, rv(qv, nq, 1), rvb_packed(ba, nq, SA),
                      rvb_packed(bb, nq, SB), info, nq) == BLA_OK);
    }
    for (i = 0; i < nq; ++i) {
      int same = info[i] == 0;
      for (k = 0; k < SA; ++k) {
        const double v = raw_get(is_float, ba, (int64_t)i * SA + k);
        if (host)
          same = same && memcmp(&v, &a[(size_t)i * SA + k], sizeof v) == 0;
        else
          sq_check_value(prec, 0, k, q[i], v, &w, "ab_all_batch");
      }
      for (k = 0; k < SB; ++k) {
        const double v = raw_get(is_float, bb, (int64_t)i * SB + k);
        if (host)
          same = same && memcmp(&v, &b[(size_t)i * SB + k], sizeof v) == 0;
        else
          sq_check_value(prec, 1, k + 1, q[i], v, &w, "ab_all_batch");
      }
      CHECK(same,
            "%s ab_all_batch(%.17g): info %d or values differ from the "
            "core routine's",
            prec.name, q[i], info[i]);
    }
    worst_print(&w,
                is_float ? "small q a, b float (ulps)"
                         : "small q a, b double (ulps)",
                SQ_AB_ULPS);
    free(q);
    free(a);
    free(b);
    free(qv);
    free(ba);
    free(bb);
    free(info);
  }
}

Test(small_q, functions) {
  enum { NQ = 700, MMAX = 8 };
  int is_float;
  for (is_float = 0; is_float < 2; ++is_float) {
    double q[NQ];
    const int nq = sq_grid(is_float, 1, q, NQ);
    worst_t wc, wf;
    int i, kind, m;
    worst_init(&wc);
    worst_init(&wf);
    for (i = 0; i < nq; ++i)
      for (kind = 0; kind < 2; ++kind)
        for (m = kind; m <= MMAX; ++m)
          sq_check_fn(is_float, kind, m, q[i], &wc, &wf);
    worst_print(&wc,
                is_float ? "small q coefficients float / bound"
                         : "small q coefficients double / bound",
                1);
    worst_print(&wf,
                is_float ? "small q angular float / bound"
                         : "small q angular double / bound",
                1);
  }
  check_done();
}

/* Subnormal q and the smallest normal one. Every finite q is valid input:
 * the characteristic values, coefficients and angular functions equal
 * their q = 0 limits to working precision, through the core routines and
 * the batch drivers. The radial functions are either computed (finite,
 * Wronskian holding) or, where Bessel factors overflow although the result
 * may be representable, refused with info 3 and NaN, as the header
 * documents; Mc_0 at the smallest normal q is computed. */
BLT_TEST(small_q, subnormal) {
  /* NS values of q (NS / 2 positive); the batch drivers take NANG
   * angular entries (every q at NX arguments) and NRAD radial ones (every
   * positive q at NZ arguments). */
  enum {
    NS = 12,
    SA = 11,
    SB = 10,
    NX = 2,
    NZ = 3,
    NANG = NS * NX,
    NRAD = NS / 2 * NZ,
    NB_MAX = NANG > NRAD ? NANG : NRAD
  };
  static const double xs[NX] = {0.3, 2.5}, zs[NZ] = {0, 0.5, 2};
  const int host = blt_backend_is_host(be);
  const bla_exec ex = exec_of(be);
  int is_float;
  for (is_float = 0; is_float < 2; ++is_float) {
    const blt_prec prec = prec_of(is_float);
    const double tmin = is_float ? (double)FLT_TRUE_MIN : DBL_TRUE_MIN;
    const double pos[NS / 2] = {tmin,
                                is_float ? 1e-44 : 1e-320,
                                is_float ? 1e-40 : 1e-310,
                                prec.unfl / 2,
                                is_float ? (double)nextafterf(FLT_MIN, 0)
                                         : nextafter(DBL_MIN, 0),
                                prec.unfl};
    double q[NS], a[NS * SA], b[NS * SB];
    void *qv = raw_new(is_float, NS), *ba = raw_new(is_float, NS * SA),
         *bb = raw_new(is_float, NS * SB);
    int info[NS], i, k, kind, m, nrad[2] = {0, 0};
    worst_t w, wc, wf;
    worst_init(&w);
    worst_init(&wc);
    worst_init(&wf);
    for (i = 0; i < NS; ++i) {
      q[i] = blt_round(prec, i < NS / 2 ? pos[i] : -pos[i - NS / 2]);
      raw_set(is_float, qv, i, q[i]);
    }
    cr_assert(ab_on(be, &ex, is_float, rv(qv, NS, 1), rvb_packed(ba, NS, SA),
                    rvb_packed(bb, NS, SB), info, NS) == BLA_OK);
    for (i = 0; i < NS; ++i) {
      double *ai = a + i * SA, *bi = b + i * SB;
      const int inf = ab_all(is_float, q[i], SA, ai, SB, bi);
      CHECK((!host || inf == 0) && info[i] == 0,
            "%s ab_all(%g): info %d, batch %d", prec.name, q[i], inf, info[i]);
      for (k = 0; k < SA; ++k) {
        const double v = raw_get(is_float, ba, (int64_t)i * SA + k);
        if (host)
          sq_check_value(prec, 0, k, q[i], ai[k], &w, "ab_all");
        sq_check_value(prec, 0, k, q[i], v, &w, "ab_all_batch");
      }
      for (k = 0; k < SB; ++k) {
        const double v = raw_get(is_float, bb, (int64_t)i * SB + k);
        if (host)
          sq_check_value(prec, 1, k + 1, q[i], bi[k], &w, "ab_all");
        sq_check_value(prec, 1, k + 1, q[i], v, &w, "ab_all_batch");
      }
      for (kind = 0; host && kind < 2; ++kind)
        for (m = kind; m <= 6; ++m)
          sq_check_fn(is_float, kind, m, q[i], &wc, &wf);
    }
    /* The batch drivers, which expand (m, q) themselves. */
    for (kind = 0; kind < 2; ++kind)
      for (m = kind; m <= 3; ++m) {
        int mv[NB_MAX], inf[NB_MAX], j;
        void *qq = raw_new(is_float, NB_MAX), *xx = raw_new(is_float, NB_MAX);
        void *ov[4];
        rvec o[4];
        for (j = 0; j < 4; ++j) {
          ov[j] = raw_new(is_float, NB_MAX);
          o[j] = rv(ov[j], NANG, 1);
        }
        for (i = 0; i < NB_MAX; ++i)
          mv[i] = m;
        for (i = 0; i < NANG; ++i) {
          raw_set(is_float, qq, i, q[i % NS]);
          raw_set(is_float, xx, i, xs[i / NS]);
        }
        cr_assert(fn_on(be, &ex, is_float, 0, kind, mv, 1, rv(qq, NANG, 1),
                        rv(xx, NANG, 1), o, inf, NANG) == BLA_OK);
        for (i = 0; i < NANG; ++i) {
          const long double x = xs[i / NS], mx = m * x;
          const long double f0 = kind     ? sinl(mx)
                                 : m == 0 ? sqrtl(0.5L)
                                          : cosl(mx);
          const double f = raw_get(is_float, ov[0], i);
          CHECK(inf[i] == 0 && fabsl(f - f0) <= 8 * SQ_ULPS * prec.ulp,
                "%s angular_batch %s_%d(%g, %g): info %d, %.17g, limit %.17Lg",
                prec.name, kind_names[kind], m, xs[i / NS], q[i % NS], inf[i],
                f, f0);
        }
        /* Radial functions need q > 0: the first NS / 2 entries. */
        for (i = 0; i < NRAD; ++i) {
          raw_set(is_float, qq, i, q[i % (NS / 2)]);
          raw_set(is_float, xx, i, zs[i / (NS / 2)]);
        }
        for (j = 0; j < 4; ++j)
          o[j] = rv(ov[j], NRAD, 1);
        cr_assert(fn_on(be, &ex, is_float, 1, kind, mv, 1, rv(qq, NRAD, 1),
                        rv(xx, NRAD, 1), o, inf, NRAD) == BLA_OK);
        for (i = 0; i < NRAD; ++i) {
          const double qi = q[i % (NS / 2)], z = zs[i / (NS / 2)];
          double v[4], e;
          for (j = 0; j < 4; ++j)
            v[j] = raw_get(is_float, ov[j], i);
          e = fabs((v[0] * v[3] - v[1] * v[2]) * (SYM_PI / 2) - 1);
          ++nrad[inf[i] == 0];
          if (inf[i] == 3) {
            CHECK(isnan(v[0]) && isnan(v[1]) && isnan(v[2]) && isnan(v[3]) &&
                      !(kind == 0 && m == 0 && qi == prec.unfl),
                  "%s radial_batch %s_%d(%g, %g): info 3, outputs %g %g %g %g",
                  prec.name, rad_names[kind], m, z, qi, v[0], v[1], v[2], v[3]);
          } else {
            CHECK(inf[i] == 0 && isfinite(v[0]) && isfinite(v[1]) &&
                      isfinite(v[2]) && isfinite(v[3]) && e <= 1e4 * prec.ulp,
                  "%s radial_batch %s_%d(%g, %g): info %d, outputs %g %g %g "
                  "%g, Wronskian pi/2 - 1 = %.3g",
                  prec.name, rad_names[kind], m, z, qi, inf[i], v[0], v[1],
                  v[2], v[3], e);
          }
        }
        for (j = 0; j < 4; ++j)
          free(ov[j]);
        free(qq);
        free(xx);
      }
    worst_print(&w,
                is_float ? "subnormal q a, b float (ulps)"
                         : "subnormal q a, b double (ulps)",
                SQ_AB_ULPS);
    worst_print(&wc,
                is_float ? "subnormal q coefficients float / bound"
                         : "subnormal q coefficients double / bound",
                1);
    worst_print(&wf,
                is_float ? "subnormal q angular float / bound"
                         : "subnormal q angular double / bound",
                1);
    if (blt_verbose())
      printf("subnormal q radial %s: %d computed, %d refused (info 3)\n",
             prec.name, nrad[1], nrad[0]);
    free(qv);
    free(ba);
    free(bb);
  }
}

/* ---- Angular functions at huge arguments ---------------------------------
 * Every finite x is valid, including |x| > BLA_MAXR / 2 where 2x
 * overflows. The value must be the function at the floating-point x itself
 * (it is 2 pi-periodic, and x, an exact number, has an exact residue):
 * compared with sum c_r cos(f_r x) (sin for se) whose products f_r x are
 * exact in long double (a 53-bit x times f_r < 2^11) and whose cosl/sinl
 * reduce the argument exactly. Tolerance as for the symmetry tests, times
 * the scale sum |c| (sum f |c| for derivatives). */
#if LDBL_MANT_DIG >= 64 && LDBL_MAX_EXP > DBL_MAX_EXP
#define HX_REFERENCE 1
#else
#define HX_REFERENCE 0
#endif

static void hx_direct(int kind, int m, const double *c, int64_t n, double x,
                      long double *f, long double *fp) {
  int64_t r;
  *f = *fp = 0;
  for (r = 0; r < n; ++r) {
    const long double fr = freq(kind, m, r), ax = fr * (long double)x;
    *f += c[r] * (kind ? sinl(ax) : cosl(ax));
    *fp += c[r] * fr * (kind ? cosl(ax) : -sinl(ax));
  }
}

BLT_TEST(angular, huge_x) {
  static const int ms[] = {0, 1, 2, 3, 7, 10, 25};
  static const double qs[] = {-3, 0.5, 21, 200};
  const int host = blt_backend_is_host(be);
  int is_float;
  if (!HX_REFERENCE)
    cr_log_warn("long double cannot form f x exactly here: only finiteness, "
                "bounds, parity and the batch driver are checked");
  for (is_float = 0; is_float < 2; ++is_float) {
    const blt_prec prec = prec_of(is_float);
    const double big = is_float ? FLT_MAX : DBL_MAX;
    const double half = big / 2;
    const double xs[] = {is_float ? 1e30 : 1e300,
                         half,
                         is_float ? (double)nextafterf((float)half, INFINITY)
                                  : nextafter(half, INFINITY),
                         0.7 * big,
                         big,
                         -big,
                         -0.9 * big};
    const int nx = (int)(sizeof xs / sizeof xs[0]);
    const double tol = is_float ? 2e-5 : SYM_TOL;
    worst_t w;
    size_t im, iq;
    int kind, ix;
    worst_init(&w);
    /* The core routines (on the host run only). */
    for (kind = 0; host && kind < 2; ++kind)
      for (im = 0; im < sizeof ms / sizeof ms[0]; ++im)
        for (iq = 0; iq < sizeof qs / sizeof qs[0]; ++iq) {
          const int m = ms[im];
          const double q = qs[iq];
          double lam, *c, s0, s1;
          int64_t n;
          int inf;
          if (kind == 1 && m == 0)
            continue;
          inf = coeffs(is_float, kind, m, q, &lam, &c, &n);
          cr_assert(inf == 0, "coeffs %s_%d(%g): info %d", kind_names[kind], m,
                    q, inf);
          ang_scales(kind, m, c, n, &s0, &s1);
          for (ix = 0; ix < nx; ++ix) {
            const double x = blt_round(prec, xs[ix]);
            const double par = kind == 0 ? 1 : -1;
            double f = NAN, fp = NAN, g = NAN, gp = NAN;
            long double f0, fp0;
            int inf2;
            inf = angular(is_float, kind, m, c, n, x, &f, &fp);
            inf2 = angular(is_float, kind, m, c, n, -x, &g, &gp);
            CHECK(inf == 0 && inf2 == 0 && isfinite(f) && isfinite(fp) &&
                      fabs(f) <= s0 * (1 + 1e-3) && fabs(fp) <= s1 * (1 + 1e-3),
                  "%s %s_%d(%.17g, %g): info %d, %.17g, derivative %.17g "
                  "(scales %g, %g)",
                  prec.name, kind_names[kind], m, x, q, inf, f, fp, s0, s1);
            CHECK(fabs(g - par * f) <= tol * s0 &&
                      fabs(gp + par * fp) <= tol * s1,
                  "%s %s_%d at -x = %.17g, q = %g: %.17g %.17g against "
                  "%.17g %.17g",
                  prec.name, kind_names[kind], m, -x, q, g, gp, f, fp);
            if (!HX_REFERENCE)
              continue;
            hx_direct(kind, m, c, n, x, &f0, &fp0);
            worst_note(&w, (double)(fabsl(f - f0) / s0), "%s_%d(%g, %g)",
                       kind_names[kind], m, x, q);
            CHECK(fabsl(f - f0) <= tol * s0 && fabsl(fp - fp0) <= tol * s1,
                  "%s %s_%d(%.17g, %g) = %.17g, derivative %.17g; direct sum "
                  "%.17Lg, %.17Lg",
                  prec.name, kind_names[kind], m, x, q, f, fp, f0, fp0);
          }
          free(c);
        }
    /* The batch driver at the same arguments: the core's values (a
     * device: within tol of them, on the scale sum |c|). */
    {
      enum { HB = 7 };
      int mv[HB], inf[HB], i;
      void *qq = raw_new(is_float, HB), *xx = raw_new(is_float, HB);
      void *f = raw_new(is_float, HB), *fp = raw_new(is_float, HB);
      rvec o[2];
      const bla_exec ex = exec_of(be);
      o[0] = rv(f, HB, 1);
      o[1] = rv(fp, HB, 1);
      for (i = 0; i < HB; ++i) {
        mv[i] = 2 * i + 1;
        raw_set(is_float, qq, i, 21);
        raw_set(is_float, xx, i, xs[i % nx]);
      }
      cr_assert(fn_on(be, &ex, is_float, 0, 0, mv, 1, rv(qq, HB, 1),
                      rv(xx, HB, 1), o, inf, HB) == BLA_OK);
      for (i = 0; i < HB; ++i) {
        double lam, *c, v = NAN, s0 = 0, s1 = 0;
        int64_t n;
        const double x = raw_get(is_float, xx, i);
        int ci = coeffs(is_float, 0, mv[i], 21, &lam, &c, &n);
        if (ci == 0) {
          ci = angular(is_float, 0, mv[i], c, n, x, &v, NULL);
          ang_scales(0, mv[i], c, n, &s0, &s1);
        }
        CHECK(inf[i] == 0 && ci == 0 &&
                  (host ? raw_get(is_float, f, i) == v
                        : fabs(raw_get(is_float, f, i) - v) <= tol * s0),
              "%s angular_batch ce_%d(%.17g, 21): info %d, %.17g; core %d, "
              "%.17g",
              prec.name, mv[i], x, inf[i], raw_get(is_float, f, i), ci, v);
        free(c);
      }
      free(qq);
      free(xx);
      free(f);
      free(fp);
    }
    worst_print(&w, is_float ? "huge x float / scale" : "huge x double / scale",
                tol);
  }
}

/* ---- A device against the host driver ---------------------------------------
 * Checks with no host counterpart: the same inputs through the host
 * driver and the device's, compared. The same code runs on both; the
 * device may contract products into FMAs, so results agree to a few units
 * of the last place of the scale of each problem rather than bit for bit:
 * |dev - host| <= tol * scale (see each check). */
#define DEV_AB_TOL_D 1e-14
#define DEV_AB_TOL_F 1e-5
#define DEV_ANG_TOL_D 1e-13
#define DEV_ANG_TOL_F 1e-4
#define DEV_RAD_TOL_D 1e-12
#define DEV_RAD_TOL_F 1e-4

#define DEV_NA 61 /* a_0..a_60 */
#define DEV_NB 60 /* b_1..b_60 */

static const char *const ang_out_names[2] = {"f", "fp"};
static const char *const rad_out_names[4] = {"f1", "f1p", "f2", "f2p"};

/* Element k of problem p of an n-long batch, packed or interleaved. */
static double ab_at(int is_float, const void *data, int64_t count, int64_t n,
                    int lay, int64_t p, int64_t k) {
  return raw_get(is_float, data, lay ? p + k * count : p * n + k);
}

/* Characteristic values: 300 q in [-1000, 1000] (0, +-21, +-1000 among
 * them), a_0..a_60 and b_1..b_60, packed (default stream) and interleaved
 * (another stream): |dev - host| <= tol max(|host|, 1). If bad >= 0,
 * q[bad] is NaN there: info < 0 and NaN outputs in that problem only. */
static void dev_ab(const blt_backend *be, int is_float, int64_t count,
                   int64_t bad) {
  static const double fixed[] = {0.0, 21.0, -21.0, 1000.0, -1000.0};
  const blt_backend host = blt_backend_host();
  const blt_prec prec = blt_prec_of(is_float);
  const double tol = is_float ? DEV_AB_TOL_F : DEV_AB_TOL_D;
  const size_t es = es_of(is_float);
  void *hq = raw_new(is_float, count);
  void *ha = raw_new(is_float, count * DEV_NA);
  void *hb = raw_new(is_float, count * DEV_NB);
  void *ga = raw_new(is_float, count * DEV_NA);
  void *gb = raw_new(is_float, count * DEV_NB);
  int *hinfo = (int *)blt_xcalloc((size_t)count, sizeof(int));
  int *ginfo = (int *)blt_xcalloc((size_t)count, sizeof(int));
  double worst = 0;
  blt_rng rng;
  int64_t p, k;
  int lay;

  blt_rng_seed(&rng, 0xab5eed00ULL + (uint64_t)is_float);
  for (p = 0; p < count; ++p) {
    double q = p < 5 ? fixed[p] : -1000.0 + 2000.0 * blt_rng_uniform01(&rng);
    if (p == bad)
      q = NAN;
    raw_set(is_float, hq, p, q);
  }
  {
    const bla_exec ex = exec_of(&host);
    cr_assert(ab_on(&host, &ex, is_float, rv(hq, count, 1),
                    rvb_packed(ha, count, DEV_NA),
                    rvb_packed(hb, count, DEV_NB), hinfo, count) == BLA_OK);
  }
  for (lay = 0; lay < 2; ++lay) {
    const char *ln = lay ? "interleaved" : "packed";
    const bla_exec ex = blt_backend_exec(be, lay ? BLT_RUN_OTHER : BLT_RUN);
    const rvb a = lay ? rvb_interleaved(ga, count, DEV_NA)
                      : rvb_packed(ga, count, DEV_NA);
    const rvb b = lay ? rvb_interleaved(gb, count, DEV_NB)
                      : rvb_packed(gb, count, DEV_NB);
    bla_status st;
    /* An entry the driver does not write cannot pass. */
    memset(ga, 0xA5, (size_t)(count * DEV_NA) * es);
    memset(gb, 0xA5, (size_t)(count * DEV_NB) * es);
    memset(ginfo, 0xA5, (size_t)count * sizeof(int));
    st = ab_on(be, &ex, is_float, rv(hq, count, 1), a, b, ginfo, count);
    cr_assert(st == BLA_OK, "%s ab_all_batch (%s): status %d", prec.name, ln,
              (int)st);
    for (p = 0; p < count; ++p) {
      const double q = raw_get(is_float, hq, p);
      if (p == bad) {
        CHECK(ginfo[p] < 0 && hinfo[p] < 0,
              "%s ab_all_batch (%s) at q = NaN: info %d, host %d", prec.name,
              ln, ginfo[p], hinfo[p]);
        for (k = 0; k < DEV_NA; ++k)
          CHECK(isnan(ab_at(is_float, ga, count, DEV_NA, lay, p, k)),
                "%s ab_all_batch (%s) at q = NaN: a_%d not NaN", prec.name, ln,
                (int)k);
        for (k = 0; k < DEV_NB; ++k)
          CHECK(isnan(ab_at(is_float, gb, count, DEV_NB, lay, p, k)),
                "%s ab_all_batch (%s) at q = NaN: b_%d not NaN", prec.name, ln,
                (int)(k + 1));
        continue;
      }
      CHECK(ginfo[p] == 0 && hinfo[p] == 0,
            "%s ab_all_batch (%s) at q = %.17g: info %d, host %d", prec.name,
            ln, q, ginfo[p], hinfo[p]);
      for (k = 0; k < DEV_NA + DEV_NB; ++k) {
        const int isa = k < DEV_NA;
        const int64_t j = isa ? k : k - DEV_NA, n = isa ? DEV_NA : DEV_NB;
        const double h = ab_at(is_float, isa ? ha : hb, count, n, 0, p, j);
        const double g = ab_at(is_float, isa ? ga : gb, count, n, lay, p, j);
        const double e = fabs(g - h) / fmax(fabs(h), 1.0);
        if (!(e <= worst))
          worst = e;
        CHECK(e <= tol,
              "%s ab_all_batch (%s): %c_%d(%.17g) = %.17g, host %.17g, error "
              "%.3g",
              prec.name, ln, isa ? 'a' : 'b', (int)(isa ? j : j + 1), q, g, h,
              e);
      }
    }
  }
  if (blt_verbose())
    printf("device %-6s ab_all_batch (%d q%s): worst %.3g (bound %.3g)\n",
           prec.name, (int)count, bad >= 0 ? ", one NaN" : "", worst, tol);
  free(hq);
  free(ha);
  free(hb);
  free(ga);
  free(gb);
  free(hinfo);
  free(ginfo);
}

BLT_CUDA_TEST_PRECS(vs_host, ab_all_double, ab_all_float) {
  dev_ab(be, is_float, 300, -1);
}

/* Angular and radial functions: the device against the host on the same
 * entries. info equal everywhere; where it is 0, outputs within tol of the
 * host's on a scale: angular, the largest |host value| of that output
 * over the entries of the same (m, q) (key[i], at least 1); radial, the
 * modulus of the entry's pair (sqrt(f1^2 + f2^2), of f1p and f2p for the
 * derivatives). Entries whose host info is not 0 have NaN outputs in
 * both. If bad >= 0, entry bad has q = NaN: info < 0 and NaN outputs
 * there. */
typedef struct {
  int is_float, rad, kind;
  int64_t n;
  const int *m;
  void *q, *x;
  const int *key; /* angular: key index of each entry, keys < nkeys */
  int nkeys;
  int need_ok; /* every host info must be 0 */
} fn_case;

static double compare_fn(const fn_case *c, void *const *hout, const int *hinfo,
                         void *const *gout, const int *ginfo, int64_t bad) {
  const blt_prec prec = blt_prec_of(c->is_float);
  const double tol = c->rad ? (c->is_float ? DEV_RAD_TOL_F : DEV_RAD_TOL_D)
                            : (c->is_float ? DEV_ANG_TOL_F : DEV_ANG_TOL_D);
  const char *fname = c->rad ? rad_names[c->kind] : kind_names[c->kind];
  const char *const *onames = c->rad ? rad_out_names : ang_out_names;
  const int nout = c->rad ? 4 : 2;
  double *scale = NULL;
  double worst = 0;
  int64_t i;
  int s;
  if (!c->rad) {
    scale = blt_dalloc(2 * c->nkeys);
    for (s = 0; s < 2 * c->nkeys; ++s)
      scale[s] = 1.0;
    for (i = 0; i < c->n; ++i)
      for (s = 0; s < 2 && i != bad && hinfo[i] == 0; ++s)
        scale[2 * c->key[i] + s] = fmax(scale[2 * c->key[i] + s],
                                        fabs(raw_get(c->is_float, hout[s], i)));
  }
  for (i = 0; i < c->n; ++i) {
    const int m = c->m[i];
    const double q = raw_get(c->is_float, c->q, i);
    const double x = raw_get(c->is_float, c->x, i);
    if (i == bad) {
      CHECK(ginfo[i] < 0 && hinfo[i] < 0,
            "%s %s_%d at q = NaN: info %d, host %d", prec.name, fname, m,
            ginfo[i], hinfo[i]);
      for (s = 0; s < nout; ++s)
        CHECK(isnan(raw_get(c->is_float, gout[s], i)),
              "%s %s_%d at q = NaN: %s not NaN", prec.name, fname, m,
              onames[s]);
      continue;
    }
    CHECK(ginfo[i] == hinfo[i] && (!c->need_ok || hinfo[i] == 0),
          "%s %s_%d(%.17g, q = %.17g), entry %d: info %d, host %d", prec.name,
          fname, m, x, q, (int)i, ginfo[i], hinfo[i]);
    if (hinfo[i] != 0) {
      for (s = 0; s < nout; ++s)
        CHECK(isnan(raw_get(c->is_float, gout[s], i)),
              "%s %s_%d(%.17g, q = %.17g): host info %d but %s not NaN",
              prec.name, fname, m, x, q, hinfo[i], onames[s]);
      continue;
    }
    for (s = 0; s < nout; ++s) {
      const double h = raw_get(c->is_float, hout[s], i);
      const double g = raw_get(c->is_float, gout[s], i);
      double sc, e;
      if (c->rad)
        sc = hypot(raw_get(c->is_float, hout[s & 1], i),
                   raw_get(c->is_float, hout[(s & 1) + 2], i));
      else
        sc = scale[2 * c->key[i] + s];
      e = fabs(g - h) / sc;
      if (!(e <= worst))
        worst = e;
      CHECK(e <= tol,
            "%s %s_%d(%.17g, q = %.17g), entry %d: %s = %.17g, host %.17g, "
            "scale %.3g, error %.3g",
            prec.name, fname, m, x, q, (int)i, onames[s], g, h, sc, e);
    }
  }
  free(scale);
  return worst;
}

/* One case through the host and through the device (kind se on another
 * stream), compared; outputs preset to a byte pattern so that an
 * unwritten entry cannot pass. */
static void dev_case(const blt_backend *be, const fn_case *c, int64_t bad,
                     const char *what) {
  const blt_backend host = blt_backend_host();
  const bla_exec hex = exec_of(&host);
  const bla_exec gex =
      blt_backend_exec(be, c->kind == BLA_MATHIEU_SE ? BLT_RUN_OTHER : BLT_RUN);
  blt_devpair d;
  int64_t nok;
  double worst;
  blt_devpair_init(&d, c->is_float, c->rad ? 4 : 2, c->n);
  cr_assert(fn_on(&host, &hex, c->is_float, c->rad, c->kind, c->m, 1,
                  rv(c->q, c->n, 1), rv(c->x, c->n, 1), d.ho, d.hinfo,
                  c->n) == BLA_OK,
            "host %s: failed", what);
  cr_assert(fn_on(be, &gex, c->is_float, c->rad, c->kind, c->m, 1,
                  rv(c->q, c->n, 1), rv(c->x, c->n, 1), d.go, d.ginfo,
                  c->n) == BLA_OK,
            "device %s: failed", what);
  worst = compare_fn(c, d.hout, d.hinfo, d.gout, d.ginfo, bad);
  nok = blt_devpair_covered(&d, bad, blt_prec_of(c->is_float).name, what);
  if (blt_verbose())
    printf("device %-6s %-26s: %d of %d entries info 0, worst %.3g\n",
           blt_prec_of(c->is_float).name, what, (int)nok, (int)c->n, worst);
  blt_devpair_free(&d);
}

/* n angular entries over nkeys distinct (m, q) (m 0..60, 1..60 for se; q
 * in [-200, 200], the first keys fixed at the corners), each key repeated
 * with random x in [-2 pi, 2 pi], shuffled. */
static void dev_angular(const blt_backend *be, int is_float, int kind,
                        int64_t n, int nkeys, int64_t bad) {
  const double twopi = 6.283185307179586;
  static const int fixed_m[4] = {0, 60, 60, 1};
  static const double fixed_q[4] = {0.0, 200.0, -200.0, -0.5};
  int *m = (int *)blt_xcalloc((size_t)n, sizeof(int));
  int *key = (int *)blt_xcalloc((size_t)n, sizeof(int));
  int *km = (int *)blt_xcalloc((size_t)nkeys, sizeof(int));
  double *kq = blt_dalloc(nkeys);
  void *q = raw_new(is_float, n), *x = raw_new(is_float, n);
  char what[64];
  fn_case c;
  blt_rng rng;
  int64_t i;
  int j;
  blt_rng_seed(&rng, 0xa9961a00ULL + (uint64_t)(2 * kind + is_float));
  for (j = 0; j < nkeys; ++j) {
    km[j] = j < 4 ? fixed_m[j] : (int)blt_rng_below(&rng, 61);
    kq[j] = j < 4 ? fixed_q[j] : -200.0 + 400.0 * blt_rng_uniform01(&rng);
    if (kind == BLA_MATHIEU_SE && km[j] == 0)
      km[j] = 1;
  }
  for (i = 0; i < n; ++i)
    key[i] = (int)(i % nkeys);
  for (i = n - 1; i > 0; --i) {
    const int64_t r = blt_rng_below(&rng, i + 1);
    const int t = key[i];
    key[i] = key[r];
    key[r] = t;
  }
  if (bad >= 0)
    key[bad] = nkeys - 1; /* a key of its own */
  for (i = 0; i < n; ++i) {
    m[i] = km[key[i]];
    raw_set(is_float, q, i, i == bad ? NAN : kq[key[i]]);
    raw_set(is_float, x, i, twopi * (2.0 * blt_rng_uniform01(&rng) - 1.0));
  }
  c.is_float = is_float;
  c.rad = 0;
  c.kind = kind;
  c.n = n;
  c.m = m;
  c.q = q;
  c.x = x;
  c.key = key;
  c.nkeys = nkeys;
  c.need_ok = 1;
  snprintf(what, sizeof what, "angular_batch %s%s", kind_names[kind],
           bad >= 0 ? " (one NaN)" : "");
  dev_case(be, &c, bad, what);
  free(m);
  free(key);
  free(km);
  free(kq);
  free(q);
  free(x);
}

BLT_CUDA_TEST_PRECS(vs_host, angular_ce_double, angular_ce_float) {
  dev_angular(be, is_float, BLA_MATHIEU_CE, 20000, 50, -1);
}
BLT_CUDA_TEST_PRECS(vs_host, angular_se_double, angular_se_float) {
  dev_angular(be, is_float, BLA_MATHIEU_SE, 20000, 50, -1);
}

/* n radial entries, m 0..25 (1..25 for Ms), q in {1, 10, 100, 500}, z in
 * [0.1, 2], random order. */
static void dev_radial(const blt_backend *be, int is_float, int kind, int64_t n,
                       int64_t bad) {
  static const double qs[4] = {1.0, 10.0, 100.0, 500.0};
  int *m = (int *)blt_xcalloc((size_t)n, sizeof(int));
  void *q = raw_new(is_float, n), *z = raw_new(is_float, n);
  char what[64];
  fn_case c;
  blt_rng rng;
  int64_t i;
  blt_rng_seed(&rng, 0x4ad1a100ULL + (uint64_t)(2 * kind + is_float));
  for (i = 0; i < n; ++i) {
    m[i] = (int)blt_rng_below(&rng, 26);
    if (kind == BLA_MATHIEU_SE && m[i] == 0)
      m[i] = 1;
    raw_set(is_float, q, i, i == bad ? NAN : qs[blt_rng_below(&rng, 4)]);
    raw_set(is_float, z, i, 0.1 + 1.9 * blt_rng_uniform01(&rng));
  }
  c.is_float = is_float;
  c.rad = 1;
  c.kind = kind;
  c.n = n;
  c.m = m;
  c.q = q;
  c.x = z;
  c.key = NULL;
  c.nkeys = 0;
  c.need_ok = 0;
  snprintf(what, sizeof what, "radial_batch %s%s", rad_names[kind],
           bad >= 0 ? " (one NaN)" : "");
  dev_case(be, &c, bad, what);
  free(m);
  free(q);
  free(z);
}

BLT_CUDA_TEST_PRECS(vs_host, radial_mc_double, radial_mc_float) {
  dev_radial(be, is_float, BLA_MATHIEU_CE, 2000, -1);
}
BLT_CUDA_TEST_PRECS(vs_host, radial_ms_double, radial_ms_float) {
  dev_radial(be, is_float, BLA_MATHIEU_SE, 2000, -1);
}

/* One entry with q = NaN in each driver: info < 0 and NaN outputs there,
 * every other entry as on the host (the bounds above). */
static void dev_isolation(const blt_backend *be, int is_float) {
  int kind;
  dev_ab(be, is_float, 40, 17);
  for (kind = 0; kind < 2; ++kind) {
    dev_angular(be, is_float, kind, 400, 12, 123);
    dev_radial(be, is_float, kind, 200, 77);
  }
}

BLT_CUDA_TEST_PRECS(vs_host, isolation_double, isolation_float) {
  dev_isolation(be, is_float);
}

/* ---- No device --------------------------------------------------------------
 * Without a usable device (a library without CUDA drivers, or no GPU)
 * BLA_CUDA returns BLA_ERR_NO_DEVICE and touches nothing (host buffers
 * stand in for device ones: nothing may be read or written through
 * them). */
Test(nodevice, status) {
  const int64_t count = 3;
  int f, d, kind;
  blt_require_no_device();
  for (f = 0; f < 2; ++f)
    for (d = 0; d < 3; ++d)
      for (kind = 0; kind < (d == 0 ? 1 : 2); ++kind) {
        static const char *const names[3] = {"ab_all_batch", "angular_batch",
                                             "radial_batch"};
        double q[3] = {1.0, 2.0, 3.0}, x[3] = {0.5, 1.0, 1.5};
        float qf[3] = {1.0f, 2.0f, 3.0f}, xf[3] = {0.5f, 1.0f, 1.5f};
        int m[3] = {1, 2, 3};
        double buf[4][3 * DEV_NA];
        unsigned char pattern[sizeof buf];
        int info[3] = {7, 7, 7};
        rvec o[4];
        const bla_exec ex = bla_exec_cuda(NULL, NULL);
        const rvec qv = rv(f ? (void *)qf : (void *)q, count, 1);
        const rvec xv = rv(f ? (void *)xf : (void *)x, count, 1);
        bla_status st;
        int s;
        memset(buf, 0xA5, sizeof buf);
        memset(pattern, 0xA5, sizeof pattern);
        for (s = 0; s < 4; ++s)
          o[s] = rv(buf[s], count, 1);
        if (d == 0)
          st = call_ab(f, qv, rvb_packed(buf[0], count, DEV_NA),
                       rvb_packed(buf[1], count, DEV_NB), info, &ex);
        else
          st = call_fn(f, d == 2, kind, m, 1, qv, xv, o, info, &ex);
        CHECK(st == BLA_ERR_NO_DEVICE && info[0] == 7 && info[1] == 7 &&
                  info[2] == 7 && memcmp(buf, pattern, sizeof buf) == 0,
              "%s %s (%s): no device gave status %d or touched an output",
              blt_prec_of(f).name, names[d], kind_names[kind], (int)st);
      }
  check_done();
}
