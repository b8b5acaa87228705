/* tests/support/bla_test_raw.h: vectors and vector batches over raw
 * storage of either precision, so that one test body calls a driver's
 * double or float form (is_float) on the same inputs: an rvec or rvb
 * holds the view's geometry and an untyped pointer, and becomes the
 * library's bla_dvec / bla_svec (batch) view at the call. */
#ifndef BLA_TEST_RAW_H
#define BLA_TEST_RAW_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "batchla/batchla.h"
#include "bla_test.h"
#include "bla_test_backend.h"

typedef struct {
  void *data;
  int64_t n, inc;
} rvec;

typedef struct {
  void *data;
  int64_t count, n, bs, inc;
} rvb;

static inline rvec rv(void *data, int64_t n, int64_t inc) {
  rvec v;
  v.data = data;
  v.n = n;
  v.inc = inc;
  return v;
}

static inline bla_dvec rv_d(rvec v) {
  return bla_dvec_make((double *)v.data, v.n, v.inc);
}
static inline bla_svec rv_s(rvec v) {
  return bla_svec_make((float *)v.data, v.n, v.inc);
}

static inline rvb rvb_packed(void *data, int64_t count, int64_t n) {
  rvb b;
  b.data = data;
  b.count = count;
  b.n = n;
  b.bs = n;
  b.inc = 1;
  return b;
}

static inline rvb rvb_interleaved(void *data, int64_t count, int64_t n) {
  rvb b = rvb_packed(data, count, n);
  b.bs = 1;
  b.inc = count;
  return b;
}

static inline bla_dvec_batch rvb_d(rvb b) {
  bla_dvec_batch v = bla_dvec_batch_packed((double *)b.data, b.count, b.n);
  v.bs = b.bs;
  v.inc = b.inc;
  return v;
}
static inline bla_svec_batch rvb_s(rvb b) {
  bla_svec_batch v = bla_svec_batch_packed((float *)b.data, b.count, b.n);
  v.bs = b.bs;
  v.inc = b.inc;
  return v;
}

static inline size_t es_of(int is_float) {
  return is_float ? sizeof(float) : sizeof(double);
}

static inline double raw_get(int is_float, const void *p, int64_t i) {
  return is_float ? (double)((const float *)p)[i] : ((const double *)p)[i];
}

static inline void raw_set(int is_float, void *p, int64_t i, double v) {
  if (is_float)
    ((float *)p)[i] = (float)v;
  else
    ((double *)p)[i] = v;
}

static inline void *raw_new(int is_float, int64_t len) {
  return blt_xcalloc((size_t)(len > 0 ? len : 1), es_of(is_float));
}

/* Bytes spanned by n elements at stride inc >= 0 (one at least). */
static inline size_t span(int64_t n, int64_t inc, size_t es) {
  return (size_t)(n > 0 ? (n - 1) * inc + 1 : 1) * es;
}

static inline size_t rvb_span(rvb b, size_t es) {
  return (size_t)(b.count > 0 && b.n > 0
                      ? (b.count - 1) * b.bs + (b.n - 1) * b.inc + 1
                      : 1) *
         es;
}

/* Two results that must agree: the same bits on the host (whatever the
 * order, layout or thread count); within tol * scale on a device, whose
 * kernels may contract products into FMAs. */
static inline int agree(const blt_backend *be, double a, double b, double tol,
                        double scale) {
  if (isnan(a) || isnan(b))
    return isnan(a) && isnan(b);
  if (blt_backend_is_host(be))
    return memcmp(&a, &b, sizeof a) == 0;
  return fabs(a - b) <= tol * scale;
}

#endif
