/* tests/test_mathieu_cuda.c: the Mathieu batch drivers on a CUDA device
 * (exec = {BLA_CUDA, 0, stream}, every pointer device memory) against the
 * host drivers on the same inputs: characteristic values (packed and
 * interleaved), angular and radial functions of both kinds, isolation of a
 * non-finite q. The same code runs on both; the device may contract
 * products into FMAs, so results agree to a few units of the last place
 * of the scale of each problem rather than bit for bit. Built only with
 * the CUDA drivers; where no GPU is present each device test says so and
 * is reported skipped, and the "nodevice" suite checks that BLA_CUDA then
 * fails cleanly. */
#include <criterion/criterion.h>

#include <cuda_runtime_api.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "batchla/batchla.h"
#include "bla_test.h"
#include "bla_test_cuda.h"

/* Device against host: |dev - host| <= tol * scale (see each test). */
#define AB_TOL_D 1e-14
#define AB_TOL_S 1e-5
#define ANG_TOL_D 1e-13
#define ANG_TOL_S 1e-4
#define RAD_TOL_D 1e-12
#define RAD_TOL_S 1e-4

#define AB_NA 61 /* a_0..a_60 */
#define AB_NB 60 /* b_1..b_60 */

#define MAX_LOGGED 20
static int g_fail;

#define CHECK(cond, ...)                                                       \
  do {                                                                         \
    if (!(cond)) {                                                             \
      ++g_fail;                                                                \
      if (g_fail <= MAX_LOGGED)                                                \
        cr_expect(0, __VA_ARGS__);                                             \
    }                                                                          \
  } while (0)

static void check_done(void) {
  cr_expect(g_fail <= MAX_LOGGED, "%d further failures were not logged",
            g_fail - MAX_LOGGED);
}

static const char *const kind_names[2] = {"ce", "se"};
static const char *const rad_names[2] = {"Mc", "Ms"};
static const char *const ang_out_names[2] = {"f", "fp"};
static const char *const rad_out_names[4] = {"f1", "f1p", "f2", "f2p"};

static bla_exec exec_of(bla_backend backend, void *stream) {
  bla_exec ex;
  ex = bla_exec_host(0, NULL);
  ex.backend = backend;
  ex.stream = stream;
  return ex;
}

/* ---- Raw arrays of either precision ------------------------------------- */
static size_t es_of(int is_float) {
  return is_float ? sizeof(float) : sizeof(double);
}

static double raw_get(int is_float, const void *p, int64_t i) {
  return is_float ? (double)((const float *)p)[i] : ((const double *)p)[i];
}

static void raw_set(int is_float, void *p, int64_t i, double v) {
  if (is_float)
    ((float *)p)[i] = (float)v;
  else
    ((double *)p)[i] = v;
}

static void *raw_new(int is_float, int64_t len) {
  return blt_xcalloc((size_t)(len > 0 ? len : 1), es_of(is_float));
}

static void *dev_new(size_t bytes) {
  void *p = NULL;
  CUDA_OK(cudaMalloc(&p, bytes > 0 ? bytes : 1));
  return p;
}

static void *dev_copy_of(const void *host, size_t bytes) {
  void *p = dev_new(bytes);
  CUDA_OK(cudaMemcpy(p, host, bytes, cudaMemcpyHostToDevice));
  return p;
}

static void sync_stream(void *stream) {
  CUDA_OK(stream ? cudaStreamSynchronize((cudaStream_t)stream)
                 : cudaDeviceSynchronize());
}

/* ---- Calls -------------------------------------------------------------- */
static bla_dvec_batch dvb(void *data, int64_t count, int64_t n, int lay) {
  return lay ? bla_dvec_batch_interleaved((double *)data, count, n)
             : bla_dvec_batch_packed((double *)data, count, n);
}
static bla_svec_batch svb(void *data, int64_t count, int64_t n, int lay) {
  return lay ? bla_svec_batch_interleaved((float *)data, count, n)
             : bla_svec_batch_packed((float *)data, count, n);
}

/* Element k of problem p of an AB_NA- or AB_NB-long batch in layout lay. */
static double ab_at(int is_float, const void *data, int64_t count, int64_t n,
                    int lay, int64_t p, int64_t k) {
  return raw_get(is_float, data, lay ? p + k * count : p * n + k);
}

static bla_status call_ab(int is_float, void *q, int64_t count, void *a,
                          void *b, int lay, int *info, const bla_exec *ex) {
  if (is_float)
    return bla_smathieu_ab_all_batch(bla_svec_make((float *)q, count, 1),
                                     svb(a, count, AB_NA, lay),
                                     svb(b, count, AB_NB, lay), info, ex);
  return bla_dmathieu_ab_all_batch(bla_dvec_make((double *)q, count, 1),
                                   dvb(a, count, AB_NA, lay),
                                   dvb(b, count, AB_NB, lay), info, ex);
}

/* The angular (o[0], o[1]) or radial (o[0..3]) batch driver, unit
 * strides, m_inc 1. */
static bla_status call_fn(int is_float, int rad, int kind, const int *m,
                          void *q, void *x, int64_t n, void *const *o,
                          int *info, const bla_exec *ex) {
  const bla_mathieu_kind k = (bla_mathieu_kind)kind;
  if (is_float) {
    const bla_svec qv = bla_svec_make((float *)q, n, 1);
    const bla_svec xv = bla_svec_make((float *)x, n, 1);
    if (rad)
      return bla_smathieu_radial_batch(
          k, m, 1, qv, xv, bla_svec_make((float *)o[0], n, 1),
          bla_svec_make((float *)o[1], n, 1),
          bla_svec_make((float *)o[2], n, 1),
          bla_svec_make((float *)o[3], n, 1), info, ex);
    return bla_smathieu_angular_batch(
        k, m, 1, qv, xv, bla_svec_make((float *)o[0], n, 1),
        bla_svec_make((float *)o[1], n, 1), info, ex);
  } else {
    const bla_dvec qv = bla_dvec_make((double *)q, n, 1);
    const bla_dvec xv = bla_dvec_make((double *)x, n, 1);
    if (rad)
      return bla_dmathieu_radial_batch(
          k, m, 1, qv, xv, bla_dvec_make((double *)o[0], n, 1),
          bla_dvec_make((double *)o[1], n, 1),
          bla_dvec_make((double *)o[2], n, 1),
          bla_dvec_make((double *)o[3], n, 1), info, ex);
    return bla_dmathieu_angular_batch(
        k, m, 1, qv, xv, bla_dvec_make((double *)o[0], n, 1),
        bla_dvec_make((double *)o[1], n, 1), info, ex);
  }
}

/* Runs call_fn on host arrays: on the host directly, or on the device
 * (inputs copied there, outputs and info copied back; outputs preset to
 * a byte pattern so that an unwritten entry cannot pass). */
static void run_fn(int is_float, int rad, int kind, int on_device, void *stream,
                   const int *m, const void *q, const void *x, int64_t n,
                   void *const *out, int *info) {
  const size_t es = es_of(is_float), bytes = (size_t)n * es;
  const int nout = rad ? 4 : 2;
  bla_status st;
  int s;
  if (!on_device) {
    const bla_exec ex = exec_of(BLA_HOST, NULL);
    st = call_fn(is_float, rad, kind, m, (void *)q, (void *)x, n, out, info,
                 &ex);
    cr_assert(st == BLA_OK, "host %s: status %d",
              rad ? "radial_batch" : "angular_batch", (int)st);
  } else {
    const bla_exec ex = exec_of(BLA_CUDA, stream);
    int *dm = (int *)dev_copy_of(m, (size_t)n * sizeof(int));
    void *dq = dev_copy_of(q, bytes), *dx = dev_copy_of(x, bytes);
    int *dinfo = (int *)dev_new((size_t)n * sizeof(int));
    void *dout[4] = {NULL, NULL, NULL, NULL};
    for (s = 0; s < nout; ++s) {
      dout[s] = dev_new(bytes);
      CUDA_OK(cudaMemset(dout[s], 0xA5, bytes));
    }
    CUDA_OK(cudaMemset(dinfo, 0xA5, (size_t)n * sizeof(int)));
    st = call_fn(is_float, rad, kind, dm, dq, dx, n, dout, dinfo, &ex);
    cr_assert(st == BLA_OK, "device %s: status %d",
              rad ? "radial_batch" : "angular_batch", (int)st);
    sync_stream(stream);
    CUDA_OK(cudaMemcpy(info, dinfo, (size_t)n * sizeof(int),
                       cudaMemcpyDeviceToHost));
    for (s = 0; s < nout; ++s) {
      CUDA_OK(cudaMemcpy(out[s], dout[s], bytes, cudaMemcpyDeviceToHost));
      CUDA_OK(cudaFree(dout[s]));
    }
    CUDA_OK(cudaFree(dm));
    CUDA_OK(cudaFree(dq));
    CUDA_OK(cudaFree(dx));
    CUDA_OK(cudaFree(dinfo));
  }
}

/* ---- Characteristic values ----------------------------------------------
 * 300 q in [-1000, 1000] (0, +-21, +-1000 among them), a_0..a_60 and
 * b_1..b_60, packed (default stream) and interleaved (a created stream):
 * |dev - host| <= tol max(|host|, 1). If bad >= 0, q[bad] is NaN there:
 * info < 0 and NaN outputs in that problem only. */
static void run_ab(int is_float, int64_t count, int64_t bad) {
  static const double fixed[] = {0.0, 21.0, -21.0, 1000.0, -1000.0};
  const blt_prec prec = blt_prec_of(is_float);
  const double tol = is_float ? AB_TOL_S : AB_TOL_D;
  const size_t es = es_of(is_float);
  const size_t abytes = (size_t)(count * AB_NA) * es;
  const size_t bbytes = (size_t)(count * AB_NB) * es;
  void *hq = raw_new(is_float, count), *dq;
  void *ha = raw_new(is_float, count * AB_NA);
  void *hb = raw_new(is_float, count * AB_NB);
  void *ga = raw_new(is_float, count * AB_NA);
  void *gb = raw_new(is_float, count * AB_NB);
  void *da, *db;
  int *hinfo = (int *)blt_xcalloc((size_t)count, sizeof(int));
  int *ginfo = (int *)blt_xcalloc((size_t)count, sizeof(int));
  int *dinfo;
  double worst = 0;
  cudaStream_t stream;
  blt_rng rng;
  int64_t p, k;
  int lay;

  g_fail = 0;
  blt_rng_seed(&rng, 0xab5eed00ULL + (uint64_t)is_float);
  for (p = 0; p < count; ++p) {
    double q = p < 5 ? fixed[p] : -1000.0 + 2000.0 * blt_rng_uniform01(&rng);
    if (p == bad)
      q = NAN;
    raw_set(is_float, hq, p, q);
  }
  {
    const bla_exec ex = exec_of(BLA_HOST, NULL);
    cr_assert(call_ab(is_float, hq, count, ha, hb, 0, hinfo, &ex) == BLA_OK);
  }
  dq = dev_copy_of(hq, (size_t)count * es);
  da = dev_new(abytes);
  db = dev_new(bbytes);
  dinfo = (int *)dev_new((size_t)count * sizeof(int));
  CUDA_OK(cudaStreamCreate(&stream));
  for (lay = 0; lay < 2; ++lay) {
    const char *ln = lay ? "interleaved" : "packed";
    const bla_exec ex = exec_of(BLA_CUDA, lay ? (void *)stream : NULL);
    bla_status st;
    CUDA_OK(cudaMemset(da, 0xA5, abytes));
    CUDA_OK(cudaMemset(db, 0xA5, bbytes));
    CUDA_OK(cudaMemset(dinfo, 0xA5, (size_t)count * sizeof(int)));
    st = call_ab(is_float, dq, count, da, db, lay, dinfo, &ex);
    cr_assert(st == BLA_OK, "%s ab_all_batch (%s): status %d", prec.name, ln,
              (int)st);
    sync_stream(lay ? (void *)stream : NULL);
    CUDA_OK(cudaMemcpy(ga, da, abytes, cudaMemcpyDeviceToHost));
    CUDA_OK(cudaMemcpy(gb, db, bbytes, cudaMemcpyDeviceToHost));
    CUDA_OK(cudaMemcpy(ginfo, dinfo, (size_t)count * sizeof(int),
                       cudaMemcpyDeviceToHost));
    for (p = 0; p < count; ++p) {
      const double q = raw_get(is_float, hq, p);
      if (p == bad) {
        CHECK(ginfo[p] < 0 && hinfo[p] < 0,
              "%s ab_all_batch (%s) at q = NaN: info %d, host %d", prec.name,
              ln, ginfo[p], hinfo[p]);
        for (k = 0; k < AB_NA; ++k)
          CHECK(isnan(ab_at(is_float, ga, count, AB_NA, lay, p, k)),
                "%s ab_all_batch (%s) at q = NaN: a_%d not NaN", prec.name, ln,
                (int)k);
        for (k = 0; k < AB_NB; ++k)
          CHECK(isnan(ab_at(is_float, gb, count, AB_NB, lay, p, k)),
                "%s ab_all_batch (%s) at q = NaN: b_%d not NaN", prec.name, ln,
                (int)(k + 1));
        continue;
      }
      CHECK(ginfo[p] == 0 && hinfo[p] == 0,
            "%s ab_all_batch (%s) at q = %.17g: info %d, host %d", prec.name,
            ln, q, ginfo[p], hinfo[p]);
      for (k = 0; k < AB_NA + AB_NB; ++k) {
        const int isa = k < AB_NA;
        const int64_t j = isa ? k : k - AB_NA, n = isa ? AB_NA : AB_NB;
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
  CUDA_OK(cudaStreamDestroy(stream));
  CUDA_OK(cudaFree(dq));
  CUDA_OK(cudaFree(da));
  CUDA_OK(cudaFree(db));
  CUDA_OK(cudaFree(dinfo));
  free(hq);
  free(ha);
  free(hb);
  free(ga);
  free(gb);
  free(hinfo);
  free(ginfo);
  check_done();
}

Test(cuda_ab, ab_all_double) {
  REQUIRE_GPU();
  run_ab(0, 300, -1);
}
Test(cuda_ab, ab_all_float) {
  REQUIRE_GPU();
  run_ab(1, 300, -1);
}

/* ---- Angular and radial: comparison -------------------------------------
 * Device against host on the same entries. info equal everywhere; where
 * it is 0, outputs within tol of the host's on a scale: angular, the
 * largest |host value| of that output over the entries of the same
 * (m, q) (key[i], at least 1); radial, the modulus of the entry's pair
 * (sqrt(f1^2 + f2^2), of f1p and f2p for the derivatives). Entries whose
 * host info is not 0 have NaN outputs in both. If bad >= 0, entry bad
 * has q = NaN: info < 0 and NaN outputs there. Returns the worst error. */
typedef struct {
  int is_float, rad, kind;
  int64_t n;
  const int *m;
  const void *q, *x;
  const int *key; /* angular: key index of each entry, keys < nkeys */
  int nkeys;
  int need_ok; /* every host info must be 0 */
} fn_case;

static double compare_fn(const fn_case *c, void *const *hout, const int *hinfo,
                         void *const *gout, const int *ginfo, int64_t bad) {
  const blt_prec prec = blt_prec_of(c->is_float);
  const double tol = c->rad ? (c->is_float ? RAD_TOL_S : RAD_TOL_D)
                            : (c->is_float ? ANG_TOL_S : ANG_TOL_D);
  const char *fname = c->rad ? rad_names[c->kind] : kind_names[c->kind];
  const char *const *onames = c->rad ? rad_out_names : ang_out_names;
  const int nout = c->rad ? 4 : 2;
  double *scale = NULL;
  double worst = 0;
  int64_t i;
  int s;
  if (!c->rad) {
    scale = (double *)blt_xcalloc((size_t)(2 * c->nkeys), sizeof(double));
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

/* Host and device on one case, compared. */
static void run_case(const fn_case *c, void *stream, int64_t bad,
                     const char *what) {
  const int nout = c->rad ? 4 : 2;
  void *hout[4] = {NULL, NULL, NULL, NULL}, *gout[4] = {NULL, NULL, NULL, NULL};
  int *hinfo = (int *)blt_xcalloc((size_t)c->n, sizeof(int));
  int *ginfo = (int *)blt_xcalloc((size_t)c->n, sizeof(int));
  int64_t i, nok = 0;
  double worst;
  int s;
  for (s = 0; s < nout; ++s) {
    hout[s] = raw_new(c->is_float, c->n);
    gout[s] = raw_new(c->is_float, c->n);
  }
  run_fn(c->is_float, c->rad, c->kind, 0, NULL, c->m, c->q, c->x, c->n, hout,
         hinfo);
  run_fn(c->is_float, c->rad, c->kind, 1, stream, c->m, c->q, c->x, c->n, gout,
         ginfo);
  worst = compare_fn(c, hout, hinfo, gout, ginfo, bad);
  for (i = 0; i < c->n; ++i)
    nok += hinfo[i] == 0;
  /* The comparison must cover most entries. */
  cr_expect(nok >= (c->n - (bad >= 0)) * 3 / 4,
            "%s %s: only %d of %d entries have host info 0",
            blt_prec_of(c->is_float).name, what, (int)nok, (int)c->n);
  if (blt_verbose())
    printf("device %-6s %-26s: %d of %d entries info 0, worst %.3g\n",
           blt_prec_of(c->is_float).name, what, (int)nok, (int)c->n, worst);
  for (s = 0; s < nout; ++s) {
    free(hout[s]);
    free(gout[s]);
  }
  free(hinfo);
  free(ginfo);
}

/* ---- Angular functions --------------------------------------------------
 * n entries over nkeys distinct (m, q) (m 0..60, 1..60 for se; q in
 * [-200, 200], the first keys fixed at the corners), each key repeated
 * with random x in [-2 pi, 2 pi], shuffled. Kind se on a created stream. */
static void run_angular(int is_float, int kind, int64_t n, int nkeys,
                        int64_t bad) {
  const double twopi = 6.283185307179586;
  static const int fixed_m[4] = {0, 60, 60, 1};
  static const double fixed_q[4] = {0.0, 200.0, -200.0, -0.5};
  int *m = (int *)blt_xcalloc((size_t)n, sizeof(int));
  int *key = (int *)blt_xcalloc((size_t)n, sizeof(int));
  int *km = (int *)blt_xcalloc((size_t)nkeys, sizeof(int));
  double *kq = (double *)blt_xcalloc((size_t)nkeys, sizeof(double));
  void *q = raw_new(is_float, n), *x = raw_new(is_float, n);
  cudaStream_t stream = NULL;
  char what[64];
  fn_case c;
  blt_rng rng;
  int64_t i;
  int j;
  g_fail = 0;
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
  if (kind == BLA_MATHIEU_SE)
    CUDA_OK(cudaStreamCreate(&stream));
  run_case(&c, (void *)stream, bad, what);
  if (stream)
    CUDA_OK(cudaStreamDestroy(stream));
  free(m);
  free(key);
  free(km);
  free(kq);
  free(q);
  free(x);
  check_done();
}

#define ANGULAR_TESTS(kname, kind)                                             \
  Test(cuda_angular, kname##_double) {                                         \
    REQUIRE_GPU();                                                             \
    run_angular(0, kind, 20000, 50, -1);                                       \
  }                                                                            \
  Test(cuda_angular, kname##_float) {                                          \
    REQUIRE_GPU();                                                             \
    run_angular(1, kind, 20000, 50, -1);                                       \
  }
ANGULAR_TESTS(ce, BLA_MATHIEU_CE)
ANGULAR_TESTS(se, BLA_MATHIEU_SE)

/* ---- Radial functions ---------------------------------------------------
 * n entries, m 0..25 (1..25 for Ms), q in {1, 10, 100, 500}, z in
 * [0.1, 2], random order. Kind Ms on a created stream. */
static void run_radial(int is_float, int kind, int64_t n, int64_t bad) {
  static const double qs[4] = {1.0, 10.0, 100.0, 500.0};
  int *m = (int *)blt_xcalloc((size_t)n, sizeof(int));
  void *q = raw_new(is_float, n), *z = raw_new(is_float, n);
  cudaStream_t stream = NULL;
  char what[64];
  fn_case c;
  blt_rng rng;
  int64_t i;
  g_fail = 0;
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
  if (kind == BLA_MATHIEU_SE)
    CUDA_OK(cudaStreamCreate(&stream));
  run_case(&c, (void *)stream, bad, what);
  if (stream)
    CUDA_OK(cudaStreamDestroy(stream));
  free(m);
  free(q);
  free(z);
  check_done();
}

#define RADIAL_TESTS(kname, kind)                                              \
  Test(cuda_radial, kname##_double) {                                          \
    REQUIRE_GPU();                                                             \
    run_radial(0, kind, 2000, -1);                                             \
  }                                                                            \
  Test(cuda_radial, kname##_float) {                                           \
    REQUIRE_GPU();                                                             \
    run_radial(1, kind, 2000, -1);                                             \
  }
RADIAL_TESTS(mc, BLA_MATHIEU_CE)
RADIAL_TESTS(ms, BLA_MATHIEU_SE)

/* ---- Non-finite isolation on the device ---------------------------------
 * One entry with q = NaN in each driver: info < 0 and NaN outputs there,
 * every other entry as on the host (the bounds above). */
static void run_isolation(int is_float) {
  int kind;
  run_ab(is_float, 40, 17);
  for (kind = 0; kind < 2; ++kind) {
    run_angular(is_float, kind, 400, 12, 123);
    run_radial(is_float, kind, 200, 77);
  }
}

Test(cuda_nonfinite, isolation_double) {
  REQUIRE_GPU();
  run_isolation(0);
}
Test(cuda_nonfinite, isolation_float) {
  REQUIRE_GPU();
  run_isolation(1);
}

/* ---- No device ----------------------------------------------------------
 * Without a GPU, BLA_CUDA returns BLA_ERR_NO_DEVICE and touches nothing
 * (host buffers stand in for device ones: nothing may be read or written
 * through them). */
Test(nodevice, status) {
  const int64_t count = 3;
  int f, d, kind;
  if (gpu_available()) {
    printf("skipped: a GPU is present\n");
    fflush(stdout);
    cr_skip_test("skipped: a GPU is present");
  }
  g_fail = 0;
  for (f = 0; f < 2; ++f)
    for (d = 0; d < 3; ++d)
      for (kind = 0; kind < (d == 0 ? 1 : 2); ++kind) {
        static const char *const names[3] = {"ab_all_batch", "angular_batch",
                                             "radial_batch"};
        double q[3] = {1.0, 2.0, 3.0}, x[3] = {0.5, 1.0, 1.5};
        float qf[3] = {1.0f, 2.0f, 3.0f}, xf[3] = {0.5f, 1.0f, 1.5f};
        int m[3] = {1, 2, 3};
        double buf[4][3 * AB_NA];
        unsigned char pattern[sizeof buf];
        int info[3] = {7, 7, 7};
        void *out[4];
        const bla_exec ex = exec_of(BLA_CUDA, NULL);
        bla_status st;
        int s;
        memset(buf, 0xA5, sizeof buf);
        memset(pattern, 0xA5, sizeof pattern);
        for (s = 0; s < 4; ++s)
          out[s] = buf[s];
        if (d == 0)
          st = call_ab(f, f ? (void *)qf : (void *)q, count, out[0], out[1], 0,
                       info, &ex);
        else
          st = call_fn(f, d == 2, kind, m, f ? (void *)qf : (void *)q,
                       f ? (void *)xf : (void *)x, count, out, info, &ex);
        CHECK(st == BLA_ERR_NO_DEVICE && info[0] == 7 && info[1] == 7 &&
                  info[2] == 7 && memcmp(buf, pattern, sizeof buf) == 0,
              "%s %s (%s): no device gave status %d or touched an output",
              blt_prec_of(f).name, names[d], kind_names[kind], (int)st);
      }
  check_done();
}
