/* tests/test_bessel.c: tests of the Bessel functions of all integer
 * orders: the batch drivers bla_{d,s}{bessel,sph_bessel}_*_all_batch and
 * the single-argument routines of batchla/special/bessel.h. The
 * batch-driver tests (BLT_TEST) run on the host and, as suites cuda_*, on
 * a CUDA device.
 *
 * Accuracy is judged against high-precision reference values
 * (tests/data/bessel_ref.txt, written by tests/data/gen_bessel_ref.py)
 * with the error |f - ref| / M, M the modulus sqrt(J_k^2 + Y_k^2) (j, y for
 * the spherical functions, the derivatives' own pair for derivatives)
 * where the order is below x and the functions oscillate, and |ref| where
 * they do not (order >= x, and always for i_n, k_n). Every value must be
 * within ACC_TOL ulp. Identities that need no reference (Wronskians,
 * Neumann and addition sums, derivative relations) check the same
 * routines at further arguments and every order. */
#include <criterion/criterion.h>

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "batchla/batchla.h"
#include "batchla/special/bessel.h"
#include "bla_test.h"
#include "bla_test_bessel.h"
#include "bla_test_report.h"

#ifndef BLA_TEST_DATA_DIR
#error "BLA_TEST_DATA_DIR must name the directory holding bessel_ref.txt"
#endif

/* Error bounds in ulp of the precision under test (DBL_EPSILON or
 * FLT_EPSILON). An identity's error is measured against the first-order
 * bound of its terms' errors (sum of |coefficient| * weight), so a result
 * in which every value is within ACC_TOL satisfies it within ACC_TOL; the
 * factor 2 leaves room for the rounding of the identity's own terms. */
#define ACC_TOL BLT_BESSEL_TOL
#define ID_TOL 16.0

/* ---- Reference data ---------------------------------------------------------
 * The functions of the file, in its order: value then derivative. */
enum { RJ, RJP, RY, RYP, RSJ, RSJP, RSY, RSYP, RSI, RSIP, RSK, RSKP, NREF };
static const char *const ref_names[NREF] = {"J", "Jp", "Y", "Yp", "j", "jp",
                                            "y", "yp", "i", "ip", "k", "kp"};
#define MAX_ORDERS 256
#define MAX_ARGS 512

typedef struct {
  int nord, ord[MAX_ORDERS];
  int nx;
  double x[MAX_ARGS];
  int is_float[MAX_ARGS]; /* x exactly representable in float */
  long double *v[NREF];   /* v[f][xi * nord + oi]; NaN where absent */
} ref_data;

static ref_data g_ref;
static int g_ref_loaded;

static const ref_data *ref_get(void) {
  static char line[1 << 16];
  const char *path = BLA_TEST_DATA_DIR "/bessel_ref.txt";
  FILE *fp;
  int f, xi = -1;
  size_t k, cap = 0;
  if (g_ref_loaded)
    return &g_ref;
  fp = blt_data_open(path);
  memset(&g_ref, 0, sizeof g_ref);
  while (blt_data_line(fp, line, (int)sizeof line, path)) {
    char *s = line, *end;
    if (strncmp(line, "orders ", 7) == 0) {
      s += 7;
      for (;;) {
        long o = strtol(s, &end, 10);
        if (end == s)
          break;
        cr_assert(g_ref.nord < MAX_ORDERS, "%s: too many orders", path);
        g_ref.ord[g_ref.nord++] = (int)o;
        s = end;
      }
      cap = (size_t)MAX_ARGS * (size_t)g_ref.nord;
      for (f = 0; f < NREF; ++f) {
        g_ref.v[f] = (long double *)blt_xmalloc(cap * sizeof(long double));
        for (k = 0; k < cap; ++k)
          g_ref.v[f][k] = NAN;
      }
      continue;
    }
    if (strncmp(line, "x ", 2) == 0) {
      cr_assert(g_ref.nord > 0 && g_ref.nx < MAX_ARGS, "%s: bad layout", path);
      xi = g_ref.nx++;
      g_ref.x[xi] = strtod(line + 2, &end);
      while (*end == ' ')
        ++end;
      g_ref.is_float[xi] = *end == 'F';
      continue;
    }
    for (f = 0; f < NREF; ++f) {
      const size_t len = strlen(ref_names[f]);
      if (strncmp(line, ref_names[f], len) == 0 && line[len] == ' ')
        break;
    }
    cr_assert(f < NREF && xi >= 0, "%s: unexpected line '%.40s'", path, line);
    s = line + strlen(ref_names[f]);
    for (k = 0; k < (size_t)g_ref.nord; ++k) {
      long double v = strtold(s, &end);
      cr_assert(end != s, "%s: short %s line at x = %g", path, ref_names[f],
                g_ref.x[xi]);
      g_ref.v[f][(size_t)xi * (size_t)g_ref.nord + k] = v;
      s = end;
    }
  }
  fclose(fp);
  cr_assert(g_ref.nx > 100 && g_ref.nord > 60 && g_ref.ord[0] == 0,
            "%s: too little data (%d arguments, %d orders)", path, g_ref.nx,
            g_ref.nord);
  g_ref_loaded = 1;
  return &g_ref;
}

static long double ref_at(const ref_data *r, int f, int xi, int oi) {
  return r->v[f][(size_t)xi * (size_t)r->nord + (size_t)oi];
}

/* ---- The functions and the calls that compute them -------------------------
 */
typedef enum { FJ, FY, FSJ, FSY, FSI, FSK, NFN } fn_id;

typedef struct {
  const char *name;
  int ref;           /* reference index of the values (+1: derivative) */
  int partner;       /* the function completing the modulus, or -1 */
  int half;          /* spherical: order n behaves as n + 1/2 */
  int positive_only; /* defined for x > 0 only */
  int parity;        /* f_k(-x) = (-1)^k f_k(x) */
} fn_desc;

static const fn_desc fns[NFN] = {
    {"J", RJ, FY, 0, 0, 1},   {"Y", RY, FJ, 0, 1, 0},  {"j", RSJ, FSY, 1, 0, 1},
    {"y", RSY, FSJ, 1, 1, 0}, {"i", RSI, -1, 1, 0, 1}, {"k", RSK, -1, 1, 1, 0}};

typedef enum {
  C_J, /* one function per call, in fn_id order */
  C_Y,
  C_SJ,
  C_SY,
  C_SI,
  C_SK,
  C_JY, /* a pair with derivatives: f, f', g, g' */
  C_SJY,
  C_SIK,
  NCALLS
} call_id;

static const char *const call_names[NCALLS] = {
    "bessel_j_all",     "bessel_y_all",      "sph_bessel_j_all",
    "sph_bessel_y_all", "sph_bessel_i_all",  "sph_bessel_k_all",
    "bessel_jy_all",    "sph_bessel_jy_all", "sph_bessel_ik_all"};

static int is_pair(call_id c) {
  return c >= C_JY;
}
static int nslots(call_id c) {
  return is_pair(c) ? 4 : 1;
}

static fn_id slot_fn(call_id c, int s) {
  if (!is_pair(c))
    return (fn_id)c;
  return (fn_id)(2 * (c - C_JY) + (s >= 2));
}

static int slot_deriv(call_id c, int s) {
  return is_pair(c) && (s & 1);
}

static const char *slot_name(call_id c, int s) {
  static char buf[4][16];
  snprintf(buf[s], sizeof buf[s], "%s%s", fns[slot_fn(c, s)].name,
           slot_deriv(c, s) ? "'" : "");
  return buf[s];
}

/* Every output of a pair call wanted. */
#define ALL4 0xFu

/* Outputs of a call: up to four batches (blt_vbatch; data NULL = not
 * wanted). */
typedef struct {
  blt_vbatch b[4];
} outs;

typedef enum { LAY_PACKED, LAY_INTERLEAVED, LAY_PADDED } out_layout;
static const char *const layout_names[] = {"packed", "interleaved",
                                           "strided+padded"};

static blt_vbatch vb_none(int is_float, int64_t count) {
  blt_vbatch b;
  memset(&b, 0, sizeof b);
  b.is_float = is_float;
  b.d = bla_dvec_batch_packed(NULL, count, 0);
  b.s = bla_svec_batch_packed(NULL, count, 0);
  return b;
}

/* A batch in the layout: the constructors of view.h for packed and
 * interleaved; a third with inc = 2 and gaps between problems, to catch
 * writes outside the views. Storage starts as the 0xA5 byte pattern. */
static blt_vbatch vb_new(int is_float, out_layout lay, int64_t count,
                         int64_t n) {
  blt_vbatch b;
  if (lay == LAY_PACKED)
    return blt_vbatch_new(is_float, BLT_COLMAJOR, count, n);
  if (lay == LAY_INTERLEAVED)
    return blt_vbatch_new(is_float, BLT_INTERLEAVED, count, n);
  memset(&b, 0, sizeof b);
  b.is_float = is_float;
  b.d = bla_dvec_batch_packed(NULL, count, n);
  b.s = bla_svec_batch_packed(NULL, count, n);
  b.d.inc = b.s.inc = 2;
  b.d.bs = b.s.bs = 2 * n + 3;
  b.bytes = (size_t)(count * (2 * n + 3) + 1) *
            (is_float ? sizeof(float) : sizeof(double));
  b.data = blt_xmalloc(b.bytes);
  memset(b.data, 0xA5, b.bytes);
  return blt_vbatch_rebase(b, b.data);
}

/* Every storage element outside the views still holds the pattern. */
static int vb_gaps_intact(blt_vbatch b) {
  const size_t es = b.is_float ? sizeof(float) : sizeof(double);
  const size_t len = b.bytes / es;
  unsigned char *mask;
  size_t e, i;
  int64_t p, k;
  int ok = 1;
  if (!b.data)
    return 1;
  mask = (unsigned char *)blt_xcalloc(len, 1);
  for (p = 0; p < b.d.count; ++p)
    for (k = 0; k < b.d.n; ++k)
      mask[p * b.d.bs + k * b.d.inc] = 1;
  for (e = 0; e < len && ok; ++e)
    if (!mask[e])
      for (i = 0; i < es; ++i)
        if (((unsigned char *)b.data)[e * es + i] != 0xA5)
          ok = 0;
  free(mask);
  return ok;
}

/* wanted: bit s set when slot s is wanted (pairs); singles always 1. */
static outs outs_new(int is_float, call_id c, out_layout lay, int64_t count,
                     int64_t n, unsigned wanted) {
  outs o;
  int s;
  for (s = 0; s < 4; ++s)
    o.b[s] = (s < nslots(c) && (wanted >> s & 1u))
                 ? vb_new(is_float, lay, count, n)
                 : vb_none(is_float, count);
  return o;
}

static void outs_free(outs *o) {
  int s;
  for (s = 0; s < 4; ++s)
    if (o->b[s].data)
      blt_vbatch_free(&o->b[s]);
}

/* A bla_dvec / bla_svec of x values stored as double or float. */
typedef struct {
  int is_float;
  int64_t n, inc;
  double *d;
  float *s;
  size_t bytes; /* of the allocation */
} xvec;

static xvec xvec_new(int is_float, int64_t n, int64_t inc) {
  xvec v;
  const int64_t len = n > 0 ? n * inc : 1;
  v.is_float = is_float;
  v.n = n;
  v.inc = inc;
  v.d = is_float ? NULL : blt_dalloc(len);
  v.s = is_float ? (float *)blt_xcalloc((size_t)len, sizeof(float)) : NULL;
  v.bytes = (size_t)len * (is_float ? sizeof(float) : sizeof(double));
  return v;
}

static void xvec_set(xvec v, int64_t p, double x) {
  if (v.is_float)
    v.s[p * v.inc] = (float)x;
  else
    v.d[p * v.inc] = x;
}

static double xvec_get(xvec v, int64_t p) {
  return v.is_float ? (double)v.s[p * v.inc] : v.d[p * v.inc];
}

static void xvec_free(xvec *v) {
  free(v->d);
  free(v->s);
  v->d = NULL;
  v->s = NULL;
}

/* The batch driver of precision P (s or d: the drivers' letter and the
 * member of xvec and blt_vbatch that holds the data), from tables in
 * call_id order: one function per call, then the pairs. */
#define DEFINE_CALL_BATCH(P)                                                   \
  static bla_status call_batch_##P(call_id c, xvec x, const outs *o,           \
                                   int *info, const bla_exec *ex) {            \
    typedef bla_status (*one_fn)(bla_##P##vec, bla_##P##vec_batch, int *,      \
                                 const bla_exec *);                            \
    typedef bla_status (*pair_fn)(                                             \
        bla_##P##vec, bla_##P##vec_batch, bla_##P##vec_batch,                  \
        bla_##P##vec_batch, bla_##P##vec_batch, int *, const bla_exec *);      \
    static const one_fn one[C_JY] = {                                          \
        bla_##P##bessel_j_all_batch,     bla_##P##bessel_y_all_batch,          \
        bla_##P##sph_bessel_j_all_batch, bla_##P##sph_bessel_y_all_batch,      \
        bla_##P##sph_bessel_i_all_batch, bla_##P##sph_bessel_k_all_batch};     \
    static const pair_fn pair[NCALLS - C_JY] = {                               \
        bla_##P##bessel_jy_all_batch, bla_##P##sph_bessel_jy_all_batch,        \
        bla_##P##sph_bessel_ik_all_batch};                                     \
    const bla_##P##vec xv = bla_##P##vec_make(x.P, x.n, x.inc);                \
    if (c < C_JY)                                                              \
      return one[c](xv, o->b[0].P, info, ex);                                  \
    return pair[c - C_JY](xv, o->b[0].P, o->b[1].P, o->b[2].P, o->b[3].P,      \
                          info, ex);                                           \
  }
DEFINE_CALL_BATCH(s)
DEFINE_CALL_BATCH(d)

static bla_status call_batch(call_id c, xvec x, const outs *o, int *info,
                             const bla_exec *ex) {
  return x.is_float ? call_batch_s(c, x, o, info, ex)
                    : call_batch_d(c, x, o, info, ex);
}

/* call_batch on the backend: x, the outputs and info (ninfo entries, or
 * NULL) mirrored there and back. */
static bla_status call_on(const blt_backend *be, int variant, call_id c, xvec x,
                          const outs *o, int *info, int64_t ninfo) {
  const bla_exec ex = blt_backend_exec(be, variant);
  blt_mirror m = blt_mirror_begin(be);
  outs d;
  bla_status st;
  int k;
  x.d = (double *)blt_mirror_ptr(&m, x.d, x.bytes, x.d);
  x.s = (float *)blt_mirror_ptr(&m, x.s, x.bytes, x.s);
  for (k = 0; k < 4; ++k)
    d.b[k] = blt_mirror_vbatch(&m, o->b[k]);
  st = call_batch(c, x, &d, blt_mirror_info(&m, info, ninfo), &ex);
  blt_mirror_end(&m);
  return st;
}

/* The single-argument routine of precision P (s or d, real type T) on
 * views v[0..3], from tables in call_id order as in call_batch. */
#define DEFINE_CALL_ONE(P, T)                                                  \
  static int call_one_##P(call_id c, T x, const bla_##P##vec *v) {             \
    typedef int (*one_fn)(T, bla_##P##vec);                                    \
    typedef int (*pair_fn)(T, bla_##P##vec, bla_##P##vec, bla_##P##vec,        \
                           bla_##P##vec);                                      \
    static const one_fn one[C_JY] = {                                          \
        bla_##P##bessel_j_all,     bla_##P##bessel_y_all,                      \
        bla_##P##sph_bessel_j_all, bla_##P##sph_bessel_y_all,                  \
        bla_##P##sph_bessel_i_all, bla_##P##sph_bessel_k_all};                 \
    static const pair_fn pair[NCALLS - C_JY] = {bla_##P##bessel_jy_all,        \
                                                bla_##P##sph_bessel_jy_all,    \
                                                bla_##P##sph_bessel_ik_all};   \
    return c < C_JY ? one[c](x, v[0])                                          \
                    : pair[c - C_JY](x, v[0], v[1], v[2], v[3]);               \
  }
DEFINE_CALL_ONE(s, float)
DEFINE_CALL_ONE(d, double)

/* The single-argument routine on views v[0..3] (double or float data). */
static int call_one(int is_float, call_id c, double x, const bla_dvec *dv,
                    const bla_svec *sv) {
  return is_float ? call_one_s(c, (float)x, sv) : call_one_d(c, x, dv);
}

/* Element k of problem p of b, as double. */
static double vb_at(blt_vbatch b, int64_t p, int64_t k) {
  const int64_t off = p * b.d.bs + k * b.d.inc;
  return b.is_float ? (double)b.s.data[off] : b.d.data[off];
}

/* blt_bessel_err_ulp in the precision under test. */
static double err_ulp(blt_prec prec, long double r, long double s, int oscill,
                      double f) {
  return blt_bessel_err_ulp(prec.is_float ? FLT_MAX : DBL_MAX,
                            prec.is_float ? FLT_MIN : DBL_MIN, prec.ulp, r, s,
                            oscill, f);
}

/* The order of f_k behaves as nu = k (+ 1/2); below x it oscillates. */
static int oscillates(fn_id f, int k, double ax) {
  return fns[f].partner >= 0 && k + 0.5 * fns[f].half < ax;
}

/* Worst errors seen, per function and derivative. */
typedef struct {
  double err[NFN][2], x[NFN][2];
  int k[NFN][2];
  long n[NFN][2];
} worst_t;

static void worst_note(worst_t *w, fn_id f, int d, double err, double x,
                       int k) {
  ++w->n[f][d];
  if (!(err <= w->err[f][d])) {
    w->err[f][d] = err;
    w->x[f][d] = x;
    w->k[f][d] = k;
  }
}

static void worst_print(const worst_t *w, const char *what) {
  int f, d;
  if (!blt_verbose())
    return;
  for (f = 0; f < NFN; ++f)
    for (d = 0; d < 2; ++d)
      if (w->n[f][d] > 0)
        printf("worst %-28s %s%s: %7.3f ulp at x = %-24.17g k = %3d "
               "(%ld values)\n",
               what, fns[f].name, d ? "'" : " ", w->err[f][d], w->x[f][d],
               w->k[f][d], w->n[f][d]);
  fflush(stdout);
}

/* Problem p of the outputs o of call c, computed at x = sgn * ref x[xi],
 * with info, against the reference: the expected info (-1 with every
 * wanted output NaN, outside the domain), then every order of the
 * reference below the outputs' length. */
static void check_problem(blt_prec prec, call_id c, const outs *o, int64_t p,
                          const ref_data *r, int xi, int neg, int info,
                          worst_t *w, const char *what) {
  const double ax = r->x[xi], x = neg ? -ax : ax;
  int s, domain_error = 0;
  for (s = 0; s < nslots(c); ++s)
    if (o->b[s].data && fns[slot_fn(c, s)].positive_only && !(x > 0))
      domain_error = 1;
  CHECK(info == (domain_error ? -1 : 0),
        "%s %s at x = %.17g: info %d, expected %d", prec.name, call_names[c], x,
        info, domain_error ? -1 : 0);
  for (s = 0; s < nslots(c); ++s) {
    const blt_vbatch b = o->b[s];
    const fn_id f = slot_fn(c, s);
    const int d = slot_deriv(c, s);
    const int rf = fns[f].ref + d;
    int oi;
    int64_t k;
    if (!b.data)
      continue;
    if (domain_error) {
      for (k = 0; k < b.d.n; ++k)
        CHECK(isnan(vb_at(b, p, k)),
              "%s %s: %s_%d(%.17g) = %g, expected NaN (info -1)", prec.name,
              call_names[c], slot_name(c, s), (int)k, x, vb_at(b, p, k));
      continue;
    }
    for (oi = 0; oi < r->nord && r->ord[oi] < b.d.n; ++oi) {
      const int kk = r->ord[oi];
      const double v = vb_at(b, p, kk);
      long double rv = ref_at(r, rf, xi, oi), sv = 0;
      double e;
      if (isnan(rv)) /* absent from the reference (x = 0) */
        continue;
      if (fns[f].partner >= 0)
        sv = ref_at(r, fns[fns[f].partner].ref + d, xi, oi);
      if (neg && fns[f].parity && ((kk + d) & 1))
        rv = -rv;
      e = err_ulp(prec, rv, sv, oscillates(f, kk, ax), v);
      worst_note(w, f, d, e, x, kk);
      CHECK(e <= ACC_TOL,
            "%s %s (%s): %s_%d(%.17g) = %.17g, reference %.19Lg: %.3g ulp",
            prec.name, call_names[c], what, slot_name(c, s), kk, x, v, rv, e);
    }
  }
}

/* The reference arguments usable in a precision: all for double, those
 * exactly representable for float. */
static int ref_args(const ref_data *r, int is_float, int *xi) {
  int i, n = 0;
  for (i = 0; i < r->nx; ++i)
    if (!is_float || r->is_float[i])
      xi[n++] = i;
  return n;
}

/* Byte equality of problem p's outputs in two output sets (any layouts). */
static int same_problem(const outs *a, const outs *b, int nsl, int64_t p,
                        int64_t n) {
  int s;
  int64_t k;
  for (s = 0; s < nsl; ++s) {
    if (!a->b[s].data || !b->b[s].data)
      continue;
    for (k = 0; k < n; ++k) {
      const double u = vb_at(a->b[s], p, k), v = vb_at(b->b[s], p, k);
      if (memcmp(&u, &v, sizeof u) != 0)
        return 0;
    }
  }
  return 1;
}

/* Problem p of a device's outputs o against the host driver's h (the
 * same outputs wanted): both within ACC_TOL of the truth, so within
 * 2 ACC_TOL of each other. Where the function oscillates the measure is
 * the modulus, its partner taken from hall (every output of the pair
 * wanted, info hall_info) where that has it. */
static void check_vs_host(blt_prec prec, call_id c, const outs *o,
                          const outs *h, const outs *hall, int hall_info,
                          int64_t p, int64_t n, double x, const char *what) {
  int s;
  int64_t k;
  for (s = 0; s < nslots(c); ++s) {
    const fn_id f = slot_fn(c, s);
    const int pair = is_pair(c) && fns[f].partner >= 0 && hall_info == 0;
    if (!o->b[s].data)
      continue;
    for (k = 0; k < n; ++k) {
      const double v = vb_at(o->b[s], p, k), hv = vb_at(h->b[s], p, k);
      const double hs = pair ? vb_at(hall->b[s ^ 2], p, k) : 0.0;
      const double e =
          err_ulp(prec, hv, hs, pair && oscillates(f, (int)k, fabs(x)), v);
      CHECK(e <= 2 * ACC_TOL || (isnan(v) && isnan(hv)),
            "%s %s (%s): %s_%d(%.17g) = %.17g, host %.17g: %.3g ulp", prec.name,
            call_names[c], what, slot_name(c, s), (int)k, x, v, hv, e);
    }
  }
}

/* ---- Accuracy against the reference, through the batch drivers -------------
 * One batch holds every reference argument of the precision (negated when
 * neg); the call runs packed in the configuration under test, interleaved
 * in the other one (two threads; another stream) and strided with the
 * backend's defaults (x with stride 3 there). Checked: status, info,
 * accuracy of every reference order, nothing written outside the views,
 * and the results bit-identical across the three runs (host) or within
 * 2 ACC_TOL of the host driver's (device). */
static void run_reference(const blt_backend *be, int is_float, call_id c,
                          unsigned wanted, int neg) {
  static const int variants[3] = {BLT_RUN, BLT_RUN_OTHER, BLT_RUN_DEFAULT};
  const blt_prec prec = blt_prec_of(is_float);
  const int host = blt_backend_is_host(be);
  const ref_data *r = ref_get();
  int *xi = (int *)blt_xcalloc(MAX_ARGS, sizeof(int));
  const int count = ref_args(r, is_float, xi);
  const int64_t n = r->ord[r->nord - 1] + 1;
  worst_t *w = (worst_t *)blt_xcalloc(1, sizeof(worst_t));
  outs o[3], h, hall;
  int *info[3], *hinfo = (int *)blt_xcalloc((size_t)count, sizeof(int));
  int *hall_info = (int *)blt_xcalloc((size_t)count, sizeof(int));
  int run, s;
  int64_t p;
  char what[96];

  memset(&h, 0, sizeof h);
  memset(&hall, 0, sizeof hall);
  for (run = 0; run < 3; ++run) {
    xvec x = xvec_new(is_float, count, run == 2 ? 3 : 1);
    bla_status st;
    for (p = 0; p < count; ++p)
      xvec_set(x, p, neg ? -r->x[xi[p]] : r->x[xi[p]]);
    o[run] = outs_new(is_float, c, (out_layout)run, count, n, wanted);
    info[run] = (int *)blt_xcalloc((size_t)count, sizeof(int));
    st = call_on(be, variants[run], c, x, &o[run], info[run], count);
    cr_assert(st == BLA_OK, "%s %s %s: status %d", prec.name, call_names[c],
              layout_names[run], (int)st);
    for (s = 0; s < 4; ++s)
      CHECK(vb_gaps_intact(o[run].b[s]),
            "%s %s %s: output %d written outside its view", prec.name,
            call_names[c], layout_names[run], s);
    if (!host && run == 0) {
      const bla_exec hex = bla_exec_host(0, NULL);
      h = outs_new(is_float, c, LAY_PACKED, count, n, wanted);
      cr_assert(call_batch(c, x, &h, hinfo, &hex) == BLA_OK);
      hall = outs_new(is_float, c, LAY_PACKED, count, n, ALL4);
      cr_assert(call_batch(c, x, &hall, hall_info, &hex) == BLA_OK);
    }
    xvec_free(&x);
  }
  snprintf(what, sizeof what, "%s %s%s", prec.name, call_names[c],
           neg ? " (-x)" : "");
  for (p = 0; p < count; ++p) {
    const double x = neg ? -r->x[xi[p]] : r->x[xi[p]];
    for (run = 0; run < 3; ++run) {
      if (run == 0 || !host)
        check_problem(prec, c, &o[run], p, r, xi[p], neg, info[run][p], w,
                      what);
      if (!host) {
        CHECK(info[run][p] == hinfo[p],
              "%s %s %s at x = %.17g: info %d, host %d", prec.name,
              call_names[c], layout_names[run], x, info[run][p], hinfo[p]);
        check_vs_host(prec, c, &o[run], &h, &hall, hall_info[p], p, n, x,
                      layout_names[run]);
      } else if (run > 0) {
        CHECK(info[run][p] == info[0][p] &&
                  same_problem(&o[0], &o[run], nslots(c), p, n),
              "%s %s: results at x = %.17g differ between the packed "
              "(1 thread) and %s layouts",
              prec.name, call_names[c], r->x[xi[p]], layout_names[run]);
      }
    }
  }
  worst_print(w, what);
  for (run = 0; run < 3; ++run) {
    outs_free(&o[run]);
    free(info[run]);
  }
  if (!host) {
    outs_free(&h);
    outs_free(&hall);
  }
  free(hinfo);
  free(hall_info);
  free(w);
  free(xi);
}

BLT_TEST_PRECS(reference, j_double, j_float) {
  run_reference(be, is_float, C_J, 1, 0);
}
BLT_TEST_PRECS(reference, y_double, y_float) {
  run_reference(be, is_float, C_Y, 1, 0);
}
BLT_TEST_PRECS(reference, sph_j_double, sph_j_float) {
  run_reference(be, is_float, C_SJ, 1, 0);
}
BLT_TEST_PRECS(reference, sph_y_double, sph_y_float) {
  run_reference(be, is_float, C_SY, 1, 0);
}
BLT_TEST_PRECS(reference, sph_i_double, sph_i_float) {
  run_reference(be, is_float, C_SI, 1, 0);
}
BLT_TEST_PRECS(reference, sph_k_double, sph_k_float) {
  run_reference(be, is_float, C_SK, 1, 0);
}
BLT_TEST_PRECS(reference, jy_double, jy_float) {
  run_reference(be, is_float, C_JY, ALL4, 0);
}
BLT_TEST_PRECS(reference, sph_jy_double, sph_jy_float) {
  run_reference(be, is_float, C_SJY, ALL4, 0);
}
BLT_TEST_PRECS(reference, sph_ik_double, sph_ik_float) {
  run_reference(be, is_float, C_SIK, ALL4, 0);
}

/* Subsets of the pair outputs (the others NULL views): a derivative
 * without its value, the second function alone, the first alone. At
 * x = 0 the first function alone is defined. */
BLT_TEST(reference, pair_subsets) {
  static const unsigned subsets[] = {0x2u, 0xCu, 0x3u, 0x6u, 0x8u};
  int f, c, i;
  for (f = 0; f < 2; ++f)
    for (c = C_JY; c <= C_SIK; ++c)
      for (i = 0; i < 5; ++i)
        run_reference(be, f, (call_id)c, subsets[i], 0);
}

/* Negative arguments: J, j, i by their parity (derivatives with the
 * opposite parity), Y, y, k outside the domain (info -1, NaN). x = 0
 * becomes -0.0. */
BLT_TEST(reference, negative_x) {
  int f, c;
  for (f = 0; f < 2; ++f)
    for (c = 0; c < NCALLS; ++c)
      run_reference(be, f, (call_id)c, is_pair((call_id)c) ? ALL4 : 1u, 1);
}

/* Short outputs: lengths 1, 2, 3 and 7 (the starting order of the
 * backward recurrence depends on the highest order wanted). */
BLT_TEST(reference, short_lengths) {
  static const int64_t lens[] = {1, 2, 3, 7};
  const ref_data *r = ref_get();
  int *xi = (int *)blt_xcalloc(MAX_ARGS, sizeof(int));
  worst_t *w = (worst_t *)blt_xcalloc(1, sizeof(worst_t));
  int f, c, li;
  for (f = 0; f < 2; ++f) {
    const blt_prec prec = blt_prec_of(f);
    const int count = ref_args(r, f, xi);
    for (c = 0; c < NCALLS; ++c)
      for (li = 0; li < 4; ++li) {
        xvec x = xvec_new(f, count, 1);
        outs o = outs_new(f, (call_id)c, LAY_PACKED, count, lens[li], ALL4);
        int *info = (int *)blt_xcalloc((size_t)count, sizeof(int));
        bla_status st;
        int64_t p;
        char what[64];
        snprintf(what, sizeof what, "n = %d", (int)lens[li]);
        for (p = 0; p < count; ++p)
          xvec_set(x, p, r->x[xi[p]]);
        st = call_on(be, BLT_RUN_DEFAULT, (call_id)c, x, &o, info, count);
        CHECK(st == BLA_OK, "%s %s n = %d: status %d", prec.name, call_names[c],
              (int)lens[li], (int)st);
        for (p = 0; st == BLA_OK && p < count; ++p)
          check_problem(prec, (call_id)c, &o, p, r, xi[p], 0, info[p], w, what);
        outs_free(&o);
        xvec_free(&x);
        free(info);
      }
  }
  worst_print(w, "short lengths");
  free(w);
  free(xi);
}

/* ---- Identities, without the reference
 * --------------------------------------- Arguments: the reference's positive
 * ones (representable in the precision) and 64 log-uniform random ones in
 * [1e-3, 1e3]. A term's weight is the bound of its error in units of ACC_TOL
 * ulp: the modulus (from the library's own pair) where it oscillates, |f|
 * elsewhere. */
static int identity_args(int is_float, double *xs) {
  const ref_data *r = ref_get();
  blt_rng rng;
  int i, n = 0;
  for (i = 0; i < r->nx; ++i)
    if (r->x[i] > 0 && (!is_float || r->is_float[i]))
      xs[n++] = r->x[i];
  blt_rng_seed(&rng, 0xbe55e1ULL + (uint64_t)is_float);
  for (i = 0; i < 64; ++i)
    xs[n++] = blt_round(blt_prec_of(is_float),
                        pow(10.0, -3.0 + 6.0 * blt_rng_uniform01(&rng)));
  return n;
}

/* Values (0, 2) and derivatives (1, 3) of a pair call at count x, n
 * orders, packed, as long double: v[s][p * n + k]. info must be 0. */
typedef struct {
  int64_t count, n;
  long double *v[4];
} pair_vals;

static pair_vals pair_eval(const blt_backend *be, int is_float, call_id c,
                           const double *xs, int64_t count, int64_t n) {
  xvec x = xvec_new(is_float, count, 1);
  outs o = outs_new(is_float, c, LAY_PACKED, count, n, ALL4);
  int *info = (int *)blt_xcalloc((size_t)count, sizeof(int));
  pair_vals pv;
  bla_status st;
  int64_t p, k;
  int s;
  for (p = 0; p < count; ++p)
    xvec_set(x, p, xs[p]);
  st = call_on(be, BLT_RUN_DEFAULT, c, x, &o, info, count);
  cr_assert(st == BLA_OK, "%s: status %d", call_names[c], (int)st);
  pv.count = count;
  pv.n = n;
  for (s = 0; s < 4; ++s) {
    pv.v[s] =
        (long double *)blt_xmalloc((size_t)(count * n) * sizeof(long double));
    for (p = 0; p < count; ++p)
      for (k = 0; k < n; ++k)
        pv.v[s][p * n + k] = info[p] == 0 ? vb_at(o.b[s], p, k) : NAN;
  }
  /* With info 0 no output may be NaN (overflow gives +-Inf). */
  for (p = 0; p < count; ++p) {
    CHECK(info[p] == 0, "%s %s at x = %.17g: info %d",
          is_float ? "float" : "double", call_names[c], xs[p], info[p]);
    for (s = 0; s < 4 && info[p] == 0; ++s)
      for (k = 0; k < n; ++k)
        CHECK(!isnan(pv.v[s][p * n + k]),
              "%s %s at x = %.17g: output %d order %d is NaN",
              is_float ? "float" : "double", call_names[c], xs[p], s, (int)k);
  }
  outs_free(&o);
  xvec_free(&x);
  free(info);
  return pv;
}

static void pair_free(pair_vals *pv) {
  int s;
  for (s = 0; s < 4; ++s)
    free(pv->v[s]);
}

/* A value usable in an identity: finite, and not below underflow (where
 * only |f| <= threshold is promised). */
static int usable(blt_prec prec, long double v) {
  return isfinite(v) && (v == 0 || fabsl(v) >= (long double)prec.unfl);
}

/* Weight of value s (0 or 2; derivatives 1, 3) at order k of problem p. */
static long double weight(const pair_vals *pv, fn_id f, int s, int64_t p,
                          int64_t k, double x) {
  const long double v = pv->v[s][p * pv->n + k];
  if (oscillates(f, (int)k, x)) {
    const long double a = pv->v[s & 1][p * pv->n + k],
                      b = pv->v[2 + (s & 1)][p * pv->n + k];
    return sqrtl(a * a + b * b);
  }
  return fabsl(v);
}

/* Record one identity residual: |lhs - rhs| / (bound ulp). */
typedef struct {
  double worst, x;
  int k;
  long n;
} id_worst;

static void id_check(blt_prec prec, id_worst *iw, const char *what,
                     long double lhs, long double rhs, long double bound,
                     double x, int k) {
  /* bound 0: every term underflowed to 0, and so must the residual. */
  const double e = bound > 0    ? (double)(fabsl(lhs - rhs) / bound / prec.ulp)
                   : lhs == rhs ? 0.0
                                : INFINITY;
  ++iw->n;
  if (!(e <= iw->worst)) {
    iw->worst = e;
    iw->x = x;
    iw->k = k;
  }
  CHECK(e <= ID_TOL, "%s %s at x = %.17g, k = %d: %.19Lg vs %.19Lg, %.3g ulp",
        prec.name, what, x, k, lhs, rhs, e);
}

static void id_report(blt_prec prec, const id_worst *iw, const char *what,
                      long min_checked) {
  CHECK(iw->n >= min_checked, "%s %s: only %ld cases could be checked",
        prec.name, what, iw->n);
  if (blt_verbose()) {
    printf("identity %-6s %-38s worst %7.3f ulp at x = %-24.17g k = %3d "
           "(%ld cases)\n",
           prec.name, what, iw->worst, iw->x, iw->k, iw->n);
    fflush(stdout);
  }
}

#define ID_ORDERS 101

/* Wronskians and derivative relations of a pair (J, Y), (j, y), (i, k)
 * at orders 0..ID_ORDERS-1:
 *   J_{k+1} Y_k - J_k Y_{k+1} = 2 / (pi x)          (DLMF 10.5.2)
 *   j_n y_{n-1} - j_{n-1} y_n = 1 / x^2             (DLMF 10.50.3)
 *   i_n k_{n+1} + i_{n+1} k_n = pi / (2 x^2)        (DLMF 10.28.2 with
 *                                                   nu = n + 1/2, 10.29.2)
 *   J_k' = (J_{k-1} - J_{k+1}) / 2, J_0' = -J_1     (DLMF 10.6.1, 10.6.2)
 *   f_n' = (n f_{n-1} - (n+1) f_{n+1}) / (2n+1)     f = j, y (10.51.2)
 *   i_n' = (n i_{n-1} + (n+1) i_{n+1}) / (2n+1)     (10.51.5)
 *   k_n' = -(n k_{n-1} + (n+1) k_{n+1}) / (2n+1)    (10.51.5) */
static void run_pair_identities(const blt_backend *be, int is_float,
                                call_id c) {
  const blt_prec prec = blt_prec_of(is_float);
  const fn_id f = slot_fn(c, 0), g = slot_fn(c, 2);
  double *xs = (double *)blt_xcalloc(MAX_ARGS + 64, sizeof(double));
  const int count = identity_args(is_float, xs);
  pair_vals pv = pair_eval(be, is_float, c, xs, count, ID_ORDERS);
  id_worst wr = {0, 0, 0, 0}, dv[2] = {{0, 0, 0, 0}, {0, 0, 0, 0}};
  const long double pi = 3.141592653589793238462643383279502884L;
  const int64_t n = ID_ORDERS;
  int64_t p, k;
  int s;

  for (p = 0; p < count; ++p) {
    const double x = xs[p];
    const long double X = x;
    const long double *F = pv.v[0] + p * n, *G = pv.v[2] + p * n;
    /* Wronskian of orders k, k+1. */
    for (k = 0; k + 1 < n; ++k) {
      long double lhs, rhs, bound;
      if (!usable(prec, F[k]) || !usable(prec, F[k + 1]) ||
          !usable(prec, G[k]) || !usable(prec, G[k + 1]) || F[k] == 0 ||
          F[k + 1] == 0)
        continue;
      bound = weight(&pv, f, 0, p, k + 1, x) * fabsl(G[k]) +
              fabsl(F[k + 1]) * weight(&pv, g, 2, p, k, x) +
              weight(&pv, f, 0, p, k, x) * fabsl(G[k + 1]) +
              fabsl(F[k]) * weight(&pv, g, 2, p, k + 1, x);
      if (c == C_JY) {
        lhs = F[k + 1] * G[k] - F[k] * G[k + 1];
        rhs = 2 / (pi * X);
      } else if (c == C_SJY) {
        lhs = F[k + 1] * G[k] - F[k] * G[k + 1];
        rhs = 1 / (X * X);
      } else {
        lhs = F[k] * G[k + 1] + F[k + 1] * G[k];
        rhs = pi / (2 * X * X);
      }
      id_check(prec, &wr, "Wronskian", lhs, rhs, bound, x, (int)k);
    }
    /* Derivative relations, orders 0..n-2 (k+1 must exist). */
    for (s = 0; s < 2; ++s) {
      const fn_id h = s ? g : f;
      const long double *V = pv.v[2 * s] + p * n;
      const long double *D = pv.v[2 * s + 1] + p * n;
      for (k = 0; k + 1 < n; ++k) {
        long double rel, bound;
        const long double lo = k > 0 ? V[k - 1] : 0;
        const long double wlo = k > 0 ? weight(&pv, h, 2 * s, p, k - 1, x) : 0;
        const long double whi = weight(&pv, h, 2 * s, p, k + 1, x);
        if (!usable(prec, D[k]) || !usable(prec, V[k + 1]) ||
            (k > 0 && !usable(prec, lo)))
          continue;
        if (c == C_JY) {
          rel = k > 0 ? (lo - V[k + 1]) / 2 : -V[1];
          bound = k > 0 ? (wlo + whi) / 2 : whi;
        } else {
          const long double a = (long double)k, b = (long double)(k + 1),
                            d = (long double)(2 * k + 1);
          if (h == FSI)
            rel = (a * lo + b * V[k + 1]) / d;
          else if (h == FSK)
            rel = -(a * lo + b * V[k + 1]) / d;
          else
            rel = (a * lo - b * V[k + 1]) / d;
          bound = (a * wlo + b * whi) / d;
        }
        bound += weight(&pv, h, 2 * s + 1, p, k, x);
        id_check(prec, &dv[s],
                 s ? "derivative relation (2nd function)"
                   : "derivative relation (1st function)",
                 D[k], rel, bound, x, (int)k);
      }
    }
  }
  {
    char what[3][80];
    snprintf(what[0], sizeof what[0], "%s: Wronskian", call_names[c]);
    snprintf(what[1], sizeof what[1], "%s: %s' relation", call_names[c],
             fns[f].name);
    snprintf(what[2], sizeof what[2], "%s: %s' relation", call_names[c],
             fns[g].name);
    id_report(prec, &wr, what[0], count * 20L);
    id_report(prec, &dv[0], what[1], count * 20L);
    id_report(prec, &dv[1], what[2], count * 20L);
  }
  pair_free(&pv);
  free(xs);
}

BLT_TEST_PRECS(identities, cyl_double, cyl_float) {
  run_pair_identities(be, is_float, C_JY);
}
BLT_TEST_PRECS(identities, sph_jy_double, sph_jy_float) {
  run_pair_identities(be, is_float, C_SJY);
}
BLT_TEST_PRECS(identities, sph_ik_double, sph_ik_float) {
  run_pair_identities(be, is_float, C_SIK);
}

/* Sums over all orders, at arguments up to xmax (orders up to
 * x + 30 x^(1/3) + 60, past which every term is negligible):
 *   J_0 + 2 sum J_2k = 1, J_0^2 + 2 sum J_k^2 = 1           (DLMF 10.12.4,
 *   J_0 + 2 sum (-1)^k J_2k = cos x,                         10.23.3,
 *   2 sum (-1)^k J_2k+1 = sin x                              10.12.2-3)
 *   sum (2n+1) j_n^2 = 1                                     (10.60.11)
 *   sum_even (-1)^(n/2) (2n+1) j_n = cos x, sum_odd ... = sin x
 *                                          (10.60.7 at cos(theta) = 1)
 *   sum (2n+1) i_n = e^x                                     (10.60.8) */
static void run_sums(const blt_backend *be, int is_float, call_id c) {
  const blt_prec prec = blt_prec_of(is_float);
  const double xmax = c == C_SIK ? (is_float ? 60.0 : 600.0) : 2000.0;
  double *all = (double *)blt_xcalloc(MAX_ARGS + 64, sizeof(double));
  double *xs = (double *)blt_xcalloc(MAX_ARGS + 64, sizeof(double));
  const int nall = identity_args(is_float, all);
  int count = 0, i, m;
  int64_t n, p, k;
  pair_vals pv;
  id_worst iw[4];
  static const char *const cyl[4] = {
      "J0 + 2 sum J2k = 1", "J0^2 + 2 sum Jk^2 = 1",
      "J0 + 2 sum (-1)^k J2k = cos x", "2 sum (-1)^k J2k+1 = sin x"};
  static const char *const sph[4] = {
      "sum (2n+1) jn^2 = 1", "sum (-1)^(n/2) (2n+1) jn = cos x",
      "sum (-1)^((n-1)/2) (2n+1) jn = sin x", ""};
  static const char *const mod[4] = {"sum (2n+1) in = exp x", "", "", ""};
  const char *const *names = c == C_JY ? cyl : c == C_SJY ? sph : mod;
  const int nid = c == C_JY ? 4 : c == C_SJY ? 3 : 1;

  memset(iw, 0, sizeof iw);
  for (i = 0; i < nall; ++i)
    if (all[i] <= xmax)
      xs[count++] = all[i];
  n = (int64_t)(xmax + 30.0 * cbrt(xmax) + 60.0);
  pv = pair_eval(be, is_float, c, xs, count, n);
  for (p = 0; p < count; ++p) {
    const double x = xs[p];
    const long double *F = pv.v[0] + p * n;
    long double sum[4] = {0, 0, 0, 0}, bnd[4] = {0, 0, 0, 0}, rhs[4];
    int ok = 1;
    for (k = 0; k < n; ++k) {
      const long double v = F[k], av = fabsl(v);
      /* Below underflow a value is only promised to within the
       * threshold: its share of the bound is that, in ACC_TOL ulp. */
      const long double w0 = weight(&pv, slot_fn(c, 0), 0, p, k, x);
      const long double wk = w0 < (long double)prec.unfl
                                 ? (long double)prec.unfl / (ACC_TOL * prec.ulp)
                                 : w0;
      const long double kk = (long double)k;
      if (!isfinite(v)) {
        ok = 0;
        break;
      }
      if (c == C_JY) {
        const long double cf = k == 0 ? 1 : 2;
        sum[1] += cf * v * v;
        bnd[1] += cf * 2 * av * wk;
        if (k % 2 == 0) {
          sum[0] += cf * v;
          sum[2] += (k % 4 == 0 ? cf : -cf) * v;
          bnd[0] += cf * wk;
          bnd[2] += cf * wk;
        } else {
          sum[3] += (k % 4 == 1 ? 2 : -2) * v;
          bnd[3] += 2 * wk;
        }
      } else if (c == C_SJY) {
        sum[0] += (2 * kk + 1) * v * v;
        bnd[0] += (2 * kk + 1) * 2 * av * wk;
        if (k % 2 == 0) {
          sum[1] += (k % 4 == 0 ? 1 : -1) * (2 * kk + 1) * v;
          bnd[1] += (2 * kk + 1) * wk;
        } else {
          sum[2] += (k % 4 == 1 ? 1 : -1) * (2 * kk + 1) * v;
          bnd[2] += (2 * kk + 1) * wk;
        }
      } else {
        sum[0] += (2 * kk + 1) * v;
        bnd[0] += (2 * kk + 1) * wk;
      }
    }
    if (!ok)
      continue;
    if (c == C_JY) {
      rhs[0] = rhs[1] = 1;
      rhs[2] = cosl(x);
      rhs[3] = sinl(x);
    } else if (c == C_SJY) {
      rhs[0] = 1;
      rhs[1] = cosl(x);
      rhs[2] = sinl(x);
    } else {
      rhs[0] = expl(x);
    }
    for (m = 0; m < nid; ++m)
      id_check(prec, &iw[m], names[m], sum[m], rhs[m], bnd[m], x, -1);
  }
  for (m = 0; m < nid; ++m)
    id_report(prec, &iw[m], names[m], count);
  pair_free(&pv);
  free(all);
  free(xs);
}

BLT_TEST_PRECS(identities, cyl_sums_double, cyl_sums_float) {
  run_sums(be, is_float, C_JY);
}
BLT_TEST_PRECS(identities, sph_j_sums_double, sph_j_sums_float) {
  run_sums(be, is_float, C_SJY);
}
BLT_TEST_PRECS(identities, sph_i_sum_double, sph_i_sum_float) {
  run_sums(be, is_float, C_SIK);
}

/* ---- Edge cases on the single-argument routines ----------------------------
 */

/* Views over a buffer of len + guard elements filled with a pattern; the
 * view starts at element 0 for inc > 0 and at the far end for inc < 0. */
typedef struct {
  int is_float;
  int64_t n, inc;
  size_t len;
  void *buf;
  bla_dvec d;
  bla_svec s;
} sview;

static sview sview_new(int is_float, int64_t n, int64_t inc) {
  sview v;
  const int64_t span = n > 0 ? (n - 1) * (inc < 0 ? -inc : inc) + 1 : 0;
  const size_t es = is_float ? sizeof(float) : sizeof(double);
  int64_t first;
  v.is_float = is_float;
  v.n = n;
  v.inc = inc;
  v.len = (size_t)span + 4;
  v.buf = blt_xmalloc(v.len * es);
  memset(v.buf, 0xA5, v.len * es);
  first = 2 + (inc < 0 ? span - 1 : 0);
  v.d = bla_dvec_make(is_float ? NULL : (double *)v.buf + first, n, inc);
  v.s = bla_svec_make(is_float ? (float *)v.buf + first : NULL, n, inc);
  return v;
}

static sview sview_null(int is_float, int64_t n) {
  sview v;
  memset(&v, 0, sizeof v);
  v.is_float = is_float;
  v.d = bla_dvec_make(NULL, n, 1);
  v.s = bla_svec_make(NULL, n, 1);
  return v;
}

static double sview_at(const sview *v, int64_t k) {
  return v->is_float ? (double)v->s.data[k * v->inc] : v->d.data[k * v->inc];
}

/* Bytes of the buffer outside the view hold the pattern; with untouched,
 * every byte does. */
static int sview_intact(const sview *v, int untouched) {
  const size_t es = v->is_float ? sizeof(float) : sizeof(double);
  const int64_t step = v->inc < 0 ? -v->inc : v->inc;
  size_t e, i;
  if (!v->buf)
    return 1;
  for (e = 0; e < v->len; ++e) {
    const int64_t off = (int64_t)e - 2;
    const int in_view =
        off >= 0 && v->n > 0 && off % step == 0 && off / step < v->n;
    if (in_view && !untouched)
      continue;
    for (i = 0; i < es; ++i)
      if (((unsigned char *)v->buf)[e * es + i] != 0xA5)
        return 0;
  }
  return 1;
}

static void sview_free(sview *v) {
  free(v->buf);
  v->buf = NULL;
}

static int call_sviews(call_id c, double x, sview *v) {
  bla_dvec dv[4];
  bla_svec sv[4];
  int s;
  for (s = 0; s < 4; ++s) {
    dv[s] = v[s].d;
    sv[s] = v[s].s;
  }
  return call_one(v[0].is_float, c, x, dv, sv);
}

/* Non-finite x: info -1 and NaN in every wanted output, whatever the
 * function; nothing written outside the views. */
Test(edge, nonfinite) {
  const double bad[3] = {NAN, INFINITY, -INFINITY};
  static const int64_t lens[] = {1, 5, 501};
  int f, c, b, li, s;
  for (f = 0; f < 2; ++f)
    for (c = 0; c < NCALLS; ++c)
      for (b = 0; b < 3; ++b)
        for (li = 0; li < 3; ++li) {
          sview v[4];
          int info;
          int64_t k;
          for (s = 0; s < 4; ++s)
            v[s] = s < nslots((call_id)c) ? sview_new(f, lens[li], 1)
                                          : sview_null(f, 0);
          info = call_sviews((call_id)c, bad[b], v);
          CHECK(info == -1, "%s %s(%g): info %d, expected -1",
                blt_prec_of(f).name, call_names[c], bad[b], info);
          for (s = 0; s < nslots((call_id)c); ++s) {
            for (k = 0; k < lens[li]; ++k)
              CHECK(isnan(sview_at(&v[s], k)),
                    "%s %s(%g): output %d order %d is %g, expected NaN",
                    blt_prec_of(f).name, call_names[c], bad[b], s, (int)k,
                    sview_at(&v[s], k));
            CHECK(sview_intact(&v[s], 0), "%s %s(%g): write outside view %d",
                  blt_prec_of(f).name, call_names[c], bad[b], s);
          }
          for (s = 0; s < 4; ++s)
            sview_free(&v[s]);
        }
  check_done();
}

/* x = 0, -0 and x < 0 for the functions defined only for x > 0: info -1
 * and NaN; in the pair forms that holds for every wanted output as soon
 * as the x > 0 function is wanted, while the other function alone is
 * defined at 0 (its values there are checked against the reference by
 * the reference tests). */
Test(edge, domain) {
  const double xs[4] = {0.0, -0.0, -1.5, -1e-300};
  int f, c, i, s, m;
  for (f = 0; f < 2; ++f)
    for (c = 0; c < NCALLS; ++c)
      for (i = 0; i < 4; ++i)
        for (m = 1; m < 16; ++m) {
          const call_id cc = (call_id)c;
          int info, expect = 0, k;
          sview v[4];
          if (!is_pair(cc) && m != 1)
            continue;
          for (s = 0; s < 4; ++s)
            v[s] = (s < nslots(cc) && (m >> s & 1)) ? sview_new(f, 9, 1)
                                                    : sview_null(f, 9);
          for (s = 0; s < nslots(cc); ++s)
            if ((m >> s & 1) && fns[slot_fn(cc, s)].positive_only)
              expect = -1;
          if (xs[i] < 0 && !expect) {
            for (s = 0; s < 4; ++s)
              sview_free(&v[s]);
            continue; /* defined: the parity test covers it */
          }
          info = call_sviews(cc, xs[i], v);
          CHECK(info == expect, "%s %s(%g) wanted 0x%x: info %d, expected %d",
                blt_prec_of(f).name, call_names[c], xs[i], m, info, expect);
          for (s = 0; s < nslots(cc); ++s) {
            if (!(m >> s & 1))
              continue;
            for (k = 0; expect && k < 9; ++k)
              CHECK(isnan(sview_at(&v[s], k)),
                    "%s %s(%g): %s_%d = %g, expected NaN", blt_prec_of(f).name,
                    call_names[c], xs[i], slot_name(cc, s), k,
                    sview_at(&v[s], k));
            if (!expect)
              for (k = 0; k < 9; ++k)
                CHECK(isfinite(sview_at(&v[s], k)),
                      "%s %s(%g): %s_%d = %g, expected a value",
                      blt_prec_of(f).name, call_names[c], xs[i],
                      slot_name(cc, s), k, sview_at(&v[s], k));
          }
          for (s = 0; s < 4; ++s)
            sview_free(&v[s]);
        }
  check_done();
}

/* out.n = 0: info 0, nothing written. n < 0: info -2 (the derivative
 * forms: the number of the offending view), nothing written; a derivative
 * view whose length differs from its value view's is rejected the same
 * way. */
Test(edge, lengths_and_bad_views) {
  int f, c, s, bad;
  for (f = 0; f < 2; ++f)
    for (c = 0; c < NCALLS; ++c) {
      const call_id cc = (call_id)c;
      sview v[4];
      int info;
      /* Every output empty. */
      for (s = 0; s < 4; ++s)
        v[s] = s < nslots(cc) ? sview_new(f, 0, 1) : sview_null(f, 0);
      info = call_sviews(cc, 2.5, v);
      CHECK(info == 0, "%s %s, n = 0: info %d", blt_prec_of(f).name,
            call_names[c], info);
      for (s = 0; s < 4; ++s) {
        CHECK(sview_intact(&v[s], 1), "%s %s, n = 0: storage written",
              blt_prec_of(f).name, call_names[c]);
        sview_free(&v[s]);
      }
      /* One view with a negative length. */
      for (bad = 0; bad < nslots(cc); ++bad) {
        for (s = 0; s < 4; ++s)
          v[s] = s < nslots(cc) ? sview_new(f, 6, 1) : sview_null(f, 0);
        v[bad].d.n = v[bad].s.n = -1;
        info = call_sviews(cc, 2.5, v);
        CHECK(info == -2 - bad,
              "%s %s, view %d with n = -1: info %d, "
              "expected %d",
              blt_prec_of(f).name, call_names[c], bad, info, -2 - bad);
        for (s = 0; s < 4; ++s) {
          CHECK(sview_intact(&v[s], 1),
                "%s %s, view %d with n = -1: storage of view %d written",
                blt_prec_of(f).name, call_names[c], bad, s);
          sview_free(&v[s]);
        }
      }
      if (!is_pair(cc))
        continue;
      /* A derivative one shorter than its value. */
      for (bad = 1; bad < 4; bad += 2) {
        for (s = 0; s < 4; ++s)
          v[s] = sview_new(f, s == bad ? 5 : 6, 1);
        info = call_sviews(cc, 2.5, v);
        CHECK(info == -2 - bad,
              "%s %s, view %d shorter than its value: "
              "info %d, expected %d",
              blt_prec_of(f).name, call_names[c], bad, info, -2 - bad);
        for (s = 0; s < 4; ++s) {
          CHECK(sview_intact(&v[s], 1), "%s %s, bad lengths: storage written",
                blt_prec_of(f).name, call_names[c]);
          sview_free(&v[s]);
        }
      }
    }
  check_done();
}

/* The single-argument routines on strided views (inc 3 and -2) give the
 * batch driver's results bit for bit: the operations inside one problem
 * never depend on where it sits. Nothing is written between elements. */
Test(edge, strided_views_match_batch) {
  static const int64_t incs[2] = {3, -2};
  const ref_data *r = ref_get();
  int *xi = (int *)blt_xcalloc(MAX_ARGS, sizeof(int));
  const int64_t n = 64;
  int f, c, ii, s;
  for (f = 0; f < 2; ++f) {
    const int count = ref_args(r, f, xi);
    for (c = 0; c < NCALLS; ++c) {
      const call_id cc = (call_id)c;
      const bla_exec ex = bla_exec_host(1, NULL);
      xvec x = xvec_new(f, count, 1);
      outs o = outs_new(f, cc, LAY_PACKED, count, n, ALL4);
      int *info = (int *)blt_xcalloc((size_t)count, sizeof(int));
      int64_t p, k;
      for (p = 0; p < count; ++p)
        xvec_set(x, p, r->x[xi[p]]);
      cr_assert(call_batch(cc, x, &o, info, &ex) == BLA_OK);
      for (p = 0; p < count; ++p)
        for (ii = 0; ii < 2; ++ii) {
          sview v[4];
          int inf1;
          for (s = 0; s < 4; ++s)
            v[s] =
                s < nslots(cc) ? sview_new(f, n, incs[ii]) : sview_null(f, 0);
          inf1 = call_sviews(cc, xvec_get(x, p), v);
          CHECK(inf1 == info[p], "%s %s(%.17g) inc %d: info %d, batch %d",
                blt_prec_of(f).name, call_names[c], xvec_get(x, p),
                (int)incs[ii], inf1, info[p]);
          for (s = 0; s < nslots(cc); ++s) {
            for (k = 0; k < n; ++k) {
              const double a = sview_at(&v[s], k), b = vb_at(o.b[s], p, k);
              CHECK(memcmp(&a, &b, sizeof a) == 0,
                    "%s %s(%.17g) inc %d: %s_%d = %.17g, batch %.17g",
                    blt_prec_of(f).name, call_names[c], xvec_get(x, p),
                    (int)incs[ii], slot_name(cc, s), (int)k, a, b);
            }
            CHECK(sview_intact(&v[s], 0),
                  "%s %s inc %d: write between "
                  "elements",
                  blt_prec_of(f).name, call_names[c], (int)incs[ii]);
          }
          for (s = 0; s < 4; ++s)
            sview_free(&v[s]);
        }
      outs_free(&o);
      xvec_free(&x);
      free(info);
    }
  }
  free(xi);
  check_done();
}

/* ---- Batch behaviour
 * ----------------------------------------------------------
 */

/* One NaN (and one infinite) x in a batch fails alone: info -1 and NaN in
 * that problem, every other problem bit-identical to a batch in which
 * those entries hold an ordinary x. Both layouts. */
BLT_TEST(batch, nonfinite_isolation) {
  const int64_t count = 40, n = 30;
  int f, c, lay;
  for (f = 0; f < 2; ++f)
    for (c = 0; c < NCALLS; ++c)
      for (lay = 0; lay < 2; ++lay) {
        const call_id cc = (call_id)c;
        xvec xa = xvec_new(f, count, 1), xb = xvec_new(f, count, 1);
        outs oa = outs_new(f, cc, (out_layout)lay, count, n, ALL4);
        outs ob = outs_new(f, cc, (out_layout)lay, count, n, ALL4);
        int *ia = (int *)blt_xcalloc((size_t)count, sizeof(int));
        int *ib = (int *)blt_xcalloc((size_t)count, sizeof(int));
        blt_rng rng;
        int64_t p, k;
        int s;
        blt_rng_seed(&rng, 0x15011a7eULL + (uint64_t)(c * 4 + f));
        for (p = 0; p < count; ++p) {
          const double x = pow(10.0, -2.0 + 5.0 * blt_rng_uniform01(&rng));
          xvec_set(xa, p, x);
          xvec_set(xb, p, x);
        }
        xvec_set(xb, 17, NAN);
        xvec_set(xb, 29, INFINITY);
        cr_assert(call_on(be, BLT_RUN_DEFAULT, cc, xa, &oa, ia, count) ==
                  BLA_OK);
        cr_assert(call_on(be, BLT_RUN_DEFAULT, cc, xb, &ob, ib, count) ==
                  BLA_OK);
        for (p = 0; p < count; ++p) {
          if (p == 17 || p == 29) {
            CHECK(ib[p] == -1, "%s %s: bad x at %d gave info %d",
                  blt_prec_of(f).name, call_names[c], (int)p, ib[p]);
            for (s = 0; s < nslots(cc); ++s)
              for (k = 0; k < n; ++k)
                CHECK(isnan(vb_at(ob.b[s], p, k)),
                      "%s %s: bad x at %d, output %d order %d not NaN",
                      blt_prec_of(f).name, call_names[c], (int)p, s, (int)k);
          } else {
            CHECK(ib[p] == ia[p] && ia[p] == 0 &&
                      same_problem(&oa, &ob, nslots(cc), p, n),
                  "%s %s %s: problem %d changed by a bad x elsewhere",
                  blt_prec_of(f).name, call_names[c], layout_names[lay],
                  (int)p);
          }
        }
        outs_free(&oa);
        outs_free(&ob);
        xvec_free(&xa);
        xvec_free(&xb);
        free(ia);
        free(ib);
      }
}

/* Every output batch and info as bytes, to see that nothing moved. */
typedef struct {
  void *copy[4];
  int info[8];
} snapshot;

static snapshot snap(const outs *o, const int *info) {
  snapshot sn;
  int s;
  for (s = 0; s < 4; ++s) {
    sn.copy[s] = o->b[s].data ? blt_xmemdup(o->b[s].data, o->b[s].bytes) : NULL;
  }
  memcpy(sn.info, info, sizeof sn.info);
  return sn;
}

static int snap_same(const snapshot *sn, const outs *o, const int *info) {
  int s, same = memcmp(sn->info, info, sizeof sn->info) == 0;
  for (s = 0; s < 4; ++s)
    if (o->b[s].data &&
        !blt_same_bytes(sn->copy[s], o->b[s].data, o->b[s].bytes))
      same = 0;
  return same;
}

static void snap_free(snapshot *sn) {
  int s;
  for (s = 0; s < 4; ++s)
    free(sn->copy[s]);
}

/* Invalid batch arguments: BLA_ERR_ARG, every output and info untouched.
 *   0 x.n differs from the outputs' count      1 x.n = count = -1
 *   2 out.n = -1                               3 x data NULL
 *   4 info NULL                                5 output data NULL (single
 *     forms; for pairs a NULL view is "not wanted", so instead:)
 *   5 (pairs) a derivative batch shorter than its value batch
 *   6 (pairs) a derivative batch with another count */
static void run_bad_args(const blt_backend *be, int is_float) {
  const int64_t count = 8, n = 12;
  int c, bad;
  for (c = 0; c < NCALLS; ++c)
    for (bad = 0; bad < 7; ++bad) {
      const call_id cc = (call_id)c;
      xvec xo, x;
      outs o, call;
      int info[8] = {11, 12, 13, 14, 15, 16, 17, 18};
      int *pinfo = info;
      snapshot sn;
      bla_status st;
      int64_t p;
      int s, last = is_pair(cc) ? 1 : 0;
      if (bad == 6 && !is_pair(cc))
        continue;
      xo = xvec_new(is_float, count, 1);
      o = outs_new(is_float, cc, LAY_PACKED, count, n, ALL4);
      call = o;
      for (p = 0; p < count; ++p)
        xvec_set(xo, p, 0.5 + (double)p);
      x = xo;
      sn = snap(&o, info);
      switch (bad) {
      case 0:
        x.n = count - 1;
        break;
      case 1:
        x.n = -1;
        for (s = 0; s < 4; ++s)
          call.b[s].d.count = call.b[s].s.count = -1;
        break;
      case 2:
        for (s = 0; s < 4; ++s)
          call.b[s].d.n = call.b[s].s.n = -1;
        break;
      case 3:
        x.d = NULL;
        x.s = NULL;
        break;
      case 4:
        pinfo = NULL;
        break;
      case 5:
        if (is_pair(cc)) {
          call.b[last].d.n -= 1;
          call.b[last].s.n -= 1;
        } else {
          BLT_SET_NULL(call.b[0]);
        }
        break;
      default:
        call.b[3].d.count -= 1;
        call.b[3].s.count -= 1;
        break;
      }
      st = call_on(be, BLT_RUN_DEFAULT, cc, x, &call, pinfo, 8);
      CHECK(st == BLA_ERR_ARG, "%s %s, bad argument case %d: status %d",
            blt_prec_of(is_float).name, call_names[c], bad, (int)st);
      CHECK(snap_same(&sn, &o, info),
            "%s %s, bad argument case %d: an output or info was written",
            blt_prec_of(is_float).name, call_names[c], bad);
      snap_free(&sn);
      outs_free(&o);
      xvec_free(&xo);
    }
}

BLT_TEST_PRECS(batch, bad_args_double, bad_args_float) {
  run_bad_args(be, is_float);
}

/* count = 0 with NULL data and info, and n = 0 with a real batch: BLA_OK,
 * nothing written (info gets 0 for each finite x). */
BLT_TEST(batch, empty) {
  int f, c;
  for (f = 0; f < 2; ++f)
    for (c = 0; c < NCALLS; ++c) {
      const call_id cc = (call_id)c;
      xvec x0 = xvec_new(f, 0, 1), x = xvec_new(f, 4, 1);
      outs o0 = outs_new(f, cc, LAY_PACKED, 0, 5, 0), o;
      int info[4] = {9, 9, 9, 9};
      bla_status st;
      int s;
      free(x0.d);
      free(x0.s);
      x0.d = NULL;
      x0.s = NULL;
      st = call_on(be, BLT_RUN_DEFAULT, cc, x0, &o0, NULL, 0);
      CHECK(st == BLA_OK, "%s %s, count 0: status %d", blt_prec_of(f).name,
            call_names[c], (int)st);
      for (s = 0; s < 4; ++s)
        xvec_set(x, s, 1.0 + s);
      o = outs_new(f, cc, LAY_PACKED, 4, 0, ALL4);
      for (s = 0; s < 4; ++s)
        if (o.b[s].data)
          memset(o.b[s].data, 0xA5, o.b[s].bytes);
      st = call_on(be, BLT_RUN_DEFAULT, cc, x, &o, info, 4);
      CHECK(st == BLA_OK && info[0] == 0 && info[3] == 0,
            "%s %s, n = 0: status %d, info %d", blt_prec_of(f).name,
            call_names[c], (int)st, info[0]);
      for (s = 0; s < 4; ++s)
        CHECK(vb_gaps_intact(o.b[s]), "%s %s, n = 0: storage written",
              blt_prec_of(f).name, call_names[c]);
      outs_free(&o);
      xvec_free(&x);
    }
}

/* Without a usable device (a library without CUDA drivers, or no GPU)
 * BLA_CUDA returns BLA_ERR_NO_DEVICE and touches nothing (host buffers
 * stand in for device ones: nothing may be read or written through
 * them). */
Test(nodevice, status) {
  int f, c;
  blt_require_no_device();
  for (f = 0; f < 2; ++f)
    for (c = 0; c < NCALLS; ++c) {
      const call_id cc = (call_id)c;
      const bla_exec ex = bla_exec_cuda(NULL, NULL);
      xvec x = xvec_new(f, 3, 1);
      outs o = outs_new(f, cc, LAY_PACKED, 3, 4, ALL4);
      int info[8] = {7, 7, 7, 7, 7, 7, 7, 7};
      snapshot sn;
      bla_status st;
      int s;
      for (s = 0; s < 3; ++s)
        xvec_set(x, s, 1.0 + s);
      sn = snap(&o, info);
      st = call_batch(cc, x, &o, info, &ex);
      CHECK(st == BLA_ERR_NO_DEVICE && snap_same(&sn, &o, info),
            "%s %s: no device gave status %d or touched an output",
            blt_prec_of(f).name, call_names[c], (int)st);
      snap_free(&sn);
      outs_free(&o);
      xvec_free(&x);
    }
  check_done();
}
