/* tests/test_bessel_cuda.c: the Bessel batch drivers on a CUDA device
 * (exec = {BLA_CUDA, 0, stream}, every pointer device memory): accuracy
 * against the reference values of tests/data/bessel_ref.txt with the
 * measure and bound of test_bessel.c, every order within twice that bound
 * of the host driver's result, non-finite isolation, argument errors.
 * Built only with the CUDA drivers; where no GPU is present each device
 * test says so and is reported skipped, and the "nodevice" suite checks
 * that BLA_CUDA then fails cleanly. */
#include <criterion/criterion.h>

#include <cuda_runtime_api.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "batchla/batchla.h"
#include "bla_test.h"
#include "bla_test_cuda.h"

#ifndef BLA_TEST_DATA_DIR
#error "BLA_TEST_DATA_DIR must name the directory holding bessel_ref.txt"
#endif

#define ACC_TOL 8.0 /* ulp, as in test_bessel.c */

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

static bla_exec exec_of(bla_backend backend, void *stream) {
  bla_exec ex;
  ex = bla_exec_host(0, NULL);
  ex.backend = backend;
  ex.stream = stream;
  return ex;
}

/* ---- Reference data (the format of gen_bessel_ref.py) ----------------------
 */
enum { RJ, RJP, RY, RYP, RSJ, RSJP, RSY, RSYP, RSI, RSIP, RSK, RSKP, NREF };
static const char *const ref_names[NREF] = {"J", "Jp", "Y", "Yp", "j", "jp",
                                            "y", "yp", "i", "ip", "k", "kp"};
#define MAX_ORDERS 256
#define MAX_ARGS 512

typedef struct {
  int nord, ord[MAX_ORDERS];
  int nx;
  double x[MAX_ARGS];
  int is_float[MAX_ARGS];
  long double *v[NREF];
} ref_data;

static ref_data g_ref;
static int g_ref_loaded;

static const ref_data *ref_get(void) {
  static char line[1 << 16];
  const char *path = BLA_TEST_DATA_DIR "/bessel_ref.txt";
  FILE *fp;
  int f, xi = -1;
  size_t k, cap;
  if (g_ref_loaded)
    return &g_ref;
  fp = fopen(path, "r");
  cr_assert(fp != NULL, "cannot open the reference data %s", path);
  memset(&g_ref, 0, sizeof g_ref);
  while (fgets(line, sizeof line, fp)) {
    char *s = line, *end;
    cr_assert(strchr(line, '\n') != NULL, "%s: line too long", path);
    if (line[0] == '#' || line[0] == '\n')
      continue;
    if (strncmp(line, "orders ", 7) == 0) {
      long o;
      for (s += 7; o = strtol(s, &end, 10), end != s; s = end) {
        cr_assert(g_ref.nord < MAX_ORDERS, "%s: too many orders", path);
        g_ref.ord[g_ref.nord++] = (int)o;
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
      cr_assert(end != s, "%s: short line", path);
      g_ref.v[f][(size_t)xi * (size_t)g_ref.nord + k] = v;
      s = end;
    }
  }
  fclose(fp);
  cr_assert(g_ref.nx > 100 && g_ref.nord > 60, "%s: too little data", path);
  g_ref_loaded = 1;
  return &g_ref;
}

static long double ref_at(const ref_data *r, int f, int xi, int oi) {
  return r->v[f][(size_t)xi * (size_t)r->nord + (size_t)oi];
}

/* ---- Functions and calls --------------------------------------------------
 */
typedef enum { FJ, FY, FSJ, FSY, FSI, FSK, NFN } fn_id;
typedef struct {
  const char *name;
  int ref, partner, half, positive_only;
} fn_desc;
static const fn_desc fns[NFN] = {{"J", RJ, FY, 0, 0},   {"Y", RY, FJ, 0, 1},
                                 {"j", RSJ, FSY, 1, 0}, {"y", RSY, FSJ, 1, 1},
                                 {"i", RSI, -1, 1, 0},  {"k", RSK, -1, 1, 1}};

typedef enum {
  C_J,
  C_Y,
  C_SJ,
  C_SY,
  C_SI,
  C_SK,
  C_JY,
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
  return is_pair(c) ? (fn_id)(2 * (c - C_JY) + (s >= 2)) : (fn_id)c;
}
static int slot_deriv(call_id c, int s) {
  return is_pair(c) && (s & 1);
}

/* Up to four output batches sharing one shape; data in device or host
 * memory (the caller's choice); NULL data = not wanted. */
typedef struct {
  int is_float;
  bla_dvec_batch d[4];
  bla_svec_batch s[4];
} outv;

static outv outv_make(int is_float, int interleaved, int64_t count, int64_t n,
                      void *const *data) {
  outv o;
  int s;
  o.is_float = is_float;
  for (s = 0; s < 4; ++s) {
    double *dd = is_float ? NULL : (double *)data[s];
    float *sd = is_float ? (float *)data[s] : NULL;
    o.d[s] = interleaved ? bla_dvec_batch_interleaved(dd, count, n)
                         : bla_dvec_batch_packed(dd, count, n);
    o.s[s] = interleaved ? bla_svec_batch_interleaved(sd, count, n)
                         : bla_svec_batch_packed(sd, count, n);
    if (!data[s]) {
      o.d[s].n = o.s[s].n = 0;
    }
  }
  return o;
}

static bla_status call_batch(call_id c, int is_float, void *x, int64_t count,
                             const outv *o, int *info, const bla_exec *ex) {
  if (is_float) {
    const bla_svec xs = bla_svec_make((float *)x, count, 1);
    const bla_svec_batch *b = o->s;
    switch (c) {
    case C_J:
      return bla_sbessel_j_all_batch(xs, b[0], info, ex);
    case C_Y:
      return bla_sbessel_y_all_batch(xs, b[0], info, ex);
    case C_SJ:
      return bla_ssph_bessel_j_all_batch(xs, b[0], info, ex);
    case C_SY:
      return bla_ssph_bessel_y_all_batch(xs, b[0], info, ex);
    case C_SI:
      return bla_ssph_bessel_i_all_batch(xs, b[0], info, ex);
    case C_SK:
      return bla_ssph_bessel_k_all_batch(xs, b[0], info, ex);
    case C_JY:
      return bla_sbessel_jy_all_batch(xs, b[0], b[1], b[2], b[3], info, ex);
    case C_SJY:
      return bla_ssph_bessel_jy_all_batch(xs, b[0], b[1], b[2], b[3], info, ex);
    case C_SIK:
    default:
      return bla_ssph_bessel_ik_all_batch(xs, b[0], b[1], b[2], b[3], info, ex);
    }
  } else {
    const bla_dvec xd = bla_dvec_make((double *)x, count, 1);
    const bla_dvec_batch *b = o->d;
    switch (c) {
    case C_J:
      return bla_dbessel_j_all_batch(xd, b[0], info, ex);
    case C_Y:
      return bla_dbessel_y_all_batch(xd, b[0], info, ex);
    case C_SJ:
      return bla_dsph_bessel_j_all_batch(xd, b[0], info, ex);
    case C_SY:
      return bla_dsph_bessel_y_all_batch(xd, b[0], info, ex);
    case C_SI:
      return bla_dsph_bessel_i_all_batch(xd, b[0], info, ex);
    case C_SK:
      return bla_dsph_bessel_k_all_batch(xd, b[0], info, ex);
    case C_JY:
      return bla_dbessel_jy_all_batch(xd, b[0], b[1], b[2], b[3], info, ex);
    case C_SJY:
      return bla_dsph_bessel_jy_all_batch(xd, b[0], b[1], b[2], b[3], info, ex);
    case C_SIK:
    default:
      return bla_dsph_bessel_ik_all_batch(xd, b[0], b[1], b[2], b[3], info, ex);
    }
  }
}

/* Element k of problem p of output s, from a host copy of its storage. */
static double at(const outv *o, const void *host, int s, int64_t p, int64_t k) {
  if (o->is_float)
    return (double)((const float *)host)[p * o->s[s].bs + k * o->s[s].inc];
  return ((const double *)host)[p * o->d[s].bs + k * o->d[s].inc];
}

/* The error measure of test_bessel.c (see there). */
static double err_ulp(blt_prec prec, long double r, long double s, int oscill,
                      double f) {
  const long double big = prec.is_float ? FLT_MAX : DBL_MAX;
  const long double tiny = prec.is_float ? FLT_MIN : DBL_MIN;
  const long double ar = fabsl(r);
  long double den;
  if (isnan(f) || isnan(r))
    return INFINITY;
  if (isinf(f)) {
    const int same = (signbit(f) != 0) == (signbit(r) != 0);
    return same && ar >= big * (1.0L - ACC_TOL * prec.ulp) ? 0.0 : INFINITY;
  }
  if (isinf(r))
    return INFINITY;
  den = oscill ? sqrtl(r * r + s * s) : ar;
  if (den < tiny)
    return fabsl((long double)f) <= tiny * (1.0L + ACC_TOL * prec.ulp)
               ? 0.0
               : (double)((fabsl((long double)f) - tiny) / tiny / prec.ulp);
  return (double)(fabsl((long double)f - r) / den / prec.ulp);
}

static int oscillates(fn_id f, int64_t k, double ax) {
  return fns[f].partner >= 0 && (double)k + 0.5 * fns[f].half < ax;
}

/* ---- Device against reference and host --------------------------------------
 * Every reference argument of the precision in one batch, every order
 * 0..500, packed (default stream) and interleaved (a created stream). */
static void run_device(int is_float, call_id c) {
  const blt_prec prec = blt_prec_of(is_float);
  const ref_data *r = ref_get();
  const size_t es = is_float ? sizeof(float) : sizeof(double);
  int xi[MAX_ARGS];
  int64_t count = 0, n, p, k;
  int lay, s, oi;
  double worst[4] = {0, 0, 0, 0}, worst_host[4] = {0, 0, 0, 0};
  void *hx, *dx;
  size_t bytes;
  int *hinfo, *dinfo, *info_host;
  void *hout[4], *dout[4], *refout[4];
  cudaStream_t stream;

  REQUIRE_GPU();
  g_fail = 0;
  for (oi = 0; oi < r->nx; ++oi)
    if (!is_float || r->is_float[oi])
      xi[count++] = oi;
  n = r->ord[r->nord - 1] + 1;
  bytes = (size_t)(count * n) * es;
  hx = blt_xmalloc((size_t)count * es);
  for (p = 0; p < count; ++p) {
    if (is_float)
      ((float *)hx)[p] = (float)r->x[xi[p]];
    else
      ((double *)hx)[p] = r->x[xi[p]];
  }
  hinfo = (int *)blt_xcalloc((size_t)count, sizeof(int));
  info_host = (int *)blt_xcalloc((size_t)count, sizeof(int));
  for (s = 0; s < 4; ++s) {
    hout[s] = blt_xmalloc(bytes);
    refout[s] = s < nslots(c) ? blt_xmalloc(bytes) : NULL;
    dout[s] = NULL;
  }
  /* The host driver's results, packed. */
  {
    const outv oh = outv_make(is_float, 0, count, n, refout);
    const bla_exec ex = exec_of(BLA_HOST, NULL);
    cr_assert(call_batch(c, is_float, hx, count, &oh, info_host, &ex) ==
              BLA_OK);
  }
  CUDA_OK(cudaMalloc(&dx, (size_t)count * es));
  CUDA_OK(cudaMalloc((void **)&dinfo, (size_t)count * sizeof(int)));
  CUDA_OK(cudaMemcpy(dx, hx, (size_t)count * es, cudaMemcpyHostToDevice));
  for (s = 0; s < nslots(c); ++s)
    CUDA_OK(cudaMalloc(&dout[s], bytes));
  CUDA_OK(cudaStreamCreate(&stream));
  for (lay = 0; lay < 2; ++lay) {
    const outv od = outv_make(is_float, lay, count, n, dout);
    const bla_exec ex = exec_of(BLA_CUDA, lay ? (void *)stream : NULL);
    bla_status st;
    const outv oh = outv_make(is_float, 0, count, n, refout);
    for (s = 0; s < nslots(c); ++s)
      CUDA_OK(cudaMemset(dout[s], 0xA5, bytes));
    st = call_batch(c, is_float, dx, count, &od, dinfo, &ex);
    cr_assert(st == BLA_OK, "%s %s: status %d", prec.name, call_names[c],
              (int)st);
    CUDA_OK(lay ? cudaStreamSynchronize(stream) : cudaDeviceSynchronize());
    CUDA_OK(cudaMemcpy(hinfo, dinfo, (size_t)count * sizeof(int),
                       cudaMemcpyDeviceToHost));
    for (s = 0; s < nslots(c); ++s)
      CUDA_OK(cudaMemcpy(hout[s], dout[s], bytes, cudaMemcpyDeviceToHost));
    for (p = 0; p < count; ++p) {
      const double x = r->x[xi[p]];
      /* Y, y, k (wanted in every pair call) need x > 0. */
      const int expect =
          !(x > 0) && (c == C_Y || c == C_SY || c == C_SK || is_pair(c)) ? -1
                                                                         : 0;
      CHECK(hinfo[p] == expect && hinfo[p] == info_host[p],
            "%s %s %s at x = %.17g: info %d, host %d, expected %d", prec.name,
            call_names[c], lay ? "interleaved" : "packed", x, hinfo[p],
            info_host[p], expect);
      for (s = 0; s < nslots(c); ++s) {
        const fn_id f = slot_fn(c, s);
        const int d = slot_deriv(c, s);
        if (expect) {
          for (k = 0; k < n; ++k)
            CHECK(isnan(at(&od, hout[s], s, p, k)),
                  "%s %s at x = %.17g: output %d order %d not NaN", prec.name,
                  call_names[c], x, s, (int)k);
          continue;
        }
        /* Against the reference. */
        for (oi = 0; oi < r->nord; ++oi) {
          const int kk = r->ord[oi];
          const long double rv = ref_at(r, fns[f].ref + d, xi[p], oi);
          const long double sv =
              fns[f].partner >= 0
                  ? ref_at(r, fns[fns[f].partner].ref + d, xi[p], oi)
                  : 0;
          const double v = at(&od, hout[s], s, p, kk);
          double e;
          if (isnan(rv))
            continue;
          e = err_ulp(prec, rv, sv, oscillates(f, kk, x), v);
          if (!(e <= worst[s]))
            worst[s] = e;
          CHECK(e <= ACC_TOL,
                "%s %s (device, %s): %s%s_%d(%.17g) = %.17g, reference "
                "%.19Lg: %.3g ulp",
                prec.name, call_names[c], lay ? "interleaved" : "packed",
                fns[f].name, d ? "'" : "", kk, x, v, rv, e);
        }
        /* Every order against the host: both within ACC_TOL of the
         * truth, so within 2 ACC_TOL of each other (the modulus from the
         * host pair where there is one). */
        for (k = 0; k < n; ++k) {
          const double v = at(&od, hout[s], s, p, k);
          const long double hv = at(&oh, refout[s], s, p, k);
          const long double hs = is_pair(c) && fns[f].partner >= 0
                                     ? at(&oh, refout[s ^ 2], s ^ 2, p, k)
                                     : 0;
          const double e =
              err_ulp(prec, hv, hs, is_pair(c) && oscillates(f, k, x), v);
          if (!(e <= worst_host[s]))
            worst_host[s] = e;
          CHECK(e <= 2 * ACC_TOL || (isnan(v) && isnan((double)hv)),
                "%s %s (device, %s): %s%s_%d(%.17g) = %.17g, host %.17Lg: "
                "%.3g ulp",
                prec.name, call_names[c], lay ? "interleaved" : "packed",
                fns[f].name, d ? "'" : "", (int)k, x, v, hv, e);
        }
      }
    }
  }
  if (blt_verbose())
    for (s = 0; s < nslots(c); ++s)
      printf("device %-6s %-18s output %d: worst %.3f ulp vs reference, "
             "%.3f ulp vs host\n",
             prec.name, call_names[c], s, worst[s], worst_host[s]);
  CUDA_OK(cudaStreamDestroy(stream));
  for (s = 0; s < 4; ++s) {
    if (dout[s])
      CUDA_OK(cudaFree(dout[s]));
    free(hout[s]);
    free(refout[s]);
  }
  CUDA_OK(cudaFree(dx));
  CUDA_OK(cudaFree(dinfo));
  free(hx);
  free(hinfo);
  free(info_host);
  check_done();
}

#define DEVICE_TESTS(suffix, c)                                                \
  Test(cuda_reference, suffix##_double) {                                      \
    run_device(0, c);                                                          \
  }                                                                            \
  Test(cuda_reference, suffix##_float) {                                       \
    run_device(1, c);                                                          \
  }
DEVICE_TESTS(j, C_J)
DEVICE_TESTS(y, C_Y)
DEVICE_TESTS(sph_j, C_SJ)
DEVICE_TESTS(sph_y, C_SY)
DEVICE_TESTS(sph_i, C_SI)
DEVICE_TESTS(sph_k, C_SK)
DEVICE_TESTS(jy, C_JY)
DEVICE_TESTS(sph_jy, C_SJY)
DEVICE_TESTS(sph_ik, C_SIK)

/* ---- Non-finite isolation on the device ------------------------------------
 * A NaN at 17 and an Inf at 29 fail alone (info -1, NaN outputs); every
 * other problem bit-identical to the batch without them. */
static void run_isolation(int is_float) {
  const int64_t count = 40, n = 30;
  const size_t es = is_float ? sizeof(float) : sizeof(double);
  const size_t bytes = (size_t)(count * n) * es;
  int c, s, run;
  g_fail = 0;
  for (c = 0; c < NCALLS; ++c) {
    void *hx = blt_xmalloc((size_t)count * es), *dx;
    void *hout[2][4], *dout[4];
    int hinfo[2][40], *dinfo;
    blt_rng rng;
    int64_t p, k;
    outv od;
    blt_rng_seed(&rng, 0x15011a7eULL + (uint64_t)c);
    for (s = 0; s < 4; ++s) {
      dout[s] = NULL;
      hout[0][s] = blt_xmalloc(bytes);
      hout[1][s] = blt_xmalloc(bytes);
    }
    CUDA_OK(cudaMalloc(&dx, (size_t)count * es));
    CUDA_OK(cudaMalloc((void **)&dinfo, (size_t)count * sizeof(int)));
    for (s = 0; s < nslots((call_id)c); ++s)
      CUDA_OK(cudaMalloc(&dout[s], bytes));
    od = outv_make(is_float, 1, count, n, dout);
    for (run = 0; run < 2; ++run) {
      const bla_exec ex = exec_of(BLA_CUDA, NULL);
      blt_rng_seed(&rng, 0x15011a7eULL + (uint64_t)c);
      for (p = 0; p < count; ++p) {
        double x = pow(10.0, -2.0 + 5.0 * blt_rng_uniform01(&rng));
        if (run == 1 && p == 17)
          x = NAN;
        if (run == 1 && p == 29)
          x = INFINITY;
        if (is_float)
          ((float *)hx)[p] = (float)x;
        else
          ((double *)hx)[p] = x;
      }
      CUDA_OK(cudaMemcpy(dx, hx, (size_t)count * es, cudaMemcpyHostToDevice));
      cr_assert(call_batch((call_id)c, is_float, dx, count, &od, dinfo, &ex) ==
                BLA_OK);
      CUDA_OK(cudaDeviceSynchronize());
      CUDA_OK(cudaMemcpy(hinfo[run], dinfo, (size_t)count * sizeof(int),
                         cudaMemcpyDeviceToHost));
      for (s = 0; s < nslots((call_id)c); ++s)
        CUDA_OK(
            cudaMemcpy(hout[run][s], dout[s], bytes, cudaMemcpyDeviceToHost));
    }
    for (p = 0; p < count; ++p)
      for (s = 0; s < nslots((call_id)c); ++s)
        for (k = 0; k < n; ++k) {
          const double a = at(&od, hout[0][s], s, p, k);
          const double b = at(&od, hout[1][s], s, p, k);
          if (p == 17 || p == 29)
            CHECK(hinfo[1][p] == -1 && isnan(b),
                  "%s %s: bad x at %d: info %d, output %d order %d = %g",
                  blt_prec_of(is_float).name, call_names[c], (int)p,
                  hinfo[1][p], s, (int)k, b);
          else
            CHECK(hinfo[1][p] == 0 && hinfo[0][p] == 0 &&
                      memcmp(&a, &b, sizeof a) == 0,
                  "%s %s: problem %d changed by a bad x elsewhere",
                  blt_prec_of(is_float).name, call_names[c], (int)p);
        }
    for (s = 0; s < 4; ++s) {
      if (dout[s])
        CUDA_OK(cudaFree(dout[s]));
      free(hout[0][s]);
      free(hout[1][s]);
    }
    CUDA_OK(cudaFree(dx));
    CUDA_OK(cudaFree(dinfo));
    free(hx);
  }
  check_done();
}

Test(cuda_nonfinite, isolation_double) {
  REQUIRE_GPU();
  run_isolation(0);
}
Test(cuda_nonfinite, isolation_float) {
  REQUIRE_GPU();
  run_isolation(1);
}

/* ---- Argument errors on the device
 * ------------------------------------------- Each returns BLA_ERR_ARG before
 * anything runs: device outputs and info keep their byte pattern. 0 x.n differs
 * from the outputs' count   1 out.n = -1 2 info NULL 3 x data NULL 4 (pairs) a
 * derivative shorter than its value */
static void run_bad_args(int is_float) {
  const int64_t count = 8, n = 12;
  const size_t es = is_float ? sizeof(float) : sizeof(double);
  const size_t bytes = (size_t)(count * n) * es;
  int c, bad, s;
  g_fail = 0;
  for (c = 0; c < NCALLS; ++c)
    for (bad = 0; bad < 5; ++bad) {
      const call_id cc = (call_id)c;
      const bla_exec ex = exec_of(BLA_CUDA, NULL);
      void *dx, *dout[4] = {NULL, NULL, NULL, NULL};
      unsigned char *h = (unsigned char *)blt_xmalloc(bytes);
      int *dinfo, hinfo[8];
      outv od;
      bla_status st;
      int64_t xn = count;
      size_t i;
      if (bad == 4 && !is_pair(cc)) {
        free(h);
        continue;
      }
      CUDA_OK(cudaMalloc(&dx, (size_t)count * es));
      CUDA_OK(cudaMemset(dx, 0, (size_t)count * es));
      CUDA_OK(cudaMalloc((void **)&dinfo, sizeof hinfo));
      CUDA_OK(cudaMemset(dinfo, 0xA5, sizeof hinfo));
      for (s = 0; s < nslots(cc); ++s) {
        CUDA_OK(cudaMalloc(&dout[s], bytes));
        CUDA_OK(cudaMemset(dout[s], 0xA5, bytes));
      }
      od = outv_make(is_float, 0, count, n, dout);
      if (bad == 0)
        xn = count - 1;
      for (s = 0; bad == 1 && s < 4; ++s)
        od.d[s].n = od.s[s].n = -1;
      if (bad == 4) {
        od.d[1].n -= 1;
        od.s[1].n -= 1;
      }
      st = call_batch(cc, is_float, bad == 3 ? NULL : dx, xn, &od,
                      bad == 2 ? NULL : dinfo, &ex);
      CHECK(st == BLA_ERR_ARG, "%s %s, bad argument case %d: status %d",
            blt_prec_of(is_float).name, call_names[c], bad, (int)st);
      CUDA_OK(cudaDeviceSynchronize());
      CUDA_OK(cudaMemcpy(hinfo, dinfo, sizeof hinfo, cudaMemcpyDeviceToHost));
      for (i = 0; i < sizeof hinfo; ++i)
        CHECK(((unsigned char *)hinfo)[i] == 0xA5,
              "%s %s, bad argument case %d: info written",
              blt_prec_of(is_float).name, call_names[c], bad);
      for (s = 0; s < nslots(cc); ++s) {
        CUDA_OK(cudaMemcpy(h, dout[s], bytes, cudaMemcpyDeviceToHost));
        for (i = 0; i < bytes; ++i)
          if (h[i] != 0xA5)
            break;
        CHECK(i == bytes, "%s %s, bad argument case %d: output %d written",
              blt_prec_of(is_float).name, call_names[c], bad, s);
        CUDA_OK(cudaFree(dout[s]));
      }
      CUDA_OK(cudaFree(dx));
      CUDA_OK(cudaFree(dinfo));
      free(h);
    }
  check_done();
}

Test(cuda_args, bad_args_double) {
  REQUIRE_GPU();
  run_bad_args(0);
}
Test(cuda_args, bad_args_float) {
  REQUIRE_GPU();
  run_bad_args(1);
}

/* count = 0: BLA_OK with NULL pointers, nothing launched. */
Test(cuda_args, count_zero) {
  void *none[4] = {NULL, NULL, NULL, NULL};
  int f, c;
  REQUIRE_GPU();
  g_fail = 0;
  for (f = 0; f < 2; ++f)
    for (c = 0; c < NCALLS; ++c) {
      const outv o = outv_make(f, 0, 0, 5, none);
      const bla_exec ex = exec_of(BLA_CUDA, NULL);
      const bla_status st = call_batch((call_id)c, f, NULL, 0, &o, NULL, &ex);
      CHECK(st == BLA_OK, "%s %s, count 0: status %d", blt_prec_of(f).name,
            call_names[c], (int)st);
    }
  check_done();
}

/* ---- No device
 * ------------------------------------------------------------------ Without a
 * GPU, BLA_CUDA returns BLA_ERR_NO_DEVICE and touches nothing (host buffers
 * stand in for device ones: nothing may be read or written through them). */
Test(nodevice, status) {
  const int64_t count = 3, n = 4;
  int f, c, s;
  if (gpu_available()) {
    printf("skipped: a GPU is present\n");
    fflush(stdout);
    cr_skip_test("skipped: a GPU is present");
  }
  g_fail = 0;
  for (f = 0; f < 2; ++f)
    for (c = 0; c < NCALLS; ++c) {
      double x[3] = {1.0, 2.0, 3.0};
      float xf[3] = {1.0f, 2.0f, 3.0f};
      double buf[4][12];
      void *data[4];
      unsigned char pattern[sizeof buf];
      int info[3] = {7, 7, 7};
      const bla_exec ex = exec_of(BLA_CUDA, NULL);
      outv o;
      bla_status st;
      memset(buf, 0xA5, sizeof buf);
      memset(pattern, 0xA5, sizeof pattern);
      for (s = 0; s < 4; ++s)
        data[s] = s < nslots((call_id)c) ? (void *)buf[s] : NULL;
      o = outv_make(f, 0, count, n, data);
      st = call_batch((call_id)c, f, f ? (void *)xf : (void *)x, count, &o,
                      info, &ex);
      CHECK(st == BLA_ERR_NO_DEVICE && info[0] == 7 && info[2] == 7 &&
                memcmp(buf, pattern, sizeof buf) == 0,
            "%s %s: no device gave status %d or touched an output",
            blt_prec_of(f).name, call_names[c], (int)st);
    }
  check_done();
}
